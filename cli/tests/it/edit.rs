//! `gdvariant set` and `gdvariant delete` on the real binary: the 8.3 MB save game Godot
//! 4.6.3 wrote (only the value's bytes change; `cli/tests/engines/edit.rs`: the engine
//! reads the edit and sees the change and nothing else), files of several store_var values
//! (the frame's length is updated, the other frames kept), exit code 3, and a failed write
//! that leaves the file.

use crate::common;
use crate::support;

use support::gdvariant_with as gdvariant;

use std::path::PathBuf;

use gdvariant::{Dialect, VariantRef};

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdvariant-edit-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn save_game() -> (PathBuf, Vec<u8>) {
    let path = common::fixtures_dir().join("g4-large/large_savegame_10mb.bin");
    let bytes = std::fs::read(&path).unwrap();
    (path, bytes)
}

#[test]
fn set_deep_in_the_save_game_changes_only_that_value() {
    let dir = scratch("set");
    let (_, original) = save_game();
    let file = dir.join("save.bin");
    std::fs::write(&file, &original).unwrap();
    let f = file.to_str().unwrap();
    let r = gdvariant(&["-q", "set", f, "chunks/1234/entities/7/hp", "999"], &[]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let edited = std::fs::read(&file).unwrap();
    assert_eq!(edited.len(), original.len());
    let differing: Vec<usize> = (0..edited.len())
        .filter(|&i| edited[i] != original[i])
        .collect();
    let hp = VariantRef::parse(&original, Dialect::Godot4)
        .unwrap()
        .query("chunks/1234/entities/7/hp")
        .unwrap()
        .value()
        .unwrap();
    // 70 -> 999: the int's payload, 2 bytes of it.
    assert!(
        differing
            .iter()
            .all(|&i| (hp.offset() + 4..hp.offset() + 8).contains(&i)),
        "{differing:?}"
    );
    // A bigger value (a 64-bit int) grows the file by exactly 4 bytes; a string too.
    let r = gdvariant(
        &["-q", "set", f, "chunks/1234/entities/7/hp", "1099511627776"],
        &[],
    );
    assert!(r.status.success());
    assert_eq!(std::fs::read(&file).unwrap().len(), original.len() + 4);
    let get = gdvariant(&["-q", "get", f, "chunks/1234/entities/7/hp"], &[]);
    assert_eq!(String::from_utf8_lossy(&get.stdout), "1099511627776\n");
    // A new key, a text value, JSON.
    let r = gdvariant(&["-q", "set", f, "chunks/0/note", "\"fixed by hand\""], &[]);
    assert!(r.status.success());
    let r = gdvariant(
        &[
            "-q",
            "set",
            "--json",
            f,
            "chunks/0/where",
            "{\"Vector2i\": [3, 4]}",
        ],
        &[],
    );
    assert!(r.status.success());
    let get = gdvariant(&["-q", "get", f, "chunks/0/where"], &[]);
    assert_eq!(String::from_utf8_lossy(&get.stdout), "Vector2i(3, 4)\n");
    let diff = gdvariant(&["-q", "diff", save_game().0.to_str().unwrap(), f], &[]);
    assert_eq!(
        String::from_utf8_lossy(&diff.stdout),
        "+ /chunks/0/note: \"fixed by hand\"\n+ /chunks/0/where: Vector2i(3, 4)\n~ /chunks/1234/entities/7/hp: 70 -> 1099511627776\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn delete_and_not_found() {
    let dir = scratch("delete");
    let (_, original) = save_game();
    let file = dir.join("save.bin");
    std::fs::write(&file, &original).unwrap();
    let f = file.to_str().unwrap();
    let out = dir.join("out.bin");
    let r = gdvariant(
        &[
            "-q",
            "delete",
            f,
            "chunks/3/entities/0/inv",
            "-o",
            out.to_str().unwrap(),
        ],
        &[],
    );
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        original,
        "-o leaves FILE alone"
    );
    let tree = gdvariant(
        &["-q", "get", out.to_str().unwrap(), "chunks/3/entities/0"],
        &[],
    );
    assert!(!String::from_utf8_lossy(&tree.stdout).contains("\"inv\""));
    let r = gdvariant(&["-q", "delete", f, "chunks/3/nope"], &[]);
    assert_eq!(r.status.code(), Some(3));
    assert!(
        String::from_utf8_lossy(&r.stderr).contains("has no `nope`"),
        "{r:?}"
    );
    let r = gdvariant(
        &["-q", "set", f, "chunks/3/entities/0/hp", "Vector2(1"],
        &[],
    );
    assert_eq!(r.status.code(), Some(4));
    assert_eq!(std::fs::read(&file).unwrap(), original);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn frames_keep_their_neighbours_and_get_their_new_length() {
    let dir = scratch("frames");
    let mut file = Vec::new();
    let mut frames = Vec::new();
    for name in [
        "w_int64__store_var",
        "w_dict__stream_put_var",
        "w_string__store_var",
    ] {
        let f = common::case("g4", name).file;
        frames.push(f.clone());
        file.extend_from_slice(&f);
    }
    let path = dir.join("multi.save");
    std::fs::write(&path, &file).unwrap();
    let p = path.to_str().unwrap();
    let before = gdvariant(&["-q", "show", p], &[]);
    let r = gdvariant(&["-q", "set", p, "#1/added", "[1, 2, 3]"], &[]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let after = std::fs::read(&path).unwrap();
    assert_eq!(
        &after[..frames[0].len()],
        &frames[0][..],
        "frame #0 untouched"
    );
    assert!(after.ends_with(&frames[2]), "frame #2 untouched");
    let check = gdvariant(&["-q", "check", p], &[]);
    assert!(
        String::from_utf8_lossy(&check.stdout).starts_with("OK: 3 values"),
        "{check:?}"
    );
    let get = gdvariant(&["-q", "get", p, "#1/added"], &[]);
    assert_eq!(String::from_utf8_lossy(&get.stdout), "[1, 2, 3]\n");
    let r = gdvariant(&["-q", "delete", p, "#1/added"], &[]);
    assert!(r.status.success());
    assert_eq!(gdvariant(&["-q", "show", p], &[]).stdout, before.stdout);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        file,
        "set then delete gives the file back"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_file_written_while_the_copy_runs_matches_the_streamed_output() {
    // File to file, the input is copied into the new file by a second thread while the edit
    // is planned, in chunks (here 1,000 and 77,777 bytes: many per file), then patched: the
    // changes of the same size in place, from the first that moves bytes on, the rest
    // written after it. The result must be what the plain stream to stdout gives.
    let dir = scratch("overlap");
    let (_, original) = save_game();
    let mut framed = (original.len() as u32).to_le_bytes().to_vec();
    framed.extend_from_slice(&original);
    let cases: [(&[u8], &[&str]); 6] = [
        (&original, &["set", "chunks/1234/entities/7/hp", "999"]),
        (
            &original,
            &["set", "chunks/1234/entities/7/hp", "\"a string now\""],
        ),
        (&original, &["set", "chunks/0/new_key", "[1, 2, 3]"]),
        (&original, &["delete", "chunks/1"]),
        (&framed, &["set", "chunks/3/entities/0/hp", "1.5"]),
        (&framed, &["delete", "chunks/2/entities/0"]),
    ];
    for (input, command) in cases {
        let file = dir.join("save.bin");
        std::fs::write(&file, input).unwrap();
        let f = file.to_str().unwrap();
        let mut streamed_args = vec!["-q", command[0], f];
        streamed_args.extend_from_slice(&command[1..]);
        streamed_args.extend_from_slice(&["-o", "-", "--force"]);
        let streamed = gdvariant(&streamed_args, &[]);
        assert!(streamed.status.success(), "{command:?}");
        assert_ne!(streamed.stdout, input, "{command:?} changes something");
        for chunk in ["1000", "77777"] {
            let out = dir.join("out.bin");
            let o = out.to_str().unwrap();
            let mut args = vec!["-q", command[0], f];
            args.extend_from_slice(&command[1..]);
            args.extend_from_slice(&["-o", o]);
            let r = gdvariant(&args, &[("GDVARIANT_TEST_COPY_CHUNK", chunk)]);
            assert!(
                r.status.success(),
                "{command:?}: {}",
                String::from_utf8_lossy(&r.stderr)
            );
            assert!(
                std::fs::read(&out).unwrap() == streamed.stdout,
                "{command:?}, chunks of {chunk}"
            );
            assert_eq!(
                std::fs::read(&file).unwrap(),
                input,
                "the input is untouched"
            );
        }
    }
    // A plan that fails stops the copy and leaves no temporary file.
    let file = dir.join("save.bin");
    let out = dir.join("never.bin");
    let r = gdvariant(
        &[
            "-q",
            "set",
            file.to_str().unwrap(),
            "no/such/path",
            "1",
            "-o",
            out.to_str().unwrap(),
        ],
        &[("GDVARIANT_TEST_COPY_CHUNK", "1000")],
    );
    assert_eq!(r.status.code(), Some(3));
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .filter(|n| n != "save.bin" && n != "out.bin")
        .collect();
    assert!(left.is_empty(), "{left:?}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_failed_write_leaves_the_save_intact() {
    let dir = scratch("atomic");
    let (_, original) = save_game();
    let file = dir.join("save.bin");
    std::fs::write(&file, &original).unwrap();
    let r = gdvariant(
        &["-q", "set", file.to_str().unwrap(), "version", "4"],
        &[("GDVARIANT_TEST_FAIL_BEFORE_RENAME", "1")],
    );
    assert_eq!(r.status.code(), Some(4));
    assert_eq!(std::fs::read(&file).unwrap(), original);
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        1,
        "no temporary file left"
    );
    std::fs::remove_dir_all(&dir).ok();
}
