//! Never write back a guess (issue 40): an input that reads two ways is printed with a
//! warning and refused by every command that writes it back; `GDVARIANT_GODOT` names the
//! dialect once for every command; a file that is no save at all is said to be none.
//! On the engine's own bytes: `tests/fixtures/store_math`, Godot 4.6.3's `store_var` of
//! every small math value.

use crate::common;
use crate::support::containers::{ok, stderr, stdout, Scratch};
use crate::support::{gdvariant, gdvariant_with, other_value};

use gdvariant::{frame, Dialect, VariantRef};

/// One engine-written file of `tests/fixtures/store_math`.
struct MathCase {
    name: String,
    file: std::path::PathBuf,
    type_name: String,
    text: String,
}

fn math_cases() -> Vec<MathCase> {
    let dir = common::fixtures_dir().join("store_math");
    let lines = std::fs::read_to_string(dir.join("cases.jsonl")).unwrap();
    lines
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            MathCase {
                name: s("name"),
                file: dir.join(s("file")),
                type_name: s("type_name"),
                text: s("text"),
            }
        })
        .collect()
}

/// The cases detection flags (see the library's `tests/it/detect.rs`).
const AMBIGUOUS: [&str; 5] = [
    "vector4i",
    "vector4i_zero",
    "plane",
    "plane_zero",
    "quaternion_zero",
];

/// `store_var(value)` as Godot 4 writes it: the length, then `var_to_bytes`.
fn store_var4(text: &str) -> Vec<u8> {
    let bytes = gdvariant::text::read(text, Dialect::Godot4).unwrap();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let mut out = Vec::new();
    frame::write(&mut out, value, frame::PrefixOrder::Little).unwrap();
    out
}

/// `set FILE "" VALUE` on every engine file: the unambiguous ones are written as Godot 4
/// writes the new value; the ambiguous ones are refused (exit code 2, nothing written, the
/// message names both readings and the flags) until `--dialect 4` or `GDVARIANT_GODOT=4`
/// says which. `delete` and `reencode` refuse them too; `show` prints the guess.
#[test]
fn every_small_math_store_var_is_edited_or_refused() {
    let dir = Scratch::new("guesses-math");
    let mut refused = Vec::new();
    for case in math_cases() {
        let original = std::fs::read(&case.file).unwrap();
        let path = dir.path(&format!("{}.sav", case.name));
        std::fs::write(&path, &original).unwrap();
        let new = other_value(&case.type_name);
        let expected = store_var4(new);
        let set = gdvariant(&["-q", "set", &path, "", new]);
        if !AMBIGUOUS.contains(&case.name.as_str()) {
            assert!(set.status.success(), "{}: {}", case.name, stderr(&set));
            assert_eq!(std::fs::read(&path).unwrap(), expected, "{}", case.name);
            continue;
        }
        refused.push(case.name.clone());
        assert_eq!(set.status.code(), Some(2), "{}", case.name);
        let message = stderr(&set);
        assert!(
            message.starts_with(&format!(
                "gdvariant: nothing written: {path} is ambiguous, and writing it back would \
                 keep a guess: it reads as a Godot 4 {} in a store_var frame (the guess) and \
                 as a Godot 3 ",
                case.type_name
            )),
            "{}: {message}",
            case.name
        );
        assert!(message.contains("say which with --dialect 4"), "{message}");
        assert_eq!(std::fs::read(&path).unwrap(), original, "{}", case.name);
        // The other writers refuse it too; the readers print the guess (the engine's text).
        let out = dir.path("out.sav");
        for args in [
            vec!["-q", "delete", path.as_str(), "x"],
            vec!["-q", "reencode", path.as_str(), out.as_str()],
        ] {
            let o = gdvariant(&args);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains("nothing written"), "{args:?}");
        }
        let shown = ok(gdvariant(&["-q", "show", &path]));
        assert_eq!(stdout(&shown), format!("{}\n", case.text));
        assert!(stderr(&shown).contains("is ambiguous"));
        // Told which: written.
        ok(gdvariant(&["-q", "set", "--dialect", "4", &path, "", new]));
        assert_eq!(std::fs::read(&path).unwrap(), expected, "{}", case.name);
        std::fs::write(&path, &original).unwrap();
        ok(gdvariant_with(
            &["-q", "set", &path, "", new],
            &[("GDVARIANT_GODOT", "4")],
        ));
        assert_eq!(std::fs::read(&path).unwrap(), expected, "{}", case.name);
    }
    assert_eq!(refused, AMBIGUOUS);
}

/// `GDVARIANT_GODOT`: the dialect of every command not told one (reading and writing);
/// the option wins; empty is unset; anything else is a usage error that names it.
#[test]
fn gdvariant_godot_names_the_dialect_once() {
    let red = common::fixtures_dir().join("g36/color_red.bin");
    let red = red.to_str().unwrap();
    let with = |args: &[&str], value: &str| gdvariant_with(args, &[("GDVARIANT_GODOT", value)]);
    // Godot 3's Color(1, 0, 0, 1) is also Godot 4's Plane(1, 0, 0, 1).
    let o = ok(with(&["-q", "show", red], "3"));
    assert_eq!(
        (stdout(&o), stderr(&o)),
        ("Color( 1, 0, 0, 1 )\n".into(), String::new())
    );
    let o = ok(with(&["show", "--dialect", "4", red], "3"));
    assert_eq!(stdout(&o), "Plane(1, 0, 0, 1)\n");
    let o = ok(with(&["show", red], ""));
    assert!(stderr(&o).contains("is ambiguous"), "{}", stderr(&o));
    let o = with(&["show", red], "5");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        stderr(&o),
        "gdvariant: GDVARIANT_GODOT=\"5\" names no dialect: it takes 3, 4, pm-a, pm-b or pm-c \
         (or unset it to detect Godot 3 or 4)\n"
    );
    // Writers write it: Godot 3's var2bytes(Vector3(1, 2, 3)) has type id 7.
    let dir = Scratch::new("guesses-env");
    let text = dir.path("v.txt");
    std::fs::write(&text, "Vector3(1, 2, 3)").unwrap();
    let out = dir.path("v.bin");
    ok(with(&["from-text", &text, &out], "3"));
    assert_eq!(std::fs::read(&out).unwrap()[..4], [7, 0, 0, 0]);
    ok(with(&["from-text", "--dialect", "4", &text, &out], "3"));
    assert_eq!(std::fs::read(&out).unwrap()[..4], [9, 0, 0, 0]);
    // A dialect from the variable that the bytes look wrong in is named as such.
    let dict = common::fixtures_dir().join("g36/dict_nested.bin");
    let o = ok(with(&["-q", "check", dict.to_str().unwrap()], "4"));
    assert!(
        stderr(&o).contains("read as Godot 4 (GDVARIANT_GODOT=4), these bytes look wrong"),
        "{}",
        stderr(&o)
    );
}

/// A small xorshift generator: the same "random" bytes on every run.
fn noise(len: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

/// Random bytes, a text file, zeros, an int and then noise: "not a Godot save" (exit code
/// 4), with what the nearest reading made of it. A save cut short keeps its error.
#[test]
fn a_file_no_reading_explains_is_not_a_save() {
    let dir = Scratch::new("guesses-not-a-save");
    let mut int_then_noise = vec![2, 0, 0, 0, 7, 0, 0, 0];
    int_then_noise.extend(noise(4088));
    let readme = std::fs::read(common::fixtures_dir().join("README.md")).unwrap();
    let files = [
        ("noise.bin", noise(4096), 4096),
        ("text.txt", readme.clone(), readme.len()),
        ("zeros.bin", vec![0; 4096], 4096),
        ("int_then_noise.bin", int_then_noise, 4096),
    ];
    for (name, bytes, len) in files {
        let path = dir.path(name);
        std::fs::write(&path, &bytes).unwrap();
        for command in ["show", "check", "json"] {
            let o = gdvariant(&["-q", command, &path]);
            assert_eq!(o.status.code(), Some(4), "{name} {command}");
            let message = stderr(&o);
            let head = format!("gdvariant: {path}: not a Godot save: no reading of it as Variant data (Godot 3 or 4, one value or store_var frames) explains more than its first ");
            assert!(message.starts_with(&head), "{name}: {message}");
            let len = len.to_string();
            let len = match len.len() {
                4 => format!("{},{}", &len[..1], &len[1..]),
                _ => len,
            };
            assert!(
                message.contains(&format!(" of {len} (the nearest: invalid Godot ")),
                "{name}: {message}"
            );
        }
    }
    // A dictionary cut short, and frames whose last is cut: what is wrong where.
    let dict = common::case("g4", "dict_nested").file;
    let path = dir.path("cut.bin");
    std::fs::write(&path, &dict[..dict.len() - 8]).unwrap();
    let o = gdvariant(&["-q", "show", &path]);
    assert_eq!(o.status.code(), Some(4));
    assert!(
        stderr(&o).starts_with(&format!("gdvariant: {path}: invalid Godot 4 data: ")),
        "{}",
        stderr(&o)
    );
}

/// `flags/1` names the String key "1": where the Dictionary has the int key 1, `get` says
/// how to write it, and `set` refuses to add a String key beside it.
#[test]
fn a_number_where_the_key_is_an_int_gets_a_hint() {
    let dir = Scratch::new("guesses-int-key");
    let text = dir.path("f.txt");
    std::fs::write(&text, r#"{"flags": {1: "a", 2: "b"}}"#).unwrap();
    let path = dir.path("f.bin");
    ok(gdvariant(&["-q", "from-text", &text, &path]));
    let o = gdvariant(&["-q", "get", &path, "flags/1"]);
    assert_eq!(o.status.code(), Some(3));
    assert_eq!(
        stderr(&o),
        "gdvariant: `/flags` has no `1`; its key 1 is an int, not a String: write it [1] \
         (`flags/[1]`)\n"
    );
    assert_eq!(
        stdout(&ok(gdvariant(&["-q", "get", &path, "flags/[1]"]))),
        "\"a\"\n"
    );
    let before = std::fs::read(&path).unwrap();
    let o = gdvariant(&["-q", "set", &path, "flags/2", "\"z\""]);
    assert_eq!(o.status.code(), Some(3));
    assert!(
        stderr(&o).starts_with(
            "gdvariant: nothing written: `/flags` has no String key `2` to set, and setting it \
             would add one; its key 2 is an int, not a String: write it [2] (`flags/[2]`)"
        ),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    ok(gdvariant(&["-q", "set", &path, "flags/[2]", "\"z\""]));
    assert_eq!(
        stdout(&ok(gdvariant(&["-q", "get", &path, "flags/[2]"]))),
        "\"z\"\n"
    );
}

/// `reencode --to 3` of a value with a typed array says where it is.
#[test]
fn a_conversion_that_fails_names_the_path() {
    let dir = Scratch::new("guesses-convert");
    let text = dir.path("t.txt");
    std::fs::write(&text, r#"{"a": {"b": [1, Array[int]([1, 2])]}}"#).unwrap();
    let path = dir.path("t.bin");
    ok(gdvariant(&["-q", "from-text", &text, &path]));
    let out = dir.path("o.bin");
    let o = gdvariant(&["-q", "reencode", "--to", "3", &path, &out]);
    assert_eq!(o.status.code(), Some(4));
    assert_eq!(
        stderr(&o),
        "gdvariant: cannot convert to Godot 3: /a/b/1 (an Array): a typed Array cannot be \
         written in Godot 3\n"
    );
    assert!(!std::path::Path::new(&out).exists());
}
