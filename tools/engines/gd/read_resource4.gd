# Godot 4 side of tools/engines/read_resource.sh: loads GDV_IN_HEX (a res:// path, UTF-8
# as hex) as a ConfigFile or a resource and prints what the engine read, one ORACLE line
# per section, key, object, property, node and connection (see read_resource.sh).
extends SceneTree

const CONFIG_EXTENSIONS := ["cfg", "ini", "conf", "godot", "import"]
const EMBEDDED := ["script/source", "\"VisualScript\"", "\"CSharpScript\""]
const MAX_DEPTH := 8

func env_text(name: String) -> String:
	return OS.get_environment(name).hex_decode().get_string_from_utf8()

func line(tag: String, fields: Array) -> void:
	print(tag, " ", JSON.stringify(fields))

func external(r) -> bool:
	return r is Resource and r.resource_path != "" and not r.resource_path.contains("::")

func show_value(owner: String, name: String, v, depth: int, tag: String) -> void:
	if v is Object:
		if v == null:
			line(tag, [owner, name, "null"])
		elif external(v):
			line(tag, [owner, name, "<external %s %s>" % [v.get_class(), v.resource_path]])
		else:
			line(tag, [owner, name, "<sub_resource>"])
			show_object(v, name if owner == "" else owner + "/" + name, depth + 1)
		return
	if v is Array:
		var holds_object := false
		for e in v:
			holds_object = holds_object or e is Object
		if holds_object:
			line(tag, [owner, name, "<array %d>" % v.size()])
			for i in v.size():
				show_value(owner, "%s[%d]" % [name, i], v[i], depth, tag)
			return
	line(tag, [owner, name, var_to_str(v)])

func show_object(o: Object, at: String, depth: int) -> void:
	var s = o.get_script()
	var script := ""
	if s != null:
		script = s.resource_path if external(s) else "<embedded %s>" % s.get_class()
	line("ORACLE-OBJECT", [at, o.get_class(), script])
	if depth > MAX_DEPTH:
		line("ORACLE-ERROR", ["deeper than %d" % MAX_DEPTH])
		return
	for p in o.get_property_list():
		if p["usage"] & PROPERTY_USAGE_STORAGE and p["name"] != "script":
			show_value(at, p["name"], o.get(p["name"]), depth, "ORACLE-PROP")

func show_scene(scene: PackedScene) -> void:
	var state := scene.get_state()
	for i in state.get_node_count():
		var path := str(state.get_node_path(i))
		var groups := Array(state.get_node_groups(i))
		groups.sort()
		var instance = state.get_node_instance(i)
		var parent := str(state.get_node_path(i, true)) if i > 0 else ""
		line("ORACLE-NODE", [path, state.get_node_type(i), parent, var_to_str(groups),
			"" if instance == null else instance.resource_path])
		var props := {}
		for j in state.get_node_property_count(i):
			props[str(state.get_node_property_name(i, j))] = state.get_node_property_value(i, j)
		var names := props.keys()
		names.sort()
		for n in names:
			show_value("node:" + path, n, props[n], 0, "ORACLE-NODEPROP")
	for c in state.get_connection_count():
		# a .tscn names SpawnTimer what a .scn names ./SpawnTimer: print both one way
		var from := str(state.get_connection_source(c)).trim_prefix("./")
		var to := str(state.get_connection_target(c)).trim_prefix("./")
		line("ORACLE-CONNECTION", [from, str(state.get_connection_signal(c)), to,
			str(state.get_connection_method(c)), str(state.get_connection_flags(c)),
			var_to_str(state.get_connection_binds(c))])

func show_config(path: String, secret: String) -> void:
	var config := ConfigFile.new()
	var err := OK
	if secret.begins_with("pass:"):
		err = config.load_encrypted_pass(path, secret.substr(5))
	elif secret.begins_with("key:"):
		err = config.load_encrypted(path, secret.substr(4).hex_decode())
	else:
		err = config.load(path)
	if err != OK:
		line("ORACLE-ERROR", ["ConfigFile: " + error_string(err)])
		return
	for section in config.get_sections():
		line("ORACLE-SECTION", [section])
		for key in config.get_section_keys(section):
			line("ORACLE-KEY", [section, key, var_to_str(config.get_value(section, key))])

# The bytes a marker search should see: an RSCC file's blocks decompressed.
func plain(path: String) -> PackedByteArray:
	var b := FileAccess.get_file_as_bytes(path)
	if b.size() < 16 or b.slice(0, 4).get_string_from_ascii() != "RSCC":
		return b
	var mode := b.decode_u32(4)
	var block := b.decode_u32(8)
	var size := b.decode_u32(12)
	var blocks := size / block + 1
	var at := 16 + 4 * blocks
	var out := PackedByteArray()
	for i in blocks:
		var packed := b.decode_u32(16 + 4 * i)
		var unpacked := block if i + 1 < blocks else size % block
		if unpacked > 0:
			out.append_array(b.slice(at, at + packed).decompress(unpacked, mode))
		at += packed
	return out

func embedded_marker(path: String) -> String:
	var hex := plain(path).hex_encode()
	for m in EMBEDDED:
		var h: String = m.to_utf8_buffer().hex_encode()
		var at := hex.find(h)
		while at >= 0 and at % 2 == 1:
			at = hex.find(h, at + 1)
		if at >= 0:
			return m
	return ""

func _init() -> void:
	var path := env_text("GDV_IN_HEX")
	var secret := env_text("GDV_SECRET_HEX")
	var kind := OS.get_environment("GDV_READ_AS")
	if kind == "":
		kind = "config" if secret != "" or path.get_extension().to_lower() in CONFIG_EXTENSIONS else "resource"
	if not FileAccess.file_exists(path):
		line("ORACLE-ERROR", ["no such file"])
	elif kind == "config":
		show_config(path, secret)
	else:
		var marker := embedded_marker(path)
		if marker != "" and OS.get_environment("GDV_RUN_EMBEDDED_SCRIPT") != "1":
			line("ORACLE-ERROR", ["refused: embeds a script (%s)" % marker])
		else:
			var r = ResourceLoader.load(path, "", ResourceLoader.CACHE_MODE_IGNORE)
			if r == null:
				line("ORACLE-ERROR", ["ResourceLoader.load failed"])
			elif r is PackedScene:
				show_scene(r)
			else:
				show_object(r, "", 0)
	print("ORACLE-END")
	quit(0)
