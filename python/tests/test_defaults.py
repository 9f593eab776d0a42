"""Safe defaults (issue 22): readers detect the dialect (`godot="auto"`) as the command line
does and never return a value read from part of the input; `load` / `dump`;
`json_default` / `jsonable`; `dumps(..., precision="single")`."""

import io
import json
import struct

import numpy as np
import pytest

import gdvariant as gd
from conftest import CASES, FIXTURES, same

VALUES = [1, "two", {"three": 3}, gd.Vector2(4, 4)]
MULTI = b"".join(gd.dumps(v, prefixed=True) for v in VALUES)  # 80 bytes, 4 frames
# Godot 3's var2bytes of a Transform: Godot 4 reads its header as Vector4i.
TRANSFORM = gd.Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7)
G3_TRANSFORM = gd.dumps(TRANSFORM, 3)
G3_RED = gd.dumps(gd.Color(1, 0, 0, 1), 3)  # also Godot 4's Plane(1, 0, 0, 1)


def readers(data, path, **kw):
    """Every reader of one value, on `data` (and the file `path` holding it)."""
    return {
        "loads": lambda: gd.loads(data, **kw),
        "view": lambda: gd.view(data, **kw),
        "open": lambda: gd.open(path, **kw),
        "load": lambda: gd.load(io.BytesIO(data), **kw),
        "to_text": lambda: gd.to_text(data, **kw),
        "to_json": lambda: gd.to_json(data, **kw),
    }


def raises(read):
    with pytest.raises(gd.DecodeError) as caught:
        read()
    return caught.value


# --- Silent misreads ---------------------------------------------------------------------

@pytest.mark.parametrize("kw", [{}, {"prefixed": True}, {"godot": 4}, {"godot": "auto"},
                                {"godot": 4, "prefixed": True}])
def test_several_frames_raise_in_every_reader_of_one_value(tmp_path, kw):
    path = tmp_path / "multi.bin"
    path.write_bytes(MULTI)
    for name, read in readers(MULTI, path, **kw).items():
        e = raises(read)
        assert (e.kind, e.offset) == ("multiple_frames", 12), name  # frame #1 starts at 12
        assert str(e) == (
            "the input holds 4 store_var frames (Godot 4 values, each behind a 4-byte "
            "length), not one value: read them with gdvariant.iter_frames(data) (or "
            "iter_frames(path))"), name
    assert list(gd.iter_frames(MULTI, **{k: v for k, v in kw.items() if k != "prefixed"})) == VALUES
    assert list(gd.iter_frames(path)) == VALUES


def test_frames_read_as_one_raw_value_are_named(tmp_path):
    # What loads used to return here: a Rect2i made of the first 20 bytes.
    e = raises(lambda: gd.loads(MULTI, 4, prefixed=False))
    assert (e.kind, e.offset) == ("trailing_bytes", 20)
    assert str(e).startswith("60 bytes left over after the value (a Godot 4 Rect2i of 20 bytes")
    assert str(e).endswith("the input looks like 4 store_var frames: read them with "
                           "gdvariant.iter_frames(data)")
    one = gd.dumps(gd.Vector3(1, 2, 3), 3, prefixed=True)  # its length, 16, is a Godot 3 RID
    e = raises(lambda: gd.loads(one, 3, prefixed=False))
    assert (e.kind, e.offset) == ("trailing_bytes", 4)
    assert str(e) == ("16 bytes left over after the value (a Godot 3 RID of 4 bytes at offset "
                      "0): a reader of one value reads all of its input; the input looks like "
                      "one store_var frame (a length, then the value): pass prefixed=True")
    assert gd.loads(one) == gd.loads(one, 3, prefixed=True) == gd.Vector3(1, 2, 3)


@pytest.mark.parametrize("godot", ["auto", 3, 4])
@pytest.mark.parametrize("extra", [b"\x00", b"junk", bytes(9)])
def test_bytes_left_over_after_a_value_raise_and_say_how_many(tmp_path, godot, extra):
    value = {"name": "Ada", "hp": 10}
    body = gd.dumps(value, 4 if godot == "auto" else godot)
    data = body + extra
    path = tmp_path / "save.bin"
    path.write_bytes(data)
    for name, read in readers(data, path, godot=godot).items():
        e = raises(read)
        assert (e.kind, e.offset) == ("trailing_bytes", len(body)), name
        n = len(extra)
        assert str(e).startswith(f"{n} byte{'s' if n > 1 else ''} left over after the value "
                                 f"(a Godot {4 if godot == 'auto' else godot} Dictionary of "
                                 f"{len(body)} bytes at offset 0)"), (name, str(e))
        assert f"pass data[:{len(body)}] to read the value alone" in str(e), name
    assert gd.loads(data[:e.offset], godot) == value


def test_a_truncated_file_of_frames_names_the_cut_frame_and_iter_frames_reads_the_rest():
    cut = MULTI[:-3]
    e = raises(lambda: gd.loads(cut))
    assert (e.kind, e.offset) == ("unexpected_end", 64)
    assert str(e) == ("invalid Godot 4 data: frame #3 at offset 0x40 is truncated: it needs "
                      "16 bytes, 13 remain; frames #0 to #2 before it are intact: "
                      "gdvariant.iter_frames reads them")
    frames = gd.iter_frames(cut)
    assert [next(frames) for _ in range(3)] == VALUES[:3]
    e = raises(lambda: next(frames))
    assert (e.kind, e.offset) == ("unexpected_end", 64)


def test_the_engine_fixtures_read_whole_as_before():
    # Every Godot 3 and 4 fixture, with what the test of its dialect passes: no frame is
    # dropped, no byte left over.
    for param in CASES:
        case, data = param.values
        if case["big_endian"]:
            continue
        gd.loads(data, case["godot"], prefixed=case["prefixed"])
        gd.loads(data, case["godot"])


def test_big_endian_frames_are_detected():
    # A FileAccess with big_endian = true: the prefixes are big-endian, the values not.
    bodies = [gd.dumps(v) for v in VALUES]
    data = b"".join(struct.pack(">I", len(b)) + b for b in bodies)
    assert list(gd.iter_frames(data)) == VALUES
    assert gd.loads(data[:4 + len(bodies[0])]) == VALUES[0]
    e = raises(lambda: gd.loads(data))
    assert e.kind == "multiple_frames" and "each behind a 4-byte big-endian length" in str(e)
    with pytest.raises(gd.DecodeError):
        list(gd.iter_frames(data, 4))  # a named dialect reads little-endian prefixes


# --- godot="auto" --------------------------------------------------------------------------

def test_godot_3_bytes_are_read_as_godot_3_by_default(tmp_path):
    assert gd.loads(G3_TRANSFORM) == TRANSFORM
    assert gd.loads(G3_TRANSFORM, "auto") == gd.loads(G3_TRANSFORM, 3) == TRANSFORM
    assert gd.view(G3_TRANSFORM).godot == 3 and gd.view(G3_TRANSFORM).type == "Transform"
    path = tmp_path / "g3.bin"
    path.write_bytes(gd.dumps(TRANSFORM, 3, prefixed=True))
    assert gd.open(path).value() == TRANSFORM and gd.open(path).godot == 3
    assert gd.to_text(G3_TRANSFORM) == "Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7 )"
    # godot=4 stays exact: these bytes are no Godot 4 value of that size.
    e = raises(lambda: gd.loads(G3_TRANSFORM, 4))
    assert e.kind == "trailing_bytes"
    frames = gd.dumps(TRANSFORM, 3, prefixed=True) + gd.dumps("x", 3, prefixed=True)
    assert list(gd.iter_frames(frames)) == [TRANSFORM, "x"]


def test_an_ambiguous_input_raises_and_names_both_readings():
    assert (FIXTURES / "g32" / "color_red.bin").read_bytes() == G3_RED
    for name, read in readers(G3_RED, FIXTURES / "g32" / "color_red.bin").items():
        e = raises(read)
        assert (e.kind, e.offset) == ("ambiguous", 0), name
        assert str(e) == (
            "ambiguous input: it reads as a Godot 4 Plane and as a Godot 3 Color; nothing was "
            "guessed: pass godot=4 to read the Godot 4 Plane, godot=3 to read the Godot 3 "
            "Color (or set GDVARIANT_GODOT=3 or GDVARIANT_GODOT=4 in the environment: the "
            "dialect of every call that names none)"), name
    assert gd.loads(G3_RED, 3) == gd.Color(1, 0, 0, 1)
    assert gd.loads(G3_RED, 4) == gd.Plane(1, 0, 0, 1)
    e = raises(lambda: gd.iter_frames(gd.dumps(gd.Color(1, 0, 0, 1), 3, prefixed=True)))
    assert e.kind == "ambiguous" and "in a store_var frame" in str(e)


@pytest.mark.parametrize("value", [None, True, 7, -2**40, 0.5, "héllo", gd.Vector2(1, 2)])
def test_values_both_dialects_read_the_same_are_not_ambiguous(value):
    for godot in (3, 4):
        data = gd.dumps(value, godot)
        assert gd.loads(data) == value
        framed = gd.dumps(value, godot, prefixed=True)
        assert gd.loads(framed, prefixed=True) == value
        if value is not None:
            assert gd.loads(framed) == value


def test_store_var_of_null_reads_as_an_empty_string_unless_prefixed():
    # Detection's choice (the command line's): 04 00 00 00 00 00 00 00 is a whole
    # var_to_bytes("") and a whole store_var(null); the String is the more plausible.
    framed = gd.dumps(None, prefixed=True)
    assert framed == gd.dumps("") == b"\x04\x00\x00\x00\x00\x00\x00\x00"
    assert gd.loads(framed) == ""
    assert gd.loads(framed, prefixed=True) is None


def test_godot_3_and_4_fixtures_are_detected():
    # Everything the engines wrote reads by default as in its own dialect, but Godot 3's
    # Color(1, 0, 0, 1), which is Godot 4's Plane(1, 0, 0, 1) too.
    ambiguous = []
    for param in CASES:
        case, data = param.values
        if case["engine"] not in ("g32", "g36", "g4"):
            continue
        prefixed = None if case["big_endian"] else case["prefixed"]
        expected = gd.loads(data, case["godot"], prefixed=prefixed)
        try:
            same(gd.loads(data), expected)
        except gd.DecodeError as e:
            assert e.kind == "ambiguous", param.id
            ambiguous.append(param.id)
    assert ambiguous == ["g32/color_red", "g36/color_red"]


@pytest.mark.parametrize("godot", ["pm-a", "pm-b", "pm-c"])
def test_pandemonium_is_read_only_when_named(godot):
    value = [gd.Vector3i(1, 2, 3), "x"]
    data = gd.dumps(value, godot)
    assert gd.loads(data, godot) == value and gd.view(data, godot).godot == godot


def test_writers_need_a_dialect():
    assert gd.dumps(7) == gd.dumps(7, 4)
    with pytest.raises(ValueError, match="writing needs a dialect"):
        gd.dumps(7, "auto")
    assert gd.to_text(gd.Vector3(1, 2, 3)) == "Vector3(1, 2, 3)"  # Python values: Godot 4


# --- load and dump -------------------------------------------------------------------------

def test_load_and_dump_use_binary_files(tmp_path):
    value = {"name": "Ada", "pos": gd.Vector3(1, 2, 3), "tags": gd.PackedStringArray(["a"])}
    path = tmp_path / "save.bin"
    with open(path, "wb") as f:
        assert gd.dump(value, f) is None
    assert path.read_bytes() == gd.dumps(value)
    with open(path, "rb") as f:
        same(gd.load(f), value)
    buf = io.BytesIO()
    gd.dump(value, buf, 3, prefixed=True)
    assert buf.getvalue() == gd.dumps(value, 3, prefixed=True)
    buf.seek(0)
    same(gd.load(buf), value)
    buf.seek(0)
    assert gd.load(buf, 3, prefixed=True) == gd.loads(gd.dumps(value, 3))
    frames = io.BytesIO()
    for v in VALUES:
        gd.dump(v, frames, prefixed=True)
    assert frames.getvalue() == MULTI
    frames.seek(0)
    assert raises(lambda: gd.load(frames)).kind == "multiple_frames"
    with pytest.raises(TypeError, match="binary mode"):
        gd.load(io.StringIO("text"))
    with pytest.raises(TypeError, match="binary mode"):
        gd.dump(1, io.StringIO())
    with open(path, "w") as f, pytest.raises(TypeError, match="binary mode"):
        gd.dump(1, f)
    with pytest.raises(gd.EncodeError):
        gd.dump(gd.StringName("a"), io.BytesIO(), 3)


# --- json_default and jsonable -------------------------------------------------------------

def has_bad_key(v):
    """Has `v` a dictionary key that json.dumps refuses before it calls `default`?"""
    if isinstance(v, dict):
        return any(not isinstance(k, (str, int, float, bool, type(None))) or has_bad_key(x)
                   for k, x in v.items())
    if isinstance(v, (list, tuple)):
        return any(has_bad_key(x) for x in v)
    if isinstance(v, gd.Object):
        return has_bad_key(v.properties)
    return False


@pytest.mark.parametrize("case,data", CASES)
def test_every_decoded_fixture_serializes_to_json(case, data):
    if case["big_endian"]:
        data = data[4:]
        case = dict(case, prefixed=False)
    value = gd.loads(data, case["godot"], prefixed=case["prefixed"])
    plain = gd.jsonable(value)
    text = json.dumps(plain)
    json.loads(text)  # well-formed
    if has_bad_key(value):
        with pytest.raises(TypeError, match="keys must be"):
            json.dumps(value, default=gd.json_default)
    else:
        assert json.dumps(value, default=gd.json_default) == text


def test_json_default_maps_each_class():
    d = gd.json_default
    assert d(gd.Vector3(1, 2, 3)) == [1.0, 2.0, 3.0]
    assert d(gd.Vector2i(1, 2)) == [1, 2]
    assert d(gd.Transform2D(1, 0, 0, 1, 5, 6)) == [1, 0, 0, 1, 5, 6]
    assert d(gd.Color(1, 0.5, 0, 1, double=True)) == [1, 0.5, 0, 1]
    assert d(gd.StringName("hp")) == "hp" and d(gd.NodePath("/root/Main:position:x")) == "/root/Main:position:x"
    assert d(b"\x00\x01\xff") == "AAH/" and d(bytearray(b"ok")) == "b2s="
    assert d(np.array([[1, 2, 3]], dtype=np.float32)) == [[1.0, 2.0, 3.0]]
    assert d(np.arange(3, dtype=np.int64)) == [0, 1, 2] and d(np.float32(0.5)) == 0.5
    assert d(memoryview(struct.pack("<2i", 1, -2)).cast("i")) == [1, -2]
    assert d(gd.RID(7)) == {"type": "RID", "id": 7}
    assert d(gd.ObjectId(42)) == {"type": "ObjectId", "id": 42}
    assert d(gd.Callable()) == {"type": "Callable"}
    assert d(gd.Signal("ready", 3)) == {"type": "Signal", "name": "ready", "object": 3}
    obj = gd.Object("Resource", {"name": "x", "pos": gd.Vector2(1, 2)})
    assert json.dumps(obj, default=d) == (
        '{"type": "Object", "class": "Resource", "properties": {"name": "x", "pos": [1.0, 2.0]}}')
    colors = gd.loads((FIXTURES / "g4" / "pcol_3000.bin").read_bytes())
    assert isinstance(colors, gd.PackedColorArray) and len(d(colors)) == 3000
    with pytest.raises(TypeError, match="not JSON serializable"):
        d(object())
    with pytest.raises(TypeError, match="not JSON serializable"):
        json.dumps({"x": {1, 2}}, default=d)


def test_jsonable_turns_keys_into_strings_and_does_not_recurse():
    value = {gd.StringName("hp"): 10, gd.NodePath("a/b"): 1, b"\x00": 2,
             gd.Vector2i(1, 2): [gd.Vector2(0.5, 1)], gd.ObjectId(5): None, 3: "three",
             "pairs": gd.Pairs([([1], "list key")])}
    assert gd.jsonable(value) == {
        "hp": 10, "a/b": 1, "AA==": 2, "[1,2]": [[0.5, 1.0]],
        '{"type":"ObjectId","id":5}': None, 3: "three", "pairs": [[[1], "list key"]]}
    assert gd.jsonable({gd.StringName("a"): 1, "a": 2}) == {"a": 2}  # the last wins
    deep = gd.loads((FIXTURES / "g4" / "array_deep_1000.bin").read_bytes())
    out, depth = gd.jsonable(deep), 0
    while isinstance(out, list) and out:
        out, depth = out[0], depth + 1
    assert depth >= 999


# --- precision -----------------------------------------------------------------------------

PV3 = 36  # Godot 4 PackedVector3Array
FLAG_64 = 1 << 16


def header(ty, count, flags=0):
    return struct.pack("<II", ty | flags, count)


def test_float64_vectors_are_written_in_double_precision_by_default():
    rows = [[0.1, 0.2, 0.3], [1, 2, 3]]
    assert gd.dumps(np.zeros((2, 3))) == header(PV3, 2, FLAG_64) + bytes(48)
    assert gd.dumps(np.array(rows)) == header(PV3, 2, FLAG_64) + struct.pack("<6d", *rows[0], *rows[1])
    assert gd.dumps(np.array(rows, dtype=np.float32)) == header(PV3, 2) + struct.pack("<6f", *rows[0], *rows[1])


def test_precision_single_narrows_float64_data():
    rows = [[0.1, 0.2, 0.3], [1, 2, 3]]
    single = header(PV3, 2) + struct.pack("<6f", *rows[0], *rows[1])
    assert gd.dumps(np.array(rows), precision="single") == single
    assert gd.dumps(np.zeros((2, 3)), precision="single") == header(PV3, 2) + bytes(24)
    assert gd.dumps(np.array(rows, dtype=np.float32), precision="single") == single
    assert gd.dumps(np.array(rows), prefixed=True, precision="single") == struct.pack("<I", len(single)) + single
    # 2 and 4 wide; 1-D float64 becomes a PackedFloat32Array (32), not a PackedFloat64Array.
    assert gd.dumps(np.array([[0.1, 0.2]]), precision="single") == header(35, 1) + struct.pack("<2f", 0.1, 0.2)
    assert gd.dumps(np.array([[0.1, 0.2, 0.3, 0.4]]), precision="single") == header(38, 1) + struct.pack("<4f", 0.1, 0.2, 0.3, 0.4)
    assert gd.dumps(np.array([0.1, 0.2])) == header(33, 2) + struct.pack("<2d", 0.1, 0.2)
    assert gd.dumps(np.array([0.1, 0.2]), precision="single") == header(32, 2) + struct.pack("<2f", 0.1, 0.2)
    # Strided, big-endian input: the same numbers, the same bytes.
    assert gd.dumps(np.array(rows, dtype=">f8")[:, :], precision="single") == single
    # Godot 3 has no double vectors: narrowing writes them.
    with pytest.raises(gd.EncodeError, match='precision="single"'):
        gd.dumps(np.array(rows), 3)
    assert gd.to_text(gd.dumps(np.array([[0.5, 1.5]]), 3, precision="single"), 3) == "PoolVector2Array( 0.5, 1.5 )"
    # Math values made with double=True; plain floats keep their 64 bits.
    assert gd.dumps(gd.Vector3(0.1, 2, 3, double=True), precision="single") == gd.dumps(gd.Vector3(0.1, 2, 3))
    assert gd.dumps(0.1, precision="single") == gd.dumps(0.1)
    assert gd.dumps({"v": np.array(rows)}, precision="single") == gd.dumps({"v": np.array(rows, np.float32)})
    with pytest.raises(ValueError, match="precision must be"):
        gd.dumps(1, precision="half")


def test_precision_single_narrows_memoryviews_too():
    gd._native._use_numpy(False)
    try:
        doubles = memoryview(struct.pack("<6d", 0.1, 0.2, 0.3, 1, 2, 3)).cast("d", (2, 3))
        assert gd.dumps(doubles, precision="single") == header(PV3, 2) + struct.pack("<6f", 0.1, 0.2, 0.3, 1, 2, 3)
        assert gd.dumps(doubles) == header(PV3, 2, FLAG_64) + doubles.tobytes()
    finally:
        gd._native._use_numpy(True)
