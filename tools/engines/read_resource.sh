#!/usr/bin/env bash
# Has a real engine load a ConfigFile, resource or scene file (text or binary, compressed
# RSCC included) and print what it read, so a test can compare the engine's reading of a
# file we wrote with its reading of the file the engine wrote.
#   tools/engines/read_resource.sh ENGINE FILE [pass:PASSWORD|key:HEX]    ENGINE: g32 g36 g4
# The engine runs in a scratch folder that links every file beside FILE, as res://, and
# loads res://<FILE's name>: references such as res://custom_res.gd resolve beside FILE.
# FILE is a ConfigFile when a secret is given or its name ends in .cfg/.ini/.conf/.godot/
# .import (GDV_READ_AS=config|resource overrides), else ResourceLoader.load reads it.
# Output, one line each (every value in the engine's own var_to_str / var2str text, as a
# JSON string):
#   CONFIG  ORACLE-SECTION "name" / ORACLE-KEY "section" "key" "text"
#   RESOURCE ORACLE-OBJECT "path" "class" "script"  then  ORACLE-PROP "path" "name" "text"
#            (a sub-resource is "<sub_resource>" followed by its own lines under path/name;
#            an external one "<external CLASS res://PATH>"; an array holding resources
#            "<array N>" then name[i] lines)
#   SCENE    ORACLE-NODE "path" "type" "owner-relative parent" "sorted groups" "instance"
#            ORACLE-NODEPROP "node:path" "name" "text" (sorted by name)
#            ORACLE-CONNECTION "from" "signal" "to" "method" "flags" "binds"
# then ORACLE-END; ORACLE-ERROR "…" when the engine cannot load it. A file holding an
# embedded script (script/source, VisualScript, CSharpScript) is refused unless
# GDV_RUN_EMBEDDED_SCRIPT=1, because loading it runs its code.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=engines.sh
source "$here/engines.sh"
[ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: $0 ENGINE FILE [pass:PASSWORD|key:HEX]" >&2; exit 2; }
file=$(readlink -f -- "$2") && [ -f "$file" ] || { echo "$0: no such file: $2" >&2; exit 2; }
project=$(mktemp -d "${TMPDIR:-/tmp}/gdvariant-res.XXXXXX") || exit 2
trap 'rm -rf "$project"' EXIT
for f in "$(dirname "$file")"/*; do ln -s "$f" "$project/"; done
hex() { printf '%s' "$1" | od -An -v -tx1 | tr -d ' \n'; }
name=$(basename "$file")
status=0
( cd "$project" && GDV_IN_HEX=$(hex "res://$name") GDV_SECRET_HEX=$(hex "${3:-}") \
    godot_run "$1" -s "$here/gd/read_resource$(godot_major "$1").gd" ) 2>&1 \
  | grep -E '^(ORACLE-|CANARY)' || status=$?
exit 0
