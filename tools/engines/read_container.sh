#!/usr/bin/env bash
# Has a real engine open a compressed or encrypted file (store_var values inside) through
# File / FileAccess, and print every value it reads.
#   tools/engines/read_container.sh ENGINE CONTAINER FILE        ENGINE: g32, g36 or g4
# CONTAINER: compressed:fastlz|deflate|zstd|gzip (g4 also compressed:brotli),
#            pass:PASSWORD (open_encrypted_with_pass) or key:HEX (32-byte key, 64 hex digits)
# Prints "ORACLE-VALUE <var2str / var_to_str of the value, as a JSON string>" per value,
# then "ORACLE-COUNT N"; or "ORACLE-ERROR open failed: CODE" when the engine refuses the
# file (a wrong key or password fails the engine's MD5 check). The engine's ERROR lines
# are kept. Exits with the engine's status.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=engines.sh
source "$here/engines.sh"
[ $# -eq 3 ] || { echo "usage: $0 ENGINE CONTAINER FILE" >&2; exit 2; }
file=$(readlink -f -- "$3") && [ -f "$file" ] || { echo "$0: no such file: $3" >&2; exit 2; }
# The path and the container go as hex: Godot 3 reads an environment variable's bytes as
# Latin-1, which would mangle a UTF-8 password or path.
hex() { printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n'; }
ORACLE_IN_HEX=$(hex "$file") ORACLE_CONTAINER_HEX=$(hex "$2") \
  godot_run_scratch "$1" -s "$here/gd/read_container$(godot_major "$1").gd" 2>&1 \
  | grep -E '^(ORACLE-|ERROR|SCRIPT ERROR)' | grep -v -e "locale 'C'"
exit "${PIPESTATUS[0]}"
