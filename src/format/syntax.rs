//! The error of the text and JSON readers: what is wrong, and where, as a byte offset and
//! a line and column.

use core::fmt;

/// An input that the text reader ([`crate::text`]) or the JSON reader ([`crate::json`])
/// cannot turn into Variant bytes: what is wrong (`K`: [`TextErrorKind`] or
/// [`JsonErrorKind`]) and where, as a byte offset into the input and as a 1-based line and
/// column (lines end at `\n`; the column counts characters, not bytes).
///
/// Its `Display` reads like `expected ',' or ']' at line 3, column 7 (byte 25)`. The line
/// and column are counted once, when the error is made (O(offset)); the accessors are
/// O(1). It is `Copy` when `K` is ([`JsonError`] is; [`TextError`] is not, as a
/// [`TextErrorKind`] may hold a name).
///
/// ```
/// use gdvariant::{json, text, Dialect};
///
/// let error = text::read("[1,\n  2 3]", Dialect::Godot4).unwrap_err();
/// assert_eq!(*error.kind(), text::TextErrorKind::Expected("',' or a closing bracket"));
/// assert_eq!((error.line(), error.column(), error.offset()), (2, 5, 8));
///
/// let error = json::read(b"[1,\n  2 3]", Dialect::Godot4).unwrap_err();
/// assert_eq!(*error.kind(), json::JsonErrorKind::Unexpected { expected: "',' or ']'" });
/// assert_eq!((error.line(), error.column(), error.offset()), (2, 5, 8));
/// assert_eq!(error.to_string(), "expected ',' or ']' at line 2, column 5 (byte 8)");
/// ```
///
/// [`TextErrorKind`]: crate::text::TextErrorKind
/// [`JsonErrorKind`]: crate::json::JsonErrorKind
/// [`TextError`]: crate::text::TextError
/// [`JsonError`]: crate::json::JsonError
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyntaxError<K> {
    kind: K,
    offset: usize,
    line: usize,
    column: usize,
}

impl<K> SyntaxError<K> {
    /// The error `kind` at byte `offset` of `input`, with its line and column: one pass
    /// over the bytes before `offset` (memchr for the newlines). An offset past the end is
    /// the end. Columns count the bytes that start a UTF-8 sequence: characters, for the
    /// readers' offsets, which are always on a character's first byte.
    #[cold]
    pub(crate) fn locate(input: &[u8], offset: usize, kind: K) -> Self {
        let offset = offset.min(input.len());
        let before = input.get(..offset).unwrap_or(input);
        let line = 1 + memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
        let column = 1 + before
            .get(line_start..)
            .unwrap_or_default()
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        SyntaxError {
            kind,
            offset,
            line,
            column,
        }
    }

    /// What is wrong. Decide on this, not on the message text. O(1).
    pub fn kind(&self) -> &K {
        &self.kind
    }

    /// The byte offset in the input where the error was found: the start of the token or
    /// value that is wrong, or the input's length when it ends too early. Never past the
    /// end. O(1).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based line of [`SyntaxError::offset`] (lines end at `\n`). O(1).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of [`SyntaxError::offset`], in characters. O(1).
    pub fn column(&self) -> usize {
        self.column
    }
}

impl<K: fmt::Display> fmt::Display for SyntaxError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} at line {}, column {} (byte {})",
            self.kind, self.line, self.column, self.offset
        )
    }
}

impl<K: fmt::Display + fmt::Debug> core::error::Error for SyntaxError<K> {}

#[cfg(test)]
mod tests {
    use super::SyntaxError;

    #[test]
    fn lines_and_columns_count_characters() {
        let at = |input: &str, offset| {
            let e = SyntaxError::locate(input.as_bytes(), offset, ());
            (e.line(), e.column(), e.offset())
        };
        assert_eq!(at("", 0), (1, 1, 0));
        assert_eq!(at("abc", 2), (1, 3, 2));
        assert_eq!(at("a\nbc", 2), (2, 1, 2));
        assert_eq!(at("a\nbc", 3), (2, 2, 3));
        assert_eq!(at("é\nñé x", 7), (2, 3, 7));
        assert_eq!(at("ab", 99), (1, 3, 2));
    }
}
