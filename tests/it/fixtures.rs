//! Every case written by real Godot 3.2.3, 3.6.2 and 4.6.3: we parse it, consume exactly its
//! bytes, and print exactly the text the same engine prints after decoding it.

use crate::common;

use common::{case, cases};
use gdvariant::VariantRef;

fn check_engine(engine: &'static str) {
    let all = cases(engine);
    assert!(all.len() >= 99, "{engine}: only {} cases", all.len());
    let mut failures = Vec::new();
    for c in &all {
        let bytes = c.value_bytes();
        if c.is_prefixed() {
            let prefix = u32::from_le_bytes(c.file[..4].try_into().unwrap());
            assert_eq!(
                prefix as usize,
                bytes.len(),
                "{engine}/{}: length prefix",
                c.name
            );
        }
        // A zero-byte case is an engine failure kept on purpose (a script-typed array
        // written without a script path); `bytes_to_var` prints it as null.
        let decoded = c.decoded_text.as_ref().filter(|_| !bytes.is_empty());
        match (decoded, VariantRef::parse_prefix(bytes, c.dialect())) {
            (Some(expected), Ok((value, len))) => {
                if len != bytes.len() {
                    failures.push(format!("{}: consumed {len} of {}", c.name, bytes.len()));
                }
                let text = value.text(c.style()).to_string();
                if &text != expected {
                    failures.push(format!(
                        "{}:\n  ours:   {:?}\n  engine: {:?}",
                        c.name,
                        cut(&text),
                        cut(expected)
                    ));
                }
            }
            (Some(_), Err(e)) => failures.push(format!("{}: rejected: {e}", c.name)),
            // The engine could not decode its own output. We must reject it too.
            (None, Ok(_)) => failures.push(format!("{}: engine rejects, we accept", c.name)),
            (None, Err(_)) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{engine}: {} failures\n{}",
        failures.len(),
        failures.join("\n")
    );
}

fn cut(s: &str) -> String {
    s.chars().take(300).collect()
}

#[test]
fn godot_3_2_3_cases() {
    check_engine("g32");
}

#[test]
fn godot_3_6_2_cases() {
    check_engine("g36");
}

#[test]
fn godot_4_6_3_cases() {
    check_engine("g4");
}

#[test]
fn engine_failure_case_is_rejected_with_offset_zero() {
    let c = case("g4", "array_typed_script__fo");
    assert!(c.value_bytes().is_empty());
    let err = VariantRef::parse(c.value_bytes(), c.dialect()).unwrap_err();
    assert_eq!(err.kind(), gdvariant::ErrorKind::UnexpectedEnd);
    assert_eq!(err.offset(), 0);
}

/// 3,000 random floats per engine, printed by the engine itself (tests/fixtures/extra).
#[test]
fn float_printing_matches_engines_on_random_values() {
    use gdvariant::text::TextStyle;
    use gdvariant::Dialect;
    let dir = common::fixtures_dir().join("extra");
    for (name, dialect, style) in [
        ("g32_floats", Dialect::Godot3, TextStyle::Godot32),
        ("g36_floats", Dialect::Godot3, TextStyle::Godot36),
        ("g4_floats", Dialect::Godot4, TextStyle::Godot4),
    ] {
        let bytes = std::fs::read(dir.join(format!("{name}.bin"))).unwrap();
        let expected = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap();
        let value = VariantRef::parse(&bytes, dialect).unwrap();
        let ours = value.text(style).to_string();
        if ours != expected {
            let diff: Vec<_> = ours
                .split(", ")
                .zip(expected.split(", "))
                .filter(|(a, b)| a != b)
                .take(10)
                .collect();
            panic!(
                "{name}: {} chars vs {}; first differences (ours, engine): {diff:?}",
                ours.len(),
                expected.len()
            );
        }
    }
}
