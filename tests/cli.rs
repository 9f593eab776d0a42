//! The real `gdvariant` binary on every engine fixture.

mod common;

use std::process::{Command, Output};

fn gdvariant(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .args(args)
        .output()
        .expect("run gdvariant")
}

fn style_arg(engine: &str) -> &'static str {
    match engine {
        "g32" => "3.2",
        "g36" => "3.6",
        _ => "4",
    }
}

#[test]
fn show_prints_engine_text_for_every_fixture_with_explicit_flags() {
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Some(expected) = c
                .decoded_text
                .as_ref()
                .filter(|_| !c.value_bytes().is_empty())
            else {
                continue;
            };
            let path = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let path = path.to_str().unwrap();
            let godot = if engine == "g4" { "4" } else { "3" };
            let mut args = vec!["show", "--godot", godot, "--text-style", style_arg(engine)];
            args.push(if c.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            });
            args.push(path);
            let out = gdvariant(&args);
            assert!(
                out.status.success(),
                "{engine}/{}: {}",
                c.name,
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                format!("{expected}\n"),
                "{engine}/{}",
                c.name
            );
            assert!(
                out.stderr.is_empty(),
                "{engine}/{}: nothing was guessed, so nothing is said",
                c.name
            );
        }
    }
}

#[test]
fn show_detects_dialect_and_prefix_on_every_fixture() {
    let mut wrong = Vec::new();
    let mut right = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Some(expected) = c
                .decoded_text
                .as_ref()
                .filter(|_| !c.value_bytes().is_empty())
            else {
                continue;
            };
            let path = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let out = gdvariant(&[
                "show",
                "--text-style",
                style_arg(engine),
                path.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{engine}/{}", c.name);
            let stderr = String::from_utf8(out.stderr).unwrap();
            if String::from_utf8(out.stdout).unwrap() == format!("{expected}\n") {
                right += 1;
            } else if !stderr.contains("ambiguous input") {
                // A wrong guess is only acceptable when it was announced as one.
                wrong.push(format!("{engine}/{}: {stderr}", c.name));
            }
            assert!(
                stderr.starts_with("gdvariant: "),
                "{engine}/{}: the guess is said on stderr",
                c.name
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "detected wrongly without saying so:\n{}",
        wrong.join("\n")
    );
    // Tiny blobs can be valid in both dialects; the rest must be detected right.
    assert!(right >= 300, "only {right} detected right");
}

#[test]
fn show_reports_malformed_input_with_offset_and_exit_1() {
    let dir = std::env::temp_dir().join(format!("gdvariant-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.bin");
    // A Godot 4 String whose length claims 0x7fffffff bytes.
    std::fs::write(&path, [4, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]).unwrap();
    let out = gdvariant(&["show", "--godot", "4", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("length or count exceeds the remaining input at file offset 0x4"),
        "{stderr}"
    );
    assert!(stderr.contains("[ff ff ff 7f]"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        gdvariant(&["show", "--godot", "5", "x"]).status.code(),
        Some(2)
    );
    assert_eq!(gdvariant(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn reencode_gives_the_engine_bytes_back_for_every_fixture() {
    let dir = std::env::temp_dir().join(format!("gdvariant-reencode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut identical = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            if c.value_bytes().is_empty() {
                continue; // the engine's own failure case
            }
            let input = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let output = dir.join(format!("{engine}_{}.bin", c.name));
            let godot = if engine == "g4" { "4" } else { "3" };
            let framing = if c.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            };
            let out = gdvariant(&[
                "reencode",
                "--godot",
                godot,
                framing,
                input.to_str().unwrap(),
                output.to_str().unwrap(),
            ]);
            assert!(
                out.status.success(),
                "{engine}/{}: {}",
                c.name,
                String::from_utf8_lossy(&out.stderr)
            );
            let written = std::fs::read(&output).unwrap();
            if written == c.file {
                identical += 1;
                continue;
            }
            // Godot 3 leaves NodePath padding uninitialised; everything else must match.
            assert!(
                engine != "g4" && c.name.starts_with("nodepath"),
                "{engine}/{}: reencode changed the bytes",
                c.name
            );
            assert_eq!(written.len(), c.file.len(), "{engine}/{}", c.name);
            let differing: Vec<usize> = (0..written.len())
                .filter(|&i| written[i] != c.file[i])
                .collect();
            assert!(
                differing.iter().all(|&i| written[i] == 0),
                "{engine}/{}: only padding may differ, and it becomes zero",
                c.name
            );
        }
    }
    assert!(identical >= 320, "only {identical} byte-identical");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn reencode_keeps_a_big_endian_prefix() {
    let dir = std::env::temp_dir().join(format!("gdvariant-be-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, output) = (dir.join("in.bin"), dir.join("out.bin"));
    // store_var with big_endian = true: the prefix is big-endian, the value little-endian.
    std::fs::write(&input, [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]).unwrap();
    let out = gdvariant(&[
        "reencode",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read(&output).unwrap(),
        [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("big-endian length prefix"));
    std::fs::remove_dir_all(&dir).ok();
}
