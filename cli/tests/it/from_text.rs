//! `gdvariant from-text` on the real binary: every engine fixture's `show` output reads
//! back (Godot 4: to the same bytes; Godot 3, whose text has 6 digits: to the same text),
//! store_var frames, errors with line and column, and atomic writes.

use crate::common;
use crate::support;

use support::gdvariant_with as gdvariant;

use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("gdvariant-fromtext-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Godot 4 fixtures whose text holds less than their bytes (see tests/it/text_parse.rs).
const G4_TEXT_LOSES: [&str; 4] = [
    "float_m0",
    "pf64_special",
    "object_image__fo",
    "array_deep_1000",
];

#[test]
fn show_then_from_text_gives_the_bytes_back() {
    let dir = scratch("fixtures");
    let (mut bytes_same, mut text_same, mut total) = (0, 0, 0);
    for engine in ["g32", "g36", "g4"] {
        let godot = if engine == "g4" { "4" } else { "3" };
        for case in common::cases(engine) {
            if case.file.is_empty() {
                continue;
            }
            let bin = dir.join(format!("{engine}_{}.bin", case.name));
            std::fs::write(&bin, case.value_bytes()).unwrap();
            let bin = bin.to_str().unwrap();
            let shown = gdvariant(&["show", "--godot", godot, "--no-prefix", bin], &[]);
            assert!(shown.status.success(), "{engine}/{}", case.name);
            if shown.stdout.is_empty() || shown.stdout == b"\n" {
                continue; // Godot 3 prints a RID as nothing
            }
            total += 1;
            let txt = dir.join("value.txt");
            std::fs::write(&txt, &shown.stdout).unwrap();
            let out = dir.join("back.bin");
            let back = gdvariant(
                &[
                    "from-text",
                    "--godot",
                    godot,
                    txt.to_str().unwrap(),
                    out.to_str().unwrap(),
                ],
                &[],
            );
            assert!(
                back.status.success(),
                "{engine}/{}: {}",
                case.name,
                String::from_utf8_lossy(&back.stderr)
            );
            let again = gdvariant(
                &[
                    "show",
                    "--godot",
                    godot,
                    "--no-prefix",
                    out.to_str().unwrap(),
                ],
                &[],
            );
            assert_eq!(again.stdout, shown.stdout, "{engine}/{}: text", case.name);
            text_same += 1;
            let mut expected = case.value_bytes().to_vec();
            let mut got = std::fs::read(&out).unwrap();
            common::zero_node_path_padding(&mut expected, case.dialect());
            common::zero_node_path_padding(&mut got, case.dialect());
            if got == expected {
                bytes_same += 1;
            } else if engine == "g4" {
                assert!(
                    G4_TEXT_LOSES.contains(&case.name.as_str()),
                    "g4/{}: bytes differ",
                    case.name
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!((total, text_same), (330, 330));
    // Godot 4: all but the 4 above; Godot 3: those whose 6-digit floats are exact.
    assert_eq!(bytes_same, 302);
}

#[test]
fn prefixed_output_is_a_store_var_frame() {
    let dir = scratch("prefixed");
    let txt = dir.join("v.txt");
    std::fs::write(&txt, "[1, \"two\"]").unwrap();
    let out = dir.join("v.bin");
    let r = gdvariant(
        &[
            "from-text",
            "--prefixed",
            txt.to_str().unwrap(),
            out.to_str().unwrap(),
        ],
        &[],
    );
    assert!(r.status.success());
    let bytes = std::fs::read(&out).unwrap();
    assert_eq!(&bytes[..4], &((bytes.len() - 4) as u32).to_le_bytes());
    let check = gdvariant(&["check", out.to_str().unwrap()], &[]);
    assert!(
        String::from_utf8_lossy(&check.stdout).starts_with("OK"),
        "{check:?}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn errors_name_the_line_and_column() {
    let dir = scratch("errors");
    let txt = dir.join("bad.txt");
    std::fs::write(&txt, "{\n\"a\": Vector2(1)\n}").unwrap();
    let out = dir.join("bad.bin");
    let r = gdvariant(
        &["from-text", txt.to_str().unwrap(), out.to_str().unwrap()],
        &[],
    );
    assert_eq!(r.status.code(), Some(4));
    let err = String::from_utf8_lossy(&r.stderr);
    assert!(
        err.contains("bad.txt:2:15: Vector2() takes 2 arguments (byte 16)"),
        "{err}"
    );
    assert!(!out.exists(), "nothing is written on error");
    std::fs::write(&txt, b"[1, \xff]").unwrap();
    let r = gdvariant(
        &["from-text", txt.to_str().unwrap(), out.to_str().unwrap()],
        &[],
    );
    assert!(String::from_utf8_lossy(&r.stderr).contains("not UTF-8 text at byte 4"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failed_write_leaves_the_destination_intact() {
    let dir = scratch("atomic");
    let txt = dir.join("v.txt");
    std::fs::write(&txt, "42").unwrap();
    let out = dir.join("save.bin");
    std::fs::write(&out, b"the original").unwrap();
    let r = gdvariant(
        &["from-text", txt.to_str().unwrap(), out.to_str().unwrap()],
        &[("GDVARIANT_TEST_FAIL_BEFORE_RENAME", "1")],
    );
    assert_eq!(r.status.code(), Some(4));
    assert_eq!(std::fs::read(&out).unwrap(), b"the original");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left.len(), 2, "no temporary file is left: {left:?}");
    // Without the failure, the destination is replaced.
    let r = gdvariant(
        &["from-text", txt.to_str().unwrap(), out.to_str().unwrap()],
        &[],
    );
    assert!(r.status.success());
    assert_eq!(std::fs::read(&out).unwrap(), [2, 0, 0, 0, 42, 0, 0, 0]);
    std::fs::remove_dir_all(&dir).ok();
}

/// What `show` prints for a file of several store_var frames (each value after a line
/// `#N`) reads back with `from-text` into the same frames, byte for byte; a `#1` line
/// inside a multi-line string is the string's, not a marker. (Before, `from-text` read
/// `#0` as a colour and failed on what followed.)
#[test]
fn show_of_several_frames_reads_back_to_the_same_frames() {
    use gdvariant::{frame, Dialect, VariantRef};
    let dir = scratch("frames");
    let mut file = Vec::new();
    let mut values = 0;
    for case in common::cases("g4") {
        if case.value_bytes().is_empty() || G4_TEXT_LOSES.contains(&case.name.as_str()) {
            continue;
        }
        let value = VariantRef::parse(case.value_bytes(), Dialect::Godot4).unwrap();
        // The values whose text reads back to their own bytes (dictionary keys in order).
        if gdvariant::text::read(&value.to_string(), Dialect::Godot4)
            .ok()
            .as_deref()
            != Some(case.value_bytes())
        {
            continue;
        }
        frame::write(&mut file, value, frame::PrefixOrder::Little).unwrap();
        values += 1;
    }
    let tricky = gdvariant::text::read("\"line\n#1\n{\"", Dialect::Godot4).unwrap();
    let tricky = VariantRef::parse(&tricky, Dialect::Godot4).unwrap();
    frame::write(&mut file, tricky, frame::PrefixOrder::Little).unwrap();
    values += 1;
    assert!(values > 100, "{values}");
    let bin = dir.join("frames.bin");
    std::fs::write(&bin, &file).unwrap();
    let shown = gdvariant(&["show", bin.to_str().unwrap()], &[]);
    assert!(shown.status.success());
    let text = String::from_utf8(shown.stdout).unwrap();
    assert!(text.starts_with("#0\n"), "{}", &text[..40]);
    assert!(text.contains(&format!("\n#{}\n\"line\n#1\n{{\"\n", values - 1)));
    let txt = dir.join("frames.txt");
    std::fs::write(&txt, &text).unwrap();
    let out = dir.join("back.bin");
    let back = gdvariant(
        &["from-text", txt.to_str().unwrap(), out.to_str().unwrap()],
        &[],
    );
    assert!(
        back.status.success(),
        "{}",
        String::from_utf8_lossy(&back.stderr)
    );
    assert_eq!(
        String::from_utf8(back.stderr).unwrap(),
        format!(
            "gdvariant: read {values} numbered values (#0 to #{}): writing them as store_var frames\n",
            values - 1
        )
    );
    assert!(std::fs::read(&out).unwrap() == file, "the frames differ");
    // Numbers out of order are an error at their line; a lone `#0` is not a value.
    std::fs::write(&txt, "#0\n1\n#2\n2\n").unwrap();
    let bad = gdvariant(&["from-text", txt.to_str().unwrap(), "-"], &[]);
    assert_eq!(bad.status.code(), Some(4));
    let stderr = String::from_utf8(bad.stderr).unwrap();
    assert!(
        stderr.contains(":3:1: expected the end, or a line `#N` numbering the next value (byte 5)"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}
