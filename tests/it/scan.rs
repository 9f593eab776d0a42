//! `gdvariant::scan` on Variant data and ConfigFiles: the engines' own bytes
//! (`tests/fixtures/scan/`: Objects with a script attached) and ConfigFiles
//! (`tests/fixtures/resources/`). Documents: `scan_document.rs`.

use std::path::PathBuf;

use gdvariant::config::{ConfigFile, ConfigOptions};
use gdvariant::container::Secret;
use gdvariant::scan::{self, Finding, Location, Part, PathKind, Source};
use gdvariant::{text, Dialect, VariantRef};

fn fixture(path: &str) -> Vec<u8> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    std::fs::read(root.join(path)).unwrap()
}

fn value_at(path: &str) -> Location {
    Location {
        part: Part::Value { frame: None },
        path: path.to_string(),
    }
}

#[test]
fn godot4_object_with_a_script_path() {
    let bytes = fixture("scan/g4_script_object__fo.bin");
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let report = scan::scan_variant(value);
    let at = value_at("player/items/1/script");
    assert_eq!(
        report.findings(),
        [
            Finding::ScriptAttached {
                at: at.clone(),
                holder: "RefCounted".into(),
                script: "\"res://mods/evil.gd\"".into(),
            },
            Finding::ScriptReference {
                at,
                path: "res://mods/evil.gd".into(),
                kind: PathKind::Res,
            },
        ]
    );
    assert!(report.runs_code() && !report.reaches_outside());
    assert_eq!(
        report.findings()[0].to_string(),
        "player/items/1/script: a RefCounted with a script attached: \"res://mods/evil.gd\""
    );
    assert_eq!(
        report.to_json(Some("save.bin")),
        concat!(
            r#"{"file":"save.bin","runs_code":true,"reaches_outside":false,"findings":["#,
            r#"{"kind":"script_attached","runs_code":true,"location":{"part":"value","frame":null,"path":"player/items/1/script"},"holder":"RefCounted","script":"\"res://mods/evil.gd\""},"#,
            r#"{"kind":"script_reference","runs_code":true,"location":{"part":"value","frame":null,"path":"player/items/1/script"},"path":"res://mods/evil.gd","path_kind":"res"}"#,
            "]}"
        )
    );
}

#[test]
fn godot3_object_with_an_embedded_script() {
    let source = "extends Reference\nvar hp = 3\n";
    for engine in ["g32", "g36"] {
        let bytes = fixture(&format!("scan/{engine}_script_object__fo.bin"));
        let value = VariantRef::parse(&bytes, Dialect::Godot3).unwrap();
        let report = scan::scan_variant(value);
        assert_eq!(
            report.findings(),
            [
                Finding::ScriptAttached {
                    at: value_at("player/items/1/script"),
                    holder: "Reference".into(),
                    script: "Object(GDScript)".into(),
                },
                Finding::EmbeddedScript {
                    at: value_at("player/items/1/script/\"script/source\""),
                    class: "GDScript".into(),
                    source: Some(Source::of(source)),
                },
            ],
            "{engine}"
        );
        let Finding::EmbeddedScript {
            source: Some(s), ..
        } = &report.findings()[1]
        else {
            unreachable!()
        };
        assert_eq!((s.bytes, s.lines), (29, 2));
        assert_eq!(s.head, ["extends Reference", "var hp = 3"]);
        assert_eq!(
            s.sha256_hex(),
            "c71f3964cae4e7b3aff0a2b806f562bb03427fff90693e104bc86f3bd93f8e47"
        );
        assert!(report.runs_code());
    }
}

#[test]
fn frames_are_numbered_and_null_scripts_run_nothing() {
    // Godot 3.2.3's var2bytes([1, Resource, "s"], true): the Resource's script is null.
    let bytes = fixture("g32/object_in_array__fo.bin");
    let value = VariantRef::parse(&bytes, Dialect::Godot3).unwrap();
    let report = scan::scan_variant(value);
    assert_eq!(report.findings(), []);
    assert!(!report.runs_code());

    let bytes = fixture("scan/g4_script_object__fo.bin");
    let mut report = scan::Report::new();
    report.add_variant(VariantRef::parse(&bytes, Dialect::Godot4).unwrap(), Some(2));
    assert_eq!(
        report.findings()[0].location().to_string(),
        "#2/player/items/1/script"
    );
}

#[test]
fn odd_keys_and_objects_in_keys() {
    // A scripted Object as a Dictionary key, and under a key a path cannot name.
    let bytes = text::read(
        r#"{Object(Node,"script":"user://k.gd"): 1, 0.5: [Object(Node,"script":"/tmp/x.gd")], "a/b": null}"#,
        Dialect::Godot4,
    )
    .unwrap();
    let report = scan::scan_variant(VariantRef::parse(&bytes, Dialect::Godot4).unwrap());
    let seen: Vec<String> = report.findings().iter().map(ToString::to_string).collect();
    assert_eq!(
        seen,
        [
            "<key #0>/script: a Node with a script attached: \"user://k.gd\"",
            "<key #0>/script: loads the script user://k.gd (in user://, outside the project)",
            "<key #1>/0/script: a Node with a script attached: \"/tmp/x.gd\"",
            "<key #1>/0/script: loads the script /tmp/x.gd (an absolute path, outside the project)",
        ]
    );
    assert!(report.reaches_outside());
}

#[test]
fn engine_config_files_run_nothing() {
    let password = Secret::Password("pässwörd-🔑-Ключ".into());
    let key: Vec<u8> = (0..32u32).map(|i| ((i * 37 + 11) & 255) as u8).collect();
    let key = Secret::Key(key.try_into().unwrap());
    let mut scanned = 0;
    for (engine, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
    ] {
        for (file, secret) in [
            ("settings.cfg", None),
            ("settings_pass.cfg", Some(&password)),
            ("settings_key.cfg", Some(&key)),
            ("empty.cfg", None),
            ("empty_pass.cfg", Some(&password)),
        ] {
            let bytes = fixture(&format!("resources/{engine}/{file}"));
            let options = ConfigOptions::for_dialect(dialect);
            // Godot 3.2.3 cannot read its own settings back: it writes the key `quote"key`
            // unquoted (tests/it/config.rs).
            let Ok(config) = ConfigFile::open(&bytes, secret, &options) else {
                assert!(
                    engine == "g32" && file.starts_with("settings"),
                    "{engine}/{file}"
                );
                continue;
            };
            let report = scan::scan_config(&config);
            assert_eq!(report.findings(), [], "{engine}/{file}");
            assert!(!report.runs_code());
            scanned += 1;
        }
    }
    assert_eq!(scanned, 12);
}

#[test]
fn config_script_paths_are_listed_not_run() {
    let text = "config_version=5\n\n[application]\n\nrun/main_scene=\"res://main.tscn\"\n\n\
                [autoload]\n\nGlobal=\"*res://global.gd\"\n\n[editor_plugins]\n\n\
                enabled=PackedStringArray(\"res://addons/x/plugin.cfg\", \"user://mods/m.gd\")\n";
    let config = ConfigFile::parse(text, Dialect::Godot4).unwrap();
    let report = scan::scan_config(&config);
    let at = |section: &str, key: &str, path: &str| Location {
        part: Part::Config {
            section: section.into(),
            key: key.into(),
        },
        path: path.into(),
    };
    // A packed array's elements are not values of the walk: only Strings are seen.
    assert_eq!(
        report.findings(),
        [Finding::ScriptPath {
            at: at("autoload", "Global", ""),
            path: "res://global.gd".into(),
            kind: PathKind::Res,
        }]
    );
    assert_eq!(
        report.findings()[0].to_string(),
        "[autoload] Global: names the script res://global.gd (in res://)"
    );
    assert!(!report.runs_code());
}
