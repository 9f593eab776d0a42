"""Nothing read on a guess is written back (issue 40). Godot 4.6.3's store_var of 21 small
math values (tests/fixtures/store_math, written by the engine) through every reader, and
through read -> dump round trips, compared byte for byte with the engine's files. Five of
them read as well as a Godot 3 value: every reader refuses those unless told the dialect
(godot=4, or GDVARIANT_GODOT=4), and then gives the engine's bytes back exactly."""

import io
import json

import pytest

import gdvariant as gd
from conftest import FIXTURES, f32

STORE_MATH = FIXTURES / "store_math"
CASES = [json.loads(line) for line in (STORE_MATH / "cases.jsonl").read_text().splitlines()]
ENV = ("(or set GDVARIANT_GODOT=3 or GDVARIANT_GODOT=4 in the environment: the dialect of "
       "every call that names none)")


def alone(g4, g3):
    """The messages for a Godot 4 frame that Godot 3 reads as a value alone: (readers of
    one value, iter_frames)."""
    readings = (f"ambiguous input: it reads as a Godot 4 {g4} in a store_var frame and as a "
                f"Godot 3 {g3}; nothing was guessed: ")
    return (readings + f"pass godot=4 (or prefixed=True) to read the Godot 4 {g4} in a "
            f"store_var frame, godot=3 (or prefixed=False) to read the Godot 3 {g3} {ENV}",
            readings + f"pass godot=4 to read the Godot 4 {g4} in a store_var frame, or read "
            f"the Godot 3 {g3} with gdvariant.loads(data, godot=3) {ENV}")


def framed(g4, g3):
    """The message for a Godot 4 frame that is also Godot 3's store_var of another value."""
    message = (f"ambiguous input: it reads as a Godot 4 {g4} in a store_var frame and as a "
               f"Godot 3 {g3} in a store_var frame; nothing was guessed: pass godot=4 to "
               f"read the Godot 4 {g4} in a store_var frame, godot=3 to read the Godot 3 {g3} "
               f"in a store_var frame {ENV}")
    return message, message


# The ambiguous files: the messages, and the Godot 3 reading (what godot=3 gives).
AMBIGUOUS = {
    "vector4i": (*alone("Vector4i", "PoolByteArray"), bytes.fromhex("01000000020000000300000004")),
    "vector4i_zero": (*alone("Vector4i", "PoolByteArray"), bytes(13)),
    "plane": (*framed("Plane", "Color"), gd.Color(0, 1, 0, 0.5)),
    "plane_zero": (*framed("Plane", "Color"), gd.Color(0, 0, 0, 0)),
    "quaternion_zero": (*alone("Quaternion", "PoolByteArray"), bytes(15)),
}


def test_the_fixtures_are_the_engines_21_values():
    assert len(CASES) == 21 and {c["version"] for c in CASES} == {"4.6.3-stable (debian4.6.3+ds-3)"}
    assert set(AMBIGUOUS) <= {c["name"] for c in CASES}


def each(kind):
    """The cases that are (or are not) ambiguous, as test parameters."""
    return [pytest.param(c, id=c["name"]) for c in CASES if (c["name"] in AMBIGUOUS) == kind]


def engine(case):
    """The engine's file: its path, its bytes, and the value the engine stored (its
    components rounded to f32, as a single-precision build stores them)."""
    path = STORE_MATH / case["file"]
    value = eval(case["text"], vars(gd))  # "Vector4i(1, 2, 3, 4)"
    if any(isinstance(c, float) for c in value.components):
        value = type(value)(*map(f32, value.components))
    return path, path.read_bytes(), value


def round_trips(path, data, godot=None):
    """Every reader's value, and what writing it back gives: {reader: (value, bytes)}."""
    kw = {} if godot is None else {"godot": godot}
    out = {}
    value = gd.loads(data, **kw)
    out["loads"] = (value, gd.dumps(value, godot, prefixed=True))
    with open(path, "rb") as f:
        value = gd.load(f, **kw)
    written = io.BytesIO()
    gd.dump(value, written, godot, prefixed=True)
    out["load/dump"] = (value, written.getvalue())
    for name, view in (("view", gd.view(data, **kw)), ("open", gd.open(path, **kw))):
        out[name] = (view.value(), gd.dumps(view.value(), view.godot, prefixed=True))
    frames = gd.iter_frames(path, **kw)
    values = list(frames)
    assert len(values) == 1
    out["iter_frames"] = (values[0], b"".join(gd.dumps(v, frames.godot, prefixed=True)
                                              for v in values))
    return out


@pytest.mark.parametrize("case", each(False))
def test_an_unambiguous_file_reads_as_the_engines_value_and_round_trips_exactly(case):
    path, data, value = engine(case)
    for reader, (got, written) in round_trips(path, data).items():
        assert got == value and type(got) is type(value), reader
        assert written == data, reader
    assert gd.to_text(data) == case["text"]
    assert list(json.loads(gd.to_json(data))) == [case["type_name"]]
    assert gd.diff(data, value) == [] and gd.diff(path.read_bytes(), data) == []
    assert gd.iter_frames(data).godot == 4 and gd.view(data).godot == 4


@pytest.mark.parametrize("case", each(True))
def test_an_ambiguous_file_is_refused_by_every_reader(case):
    path, data, value = engine(case)
    one, frames, _ = AMBIGUOUS[case["name"]]
    readers = {
        "loads": lambda: gd.loads(data),
        "load": lambda: gd.load(io.BytesIO(data)),
        "view": lambda: gd.view(data),
        "open": lambda: gd.open(path),
        "to_text": lambda: gd.to_text(data),
        "to_json": lambda: gd.to_json(data),
        "diff": lambda: gd.diff(data, value),
        "diff b": lambda: gd.diff(value, data),
        "loads auto": lambda: gd.loads(data, "auto"),
    }
    for name, read in readers.items():
        with pytest.raises(gd.DecodeError) as caught:
            read()
        assert (caught.value.kind, caught.value.offset, str(caught.value)) == ("ambiguous", 0, one), name
    # iter_frames: before any frame is handed out, on bytes and on a path.
    for source in (data, path, bytearray(data), memoryview(data)):
        with pytest.raises(gd.DecodeError) as caught:
            gd.iter_frames(source)
        assert (caught.value.kind, str(caught.value)) == ("ambiguous", frames)


@pytest.mark.parametrize("case", each(True))
def test_an_ambiguous_file_told_godot_4_round_trips_exactly(case):
    path, data, value = engine(case)
    for reader, (got, written) in round_trips(path, data, godot=4).items():
        assert got == value and type(got) is type(value), reader
        assert written == data, reader
    assert gd.to_text(data, 4) == case["text"]
    assert gd.diff(data, value, 4) == []


@pytest.mark.parametrize("case", each(True))
def test_each_choice_the_message_names_reads_its_reading(case):
    path, data, value = engine(case)
    _, _, godot3 = AMBIGUOUS[case["name"]]
    assert gd.loads(data, 3) == godot3 and type(gd.loads(data, 3)) is type(godot3)
    # Godot 3's reading is exact too: written back in Godot 3, the same bytes.
    prefixed = isinstance(godot3, gd.Color)
    assert gd.dumps(godot3, 3, prefixed=prefixed) == data
    if not prefixed:  # a value alone in Godot 3: the framing chooses as well
        assert gd.loads(data, prefixed=True) == value
        assert gd.loads(data, prefixed=False) == godot3
        # iter_frames reads frames: the Godot 3 bytes are no Godot 3 frame.
        with pytest.raises(gd.DecodeError):
            list(gd.iter_frames(data, 3))
    else:
        assert list(gd.iter_frames(data, 3)) == [godot3]


@pytest.mark.parametrize("case", each(True))
def test_gdvariant_godot_reads_the_ambiguous_files_and_auto_still_refuses(case, monkeypatch):
    path, data, value = engine(case)
    monkeypatch.setenv("GDVARIANT_GODOT", "4")
    for reader, (got, written) in round_trips(path, data).items():
        assert (got, written) == (value, data), reader
    assert gd.to_text(data) == case["text"] and gd.diff(data, value) == []
    # "auto" is detection whatever the environment says: the guess is refused again.
    for read in (lambda: gd.loads(data, "auto"), lambda: gd.iter_frames(data, "auto")):
        with pytest.raises(gd.DecodeError, match="^ambiguous input"):
            read()
    monkeypatch.setenv("GDVARIANT_GODOT", "3")
    assert gd.loads(data) == AMBIGUOUS[case["name"]][2]


def test_arrow_refuses_the_ambiguous_files_and_reads_the_others():
    ga = pytest.importorskip("gdvariant.arrow")
    files = [STORE_MATH / c["file"] for c in CASES]
    table = ga.table(files, {"value": "#0"}, errors="column", mixed="text")
    texts = dict(zip(table.column("file").to_pylist(), table.column("value").to_pylist()))
    errors = dict(zip(table.column("file").to_pylist(), table.column("error").to_pylist()))
    for case in CASES:
        name = str(STORE_MATH / case["file"])
        if case["name"] in AMBIGUOUS:
            assert (texts[name], errors[name]) == (None, AMBIGUOUS[case["name"]][0])
        else:
            assert (texts[name], errors[name]) == (case["text"], None)
    with pytest.raises(ga.SaveError) as caught:
        ga.table([STORE_MATH / "plane.sav"], ["#0"])
    assert caught.value.kind == "ambiguous"
    told = ga.table([STORE_MATH / "plane.sav"], ["#0"], godot=4)
    assert told.column("#0").to_pylist() == [[0.0, 1.0, 0.0, 0.5]]


def test_the_readmes_example_is_the_message():
    data = (STORE_MATH / "vector4i.sav").read_bytes()
    with pytest.raises(gd.DecodeError) as caught:
        gd.loads(data)
    readme = (STORE_MATH.parents[2] / "python" / "README.md").read_text()
    assert f"gdvariant.DecodeError: {caught.value}\n" in readme
