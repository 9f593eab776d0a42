//! Files of several store_var / put_var values in a row (the way Godot saves are often
//! written), truncated and lying frames, exit codes, and the global options (--color,
//! -q, completions), on the real `gdvariant` binary.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn gdvariant(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(args)
        .env_remove("NO_COLOR")
        .output()
        .expect("run gdvariant")
}

/// A scratch directory of this test process, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("gdvariant-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `bytes` to a file of the directory and gives its path.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Three frames Godot 4.6.3 wrote: store_var(1 << 62), StreamPeer.put_var({"hp": 10,
/// "pos": Vector2(1, 2)}), store_var("abc"); 88 bytes.
fn three_frames() -> Vec<u8> {
    [
        "w_int64__store_var",
        "w_dict__stream_put_var",
        "w_string__store_var",
    ]
    .iter()
    .flat_map(|name| common::case("g4", name).file)
    .collect()
}

/// Runs a command that must succeed; gives stdout and stderr.
fn run(args: &[&str]) -> (String, String) {
    let out = gdvariant(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// Runs a command that must fail with `code`; gives stderr.
fn fails(args: &[&str], code: i32) -> String {
    let out = gdvariant(args);
    assert_eq!(out.status.code(), Some(code), "{args:?}");
    assert!(out.stdout.is_empty(), "{args:?}");
    String::from_utf8(out.stderr).unwrap()
}

const NOTE: &str =
    "gdvariant: detected 3 Godot 4 values in store_var frames (4-byte length prefixes)\n";

#[test]
fn every_command_reads_every_value_of_a_three_frame_file() {
    let dir = Scratch::new("multi");
    let file = dir.file("save.bin", &three_frames());
    let file = file.as_str();

    let (out, err) = run(&["show", file]);
    assert_eq!(
        out,
        "#0\n4611686018427387904\n#1\n{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}\n#2\n\"abc\"\n"
    );
    assert_eq!(err, NOTE);

    // JSON Lines: one compact value per line.
    let (out, _) = run(&["json", file]);
    assert_eq!(
        out,
        "4611686018427387904\n\
         {\"Dictionary\":[[\"hp\",10],[\"pos\",{\"Vector2\":[1.0,2.0]}]]}\n\
         \"abc\"\n"
    );

    let (out, _) = run(&["tree", file]);
    assert_eq!(
        out,
        "\
#0                                       int                                              0x4             12 B
#1                                       Dictionary                      2 pairs         0x14             52 B
#1/hp                                    int                                             0x28              8 B
#1/pos                                   Vector2                                         0x3c             12 B
#2                                       String                          3 bytes         0x4c             12 B
"
    );
    let (out, _) = run(&["tree", "--max-items", "1", file]);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            "#0                                       int                                              0x4             12 B",
            "#… 2 more values"
        ]
    );

    let (out, _) = run(&["stats", file]);
    assert_eq!(
        out,
        "\
76 bytes in 3 values, 7 nodes, max depth 1

type                            count        own bytes
int                                 2               20
String                              3               36
Vector2                             1               12
Dictionary                          1                8

largest containers:
              52 B  Dictionary of 2  #1

longest strings:
               3 B  #2
               3 B  #1/pos (key)
               2 B  #1/hp (key)
"
    );

    let (out, err) = run(&["check", file]);
    assert_eq!(out, "OK: 3 values (store_var frames), Godot 4, 88 bytes\n");
    assert_eq!(err, NOTE);

    // Frames again, byte for byte.
    let copy = dir.0.join("copy.bin");
    run(&["reencode", file, copy.to_str().unwrap()]);
    assert_eq!(std::fs::read(&copy).unwrap(), three_frames());
}

#[test]
fn get_addresses_a_value_by_its_number() {
    let dir = Scratch::new("multi-get");
    let file = dir.file("save.bin", &three_frames());
    let file = file.as_str();
    assert_eq!(run(&["get", file, "#1/pos"]).0, "Vector2(1, 2)\n");
    assert_eq!(run(&["get", file, "#1/hp", "--json"]).0, "10\n");
    assert_eq!(run(&["get", file, "#2"]).0, "\"abc\"\n");
    let raw = gdvariant(&["get", "--raw", file, "#0"]);
    assert_eq!(
        raw.stdout,
        common::case("g4", "w_int64__store_var").value_bytes()
    );

    // Nothing there: exit code 3, the path named as written.
    assert_eq!(
        fails(&["-q", "get", file, "#1/x"], 3),
        "gdvariant: `#1` has no `x`\n"
    );
    assert_eq!(
        fails(&["-q", "get", file, "#1/hp/x"], 3),
        "gdvariant: `#1/hp` is an int, which has no parts\n"
    );
    assert_eq!(
        fails(&["-q", "get", file, "#3"], 3),
        "gdvariant: no value #3: the input holds 3 values\n"
    );
    assert_eq!(
        fails(&["-q", "get", file, "hp"], 3),
        "gdvariant: `hp`: the input holds 3 values; start the path with the value's number, \
         #0 to #2 (as in `#0/hp`)\n"
    );
    // A malformed path is a usage error.
    assert!(fails(&["-q", "get", file, "#one"], 2).starts_with("gdvariant: bad path `#one`"));
    assert!(fails(&["-q", "get", file, "#1/\"open"], 2).contains("unterminated quote"));
    // One value: `#0` is the value too, and a missing key is exit code 3.
    let single = common::fixtures_dir().join("g4/dict_nested.bin");
    let single = single.to_str().unwrap();
    assert_eq!(run(&["get", single, "#0/a/b/c/0"]).0, "1\n");
    assert_eq!(
        fails(&["-q", "get", single, "nope"], 3),
        "gdvariant: `/` has no `nope`\n"
    );
}

#[test]
fn a_frame_that_disagrees_with_the_input_is_an_error_with_its_offset() {
    let dir = Scratch::new("multi-bad");
    // The third frame cut 8 bytes short.
    let mut bytes = three_frames();
    bytes.truncate(bytes.len() - 8);
    let truncated = dir.file("truncated.bin", &bytes);
    for extra in [&[][..], &["--prefixed"], &["--godot", "4", "--prefixed"]] {
        let mut args = vec!["check"];
        args.extend_from_slice(extra);
        args.push(&truncated);
        assert_eq!(
            fails(&args, 4),
            format!(
                "gdvariant: {truncated}: invalid Godot 4 data: frame #2 is truncated: it needs \
                 16 bytes, 8 remain, at file offset 0x48 (bytes there: [0c 00 00 00 04 00 00 00])\n"
            ),
            "{args:?}"
        );
    }
    // A 4-byte length that claims 2 GB, in a 12-byte file: never OK.
    let lie = dir.file("lie.bin", &[0, 0, 0, 0x80, 2, 0, 0, 0, 7, 0, 0, 0]);
    assert_eq!(
        fails(&["check", "--prefixed", &lie], 4),
        format!(
            "gdvariant: {lie}: invalid Godot 4 data: frame #0 is truncated: it needs \
             2,147,483,652 bytes, 12 remain, at file offset 0x0 (bytes there: [00 00 00 80 02 \
             00 00 00])\n"
        )
    );
    assert!(fails(&["check", &lie], 4).contains("frame #0 is truncated"));
    // Bytes left inside a frame after its value: accepted, as get_var does, and said.
    let mut slack = common::case("g4", "w_int64__store_var").file;
    slack.extend_from_slice(&[12, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 0xee, 0xee, 0xee, 0xee]);
    let slack = dir.file("slack.bin", &slack);
    assert_eq!(
        run(&["-q", "check", "--godot", "4", &slack]).0,
        "OK: 2 values (store_var frames), Godot 4, 32 bytes; frame #1 has 4 bytes after its \
         value, which get_var ignores\n"
    );
}

#[test]
fn detection_errors_come_from_the_reading_that_got_furthest() {
    let dir = Scratch::new("multi-furthest");
    // A Godot 3 dictionary cut short: Godot 3 reads up to 0x2c.
    let mut bytes = common::case("g36", "dict_nested").file;
    bytes.truncate(50);
    let file = dir.file("g3.bin", &bytes);
    assert_eq!(
        fails(&["check", &file], 4),
        format!(
            "gdvariant: {file}: invalid Godot 3 data: length or count exceeds the remaining \
             input at file offset 0x2c (bytes there: [01 00 00 00 04 00])\n"
        )
    );
}

#[test]
fn quiet_silences_the_notes_but_not_the_errors() {
    let dir = Scratch::new("multi-quiet");
    let file = dir.file("save.bin", &three_frames());
    for args in [
        ["-q", "show", file.as_str()],
        ["show", "--quiet", file.as_str()],
    ] {
        let (out, err) = run(&args);
        assert!(out.starts_with("#0\n"));
        assert_eq!(err, "", "{args:?}");
    }
    // An ambiguous input: `check` says so on its OK line; `show` prints the guess and a
    // warning, quiet or not (what it printed may not be what the file holds).
    let red = common::fixtures_dir().join("g36/color_red.bin");
    let red = red.to_str().unwrap();
    for quiet in [false, true] {
        let args: &[&str] = if quiet {
            &["-q", "check", red]
        } else {
            &["check", red]
        };
        assert_eq!(
            run(args),
            (
                "OK: Godot 4 Plane, 20 bytes; ambiguous: it also reads as a Godot 3 Color \
                 (--dialect 3)\n"
                    .to_string(),
                String::new()
            )
        );
        let args: &[&str] = if quiet {
            &["-q", "show", red]
        } else {
            &["show", red]
        };
        assert_eq!(
            run(args),
            (
                "Plane(1, 0, 0, 1)\n".to_string(),
                format!(
                    "gdvariant: warning: {red} is ambiguous: it reads as a Godot 4 Plane \
                     (shown) and as a Godot 3 Color; say which with --dialect 4 or --dialect 3 \
                     (or set GDVARIANT_GODOT for every command)\n"
                )
            )
        );
    }
    // A value both dialects read alike: the dialect is no claim.
    let (out, err) = run(&[
        "check",
        common::fixtures_dir()
            .join("g36/int_m1.bin")
            .to_str()
            .unwrap(),
    ]);
    assert_eq!(out, "OK: Godot 3 or 4 int, 8 bytes\n");
    assert_eq!(
        err,
        "gdvariant: detected Godot 4 int, which Godot 3 reads the same way\n"
    );
    let missing = fails(&["-q", "show", "/nonexistent/gdvariant.bin"], 4);
    assert!(
        missing.starts_with("gdvariant: /nonexistent/gdvariant.bin: "),
        "{missing}"
    );
}

#[test]
fn color_follows_the_flag() {
    let file = common::fixtures_dir().join("g4/dict_nested.bin");
    let file = file.to_str().unwrap();
    // Not a terminal: no colour unless asked.
    assert!(!run(&["tree", file]).0.contains('\x1b'));
    assert!(!run(&["--color", "never", "tree", file]).0.contains('\x1b'));
    let (out, _) = run(&["tree", "--color", "always", file]);
    assert!(
        out.starts_with("/                                        \x1b[36mDictionary"),
        "{out}"
    );
    assert_eq!(
        fails(&["--color", "sometimes", "tree", file], 2)
            .lines()
            .next(),
        Some("error: invalid value 'sometimes' for '--color <COLOR>'")
    );
}

#[test]
fn completions_and_help() {
    for shell in ["bash", "zsh", "fish"] {
        let (out, _) = run(&["completions", shell]);
        assert!(out.contains("gdvariant"), "{shell}");
        assert!(
            out.contains("reencode") && out.contains("prefixed"),
            "{shell}"
        );
    }
    assert!(fails(&["completions", "tcsh"], 2).starts_with("error: invalid value 'tcsh'"));
    let (help, _) = run(&["--help"]);
    assert!(help.contains("Exit codes:"), "{help}");
    assert!(
        help.contains("3  the path names nothing in the input"),
        "{help}"
    );
    assert!(help.contains("#0/player/hp"), "{help}");
    let (help, _) = run(&["get", "--help"]);
    assert!(help.contains("#1/player/hp"), "{help}");
}
