# Godot 3 side of tools/engines/read_container.sh: opens ORACLE_IN_HEX (a path, UTF-8 as
# hex) through File with ORACLE_CONTAINER_HEX ("compressed:MODE", "pass:PASSWORD" or
# "key:HEX", UTF-8 as hex) and prints each stored value's var2str as a JSON string.
extends SceneTree

const MODES = {"fastlz": File.COMPRESSION_FASTLZ, "deflate": File.COMPRESSION_DEFLATE,
	"zstd": File.COMPRESSION_ZSTD, "gzip": File.COMPRESSION_GZIP}

func unhex(text):
	var out = PoolByteArray()
	var i = 0
	while i + 1 < text.length():
		out.append(("0x" + text.substr(i, 2)).hex_to_int())
		i += 2
	return out

func env_text(name):
	return unhex(OS.get_environment(name)).get_string_from_utf8()

func open(f, path, spec):
	var colon = spec.find(":")
	if colon < 0:
		return ERR_INVALID_PARAMETER
	var kind = spec.substr(0, colon)
	var arg = spec.substr(colon + 1, spec.length() - colon - 1)
	if kind == "compressed" and MODES.has(arg):
		return f.open_compressed(path, File.READ, MODES[arg])
	if kind == "pass":
		return f.open_encrypted_with_pass(path, File.READ, arg)
	if kind == "key":
		return f.open_encrypted(path, File.READ, unhex(arg))
	return ERR_INVALID_PARAMETER

func _init():
	var f = File.new()
	var err = open(f, env_text("ORACLE_IN_HEX"), env_text("ORACLE_CONTAINER_HEX"))
	if err != OK:
		print("ORACLE-ERROR open failed: %d" % err)
		quit(1)
		return
	var count = 0
	while f.get_position() < f.get_len():
		print("ORACLE-VALUE ", to_json(var2str(f.get_var())))
		count += 1
	f.close()
	print("ORACLE-COUNT %d" % count)
	quit(0)
