//! Editing a file in place leaves what is around its bytes as it was (issue 22): `set`,
//! `delete` and `reencode` keep the file's mode (and, as root, its owner and group), edit
//! the target of a symbolic link and keep the link, refuse a read-only file or directory
//! and a file that another program changed between the read and the rename (the
//! `GDVARIANT_TEST_CHANGE_BEFORE_RENAME` hook plays that program), and never leave a
//! temporary file behind.

#![cfg(unix)]

use crate::support;

use std::os::unix::fs::{FileTypeExt, MetadataExt, PermissionsExt};
use std::path::Path;

use support::containers::{read, stderr, Scratch};
use support::{gdvariant, gdvariant_with};

const SAVE: &str = r#"{"player": {"hp": 10, "name": "Ann"}, "list": [1, 2]}"#;

/// A save in the scratch directory, written by `from-text` (optionally in a container).
fn save(dir: &Scratch, name: &str, container: &[&str]) -> String {
    let text = dir.path(&format!("{name}.txt"));
    std::fs::write(&text, SAVE).unwrap();
    let path = dir.path(name);
    let mut args = vec!["from-text", text.as_str(), path.as_str()];
    args.extend_from_slice(container);
    let o = gdvariant(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    std::fs::remove_file(&text).unwrap();
    path
}

fn mode(path: &str) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn chmod(path: &str, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

fn hp(path: &str) -> String {
    let o = gdvariant(&["-q", "get", path, "player/hp"]);
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

/// The edits that replace FILE, each with a different result.
fn edits(file: &str) -> Vec<Vec<&str>> {
    vec![
        vec!["-q", "set", file, "player/hp", "11"],
        vec!["-q", "set", file, "player/hp", "1099511627776"],
        vec!["-q", "delete", file, "list/0"],
        vec!["-q", "reencode", file, file],
    ]
}

#[test]
fn a_600_file_stays_600() {
    let dir = Scratch::new("safety-mode");
    let plain = save(&dir, "plain.bin", &[]);
    let zstd = save(&dir, "zstd.bin", &["--compress", "zstd"]);
    for file in [&plain, &zstd] {
        for (i, args) in edits(file).iter().enumerate() {
            let wanted = [0o600, 0o640, 0o604, 0o2600][i];
            chmod(file, wanted);
            let o = gdvariant(args);
            assert!(o.status.success(), "{args:?}: {}", stderr(&o));
            assert_eq!(mode(file), wanted, "{args:?}");
        }
    }
    // `-o OUT` over an existing OUT keeps OUT's mode too.
    let out = dir.path("out.bin");
    std::fs::write(&out, b"old").unwrap();
    chmod(&out, 0o600);
    let o = gdvariant(&["-q", "set", &plain, "player/hp", "12", "-o", &out]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!((mode(&out), hp(&out).as_str()), (0o600, "12"));
    assert_eq!(dir.names(), ["out.bin", "plain.bin", "zstd.bin"]);
}

#[test]
fn the_owner_and_group_stay_when_the_process_may_set_them() {
    let dir = Scratch::new("safety-owner");
    let file = save(&dir, "save.bin", &[]);
    // Only root may give a file to another user: elsewhere there is nothing to see.
    if std::os::unix::fs::chown(&file, Some(4321), Some(4322)).is_err() {
        eprintln!("not root: the owner cannot be changed, skipped");
        return;
    }
    chmod(&file, 0o640);
    for args in edits(&file) {
        let o = gdvariant(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        let meta = std::fs::metadata(&file).unwrap();
        assert_eq!((meta.uid(), meta.gid(), mode(&file)), (4321, 4322, 0o640));
    }
}

#[test]
fn a_symlink_stays_a_symlink_and_its_target_changes() {
    let dir = Scratch::new("safety-link");
    let target = save(&dir, "target.bin", &[]);
    chmod(&target, 0o600);
    std::fs::create_dir(dir.path("saves")).unwrap();
    // A relative link in another directory, and a link to that link.
    let link = dir.path("saves/link.bin");
    std::os::unix::fs::symlink("../target.bin", &link).unwrap();
    let chain = dir.path("chain.bin");
    std::os::unix::fs::symlink(&link, &chain).unwrap();
    for (file, value) in [(&link, "20"), (&chain, "21")] {
        let o = gdvariant(&["-q", "set", file, "player/hp", value]);
        assert!(o.status.success(), "{}", stderr(&o));
        assert!(std::fs::symlink_metadata(file)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(hp(&target), value, "the target has the new value");
        assert_eq!(mode(&target), 0o600);
    }
    assert_eq!(
        std::fs::read_link(&link).unwrap(),
        Path::new("../target.bin")
    );
    let o = gdvariant(&["-q", "reencode", &link, &link]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = gdvariant(&["-q", "delete", &chain, "list"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!String::from_utf8_lossy(&read_text(&target)).contains("list"));
    assert_eq!(
        dir.names(),
        ["chain.bin", "saves", "target.bin"],
        "no temporary file, no file instead of a link"
    );
    assert_eq!(std::fs::read_dir(dir.path("saves")).unwrap().count(), 1);
}

fn read_text(path: &str) -> Vec<u8> {
    gdvariant(&["-q", "show", path]).stdout
}

#[test]
fn a_read_only_file_is_refused_and_unchanged() {
    let dir = Scratch::new("safety-readonly");
    let file = save(&dir, "save.bin", &[]);
    let zstd = save(&dir, "zstd.bin", &["--compress", "zstd"]);
    let link = dir.path("link.bin");
    std::os::unix::fs::symlink("save.bin", &link).unwrap();
    for path in [&file, &zstd, &link] {
        chmod(&file, 0o444);
        chmod(&zstd, 0o444);
        let before = read(path);
        for args in edits(path) {
            let o = gdvariant(&args);
            assert_eq!(o.status.code(), Some(4), "{args:?}");
            let said = stderr(&o);
            assert!(said.contains("is read-only (mode 444)"), "{said}");
            assert!(said.contains("nothing was changed"), "{said}");
            assert_eq!(read(path), before, "{args:?}");
            assert_eq!(mode(path), 0o444);
        }
    }
    assert!(stderr(&gdvariant(&edits(&link)[0])).contains("the file it links to"));
    // The directory: the file is replaced through a temporary file in it.
    chmod(&file, 0o644);
    chmod(&zstd, 0o644);
    let before = read(&file);
    let d = dir.path("");
    chmod(&d, 0o555);
    let results: Vec<_> = edits(&file).iter().map(|args| gdvariant(args)).collect();
    chmod(&d, 0o755);
    for o in results {
        assert_eq!(o.status.code(), Some(4));
        let said = stderr(&o);
        assert!(said.contains("is read-only"), "{said}");
        assert!(said.contains("nothing was changed"), "{said}");
    }
    assert_eq!(read(&file), before);
    assert_eq!(dir.names(), ["link.bin", "save.bin", "zstd.bin"]);
}

#[test]
fn a_file_changed_by_another_writer_is_refused() {
    let dir = Scratch::new("safety-race");
    let plain = save(&dir, "plain.bin", &[]);
    let gzip = save(&dir, "gzip.bin", &["--compress", "gzip"]);
    for file in [&plain, &gzip] {
        for args in edits(file) {
            for (writer, grows) in [("size", true), ("mtime", false)] {
                let before = read(file);
                let o = gdvariant_with(&args, &[("GDVARIANT_TEST_CHANGE_BEFORE_RENAME", writer)]);
                assert_eq!(o.status.code(), Some(4), "{args:?} {writer}");
                let said = stderr(&o);
                assert!(
                    said.contains("the file changed while gdvariant was editing it"),
                    "{said}"
                );
                assert!(said.contains("nothing was written"), "{said}");
                let change = match writer {
                    "size" => "its size changed",
                    _ => "its modification time changed",
                };
                assert!(said.contains(change), "{said}");
                // The other writer's bytes are there; the edit is not.
                let mut expected = before.clone();
                if grows {
                    expected.push(b'!');
                }
                assert_eq!(read(file), expected, "{args:?} {writer}");
                std::fs::write(file, &before).unwrap();
            }
        }
    }
    assert_eq!(dir.names(), ["gzip.bin", "plain.bin"], "no temporary file");
    // Without another writer the same edits go through.
    for args in edits(&plain) {
        let o = gdvariant(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_directory_or_a_device_is_never_replaced() {
    let dir = Scratch::new("safety-kinds");
    let file = save(&dir, "save.bin", &[]);
    std::fs::create_dir(dir.path("sub")).unwrap();
    let o = gdvariant(&["-q", "reencode", &file, &dir.path("sub")]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).ends_with("sub: is a directory\n"),
        "{}",
        stderr(&o)
    );
    // A device, through a link of the scratch directory (a binary that replaced what it
    // writes to would replace the link, never /dev/null itself); a FIFO when `mkfifo` is
    // there.
    let null = dir.path("null");
    std::os::unix::fs::symlink("/dev/null", &null).unwrap();
    let fifo = dir.path("fifo");
    let mut specials = vec![null.clone()];
    if std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        specials.push(fifo.clone());
    }
    for special in &specials {
        let o = gdvariant(&["-q", "reencode", &file, special]);
        assert_eq!(o.status.code(), Some(4));
        assert!(stderr(&o).contains("not a regular file"), "{}", stderr(&o));
    }
    assert!(std::fs::symlink_metadata(&null)
        .unwrap()
        .file_type()
        .is_symlink());
    if specials.len() > 1 {
        assert!(std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo());
    }
}

#[test]
fn without_the_right_to_write_nothing_is_changed() {
    // Run as `nobody` (setpriv, as root): a file of another user, and a directory the
    // user may not write in.
    let dir = Scratch::new("safety-user");
    let file = save(&dir, "root.bin", &[]);
    std::fs::create_dir(dir.path("theirs")).unwrap();
    let theirs = dir.path("theirs/save.bin");
    std::fs::copy(&file, &theirs).unwrap();
    let as_nobody = |args: &[&str]| {
        std::process::Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(env!("CARGO_BIN_EXE_gdvariant"))
            .args(args)
            .output()
    };
    if std::os::unix::fs::chown(&theirs, Some(65534), Some(65534)).is_err()
        || !as_nobody(&["--version"]).is_ok_and(|o| o.status.success())
    {
        eprintln!("needs root and setpriv, skipped");
        return;
    }
    let before = read(&file);
    let o = as_nobody(&["-q", "set", &file, "player/hp", "5"]).unwrap();
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o)
            .ends_with("root.bin: the file is not writable by this user: nothing was changed\n"),
        "{}",
        stderr(&o)
    );
    assert_eq!(read(&file), before);
    let o = as_nobody(&["-q", "set", &theirs, "player/hp", "5"]).unwrap();
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).contains("cannot create a temporary file in ")
            && stderr(&o).contains("its directory must be writable; nothing was changed"),
        "{}",
        stderr(&o)
    );
    assert_eq!(read(&theirs), before);
    assert_eq!(std::fs::read_dir(dir.path("theirs")).unwrap().count(), 1);
}
