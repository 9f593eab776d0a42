//! The ConfigFile reader (`gdvariant::config`): arbitrary text never panics, errors point
//! inside it, and what reads writes the engine's text that reads back to the same
//! sections and keys; an edit never panics and keeps the rest of the text.
//!
//! Input: `[config byte][text]`. Config bits 0–1: the engine (0 Godot 3.2, 1 Godot 3.6,
//! 2–3 Godot 4); bit 2: strict reading; bit 3: a depth limit of 8.
#![no_main]

use gdvariant::config::{ConfigFile, ConfigOptions};
use gdvariant::text::{ReadOptions, TextStyle};
use libfuzzer_sys::fuzz_target;

fn names(c: &ConfigFile) -> Vec<(String, Vec<String>)> {
    c.sections()
        .map(|s| (s.to_string(), c.keys(s).map(str::to_string).collect()))
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&config, rest)) = data.split_first() else {
        return;
    };
    let style = match config & 3 {
        0 => TextStyle::Godot32,
        1 => TextStyle::Godot36,
        _ => TextStyle::Godot4,
    };
    let mut read = ReadOptions::new();
    if config & 8 != 0 {
        read = read.max_depth(8);
    }
    let options = ConfigOptions::new()
        .style(style)
        .strict(config & 4 != 0)
        .read(read);
    let parsed = ConfigFile::from_bytes(rest, &options);
    let mut file = match parsed {
        Err(e) => {
            assert!(e.offset() <= rest.len(), "{e}: offset past the text");
            let lines = 1 + rest.iter().filter(|&&b| b == b'\n').count();
            assert!(e.line() >= 1 && e.line() <= lines && e.column() >= 1, "{e}");
            return;
        }
        Ok(file) => file,
    };
    assert_eq!(file.text().as_bytes(), rest);
    for (s, k, v) in file.iter() {
        assert_eq!(file.get(s, k), Some(v));
    }
    // The engine's text reads back to the same sections and keys, where the engine's own
    // file does: Godot 3.2 writes keys raw, a `]` in a section name does not come back,
    // a key holding NUL cannot be written, and a key that starts with a BOM loses it
    // when read quoted (the string reader drops a leading BOM, as the engine's UTF-8
    // decoding does; unquoted, the engine keeps it).
    // A section name with `]` or a backslash: Godot 4 writes `[dis\]` for the section
    // `dis\`, which neither it nor we read back (the `\]` escapes the bracket).
    let odd = file.sections().any(|s| s.contains(']') || s.contains('\\'))
        || file
            .iter()
            .any(|(_, k, _)| k.contains('\0') || k.starts_with('\u{feff}'));
    if style != TextStyle::Godot32 && !odd {
        let text = file.to_engine_text();
        let lenient = options.strict(false);
        let again = ConfigFile::parse_with(&text, &lenient)
            .unwrap_or_else(|e| panic!("the engine text does not read: {e}\n{text}"));
        assert_eq!(names(&file), names(&again), "{text}");
    }
    // An edit of the first key changes its value's text only.
    let first = file
        .iter()
        .next()
        .map(|(s, k, _)| (s.to_string(), k.to_string()));
    if let Some((s, k)) = first {
        let before = file.get_text(&s, &k).map(str::to_string);
        let old = file.text().to_string();
        if file.set_text(&s, &k, "7").is_ok() {
            assert_eq!(file.get(&s, &k).and_then(|v| v.as_int()), Some(7));
            if let Some(before) = before {
                assert_eq!(file.text().len() + before.len(), old.len() + 1);
            }
        }
        let _ = file.delete(&s, &k);
    }
});
