#!/usr/bin/env bash
# Decodes a batch of blobs with one run of a real engine.
#   tools/engines/decode_all.sh ENGINE DIR        ENGINE: g32, g36 or g4
# DIR holds cases.jsonl and the blobs it names (protocol: gd/decode_all3.gd and
# gd/decode_all4.gd). Prints the engine's output, stderr merged: per case "ORACLE-CASE
# name", the engine's ERROR lines for it, "ORACLE-JSON {...}"; "ORACLE-DONE" at the end.
# Exits with the engine's status (124: the timeout ended it, 134/139: abort/crash).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=engines.sh
source "$here/engines.sh"
[ $# -eq 2 ] || { echo "usage: $0 ENGINE DIR" >&2; exit 2; }
dir=$(cd "$2" && pwd) || exit 2
[ -f "$dir/cases.jsonl" ] || { echo "$0: $dir has no cases.jsonl" >&2; exit 2; }
ORACLE_DIR=$dir godot_run_scratch "$1" -s "$here/gd/decode_all$(godot_major "$1").gd" 2>&1
