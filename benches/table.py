#!/usr/bin/env python3
"""Prints the figures of the last `cargo bench --bench read` as a Markdown table:
throughput in MB/s (bytes of the input per second, 10^6 bytes) and, for every row, its
share of `parse` on the same blob in the same run. Reads target/criterion, or $CARGO_TARGET_DIR/criterion (mean times)."""
import json
import os
import sys

ROOT = os.path.join(
    os.environ.get("CARGO_TARGET_DIR")
    or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "target"),
    "criterion",
)
BLOBS = ["dict_nested_100k", "dict_str_10k", "save_game_8mb", "pv3_1m"]
ROWS = ["parse", "visit", "events", "views", "to_owned", "json", "json_par", "text", "text_par", "reencode", "owned_encode", "memcpy"]


def figure(blob, row):
    base = os.path.join(ROOT, blob, row, "new")
    try:
        with open(os.path.join(base, "estimates.json")) as f:
            mean_ns = json.load(f)["mean"]["point_estimate"]
        with open(os.path.join(base, "benchmark.json")) as f:
            size = json.load(f)["throughput"]["Bytes"]
    except (OSError, KeyError, TypeError):
        return None
    return size / (mean_ns * 1e-9) / 1e6


def main():
    present = [b for b in BLOBS if figure(b, "parse")]
    if not present:
        sys.exit("no results: run `cargo bench --bench read` first")
    print("| work | " + " | ".join(present) + " |")
    print("|---|" + "---|" * len(present))
    for row in ROWS:
        cells = []
        for blob in present:
            mbs, parse = figure(blob, row), figure(blob, "parse")
            if mbs is None:
                cells.append("")
            elif row == "parse":
                cells.append(f"{mbs:,.0f} MB/s")
            else:
                cells.append(f"{mbs:,.0f} MB/s ({100 * mbs / parse:.0f} %)")
        print(f"| `{row}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
