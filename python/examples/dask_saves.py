"""Chosen paths of every save in a folder, on a Dask cluster, into one Parquet dataset:

    python python/examples/dask_saves.py SAVES_DIR OUT.parquet --paths player/name player/hp \\
        world/trail [--frames each] [--password PW] [--godot 3|4|…] [--workers N] \\
        [--scheduler ADDRESS] [--batch-size B] [--strict]

One row per save: a column `file` (the save's path), one column per path (named by the
path, typed as `gdvariant.arrow` types it), and a column `error` (null, or why the save
could not be read: its path columns are then null). `--strict` fails the run on the first
bad save instead, naming it (exit status 1, nothing written).

Saves of several `store_var` frames (a header, then the player, then the world: how most
games save) are read two ways. By default a path names its frame as the command line's
do: `#1/player/hp` is frame 1's `player/hp` (in a save of one value, `#0/player/hp` and
`player/hp` are the same, and a frame a save lacks is null); a plain path in a save of
several frames makes that save an error row. `--frames each` gives one row per frame
instead, with a column `frame` (its number, from 0; a save of one value is frame 0), and
paths name a place in every frame, without `#N`.

The saves are every regular file directly in SAVES_DIR whose name does not start with a
dot, in name order: plain `var_to_bytes`, `store_var` frames, compressed
(`open_compressed`) or encrypted with `--password` (`open_encrypted_with_pass`; plain and
compressed saves ignore it), Godot 3 or 4, found per file (or the dialect `--godot` or the
environment's `GDVARIANT_GODOT` names: a save two dialects read as well is an error row,
never a guess).

It runs on `dask.distributed`: a `LocalCluster` of `--workers` worker processes (one
thread each; default 2), or the scheduler at `--scheduler tcp://host:8786`, whose workers
must have `gdvariant` and `pyarrow` installed and see SAVES_DIR and OUT at the same paths
(a shared file system). The files are split into tasks of `--batch-size` saves (by
default four tasks per worker, at most 1,000 saves each), in two rounds:

1. each task reads its saves' types (`gdvariant.arrow.schema_for`: every save opened and
   validated, no value converted), and the client merges them into one schema
   (`merge_schemas`: a path with values of several types becomes the engine's text);
2. each task builds its saves' `pyarrow.Table` with that schema and writes it to
   `OUT/part-NNNNN.parquet`.

OUT is a **directory**: a Parquet dataset of one file per task, all with the same schema,
in the saves' name order (`part-00000.parquet` holds the first batch). It is written under
a temporary name beside OUT and renamed when every task is done; an existing OUT is an
error. Read it with `pyarrow.parquet.read_table(OUT)`, DuckDB's
`read_parquet('OUT/*.parquet')`, Polars' `pl.read_parquet('OUT/*.parquet')` or Spark's
`spark.read.parquet(OUT)`.

The run prints saves per second (both rounds, the cluster's start not counted) and, per
worker, its resident memory when idle (the modules loaded) and at its peak, and the peak
above idle divided by the saves of one task: the bytes per save a worker holds at peak
(fixed costs included; on a long-running cluster the peak also covers the workers'
earlier work). Its CPU time gives saves per worker CPU-second, which a busy machine does
not skew as it skews saves per second.
"""

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from typing import Any, Dict, List, Optional


MAX_BATCH = 1000


def saves_in(folder: str) -> List[str]:
    """The saves of ``folder``: its regular files not named with a leading dot, sorted."""
    names = sorted(n for n in os.listdir(folder) if not n.startswith("."))
    return [os.path.join(folder, n) for n in names if os.path.isfile(os.path.join(folder, n))]


def _rss() -> int:
    """This process's resident memory now, in bytes."""
    import psutil  # a dependency of distributed

    return psutil.Process().memory_info().rss


def _peak_rss() -> int:
    """This process's peak resident memory so far, in bytes (Linux reports KiB)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak if sys.platform == "darwin" else peak * 1024


def _cpu() -> float:
    """This process's CPU time so far (user and system), in seconds."""
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def _warm() -> int:
    """Loads what the tasks use and runs them once on a tiny save (so that the idle
    figure counts the modules and the allocators' first arenas); the RSS then."""
    import io

    import gdvariant
    import gdvariant.arrow as ga
    import pyarrow.parquet as pq

    save = gdvariant.dumps({"a": [1.5], "b": gdvariant.Vector3(1, 2, 3)})
    table = ga.table([("warm", save)], ["a", "b", "a/0"], errors="column")
    pq.write_table(table, io.BytesIO())
    return _rss()


def schema_part(files: List[str], paths: List[str], read: Dict[str, Any], strict: bool):
    """Round 1: the schema of one batch of saves (types only)."""
    import gdvariant.arrow as ga

    return ga.schema_for(files, paths, errors="raise" if strict else "column", **read)


def _failed(table) -> list:
    """The saves of ``table`` that could not be read: (file, error), one per save."""
    return [(f, e) for f, e in zip(table.column("file").to_pylist(),
                                   table.column("error").to_pylist()) if e is not None]


def write_part(index: int, files: List[str], paths: List[str], schema, out_dir: str,
               read: Dict[str, Any], strict: bool) -> Dict[str, Any]:
    """Round 2: one batch of saves as ``out_dir/part-{index:05d}.parquet``; what it did."""
    import gdvariant.arrow as ga
    import pyarrow as pa
    import pyarrow.parquet as pq

    errors = "raise" if strict else "column"
    table = ga.table(files, paths, schema=schema, errors=errors, **read)
    # Dictionaries for the text columns only: for floats they cost memory and time, and
    # are dropped anyway once too many values differ.
    strings = [f.name for f in table.schema if f.type == pa.string()]
    pq.write_table(table, os.path.join(out_dir, f"part-{index:05d}.parquet"),
                   use_dictionary=strings)
    failed = [] if strict else _failed(table)
    return {"rows": table.num_rows, "failed": failed, "table_bytes": table.nbytes,
            "input_bytes": sum(os.path.getsize(f) for f in files), "pid": os.getpid()}


def run(folder: str, out: str, paths: List[str], *, password: Optional[str] = None,
        godot: Optional[str] = None, frames: str = "one", workers: int = 2,
        scheduler: Optional[str] = None, batch_size: Optional[int] = None,
        strict: bool = False, log=print) -> Dict[str, Any]:
    """The whole job (what the command line does); returns its figures."""
    from dask.distributed import Client, LocalCluster

    import gdvariant.arrow as ga

    if os.path.exists(out):
        raise FileExistsError(f"{out} exists: remove it or name another output")
    ga.schema_for([], paths, frames=frames)  # the paths, checked before any cluster starts
    files = saves_in(folder)
    if not files:
        raise FileNotFoundError(f"{folder} holds no saves (no regular files)")
    load = os.getloadavg()
    if godot is not None and godot.isdigit():
        godot = int(godot)
    # godot None: the workers' GDVARIANT_GODOT (a local cluster inherits this process's
    # environment), else detection.
    read = {"password": password, "godot": godot, "frames": frames}
    started = time.perf_counter()
    cluster = None
    if scheduler:
        client = Client(scheduler)
    else:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
    try:
        idle = client.run(_warm)
        cpu0 = client.run(_cpu)
        up = time.perf_counter() - started
        t0 = time.perf_counter()
        if batch_size is None:  # four tasks per worker (for balance), at most 1,000 saves
            batch_size = min(MAX_BATCH, max(1, -(-len(files) // (4 * len(idle)))))
        batches = [files[i:i + batch_size] for i in range(0, len(files), batch_size)]
        schemas = client.gather(client.map(schema_part, batches, paths=paths, read=read,
                                           strict=strict, pure=False))
        schema = ga.merge_schemas(schemas)
        t1 = time.perf_counter()
        parent = os.path.dirname(os.path.abspath(out))
        tmp = tempfile.mkdtemp(prefix=os.path.basename(out) + ".tmp-", dir=parent)
        try:
            parts = client.gather(client.map(write_part, range(len(batches)), batches,
                                             paths=paths, schema=schema, out_dir=tmp,
                                             read=read, strict=strict, pure=False))
            os.rename(tmp, out)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        t2 = time.perf_counter()
        peaks = client.run(_peak_rss)
        cpu = client.run(_cpu)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    n = len(files)
    failed = [fe for part in parts for fe in part["failed"]]
    rows = sum(p["rows"] for p in parts)
    figures: Dict[str, Any] = {
        "saves": n, "rows": rows, "failed": failed, "workers": len(idle),
        "batch_size": batch_size,
        "cluster_start_s": up, "schema_s": t1 - t0, "write_s": t2 - t1,
        "saves_per_s": n / (t2 - t0) if t2 > t0 else float("inf"),
        "worker_cpu_s": sum(cpu[w] - cpu0[w] for w in cpu0),
        "input_bytes_per_save": sum(p["input_bytes"] for p in parts) / max(n, 1),
        "table_bytes_per_save": sum(p["table_bytes"] for p in parts) / max(n, 1),
        "memory": {w: {"idle": idle[w], "peak": peaks[w],
                       "per_save": (peaks[w] - idle[w]) / min(batch_size, max(n, 1))}
                   for w in idle},
    }
    per_frame = f", {rows} rows: one per frame" if frames == "each" else ""
    log(f"{n} saves ({len(failed)} unreadable{per_frame}) -> {out}/ ({len(batches)} parts) with "
        f"{len(idle)} workers: {figures['saves_per_s']:,.0f} saves/s "
        f"(schema {t1 - t0:.2f} s, tables and Parquet {t2 - t1:.2f} s; cluster start "
        f"{up:.2f} s not counted)")
    log(f"workers' CPU time {figures['worker_cpu_s']:.2f} s: "
        f"{n / max(figures['worker_cpu_s'], 1e-9):,.0f} saves per worker CPU-second")
    log(f"per save: {figures['input_bytes_per_save']:,.0f} bytes of file, "
        f"{figures['table_bytes_per_save']:,.0f} bytes of Arrow table")
    for w, m in figures["memory"].items():
        log(f"worker {w}: idle {m['idle'] / 2**20:.1f} MiB, peak {m['peak'] / 2**20:.1f} MiB: "
            f"{(m['peak'] - m['idle']) / 2**20:.1f} MiB above idle with batches of "
            f"{batch_size} saves ({m['per_save']:,.0f} bytes per save, fixed costs included)")
    log(f"load average at the start: {load[0]:.2f} ({os.cpu_count()} CPUs)")
    for f, e in failed[:10]:
        log(f"unreadable: {f}: {e}")
    return figures


def main(argv: Optional[List[str]] = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("saves_dir")
    p.add_argument("out", help="the Parquet dataset to write: a new directory")
    p.add_argument("--paths", nargs="+", required=True, metavar="PATH",
                   help="paths in gdvariant's syntax (player/inventory/3/name)")
    p.add_argument("--password", help="the encrypted saves' password")
    p.add_argument("--godot", help="auto, 3, 4, pm-a, pm-b, pm-c (default: GDVARIANT_GODOT's "
                   "dialect, else auto)")
    p.add_argument("--frames", choices=["one", "each"], default="one",
                   help="one: a row per save, #N/path names a frame (default); each: a row "
                   "per store_var frame, with a column frame")
    p.add_argument("--workers", type=int, default=2,
                   help="worker processes of the local cluster (default 2)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="a running scheduler (tcp://host:8786) instead of a local cluster")
    p.add_argument("--batch-size", type=int,
                   help="saves per task (default: four tasks per worker, at most 1,000 saves)")
    p.add_argument("--strict", action="store_true",
                   help="fail on the first unreadable save instead of an error row")
    a = p.parse_args(argv)
    if a.workers < 1 or (a.batch_size is not None and a.batch_size < 1):
        p.error("--workers and --batch-size are at least 1")
    try:
        run(a.saves_dir, a.out, a.paths, password=a.password, godot=a.godot,
            frames=a.frames, workers=a.workers, scheduler=a.scheduler,
            batch_size=a.batch_size, strict=a.strict)
    except (FileExistsError, FileNotFoundError, NotADirectoryError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except ValueError as e:  # SaveError (--strict), a bad path, mixed types
        print(f"error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
