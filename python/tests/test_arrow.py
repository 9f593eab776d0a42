"""gdvariant.arrow: chosen paths across many saves as Arrow columns (needs pyarrow)."""

import os
import random
import re
import subprocess
import sys
import time
import tracemalloc

import pytest

np = pytest.importorskip("numpy", reason="gdvariant.arrow needs NumPy")
pa = pytest.importorskip("pyarrow", reason="gdvariant.arrow needs pyarrow (pip install pyarrow)")
pq = pytest.importorskip("pyarrow.parquet", reason="pyarrow without Parquet support")

import gdvariant as gd  # noqa: E402
import gdvariant.arrow as ga  # noqa: E402


def meta(field, key):
    return (field.metadata or {}).get(f"gdvariant.{key}".encode(), b"").decode()


def one(value, path="v", **kw):
    """The column of ``path`` over saves ``{"v": x}`` for each x of ``value`` (a list)."""
    saves = [(f"s{i}", gd.dumps({"v": x})) for i, x in enumerate(value)]
    t = ga.table(saves, [path], **kw)
    return t.schema.field(path), t.column(path)


# -- exact types and values, each type class -------------------------------------------

@pytest.mark.parametrize("values, arrow_type, godot_type", [
    ([True, False], pa.bool_(), "bool"),
    ([7, -(2**63), 2**63 - 1], pa.int64(), "int"),
    ([1.5, float("inf"), 1e300], pa.float64(), "float"),
    (["hp", "", "né ☃"], pa.string(), "String"),
    ([gd.StringName("boss"), gd.StringName("")], pa.string(), "StringName"),
])
def test_scalars(values, arrow_type, godot_type):
    field, col = one(values)
    assert field.type == arrow_type
    assert meta(field, "types") == godot_type and meta(field, "text") == "false"
    assert col.to_pylist() == [str(v) if isinstance(v, gd.StringName) else v for v in values]


def test_nan_float():
    _, col = one([float("nan")])
    assert np.isnan(col.to_pylist()[0])


@pytest.mark.parametrize("value, arrow_type", [
    (gd.Vector2(1.5, -2), pa.list_(pa.float32(), 2)),
    (gd.Vector3(1, 2, 3.25), pa.list_(pa.float32(), 3)),
    (gd.Vector4(1, 2, 3, 4), pa.list_(pa.float32(), 4)),
    (gd.Vector2i(1, -2), pa.list_(pa.int32(), 2)),
    (gd.Vector3i(1, -2, 2**31 - 1), pa.list_(pa.int32(), 3)),
    (gd.Vector4i(1, 2, 3, -(2**31)), pa.list_(pa.int32(), 4)),
    (gd.Rect2(1, 2, 3, 4), pa.list_(pa.float32(), 4)),
    (gd.Rect2i(1, 2, 3, 4), pa.list_(pa.int32(), 4)),
    (gd.Color(1, 0.5, 0.25, 1), pa.list_(pa.float32(), 4)),
    (gd.Quaternion(0, 0.5, 0, 1), pa.list_(pa.float32(), 4)),
    (gd.Plane(0, 1, 0, 2), pa.list_(pa.float32(), 4)),
    (gd.AABB(*range(6)), pa.list_(pa.float32(), 6)),
    (gd.Transform2D(*range(6)), pa.list_(pa.float32(), 6)),
    (gd.Basis(*range(9)), pa.list_(pa.float32(), 9)),
    (gd.Transform3D(*range(12)), pa.list_(pa.float32(), 12)),
    (gd.Projection(*range(16)), pa.list_(pa.float32(), 16)),
    (gd.Vector3(1, 2, 0.1, double=True), pa.list_(pa.float64(), 3)),
    (gd.Transform3D(*[k / 10 for k in range(12)], double=True), pa.list_(pa.float64(), 12)),
])
def test_math(value, arrow_type):
    field, col = one([value, None])
    assert field.type == arrow_type
    assert meta(field, "types") == type(value).__name__ + (" (double)" if value.double else "")
    got = col.to_pylist()
    assert got[1] is None
    if pa.types.is_float32(arrow_type.value_type):
        assert got[0] == [float(np.float32(c)) for c in value.components]
    else:
        assert got[0] == list(value.components)


def flat(col):
    """The innermost values of a (chunked) list column as one NumPy array."""
    arr = col.combine_chunks() if isinstance(col, pa.ChunkedArray) else col
    while pa.types.is_list(arr.type) or pa.types.is_fixed_size_list(arr.type):
        arr = arr.flatten()
    return arr.to_numpy(zero_copy_only=False)


@pytest.mark.parametrize("make, arrow_type", [
    (lambda n: np.arange(n, dtype=np.int32) - 5, pa.list_(pa.int32())),
    (lambda n: np.arange(n, dtype=np.int64) * 2**40, pa.list_(pa.int64())),
    (lambda n: np.linspace(0, 1, n, dtype=np.float32), pa.list_(pa.float32())),
    (lambda n: np.linspace(0, 1, n), pa.list_(pa.float64())),
    (lambda n: np.arange(2 * n, dtype=np.float32).reshape(n, 2),
     pa.list_(pa.list_(pa.float32(), 2))),
    (lambda n: np.arange(3 * n, dtype=np.float32).reshape(n, 3) / 7,
     pa.list_(pa.list_(pa.float32(), 3))),
    (lambda n: np.arange(4 * n, dtype=np.float32).reshape(n, 4),
     pa.list_(pa.list_(pa.float32(), 4))),
    (lambda n: np.arange(3 * n, dtype=np.float64).reshape(n, 3) / 7,
     pa.list_(pa.list_(pa.float64(), 3))),
    (lambda n: np.arange(4 * n, dtype=np.float32).reshape(n, 4).view(gd.PackedColorArray),
     pa.list_(pa.list_(pa.float32(), 4))),
])
def test_packed(make, arrow_type):
    arrays = [make(5), make(0), None, make(3)]
    field, col = one(arrays)
    assert field.type == arrow_type
    got = col.to_pylist()
    assert got[2] is None and got[1] == []
    assert [len(x) for x in got if x is not None] == [5, 0, 3]
    want = np.concatenate([np.asarray(a).reshape(-1) for a in arrays if a is not None])
    assert flat(col).dtype == want.dtype
    np.testing.assert_array_equal(flat(col), want)


def test_packed_bytes_and_strings():
    field, col = one([b"\x00\x01\xff", b"", None])
    assert field.type == pa.binary() and meta(field, "types") == "PackedByteArray"
    assert col.to_pylist() == [b"\x00\x01\xff", b"", None]
    strings = [gd.PackedStringArray(["a", "", "né ☃"]), gd.PackedStringArray([]), None,
               gd.PackedStringArray(["x"])]
    field, col = one(strings)
    assert field.type == pa.list_(pa.string())
    assert col.to_pylist() == [["a", "", "né ☃"], [], None, ["x"]]


def test_text_columns():
    values = [[1, "x", [2.5]], {"hp": 10, 3: gd.Vector2(1, 2)}, gd.NodePath("Main/Player:pos"),
              gd.Object("Node", {"a": 1}), gd.Callable(), gd.RID(7)]
    saves = [(f"s{i}", gd.dumps({"v": v})) for i, v in enumerate(values)]
    for i, v in enumerate(values):
        t = ga.table([saves[i]], ["v"])
        field = t.schema.field("v")
        assert field.type == pa.string() and meta(field, "text") == "true"
        assert t.column("v").to_pylist() == [gd.to_text(gd.dumps(v))]


def test_godot3_saves_typed_and_in_their_own_text_style():
    save = {"pos": gd.Vector3(1, 2, 3), "items": [1, 2], "trail": np.ones((2, 3), np.float32)}
    g3, g4 = gd.dumps(save, godot=3), gd.dumps(save)
    t = ga.table([("g3", g3), ("g4", g4)], ["pos", "items", "trail"])
    assert t.schema.field("pos").type == pa.list_(pa.float32(), 3)
    assert t.column("pos").to_pylist() == [[1, 2, 3], [1, 2, 3]]
    assert t.column("trail").to_pylist() == [[[1, 1, 1]] * 2] * 2
    assert t.column("items").to_pylist() == ["[ 1, 2 ]", "[1, 2]"]  # 3.6's and 4's


def test_element_paths_and_file_column():
    save = gd.dumps({"trail": np.arange(9, dtype=np.float32).reshape(3, 3),
                     "tags": gd.PackedStringArray(["a", "b"]), "ids": np.arange(3, dtype=np.int32),
                     3: "int key", "a/b": 1})
    t = ga.table([save, ("named", save)], {"second": "trail/1", "last": "trail/[2]",
                                           "tag": "tags/1", "id": "ids/2",
                                           "int_key": "[3]", "quoted": '"a/b"'})
    assert t.schema.names == ["file", "second", "last", "tag", "id", "int_key", "quoted"]
    assert t.schema.field("second").type == pa.list_(pa.float32(), 3)
    assert meta(t.schema.field("second"), "path") == "trail/1"
    row = t.to_pylist()[1]
    assert row == {"file": "named", "second": [3, 4, 5], "last": [6, 7, 8], "tag": "b",
                   "id": 2, "int_key": "int key", "quoted": 1}
    assert t.column("file").to_pylist() == [None, "named"]


def test_file_sources_small_and_mapped(tmp_path):
    small, big = tmp_path / "small.sav", tmp_path / "big.sav"
    small.write_bytes(gd.dumps({"v": np.arange(3, dtype=np.float32)}))
    big.write_bytes(gd.dumps({"v": np.arange(1 << 19, dtype=np.float32)}))  # 2 MiB: mmap
    t = ga.table([small, str(big)], ["v"])
    assert t.column("file").to_pylist() == [str(small), str(big)]
    np.testing.assert_array_equal(flat(t.column("v")),
                                  np.concatenate([np.arange(3), np.arange(1 << 19)]))


def test_nil_and_no_values():
    t = ga.table([("a", gd.dumps({"v": None})), ("b", gd.dumps({}))], ["v", "w"])
    assert t.schema.field("v").type == pa.null() and t.schema.field("w").type == pa.null()
    assert t.column("v").to_pylist() == [None, None]
    empty = ga.table([], ["v", "a/b"])
    assert empty.num_rows == 0 and empty.schema.names == ["file", "v", "a/b"]


# -- no Python object per element --------------------------------------------------------

def test_million_vector3_column_built_from_buffers(tmp_path):
    n = 1_000_000
    trail = np.random.default_rng(1).random((n, 3), dtype=np.float32)
    path = tmp_path / "big.sav"
    path.write_bytes(gd.dumps({"trail": trail}))
    small = gd.dumps({"trail": trail[:10]})
    ga.table([("warm", small)], ["trail"])  # first-use costs out of the measure
    tracemalloc.start()
    start = time.perf_counter()
    t = ga.table([path, ("small", small)], ["trail"])
    seconds = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    col = t.column("trail")
    assert col.type == pa.list_(pa.list_(pa.float32(), 3))
    np.testing.assert_array_equal(flat(col), np.concatenate([trail, trail[:10]]).reshape(-1))
    # 12 MB of floats: one copy into the column. A Python float per element would be
    # 3 million objects (72 MB) and seconds of work.
    assert peak < 2 * trail.nbytes, peak
    assert seconds < 1.0, seconds


# -- mixed types, missing paths, errors --------------------------------------------------

def test_mixed_types_become_text():
    field, col = one([10, 10.5, None, 2**40])
    assert field.type == pa.string() and meta(field, "text") == "true"
    assert meta(field, "types") == "float, int"
    assert col.to_pylist() == ["10", "10.5", None, "1099511627776"]
    field, col = one(["boss", gd.StringName("boss")])
    assert col.to_pylist() == ['"boss"', '&"boss"']
    field, col = one([1, True, gd.Vector2(1, 2), [1]])
    assert col.to_pylist() == ["1", "true", "Vector2(1, 2)", "[1]"]


def test_mixed_types_error():
    with pytest.raises(TypeError, match=r"'v'.*float \(first in s1\), int \(first in s0\)"):
        one([10, 10.5], mixed="error")
    with pytest.raises(TypeError, match="several types"):
        ga.schema_for([("a", gd.dumps({"v": 1})), ("b", gd.dumps({"v": "1"}))], ["v"],
                      mixed="error")


def test_precision_widens_exactly():
    single = gd.Vector3(0.1, 2, 3)
    double = gd.Vector3(0.1, 2, 3, double=True)
    field, col = one([single, double])
    assert field.type == pa.list_(pa.float64(), 3)
    assert col.to_pylist() == [[float(np.float32(0.1)), 2, 3], [0.1, 2, 3]]
    field, col = one([np.full((1, 3), 0.1, np.float32), np.full((1, 3), 0.1)])
    assert field.type == pa.list_(pa.list_(pa.float64(), 3))
    assert col.to_pylist() == [[[float(np.float32(0.1))] * 3], [[0.1] * 3]]


def test_missing_paths():
    saves = [("a", gd.dumps({"p": {"hp": 1}})), ("b", gd.dumps({"p": {}})),
             ("c", gd.dumps({"p": 5}))]
    t = ga.table(saves, ["p/hp"])
    assert t.column("p/hp").to_pylist() == [1, None, None]
    with pytest.raises(ga.SaveError, match=r"^b: path 'p/hp': `/p` has no `hp`") as e:
        ga.table(saves, ["p/hp"], missing="error")
    assert e.value.file == "b" and e.value.kind == "missing"
    t = ga.table(saves, ["p/hp"], missing="error", errors="column")
    assert t.column("p/hp").to_pylist() == [1, None, None]
    errors = t.column("error").to_pylist()
    assert errors[0] is None and "has no `hp`" in errors[1] and "is a int" in errors[2]


def test_bad_paths_and_names():
    with pytest.raises(ValueError, match=r'path "a/\\"b".*unterminated quote'):
        ga.table([b"never read"], ['a/"b'])
    with pytest.raises(ValueError, match="two columns would be named 'file'"):
        ga.table([], ["file"])
    with pytest.raises(ValueError, match="two columns would be named 'error'"):
        ga.table([], ["error"], errors="column")
    assert ga.table([], ["error"]).schema.names == ["file", "error"]
    assert ga.table([], ["v"], file_column=None).schema.names == ["v"]
    with pytest.raises(TypeError, match="not one str"):
        ga.table([], "player/hp")
    with pytest.raises(ValueError, match="missing must be"):
        ga.table([], ["v"], missing="skip")


def encrypted(value, password="hunter2"):
    return gd.pack(gd.dumps(value, prefixed=True), password=password)


def test_containers_and_wrong_password():
    value = {"hp": 3}
    saves = [("plain", gd.dumps(value)), ("framed", gd.dumps(value, prefixed=True)),
             ("zstd", gd.pack(gd.dumps(value, prefixed=True), compress="zstd")),
             ("enc", encrypted(value)), ("other", encrypted(value, "letmein"))]
    with pytest.raises(ga.SaveError, match=r"^other: wrong password") as e:
        ga.table(saves, ["hp"], password="hunter2")
    assert e.value.file == "other" and e.value.kind == "wrong_key"
    assert isinstance(e.value.__cause__, gd.DecodeError)
    t = ga.table(saves, ["hp"], password="hunter2", errors="column")
    assert t.column("hp").to_pylist() == [3, 3, 3, 3, None]
    assert t.column("error").to_pylist()[:4] == [None] * 4
    assert t.column("error").to_pylist()[4].startswith("wrong password or key")
    with pytest.raises(ga.SaveError) as e:
        ga.table(saves[3:4], ["hp"])
    assert e.value.kind == "needs_key"


def test_unreadable_file(tmp_path):
    with pytest.raises(ga.SaveError, match="nope.sav: FileNotFoundError") as e:
        ga.table([tmp_path / "nope.sav"], ["v"])
    assert e.value.kind == "os"


def test_hostile_saves_never_crash():
    base = gd.dumps({"p": {"name": "x", "trail": np.ones((4, 3), np.float32),
                           "tags": gd.PackedStringArray(["a", "b"]), "v": gd.Vector3(1, 2, 3),
                           "d": {"k": [1, 2]}}}, prefixed=True)
    rnd = random.Random(5)
    saves = []
    for i in range(300):
        b = bytearray(base)
        for _ in range(rnd.randint(1, 4)):
            b[rnd.randrange(len(b))] = rnd.randrange(256)
        if i % 7 == 0:
            b = b[: rnd.randrange(len(b))]
        saves.append((f"m{i}", bytes(b)))
    saves.append(("garbage", os.urandom(64)))
    saves.append(("gcpf", b"GCPF" + os.urandom(40)))
    saves.append(("gdec", b"GDEC" + os.urandom(60)))
    paths = ["p/name", "p/trail", "p/tags", "p/v", "p/d", "p/trail/2"]
    t = ga.table(saves, paths, errors="column")
    assert t.num_rows == len(saves)
    for row in t.to_pylist():
        if row["error"] is not None:
            assert all(row[p] is None for p in paths)
    assert t.column("error").null_count < len(saves)


# -- schemas, batches, Parquet, DuckDB ---------------------------------------------------

def test_schema_for_and_conform():
    saves = [("a", gd.dumps({"hp": 1, "v": gd.Vector3(1, 2, 3)})),
             ("b", gd.dumps({"hp": 2.5, "v": None}))]
    schema = ga.schema_for(saves, ["hp", "v"])
    t = ga.table(saves, ["hp", "v"])
    assert schema.equals(t.schema, check_metadata=True)
    assert ga.table(saves, ["hp", "v"], schema=schema).equals(t)
    # A save whose value the schema has no room for is that save's error.
    only_ints = ga.schema_for(saves[:1], ["hp", "v"])
    with pytest.raises(ga.SaveError, match=r"^b: path 'hp' holds a float") as e:
        ga.table(saves, ["hp", "v"], schema=only_ints)
    assert e.value.kind == "type"
    with pytest.raises(ValueError, match=r"not the ones these paths and options make"):
        ga.table(saves, ["hp", "v"], schema=only_ints, errors="column")  # no error column
    only_ints = ga.schema_for(saves[:1], ["hp", "v"], errors="column")
    t = ga.table(saves, ["hp", "v"], schema=only_ints, errors="column")
    assert t.schema.field("hp").type == pa.int64()
    assert t.column("hp").to_pylist() == [1, None]
    with pytest.raises(ValueError, match="are not the ones"):
        ga.table(saves, ["hp"], schema=schema)


def test_merge_schemas():
    a = ga.schema_for([("a", gd.dumps({"hp": 1, "v": gd.Vector3(1, 2, 3), "n": None}))],
                      ["hp", "v", "n"])
    b = ga.schema_for([("b", gd.dumps({"hp": 2.5, "v": gd.Vector3(1, 2, 3, double=True),
                                       "n": None}))], ["hp", "v", "n"])
    c = ga.schema_for([("c", gd.dumps({"hp": 3, "n": 7}))], ["hp", "v", "n"])
    merged = ga.merge_schemas([a, b, c])
    assert [f.type for f in merged] == [pa.string(), pa.string(),
                                        pa.list_(pa.float64(), 3), pa.int64()]
    assert meta(merged.field("hp"), "types") == "float, int"
    assert ga.merge_schemas([a, c]).field("hp").type == pa.int64()
    with pytest.raises(TypeError, match="several types"):
        ga.merge_schemas([a, b], mixed="error")
    with pytest.raises(ValueError, match="different columns"):
        ga.merge_schemas([a, ga.schema_for([], ["hp"])])


def test_iter_batches_and_record_batch():
    saves = [(f"s{i}", gd.dumps({"hp": i if i != 7 else 7.5,
                                 "trail": np.full((i, 3), i, np.float32)})) for i in range(10)]
    batches = list(ga.iter_batches(saves, ["hp", "trail"], batch_size=4))
    assert [b.num_rows for b in batches] == [4, 4, 2]
    assert all(b.schema.equals(batches[0].schema, check_metadata=True) for b in batches)
    joined = pa.Table.from_batches(batches)
    assert joined.equals(ga.table(saves, ["hp", "trail"]))
    assert joined.schema.field("hp").type == pa.string()  # the 7.5 is in the second batch
    rb = ga.record_batch(saves, ["hp", "trail"])
    assert isinstance(rb, pa.RecordBatch) and rb.num_rows == 10


def test_parquet_and_duckdb_round_trip(tmp_path):
    duckdb = pytest.importorskip("duckdb", reason="DuckDB is not installed (pip install duckdb)")
    saves = []
    for i in range(20):
        saves.append((f"save_{i:02d}", encrypted({
            "player": {"name": f"P{i}", "hp": i, "pos": gd.Vector3(i, 0.5, -i),
                       "inv": [{"id": gd.StringName("sword")}] * (i % 3),
                       "trail": np.arange(3 * i, dtype=np.float32).reshape(i, 3),
                       "tags": gd.PackedStringArray(["t"] * (i % 4))},
            "blob": bytes([i]) * i})))
    saves.append(("broken", b"\x1b\x00\x00\x00\x05"))
    paths = ["player/name", "player/hp", "player/pos", "player/inv", "player/trail",
             "player/tags", "blob", "player/none"]
    t = ga.table(saves, paths, password="hunter2", errors="column")
    out = tmp_path / "saves.parquet"
    pq.write_table(t, out)
    back = pq.read_table(out)
    assert back.equals(t)
    assert [f.metadata for f in back.schema] == [f.metadata for f in t.schema]
    con = duckdb.connect()
    rows = con.execute(f"""
        SELECT file, "player/name", "player/hp", "player/pos"[3], len("player/trail"),
               "player/trail"[2][1], "player/inv", len("player/tags"), octet_length(blob),
               "player/none", error
        FROM read_parquet('{out}') ORDER BY file""").fetchall()
    assert len(rows) == 21
    assert rows[0][0] == "broken" and rows[0][1] is None and "invalid" in rows[0][-1]
    for i, row in enumerate(rows[1:]):
        inv = gd.to_text(gd.dumps([{"id": gd.StringName("sword")}] * (i % 3)))
        assert row == (f"save_{i:02d}", f"P{i}", i, -i, i, 3.0 if i >= 2 else None, inv,
                       i % 4, i, None, None)


def test_import_without_pyarrow(tmp_path):
    code = ("import sys; sys.modules['pyarrow'] = None\n"
            "import gdvariant\n"
            "try:\n"
            "    import gdvariant.arrow\n"
            "except ImportError as e:\n"
            "    print(e)\n")
    # Not from python/: `-c` puts the working directory first on sys.path, and the source
    # folder `gdvariant/` there has no compiled module in a clean checkout.
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "pip install pyarrow" in run.stdout


# -- saves of several store_var frames (issue 40) -----------------------------------------

from mixed_saves import AMBIGUOUS, DAMAGED, PASSWORD, check_rows, crate_values  # noqa: E402
from mixed_saves import write as write_mixed  # noqa: E402

EACH_PATHS = ["player/name", "player/hp", "name", "hp", "slot", "trail/0", "position", "5",
              "flags", "seed"]
FRAME_PATHS = ["#0/player/name", "#0/slot", "#1/name", "#1/hp", "#2/trail/0", "#1/5", "#0/5",
               "#0/flags"]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    files = write_mixed(tmp_path_factory.mktemp("mixed"))
    return files, {str(f): crate_values(f) for f in files}


def test_a_path_names_its_frame_as_the_command_line_does(mixed):
    files, crate = mixed
    table = ga.table(files, FRAME_PATHS, password=PASSWORD, errors="column")
    assert table.schema.names == ["file", *FRAME_PATHS, "error"]
    assert check_rows(table, crate, FRAME_PATHS, each=False) == len(files)
    types = {f.name: (str(f.type), meta(f, "types")) for f in table.schema}
    assert types["#1/name"] == ("string", "String") and types["#1/hp"] == ("int64", "int")
    assert types["#2/trail/0"] == ("fixed_size_list<item: float>[3]", "Vector3")
    assert types["#1/5"] == ("string", "String")  # frame 1 of the engine's: a PackedStringArray
    assert types["#0/flags"] == ("list<item: int32>", "PackedInt32Array")
    by_file = {os.path.basename(r["file"]): r for r in table.to_pylist()}
    assert by_file["frames_003.sav"]["#1/hp"] is not None  # encrypted, three frames
    assert by_file["engine_g4_frames.sav"]["#1/5"].startswith("word_5_")
    assert by_file["one_000.sav"]["#0/player/name"] == "Player 0"
    assert by_file[AMBIGUOUS]["error"].startswith("ambiguous input: it reads as a Godot 4 Plane")
    assert "frame #2" in by_file[DAMAGED]["error"]


def test_frames_each_gives_a_row_per_frame(mixed):
    files, crate = mixed
    table = ga.table(files, EACH_PATHS, password=PASSWORD, errors="column", frames="each")
    assert table.schema.names == ["file", "frame", *EACH_PATHS, "error"]
    assert table.schema.field("frame").type == pa.int64()
    assert meta(table.schema.field("frame"), "role") == "frame"
    frames = sum(1 if isinstance(r, gd.DecodeError) else len(r[0]) for r in crate.values())
    assert check_rows(table, crate, EACH_PATHS, each=True) == frames == 8 + 8 * 3 + 2 + 2 * 2 + 2
    # The mixed column is text in each save's own engine's style.
    assert meta(table.schema.field("5"), "text") == "true"
    assert meta(table.schema.field("flags"), "types") == "PackedInt32Array, PackedStringArray"
    by = {(os.path.basename(r["file"]), r["frame"]): r for r in table.to_pylist()}
    assert by[("engine_g36_frames.sav", 0)]["5"].startswith("Vector3( ")
    assert by[("engine_g4_frames.sav", 1)]["5"].startswith('"word_')
    assert by[("engine_g32_save.sav", 0)]["flags"] == "PoolIntArray( 1, 2, 3, 5, 8 )"
    assert [by[("frames_001.sav", j)]["slot"] for j in range(3)] == [1, None, None]
    # Saves kept in order, frames in order within them.
    keys = [(r["file"], r["frame"]) for r in table.to_pylist()]
    assert keys == sorted(keys, key=lambda k: (k[0], -1 if k[1] is None else k[1]))
    # One schema, batches of saves, Parquet: the frame column survives.
    schema = ga.schema_for(files, EACH_PATHS, password=PASSWORD, errors="column", frames="each")
    assert schema == table.schema
    batches = list(ga.iter_batches(files, EACH_PATHS, batch_size=5, password=PASSWORD,
                                   errors="column", frames="each"))
    assert pa.Table.from_batches(batches).equals(table)
    assert ga.merge_schemas([b.schema for b in batches]) == table.schema


def test_a_plain_path_in_a_save_of_frames_says_how_to_name_one():
    multi = b"".join(gd.dumps(v, prefixed=True) for v in ({"slot": 1}, {"hp": 7}, {"hp": 8}))
    single = gd.dumps({"hp": 5})
    with pytest.raises(ga.SaveError) as caught:
        ga.table([("m", multi)], ["hp"])
    assert caught.value.kind == "multiple_frames" and caught.value.file == "m"
    assert caught.value.message == (
        'the save holds 3 store_var frames, not one value: start path "hp" with the '
        'frame\'s number, #0 to #2 (as in "#0/hp"), or pass frames="each" for one row per '
        "frame")
    # In a save of one value, #0/ and the plain path are the same; other frames: nowhere.
    table = ga.table([("s", single), ("m", multi)], ["hp", "#0/hp", "#1/hp", "#2", "#9/hp"],
                     errors="column")
    rows = table.to_pylist()
    assert rows[0] == {"file": "s", "hp": 5, "#0/hp": 5, "#1/hp": None, "#2": None,
                       "#9/hp": None, "error": None}
    assert rows[1]["error"].startswith("the save holds 3 store_var frames")
    table = ga.table([("s", single), ("m", multi)], ["#0/hp", "#1/hp", "#2"])
    assert table.to_pylist() == [
        {"file": "s", "#0/hp": 5, "#1/hp": None, "#2": None},
        {"file": "m", "#0/hp": None, "#1/hp": 7, "#2": '{\n"hp": 8\n}'}]
    with pytest.raises(ga.SaveError) as caught:
        ga.table([("s", single)], ["#1/hp"], missing="error")
    assert (caught.value.kind, caught.value.message) == (
        "missing", "path '#1/hp': no value #1: the save holds 1 value (#0)")
    with pytest.raises(ga.SaveError) as caught:
        ga.table([("m", multi)], ["#5"], missing="error")
    assert caught.value.message == "path '#5': no value #5: the save holds 3 values (#0 to #2)"
    table = ga.table([("s", single), ("m", multi)], ["hp"], frames="each")
    assert table.to_pylist() == [{"file": "s", "frame": 0, "hp": 5},
                                 {"file": "m", "frame": 0, "hp": None},
                                 {"file": "m", "frame": 1, "hp": 7},
                                 {"file": "m", "frame": 2, "hp": 8}]


@pytest.mark.parametrize("kw, message", [
    ({"paths": ["#x/hp"]}, 'path "#x/hp": `#` is followed by a frame\'s number'),
    ({"paths": ["#-1"]}, 'path "#-1": `#` is followed by a frame\'s number'),
    ({"paths": ["#+1/hp"]}, 'path "#+1/hp": `#` is followed by a frame\'s number'),
    ({"paths": ["#1/hp"], "frames": "each"}, "with frames=\"each\" a path is read in every frame"),
    ({"paths": ["hp"], "frames": "all"}, 'frames must be "one"'),
    ({"paths": ["frame"], "frames": "each"}, "two columns would be named 'frame'"),
])
def test_bad_frame_paths_and_options_fail_before_reading(kw, message):
    paths = kw.pop("paths")
    with pytest.raises(ValueError, match=re.escape(message)):
        ga.table([("unread", b"")], paths, **kw)
    # A key that starts with '#' is quoted.
    table = ga.table([("s", gd.dumps({"#1": 2}))], ['"#1"'])
    assert table.column('"#1"').to_pylist() == [2]
