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
        BinValue::Object(BinObject::Internal(i)) => format!("Sub({})", r.internals[*i as usize].path),
        BinValue::Object(BinObject::External(i)) => format!("Ext({})", r.externals[*i as usize].path),
        BinValue::Packed(p) => format!("{:?}{}:{:?}", p.kind(), p.len(), p.to_le_bytes()),
        BinValue::Array(items) => format!("[{}]", items.iter().map(|v| canon(r, v)).collect::<Vec<_>>().join(",")),
        BinValue::Dictionary(pairs) => format!(
            "{{{}}}",
            pairs.iter().map(|(k, v)| format!("{}:{}", canon(r, k), canon(r, v))).collect::<Vec<_>>().join(",")
        ),
        other => format!("{other:?}"),
    }
}

/// Everything of `ours` equals `theirs` except what the writer's docs list.
fn same_as_engine(what: &str, theirs: &BinaryResource<'_>, ours: &BinaryResource<'_>) {
    let (t, o) = (&theirs.header, &ours.header);
    assert_eq!(
        (t.big_endian, t.use_real64, t.engine_major, t.engine_minor, t.format_version, t.class),
        (o.big_endian, o.use_real64, o.engine_major, o.engine_minor, o.format_version, o.class),
        "{what}: header"
    );
    assert_eq!((t.import_metadata_offset, t.flags, t.uid, t.script_class), (o.import_metadata_offset, o.flags, o.uid, o.script_class), "{what}");
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
        assert!(theirs.strings.contains(s), "{what}: string {s:?} not in {:?}", theirs.strings);
    }
    assert_eq!(theirs.internals.len(), ours.internals.len(), "{what}: internals");
    if !t.is_godot4() {
        let paths = |r: &BinaryResource<'_>| r.internals.iter().map(|i| i.path.to_string()).collect::<Vec<_>>();
        assert_eq!(paths(theirs), paths(ours), "{what}: internal order");
    }
    for t in &theirs.internals {
        let o = ours.internals.iter().find(|o| o.path == t.path).unwrap_or_else(|| panic!("{what}: {}", t.path));
        assert_eq!(t.class, o.class, "{what}");
        let tp: Vec<_> = t.properties.iter().filter(|p| !nullish(&p.value)).map(|p| (p.name, canon(theirs, &p.value))).collect();
        let op: Vec<_> = o.properties.iter().map(|p| (p.name, canon(ours, &p.value))).collect();
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
            // And writing again gives the same bytes.
            let again = ours.to_document().unwrap().to_binary_with(&options_like(&ours)).unwrap();
            assert_eq!(again, written, "{what}: second write");
        }
    }
}
