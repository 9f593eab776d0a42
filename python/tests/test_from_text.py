"""from_json and from_text (the JavaScript package's fromJSON and fromText): the engine's
exact bytes for a value written as JSON or in the engine's text form, in the dialect
dumps writes (GDVARIANT_GODOT's, else 4); bad text raises DecodeError with its place."""

import doctest
import json

import pytest

import gdvariant as gd
from conftest import FIXTURES

SAVE = FIXTURES / "g4-large" / "large_savegame_10mb.bin"


def g4_cases():
    """Godot 4's raw var_to_bytes fixtures: (name, case, bytes)."""
    out = []
    for line in (FIXTURES / "g4" / "cases.jsonl").read_text().splitlines():
        case = json.loads(line)
        data = (FIXTURES / "g4" / case["file"]).read_bytes()
        if data and case["function"] == "var_to_bytes":
            out.append((case["name"], case, data))
    return out


# Godot 4 fixtures whose engine text holds less than their bytes: -0.0 and 5e-324 print
# as 0; objects written as ids print as the object; a container typed by a class holds
# EncodedObjectAsID in the bytes (the engine's own reading of them); the 1000-deep Array's
# text stops where the engine's printing stops.
TEXT_HOLDS_LESS = {
    "float_m0", "pf64_special", "object_gradient", "object_image", "object_image__fo",
    "object_in_array", "object_in_dict", "object_node", "object_refcounted",
    "object_resource_meta", "array_typed_node_empty", "dict_typed_res_res",
    "dict_typed_str_node", "array_deep_1000",
}


def sorted_keys(value):
    """`value` with every dict's keys in order, as Godot 4's var_to_str prints them."""
    if type(value) is dict:
        return {k: sorted_keys(value[k]) for k in sorted(value)}
    if type(value) is list:
        return [sorted_keys(v) for v in value]
    return value


def test_from_text_of_the_engine_text_is_the_engine_bytes():
    exact = []
    for name, case, data in g4_cases():
        if case["text_file"] or name in TEXT_HOLDS_LESS:
            continue
        assert gd.from_text(case["text"], godot=4) == data, name
        exact.append(name)
    assert len(exact) >= 110, len(exact)
    # The 8.3 MB save game's var_to_str: the engine's bytes, with the dictionaries' keys in
    # the printed (sorted) order.
    text = SAVE.with_suffix(".txt").read_text()
    value = gd.loads(SAVE.read_bytes())
    assert gd.from_text(text, 4) == gd.dumps(sorted_keys(value))
    assert gd.to_text(gd.from_text(text)) == text


def test_from_text_is_dumps_of_the_same_value(env):
    value = {"hp": 10, "pos": gd.Vector2(1, 2.5), "tags": ["a", gd.StringName("b")],
             "big": 2**40, "ratio": 0.1, "none": None}
    text = '{"hp": 10, "pos": Vector2(1, 2.5), "tags": ["a", &"b"], "big": 1099511627776, "ratio": 0.1, "none": null}'
    assert gd.from_text(text) == gd.dumps(value)
    assert gd.from_text(gd.to_text(value)) == gd.dumps(sorted_keys(value))  # printed sorted
    # Godot 3 spellings, written in Godot 3's layout.
    g3 = gd.from_text("[Vector2( 1, 2.5 ), PoolIntArray( 1, 2 )]", godot=3)
    assert g3 == gd.dumps([gd.Vector2(1, 2.5), gd.loads(gd.from_text("PackedInt32Array(1, 2)"))], 3)
    # The default dialect is dumps's: GDVARIANT_GODOT's, else 4.
    env("3")
    assert gd.from_text("Color(1, 0, 0, 1)") == gd.dumps(gd.Color(1, 0, 0, 1), 3)
    assert gd.from_text("Color(1, 0, 0, 1)", godot=4) == gd.dumps(gd.Color(1, 0, 0, 1), 4)
    env(None)
    assert gd.from_text("Color(1, 0, 0, 1)") == gd.dumps(gd.Color(1, 0, 0, 1), 4)
    with pytest.raises(ValueError, match="writing needs a dialect"):
        gd.from_text("1", godot="auto")


def test_from_json_of_to_json_is_the_engine_bytes():
    n = 0
    for name, _, data in g4_cases():
        assert gd.from_json(gd.to_json(data, 4), 4) == data, name
        assert gd.from_json(gd.to_json(data, 4, pretty=True), 4) == data, name
        n += 1
    assert n > 50, n
    save = SAVE.read_bytes()
    assert gd.from_json(gd.to_json(save, 4)) == save


def test_from_json_plain_and_detected(env):
    value = {"hp": 10, "items": [1, 2.5, "x", None, True], "nested": {"a": {}}}
    plain = json.dumps(value)
    assert gd.from_json(plain, plain=True) == gd.dumps(value)
    assert gd.from_json(plain, plain=None) == gd.dumps(value)  # told by the first key
    # The default is the lossless schema, where "hp" names no type.
    with pytest.raises(gd.DecodeError) as caught:
        gd.from_json(plain)
    assert caught.value.kind == "syntax_error"
    tagged = '{"Vector2": [3, 4]}'
    assert gd.from_json(tagged) == gd.dumps(gd.Vector2(3, 4))
    assert gd.from_json(tagged, plain=None) == gd.dumps(gd.Vector2(3, 4))
    assert gd.from_json(tagged, plain=True) == gd.dumps({"Vector2": [3, 4]})
    env("3")
    assert gd.from_json("[1, 2.5]", plain=True) == gd.dumps([1, 2.5], 3)
    assert gd.from_json('{"Vector2": [3, 4]}') == gd.dumps(gd.Vector2(3, 4), 3)


def test_to_json_plain_is_the_crates_plain_json():
    value = {"name": gd.StringName("hero"), "pos": gd.Vector3(1, 2, 3.5), "slots": {0: "sword"}, "speed": 1.5}
    # The crate's json::plain::write example, byte for byte: a StringName is a string, a
    # Vector3 an array, int keys decimal strings, floats always with a point.
    assert gd.to_json(value, 4, plain=True) == (
        '{"name":"hero","pos":[1.0,2.0,3.5],"slots":{"0":"sword"},"speed":1.5}'
    )
    assert gd.to_json({"a": [1, {}]}, 4, plain=True, pretty=True) == '{\n  "a": [\n    1,\n    {}\n  ]\n}'
    # What plain JSON holds exactly reads back to the same bytes.
    data = gd.dumps({"hp": 10, "items": [1, 2.5, "x", None, True]}, 4)
    assert gd.from_json(gd.to_json(data, 4, plain=True), 4, plain=True) == data
    # The lossless form stays the default.
    assert gd.to_json(data, 4) == gd.to_json(data, 4, plain=False) != gd.to_json(data, 4, plain=True)
    # The save game: the plain JSON of every fixture parses as JSON.
    assert json.loads(gd.to_json(SAVE.read_bytes(), 4, plain=True))


@pytest.mark.parametrize("read, text, where, message", [
    (gd.from_text, "[1,\n  2 3]", (8, 2, 5), "expected ',' or a closing bracket at line 2, column 5 (byte 8)"),
    (gd.from_text, "[1, ", (4, 1, 5), "at line 1, column 5 (byte 4)"),
    (gd.from_json, "[1, 2,\n {\"Vector2i\": [1]}]", (21, 2, 15), "Vector2i takes 2 components, got 1 at line 2, column 15 (byte 21)"),
    (gd.from_json, "{", (1, 1, 2), "at line 1, column 2 (byte 1)"),
    # The column counts characters, the offset bytes.
    (gd.from_json, '["éé", 1 2]', (11, 1, 10), "expected ',' or ']' at line 1, column 10 (byte 11)"),
])
def test_bad_text_raises_decode_error_with_line_and_column(read, text, where, message):
    with pytest.raises(gd.DecodeError) as caught:
        read(text)
    e = caught.value
    assert (e.offset, e.line, e.column) == where
    assert e.kind == "syntax_error" and isinstance(e, ValueError)
    assert str(e).endswith(message), str(e)


def test_what_the_dialect_cannot_hold_raises_at_its_place():
    with pytest.raises(gd.DecodeError) as caught:
        gd.from_text('[1, &"name"]', godot=3)
    assert (caught.value.kind, caught.value.line, caught.value.column) == ("syntax_error", 1, 5)
    with pytest.raises(gd.DecodeError) as caught:
        gd.from_json('{"StringName": "a"}', godot=3)
    assert caught.value.offset == 1


def test_text_only():
    with pytest.raises(TypeError):
        gd.from_text(b"1")
    with pytest.raises(TypeError):
        gd.from_json(1)


def test_the_docstring_examples_run():
    for f in (gd.from_json, gd.from_text):
        runner = doctest.DocTestRunner()
        for test in doctest.DocTestFinder().find(f, f.__name__, globs={"gdvariant": gd}):
            runner.run(test)
        assert runner.failures == 0 and runner.tries > 0, f.__name__
