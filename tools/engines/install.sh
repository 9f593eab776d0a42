#!/usr/bin/env bash
# Installs the three Godot engines that the engine tests run (see engines.sh), as root on
# Debian 12 (bookworm). Idempotent: what is installed already is kept, so a second run
# takes a few seconds.
#
#   g32  Godot 3.2.3  bookworm's `godot3-server`, installed on the host with apt-get
#   g36  Godot 3.6.2  sid's `godot3-server`, inside a separate sid root ($SID_ROOT)
#   g4   Godot 4.6.3  sid's `godot`, inside the same sid root
#
# The sid root (default /opt/godot-sid) is made by `debootstrap --variant=minbase sid`, and
# the two sid packages are installed inside it with its own apt-get (chroot). The host's
# apt sources are not touched, and nothing stays mounted: engines.sh runs the sid
# binaries through the sid root's dynamic loader.
#
# Environment: SID_ROOT (default /opt/godot-sid); MIRROR (default: the Debian mirror the
# host's apt sources name). Needs only Debian's package archive.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
SID_ROOT=${SID_ROOT:-/opt/godot-sid}
export DEBIAN_FRONTEND=noninteractive

say() { printf 'install.sh: %s\n' "$*"; }
die() {
  printf 'install.sh: %s\n' "$*" >&2
  exit 1
}

[ "$(id -u)" = 0 ] || die "run me as root (apt-get, debootstrap and chroot need it)"
command -v apt-get >/dev/null || die "apt-get not found: this installer is for Debian bookworm"
if ! grep -q '^VERSION_CODENAME=bookworm' /etc/os-release 2>/dev/null; then
  say "WARNING: this is not Debian bookworm; its godot3-server may not be Godot 3.2.3"
fi

# One installer at a time (two CI jobs, or a developer and CI, on one machine).
mkdir -p "$(dirname "$SID_ROOT")"
exec 9>"$SID_ROOT.lock"
flock 9 2>/dev/null || true

# apt-get with one retry after a fresh `update` (a stale package list is the usual failure).
apt_install() {
  apt-get install -y -q "$@" || { apt-get update -q && apt-get install -y -q "$@"; }
}

# 1. The host's packages: Godot 3.2.3 and debootstrap.
if ! command -v godot3-server >/dev/null || ! command -v debootstrap >/dev/null; then
  say "apt-get install godot3-server debootstrap (the host, bookworm)"
  apt_install godot3-server debootstrap
fi

# The Debian mirror the host already uses (deb822 `URIs:` or a one-line `deb` entry).
host_mirror() {
  local f
  for f in /etc/apt/sources.list.d/*.sources /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] || continue
    awk '$1 == "URIs:" && $2 ~ /\/debian\/?$/ { print $2; exit }
         $1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:.*\/debian\/?$/) { print $i; exit } }' "$f"
  done | head -n 1
}

# 2. The sid root with Godot 3.6.2 and 4.6.3.
if [ ! -x "$SID_ROOT/usr/bin/godot" ] || [ ! -x "$SID_ROOT/usr/bin/godot3-server" ]; then
  if [ ! -x "$SID_ROOT/usr/bin/apt-get" ]; then
    mirror=${MIRROR:-$(host_mirror)}
    [ -n "$mirror" ] || die "no Debian mirror in the host's apt sources: set MIRROR"
    say "debootstrap --variant=minbase sid $SID_ROOT $mirror"
    rm -rf "$SID_ROOT"
    debootstrap --variant=minbase sid "$SID_ROOT" "$mirror"
  fi
  cp /etc/resolv.conf "$SID_ROOT/etc/resolv.conf" 2>/dev/null || true
  proc_mounted_here=0
  if ! mountpoint -q "$SID_ROOT/proc"; then
    mount -t proc proc "$SID_ROOT/proc"
    proc_mounted_here=1
  fi
  unmount_proc() { if [ "$proc_mounted_here" = 1 ]; then umount "$SID_ROOT/proc" || true; fi; }
  trap unmount_proc EXIT
  say "apt-get install godot godot3-server (inside $SID_ROOT)"
  # sid's Release file can be past its Valid-Until date on a mirror snapshot.
  chroot "$SID_ROOT" apt-get -q -o Acquire::Check-Valid-Until=false update
  chroot "$SID_ROOT" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends godot godot3-server
  chroot "$SID_ROOT" apt-get clean
  unmount_proc
  trap - EXIT
fi

# 3. Each engine must start and be the version the tests were written against.
# shellcheck source=engines.sh
source "$here/engines.sh"
status=0
for engine in g32 g36 g4; do
  missing=$(godot_missing "$engine")
  if [ -n "$missing" ]; then
    say "FAILED: $missing"
    status=1
    continue
  fi
  # Godot 3 exits with a non-zero status after --version: only the printed line counts.
  version=$(GODOT_TIMEOUT=60 godot_run_scratch "$engine" --version 2>/dev/null | tail -n 1 || true)
  case "$engine:$version" in
    g32:3.2.3.* | g36:3.6.2.* | g4:4.6.3.*) say "$engine: $version" ;;
    *:"")
      say "FAILED: $engine does not start (no version printed)"
      status=1
      ;;
    *) say "WARNING: $engine is $version, the tests expect g32 3.2.3, g36 3.6.2, g4 4.6.3" ;;
  esac
done
[ "$status" = 0 ] || die "the engines are not all usable (see above)"
say "the engines are installed; run the engine tests with: tools/engines/test.sh"
