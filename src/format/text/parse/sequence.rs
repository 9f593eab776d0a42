//! Several values in one text, as `gdvariant show` prints a file of several `store_var`
//! frames: each value after a line `#N`, numbered from 0.

use alloc::vec::Vec;

use super::parser::Parser;
use super::{read_into, TextError, TextErrorKind};
use crate::format::text::options::ReadOptions;
use crate::wire::dialect::Dialect;

/// The values [`read_sequence`] read, each encoded alone (no length prefix), in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sequence {
    /// Each value's bytes, as `var_to_bytes` writes it.
    pub values: Vec<Vec<u8>>,
    /// Did the text number its values (`#0`, `#1`, …)? False for one value alone.
    pub numbered: bool,
}

/// Reads a text of one value, or of several values each after a line `#N` (`N` counting
/// from 0, alone on its line), which is how `gdvariant show` prints a file of several
/// `store_var` frames:
///
/// ```text
/// #0
/// {
/// "hp": 10
/// }
/// #1
/// Vector2(1, 2)
/// ```
///
/// The text is numbered when its first line (after whitespace) is `#0`, which is not a
/// value in the engine's text form (a `#` colour has 3, 4, 6 or 8 digits). Each value is
/// read as [`read_into`] reads one; a value ends where its text does, so a `#1` line
/// inside a multi-line string is part of the string, not a marker. After a value comes
/// whitespace (and `;` comments), then the end or the next number, which must be the
/// next in order: anything else is [`TextErrorKind::Expected`] at its line and column.
/// [`ReadOptions::allow_trailing`] applies to an unnumbered text only.
///
/// Cost: one pass over the text, as [`read_into`]; memory: the values' bytes.
///
/// ```
/// use gdvariant::text::{read_sequence, ReadOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// let text = "#0\n{\n\"hp\": 10\n}\n#1\nVector2(1, 2)\n";
/// let read = read_sequence(text, Dialect::Godot4, &ReadOptions::new())?;
/// assert!(read.numbered);
/// let texts: Vec<String> = read
///     .values
///     .iter()
///     .map(|v| VariantRef::parse(v, Dialect::Godot4).map(|v| v.to_string()))
///     .collect::<Result<_, _>>()?;
/// assert_eq!(texts, ["{\n\"hp\": 10\n}", "Vector2(1, 2)"]);
///
/// // Numbers out of order are an error at their line.
/// let err = read_sequence("#0\n1\n#2\n2", Dialect::Godot4, &ReadOptions::new()).unwrap_err();
/// assert_eq!((err.line(), err.column()), (3, 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_sequence(
    text: &str,
    dialect: Dialect,
    options: &ReadOptions,
) -> Result<Sequence, TextError> {
    let start = skip_blank(text, 0);
    let Some(mut pos) = marker(text, start, 0) else {
        let mut value = Vec::new();
        read_into(text, dialect, options, &mut value)?;
        return Ok(Sequence {
            values: alloc::vec![value],
            numbered: false,
        });
    };
    let mut values = Vec::new();
    loop {
        let mut value = Vec::new();
        let end = Parser::new(text, dialect, options, &mut value).run_at(pos)?;
        values.push(value);
        let next = skip_blank(text, end);
        if next >= text.len() || text.as_bytes().get(next) == Some(&0) {
            return Ok(Sequence {
                values,
                numbered: true,
            });
        }
        pos = marker(text, next, values.len()).ok_or_else(|| {
            TextError::locate(
                text.as_bytes(),
                next,
                TextErrorKind::Expected("the end, or a line `#N` numbering the next value"),
            )
        })?;
    }
}

/// Skips whitespace (every byte up to U+0020 but NUL) and `;` comments from `pos`.
fn skip_blank(text: &str, mut pos: usize) -> usize {
    let bytes = text.as_bytes();
    loop {
        while bytes.get(pos).is_some_and(|&b| b != 0 && b <= b' ') {
            pos += 1;
        }
        if bytes.get(pos) != Some(&b';') {
            return pos;
        }
        let rest = bytes.get(pos..).unwrap_or_default();
        pos = memchr::memchr(b'\n', rest).map_or(bytes.len(), |n| pos + n + 1);
    }
}

/// If a line `#index` starts at `pos` (spaces and tabs may follow it), where the value
/// after it starts: the next line, or the end of the text.
fn marker(text: &str, pos: usize, index: usize) -> Option<usize> {
    let rest = text.get(pos..)?.strip_prefix('#')?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let number = rest.get(..digits)?;
    if number.parse::<usize>().ok()? != index || (number.len() > 1 && number.starts_with('0')) {
        return None;
    }
    let after = rest.get(digits..)?;
    let line = after.trim_start_matches([' ', '\t']);
    let line = line.strip_prefix('\r').unwrap_or(line);
    if line.is_empty() {
        return Some(text.len());
    }
    let next = line.strip_prefix('\n')?;
    Some(text.len() - next.len())
}
