# Prints the engine's own text form of every intended value of tests/oracle.rs (Godot 3).
# ORACLE_DIR=folder with intended.jsonl ({"name", "code"} per line); one run for all cases.
# "code" is a GDScript expression, or statements ending in `return` when it has a newline.
# Prints one "ORACLE-JSON {name, type_id, text}" line per case ({name, error} if it does not compile).
# to_json leaves control characters unescaped: the reader parses leniently.
extends SceneTree

func _init():
	var dir = OS.get_environment("ORACLE_DIR")
	var f = File.new()
	f.open(dir.plus_file("intended.jsonl"), File.READ)
	while not f.eof_reached():
		var line = f.get_line()
		if line.strip_edges() == "":
			continue
		var c = parse_json(line)
		var code = c["code"]
		var body = code if code.find("\n") >= 0 else "return " + code
		var s = GDScript.new()
		s.source_code = "extends Reference\nfunc v():\n\t" + body.replace("\n", "\n\t") + "\n"
		if s.reload() != OK:
			print("ORACLE-JSON ", to_json({"name": c["name"], "error": "does not compile"}))
			continue
		var v = s.new().v()
		print("ORACLE-JSON ", to_json({"name": c["name"], "type_id": typeof(v), "text": var2str(v)}))
		if typeof(v) == TYPE_OBJECT and is_instance_valid(v) and not (v is Reference):
			v.free()
	f.close()
	quit()
