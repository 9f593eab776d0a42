//! `gdvariant::resource` text files: `.tres` / `.tscn` read, written back and edited,
//! against what Godot 3.2.3, 3.6.2 and 4.6.3 wrote and read back
//! (`tests/fixtures/resources/*/text_cases.jsonl`: the text cases of the fixture folders'
//! `cases.jsonl`).

use std::path::PathBuf;

use gdvariant::resource::{
    DocKind, Document, ResourceErrorKind as K, ResourceOptions, TextResource, EXT_RESOURCE,
    SUB_RESOURCE,
};
use gdvariant::text::{self, ReadOptions, TextErrorKind as T, TextStyle};
use gdvariant::{Dialect, VariantRef};

pub(crate) const ENGINES: [&str; 3] = ["g32", "g36", "g4"];
pub(crate) const FILES: [&str; 6] = [
    "custom_full.tres",
    "ext_target.tres",
    "gradient.tres",
    "mesh_quad.tres",
    "scene_2d.tscn",
    "canary.tres",
];

pub(crate) fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
}

pub(crate) fn read(engine: &str, file: &str) -> String {
    std::fs::read_to_string(dir(engine).join(file)).unwrap()
}

pub(crate) fn options(engine: &str) -> ResourceOptions {
    match engine {
        "g32" => ResourceOptions::new().style(Some(TextStyle::Godot32)),
        _ => ResourceOptions::new(),
    }
}

pub(crate) fn parse(engine: &str, file: &str) -> TextResource {
    TextResource::parse_with(&read(engine, file), &options(engine))
        .unwrap_or_else(|e| panic!("{engine}/{file}: {e}"))
}

#[test]
fn every_fixture_writes_back_byte_for_byte() {
    for engine in ENGINES {
        for file in FILES {
            let text = read(engine, file);
            let res = parse(engine, file);
            assert_eq!(res.to_engine_text(), text, "{engine}/{file}");
            if engine != "g32" {
                // From the document alone, in the dialect's newest style.
                assert_eq!(res.document().to_text(), text, "{engine}/{file}");
            }
        }
    }
}

/// The `read_back` lines of a case: (tag, fields).
fn read_back(engine: &str, file: &str) -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(dir(engine).join("text_cases.jsonl")).unwrap();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        if v["file"].as_str() != Some(file) {
            continue;
        }
        return v["read_back"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                let l = l.as_str().unwrap();
                let (tag, rest) = l.split_once(' ').unwrap_or((l, "[]"));
                // Godot 3 leaves some control characters unescaped.
                let mut de = serde_json::Deserializer::from_str(rest);
                let fields: Vec<String> = serde::Deserialize::deserialize(&mut de).unwrap();
                (tag.to_string(), fields)
            })
            .collect();
    }
    panic!("no case {engine}/{file}");
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The engine's text (and, for Godot 3's reals, its `var2bytes`) of a value equals ours.
fn check_value(
    engine: &str,
    what: &str,
    bytes: &[u8],
    dialect: Dialect,
    fields: &[String],
) -> bool {
    let text = &fields[2];
    if text.starts_with('<') {
        return false; // sub-resources, external ones, arrays of objects: not plain values
    }
    if let Some(engine_bytes) = fields.get(3).and_then(|f| f.strip_prefix("var2bytes:")) {
        assert_eq!(hex(bytes), engine_bytes, "{engine} {what}");
    }
    let value = VariantRef::parse(bytes, dialect).unwrap();
    assert_eq!(&value.to_string(), text, "{engine} {what}");
    true
}

#[test]
fn properties_equal_the_engines_reading() {
    for engine in ENGINES {
        // The main resource's own properties.
        for file in [
            "custom_full.tres",
            "gradient.tres",
            "ext_target.tres",
            "mesh_quad.tres",
        ] {
            let res = parse(engine, file);
            let doc = res.document();
            let main = doc.sections_tagged("resource").last().unwrap();
            let mut checked = 0;
            for (tag, fields) in read_back(engine, file) {
                if tag != "ORACLE-PROP" || !fields[0].is_empty() {
                    continue;
                }
                let Some(bytes) = main.prop(&fields[1]) else {
                    continue; // a default the saver left out
                };
                checked +=
                    usize::from(check_value(engine, &fields[1], bytes, doc.dialect, &fields));
            }
            assert!(
                checked >= main.props.len().saturating_sub(4),
                "{engine}/{file}: {checked}"
            );
        }
        // Scene nodes.
        let res = parse(engine, "scene_2d.tscn");
        let doc = res.document();
        let mut checked = 0;
        for (tag, fields) in read_back(engine, "scene_2d.tscn") {
            if tag != "ORACLE-NODEPROP" {
                continue;
            }
            let node = fields[0].strip_prefix("node:./").unwrap_or(".");
            let path = format!("node:{node}/{}", fields[1]);
            let (value, span) = res.get(&path).unwrap_or_else(|| panic!("{engine} {path}"));
            assert_eq!(
                text::read_with(
                    &res.text()[span],
                    doc.dialect,
                    &ReadOptions::new().resource_refs(true)
                )
                .unwrap(),
                value.encoded()
            );
            checked += usize::from(check_value(
                engine,
                &path,
                value.encoded(),
                doc.dialect,
                &fields,
            ));
        }
        assert!(checked >= 6, "{engine}: {checked}");
    }
}

/// The reference object `value` is: (class, id as text).
fn reference(value: VariantRef<'_>) -> (String, String) {
    let Some(gdvariant::ObjectRef::Full(object)) = value.as_object() else {
        panic!("not a full object: {value}");
    };
    let (name, id) = object.properties().next().unwrap();
    assert_eq!((name.as_str(), object.len()), ("id", 1));
    let id = match id.as_int() {
        Some(n) => format!("int {n}"),
        None => id.as_str().unwrap().to_string(),
    };
    (object.class().as_str().to_string(), id)
}

#[test]
fn dialect_kind_and_references() {
    let g4 = parse("g4", "custom_full.tres");
    let doc = g4.document();
    assert_eq!(
        (doc.dialect, doc.kind, g4.style()),
        (Dialect::Godot4, DocKind::Resource, TextStyle::Godot4)
    );
    assert_eq!(doc.header.tag, "gd_resource");
    let tags: Vec<&str> = doc.sections.iter().map(|s| s.tag.as_str()).collect();
    assert_eq!(
        tags,
        [
            "ext_resource",
            "ext_resource",
            "sub_resource",
            "sub_resource",
            "sub_resource",
            "sub_resource",
            "sub_resource",
            "resource"
        ]
    );
    let main = doc.sections.last().unwrap();
    let get = |name: &str| VariantRef::parse(main.prop(name).unwrap(), Dialect::Godot4).unwrap();
    assert_eq!(
        reference(get("sub")),
        (SUB_RESOURCE.into(), "Resource_f5su5".into())
    );
    assert_eq!(
        reference(get("ext")),
        (EXT_RESOURCE.into(), "1_ch771".into())
    );
    assert_eq!(
        reference(get("script")),
        (EXT_RESOURCE.into(), "2_6uh56".into())
    );
    // A typed array of references.
    let subs = get("subs").as_array().unwrap();
    let ids: Vec<(String, String)> = subs.iter().map(reference).collect();
    assert_eq!(ids[0], (SUB_RESOURCE.into(), "Curve_vc1uw".into()));
    assert_eq!(ids.len(), 3);
    // Default Display is unchanged: the reference is the Object it is.
    assert_eq!(
        get("sub").to_string(),
        "Object(SubResource,\"id\":\"Resource_f5su5\")\n"
    );

    let g36 = parse("g36", "custom_full.tres");
    let doc = g36.document();
    assert_eq!(
        (doc.dialect, g36.style()),
        (Dialect::Godot3, TextStyle::Godot36)
    );
    let main = doc.sections.last().unwrap();
    let sub = VariantRef::parse(main.prop("sub").unwrap(), Dialect::Godot3).unwrap();
    assert_eq!(reference(sub), (SUB_RESOURCE.into(), "int 2".into()));
    assert_eq!(g36.get("sub:2/i").unwrap().0.as_int(), Some(7));
    assert_eq!(
        &g36.text()[g36.get("ext:2/path").unwrap().1],
        "\"res://ext_target.tres\""
    );

    let scene = parse("g4", "scene_2d.tscn");
    let doc = scene.document();
    assert_eq!(doc.kind, DocKind::Scene);
    assert_eq!(doc.sections_tagged("node").count(), 7);
    assert_eq!(doc.sections_tagged("connection").count(), 2);
    let (binds, span) = scene.get("header/format").unwrap();
    assert_eq!((binds.as_int(), &scene.text()[span]), (Some(3), "3"));
    let player = doc.sections.get(1).unwrap();
    let groups = VariantRef::parse(player.attr("groups").unwrap(), Dialect::Godot4).unwrap();
    assert_eq!(groups.to_string(), "[\"players\"]");
    assert_eq!(
        scene.get("node:Player/metadata/note").unwrap().0.as_str(),
        Some("méta ✓")
    );
    // Godot 3.2 writes groups over several lines.
    let g32 = parse("g32", "scene_2d.tscn");
    let player = g32.document().sections.get(1).unwrap();
    let groups = VariantRef::parse(player.attr("groups").unwrap(), Dialect::Godot3).unwrap();
    assert_eq!(groups.to_string(), "[ \"players\" ]");
}

#[test]
fn hand_written_files_read() {
    let text = "; a hand-written scene\n\
        [gd_scene load_steps=2 format=3 uid=\"uid://doesnotexist\"]\n\
        [ext_resource type=\"Texture2D\" uid=\"uid://nowhere\" path=\"res://icon.svg\" id=\"1_a\"]\n\
        \n\
        [node   name=\"Root\"\ttype=\"Node2D\"]   ; the root\n\
        position=Vector2( 1,2 ) ; Godot 3 spacing, read by Godot 4 too\n\
        \"quoted name\" = 1\n\
        metadata/note   =   \"multi\nline\"\n\
        \n\
        [node name=\"Child\" type=\"Sprite2D\" parent=\".\" groups=[\n\"a\",\n\"b\",\n]]\n\
        texture = ExtResource( \"1_a\" )\n\
        dict = {\n\"k\": [1,\n2],\n}\n\
        [connection signal=\"s\" from=\".\" to=\"Child\" method=\"m\" binds= [ false ]]\n";
    let scene = TextResource::parse(text).unwrap();
    let doc = scene.document();
    assert_eq!((doc.dialect, doc.kind), (Dialect::Godot4, DocKind::Scene));
    assert_eq!(
        scene.get("node:./position").unwrap().0.to_string(),
        "Vector2(1, 2)"
    );
    assert_eq!(scene.get("node:./quoted name").unwrap().0.as_int(), Some(1));
    assert_eq!(
        scene.get("node:./metadata/note").unwrap().0.as_str(),
        Some("multi\nline")
    );
    let (texture, _) = scene.get("node:Child/texture").unwrap();
    assert_eq!(reference(texture), (EXT_RESOURCE.into(), "1_a".into()));
    assert_eq!(
        scene.get("ext:1_a/uid").unwrap().0.as_str(),
        Some("uid://nowhere")
    );
    // Written back as the engine writes it.
    assert_eq!(
        doc.to_text(),
        "[gd_scene load_steps=2 format=3 uid=\"uid://doesnotexist\"]\n\n\
         [ext_resource type=\"Texture2D\" uid=\"uid://nowhere\" path=\"res://icon.svg\" id=\"1_a\"]\n\n\
         [node name=\"Root\" type=\"Node2D\"]\n\
         position = Vector2(1, 2)\n\
         \"quoted name\" = 1\n\
         metadata/note = \"multi\nline\"\n\n\
         [node name=\"Child\" type=\"Sprite2D\" parent=\".\" groups=[\"a\", \"b\"]]\n\
         texture = ExtResource(\"1_a\")\n\
         dict = {\n\"k\": [1, 2]\n}\n\n\
         [connection signal=\"s\" from=\".\" to=\"Child\" method=\"m\" binds= [false]]\n"
    );

    // A Godot 3 file, as Godot 4 projects still hold them: int ids.
    let g3 = "[gd_resource type=\"Resource\" load_steps=2 format=2]\n\n[sub_resource type=\"Resource\" id=1]\nx = 1\n\n[resource]\nsub = SubResource( 1 )\nlist = [ SubResource( 1 ), {\n\"k\": ExtResource( 3 )\n} ]\n";
    let res = TextResource::parse(g3).unwrap();
    assert_eq!(res.document().dialect, Dialect::Godot3);
    assert_eq!(res.to_engine_text(), g3);
    assert_eq!(res.get("sub:1/x").unwrap().0.as_int(), Some(1));
    // The same document in Godot 4's style.
    let g4 = res.document().to_text_with(TextStyle::Godot4);
    assert!(
        g4.ends_with(
            "sub = SubResource(1)\nlist = [SubResource(1), {\n\"k\": ExtResource(3)\n}]\n"
        ),
        "{g4}"
    );
}

#[test]
fn errors_have_kind_line_and_column() {
    let cases: &[(&str, K, (usize, usize))] = &[
        ("", K::MissingHeader, (1, 1)),
        ("; only a comment\n", K::MissingHeader, (2, 1)),
        ("[gd_thing format=3]\n", K::UnknownFileType, (1, 1)),
        ("[gd_resource format=5]\n", K::UnsupportedFormat, (1, 21)),
        (
            "[gd_resource format=\"3\"]\n",
            K::UnsupportedFormat,
            (1, 21),
        ),
        (
            "x = 1\n[gd_resource format=3]\n",
            K::UnexpectedProperty,
            (1, 1),
        ),
        (
            "[gd_resource format=3]\nx = 1\n",
            K::UnexpectedProperty,
            (2, 1),
        ),
        (
            "[gd_scene format=3]\n[connection signal=\"a\"]\nx = 1\n",
            K::UnexpectedProperty,
            (3, 1),
        ),
        (
            "[gd_resource format=3]\n[resource\n",
            K::BadTag("unexpected end of file inside the tag"),
            (2, 1),
        ),
        (
            "[gd_resource format=3]\n[resource a]\n",
            K::BadTag("expected '=' after the attribute's name"),
            (2, 12),
        ),
        (
            "[gd_resource format=3]\n[ 1 ]\n",
            K::BadTag("expected an identifier (the tag name)"),
            (2, 3),
        ),
        (
            "[gd_resource format=3]\n[resource]\nx = [1,\n",
            K::BadValue(T::UnexpectedEnd),
            (4, 1),
        ),
        (
            "[gd_resource format=3]\n[resource]\nx = Vector2(1)\n",
            K::BadValue(T::WrongArgumentCount {
                name: "Vector2",
                expected: 2,
            }),
            (3, 14),
        ),
        (
            "[gd_resource format=3]\n[resource]\nx =\n",
            K::BadValue(T::ExpectedValue),
            (4, 1),
        ),
        (
            "[gd_resource format=3]\n[resource]\n\"x = 1\n",
            K::BadName(T::UnterminatedString),
            (3, 1),
        ),
        (
            "[gd_resource format=3]\n[node name=Vector2(1)]\n",
            K::BadAttribute(T::WrongArgumentCount {
                name: "Vector2",
                expected: 2,
            }),
            (2, 21),
        ),
        (
            "[gd_resource format=2]\n[resource]\nx = SubResource(\"a\")\n",
            K::BadValue(T::BadArgument("a resource id (an int)")),
            (3, 17),
        ),
        (
            "[gd_resource format=3]\n[resource]\nx = Resource(\"res://a.tres\")\n",
            K::BadValue(T::Unsupported("Resource")),
            (3, 5),
        ),
    ];
    for (text, kind, (line, column)) in cases {
        let error = TextResource::parse(text).unwrap_err();
        assert_eq!(
            (error.kind(), error.line(), error.column()),
            (kind, *line, *column),
            "{text:?}"
        );
    }
    let deep = format!(
        "[gd_resource format=3]\n[resource]\nx = {}{}\n",
        "[".repeat(2000),
        "]".repeat(2000)
    );
    let Err(error) = TextResource::parse(&deep) else {
        panic!("2000 levels read");
    };
    assert_eq!((error.kind(), error.line()), (&K::BadValue(T::TooDeep), 3));
    let error = TextResource::from_bytes(b"[gd_resource format=3]\n\xff", &ResourceOptions::new())
        .unwrap_err();
    assert_eq!((error.kind(), error.offset()), (&K::NotUtf8, 23));
}

#[test]
fn text_form_reads_references_only_when_asked() {
    for text in ["SubResource(\"a\")", "ExtResource( 1 )"] {
        let error = text::read(text, Dialect::Godot4).unwrap_err();
        assert_eq!(*error.kind(), T::Unsupported("Resource"));
    }
    let refs = ReadOptions::new().resource_refs(true);
    let bytes = text::read_with(
        "[SubResource(\"a\"), ExtResource( 1 )]",
        Dialect::Godot4,
        &refs,
    )
    .unwrap();
    let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    assert_eq!(
        value.to_string(),
        "[Object(SubResource,\"id\":\"a\")\n, Object(ExtResource,\"id\":1)\n]"
    );
    // What the default Display writes reads back to the same bytes.
    assert_eq!(
        text::read(&value.to_string(), Dialect::Godot4).unwrap(),
        bytes
    );
    let bytes = text::read_with(
        "Array[Resource]([SubResource( 2 )])",
        Dialect::Godot4,
        &refs,
    )
    .unwrap();
    assert_eq!(
        VariantRef::parse(&bytes, Dialect::Godot4)
            .unwrap()
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let g3 = text::read_with("SubResource( 2 )", Dialect::Godot3, &refs).unwrap();
    assert_eq!(
        reference(VariantRef::parse(&g3, Dialect::Godot3).unwrap()),
        (SUB_RESOURCE.into(), "int 2".into())
    );
}

#[test]
fn documents_write_from_the_model_alone() {
    // A document built by hand (as the binary reader will): the saver's layout.
    let g4 = |t: &str| {
        text::read_with(t, Dialect::Godot4, &ReadOptions::new().resource_refs(true)).unwrap()
    };
    let entry = |name: &str, t: &str| gdvariant::resource::Entry {
        name: name.into(),
        value: g4(t),
    };
    let doc = Document {
        dialect: Dialect::Godot4,
        kind: DocKind::Resource,
        header: gdvariant::resource::Section {
            tag: "gd_resource".into(),
            attrs: vec![entry("type", "\"Resource\""), entry("format", "4")],
            props: vec![],
        },
        sections: vec![
            gdvariant::resource::Section {
                tag: "sub_resource".into(),
                attrs: vec![entry("type", "\"Resource\""), entry("id", "\"Resource_a\"")],
                props: vec![entry("bytes", "PackedByteArray(0, 1, 2)")],
            },
            gdvariant::resource::Section {
                tag: "resource".into(),
                attrs: vec![],
                props: vec![
                    entry(
                        "odd name",
                        "{SubResource(\"Resource_a\"): [SubResource(\"Resource_a\")]}",
                    ),
                    entry("empty", "PackedByteArray()"),
                ],
            },
        ],
    };
    let text = doc.to_text();
    assert_eq!(
        text,
        "[gd_resource type=\"Resource\" format=4]\n\n[sub_resource type=\"Resource\" id=\"Resource_a\"]\nbytes = PackedByteArray(\"AAEC\")\n\n[resource]\n\"odd name\" = {\nSubResource(\"Resource_a\"): [SubResource(\"Resource_a\")]\n}\nempty = PackedByteArray()\n"
    );
    assert_eq!(TextResource::parse(&text).unwrap().into_document(), doc);
}

#[test]
fn typed_containers_of_scripts_name_them_by_ext_resource_id() {
    let text = "[gd_resource type=\"Resource\" load_steps=3 format=3]\n\n\
        [ext_resource type=\"Script\" path=\"res://item.gd\" id=\"1_item\"]\n\n\
        [sub_resource type=\"Resource\" id=\"Resource_a\"]\nscript = ExtResource(\"1_item\")\n\n\
        [resource]\nitems = Array[ExtResource(\"1_item\")]([SubResource(\"Resource_a\")])\n\
        by_name = Dictionary[String, ExtResource(\"1_item\")]({\n\"a\": SubResource(\"Resource_a\")\n})\n";
    let res = TextResource::parse(text).unwrap();
    assert_eq!(res.to_engine_text(), text);
    let (items, _) = res.get("items").unwrap();
    let array = items.as_array().unwrap();
    assert_eq!(
        format!("{:?}", array.element_type()),
        format!("{:?}", gdvariant::ContainerType::Script("res://item.gd"))
    );
    // Outside a resource file the script is its path.
    assert_eq!(
        items.to_string(),
        "Array[Resource(\"res://item.gd\")]([Object(SubResource,\"id\":\"Resource_a\")\n])"
    );
    let error = TextResource::parse(&text.replace(
        "Array[ExtResource(\"1_item\")]",
        "Array[ExtResource(\"9\")]",
    ))
    .unwrap_err();
    assert_eq!(
        *error.kind(),
        K::BadValue(T::BadArgument("the id of an [ext_resource] above"))
    );
}
