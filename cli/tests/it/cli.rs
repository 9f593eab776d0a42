//! The real `gdvariant` binary on every engine fixture.

use crate::common;

use std::process::{Command, Output};

fn gdvariant(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(args)
        .output()
        .expect("run gdvariant")
}

fn style_arg(engine: &str) -> &'static str {
    match engine {
        "g32" => "3.2",
        "g36" => "3.6",
        _ => "4",
    }
}

#[test]
fn show_prints_engine_text_for_every_fixture_with_explicit_flags() {
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Some(expected) = c
                .decoded_text
                .as_ref()
                .filter(|_| !c.value_bytes().is_empty())
            else {
                continue;
            };
            let path = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let path = path.to_str().unwrap();
            let godot = if engine == "g4" { "4" } else { "3" };
            let mut args = vec!["show", "--godot", godot, "--text-style", style_arg(engine)];
            args.push(if c.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            });
            args.push(path);
            let out = gdvariant(&args);
            assert!(
                out.status.success(),
                "{engine}/{}: {}",
                c.name,
                String::from_utf8_lossy(&out.stderr)
            );
            assert_eq!(
                String::from_utf8(out.stdout).unwrap(),
                format!("{expected}\n"),
                "{engine}/{}",
                c.name
            );
            assert!(
                out.stderr.is_empty(),
                "{engine}/{}: nothing was guessed, so nothing is said",
                c.name
            );
        }
    }
}

#[test]
fn show_detects_dialect_and_prefix_on_every_fixture() {
    let mut wrong = Vec::new();
    let mut right = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Some(expected) = c
                .decoded_text
                .as_ref()
                .filter(|_| !c.value_bytes().is_empty())
            else {
                continue;
            };
            let path = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let out = gdvariant(&[
                "show",
                "--text-style",
                style_arg(engine),
                path.to_str().unwrap(),
            ]);
            assert!(out.status.success(), "{engine}/{}", c.name);
            let stderr = String::from_utf8(out.stderr).unwrap();
            if String::from_utf8(out.stdout).unwrap() == format!("{expected}\n") {
                right += 1;
            } else if !stderr.contains(" is ambiguous: it reads as ") {
                // A wrong guess is only acceptable when it was announced as one.
                wrong.push(format!("{engine}/{}: {stderr}", c.name));
            }
            assert!(
                stderr.starts_with("gdvariant: "),
                "{engine}/{}: the guess is said on stderr",
                c.name
            );
        }
    }
    assert!(
        wrong.is_empty(),
        "detected wrongly without saying so:\n{}",
        wrong.join("\n")
    );
    // Tiny blobs can be valid in both dialects; all but Godot 3's Color(1, 0, 0, 1), which
    // is also Godot 4's Plane(1, 0, 0, 1) (said to be ambiguous), print the engine's text.
    assert!(right >= 330, "only {right} detected right");
}

#[test]
fn show_reports_malformed_input_with_offset_and_exit_1() {
    let dir = std::env::temp_dir().join(format!("gdvariant-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bad.bin");
    // A Godot 4 String whose length claims 0x7fffffff bytes.
    std::fs::write(&path, [4, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f]).unwrap();
    let out = gdvariant(&["show", "--godot", "4", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains("length or count exceeds the remaining input at file offset 0x4"),
        "{stderr}"
    );
    assert!(stderr.contains("[ff ff ff 7f]"), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn trailing_bytes_are_reported_where_they_start() {
    let dir = std::env::temp_dir().join(format!("gdvariant-cli-trail-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("trail.bin");
    // int 7 in both dialects, then two stray bytes: no reading consumes the input.
    std::fs::write(&path, [2, 0, 0, 0, 7, 0, 0, 0, 0xff, 0xff]).unwrap();
    let out = gdvariant(&["show", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("invalid Godot 4 data: trailing bytes after the value (2 left over) at file offset 0x8 (bytes there: [ff ff])"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(
        gdvariant(&["show", "--godot", "5", "x"]).status.code(),
        Some(2)
    );
    assert_eq!(gdvariant(&["frobnicate"]).status.code(), Some(2));
}

#[test]
fn reencode_gives_the_engine_bytes_back_for_every_fixture() {
    let dir = std::env::temp_dir().join(format!("gdvariant-reencode-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut identical = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            if c.value_bytes().is_empty() {
                continue; // the engine's own failure case
            }
            let input = common::fixtures_dir()
                .join(engine)
                .join(format!("{}.bin", c.name));
            let output = dir.join(format!("{engine}_{}.bin", c.name));
            let godot = if engine == "g4" { "4" } else { "3" };
            let framing = if c.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            };
            let out = gdvariant(&[
                "reencode",
                "--godot",
                godot,
                framing,
                input.to_str().unwrap(),
                output.to_str().unwrap(),
            ]);
            assert!(
                out.status.success(),
                "{engine}/{}: {}",
                c.name,
                String::from_utf8_lossy(&out.stderr)
            );
            let written = std::fs::read(&output).unwrap();
            if written == c.file {
                identical += 1;
                continue;
            }
            // Godot 3 leaves NodePath padding uninitialised; everything else must match.
            assert!(
                engine != "g4" && c.name.starts_with("nodepath"),
                "{engine}/{}: reencode changed the bytes",
                c.name
            );
            assert_eq!(written.len(), c.file.len(), "{engine}/{}", c.name);
            let differing: Vec<usize> = (0..written.len())
                .filter(|&i| written[i] != c.file[i])
                .collect();
            assert!(
                differing.iter().all(|&i| written[i] == 0),
                "{engine}/{}: only padding may differ, and it becomes zero",
                c.name
            );
        }
    }
    assert!(identical >= 320, "only {identical} byte-identical");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn reencode_keeps_a_big_endian_prefix() {
    let dir = std::env::temp_dir().join(format!("gdvariant-be-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (input, output) = (dir.join("in.bin"), dir.join("out.bin"));
    // store_var with big_endian = true: the prefix is big-endian, the value little-endian.
    std::fs::write(&input, [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]).unwrap();
    let out = gdvariant(&[
        "reencode",
        input.to_str().unwrap(),
        output.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    assert_eq!(
        std::fs::read(&output).unwrap(),
        [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("big-endian length prefix"));
    std::fs::remove_dir_all(&dir).ok();
}

fn fixture(engine: &str, name: &str) -> String {
    common::fixtures_dir()
        .join(engine)
        .join(format!("{name}.bin"))
        .to_str()
        .unwrap()
        .to_string()
}

fn stdout_of(args: &[&str]) -> String {
    let out = gdvariant(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn tree_outlines_with_paths_types_counts_offsets_and_sizes() {
    let text = stdout_of(&["tree", &fixture("g4", "object_image__fo")]);
    let lines: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(
        lines[0],
        ["/", "Object", "4", "properties", "0x0", "256", "B"]
    );
    assert_eq!(
        lines[3],
        ["/data", "Dictionary", "5", "pairs", "0x5c", "148", "B"]
    );
    assert_eq!(lines[4], ["/data/width", "int", "0x74", "8", "B"]);
    assert_eq!(
        lines[8],
        [
            "/data/data",
            "PackedByteArray",
            "16",
            "elements",
            "0xd8",
            "24",
            "B"
        ]
    );
    assert_eq!(lines.len(), 10);
    // Prefixed input: offsets are file offsets.
    let text = stdout_of(&["tree", "--godot", "3", &fixture("g36", "w_dict__store_var")]);
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .eq(["/hp", "int", "0x18", "8", "B"]),
        "{text}"
    );
}

#[test]
fn tree_elides_long_containers_and_stops_at_depth() {
    let text = stdout_of(&["tree", "--max-items", "2", &fixture("g4", "array_mixed")]);
    assert_eq!(text.lines().count(), 4, "{text}");
    assert_eq!(text.lines().last(), Some("/… 6 more"), "{text}");
    let nested = fixture("g4", "dict_nested");
    let text = stdout_of(&["tree", "--max-items", "1", "--depth", "9", &nested]);
    assert_eq!(text.lines().last(), Some("/a/b/c/… 2 more"), "{text}");
    let text = stdout_of(&["tree", "--depth", "1", &fixture("g4", "dict_nested")]);
    assert_eq!(text.lines().count(), 2, "{text}");
    let text = stdout_of(&["tree", "--depth", "0", &fixture("g4", "array_deep_1000")]);
    assert_eq!(text.lines().count(), 1);
}

#[test]
fn get_follows_keys_indices_properties_and_packed_elements() {
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "dict_nested"), "a/b/c/1"]),
        "2\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "dict_nested"), "/a/b/c/2/d"]),
        "null\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "dict_nested"), "\"a\"/\"b\""]),
        "{\n\"c\": [1, 2, {\n\"d\": null\n}]\n}\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "dict_typed_int_vec2"), "[1]"]),
        "Vector2(1, 2)\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "object_image__fo"), "data/format"]),
        "\"RGBA8\"\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g4", "pv2_3000"), "5"]),
        "Vector2(5, -2.5)\n"
    );
    assert_eq!(
        stdout_of(&["get", &fixture("g36", "pstr_lens"), "5"]),
        "\"日本\"\n"
    );
    let missing = gdvariant(&["get", &fixture("g4", "dict_nested"), "a/x"]);
    assert_eq!(
        missing.status.code(),
        Some(3),
        "nothing at the path: exit code 3"
    );
    assert_eq!(
        String::from_utf8(missing.stderr)
            .unwrap()
            .lines()
            .last()
            .unwrap(),
        "gdvariant: `/a` has no `x`"
    );
}

#[test]
fn get_raw_writes_a_blob_that_parses_to_the_same_text() {
    let dir = std::env::temp_dir().join(format!("gdvariant-raw-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (engine, name, path) in [
        ("g4", "object_image__fo", "data"),
        ("g4", "dict_nested", "a/b"),
        ("g36", "object_in_dict__fo", "res"),
        ("g4", "pv3_1", "0"),
    ] {
        let raw = gdvariant(&["get", "--raw", &fixture(engine, name), path]);
        assert!(raw.status.success());
        let blob = dir.join(format!("{name}.bin"));
        std::fs::write(&blob, &raw.stdout).unwrap();
        let godot = if engine == "g4" { "4" } else { "3" };
        let again = stdout_of(&[
            "show",
            "--godot",
            godot,
            "--no-prefix",
            blob.to_str().unwrap(),
        ]);
        let direct = stdout_of(&["get", "--godot", godot, &fixture(engine, name), path]);
        assert_eq!(again, direct, "{engine}/{name} {path}");
    }
    std::fs::remove_dir_all(&dir).ok();
}

/// Checks `v` against the JSON schema documented in `gdvariant::json`.
fn check_schema(v: &serde_json::Value) {
    use serde_json::Value as J;
    let is_number_or_special =
        |x: &J| x.is_number() || matches!(x.as_str(), Some("nan" | "inf" | "-inf"));
    match v {
        J::Null | J::Bool(_) | J::String(_) => {}
        J::Number(n) => assert!(n.is_i64() || n.is_f64(), "{n}"),
        J::Array(items) => items.iter().for_each(check_schema),
        J::Object(map) => {
            let (tag, body) = map.iter().next().expect("a tagged object");
            match tag.as_str() {
                "float" => assert!(matches!(body.as_str(), Some("nan" | "inf" | "-inf")), "{v}"),
                "StringName" | "NodePath" => assert!(body.is_string(), "{v}"),
                "RID" => assert!(body.is_u64(), "{v}"),
                "Callable" => assert!(body.is_null()),
                "Signal" => assert!(body["name"].is_string() && body["object"].is_u64(), "{v}"),
                "Object" => {
                    if let Some(props) = body.get("properties") {
                        assert!(body["class"].is_string());
                        for p in props.as_array().unwrap() {
                            assert!(p[0].is_string());
                            check_schema(&p[1]);
                        }
                    } else {
                        assert!(body.is_null() || body["id"].is_u64(), "{v}");
                    }
                }
                "Array" => {
                    body.as_array().unwrap().iter().for_each(check_schema);
                    assert!(map.contains_key("type"));
                }
                "Dictionary" => {
                    for pair in body.as_array().unwrap() {
                        let pair = pair.as_array().unwrap();
                        assert_eq!(pair.len(), 2);
                        pair.iter().for_each(check_schema);
                    }
                }
                "PackedByteArray" => assert!(body.is_string()),
                "PackedStringArray" => assert!(body.as_array().unwrap().iter().all(J::is_string)),
                t if t.starts_with("Packed") => {
                    for item in body.as_array().unwrap() {
                        match item.as_array() {
                            Some(vector) => assert!(vector.iter().all(is_number_or_special), "{v}"),
                            None => assert!(is_number_or_special(item), "{v}"),
                        }
                    }
                }
                _ => {
                    // A math value.
                    assert!(
                        body.as_array().unwrap().iter().all(is_number_or_special),
                        "{v}"
                    );
                }
            }
        }
    }
}

#[test]
fn json_of_every_fixture_parses_and_follows_the_schema() {
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            if c.value_bytes().is_empty() {
                continue;
            }
            let godot = if engine == "g4" { "4" } else { "3" };
            let framing = if c.is_prefixed() {
                "--prefixed"
            } else {
                "--no-prefix"
            };
            for pretty in [false, true] {
                let mut args = vec!["json", "--godot", godot, framing];
                if pretty {
                    args.push("--pretty");
                }
                let path = fixture(engine, &c.name);
                args.push(&path);
                let text = stdout_of(&args);
                let mut parser = serde_json::Deserializer::from_str(&text);
                parser.disable_recursion_limit(); // array_deep_1000 nests 1001 levels
                let v = <serde_json::Value as serde::Deserialize>::deserialize(&mut parser)
                    .unwrap_or_else(|e| panic!("{engine}/{}: {e}", c.name));
                check_schema(&v);
            }
        }
    }
}

/// A value of 8 MB goes the parallel way, cut on a second thread while it is validated:
/// the same bytes as with one thread (nothing cut), compact and pretty, its dialect
/// detected or given. The same file with a damaged byte gives the validation's error and
/// no output (what was cut ahead of it is dropped).
#[test]
fn json_of_a_large_value_is_the_one_thread_json() {
    let file = common::fixtures_dir().join("g4-large/large_savegame_10mb.bin");
    let run = |args: &[&str], threads: &str| {
        Command::new(env!("CARGO_BIN_EXE_gdvariant"))
            .env_remove("GDVARIANT_GODOT")
            .args(args)
            .env("RAYON_NUM_THREADS", threads)
            .output()
            .expect("run gdvariant")
    };
    let path = file.to_str().unwrap();
    for extra in [&[][..], &["--pretty"], &["--dialect", "4"]] {
        let mut args = vec!["json", path];
        args.extend_from_slice(extra);
        let (one, three) = (run(&args, "1"), run(&args, "3"));
        assert!(one.status.success() && three.status.success(), "{extra:?}");
        assert!(
            one.stdout.len() > 7 << 20,
            "{extra:?}: {}",
            one.stdout.len()
        );
        assert!(one.stdout == three.stdout, "{extra:?}: the outputs differ");
    }
    // A header in the middle of the value made an unknown type.
    let mut bytes = std::fs::read(&file).unwrap();
    let at = (bytes.len() / 2 / 4..bytes.len() / 4)
        .map(|i| i * 4)
        .find(|&i| bytes[i..i + 4] == [4, 0, 0, 0])
        .expect("a String header");
    bytes[at] = 200;
    let damaged = std::env::temp_dir().join(format!("gdv-json-ahead-{}.bin", std::process::id()));
    std::fs::write(&damaged, &bytes).unwrap();
    let damaged_path = damaged.to_str().unwrap();
    let json = run(&["json", damaged_path], "3");
    let check = run(&["check", damaged_path], "3");
    std::fs::remove_file(&damaged).ok();
    assert!(!json.status.success() && json.stdout.is_empty());
    let error = String::from_utf8_lossy(&check.stderr).into_owned();
    assert!(error.contains("offset"), "{error}");
    assert_eq!(String::from_utf8_lossy(&json.stderr), error);
}

#[test]
fn json_is_exact_and_type_tagged() {
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "array_mixed")]),
        "[null,true,2,3.5,\"four\",{\"Vector2\":[5.0,6.0]},[7],{\"Dictionary\":[[8,9]]}]\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "pf64_special")]),
        "{\"PackedFloat64Array\":[1e300,\"inf\",\"-inf\",\"nan\",-0.0,-0.0]}\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "float_nan")]),
        "{\"float\":\"nan\"}\n"
    );
    assert_eq!(stdout_of(&["json", &fixture("g4", "float_0_1")]), "0.1\n");
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "int_i64_min")]),
        "-9223372036854775808\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "pba_5")]),
        "{\"PackedByteArray\":\"AQIDBAU=\"}\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "array_typed_node_empty")]),
        "{\"Array\":[],\"type\":{\"class\":\"EncodedObjectAsID\"}}\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "stringname")]),
        "{\"StringName\":\"abc\"}\n"
    );
    assert_eq!(
        stdout_of(&["json", &fixture("g4", "vector3i")]),
        "{\"Vector3i\":[1,-2,-2147483648]}\n"
    );
}

#[test]
fn stats_counts_types_bytes_depth_and_largest_parts() {
    let text = stdout_of(&["stats", &fixture("g4", "dict_nested")]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "108 bytes, 12 nodes, max depth 5");
    let row = |name: &str| -> Vec<String> {
        lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap()
            .split_whitespace()
            .map(String::from)
            .collect()
    };
    assert_eq!(row("Dictionary"), ["Dictionary", "4", "32"]);
    assert_eq!(row("String"), ["String", "4", "48"]);
    assert_eq!(row("int"), ["int", "2", "16"]);
    assert_eq!(row("Array"), ["Array", "1", "8"]);
    assert_eq!(row("Nil"), ["Nil", "1", "4"]);
    // The own bytes add up to the whole value.
    assert_eq!(32 + 48 + 16 + 8 + 4, 108);
    let largest = lines
        .iter()
        .position(|l| *l == "largest containers:")
        .unwrap();
    assert!(lines[largest + 1]
        .split_whitespace()
        .eq(["108", "B", "Dictionary", "of", "1", "/"]));
}

#[test]
fn stats_names_keys_on_the_path_and_lists_only_real_containers() {
    // {"res": <Resource>, <Resource>: 1}, objects written in full (Godot 3.2.3).
    let text = stdout_of(&[
        "stats",
        "--godot",
        "3",
        &fixture("g32", "object_in_dict__fo"),
    ]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "228 bytes, 11 nodes, max depth 2");
    let from = |title: &str| -> Vec<Vec<&str>> {
        let at = lines.iter().position(|l| *l == title).unwrap();
        lines[at + 1..]
            .iter()
            .take_while(|l| !l.is_empty())
            .map(|l| l.split_whitespace().collect())
            .collect()
    };
    assert_eq!(
        from("largest containers:"),
        [
            vec!["228", "B", "Dictionary", "of", "2", "/"],
            vec!["100", "B", "Object", "of", "3", "/res"],
            // The second object is a key: the path says so.
            vec!["100", "B", "Object", "of", "3", "/<key", "#1>", "(key)"],
        ]
    );
    assert_eq!(
        from("longest strings:"),
        [
            vec!["3", "B", "/res", "(key)"],
            vec!["0", "B", "/res/resource_name"],
            // Inside the key object: the key step keeps its mark.
            vec!["0", "B", "/<key", "#1>", "(key)/resource_name"],
        ]
    );
    // Objects sent as instance ids hold nothing: they are not listed as containers.
    let text = stdout_of(&["stats", &fixture("g4", "object_in_dict")]);
    assert!(
        text.contains("Object                              2               24"),
        "{text}"
    );
    assert!(!text.contains("Object of"), "{text}");
}

#[test]
fn check_says_ok_or_the_error_with_its_offset() {
    assert_eq!(
        stdout_of(&["check", &fixture("g4", "dict_nested")]),
        "OK: Godot 4 Dictionary, 108 bytes\n"
    );
    let dir = std::env::temp_dir().join(format!("gdvariant-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("truncated.bin");
    let mut bytes = std::fs::read(fixture("g4", "dict_nested")).unwrap();
    bytes.truncate(50);
    std::fs::write(&bad, &bytes).unwrap();
    let out = gdvariant(&["check", "--godot", "4", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(4));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        // The third dictionary claims a pair, which needs at least 8 bytes; 2 remain.
        stderr.contains(
            "length or count exceeds the remaining input at file offset 0x2c (bytes there: [01 00 00 00 04 00])"
        ),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn stdin_is_read_with_a_dash() {
    use std::io::Write as _;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .env_remove("GDVARIANT_GODOT")
        .args(["show", "-"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&std::fs::read(fixture("g4", "vector3")).unwrap())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Vector3(1, -2, 3.5)\n"
    );
}
