"""gdvariant.diff: (kind, path, old, new) tuples, on Python values, engine fixtures and
Views; one line for one element deleted or inserted in the middle of an array."""

import pytest

import gdvariant as gd
from conftest import FIXTURES


def g4(name):
    return (FIXTURES / "g4" / f"{name}.bin").read_bytes()


def test_changes_are_tuples_in_the_first_value_s_order():
    a = {"hp": 7, "items": ["a", "b", "c"], "x": 1}
    b = {"hp": 9, "items": ["a", "c"], "y": {"z": 1}}
    assert gd.diff(a, b) == [
        ("changed", "/hp", 7, 9),
        ("removed", "/items/1", "b", None),
        ("removed", "/x", 1, None),
        ("added", "/y", None, {"z": 1}),
    ]
    assert gd.diff(a, a) == []
    assert gd.diff(1, 2) == [("changed", "/", 1, 2)]
    # Keys a path cannot name go by position; int keys in brackets.
    assert gd.diff({1.5: "x", 7: "y"}, {1.5: "X", 7: "Y"}) == [
        ("changed", "/<key #0>", "x", "X"),
        ("changed", "/[7]", "y", "Y"),
    ]


def test_one_deletion_or_insertion_in_the_middle_is_one_change():
    a = list(range(1000))
    b = a[:500] + a[501:]
    assert gd.diff(a, b) == [("removed", "/500", 500, None)]
    c = a[:10] + ["new"] + a[10:]
    assert gd.diff(a, c) == [("added", "/10", None, "new")]
    # An element changed in place reads as the change inside it.
    people = [{"name": n, "hp": 1} for n in "abc"]
    hurt = [{"name": n, "hp": 0 if n == "b" else 1} for n in "abc"]
    assert gd.diff(people, hurt) == [("changed", "/1/hp", 1, 0)]


def test_engine_packed_arrays_element_by_element():
    data = g4("pv2_3000")
    value = gd.view(data, godot=4)
    assert value.type == "PackedVector2Array"
    # The same array with element 1500 gone, written by dumps.
    np = pytest.importorskip("numpy")
    array = gd.loads(data, godot=4)
    removed = array[1500]
    edited = gd.dumps(np.delete(array, 1500, axis=0))
    (change,) = gd.diff(data, edited, godot=4)
    kind, path, old, new = change
    assert (kind, path, new) == ("removed", "/1500", None)
    assert isinstance(old, gd.Vector2) and list(old) == pytest.approx(list(removed))
    # Strings: a PackedStringArray's element is a str.
    strings = gd.PackedStringArray(["a", "b", "c", "d"])
    fewer = gd.PackedStringArray(["a", "c", "d"])
    assert gd.diff(strings, fewer) == [("removed", "/1", "b", None)]


def test_views_bytes_and_dialects():
    a = gd.dumps({"hp": 1, "pos": gd.Vector2(1, 2)}, godot=3)
    b = gd.dumps({"hp": 2, "pos": gd.Vector2(1, 2)}, godot=4)
    # Each input detected on its own; the values compare across dialects.
    assert gd.diff(gd.view(a, godot=3), gd.view(b, godot=4)) == [("changed", "/hp", 1, 2)]
    # Two encodings of one value are no change: 7 in 64 bits (the flag) and in 32.
    wide = b"\x02\x00\x01\x00\x07\x00\x00\x00\x00\x00\x00\x00"
    assert gd.diff(wide, gd.dumps(7), godot=4) == []
    with pytest.raises(gd.DecodeError):
        gd.diff(b"\xff\xff", gd.dumps(7))


def test_the_docstring_example_runs():
    import doctest

    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(gd.diff, "diff", globs={"gdvariant": gd}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
