//! `json::read`, the inverse of `json::write`.
//!
//! Input: `[config byte][bytes]` (config: see `src/lib.rs`; bit 0 picks the dialect, bits
//! 1–3 the parse options of the second reading). The bytes are read two ways:
//! - **as JSON**: `json::read` never panics; an error's offset lies inside the input
//!   (or at its end), its line is one more than the newlines before the offset, its column
//!   at least 1; `read_into` leaves its buffer as it was on error and appends exactly
//!   `read`'s bytes on success; what reads parses in **strict** mode (the builder wrote
//!   it), and goes through the check below;
//! - **as Variant bytes** (parsed as the config says): the check below.
//! - **as plain JSON**: `json::plain::read` never panics, an error's position is inside
//!   the input, and what reads parses in strict mode.
//!
//! And for a parsed value, plain JSON (`json::plain::write`, compact and pretty) reads
//! back both alone (`plain::read`) and with the value as its template
//! (`plain::read_like`; only an Object whose property names repeat may be refused, as a
//! duplicate key), into bytes that parse in strict mode.
//!
//! The check, for a parsed value: `json::write` (compact and pretty) then `json::read`
//! succeeds, and gives exactly `Builder::value`'s re-encoding of the value; where JSON
//! cannot carry the value exactly (a NaN's payload and sign, a NodePath name holding `/`
//! or `:`, empty, or starting with a BOM, which Godot drops when it reads the name) the
//! bytes reach a fixed point within two more rounds through JSON.
#![no_main]

use gdvariant::json;
use gdvariant::{Builder, Dialect, ParseOptions, Value, VariantRef};
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;

fn to_json(value: VariantRef<'_>, pretty: bool) -> Vec<u8> {
    let mut out = Vec::new();
    json::write(&mut out, value, &json::WriteOptions::new().pretty(pretty))
        .expect("writing to a Vec cannot fail");
    out
}

/// Can JSON carry `value` exactly? Not a NaN's payload and sign (JSON has one `"nan"`),
/// nor NodePath names that its text form cannot separate again.
fn exact_in_json(value: VariantRef<'_>) -> bool {
    let mut exact = true;
    value.for_each_value(|v| {
        let nan = |mut c: gdvariant::FloatComponents<'_>| c.any(f64::is_nan);
        let lossy = match v {
            Value::Float(x) => x.is_nan(),
            Value::Vector2(m)
            | Value::Rect2(m)
            | Value::Vector3(m)
            | Value::Transform2D(m)
            | Value::Vector4(m)
            | Value::Plane(m)
            | Value::Quaternion(m)
            | Value::Aabb(m)
            | Value::Basis(m)
            | Value::Transform3D(m)
            | Value::Projection(m)
            | Value::Color(m) => (0..m.len()).any(|i| m.get(i).is_some_and(f64::is_nan)),
            Value::PackedFloat32Array(p) => nan(p.components()),
            Value::PackedFloat64Array(p) => nan(p.components()),
            Value::PackedVector2Array(p) => nan(p.components()),
            Value::PackedVector3Array(p) => nan(p.components()),
            Value::PackedVector4Array(p) => nan(p.components()),
            Value::PackedColorArray(p) => nan(p.components()),
            Value::NodePath(path) => {
                path.names().any(|n| {
                    let n = n.as_str();
                    n.is_empty() || n.contains(['/', ':']) || n.starts_with('\u{feff}')
                }) || path.subnames().any(|n| {
                    let n = n.as_str();
                    n.is_empty() || n.contains(':') || n.starts_with('\u{feff}')
                })
            }
            _ => false,
        };
        exact &= !lossy;
    });
    exact
}

/// Plain JSON out, and back in alone and with the value as its template.
fn check_plain(value: VariantRef<'_>, dialect: Dialect) {
    for pretty in [false, true] {
        let mut text = Vec::new();
        json::plain::write(&mut text, value, &json::WriteOptions::new().pretty(pretty))
            .expect("writing to a Vec cannot fail");
        let shown = || String::from_utf8_lossy(&text).into_owned();
        let alone = json::plain::read(&text, dialect)
            .unwrap_or_else(|e| panic!("plain JSON does not read: {e}\n{}", shown()));
        VariantRef::parse_with(&alone, dialect, &ParseOptions::new().strict(true))
            .expect("plain::read's output parses in strict mode");
        match json::plain::read_like(&text, value) {
            Ok(like) => {
                VariantRef::parse_with(&like.bytes, dialect, &ParseOptions::new().strict(true))
                    .expect("plain::read_like's output parses in strict mode");
            }
            // An Object whose property names repeat (as text) cannot be read back with
            // its own types: a documented loss; the engines never write one.
            Err(e) if *e.kind() == json::JsonErrorKind::DuplicateKey => {}
            Err(e) => panic!("plain JSON does not read like its value: {e}\n{}", shown()),
        }
    }
}

/// JSON out and back in, against the builder's re-encoding.
fn check(value: VariantRef<'_>, dialect: Dialect) {
    check_plain(value, dialect);
    let mut want = Vec::new();
    Builder::new(&mut want, dialect)
        .value(value)
        .expect("a parsed value re-encodes in its dialect");
    let exact = exact_in_json(value);
    for pretty in [false, true] {
        let text = to_json(value, pretty);
        let got = json::read(&text, dialect).unwrap_or_else(|e| {
            panic!(
                "write's JSON does not read: {e}\n{}",
                String::from_utf8_lossy(&text)
            )
        });
        if exact {
            assert!(
                got == want,
                "JSON round trip differs from Builder::value\n{}",
                String::from_utf8_lossy(&text)
            );
        } else {
            // A name that starts with a BOM is read without it (as Godot reads string
            // bytes) only once written: one round makes it empty, the next keeps it so.
            let round = |bytes: &[u8]| {
                let parsed = VariantRef::parse(bytes, dialect).expect("read's bytes parse");
                json::read(&to_json(parsed, pretty), dialect).expect("reads again")
            };
            let once = round(&got);
            let twice = round(&once);
            assert!(
                twice == once,
                "no fixed point after two rounds\n{}",
                String::from_utf8_lossy(&text)
            );
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((config, bytes)) = Config::split(data) else {
        return;
    };
    let dialect = config.dialect;

    // As JSON.
    let mut buffer = vec![0xA5; 3];
    match json::read(bytes, dialect) {
        Err(e) => {
            assert!(e.offset() <= bytes.len(), "{e}: offset past the end");
            let before = &bytes[..e.offset()];
            assert_eq!(
                e.line(),
                1 + before.iter().filter(|&&b| b == b'\n').count(),
                "{e}"
            );
            assert!(e.column() >= 1 && e.column() <= e.offset() + 1, "{e}");
            let again = json::read_into(bytes, dialect, &json::ReadOptions::new(), &mut buffer)
                .unwrap_err();
            assert_eq!(again, e);
            assert_eq!(buffer, [0xA5; 3], "read_into changed its buffer on error");
        }
        Ok(out) => {
            json::read_into(bytes, dialect, &json::ReadOptions::new(), &mut buffer)
                .expect("read_into reads it too");
            assert_eq!(buffer[3..], out[..]);
            let value = VariantRef::parse_with(&out, dialect, &ParseOptions::new().strict(true))
                .expect("read's output parses in strict mode");
            check(value, dialect);
        }
    }

    // As plain JSON.
    match json::plain::read(bytes, dialect) {
        Err(e) => {
            assert!(e.offset() <= bytes.len(), "{e}: offset past the end");
            assert!(e.line() >= 1 && e.column() >= 1, "{e}");
        }
        Ok(out) => {
            VariantRef::parse_with(&out, dialect, &ParseOptions::new().strict(true))
                .expect("plain::read's output parses in strict mode");
        }
    }

    // As Variant bytes.
    if let Ok(value) = config.parse(bytes) {
        check(value, dialect);
    }
});
