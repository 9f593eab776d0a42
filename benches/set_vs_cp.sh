#!/usr/bin/env bash
# `gdvariant set` on a 1.16 GB file next to `cp` and `cp` + `sync`, in the same minutes.
# Usage: bash benches/set_vs_cp.sh [DIR] [ROUNDS]   (needs ~3.5 GB free in DIR, default /tmp)
# Prints each round's wall, user and system seconds, then the best of each.
set -euo pipefail
dir=${1:-/tmp}
rounds=${2:-5}
cd "$(dirname "$0")/.."
cargo build --release -q -p gdvariant-cli
cargo build --release -q -p gdvariant --example make_huge
bin=target/release/gdvariant
file=$dir/gdvariant-set-bench.bin
trap 'rm -f "$file" "$file.out" "$file.cp"' EXIT
# {"players": {"p0": {…}, …, "p4999999": {…}}, "mesh": PackedVector3Array(45,000,000)}
target/release/examples/make_huge "$file" 5000000 45000000
run() { # label, command…
    local label=$1
    shift
    /usr/bin/time -f "$label %e %U %S" "$@" 2>&1 >/dev/null | tail -1
}
for _ in $(seq "$rounds"); do
    run set "$bin" -q set "$file" players/p4999999/hp 1.0 -o "$file.out"
    run check "$bin" -q check "$file"
    run cp cp "$file" "$file.cp"
    rm -f "$file.cp"
    run cp+sync sh -c "cp '$file' '$file.cp' && sync '$file.cp'"
    rm -f "$file.cp" "$file.out"
done | tee /dev/stderr | awk '
    { if (!($1 in best) || $2 < best[$1]) { best[$1] = $2; user[$1] = $3; sys[$1] = $4 } }
    END { for (k in best) printf "best %-8s %5.2f s wall (%.2f user, %.2f system)\n", k, best[k], user[k], sys[k] }'
