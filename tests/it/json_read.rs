//! `gdvariant::json::read`, the inverse of `json::write`: every engine fixture goes
//! through JSON (compact and pretty) and back to the engine's exact bytes; malformed and
//! schema-invalid input fails with the exact kind, line, column and offset; deep nesting
//! stops at Godot's limit without using the thread stack; the dialect's refusals; the
//! special forms (non-finite floats, `"double"`, typed containers, objects, base64).

use crate::common;

use common::{cases, zero_node_path_padding, Case};
use gdvariant::json::{self, JsonErrorKind as K};
use gdvariant::{BuildError, Builder, ContainerType, Dialect, VariantRef, VariantType};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

fn to_json(value: VariantRef<'_>, pretty: bool) -> Vec<u8> {
    let mut out = Vec::new();
    json::write(&mut out, value, &json::WriteOptions::new().pretty(pretty)).unwrap();
    out
}

/// The bytes `json::read` must give for a fixture's value: the engine's, with Godot 3
/// NodePath padding (uninitialised in the engine) zeroed, which is also what
/// `Builder::value` writes.
fn expected(case: &Case) -> Vec<u8> {
    let mut bytes = case.value_bytes().to_vec();
    if case.dialect() == G3 {
        zero_node_path_padding(&mut bytes, G3);
    }
    let value = VariantRef::parse(case.value_bytes(), case.dialect()).unwrap();
    let mut rebuilt = Vec::new();
    Builder::new(&mut rebuilt, case.dialect())
        .value(value)
        .unwrap();
    assert_eq!(
        rebuilt, bytes,
        "{}/{}: Builder::value",
        case.engine, case.name
    );
    bytes
}

#[test]
fn every_engine_fixture_comes_back_byte_for_byte_compact_and_pretty() {
    let mut checked = 0;
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.value_bytes().is_empty() {
                continue; // the engine's own failed write
            }
            let dialect = case.dialect();
            let value = VariantRef::parse(case.value_bytes(), dialect).unwrap();
            let want = expected(&case);
            for pretty in [false, true] {
                let text = to_json(value, pretty);
                let got = json::read(&text, dialect).unwrap_or_else(|e| {
                    panic!(
                        "{engine}/{} (pretty {pretty}): {e}\n{}",
                        case.name,
                        String::from_utf8_lossy(&text)
                    )
                });
                assert!(
                    got == want,
                    "{engine}/{} (pretty {pretty}): bytes differ\n{}",
                    case.name,
                    String::from_utf8_lossy(&text)
                );
            }
            // store_var / put_var files: the value after the caller's 4-byte prefix.
            if case.is_prefixed() {
                let mut file = case.file[..4].to_vec();
                json::read_into(
                    &to_json(value, false),
                    dialect,
                    &json::ReadOptions::new(),
                    &mut file,
                )
                .unwrap();
                assert_eq!(file[4..], want[..], "{engine}/{}: read_into", case.name);
                if dialect == G4 {
                    assert_eq!(file, case.file, "{engine}/{}: whole file", case.name);
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 332, "fixtures checked");
}

// ---------------------------------------------------------------------------------------
// Errors: kind, line, column, offset.

/// `(input, dialect, kind, line, column, offset)`.
type ErrorCase = (&'static str, Dialect, K, usize, usize, usize);

fn error_cases() -> Vec<ErrorCase> {
    use VariantType as T;
    let unexpected = |expected| K::Unexpected { expected };
    let wrong = |expected| K::WrongType { expected };
    let build = K::Build;
    let float_text = "a number, \"nan\", \"inf\" or \"-inf\"";
    vec![
        // JSON syntax.
        ("", G4, K::UnexpectedEnd, 1, 1, 0),
        ("  \n ", G4, K::UnexpectedEnd, 2, 2, 4),
        ("[1, 2", G4, K::UnexpectedEnd, 1, 6, 5),
        ("[1 2]", G4, unexpected("',' or ']'"), 1, 4, 3),
        ("[1,]", G4, unexpected("a value"), 1, 4, 3),
        ("[\n  1,\n  x\n]", G4, unexpected("a value"), 3, 3, 9),
        ("01", G4, K::InvalidNumber, 1, 1, 0),
        ("[1.]", G4, K::InvalidNumber, 1, 2, 1),
        ("-", G4, K::InvalidNumber, 1, 1, 0),
        ("1e+", G4, K::InvalidNumber, 1, 1, 0),
        ("+1", G4, unexpected("a value"), 1, 1, 0),
        (".5", G4, unexpected("a value"), 1, 1, 0),
        ("\"abc", G4, K::UnexpectedEnd, 1, 5, 4),
        ("\"a\\qb\"", G4, K::InvalidEscape, 1, 3, 2),
        ("\"\\ud800\"", G4, K::InvalidUnicodeEscape, 1, 2, 1),
        ("\"\\ud800\\u0041\"", G4, K::InvalidUnicodeEscape, 1, 2, 1),
        ("\"x\\udc00\"", G4, K::InvalidUnicodeEscape, 1, 3, 2),
        ("\"\\u12G4\"", G4, K::InvalidUnicodeEscape, 1, 2, 1),
        ("\"\\u12", G4, K::UnexpectedEnd, 1, 6, 5),
        ("\"a\nb\"", G4, K::ControlCharacter, 1, 3, 2),
        ("\"é\tb\"", G4, K::ControlCharacter, 1, 3, 3),
        ("1 2", G4, K::TrailingCharacters, 1, 3, 2),
        ("[] ]", G4, K::TrailingCharacters, 1, 4, 3),
        ("tru", G4, unexpected("true"), 1, 1, 0),
        ("[nul]", G4, unexpected("null"), 1, 2, 1),
        ("{\"Vector2\" [1.0, 2.0]}", G4, unexpected("':'"), 1, 12, 11),
        ("{1: 2}", G4, unexpected("a string key"), 1, 2, 1),
        ("{\"Dictionary\": [[1]]}", G4, unexpected("','"), 1, 19, 18),
        ("{\"Dictionary\": [1]}", G4, unexpected("'[' (a [key, value] pair)"), 1, 17, 16),
        ("{\"Dictionary\": [[1, 2, 3]]}", G4, unexpected("']'"), 1, 22, 21),
        ("{\"Vector2\": [1.0, 2.0]", G4, K::UnexpectedEnd, 1, 23, 22),
        ("{\"Vector2\": [1.0, 2.0] 1", G4, unexpected("',' or '}'"), 1, 24, 23),
        // The schema.
        ("{}", G4, K::MissingKey { key: "a type key" }, 1, 2, 1),
        ("{\"type\": \"int\"}", G4, K::MissingKey { key: "a type key" }, 1, 15, 14),
        ("{\"Vector5\": [1]}", G4, K::UnknownType, 1, 2, 1),
        ("{\"int\": 1}", G4, K::UnknownType, 1, 2, 1),
        ("{\"Array\": [], \"type\": \"integer\"}", G4, K::UnknownType, 1, 23, 22),
        ("{\"Vector3\": [1.0, 2.0]}", G4, K::ComponentCount { ty: T::Vector3, expected: 3, got: 2 }, 1, 13, 12),
        ("{\"Projection\": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]}", G4, K::ComponentCount { ty: T::Projection, expected: 16, got: 17 }, 1, 16, 15),
        ("{\"PackedVector3Array\": [[1.0, 2.0, 3.0], [1.0, 2.0]]}", G4, K::ComponentCount { ty: T::PackedVector3Array, expected: 3, got: 2 }, 1, 42, 41),
        ("{\"Vector2i\": [1.5, 2]}", G4, wrong("an integer"), 1, 15, 14),
        ("{\"Vector2i\": [2147483648, 0]}", G4, K::IntOutOfRange, 1, 15, 14),
        ("{\"PackedInt32Array\": [0, -2147483649]}", G4, K::IntOutOfRange, 1, 26, 25),
        ("9223372036854775808", G4, K::IntOutOfRange, 1, 1, 0),
        ("[-9223372036854775809]", G4, K::IntOutOfRange, 1, 2, 1),
        ("{\"RID\": -1}", G4, K::IntOutOfRange, 1, 9, 8),
        ("{\"RID\": 18446744073709551616}", G4, K::IntOutOfRange, 1, 9, 8),
        ("{\"RID\": 1.0}", G4, wrong("an integer"), 1, 9, 8),
        ("{\"StringName\": 5}", G4, wrong("a string"), 1, 16, 15),
        ("{\"NodePath\": [\"a\"]}", G4, wrong("a string"), 1, 14, 13),
        ("{\"PackedStringArray\": [\"a\", null]}", G4, wrong("a string"), 1, 29, 28),
        ("{\"float\": \"NaN\"}", G4, wrong(float_text), 1, 11, 10),
        ("{\"Vector2\": [true, 1.0]}", G4, wrong(float_text), 1, 14, 13),
        ("{\"Vector2\": 1.0}", G4, wrong("a list"), 1, 13, 12),
        ("{\"Callable\": 1}", G4, wrong("null"), 1, 14, 13),
        ("{\"Array\": {}}", G4, wrong("a list"), 1, 11, 10),
        ("{\"Vector2\": [1.0, 2.0], \"double\": 1}", G4, wrong("true or false"), 1, 35, 34),
        ("{\"PackedByteArray\": \"AAA\"}", G4, K::InvalidBase64, 1, 22, 21),
        ("{\"PackedByteArray\": \"AB==\"}", G4, K::InvalidBase64, 1, 23, 22),
        ("{\"PackedByteArray\": \"AAB=\"}", G4, K::InvalidBase64, 1, 24, 23),
        ("{\"PackedByteArray\": \"A*==\"}", G4, K::InvalidBase64, 1, 23, 22),
        ("{\"PackedByteArray\": \"AA==AAAA\"}", G4, K::InvalidBase64, 1, 24, 23),
        ("{\"PackedByteArray\": \"\\u0041*AA\"}", G4, K::InvalidBase64, 1, 21, 20),
        ("{\"Vector2i\": [1, 2], \"double\": true}", G4, K::UnknownKey, 1, 22, 21),
        ("{\"double\": true, \"PackedColorArray\": []}", G4, K::UnknownKey, 1, 2, 1),
        ("{\"Array\": [], \"key_type\": \"int\"}", G4, K::UnknownKey, 1, 15, 14),
        ("{\"Array\": [], \"Dictionary\": []}", G4, K::UnknownKey, 1, 15, 14),
        ("{\"Array\": [], \"color\": 1}", G4, K::UnknownKey, 1, 15, 14),
        ("{\"Vector2\": [1.0, 2.0], \"Vector2\": [1.0, 2.0]}", G4, K::DuplicateKey, 1, 25, 24),
        ("{\"type\": \"int\", \"Array\": [], \"type\": \"int\"}", G4, K::DuplicateKey, 1, 30, 29),
        ("{\"Array\": [], \"type\": {\"class\": \"A\", \"class\": \"B\"}}", G4, K::DuplicateKey, 1, 38, 37),
        ("{\"Signal\": {\"name\": \"a\"}}", G4, K::MissingKey { key: "object" }, 1, 24, 23),
        ("{\"Signal\": {\"object\": 1, \"name\": \"a\", \"name\": \"b\"}}", G4, K::DuplicateKey, 1, 39, 38),
        ("{\"Object\": {\"id\": 1, \"class\": \"A\"}}", G4, K::UnknownKey, 1, 22, 21),
        ("{\"Object\": {\"properties\": []}}", G4, K::MissingKey { key: "class" }, 1, 29, 28),
        ("{\"Object\": {\"class\": \"A\"}}", G4, K::MissingKey { key: "properties" }, 1, 25, 24),
        ("{\"Object\": {\"class\": \"A\", \"properties\": [], \"class\": \"B\"}}", G4, K::DuplicateKey, 1, 45, 44),
        ("{\"Object\": {}}", G4, K::MissingKey { key: "class" }, 1, 13, 12),
        ("{\"Object\": 1}", G4, wrong("null, {\"id\": …} or {\"class\": …, \"properties\": […]}"), 1, 12, 11),
        ("{\"Object\": {\"class\": \"A\", \"properties\": [[1, 2]]}}", G4, wrong("a string"), 1, 43, 42),
        // What the builder refuses: at the start of the value (the type key when the
        // dialect has no such type).
        ("{\"Object\": {\"class\": \"Node\", \"properties\": [[\"script\", 5]]}}", G4, build(BuildError::InvalidScriptProperty(T::Int)), 1, 56, 55),
        ("{\"Object\": {\"properties\": [[\"script\", {\"StringName\": \"x\"}]], \"class\": \"A\"}}", G4, build(BuildError::InvalidScriptProperty(T::StringName)), 1, 39, 38),
        ("{\"StringName\": \"a\"}", G3, build(BuildError::TypeNotInDialect { ty: T::StringName, dialect: G3 }), 1, 2, 1),
        ("[{\"Vector2i\": [1, 2]}]", G3, build(BuildError::TypeNotInDialect { ty: T::Vector2i, dialect: G3 }), 1, 3, 2),
        ("{\"Callable\": null}", G3, build(BuildError::TypeNotInDialect { ty: T::Callable, dialect: G3 }), 1, 2, 1),
        ("{\"PackedInt64Array\": []}", G3, build(BuildError::TypeNotInDialect { ty: T::PackedInt64Array, dialect: G3 }), 1, 2, 1),
        ("{\"Array\": [1], \"type\": \"int\"}", G3, build(BuildError::NotInDialect { what: "a typed Array", dialect: G3 }), 1, 1, 0),
        ("[{\"type\": \"int\", \"Array\": [1]}]", G3, build(BuildError::NotInDialect { what: "a typed Array", dialect: G3 }), 1, 2, 1),
        ("{\"Dictionary\": [], \"value_type\": \"int\"}", G3, build(BuildError::NotInDialect { what: "a typed Dictionary", dialect: G3 }), 1, 1, 0),
        ("{\"Vector2\": [1.0, 2.0], \"double\": true}", G3, build(BuildError::NotInDialect { what: "double-precision math", dialect: G3 }), 1, 1, 0),
        ("{\"PackedVector2Array\": [], \"double\": true}", G3, build(BuildError::NotInDialect { what: "a double-precision packed vector array", dialect: G3 }), 1, 1, 0),
        ("{\"RID\": 5}", G3, build(BuildError::NotInDialect { what: "a RID id", dialect: G3 }), 1, 1, 0),
    ]
}

#[test]
fn malformed_and_schema_invalid_input_fails_with_kind_line_column_and_offset() {
    let mut wrong = Vec::new();
    for (input, dialect, kind, line, column, offset) in error_cases() {
        let error = json::read(input.as_bytes(), dialect)
            .map(|bytes| panic!("{input:?} read as {bytes:?}"))
            .unwrap_err();
        let got = (*error.kind(), error.line(), error.column(), error.offset());
        if got != (kind, line, column, offset) {
            wrong.push(format!("{input:?}: {got:?} ({error})"));
        }
        assert!(error.offset() <= input.len());
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn invalid_utf8_is_reported_at_its_first_byte() {
    let error = json::read(b"[\"ok\",\n \"\xff\"]", G4).unwrap_err();
    assert_eq!(
        (*error.kind(), error.line(), error.column(), error.offset()),
        (K::InvalidUtf8, 2, 3, 9)
    );
}

#[test]
fn errors_display_what_and_where() {
    let error = json::read(b"{\"Vector3\": [1.0, 2.0]}", G4).unwrap_err();
    assert_eq!(
        error.to_string(),
        "Vector3 takes 3 components, got 2 at line 1, column 13 (byte 12)"
    );
    let error = json::read(b"[1,\n  2 3]", G4).unwrap_err();
    assert_eq!(
        error.to_string(),
        "expected ',' or ']' at line 2, column 5 (byte 8)"
    );
    let error = json::read(b"{\"StringName\": \"a\"}", G3).unwrap_err();
    let text = error.to_string();
    assert!(
        text.starts_with("StringName cannot be written in "),
        "{text}"
    );
    assert!(text.ends_with(" at line 1, column 2 (byte 1)"), "{text}");
    let _: &dyn std::error::Error = &error;
}

#[test]
fn to_bytes_into_appends_and_leaves_the_buffer_alone_on_error() {
    let mut out = vec![9, 9];
    json::read_into(b"true", G4, &json::ReadOptions::new(), &mut out).unwrap();
    assert_eq!(out, [9, 9, 1, 0, 0, 0, 1, 0, 0, 0]);
    // A container already written in part, then an error deep inside.
    let error = json::read_into(
        b"[1, [2, {\"Array\": [3, x]}]]",
        G4,
        &json::ReadOptions::new(),
        &mut out,
    )
    .unwrap_err();
    assert_eq!(error.offset(), 22);
    assert_eq!(out, [9, 9, 1, 0, 0, 0, 1, 0, 0, 0]);
}

// ---------------------------------------------------------------------------------------
// Depth.

/// `levels` nested Godot 4 Arrays, the innermost empty, as bytes.
fn nested_arrays(levels: usize) -> Vec<u8> {
    let mut bytes = Vec::new();
    for level in 0..levels {
        bytes.extend_from_slice(&28u32.to_le_bytes());
        bytes.extend_from_slice(&u32::from(level + 1 < levels).to_le_bytes());
    }
    bytes
}

#[test]
fn nesting_is_accepted_exactly_as_deep_as_parse_accepts() {
    // Values at depth 0..=1024: 1025 arrays, the innermost empty.
    for levels in [1024, 1025, 1026] {
        let bytes = nested_arrays(levels);
        let text = format!("{}{}", "[".repeat(levels), "]".repeat(levels));
        let parsed = VariantRef::parse(&bytes, G4);
        match json::read(text.as_bytes(), G4) {
            Ok(read) => {
                assert!(parsed.is_ok(), "{levels}: parse refuses what read accepts");
                assert_eq!(read, bytes);
                // What the writer writes for the deepest value reads back.
                assert_eq!(
                    json::read(&to_json(parsed.unwrap(), true), G4).unwrap(),
                    bytes
                );
            }
            Err(error) => {
                assert!(parsed.is_err(), "{levels}: read refuses what parse accepts");
                assert_eq!((*error.kind(), error.offset()), (K::TooDeep, 1025));
            }
        }
    }
    // A leaf at depth 1025 is too deep as well.
    let text = format!("{}1{}", "[".repeat(1025), "]".repeat(1025));
    let error = json::read(text.as_bytes(), G4).unwrap_err();
    assert_eq!((*error.kind(), error.offset()), (K::TooDeep, 1025));
}

#[test]
fn the_deepest_dictionaries_and_objects_the_writer_writes_read_back() {
    // A Dictionary whose value is a Dictionary … 1024 levels, then an Object with a
    // property holding an empty Array at depth 1024 (typed, so its type follows it).
    fn build(b: Builder<'_>, depth: usize) {
        if depth == 1023 {
            let mut o = b.object("Node").unwrap();
            o.property("p")
                .unwrap()
                .typed_array(ContainerType::Builtin(VariantType::Int))
                .unwrap();
            o.finish().unwrap();
            return;
        }
        let mut d = b.dictionary().unwrap();
        build(d.entry_int(depth as i64), depth + 1);
        d.finish().unwrap();
    }
    let bytes = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(|| {
            let mut bytes = Vec::new();
            build(Builder::new(&mut bytes, G4), 0);
            bytes
        })
        .unwrap()
        .join()
        .unwrap();
    let copy = bytes.clone();
    let (compact, pretty) = std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(move || {
            let value = VariantRef::parse(&copy, G4).unwrap();
            (to_json(value, false), to_json(value, true))
        })
        .unwrap()
        .join()
        .unwrap();
    for text in [compact, pretty] {
        assert_eq!(json::read(&text, G4).unwrap(), bytes);
    }
}

#[test]
fn a_100000_deep_input_is_an_error_on_a_small_stack() {
    let handle = std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(|| {
            let mut results = Vec::new();
            for open in [
                "[",
                "{\"Array\": [",
                "{\"Dictionary\": [[",
                "{\"Object\": {\"class\": \"A\", \"properties\": [[\"p\", ",
            ] {
                let text = open.repeat(100_000);
                let error = json::read(text.as_bytes(), G4).unwrap_err();
                results.push((
                    *error.kind(),
                    error.offset() / open.len(),
                    error.offset() % open.len(),
                ));
            }
            results
        })
        .unwrap();
    let results = handle.join().unwrap();
    // Each time at the 1026th opening: the value at depth 1025.
    assert_eq!(results[0], (K::TooDeep, 1025, 0));
    assert_eq!(results[1], (K::TooDeep, 1025, 0));
    // A pair's key is its first value: after `{"Dictionary": [[`.
    assert_eq!(results[2], (K::TooDeep, 1025, 0));
    assert_eq!(results[3], (K::TooDeep, 1025, 0));
}

// ---------------------------------------------------------------------------------------
// The forms.

fn built(dialect: Dialect, f: impl FnOnce(Builder<'_>) -> Result<(), BuildError>) -> Vec<u8> {
    let mut out = Vec::new();
    f(Builder::new(&mut out, dialect)).unwrap();
    out
}

fn read4(text: &str) -> Vec<u8> {
    json::read(text.as_bytes(), G4).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The bytes after a header: the payload as little-endian u32 / u64 words.
fn word(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap())
}

fn dword(bytes: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap())
}

#[test]
fn ints_and_floats_take_the_width_the_engine_gives_them() {
    assert_eq!(read4("2147483647"), built(G4, |b| b.int(i32::MAX.into())));
    assert_eq!(read4("2147483648")[..4], [2, 0, 1, 0]);
    assert_eq!(read4("-2147483649")[..4], [2, 0, 1, 0]);
    assert_eq!(
        read4("-9223372036854775808"),
        built(G4, |b| b.int(i64::MIN))
    );
    assert_eq!(read4("-0"), built(G4, |b| b.int(0)));
    // A float is 32-bit iff it is exactly an f32.
    assert_eq!(read4("0.5"), [3, 0, 0, 0, 0, 0, 0, 0x3f]);
    assert_eq!(read4("-0.0"), built(G4, |b| b.float(-0.0)));
    assert_eq!(read4("0.1"), built(G4, |b| b.float(0.1)));
    assert_eq!(read4("1e300"), built(G4, |b| b.float(1e300)));
    assert_eq!(read4("16777217.0"), built(G4, |b| b.float(16_777_217.0)));
    assert_eq!(read4("2E-3"), built(G4, |b| b.float(0.002)));
    // Correctly rounded, even past Clinger's fast path.
    for text in [
        "0.30000000000000004",
        "123456789012345678901234567890.5",
        "2.2250738585072011e-308",
        "4.9e-324",
        "1.7976931348623157e308",
    ] {
        let want: f64 = text.parse().unwrap();
        assert_eq!(read4(text), built(G4, |b| b.float(want)), "{text}");
    }
}

#[test]
fn non_finite_floats_in_every_place() {
    let nan = read4(r#"{"float": "nan"}"#);
    assert_eq!(
        (word(&nan, 0), dword(&nan, 4)),
        (3 | 1 << 16, 0x7FF8_0000_0000_0000)
    );
    assert_eq!(
        read4(r#"{"float": "inf"}"#),
        built(G4, |b| b.float(f64::INFINITY))
    );
    assert_eq!(
        read4(r#"{"float": "-inf"}"#),
        built(G4, |b| b.float(f64::NEG_INFINITY))
    );
    assert_eq!(read4(r#"{"float": 2}"#), built(G4, |b| b.float(2.0)));
    let v = read4(r#"{"Vector3": ["nan", "inf", "-inf"]}"#);
    assert_eq!(
        (word(&v, 4), word(&v, 8), word(&v, 12)),
        (0x7FC0_0000, 0x7F80_0000, 0xFF80_0000)
    );
    let v = read4(r#"{"Vector2": ["nan", "-inf"], "double": true}"#);
    assert_eq!(
        (dword(&v, 4), dword(&v, 12)),
        (0x7FF8_0000_0000_0000, 0xFFF0_0000_0000_0000)
    );
    assert_eq!(
        read4(r#"{"PackedFloat32Array": ["nan", 1.5, "-inf"]}"#),
        built(G4, |b| b.packed_f32(&[f32::NAN, 1.5, f32::NEG_INFINITY]))
    );
    assert_eq!(
        read4(r#"{"PackedFloat64Array": ["inf", -0.0]}"#),
        built(G4, |b| b.packed_f64(&[f64::INFINITY, -0.0]))
    );
    assert_eq!(
        read4(r#"{"PackedColorArray": [["nan", 0.5, 1, 0]]}"#),
        built(G4, |b| b.packed_color(&[[f32::NAN, 0.5, 1.0, 0.0]]))
    );
}

#[test]
fn f32_components_are_rounded_once_from_the_decimal() {
    // Just below the midpoint between 1 + 2^-23 and 1 + 2^-22: the f32 is 1 + 2^-23; through
    // f64 (which rounds to the midpoint, then to even) it would be 1 + 2^-22.
    let v = read4(r#"{"Vector2": [1.0000001788139343261718749, 16777217]}"#);
    assert_eq!(
        (word(&v, 4), f32::from_bits(word(&v, 8))),
        (0x3F80_0001, 16_777_216.0)
    );
    let v = read4(r#"{"PackedFloat32Array": [1.0000001788139343261718749]}"#);
    assert_eq!(word(&v, 8), 0x3F80_0001);
}

#[test]
fn double_precision_forms_before_or_after_the_data() {
    let want = built(G4, |b| b.math_f64(VariantType::Vector3, &[0.1, 0.2, 1e300]));
    assert_eq!(
        read4(r#"{"Vector3": [0.1, 0.2, 1e300], "double": true}"#),
        want
    );
    assert_eq!(
        read4(r#"{"double": true, "Vector3": [0.1, 0.2, 1e300]}"#),
        want
    );
    let single = built(G4, |b| b.vector3([0.1, 0.2, 0.3]));
    assert_eq!(
        read4(r#"{"Vector3": [0.1, 0.2, 0.3], "double": false}"#),
        single
    );
    assert_eq!(read4(r#"{"Vector3": [0.1, 0.2, 0.3]}"#), single);

    let points = [[0.1, -2.25], [1e300, 0.0]];
    let want = built(G4, |b| b.packed_vector2_f64(&points));
    assert_eq!(
        read4(r#"{"PackedVector2Array": [[0.1, -2.25], [1e300, 0.0]], "double": true}"#),
        want
    );
    assert_eq!(
        read4(r#"{"double": true, "PackedVector2Array": [[0.1, -2.25], [1e300, 0.0]]}"#),
        want
    );
    let want = built(G4, |b| b.packed_vector4_f64(&[[0.1, 0.2, 0.3, 0.4]]));
    assert_eq!(
        read4(r#"{"PackedVector4Array": [[0.1, 0.2, 0.3, 0.4]], "double": true}"#),
        want
    );
    let want = built(G4, |b| b.packed_vector3(&[[0.1, 0.2, 0.3]]));
    assert_eq!(read4(r#"{"PackedVector3Array":[[0.1,0.2,0.3]]}"#), want);
    // Every math type's double form, written and read back.
    for ty in VariantType::ALL {
        let mut bytes = Vec::new();
        let comps: Vec<f64> = (0..16).map(|i| 0.1 * f64::from(i)).collect();
        let n = (2..=16).find(|&n| {
            Builder::new(&mut Vec::new(), G4)
                .math_f64(ty, &comps[..n])
                .is_ok()
        });
        let Some(n) = n else { continue };
        Builder::new(&mut bytes, G4)
            .math_f64(ty, &comps[..n])
            .unwrap();
        let value = VariantRef::parse(&bytes, G4).unwrap();
        assert_eq!(
            json::read(&to_json(value, false), G4).unwrap(),
            bytes,
            "{ty:?}"
        );
    }
}

#[test]
fn typed_containers_with_their_types_anywhere_in_the_object() {
    use ContainerType::{Builtin, ClassName, Script};
    let int = Builtin(VariantType::Int);
    let want = built(G4, |b| {
        let mut a = b.typed_array(int)?;
        a.push().int(1)?;
        a.push().int(2)?;
        a.finish()
    });
    assert_eq!(read4(r#"{"Array": [1, 2], "type": "int"}"#), want);
    assert_eq!(read4(r#"{"type": "int", "Array": [1, 2]}"#), want);
    assert_eq!(read4(r#"{"Array": [1, 2], "type": null}"#), read4("[1, 2]"));
    assert_eq!(
        read4(r#"{"Array": [], "type": {"class": "Node"}}"#),
        built(G4, |b| b.typed_array(ClassName("Node"))?.finish())
    );
    assert_eq!(
        read4(r#"{"type": {"script": "res://a.gd"}, "Array": []}"#),
        built(G4, |b| b.typed_array(Script("res://a.gd"))?.finish())
    );
    let dict = |k, v| {
        built(G4, move |b| {
            let mut d = b.typed_dictionary(k, v)?;
            d.entry("a").int(1)?;
            d.finish()
        })
    };
    let string = Builtin(VariantType::String);
    let untyped = ContainerType::Untyped;
    assert_eq!(
        read4(r#"{"Dictionary": [["a", 1]], "key_type": "String"}"#),
        dict(string, untyped)
    );
    assert_eq!(
        read4(r#"{"value_type": "int", "Dictionary": [["a", 1]]}"#),
        dict(untyped, int)
    );
    for text in [
        r#"{"Dictionary": [["a", 1]], "key_type": "String", "value_type": "int"}"#,
        r#"{"value_type": "int", "key_type": "String", "Dictionary": [["a", 1]]}"#,
        r#"{"key_type": "String", "Dictionary": [["a", 1]], "value_type": "int"}"#,
        r#"{"value_type": "int", "Dictionary": [["a", 1]], "key_type": "String"}"#,
    ] {
        assert_eq!(read4(text), dict(string, int), "{text}");
    }
    // Typed containers inside typed containers, their types after their elements: every
    // header is put in place.
    let want = built(G4, |b| {
        let mut outer = b.typed_array(Builtin(VariantType::Array))?;
        let mut inner = outer.push().typed_array(int)?;
        inner.push().int(1)?;
        inner.finish()?;
        let mut d = outer
            .push()
            .typed_dictionary(untyped, Builtin(VariantType::Array))?;
        d.entry_int(1)
            .typed_array(Builtin(VariantType::Float))?
            .finish()?;
        d.finish()?;
        outer.push().array()?.finish()?;
        outer.finish()
    });
    let text = r#"{"Array": [
        {"Array": [1], "type": "int"},
        {"Dictionary": [[1, {"Array": [], "type": "float"}]], "value_type": "Array"},
        []
    ], "type": "Array"}"#;
    assert_eq!(read4(text), want);
    assert_eq!(
        read4(&String::from_utf8(to_json(VariantRef::parse(&want, G4).unwrap(), true)).unwrap()),
        want
    );
}

#[test]
fn objects_in_every_form() {
    let want = built(G4, |b| {
        let mut o = b.object("Resource")?;
        o.property("name")?.string("x")?;
        o.property("script")?.nil()?;
        o.property("data")?.array()?.finish()?;
        o.finish()
    });
    assert_eq!(
        read4(
            r#"{"Object": {"class": "Resource", "properties": [["name", "x"], ["script", null], ["data", []]]}}"#
        ),
        want
    );
    assert_eq!(
        read4(
            r#"{"Object": {"properties": [["name", "x"], ["script", {"Object": null}], ["data", []]], "class": "Resource"}}"#
        ),
        want
    );
    assert_eq!(
        read4(r#"{"Object": {"id": 18446744073709551615}}"#),
        built(G4, |b| b.object_id(u64::MAX))
    );
    assert_eq!(read4(r#"{"Object": null}"#), [0, 0, 0, 0]);
    assert_eq!(read4(r#"{"Callable": null}"#), built(G4, |b| b.callable()));
    assert_eq!(
        read4(r#"{"Signal": {"object": 12, "name": "ready"}}"#),
        built(G4, |b| b.signal("ready", 12))
    );
    assert_eq!(
        read4(r#"{"RID": 94489280513}"#),
        built(G4, |b| b.rid(94_489_280_513))
    );
    // Godot 3 reads `script` as any value; Godot 4 as a resource path only.
    let text = r#"{"Object": {"class": "Node", "properties": [["script", 5]]}}"#;
    assert!(json::read(text.as_bytes(), G3).is_ok());
    let text = r#"{"Object": {"class": "Node", "properties": [["script", "res://a.gd"]]}}"#;
    assert!(json::read(text.as_bytes(), G4).is_ok());
    assert_eq!(
        json::read(br#"{"RID": 0}"#, G3).unwrap(),
        built(G3, |b| b.rid(0))
    );
}

#[test]
fn packed_byte_arrays_as_base64() {
    for n in 0..=7usize {
        let data: Vec<u8> = (0..n as u8).map(|i| i.wrapping_mul(97) ^ 0xA5).collect();
        let want = built(G4, |b| b.packed_bytes(&data));
        let text = to_json(VariantRef::parse(&want, G4).unwrap(), false);
        assert_eq!(json::read(&text, G4).unwrap(), want, "{n} bytes");
    }
    assert_eq!(
        read4(r#"{"PackedByteArray": "Zm9vYg=="}"#),
        built(G4, |b| b.packed_bytes(b"foob"))
    );
    assert_eq!(
        read4(r#"{"PackedByteArray": "Zm9vYmE="}"#),
        built(G4, |b| b.packed_bytes(b"fooba"))
    );
    // Escapes are text like any other.
    assert_eq!(
        read4(r#"{"PackedByteArray": "Zm9\u0076"}"#),
        built(G4, |b| b.packed_bytes(b"foo"))
    );
}

#[test]
fn packed_arrays_of_ints_and_strings() {
    assert_eq!(
        read4(r#"{"PackedInt32Array": [-2147483648, 0, 2147483647]}"#),
        built(G4, |b| b.packed_i32(&[i32::MIN, 0, i32::MAX]))
    );
    assert_eq!(
        read4(r#"{"PackedInt64Array": [-9223372036854775808, 9223372036854775807]}"#),
        built(G4, |b| b.packed_i64(&[i64::MIN, i64::MAX]))
    );
    assert_eq!(
        read4(r#"{"PackedStringArray": ["", "a\u0000b", "é\n"]}"#),
        built(G4, |b| b.packed_strings(["", "a\0b", "é\n"]))
    );
    assert_eq!(
        read4(r#"{"PackedStringArray": []}"#),
        built(G4, |b| b.packed_strings([""; 0]))
    );
}

#[test]
fn strings_with_every_escape_and_whitespace_anywhere() {
    assert_eq!(
        read4(r#""\ud83d\ude00 \u00E9 \/ \b\f\n\r\t \" \\ é""#),
        built(G4, |b| b.string("😀 é / \u{8}\u{c}\n\r\t \" \\ é"))
    );
    assert_eq!(
        read4(r#"{"StringName": "na\u006De"}"#),
        built(G4, |b| b.string_name("name"))
    );
    assert_eq!(
        read4(r#"{"NodePath": "/root/Main:position:x"}"#),
        built(G4, |b| b.node_path_str("/root/Main:position:x"))
    );
    let spaced =
        " \t\r\n{ \"Dictionary\" \n:\r\n[ [ \"k\" , { \"Vector2\" : [ 1 , 2.5 ] } ] ] \t} \n";
    let want = built(G4, |b| {
        let mut d = b.dictionary()?;
        d.entry("k").vector2([1.0, 2.5])?;
        d.finish()
    });
    assert_eq!(read4(spaced), want);
    // Escaped keys are keys.
    assert_eq!(
        read4(r#"{"\u0056ector2": [1, 2.5]}"#),
        built(G4, |b| b.vector2([1.0, 2.5]))
    );
}

#[test]
fn late_headers_nested_and_after_a_callers_prefix() {
    use ContainerType::{Builtin, ClassName};
    // An Array typed after its elements, holding an Object whose class follows its
    // properties, holding an Array typed after its elements: three headers put in place.
    let want = built(G4, |b| {
        let mut a = b.typed_array(ClassName("X"))?;
        let mut o = a.push().object("X")?;
        let mut inner = o.property("a")?.typed_array(Builtin(VariantType::Int))?;
        inner.push().int(7)?;
        inner.finish()?;
        o.property("b")?.string("text")?;
        o.finish()?;
        a.push().object_null()?;
        a.finish()
    });
    let text = r#"{"Array": [
        {"Object": {"properties": [["a", {"Array": [7], "type": "int"}], ["b", "text"]], "class": "X"}},
        {"Object": null}
    ], "type": {"class": "X"}}"#;
    assert_eq!(read4(text), want);
    let mut out = b"prefix".to_vec();
    json::read_into(text.as_bytes(), G4, &json::ReadOptions::new(), &mut out).unwrap();
    assert_eq!(out[..6], *b"prefix");
    assert_eq!(out[6..], want[..]);
}

/// The names 0.2.0 renamed (issue 41) stay one release as deprecated aliases of the new
/// ones, with the same results.
#[test]
#[allow(deprecated)]
fn renamed_functions_still_answer_as_the_new_names() {
    use gdvariant::text;
    let json = br#"{"Dictionary": [["hp", 10]]}"#;
    let bytes = json::read(json, Dialect::Godot4).unwrap();
    assert_eq!(json::to_bytes(json, Dialect::Godot4).unwrap(), bytes);
    let options = json::ReadOptions::new();
    assert_eq!(
        json::to_bytes_with(json, Dialect::Godot4, &options).unwrap(),
        bytes
    );
    let mut out = vec![7];
    json::to_bytes_into(json, Dialect::Godot4, &options, &mut out).unwrap();
    assert_eq!(out[1..], bytes[..]);
    let plain = br#"{"hp": 10}"#;
    assert_eq!(
        json::plain::to_bytes(plain, Dialect::Godot4).unwrap(),
        bytes
    );
    let template = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    assert_eq!(
        json::plain::to_bytes_like(plain, template).unwrap().bytes,
        bytes
    );
    let text = "{\n\"hp\": 10\n}";
    assert_eq!(text::to_bytes(text, Dialect::Godot4).unwrap(), bytes);
    let options = text::ReadOptions::new();
    assert_eq!(
        text::to_bytes_with(text, Dialect::Godot4, &options).unwrap(),
        bytes
    );
    let mut out = Vec::new();
    text::to_bytes_into(text, Dialect::Godot4, &options, &mut out).unwrap();
    assert_eq!(out, bytes);
    let sequence = text::sequence_to_bytes(text, Dialect::Godot4, &options).unwrap();
    assert_eq!(sequence.values, [bytes]);
}
