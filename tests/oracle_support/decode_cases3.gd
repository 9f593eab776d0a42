# Decode every case of ORACLE_DIR/cases.jsonl with Godot 3 and print, per case,
# "ORACLE-CASE name" and then one "ORACLE-JSON {...}" line (the engine's ERROR lines for
# the case come in between).
#
# The same protocol and fields as ../../../shared/oracle/tools/decode_all3.gd (name,
# decoded_type_id, decoded_text), plus decoded_error. The difference: decode_all3.gd calls
# bytes2var(), which on malformed bytes raises a script error that ends _init() before
# quit(): the engine then spins until its timeout. Here the bytes are decoded by
# StreamPeerBuffer.get_var(allow_objects), which calls the very same
# decode_variant(buffer, len, NULL, allow_objects) but reports a failure as an error print
# and a null result, so one engine run can decode any number of malformed cases.
# A case whose "function" is "get_var" is a store_var file (u32 length + payload) read
# with File.get_var(allow_objects), as decode.sh --prefixed does.
extends SceneTree

func _init():
	var dir = OS.get_environment("ORACLE_DIR")
	var f = File.new()
	if f.open(dir.plus_file("cases.jsonl"), File.READ) != OK:
		print("ORACLE-FATAL cannot open cases.jsonl in ", dir)
		quit(2)
		return
	while not f.eof_reached():
		var line = f.get_line()
		if line.strip_edges() == "":
			continue
		var c = parse_json(line)
		var path = dir.plus_file(c["file"])
		var allow = c["full_objects"]
		print("ORACLE-CASE ", c["name"])
		var v = null
		var failed = false
		if c["function"] == "get_var":
			var g = File.new()
			g.open(path, File.READ)
			var whole = g.get_buffer(g.get_len())
			g.seek(0)
			v = g.get_var(allow)
			g.close()
			# A null result is a failure unless the payload's header says NIL.
			failed = typeof(v) == TYPE_NIL and (whole.size() < 8 or whole[4] != 0)
		else:
			var g = File.new()
			g.open(path, File.READ)
			var b = g.get_buffer(g.get_len())
			g.close()
			if c["function"] != "var2bytes":
				b = b.subarray(4, b.size() - 1) if b.size() > 4 else PoolByteArray()
			var sp = StreamPeerBuffer.new()
			sp.put_32(b.size())
			sp.put_data(b)
			sp.seek(0)
			v = sp.get_var(allow)
			# A null result is a failure unless the header says NIL (which cannot fail).
			failed = typeof(v) == TYPE_NIL and (b.size() < 4 or b[0] != 0)
		var out = {"name": c["name"], "decoded_type_id": typeof(v), "decoded_text": var2str(v), "decoded_error": failed}
		print("ORACLE-JSON ", to_json(out))
		if typeof(v) == TYPE_OBJECT and is_instance_valid(v) and not (v is Reference):
			v.free()
	print("ORACLE-DONE")
	quit(0)
