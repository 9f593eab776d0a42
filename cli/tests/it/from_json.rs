//! `gdvariant json` → `gdvariant from-json` on the real binary: every engine fixture comes
//! back byte for byte (Godot 3 NodePath padding, uninitialised memory in the engine, aside),
//! files of several values through JSON Lines, and errors with line and column.

use crate::common;
use crate::support;

use support::gdvariant;

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gdvariant-fromjson-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn json_then_from_json_gives_every_fixture_back() {
    let dir = scratch("fixtures");
    let mut n = 0;
    for engine in ["g32", "g36", "g4"] {
        let godot = if engine == "g4" { "4" } else { "3" };
        for case in common::cases(engine) {
            if case.file.is_empty() {
                continue;
            }
            let bin = dir.join("in.bin");
            std::fs::write(&bin, &case.file).unwrap();
            let prefix = if case.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            };
            let json = gdvariant(&[
                "-q",
                "json",
                "--godot",
                godot,
                prefix,
                bin.to_str().unwrap(),
            ]);
            assert!(json.status.success(), "{engine}/{}", case.name);
            let txt = dir.join("v.json");
            std::fs::write(&txt, &json.stdout).unwrap();
            let out = dir.join("out.bin");
            let mut args = vec!["-q", "from-json", "--godot", godot];
            if case.is_prefixed() {
                args.push("--prefixed");
            }
            args.extend([txt.to_str().unwrap(), out.to_str().unwrap()]);
            let back = gdvariant(&args);
            assert!(
                back.status.success(),
                "{engine}/{}: {}",
                case.name,
                String::from_utf8_lossy(&back.stderr)
            );
            let mut expected = case.file.clone();
            let mut got = std::fs::read(&out).unwrap();
            let skip = if case.is_prefixed() { 4 } else { 0 };
            common::zero_node_path_padding(&mut expected[skip..], case.dialect());
            common::zero_node_path_padding(&mut got[skip..], case.dialect());
            assert!(got == expected, "{engine}/{}: bytes differ", case.name);
            n += 1;
        }
    }
    assert_eq!(n, 332);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_lines_become_store_var_frames() {
    let dir = scratch("lines");
    // Three store_var calls in a row, as real engines wrote each of them.
    let mut file = Vec::new();
    for name in [
        "w_int64__store_var",
        "w_dict__stream_put_var",
        "w_string__store_var",
    ] {
        file.extend_from_slice(&common::case("g4", name).file);
    }
    let save = dir.join("multi.save");
    std::fs::write(&save, &file).unwrap();
    let json = gdvariant(&["-q", "json", save.to_str().unwrap()]);
    assert!(json.status.success());
    assert_eq!(String::from_utf8_lossy(&json.stdout).lines().count(), 3);
    let lines = dir.join("multi.jsonl");
    std::fs::write(&lines, &json.stdout).unwrap();
    let out = dir.join("back.save");
    let r = gdvariant(&["from-json", lines.to_str().unwrap(), out.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert!(String::from_utf8_lossy(&r.stderr)
        .contains("values (JSON Lines): writing them as store_var frames"));
    assert_eq!(std::fs::read(&out).unwrap(), file);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn errors_name_the_line_and_column() {
    let dir = scratch("errors");
    let txt = dir.join("bad.json");
    std::fs::write(
        &txt,
        "{\"Dictionary\": [\n  [\"a\", {\"Vector2\": [1]}]\n]}",
    )
    .unwrap();
    let out = dir.join("bad.bin");
    let r = gdvariant(&["from-json", txt.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(4));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("bad.json:2:"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_bad_json_line_is_reported_at_its_own_line() {
    // Issue 22: a bad line 3 was reported as line 2 (where the whole-file reading failed).
    let dir = scratch("bad_line");
    let txt = dir.join("bad.jsonl");
    std::fs::write(&txt, "1\n\"two\"\n{\"Vector2\": [1]}\n4\n").unwrap();
    let out = dir.join("bad.bin");
    let r = gdvariant(&["from-json", txt.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(r.status.code(), Some(4));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(err.contains("bad.jsonl:3:"), "{err}");
    assert!(!out.exists());
    std::fs::remove_dir_all(&dir).ok();
}
