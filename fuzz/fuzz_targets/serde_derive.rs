//! Arbitrary bytes into nested derived types with borrowed fields (`gdvariant::from_bytes`,
//! `from_value`), and what they decode to back out through `to_vec`.
//!
//! Input: `[config byte][value bytes]` (config: see `src/lib.rs`; bits 4–5 and 7 unused).
//! For every input:
//! - `from_value` on the parse never panics; an error's offset lies inside the input;
//! - with the default options, `from_bytes` gives the same result as `from_value` (the same
//!   value, or an error with the same message, path and offset);
//! - `Variant` deserializes exactly: equal (bit for bit) to `VariantRef::to_owned`;
//! - a `Save` that decodes serializes with `to_vec` (a Godot 3 limit may refuse it: then
//!   nothing was written), and what `to_vec` writes decodes again and serializes to the
//!   same bytes (one round reaches the fixed point).
#![no_main]

use std::collections::BTreeMap;

use gdvariant::serde::with;
use gdvariant::{Dialect, ParseOptions, Variant, VariantRef};
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;
use serde::{Deserialize, Serialize};

#[derive(Serialize, Deserialize, Debug)]
enum Event<'a> {
    Idle,
    Moved(i32),
    Said(&'a str, u8),
    Hit { damage: i64, by: Option<String> },
    Tags(#[serde(borrow)] Vec<&'a str>),
}

#[derive(Serialize, Deserialize, Debug)]
struct Item<'a> {
    name: &'a str,
    count: u16,
    weight: f32,
    #[serde(borrow)]
    events: Vec<Event<'a>>,
    #[serde(default)]
    raw: Option<&'a [u8]>,
}

#[derive(Serialize, Deserialize, Debug)]
struct Save<'a> {
    #[serde(borrow)]
    player: &'a str,
    #[serde(default)]
    level: i8,
    #[serde(default)]
    gold: i64,
    #[serde(default)]
    ratio: f64,
    #[serde(default)]
    alive: bool,
    #[serde(borrow, default)]
    items: Vec<Item<'a>>,
    #[serde(default)]
    stats: BTreeMap<&'a str, i32>,
    #[serde(default)]
    flags: BTreeMap<i16, Option<bool>>,
    #[serde(default)]
    pair: Option<(u8, String)>,
    #[serde(borrow, default)]
    last: Option<Event<'a>>,
    #[serde(with = "with::vector3", default)]
    pos: [f32; 3],
    #[serde(with = "with::packed_vector3_array", default)]
    path: Vec<[f32; 3]>,
    #[serde(with = "with::packed_string_array", default)]
    tags: Vec<String>,
    // Godot 3 has no StringName: an empty one is left out, so Godot 3 round-trips too.
    #[serde(
        with = "with::string_name",
        default,
        skip_serializing_if = "String::is_empty"
    )]
    kind: String,
    #[serde(default)]
    extra: Option<Variant>,
}

/// Deserializes `T` both ways and checks that they agree; the result of `from_value`.
fn both<'a, T>(bytes: &'a [u8], parsed: Option<VariantRef<'a>>, config: &Config) -> Option<T>
where
    T: Deserialize<'a> + std::fmt::Debug,
{
    let parsed = parsed?;
    let result = gdvariant::from_value::<T>(parsed);
    if let Err(e) = &result {
        assert!(
            e.offset().is_none_or(|o| o <= bytes.len()),
            "{e}: offset past the input"
        );
    }
    if config.options == ParseOptions::default() && !config.prefix {
        match (&result, gdvariant::from_bytes::<T>(bytes, config.dialect)) {
            // Debug, not PartialEq: a NaN field is the same value both ways.
            (Ok(a), Ok(b)) => assert_eq!(format!("{a:?}"), format!("{b:?}")),
            (Err(a), Err(b)) => {
                assert_eq!(a.to_string(), b.to_string());
                assert_eq!(a.offset(), b.offset());
            }
            (a, b) => panic!("from_value: {a:?}, from_bytes: {b:?}"),
        }
    }
    result.ok()
}

fn round_trip(save: &Save<'_>, dialect: Dialect) {
    let mut out = vec![0xAA];
    let Ok(first) = gdvariant::to_vec(save, dialect) else {
        assert!(gdvariant::to_writer(&mut out, save, dialect).is_err());
        assert_eq!(out, [0xAA], "to_writer wrote on error");
        return;
    };
    VariantRef::parse_with(&first, dialect, &ParseOptions::new().strict(true))
        .unwrap_or_else(|e| panic!("to_vec wrote bytes that do not parse strictly: {e}"));
    let again: Save<'_> = gdvariant::from_bytes(&first, dialect)
        .unwrap_or_else(|e| panic!("to_vec wrote bytes from_bytes refuses: {e}"));
    let second = gdvariant::to_vec(&again, dialect).expect("the second to_vec");
    assert_eq!(
        first, second,
        "to_vec → from_bytes → to_vec changed the bytes"
    );
}

fuzz_target!(|data: &[u8]| {
    let Some((&config, bytes)) = data.split_first() else {
        return;
    };
    let config = Config::new(config);
    let parsed = if config.prefix {
        VariantRef::parse_prefix_with(bytes, config.dialect, &config.options)
            .ok()
            .map(|(v, _)| v)
    } else {
        VariantRef::parse_with(bytes, config.dialect, &config.options).ok()
    };
    if let Some(value) = parsed {
        let variant: Variant = gdvariant::from_value(value).expect("any value is a Variant");
        assert!(
            variant.bitwise_eq(&value.to_owned()),
            "Variant through serde differs"
        );
    }
    if let Some(save) = both::<Save<'_>>(bytes, parsed, &config) {
        round_trip(&save, config.dialect);
    }
    both::<Vec<Event<'_>>>(bytes, parsed, &config);
    both::<BTreeMap<&str, Item<'_>>>(bytes, parsed, &config);
    both::<Option<(f32, &[u8], Vec<Option<String>>)>>(bytes, parsed, &config);
});
