# Godot 4 side of tools/engines/read_container.sh: opens ORACLE_IN_HEX (a path, UTF-8 as
# hex) through FileAccess with ORACLE_CONTAINER_HEX ("compressed:MODE", "pass:PASSWORD" or
# "key:HEX", UTF-8 as hex) and prints each stored value's var_to_str as a JSON string.
extends SceneTree

const MODES := {"fastlz": FileAccess.COMPRESSION_FASTLZ,
	"deflate": FileAccess.COMPRESSION_DEFLATE, "zstd": FileAccess.COMPRESSION_ZSTD,
	"gzip": FileAccess.COMPRESSION_GZIP, "brotli": FileAccess.COMPRESSION_BROTLI}

func env_text(name: String) -> String:
	return OS.get_environment(name).hex_decode().get_string_from_utf8()

func open(path: String, spec: String) -> FileAccess:
	var colon := spec.find(":")
	if colon < 0:
		return null
	var kind := spec.substr(0, colon)
	var arg := spec.substr(colon + 1)
	if kind == "compressed" and MODES.has(arg):
		return FileAccess.open_compressed(path, FileAccess.READ, MODES[arg])
	if kind == "pass":
		return FileAccess.open_encrypted_with_pass(path, FileAccess.READ, arg)
	if kind == "key":
		return FileAccess.open_encrypted(path, FileAccess.READ, arg.hex_decode())
	return null

func _init():
	var f := open(env_text("ORACLE_IN_HEX"), env_text("ORACLE_CONTAINER_HEX"))
	if f == null:
		print("ORACLE-ERROR open failed: %d" % FileAccess.get_open_error())
		quit(1)
		return
	var count := 0
	while f.get_position() < f.get_length():
		print("ORACLE-VALUE ", JSON.stringify(var_to_str(f.get_var())))
		count += 1
	f.close()
	print("ORACLE-COUNT %d" % count)
	quit(0)
