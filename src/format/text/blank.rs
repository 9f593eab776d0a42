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
