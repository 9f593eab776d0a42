//! Plain JSON on the real binary: `json --plain` (jq paths work on it; exact output),
//! `from-json` reading plain JSON (`{"hp": 10}` from stdin is the engine's bytes), telling
//! it from tagged JSON, and `from-json --like FILE` giving every engine fixture back byte
//! for byte through plain JSON; type changes and errors reported with line and column.

use crate::common;
use crate::support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use support::gdvariant;

/// A scratch directory of this test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("gdvariant-plain-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `bytes` to a file of the directory and gives its path.
    fn file(&self, name: &str, bytes: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path.to_str().unwrap().to_string()
    }

    fn path(&self, name: &str) -> String {
        self.0.join(name).to_str().unwrap().to_string()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// Runs `gdvariant args…` with `input` on stdin.
fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(args)
        .env("NO_COLOR", "1")
        .env_remove("GDVARIANT_PASSWORD")
        .env_remove("GDVARIANT_KEY")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run gdvariant");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn fixture(engine: &str, name: &str) -> String {
    common::fixtures_dir()
        .join(engine)
        .join(format!("{name}.bin"))
        .to_str()
        .unwrap()
        .to_string()
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

// ---------------------------------------------------------------------------------------
// `json --plain`

#[test]
fn json_plain_writes_exact_plain_json() {
    let out = |name: &str| stdout(&gdvariant(&["-q", "json", "--plain", &fixture("g4", name)]));
    assert_eq!(
        out("array_mixed"),
        "[null,true,2,3.5,\"four\",[5.0,6.0],[7],{\"8\":9}]\n"
    );
    assert_eq!(
        out("w_dict__stream_put_var"),
        "{\"hp\":10,\"pos\":[1.0,2.0]}\n"
    );
    assert_eq!(out("color"), "[0.1,0.2,0.3,0.4]\n");
    assert_eq!(out("aabb"), "[1.0,2.0,3.0,4.0,5.0,6.0]\n");
    let pretty = stdout(&gdvariant(&[
        "-q",
        "json",
        "--plain",
        "--pretty",
        &fixture("g4", "w_dict__stream_put_var"),
    ]));
    assert_eq!(pretty, "{\n  \"hp\": 10,\n  \"pos\": [1.0, 2.0]\n}\n");
}

#[test]
fn json_help_says_plain_is_lossy() {
    let help = stdout(&gdvariant(&["json", "--help"]));
    assert!(help.contains("--plain"), "{help}");
    assert!(help.contains("LOSSY"), "{help}");
    assert!(help.contains("docs/cli.md, \"Plain JSON"), "{help}");
    assert!(help.contains("from-json --like"), "{help}");
}

#[test]
fn jq_paths_work_on_json_plain() {
    let nested = fixture("g4", "dict_nested"); // {"a": {"b": {"c": [1, 2, {"d": null}]}}}
    let text = stdout(&gdvariant(&["-q", "json", "--plain", &nested]));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["a"]["b"]["c"], serde_json::json!([1, 2, {"d": null}]));
    // With jq itself, where it is installed.
    let jq = Command::new("jq")
        .args(["-c", ".a.b.c"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn();
    let Ok(mut jq) = jq else {
        println!("skipped the jq run: jq is not installed");
        return;
    };
    jq.stdin.take().unwrap().write_all(text.as_bytes()).unwrap();
    let out = jq.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "[1,2,{\"d\":null}]\n");
}

// ---------------------------------------------------------------------------------------
// `from-json` reading plain JSON.

#[test]
fn plain_json_from_stdin_is_the_engines_bytes() {
    // var_to_bytes({"hp": 10}) in Godot 4: the engine's {"hp": 10, "pos": Vector2(1, 2)}
    // (a put_var frame) up to its first pair, with a count of 1.
    let engine = std::fs::read(fixture("g4", "w_dict__stream_put_var")).unwrap();
    let mut want = engine[4..32].to_vec();
    want[4] = 1;
    let out = with_stdin(&["from-json", "-", "-", "--force"], b"{\"hp\": 10}\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(out.stdout, want);
    assert_eq!(stderr(&out), "", "nothing to say: it is plain JSON");
}

#[test]
fn the_form_is_detected_said_and_forced() {
    let dir = Scratch::new("form");
    let out = dir.path("out.bin");
    // A type name first: tagged, and said so.
    let color = dir.file("color.json", br#"{"Color": [1, 0, 0, 1]}"#);
    let r = gdvariant(&["from-json", &color, &out]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stderr(&r).contains("read as tagged JSON"), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("--plain reads plain JSON"),
        "{}",
        stderr(&r)
    );
    let shown = stdout(&gdvariant(&["-q", "show", &out]));
    assert_eq!(shown, "Color(1, 0, 0, 1)\n");
    // --plain: a Dictionary.
    let r = gdvariant(&["from-json", "--plain", &color, &out]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(stderr(&r), "");
    let shown = stdout(&gdvariant(&["-q", "show", &out]));
    assert_eq!(shown, "{\n\"Color\": [1, 0, 0, 1]\n}\n");
    // --tagged: plain JSON is an error.
    let hp = dir.file("hp.json", br#"{"hp": 10}"#);
    let r = gdvariant(&["from-json", "--tagged", &hp, &out]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("hp.json:1:2: unknown type (byte 1)"),
        "{}",
        stderr(&r)
    );
    // A tagged-looking document that only reads as plain JSON: the tagged error, and how
    // to read it as plain.
    let bad = dir.file("bad.json", br#"{"Vector2": [1]}"#);
    let r = gdvariant(&["from-json", &bad, &out]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("bad.json:1:13: Vector2 takes 2 components, got 1 (byte 12)"),
        "{}",
        stderr(&r)
    );
    assert!(
        stderr(&r).contains("--plain reads it as plain JSON"),
        "{}",
        stderr(&r)
    );
}

#[test]
fn plain_json_lines_become_frames() {
    let dir = Scratch::new("lines");
    let lines = dir.file("v.jsonl", b"{\"hp\": 10}\n\n[1, 2.5]\n\"x\"\n");
    let out = dir.path("out.save");
    let r = gdvariant(&["from-json", &lines, &out]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(stderr(&r).contains("3 values (JSON Lines): writing them as store_var frames"));
    let shown = stdout(&gdvariant(&["-q", "json", "--plain", &out]));
    assert_eq!(shown, "{\"hp\":10}\n[1,2.5]\n\"x\"\n");
    // A bad plain line: its own line and column.
    let bad = dir.file("bad.jsonl", b"{\"a\": 1}\n[1, 2]\n{\"a\": 1, \"a\": 2}\n");
    let r = gdvariant(&["from-json", &bad, &out]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("bad.jsonl:3:10: duplicate key (byte 25)"),
        "{}",
        stderr(&r)
    );
}

#[test]
fn errors_name_line_and_column_and_deep_nesting_stops() {
    let dir = Scratch::new("errors");
    let out = dir.path("out.bin");
    let json = dir.file("e.json", b"{\"a\": [1,\n  2 3]}");
    let r = gdvariant(&["from-json", &json, &out]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("e.json:2:5: expected ',' or ']' (byte 14)"),
        "{}",
        stderr(&r)
    );
    let deep = "[".repeat(5000) + &"]".repeat(5000);
    let json = dir.file("deep.json", deep.as_bytes());
    let r = gdvariant(&["from-json", "--plain", &json, &out]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("deep.json:1:1026: nesting deeper than 1024 (byte 1025)"),
        "{}",
        stderr(&r)
    );
    assert!(!Path::new(&out).exists());
}

// ---------------------------------------------------------------------------------------
// `from-json --like FILE`

#[test]
fn like_keeps_vector2_int_and_float() {
    let dir = Scratch::new("like");
    let save = fixture("g4", "w_dict__stream_put_var"); // a put_var frame of {"hp": 10, "pos": Vector2(1, 2)}
    let out = dir.path("out.save");
    // jq '.hp += 1 | .pos[0] = 3' prints integral numbers without `.0`.
    let r = with_stdin(
        &["-q", "from-json", "--like", &save, "-", &out],
        b"{\"hp\": 11, \"pos\": [3, 2]}",
    );
    assert!(r.status.success(), "{}", stderr(&r));
    let mut want = std::fs::read(&save).unwrap();
    want[28] = 11; // hp
    want[48..52].copy_from_slice(&3.0f32.to_le_bytes()); // pos.x
    assert_eq!(
        std::fs::read(&out).unwrap(),
        want,
        "framed as the --like file is"
    );
    // A float stays a float for `10`.
    let floats = dir.file(
        "f.bin",
        &gdvariant::text::read(r#"{"speed": 2.5}"#, gdvariant::Dialect::Godot4).unwrap(),
    );
    let r = with_stdin(
        &["-q", "from-json", "--like", &floats, "-", &out],
        b"{\"speed\": 10}",
    );
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(
        std::fs::read(&out).unwrap(),
        [
            27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 5, 0, 0, 0, b's', b'p', b'e', b'e', b'd', 0, 0, 0,
            3, 0, 0, 0, 0, 0, 0x20, 0x41
        ]
    );
}

#[test]
fn like_reports_values_of_another_type() {
    let dir = Scratch::new("changes");
    let save = fixture("g4", "w_dict__stream_put_var");
    let json = dir.file("e.json", b"{\"hp\": 10,\n \"pos\": \"here\"}");
    let r = gdvariant(&["from-json", "--like", &save, &json, &dir.path("out.bin")]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert!(
        stderr(&r).contains("e.json:2:9: .pos: Vector2 in the --like file, written as String"),
        "{}",
        stderr(&r)
    );
    // Tagged JSON given with --like: refused, with what to do.
    let tagged = dir.file("t.json", br#"{"Dictionary": [["hp", 10]]}"#);
    let r = gdvariant(&["from-json", "--like", &save, &tagged, &dir.path("out.bin")]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("--like reads plain JSON, and this is tagged JSON"),
        "{}",
        stderr(&r)
    );
    // A typed container's type is a rule.
    let typed = fixture("g4", "array_typed_int");
    let bad = dir.file("b.json", b"[1, \"x\"]");
    let r = gdvariant(&[
        "-q",
        "from-json",
        "--like",
        &typed,
        &bad,
        &dir.path("out.bin"),
    ]);
    assert_eq!(r.status.code(), Some(4));
    assert!(
        stderr(&r).contains("b.json:1:5: the typed container here holds only Int values (byte 4)"),
        "{}",
        stderr(&r)
    );
}

#[test]
fn json_plain_then_from_json_like_gives_every_fixture_back() {
    let dir = Scratch::new("fixtures");
    let mut n = 0;
    for engine in ["g32", "g36", "g4"] {
        let godot = if engine == "g4" { "4" } else { "3" };
        for case in common::cases(engine) {
            if case.file.is_empty() {
                continue;
            }
            let bin = dir.file("in.bin", &case.file);
            let prefix = if case.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            };
            let json = gdvariant(&["-q", "json", "--plain", "--godot", godot, prefix, &bin]);
            let text = dir.file("v.json", &stdout(&json).into_bytes());
            let out = dir.path("out.bin");
            let back = gdvariant(&[
                "-q",
                "from-json",
                "--godot",
                godot,
                "--like",
                &bin,
                &text,
                &out,
            ]);
            assert!(
                back.status.success(),
                "{engine}/{}: {}",
                case.name,
                stderr(&back)
            );
            let mut expected = case.file.clone();
            let mut got = std::fs::read(&out).unwrap();
            let skip = if case.is_prefixed() { 4 } else { 0 };
            common::zero_node_path_padding(&mut expected[skip..], case.dialect());
            if got.len() == expected.len() {
                common::zero_node_path_padding(&mut got[skip..], case.dialect());
            }
            assert!(got == expected, "{engine}/{}: bytes differ", case.name);
            n += 1;
        }
    }
    assert_eq!(n, 332);
}

#[test]
fn like_with_several_values_takes_value_n_for_line_n() {
    let dir = Scratch::new("multi");
    let mut file = Vec::new();
    for name in [
        "w_int64__store_var",
        "w_dict__stream_put_var",
        "w_string__store_var",
    ] {
        file.extend_from_slice(&common::case("g4", name).file);
    }
    let save = dir.file("multi.save", &file);
    let json = stdout(&gdvariant(&["-q", "json", "--plain", &save]));
    assert_eq!(json.lines().count(), 3);
    let lines = dir.file("multi.jsonl", json.as_bytes());
    let out = dir.path("back.save");
    let r = gdvariant(&["-q", "from-json", "--like", &save, &lines, &out]);
    assert!(r.status.success(), "{}", stderr(&r));
    assert_eq!(std::fs::read(&out).unwrap(), file);
}
