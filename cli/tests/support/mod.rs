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

/// Runs `gdvariant args…` as [`gdvariant`] does: its exit code, stdout and stderr (UTF-8).
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = gdvariant(args);
    (
        out.status.code().expect("an exit code"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// Another value of each small math type of `tests/fixtures/store_math` (Godot 4's
/// store_var of small math values), in the engine's text form (as `var_to_str` prints it):
/// what the edit tests write over them.
pub fn other_value(type_name: &str) -> &'static str {
    match type_name {
        "Vector2" => "Vector2(7, 8)",
        "Vector2i" => "Vector2i(7, 8)",
        "Vector3" => "Vector3(7, 8, 9)",
        "Vector3i" => "Vector3i(7, 8, 9)",
        "Rect2" => "Rect2(5, 6, 7, 8)",
        "Rect2i" => "Rect2i(5, 6, 7, 8)",
        "Vector4" => "Vector4(5, 6, 7, 8)",
        "Vector4i" => "Vector4i(5, 6, 7, 8)",
        "Plane" => "Plane(0, 0, 1, 2)",
        "Quaternion" => "Quaternion(0, 1, 0, 0)",
        "Color" => "Color(0, 0, 1, 1)",
        other => panic!("no other value for {other}"),
    }
}
