//! `get`, `set` and `delete` agree on a path that fails (issue 22): a malformed path is exit
//! code 2, a path that leads nowhere (a missing key, index or property, a step into a value
//! that has no parts) is exit code 3, with the same words from all three ("is an int", not
//! "is a int"), and the file is left as it was.

use crate::support;

use support::containers::{read, stderr, Scratch};
use support::gdvariant;

const SAVE: &str = r#"{"player": {"hp": 10, "name": "Ann"}, "list": [1, 2],
    "box": AABB(0, 0, 0, 1, 1, 1), "rid": RID(), "speed": 1.5, "tags": PackedStringArray("a")}"#;

/// Writes `text` as a value (or, `prefixed`, a store_var frame) and gives its bytes.
fn encode(dir: &Scratch, text: &str, prefixed: bool) -> Vec<u8> {
    let (input, output) = (dir.path("in.txt"), dir.path("out.bin"));
    std::fs::write(&input, text).unwrap();
    let mut args = vec!["from-text", input.as_str(), output.as_str()];
    if prefixed {
        args.push("--prefixed");
    }
    let o = gdvariant(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = read(&output);
    std::fs::remove_file(&input).unwrap();
    std::fs::remove_file(&output).unwrap();
    bytes
}

/// Runs `get`, `set … 1` and `delete` on `path`; each must fail with `code` and say
/// exactly `message`, and the file must not change.
fn all_three_fail(file: &str, path: &str, code: i32, message: &str) {
    let before = read(file);
    for args in [
        vec!["-q", "get", file, path],
        vec!["-q", "set", file, path, "1"],
        vec!["-q", "delete", file, path],
    ] {
        let o = gdvariant(&args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert_eq!(stderr(&o), format!("gdvariant: {message}\n"), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        assert_eq!(read(file), before, "{args:?}");
    }
}

#[test]
fn a_path_that_leads_nowhere_is_exit_code_3_in_the_same_words() {
    let dir = Scratch::new("paths-nowhere");
    let file = dir.path("save.bin");
    std::fs::write(&file, encode(&dir, SAVE, false)).unwrap();
    for (path, message) in [
        ("player/mp/x", "`/player` has no `mp`"),
        ("list/5", "`/list` has no `5`"),
        ("nope/x", "`/` has no `nope`"),
        ("list/x", "`/list` has no `x`"),
        // A step into a value without parts; `set` under a scalar too.
        ("player/hp/x", "`/player/hp` is an int, which has no parts"),
        (
            "player/name/0",
            "`/player/name` is a String, which has no parts",
        ),
        ("speed/0", "`/speed` is a float, which has no parts"),
        ("box/0", "`/box` is an AABB, which has no parts"),
        ("rid/0", "`/rid` is an RID, which has no parts"),
        (
            "player/hp/x/y",
            "`/player/hp` is an int, which has no parts",
        ),
    ] {
        all_three_fail(&file, path, 3, message);
    }
}

#[test]
fn a_malformed_path_is_exit_code_2_in_the_same_words() {
    let dir = Scratch::new("paths-malformed");
    let file = dir.path("save.bin");
    std::fs::write(&file, encode(&dir, SAVE, false)).unwrap();
    for (path, message) in [
        (
            "player/\"hp",
            "bad path at character 7: unterminated quote",
        ),
        ("#x/hp", "bad path `#x/hp`: `#` is followed by a value number (`#0/player`); quote a key that starts with `#`: `\"#key\"`"),
    ] {
        all_three_fail(&file, path, 2, message);
    }
}

#[test]
fn in_a_file_of_several_values_the_paths_start_with_the_value_s_number() {
    let dir = Scratch::new("paths-multi");
    let mut bytes = encode(&dir, "7", true);
    bytes.extend(encode(&dir, SAVE, true));
    let file = dir.path("save.bin");
    std::fs::write(&file, &bytes).unwrap();
    for (path, code, message) in [
        ("#1/player/mp/x", 3, "`#1/player` has no `mp`"),
        ("#1/nope/x", 3, "`#1` has no `nope`"),
        (
            "#1/player/hp/x",
            3,
            "`#1/player/hp` is an int, which has no parts",
        ),
        ("#0/x", 3, "`#0` is an int, which has no parts"),
        ("#2/x", 3, "no value #2: the input holds 2 values"),
        (
            "#1/player/\"hp",
            2,
            "bad path at character 10: unterminated quote",
        ),
    ] {
        all_three_fail(&file, path, code, message);
    }
    // What works still works, and the other value keeps its bytes.
    let o = gdvariant(&["-q", "set", &file, "#1/player/hp", "11"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = gdvariant(&["-q", "get", &file, "#1/player/hp"]);
    assert_eq!(String::from_utf8_lossy(&o.stdout), "11\n");
    assert_eq!(read(&file)[..12], bytes[..12]);
}
