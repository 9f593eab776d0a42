"""examples/dask_saves.py on a real dask.distributed LocalCluster of two worker processes:
1,000 generated saves (plain, framed, compressed, encrypted) and two damaged ones, every
row checked against the crate's own reading of its file."""

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest

np = pytest.importorskip("numpy", reason="gdvariant.arrow needs NumPy")
pa = pytest.importorskip("pyarrow", reason="the Dask example needs pyarrow (pip install pyarrow)")
pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow without Parquet support")
pytest.importorskip("dask.distributed",
                    reason='the Dask example needs dask.distributed (pip install "dask[distributed]")')
duckdb = pytest.importorskip("duckdb", reason="the check reads with DuckDB (pip install duckdb)")

import gdvariant as gd  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PASSWORD = "hunter2"
PATHS = ["player/name", "player/hp", "player/xp", "player/position", "player/inventory",
         "player/equipped", "world/trail", "world/flags", "world/trail/0"]


def make_saves():
    spec = importlib.util.spec_from_file_location("make_saves", EXAMPLES / "make_saves.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def saves(tmp_path_factory):
    folder = tmp_path_factory.mktemp("saves")
    files = make_saves().write(folder, 1000, password=PASSWORD, corrupt=2)
    return folder, files


def run(*args, timeout=120):
    return subprocess.run([sys.executable, str(EXAMPLES / "dask_saves.py"), *map(str, args)],
                          capture_output=True, text=True, timeout=timeout)


def test_containers_are_mixed(saves):
    _, files = saves
    kinds = [gd.container_of(f)["container"] for f in files[:4]]
    assert kinds == ["plain", "plain", "compressed", "encrypted"]
    assert isinstance(gd.loads(files[0].read_bytes(), prefixed=False), dict)  # var_to_bytes
    assert isinstance(gd.loads(files[1].read_bytes(), prefixed=True), dict)  # store_var
    assert {gd.container_of(f).get("compress") for f in files[2:40:4]} == \
        {"zstd", "gzip", "deflate", "fastlz"}


def test_dask_two_workers_every_row(saves, tmp_path):
    folder, files = saves
    out = tmp_path / "saves.parquet"
    start = time.perf_counter()
    done = run(folder, out, "--paths", *PATHS, "--password", PASSWORD, "--workers", 2)
    seconds = time.perf_counter() - start
    assert done.returncode == 0, done.stderr[-3000:]
    assert "1002 saves (2 unreadable)" in done.stdout and "with 2 workers" in done.stdout
    # The default batch: four tasks per worker, ceil(1002 / 8) = 126 saves each.
    assert out.is_dir() and len(list(out.glob("part-*.parquet"))) == 8
    assert seconds < 60, seconds

    table = pq.read_table(out)
    assert table.schema.names == ["file", *PATHS, "error"]
    types = {f.name: f.type for f in table.schema}
    assert types["player/hp"] == pa.int64()
    assert types["player/xp"] == pa.string()  # an int in every tenth save: the text rule
    assert str(types["player/position"]) == "fixed_size_list<element: float>[3]"
    assert types["world/trail"].value_type.list_size == 3
    assert table.column("file").to_pylist() == [str(f) for f in files]

    con = duckdb.connect()
    rows = con.execute(f"""
        SELECT file, "player/name", "player/hp", "player/xp", "player/position",
               "player/inventory", "player/equipped", "world/flags", "world/trail/0", error
        FROM read_parquet('{out}/*.parquet') ORDER BY file""").fetchall()
    assert [r[0] for r in rows] == sorted(str(f) for f in files)
    trail_column = table.column("world/trail").combine_chunks()
    trails = {f: trail_column[i] for i, f in enumerate(table.column("file").to_pylist())}
    checked = 0
    for row in rows:
        path = Path(row[0])
        if path.name.startswith("save_corrupt_"):
            assert row[1:-1] == (None,) * 8 and "invalid Godot 4 data" in row[-1]
            assert not trails[row[0]].is_valid
            continue
        # The crate's own reading of the file.
        view = gd.open(path, password=PASSWORD)
        player, world = view["player"], view["world"]
        xp = player["xp"]
        trail = world["trail"]
        position = [float(np.float32(c)) for c in player["position"].components]
        assert row[1:] == (
            player["name"], player["hp"], gd.to_text(gd.dumps(xp)), position,
            gd.to_text(player["inventory"]), str(player["equipped"]), list(world["flags"]),
            [float(c) for c in trail[0]], None), path
        got = trails[row[0]].values.flatten().to_numpy()  # the buffers, no Python floats
        assert got.dtype == np.float32
        np.testing.assert_array_equal(got, np.asarray(trail).reshape(-1))
        checked += 1
    assert checked == 1000


def test_dask_strict_fails_naming_the_save(saves, tmp_path):
    folder, _ = saves
    out = tmp_path / "strict.parquet"
    done = run(folder, out, "--paths", "player/hp", "--password", PASSWORD, "--workers", 1,
               "--batch-size", 500, "--strict")
    assert done.returncode == 1, (done.stdout, done.stderr[-3000:])
    assert "save_corrupt_00" in done.stderr and "invalid Godot 4 data" in done.stderr
    assert not out.exists()
    assert not list(tmp_path.glob("strict.parquet.tmp-*"))


# -- saves of several store_var frames (issue 40) -----------------------------------------

from mixed_saves import AMBIGUOUS, DAMAGED, check_rows, crate_values  # noqa: E402
from mixed_saves import PASSWORD as MIXED_PASSWORD  # noqa: E402
from mixed_saves import write as write_mixed  # noqa: E402

EACH_PATHS = ["player/name", "player/hp", "name", "hp", "slot", "trail/0", "position", "5",
              "flags", "seed"]
FRAME_PATHS = ["#0/player/name", "#0/slot", "#1/name", "#1/hp", "#2/trail/0", "#1/5",
               "#0/flags"]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    folder = tmp_path_factory.mktemp("mixed")
    files = write_mixed(folder)
    return folder, files, {str(f): crate_values(f) for f in files}


def test_dask_frames_each_on_a_folder_of_one_and_many_frames(mixed, tmp_path):
    folder, files, crate = mixed
    out = tmp_path / "frames.parquet"
    done = run(folder, out, "--paths", *EACH_PATHS, "--password", MIXED_PASSWORD,
               "--frames", "each", "--workers", 1, "--batch-size", 7)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"{len(files)} saves (2 unreadable, 40 rows: one per frame)" in done.stdout
    table = pq.read_table(out)
    assert table.schema.names == ["file", "frame", *EACH_PATHS, "error"]
    assert check_rows(table, crate, EACH_PATHS, each=True) == 40
    rows = {(Path(r["file"]).name, r["frame"]) for r in table.to_pylist()}
    assert {("frames_000.sav", j) for j in range(3)} <= rows  # three frames, three rows
    assert {("one_000.sav", 0), ("engine_g36_frames.sav", 1), (AMBIGUOUS, None),
            (DAMAGED, None)} <= rows
    failed = [line for line in done.stdout.splitlines() if line.startswith("unreadable: ")]
    assert [Path(line.split(": ")[1]).name for line in failed] == [AMBIGUOUS, DAMAGED]


def test_dask_frame_paths_one_row_per_save(mixed, tmp_path):
    folder, files, crate = mixed
    out = tmp_path / "saves.parquet"
    done = run(folder, out, "--paths", *FRAME_PATHS, "--password", MIXED_PASSWORD,
               "--workers", 1)
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"{len(files)} saves (2 unreadable)" in done.stdout
    table = pq.read_table(out)
    assert table.schema.names == ["file", *FRAME_PATHS, "error"]
    assert check_rows(table, crate, FRAME_PATHS, each=False) == len(files)
    # Plain paths in saves of several frames: each such save is an error row that says how
    # to name a frame; with --frames each, #N is refused before any cluster starts.
    out = tmp_path / "plain.parquet"
    done = run(folder, out, "--paths", "player/name", "--password", MIXED_PASSWORD,
               "--workers", 1)
    assert done.returncode == 0, done.stderr[-3000:]
    errors = dict(zip(*(pq.read_table(out).column(c).to_pylist() for c in ("file", "error"))))
    assert errors[str(folder / "frames_000.sav")] == (
        'the save holds 3 store_var frames, not one value: start path "player/name" with the '
        'frame\'s number, #0 to #2 (as in "#0/player/name"), or pass frames="each" for one '
        "row per frame")
    assert errors[str(folder / "one_000.sav")] is None
    done = run(folder, tmp_path / "refused.parquet", "--paths", "#1/hp", "--frames", "each")
    assert done.returncode == 1 and 'with frames="each" a path is read in every frame' in done.stderr
