//! Reading a ConfigFile's text as the engine's `ConfigFile::_parse` does
//! (`VariantParser::parse_tag_assign_eof` with simple tags), keeping where each piece is.
//!
//! The engine reads a character at a time: `;` starts a comment to the end of the line;
//! `[` with no key begun starts a section header, which ends at the first `]` (Godot 4:
//! the first `]` not after a `\`) and is trimmed; `"` starts a quoted key, a string token
//! that replaces whatever key was begun; `=` ends the key, and one value of the text form
//! follows; any other character above U+0020 is part of the key, and whitespace (line
//! breaks included) is skipped, so a key may run over several lines.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::error::{ConfigError, ConfigErrorKind as K};
use super::options::ConfigOptions;
use crate::format::text::blank::{line_end, skip_blank};
use crate::format::text::{self, TextStyle};
use crate::read::value::VariantRef;

/// A `[name]` header where it is in the text.
#[derive(Clone, Debug)]
pub(super) struct Header {
    /// The name as the engine reads it (trimmed; empty for `[]`, which changes nothing).
    pub name: String,
    /// From the `[` to after the `]`.
    pub span: Range<usize>,
}

/// A `key=value` where it is in the text.
#[derive(Clone, Debug)]
pub(super) struct Entry {
    /// The section it is read into.
    pub section: String,
    /// The key as the engine reads it.
    pub key: String,
    /// The key's first character.
    pub key_start: usize,
    /// The value's text (from its first character to after its last).
    pub value: Range<usize>,
    /// The value's bytes, as `var_to_bytes` writes them in the file's dialect.
    pub bytes: Vec<u8>,
}

/// What the text holds, in order.
#[derive(Clone, Debug)]
pub(super) enum Item {
    Header(Header),
    Entry(Entry),
}

/// An error of `kind` at byte `offset` of `text`.
fn error(text: &str, offset: usize, kind: K) -> ConfigError {
    ConfigError::locate(text.as_bytes(), offset, kind)
}

/// Reads `text` into its items. One pass; each value is read once by the text reader.
pub(super) fn scan(text: &str, options: &ConfigOptions) -> Result<Vec<Item>, ConfigError> {
    let b = text.as_bytes();
    let mut items = Vec::new();
    let mut section = String::new();
    let mut pos = 0;
    // One round of `parse_tag_assign_eof` per item.
    'items: loop {
        let mut key: Vec<u8> = Vec::new();
        let mut key_start: Option<usize> = None;
        loop {
            let Some(&c) = b.get(pos) else {
                if let (true, Some(at)) = (options.strict, key_start) {
                    return Err(error(text, at, K::MissingEquals));
                }
                return Ok(items);
            };
            match c {
                b';' => {
                    pos = line_end(b, pos);
                    if let (true, Some(at)) = (options.strict, key_start) {
                        return Err(error(text, at, K::MissingEquals));
                    }
                }
                b'[' if key.is_empty() => {
                    let (header, end) = header(text, pos, options.style)?;
                    if !header.name.is_empty() {
                        section.clone_from(&header.name);
                    }
                    items.push(Item::Header(header));
                    pos = end;
                    continue 'items;
                }
                b'"' => {
                    let end = string_end(b, pos);
                    let slice = text.get(pos..end).unwrap_or_default();
                    let dialect = options.dialect();
                    let bytes = text::read_with(slice, dialect, &options.read)
                        .map_err(|e| error(text, pos + e.offset(), K::BadKey(e.kind().clone())))?;
                    let name = VariantRef::parse(&bytes, dialect)
                        .ok()
                        .and_then(|v| v.as_str())
                        .unwrap_or_default();
                    key.clear();
                    key.extend_from_slice(name.as_bytes());
                    key_start.get_or_insert(pos);
                    pos = end;
                }
                b'=' => {
                    let at = key_start.unwrap_or(pos);
                    if options.strict && key.is_empty() {
                        return Err(error(text, at, K::EmptyKey));
                    }
                    let (entry, end) = value(text, pos + 1, options)?;
                    pos = end;
                    // The engine drops a value with no key (`=1`, `""=1`).
                    if !key.is_empty() {
                        items.push(Item::Entry(Entry {
                            section: section.clone(),
                            key: String::from_utf8_lossy(&key).into_owned(),
                            key_start: at,
                            value: entry.0,
                            bytes: entry.1,
                        }));
                    }
                    continue 'items;
                }
                b'\n' => {
                    if let (true, Some(at)) = (options.strict, key_start) {
                        return Err(error(text, at, K::MissingEquals));
                    }
                    pos += 1;
                }
                c if c > b' ' => {
                    key.push(c);
                    key_start.get_or_insert(pos);
                    pos += 1;
                }
                _ => pos += 1,
            }
        }
    }
}

/// The header whose `[` is at `start`, and where it ends.
fn header(text: &str, start: usize, style: TextStyle) -> Result<(Header, usize), ConfigError> {
    let b = text.as_bytes();
    let escapes = style == TextStyle::Godot4;
    let mut escaping = false;
    let mut i = start + 1;
    loop {
        let Some(&c) = b.get(i) else {
            return Err(error(text, start, K::UnterminatedSection));
        };
        if c == b']' && !escaping {
            break;
        }
        escaping = escapes && c == b'\\';
        i += 1;
    }
    let raw = text.get(start + 1..i).unwrap_or_default();
    let name = raw.trim_matches(|c: char| c <= ' ');
    let header = Header {
        name: String::from(name),
        span: start..i + 1,
    };
    Ok((header, i + 1))
}

/// Reads the value after the `=` at `after - 1`: its span and bytes, and where it ends.
#[allow(clippy::type_complexity)]
fn value(
    text: &str,
    after: usize,
    options: &ConfigOptions,
) -> Result<((Range<usize>, Vec<u8>), usize), ConfigError> {
    let b = text.as_bytes();
    let start = skip_blank(b, after);
    let end = value_end(text, start);
    let slice = text.get(start..end).unwrap_or_default();
    let bytes = text::read_with(slice, options.dialect(), &options.read)
        .map_err(|e| error(text, start + e.offset(), K::BadValue(e.kind().clone())))?;
    Ok(((start..end, bytes), end))
}

/// After the string whose `"` is at `pos` (its closing `"`), or the end of the text.
fn string_end(b: &[u8], pos: usize) -> usize {
    let mut i = pos + 1;
    while let Some(&c) = b.get(i) {
        match c {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    b.len()
}

/// After the bracket group that opens at `pos` (`(`, `[` or `{`): strings and `;`
/// comments skipped, brackets of any kind counted (the text reader checks they match).
/// The end of the text when it does not close.
fn group_end(b: &[u8], pos: usize) -> usize {
    let mut depth = 0usize;
    let mut i = pos;
    while let Some(&c) = b.get(i) {
        match c {
            b'"' => {
                i = string_end(b, i);
                continue;
            }
            b';' => {
                i = line_end(b, i);
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    b.len()
}

fn is_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Where the value that starts at `start` ends, by the engine's token rules: a string
/// (`"…"`, `&"…"`, `^"…"`, `@"…"`), an array or dictionary, a `#` colour, a number, a
/// keyword, or a constructor `Name(…)` (`Array[T](…)`, `Dictionary[K, V](…)`). What is
/// not a value ends after its first character; the text reader then says what is wrong.
fn value_end(text: &str, start: usize) -> usize {
    let b = text.as_bytes();
    let Some(&c) = b.get(start) else {
        return start;
    };
    match c {
        b'"' => string_end(b, start),
        b'&' | b'^' | b'@' if b.get(start + 1) == Some(&b'"') => string_end(b, start + 1),
        b'[' | b'{' => group_end(b, start),
        b'#' => start + 1 + count(b, start + 1, |c| c.is_ascii_alphanumeric()),
        b'-' | b'+' | b'.' | b'0'..=b'9' => {
            let mut i = start + 1;
            while let Some(&c) = b.get(i) {
                let sign = matches!(c, b'+' | b'-') && matches!(b.get(i - 1), Some(b'e' | b'E'));
                if !(is_word(c) || c == b'.' || sign) {
                    break;
                }
                i += 1;
            }
            i
        }
        c if c.is_ascii_alphabetic() || c == b'_' => {
            let word_end = start + count(b, start, is_word);
            let word = text.get(start..word_end).unwrap_or_default();
            if matches!(
                word,
                "true" | "false" | "null" | "nil" | "inf" | "inf_neg" | "nan"
            ) {
                return word_end;
            }
            let mut end = word_end;
            let mut next = skip_blank(b, word_end);
            if matches!(word, "Array" | "Dictionary") && b.get(next) == Some(&b'[') {
                end = group_end(b, next);
                next = skip_blank(b, end);
            }
            if b.get(next) == Some(&b'(') {
                end = group_end(b, next);
            }
            end
        }
        _ => {
            start
                + text
                    .get(start..)
                    .and_then(|s| s.chars().next())
                    .map_or(1, char::len_utf8)
        }
    }
}

/// How many bytes from `from` satisfy `f`.
fn count(b: &[u8], from: usize, f: impl Fn(u8) -> bool) -> usize {
    b.get(from..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&c| f(c))
        .count()
}
