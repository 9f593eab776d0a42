//! The smaller things a newcomer met (issue 22): a file that is not Variant data is named
//! (a binary or text resource or scene, a PCK, a ConfigFile, JSON) with what to do instead;
//! `show DIR` says "is a directory"; `get --raw` never writes to a terminal; the help's
//! completion command can be copied; a bare word as `set`'s VALUE gets the String's
//! spelling; `show < file` reads stdin.

use crate::support;

use std::process::{Command, Output, Stdio};

use support::containers::{stderr, stdout, Scratch};
use support::gdvariant;

/// Runs `gdvariant args…` with `file` as its standard input.
fn with_stdin(args: &[&str], file: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::fs::File::open(file).unwrap())
        .output()
        .unwrap()
}

/// Runs `gdvariant args…` with a terminal as stdin and stdout (through `script`), or
/// `None` when `script` is missing. Gives the exit code and what the terminal showed.
fn on_a_terminal(args: &[&str]) -> Option<(i32, String)> {
    let command = std::iter::once(env!("CARGO_BIN_EXE_gdvariant"))
        .chain(args.iter().copied())
        .map(|a| format!("'{a}'"))
        .collect::<Vec<_>>()
        .join(" ");
    let o = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .ok()?;
    // `script` without a terminal of its own still gives the command one.
    Some((o.status.code()?, stdout(&o)))
}

fn value_file(dir: &Scratch) -> String {
    let text = dir.path("value.txt");
    std::fs::write(&text, r#"{"hp": 10, "name": "Ann"}"#).unwrap();
    let file = dir.path("value.bin");
    let o = gdvariant(&["from-text", &text, &file]);
    assert!(o.status.success(), "{}", stderr(&o));
    file
}

#[test]
fn files_that_are_not_variant_data_are_named_with_what_to_do() {
    let dir = Scratch::new("newcomer-foreign");
    let mut rsrc = b"RSRC\0\0\0\0\x04\0\0\0\x03\0\0\0".to_vec();
    rsrc.extend_from_slice(&[0; 64]);
    let cases: [(&str, &[u8], &str); 6] = [
        (
            "player.res",
            &rsrc,
            "this is a Godot binary resource or scene (RSRC: .res, .scn), not Variant data: \
             gdvariant reads the bytes that var_to_bytes, store_var and put_var write; open the \
             resource in Godot",
        ),
        (
            "game.pck",
            b"GDPC\x02\0\0\0\x04\0\0\0\x03\0\0\0\0\0\0\0",
            "this is a Godot PCK (GDPC)",
        ),
        (
            "player.tres",
            b"[gd_resource type=\"Resource\" format=3]\n\n[resource]\nhp = 10\n",
            "this is a Godot text resource (.tres), not Variant data",
        ),
        (
            "level.tscn",
            b"[gd_scene load_steps=2 format=3]\n",
            "this is a Godot text scene (.tscn), not Variant data",
        ),
        (
            "save.json",
            b"  {\"hp\": 10}\n",
            "this looks like JSON, not Variant data: gdvariant reads the bytes that \
             var_to_bytes, store_var and put_var write; `gdvariant from-json IN OUT` writes \
             JSON as Variant bytes",
        ),
        ("list.json", b"[1, 2, 3]", "this looks like JSON"),
    ];
    for (name, bytes, said) in cases {
        let path = dir.path(name);
        std::fs::write(&path, bytes).unwrap();
        // Resources and scenes are read by show, check, json, tree, get, set and diff
        // (cli/tests/it/resource.rs; this RSRC header is damaged: exit 4, "malformed
        // resource"); stats, which counts Variant data, names them.
        let resource = name.ends_with(".res") || name.ends_with(".tres") || name.ends_with(".tscn");
        if resource {
            let o = gdvariant(&["-q", "stats", &path]);
            assert_eq!(o.status.code(), Some(4), "stats {name}");
            assert!(
                stderr(&o).starts_with(&format!("gdvariant: {path}: {said}")),
                "{}",
                stderr(&o)
            );
            if name.ends_with(".res") {
                let o = gdvariant(&["-q", "check", &path]);
                assert_eq!(o.status.code(), Some(4));
                assert!(stderr(&o).contains("malformed resource"), "{}", stderr(&o));
            }
            continue;
        }
        // Every reading command, through the one place that reports the input's errors.
        for command in ["show", "check", "json", "tree", "stats"] {
            let o = gdvariant(&["-q", command, &path]);
            assert_eq!(o.status.code(), Some(4), "{command} {name}");
            assert!(
                stderr(&o).starts_with(&format!("gdvariant: {path}: {said}")),
                "{command} {name}: {}",
                stderr(&o)
            );
            assert_eq!(stderr(&o).lines().count(), 1);
        }
        let o = gdvariant(&["-q", "get", &path, "hp"]);
        assert!(stderr(&o).contains(said), "{}", stderr(&o));
        let o = gdvariant(&["-q", "set", &path, "hp", "1"]);
        assert!(stderr(&o).contains(said), "{}", stderr(&o));
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }
    // A ConfigFile is read by show, get, json, check, set and delete (cli/tests/it/config.rs);
    // tree and stats, which outline Variant data, name it.
    let path = dir.path("settings.cfg");
    std::fs::write(&path, b"[player]\n\nhp=10\n").unwrap();
    for command in ["tree", "stats"] {
        let o = gdvariant(&["-q", command, &path]);
        assert_eq!(o.status.code(), Some(4), "{command}");
        assert!(
            stderr(&o).starts_with(&format!(
                "gdvariant: {path}: this looks like a Godot ConfigFile"
            )),
            "{}",
            stderr(&o)
        );
    }
    assert_eq!(
        gdvariant(&["-q", "get", &path, "player/hp"]).stdout,
        b"10\n"
    );
    // Variant data and damaged Variant data are not mistaken for them.
    let file = value_file(&dir);
    assert!(gdvariant(&["-q", "check", &file]).status.success());
    let damaged = dir.path("damaged.bin");
    std::fs::write(&damaged, b"{\0\0\0").unwrap();
    let o = gdvariant(&["-q", "check", &damaged]);
    assert!(stderr(&o).contains("invalid Godot"), "{}", stderr(&o));
}

#[test]
fn a_directory_is_a_directory() {
    let dir = Scratch::new("newcomer-dir");
    let path = dir.path("");
    let path = path.trim_end_matches('/');
    for command in ["show", "get", "set", "reencode"] {
        let mut args = vec!["-q", command, path];
        args.extend(match command {
            "get" => &["hp"][..],
            "set" => &["hp", "1"],
            "reencode" => &["-"],
            _ => &[],
        });
        let o = gdvariant(&args);
        assert_eq!(o.status.code(), Some(4), "{command}");
        assert_eq!(
            stderr(&o),
            format!("gdvariant: {path}: is a directory\n"),
            "{command}"
        );
    }
}

#[test]
fn get_raw_refuses_a_terminal_as_from_text_does() {
    let dir = Scratch::new("newcomer-raw");
    let file = value_file(&dir);
    let Some((code, shown)) = on_a_terminal(&["-q", "get", "--raw", &file, "hp"]) else {
        eprintln!("no `script` to give the command a terminal: skipped");
        return;
    };
    assert_eq!(code, 4, "{shown}");
    assert!(
        shown.contains(
            "gdvariant: refusing to write binary data to a terminal (redirect it, or pass --force)"
        ),
        "{shown}"
    );
    // The text form goes to a terminal; --force writes the bytes anyway.
    let (code, shown) = on_a_terminal(&["-q", "get", &file, "hp"]).unwrap();
    assert_eq!((code, shown.trim()), (0, "10"));
    let (code, _) = on_a_terminal(&["-q", "get", "--raw", "--force", &file, "hp"]).unwrap();
    assert_eq!(code, 0);
    // Into a pipe, as before.
    let o = gdvariant(&["-q", "get", "--raw", &file, "hp"]);
    assert_eq!(o.stdout, [2, 0, 0, 0, 10, 0, 0, 0]);
}

#[test]
fn the_completion_command_in_the_help_can_be_copied() {
    for help in ["-h", "--help"] {
        let o = gdvariant(&[help]);
        let text = stdout(&o);
        assert!(
            text.contains(
                "`gdvariant completions bash > ~/.local/share/bash-completion/completions/gdvariant`"
            ),
            "{text}"
        );
    }
}

#[test]
fn a_bare_word_as_value_says_how_a_string_is_written() {
    let dir = Scratch::new("newcomer-zoe");
    let file = value_file(&dir);
    let before = std::fs::read(&file).unwrap();
    for (value, spelled) in [
        ("Zoe", r#"'"Zoe"'"#),
        ("Zoe Smith", r#"'"Zoe Smith"'"#),
        ("Zoe's", r#"'"Zoe"'"#),
    ] {
        let o = gdvariant(&["-q", "set", &file, "name", value]);
        assert_eq!(o.status.code(), Some(4));
        let said = stderr(&o);
        assert!(said.contains("unexpected identifier 'Zoe'"), "{said}");
        assert!(
            said.ends_with(&format!(
                "; a String is written {spelled} (the double quotes are part of VALUE)\n"
            )),
            "{said}"
        );
    }
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // Other mistakes get no such hint.
    let o = gdvariant(&["-q", "set", &file, "name", "Vector2(1"]);
    assert!(
        !stderr(&o).contains("a String is written"),
        "{}",
        stderr(&o)
    );
    let o = gdvariant(&["-q", "set", &file, "name", "\"Zoe\""]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = gdvariant(&["-q", "get", &file, "name"]);
    assert_eq!(stdout(&o), "\"Zoe\"\n");
}

#[test]
fn without_file_the_reading_commands_read_stdin_unless_it_is_a_terminal() {
    let dir = Scratch::new("newcomer-stdin");
    let file = value_file(&dir);
    for (command, out) in [
        ("show", "{\n\"hp\": 10,\n\"name\": \"Ann\"\n}\n"),
        (
            "json",
            "{\"Dictionary\":[[\"hp\",10],[\"name\",\"Ann\"]]}\n",
        ),
        ("check", "OK: Godot 4 Dictionary, 52 bytes\n"),
    ] {
        let o = with_stdin(&["-q", command], &file);
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        assert_eq!(stdout(&o), out, "{command}");
        // The same as FILE and as `-`.
        assert_eq!(gdvariant(&["-q", command, &file]).stdout, o.stdout);
        assert_eq!(with_stdin(&["-q", command, "-"], &file).stdout, o.stdout);
    }
    for command in ["tree", "stats"] {
        let o = with_stdin(&["-q", command], &file);
        assert!(o.status.success(), "{command}: {}", stderr(&o));
        assert!(!o.stdout.is_empty());
    }
    // A terminal as stdin: the usage error, as before.
    let Some((code, shown)) = on_a_terminal(&["show"]) else {
        eprintln!("no `script` to give the command a terminal: skipped");
        return;
    };
    assert_eq!(code, 2, "{shown}");
    assert!(
        shown.contains("the following required arguments were not provided"),
        "{shown}"
    );
    assert!(shown.contains("<FILE>"), "{shown}");
}
