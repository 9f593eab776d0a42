//! The text resource and scene reader (`gdvariant::resource::TextResource`): arbitrary
//! text never panics, errors point inside it, every span it reports holds the text of
//! its value, the engine text it writes (Godot 4) reads back to the same sections,
//! attributes and properties, and an edit never panics and reads back.
//!
//! Input: `[config byte][text]`. Config bits 0–1: the style (0 from the header's
//! `format=`, 1 Godot 3.2, 2 Godot 3.6, 3 Godot 4); bit 2: a depth limit of 8.
#![no_main]

use gdvariant::resource::{Document, ResourceOptions, TextResource};
use gdvariant::text::{self, ReadOptions, TextStyle};
use libfuzzer_sys::fuzz_target;

/// Tags, attribute names and property names, in order.
fn shape(doc: &Document) -> Vec<(String, Vec<String>, Vec<String>)> {
    std::iter::once(&doc.header)
        .chain(&doc.sections)
        .map(|s| {
            let attrs = s.attrs.iter().map(|e| e.name.clone()).collect();
            let props = s.props.iter().map(|e| e.name.clone()).collect();
            (s.tag.clone(), attrs, props)
        })
        .collect()
}

/// Text the saver pastes between quotes as it is, or C-escapes, and that would then not
/// read back as the same text (a quote, a backslash, a control character, `'`, `?`).
fn pasted_badly(doc: &Document) -> bool {
    std::iter::once(&doc.header).chain(&doc.sections).any(|s| {
        s.attrs.iter().any(|e| {
            e.get(doc.dialect)
                .and_then(|v| v.as_str())
                .is_some_and(|t| {
                    t.chars()
                        .any(|c| matches!(c, '"' | '\\' | '\'' | '?') || c < ' ')
                })
        }) || s
            .props
            .iter()
            .any(|e| e.name.contains('\0') || e.name.starts_with('\u{feff}'))
    })
}

fuzz_target!(|data: &[u8]| {
    let Some((&config, rest)) = data.split_first() else {
        return;
    };
    let style = match config & 3 {
        0 => None,
        1 => Some(TextStyle::Godot32),
        2 => Some(TextStyle::Godot36),
        _ => Some(TextStyle::Godot4),
    };
    let mut read = ReadOptions::new();
    if config & 4 != 0 {
        read = read.max_depth(8);
    }
    let options = ResourceOptions::new().style(style).read(read);
    let mut res = match TextResource::from_bytes(rest, &options) {
        Err(e) => {
            assert!(e.offset() <= rest.len(), "{e}: offset past the text");
            let lines = 1 + rest.iter().filter(|&&b| b == b'\n').count();
            assert!(e.line() >= 1 && e.line() <= lines && e.column() >= 1, "{e}");
            return;
        }
        Ok(res) => res,
    };
    assert_eq!(res.text().as_bytes(), rest);
    let doc = res.document().clone();
    // Every property's span holds a literal of its bytes.
    let refs = read.resource_refs(true);
    for (section, span) in doc.sections.iter().zip(res.section_spans()) {
        assert_eq!(section.props.len(), span.props.len());
        for (prop, range) in section.props.iter().zip(&span.props) {
            let literal = res
                .text()
                .get(range.clone())
                .expect("a span inside the text");
            // With the line break that follows it in a file: the engine reads a `#` colour
            // that ends the input as the end of the input (a lone `#` is no value).
            let in_line = format!("{literal}\n");
            let bytes = text::read_with(&in_line, doc.dialect, &refs.allow_trailing(true))
                .unwrap_or_else(|e| panic!("{literal:?}: {e}"));
            assert_eq!(bytes, prop.value, "{literal:?}");
        }
    }
    // The engine's text reads back to the same shape (Godot 4: reals written exactly).
    let text = res.to_engine_text();
    if res.style() == TextStyle::Godot4 && !pasted_badly(&doc) {
        let again = TextResource::parse_with(&text, &options.style(Some(TextStyle::Godot4)))
            .unwrap_or_else(|e| panic!("the engine text does not read: {e}\n{text}"));
        assert_eq!(shape(&doc), shape(again.document()), "{text}");
    }
    // An edit of the last section's first property reads back, then goes.
    let Some(path) = doc
        .sections
        .iter()
        .rposition(|s| s.tag == "resource")
        .and_then(|i| {
            let name = doc.sections.get(i)?.props.first()?.name.clone();
            Some(format!("resource:/{name}"))
        })
    else {
        return;
    };
    let old = res.text().to_string();
    match res.set_text(&path, "7") {
        Ok(()) => assert_eq!(res.get(&path).and_then(|(v, _)| v.as_int()), Some(7)),
        Err(_) => assert_eq!(res.text(), old),
    }
    let _ = res.delete(&path);
});
