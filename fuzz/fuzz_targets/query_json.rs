//! Lossless JSON and path queries.
//!
//! Input: `[config byte][path length n][n bytes of path][value bytes]` (config: see
//! `src/lib.rs`; its bit 7 picks pretty JSON for the queried value). For a value that
//! parses:
//! - `json::write` succeeds, compact and pretty, with UTF-8 output that `serde_json`
//!   reads, to the same JSON value both ways;
//! - `query(path)` (path: the bytes as lossy UTF-8) does not panic; it fails with a syntax
//!   error exactly when `parse_path` does; what it finds lies inside the input and writes
//!   as JSON too.
#![no_main]

use gdvariant::json;
use gdvariant::query::{parse_path, Found, QueryError};
use gdvariant::VariantRef;
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;

/// Writes `value` as JSON and reads it back with serde_json.
fn to_json(value: VariantRef<'_>, pretty: bool) -> serde_json::Value {
    let mut out = Vec::new();
    json::write(&mut out, value, &json::WriteOptions::new().pretty(pretty))
        .expect("writing to a Vec cannot fail");
    let text = std::str::from_utf8(&out).expect("JSON output is UTF-8");
    let mut reader = serde_json::Deserializer::from_str(text);
    reader.disable_recursion_limit();
    let parsed = serde::Deserialize::deserialize(&mut reader);
    let parsed: serde_json::Value = parsed.unwrap_or_else(|e| panic!("invalid JSON ({e}): {text}"));
    reader.end().expect("nothing after the JSON value");
    parsed
}

fuzz_target!(|data: &[u8]| {
    let Some((config, rest)) = Config::split(data) else {
        return;
    };
    let Some((&n, rest)) = rest.split_first() else {
        return;
    };
    let (path, bytes) = rest.split_at(usize::from(n).min(rest.len()));
    let Ok(value) = config.parse(bytes) else {
        return;
    };
    assert_eq!(
        to_json(value, false),
        to_json(value, true),
        "compact and pretty differ"
    );

    let path = String::from_utf8_lossy(path);
    let syntax_ok = parse_path(&path).is_ok();
    match value.query(&path) {
        Ok(Found::Value(found)) => {
            let (at, len) = (found.offset(), found.encoded().len());
            assert_eq!(bytes.get(at..at + len), Some(found.encoded()));
            to_json(found, config.extra);
        }
        Ok(Found::Element(packed, i)) => assert!(i < packed.len()),
        Err(QueryError::Syntax { at, .. }) => {
            assert!(!syntax_ok && at <= path.len());
            return;
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
    assert!(syntax_ok, "query accepted a path parse_path rejects");
});
