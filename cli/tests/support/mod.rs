//! Running the built `gdvariant` binary, shared by the command-line tests that want plain
//! output (`NO_COLOR=1`). (`cli.rs` and `multi.rs` run it with the color setting their
//! tests are about.)

#![allow(dead_code)] // each test file uses the one it needs

use std::process::{Command, Output};

pub mod containers;

/// Runs `gdvariant args…` with `NO_COLOR=1`.
pub fn gdvariant(args: &[&str]) -> Output {
    gdvariant_with(args, &[])
}

/// Runs `gdvariant args…` with `NO_COLOR=1` and the environment variables `envs`. The
/// variables that give a key (`GDVARIANT_PASSWORD`, `GDVARIANT_KEY`) or a dialect
/// (`GDVARIANT_GODOT`) are removed first: a test sees only the ones it sets.
pub fn gdvariant_with(args: &[&str], envs: &[(&str, &str)]) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gdvariant"));
    cmd.args(args)
        .env("NO_COLOR", "1")
        .env_remove("GDVARIANT_PASSWORD")
        .env_remove("GDVARIANT_KEY")
        .env_remove("GDVARIANT_GODOT");
    for (k, v) in envs {
        cmd.env(k, v);
    }
    cmd.output().expect("run gdvariant")
}
