# Godot 3 (3.2.3, 3.6.2) side of tools/engines/read_resource.sh: loads GDV_IN_HEX (a
# res:// path, UTF-8 as hex) as a ConfigFile or a resource and prints what the engine read
# (see read_resource.sh). var2str prints reals with 6 significant digits, so every plain
# value also carries its exact var2bytes encoding as a 4th field, "bytes:HEX".
extends SceneTree

const CONFIG_EXTENSIONS = ["cfg", "ini", "conf", "godot", "import"]
const EMBEDDED = ["script/source", "\"VisualScript\"", "\"CSharpScript\""]
const MAX_DEPTH = 8

func unhex(s):
	var b = PoolByteArray()
	for i in range(0, s.length() - 1, 2):
		b.append(("0x" + s.substr(i, 2)).hex_to_int())
	return b

func env_text(name):
	return unhex(OS.get_environment(name)).get_string_from_utf8()

func line(tag, fields):
	print(tag, " ", to_json(fields))

func external(r):
	return r is Resource and r.resource_path != "" and r.resource_path.find("::") < 0

func show_value(owner, name, v, depth, tag):
	if typeof(v) == TYPE_OBJECT:
		if v == null:
			line(tag, [owner, name, "null"])
		elif external(v):
			line(tag, [owner, name, "<external %s %s>" % [v.get_class(), v.resource_path]])
		else:
			line(tag, [owner, name, "<sub_resource>"])
			show_object(v, name if owner == "" else owner + "/" + name, depth + 1)
		return
	if typeof(v) == TYPE_ARRAY:
		var holds_object = false
		for e in v:
			holds_object = holds_object or typeof(e) == TYPE_OBJECT
		if holds_object:
			line(tag, [owner, name, "<array %d>" % v.size()])
			for i in range(v.size()):
				show_value(owner, "%s[%d]" % [name, i], v[i], depth, tag)
			return
	line(tag, [owner, name, var2str(v), "bytes:" + var2bytes(v).hex_encode()])

func show_object(o, at, depth):
	var s = o.get_script()
	var script = ""
	if s != null:
		script = s.resource_path if external(s) else "<embedded %s>" % s.get_class()
	line("ORACLE-OBJECT", [at, o.get_class(), script])
	if depth > MAX_DEPTH:
		line("ORACLE-ERROR", ["deeper than %d" % MAX_DEPTH])
		return
	for p in o.get_property_list():
		if p["usage"] & PROPERTY_USAGE_STORAGE and p["name"] != "script":
			show_value(at, p["name"], o.get(p["name"]), depth, "ORACLE-PROP")

func show_scene(scene):
	var state = scene.get_state()
	for i in range(state.get_node_count()):
		var path = str(state.get_node_path(i))
		var groups = Array(state.get_node_groups(i))
		groups.sort()
		var instance = state.get_node_instance(i)
		var parent = str(state.get_node_path(i, true)) if i > 0 else ""
		line("ORACLE-NODE", [path, state.get_node_type(i), parent, var2str(groups),
			"" if instance == null else instance.resource_path])
		var props = {}
		for j in range(state.get_node_property_count(i)):
			props[str(state.get_node_property_name(i, j))] = state.get_node_property_value(i, j)
		var names = props.keys()
		names.sort()
		for n in names:
			show_value("node:" + path, n, props[n], 0, "ORACLE-NODEPROP")
	for c in range(state.get_connection_count()):
		var from = str(state.get_connection_source(c)).trim_prefix("./")
		var to = str(state.get_connection_target(c)).trim_prefix("./")
		line("ORACLE-CONNECTION", [from, str(state.get_connection_signal(c)), to,
			str(state.get_connection_method(c)), str(state.get_connection_flags(c)),
			var2str(state.get_connection_binds(c))])

func show_config(path, secret):
	var config = ConfigFile.new()
	var err = OK
	if secret.begins_with("pass:"):
		err = config.load_encrypted_pass(path, secret.substr(5, secret.length()))
	elif secret.begins_with("key:"):
		err = config.load_encrypted(path, unhex(secret.substr(4, secret.length())))
	else:
		err = config.load(path)
	if err != OK:
		line("ORACLE-ERROR", ["ConfigFile: error %d" % err])
		return
	for section in config.get_sections():
		line("ORACLE-SECTION", [section])
		for key in config.get_section_keys(section):
			var v = config.get_value(section, key)
			line("ORACLE-KEY", [section, key, var2str(v), "bytes:" + var2bytes(v).hex_encode()])

func u32(b, at):
	return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)

# The bytes a marker search should see: an RSCC file's blocks decompressed.
func plain(path):
	var f = File.new()
	if f.open(path, File.READ) != OK:
		return PoolByteArray()
	var b = f.get_buffer(f.get_len())
	f.close()
	if b.size() < 16 or b.subarray(0, 3).get_string_from_ascii() != "RSCC":
		return b
	var mode = u32(b, 4)
	var block = u32(b, 8)
	var size = u32(b, 12)
	var blocks = size / block + 1
	var at = 16 + 4 * blocks
	var out = PoolByteArray()
	for i in range(blocks):
		var packed = u32(b, 16 + 4 * i)
		var unpacked = block if i + 1 < blocks else size % block
		if unpacked > 0:
			out.append_array(b.subarray(at, at + packed - 1).decompress(unpacked, mode))
		at += packed
	return out

func embedded_marker(path):
	var hex = plain(path).hex_encode()
	for m in EMBEDDED:
		var h = m.to_utf8().hex_encode()
		var at = hex.find(h)
		while at >= 0 and at % 2 == 1:
			at = hex.find(h, at + 1)
		if at >= 0:
			return m
	return ""

func _init():
	var path = env_text("GDV_IN_HEX")
	var secret = env_text("GDV_SECRET_HEX")
	var kind = OS.get_environment("GDV_READ_AS")
	if kind == "":
		kind = "config" if secret != "" or path.get_extension().to_lower() in CONFIG_EXTENSIONS else "resource"
	if not File.new().file_exists(path):
		line("ORACLE-ERROR", ["no such file"])
	elif kind == "config":
		show_config(path, secret)
	else:
		var marker = embedded_marker(path)
		if marker != "" and OS.get_environment("GDV_RUN_EMBEDDED_SCRIPT") != "1":
			line("ORACLE-ERROR", ["refused: embeds a script (%s)" % marker])
		else:
			var r = ResourceLoader.load(path, "", true)
			if r == null:
				line("ORACLE-ERROR", ["ResourceLoader.load failed"])
			elif r is PackedScene:
				show_scene(r)
			else:
				show_object(r, "", 0)
	print("ORACLE-END")
	quit(0)
