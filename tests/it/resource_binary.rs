//! `gdvariant::resource`'s binary reader (`.res`, `.scn`, `.mesh`, `RSRC` and `RSCC`),
//! against what Godot 3.2.3, 3.6.2 and 4.6.3 wrote and read back
//! (`tests/fixtures/resources/<engine>/binary_cases.jsonl`: the binary files' lines of the
//! fixture folder's `cases.jsonl`).

use std::collections::HashMap;
use std::path::PathBuf;

use gdvariant::resource::{
    decompress, BinaryOptions, DocKind, Document, Section,
};
use gdvariant::text::TextStyle;
use gdvariant::{Dialect, ObjectRef, VariantRef};

const ENGINES: [&str; 3] = ["g32", "g36", "g4"];

fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
}

fn style(engine: &str) -> TextStyle {
    match engine {
        "g32" => TextStyle::Godot32,
        "g36" => TextStyle::Godot36,
        _ => TextStyle::Godot4,
    }
}

struct Case {
    engine: &'static str,
    file: String,
    bytes: Vec<u8>,
    header: serde_json::Value,
    read_back: Vec<(String, Vec<String>)>,
}

impl Case {
    fn what(&self) -> String {
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

fn cases() -> Vec<Case> {
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

fn text(bytes: &[u8], dialect: Dialect, engine: &str) -> String {
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
            assert_eq!(unpacked.bytes().len() as u64, plain + 4, "{what}: RSRC + stream");
            &h["inner"]
        } else {
            assert!(!unpacked.is_compressed());
            h
        };
        let res = unpacked.parse(&options).unwrap();
        let ours = &res.header;
        assert_eq!(u64::from(ours.big_endian), inner["big_endian"].as_u64().unwrap());
        assert_eq!(u64::from(ours.use_real64), inner["use_real64"].as_u64().unwrap());
        assert_eq!(u64::from(ours.engine_major), inner["engine_major"].as_u64().unwrap());
        assert_eq!(u64::from(ours.engine_minor), inner["engine_minor"].as_u64().unwrap());
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
            assert_eq!(attr_str(ext, "path", doc).unwrap(), o.scripts[path], "{key:?}");
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
