//! What the engine's tokenizer skips between the pieces of a ConfigFile and of a text
//! resource: whitespace (every byte up to U+0020) and `;` comments to the end of the line.

/// After the end of the line at `pos` (after its `\n`), or the end of the text.
pub(crate) fn line_end(b: &[u8], pos: usize) -> usize {
    let rest = b.get(pos..).unwrap_or_default();
    memchr::memchr(b'\n', rest).map_or(b.len(), |n| pos + n + 1)
}

/// Skips whitespace (every byte up to U+0020) and `;` comments from `pos`.
pub(crate) fn skip_blank(b: &[u8], mut pos: usize) -> usize {
    loop {
        while b.get(pos).is_some_and(|&c| c <= b' ') {
            pos += 1;
        }
        if b.get(pos) != Some(&b';') {
            return pos;
        }
        pos = line_end(b, pos);
    }
}

/// Inserts `line` (ending in `\n`) into `text` after the value that ends at `end`: on the
/// next line when only blanks or a `;` comment follow the value on its line (a last line
/// without `\n` gets one first), else right after the value, the line break moved in
/// front. How an edit adds a key or property below the last one of its section.
pub(crate) fn insert_line_after(
    text: &mut alloc::string::String,
    end: usize,
    mut line: alloc::string::String,
) {
    let b = text.as_bytes();
    let rest_of_line = text.get(end..line_end(b, end)).unwrap_or_default();
    let blank = rest_of_line.trim_start_matches([' ', '\t', '\r']);
    if blank.is_empty() || blank.starts_with('\n') || blank.starts_with(';') {
        let at = line_end(b, end);
        if at == text.len() && !text.ends_with('\n') {
            text.push('\n');
        }
        text.insert_str(at.min(text.len()), &line);
    } else {
        line.insert(0, '\n');
        line.pop();
        text.insert_str(end, &line);
    }
}
