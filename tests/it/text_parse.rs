//! The text parser (`gdvariant::text`) against every engine fixture: what `Display`
//! prints reads back to the same text, and (Godot 4) to the same bytes.

use crate::common;

use common::{cases, zero_node_path_padding};
use gdvariant::text::{self, ReadOptions, TextErrorKind};
use gdvariant::{Builder, Dialect, VariantRef};

const G3: Dialect = Dialect::Godot3;
const G4: Dialect = Dialect::Godot4;

fn canonical(bytes: &[u8], dialect: Dialect) -> Vec<u8> {
    let v = VariantRef::parse(bytes, dialect).unwrap();
    let mut out = Vec::new();
    Builder::new(&mut out, dialect).value(v).unwrap();
    zero_node_path_padding(&mut out, dialect);
    out
}

/// Godot 4 fixtures whose text holds less than their bytes, so that the bytes read back
/// differ (the text still reads back to the same text): the engine prints −0.0 as `0` and
/// 5e-324 as `0` (`float_m0`, `pf64_special`), sorts dictionary keys (`object_image__fo`'s
/// `data`), and cuts values nested deeper than its limit (`array_deep_1000`).
const G4_TEXT_LOSES: [&str; 4] = [
    "float_m0",
    "pf64_special",
    "object_image__fo",
    "array_deep_1000",
];

#[test]
fn every_fixture_reads_back_from_its_text() {
    let mut report = Vec::new();
    let (mut total, mut same_text, mut same_bytes) = (0, 0, 0);
    for engine in ["g32", "g36", "g4"] {
        for case in cases(engine) {
            if case.file.is_empty() {
                continue;
            }
            let dialect = case.dialect();
            let value = VariantRef::parse(case.value_bytes(), dialect).unwrap();
            let shown = value.text(case.style()).to_string();
            if shown.is_empty() {
                // Godot 3 prints a RID as nothing at all: there is nothing to read.
                assert_eq!(value.ty(), gdvariant::VariantType::Rid, "{}", case.name);
                continue;
            }
            total += 1;
            let bytes = match text::read(&shown, dialect) {
                Ok(b) => b,
                Err(e) => {
                    report.push(format!("{engine}/{}: {e}\n{shown}", case.name));
                    continue;
                }
            };
            let back = VariantRef::parse(&bytes, dialect).expect("the parser writes valid bytes");
            if back.text(case.style()).to_string() == shown {
                same_text += 1;
            } else {
                report.push(format!(
                    "{engine}/{}: text differs\n{shown}\n{}",
                    case.name,
                    back.text(case.style())
                ));
                continue;
            }
            if bytes == canonical(case.value_bytes(), dialect) {
                same_bytes += 1;
            } else if dialect == G4 && !G4_TEXT_LOSES.contains(&case.name.as_str()) {
                report.push(format!("{engine}/{}: bytes differ", case.name));
            }
        }
    }
    eprintln!("{total} fixtures: {same_text} same text, {same_bytes} same bytes");
    // Same bytes as the canonical re-encoding: Godot 4 all but the 4 above, Godot 3 where
    // the 6-digit floats of its text are exact.
    assert_eq!((total, same_text, same_bytes), (330, 330, 303));
    for r in &report {
        let cut: String = r.chars().take(400).collect();
        eprintln!("{cut}\n");
    }
    assert!(report.is_empty(), "{} fixtures fail", report.len());
}

#[test]
fn errors_have_lines_and_columns() {
    let cases: &[(&str, TextErrorKind, usize, usize)] = &[
        (
            "[1,\n  2 3]",
            TextErrorKind::Expected("',' or a closing bracket"),
            2,
            5,
        ),
        ("{\"a\" 1}", TextErrorKind::Expected("':'"), 1, 6),
        ("[1, 2", TextErrorKind::UnexpectedEnd, 1, 6),
        (
            "Vector2(1)",
            TextErrorKind::WrongArgumentCount {
                name: "Vector2",
                expected: 2,
            },
            1,
            10,
        ),
        ("\"abc", TextErrorKind::UnterminatedString, 1, 1),
        ("'a'", TextErrorKind::UnexpectedCharacter, 1, 1),
        ("1 2", TextErrorKind::TrailingText, 1, 3),
        ("[,]", TextErrorKind::ExpectedValue, 1, 2),
        ("\u{feff}1", TextErrorKind::UnexpectedCharacter, 1, 1),
        (
            "Vector2i(1, 2)",
            TextErrorKind::UnexpectedIdentifier("Vector2i".into()),
            1,
            1,
        ),
    ];
    for (input, kind, line, column) in cases {
        let dialect = if input.contains("Vector2i") { G3 } else { G4 };
        let err = text::read(input, dialect).unwrap_err();
        assert_eq!(
            (err.kind(), err.line(), err.column()),
            (kind, *line, *column),
            "{input:?}: {err}"
        );
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_stack_overflow() {
    let deep = "[".repeat(100_000);
    let err = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || text::read(&deep, G4).unwrap_err())
        .unwrap()
        .join()
        .unwrap();
    assert_eq!((err.kind(), err.offset()), (&TextErrorKind::TooDeep, 1024));
}

fn shown(input: &str, dialect: Dialect) -> String {
    let bytes = text::read(input, dialect).unwrap_or_else(|e| panic!("{input:?}: {e}"));
    VariantRef::parse(&bytes, dialect).unwrap().to_string()
}

#[test]
fn what_the_engine_accepts() {
    assert_eq!(shown("Vector2( 1, 2 )", G3), "Vector2( 1, 2 )");
    assert_eq!(shown("[1, 2,] ; comment", G4), "[1, 2]");
    assert_eq!(
        shown("{\"a\": 1, \"a\": 2, \"b\": 3}", G4),
        "{\n\"a\": 2,\n\"b\": 3\n}"
    );
    assert_eq!(shown("{&\"a\": 1, \"a\": 2}", G4), "{\n&\"a\": 2\n}");
    assert_eq!(
        shown("[inf, inf_neg, -inf, nan]", G4),
        "[inf, inf_neg, inf_neg, nan]"
    );
    assert_eq!(shown("[1E5, 1.5e]", G4), "[100000.0, 15.0]");
    assert_eq!(shown("Array[int]([1, 2.5])", G4), "Array[int]([1, 2])");
    assert_eq!(shown("Array[int]([\"a\"])", G4), "Array[int]([])");
    assert_eq!(
        shown("PackedByteArray(\"AQID\")", G4),
        "PackedByteArray(1, 2, 3)"
    );
    assert_eq!(
        shown("PackedVector2Array(1, 2, 3)", G4),
        "PackedVector2Array(1, 2)"
    );
    assert_eq!(
        shown("PackedStringArray(\"a\",)", G4),
        "PackedStringArray(\"a\")"
    );
    assert_eq!(shown("\"\\u00e9\\U01F600\\q\"", G4), "\"é😀q\"");
    assert_eq!(shown("[#ff000080]", G4), "[Color(1, 0, 0, 0.5019608)]");
    assert_eq!(shown("Quat(0, 0, 0, 1)", G4), "Quaternion(0, 0, 0, 1)");
    assert_eq!(
        shown("Object(Resource, \"name\": \"x\",)", G4),
        "Object(Resource,\"name\":\"x\")\n"
    );
    let engine = ReadOptions::new().engine_floats(true);
    let mut out = Vec::new();
    text::read_into("100250739757989.17", G4, &engine, &mut out).unwrap();
    let v = VariantRef::parse(&out, G4).unwrap().as_float().unwrap();
    assert_eq!(v, 100250739757989.16);
}

#[test]
fn equal_keys_fold_in_large_dictionaries_too() {
    // 5,000 keys, then "k2500" again and 7 (int) again: the later values win, in place.
    let mut text = String::from("{");
    for i in 0..5000 {
        text.push_str(&format!("\"k{i}\": {i}, "));
    }
    text.push_str("7: \"int\", \"k2500\": \"again\", 7.0: \"float\", 7: \"int again\"}");
    let bytes = text::read(&text, G4).unwrap();
    let v = VariantRef::parse(&bytes, G4).unwrap();
    let d = v.as_dictionary().unwrap();
    assert_eq!(d.len(), 5002);
    assert_eq!(d.get("k2500").unwrap().as_str(), Some("again"));
    let keys: Vec<String> = d.iter().map(|(k, _)| k.to_string()).collect();
    assert_eq!(keys[2500], "\"k2500\"");
    assert_eq!(&keys[5000..], ["7", "7.0"]);
    assert_eq!(d.iter().nth(5000).unwrap().1.to_string(), "\"int again\"");
}

/// `read_sequence`: `show`'s numbered form of several values, exactly where the markers
/// are lines `#N` in order; a value's own text (a string holding `#1` lines) is never a
/// marker; one value alone is read as `parse` reads it.
#[test]
fn numbered_values_read_as_a_sequence() {
    use gdvariant::text::{read_sequence, ReadOptions, TextErrorKind};
    let o = ReadOptions::default();
    let g4 = Dialect::Godot4;
    let read = |t: &str| read_sequence(t, g4, &o);
    let texts = |t: &str| -> Vec<String> {
        read(t)
            .unwrap()
            .values
            .iter()
            .map(|v| VariantRef::parse(v, g4).unwrap().to_string())
            .collect()
    };
    assert_eq!(texts("#0\n1\n#1\n\"a\"\n"), ["1", "\"a\""]);
    assert_eq!(texts("  #0 \r\n1\r\n#1\t\r\n[2]"), ["1", "[2]"]);
    assert_eq!(texts("#0\n\"x\n#1\ny\"\n#1\n2"), ["\"x\n#1\ny\"", "2"]);
    assert_eq!(texts("#0\n1 ; a comment\n\n#1\n2"), ["1", "2"]);
    // One value alone: not numbered; a `#` colour is a value.
    let one = read("#ff0000 ").unwrap(); // (a colour that ends the text is its end, as in the engine)
    assert!(!one.numbered);
    assert_eq!(
        VariantRef::parse(&one.values[0], g4).unwrap().to_string(),
        "Color(1, 0, 0, 1)"
    );
    assert!(read("#0\n1\n").unwrap().numbered);
    // Errors: a number out of order, `#01`, a marker with text after it, text between
    // values, a marker with no value: each at its line and column.
    for (text, line, column, kind) in [
        ("#0\n1\n#2\n2", 3, 1, "expected"),
        ("#0\n1\n#01\n2", 3, 1, "expected"),
        ("#0\n1\n#1 2\n", 3, 1, "expected"),
        ("#0\n1 2\n#1\n3", 2, 3, "expected"),
        ("#0\n1\n#1\n", 4, 1, "value"),
        ("#0 x\n1", 1, 4, "any"), // not a marker: a colour, then text after it
    ] {
        let e = read(text).unwrap_err();
        assert_eq!((e.line(), e.column()), (line, column), "{text:?}: {e:?}");
        match kind {
            "expected" => assert!(matches!(e.kind(), TextErrorKind::Expected(_)), "{e:?}"),
            "value" => assert_eq!(*e.kind(), TextErrorKind::ExpectedValue),
            _ => {}
        }
    }
}
