//! A `--dialect` given by hand that the bytes look wrong in: the command prints what it was
//! asked for (stdout and exit code unchanged) and one warning line on stderr, also with
//! `--quiet`, names the dialect that reads them far more plausibly. Data that reads
//! plausibly in the dialect given (every engine fixture in its own dialect) gets no
//! warning, and neither do bytes that both dialects read plausibly.

use crate::common;
use crate::support;

use support::gdvariant;

/// `tests/fixtures/ENGINE/NAME.bin`.
fn fixture(engine: &str, name: &str) -> String {
    let path = common::fixtures_dir()
        .join(engine)
        .join(format!("{name}.bin"));
    path.to_str().unwrap().to_string()
}

/// Runs `args`, which must succeed; gives stdout and stderr.
fn run(args: &[&str]) -> (String, String) {
    let out = gdvariant(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

/// The warning lines of `stderr`.
fn warnings(stderr: &str) -> Vec<&str> {
    stderr.lines().filter(|l| l.contains("warning")).collect()
}

#[test]
fn a_godot3_dictionary_read_as_godot4_is_printed_as_asked_and_warned_about() {
    let path = fixture("g36", "dict_nested");
    let warning = format!(
        "gdvariant: warning: {path}: read as Godot 4 (--dialect 4), these bytes look wrong: the \
         value is a Transform3D with subnormal floats, and 56 bytes follow the value; Godot 3 \
         reads them plausibly, as a Dictionary: try --dialect 3\n"
    );
    let (shown, err) = run(&["show", "--dialect", "4", &path]);
    assert_eq!(
        shown,
        "Transform3D(1e-45, 6e-45, 1e-45, 1.36e-43, 2.5e-44, 1e-45, 6e-45, 1e-45, 1.37e-43, \
         2.5e-44, 1e-45, 6e-45)\n"
    );
    assert_eq!(
        err,
        format!("gdvariant: detected Godot 4 Transform3D\n{warning}")
    );
    // --quiet drops the note, not the warning; every reading command says it once.
    assert_eq!(run(&["-q", "show", "--godot", "4", &path]).1, warning);
    let (json, err) = run(&["-q", "json", "--dialect", "4", "--no-prefix", &path]);
    assert_eq!(
        json,
        "{\"Transform3D\":[1e-45,6e-45,1e-45,1.36e-43,2.5e-44,1e-45,6e-45,1e-45,1.37e-43,2.5e-44,\
         1e-45,6e-45]}\n"
    );
    assert_eq!(err, warning);
    for command in ["tree", "stats", "check"] {
        assert_eq!(
            run(&["-q", command, "--dialect", "4", &path]).1,
            warning,
            "{command}"
        );
    }
    // Read as written: nothing to say.
    let (_, err) = run(&["-q", "show", "--dialect", "3", &path]);
    assert_eq!(err, "");
}

#[test]
fn a_godot4_plane_read_as_godot3_is_warned_about() {
    let path = fixture("g4", "plane_neg");
    let (shown, err) = run(&["-q", "show", "--dialect", "3", &path]);
    assert_eq!(shown, "Color( 1, 0, 0, -3.5 )\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Godot 3 (--dialect 3), these bytes look wrong: \
             the value is a Color with a negative component or an alpha above 1; Godot 4 reads \
             them plausibly, as a Plane: try --dialect 4\n"
        )
    );
}

#[test]
fn bytes_left_over_are_evidence_too() {
    // A Godot 3 Transform read as Godot 4: a Vector4i of its first 16 bytes.
    let path = fixture("g36", "transform");
    let (shown, err) = run(&["-q", "show", "--dialect", "4", &path]);
    assert_eq!(shown, "Vector4i(1057640768, 0, 1062693540, 0)\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Godot 4 (--dialect 4), these bytes look wrong: \
             32 bytes follow the value; Godot 3 reads them plausibly, as a Transform: try \
             --dialect 3\n"
        )
    );
    // A store_var frame of a Godot 4 object read as Godot 3: bytes left inside the frame.
    let path = fixture("g4", "w_object_fo__store_var");
    let (shown, err) = run(&["-q", "show", "--dialect", "3", &path]);
    assert!(
        shown.starts_with("PoolVector2Array( 7.53273e+28, "),
        "{shown}"
    );
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Godot 3 (--dialect 3), these bytes look wrong: \
             frame #0 has 36 bytes after its value; Godot 4 reads them plausibly, as an Object: \
             try --dialect 4\n"
        )
    );
}

#[test]
fn a_pandemonium_era_given_to_godot_bytes_is_warned_about() {
    let path = fixture("g36", "dict_nested");
    let (shown, err) = run(&["-q", "show", "--dialect", "pm-b", &path]);
    assert_eq!(
        shown,
        "Transform2D( 1.4013e-45, 5.60519e-45, 1.4013e-45, 1.35926e-43, 2.52234e-44, 1.4013e-45 \
         )\n"
    );
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Pandemonium B (--dialect pm-b), these bytes look \
             wrong: the value is a Transform2D with subnormal floats, and 80 bytes follow the \
             value; Godot 3 reads them plausibly, as a Dictionary: try --dialect 3\n"
        )
    );
    let path = fixture("g4", "array_mixed");
    let (shown, err) = run(&["-q", "show", "--dialect", "pm-c", &path]);
    assert_eq!(shown, "PackedTypedArray( Vector2i ,  )\n");
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Pandemonium C (--dialect pm-c), these bytes look \
             wrong: 88 bytes follow the value; Godot 4 reads them plausibly, as an Array: try \
             --dialect 4\n"
        )
    );
}

#[test]
fn frames_read_in_the_wrong_dialect_are_warned_about_by_value_number() {
    let dir = support::containers::Scratch::new("dialect-frames");
    // Godot 3.6.2's store_var({"hp": 10, "pos": Vector2(1, 2)}), then store_var("abc").
    let bytes: Vec<u8> = ["w_dict__store_var", "w_string__store_var"]
        .iter()
        .flat_map(|name| common::case("g36", name).file)
        .collect();
    let path = dir.path("g3.bin");
    std::fs::write(&path, bytes).unwrap();
    let (shown, err) = run(&["-q", "show", "--dialect", "4", "--prefixed", &path]);
    assert!(shown.starts_with("#0\nTransform3D("), "{shown}");
    assert!(shown.ends_with("#1\n\"abc\"\n"), "{shown}");
    assert_eq!(
        err,
        format!(
            "gdvariant: warning: {path}: read as Godot 4 (--dialect 4), these bytes look wrong: \
             value #0 is a Transform3D with subnormal floats; Godot 3 reads them plausibly, as 2 \
             values in store_var frames: try --dialect 3\n"
        )
    );
}

#[test]
fn the_threshold_is_three_levels_of_plausibility() {
    // Warned: a Color with alpha -3.5 (odd) against a Plane with a unit normal (typical).
    let plane = fixture("g4", "plane_neg");
    assert_eq!(
        warnings(&run(&["-q", "check", "--dialect", "3", &plane]).1).len(),
        1
    );
    // Not warned: both dialects read these plausibly, or not far apart.
    for (engine, name, dialect) in [
        // Godot 3's Color(1, 0, 0, 1), Godot 4's Plane(1, 0, 0, 1): typical both ways.
        ("g36", "color_red", "4"),
        ("g36", "color_red", "3"),
        // An AABB read as Transform2D(1, 2, 3, 4, 5, 6): plain against typical.
        ("g36", "aabb", "4"),
        // An empty PoolIntArray read as an empty StringName: odd against plain.
        ("g36", "pint_empty", "4"),
        // A Godot 4 Transform2D read as Godot 3's AABB(1, 0, 0, 1, 0, 0): plain.
        ("g4", "transform2d_identity", "3"),
        // The same in both dialects.
        ("g36", "int_m1", "4"),
        ("g4", "str_escapes", "3"),
    ] {
        let path = fixture(engine, name);
        let (_, err) = run(&["-q", "show", "--dialect", dialect, &path]);
        assert_eq!(err, "", "{engine}/{name} --dialect {dialect}");
    }
}

#[test]
fn engine_fixtures_warn_only_in_a_dialect_they_were_not_written_in() {
    let mut checked = 0;
    // The fixtures of each engine: their own dialect, another, and the dialect a warning
    // suggests (Godot 3 for Pandemonium's bytes: its Godot 3 fork's layout).
    for (engine, own, other, suggested) in [
        ("g32", "3", "4", "3"),
        ("g36", "3", "4", "3"),
        ("g4", "4", "3", "4"),
        ("pandemonium/pma", "pm-a", "4", "3"),
        ("pandemonium/pmb", "pm-b", "4", "3"),
        ("pandemonium/pmc", "pm-c", "4", "3"),
    ] {
        let mut warned = Vec::new();
        for case in common::cases(engine) {
            let path = fixture(engine, &case.name);
            // In its own dialect: never a warning (an engine failure may be an error).
            let out = gdvariant(&["-q", "check", "--dialect", own, &path]);
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(!err.contains("warning"), "{engine}/{}: {err}", case.name);
            checked += 1;
            let out = gdvariant(&["-q", "check", "--dialect", other, &path]);
            let err = String::from_utf8(out.stderr).unwrap();
            if !warnings(&err).is_empty() {
                assert!(
                    err.ends_with(&format!("try --dialect {suggested}\n")),
                    "{engine}/{}: {err}",
                    case.name
                );
                warned.push(case.name);
            }
        }
        let expected: &[&str] = match engine {
            "g4" => &[
                "aabb",
                "object_image__fo",
                "object_resource_meta__fo",
                "plane_neg",
                "rect2_zero",
                "w_object_fo__packet_put_var",
                "w_object_fo__store_var",
                "w_object_fo__stream_put_var",
            ],
            "g36" | "g32" => &[
                "dict_nested",
                "transform",
                "basis",
                "array_nested",
                "quat_identity",
                "w_dict__store_var",
                "w_object_fo__store_var",
                "pv3_1",
                "nodepath_abs",
            ],
            _ => &[],
        };
        for name in expected {
            assert!(
                warned.iter().any(|w| w == name),
                "{engine}/{name}: {warned:?}"
            );
        }
        if engine == "g4" {
            warned.sort();
            assert_eq!(warned, expected, "g4 --dialect 3");
        }
        if engine.starts_with("g3") {
            assert_eq!(warned.len(), 34, "{engine} --dialect 4: {warned:?}");
        }
    }
    assert!(checked > 700, "{checked}");
}

/// The commands that write back what they read refuse to when the reading looks wrong:
/// a misread file written back is damaged for good. Nothing is written (the file keeps
/// its bytes); `--force` writes anyway; the right dialect writes without a word.
#[test]
fn edits_of_bytes_that_look_misread_write_nothing_without_force() {
    let dir = std::env::temp_dir().join(format!("gdvariant-suspect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let original = std::fs::read(fixture("g36", "dict_nested")).unwrap();
    let file = dir.join("save.bin");
    let path = file.to_str().unwrap();
    let out = dir.join("out.bin");
    let out = out.to_str().unwrap();
    let refusal = "gdvariant: nothing written: the bytes look misread (the warning above); give \
                   the right --dialect, --prefixed or --no-prefix, or --force to write anyway\n";
    for args in [
        vec!["set", "--dialect", "4", path, "x", "1"],
        vec!["delete", "--dialect", "4", path, "x"],
        vec!["reencode", "--dialect", "4", path, out],
    ] {
        std::fs::write(&file, &original).unwrap();
        let o = gdvariant(&[&["-q"], &args[..]].concat());
        let stderr = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(4), "{args:?}: {stderr}");
        let lines: Vec<&str> = stderr.lines().collect();
        assert_eq!(lines.len(), 2, "{stderr}");
        assert!(lines[0].starts_with("gdvariant: warning: "), "{stderr}");
        assert_eq!(format!("{}\n", lines[1]), refusal);
        assert_eq!(std::fs::read(&file).unwrap(), original, "{args:?}");
        assert!(!std::path::Path::new(out).exists());
    }
    // --force: written as asked (a Transform3D has no `x`, so `set` says so; reencode writes).
    let o = gdvariant(&["-q", "reencode", "--force", "--dialect", "4", path, out]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(std::path::Path::new(out).exists());
    // In its own dialect: no warning, written.
    let o = gdvariant(&["-q", "set", "--dialect", "3", path, "a/b/c/0", "5"]);
    assert_eq!((o.status.code(), o.stderr.as_slice()), (Some(0), &b""[..]));
    assert_ne!(std::fs::read(&file).unwrap(), original);
    std::fs::remove_dir_all(&dir).ok();
}
