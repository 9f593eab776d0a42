//! Resources and scenes on the real binary: `show`, `get`, `json`, `check`, `set`,
//! `delete`, `convert` and `scan` on the `.tres`, `.tscn`, `.res`, `.scn` and compressed
//! `.res` files Godot 3.2.3, 3.6.2 and 4.6.3 wrote (`tests/fixtures/resources/`).

use crate::common;
use crate::support;

use support::run;

use std::path::PathBuf;

const ENGINES: [&str; 3] = ["g32", "g36", "g4"];

fn fixture(engine: &str, file: &str) -> String {
    common::fixtures_dir()
        .join("resources")
        .join(engine)
        .join(file)
        .display()
        .to_string()
}

fn read(engine: &str, file: &str) -> String {
    std::fs::read_to_string(fixture(engine, file)).unwrap()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gdvariant-res-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `show` of every text file is the file (Godot 3.2's in its style), and `show` of every
/// binary file is the engine's own text of the same resource, byte for byte, except in
/// Godot 4's custom resource (below).
#[test]
fn show_prints_the_engines_text_for_text_and_binary_files() {
    let texts = [
        "custom_full.tres",
        "gradient.tres",
        "mesh_quad.tres",
        "scene_2d.tscn",
        "ext_target.tres",
        "canary.tres",
    ];
    let pairs = [
        ("gradient.res", "gradient.tres"),
        ("mesh_quad.res", "mesh_quad.tres"),
        ("mesh_quad.mesh", "mesh_quad.tres"),
        ("scene_2d.scn", "scene_2d.tscn"),
        ("custom_full.res", "custom_full.tres"),
        ("custom_full_z.res", "custom_full.tres"),
        ("canary.res", "canary.tres"),
    ];
    for engine in ENGINES {
        for file in texts {
            let style: &[&str] = if engine == "g32" {
                &["--text-style", "3.2"]
            } else {
                &[]
            };
            let mut args = vec!["show"];
            args.extend_from_slice(style);
            let path = fixture(engine, file);
            args.push(&path);
            let (code, out, err) = run(&args);
            assert_eq!(
                (code, out),
                (0, read(engine, file)),
                "{engine}/{file}: {err}"
            );
        }
        for (binary, text) in pairs {
            if engine == "g4" && binary.starts_with("custom_full") {
                continue;
            }
            let (code, out, err) = run(&["show", &fixture(engine, binary)]);
            assert_eq!(
                (code, out),
                (0, read(engine, text)),
                "{engine}/{binary}: {err}"
            );
        }
    }
}

/// Godot 4's custom resource: the two places where the engine's `.tres` is not a function
/// of the `.res`: its external ids (`1_ch771`: five characters drawn at random on each
/// save) and typed containers (`Array[int]([9])`: the binary file stores no element type;
/// the engine takes it from the script's property when it loads). Everything else is the
/// same text.
#[test]
fn godot4_binary_custom_resource_differs_only_in_ext_ids_and_container_types() {
    let (code, ours, _) = run(&["-q", "show", &fixture("g4", "custom_full.res")]);
    assert_eq!(code, 0);
    let engine = read("g4", "custom_full.tres");
    let normal = |text: &str| {
        let mut t = text.to_string();
        for (a, b) in [("1_ch771", "1_rtiyd"), ("2_6uh56", "2_3icuj")] {
            t = t.replace(a, b);
        }
        for (typed, plain) in [
            ("Array[int]([9])", "[9]"),
            ("Array[int]([5, -6, 7])", "[5, -6, 7]"),
            ("Array[String]([\"x\", \"ÿ\", \"\"])", "[\"x\", \"ÿ\", \"\"]"),
            ("Dictionary[String, int]({", "{"),
            ("\"two\": 2\n})", "\"two\": 2\n}"),
            ("Array[Resource]([SubResource(\"Curve_vc1uw\"), SubResource(\"Resource_m50l2\"), SubResource(\"Resource_rxopg\")])",
             "[SubResource(\"Curve_vc1uw\"), SubResource(\"Resource_m50l2\"), SubResource(\"Resource_rxopg\")]"),
        ] {
            t = t.replace(typed, plain);
        }
        t
    };
    assert_eq!(ours, normal(&engine));
}

#[test]
fn get_addresses_properties_sub_resources_nodes_and_headers() {
    let cases = [
        ("g4", "custom_full.tres", "v2", "Vector2(12.5, -3.25)\n"),
        ("g4", "custom_full.res", "v2", "Vector2(12.5, -3.25)\n"),
        (
            "g4",
            "custom_full.tres",
            "sub:Gradient_d2l51/offsets",
            "PackedFloat32Array(0, 1, 0.5)\n",
        ),
        (
            "g4",
            "custom_full.res",
            "sub:Gradient_d2l51/offsets",
            "PackedFloat32Array(0, 1, 0.5)\n",
        ),
        (
            "g4",
            "custom_full.tres",
            "sub",
            "SubResource(\"Resource_f5su5\")\n",
        ),
        (
            "g4",
            "scene_2d.tscn",
            "node:Player/metadata/note",
            "\"méta ✓\"\n",
        ),
        (
            "g4",
            "scene_2d.scn",
            "node:Enemies/Enemy2/position",
            "Vector2(50, -10)\n",
        ),
        ("g4", "custom_full.tres", "header/format", "4\n"),
        (
            "g36",
            "custom_full.res",
            "sub:1/offsets",
            "PoolRealArray( 0, 1, 0.5 )\n",
        ),
        (
            "g32",
            "scene_2d.scn",
            "node:Player/position",
            "Vector2( 100, 200.5 )\n",
        ),
    ];
    for (engine, file, path, want) in cases {
        let (code, out, err) = run(&["get", &fixture(engine, file), path]);
        assert_eq!(
            (code, out.as_str()),
            (0, want),
            "{engine}/{file} {path}: {err}"
        );
    }
    let (code, _, err) = run(&["get", &fixture("g4", "custom_full.tres"), "sub:nope/x"]);
    assert_eq!(code, 3, "{err}");
    let (code, out, _) = run(&["get", "--json", &fixture("g4", "custom_full.res"), "v2"]);
    assert_eq!((code, out.as_str()), (0, "{\"Vector2\":[12.5,-3.25]}\n"));
}

#[test]
fn check_counts_what_the_file_holds() {
    let cases = [
        ("g4", "custom_full.tres", "OK: Godot 4 text resource Resource, 2 external resources, 5 sub-resources, "),
        ("g4", "custom_full_z.res", "OK: Godot 4 compressed binary resource Resource, 2 external resources, 5 sub-resources, "),
        ("g32", "scene_2d.tscn", "OK: Godot 3 text scene, 0 external resources, 0 sub-resources, 7 nodes, 2 connections, "),
        ("g36", "scene_2d.scn", "OK: Godot 3 binary scene, 0 external resources, 0 sub-resources, 7 nodes, 2 connections, "),
    ];
    for (engine, file, start) in cases {
        let (code, out, err) = run(&["check", &fixture(engine, file)]);
        assert_eq!(code, 0, "{err}");
        assert!(out.starts_with(start), "{engine}/{file}: {out}");
        let size = std::fs::metadata(fixture(engine, file)).unwrap().len();
        let bytes = size.to_string();
        let grouped = match bytes.len() {
            4 => format!("{},{}", &bytes[..1], &bytes[1..]),
            _ => bytes,
        };
        assert!(out.ends_with(&format!(" {grouped} bytes\n")), "{out}");
    }
}

#[test]
fn malformed_resources_are_exit_4_with_where() {
    let dir = scratch("malformed");
    let text = dir.join("bad.tres");
    std::fs::write(
        &text,
        "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nv = Vector2(1, \n",
    )
    .unwrap();
    let (code, _, err) = run(&["show", text.to_str().unwrap()]);
    assert_eq!(code, 4, "{err}");
    assert!(
        err.contains("malformed resource") && err.contains("line 5"),
        "{err}"
    );
    let binary = dir.join("bad.res");
    let mut bytes = std::fs::read(fixture("g4", "gradient.res")).unwrap();
    bytes.truncate(40);
    std::fs::write(&binary, bytes).unwrap();
    let (code, _, err) = run(&["check", binary.to_str().unwrap()]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("malformed resource"), "{err}");
}

/// `set` and `delete` in a `.tres`/`.tscn` change the value's text or the property's line
/// and nothing else; a hand-written comment stays.
#[test]
fn set_and_delete_change_one_line() {
    let dir = scratch("edit");
    for (engine, file, path, value, old_line, new_line) in [
        ("g4", "custom_full.tres", "i", "7", "i = -42", "i = 7"),
        (
            "g4",
            "scene_2d.tscn",
            "node:SpawnTimer/wait_time",
            "4.0",
            "wait_time = 2.5",
            "wait_time = 4.0",
        ),
        ("g36", "custom_full.tres", "sub:2/i", "8", "i = 7", "i = 8"),
    ] {
        let path_out = dir.join(format!("{engine}_{file}"));
        let original = format!("; kept\n{}", read(engine, file));
        std::fs::write(&path_out, &original).unwrap();
        let (code, _, err) = run(&["set", path_out.to_str().unwrap(), path, value]);
        assert_eq!(code, 0, "{engine}/{file}: {err}");
        let edited = std::fs::read_to_string(&path_out).unwrap();
        assert_eq!(
            edited,
            original.replacen(old_line, new_line, 1),
            "{engine}/{file}"
        );
        let changed: Vec<_> = original
            .lines()
            .zip(edited.lines())
            .filter(|(a, b)| a != b)
            .collect();
        assert_eq!(changed.len(), 1);
    }
    let file = dir.join("delete.tres");
    let original = read("g4", "custom_full.tres");
    std::fs::write(&file, &original).unwrap();
    let (code, _, err) = run(&["delete", file.to_str().unwrap(), "f_big"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        original.replacen("f_big = 1e+20\n", "", 1)
    );
    let (code, _, _) = run(&["delete", file.to_str().unwrap(), "f_big"]);
    assert_eq!(code, 3);
    let (code, _, err) = run(&["set", file.to_str().unwrap(), "v2", "Vector2(1"]);
    assert_eq!(code, 4, "{err}");
    assert!(err.contains("nothing written"), "{err}");
}

#[test]
fn convert_binary_to_text_is_show() {
    let dir = scratch("convert");
    for engine in ENGINES {
        let out = dir.join(format!("{engine}.tscn"));
        let (code, _, err) = run(&[
            "convert",
            &fixture(engine, "scene_2d.scn"),
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(
            std::fs::read_to_string(&out).unwrap(),
            read(engine, "scene_2d.tscn")
        );
    }
    let (code, _, err) = run(&["convert", &fixture("g4", "gradient.tres"), "out.bin"]);
    assert_eq!(code, 2, "{err}");
}

/// `scan` flags each canary (an embedded GDScript), the custom resource's script
/// reference, and nothing in the gradient, mesh and scene.
#[test]
fn scan_flags_canaries_and_scripts_only() {
    for engine in ENGINES {
        for file in [
            "canary.tres",
            "canary.res",
            "custom_full.tres",
            "custom_full.res",
            "custom_full_z.res",
        ] {
            let (code, out, err) = run(&["scan", &fixture(engine, file)]);
            assert_eq!(code, 1, "{engine}/{file}: {out}{err}");
            assert!(out.contains("loading it would run code"), "{out}");
        }
        for file in ["canary.tres", "canary.res"] {
            let (_, out, _) = run(&["scan", &fixture(engine, file)]);
            assert!(out.contains("GDScript"), "{engine}/{file}: {out}");
        }
        for file in [
            "gradient.tres",
            "gradient.res",
            "mesh_quad.mesh",
            "ext_target.tres",
            "scene_2d.scn",
        ] {
            let (code, out, err) = run(&["scan", &fixture(engine, file)]);
            assert_eq!(code, 0, "{engine}/{file}: {out}{err}");
        }
    }
}

#[test]
fn json_gives_header_and_sections() {
    let (code, out, err) = run(&["json", &fixture("g4", "gradient.tres")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("{\"header\":{\"tag\":\"gd_resource\",\"attrs\":{\"type\":"),
        "{out}"
    );
    assert!(
        out.contains("\"sections\":[{\"tag\":\"resource\",\"attrs\":{},\"props\":{"),
        "{out}"
    );
    let (_, binary, _) = run(&["json", &fixture("g4", "gradient.res")]);
    assert_eq!(binary, out);
}

/// `diff` pairs sections by what names them and values by the library's diff: a scene's
/// `.tscn` and `.scn` are equal (exit 0); two gradients differ in exactly these places.
#[test]
fn diff_pairs_sections_and_values() {
    for engine in ENGINES {
        let (code, out, err) = run(&[
            "diff",
            &fixture(engine, "scene_2d.tscn"),
            &fixture(engine, "scene_2d.scn"),
        ]);
        assert_eq!((code, out.as_str()), (0, ""), "{engine}: {err}");
    }
    let (code, out, _) = run(&[
        "diff",
        &fixture("g4", "gradient.tres"),
        &fixture("g4", "ext_target.tres"),
    ]);
    assert_eq!(
        (code, out.as_str()),
        (
            1,
            "- resource/interpolation_mode: 1\n\
             - resource/offsets: PackedFloat32Array(0, 0.25, 1)\n\
             ~ resource/colors/0: Color(1, 0, 0, 1) -> Color(0, 0, 0, 1)\n\
             ~ resource/colors/1: Color(0, 1, 0, 0.5) -> Color(1, 0.5, 0, 1)\n\
             - resource/colors/2: Color(0, 0, 1, 1)\n"
        )
    );
}

/// `tree` outlines a resource section by section, each property at its `get` path.
#[test]
fn tree_outlines_sections_at_get_paths() {
    let (code, out, err) = run(&["tree", &fixture("g32", "scene_2d.tscn")]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().take(4).collect();
    assert_eq!(
        lines[..3],
        [
            "Godot 3 text scene",
            "node:.  Node2D",
            "node:Player  Sprite"
        ]
    );
    assert!(
        lines[3].starts_with("node:Player/modulate ") && lines[3].contains("Color"),
        "{out}"
    );
    let (_, out, _) = run(&[
        "get",
        &fixture("g32", "scene_2d.tscn"),
        "node:Player/__meta__/note",
    ]);
    assert_eq!(out, "\"méta ✓\"\n");
}

/// `.tres` → `.res` (and `RSCC`) → `show`: the engine's text again (Godot 3's files, whose
/// ids are numbers, byte for byte); `set` in a binary file writes a binary file.
#[test]
fn convert_text_to_binary_and_edit_binary() {
    let dir = scratch("tobinary");
    for engine in ["g32", "g36"] {
        for (text, binary) in [("custom_full.tres", "c.res"), ("scene_2d.tscn", "s.scn")] {
            for form in ["binary", "compressed"] {
                let out = dir.join(format!("{engine}_{form}_{binary}"));
                let out = out.to_str().unwrap();
                let (code, _, err) = run(&["convert", "--to", form, &fixture(engine, text), out]);
                assert_eq!(code, 0, "{err}");
                let magic = &std::fs::read(out).unwrap()[..4];
                assert_eq!(magic, if form == "binary" { b"RSRC" } else { b"RSCC" });
                let style: &[&str] = if engine == "g32" {
                    &["--text-style", "3.2"]
                } else {
                    &[]
                };
                let mut args = vec!["show"];
                args.extend_from_slice(style);
                args.push(out);
                let (code, shown, err) = run(&args);
                assert_eq!(
                    (code, shown),
                    (0, read(engine, text)),
                    "{engine} {text} {form}: {err}"
                );
            }
        }
    }
    let file = dir.join("edit.res");
    std::fs::copy(fixture("g4", "custom_full.res"), &file).unwrap();
    let (code, _, err) = run(&["set", file.to_str().unwrap(), "sub:Resource_f5su5/i", "8"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(&std::fs::read(&file).unwrap()[..4], b"RSRC");
    let (_, out, _) = run(&["get", file.to_str().unwrap(), "sub:Resource_f5su5/i"]);
    assert_eq!(out, "8\n");
    let (code, out, _) = run(&[
        "diff",
        &fixture("g4", "custom_full.res"),
        file.to_str().unwrap(),
    ]);
    assert_eq!(
        (code, out.as_str()),
        (1, "~ sub:Resource_f5su5/i: 7 -> 8\n")
    );
}

/// An edit of a Godot 3 binary file changes that value only: no other real goes through
/// Godot 3's 6-digit text form.
#[test]
fn a_godot3_binary_edit_keeps_every_other_value_exactly() {
    let dir = scratch("g3binary");
    for engine in ["g32", "g36"] {
        let file = dir.join(format!("{engine}.res"));
        std::fs::copy(fixture(engine, "custom_full.res"), &file).unwrap();
        let (code, _, err) = run(&["set", file.to_str().unwrap(), "i", "7"]);
        assert_eq!(code, 0, "{err}");
        let (code, out, _) = run(&[
            "diff",
            &fixture(engine, "custom_full.res"),
            file.to_str().unwrap(),
        ]);
        assert_eq!(
            (code, out.as_str()),
            (1, "~ resource/i: -42 -> 7\n"),
            "{engine}"
        );
        let (code, _, err) = run(&["delete", file.to_str().unwrap(), "f"]);
        assert_eq!(code, 0, "{err}");
        let (code, _, _) = run(&["get", file.to_str().unwrap(), "f"]);
        assert_eq!(code, 3);
    }
}
