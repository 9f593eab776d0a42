"""Writes a folder of generated Godot 4 saves, for trying `dask_saves.py` (and its test):

    python python/examples/make_saves.py /tmp/saves 1000 --password hunter2

Each save is a realistic save game: a player (name, hp, an `xp` that is an int in every
tenth save and a float elsewhere, position, rotation, an inventory of dictionaries with
StringName ids) and a world (seed, time, the trail the player walked as a
PackedVector3Array of `--points` points on average, flags as a PackedStringArray, a
PackedFloat32Array heightmap). Save i is written in one of four ways, by i % 4: 0 plain
`var_to_bytes`, 1 one `store_var` frame, 2 a `store_var` frame in a compressed file
(`FileAccess.open_compressed`: Zstd, GZIP, Deflate, FastLZ in turn), 3 a `store_var` frame
in a file encrypted with the password (`open_encrypted_with_pass`). `--corrupt N` adds N
damaged files (cut short). Deterministic for a given `--seed`.
"""

import argparse
import random
from pathlib import Path
from typing import Any, Dict, Optional

import numpy as np

import gdvariant

ITEMS = ["sword", "shield", "potion", "arrow", "bow", "key", "map", "torch", "rope", "gem"]
MODES = ["zstd", "gzip", "deflate", "fastlz"]


def save_game(i: int, seed: int = 0, points: int = 300) -> Dict[str, Any]:
    """Save number ``i``: the same value for the same ``i`` and ``seed``."""
    rnd = random.Random(seed * 1_000_003 + i)
    rng = np.random.default_rng(seed * 1_000_003 + i)
    n_points = rnd.randint(points // 2, points * 3 // 2)
    trail = np.cumsum(rng.normal(0, 0.5, size=(n_points, 3)), axis=0).astype(np.float32)
    inventory = [
        {"id": gdvariant.StringName(rnd.choice(ITEMS)), "count": rnd.randint(1, 99),
         "durability": round(rnd.random(), 3)}
        for _ in range(rnd.randint(0, 12))
    ]
    return {
        "version": 4,
        "saved_at": f"2026-11-{1 + i % 28:02d}T{i % 24:02d}:00:00",
        "player": {
            "name": f"Player {i}",
            "hp": rnd.randint(0, 100),
            "max_hp": 100,
            "level": rnd.randint(1, 60),
            # GDScript's `var xp = 0` stays an int until the first float is added.
            "xp": 0 if i % 10 == 0 else rnd.random() * 10_000,
            "position": gdvariant.Vector3(*(float(v) for v in trail[-1])),
            "rotation": gdvariant.Quaternion(0.0, rnd.random(), 0.0, 1.0),
            "inventory": inventory,
            "equipped": gdvariant.StringName(rnd.choice(ITEMS)),
        },
        "world": {
            "seed": rnd.getrandbits(62),
            "time_of_day": rnd.random() * 24,
            "trail": trail,
            "flags": gdvariant.PackedStringArray(
                [f"quest_{k}_done" for k in range(rnd.randint(0, 8))]),
            "heightmap": rng.random(64, dtype=np.float32),
        },
    }


def encode(i: int, value: Any, password: Optional[str]) -> bytes:
    """Save ``i``'s file bytes, in the container ``i % 4`` picks."""
    way = i % 4 if password is not None else i % 3
    if way == 0:
        return gdvariant.dumps(value)
    framed = gdvariant.dumps(value, prefixed=True)
    if way == 1:
        return framed
    if way == 2:
        return gdvariant.pack(framed, compress=MODES[(i // 4) % len(MODES)])
    return gdvariant.pack(framed, password=password)


def write(folder: Path, count: int, password: Optional[str] = "hunter2", seed: int = 0,
          points: int = 300, corrupt: int = 0) -> list:
    """Writes ``count`` saves (and ``corrupt`` damaged files) to ``folder``; returns the
    paths, in name order."""
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for i in range(count):
        path = folder / f"save_{i:06d}.sav"
        path.write_bytes(encode(i, save_game(i, seed, points), password))
        out.append(path)
    for k in range(corrupt):
        path = folder / f"save_corrupt_{k:03d}.sav"
        whole = gdvariant.dumps(save_game(count + k, seed, points))
        path.write_bytes(whole[: len(whole) // 2])  # cut short
        out.append(path)
    return sorted(out)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("folder", type=Path)
    p.add_argument("count", type=int)
    p.add_argument("--password", default="hunter2",
                   help="the encrypted saves' password (default hunter2); '' for none")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--points", type=int, default=300, help="average trail length")
    p.add_argument("--corrupt", type=int, default=0, help="damaged files to add")
    a = p.parse_args()
    paths = write(a.folder, a.count, a.password or None, a.seed, a.points, a.corrupt)
    size = sum(path.stat().st_size for path in paths)
    print(f"{len(paths)} files, {size:,} bytes, in {a.folder}")


if __name__ == "__main__":
    main()
