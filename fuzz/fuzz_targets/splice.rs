//! Splicing: `gdvariant::edit::Edit` on arbitrary bytes, paths and new values.
//!
//! Input: `[config][ops][op…][original]`, where `ops & 3` is the number of operations minus
//! one and each operation is `[kind][n][n bytes of path][m: u16 LE][m bytes of new value]`;
//! the rest is the original. Config (see `src/lib.rs`): bit 0 the dialect; bit 6 the
//! original is a `store_var` frame (4-byte length prefix), bit 7 its prefix is big-endian.
//! `kind & 3` picks `set`, `replace`, `insert` or `delete`; `kind` bit 2 passes the new
//! value as a view parsed in the other dialect, bit 3 as an owned `Variant`, otherwise as
//! `Encoded` bytes in the plan's dialect.
//!
//! - Nothing panics, whatever the bytes, path or value; an error's offset lies inside the
//!   original.
//! - A plan is made exactly when the original parses.
//! - The output is exactly the original with the plan's changes applied (`changes()`,
//!   `to_vec`, `write_to` and `append_to` agree), so every byte outside them is the
//!   original's; the changes are sorted and disjoint.
//! - The output parses: the value where it was, now as long as before plus the growth
//!   (bytes after it are not swallowed), strictly when the original value parsed strictly;
//!   a prefix holds the new frame length in its byte order.
//! - With one operation: the changes lie within the value (plus the prefix); after
//!   `set`, `replace` or `insert` the path leads to the new value, written canonically (or
//!   converted, for typed containers and packed arrays); after `delete` the container has
//!   fewer children.
#![no_main]

use gdvariant::edit::{Edit, EditError, Encoded};
use gdvariant::frame::PrefixOrder;
use gdvariant::query::{parse_path, Found};
use gdvariant::{Builder, Dialect, ParseOptions, VariantRef};
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;

struct Op<'d> {
    kind: u8,
    path: String,
    value: &'d [u8],
}

/// Splits `ops` operations off the front of `data`.
fn ops(mut data: &[u8], count: usize) -> Option<(Vec<Op<'_>>, &[u8])> {
    let mut out = Vec::new();
    for _ in 0..count {
        let (&kind, rest) = data.split_first()?;
        let (&n, rest) = rest.split_first()?;
        let (path, rest) = rest.split_at_checked(usize::from(n))?;
        let (m, rest) = rest.split_first_chunk::<2>()?;
        let (value, rest) = rest.split_at_checked(usize::from(u16::from_le_bytes(*m)))?;
        out.push(Op {
            kind,
            path: String::from_utf8_lossy(path).into_owned(),
            value,
        });
        data = rest;
    }
    Some((out, data))
}

fn other(dialect: Dialect) -> Dialect {
    match dialect {
        Dialect::Godot3 => Dialect::Godot4,
        _ => Dialect::Godot3,
    }
}

/// Runs one operation: `Ok(true)` when it was planned, `Ok(false)` when it was not run
/// (its value bytes do not parse as the view or owned value it asks for).
fn apply(edit: &mut Edit<'_>, op: &Op<'_>, dialect: Dialect) -> Result<bool, EditError> {
    let path = op.path.as_str();
    let mode = op.kind & 3;
    if mode == 3 {
        return edit.delete(path).map(|_| true);
    }
    macro_rules! run {
        ($value:expr) => {
            match mode {
                0 => edit.set(path, $value),
                1 => edit.replace(path, $value),
                _ => edit.insert(path, $value),
            }
            .map(|_| true)
        };
    }
    if op.kind & 4 != 0 {
        let Ok((value, _)) = VariantRef::parse_prefix(op.value, other(dialect)) else {
            return Ok(false);
        };
        run!(value)
    } else if op.kind & 8 != 0 {
        let Ok((value, _)) = VariantRef::parse_prefix(op.value, dialect) else {
            return Ok(false);
        };
        run!(value.to_owned())
    } else {
        run!(Encoded(op.value))
    }
}

/// The path without its last step, in path syntax.
fn parent(path: &str) -> Option<String> {
    let steps = parse_path(path).ok()?;
    let (_, init) = steps.split_last()?;
    Some(init.iter().map(|s| format!("/{s}")).collect())
}

fn children(v: VariantRef<'_>) -> usize {
    v.as_packed()
        .map_or_else(|| v.children().len(), |p| p.len())
}

fuzz_target!(|data: &[u8]| {
    let Some((config, rest)) = Config::split(data) else {
        return;
    };
    let Some((&count, rest)) = rest.split_first() else {
        return;
    };
    let Some((ops, original)) = ops(rest, usize::from(count & 3) + 1) else {
        return;
    };
    let dialect = config.dialect;
    let order = if config.extra {
        PrefixOrder::Big
    } else {
        PrefixOrder::Little
    };
    let framed = config.prefix;
    let made = if framed {
        Edit::from_frame(original, dialect, order)
    } else {
        Edit::from_bytes(original, dialect)
    };
    let (body_at, body) = if framed {
        let len = original.first_chunk::<4>().map(|p| match order {
            PrefixOrder::Little => u32::from_le_bytes(*p),
            PrefixOrder::Big => u32::from_be_bytes(*p),
        });
        match len.and_then(|len| original.get(4..4 + len as usize)) {
            Some(body) => (4, body),
            None => {
                assert!(made.is_err(), "a frame cut short was accepted");
                return;
            }
        }
    } else {
        (0, original)
    };
    let parsed = VariantRef::parse_prefix(body, dialect);
    assert_eq!(
        made.is_ok(),
        parsed.is_ok(),
        "a plan is made iff the value parses"
    );
    let (Ok(mut edit), Ok((value, value_len))) = (made, parsed) else {
        return;
    };
    let strict =
        VariantRef::parse_with(value.encoded(), dialect, &ParseOptions::new().strict(true)).is_ok();

    let mut planned = 0;
    for op in &ops {
        match apply(&mut edit, op, dialect) {
            Ok(true) => planned += 1,
            Ok(false) => {}
            Err(e) => {
                let _ = e.to_string();
                if let Some(at) = e.offset() {
                    if !matches!(e, EditError::InvalidValue(_)) {
                        assert!(at <= original.len(), "{e} points outside the input");
                    }
                }
            }
        }
    }

    // The output is the input with the changes applied, every way it is produced.
    let out = edit.to_vec();
    assert_eq!(out.len(), edit.output_len());
    let mut rebuilt = Vec::new();
    let mut at = 0;
    let changes: Vec<_> = edit.changes().collect();
    for change in &changes {
        let range = change.range();
        assert!(
            range.start >= at && range.end <= original.len(),
            "changes out of order"
        );
        rebuilt.extend_from_slice(&original[at..range.start]);
        rebuilt.extend_from_slice(change.bytes());
        at = range.end;
    }
    rebuilt.extend_from_slice(&original[at..]);
    assert!(rebuilt == out, "the changes do not describe the output");
    let mut written = Vec::new();
    edit.write_to(&mut written).unwrap();
    assert!(written == out);
    let mut appended = vec![1, 2, 3];
    edit.append_to(&mut appended);
    assert!(appended[3..] == out[..]);

    // The output parses, the value as long as before plus the growth.
    let growth = out.len() as i64 - original.len() as i64;
    let new_body = if framed {
        let prefix: [u8; 4] = out[..4].try_into().unwrap();
        let len = match order {
            PrefixOrder::Little => u32::from_le_bytes(prefix),
            PrefixOrder::Big => u32::from_be_bytes(prefix),
        };
        assert_eq!(
            len as i64,
            body.len() as i64 + growth,
            "the prefix is the new length"
        );
        &out[4..4 + len as usize]
    } else {
        &out[..]
    };
    let (new_value, new_len) = VariantRef::parse_prefix(new_body, dialect)
        .unwrap_or_else(|e| panic!("the output does not parse: {e}"));
    assert_eq!(
        new_len as i64,
        value_len as i64 + growth,
        "the value swallowed bytes"
    );
    if strict {
        VariantRef::parse_with(
            new_value.encoded(),
            dialect,
            &ParseOptions::new().strict(true),
        )
        .unwrap_or_else(|e| panic!("the output is not canonical: {e}"));
    }
    if planned == 0 {
        assert!(changes.is_empty() && out == original);
    }
    if ops.len() != 1 || planned != 1 {
        return;
    }

    // One operation: its changes lie in the value (and the prefix)…
    let value_end = body_at + value_len;
    for change in &changes {
        let range = change.range();
        assert!(
            range == (0..4) && framed || range.start >= body_at && range.end <= value_end,
            "a change outside the value: {range:?}"
        );
    }
    // … and it did what it says.
    let op = &ops[0];
    let mode = op.kind & 3;
    if mode == 3 {
        let parent = parent(&op.path).expect("a deletion has a last step");
        let before = value.query(&parent).unwrap().value().unwrap();
        let after = new_value.query(&parent).unwrap().value().unwrap();
        assert!(children(after) < children(before), "nothing deleted");
        return;
    }
    let found = new_value
        .query(&op.path)
        .unwrap_or_else(|e| panic!("{e} after writing it"));
    let Found::Value(found) = found else {
        return; // a packed element, converted to the array's element type
    };
    let new = if op.kind & 4 != 0 {
        VariantRef::parse_prefix(op.value, other(dialect))
            .unwrap()
            .0
    } else {
        VariantRef::parse_prefix(op.value, dialect).unwrap().0
    };
    let mut canonical = Vec::new();
    Builder::new(&mut canonical, dialect).value(new).unwrap();
    if found.encoded() != canonical {
        // Only a typed container converts: int to float, String and StringName.
        use gdvariant::VariantType as T;
        let converted = matches!(
            (new.ty(), found.ty()),
            (T::Int, T::Float) | (T::String, T::StringName) | (T::StringName, T::String)
        );
        assert!(converted, "wrote {found} for {new}");
    }
});
