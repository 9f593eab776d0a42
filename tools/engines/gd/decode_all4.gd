# Decodes every case of ORACLE_DIR/cases.jsonl with Godot 4 (tools/engines/decode_all.sh).
# cases.jsonl: one JSON object per line, {"name", "file" (relative to ORACLE_DIR),
# "function", "full_objects"}; "function" is "var_to_bytes" (the file is the encoded
# value), "store_var" (a store_var file: its 4-byte length is dropped, the rest decoded as
# var_to_bytes) or "get_var" (a store_var file read with FileAccess.get_var, which trusts
# the length). Prints, per case, "ORACLE-CASE name", the engine's own ERROR lines if any,
# then "ORACLE-JSON {name, decoded_type_id, decoded_consumed, decoded_text,
# decoded_error}"; "ORACLE-DONE" last. decoded_consumed is decode_var_size's count (0 on
# a failure; a real value is at least 4), or the file position after get_var.
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
