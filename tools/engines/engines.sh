#!/usr/bin/env bash
# How this project runs the three real Godot engines, headless, each run under `timeout`.
#
#   engine  version  where (tools/engines/install.sh puts them there)
#   g32     3.2.3    `godot3-server` on PATH (Debian bookworm's package)
#   g36     3.6.2    $SID_ROOT/usr/bin/godot3-server (Debian sid's package)
#   g4      4.6.3    $SID_ROOT/usr/bin/godot (Debian sid's package)
#
# SID_ROOT (default /opt/godot-sid) is a separate Debian sid root: its binaries run through
# its own dynamic loader with its own library path, so the host needs no sid package and
# no chroot at run time.
#
# Two ways to use it:
#   bash tools/engines/engines.sh check [ENGINE...]   one line per engine, "ok" or what is
#                                                     missing; exit 1 when one is missing
#   bash tools/engines/engines.sh ENGINE ARGS...      runs the engine with ARGS, in a fresh
#                                                     scratch folder as working directory
#   source tools/engines/engines.sh; godot_run ENGINE ARGS...   (the same, from a script;
#                                                     the working directory is yours)
# Environment:
#   GODOT_TIMEOUT   seconds before a run is killed (default 300). A GDScript runtime error
#                   does not end the engine, it keeps spinning: the timeout ends it (124).
#   GODOT_HOME      where the engine keeps user://, its config and caches (default: a
#                   temporary folder per run, removed afterwards).

GODOT_SID_ROOT=${SID_ROOT:-/opt/godot-sid}
GODOT_ENGINES=(g32 g36 g4)

# The sid loader and library path for the g36 and g4 binaries.
godot_sid_loader() { printf '%s\n' "$GODOT_SID_ROOT/lib64/ld-linux-x86-64.so.2"; }
godot_sid_libs() {
  local lib=$GODOT_SID_ROOT/usr/lib/x86_64-linux-gnu
  printf '%s\n' "$lib:$GODOT_SID_ROOT/lib/x86_64-linux-gnu:$lib/pulseaudio"
}

# What is missing to run ENGINE, one line each; nothing when it can run.
godot_missing() {
  case "$1" in
    g32)
      command -v godot3-server >/dev/null 2>&1 \
        || echo "g32 (Godot 3.2.3): godot3-server is not on PATH"
      ;;
    g36 | g4)
      local exe=godot3-server version=3.6.2
      [ "$1" = g4 ] && exe=godot version=4.6.3
      [ -x "$GODOT_SID_ROOT/usr/bin/$exe" ] \
        || echo "$1 (Godot $version): $GODOT_SID_ROOT/usr/bin/$exe does not exist"
      [ -x "$(godot_sid_loader)" ] \
        || echo "$1 (Godot $version): the sid loader $(godot_sid_loader) does not exist"
      ;;
    *) echo "$1: unknown engine (g32, g36 or g4)" ;;
  esac
  command -v timeout >/dev/null 2>&1 || echo "$1: timeout (coreutils) is not on PATH"
}

# Runs ENGINE with the remaining arguments; its exit status is the engine's (124 when the
# timeout ended it, 134/139 on an abort or a crash).
godot_run() {
  local engine=$1
  shift
  local missing
  missing=$(godot_missing "$engine")
  if [ -n "$missing" ]; then
    printf 'engines.sh: cannot run %s:\n%s\ninstall the engines: tools/engines/install.sh (as root)\n' \
      "$engine" "$missing" >&2
    return 2
  fi
  local -a exe
  case "$engine" in
    g32) exe=(godot3-server) ;;
    g36) exe=("$(godot_sid_loader)" --library-path "$(godot_sid_libs)" "$GODOT_SID_ROOT/usr/bin/godot3-server") ;;
    g4) exe=("$(godot_sid_loader)" --library-path "$(godot_sid_libs)" "$GODOT_SID_ROOT/usr/bin/godot" --headless) ;;
  esac
  local home=${GODOT_HOME:-} scratch=""
  if [ -z "$home" ]; then
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/gdvariant-godot.XXXXXX") || return 2
    home=$scratch
  fi
  mkdir -p "$home/data" "$home/config" "$home/cache"
  local status=0
  XDG_DATA_HOME=$home/data XDG_CONFIG_HOME=$home/config XDG_CACHE_HOME=$home/cache \
    LANG=C.UTF-8 LC_ALL=C.UTF-8 \
    timeout -k 5 "${GODOT_TIMEOUT:-300}" "${exe[@]}" "$@" || status=$?
  [ -n "$scratch" ] && rm -rf "$scratch"
  return "$status"
}

# Runs ENGINE in a fresh scratch working directory (Godot 3 without a project takes the
# working directory as res:// and writes res://logs/ there).
godot_run_scratch() {
  local cwd status=0
  cwd=$(mktemp -d "${TMPDIR:-/tmp}/gdvariant-godot-cwd.XXXXXX") || return 2
  (cd "$cwd" && godot_run "$@") || status=$?
  rm -rf "$cwd"
  return "$status"
}

# Godot 3 or 4: the GDScript variant an engine needs.
godot_major() { case "$1" in g4) echo 4 ;; *) echo 3 ;; esac; }

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -uo pipefail
  case "${1:-}" in
    "" | -h | --help)
      sed -n '2,/^$/p' "$0" | sed 's/^# \{0,1\}//'
      exit 2
      ;;
    check)
      shift
      [ $# -gt 0 ] || set -- "${GODOT_ENGINES[@]}"
      bad=0
      for e in "$@"; do
        missing=$(godot_missing "$e")
        if [ -z "$missing" ]; then
          echo "$e: ok"
        else
          printf '%s\n' "$missing"
          bad=1
        fi
      done
      exit "$bad"
      ;;
    *)
      godot_run_scratch "$@"
      exit $?
      ;;
  esac
fi
