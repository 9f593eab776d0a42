"""Reads every Godot 4 save (`*.bin`, `*.sav`) in a folder in parallel and prints one line
per file: its name, the type of its value and its size.

    python python/examples/parallel.py tests/fixtures/g4
"""

import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import gdvariant


def describe(path: Path):
    try:
        view = gdvariant.open(path)  # memory-mapped and validated; nothing is built
    except gdvariant.DecodeError as e:
        return path.name, f"invalid ({e.kind} at offset {e.offset})", 0
    return path.name, view.type, view.size


def main(folder: str) -> None:
    paths = sorted(p for p in Path(folder).iterdir() if p.suffix in (".bin", ".sav"))
    with ProcessPoolExecutor() as pool:
        for name, kind, size in pool.map(describe, paths, chunksize=16):
            print(f"{name}\t{kind}\t{size}")


if __name__ == "__main__":
    main(sys.argv[1])
