"""GDVARIANT_GODOT (issue 40): the dialect of every call that names none, read at each
call. Readers then read that dialect (detecting only the framing), writers write it; an
explicit godot= always wins ("auto" included); empty is unset; anything else ("auto" too,
as for the command line) is a ValueError naming the variable."""

import io

import pytest

import gdvariant as gd
from conftest import FIXTURES

RED = gd.Color(1, 0, 0, 1)
G3_RED = gd.dumps(RED, 3)  # also Godot 4's Plane(1, 0, 0, 1): ambiguous when detected
TRANSFORM = gd.Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 6, 7)


def readers(data, path):
    """Every reader, on `data` (and `path`, the file holding it)."""
    return {
        "loads": lambda **kw: gd.loads(data, **kw),
        "load": lambda **kw: gd.load(io.BytesIO(data), **kw),
        "view": lambda **kw: gd.view(data, **kw).value(),
        "open": lambda **kw: gd.open(path, **kw).value(),
        "iter_frames": lambda **kw: list(gd.iter_frames(gd.dumps(gd.loads(data, 3), 3, prefixed=True), **kw))[0],
        "to_text": lambda **kw: gd.to_text(data, **kw),
        "diff": lambda **kw: gd.diff(data, data, **kw),
    }


def test_the_variable_is_the_dialect_readers_read(env, tmp_path):
    path = tmp_path / "red.bin"
    path.write_bytes(G3_RED)
    plane = gd.Plane(1, 0, 0, 1)
    env("3")
    assert gd.loads(G3_RED) == RED and gd.view(G3_RED).godot == 3
    assert gd.to_text(G3_RED) == "Color( 1, 0, 0, 1 )"
    env("4")
    assert gd.loads(G3_RED) == plane and gd.open(path).godot == 4
    # Read at each call: unset again, the input is ambiguous again.
    env(None)
    for name, read in readers(G3_RED, path).items():
        with pytest.raises(gd.DecodeError) as caught:
            read()
        assert caught.value.kind == "ambiguous", name
    env("")  # empty: unset
    with pytest.raises(gd.DecodeError, match="GDVARIANT_GODOT=3 or GDVARIANT_GODOT=4"):
        gd.loads(G3_RED)
    env("  ")
    with pytest.raises(gd.DecodeError):
        gd.loads(G3_RED)


def test_every_reader_takes_it_and_an_argument_wins(env, tmp_path):
    path = tmp_path / "red.bin"
    path.write_bytes(G3_RED)
    env("3")
    for name, read in readers(G3_RED, path).items():
        got = read()
        if name == "to_text":
            assert got == "Color( 1, 0, 0, 1 )"
        elif name == "diff":
            assert got == []
        else:
            assert got == RED, name
    env("4")
    for name, read in readers(G3_RED, path).items():
        got = read(godot=3)
        assert got in (RED, [], "Color( 1, 0, 0, 1 )"), name
        # "auto" is detection, whatever the environment says.
        with pytest.raises(gd.DecodeError) as caught:
            read(godot="auto")
        assert caught.value.kind == "ambiguous", name


def test_readers_still_detect_the_framing(env):
    env("3")
    framed = gd.dumps(TRANSFORM, 3, prefixed=True)
    assert gd.loads(framed) == TRANSFORM == gd.loads(gd.dumps(TRANSFORM, 3))
    frames = gd.iter_frames(framed + gd.dumps("x", 3, prefixed=True))
    assert list(frames) == [TRANSFORM, "x"] and frames.godot == 3
    # A Godot 4 file read as Godot 3 is read as Godot 3, as asked: the dialect is not
    # detected any more, so this one fails.
    with pytest.raises(gd.DecodeError):
        gd.loads(gd.dumps(gd.StringName("hp"), 4))


def test_the_variable_is_the_dialect_writers_write(env):
    env("3")
    assert gd.dumps(TRANSFORM) == gd.dumps(TRANSFORM, 3) != gd.dumps(TRANSFORM, 4)
    out = io.BytesIO()
    gd.dump(TRANSFORM, out, prefixed=True)
    assert out.getvalue() == gd.dumps(TRANSFORM, 3, prefixed=True)
    with pytest.raises(gd.EncodeError):
        gd.dumps(gd.StringName("hp"))  # Godot 3 has none
    assert gd.loads(gd.dumps(gd.StringName("hp"), 4), 4) == gd.StringName("hp")
    # pack's encrypted layout follows (Godot 3's: no IV), compression does not care.
    assert gd.container_of(gd.pack(b"x", password="pw")) == {"container": "encrypted", "godot": 3}
    assert gd.container_of(gd.pack(b"x", password="pw", godot=4)) == {"container": "encrypted", "godot": 4}
    # Python values given to to_text are encoded in it.
    assert gd.to_text(gd.Vector3(1, 2, 3)) == "Vector3( 1, 2, 3 )"
    env("pm-b")
    value = [gd.Vector3i(1, 2, 3), "x"]
    assert gd.dumps(value) == gd.dumps(value, "pm-b") and gd.loads(gd.dumps(value)) == value
    env("4")
    assert gd.dumps(TRANSFORM) == gd.dumps(TRANSFORM, 4)
    assert gd.container_of(gd.pack(b"x", password="pw"))["godot"] == 4
    env(None)
    assert gd.dumps(TRANSFORM) == gd.dumps(TRANSFORM, 4)
    with pytest.raises(ValueError, match="writing needs a dialect"):
        gd.dumps(1, "auto")


@pytest.mark.parametrize("value", ["5", "godot4", "Godot 3", "3.6", "auto", "4 3"])
def test_a_bad_value_is_an_error_that_names_the_variable(env, value, tmp_path):
    env(value)
    path = tmp_path / "seven.bin"
    path.write_bytes(gd.dumps(7, 4))
    message = ("the environment variable GDVARIANT_GODOT must be 3, 4, pm-a, pm-b or pm-c "
               f'(unset or empty: detect the dialect), not "{value}"')
    calls = {
        "loads": lambda: gd.loads(gd.dumps(7, 4)), "load": lambda: gd.load(io.BytesIO(b"")),
        "view": lambda: gd.view(b""), "open": lambda: gd.open(path),
        "iter_frames": lambda: gd.iter_frames(b""), "dumps": lambda: gd.dumps(7),
        "dump": lambda: gd.dump(7, io.BytesIO()), "to_text": lambda: gd.to_text(7),
        "to_json": lambda: gd.to_json(b""), "diff": lambda: gd.diff(1, 2),
        "pack": lambda: gd.pack(b"x", password="pw"),
    }
    for name, call in calls.items():
        with pytest.raises(ValueError) as caught:
            call()
        assert not isinstance(caught.value, gd.DecodeError), name
        assert str(caught.value) == message, name
    # An argument wins: the variable is not even read.
    assert gd.loads(gd.dumps(7, 4), 4) == 7 and gd.dumps(7, 4) == gd.dumps(7, godot=4)
    assert gd.pack(b"x", compress="zstd")[:4] == b"GCPF"  # no dialect needed


def test_arrow_and_case_and_spaces(env):
    ga = pytest.importorskip("gdvariant.arrow")
    env(" PM-A ")
    assert gd.loads(gd.dumps([1], "pm-a")) == [1]
    env("3")
    table = ga.table([("red", G3_RED)], {"color": "#0"})
    assert table.column("color").to_pylist() == [[1.0, 0.0, 0.0, 1.0]]
    assert table.schema.field("color").metadata[b"gdvariant.types"] == b"Color"
    env("4")
    table = ga.table([("red", G3_RED)], {"plane": "#0"})
    assert table.schema.field("plane").metadata[b"gdvariant.types"] == b"Plane"
    env(None)
    with pytest.raises(ga.SaveError) as caught:
        ga.table([("red", G3_RED)], ["#0"])
    assert caught.value.kind == "ambiguous"
    assert (FIXTURES / "g32" / "color_red.bin").read_bytes() == G3_RED
