"""`loads` of one file with two builds of the package, measured alternately: each round
runs one process per build (the order swapped every round), each timing `loads` a few
times after a warm-up; the report is the median over rounds of each process's median.

    python python/bench/alternate.py BEFORE AFTER [FILE] [--rounds N]

BEFORE and AFTER are folders that hold a `gdvariant` package (for example
`pip install --no-deps --target /tmp/before dist/gdvariant-*.whl`). FILE defaults to the
Godot-written save game, tests/fixtures/g4-large/large_savegame_10mb.bin.
"""

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

SAVE = Path(__file__).resolve().parents[2] / "tests/fixtures/g4-large/large_savegame_10mb.bin"

ONE = """
import gc, statistics, sys, time
import gdvariant as gd
data = open(sys.argv[1], "rb").read()
gd.loads(data)
times = []
for _ in range(int(sys.argv[2])):
    gc.collect()
    t = time.perf_counter()
    value = gd.loads(data)
    times.append(time.perf_counter() - t)
    del value
print(statistics.median(times), gd.__file__)
"""


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("builds", nargs=2, help="folders holding a gdvariant package")
    parser.add_argument("file", nargs="?", default=str(SAVE))
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--runs", type=int, default=5, help="timed loads per process")
    args = parser.parse_args()
    size = Path(args.file).stat().st_size
    results = {b: [] for b in args.builds}
    for r in range(args.rounds):
        order = args.builds if r % 2 == 0 else args.builds[::-1]
        for build in order:
            env = dict(os.environ, PYTHONPATH=str(Path(build).resolve()))
            out = subprocess.run([sys.executable, "-c", ONE, args.file, str(args.runs)],
                                 env=env, capture_output=True, text=True, check=True).stdout
            seconds, where = out.split(maxsplit=1)
            if not where.strip().startswith(str(Path(build).resolve())):
                sys.exit(f"{build}: imported {where.strip()} instead")
            results[build].append(float(seconds))
    print(f"{Path(args.file).name}: {size / 1e6:.1f} MB, {args.rounds} rounds x {args.runs} loads")
    for build, times in results.items():
        best, m = min(times), statistics.median(times)
        print(f"  {build}: best {best * 1e3:.1f} ms ({size / best / 1e6:.0f} MB/s), "
              f"median {m * 1e3:.1f} ms, worst {max(times) * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
