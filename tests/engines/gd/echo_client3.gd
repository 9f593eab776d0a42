# Echo client for Godot 3 (3.2.3 and 3.6.2): ECHO_PORT=N godot3-server -s client3.gd
# Sends values of every type with StreamPeerTCP.put_var, reads each reply with get_var and
# checks it against the transformed expectation (ints + 1, Strings upper-cased,
# recursively; the rest unchanged). One ECHO-JSON line per value.
extends SceneTree

var peer = StreamPeerTCP.new()
var failures = 0
var node
var rid

func fail(msg):
	failures += 1
	print("ECHO-FAIL " + msg)

# The transformed expectation of `v`, built independently of the server.
func expect(v, full):
	match typeof(v):
		TYPE_INT:
			return v + 1
		TYPE_STRING:
			return v.to_upper()
		TYPE_ARRAY:
			var out = []
			for x in v:
				out.append(expect(x, full))
			return out
		TYPE_DICTIONARY:
			var out = {}
			for k in v:
				out[expect(k, full)] = expect(v[k], full)
			return out
		TYPE_OBJECT:
			if v == null:
				return null
			if not full:
				var e = EncodedObjectAsID.new()
				e.set_object_id(v.get_instance_id())
				return e
			var o = ClassDB.instance(v.get_class())
			for p in v.get_property_list():
				if p.usage & PROPERTY_USAGE_STORAGE:
					o.set(p.name, expect(v.get(p.name), full))
			return o
		TYPE_RID:
			return RID() # Godot 3 writes no RID data: it reads back empty
		_:
			return v

# Deep equality (Godot 3 compares dictionaries by reference, NaN to nothing).
func same(a, b):
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_REAL:
			return a == b or (is_nan(a) and is_nan(b))
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_DICTIONARY:
			if a.size() != b.size():
				return false
			var ka = a.keys()
			var kb = b.keys()
			for i in ka.size():
				if not same(ka[i], kb[i]) or not same(a[ka[i]], b[kb[i]]):
					return false
			return true
		TYPE_OBJECT:
			if a == null or b == null:
				return a == b
			return a.get_class() == b.get_class() and var2str(a) == var2str(b)
		TYPE_RID:
			return a.get_id() == b.get_id()
		_:
			return a == b

func cases():
	var c = []
	# name, value, full_objects
	c.append(["nil", null, false])
	c.append(["bool_true", true, false])
	c.append(["bool_false", false, false])
	c.append(["int_zero", 0, false])
	c.append(["int_minus_one", -1, false])
	c.append(["int_41", 41, false])
	c.append(["int_i32_max", 2147483647, false])
	c.append(["int_below_i32_min", -2147483649, false])
	c.append(["int_2p40", 1 << 40, false])
	c.append(["int_i64_max_minus_one", 9223372036854775806, false])
	c.append(["int_i64_min", -9223372036854775807 - 1, false])
	c.append(["float_zero", 0.0, false])
	c.append(["float_m1_5", -1.5, false])
	c.append(["float_0_1", 0.1, false])
	c.append(["float_1e300", 1e300, false])
	c.append(["float_inf", INF, false])
	c.append(["float_neg_inf", -INF, false])
	c.append(["float_nan", NAN, false])
	c.append(["string_empty", "", false])
	c.append(["string_ascii", "hello world", false])
	c.append(["string_unicode", "é ñ ü ø 日本語 😀 👍🏽 αβγ жщ ǆ straße ı 𐍈", false])
	c.append(["string_escapes", "quote \" backslash \\ newline \n tab \t end", false])
	c.append(["vector2", Vector2(1.5, -2.25), false])
	c.append(["rect2", Rect2(1, 2, 3, 4), false])
	c.append(["vector3", Vector3(0.1, 0.2, 0.3), false])
	c.append(["transform2d", Transform2D(0.5, Vector2(3, 4)), false])
	c.append(["plane", Plane(Vector3(0, 1, 0), 5), false])
	c.append(["quat", Quat(0.1, 0.2, 0.3, 0.9), false])
	c.append(["aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), false])
	c.append(["basis", Basis(Vector3(0, 1, 0), 0.5), false])
	c.append(["transform", Transform(Basis(Vector3(1, 0, 0), 0.25), Vector3(7, 8, 9)), false])
	c.append(["color", Color(0.1, 0.2, 0.3, 0.4), false])
	c.append(["node_path", NodePath("Player/Sprite:position:x"), false])
	c.append(["node_path_absolute", NodePath("/root/Main"), false])
	c.append(["rid", rid, false])
	c.append(["object_as_id", node, false])
	c.append(["object_full", make_resource("hello res"), true])
	c.append(["dict_empty", {}, false])
	c.append(["dict_mixed_keys", {"name": "bob", 7: "seven", "inner": {"deep": [1, 2, "sn"], 3: -3}, Vector2(1, 2): "vec key"}, false])
	c.append(["array_empty", [], false])
	c.append(["array_nested", [1, "a", [2, ["b", {"k": 3}]], {1: "x", "y": [4]}, 2.5, null, true, Vector3(1, 2, 3)], false])
	c.append(["array_with_object_ids", [node, 5, "x"], false])
	c.append(["array_with_full_objects", [make_resource("in array"), make_resource("Two")], true])
	c.append(["pool_byte", PoolByteArray([0, 1, 2, 254, 255]), false])
	c.append(["pool_int", PoolIntArray([1, -1, 2147483647]), false])
	c.append(["pool_real", PoolRealArray([0.5, -1.25, 3.0]), false])
	c.append(["pool_string", PoolStringArray(["a", "", "日本"]), false])
	c.append(["pool_vector2", PoolVector2Array([Vector2(1, 2), Vector2(3, 4)]), false])
	c.append(["pool_vector3", PoolVector3Array([Vector3(1, 2, 3)]), false])
	c.append(["pool_color", PoolColorArray([Color(1, 0, 0, 1), Color(0.1, 0.2, 0.3, 0.4)]), false])
	var big = PoolByteArray()
	big.resize(1536 * 1024)
	for i in big.size():
		big[i] = (i * 7 + (i >> 10)) & 255
	c.append(["pool_byte_1_5mb", big, false])
	var bigf = PoolRealArray()
	bigf.resize(300000)
	for i in bigf.size():
		bigf[i] = i * 0.5 - 1000.0
	c.append(["pool_real_1_2mb", bigf, false])
	c.append(["dict_with_big_arrays", {"bytes": big, "n": 1, "name": "big"}, false])
	return c

# The first 200 characters of a long text (the test only reads the replies in full).
func short(text):
	return text if text.length() <= 4096 else text.substr(0, 200) + "...(%d characters)" % text.length()

func make_resource(name):
	var r = Resource.new()
	r.resource_name = name
	return r

func _init():
	print("ECHO-ENGINE %s" % Engine.get_version_info()["string"])
	node = Node.new()
	rid = PhysicsServer.body_create()
	var code = run()
	PhysicsServer.free_rid(rid)
	node.free()
	quit(code)

func run():
	var all = cases() # built before connecting: Godot 3 takes seconds for the big arrays
	var port = int(OS.get_environment("ECHO_PORT"))
	if peer.connect_to_host("127.0.0.1", port) != OK:
		print("ECHO-FAIL connect_to_host")
		return 2
	var deadline = OS.get_ticks_msec() + 10000
	while peer.get_status() == StreamPeerTCP.STATUS_CONNECTING and OS.get_ticks_msec() < deadline:
		OS.delay_msec(5)
	if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("ECHO-FAIL not connected: status %d" % peer.get_status())
		return 3
	peer.set_no_delay(true)
	var sent_types = {}
	for c in all:
		var name = c[0]
		var value = c[1]
		var full = c[2]
		var expected = expect(value, full)
		sent_types[typeof(value)] = true
		peer.put_var(value, full)
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			fail("%s: disconnected after put_var" % name)
			return 4
		deadline = OS.get_ticks_msec() + 20000
		while peer.get_available_bytes() < 4 and peer.get_status() == StreamPeerTCP.STATUS_CONNECTED and OS.get_ticks_msec() < deadline:
			OS.delay_msec(1)
		if peer.get_available_bytes() < 4:
			fail("%s: no reply (status %d)" % [name, peer.get_status()])
			return 5
		var reply = peer.get_var(full)
		var ok = same(reply, expected) and var2str(reply) == var2str(expected)
		if not ok:
			fail(name)
		print("ECHO-JSON " + JSON.print({"name": name, "sent_type": typeof(value), "reply_type": typeof(reply), "full_objects": full, "ok": ok, "sent": short(var2str(value)), "reply": var2str(reply), "expected": var2str(expected)}))
	print("ECHO-DONE cases=%d types=%d failures=%d" % [all.size(), sent_types.size(), failures])
	peer.disconnect_from_host()
	return 0 if failures == 0 else 1
