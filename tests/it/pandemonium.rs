//! Pandemonium's three eras against the bytes real engines wrote (`tests/fixtures/pandemonium/`,
//! 112 / 128 / 150 cases): every case parses and consumes exactly its bytes, prints the
//! engine's text of the value it encoded, and re-encodes byte for byte (NodePath padding
//! aside, which the engine leaves uninitialised).

use crate::common;

use common::Case;
use gdvariant::VariantRef;

const ERAS: [&str; 3] = ["pandemonium/pma", "pandemonium/pmb", "pandemonium/pmc"];

fn all() -> Vec<Case> {
    ERAS.iter().flat_map(|e| common::cases(e)).collect()
}

#[test]
fn every_case_parses_and_consumes_exactly_its_bytes() {
    let mut failures = Vec::new();
    for case in all() {
        let bytes = case.value_bytes();
        match VariantRef::parse(bytes, case.dialect()) {
            Ok(v) if v.encoded().len() == bytes.len() => {}
            Ok(v) => failures.push(format!(
                "{}/{}: consumed {} of {}",
                case.engine,
                case.name,
                v.encoded().len(),
                bytes.len()
            )),
            Err(e) => failures.push(format!("{}/{}: {e}", case.engine, case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Cases whose bytes do not hold the value the engine printed before encoding it: objects
/// written as ids (class and properties stay in the engine; typed object arrays then name
/// their class `EncodedObjectAsID`), and Vector4i pools (the encoder writes z in the w
/// slot). For these the text to print is the engine's reading of the bytes.
fn encoder_lost_information(case: &Case) -> bool {
    let id_objects = case.name.starts_with("object_") && !case.name.ends_with("__fo");
    let typed_ids = ["typed_node_empty", "typed_node_null", "typed_resource"]
        .iter()
        .any(|n| case.name == *n || case.name == format!("p{n}"));
    id_objects || typed_ids || case.name.starts_with("pv4i_")
}

/// The engine's decoder bugs (FORMAT.md §6, fixtures README): where the engine's own
/// decoder fails on its encoder's bytes or misreads them, we read what the encoder wrote.
const DECODER_BUGS: &[(&str, &str)] = &[
    (
        "array_projection_last",
        "a Projection needs 248 bytes after its header to decode",
    ),
    (
        "projection_frustum",
        "a Projection needs 248 bytes after its header to decode",
    ),
    (
        "projection_persp",
        "a Projection needs 248 bytes after its header to decode",
    ),
    (
        "projection_vectors",
        "a Projection needs 248 bytes after its header to decode",
    ),
    (
        "array_vector4_pair",
        "a Vector4 consumes 12 bytes: its w is read as the next header (NIL)",
    ),
    (
        "array_vector4_then_int",
        "a Vector4 consumes 12 bytes: its w is read as the next header",
    ),
    (
        "array_vector4i_bad_w",
        "a Vector4i consumes 12 bytes: w = 200 is read as a type id",
    ),
    (
        "dict_vector4_value",
        "a Vector4 value consumes 12 bytes: the next pair is misread",
    ),
    (
        "dict_vector4i_key",
        "a Vector4i key consumes 12 bytes: its value is misread",
    ),
    (
        "typed_vector4",
        "a Vector4 element consumes 12 bytes; the stray NIL is dropped",
    ),
    (
        "ptyped_vector4i",
        "a Vector4i element consumes 12 bytes; the stray NIL is dropped",
    ),
    ("pv4_1", "a pool Vector4's w is read from the z slot"),
    ("pv4_1000", "a pool Vector4's w is read from the z slot"),
];

fn our_text(case: &Case) -> Option<String> {
    let v = VariantRef::parse(case.value_bytes(), case.dialect()).ok()?;
    Some(v.text(case.style()).to_string())
}

#[test]
fn every_case_prints_the_engines_text() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in all() {
        let expected = if case.godot_roundtrip == "same" || encoder_lost_information(&case) {
            case.decoded_text.clone()
        } else {
            case.text.clone()
        };
        let Some(expected) = expected else {
            failures.push(format!("{}/{}: no text to compare", case.engine, case.name));
            continue;
        };
        let Some(ours) = our_text(&case) else {
            failures.push(format!("{}/{}: does not parse", case.engine, case.name));
            continue;
        };
        checked += 1;
        if ours != expected {
            let at = ours
                .bytes()
                .zip(expected.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(ours.len().min(expected.len()));
            let from = at.saturating_sub(60);
            let window = |s: &str| {
                s.get(from..(at + 60).min(s.len()))
                    .unwrap_or("")
                    .to_string()
            };
            failures.push(format!(
                "{}/{} (at byte {at}):\n  ours:   {:?}\n  engine: {:?}",
                case.engine,
                case.name,
                window(&ours),
                window(&expected)
            ));
        }
    }
    assert_eq!(checked, 112 + 128 + 150, "every case is checked");
    assert!(
        failures.is_empty(),
        "{} of {checked}:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn where_the_engines_decoder_fails_or_misreads_we_read_what_its_encoder_wrote() {
    let mut seen = 0;
    for case in all() {
        if case.godot_roundtrip == "same" || encoder_lost_information(&case) {
            continue;
        }
        let (_, why) = DECODER_BUGS
            .iter()
            .find(|(name, _)| *name == case.name)
            .unwrap_or_else(|| panic!("{}/{}: a round trip not pinned", case.engine, case.name));
        seen += 1;
        let ours = our_text(&case).expect("parses");
        // The value the engine encoded, as the engine printed it before encoding.
        assert_eq!(
            Some(&ours),
            case.text.as_ref(),
            "{}/{}: {why}",
            case.engine,
            case.name
        );
        // The engine's own reading of those bytes is something else, or nothing.
        match case.godot_roundtrip.as_str() {
            "FAILED" => assert_eq!(case.decoded_text, None, "{}", case.name),
            _ => assert_ne!(Some(&ours), case.decoded_text.as_ref(), "{}", case.name),
        }
    }
    // Era A has none of the types involved; era B 10 cases, era C 13 (its typed arrays and
    // projection_vectors).
    assert_eq!(seen, 10 + 13, "every decoder bug case is pinned");
}

#[test]
fn every_case_reencodes_byte_for_byte() {
    let mut failures = Vec::new();
    for case in all() {
        let dialect = case.dialect();
        let bytes = case.value_bytes();
        let Ok(v) = VariantRef::parse(bytes, dialect) else {
            continue;
        };
        let mut expected = bytes.to_vec();
        common::zero_node_path_padding(&mut expected, dialect);
        let owned = v.to_owned().to_bytes(dialect);
        let mut copied = Vec::new();
        let copy = gdvariant::Builder::new(&mut copied, dialect).value_of(v.value());
        match (owned, copy) {
            (Ok(a), Ok(())) if a == expected && copied == expected => {}
            (a, b) => failures.push(format!(
                "{}/{}: owned {:?}, copy {:?}",
                case.engine,
                case.name,
                a.map(|a| a == expected),
                b.map(|()| copied == expected)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_case_goes_through_json_and_back_to_its_bytes() {
    let mut failures = Vec::new();
    for case in all() {
        let dialect = case.dialect();
        let bytes = case.value_bytes();
        let v = VariantRef::parse(bytes, dialect).unwrap();
        let mut expected = bytes.to_vec();
        common::zero_node_path_padding(&mut expected, dialect);
        for pretty in [false, true] {
            let mut json = Vec::new();
            gdvariant::json::write(
                &mut json,
                v,
                &gdvariant::json::WriteOptions::new().pretty(pretty),
            )
            .unwrap();
            match gdvariant::json::read(&json, dialect) {
                Ok(back) if back == expected => {}
                Ok(_) => failures.push(format!("{}/{}: different bytes", case.engine, case.name)),
                Err(e) => failures.push(format!("{}/{}: {e}", case.engine, case.name)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_case_shown_reads_back_to_the_same_text() {
    // The engines' text keeps 6 significant digits of a float (and of an integer vector's
    // components), so Pandemonium is checked text for text, as Godot 3 is.
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in all() {
        let dialect = case.dialect();
        let Some(shown) = our_text(&case) else {
            continue;
        };
        if shown.is_empty() {
            // A RID prints as nothing, as in Godot 3: there is no text to read.
            assert_eq!(case.name, "rid_canvas");
            continue;
        }
        checked += 1;
        let back = match gdvariant::text::read(&shown, dialect) {
            Ok(bytes) => bytes,
            Err(e) => {
                failures.push(format!("{}/{}: {e}", case.engine, case.name));
                continue;
            }
        };
        let again = VariantRef::parse(&back, dialect)
            .unwrap()
            .text(case.style())
            .to_string();
        if again != shown {
            let at = again
                .bytes()
                .zip(shown.bytes())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            let w = |s: &str| {
                s.get(at.saturating_sub(40)..(at + 40).min(s.len()))
                    .unwrap_or("")
                    .to_string()
            };
            failures.push(format!(
                "{}/{}: {:?} vs {:?}",
                case.engine,
                case.name,
                w(&again),
                w(&shown)
            ));
        }
    }
    assert_eq!(checked, 390 - 3);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// serde works for Pandemonium values too: every fixture into `Variant` and back through
/// `to_vec` gives its bytes, and a derived struct reads a Pandemonium dictionary.
#[cfg(feature = "serde")]
#[test]
fn serde_reads_and_writes_every_era() {
    // serde recurses once per level: the 1,001 nested arrays need a big stack in debug.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(serde_every_era)
        .unwrap()
        .join()
        .unwrap();
}

#[cfg(feature = "serde")]
fn serde_every_era() {
    use gdvariant::{Dialect, Variant};
    let mut failures = Vec::new();
    for case in all() {
        let dialect = case.dialect();
        let bytes = case.value_bytes();
        let mut expected = bytes.to_vec();
        common::zero_node_path_padding(&mut expected, dialect);
        let v: Variant = match gdvariant::from_bytes(bytes, dialect) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{}/{}: from_bytes: {e}", case.engine, case.name));
                continue;
            }
        };
        match gdvariant::to_vec(&v, dialect) {
            Ok(out) if out == expected => {}
            Ok(_) => failures.push(format!("{}/{}: to_vec differs", case.engine, case.name)),
            Err(e) => failures.push(format!("{}/{}: to_vec: {e}", case.engine, case.name)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));

    #[derive(serde::Deserialize, serde::Serialize, Debug, PartialEq)]
    struct Entry {
        ints: Vec<i64>,
        name: String,
    }
    let bytes = gdvariant::to_vec(
        &Entry {
            ints: vec![1, 2],
            name: "pm".into(),
        },
        Dialect::PandemoniumC,
    )
    .unwrap();
    // Era C's Dictionary is id 25, Array 26.
    assert_eq!(bytes.first(), Some(&25));
    let back: Entry = gdvariant::from_bytes(&bytes, Dialect::PandemoniumC).unwrap();
    assert_eq!(back.name, "pm");
}

/// What the fuzz targets found once they covered the eras (each fixed in the library).
#[test]
fn fuzz_finds_in_the_eras() {
    use gdvariant::{Builder, Dialect, ErrorKind, ParseOptions, Value};
    let c = Dialect::PandemoniumC;
    // A typed array whose count carries Godot 2's "shared" bit re-encodes without it (the
    // copy took its prefix as canonical and kept the bit, which strict mode refuses).
    let bytes: Vec<u8> = [0x1c, 4, 0x8000_0002, 4, 1, 0x61, 4, 0]
        .iter()
        .flat_map(|w: &u32| w.to_le_bytes())
        .collect();
    let v = VariantRef::parse(&bytes, c).unwrap();
    assert_eq!(v.to_string(), "PackedTypedArray( String , \"a\", \"\" )");
    let mut out = Vec::new();
    Builder::new(&mut out, c).value(v).unwrap();
    assert_eq!(&out[8..12], &2u32.to_le_bytes());
    VariantRef::parse_with(&out, c, &ParseOptions::new().strict(true)).unwrap();
    // An element type number no type has: refused, as for a Godot 4 container (the engine
    // takes it and drops every element), so that everything read can be written back.
    let bytes: Vec<u8> = [0x1c, 0x6500_0017, 0]
        .iter()
        .flat_map(|w: &u32| w.to_le_bytes())
        .collect();
    let e = VariantRef::parse(&bytes, c).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (ErrorKind::InvalidContainerType(0x6500_0017), 4)
    );
    // A PoolVector3iArray's element is a Vector3i of its own.
    let bytes: Vec<u8> = [31, 1, 1, 2, 3]
        .iter()
        .flat_map(|w: &u32| w.to_le_bytes())
        .collect();
    let v = VariantRef::parse(&bytes, Dialect::PandemoniumA).unwrap();
    let element = v.as_packed().unwrap().get(0).unwrap();
    assert!(matches!(element, Value::Vector3i(m) if m.get_i32(2) == Some(3)));
}
