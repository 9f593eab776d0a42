"""A folder of saves as games write them (issue 40): one value, or several `store_var`
frames (a header, the player, the world), plain, compressed and encrypted; engine-written
files of one value and of two frames; a damaged file of frames and an ambiguous one. With
the crate's own reading of each file, to check what gdvariant.arrow and the Dask example
make of them. Shared by test_arrow.py and test_dask.py."""

import importlib.util
import shutil
from pathlib import Path

import numpy as np

import gdvariant as gd
from conftest import FIXTURES, REPO

PASSWORD = "hunter2"
MODES = ["zstd", "gzip", "deflate", "fastlz"]


def make_saves():
    path = REPO / "python" / "examples" / "make_saves.py"
    spec = importlib.util.spec_from_file_location("make_saves", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def frames_save(i, game):
    """Save ``i`` as three store_var frames, in the container ``i % 4`` picks."""
    frames = [{"slot": i, "version": 4}, game["player"], game["world"]]
    data = b"".join(gd.dumps(f, prefixed=True) for f in frames)
    if i % 4 == 2:
        return gd.pack(data, compress=MODES[(i // 4) % len(MODES)])
    if i % 4 == 3:
        return gd.pack(data, password=PASSWORD)
    return data


# Engine-written files copied in: one value (a Godot 3 save in a GZIP file, a Godot 4
# store_var of a Vector3), two frames (a PackedVector3Array and a PackedStringArray,
# compressed by Godot 4.6.3 and 3.6.2), and Godot 4's store_var(Plane(0, 1, 0, 0.5)),
# which is Godot 3's store_var(Color(0, 1, 0, 0.5)) too: an error row, never a guess.
ENGINE = {
    "engine_g32_save.sav": FIXTURES / "containers" / "g32" / "save__gcpf_gzip.bin",
    "engine_g4_vector3.sav": FIXTURES / "store_math" / "vector3.sav",
    "engine_g4_frames.sav": FIXTURES / "containers" / "g4" / "big_vectors__gcpf_zstd.bin",
    "engine_g36_frames.sav": FIXTURES / "containers" / "g36" / "big_vectors__gcpf_deflate.bin",
    "engine_g4_plane.sav": FIXTURES / "store_math" / "plane.sav",
}
AMBIGUOUS = "engine_g4_plane.sav"
DAMAGED = "frames_damaged.sav"


def write(folder, singles=8, multis=8):
    """Writes the folder; returns the files in name order."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    ms = make_saves()
    for i in range(singles):
        (folder / f"one_{i:03d}.sav").write_bytes(ms.encode(i, ms.save_game(i, points=20), PASSWORD))
    for i in range(multis):
        (folder / f"frames_{i:03d}.sav").write_bytes(frames_save(i, ms.save_game(100 + i, points=20)))
    for name, source in ENGINE.items():
        shutil.copyfile(source, folder / name)
    whole = frames_save(0, ms.save_game(999, points=20))
    (folder / DAMAGED).write_bytes(whole[:-10])  # the world frame cut short
    return sorted(folder.iterdir())


def crate_values(path):
    """The crate's reading of a file: (its values, their dialect) — the one value
    (``loads``), or each store_var frame (``iter_frames``) of a file of several; the
    DecodeError for a file neither reads."""
    data = Path(path).read_bytes()
    try:
        view = gd.view(data, password=PASSWORD)
        return [view.value()], view.godot
    except gd.DecodeError as e:
        if e.kind != "multiple_frames":
            return e
    frames = gd.iter_frames(data, password=PASSWORD)
    return list(frames), frames.godot


def check_rows(table, crate, paths, each):
    """Every row of ``table`` (a file column, ``paths``, an error column; a frame column
    when ``each``) against ``crate``, the crate's reading of each file (``crate_values``).
    Returns the number of rows."""
    text = {p: (table.schema.field(p).metadata or {}).get(b"gdvariant.text") == b"true"
            for p in paths}
    rows = table.to_pylist()
    for row in rows:
        reading = crate[row["file"]]
        if isinstance(reading, gd.DecodeError):
            assert row["error"] == str(reading), row["file"]
            assert all(row[p] is None for p in paths)
            assert not each or row["frame"] is None
            continue
        values, godot = reading
        frame = row["frame"] if each else 0
        assert row["error"] is None, (row["file"], row["error"])
        for p in paths:
            assert row[p] == expected(values, godot, frame, p, text[p]), (row["file"], frame, p)
    return len(rows)


MISSING = object()


def at(value, path):
    """The Python value at ``path`` (plain keys and indexes) in ``value``, or MISSING."""
    for step in [s for s in path.split("/") if s]:
        if isinstance(value, dict):
            if step not in value:
                return MISSING
            value = value[step]
        elif isinstance(value, (list, np.ndarray)) and step.isdigit():
            if int(step) >= len(value):
                return MISSING
            value = element(value, int(step))
        else:
            return MISSING
    return value


VECTORS = {("f", 2): gd.Vector2, ("f", 3): gd.Vector3, ("f", 4): gd.Vector4,
           ("i", 2): gd.Vector2i, ("i", 3): gd.Vector3i, ("i", 4): gd.Vector4i}


def element(value, i):
    """Element ``i`` of a list, or of a packed array as the value it is on its own (a
    Vector3 of a PackedVector3Array, a Color of a PackedColorArray, an int, a float)."""
    if not isinstance(value, np.ndarray):
        return value[i]
    if value.ndim == 1:
        return value[i].item()
    row = value[i].tolist()
    if isinstance(value, gd.PackedColorArray):
        return gd.Color(*row)
    kind = value.dtype.kind
    cls = VECTORS[(kind, len(row))]
    return cls(*row, double=True) if value.dtype.itemsize == 8 and kind == "f" else cls(*row)


def expected(values, godot, frame, path, text):
    """The cell ``gdvariant.arrow`` gives for ``path`` in value ``frame`` (a path may
    start with ``#N``): as ``to_pylist`` returns it; ``text``: the column is text."""
    if path.startswith("#"):
        number, _, path = path[1:].partition("/")
        frame = int(number)
    if frame >= len(values):
        return None
    v = at(values[frame], path)
    if v is MISSING or v is None:
        return None
    if text:
        return gd.to_text(v, godot)
    if isinstance(v, gd.StringName):
        return str(v)
    if isinstance(v, np.ndarray):
        return v.tolist()
    if hasattr(v, "components"):
        return list(v.components)
    return v
