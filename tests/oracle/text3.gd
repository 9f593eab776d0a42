# Reads text literals (one JSON string per line of $ORACLE_TEXTS) with str2var and prints
# "ORACLE-TEXT <index> <var2bytes hex>" for each (Godot 3). Used by tests/text_oracle.rs.
extends SceneTree

func _init():
	var f = File.new()
	f.open(OS.get_environment("ORACLE_TEXTS"), File.READ)
	var i = 0
	while not f.eof_reached():
		var line = f.get_line()
		if line == "":
			continue
		var text = parse_json(line)
		var v = str2var(text)
		print("ORACLE-TEXT ", i, " ", var2bytes(v).hex_encode())
		i += 1
	f.close()
	quit()
