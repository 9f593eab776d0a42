//! `gdvariant::resource`'s binary reader (`.res`, `.scn`, `.mesh`, `RSRC` and `RSCC`),
//! against what Godot 3.2.3, 3.6.2 and 4.6.3 wrote and read back
//! (`tests/fixtures/resources/<engine>/binary_cases.jsonl`: the binary files' lines of the
//! fixture folder's `cases.jsonl`).

use std::collections::HashMap;
use std::path::PathBuf;

use gdvariant::resource::{decompress, BinaryOptions, BinaryResource, DocKind, Document, Section};
use gdvariant::text::TextStyle;
use gdvariant::{Builder, Dialect, ObjectRef, VariantRef};

const ENGINES: [&str; 3] = ["g32", "g36", "g4"];

pub(crate) fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
}

pub(crate) fn style(engine: &str) -> TextStyle {
    match engine {
        "g32" => TextStyle::Godot32,
        "g36" => TextStyle::Godot36,
        _ => TextStyle::Godot4,
    }
}

pub(crate) struct Case {
    pub(crate) engine: &'static str,
    pub(crate) file: String,
    pub(crate) bytes: Vec<u8>,
    header: serde_json::Value,
    read_back: Vec<(String, Vec<String>)>,
}

impl Case {
    pub(crate) fn what(&self) -> String {
        format!("{}/{}", self.engine, self.file)
    }

    fn refused(&self) -> bool {
        self.read_back.iter().any(|(t, _)| t == "ORACLE-ERROR")
    }

    fn lines<'s>(&'s self, tag: &'s str) -> impl Iterator<Item = &'s Vec<String>> + 's {
        self.read_back
            .iter()
            .filter(move |(t, _)| t == tag)
            .map(|(_, f)| f)
    }
}

pub(crate) fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for engine in ENGINES {
        let text = std::fs::read_to_string(dir(engine).join("binary_cases.jsonl")).unwrap();
        for line in text.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let file = v["file"].as_str().unwrap().to_string();
            let read_back = v["read_back"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    let l = l.as_str().unwrap();
                    let (tag, rest) = l.split_once(' ').unwrap_or((l, "[]"));
                    let fields: Vec<String> = serde_json::from_str(rest).unwrap();
                    (tag.to_string(), fields)
                })
                .collect();
            out.push(Case {
                engine,
                bytes: std::fs::read(dir(engine).join(&file)).unwrap(),
                file,
                header: v["header"].clone(),
                read_back,
            });
        }
    }
    assert_eq!(out.len(), 21);
    out
}

fn document(case: &Case) -> Document {
    let options = BinaryOptions::default();
    let unpacked = decompress(&case.bytes, &options).unwrap();
    unpacked.parse(&options).unwrap().to_document().unwrap()
}

pub(crate) fn text(bytes: &[u8], dialect: Dialect, engine: &str) -> String {
    VariantRef::parse(bytes, dialect)
        .unwrap()
        .text(style(engine))
        .to_string()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn attr_text(section: &Section, name: &str, doc: &Document, engine: &str) -> Option<String> {
    section.attr(name).map(|b| text(b, doc.dialect, engine))
}

fn attr_str(section: &Section, name: &str, doc: &Document) -> Option<String> {
    let v = VariantRef::parse(section.attr(name)?, doc.dialect).unwrap();
    v.as_str().map(str::to_string)
}

/// A reference object's class and id text (`SubResource`, `"Gradient_d2l51"` / `1`).
fn reference(v: &VariantRef<'_>, engine: &str) -> Option<(String, String)> {
    let ObjectRef::Full(o) = v.as_object()? else {
        return None;
    };
    let (_, id) = o.properties().next()?;
    Some((o.class().to_string(), id.text(style(engine)).to_string()))
}

#[test]
fn headers_are_what_the_engines_wrote() {
    for case in cases() {
        let what = case.what();
        let options = BinaryOptions::default();
        let unpacked = decompress(&case.bytes, &options).unwrap();
        let h = &case.header;
        let inner = if h["magic"] == "RSCC" {
            assert!(unpacked.is_compressed(), "{what}");
            let word = |at: usize| u32::from_le_bytes(case.bytes[at..at + 4].try_into().unwrap());
            assert_eq!(u64::from(word(4)), h["compression_mode"].as_u64().unwrap());
            assert_eq!(u64::from(word(8)), h["block_size"].as_u64().unwrap());
            let plain = h["uncompressed_size"].as_u64().unwrap();
            assert_eq!(
                unpacked.bytes().len() as u64,
                plain + 4,
                "{what}: RSRC + stream"
            );
            &h["inner"]
        } else {
            assert!(!unpacked.is_compressed());
            h
        };
        let res = unpacked.parse(&options).unwrap();
        let ours = &res.header;
        assert_eq!(
            u64::from(ours.big_endian),
            inner["big_endian"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(ours.use_real64),
            inner["use_real64"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(ours.engine_major),
            inner["engine_major"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(ours.engine_minor),
            inner["engine_minor"].as_u64().unwrap()
        );
        assert_eq!(
            u64::from(ours.format_version),
            inner["format_version"].as_u64().unwrap(),
            "{what}"
        );
        assert_eq!(ours.class, inner["type"].as_str().unwrap(), "{what}");
        match inner.get("flags") {
            Some(flags) => {
                assert_eq!(u64::from(ours.flags), flags.as_u64().unwrap(), "{what}");
                assert_eq!(ours.uid, inner["uid"].as_u64(), "{what}");
            }
            None => assert_eq!((ours.flags, ours.uid), (0, None), "{what}"),
        }
        assert_eq!(res.main().unwrap().class, ours.class, "{what}");
    }
}

/// What the engine's read-back says of a resource: object classes by path, property
/// texts (and Godot 3's `var2bytes`) by (path, name).
struct Oracle {
    objects: HashMap<String, String>,
    scripts: HashMap<String, String>,
    props: HashMap<(String, String), Vec<String>>,
}

fn oracle(case: &Case) -> Oracle {
    let objects = case
        .lines("ORACLE-OBJECT")
        .map(|f| (f[0].clone(), f[1].clone()))
        .collect();
    let scripts = case
        .lines("ORACLE-OBJECT")
        .map(|f| (f[0].clone(), f[2].clone()))
        .collect();
    let props = case
        .lines("ORACLE-PROP")
        .map(|f| ((f[0].clone(), f[1].clone()), f[2..].to_vec()))
        .collect();
    Oracle {
        objects,
        scripts,
        props,
    }
}

/// The engine's text of a typed container without its type (the binary form has none):
/// `Array[int]([5])` → `[5]`, `Dictionary[String, int]({…})` → `{…}`.
fn untyped(engine_text: &str) -> Option<&str> {
    let rest = engine_text
        .strip_prefix("Array[")
        .or(engine_text.strip_prefix("Dictionary["))?;
    let open = rest.find("](")?;
    rest.get(open + 2..rest.len() - 1)
}

#[derive(Default)]
struct Tally {
    plain: usize,
    typed: usize,
    bytes: usize,
    subs: usize,
    exts: usize,
    scripts: usize,
}

fn join(path: &str, name: &str) -> String {
    if path.is_empty() {
        name.to_string()
    } else {
        format!("{path}/{name}")
    }
}

/// Checks a sub-resource or external reference `v` found at `key` against the oracle, and
/// walks into a sub-resource at `child`.
fn check_ref(
    doc: &Document,
    engine: &str,
    o: &Oracle,
    key: &(String, String),
    child: String,
    (class, id): (String, String),
    tally: &mut Tally,
) {
    let want = &o.props[key][0];
    let tag = if class == "SubResource" {
        "sub_resource"
    } else {
        "ext_resource"
    };
    let section = doc
        .sections_tagged(tag)
        .find(|s| attr_text(s, "id", doc, engine).as_deref() == Some(id.as_str()))
        .unwrap_or_else(|| panic!("{key:?}: no {tag} {id}"));
    let ty = attr_str(section, "type", doc).unwrap();
    if tag == "sub_resource" {
        assert_eq!(want, "<sub_resource>", "{key:?}");
        assert_eq!(o.objects[&child], ty, "{child}");
        tally.subs += 1;
        check_section(doc, engine, o, &child, section, tally);
    } else {
        let path = attr_str(section, "path", doc).unwrap();
        assert_eq!(*want, format!("<external {ty} {path}>"), "{key:?}");
        tally.exts += 1;
    }
}

fn check_section(
    doc: &Document,
    engine: &str,
    o: &Oracle,
    path: &str,
    section: &Section,
    tally: &mut Tally,
) {
    for prop in &section.props {
        let key = (path.to_string(), prop.name.clone());
        if prop.name == "script" {
            // The read-back names the script on the object line, not as a property.
            let v = VariantRef::parse(&prop.value, doc.dialect).unwrap();
            let (class, id) = reference(&v, engine).unwrap();
            assert_eq!(class, "ExtResource", "{engine} {key:?}");
            let ext = doc
                .sections_tagged("ext_resource")
                .find(|s| attr_text(s, "id", doc, engine).as_deref() == Some(id.as_str()))
                .unwrap();
            assert_eq!(
                attr_str(ext, "path", doc).unwrap(),
                o.scripts[path],
                "{key:?}"
            );
            tally.scripts += 1;
            continue;
        }
        let want = o
            .props
            .get(&key)
            .unwrap_or_else(|| panic!("{engine} {key:?}: not in the engine's read-back"));
        let v = VariantRef::parse(&prop.value, doc.dialect).unwrap();
        if let Some(r) = reference(&v, engine) {
            check_ref(doc, engine, o, &key, join(path, &prop.name), r, tally);
            continue;
        }
        if let Some(array) = v.as_array() {
            let refs: Vec<_> = array.iter().filter_map(|e| reference(&e, engine)).collect();
            if !refs.is_empty() {
                assert!(want[0].starts_with("<array "), "{key:?}: {}", want[0]);
                assert!(want[0].ends_with(&format!(" {}>", refs.len())), "{key:?}");
                for (i, r) in refs.into_iter().enumerate() {
                    let name = format!("{}[{i}]", prop.name);
                    let key = (path.to_string(), name.clone());
                    check_ref(doc, engine, o, &key, join(path, &name), r, tally);
                }
                continue;
            }
        }
        let ours = v.text(style(engine)).to_string();
        match untyped(&want[0]) {
            Some(inner) => {
                assert_eq!(ours, inner, "{engine} {key:?}");
                tally.typed += 1;
            }
            None => {
                assert_eq!(ours, want[0], "{engine} {key:?}");
                tally.plain += 1;
            }
        }
        if let Some(bytes) = want.get(1) {
            let bytes = bytes.strip_prefix("var2bytes:").unwrap();
            assert_eq!(hex(&prop.value), bytes, "{engine} {key:?}");
            tally.bytes += 1;
        }
    }
}

#[test]
fn every_property_reads_as_the_engine_read_it() {
    let mut tally = Tally::default();
    let mut files = 0;
    for case in cases() {
        if case.refused() || case.file.ends_with(".scn") {
            continue;
        }
        let doc = document(&case);
        assert_eq!(doc.kind, DocKind::Resource);
        let o = oracle(&case);
        let main = doc.sections_tagged("resource").next().unwrap();
        check_section(&doc, case.engine, &o, "", main, &mut tally);
        // Every sub-resource of the document was reached from the main resource.
        files += 1;
    }
    assert_eq!(files, 15);
    // Counted so that a change in coverage shows.
    let counts = (
        tally.plain,
        tally.typed,
        tally.bytes,
        tally.subs,
        tally.exts,
        tally.scripts,
    );
    assert_eq!(counts, (462, 8, 204, 30, 6, 18));
}

/// `./Enemies/Enemy1` from a node's `name` and `parent` attributes.
fn node_path(parent: Option<&str>, name: &str) -> String {
    match parent {
        None => ".".to_string(),
        Some(".") => format!("./{name}"),
        Some(p) => format!("./{p}/{name}"),
    }
}

fn engine_path(ours: &str) -> String {
    if ours == "." {
        ours.to_string()
    } else {
        format!("./{ours}")
    }
}

#[test]
fn scenes_read_as_the_engine_read_them() {
    for case in cases().iter().filter(|c| c.file.ends_with(".scn")) {
        let what = case.what();
        let engine = case.engine;
        let doc = document(case);
        assert_eq!(doc.kind, DocKind::Scene, "{what}");
        assert_eq!(doc.header.tag, "gd_scene");
        let count = &case.lines("ORACLE-SCENE").next().unwrap();
        let nodes: Vec<&Section> = doc.sections_tagged("node").collect();
        let conns: Vec<&Section> = doc.sections_tagged("connection").collect();
        assert_eq!(nodes.len().to_string(), count[0], "{what}");
        assert_eq!(conns.len().to_string(), count[1], "{what}");

        let empty = {
            let mut out = Vec::new();
            Builder::new(&mut out, doc.dialect)
                .array()
                .unwrap()
                .finish()
                .unwrap();
            text(&out, doc.dialect, engine)
        };
        let mut paths = Vec::new();
        for (node, want) in nodes.iter().zip(case.lines("ORACLE-NODE")) {
            let name = attr_str(node, "name", &doc).unwrap();
            let parent = attr_str(node, "parent", &doc);
            let path = node_path(parent.as_deref(), &name);
            assert_eq!(path, want[0], "{what}");
            assert_eq!(attr_str(node, "type", &doc).unwrap(), want[1], "{what}");
            assert_eq!(
                parent.as_deref().map(engine_path).unwrap_or_default(),
                want[2]
            );
            let groups = attr_text(node, "groups", &doc, engine).unwrap_or(empty.clone());
            assert_eq!(groups, want[3], "{what} {path}");
            assert!(node.attr("instance").is_none() && want[4].is_empty());
            let mut props: Vec<(String, String)> = node
                .props
                .iter()
                .map(|p| (p.name.clone(), text(&p.value, doc.dialect, engine)))
                .collect();
            props.sort();
            let engine_props: Vec<(String, String)> = case
                .lines("ORACLE-NODEPROP")
                .filter(|f| f[0] == format!("node:{path}"))
                .map(|f| (f[1].clone(), f[2].clone()))
                .collect();
            assert_eq!(props, engine_props, "{what} {path}");
            paths.push(path);
        }
        assert_eq!(paths.len(), nodes.len());
        // Godot 4.6 keeps each node's unique id in the bundle (`node_ids`).
        let unique = nodes
            .iter()
            .filter(|n| n.attr("unique_id").is_some())
            .count();
        assert_eq!(unique, if engine == "g4" { 7 } else { 0 }, "{what}");

        for (conn, want) in conns.iter().zip(case.lines("ORACLE-CONNECTION")) {
            let get = |n: &str| attr_str(conn, n, &doc).unwrap();
            assert_eq!(engine_path(&get("from")), want[0], "{what}");
            assert_eq!(get("signal"), want[1]);
            assert_eq!(engine_path(&get("to")), want[2]);
            assert_eq!(get("method"), want[3]);
            let flags = attr_text(conn, "flags", &doc, engine).unwrap_or("2".into());
            assert_eq!(flags, want[4], "{what}");
            let binds = attr_text(conn, "binds", &doc, engine).unwrap_or(empty.clone());
            assert_eq!(binds, want[5], "{what}");
            let unbinds = attr_text(conn, "unbinds", &doc, engine).unwrap_or("0".into());
            assert_eq!(unbinds, want[6]);
        }
    }
}

#[test]
fn documents_match_the_engines_own_text_files() {
    // The attributes in order, and the sections in order, as the `.tres`/`.tscn` of the
    // same objects say (compared on names and values; the text itself is the text
    // writer's business). Godot 4's external ids are ours, not the engine's random ones.
    let g4 = |file: &str| {
        let bytes = std::fs::read(dir("g4").join(file)).unwrap();
        BinaryResource::parse(&bytes)
            .unwrap()
            .to_document()
            .unwrap()
    };
    let heads = |doc: &Document| -> Vec<String> {
        std::iter::once(&doc.header)
            .chain(&doc.sections)
            .map(|s| {
                let attrs: Vec<String> = s
                    .attrs
                    .iter()
                    .map(|a| format!("{}={}", a.name, text(&a.value, doc.dialect, "g4")))
                    .collect();
                format!("[{} {}]", s.tag, attrs.join(" "))
            })
            .collect()
    };
    let doc = g4("custom_full.res");
    let ext = |n: usize| {
        let s = doc.sections_tagged("ext_resource").nth(n).unwrap();
        attr_str(s, "id", &doc).unwrap()
    };
    let (gradient, script) = (ext(0), ext(1));
    assert!(gradient.starts_with("1_") && script.starts_with("2_"));
    assert_eq!(gradient.len(), 7);
    assert_eq!(
        heads(&doc),
        [
            "[gd_resource type=\"Resource\" format=4]".to_string(),
            format!(
                "[ext_resource type=\"Gradient\" path=\"res://ext_target.tres\" id=\"{gradient}\"]"
            ),
            format!("[ext_resource type=\"Script\" path=\"res://custom_res.gd\" id=\"{script}\"]"),
            "[sub_resource type=\"Gradient\" id=\"Gradient_d2l51\"]".to_string(),
            "[sub_resource type=\"Resource\" id=\"Resource_f5su5\"]".to_string(),
            "[sub_resource type=\"Curve\" id=\"Curve_vc1uw\"]".to_string(),
            "[sub_resource type=\"Resource\" id=\"Resource_m50l2\"]".to_string(),
            "[sub_resource type=\"Resource\" id=\"Resource_rxopg\"]".to_string(),
            "[resource ]".to_string(),
        ]
    );
    // The same property lines as the engine's `.tres`, in its order (script first).
    let names = |s: &Section| s.props.iter().map(|p| p.name.clone()).collect::<Vec<_>>();
    let sub = doc.sections_tagged("sub_resource").nth(1).unwrap();
    assert_eq!(names(sub), ["resource_name", "script", "i", "s", "sub"]);
    let last = doc.sections_tagged("sub_resource").nth(4).unwrap();
    assert_eq!(names(last), ["script", "f", "typed_ints"]);

    assert_eq!(
        heads(&g4("gradient.res")),
        ["[gd_resource type=\"Gradient\" format=3]", "[resource ]"]
    );
    assert_eq!(
        heads(&g4("mesh_quad.mesh")),
        ["[gd_resource type=\"ArrayMesh\" format=4]", "[resource ]"]
    );
    let scene = heads(&g4("scene_2d.scn"));
    assert_eq!(scene[0], "[gd_scene format=3]");
    assert_eq!(
        scene[1],
        "[node name=\"Level\" type=\"Node2D\" unique_id=1652322902]"
    );
    assert_eq!(
        scene[2],
        "[node name=\"Player\" type=\"Sprite2D\" parent=\".\" unique_id=650484735 groups=[\"players\"]]"
    );
    assert_eq!(
        scene[8],
        "[connection signal=\"timeout\" from=\"SpawnTimer\" to=\"Enemies\" method=\"queue_free\" flags=3]"
    );

    // Godot 3: ints for ids, `load_steps`, `path` before `type`, the canary's embedded
    // script as a sub-resource.
    let g3 = |engine: &str, file: &str| {
        let bytes = std::fs::read(dir(engine).join(file)).unwrap();
        BinaryResource::parse(&bytes)
            .unwrap()
            .to_document()
            .unwrap()
    };
    let doc = g3("g36", "custom_full.res");
    let h = heads(&doc);
    assert_eq!(
        h[0],
        "[gd_resource type=\"Resource\" load_steps=8 format=2]"
    );
    assert_eq!(
        h[1],
        "[ext_resource path=\"res://custom_res.gd\" type=\"Script\" id=1]"
    );
    assert_eq!(
        h[2],
        "[ext_resource path=\"res://ext_target.tres\" type=\"Gradient\" id=2]"
    );
    assert_eq!(h[3], "[sub_resource type=\"Gradient\" id=1]");
    let canary = g3("g32", "canary.res");
    assert_eq!(
        heads(&canary),
        [
            "[gd_resource type=\"Resource\" load_steps=2 format=2]",
            "[sub_resource type=\"GDScript\" id=1]",
            "[resource ]"
        ]
    );
    let script = canary.sections[0].prop("script/source").unwrap();
    assert!(text(script, Dialect::Godot3, "g32").contains("CANARY-RAN"));
}

#[test]
fn mesh_vertices_are_views_of_the_file() {
    for case in cases().iter().filter(|c| c.file.starts_with("mesh_quad")) {
        let what = case.what();
        let res = BinaryResource::parse(&case.bytes).unwrap();
        let main = res.main().unwrap();
        // The engine's own bytes of the vertex buffer, from its read-back text.
        let (prop, key) = if case.engine == "g4" {
            ("_surfaces", "vertex_data")
        } else {
            ("surfaces/0", "array_data")
        };
        let want = case.lines("ORACLE-PROP").find(|f| f[1] == prop).unwrap()[2].clone();
        let start = want.find(&format!("\"{key}\": ")).unwrap();
        let list = &want[start..];
        let list = &list[list.find('(').unwrap() + 1..list.find(')').unwrap()];
        let engine_bytes: Vec<u8> = list.split(',').map(|b| b.trim().parse().unwrap()).collect();

        let surface = match main.get(prop).unwrap() {
            gdvariant::resource::BinValue::Array(a) => &a[0],
            other => other,
        };
        let gdvariant::resource::BinValue::Dictionary(d) = surface else {
            panic!("{what}")
        };
        let field = |k: &str| {
            &d.iter()
                .find(|(n, _)| *n == gdvariant::resource::BinValue::String(k))
                .unwrap()
                .1
        };
        let gdvariant::resource::BinValue::Packed(data) = field(key) else {
            panic!("{what}")
        };
        assert_eq!(data.as_u8().unwrap(), engine_bytes.as_slice(), "{what}");
        let quad = [
            [0.0f32, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [1.0, 1.0, 0.0],
            [0.0, 1.0, 0.0],
        ];
        if case.engine == "g4" {
            // Godot 4 keeps the positions first, 12 bytes each: a view, no copy.
            let v = data.bytes_as_vector3(4).unwrap();
            assert_eq!(v.as_ptr() as usize, data.as_u8().unwrap().as_ptr() as usize);
            let v: Vec<[f32; 3]> = v.iter().map(|p| p.map(|c| c.get())).collect();
            assert_eq!(v, quad, "{what}");
        } else {
            // Godot 3 interleaves them (stride = bytes per vertex).
            let stride = engine_bytes.len() / 4;
            for (i, q) in quad.iter().enumerate() {
                let p: Vec<f32> = (0..3)
                    .map(|c| {
                        let at = i * stride + c * 4;
                        f32::from_le_bytes(engine_bytes[at..at + 4].try_into().unwrap())
                    })
                    .collect();
                assert_eq!(p, q, "{what}");
            }
        }
    }
}

#[test]
fn the_100k_vertex_mesh_is_read_in_place_and_written_as_the_engine_did() {
    // tools/engines/gd/mesh_100k4.gd: vertex i = (i % 1000, i / 1000, i * 0.25).
    let bytes = std::fs::read(dir("g4").join("mesh_100k.res")).unwrap();
    let res = BinaryResource::parse(&bytes).unwrap();
    let Some(gdvariant::resource::BinValue::Array(surfaces)) = res.main().unwrap().get("_surfaces")
    else {
        panic!()
    };
    let gdvariant::resource::BinValue::Dictionary(d) = &surfaces[0] else {
        panic!()
    };
    let data = d
        .iter()
        .find_map(|(k, v)| match (k, v) {
            (
                gdvariant::resource::BinValue::String("vertex_data"),
                gdvariant::resource::BinValue::Packed(p),
            ) => Some(*p),
            _ => None,
        })
        .unwrap();
    let vertices = data.bytes_as_vector3(100_000).unwrap();
    assert_eq!(vertices.len(), 100_000);
    for (i, v) in vertices.iter().enumerate() {
        let want = [(i % 1000) as f32, (i / 1000) as f32, i as f32 * 0.25];
        assert_eq!(v.map(|c| c.get()), want, "{i}");
    }
    // The engine's read-back of `_surfaces` is `<sha256:fc88a32f… len:4638126>`; our text
    // has that length (and, checked once by hand, that SHA-256).
    let doc = res.to_document().unwrap();
    let surfaces = doc.sections[0].prop("_surfaces").unwrap();
    assert_eq!(
        text(surfaces, Dialect::Godot4, "g4").chars().count(),
        4_638_126
    );
}
