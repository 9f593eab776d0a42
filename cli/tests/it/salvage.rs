//! `--salvage`: a file of store_var frames whose frame #N is damaged (cut short by an
//! interrupted write, most often). Without the flag the error says what it would read;
//! with it, `show`, `json`, `tree`, `get` and `stats` print the intact frames exactly as
//! for a file of those frames alone, report the damaged frame on stderr and exit with 4.
//! The commands that write (and `check`) refuse the flag. Every file is built from frames
//! the engines wrote (`tests/fixtures`).

use crate::common;
use crate::support;

use std::process::Output;

use support::containers::Scratch;
use support::gdvariant;

/// Godot 4.6.3's store_var(1 << 62) (0x0..0x10), put_var({"hp": 10, "pos": Vector2(1,
/// 2)}) (0x10..0x48), store_var("abc") (0x48..0x58).
fn three_frames() -> Vec<u8> {
    frames(
        "g4",
        &[
            "w_int64__store_var",
            "w_dict__stream_put_var",
            "w_string__store_var",
        ],
    )
}

/// The files of `names` (frames the engine wrote) one after another.
fn frames(engine: &'static str, names: &[&str]) -> Vec<u8> {
    names
        .iter()
        .flat_map(|name| common::case(engine, name).file)
        .collect()
}

/// `bytes` without its last `cut` bytes.
fn cut(mut bytes: Vec<u8>, cut: usize) -> Vec<u8> {
    bytes.truncate(bytes.len() - cut);
    bytes
}

/// Writes `bytes` as `name` in `dir`.
fn file(dir: &Scratch, name: &str, bytes: &[u8]) -> String {
    let path = dir.path(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Runs `args`; the exit code must be `code`. Gives stdout and stderr.
fn run(args: &[&str], code: i32) -> (String, String) {
    let out: Output = gdvariant(args);
    let (stdout, stderr) = (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    );
    assert_eq!(out.status.code(), Some(code), "{args:?}: {stderr}");
    (stdout, stderr)
}

/// The damage line of the three-frame file cut 8 bytes short, at `path`.
fn damage(path: &str) -> String {
    format!(
        "gdvariant: {path}: invalid Godot 4 data: frame #2 is truncated: it needs 16 bytes, 8 \
         remain, at file offset 0x48 (bytes there: [0c 00 00 00 04 00 00 00]); --salvage read \
         the 2 intact frames before it (#0 and #1) and none of the 8 bytes from it on\n"
    )
}

const NOTE: &str = "gdvariant: detected 2 Godot 4 values in store_var frames (4-byte length \
                    prefixes), before the damaged frame #2\n";

#[test]
fn reading_commands_print_the_intact_frames_then_report_the_damaged_one() {
    let dir = Scratch::new("salvage-read");
    let cut_file = file(&dir, "cut.bin", &cut(three_frames(), 8));
    let two = file(&dir, "two.bin", &cut(three_frames(), 16));
    let whole = file(&dir, "whole.bin", &three_frames());
    let (shown, err) = run(&["show", "--salvage", &cut_file], 4);
    assert_eq!(
        shown,
        "#0\n4611686018427387904\n#1\n{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}\n"
    );
    assert_eq!(err, format!("{NOTE}{}", damage(&cut_file)));
    // Exactly what the intact file prints for those frames.
    let (intact, _) = run(&["show", &whole], 0);
    assert_eq!(intact, format!("{shown}#2\n\"abc\"\n"));
    let (json, err) = run(&["-q", "json", "--salvage", &cut_file], 4);
    assert_eq!(
        json,
        "4611686018427387904\n{\"Dictionary\":[[\"hp\",10],[\"pos\",{\"Vector2\":[1.0,2.0]}]]}\n"
    );
    assert_eq!(
        err,
        damage(&cut_file),
        "-q keeps the damage, drops the note"
    );
    // tree and stats: as for a file of the two intact frames alone.
    for command in ["tree", "stats", "show", "json"] {
        let (salvaged, err) = run(&["-q", command, "--salvage", &cut_file], 4);
        let (alone, _) = run(&["-q", command, &two], 0);
        assert_eq!(salvaged, alone, "{command}");
        assert_eq!(err, damage(&cut_file), "{command}");
    }
    let (tree, _) = run(&["-q", "tree", "--salvage", &cut_file], 4);
    assert_eq!(
        tree.lines()
            .map(|l| l.split(' ').next().unwrap())
            .collect::<Vec<_>>(),
        ["#0", "#1", "#1/hp", "#1/pos"]
    );
    let (stats, _) = run(&["-q", "stats", "--salvage", &cut_file], 4);
    assert!(
        stats.starts_with("64 bytes in 2 values, 6 nodes, max depth 1\n"),
        "{stats}"
    );
    // get: a value of an intact frame; the damaged one is no value.
    let (got, err) = run(&["-q", "get", "--salvage", &cut_file, "#1/pos"], 4);
    assert_eq!((got.as_str(), err), ("Vector2(1, 2)\n", damage(&cut_file)));
    let (got, err) = run(&["-q", "get", "--salvage", &cut_file, "#2"], 4);
    assert_eq!(got, "");
    assert_eq!(
        err,
        format!(
            "gdvariant: no value #2: frame #2 is damaged, and --salvage read only the 2 values \
             before it\n{}",
            damage(&cut_file)
        )
    );
    // From stdin too.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(["-q", "json", "--salvage"])
        .stdin(std::fs::File::open(&cut_file).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), json);
    assert_eq!(String::from_utf8(out.stderr).unwrap(), damage("-"));
}

#[test]
fn without_salvage_the_error_says_what_it_would_read() {
    let dir = Scratch::new("salvage-offer");
    let path = file(&dir, "cut.bin", &cut(three_frames(), 8));
    let error = format!(
        "gdvariant: {path}: invalid Godot 4 data: frame #2 is truncated: it needs 16 bytes, 8 \
         remain, at file offset 0x48 (bytes there: [0c 00 00 00 04 00 00 00])"
    );
    let offer = "; run with --salvage to read the 2 intact frames before it\n";
    for args in [
        vec!["show", &path],
        vec!["json", &path],
        vec!["tree", &path],
        vec!["stats", &path],
        vec!["get", &path, "#0"],
        vec!["show", "--prefixed", &path],
        vec!["show", "--prefixed", "--dialect", "4", &path],
    ] {
        let (out, err) = run(&args, 4);
        assert_eq!(
            (out.as_str(), err),
            ("", format!("{error}{offer}")),
            "{args:?}"
        );
    }
    // check has no --salvage: its answer is the error alone.
    assert_eq!(run(&["check", &path], 4).1, format!("{error}\n"));
    // A file read whole is the same with or without the flag.
    let whole = file(&dir, "whole.bin", &three_frames());
    for command in ["show", "json", "tree", "stats"] {
        assert_eq!(
            run(&[command, "--salvage", &whole], 0),
            run(&[command, &whole], 0),
            "{command}"
        );
    }
}

#[test]
fn one_intact_frame_keeps_its_number_as_in_the_intact_file() {
    let dir = Scratch::new("salvage-one");
    // store_var(1 << 62), then store_var("abc") cut inside its string.
    let bytes = cut(
        frames("g4", &["w_int64__store_var", "w_string__store_var"]),
        3,
    );
    let path = file(&dir, "one.bin", &bytes);
    let damage = format!(
        "gdvariant: {path}: invalid Godot 4 data: frame #1 is truncated: it needs 16 bytes, 13 \
         remain, at file offset 0x10 (bytes there: [0c 00 00 00 04 00 00 00]); --salvage read \
         the intact frame before it (#0) and none of the 13 bytes from it on\n"
    );
    let (shown, err) = run(&["show", "--salvage", &path], 4);
    assert_eq!(shown, "#0\n4611686018427387904\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: detected Godot 4 int with a 4-byte length prefix, which Godot 3 reads \
             the same way, before the damaged frame #1\n{damage}"
        )
    );
    assert_eq!(
        run(&["-q", "get", "--salvage", &path, "#0"], 4),
        ("4611686018427387904\n".to_string(), damage.clone())
    );
    assert_eq!(
        run(&["-q", "get", "--salvage", &path, "#1"], 4).1,
        format!(
            "gdvariant: no value #1: frame #1 is damaged, and --salvage read only the 1 value \
             (#0) before it\n{damage}"
        )
    );
    assert!(run(&["show", &path], 4)
        .1
        .ends_with("; run with --salvage to read the intact frame before it\n"));
}

#[test]
fn a_damaged_first_frame_leaves_nothing_to_salvage() {
    let dir = Scratch::new("salvage-none");
    let path = file(&dir, "first.bin", &three_frames()[..8]);
    let error = format!(
        "gdvariant: {path}: invalid Godot 4 data: frame #0 is truncated: it needs 16 bytes, 8 \
         remain, at file offset 0x0 (bytes there: [0c 00 00 00 02 00 01 00])"
    );
    assert_eq!(
        run(&["show", "--salvage", &path], 4),
        (
            String::new(),
            format!("{error}; --salvage has nothing to read: there is no intact frame before it\n")
        )
    );
    // No offer without the flag: there is nothing to read.
    assert_eq!(run(&["show", &path], 4).1, format!("{error}\n"));
    // One value alone, cut short: no frames at all.
    let mut dict = common::case("g36", "dict_nested").file;
    dict.truncate(50);
    let single = file(&dir, "single.bin", &dict);
    let (out, err) = run(&["show", "--salvage", &single], 4);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!(
            "gdvariant: {single}: invalid Godot 3 data: length or count exceeds the remaining \
             input at file offset 0x2c (bytes there: [01 00 00 00 04 00]); --salvage has \
             nothing to read: the input does not read as store_var frames\n"
        )
    );
    let (_, err) = run(&["show", "--salvage", "--no-prefix", &single], 4);
    assert!(
        err.ends_with(
            "--salvage has nothing to read: with --no-prefix the input is one value, not \
             store_var frames\n"
        ),
        "{err}"
    );
}

#[test]
fn godot3_frames_are_salvaged_in_godot3() {
    let dir = Scratch::new("salvage-g3");
    // Godot 3.6.2's store_var({"hp": 10, "pos": Vector2(1, 2)}), store_var("abc"), then
    // store_var(1 << 62) cut short. Godot 4 reads the first frame as a Transform3D and
    // gets exactly as far: the failing reading alone would say Godot 4.
    let names = [
        "w_dict__store_var",
        "w_string__store_var",
        "w_int64__store_var",
    ];
    let path = file(&dir, "g3.bin", &cut(frames("g36", &names), 4));
    let error = format!(
        "gdvariant: {path}: invalid Godot 3 data: frame #2 is truncated: it needs 16 bytes, 12 \
         remain, at file offset 0x48 (bytes there: [0c 00 00 00 02 00 01 00])"
    );
    assert_eq!(
        run(&["show", &path], 4).1,
        format!("{error}; run with --salvage to read the 2 intact frames before it\n")
    );
    let (shown, err) = run(&["show", "--salvage", &path], 4);
    assert_eq!(
        shown,
        "#0\n{\n\"hp\": 10,\n\"pos\": Vector2( 1, 2 )\n}\n#1\n\"abc\"\n"
    );
    assert_eq!(
        err,
        format!(
            "gdvariant: detected 2 Godot 3 values in store_var frames (4-byte length prefixes), \
             before the damaged frame #2\n{error}; --salvage read the 2 intact frames before it \
             (#0 and #1) and none of the 12 bytes from it on\n"
        )
    );
    // An explicit dialect is kept, even a wrong one (the warning says so).
    let (shown, err) = run(&["show", "--salvage", "--dialect", "4", &path], 4);
    assert!(shown.starts_with("#0\nTransform3D(3e-45, "), "{shown}");
    assert!(
        err.ends_with(
            "invalid Godot 4 data: frame #2 is truncated: it needs 16 bytes, 12 remain, at file \
             offset 0x48 (bytes there: [0c 00 00 00 02 00 01 00]); --salvage read the 2 intact \
             frames before it (#0 and #1) and none of the 12 bytes from it on\n"
        ),
        "{err}"
    );
}

#[test]
fn an_explicit_dialect_and_big_endian_prefixes_are_kept() {
    let dir = Scratch::new("salvage-be");
    // Pandemonium B's store_var("abc") with `endian_swap`: a big-endian length. Twice, the
    // second cut 7 bytes short.
    let be = common::case("pandemonium/pmb", "w_string__store_var_be").file;
    let path = file(&dir, "be.bin", &cut([be.clone(), be].concat(), 7));
    let (shown, err) = run(&["show", "--salvage", "--dialect", "pm-b", &path], 4);
    assert_eq!(shown, "#0\n\"abc\"\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: detected Pandemonium B String with a 4-byte big-endian length prefix, \
             before the damaged frame #1\ngdvariant: {path}: invalid Pandemonium B data: frame \
             #1 is truncated: it needs 16 bytes, 9 remain, at file offset 0x10 (bytes there: \
             [00 00 00 0c 04 00 00 00]); --salvage read the intact frame before it (#0) and none \
             of the 9 bytes from it on\n"
        )
    );
    // --dialect without --prefixed: one value with bytes after it is what bytes_to_var
    // would read (a Vector4 of the first 20 bytes); --salvage reads the frames instead.
    let g4 = file(&dir, "g4.bin", &cut(three_frames(), 8));
    let (shown, err) = run(&["-q", "show", "--salvage", "--dialect", "4", &g4], 4);
    assert_eq!(
        shown,
        "#0\n4611686018427387904\n#1\n{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}\n"
    );
    assert_eq!(err, damage(&g4));
    // Without --salvage it prints that value, as before, and warns.
    let (shown, err) = run(&["-q", "show", "--dialect", "4", &g4], 0);
    assert_eq!(shown, "Vector4(9.1838e-41, 0, 2, 7.3e-44)\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {g4}: read as one Godot 4 Vector4, the 60 bytes after it \
             ignored; as store_var frames they read further, up to a damaged frame: invalid \
             Godot 4 data: frame #2 is truncated: it needs 16 bytes, 8 remain, at file offset \
             0x48 (bytes there: [0c 00 00 00 04 00 00 00]); run with --salvage to read the 2 \
             intact frames before it\n"
        )
    );
}

#[test]
fn a_frame_with_a_bad_value_stops_the_salvage_there() {
    let dir = Scratch::new("salvage-value");
    // store_var(1 << 62), a frame whose value has the unknown type id 0x63, then
    // store_var("abc"): the damage is the middle frame, and nothing from it on is read.
    let mut bytes = common::case("g4", "w_int64__store_var").file;
    bytes.extend_from_slice(&[8, 0, 0, 0, 0x63, 0, 0, 0, 0, 0, 0, 0]);
    bytes.extend(common::case("g4", "w_string__store_var").file);
    let path = file(&dir, "bad.bin", &bytes);
    let error = format!(
        "gdvariant: {path}: invalid Godot 4 data in frame #1 (at file offset 0x10): unknown type \
         id 0x63 at file offset 0x14 (bytes there: [63 00 00 00 00 00 00 00])"
    );
    assert_eq!(
        run(&["show", &path], 4),
        (
            String::new(),
            format!("{error}; run with --salvage to read the intact frame before it\n")
        )
    );
    assert_eq!(
        run(&["-q", "json", "--salvage", &path], 4),
        (
            "4611686018427387904\n".to_string(),
            format!(
                "{error}; --salvage read the intact frame before it (#0) and none of the 28 \
                 bytes from it on\n"
            )
        )
    );
}

#[test]
fn a_compressed_file_is_salvaged_in_its_plain_data() {
    let dir = Scratch::new("salvage-gcpf");
    let plain = file(&dir, "cut.bin", &cut(three_frames(), 8));
    let packed = dir.path("cut.gcpf");
    run(&["-q", "pack", "--compress", "zstd", &plain, &packed], 0);
    let (shown, err) = run(&["-q", "show", "--salvage", &packed], 4);
    assert_eq!(
        shown,
        "#0\n4611686018427387904\n#1\n{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}\n"
    );
    assert_eq!(
        err,
        format!(
            "gdvariant: {packed}: invalid Godot 4 data: frame #2 is truncated: it needs 16 bytes, \
             8 remain, at offset 0x48 of the decompressed data (bytes there: [0c 00 00 00 04 00 \
             00 00]); --salvage read the 2 intact frames before it (#0 and #1) and none of the 8 \
             bytes from it on\n"
        )
    );
}

#[test]
fn commands_that_write_or_validate_refuse_salvage() {
    let dir = Scratch::new("salvage-refuse");
    let bytes = cut(three_frames(), 8);
    let path = file(&dir, "cut.bin", &bytes);
    let out = dir.path("out.bin");
    let writes = "would write the intact frames alone, losing the damaged frame and everything \
                  after it";
    for (args, why) in [
        (
            vec!["set", "--salvage", &path, "#0", "1"],
            format!("`set` {writes}"),
        ),
        (
            vec!["delete", "--salvage", &path, "#1/hp"],
            format!("`delete` {writes}"),
        ),
        (
            vec!["reencode", "--salvage", &path, &out],
            format!("`reencode` {writes}"),
        ),
        (
            vec!["check", "--salvage", &path],
            "`check` validates the whole input, and the damage is its answer".to_string(),
        ),
    ] {
        let (stdout, err) = run(&args, 2);
        assert_eq!(stdout, "");
        assert_eq!(
            err.lines().next(),
            Some(
                format!(
                    "error: --salvage is for the commands that only print what they read (show, \
                     json, tree, get, stats): {why}"
                )
                .as_str()
            ),
            "{args:?}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{args:?}");
        assert!(!std::path::Path::new(&out).exists());
    }
}

#[test]
fn the_flag_is_documented_where_it_exists() {
    for command in ["show", "json", "tree", "get", "stats"] {
        let (help, _) = run(&[command, "--help"], 0);
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            help.contains(
                "--salvage For a file of store_var frames whose frame #N is damaged (cut short \
                 by an interrupted write, say): read the intact frames #0 to #N-1 as if they \
                 were the whole file and print what the command prints for them, then report \
                 the damaged frame on stderr (its index and offset) and exit with code 4"
            ),
            "{command}: {help}"
        );
    }
    for command in ["set", "delete", "reencode", "check", "diff"] {
        assert!(
            !run(&[command, "--help"], 0).0.contains("salvage"),
            "{command}"
        );
    }
    let (help, _) = run(&["--help"], 0);
    assert!(
        help.contains(
            "with --salvage, a damaged frame after\n     the intact frames that were printed"
        ),
        "{help}"
    );
    assert!(run(&["completions", "bash"], 0).0.contains("--salvage"));
}
