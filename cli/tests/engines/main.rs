//! The command line's engine-backed tests, in one test binary: the real Godot engines
//! (`tools/engines/`) read what `gdvariant pack`, `set` and `delete` write.
//!
//! Every test here is `#[ignore]`d, so plain `cargo test` lists it as ignored. Install the
//! engines once (`tools/engines/install.sh`, as root on Debian bookworm), then run them
//! with `tools/engines/test.sh` (`cargo test --test engines -- --include-ignored` at the
//! root: both crates' engine binaries). A test run without its engine fails, naming what is
//! missing and the install command.

#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "../../../tests/engines/support.rs"]
mod engines;
#[path = "../support/mod.rs"]
mod support;

mod containers_oracle;
mod edit;
mod guesses;
mod resources;
