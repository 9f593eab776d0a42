//! Splicing (`gdvariant::edit`): edits inside engine-written bytes. Every output must parse
//! (strictly, when the input did), print what the same edit of the owned model prints, and
//! keep every byte outside the changes; plus the 8.3 MB save game, length prefixes, errors
//! with their kinds and offsets, typed containers and packed arrays.

use crate::common;
use crate::edit_plan::*;

use common::{cases, fixtures_dir};
use gdvariant::edit::{Edit, Encoded, NewValue};
use gdvariant::frame::PrefixOrder;
use gdvariant::{Builder, Dialect, EditError, ObjectRef, ParseOptions, Variant, VariantRef};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

// ------------------------------------------------------------------- engine fixtures

#[test]
fn every_container_fixture_takes_a_delete_a_set_and_an_insert() {
    let mut done = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.file.is_empty() {
                continue;
            }
            let dialect = case.dialect();
            let style = case.style();
            let original = VariantRef::parse(case.value_bytes(), dialect).unwrap();
            let strict_input = VariantRef::parse_with(
                case.value_bytes(),
                dialect,
                &ParseOptions::new().strict(true),
            )
            .is_ok();
            for op in [Op::DeleteFirst, Op::SetLast, Op::InsertFirst, Op::Append] {
                let Some((edit, model)) = plan_fixture(&case, op) else {
                    continue;
                };
                let what = format!("{engine}/{} {op:?}", case.name);
                let out = output(&edit);
                assert_outside_identical(&edit, &out, &what);
                let body = if case.is_prefixed() {
                    let len = u32::from_le_bytes(out[..4].try_into().unwrap()) as usize;
                    assert_eq!(len, out.len() - 4, "{what}: the prefix is the new length");
                    &out[4..]
                } else {
                    &out[..]
                };
                let parsed = VariantRef::parse(body, dialect)
                    .unwrap_or_else(|e| panic!("{what}: the output does not parse: {e}"));
                if strict_input {
                    VariantRef::parse_with(body, dialect, &ParseOptions::new().strict(true))
                        .unwrap_or_else(|e| panic!("{what}: not canonical: {e}"));
                }
                // The engine's text form: what the same edit of the owned model prints.
                assert_eq!(
                    parsed.text(style).to_string(),
                    model.text(style).to_string(),
                    "{what}"
                );
                // The container's count moved with the edit.
                let delta: i64 = match op {
                    Op::DeleteFirst => -1,
                    Op::SetLast => 0,
                    _ => 1,
                };
                let count = |v: VariantRef<'_>| {
                    v.children().len().max(v.as_packed().map_or(0, |p| p.len()))
                };
                if !matches!(model, Variant::Dictionary { .. } | Variant::Object(_))
                    || op != Op::DeleteFirst
                {
                    assert_eq!(
                        count(parsed) as i64,
                        count(original) as i64 + delta,
                        "{what}"
                    );
                }
                done += 1;
            }
        }
    }
    assert!(done > 150, "only {done} edits");
}

#[test]
fn fixture_edits_keep_godot3_node_path_padding_and_nested_values() {
    // A set deep inside: everything around it, uninitialised padding included, is kept.
    let case = common::case("g32", "dict_nested");
    let mut edit = Edit::from_bytes(&case.file, G3).unwrap();
    edit.set("a/b/c/2/d", 5).unwrap();
    let out = output(&edit);
    assert_eq!(
        text(&out, G3),
        "{\n\"a\": {\n\"b\": {\n\"c\": [ 1, 2, {\n\"d\": 5\n} ]\n}\n}\n}"
    );
    assert_outside_identical(&edit, &out, "dict_nested");
}

// ------------------------------------------------------------------ the 8.3 MB save game

fn save_game() -> Vec<u8> {
    std::fs::read(fixtures_dir().join("g4-large/large_savegame_10mb.bin")).unwrap()
}

#[test]
fn the_save_game_takes_a_deep_set_with_exactly_four_bytes_changed() {
    let bytes = save_game();
    let hp = VariantRef::parse(&bytes, G4)
        .unwrap()
        .query("chunks/1234/entities/7/hp")
        .unwrap()
        .value()
        .unwrap();
    assert_eq!(hp.as_int(), Some(70));
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("chunks/1234/entities/7/hp", 999).unwrap();
    let out = output(&edit);
    // The original with only the int's payload changed.
    let mut expected = bytes.clone();
    expected[hp.offset() + 4..hp.offset() + 8].copy_from_slice(&999i32.to_le_bytes());
    assert!(out == expected, "only the 4 bytes of the int differ");
    let changes: Vec<_> = edit.changes().collect();
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].range(), hp.offset()..hp.offset() + 8);
    // A value that needs 64 bits grows the file by 4 bytes, nothing else.
    edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("chunks/1234/entities/7/hp", 1 << 40).unwrap();
    let out = edit.to_vec();
    assert_eq!(out.len(), bytes.len() + 4);
    assert_eq!(out[..hp.offset()], bytes[..hp.offset()]);
    assert_eq!(out[hp.offset() + 12..], bytes[hp.offset() + 8..]);
    let save = VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
    let hp = save
        .query("chunks/1234/entities/7/hp")
        .unwrap()
        .value()
        .unwrap();
    assert_eq!(hp.as_int(), Some(1 << 40));
}

#[test]
fn the_save_game_loses_an_entity_with_its_count_and_text() {
    let bytes = save_game();
    let save = VariantRef::parse(&bytes, G4).unwrap();
    let entities = save.query("chunks/1234/entities").unwrap().value().unwrap();
    let list = entities.as_array().unwrap();
    let (seventh, eighth) = (list.get(7).unwrap(), list.get(8).unwrap());
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.delete("chunks/1234/entities/7").unwrap();
    let out = output(&edit);
    // The entity's bytes are gone and the count is one less; nothing else moved.
    let count_at = entities.offset() + 4;
    let mut expected = bytes.clone();
    expected.drain(seventh.offset()..eighth.offset());
    expected[count_at..count_at + 4].copy_from_slice(&(list.len() as u32 - 1).to_le_bytes());
    assert!(out == expected, "the entity removed and the count patched");
    let after = VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
    let entities_after = after
        .query("chunks/1234/entities")
        .unwrap()
        .value()
        .unwrap();
    assert_eq!(entities_after.as_array().unwrap().len(), list.len() - 1);
    assert_eq!(
        entities_after.as_array().unwrap().get(7).unwrap().encoded(),
        eighth.encoded()
    );
    // The text: the engine's text of the save with that entity removed from the model.
    let mut model = save.to_owned();
    model["chunks"][1234]["entities"]
        .as_array_mut()
        .unwrap()
        .remove(7);
    assert!(
        after.to_string() == model.to_string(),
        "the text of the edited save"
    );
}

#[test]
fn many_edits_of_the_save_game_in_one_pass() {
    let bytes = save_game();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    for chunk in [0, 10, 1499] {
        for entity in 0..3 {
            edit.set(&format!("chunks/{chunk}/entities/{entity}/hp"), 100)
                .unwrap();
        }
    }
    edit.set("version", 4).unwrap();
    edit.set("chunks/3/name", "renamed").unwrap();
    edit.delete("chunks/5").unwrap();
    edit.insert("chunks/0/entities/0/tags/0", "first").unwrap();
    let out = output(&edit);
    let save = VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
    let get = |path: &str| save.query(path).unwrap().value().unwrap();
    assert_eq!(get("version").as_int(), Some(4));
    assert_eq!(get("chunks/1498/entities/2/hp").as_int(), Some(100));
    assert_eq!(get("chunks").as_array().unwrap().len(), 1499);
    assert_eq!(get("chunks/3/name").as_str(), Some("renamed"));
    assert_eq!(get("chunks/5/id").as_int(), Some(6));
    let tags = save.query("chunks/0/entities/0/tags").unwrap();
    assert_eq!(tags.value().unwrap().as_packed().unwrap().len(), 3);
}

// ------------------------------------------------------------------------ length prefixes

#[test]
fn a_store_var_prefix_follows_the_new_length_in_its_byte_order() {
    for (engine, name) in [
        ("g4", "w_dict__stream_put_var"),
        ("g32", "w_dict__store_var"),
        ("g36", "w_dict__store_var"),
    ] {
        let case = common::case(engine, name);
        let dialect = case.dialect();
        // Another frame after this one, and a big-endian copy of the file.
        let mut little = case.file.clone();
        little.extend_from_slice(&[8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]);
        let mut big = little.clone();
        big[..4].reverse();
        for (file, order) in [(&little, PrefixOrder::Little), (&big, PrefixOrder::Big)] {
            let mut edit = Edit::from_frame(file, dialect, order).unwrap();
            assert_eq!(edit.prefix(), Some(order));
            edit.set("name", "a longer value than before").unwrap();
            edit.delete("hp").unwrap();
            let out = output(&edit);
            let body_len = out.len() - 4 - 12;
            let prefix = match order {
                PrefixOrder::Little => (body_len as u32).to_le_bytes(),
                PrefixOrder::Big => (body_len as u32).to_be_bytes(),
            };
            assert_eq!(out[..4], prefix, "{engine}/{name} {order:?}");
            assert_eq!(
                out[out.len() - 12..],
                little[little.len() - 12..],
                "the next frame is kept"
            );
            let pos = if dialect == G4 {
                "Vector2(1, 2)"
            } else {
                "Vector2( 1, 2 )"
            };
            assert_eq!(
                text(&out[4..4 + body_len], dialect),
                format!("{{\n\"name\": \"a longer value than before\",\n\"pos\": {pos}\n}}")
            );
            // The same length: the prefix is not among the changes.
            let mut same = Edit::from_frame(file, dialect, order).unwrap();
            same.set("hp", 11).unwrap();
            assert_eq!(same.changes().count(), 1);
            assert_eq!(same.to_vec()[..4], file[..4]);
        }
    }
}

#[test]
fn a_frame_must_hold_what_its_prefix_claims() {
    let short = [20, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
    let error = Edit::from_frame(&short, G4, PrefixOrder::Little).unwrap_err();
    assert!(
        matches!(error, EditError::InvalidInput(e) if e.kind() == gdvariant::ErrorKind::LengthOutOfBounds && e.offset() == 0)
    );
    let error = Edit::from_frame(&[1, 0], G4, PrefixOrder::Little).unwrap_err();
    assert!(matches!(error, EditError::InvalidInput(_)));
    // A bad value inside: its offset counts from the start of the file.
    let bad = [8, 0, 0, 0, 99, 0, 0, 0, 7, 0, 0, 0];
    let error = Edit::from_frame(&bad, G4, PrefixOrder::Little).unwrap_err();
    assert_eq!(error.offset(), Some(4));
}

#[test]
fn a_value_in_the_middle_frame_of_a_file_is_edited_with_its_prefix() {
    // Three real engine frames: store_var(7), the dictionary, store_var(7) again.
    for (engine, name) in [
        ("g4", "w_dict__stream_put_var"),
        ("g36", "w_dict__store_var"),
    ] {
        let case = common::case(engine, name);
        let dialect = case.dialect();
        let seven = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
        let mut file = seven.to_vec();
        file.extend_from_slice(&case.file);
        file.extend_from_slice(&seven);
        let options = gdvariant::frame::FrameOptions::new(dialect);
        let middle = gdvariant::frame::frames(&file, options)
            .nth(1)
            .unwrap()
            .unwrap();
        assert_eq!(middle.offset, 12);
        let mut edit = Edit::in_frame(&file, middle.value, PrefixOrder::Little).unwrap();
        assert_eq!(edit.prefix(), Some(PrefixOrder::Little));
        edit.set("name", "a longer value than before").unwrap();
        let out = output(&edit);
        let growth = out.len() - file.len();
        assert!(growth > 0);
        // The first frame, the middle frame's new prefix, the last frame.
        assert_eq!(out[..12], seven, "{engine}");
        let old_len = PrefixOrder::Little.decode(file[12..16].try_into().unwrap());
        let new_len = PrefixOrder::Little.decode(out[12..16].try_into().unwrap());
        assert_eq!(new_len as usize, old_len as usize + growth, "{engine}");
        assert_eq!(out[out.len() - 12..], seven, "{engine}");
        // The changes index the whole file: the prefix at 12 comes first.
        let first = edit.changes().next().unwrap();
        assert_eq!(first.range(), 12..16);
        assert_eq!(first.bytes(), &out[12..16]);
        let frames: Vec<_> = gdvariant::frame::frames(&out, options)
            .map(|f| f.unwrap().value.to_string())
            .collect();
        assert_eq!(frames.len(), 3);
        assert!(
            frames[1].contains("\"name\": \"a longer value than before\""),
            "{}",
            frames[1]
        );
        // A value that is not where `file` has it, or one without room for a prefix.
        let copy = file.clone();
        let elsewhere = gdvariant::frame::frames(&copy, options)
            .nth(1)
            .unwrap()
            .unwrap();
        let error = Edit::in_frame(&file, elsewhere.value, PrefixOrder::Little).unwrap_err();
        assert!(
            matches!(error, EditError::InvalidInput(e) if e.kind() == gdvariant::ErrorKind::LengthOutOfBounds && e.offset() == 16),
            "{error:?}"
        );
        let raw = VariantRef::parse(&seven[4..], G4).unwrap();
        let error = Edit::in_frame(&seven[4..], raw, PrefixOrder::Little).unwrap_err();
        assert!(matches!(error, EditError::InvalidInput(e) if e.offset() == 0));
        // Edit::within: the same plan without a prefix to keep.
        let mut plain = Edit::within(&file, middle.value).unwrap();
        plain.set("name", "a longer value than before").unwrap();
        let unprefixed = output(&plain);
        assert_eq!(unprefixed[12..16], file[12..16], "no prefix is touched");
        assert_eq!(unprefixed[16..], out[16..]);
    }
}

// --------------------------------------------------------------------------------- errors

/// var_to_bytes({"hp": 10, "list": [1, 2], "pos": Vector2(1, 2)}) in Godot 4.
fn small() -> Vec<u8> {
    build(G4, |b| {
        let mut d = b.dictionary()?;
        d.entry("hp").int(10)?;
        let mut list = d.entry("list").array()?;
        list.push().int(1)?;
        list.push().int(2)?;
        list.finish()?;
        d.entry("pos").vector2([1.0, 2.0])?;
        d.finish()
    })
}

#[test]
fn a_path_that_leads_nowhere_says_which_step_and_where() {
    let bytes = small();
    let root = VariantRef::parse(&bytes, G4).unwrap();
    let list = root.query("list").unwrap().value().unwrap();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    let error = edit.set("list/5", 1).unwrap_err();
    assert!(error.is_not_found());
    assert_eq!(
        error,
        EditError::NotFound {
            path: "/list".into(),
            step: 1,
            name: "5".into(),
            offset: list.offset()
        }
    );
    assert_eq!(error.offset(), Some(list.offset()));
    assert_eq!(
        error.to_string(),
        format!(
            "`/list` has no `5` (step 1 of the path; the container is at offset {:#x})",
            list.offset()
        )
    );
    // A missing step in the middle.
    let error = edit.set("nope/x", 1).unwrap_err();
    assert_eq!(
        error,
        EditError::NotFound {
            path: "/".into(),
            step: 0,
            name: "nope".into(),
            offset: 0
        }
    );
    // replace and delete need the last step too; a name does not index an array.
    assert!(edit.replace("mp", 1).unwrap_err().is_not_found());
    assert!(edit.delete("list/2").unwrap_err().is_not_found());
    assert!(edit.delete("list/x").unwrap_err().is_not_found());
    assert!(edit.set("list/[-1]", 1).unwrap_err().is_not_found());
    // Nothing was planned.
    assert_eq!(edit.changes().count(), 0);
    assert_eq!(edit.to_vec(), bytes);
    // A query names the same misses with the same fields.
    assert_eq!(
        root.query("list/5").unwrap_err(),
        gdvariant::query::QueryError::NotFound {
            path: "/list".into(),
            step: 1,
            name: "5".into(),
            offset: list.offset()
        }
    );
    let hp = root.query("hp").unwrap().value().unwrap();
    assert_eq!(
        root.query("hp/x").unwrap_err(),
        gdvariant::query::QueryError::NotAContainer {
            path: "/hp".into(),
            step: 1,
            found: "int",
            offset: hp.offset()
        }
    );
}

#[test]
fn a_step_into_a_leaf_is_a_type_mismatch() {
    let bytes = small();
    let root = VariantRef::parse(&bytes, G4).unwrap();
    let hp = root.query("hp").unwrap().value().unwrap();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    let error = edit.set("hp/x", 1).unwrap_err();
    assert!(!error.is_not_found());
    assert_eq!(
        error,
        EditError::NotAContainer {
            path: "/hp".into(),
            step: 1,
            found: "int",
            offset: hp.offset()
        }
    );
    let error = edit.set("pos/x/y", 1).unwrap_err();
    assert!(matches!(
        error,
        EditError::NotAContainer {
            step: 1,
            found: "Vector2",
            ..
        }
    ));
    // The top level is replaced, never inserted or deleted.
    assert_eq!(
        edit.delete("").unwrap_err(),
        EditError::TopLevel { op: "delete" }
    );
    assert_eq!(
        edit.insert("/", 1).unwrap_err(),
        EditError::TopLevel { op: "insert" }
    );
    edit.set("", 5).unwrap();
    assert_eq!(edit.to_vec(), [2, 0, 0, 0, 5, 0, 0, 0]);
}

#[test]
fn bad_paths_new_values_and_inputs_are_their_own_errors() {
    let bytes = small();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    assert_eq!(
        edit.set("a/\"b", 1).unwrap_err(),
        EditError::Syntax {
            at: 2,
            why: "unterminated quote"
        }
    );
    // New bytes that do not parse, or hold more than one value.
    let error = edit.set("hp", Encoded(&[2, 0, 0, 0, 7])).unwrap_err();
    assert!(
        matches!(error, EditError::InvalidValue(e) if e.kind() == gdvariant::ErrorKind::UnexpectedEnd && e.offset() == 4)
    );
    let error = edit
        .set("hp", Encoded(&[0, 0, 0, 0, 0, 0, 0, 0]))
        .unwrap_err();
    assert!(
        matches!(error, EditError::InvalidValue(e) if matches!(e.kind(), gdvariant::ErrorKind::TrailingBytes { .. }))
    );
    // What the dialect cannot hold.
    let g3 = build(G3, |b| b.array().map(drop));
    let mut edit3 = Edit::from_bytes(&g3, G3).unwrap();
    let error = edit3.set("0", Variant::StringName("x".into())).unwrap_err();
    assert!(matches!(
        error,
        EditError::Unrepresentable(gdvariant::BuildError::TypeNotInDialect { .. })
    ));
    let error = edit3.set("0", Variant::Callable).unwrap_err();
    assert!(matches!(error, EditError::Unrepresentable(_)));
    // A parsed Godot 4 StringName becomes a String in Godot 3, as in the engine.
    let name = build(G4, |b| b.string_name("n"));
    edit3
        .set("0", VariantRef::parse(&name, G4).unwrap())
        .unwrap();
    assert_eq!(text(&edit3.to_vec(), G3), "[ \"n\" ]");
    // Input that does not parse.
    let error = Edit::from_bytes(&[99, 0, 0, 0], G4).unwrap_err();
    assert!(matches!(error, EditError::InvalidInput(e) if e.offset() == 0));
}

#[test]
fn operations_on_the_same_bytes_conflict() {
    let bytes = small();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("list/0", 5).unwrap();
    let conflict = |e: EditError| matches!(e, EditError::Conflict { .. });
    assert!(conflict(edit.set("list/0", 6).unwrap_err()));
    assert!(conflict(edit.set("list", 6).unwrap_err()));
    assert!(conflict(edit.delete("list").unwrap_err()));
    assert!(conflict(edit.set("", 6).unwrap_err()));
    // A new key twice; an existing key is already there.
    edit.set("mp", 1).unwrap();
    assert!(conflict(edit.insert("mp", 2).unwrap_err()));
    assert_eq!(
        edit.insert("hp", 2).unwrap_err(),
        EditError::AlreadyExists {
            path: "/".into(),
            name: "hp".into(),
            offset: 0
        }
    );
    // Disjoint edits of one container are fine; its count adds up.
    edit.delete("list/1").unwrap();
    edit.insert("list/2", 7).unwrap();
    edit.insert("list/2", 8).unwrap();
    edit.delete("hp").unwrap();
    let out = output(&edit);
    assert_eq!(
        text(&out, G4),
        "{\n\"list\": [5, 7, 8],\n\"mp\": 1,\n\"pos\": Vector2(1, 2)\n}"
    );
    VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
}

#[test]
fn a_value_that_would_nest_too_deep_is_refused() {
    let case = common::case("g4", "array_deep_1000");
    let path = vec!["0"; 1000].join("/");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    // The innermost array is at depth 1000: a leaf fits, 30 more levels do not.
    let deep = build(G4, |b| {
        fn nest(b: Builder<'_>, n: usize) -> Result<(), gdvariant::BuildError> {
            if n == 0 {
                return b.nil();
            }
            let mut a = b.array()?;
            nest(a.push(), n - 1)?;
            a.finish()
        }
        nest(b, 30)
    });
    let error = edit
        .insert(&format!("{path}/0"), Encoded(&deep))
        .unwrap_err();
    assert_eq!(error, EditError::TooDeep { depth: 1031 });
    edit.insert(&format!("{path}/0"), 1).unwrap();
    let out = output(&edit);
    VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
}

// ----------------------------------------------------------------------- typed containers

#[test]
fn typed_arrays_take_their_type_and_the_engine_conversions_only() {
    let case = common::case("g4", "array_typed_int");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    let error = edit.set("0", "three").unwrap_err();
    assert_eq!(
        error,
        EditError::TypeMismatch {
            path: "/0".into(),
            expected: "int".into(),
            found: "String",
            offset: 0
        }
    );
    assert!(matches!(
        edit.insert("3", 1.5).unwrap_err(),
        EditError::TypeMismatch { .. }
    ));
    edit.set("3", 4).unwrap();
    assert_eq!(text(&output(&edit), G4), "Array[int]([1, 2, 3, 4])");

    // An int into Array[float] is stored as a float, exactly (Godot 4.6.3 decodes an int
    // element of an Array[float] as the double of it: 16777217.0).
    let case = common::case("g4", "array_typed_float");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    edit.set("0", 16_777_217).unwrap().insert("0", 3).unwrap();
    let out = output(&edit);
    assert_eq!(text(&out, G4), "Array[float]([3.0, 16777217.0, 0.1])");
    VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();

    // String and StringName into each other.
    let case = common::case("g4", "array_typed_stringname");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    edit.set("1", "b").unwrap();
    assert_eq!(
        text(&output(&edit), G4),
        "Array[StringName]([&\"a\", &\"b\"])"
    );
    let case = common::case("g4", "array_typed_string");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    edit.set("0", Variant::StringName("x".into())).unwrap();
    assert_eq!(
        text(&output(&edit), G4),
        "Array[String]([\"x\", \"bc\", \"\"])"
    );

    // Object-typed arrays take objects and null, nothing else.
    let case = common::case("g4", "array_typed_node_null__fo");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    let error = edit.set("0", 5).unwrap_err();
    assert!(
        matches!(&error, EditError::TypeMismatch { expected, found: "int", .. } if expected == "an Object of class Node")
    );
    edit.set("1", Variant::Object(gdvariant::Object::Id(5)))
        .unwrap();
    assert_eq!(
        text(&output(&edit), G4),
        "Array[Node]([null, Object(EncodedObjectAsID,\"object_id\":5,\"script\":null)\n])"
    );
}

#[test]
fn typed_dictionaries_check_new_keys_and_values() {
    let case = common::case("g4", "dict_typed_str_int");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    let error = edit.set("a", "x").unwrap_err();
    assert!(
        matches!(&error, EditError::TypeMismatch { path, expected, found: "String", .. } if path == "/a" && expected == "int")
    );
    let error = edit.set("[5]", 1).unwrap_err();
    assert!(
        matches!(&error, EditError::TypeMismatch { expected, found: "int", .. } if expected == "String keys")
    );
    edit.set("c", 3).unwrap().set("a", 0).unwrap();
    assert_eq!(
        text(&output(&edit), G4),
        "Dictionary[String, int]({\n\"a\": 0,\n\"b\": 2,\n\"c\": 3\n})"
    );
    // StringName keys: a new key is a StringName.
    let case = common::case("g4", "dict_typed_key_only");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    edit.set("m", "v").unwrap();
    let out = output(&edit);
    assert_eq!(
        text(&out, G4),
        "Dictionary[StringName, Variant]({\n&\"k\": 1.5,\n&\"m\": \"v\"\n})"
    );
    // int keys and Vector2 values.
    let case = common::case("g4", "dict_typed_int_vec2");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    assert!(matches!(
        edit.set("k", Variant::vector2([0.0, 0.0])).unwrap_err(),
        EditError::TypeMismatch { .. }
    ));
    assert!(matches!(
        edit.set("[2]", 1).unwrap_err(),
        EditError::TypeMismatch { .. }
    ));
    edit.set("[2]", Variant::vector2([3.0, 4.0])).unwrap();
    assert_eq!(
        text(&output(&edit), G4),
        "Dictionary[int, Vector2]({\n1: Vector2(1, 2),\n2: Vector2(3, 4)\n})"
    );
}

#[test]
fn object_properties_are_edited_by_name() {
    let case = common::case("g4", "object_resource_meta__fo");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    edit.set("resource_name", "named").unwrap();
    edit.insert("new_prop", 1).unwrap();
    edit.delete("metadata/k").unwrap_err(); // `metadata/k` is two steps
    edit.delete("\"metadata/k\"").unwrap();
    assert!(edit.set("absent", 1).unwrap_err().is_not_found());
    assert!(matches!(
        edit.insert("resource_name", 1).unwrap_err(),
        EditError::AlreadyExists { .. }
    ));
    // Godot 4 reads `script` as a resource path: null or a String only.
    let error = edit.set("script", 5).unwrap_err();
    assert!(
        matches!(&error, EditError::TypeMismatch { expected, .. } if expected == "null or a String")
    );
    let out = output(&edit);
    VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
    assert_eq!(
        text(&out, G4),
        "Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\"named\",\"script\":null,\"new_prop\":1)\n"
    );
    let object = VariantRef::parse(&out, G4).unwrap().as_object().unwrap();
    assert!(matches!(object, ObjectRef::Full(o) if o.len() == 4));
}

// --------------------------------------------------------------------------- packed arrays

#[test]
fn packed_elements_are_replaced_inserted_and_deleted_in_place() {
    let bytes = build(G4, |b| b.packed_bytes(&[1, 2, 3, 4]));
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.insert("1", 9).unwrap();
    let out = output(&edit);
    assert_eq!(out, build(G4, |b| b.packed_bytes(&[1, 9, 2, 3, 4])));
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.delete("0").unwrap();
    assert_eq!(output(&edit), build(G4, |b| b.packed_bytes(&[2, 3, 4])));
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    assert!(matches!(
        edit.set("0", 256).unwrap_err(),
        EditError::TypeMismatch { .. }
    ));
    edit.set("3", 0).unwrap().set("4", 5).unwrap();
    assert_eq!(
        output(&edit),
        build(G4, |b| b.packed_bytes(&[1, 2, 3, 0, 5]))
    );
    // Inserting or deleting a byte rewrites the bytes after it (the padding follows the
    // length): a change there conflicts.
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.insert("1", 9).unwrap();
    assert!(matches!(
        edit.set("2", 0).unwrap_err(),
        EditError::Conflict { .. }
    ));

    let words = build(G4, |b| b.packed_strings(["a", "bcd", ""]));
    let mut edit = Edit::from_bytes(&words, G4).unwrap();
    edit.set("1", "x")
        .unwrap()
        .delete("2")
        .unwrap()
        .insert("0", "new")
        .unwrap();
    assert_eq!(
        output(&edit),
        build(G4, |b| b.packed_strings(["new", "a", "x"]))
    );

    let points = build(G4, |b| b.packed_vector3(&[[1.0, 2.0, 3.0]]));
    let mut edit = Edit::from_bytes(&points, G4).unwrap();
    edit.set("1", Variant::vector3([4.0, 5.0, 6.0])).unwrap();
    assert!(matches!(
        edit.set("0", Variant::vector2([4.0, 5.0])).unwrap_err(),
        EditError::TypeMismatch { .. }
    ));
    assert_eq!(
        output(&edit),
        build(G4, |b| b
            .packed_vector3(&[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))
    );
    let floats = build(G4, |b| b.packed_f32(&[0.5]));
    let mut edit = Edit::from_bytes(&floats, G4).unwrap();
    edit.set("0", 2).unwrap();
    assert_eq!(output(&edit), build(G4, |b| b.packed_f32(&[2.0])));
    // A step into an element is a type mismatch, past the end not found.
    assert!(matches!(
        edit.set("0/x", 1).unwrap_err(),
        EditError::NotAContainer { found: "float", .. }
    ));
    assert!(edit.delete("5").unwrap_err().is_not_found());
}

// ------------------------------------------------------------------------ lenient inputs

#[test]
fn a_byte_array_cut_at_the_end_of_the_input_gets_its_padding_back() {
    // [PackedByteArray(171)] with the byte array's padding cut off (the engine accepts it).
    let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 29, 0, 0, 0, 1, 0, 0, 0, 0xAB];
    assert!(VariantRef::parse_with(&bytes, G4, &ParseOptions::new().strict(true)).is_err());
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("1", 7).unwrap();
    let out = output(&edit);
    assert_eq!(out[8..bytes.len()], bytes[8..]);
    assert_eq!(out[bytes.len()..bytes.len() + 3], [0, 0, 0]);
    assert_eq!(text(&out, G4), "[PackedByteArray(171), 7]");
    VariantRef::parse_with(&out, G4, &ParseOptions::new().strict(true)).unwrap();
    // Bit 31 of a count (Godot 2's "shared" flag) stays; the count changes below it.
    let shared = [28, 0, 0, 0, 1, 0, 0, 0x80, 2, 0, 0, 0, 1, 0, 0, 0];
    let mut edit = Edit::from_bytes(&shared, G4).unwrap();
    edit.set("1", 2).unwrap();
    let out = output(&edit);
    assert_eq!(out[4..8], [2, 0, 0, 0x80]);
    assert_eq!(text(&out, G4), "[1, 2]");
}

// ------------------------------------------------------------------------------ new values

#[test]
fn new_values_come_from_views_owned_values_bytes_and_plain_rust_values() {
    let bytes = small();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    let g3_color = build(G3, |b| b.color([1.0, 0.0, 0.0, 1.0]));
    edit.set("a", VariantRef::parse(&g3_color, G3).unwrap())
        .unwrap(); // mapped by name
    edit.set("b", Variant::array(vec![1.into(), "x".into()]))
        .unwrap();
    edit.set("c", Encoded(&[1, 0, 0, 0, 1, 0, 0, 0])).unwrap();
    edit.set("d", 0.5)
        .unwrap()
        .set("e", String::from("s"))
        .unwrap();
    let buf = gdvariant::VariantBuf::new(build(G4, |b| b.nil()), G4).unwrap();
    edit.set("f", &buf).unwrap();
    // Implemented by hand: whatever it writes is validated.
    struct Nothing;
    impl NewValue for Nothing {
        fn build(self, _: Builder<'_>) -> Result<(), EditError> {
            Ok(())
        }
    }
    assert!(matches!(
        edit.set("g", Nothing).unwrap_err(),
        EditError::InvalidValue(_)
    ));
    let out = output(&edit);
    assert_eq!(
        text(&out, G4),
        "{\n\"a\": Color(1, 0, 0, 1),\n\"b\": [1, \"x\"],\n\"c\": true,\n\"d\": 0.5,\n\"e\": \"s\",\n\"f\": null,\n\"hp\": 10,\n\"list\": [1, 2],\n\"pos\": Vector2(1, 2)\n}"
    );
}

#[test]
fn a_plan_for_a_part_of_a_buffer_writes_that_part() {
    let bytes = small();
    let root = VariantRef::parse(&bytes, G4).unwrap();
    let list = root.query("list").unwrap().value().unwrap();
    let mut edit = Edit::new(list);
    edit.set("2", 3).unwrap();
    assert_eq!(text(&output(&edit), G4), "[1, 2, 3]");
    // Offsets in errors are the buffer's; change ranges index the part.
    let error = edit.set("7", 1).unwrap_err();
    assert_eq!(error.offset(), Some(list.offset()));
    let ranges: Vec<_> = edit.changes().map(|c| c.range()).collect();
    assert_eq!(ranges, [4..8, 24..24]);
    let _ = format!("{edit:?}");
}

#[test]
fn a_new_key_godot_would_read_as_another_is_refused() {
    let bytes = small();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    // Godot stops reading at a NUL and skips a leading byte-order mark: "hp\0x" would be
    // a second "hp".
    for key in ["\"hp\u{0}x\"", "\"\u{feff}hp\""] {
        let error = edit.set(key, 1).unwrap_err();
        assert!(matches!(error, EditError::InvalidKey { .. }), "{error}");
    }
    let case = common::case("g4", "object_resource_meta__fo");
    let mut edit = Edit::from_bytes(&case.file, G4).unwrap();
    assert!(matches!(
        edit.insert("\"a\u{0}\"", 1).unwrap_err(),
        EditError::InvalidKey { .. }
    ));
}

#[test]
fn paths_lead_where_query_leads() {
    // Every value of every fixture that a path can name: replacing it changes exactly the
    // bytes `query` finds for that path.
    fn walk(v: VariantRef<'_>, path: String, out: &mut Vec<(String, usize, usize)>) {
        out.push((path.clone(), v.offset(), v.encoded().len()));
        for (edge, child) in v.children() {
            if let Some(step) = edge.step() {
                walk(child, format!("{path}/{step}"), out);
            }
        }
    }
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.file.is_empty() || case.name.contains("deep") || case.is_prefixed() {
                continue;
            }
            let dialect = case.dialect();
            let root = VariantRef::parse(&case.file, dialect).unwrap();
            let mut places = Vec::new();
            walk(root, String::new(), &mut places);
            for (path, offset, len) in places {
                let found = root.query(&path).unwrap().value().unwrap();
                let mut edit = Edit::from_bytes(&case.file, dialect).unwrap();
                edit.replace(&path, found).unwrap();
                let ranges: Vec<_> = edit.changes().map(|c| c.range()).collect();
                let expected = found.offset()..found.offset() + found.encoded().len();
                assert_eq!(ranges, vec![expected], "{path}");
                // Only where query agrees with the walk (a duplicate key leads to the last).
                if found.offset() == offset {
                    assert_eq!(found.encoded().len(), len);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 400, "{checked}");
}

#[test]
fn duplicate_keys_resolve_to_the_last_and_delete_together() {
    // {"a": 1, "a": [2], "b": 3}: the engine keeps the last "a".
    let bytes = build(G4, |b| {
        let mut d = b.dictionary()?;
        d.entry("a").int(1)?;
        d.entry("a").array()?.push().int(2)?;
        d.entry("b").int(3)?;
        d.finish()
    });
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("a/0", 5).unwrap();
    let out = output(&edit);
    let v = VariantRef::parse(&out, G4).unwrap();
    assert_eq!(v.query("a/0").unwrap().value().unwrap().as_int(), Some(5));
    assert_eq!(v.as_dictionary().unwrap().len(), 3);
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.delete("a").unwrap();
    assert_eq!(text(&output(&edit), G4), "{\n\"b\": 3\n}");
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("a", 9).unwrap();
    let out = output(&edit);
    let v = VariantRef::parse(&out, G4).unwrap();
    assert_eq!(v.query("a").unwrap().value().unwrap().as_int(), Some(9));
    assert_eq!(
        v.as_dictionary().unwrap().iter().next().unwrap().1.as_int(),
        Some(1)
    );
}

#[test]
fn only_the_last_equal_key_decides_where_a_deeper_step_leads() {
    // {"a": {"x": 1}, "a": {"y": 2}, "c": 0}: the first "a" has an "x", the engine's "a" does
    // not; and the other way round.
    let pair = |first: &str, second: &str| {
        build(G4, |b| {
            let mut d = b.dictionary()?;
            d.entry("a").dictionary()?.entry(first).int(1)?;
            d.entry("a").dictionary()?.entry(second).int(2)?;
            d.entry("c").int(0)?;
            d.finish()
        })
    };
    let bytes = pair("x", "y");
    let root = VariantRef::parse(&bytes, G4).unwrap();
    let second = root.query("a").unwrap().value().unwrap();
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    assert_eq!(
        edit.set("a/x/z", 1).unwrap_err(),
        EditError::NotFound {
            path: "/a".into(),
            step: 1,
            name: "x".into(),
            offset: second.offset()
        }
    );
    edit.set("a/y", 7).unwrap();
    let out = output(&edit);
    assert_eq!(
        text(&out, G4),
        "{\n\"a\": {\n\"x\": 1\n},\n\"a\": {\n\"y\": 7\n},\n\"c\": 0\n}"
    );
    let bytes = pair("y", "x");
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    edit.set("a/x", 7).unwrap();
    let out = VariantRef::parse(&output(&edit), G4).unwrap().to_string();
    assert_eq!(
        out,
        "{\n\"a\": {\n\"y\": 1\n},\n\"a\": {\n\"x\": 7\n},\n\"c\": 0\n}"
    );
}

#[test]
fn paths_longer_than_one_walk_resolve_in_chunks() {
    // 150 nested one-pair dictionaries ("k" → …) around an array [1, 2]; a second "k" at
    // the top holds the real chain, after a decoy.
    fn chain(b: Builder<'_>, n: usize) -> Result<(), gdvariant::BuildError> {
        if n == 0 {
            let mut a = b.array()?;
            a.push().int(1)?;
            a.push().int(2)?;
            return a.finish();
        }
        let mut d = b.dictionary()?;
        chain(d.entry("k"), n - 1)?;
        d.finish()
    }
    let bytes = build(G4, |b| {
        let mut d = b.dictionary()?;
        d.entry("k").int(0)?;
        chain(d.entry("k"), 149)?;
        d.entry("z").bool(true)?;
        d.finish()
    });
    for (depth, index) in [(150, "1"), (64, "k"), (65, "k"), (128, "k"), (129, "k")] {
        let path = format!("{}{index}", "k/".repeat(depth));
        let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
        edit.set(&path, 9).unwrap();
        let out = output(&edit);
        let v = VariantRef::parse(&out, G4).unwrap();
        assert_eq!(
            v.query(&path).unwrap().value().unwrap().as_int(),
            Some(9),
            "{path}"
        );
        assert_eq!(v.query("z").unwrap().value().unwrap().as_bool(), Some(true));
        if index == "1" {
            // An int for an int: the same length, and only its 4 bytes differ.
            assert_eq!(out.len(), bytes.len());
            let differ = out.iter().zip(&bytes).filter(|(a, b)| a != b).count();
            assert_eq!(differ, 1, "{path}");
        }
    }
    let mut edit = Edit::from_bytes(&bytes, G4).unwrap();
    let error = edit.set(&format!("{}5", "k/".repeat(150)), 3).unwrap_err();
    assert!(
        matches!(error, EditError::NotFound { step: 150, .. }),
        "{error:?}"
    );
    let error = edit.set(&format!("{}q/r", "k/".repeat(70)), 3).unwrap_err();
    assert!(
        matches!(error, EditError::NotFound { step: 70, .. }),
        "{error:?}"
    );
}
