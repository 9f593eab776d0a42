# Reads text literals (one JSON string per line of $ORACLE_TEXTS) with str_to_var and prints
# "ORACLE-TEXT <index> <var_to_bytes hex>" for each (Godot 4). Used by tests/text_oracle.rs.
extends SceneTree

func _init():
	var f := FileAccess.open(OS.get_environment("ORACLE_TEXTS"), FileAccess.READ)
	var i := 0
	while not f.eof_reached():
		var line := f.get_line()
		if line == "":
			continue
		var text = JSON.parse_string(line)
		var v = str_to_var(text)
		print("ORACLE-TEXT ", i, " ", var_to_bytes(v).hex_encode())
		i += 1
	quit()
