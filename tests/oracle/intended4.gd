# Prints the engine's own text form of every intended value of tests/oracle.rs (Godot 4).
# ORACLE_DIR=folder with intended.jsonl ({"name", "code"} per line); one run for all cases.
# "code" is a GDScript expression, or statements ending in `return` when it has a newline.
# Prints one "ORACLE-JSON {name, type_id, text}" line per case ({name, error} if it does not compile).
extends SceneTree

func _init():
	var dir := OS.get_environment("ORACLE_DIR")
	var f := FileAccess.open(dir.path_join("intended.jsonl"), FileAccess.READ)
	while not f.eof_reached():
		var line := f.get_line()
		if line.strip_edges() == "":
			continue
		var c = JSON.parse_string(line)
		var code: String = c["code"]
		var body := code if code.contains("\n") else "return " + code
		var s := GDScript.new()
		s.source_code = "extends RefCounted\nfunc v():\n\t" + body.replace("\n", "\n\t") + "\n"
		if s.reload() != OK:
			print("ORACLE-JSON ", JSON.stringify({"name": c["name"], "error": "does not compile"}))
			continue
		var v = s.new().v()
		print("ORACLE-JSON ", JSON.stringify({"name": c["name"], "type_id": typeof(v), "text": var_to_str(v)}))
		if typeof(v) == TYPE_OBJECT and is_instance_valid(v) and not (v is RefCounted):
			v.free()
	quit(0)
