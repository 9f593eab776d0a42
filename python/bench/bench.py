"""Decode and encode the four standard benchmark blobs with gdvariant and the Python peers,
in one run, and print a Markdown table (MB/s = blob bytes / median time).

    python python/bench/bench.py               # writes the blobs to a temporary folder
    python python/bench/bench.py /tmp/blobs    # uses (or first writes) the blobs there

The blobs (`<name>_g3.bin` / `<name>_g4.bin`; only the `_g4` ones are read) are the Rust
benches' inputs, written by the crate's example: this script runs
`cargo run --release --example bench_blobs -- FOLDER` from the repository root when
FOLDER does not hold them yet (the example's first build takes a few minutes; see
examples/bench_blobs.rs). Run that command yourself to make them once and reuse the folder.

Peers: playgodot (pip install playgodot==0.5.1) and gdtype-python (not on PyPI: pip
install the `src` folder of its repository); each is skipped when not installed. A peer
that raises on a blob is reported with the exception's name.
"""

import contextlib
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import gdvariant as gd

BLOBS = ["dict_nested_100k", "dict_str_10k", "pv3_1m", "bytes_10mb"]
REPO = Path(__file__).resolve().parents[2]


def ensure_blobs(folder):
    """Writes the standard blobs into `folder` with the crate's example, unless there."""
    if all((Path(folder) / f"{blob}_g4.bin").is_file() for blob in BLOBS):
        return
    print(f"writing the blobs into {folder} (cargo run --release --example bench_blobs)",
          file=sys.stderr)
    subprocess.run(["cargo", "run", "--release", "--example", "bench_blobs", "--", str(folder)],
                   cwd=REPO, check=True, stdout=subprocess.DEVNULL)


def peers():
    impls = {
        "gdvariant": (lambda b: gd.loads(b), lambda v: gd.dumps(v)),
        "gdvariant view": (lambda b: gd.view(b), None),
    }
    try:
        from playgodot import variant as pg
        impls["playgodot 0.5.1"] = (lambda b: pg.decode_variant(b)[0], pg.encode_variant)
    except ImportError:
        print("playgodot is not installed: skipped", file=sys.stderr)
    try:
        from gdtype import binaryapiv4 as gt
        # gdtype reads and writes PacketPeer packets: a u32 length, then the value. The
        # prefix is made outside the timed call.
        impls["gdtype-python"] = (quiet(gt.deserialize), quiet(gt.serialize))
    except ImportError:
        print("gdtype-python is not installed: skipped", file=sys.stderr)
    return impls


def quiet(f):
    """`f` with its prints (gdtype prints whole inputs on failure) swallowed."""
    def call(arg):
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            return f(arg)
    return call


def median_seconds(f, arg, budget=1.0, runs=15):
    times = []
    start = time.perf_counter()
    while len(times) < runs and (len(times) < 3 or time.perf_counter() - start < budget):
        t = time.perf_counter()
        result = f(arg)
        times.append(time.perf_counter() - t)
        del result  # freeing what was built is not part of building it
    return statistics.median(times)


TIMEOUT = 120  # seconds for one measurement; gdtype is quadratic on dict_nested_100k


def one(folder, name, blob, op):
    """One measurement, in this process: prints `seconds` or `raises Name`."""
    decode, encode = peers()[name]
    raw = (Path(folder) / f"{blob}_g4.bin").read_bytes()
    data = len(raw).to_bytes(4, "little") + raw if name == "gdtype-python" else raw
    try:
        if op == "decode":
            print(median_seconds(decode, data))
        else:
            print(median_seconds(encode, decode(data)))
    except Exception as e:  # noqa: BLE001 - a peer's failure is a result
        print(f"raises {type(e).__name__}")


def measure(folder, name, blob, op, size):
    """`one` in a child process with a time limit: (cell text, seconds or None)."""
    try:
        out = subprocess.run([sys.executable, __file__, folder, name, blob, op],
                             capture_output=True, text=True, timeout=TIMEOUT).stdout.strip()
    except subprocess.TimeoutExpired:
        return f"over {TIMEOUT} s", None
    if not out or out.startswith("raises"):
        return out or "crashed", None
    seconds = float(out.splitlines()[-1])
    shown = f"{seconds * 1e6:.1f} µs" if seconds < 1e-3 else f"{seconds * 1e3:.2f} ms"
    return f"{shown} ({size / seconds / 1e6:,.0f} MB/s)", seconds


def main(folder):
    impls = peers()
    print("| blob | implementation | decode | encode |")
    print("|---|---|---|---|")
    for blob in BLOBS:
        size = (Path(folder) / f"{blob}_g4.bin").stat().st_size
        ours = None
        for name, (_, encode) in impls.items():
            text, seconds = measure(folder, name, blob, "decode", size)
            enc_text = measure(folder, name, blob, "encode", size)[0] if encode else "–"
            if name == "gdvariant":
                ours = seconds
            elif seconds and ours and name != "gdvariant view":
                text += f" — gdvariant {seconds / ours:,.1f}× faster"
            elif seconds is None and ours and text.startswith("over"):
                text += f" — gdvariant over {TIMEOUT / ours:,.0f}× faster"
            print(f"| {blob} | {name} | {text} | {enc_text} |", flush=True)
    # pv3_1m to NumPy is a view: constant time, whatever the length.
    big = (Path(folder) / "pv3_1m_g4.bin").read_bytes()
    small = gd.dumps(gd.loads(big)[:1000])
    t_small, t_big = median_seconds(gd.loads, small), median_seconds(gd.loads, big)
    print(f"\npv3 to NumPy: 1,000 elements {t_small * 1e6:.1f} µs, 1,000,000 elements "
          f"{t_big * 1e6:.1f} µs (a view: O(1))")


if __name__ == "__main__":
    if len(sys.argv) == 5:
        one(*sys.argv[1:])
    elif len(sys.argv) > 1:
        ensure_blobs(sys.argv[1])
        main(sys.argv[1])
    else:
        with tempfile.TemporaryDirectory(prefix="gdvariant-bench-") as tmp:
            ensure_blobs(tmp)
            main(tmp)
