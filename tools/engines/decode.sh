#!/usr/bin/env bash
# Decodes one file with a real engine.
#   tools/engines/decode.sh [--prefixed] ENGINE FILE        ENGINE: g32, g36 or g4
# Prints one "ORACLE-JSON {name, decoded_type_id, decoded_text, decoded_error[,
# decoded_consumed]}" line per way of reading FILE (protocol: gd/decode_all4.gd):
#   plain, objects                      var2bytes / var_to_bytes of the whole file, objects
#                                       disallowed, then allowed
# and with --prefixed (FILE is a store_var / put_var file, a u32 length first):
#   prefixed, prefixed_objects          the same after dropping the 4-byte length
#   get_var, get_var_objects            File(Access).get_var, which trusts the length
# The engine's own ERROR lines come before the line of the case that printed them.
# Exits with the engine's status.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefixed=0
if [ "${1:-}" = "--prefixed" ]; then prefixed=1; shift; fi
[ $# -eq 2 ] || { echo "usage: $0 [--prefixed] ENGINE FILE" >&2; exit 2; }
engine=$1
file=$(readlink -f -- "$2") && [ -f "$file" ] || { echo "$0: no such file: $2" >&2; exit 2; }
raw=var_to_bytes
[ "$engine" = g4 ] || raw=var2bytes
dir=$(mktemp -d "${TMPDIR:-/tmp}/gdvariant-decode.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
ln -s "$file" "$dir/input.bin"
{
  case_line() { printf '{"name": "%s", "file": "input.bin", "function": "%s", "full_objects": %s}\n' "$@"; }
  case_line plain "$raw" false
  case_line objects "$raw" true
  if [ "$prefixed" = 1 ]; then
    case_line prefixed store_var false
    case_line prefixed_objects store_var true
    case_line get_var get_var false
    case_line get_var_objects get_var true
  fi
} >"$dir/cases.jsonl"
"$here/decode_all.sh" "$engine" "$dir" | grep -v -e '^ORACLE-CASE ' -e '^ORACLE-DONE$' -e '^Godot Engine v' -e '^ *$' -e "locale 'C'" -e 'core/translation.cpp'
exit "${PIPESTATUS[0]}"
