"""Every blob the engines wrote: `loads` gives what the crate's JSON says, and `dumps`
gives the engine's bytes back."""

import json

import pytest

import gdvariant as gd
from conftest import CASES, from_json, same


def body(case, data):
    """A big-endian store_var frame (Pandemonium's `endian_swap`) as its value's bytes:
    `prefixed` reads little-endian prefixes, as every Godot file and peer writes them."""
    if case["big_endian"]:
        assert int.from_bytes(data[:4], "big") == len(data) - 4
        case = dict(case, prefixed=False)
        data = data[4:]
    return case, data


@pytest.mark.parametrize("case,data", CASES)
def test_loads_is_the_crates_json(case, data):
    case, data = body(case, data)
    value = gd.loads(data, case["godot"], prefixed=case["prefixed"])
    expected = from_json(json.loads(gd.to_json(data, case["godot"], prefixed=case["prefixed"])))
    same(value, expected)


@pytest.mark.parametrize("case,data", CASES)
def test_dumps_gives_the_engine_bytes_back(case, data):
    case, data = body(case, data)
    godot = case["godot"]
    value = gd.loads(data, godot, prefixed=case["prefixed"])
    again = gd.dumps(value, godot, prefixed=case["prefixed"])
    if godot == 3 or godot in ("pm-a", "pm-b", "pm-c"):
        # Godot 3 (and Pandemonium, its descendant) leave NodePath padding uninitialised:
        # those bytes are compared through the JSON, which does not hold padding.
        if "NodePath" in gd.to_json(data, godot, prefixed=case["prefixed"]):
            assert gd.to_json(again, godot, prefixed=case["prefixed"]) == gd.to_json(
                data, godot, prefixed=case["prefixed"])
            return
    assert again == data


STYLES = {"g32": "3.2", "g36": "3.6", "g4": "4"}


@pytest.mark.parametrize("case,data", [c for c in CASES if c.id.split("/")[0] in STYLES])
def test_text_is_what_the_engine_prints_after_decoding(case, data):
    # The Godot fixtures; the crate's own tests hold the Pandemonium texts, with the
    # engines' quirks.
    if case["decoded_text"] is None or case["text_file"]:
        pytest.skip("the engine could not decode its own bytes, or the text is in a file")
    style = STYLES[case["engine"]]
    text = gd.to_text(data, case["godot"], prefixed=case["prefixed"],
                      allow_objects=bool(case["full_objects"]), style=style)
    assert text == case["decoded_text"]


def test_prefix_is_recognised_without_being_told():
    raw = gd.dumps({"hp": 10})
    framed = gd.dumps({"hp": 10}, prefixed=True)
    assert framed[:4] == len(raw).to_bytes(4, "little") and framed[4:] == raw
    assert gd.loads(framed) == gd.loads(raw) == {"hp": 10}
    with pytest.raises(gd.DecodeError):
        gd.loads(raw, prefixed=True)
