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


CONTAINERS = FIXTURES / "containers"
PASSWORD = "hunter2-Ünïcode"  # the engines' password (tests/fixtures/containers/README.md)
KEY = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186"  # their key


def test_two_encrypted_saves_each_with_its_own_secret():
    # The same save written by Godot 4.6.3 with a password and with a key.
    with_password = (CONTAINERS / "g4" / "save__gdec_pass.bin").read_bytes()
    with_key = (CONTAINERS / "g4" / "save__gdec_key.bin").read_bytes()
    assert gd.diff(with_password, with_key, password=PASSWORD, key_b=KEY) == []
    assert gd.diff(with_key, with_password, key=KEY, password_b=PASSWORD) == []
    assert gd.diff(with_key, with_key, key=bytes.fromhex(KEY)) == []  # one secret: both
    # Godot 3.2.3's and 3.6.2's saves against Godot 4's: the values compare across
    # dialects (a PoolIntArray and a PackedInt32Array of the same ints are equal).
    g3 = (CONTAINERS / "g32" / "save__gdec_key.bin").read_bytes()
    assert gd.diff(g3, with_password, key=KEY, password_b=PASSWORD) == []
    # An edit, encrypted with another password: one change.
    save = gd.loads(with_password, password=PASSWORD)
    save["player"]["hp"] = 100
    edited = gd.pack(gd.dumps(save, prefixed=True), password="another one")
    assert gd.diff(with_password, edited, password=PASSWORD, password_b="another one") == [
        ("changed", "/player/hp", 87, 100)]
    assert gd.diff(edited, with_key, password="another one", key_b=KEY) == [
        ("changed", "/player/hp", 100, 87)]
    # A plain input ignores the secrets; each side opens as loads opens it.
    assert gd.diff(gd.dumps(save, prefixed=True), with_key, key_b=KEY) == [
        ("changed", "/player/hp", 100, 87)]
    assert gd.diff(save, edited, password_b="another one") == []


def test_two_secrets_errors_say_which_and_where():
    with_password = (CONTAINERS / "g4" / "save__gdec_pass.bin").read_bytes()
    with_key = (CONTAINERS / "g4" / "save__gdec_key.bin").read_bytes()
    # Without password_b/key_b the one secret is tried on both: the second is refused.
    with pytest.raises(gd.DecodeError) as caught:
        gd.diff(with_password, with_key, password=PASSWORD)
    assert (caught.value.kind, caught.value.offset) == ("wrong_key", 4)
    with pytest.raises(gd.DecodeError) as caught:
        gd.diff(with_password, with_key)
    assert (caught.value.kind, caught.value.offset) == ("needs_key", 0)
    with pytest.raises(TypeError, match="not both"):
        gd.diff(with_password, with_key, password_b=PASSWORD, key_b=KEY)
    with pytest.raises(ValueError, match="key must be 32 bytes"):
        gd.diff(with_password, with_key, password=PASSWORD, key_b="00")


def test_the_docstring_example_runs():
    import doctest

    runner = doctest.DocTestRunner()
    for test in doctest.DocTestFinder().find(gd.diff, "diff", globs={"gdvariant": gd}):
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0
