//! The text parser (`gdvariant::text`): arbitrary text never panics, and what `Display`
//! prints reads back to the same text.
//!
//! Input: `[config byte][rest]` (config: see `src/lib.rs`; bit 0 the dialect, bit 7 the
//! engine's float conversion; bit 2 a depth limit of 8). For every input:
//! - `rest` as text (invalid UTF-8 replaced) parses or fails with an error whose offset,
//!   line and column lie inside the text; on success the bytes parse in strict mode (they
//!   are canonical), and their text is stable the same way;
//! - when `rest` parses as a Variant in the dialect, its text, read back and printed,
//!   reads back to the same text (`text_is_stable`).
#![no_main]

use gdvariant::text::{self, ReadOptions};
use gdvariant::{Dialect, Edge, ParseOptions, VariantRef};
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;

/// Reads `input`; on success checks the bytes and returns them.
fn read(input: &str, dialect: Dialect, options: &ReadOptions) -> Option<Vec<u8>> {
    let mut out = vec![0xAA];
    match text::read_into(input, dialect, options, &mut out) {
        Ok(()) => {
            assert_eq!(out.first(), Some(&0xAA), "read_into overwrote its output");
            out.remove(0);
            VariantRef::parse_with(&out, dialect, &ParseOptions::new().strict(true))
                .unwrap_or_else(|e| panic!("{input:?} wrote bytes that do not parse: {e}"));
            Some(out)
        }
        Err(e) => {
            assert_eq!(out, [0xAA], "read_into left output on error");
            assert!(e.offset() <= input.len(), "{e}: offset past the text");
            assert!(e.line() >= 1 && e.column() >= 1);
            assert!(
                e.line() <= 1 + input.matches('\n').count(),
                "{e}: line past the text"
            );
            None
        }
    }
}

/// The text of `bytes`, read back, prints a text that reads back to itself: one round
/// reaches the fixed point. (The first round may change the text: equal keys fold, as in
/// the engine. It may also fail: the text form cannot express every value, such as an
/// object whose class name is not an identifier; `tests/it/text_parse.rs` requires every
/// engine fixture to read.)
fn text_is_stable(bytes: &[u8], dialect: Dialect, options: &ReadOptions) {
    let Ok(value) = VariantRef::parse(bytes, dialect) else {
        return;
    };
    if no_fixed_point(value) {
        return;
    }
    let exact = options.engine_floats(false);
    let shown = value.to_string();
    let Some(once) = read(&shown, dialect, &exact) else {
        return;
    };
    let shown_once = VariantRef::parse(&once, dialect)
        .expect("checked by read")
        .to_string();
    let twice = read(&shown_once, dialect, &exact)
        .unwrap_or_else(|| panic!("a text the parser wrote does not read: {shown_once:?}"));
    let shown_twice = VariantRef::parse(&twice, dialect)
        .expect("checked by read")
        .to_string();
    assert_eq!(shown_once, shown_twice, "text → bytes → text is not stable");
}

/// Does `v` hold something the text form cannot give back the same way every round: an
/// object property name with a `\\` or a `"` (the engines print property names raw but
/// read them with escapes, so such a name changes every round, in Godot as here), or a
/// NodePath name that is empty, holds `/` or `:`, or starts with a BOM (Godot drops one
/// leading BOM each time it reads a name: `\u{FEFF}\u{FEFF}` loses one per round)?
fn no_fixed_point(v: VariantRef<'_>) -> bool {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        // A NodePath's text cannot separate names holding `/` or `:`, the engines'
        // NodePath("…") drops some empty names, and a name that still starts with a BOM
        // once read loses it at the next reading: no fixed point either.
        if let Some(path) = v.as_node_path() {
            let odd = |n: gdvariant::GdStr<'_>| {
                let n = n.as_str();
                n.is_empty() || n.starts_with('\u{FEFF}') || n.contains(['/', ':'])
            };
            if path.names().any(odd) || path.subnames().any(odd) {
                return true;
            }
        }
        for (edge, child) in v.children() {
            if let Edge::Property(name) = edge {
                if name.as_str().contains(['\\', '"']) {
                    return true;
                }
            }
            stack.push(child);
        }
        if let Some(d) = v.as_dictionary() {
            if godot4_keys_out_of_order(&d, v.dialect()) {
                return true;
            }
            stack.extend(d.iter().map(|(k, _)| k));
        }
    }
    false
}

/// Godot 4 sorts a dictionary's keys for its text with an order that is not transitive when
/// String and StringName keys (compared by their text) meet a key of a type between them
/// (ordered by type id: String 4 < Transform2D 11 < StringName 21, while &"" < "a"): the
/// sort's result then depends on the order it starts from, so each round may print the keys
/// in another order, in the engine as here.
fn godot4_keys_out_of_order(d: &gdvariant::DictRef<'_>, dialect: Dialect) -> bool {
    use gdvariant::VariantType as T;
    if dialect != Dialect::Godot4 {
        return false;
    }
    let (mut string, mut name, mut between) = (false, false, false);
    for (k, _) in d.iter() {
        match k.ty() {
            T::String => string = true,
            T::StringName => name = true,
            t => {
                let id = t.id(dialect).unwrap_or(0);
                between |= id > 4 && id < 21;
            }
        }
    }
    string && name && between
}

fuzz_target!(|data: &[u8]| {
    let Some((&config, rest)) = data.split_first() else {
        return;
    };
    let config = Config::new(config);
    let mut options = ReadOptions::new().engine_floats(config.extra);
    if config.options.limits.max_depth < 64 {
        options = options.max_depth(8);
    }
    let input = String::from_utf8_lossy(rest);
    if let Some(bytes) = read(&input, config.dialect, &options) {
        if options.limits.max_depth > 8 {
            text_is_stable(&bytes, config.dialect, &options);
        }
    }
    text_is_stable(rest, config.dialect, &options);
});
