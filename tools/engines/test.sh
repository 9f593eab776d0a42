#!/usr/bin/env bash
# Runs every engine-backed test: the library's and the command line's `engines` test
# binaries, whose tests plain `cargo test` lists as ignored. Fails at once, naming what is
# missing, when an engine is not installed (tools/engines/install.sh installs them).
#   tools/engines/test.sh [FILTER...]     FILTER: libtest's, e.g. `oracle::` or `--exact NAME`
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! bash tools/engines/engines.sh check; then
  echo "test.sh: the engine tests need every engine: install them as root with tools/engines/install.sh" >&2
  exit 1
fi
# One cargo run for both crates' `engines` binaries: the workspace's default members, with
# the features plain `cargo test` unifies, so what `cargo test` built is reused (`-p
# gdvariant-cli` alone would build the library again with the command line's features).
cargo test --test engines -- --include-ignored "$@"
