//! `gdvariant::json::plain`: plain (jq-friendly, lossy) JSON. Every engine fixture goes
//! through plain JSON and back with itself as the template, byte for byte; alone, plain
//! JSON gives back exactly the values made of JSON's own types and loses what the docs
//! say; the exact output for math types; the plain mapping's bytes; the template's types
//! kept, and changes reported with their paths; typed containers enforced; errors with
//! line and column; Godot's depth limit without using the thread stack.

use crate::common;

use common::{case, cases, zero_node_path_padding, Case};
use gdvariant::json::plain::{self, TypeChange};
use gdvariant::json::{self, JsonErrorKind as K};
use gdvariant::{Dialect, ObjectRef, VariantRef, VariantType as T};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

fn plain_json(value: VariantRef<'_>, pretty: bool) -> String {
    let mut out = Vec::new();
    plain::write(&mut out, value, &json::WriteOptions::new().pretty(pretty)).unwrap();
    String::from_utf8(out).unwrap()
}

/// `text` as JSON, any depth (serde_json checks the syntax: RFC 8259).
fn parse_json(text: &str) -> serde_json::Result<serde_json::Value> {
    let mut de = serde_json::Deserializer::from_str(text);
    de.disable_recursion_limit();
    let value = serde::Deserialize::deserialize(&mut de)?;
    de.end()?;
    Ok(value)
}

fn value(case: &Case) -> VariantRef<'_> {
    VariantRef::parse(case.value_bytes(), case.dialect()).unwrap()
}

/// The engine's bytes, Godot 3 NodePath padding (uninitialised in the engine) zeroed.
fn expected(case: &Case) -> Vec<u8> {
    let mut bytes = case.value_bytes().to_vec();
    if case.dialect() == G3 {
        zero_node_path_padding(&mut bytes, G3);
    }
    bytes
}

fn text4(source: &str) -> Vec<u8> {
    gdvariant::text::read(source, G4).unwrap()
}

fn shown(bytes: &[u8], dialect: Dialect) -> String {
    VariantRef::parse(bytes, dialect).unwrap().to_string()
}

// ---------------------------------------------------------------------------------------
// Round trips over the engine's fixtures.

#[test]
fn every_engine_fixture_comes_back_byte_for_byte_with_itself_as_the_template() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.value_bytes().is_empty() {
                continue; // the engine's own failed write
            }
            let template = value(&case);
            let want = expected(&case);
            for pretty in [false, true] {
                let text = plain_json(template, pretty);
                // Valid JSON, always (NaN and infinities are strings).
                parse_json(&text).unwrap_or_else(|e| panic!("{engine}/{}: {e}\n{text}", case.name));
                let like = plain::read_like(text.as_bytes(), template)
                    .unwrap_or_else(|e| panic!("{engine}/{}: {e}\n{text}", case.name));
                assert!(
                    like.bytes == want,
                    "{engine}/{} (pretty {pretty}): bytes differ\n{text}",
                    case.name
                );
                assert_eq!(like.changes, [], "{engine}/{}", case.name);
            }
            checked += 1;
        }
    }
    // Every fixture: plain JSON loses nothing the template cannot give back (the docs'
    // list of what stays lost: bytes after a NUL, NaN payloads, Godot 3 NodePath padding,
    // none of which the engines wrote here but the padding, zeroed above).
    assert_eq!(checked, 332, "fixtures checked");
}

#[test]
fn every_pandemonium_fixture_comes_back_too() {
    let mut checked = 0;
    for era in ["pandemonium/pma", "pandemonium/pmb", "pandemonium/pmc"] {
        for case in cases(era) {
            let dialect = case.dialect();
            let template = value(&case);
            let mut want = case.value_bytes().to_vec();
            zero_node_path_padding(&mut want, dialect); // uninitialised in the engine
            let text = plain_json(template, false);
            let like = plain::read_like(text.as_bytes(), template)
                .unwrap_or_else(|e| panic!("{era}/{}: {e}\n{text}", case.name));
            assert!(
                like.bytes == want,
                "{era}/{}: bytes differ\n{text}",
                case.name
            );
            assert_eq!(like.changes, [], "{era}/{}", case.name);
            checked += 1;
        }
    }
    assert_eq!(checked, 112 + 128 + 150, "fixtures checked");
}

/// Is `v` made of JSON's own types only: null, bool, int, finite float, String, untyped
/// Array, untyped Dictionary with String keys?
fn json_native(v: VariantRef<'_>) -> bool {
    match v.ty() {
        T::Nil | T::Bool | T::Int | T::String => true,
        T::Float => v.as_float().is_some_and(f64::is_finite),
        T::Array => {
            let a = v.as_array().unwrap();
            !a.element_type().is_typed() && a.iter().all(json_native)
        }
        T::Dictionary => {
            let d = v.as_dictionary().unwrap();
            !d.key_type().is_typed()
                && !d.value_type().is_typed()
                && d.iter().all(|(k, x)| k.ty() == T::String && json_native(x))
        }
        _ => false,
    }
}

#[test]
fn alone_plain_json_gives_back_exactly_the_values_of_json_types() {
    let (mut same, mut lost) = (0, Vec::new());
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.value_bytes().is_empty() {
                continue;
            }
            let v = value(&case);
            let text = plain_json(v, false);
            let back = plain::read(text.as_bytes(), case.dialect())
                .unwrap_or_else(|e| panic!("{engine}/{}: {e}\n{text}", case.name));
            let native = json_native(v);
            assert_eq!(
                back == expected(&case),
                native,
                "{engine}/{}: {text}",
                case.name
            );
            if native {
                same += 1;
            } else {
                lost.push(format!("{engine}/{}", case.name));
            }
        }
    }
    // Reading back alone: the JSON types come back (null, bool, int, float, String,
    // Array, Dictionary with String keys); every other type is what the loss table lists.
    assert_eq!((same, lost.len()), (126, 206), "{lost:?}");
}

// ---------------------------------------------------------------------------------------
// The writer's output.

#[test]
fn exact_output_for_math_types_and_mixed_values() {
    let mixed = case("g4", "array_mixed");
    assert_eq!(
        plain_json(value(&mixed), false),
        r#"[null,true,2,3.5,"four",[5.0,6.0],[7],{"8":9}]"#
    );
    let out = |name: &str| plain_json(value(&case("g4", name)), false);
    assert_eq!(
        out("transform3d_identity"),
        "[1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0,1.0,0.0,0.0,0.0]"
    );
    // f32 components: the shortest digits that read back to the same f32.
    assert_eq!(out("color"), "[0.1,0.2,0.3,0.4]");
    assert_eq!(out("vector2i"), "[-1,2147483647]");
    assert_eq!(
        out("w_dict__stream_put_var"),
        r#"{"hp":10,"pos":[1.0,2.0]}"#
    );
    assert_eq!(out("stringname"), r#""abc""#);
    assert_eq!(out("nodepath_subnames"), r#""Node/Child:prop:sub""#);
    assert_eq!(out("pv2_1"), "[[1.0,2.0]]");
    assert_eq!(out("pba_3"), "[1,2,3]");
    assert_eq!(out("dict_typed_int_vec2"), r#"{"1":[1.0,2.0]}"#);
    assert_eq!(out("signal_empty"), r#"{"name":"","object":0}"#);
    assert_eq!(out("callable_empty"), "null");
    assert_eq!(out("float_nan"), r#""nan""#);
    assert_eq!(
        out("pf64_special"),
        r#"[1e300,"inf","-inf","nan",-0.0,-0.0]"#
    );
    // Keys that are not all Strings or all ints: pairs.
    let pairs = text4(r#"{Vector2(1, 2): "a", 3: "b"}"#);
    assert_eq!(
        plain_json(VariantRef::parse(&pairs, G4).unwrap(), false),
        r#"[[[1.0,2.0],"a"],[3,"b"]]"#
    );
    // A String and a StringName of the same text (bytes the engine would not write: it
    // takes them for one key): pairs, never a key twice.
    let mut twice = Vec::new();
    let mut dict = gdvariant::Builder::new(&mut twice, G4)
        .dictionary()
        .unwrap();
    dict.entry("a").int(1).unwrap();
    dict.entry_with(|k| k.string_name("a")).int(2).unwrap();
    dict.finish().unwrap();
    assert_eq!(
        plain_json(VariantRef::parse(&twice, G4).unwrap(), false),
        r#"[["a",1],["a",2]]"#
    );
}

#[test]
fn objects_are_written_with_class_and_properties() {
    let image = case("g4", "object_image__fo");
    let text = plain_json(value(&image), false);
    assert!(
        text.starts_with(r#"{"class":"Image","properties":{"resource_local_to_scene":false,"resource_name":"","data":{"width":2,"#),
        "{text}"
    );
    assert!(text.ends_with(r#""script":null}}"#), "{text}");
    let node = case("g4", "object_node");
    let id = value(&node);
    let Some(ObjectRef::Id(n)) = id.as_object() else {
        panic!("an object as id")
    };
    assert_eq!(plain_json(id, false), format!(r#"{{"id":{n}}}"#));
}

#[test]
fn pretty_output_indents_objects_and_keeps_components_on_one_line() {
    let v = case("g4", "w_dict__stream_put_var");
    assert_eq!(
        plain_json(value(&v), true),
        "{\n  \"hp\": 10,\n  \"pos\": [1.0, 2.0]\n}"
    );
}

#[test]
fn jq_paths_work_on_the_output() {
    let nested = case("g4", "dict_nested"); // {"a": {"b": {"c": [1, 2, {"d": null}]}}}
    let json: serde_json::Value = parse_json(&plain_json(value(&nested), false)).unwrap();
    // `.a.b.c[2].d`, `.a.b.c[1]`
    assert_eq!(json["a"]["b"]["c"][2]["d"], serde_json::Value::Null);
    assert_eq!(json["a"]["b"]["c"][1], 2);
    let save = case("g4", "w_dict__stream_put_var");
    let json: serde_json::Value = parse_json(&plain_json(value(&save), true)).unwrap();
    assert_eq!(
        (json["hp"].as_i64(), json["pos"][1].as_f64()),
        (Some(10), Some(2.0))
    );
}

// ---------------------------------------------------------------------------------------
// Reading alone.

#[test]
fn the_plain_mapping_gives_the_engines_bytes() {
    // var_to_bytes({"hp": 10}) in Godot 4: the first entry of the engine's own
    // {"hp": 10, "pos": Vector2(1, 2)}, with a count of 1.
    let engine = case("g4", "w_dict__stream_put_var");
    let mut want = engine.value_bytes()[..28].to_vec();
    want[4] = 1;
    assert_eq!(
        want,
        [
            27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0,
            0, 0
        ]
    );
    assert_eq!(plain::read(br#"{"hp": 10}"#, G4).unwrap(), want);
    // Every JSON type, both dialects.
    let all = br#"{"n": null, "t": true, "i": 7, "big": 4294967296, "f": 2.5, "e": 1e3, "s": "x", "a": [1, []], "o": {}}"#;
    let source = r#"{"n": null, "t": true, "i": 7, "big": 4294967296, "f": 2.5, "e": 1000.0, "s": "x", "a": [1, []], "o": {}}"#;
    assert_eq!(plain::read(all, G4).unwrap(), text4(source));
    assert_eq!(
        plain::read(all, G3).unwrap(),
        gdvariant::text::read(source, G3).unwrap()
    );
    // A float that is exactly an f32 is 32-bit on the wire, as the engine writes it.
    assert_eq!(
        plain::read(b"0.5", G4).unwrap(),
        [3, 0, 0, 0, 0, 0, 0, 0x3f]
    );
    assert_eq!(plain::read(b"0.1", G4).unwrap()[..4], [3, 0, 1, 0]);
}

// ---------------------------------------------------------------------------------------
// Reading with a template.

#[test]
fn the_template_keeps_vector2_int_and_float() {
    let save = case("g4", "w_dict__stream_put_var"); // {"hp": 10, "pos": Vector2(1, 2)}
    let template = value(&save);
    // As jq writes it back: integral numbers without `.0`.
    let like = plain::read_like(br#"{"hp": 10, "pos": [1, 2]}"#, template).unwrap();
    assert_eq!(like.bytes, save.value_bytes());
    assert_eq!(like.changes, []);
    // Edited: new values, same types, exact bytes.
    let like = plain::read_like(br#"{"hp": 11, "pos": [3, 0.5]}"#, template).unwrap();
    assert_eq!(like.bytes, text4(r#"{"hp": 11, "pos": Vector2(3, 0.5)}"#));
    // A float stays a float when the JSON number is integral; an int stays an int for 10.0.
    let floats = text4(r#"{"speed": 2.5, "hp": 3}"#);
    let like = plain::read_like(
        br#"{"speed": 10, "hp": 10.0}"#,
        VariantRef::parse(&floats, G4).unwrap(),
    )
    .unwrap();
    assert_eq!(like.bytes, text4(r#"{"speed": 10.0, "hp": 10}"#));
    assert_eq!(like.bytes[24..32], [3, 0, 0, 0, 0, 0, 0x20, 0x41]); // float 10.0, 32-bit
}

#[test]
fn the_template_keeps_every_other_type() {
    let source = r#"{
        "name": &"hero", "path": NodePath("A/B:x"), "rid": RID(),
        "pts": PackedVector3Array(1, 2, 3), "bytes": PackedByteArray(1, 2),
        "tags": PackedStringArray("a"), "ints": Array[int]([1, 2]),
        "slots": {0: "sword", 5: "shield"}, "odd": {Vector2(1, 2): 1, 3: 2},
        "typed": Dictionary[String, Vector2]({"a": Vector2(1, 2)}),
        "c": Color(1, 0, 0, 1), "t": Transform2D(1, 0, 0, 1, 5, 6), "q": Quaternion(0, 0, 0, 1),
        "i4": Vector4i(1, 2, 3, 4), "nan": nan, "inf": inf
    }"#;
    let template_bytes = text4(source);
    let template = VariantRef::parse(&template_bytes, G4).unwrap();
    let json = plain_json(template, true);
    let like = plain::read_like(json.as_bytes(), template).unwrap();
    assert_eq!(like.bytes, template_bytes, "{json}");
    // Edited values keep their types.
    let edited = r#"{"name": "villain", "path": "C", "rid": 0, "pts": [[4, 5, 6], [7, 8, 9]],
        "bytes": [255], "tags": ["b", "c"], "ints": [3], "slots": {"5": "bow", "9": "axe"},
        "odd": [[[3, 4], 1]], "typed": {"b": [0, 1]}, "c": [0, 1, 0, 1],
        "t": [1, 0, 0, 1, 0, 0], "q": [0, 0, 0, 1], "i4": [4, 3, 2, 1], "nan": "inf", "inf": 1}"#;
    let like = plain::read_like(edited.as_bytes(), template).unwrap();
    assert_eq!(like.changes, []);
    assert_eq!(
        like.bytes,
        text4(
            r#"{"name": &"villain", "path": NodePath("C"), "rid": RID(),
            "pts": PackedVector3Array(4, 5, 6, 7, 8, 9), "bytes": PackedByteArray(255),
            "tags": PackedStringArray("b", "c"), "ints": Array[int]([3]),
            "slots": {5: "bow", 9: "axe"}, "odd": {Vector2(3, 4): 1},
            "typed": Dictionary[String, Vector2]({"b": Vector2(0, 1)}),
            "c": Color(0, 1, 0, 1), "t": Transform2D(1, 0, 0, 1, 0, 0), "q": Quaternion(0, 0, 0, 1),
            "i4": Vector4i(4, 3, 2, 1), "nan": inf, "inf": 1.0}"#
        )
    );
}

#[test]
fn a_value_that_does_not_fit_is_read_plainly_and_reported_with_its_path() {
    let template_bytes = text4(
        r#"{"player": {"pos": Vector2(1, 2), "hp": 3, "items": [Vector3(1, 2, 3)]}, "weird key": 1}"#,
    );
    let template = VariantRef::parse(&template_bytes, G4).unwrap();
    let json =
        "{\"player\": {\"pos\": \"here\", \"hp\": 2.5,\n \"items\": [[1, 2]]}, \"weird key\": [1]}";
    let like = plain::read_like(json.as_bytes(), template).unwrap();
    assert_eq!(
        shown(&like.bytes, G4),
        shown(
            &text4(
                r#"{"player": {"pos": "here", "hp": 2.5, "items": [[1, 2]]}, "weird key": [1]}"#
            ),
            G4
        )
    );
    let changes: Vec<String> = like.changes.iter().map(TypeChange::to_string).collect();
    assert_eq!(
        changes,
        [
            ".player.pos (line 1, column 20): Vector2 in the template, written as String",
            ".player.hp (line 1, column 34): int in the template, written as float",
            ".player.items[0] (line 2, column 12): Vector3 in the template, written as Array",
            ".[\"weird key\"] (line 2, column 35): int in the template, written as Array",
        ]
    );
    let first = &like.changes[0];
    assert_eq!(
        (first.offset, first.template, first.written, first.key),
        (19, T::Vector2, T::String, false)
    );
}

#[test]
fn new_keys_and_elements_take_the_plain_mapping_and_int_keyed_dictionaries_stay_so() {
    let template_bytes = text4(r#"{"slots": {1: "a"}, "list": [Vector2(1, 2)]}"#);
    let template = VariantRef::parse(&template_bytes, G4).unwrap();
    let json =
        br#"{"slots": {"1": "a", "2": "b", "x": "c"}, "list": [[1, 2], [3, 4]], "new": [1, 2]}"#;
    let like = plain::read_like(json, template).unwrap();
    assert_eq!(
        like.bytes,
        text4(
            r#"{"slots": {1: "a", 2: "b", "x": "c"}, "list": [Vector2(1, 2), [3, 4]], "new": [1, 2]}"#
        )
    );
    // The one key that could not stay an int is reported.
    assert_eq!(like.changes.len(), 1);
    assert_eq!(
        like.changes[0].to_string(),
        r#".slots.x (line 1, column 32): a key where the template's keys are int, written as String"#
    );
}

#[test]
fn typed_containers_hold_only_their_type() {
    let template_bytes =
        text4(r#"{"ints": Array[int]([1]), "d": Dictionary[int, Vector2]({1: Vector2(1, 2)})}"#);
    let template = VariantRef::parse(&template_bytes, G4).unwrap();
    // New elements and entries of the declared type are fine.
    let like = plain::read_like(
        br#"{"ints": [1, 2, 3.0], "d": {"1": [0, 0], "7": [1, 1]}}"#,
        template,
    )
    .unwrap();
    assert_eq!(
        like.bytes,
        text4(
            r#"{"ints": Array[int]([1, 2, 3]), "d": Dictionary[int, Vector2]({1: Vector2(0, 0), 7: Vector2(1, 1)})}"#
        )
    );
    let error = |json: &str| {
        let e = plain::read_like(json.as_bytes(), template).unwrap_err();
        (*e.kind(), e.line(), e.column(), e.to_string())
    };
    assert_eq!(
        error(r#"{"ints": [1, "two"]}"#),
        (
            K::TypedMismatch { ty: T::Int },
            1,
            14,
            "the typed container here holds only Int values at line 1, column 14 (byte 13)".into()
        )
    );
    assert_eq!(
        error(r#"{"ints": [1.5]}"#).0,
        K::TypedMismatch { ty: T::Int }
    );
    assert_eq!(
        error(r#"{"d": {"x": [0, 0]}}"#).0,
        K::TypedMismatch { ty: T::Int }
    );
    assert_eq!(
        error(r#"{"d": {"2": "no"}}"#).0,
        K::TypedMismatch { ty: T::Vector2 }
    );
}

#[test]
fn objects_signals_and_pairs_follow_the_template() {
    for name in [
        "object_image__fo",
        "object_in_dict",
        "signal_empty",
        "dict_typed_res_res__fo",
        "object_in_array__fo",
    ] {
        let c = case("g4", name);
        let template = value(&c);
        let like = plain::read_like(plain_json(template, false).as_bytes(), template).unwrap();
        assert_eq!(like.bytes, c.value_bytes(), "{name}");
    }
    // A property edited by name, in another order.
    let image = case("g4", "object_image__fo");
    let json = plain_json(value(&image), false)
        .replace(r#""resource_name":"""#, r#""resource_name":"renamed""#);
    let like = plain::read_like(json.as_bytes(), value(&image)).unwrap();
    assert!(shown(&like.bytes, G4).contains("renamed"));
    // Godot 4 reads `script` as a path: only null or a String.
    let bad = plain_json(value(&image), false).replace(r#""script":null"#, r#""script":5"#);
    let e = plain::read_like(bad.as_bytes(), value(&image)).unwrap_err();
    assert_eq!(
        *e.kind(),
        K::Build(gdvariant::BuildError::InvalidScriptProperty(T::Int))
    );
}

#[test]
fn godot3_templates_and_output() {
    let save = case("g32", "w_dict__store_var");
    let template = value(&save);
    let json = plain_json(template, false);
    assert_eq!(
        plain::read_like(json.as_bytes(), template).unwrap().bytes,
        save.value_bytes()
    );
    let path = case("g32", "nodepath_subnames");
    let like = plain::read_like(plain_json(value(&path), false).as_bytes(), value(&path)).unwrap();
    assert_eq!(like.bytes, expected(&path));
}

// ---------------------------------------------------------------------------------------
// Errors.

#[test]
fn errors_give_kind_line_and_column() {
    let cases: &[(&str, K, usize, usize)] = &[
        ("{\"a\": 1,\n \"a\": 2}", K::DuplicateKey, 2, 2),
        (
            "{\"a\": [1 2]}",
            K::Unexpected {
                expected: "',' or ']'",
            },
            1,
            10,
        ),
        ("{\"a\": 1", K::UnexpectedEnd, 1, 8),
        ("[1,\n  99999999999999999999]", K::IntOutOfRange, 2, 3),
        (
            "{1: 2}",
            K::Unexpected {
                expected: "a string key",
            },
            1,
            2,
        ),
        ("[1] x", K::TrailingCharacters, 1, 5),
        ("[tru]", K::Unexpected { expected: "true" }, 1, 2),
        ("", K::UnexpectedEnd, 1, 1),
        ("{\"é\": \"\\x\"}", K::InvalidEscape, 1, 8),
    ];
    for &(json, kind, line, column) in cases {
        let e = plain::read(json.as_bytes(), G4).unwrap_err();
        assert_eq!(
            (*e.kind(), e.line(), e.column()),
            (kind, line, column),
            "{json:?}"
        );
    }
    let e = plain::read(b"[\"a\xff\"]", G4).unwrap_err();
    assert_eq!((*e.kind(), e.offset()), (K::InvalidUtf8, 3));
    // What the dialect cannot hold is the builder's error (none in plain JSON's types).
    assert_eq!(
        plain::read(b"[0.5]", G3).unwrap(),
        gdvariant::text::read("[0.5]", G3).unwrap()
    );
}

fn nested(levels: usize) -> String {
    "[".repeat(levels) + &"]".repeat(levels)
}

#[test]
fn nesting_stops_at_godots_limit() {
    // Values at depth 0 to 1024: 1025 arrays; one more is too deep, at its `[`.
    let ok = plain::read(nested(1025).as_bytes(), G4).unwrap();
    assert!(VariantRef::parse(&ok, G4).is_ok());
    let e = plain::read(nested(1026).as_bytes(), G4).unwrap_err();
    assert_eq!((*e.kind(), e.offset()), (K::TooDeep, 1025));
    // Objects too, and with a template.
    let deep = "{\"a\":".repeat(1026) + "1" + &"}".repeat(1026);
    let e = plain::read(deep.as_bytes(), G4).unwrap_err();
    assert_eq!((*e.kind(), e.offset()), (K::TooDeep, 1025 * 5));
}

#[test]
fn a_very_deep_input_is_an_error_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(|| {
            let e = plain::read(nested(100_000).as_bytes(), G4).unwrap_err();
            assert_eq!((*e.kind(), e.offset()), (K::TooDeep, 1025));
            let template = text4("[1]");
            let e = plain::read_like(
                nested(100_000).as_bytes(),
                VariantRef::parse(&template, G4).unwrap(),
            )
            .unwrap_err();
            assert_eq!(*e.kind(), K::TooDeep);
        })
        .unwrap();
    handle.join().unwrap();
}

#[test]
fn no_panic_on_odd_input() {
    let template_bytes =
        text4(r#"{"v": Vector2(1, 2), "p": PackedVector2Array(1, 2), "o": {1: 2}}"#);
    let template = VariantRef::parse(&template_bytes, G4).unwrap();
    for json in [
        "",
        "[",
        "]",
        "{",
        "}",
        "{\"v\":",
        "{\"v\": [1, [2]]}",
        "{\"v\": [[], 1]}",
        "{\"p\": [[1, [2]]]}",
        "{\"p\": [[1], [2, 3]]}",
        "{\"v\": [\"nan\", \"x\"]}",
        "{\"o\": [[1, 2, 3]]}",
        "{\"o\": {\"1\": 1, \"01\": 2}}",
        "[1e999999999]",
        "-",
        "[-]",
        "\"\\ud800\"",
        "{\"v\": [1e400, -1e400]}",
        "[[[[[[[[[[",
    ] {
        let _ = plain::read(json.as_bytes(), G4);
        let _ = plain::read(json.as_bytes(), G3);
        let _ = plain::read_like(json.as_bytes(), template);
    }
}

/// Found by the json_read fuzz target: a null Object written whole (its header and an empty
/// class name, 8 bytes, which the engines read as null) came back from `read_like` with a
/// property count after the class (12 bytes: 4 bytes the value does not own).
#[test]
fn a_null_object_written_whole_comes_back_as_it_was() {
    for dialect in [Dialect::Godot3, Dialect::Godot4, Dialect::PandemoniumB] {
        let id = T::Object.id(dialect).unwrap();
        let whole = [id, 0, 0, 0, 0, 0, 0, 0];
        let value = VariantRef::parse(&whole, dialect).unwrap();
        let mut text = Vec::new();
        plain::write(&mut text, value, &json::WriteOptions::new()).unwrap();
        assert_eq!(text, b"null");
        let like = plain::read_like(&text, value).unwrap();
        assert_eq!(like.bytes, whole, "{dialect}");
        assert!(like.changes.is_empty());
    }
}
