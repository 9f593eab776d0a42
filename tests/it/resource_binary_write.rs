//! `Document::to_binary`: engine-written binary resources read, converted to the model and
//! written back, and `.tres` files written as `.res` (the engine-backed half is in
//! `tests/engines/resource_write.rs`).
//!
//! Why an engine's file does not come back byte for byte (see the writer's module docs,
//! from `ResourceFormatSaverBinaryInstance::save`): its string table also lists the class's
//! property names whose values were skipped as defaults, it keeps null properties
//! (`script = null`) the text model drops, and Godot 4 gives the main resource a random
//! `local://` id. So every file is checked field by field against the engine's: header,
//! external table, internal table, and each resource's properties (the engine's minus
//! its nulls) with the same values.

use gdvariant::resource::{
    BinObject, BinValue, BinaryResource, BinaryWriteErrorKind, BinaryWriteOptions, Document,
    TextResource, SUB_RESOURCE,
};
use gdvariant::{Builder, Dialect};

use super::resource_binary::dir;

const ENGINES: [&str; 3] = ["g32", "g36", "g4"];
const FILES: [&str; 6] = [
    "scene_2d.scn",
    "custom_full.res",
    "gradient.res",
    "mesh_quad.res",
    "mesh_quad.mesh",
    "canary.res",
];

fn read(engine: &str, file: &str) -> Vec<u8> {
    std::fs::read(dir(engine).join(file)).unwrap()
}

/// The options that reproduce what the engine's header says and the text model lacks.
fn options_like(res: &BinaryResource<'_>) -> BinaryWriteOptions {
    let mut o = BinaryWriteOptions::new().engine_minor(res.header.engine_minor);
    if let Some(id) = res.main().and_then(|m| m.local_id()) {
        if res.header.is_godot4() {
            o = o.main_id(id);
        }
    }
    o
}

fn nullish(v: &BinValue<'_>) -> bool {
    matches!(v, BinValue::Nil | BinValue::Object(BinObject::Null))
}

/// A value with packed arrays compared by contents rather than by where they are.
/// References by the path they point to (the tables' order may differ, see above).
fn canon(r: &BinaryResource<'_>, v: &BinValue<'_>) -> String {
    match v {
        BinValue::Object(BinObject::Internal(i)) => {
            format!("Sub({})", r.internals[*i as usize].path)
        }
        BinValue::Object(BinObject::External(i)) => {
            format!("Ext({})", r.externals[*i as usize].path)
        }
        BinValue::Packed(p) => format!("{:?}{}:{:?}", p.kind(), p.len(), p.to_le_bytes()),
        BinValue::Array(items) => format!(
            "[{}]",
            items
                .iter()
                .map(|v| canon(r, v))
                .collect::<Vec<_>>()
                .join(",")
        ),
        BinValue::Dictionary(pairs) => format!(
            "{{{}}}",
            pairs
                .iter()
                .map(|(k, v)| format!("{}:{}", canon(r, k), canon(r, v)))
                .collect::<Vec<_>>()
                .join(",")
        ),
        other => format!("{other:?}"),
    }
}

/// Everything of `ours` equals `theirs` except what the writer's docs list.
fn same_as_engine(what: &str, theirs: &BinaryResource<'_>, ours: &BinaryResource<'_>) {
    let (t, o) = (&theirs.header, &ours.header);
    assert_eq!(
        (
            t.big_endian,
            t.use_real64,
            t.engine_major,
            t.engine_minor,
            t.format_version,
            t.class
        ),
        (
            o.big_endian,
            o.use_real64,
            o.engine_major,
            o.engine_minor,
            o.format_version,
            o.class
        ),
        "{what}: header"
    );
    assert_eq!(
        (t.import_metadata_offset, t.flags, t.uid, t.script_class),
        (o.import_metadata_offset, o.flags, o.uid, o.script_class),
        "{what}"
    );
    // Godot 4's external and internal tables can be in another order: the binary saver
    // walks properties in list order, Godot 4's text saver (whose order the Document
    // keeps) in name order.
    let sorted = |r: &BinaryResource<'_>| {
        let mut e: Vec<_> = r.externals.iter().map(|e| format!("{e:?}")).collect();
        e.sort();
        e
    };
    assert_eq!(sorted(theirs), sorted(ours), "{what}: externals");
    if !t.is_godot4() {
        assert_eq!(theirs.externals, ours.externals, "{what}: externals");
    }
    // Our string table is the engine's minus the names of properties it skipped (in
    // another order when a skipped name came first).
    for s in &ours.strings {
        assert!(
            theirs.strings.contains(s),
            "{what}: string {s:?} not in {:?}",
            theirs.strings
        );
    }
    assert_eq!(
        theirs.internals.len(),
        ours.internals.len(),
        "{what}: internals"
    );
    if !t.is_godot4() {
        let paths = |r: &BinaryResource<'_>| {
            r.internals
                .iter()
                .map(|i| i.path.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(paths(theirs), paths(ours), "{what}: internal order");
    }
    for t in &theirs.internals {
        let o = ours
            .internals
            .iter()
            .find(|o| o.path == t.path)
            .unwrap_or_else(|| panic!("{what}: {}", t.path));
        assert_eq!(t.class, o.class, "{what}");
        let tp: Vec<_> = t
            .properties
            .iter()
            .filter(|p| !nullish(&p.value))
            .map(|p| (p.name, canon(theirs, &p.value)))
            .collect();
        let op: Vec<_> = o
            .properties
            .iter()
            .map(|p| (p.name, canon(ours, &p.value)))
            .collect();
        assert_eq!(tp, op, "{what}: {}", t.path);
    }
}

#[test]
fn engine_files_come_back_with_the_same_resources_and_values() {
    for engine in ENGINES {
        for file in FILES {
            let what = format!("{engine}/{file}");
            let bytes = read(engine, file);
            let theirs = BinaryResource::parse(&bytes).unwrap();
            let doc = theirs.to_document().unwrap();
            let written = doc.to_binary_with(&options_like(&theirs)).unwrap();
            let ours = BinaryResource::parse(&written).unwrap_or_else(|e| panic!("{what}: {e}"));
            same_as_engine(&what, &theirs, &ours);
            // binary → Document → binary → Document: the same Document.
            assert_eq!(ours.to_document().unwrap(), doc, "{what}");
            writes_back(&doc, &what);
            // And writing again gives the same bytes.
            let again = ours
                .to_document()
                .unwrap()
                .to_binary_with(&options_like(&ours))
                .unwrap();
            assert_eq!(again, written, "{what}: second write");
        }
    }
}

fn text_doc(engine: &str, file: &str) -> (String, Document) {
    let text = std::fs::read_to_string(dir(engine).join(file)).unwrap();
    let doc = TextResource::parse(&text).unwrap().document().clone();
    (text, doc)
}

fn style(engine: &str) -> gdvariant::text::TextStyle {
    super::resource_binary::style(engine)
}

#[test]
fn engine_text_files_written_as_binary_read_back_as_the_same_text() {
    for engine in ENGINES {
        for file in [
            "custom_full.tres",
            "gradient.tres",
            "mesh_quad.tres",
            "scene_2d.tscn",
            "canary.tres",
        ] {
            let what = format!("{engine}/{file}");
            let (text, doc) = text_doc(engine, file);
            let bytes = doc.to_binary().unwrap_or_else(|e| panic!("{what}: {e}"));
            let back = BinaryResource::parse(&bytes)
                .unwrap()
                .to_document()
                .unwrap();
            if engine == "g4" {
                // Godot 4's external ids are `<n>_<5 random letters>`, not in the binary
                // file: the reader makes its own. Everything else is the same.
                let strip = |d: &Document| {
                    let mut d = d.clone();
                    for s in &mut d.sections {
                        s.attrs
                            .retain(|a| !(s.tag == "ext_resource" && a.name == "id"));
                        s.props
                            .retain(|p| !text_of(&p.value).contains("ExtResource"));
                    }
                    d
                };
                // Typed Arrays and Dictionaries are untyped in the binary form (the engine's
                // own `.res` holds them so too): compare with the engine's binary file.
                let bin = file.replace(".tres", ".res").replace(".tscn", ".scn");
                let bytes = read(engine, &bin);
                let engine_doc = BinaryResource::parse(&bytes)
                    .unwrap()
                    .to_document()
                    .unwrap();
                // And Godot 4's text saver sorts Dictionary keys, which the binary file keeps
                // in insertion order: compared as text, which sorts them again.
                assert_eq!(
                    strip(&back).to_text(),
                    strip(&engine_doc).to_text(),
                    "{what}"
                );
            } else {
                assert_eq!(back.to_text_with(style(engine)), text, "{what}");
            }
        }
    }
}

fn text_of(value: &[u8]) -> String {
    let v = gdvariant::VariantRef::parse(value, Dialect::Godot4).unwrap();
    format!("{v:?}")
}

/// The g4 `custom_full.tres` with one edit.
fn edited(edit: impl FnOnce(&mut Document)) -> Document {
    let (_, mut doc) = text_doc("g4", "custom_full.tres");
    edit(&mut doc);
    doc
}

fn reference(class: &str, id: &str) -> Vec<u8> {
    let mut out = Vec::new();
    let mut o = Builder::new(&mut out, Dialect::Godot4)
        .object(class)
        .unwrap();
    o.property("id").unwrap().string(id).unwrap();
    o.finish().unwrap();
    out
}

#[test]
fn dangling_and_forward_references_are_errors_naming_the_entry() {
    let main = |d: &Document| {
        d.sections
            .iter()
            .rposition(|s| s.tag == "resource")
            .unwrap()
    };
    // A SubResource id no section has.
    let doc = edited(|d| {
        let m = main(d);
        d.sections[m].props.push(gdvariant::resource::Entry {
            name: "dangling".into(),
            value: reference(SUB_RESOURCE, "Nope_12345"),
        });
    });
    let e = doc.to_binary().unwrap_err();
    assert_eq!(
        e.kind,
        BinaryWriteErrorKind::UnknownSubResource("Nope_12345".into())
    );
    assert_eq!(
        (e.section, e.entry.as_str()),
        (Some(main(&doc)), "dangling")
    );
    // An ExtResource id no section has.
    let doc = edited(|d| {
        let m = main(d);
        d.sections[m].props.push(gdvariant::resource::Entry {
            name: "ext_dangling".into(),
            value: reference("ExtResource", "9_zzzzz"),
        });
    });
    let e = doc.to_binary().unwrap_err();
    assert_eq!(
        e.kind,
        BinaryWriteErrorKind::UnknownExtResource("9_zzzzz".into())
    );
    assert_eq!(e.entry, "ext_dangling");
    // A sub-resource referring to one written after it: the loader could not resolve it.
    let doc = edited(|d| {
        let subs: Vec<usize> = (0..d.sections.len())
            .filter(|&i| d.sections[i].tag == "sub_resource")
            .collect();
        let (first, last) = (subs[0], *subs.last().unwrap());
        let id = d.sections[last].attr("id").unwrap().to_vec();
        let id = gdvariant::VariantRef::parse(&id, Dialect::Godot4)
            .unwrap()
            .as_str()
            .unwrap()
            .to_string();
        d.sections[first].props.push(gdvariant::resource::Entry {
            name: "forward".into(),
            value: reference(SUB_RESOURCE, &id),
        });
    });
    let e = doc.to_binary().unwrap_err();
    assert!(
        matches!(e.kind, BinaryWriteErrorKind::UnknownSubResource(_)),
        "{e}"
    );
    assert_eq!(e.entry, "forward");
    // An object that is no reference.
    let doc = edited(|d| {
        let m = main(d);
        let mut out = Vec::new();
        Builder::new(&mut out, Dialect::Godot4)
            .object("Node")
            .unwrap()
            .finish()
            .unwrap();
        d.sections[m].props.push(gdvariant::resource::Entry {
            name: "node".into(),
            value: out,
        });
    });
    assert_eq!(
        doc.to_binary().unwrap_err().kind,
        BinaryWriteErrorKind::Object
    );
    // A resource document without its [resource] section.
    let doc = edited(|d| d.sections.retain(|s| s.tag != "resource"));
    assert_eq!(
        doc.to_binary().unwrap_err().kind,
        BinaryWriteErrorKind::NoMainResource
    );
}

#[cfg(feature = "containers")]
#[test]
fn compressed_files_are_the_engines_container_and_read_back() {
    use gdvariant::resource::{read_document, BinaryOptions};
    for engine in ENGINES {
        let engine_z = read(engine, "custom_full_z.res");
        let doc = read_document(&engine_z, &BinaryOptions::default()).unwrap();
        let ours = doc
            .to_binary_compressed(&BinaryWriteOptions::new())
            .unwrap();
        // RSCC, then the engine's mode (zstd) and block size (4096).
        assert_eq!(ours[..12], engine_z[..12], "{engine}");
        assert_eq!(&ours[ours.len() - 4..], b"RSCC");
        assert_eq!(
            read_document(&ours, &BinaryOptions::default()).unwrap(),
            doc,
            "{engine}"
        );
    }
}

/// What every Document the binary reader makes must do when written (the property the
/// mutated-fixture test and the fuzz target check): either an error about a reference the
/// binary form cannot hold (a cycle of sub-resources, which the reader orders with a
/// forward reference; an inline external path) or a scene the bundle cannot express, or
/// bytes that read back; for a resource, into the same Document.
pub(crate) fn writes_back(doc: &Document, what: &str) {
    match doc.to_binary() {
        Ok(bytes) => {
            let back = BinaryResource::parse(&bytes).unwrap_or_else(|e| panic!("{what}: {e}"));
            let back = back.to_document();
            if doc.kind == gdvariant::resource::DocKind::Resource {
                // The header's `load_steps` follows the engine version, which a mutated
                // file may have changed (we write 4.6's, which has none).
                let header = |d: &Document| {
                    let mut h = d.header.clone();
                    h.attrs.retain(|a| a.name != "load_steps");
                    h
                };
                let back = back.unwrap_or_else(|e| panic!("{what}: {e}"));
                // A null the reader kept (a reference to the main resource, which the text
                // saver writes as `null`) is a nil in our file, which the reader drops.
                let mut sections = doc.sections.clone();
                for s in &mut sections {
                    s.props.retain(|p| p.value != [0, 0, 0, 0]);
                }
                assert_eq!(back.sections, sections, "{what}");
                assert_eq!(header(&back), header(doc), "{what}");
            }
        }
        Err(e) => assert!(
            matches!(
                e.kind,
                BinaryWriteErrorKind::UnknownSubResource(_)
                    | BinaryWriteErrorKind::UnknownExtResource(_)
                    | BinaryWriteErrorKind::Scene(_)
                    | BinaryWriteErrorKind::MissingAttribute(_)
            ),
            "{what}: {e}"
        ),
    }
}
