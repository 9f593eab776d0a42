# Decode every case of ORACLE_DIR/cases.jsonl with Godot 4 and print, per case,
# "ORACLE-CASE name" and then one "ORACLE-JSON {...}" line (the engine's ERROR lines for
# the case come in between).
#
# The same calls and fields as ../../../shared/oracle/tools/decode_all4.gd (name,
# decoded_type_id, decoded_consumed, decoded_text: decode_var_size, then bytes_to_var or
# bytes_to_var_with_objects), plus decoded_error (decode_var_size reports 0 bytes on a
# failure; a real value is at least 4). A case whose "function" is "get_var" is a
# store_var file (u32 length + payload) read with FileAccess.get_var(allow_objects), as
# decode.sh --prefixed does; its decoded_consumed is the file position afterwards.
extends SceneTree

func _init():
	var dir := OS.get_environment("ORACLE_DIR")
	var f := FileAccess.open(dir.path_join("cases.jsonl"), FileAccess.READ)
	if f == null:
		print("ORACLE-FATAL cannot open cases.jsonl in ", dir)
		quit(2)
		return
	while not f.eof_reached():
		var line := f.get_line()
		if line.strip_edges() == "":
			continue
		var c = JSON.parse_string(line)
		var path: String = dir.path_join(c["file"])
		var allow: bool = c["full_objects"]
		print("ORACLE-CASE ", c["name"])
		var v = null
		var size := -1
		var failed := false
		if c["function"] == "get_var":
			var whole := FileAccess.get_file_as_bytes(path)
			var g := FileAccess.open(path, FileAccess.READ)
			v = g.get_var(allow)
			size = g.get_position()
			# A null result is a failure unless the payload's header says NIL.
			failed = typeof(v) == TYPE_NIL and (whole.size() < 8 or whole[4] != 0)
		else:
			var b := FileAccess.get_file_as_bytes(path)
			if c["function"] != "var_to_bytes":
				b = b.slice(4)
			size = b.decode_var_size(0, allow) if b.size() > 0 else -1
			v = bytes_to_var_with_objects(b) if allow else bytes_to_var(b)
			failed = size <= 0
		var out := {"name": c["name"], "decoded_type_id": typeof(v), "decoded_consumed": size, "decoded_text": var_to_str(v), "decoded_error": failed}
		print("ORACLE-JSON ", JSON.stringify(out))
		if typeof(v) == TYPE_OBJECT and is_instance_valid(v) and not (v is RefCounted):
			v.free()
	print("ORACLE-DONE")
	quit(0)
