//! serde (feature `serde`): engine bytes into derived types, derived types into the bytes the
//! engine writes, `Variant` and `VariantRef` both ways on every fixture, the mapping's
//! rules, and errors with their path and offset.

use crate::common;

use std::collections::{BTreeMap, HashMap};

use common::{case, cases, fixtures_dir};
use gdvariant::serde::with;
use gdvariant::{
    from_bytes, to_vec, to_writer, BuildError, Builder, DeError, Dialect, SerError, Variant,
    VariantRef, VariantType,
};
use serde::{Deserialize, Serialize};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

fn text(bytes: &[u8], dialect: Dialect) -> String {
    VariantRef::parse(bytes, dialect).unwrap().to_string()
}

// ------------------------------------------------------------------ Variant, VariantRef

/// For every fixture: `to_vec` of its owned value and of its view give the bytes `encode`
/// gives; `from_bytes` into a `Variant` gives `to_owned`, into a `VariantRef` the view; and
/// serde_json takes both, the same way.
/// Runs `f` on a thread with a large stack: serde recurses once per nesting level, and
/// `array_deep_1000` nests 1001 levels (a debug build's frames are large).
fn on_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn every_fixture_goes_through_serde_exactly() {
    on_big_stack(every_fixture);
}

fn every_fixture() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in cases(engine) {
            let d = c.dialect();
            let Ok(v) = VariantRef::parse(c.value_bytes(), d) else {
                continue;
            };
            let owned = v.to_owned();
            let Ok(expected) = owned.to_bytes(d) else {
                continue;
            };
            let what = format!("{engine}/{}", c.name);
            assert_eq!(to_vec(&owned, d).unwrap(), expected, "{what}: Variant");
            assert_eq!(to_vec(&v, d).unwrap(), expected, "{what}: VariantRef");
            let back: Variant = from_bytes(c.value_bytes(), d).unwrap();
            assert!(back.bitwise_eq(&owned), "{what}: from_bytes::<Variant>");
            let view: VariantRef = from_bytes(c.value_bytes(), d).unwrap();
            assert!(view == v, "{what}: from_bytes::<VariantRef>");
            // JSON has no keys but strings and numbers: the rest is serde_json's error, the
            // same for both.
            let json = serde_json::to_string(&owned).map_err(|e| e.to_string());
            assert_eq!(
                serde_json::to_string(&v).map_err(|e| e.to_string()),
                json,
                "{what}: JSON"
            );
            checked += 1;
        }
    }
    assert!(checked > 300, "{checked}");
}

#[test]
fn a_variant_ref_field_keeps_its_part_of_the_input() {
    #[derive(Deserialize, Serialize, Debug)]
    struct Save<'a> {
        version: i64,
        #[serde(borrow)]
        world: VariantRef<'a>,
    }
    let world = Variant::dictionary(vec![
        ("pos".into(), Variant::vector2([1.0, 2.0])),
        ("name".into(), Variant::StringName("w".into())),
    ]);
    let value = Variant::dictionary(vec![("version".into(), 3.into()), ("world".into(), world)]);
    let bytes = value.to_bytes(G4).unwrap();
    let save: Save = from_bytes(&bytes, G4).unwrap();
    assert_eq!(save.version, 3);
    // The view points into `bytes`, at its offset there, and holds the Godot types.
    let at = save.world.offset();
    assert_eq!(
        &bytes[at..at + save.world.encoded().len()],
        save.world.encoded()
    );
    assert_eq!(
        save.world.to_string(),
        "{\n\"name\": &\"w\",\n\"pos\": Vector2(1, 2)\n}"
    );
    // Written back, it is copied as it is: the same bytes as the original.
    assert_eq!(to_vec(&save, G4).unwrap(), bytes);
    // Only gdvariant's deserializer can hand one out.
    let err = serde_json::from_str::<Save>(r#"{"version": 1, "world": {}}"#).unwrap_err();
    assert!(err.to_string().contains("gdvariant"), "{err}");
}

#[test]
fn a_variant_from_another_format_follows_the_data_model() {
    let v: Variant = serde_json::from_str(r#"{"a": [1, 2.5, "x", null, true]}"#).unwrap();
    let bytes = v.to_bytes(G4).unwrap();
    assert_eq!(text(&bytes, G4), "{\n\"a\": [1, 2.5, \"x\", null, true]\n}");
    // And a Variant to JSON shows the Godot-only types as their payload.
    let math = Variant::vector2([1.0, 2.5]);
    assert_eq!(serde_json::to_string(&math).unwrap(), "[1.0,2.5]");
}

// ------------------------------------------------------------------ real engine bytes

/// The 8.3 MB save game Godot 4.6.3 wrote (`tests/fixtures/g4-large`), into typed
/// structs with borrowed strings; written back, byte for byte the engine's.
#[test]
fn the_engine_save_game_reads_into_structs_and_writes_back_identically() {
    #[derive(Deserialize, Serialize)]
    struct Save<'a> {
        version: i64,
        #[serde(borrow)]
        chunks: Vec<Chunk<'a>>,
    }
    #[derive(Deserialize, Serialize)]
    struct Chunk<'a> {
        id: i64,
        #[serde(with = "with::vector3i")]
        origin: [i32; 3],
        name: &'a str,
        #[serde(borrow)]
        entities: Vec<Entity<'a>>,
    }
    #[derive(Deserialize, Serialize)]
    struct Entity<'a> {
        #[serde(rename = "type")]
        kind: &'a str,
        #[serde(with = "with::vector3")]
        pos: [f32; 3],
        hp: i64,
        alive: bool,
        #[serde(borrow, with = "with::packed_string_array")]
        tags: Vec<&'a str>,
        // Kept as the engine wrote it (one item name is a StringName).
        #[serde(borrow)]
        inv: Vec<VariantRef<'a>>,
    }
    let dir = fixtures_dir().join("g4-large");
    let bytes = std::fs::read(dir.join("large_savegame_10mb.bin")).unwrap();
    let save: Save = from_bytes(&bytes, G4).unwrap();
    assert_eq!((save.version, save.chunks.len()), (3, 1500));
    let chunk = &save.chunks[1234];
    assert_eq!(
        (chunk.id, chunk.origin, chunk.name),
        (1234, [1234, 0, -1234], "chunk_1234")
    );
    let e = &chunk.entities[7];
    assert_eq!(
        (e.kind, e.pos, e.hp, e.alive),
        ("npc", [7.0, 1234.0, 0.5], 70, false)
    );
    assert_eq!(e.tags, ["a", "b7"]);
    assert_eq!(
        e.inv[1].to_string(),
        "{\n\"dmg\": 1.5,\n\"item\": &\"sword\"\n}"
    );
    // Borrowed: the names point into the file's bytes.
    let range = bytes.as_ptr_range();
    assert!(range.contains(&chunk.name.as_ptr()));
    // Written back: the engine's bytes, and the engine's text.
    let out = to_vec(&save, G4).unwrap();
    assert!(
        out == bytes,
        "the save game re-encodes to the engine's bytes"
    );
    let engine_text = std::fs::read_to_string(dir.join("large_savegame_10mb.txt")).unwrap();
    assert_eq!(text(&out, G4), engine_text);
}

#[test]
fn engine_fixtures_read_into_hand_written_types() {
    // {"a": {"b": {"c": [1, 2, {"d": null}]}}}
    #[derive(Deserialize, Debug, PartialEq)]
    struct A {
        a: B,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct B {
        b: C,
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct C {
        c: (i64, i64, D),
    }
    #[derive(Deserialize, Debug, PartialEq)]
    struct D {
        d: Option<i32>,
    }
    let c = case("g4", "dict_nested");
    let nested: A = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(nested.a.b.c, (1, 2, D { d: None }));

    // [null, true, 2, 3.5, "four", Vector2(5, 6), [7], {8: 9}]
    type Mixed<'a> = (
        (),
        bool,
        i64,
        f64,
        &'a str,
        [f32; 2],
        Vec<u8>,
        BTreeMap<i64, i64>,
    );
    let c = case("g4", "array_mixed");
    let m: Mixed = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(
        m,
        (
            (),
            true,
            2,
            3.5,
            "four",
            [5.0, 6.0],
            vec![7],
            BTreeMap::from([(8, 9)])
        )
    );
    // [[1, [2, [3, []]]], []] in all three engines, into another format's value.
    for engine in ["g32", "g36", "g4"] {
        let c = case(engine, "array_nested");
        let n: (Vec<serde_json::Value>, Vec<()>) =
            from_bytes(c.value_bytes(), c.dialect()).unwrap();
        assert_eq!(
            serde_json::to_string(&n).unwrap(),
            "[[1,[2,[3,[]]]],[]]",
            "{engine}"
        );
    }

    // Packed arrays into lists, math values into arrays, StringName and NodePath into text.
    let c = case("g4", "pv3_1");
    assert_eq!(
        from_bytes::<Vec<[f32; 3]>>(c.value_bytes(), G4)
            .unwrap()
            .len(),
        1
    );
    let c = case("g4", "pstr_lens");
    let strings: Vec<&str> = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(
        strings.len(),
        VariantRef::parse(c.value_bytes(), G4)
            .unwrap()
            .as_packed()
            .unwrap()
            .len()
    );
    let c = case("g4", "vector3");
    assert_eq!(
        from_bytes::<[f32; 3]>(c.value_bytes(), G4).unwrap(),
        [1.0, -2.0, 3.5]
    );
    let c = case("g4", "stringname");
    let name: &str = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(format!("&{name:?}"), text(c.value_bytes(), G4));
    let c = case("g4", "nodepath_subnames");
    let path: String = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(format!("NodePath({path:?})"), text(c.value_bytes(), G4));

    // A typed Dictionary[String, int] into a map.
    let c = case("g4", "dict_typed_str_int");
    let map: HashMap<&str, i64> = from_bytes(c.value_bytes(), G4).unwrap();
    assert!(!map.is_empty());

    // A full object, as data.
    #[derive(Deserialize)]
    struct Obj<'a> {
        class: &'a str,
        #[serde(borrow)]
        properties: BTreeMap<&'a str, VariantRef<'a>>,
    }
    let c = case("g4", "object_resource_meta__fo");
    let o: Obj = from_bytes(c.value_bytes(), G4).unwrap();
    assert_eq!(o.class, "Resource");
    assert!(
        o.properties.contains_key("resource_name"),
        "{:?}",
        o.properties.keys()
    );

    // A value behind a store_var prefix.
    let c = case("g4", "w_dict__stream_put_var");
    let _: BTreeMap<String, Variant> = from_bytes(c.value_bytes(), G4).unwrap();
}

// ------------------------------------------------------------------ the mapping

#[derive(Serialize, Deserialize, Debug, PartialEq)]
enum Kind<'a> {
    Idle,
    Walk(f32),
    Attack(i32, &'a str),
    Cast { spell: String, mana: Option<u16> },
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Everything<'a> {
    name: &'a str,
    level: u8,
    gold: i64,
    small: i32,
    ratio: f64,
    speed: f32,
    flags: (bool, char),
    kinds: Vec<Kind<'a>>,
    scores: BTreeMap<i32, &'a str>,
    nothing: Option<i8>,
    unit: (),
    #[serde(with = "with::vector3")]
    pos: [f32; 3],
    #[serde(with = "with::color")]
    tint: [f32; 4],
    #[serde(with = "with::packed_vector2_array")]
    path: Vec<[f32; 2]>,
    #[serde(with = "with::packed_int32_array")]
    ids: Vec<i32>,
    #[serde(with = "with::packed_byte_array")]
    blob: Vec<u8>,
    #[serde(with = "with::node_path")]
    node: String,
}

fn everything() -> Everything<'static> {
    Everything {
        name: "Ada",
        level: 7,
        gold: 1 << 40,
        small: -5,
        ratio: 0.1,
        speed: 2.5,
        flags: (true, 'x'),
        kinds: vec![
            Kind::Idle,
            Kind::Walk(1.5),
            Kind::Attack(3, "sword"),
            Kind::Cast {
                spell: "fire".into(),
                mana: None,
            },
        ],
        scores: BTreeMap::from([(1, "one"), (-2, "minus two")]),
        nothing: None,
        unit: (),
        pos: [1.0, 2.0, 3.0],
        tint: [1.0, 0.5, 0.25, 1.0],
        path: vec![[0.0, 1.0], [2.0, 3.0]],
        ids: vec![1, -2, 3],
        blob: vec![0, 255, 7],
        node: "Player/Sprite:position".into(),
    }
}

#[test]
fn derived_types_round_trip_in_both_dialects_as_the_engine_prints_them() {
    let value = everything();
    for d in [G3, G4] {
        let bytes = to_vec(&value, d).unwrap();
        assert_eq!(from_bytes::<Everything>(&bytes, d).unwrap(), value, "{d:?}");
    }
    let bytes = to_vec(&value, G4).unwrap();
    assert_eq!(
        text(&bytes, G4),
        r#"{
"blob": PackedByteArray(0, 255, 7),
"flags": [true, "x"],
"gold": 1099511627776,
"ids": PackedInt32Array(1, -2, 3),
"kinds": ["Idle", {
"Walk": 1.5
}, {
"Attack": [3, "sword"]
}, {
"Cast": {
"mana": null,
"spell": "fire"
}
}],
"level": 7,
"name": "Ada",
"node": NodePath("Player/Sprite:position"),
"nothing": null,
"path": PackedVector2Array(0, 1, 2, 3),
"pos": Vector3(1, 2, 3),
"ratio": 0.1,
"scores": {
-2: "minus two",
1: "one"
},
"small": -5,
"speed": 2.5,
"tint": Color(1, 0.5, 0.25, 1),
"unit": null
}"#
    );
}

/// The header word of the first value in `bytes`.
fn header(bytes: &[u8]) -> u32 {
    u32::from_le_bytes(bytes[..4].try_into().unwrap())
}

#[test]
fn numbers_take_the_engines_widths() {
    // An int is 32-bit unless it needs 64; a float 32-bit iff it is exactly an f32.
    assert_eq!(to_vec(&7i64, G4).unwrap(), [2, 0, 0, 0, 7, 0, 0, 0]);
    assert_eq!(header(&to_vec(&(1i64 << 40), G4).unwrap()), 2 | 1 << 16);
    assert_eq!(to_vec(&1.5f64, G4).unwrap().len(), 8);
    assert_eq!(header(&to_vec(&0.1f64, G4).unwrap()), 3 | 1 << 16);
    assert_eq!(to_vec(&0.1f32, G4).unwrap().len(), 8);
    assert_eq!(
        to_vec(&u64::MAX.wrapping_sub(0), G4),
        Err(SerError::IntOutOfRange(u64::MAX.to_string()))
    );
    assert!(to_vec(&(i64::MAX as u64), G4).is_ok());
    assert!(matches!(
        to_vec(&(1i128 << 70), G4),
        Err(SerError::IntOutOfRange(_))
    ));
    // A float field takes an int, as GDScript does.
    #[derive(Deserialize)]
    struct F {
        x: f32,
    }
    let bytes = Variant::dictionary(vec![("x".into(), 3.into())])
        .to_bytes(G4)
        .unwrap();
    assert_eq!(from_bytes::<F>(&bytes, G4).unwrap().x, 3.0);
    // An int field does not take a float.
    let err = from_bytes::<i64>(&to_vec(&1.5f64, G4).unwrap(), G4).unwrap_err();
    assert_eq!(err.to_string(), "expected int, found float at offset 0x0");
}

#[test]
fn reading_accepts_the_other_godot_forms() {
    // Struct keys may be StringNames; a Dictionary reads as (key, value) pairs.
    let mut bytes = Vec::new();
    let mut dict = Builder::new(&mut bytes, G4).dictionary().unwrap();
    dict.try_entry_with(|k| k.string_name("hp"))
        .unwrap()
        .int(7)
        .unwrap();
    dict.entry("mp").int(3).unwrap();
    dict.finish().unwrap();
    #[derive(Deserialize, Debug, PartialEq)]
    struct Stats {
        hp: i64,
        mp: i64,
    }
    assert_eq!(
        from_bytes::<Stats>(&bytes, G4).unwrap(),
        Stats { hp: 7, mp: 3 }
    );
    let pairs: Vec<(&str, i64)> = from_bytes(&bytes, G4).unwrap();
    assert_eq!(pairs, [("hp", 7), ("mp", 3)]);
    // A unit variant may be a StringName; packed arrays read as lists.
    let name = Variant::StringName("Idle".into()).to_bytes(G4).unwrap();
    assert_eq!(from_bytes::<Kind>(&name, G4).unwrap(), Kind::Idle);
    let floats = Variant::PackedFloat32Array(vec![1.0, 2.5])
        .to_bytes(G4)
        .unwrap();
    assert_eq!(from_bytes::<Vec<f64>>(&floats, G4).unwrap(), [1.0, 2.5]);
    let strings = Variant::PackedStringArray(vec!["a".into(), "bc".into()])
        .to_bytes(G3)
        .unwrap();
    assert_eq!(from_bytes::<Vec<&str>>(&strings, G3).unwrap(), ["a", "bc"]);
    let bytes = Variant::PackedByteArray(vec![1, 2]).to_bytes(G4).unwrap();
    assert_eq!(from_bytes::<&[u8]>(&bytes, G4).unwrap(), [1, 2]);
    assert_eq!(from_bytes::<Vec<u8>>(&bytes, G4).unwrap(), [1, 2]);
}

// ------------------------------------------------------------------ errors

#[test]
fn errors_name_the_path_and_the_offset() {
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Save {
        players: Vec<Player>,
    }
    #[derive(Deserialize, Debug)]
    #[allow(dead_code)]
    struct Player {
        hp: i64,
    }
    let player = |hp: Variant| Variant::dictionary(vec![("hp".into(), hp)]);
    let save = Variant::dictionary(vec![(
        "players".into(),
        Variant::from(vec![
            player(1.into()),
            player(2.into()),
            player(3.into()),
            player("x".into()),
        ]),
    )]);
    let bytes = save.to_bytes(G4).unwrap();
    let err = from_bytes::<Save>(&bytes, G4).unwrap_err();
    let at = VariantRef::parse(&bytes, G4)
        .unwrap()
        .query("players/3/hp")
        .unwrap();
    let at = match at {
        gdvariant::query::Found::Value(v) => v.offset(),
        _ => unreachable!(),
    };
    assert_eq!(
        err.to_string(),
        format!("players[3].hp: expected int, found String at offset {at:#x}")
    );
    assert_eq!((err.path(), err.offset()), ("players[3].hp", Some(at)));

    // serde's own messages get the path and offset too.
    let err = from_bytes::<Player>(&player(Variant::Nil).to_bytes(G4).unwrap(), G4).unwrap_err();
    assert_eq!(
        err.to_string(),
        "hp: expected int, found Nil at offset 0x14"
    );
    let empty = Variant::dictionary(vec![]).to_bytes(G4).unwrap();
    let err = from_bytes::<Player>(&empty, G4).unwrap_err();
    assert_eq!(err.to_string(), "missing field `hp` at offset 0x0");
    let keyed = Variant::dictionary(vec![(1.into(), Variant::dictionary(vec![]))])
        .to_bytes(G4)
        .unwrap();
    let err = from_bytes::<BTreeMap<i64, Player>>(&keyed, G4).unwrap_err();
    assert_eq!(err.path(), "[1]");

    // Invalid bytes: the parse error, with its offset.
    let err: DeError = from_bytes::<i64>(&[2, 0, 0, 0, 7], G4).unwrap_err();
    assert!(err.parse_error().is_some());
    assert_eq!(err.offset(), Some(4));
}

#[test]
fn what_godot_3_cannot_hold_is_an_error_and_nothing_is_written() {
    #[derive(Serialize)]
    struct Named {
        #[serde(with = "with::string_name")]
        name: String,
    }
    let mut out = vec![9, 9];
    let err = to_writer(&mut out, &Named { name: "x".into() }, G3).unwrap_err();
    assert_eq!(
        err,
        SerError::Build(BuildError::TypeNotInDialect {
            ty: VariantType::StringName,
            dialect: G3
        })
    );
    assert_eq!(out, [9, 9], "to_writer leaves the output as it was");
    assert!(to_vec(&Named { name: "x".into() }, G4).is_ok());
    // Too deep for the engine.
    let mut deep = Variant::Nil;
    for _ in 0..1100 {
        deep = Variant::from(vec![deep]);
    }
    let result = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || to_vec(&deep, G4).map(|_| ()))
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(result, Err(SerError::TooDeep));
}

/// `Keep<T>`: a struct read from an engine's save writes back only its own fields; the
/// entries it does not name keep their Godot types and order. Checked against `Edit`,
/// which changes the same entry in place: the bytes are the same. (`#[serde(flatten)]`
/// into Variants turns the save's Vector2 and Color into Arrays: the module docs.)
#[test]
fn keep_writes_back_only_the_fields_the_struct_names() {
    use gdvariant::container::{open, OpenOptions};
    use gdvariant::edit::Edit;
    use gdvariant::frame::{detect, Hints};
    use gdvariant::serde::Keep;

    #[derive(Serialize, Deserialize)]
    struct Player {
        hp: i64,
        name: String,
    }
    #[derive(Serialize, Deserialize)]
    struct Save {
        seed: i64,
        player: Keep<Player>,
    }

    for (engine, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", G4),
    ] {
        let file =
            std::fs::read(fixtures_dir().join(format!("containers/{engine}/save__gcpf_zstd.bin")))
                .unwrap();
        let plain = open(&file, &OpenOptions::default()).unwrap().into_bytes();
        let found = detect(
            &plain,
            Hints {
                dialect: Some(dialect),
                prefixed: Some(true),
            },
        )
        .unwrap();
        let mut original = found.value.encoded().to_vec();
        // Godot 3 leaves NodePath padding uninitialised; a writer zeroes it.
        common::zero_node_path_padding(&mut original, dialect);

        // Unchanged: the same bytes.
        let save: Keep<Save> = from_bytes(&original, dialect).unwrap();
        assert_eq!(to_vec(&save, dialect).unwrap(), original, "{engine}");

        // Two fields changed, one added: exactly what Edit writes.
        let mut save = save;
        save.seed = -5;
        save.player.hp = 99;
        save.player.name = "Ada".into();
        let written = to_vec(&save, dialect).unwrap();
        let mut edit = Edit::from_bytes(&original, dialect).unwrap();
        edit.set("seed", -5i64).unwrap();
        edit.set("player/hp", 99i64).unwrap();
        edit.set("player/name", "Ada").unwrap();
        assert_eq!(
            text(&written, dialect),
            text(&edit.to_vec(), dialect),
            "{engine}"
        );
        assert_eq!(written, edit.to_vec(), "{engine}");
        assert!(
            text(&written, dialect).contains("\"pos\": Vector2"),
            "{engine}"
        );

        // A struct without the Keep loses the entries it does not name.
        #[derive(Serialize, Deserialize)]
        struct Lossy {
            seed: i64,
        }
        let lossy: Lossy = from_bytes(&original, dialect).unwrap();
        assert_eq!(
            text(&to_vec(&lossy, dialect).unwrap(), dialect),
            "{\n\"seed\": 1234567890123\n}"
        );
    }

    // Fields the struct writes that the save lacked are appended; Keep::new keeps nothing.
    #[derive(Serialize, Deserialize)]
    struct More {
        hp: i64,
        level: i64,
    }
    let mut more: Keep<More> = from_bytes(
        &gdvariant::text::read("{\"pos\": Vector2(1, 2), \"hp\": 7, \"level\": 1}", G4).unwrap(),
        G4,
    )
    .unwrap();
    more.level = 2;
    assert_eq!(
        text(&to_vec(&more, G4).unwrap(), G4),
        "{\n\"hp\": 7,\n\"level\": 2,\n\"pos\": Vector2(1, 2)\n}"
    );
    let kept: Keep<BTreeMap<String, i64>> =
        from_bytes(&gdvariant::text::read("{\"a\": 1}", G4).unwrap(), G4).unwrap();
    let mut added = kept;
    added.insert("b".into(), 2);
    let bytes = to_vec(&added, G4).unwrap();
    let value = VariantRef::parse(&bytes, G4).unwrap();
    let keys: Vec<&str> = value
        .as_dictionary()
        .unwrap()
        .iter()
        .map(|(k, _)| k.as_str().unwrap())
        .collect();
    assert_eq!(keys, ["a", "b"]);
    let fresh = Keep::new(More { hp: 1, level: 1 });
    assert!(fresh.kept().is_none());
    assert_eq!(
        text(&to_vec(&fresh, G4).unwrap(), G4),
        "{\n\"hp\": 1,\n\"level\": 1\n}"
    );
}
