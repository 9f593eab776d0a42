//! Parse → `Builder::value` → parse: re-encoding is faithful and stable.
//!
//! Input: `[config byte][value bytes]` (config: see `src/lib.rs`). For a value that
//! parses:
//! - `Builder::value` in the same dialect succeeds, and its output parses in strict mode
//!   (it is canonical) to a value with the same text in every `TextStyle` (when a
//!   dictionary key holds a full null object, only the same text length: see
//!   [`null_object_in_key`]);
//! - building again from that parse gives identical bytes;
//! - `to_owned().encode()` writes the same bytes, from either parse, and `encoded_len`
//!   predicts their length;
//! - building into the other dialect may fail, but what it writes parses there.
#![no_main]

use gdvariant::text::TextStyle;
use gdvariant::{Builder, Dialect, ObjectRef, ParseOptions, VariantRef};
use gdvariant_fuzz::{Config, Sink};
use libfuzzer_sys::fuzz_target;

fn build(value: VariantRef<'_>, dialect: Dialect) -> Result<Vec<u8>, gdvariant::BuildError> {
    let mut out = Vec::new();
    Builder::new(&mut out, dialect).value(value).map(|()| out)
}

/// Does `v` hold a full null object (an Object with an empty class name), anywhere?
fn has_null_object(v: VariantRef<'_>) -> bool {
    match v.as_object() {
        Some(ObjectRef::Null) => return true,
        Some(ObjectRef::Full(o)) => return o.properties().any(|(_, p)| has_null_object(p)),
        _ => {}
    }
    if let Some(array) = v.as_array() {
        return array.iter().any(has_null_object);
    }
    v.as_dictionary().is_some_and(|d| {
        d.iter()
            .any(|(k, v)| has_null_object(k) || has_null_object(v))
    })
}

/// Does a dictionary key in `v` hold a full null object? Re-encoding writes it as a bare
/// NIL header, as the engine does, and the engines sort keys by type id first: the text
/// lists the same pairs in another order. Godot 4.6.3 prints both orders exactly as
/// gdvariant does (checked with tools/engines/decode.sh), so this is not a defect.
fn null_object_in_key(v: VariantRef<'_>) -> bool {
    if let Some(ObjectRef::Full(o)) = v.as_object() {
        return o.properties().any(|(_, p)| null_object_in_key(p));
    }
    if let Some(array) = v.as_array() {
        return array.iter().any(null_object_in_key);
    }
    v.as_dictionary().is_some_and(|d| {
        d.iter()
            .any(|(k, v)| has_null_object(k) || null_object_in_key(k) || null_object_in_key(v))
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((config, bytes)) = Config::split(data) else {
        return;
    };
    let dialect = config.dialect;
    let Ok(first) = config.parse(bytes) else {
        return;
    };
    let built = build(first, dialect).expect("a parsed value re-encodes in its dialect");
    let second = VariantRef::parse_with(&built, dialect, &ParseOptions::new().strict(true))
        .expect("the builder's output parses in strict mode");
    let reordered = null_object_in_key(first);
    for style in [TextStyle::Godot32, TextStyle::Godot36, TextStyle::Godot4] {
        let (a, b) = (Sink::of(first.text(style)), Sink::of(second.text(style)));
        if reordered {
            assert_eq!(
                a.len, b.len,
                "text length ({style:?}) changed: {first} vs {second}"
            );
        } else {
            assert_eq!(a, b, "text ({style:?}) changed: {first} vs {second}");
        }
    }
    let again = build(second, dialect).expect("re-encodes again");
    assert_eq!(again, built, "re-encoding is not stable");

    let owned = first.to_owned();
    assert_eq!(owned.encoded_len(dialect), Ok(built.len()));
    let mut encoded = Vec::new();
    owned
        .encode(&mut encoded, dialect)
        .expect("owned copy encodes");
    assert_eq!(
        encoded, built,
        "to_owned().encode() differs from Builder::value"
    );
    // Not `owned.bitwise_eq(&second.to_owned())`: a full null object (empty class name)
    // stays `Object::Null` in the owned copy but is written as a bare NIL header.
    let mut canonical = Vec::new();
    second
        .to_owned()
        .encode(&mut canonical, dialect)
        .expect("encodes");
    assert_eq!(
        canonical, built,
        "the owned copy of canonical bytes re-encodes differently"
    );

    let other = match dialect {
        Dialect::Godot3 => Dialect::Godot4,
        _ => Dialect::Godot3,
    };
    if let Ok(cross) = build(first, other) {
        // Found here and fixed in dd55c7b: a Godot 3 object whose `script` property is not
        // a String was written to Godot 4 as is (tests/it/fuzz_regressions.rs).
        VariantRef::parse(&cross, other).expect("cross-dialect output parses");
    }
});
