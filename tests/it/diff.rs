//! `gdvariant::diff` on engine-written fixtures edited with `gdvariant::edit::Edit`: exact
//! change lists, one line for one deletion or insertion in the middle of an Array or a
//! packed array, two encodings of one value being no change, the bounds of the alignment,
//! and every pair of Godot 4 fixtures.

use crate::common;

use common::{cases, fixtures_dir};
use gdvariant::diff::{diff, Change};
use gdvariant::edit::Edit;
use gdvariant::query::Found;
use gdvariant::{Builder, Dialect, VariantRef};

const G4: Dialect = Dialect::Godot4;

/// A change as the command line prints it, values on one line.
fn line(change: &Change<'_>) -> String {
    let text = |found: &Found<'_>| match *found {
        Found::Value(v) => v.to_string().replace('\n', " "),
        Found::Element(array, i) => {
            let mut bytes = Vec::new();
            Builder::new(&mut bytes, G4)
                .value_of(array.get(i).unwrap())
                .unwrap();
            VariantRef::parse(&bytes, G4).unwrap().to_string()
        }
    };
    match change {
        Change::Changed { path, old, new } => format!("~ {path}: {} -> {}", text(old), text(new)),
        Change::Removed { path, old } => format!("- {path}: {}", text(old)),
        Change::Added { path, new } => format!("+ {path}: {}", text(new)),
    }
}

fn lines(a: &[u8], b: &[u8], dialect: Dialect) -> Vec<String> {
    let a = VariantRef::parse(a, dialect).unwrap();
    let b = VariantRef::parse(b, dialect).unwrap();
    diff(a, b).map(|c| line(&c)).collect()
}

fn text(source: &str) -> Vec<u8> {
    gdvariant::text::read(source, G4).unwrap()
}

fn save() -> Vec<u8> {
    std::fs::read(fixtures_dir().join("g4-large/large_savegame_10mb.bin")).unwrap()
}

/// The text of what `path` names in `bytes`, on one line.
fn at(bytes: &[u8], path: &str) -> String {
    let root = VariantRef::parse(bytes, G4).unwrap();
    root.query(path)
        .unwrap()
        .value()
        .unwrap()
        .to_string()
        .replace('\n', " ")
}

#[test]
fn a_save_edited_in_eight_places_gives_exactly_eight_changes() {
    let original = save();
    let mut edit = Edit::from_bytes(&original, G4).unwrap();
    edit.delete("chunks/10/entities/3").unwrap();
    edit.insert(
        "chunks/20/entities/5",
        VariantRef::parse(&text(r#"{"hp": 5}"#), G4).unwrap(),
    )
    .unwrap();
    edit.set("chunks/30/entities/7/hp", 999).unwrap();
    edit.delete("chunks/40/entities/2/tags").unwrap();
    edit.delete("chunks/50/entities/1/tags/0").unwrap();
    edit.insert("chunks/50/entities/2/tags/1", "zz").unwrap();
    edit.set("chunks/60/new", 1).unwrap();
    edit.set("version", 4).unwrap();
    let edited = edit.to_vec();
    let removed_entity = at(&original, "chunks/10/entities/3");
    assert_eq!(
        lines(&original, &edited, G4),
        [
            // The save holds "version" first.
            "~ /version: 3 -> 4".to_string(),
            format!("- /chunks/10/entities/3: {removed_entity}"),
            "+ /chunks/20/entities/5: { \"hp\": 5 }".to_string(),
            "~ /chunks/30/entities/7/hp: 70 -> 999".to_string(),
            "- /chunks/40/entities/2/tags: PackedStringArray(\"a\", \"b2\")".to_string(),
            "- /chunks/50/entities/1/tags/0: \"a\"".to_string(),
            "+ /chunks/50/entities/2/tags/1: \"zz\"".to_string(),
            "+ /chunks/60/new: 1".to_string(),
        ]
    );
    // The other way round: removals become additions, at the places in the edited save.
    let back = lines(&edited, &original, G4);
    assert_eq!(back.len(), 8);
    assert_eq!(back[0], "~ /version: 4 -> 3");
    assert_eq!(
        back[1],
        format!("+ /chunks/10/entities/3: {removed_entity}")
    );
    assert_eq!(back[2], "- /chunks/20/entities/5: { \"hp\": 5 }");
    assert!(lines(&original, &original, G4).is_empty());
}

#[test]
fn one_element_deleted_or_inserted_in_the_middle_is_one_line() {
    // Engine-written packed arrays of 3000 elements, then an Array of 3000 Dictionaries.
    for name in [
        "pf32_3000",
        "pf64_3000",
        "pi64_3000",
        "pv2_3000",
        "pcol_3000",
        "pba_3001",
    ] {
        let bytes = std::fs::read(fixtures_dir().join(format!("g4/{name}.bin"))).unwrap();
        let value = VariantRef::parse(&bytes, G4).unwrap();
        let element = value.query("1500").unwrap();
        let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
        edit.delete("1500").unwrap();
        let deleted = edit.to_vec();
        let changes = lines(&bytes, &deleted, G4);
        assert_eq!(changes.len(), 1, "{name}: {changes:?}");
        assert!(changes[0].starts_with("- /1500: "), "{name}: {changes:?}");
        // A copy of element 0 goes before element 10.
        let first = value.as_packed().unwrap().get(0).unwrap();
        let mut copy = Vec::new();
        Builder::new(&mut copy, G4).value_of(first).unwrap();
        let copy = VariantRef::parse(&copy, G4).unwrap();
        let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
        edit.insert("10", copy).unwrap();
        let inserted = edit.to_vec();
        assert_eq!(
            lines(&bytes, &inserted, G4),
            [format!("+ /10: {copy}")],
            "{name}"
        );
        assert!(matches!(element, Found::Element(..)));
    }
    let mut array = String::from("[");
    for i in 0..3000 {
        array.push_str(&format!("{{\"id\": {i}}}, "));
    }
    array.push(']');
    let bytes = text(&array);
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.delete("1500").unwrap().insert("2999", "new").unwrap();
    assert_eq!(
        lines(&bytes, &edit.to_vec(), G4),
        ["- /1500: { \"id\": 1500 }", "+ /2998: \"new\""]
    );
}

#[test]
fn an_element_changed_in_place_reads_as_the_changes_inside_it() {
    let a = text(r#"[{"hp": 1, "name": "a"}, {"hp": 2, "name": "b"}, {"hp": 3, "name": "c"}]"#);
    let b = text(r#"[{"hp": 1, "name": "a"}, {"hp": 9, "name": "b"}, {"hp": 3, "name": "c"}]"#);
    assert_eq!(lines(&a, &b, G4), ["~ /1/hp: 2 -> 9"]);
    // Keys a path cannot name are written by position; int keys in brackets.
    let a = text(r#"{1.5: "x", 7: "y", "a/b": "z"}"#);
    let b = text(r#"{1.5: "X", 7: "Y", "a/b": "Z"}"#);
    assert_eq!(
        lines(&a, &b, G4),
        [
            "~ /<key #0>: \"x\" -> \"X\"",
            "~ /[7]: \"y\" -> \"Y\"",
            "~ /\"a/b\": \"z\" -> \"Z\""
        ]
    );
}

#[test]
fn two_encodings_of_one_value_are_no_change() {
    // 7 in 32 bits and in 64 (the 64-bit flag), as a value and as a key.
    let narrow = [2u8, 0, 0, 0, 7, 0, 0, 0];
    let wide = [2u8, 0, 1, 0, 7, 0, 0, 0, 0, 0, 0, 0];
    assert!(lines(&narrow, &wide, G4).is_empty());
    let dict = |key: &[u8]| {
        let mut out = vec![27, 0, 0, 0, 1, 0, 0, 0];
        out.extend_from_slice(key);
        out.extend_from_slice(&text("\"x\""));
        out
    };
    assert!(lines(&dict(&narrow), &dict(&wide), G4).is_empty());
    assert_eq!(
        lines(&dict(&narrow), &text("{7: \"y\"}"), G4),
        ["~ /[7]: \"x\" -> \"y\""]
    );
    // Godot 3 leaves a NodePath's padding uninitialised: other padding, the same value.
    let mut garbled_some = false;
    for case in cases("g32") {
        let bytes = case.value_bytes().to_vec();
        let Ok(value) = VariantRef::parse(&bytes, Dialect::Godot3) else {
            continue;
        };
        let Some(path) = value.as_node_path() else {
            continue;
        };
        // Components start 16 bytes after the header; each is length, bytes, padding.
        let mut other = bytes.clone();
        let mut at = 16;
        for name in path.names().chain(path.subnames()) {
            let len = name.raw_bytes().len();
            for pad in &mut other[at + 4 + len..at + 4 + len.next_multiple_of(4)] {
                *pad ^= 0x5a;
                garbled_some = true;
            }
            at += 4 + len.next_multiple_of(4);
        }
        let garbled = VariantRef::parse(&other, Dialect::Godot3).unwrap();
        assert_eq!(garbled.to_string(), value.to_string());
        assert!(diff(value, garbled).next().is_none(), "{}", case.name);
    }
    assert!(garbled_some);
}

#[test]
fn containers_of_other_types_change_whole() {
    let a = text("[1, 2]");
    let b = text("Array[int]([1, 2])");
    assert_eq!(lines(&a, &b, G4), ["~ /: [1, 2] -> Array[int]([1, 2])"]);
    let a = text("PackedInt32Array(1, 2)");
    let b = text("PackedInt64Array(1, 2)");
    assert_eq!(
        lines(&a, &b, G4),
        ["~ /: PackedInt32Array(1, 2) -> PackedInt64Array(1, 2)"]
    );
}

#[test]
fn past_the_bounds_arrays_pair_by_index_and_packed_arrays_change_whole() {
    // 3000 elements, none in common: 6000 edits, past the 1000 aligned.
    let numbers = |from: i32| -> String {
        (from..from + 3000)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let a = text(&format!("[0, {}, 1]", numbers(0)));
    let b = text(&format!("[0, {}, 1]", numbers(10_000)));
    let changes = lines(&a, &b, G4);
    assert_eq!(changes.len(), 3000);
    assert_eq!(changes[0], "~ /1: 0 -> 10000");
    assert_eq!(changes[2999], "~ /3000: 2999 -> 12999");
    let a = text(&format!("PackedInt32Array({})", numbers(0)));
    let b = text(&format!("PackedInt32Array({})", numbers(10_000)));
    let changes = lines(&a, &b, G4);
    assert_eq!(changes.len(), 1);
    assert!(changes[0].starts_with("~ /: PackedInt32Array(0, 1, "));
}

#[test]
fn values_of_two_dialects_compare_by_value() {
    // The fixtures both engines wrote for the same value: no change, once the Godot 3 one,
    // re-encoded in Godot 4, prints as the Godot 4 one.
    let g4: Vec<_> = cases("g4");
    let mut compared = 0;
    for case in cases("g36") {
        let Some(other) = g4.iter().find(|c| c.name == case.name) else {
            continue;
        };
        let (Ok(a), Ok(b)) = (
            VariantRef::parse(case.value_bytes(), Dialect::Godot3),
            VariantRef::parse(other.value_bytes(), G4),
        ) else {
            continue;
        };
        let mut converted = Vec::new();
        if Builder::new(&mut converted, G4).value(a).is_err() {
            continue;
        }
        let converted = VariantRef::parse(&converted, G4).unwrap();
        let changes: Vec<String> = diff(a, b).map(|c| line(&c)).collect();
        if converted.to_string() == b.to_string() {
            assert!(changes.is_empty(), "{}: {changes:?}", case.name);
            compared += 1;
        } else {
            assert!(!changes.is_empty(), "{}", case.name);
        }
    }
    assert!(compared > 20, "{compared}");
}

#[test]
fn every_pair_of_godot4_fixtures() {
    let values: Vec<(String, Vec<u8>)> = cases("g4")
        .into_iter()
        .map(|c| (c.name.clone(), c.value_bytes().to_vec()))
        .collect();
    let parsed: Vec<(&str, VariantRef<'_>, String)> = values
        .iter()
        .filter_map(|(name, bytes)| {
            let v = VariantRef::parse(bytes, G4).ok()?;
            Some((name.as_str(), v, v.to_string()))
        })
        .collect();
    assert!(parsed.len() > 100);
    for (name, a, a_text) in &parsed {
        assert!(diff(*a, *a).next().is_none(), "{name}");
        for (other, b, b_text) in &parsed {
            let changes: Vec<Change<'_>> = diff(*a, *b).collect();
            // Values whose text differs differ somewhere; every path found leads to the
            // values reported.
            if a_text != b_text {
                assert!(!changes.is_empty(), "{name} / {other}");
            }
            for change in &changes {
                let (path, old, new) = match change {
                    Change::Changed { path, old, new } => (path, Some(old), Some(new)),
                    Change::Removed { path, old } => (path, Some(old), None),
                    Change::Added { path, new } => (path, None, Some(new)),
                };
                if path.contains("<key #") {
                    continue;
                }
                if let Some(Found::Value(old)) = old {
                    let found = a.query(path).unwrap().value().unwrap();
                    assert_eq!(found.encoded(), old.encoded(), "{name} / {other}: {path}");
                }
                if let (Some(Found::Value(new)), None) = (new, old) {
                    let found = b.query(path).unwrap().value().unwrap();
                    assert_eq!(found.encoded(), new.encoded(), "{name} / {other}: {path}");
                }
            }
        }
    }
}
