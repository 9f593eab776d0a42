"""The Python API: classes, containers, the lazy view, frames, text and JSON, errors."""

import pickle

import pytest

import gdvariant as gd
from conftest import FIXTURES


def g4(name):
    return (FIXTURES / "g4" / f"{name}.bin").read_bytes()


def test_godot_classes_compare_hash_print_and_pickle():
    values = [
        gd.Vector2(1.5, 2), gd.Vector3i(1, 2, 3), gd.Color(1, 0.5, 0, 1),
        gd.Vector3(1, 2, 3, double=True), gd.StringName("hp"), gd.NodePath("/root/Main:position:x"),
        gd.RID(7), gd.ObjectId(42), gd.Callable(), gd.Signal("ready", 3),
    ]
    for v in values:
        assert pickle.loads(pickle.dumps(v)) == v
        assert hash(v) == hash(pickle.loads(pickle.dumps(v)))
        assert eval(repr(v), vars(gd)) == v, repr(v)
    assert len({gd.Vector2(1, 2), gd.Vector2(1, 2), gd.Vector2i(1, 2)}) == 2
    assert gd.StringName("a") != "a" and str(gd.StringName("a")) == "a"
    assert repr(gd.Vector3(1, 2, 3.5)) == "Vector3(1.0, 2.0, 3.5)"
    v = gd.Vector3(1, 2, 3)
    assert (v.x, v.y, v.z, list(v), len(v), v[-1], v.components) == (1, 2, 3, [1, 2, 3], 3, 3, (1, 2, 3))
    assert gd.Color(1, 0.5, 0, 1).g == 0.5 and gd.Plane(0, 1, 0, 5).d == 5
    p = gd.NodePath("/root/Main:position:x")
    assert (p.names, p.subnames, p.absolute, str(p)) == (["root", "Main"], ["position", "x"], True, "/root/Main:position:x")
    with pytest.raises(TypeError):
        gd.Vector3(1, 2)
    with pytest.raises(TypeError):
        gd.Vector2i(1, 2, double=True)
    o = gd.Object("Resource", {"name": "x"})
    assert pickle.loads(pickle.dumps(o)) == o and o != gd.Object("Node", {"name": "x"})
    with pytest.raises(TypeError):
        hash(o)


def test_containers_keep_their_types_through_dumps():
    typed = gd.TypedArray([1, 2], gd.ContainerType("builtin", "int"))
    assert gd.to_text(gd.dumps(typed)) == "Array[int]([1, 2])"
    d = gd.TypedDictionary({"a": 1}, gd.ContainerType("builtin", "String"), None)
    assert gd.loads(gd.dumps(d)) == d and gd.loads(gd.dumps(d)).key_type.name == "String"
    strings = gd.PackedStringArray(["a", "b"])
    assert gd.to_text(gd.dumps(strings)) == 'PackedStringArray("a", "b")'
    for v in (typed, d, strings):
        assert pickle.loads(pickle.dumps(v)) == v


def test_keys_python_would_merge_or_cannot_hash_come_back_as_pairs():
    pairs = gd.Pairs([(1, "int"), (1.0, "float"), (True, "bool")])
    data = gd.dumps(pairs)
    # Three keys on the wire (the engine's text sorts them).
    assert sorted(line.rstrip(",") for line in gd.to_text(data).splitlines()) == sorted(
        ['{', '1: "int"', '1.0: "float"', 'true: "bool"', '}'])
    back = gd.loads(data)
    assert isinstance(back, gd.Pairs) and back == pairs
    assert gd.dumps(back) == data
    listkey = gd.loads(gd.dumps(gd.Pairs([([1], "list")])))
    assert listkey == [([1], "list")]
    # A true duplicate is merged like the engine merges it: the last wins.
    dup = gd.dumps(gd.Pairs([("a", 1), ("a", 2)]))
    assert gd.loads(dup) == {"a": 2}


def test_plain_python_values_round_trip():
    value = {"name": "Ada", "hp": 10, "big": 2**40, "ratio": 0.1, "pos": gd.Vector2(1, 2),
             "tags": ["a", None, True], "raw": b"\x00\x01", "nested": {3: [1.5]}}
    assert gd.loads(gd.dumps(value)) == {**value, "pos": gd.Vector2(1, 2)}
    assert gd.loads(gd.dumps(value, 3), 3)["raw"] == b"\x00\x01"
    assert gd.loads(gd.dumps((1, 2))) == [1, 2]


def test_the_lazy_view_reads_only_what_it_touches(tmp_path):
    save = {"players": [{"name": f"p{i}", "hp": i, "pos": gd.Vector3(i, 0, 0)} for i in range(10)],
            "world": {"seed": 7}, 5: "five"}
    path = tmp_path / "save.bin"
    path.write_bytes(gd.dumps(save))
    view = gd.open(path)
    assert (view.type, len(view), view.offset, view.size) == ("Dictionary", 3, 0, path.stat().st_size)
    players = view["players"]
    assert isinstance(players, gd.View) and len(players) == 10
    assert players[3]["name"] == "p3" and players[-1]["hp"] == 9
    assert players[2]["pos"] == gd.Vector3(2, 0, 0)
    assert view[5] == "five" and view.get("missing", 0) == 0 and "world" in view
    assert list(view) == ["players", "world", 5] and view.keys() == ["players", "world", 5]
    assert [k for k, _ in view.items()] == ["players", "world", 5]
    assert [p["hp"] for p in players] == list(range(10))
    assert view.value() == gd.loads(path.read_bytes())
    assert gd.to_text(view["world"]) == '{\n"seed": 7\n}'
    with pytest.raises(KeyError):
        view["nope"]
    with pytest.raises(IndexError):
        players[10]
    with pytest.raises(TypeError):
        len(players[0]["name"] if False else view["world"]["seed"])
    assert repr(view) == "<gdvariant.View Dictionary of 3 at offset 0>"


def test_open_reads_a_store_var_file_and_an_object():
    path = FIXTURES / "g4" / "w_object_fo__store_var.bin"
    view = gd.open(path)
    assert view.type == "Object"
    assert "resource_name" in view.keys()
    assert view.value() == gd.loads(path.read_bytes())


def test_iter_frames_reads_every_store_var_value(tmp_path):
    values = [1, "two", {"three": 3}, gd.Vector2(4, 4)]
    data = b"".join(gd.dumps(v, prefixed=True) for v in values)
    assert list(gd.iter_frames(data)) == values
    path = tmp_path / "frames.bin"
    path.write_bytes(data)
    assert list(gd.iter_frames(str(path))) == values
    frames = gd.iter_frames(data + b"\x08\x00\x00\x00\x02\x00")
    assert [next(frames) for _ in values] == values
    with pytest.raises(gd.DecodeError) as caught:
        next(frames)
    assert caught.value.offset == len(data)
    assert list(frames) == []
    with pytest.raises(gd.DecodeError) as caught:
        list(gd.iter_frames(gd.dumps("x" * 100, prefixed=True), max_frame=16))
    assert caught.value.kind == "frame_too_large"


def test_text_and_json():
    data = g4("dict_one") if (FIXTURES / "g4" / "dict_one.bin").exists() else gd.dumps({"a": 1})
    assert gd.to_text({"hp": 10}) == '{\n"hp": 10\n}'
    assert gd.to_text(gd.Vector3(1, 2, 3), 3) == "Vector3( 1, 2, 3 )"
    assert gd.to_json(gd.dumps({"hp": 10})) == '{"Dictionary":[["hp",10]]}'
    assert gd.to_json(data, pretty=True) == '{"Dictionary": [\n  ["a", 1]\n]}'
    with pytest.raises(ValueError):
        gd.to_text(b"", style="5")


def test_errors_say_what_and_where():
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(b"\x02\x00\x00\x00\x07")
    e = caught.value
    assert (e.kind, e.offset) == ("unexpected_end", 4)
    assert "offset" in str(e) and isinstance(e, ValueError)
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(b"\xff\x00\x00\x00", 4, prefixed=False)
    assert caught.value.kind == "unknown_type"
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(b"\xff\x00\x00\x00")  # detected: a length prefix claiming 255 bytes
    assert (caught.value.kind, caught.value.offset) == ("unexpected_end", 0)
    assert "frame #0 at offset 0x0 is truncated: it needs 259 bytes, 4 remain" in str(caught.value)
    with pytest.raises(TypeError):
        gd.loads("not bytes")
    with pytest.raises(ValueError, match='"auto", 3, 4'):
        gd.loads(b"\x00\x00\x00\x00", godot=5)


@pytest.mark.parametrize("godot", [3, 4, "pm-a", "pm-b", "pm-c"])
def test_every_dialect_is_named_the_same_way(godot):
    data = gd.dumps([1, "a", gd.Vector3(1, 2, 3)], godot)
    assert gd.loads(data, godot) == [1, "a", gd.Vector3(1, 2, 3)]
    assert gd.view(data, godot).godot == godot


def test_the_parallel_example_reads_a_folder():
    import subprocess
    import sys

    from conftest import REPO

    out = subprocess.run(
        [sys.executable, str(REPO / "python" / "examples" / "parallel.py"), str(FIXTURES / "g4")],
        capture_output=True, text=True, check=True).stdout.splitlines()
    assert len(out) == len(list((FIXTURES / "g4").glob("*.bin")))
    assert "vector3.bin\tVector3\t16" in out


def test_the_docstring_examples_run():
    import doctest

    for f in (gd.loads, gd.dumps, gd.to_text, gd.iter_frames, gd.load, gd.dump,
              gd.json_default, gd.jsonable):
        runner = doctest.DocTestRunner()
        for test in doctest.DocTestFinder().find(f, f.__name__, globs={"gdvariant": gd}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f.__name__
