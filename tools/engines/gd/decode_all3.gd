# Decodes every case of ORACLE_DIR/cases.jsonl with Godot 3 (tools/engines/decode_all.sh).
# cases.jsonl: one JSON object per line, {"name", "file" (relative to ORACLE_DIR),
# "function", "full_objects"}; "function" is "var2bytes" (the file is the encoded value),
# "store_var" (a store_var file: its 4-byte length is dropped, the rest decoded as
# var2bytes) or "get_var" (a store_var file read with File.get_var, which trusts the
# length). Prints, per case, "ORACLE-CASE name", the engine's own ERROR lines if any, then
# "ORACLE-JSON {name, decoded_type_id, decoded_text, decoded_error}"; "ORACLE-DONE" last.
#
# bytes2var() is not used: on malformed bytes it raises a script error that ends _init()
# before quit(), and the engine then spins until its timeout. StreamPeerBuffer.get_var
# calls the same decode_variant(buffer, len, NULL, allow_objects) but reports a failure as
# an error print and a null result, so one run decodes any number of malformed cases.
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
