#!/usr/bin/env bash
# Seeds fuzz/corpus/<target>/ from the engine-written fixtures in tests/fixtures/.
#
# Every input starts with the config byte of fuzz/src/lib.rs: 0x00 for Godot 3 (g32, g36),
# 0x01 for Godot 4 (g4), 0x10 / 0x20 / 0x30 for Pandemonium's eras A / B / C (pma, pmb, pmc). Files written by store_var / put_var (w_*__*) start with a 4-byte
# length prefix: the value without it is seeded, and the whole file too with config bit 6
# (parse_prefix) set, so that the prefix is read as a value followed by trailing bytes.
# query_json inputs have a path-length byte (0: the empty path) after the config byte.
# Empty fixtures (cases the engine could not write) and fixtures over 8 KiB (the
# 3000-element packed arrays) are left out: smaller ones cover the same code, and
# libFuzzer sizes its inputs after the largest seed.
#
# serde_derive also gets the to_vec outputs in seeds/serde_derive/.
#
# Usage: fuzz/seed.sh   (from anywhere; existing corpus files are kept)
set -euo pipefail
cd "$(dirname "$0")"
fixtures=../tests/fixtures
targets=(parse_walk roundtrip query_json serde_derive)
for t in "${targets[@]}"; do mkdir -p "corpus/$t"; done

# seed NAME CONFIG_BYTE FILE [SKIP]: one input per target from FILE minus SKIP bytes.
seed() {
  local name=$1 config=$2 file=$3 skip=${4:-0}
  for t in "${targets[@]}"; do
    {
      printf "\\x$config"
      if [ "$t" = query_json ]; then printf '\x00'; fi
      tail -c +$((skip + 1)) "$file"
    } >"corpus/$t/$name"
  done
}

n=0
for engine in g32 g36 g4 pandemonium/pma pandemonium/pmb pandemonium/pmc; do
  # The config byte's dialect bits (0 and 4-5), and bit 6 for a prefixed reading.
  case $engine in
    g4) plain=01 prefixed=41 ;;
    */pma) plain=10 prefixed=50 ;;
    */pmb) plain=20 prefixed=60 ;;
    */pmc) plain=30 prefixed=70 ;;
    *) plain=00 prefixed=40 ;;
  esac
  tag=${engine#pandemonium/}
  for file in "$fixtures/$engine"/*.bin; do
    [ -s "$file" ] && [ "$(stat -c %s "$file")" -le 8192 ] || continue
    base=$(basename "$file" .bin)
    case $base in
      w_*__*)
        seed "${tag}_${base}" "$plain" "$file" 4
        seed "${tag}_${base}_prefixed" "$prefixed" "$file"
        n=$((n + 2))
        ;;
      *)
        seed "${tag}_${base}" "$plain" "$file"
        n=$((n + 1))
        ;;
    esac
  done
done
echo "seeded $n inputs into each of: ${targets[*]} (fuzz/corpus/)"

# text_parse: the same binary fixtures (its walk reads them as values), and the engines'
# own text of each fixture (cases.jsonl's decoded_text, up to 8 KiB) as text to read.
mkdir -p corpus/text_parse
cp corpus/parse_walk/* corpus/text_parse/
t=0
for engine in g32 g36 g4; do
  if [ "$engine" = g4 ]; then dialect=1; else dialect=0; fi
  python3 - "$fixtures/$engine/cases.jsonl" "corpus/text_parse/${engine}_text_" "$dialect" <<'PY'
import json, sys
src, prefix, dialect = sys.argv[1], sys.argv[2], int(sys.argv[3])
for line in open(src):
    case = json.loads(line)
    text = case.get("decoded_text") or ""
    if text and len(text) <= 8192:
        with open(prefix + case["name"], "wb") as f:
            f.write(bytes([dialect]) + text.encode())
PY
done
echo "seeded text_parse with the binary fixtures and their engine text (fuzz/corpus/text_parse/)"

# json_read: the binary fixtures (read as values, written as JSON, read back) and the JSON
# the CLI writes for the small Godot 4 and Godot 3.6 fixtures (fuzz/seeds/json_read/).
mkdir -p corpus/json_read
cp corpus/parse_walk/* seeds/json_read/* corpus/json_read/
echo "seeded json_read with the binary fixtures and their JSON (fuzz/corpus/json_read/)"

# splice: [config][ops = 0: one operation][kind][n][path][m: u16 LE][value][original]:
# each small fixture with `set` of its first child ("0", or the key "a") to the int 1, and
# the store_var files with config bit 6 (a frame).
mkdir -p corpus/splice
for engine in g32 g36 g4; do
  if [ "$engine" = g4 ]; then dialect=1; else dialect=0; fi
  python3 - "$fixtures/$engine" "corpus/splice/${engine}_" "$dialect" <<'PY'
import os, struct, sys
src, prefix, dialect = sys.argv[1], sys.argv[2], int(sys.argv[3])
value = struct.pack("<II", 2, 1)  # int 1
for name in sorted(os.listdir(src)):
    if not name.endswith(".bin"):
        continue
    data = open(os.path.join(src, name), "rb").read()
    if not data or len(data) > 8192:
        continue
    config = dialect | (0x40 if name.startswith("w_") and "__" in name else 0)
    for kind, path in ((0, b"0"), (0, b"a"), (3, b"0")):
        op = bytes([kind, len(path)]) + path + struct.pack("<H", len(value)) + value
        with open(prefix + name[:-4] + "_%d_%s" % (kind, path.decode()), "wb") as f:
            f.write(bytes([config, 0]) + op + data)
PY
done
echo "seeded splice with set and delete on the fixtures (fuzz/corpus/splice/)"

# serde_derive also starts from values of its own types (fuzz/seeds/serde_derive/: to_vec of
# a Save and of a list of Events, in both dialects), whose keys random fixtures lack.
cp seeds/serde_derive/* corpus/serde_derive/

# frames: [config][chunk byte][stream]. Streams of the length-prefixed fixtures, each one
# twice back to back, fed in chunks of 1, 7 and 64 bytes.
mkdir -p corpus/frames
m=0
for engine in g32 g36 g4; do
  if [ "$engine" = g4 ]; then dialect=1; else dialect=0; fi
  for file in "$fixtures/$engine"/w_*__*.bin; do
    base=$(basename "$file" .bin)
    for chunk in 00 06 3f; do
      { printf "\\x0$dialect\\x$chunk"; cat "$file" "$file"; } >"corpus/frames/${engine}_${base}_$chunk"
      m=$((m + 1))
    done
  done
done
echo "seeded $m inputs into frames (fuzz/corpus/frames/)"

# gcpf and gdec: the containers the engines wrote (tests/fixtures/containers). gcpf:
# config 0 for a whole file, 1 + mode for a bare stream (fastlz 1, deflate 2, zstd 3,
# gzip 4). gdec: config 0 with the password, 1 with the raw key.
mkdir -p corpus/gcpf corpus/gdec
g=0
for engine in g32 g36 g4; do
  for file in "$fixtures/containers/$engine"/*.bin; do
    base=$(basename "$file" .bin)
    case $base in
      *__gcpf_*) config=00; out=gcpf ;;
      *__raw_fastlz) config=01; out=gcpf ;;
      *__raw_deflate) config=02; out=gcpf ;;
      *__raw_zstd) config=03; out=gcpf ;;
      *__raw_gzip) config=04; out=gcpf ;;
      *__gdec_pass) config=00; out=gdec ;;
      *__gdec_key*) config=01; out=gdec ;;
      *) continue ;;
    esac
    { printf "\\x$config"; cat "$file"; } >"corpus/$out/${engine}_$base"
    g=$((g + 1))
  done
done
echo "seeded gcpf and gdec with $g container files (fuzz/corpus/gcpf, fuzz/corpus/gdec)"

# multiplayer: every distinct packet of the SceneMultiplayer captures, with config byte
# 0x02 (strict: they re-encode byte for byte) and 0x00.
mkdir -p corpus/multiplayer
python3 - "$fixtures/multiplayer/captures" corpus/multiplayer <<'PY'
import hashlib, json, pathlib, sys
src, out = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for capture in sorted(src.glob("*.jsonl")):
    for line in capture.read_text().splitlines():
        row = json.loads(line)
        if row.get("kind") not in ("packet", "ws") or "hex" not in row or row.get("note"):
            continue
        packet = bytes.fromhex(row["hex"])
        for config in (b"\x02", b"\x00"):
            data = config + packet
            (out / hashlib.sha1(data).hexdigest()[:16]).write_bytes(data)
PY

# config_parse: each engine's ConfigFile fixtures behind the config byte of its engine
# (0 Godot 3.2, 1 Godot 3.6, 2 Godot 4).
mkdir -p corpus/config_parse
for pair in g32:00 g36:01 g4:02; do
  engine=${pair%%:*} byte=${pair##*:}
  for file in "$fixtures/resources/$engine"/*.cfg; do
    case $(head -c 4 "$file") in GDEC) continue ;; esac
    { printf "\\x$byte"; cat "$file"; } >"corpus/config_parse/${engine}_$(basename "$file" .cfg)"
  done
done

# resource_text: each engine's .tres / .tscn fixtures, with the style from the header
# (config 0) and with the engine's own style (1 Godot 3.2, 2 Godot 3.6, 3 Godot 4).
mkdir -p corpus/resource_text
for pair in g32:01 g36:02 g4:03; do
  engine=${pair%%:*} byte=${pair##*:}
  for file in "$fixtures/resources/$engine"/*.tres "$fixtures/resources/$engine"/*.tscn; do
    [ -e "$file" ] || continue
    name=${engine}_$(basename "$file" | tr . _)
    { printf '\x00'; cat "$file"; } >"corpus/resource_text/$name"
    { printf "\\x$byte"; cat "$file"; } >"corpus/resource_text/${name}_styled"
  done
done
# resource_binary: each engine's binary resources and scenes (.res, .scn, .mesh; RSRC and
# RSCC) up to 8 KiB, with config byte 0 (default limits).
mkdir -p corpus/resource_binary
r=0
for engine in g32 g36 g4; do
  for file in "$fixtures/resources/$engine"/*.res "$fixtures/resources/$engine"/*.scn "$fixtures/resources/$engine"/*.mesh; do
    [ -s "$file" ] && [ "$(stat -c %s "$file")" -le 8192 ] || continue
    { printf '\x00'; cat "$file"; } >"corpus/resource_binary/${engine}_$(basename "$file")"
    r=$((r + 1))
  done
done
echo "seeded resource_binary with $r binary resources (fuzz/corpus/resource_binary)"
