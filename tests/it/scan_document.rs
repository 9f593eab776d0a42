//! `gdvariant::scan_document`: Documents built by hand as the resource readers make them
//! from the engines' `canary.tres` (an embedded GDScript), `custom_full.tres` (a script in
//! `res://`) and `scene_2d.tscn` (nodes and connections), with exact findings.

use gdvariant::resource::{DocKind, Document, Entry, Section, EXT_RESOURCE, SUB_RESOURCE};
use gdvariant::scan::{self, Finding, Location, Part, PathKind, Source};
use gdvariant::{text, Builder, Dialect};

fn section_at(index: usize, tag: &str, id: Option<&str>, property: Option<&str>) -> Location {
    Location {
        part: Part::Section {
            index,
            tag: tag.to_string(),
            id: id.map(str::to_string),
            property: property.map(str::to_string),
        },
        path: String::new(),
    }
}

fn g4(text: &str) -> Vec<u8> {
    text::read(text, Dialect::Godot4).unwrap()
}

fn reference(class: &str, id: &str) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut object = Builder::new(&mut bytes, Dialect::Godot4)
        .object(class)
        .unwrap();
    object.property("id").unwrap().string(id).unwrap();
    object.finish().unwrap();
    bytes
}

fn entry(name: &str, value: Vec<u8>) -> Entry {
    Entry {
        name: name.into(),
        value,
    }
}

fn section(tag: &str, attrs: Vec<Entry>, props: Vec<Entry>) -> Section {
    Section {
        tag: tag.into(),
        attrs,
        props,
    }
}

fn header(tag: &str, attrs: Vec<Entry>) -> Section {
    section(tag, attrs, vec![])
}

/// `canary.tres`'s embedded script (the text form's escapes read).
const CANARY: &str = "extends Resource\n@export var note: String = \"canary\"\nfunc _init():\n\
                      \tprint(\"CANARY-RAN\")\n\tvar f = FileAccess.open(\"res://canary_ran\", FileAccess.WRITE)\n\
                      \tif f:\n\t\tf.store_string(\"CANARY-RAN\\n\")\n\t\tf.close()\n";

fn canary() -> Document {
    Document {
        dialect: Dialect::Godot4,
        kind: DocKind::Resource,
        header: header(
            "gd_resource",
            vec![entry("type", g4("\"Resource\"")), entry("format", g4("3"))],
        ),
        sections: vec![
            section(
                "sub_resource",
                vec![
                    entry("type", g4("\"GDScript\"")),
                    entry("id", g4("\"GDScript_2m2be\"")),
                ],
                vec![entry("script/source", g4(&format!("{CANARY:?}")))],
            ),
            section(
                "resource",
                vec![],
                vec![
                    entry("script", reference(SUB_RESOURCE, "GDScript_2m2be")),
                    entry("note", g4("\"top-level embedded script\"")),
                ],
            ),
        ],
    }
}

#[test]
fn canary_embedded_script() {
    let report = scan::scan_document(&canary());
    let source = Source::of(CANARY);
    assert_eq!(
        (source.bytes, source.lines, source.sha256_hex().as_str()),
        (
            203,
            8,
            "7233ae53213c4fb04b1ecee3fd04b6f8451c38014ce69633deb27c73aa56f4f2"
        )
    );
    assert_eq!(
        source.head,
        [
            "extends Resource",
            "@export var note: String = \"canary\"",
            "func _init():",
            "\tprint(\"CANARY-RAN\")",
            "\tvar f = FileAccess.open(\"res://canary_ran\", FileAccess.WRITE)",
        ]
    );
    assert_eq!(
        report.findings(),
        [
            Finding::EmbeddedScript {
                at: section_at(
                    0,
                    "sub_resource",
                    Some("GDScript_2m2be"),
                    Some("script/source")
                ),
                class: "GDScript".into(),
                source: Some(source),
            },
            Finding::ScriptAttached {
                at: section_at(1, "resource", None, Some("script")),
                holder: "Resource".into(),
                script: "SubResource(\"GDScript_2m2be\")".into(),
            },
        ]
    );
    assert!(report.runs_code());
    let lines: Vec<String> = report.findings().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "[sub_resource id=\"GDScript_2m2be\"] script/source: an embedded GDScript (8 lines, \
             sha256 7233ae53213c4fb04b1ecee3fd04b6f8451c38014ce69633deb27c73aa56f4f2)",
            "[resource] script: a Resource with a script attached: SubResource(\"GDScript_2m2be\")",
        ]
    );
    let json = report.to_json(None);
    assert!(json.starts_with(
        r#"{"runs_code":true,"reaches_outside":false,"findings":[{"kind":"embedded_script","runs_code":true,"location":{"part":"section","index":0,"tag":"sub_resource","id":"GDScript_2m2be","property":"script/source","path":""},"class":"GDScript","source":{"bytes":203,"lines":8,"sha256":"7233ae53213c4fb04b1ecee3fd04b6f8451c38014ce69633deb27c73aa56f4f2","head":["extends Resource","@export var note: String = \"canary\"","func _init():","\tprint(\"CANARY-RAN\")","#
    ));
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        parsed["findings"][1]["script"],
        "SubResource(\"GDScript_2m2be\")"
    );
}

fn custom_full(extra: Vec<Section>) -> Document {
    let mut sections = vec![
        section(
            "ext_resource",
            vec![
                entry("type", g4("\"Gradient\"")),
                entry("path", g4("\"res://ext_target.tres\"")),
                entry("id", g4("\"1_ch771\"")),
            ],
            vec![],
        ),
        section(
            "ext_resource",
            vec![
                entry("type", g4("\"Script\"")),
                entry("path", g4("\"res://custom_res.gd\"")),
                entry("id", g4("\"2_6uh56\"")),
            ],
            vec![],
        ),
        section(
            "sub_resource",
            vec![
                entry("type", g4("\"Gradient\"")),
                entry("id", g4("\"Gradient_d2l51\"")),
            ],
            vec![entry("offsets", g4("PackedFloat32Array(0, 1, 0.5)"))],
        ),
        section(
            "sub_resource",
            vec![
                entry("type", g4("\"Resource\"")),
                entry("id", g4("\"Resource_f5su5\"")),
            ],
            vec![
                entry("resource_name", g4("\"child\"")),
                entry("script", reference(EXT_RESOURCE, "2_6uh56")),
                entry("sub", reference(SUB_RESOURCE, "Gradient_d2l51")),
            ],
        ),
        section(
            "resource",
            vec![],
            vec![
                entry("resource_name", g4("\"full ✓\"")),
                entry("script", reference(EXT_RESOURCE, "2_6uh56")),
                entry(
                    "dict",
                    g4("{\"nested\": {\"deep\": PackedInt32Array(1, 2)}}"),
                ),
                entry("sub", reference(SUB_RESOURCE, "Resource_f5su5")),
                entry("ext", reference(EXT_RESOURCE, "1_ch771")),
            ],
        ),
    ];
    sections.extend(extra);
    Document {
        dialect: Dialect::Godot4,
        kind: DocKind::Resource,
        header: header(
            "gd_resource",
            vec![entry("type", g4("\"Resource\"")), entry("format", g4("4"))],
        ),
        sections,
    }
}

#[test]
fn custom_full_script_reference_runs() {
    let report = scan::scan_document(&custom_full(vec![]));
    let attached = "ExtResource(\"2_6uh56\") = res://custom_res.gd";
    assert_eq!(
        report.findings(),
        [
            Finding::ScriptReference {
                at: section_at(1, "ext_resource", Some("2_6uh56"), None),
                path: "res://custom_res.gd".into(),
                kind: PathKind::Res,
            },
            Finding::ScriptAttached {
                at: section_at(3, "sub_resource", Some("Resource_f5su5"), Some("script")),
                holder: "Resource".into(),
                script: attached.into(),
            },
            Finding::ScriptAttached {
                at: section_at(4, "resource", None, Some("script")),
                holder: "Resource".into(),
                script: attached.into(),
            },
        ]
    );
    assert!(report.runs_code() && !report.reaches_outside());
    assert_eq!(
        report.findings()[0].to_string(),
        "[ext_resource id=\"2_6uh56\"]: loads the script res://custom_res.gd (in res://)"
    );
}

#[test]
fn outside_resources_and_nested_objects() {
    let report = scan::scan_document(&custom_full(vec![
        section(
            "ext_resource",
            vec![
                entry("type", g4("\"Texture2D\"")),
                entry("path", g4("\"user://skins/face.png\"")),
                entry("id", g4("\"3_user\"")),
            ],
            vec![],
        ),
        section(
            "ext_resource",
            vec![
                entry("type", g4("\"Resource\"")),
                entry("path", g4("\"res://../../home/me/mod.gd\"")),
                entry("id", g4("\"4_up\"")),
            ],
            vec![],
        ),
        section(
            "sub_resource",
            vec![
                entry("type", g4("\"Resource\"")),
                entry("id", g4("\"Resource_deep\"")),
            ],
            vec![entry(
                "data",
                g4(r#"{"list": [Object(RefCounted,"script":"res://x.gd")]}"#),
            )],
        ),
    ]));
    let tail: Vec<String> = report.findings()[3..]
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        tail,
        [
            "[ext_resource id=\"3_user\"]: loads a Texture2D from user://skins/face.png (in \
             user://, outside the project)",
            "[ext_resource id=\"4_up\"]: loads the script res://../../home/me/mod.gd (res:// \
             with `..` above the project's root)",
            "[sub_resource id=\"Resource_deep\"] data, at list/0/script: a RefCounted with a \
             script attached: \"res://x.gd\"",
            "[sub_resource id=\"Resource_deep\"] data, at list/0/script: loads the script \
             res://x.gd (in res://)",
        ]
    );
    assert!(report.reaches_outside());
}

#[test]
fn scene_nodes_instances_and_connections() {
    let node = |name: &str, ty: Option<&str>, parent: Option<&str>, props: Vec<Entry>| {
        let mut attrs = vec![entry("name", g4(&format!("{name:?}")))];
        if let Some(ty) = ty {
            attrs.push(entry("type", g4(&format!("{ty:?}"))));
        }
        if let Some(parent) = parent {
            attrs.push(entry("parent", g4(&format!("{parent:?}"))));
        }
        section("node", attrs, props)
    };
    let connection = |signal: &str, from: &str, to: &str, method: &str| {
        section(
            "connection",
            vec![
                entry("signal", g4(&format!("{signal:?}"))),
                entry("from", g4(&format!("{from:?}"))),
                entry("to", g4(&format!("{to:?}"))),
                entry("method", g4(&format!("{method:?}"))),
            ],
            vec![],
        )
    };
    let mut boss = node("Boss", None, Some("Enemies"), vec![]);
    boss.attrs
        .push(entry("instance", reference(EXT_RESOURCE, "2_boss")));
    let mut later = node("Later", None, Some("."), vec![]);
    later
        .attrs
        .push(entry("instance_placeholder", g4("\"res://later.tscn\"")));
    let document = Document {
        dialect: Dialect::Godot4,
        kind: DocKind::Scene,
        header: header("gd_scene", vec![entry("format", g4("3"))]),
        sections: vec![
            section(
                "ext_resource",
                vec![
                    entry("type", g4("\"Script\"")),
                    entry("path", g4("\"res://player.gd\"")),
                    entry("id", g4("\"1_pl\"")),
                ],
                vec![],
            ),
            section(
                "ext_resource",
                vec![
                    entry("type", g4("\"PackedScene\"")),
                    entry("path", g4("\"res://boss.tscn\"")),
                    entry("id", g4("\"2_boss\"")),
                ],
                vec![],
            ),
            node("Level", Some("Node2D"), None, vec![]),
            node(
                "Player",
                Some("Sprite2D"),
                Some("."),
                vec![
                    entry("position", g4("Vector2(100, 200.5)")),
                    entry("script", reference(EXT_RESOURCE, "1_pl")),
                ],
            ),
            node("Enemies", Some("Node2D"), Some("."), vec![]),
            boss,
            later,
            node("SpawnTimer", Some("Timer"), Some("."), vec![]),
            connection("timeout", "SpawnTimer", "Enemies", "queue_free"),
            connection("timeout", "SpawnTimer", "Player", "set_visible"),
        ],
    };
    let report = scan::scan_document(&document);
    let lines: Vec<String> = report.findings().iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [
            "[ext_resource id=\"1_pl\"]: loads the script res://player.gd (in res://)",
            "[node path=\"Player\"] script: a Sprite2D with a script attached: \
             ExtResource(\"1_pl\") = res://player.gd",
            "[node path=\"Enemies/Boss\"] instance: instances the scene res://boss.tscn (in res://)",
            "[node path=\"Later\"] instance_placeholder: instances the scene res://later.tscn on \
             demand (in res://)",
            "[connection]: connects SpawnTimer.timeout to Enemies.queue_free()",
            "[connection]: connects SpawnTimer.timeout to Player.set_visible()",
        ]
    );
    assert_eq!(
        report.findings()[4],
        Finding::Connection {
            at: section_at(8, "connection", None, None),
            from: "SpawnTimer".into(),
            signal: "timeout".into(),
            to: "Enemies".into(),
            method: "queue_free".into(),
        }
    );
    assert!(report.runs_code());
    // Without the script, the scene runs nothing of its own.
    let mut quiet = document.clone();
    quiet.sections.remove(0);
    quiet.sections[2].props.pop();
    let report = scan::scan_document(&quiet);
    assert!(!report.runs_code());
    assert_eq!(report.findings().len(), 4);
}

#[test]
fn godot3_int_ids_and_bad_entries() {
    // Godot 3 text resources number their resources; an entry made by hand with bad
    // bytes is skipped, not a panic.
    let g3 = |t: &str| text::read(t, Dialect::Godot3).unwrap();
    let mut reference = Vec::new();
    let mut object = Builder::new(&mut reference, Dialect::Godot3)
        .object(EXT_RESOURCE)
        .unwrap();
    object.property("id").unwrap().int(1).unwrap();
    object.finish().unwrap();
    let document = Document {
        dialect: Dialect::Godot3,
        kind: DocKind::Resource,
        header: header("gd_resource", vec![entry("type", g3("\"Resource\""))]),
        sections: vec![
            section(
                "ext_resource",
                vec![
                    entry("path", g3("\"res://a.gd\"")),
                    entry("type", g3("\"Script\"")),
                    entry("id", g3("1")),
                ],
                vec![],
            ),
            section(
                "resource",
                vec![],
                vec![
                    entry("broken", vec![0xff, 0xff]),
                    entry("script", reference),
                ],
            ),
        ],
    };
    let lines: Vec<String> = scan::scan_document(&document)
        .findings()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        lines,
        [
            "[ext_resource id=\"1\"]: loads the script res://a.gd (in res://)",
            "[resource] script: a Resource with a script attached: ExtResource(1) = res://a.gd",
        ]
    );
}
