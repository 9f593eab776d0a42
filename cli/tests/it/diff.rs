//! `gdvariant diff` on the real binary: exact lines, exit codes 0 / 1 / 4, array elements
//! matched (one deletion is one line), files of several values, and a change deep inside
//! the 8.3 MB save game Godot 4.6.3 wrote.

use crate::common;
use crate::support;

use support::gdvariant;

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdvariant-diff-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes the bytes of a text literal (Godot 4) and gives the path.
fn value(dir: &std::path::Path, name: &str, text: &str) -> String {
    let bytes = gdvariant::text::read(text, gdvariant::Dialect::Godot4).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn one_line_per_difference_in_the_first_value_s_order() {
    let dir = scratch("lines");
    let a = value(
        &dir,
        "a.bin",
        r#"{"hp": 7, "items": ["a", "b"], "pos": Vector2(1, 2), "x": 1}"#,
    );
    let b = value(
        &dir,
        "b.bin",
        r#"{"hp": 9, "items": ["a"], "pos": Vector2(1, 2), "y": {"z": 1}}"#,
    );
    let out = gdvariant(&["-q", "diff", &a, &b]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "~ /hp: 7 -> 9\n- /items/1: \"b\"\n- /x: 1\n+ /y: { \"z\": 1 }\n"
    );
    let same = gdvariant(&["-q", "diff", &a, &a]);
    assert_eq!((same.status.code(), same.stdout.len()), (Some(0), 0));
    let missing = gdvariant(&["-q", "diff", &a, "/nonexistent/x.bin"]);
    assert_eq!(missing.status.code(), Some(4));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn array_elements_are_matched_so_one_deletion_is_one_line() {
    let dir = scratch("lcs");
    let a = value(
        &dir,
        "a.bin",
        r#"{"ids": [1, 2, 3, 4, 5, 6], "tags": PackedStringArray("a", "b", "c")}"#,
    );
    let b = value(
        &dir,
        "b.bin",
        r#"{"ids": [1, 2, 4, 5, 6, 7], "tags": PackedStringArray("a", "x", "b", "c")}"#,
    );
    let out = gdvariant(&["-q", "diff", &a, &b]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "- /ids/2: 3\n+ /ids/5: 7\n+ /tags/1: \"x\"\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn values_of_multi_value_files_are_numbered() {
    let dir = scratch("multi");
    let frames = |texts: &[&str]| -> Vec<u8> {
        let mut out = Vec::new();
        for t in texts {
            let b = gdvariant::text::read(t, gdvariant::Dialect::Godot4).unwrap();
            out.extend_from_slice(&(b.len() as u32).to_le_bytes());
            out.extend_from_slice(&b);
        }
        out
    };
    let a = dir.join("a.save");
    let b = dir.join("b.save");
    std::fs::write(&a, frames(&["3", "{\"hp\": 1}"])).unwrap();
    std::fs::write(&b, frames(&["3", "{\"hp\": 2}", "\"extra\""])).unwrap();
    let out = gdvariant(&["-q", "diff", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "~ #1/hp: 1 -> 2\n+ #2: \"extra\"\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_change_deep_in_the_engine_save_game() {
    let dir = scratch("save");
    let original = common::fixtures_dir().join("g4-large/large_savegame_10mb.bin");
    let bytes = std::fs::read(&original).unwrap();
    let save = gdvariant::VariantRef::parse(&bytes, gdvariant::Dialect::Godot4).unwrap();
    // The int `hp` of chunk 1234's entity 7 (70): change its payload in place.
    let hp = save
        .query("chunks/1234/entities/7/hp")
        .unwrap()
        .value()
        .unwrap();
    assert_eq!(hp.as_int(), Some(70));
    let mut changed = bytes.clone();
    changed[hp.offset() + 4..hp.offset() + 8].copy_from_slice(&999i32.to_le_bytes());
    let b = dir.join("changed.bin");
    std::fs::write(&b, &changed).unwrap();
    let out = gdvariant(&[
        "-q",
        "diff",
        original.to_str().unwrap(),
        b.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "~ /chunks/1234/entities/7/hp: 70 -> 999\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}
