//! Godot strings on the wire: `u32` length, bytes, zero padding. Godot reads the bytes up to
//! the first NUL, skips a leading UTF-8 BOM, and requires the rest to be UTF-8
//! ([`crate::wire::utf8`]).

use core::fmt;

use crate::wire::bytes::{le_u32, pad4};
use crate::wire::utf8::godot_view;

/// A string field as stored on the wire: the raw bytes (length `L`, without padding) and
/// the text Godot reads from them.
///
/// Produced only from validated input, so [`GdStr::as_str`] always succeeds. `as_str`
/// checks the bytes again on each call, O(len): plain ASCII (the common case) by an
/// 8-bytes-at-a-time scan, after which the bytes are taken as a `&str` without a second
/// check (the crate's one `unsafe` block in every build, `wire::cast::ascii_str`; see
/// SAFETY.md), anything else by `core::str::from_utf8`. Keep the `&str` if you need it
/// often.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct GdStr<'a> {
    raw: &'a [u8],
}

impl<'a> GdStr<'a> {
    pub(crate) fn new(raw: &'a [u8]) -> Self {
        GdStr { raw }
    }

    /// The `L` bytes on the wire, including any NUL terminator (PackedStringArray items
    /// carry one) or BOM. O(1).
    pub fn raw_bytes(&self) -> &'a [u8] {
        self.raw
    }

    /// The text Godot reads: up to the first NUL, without a leading BOM. O(len).
    #[inline(always)]
    pub fn as_str(&self) -> &'a str {
        match crate::wire::cast::ascii_str(self.raw) {
            Some(text) => text,
            None => self.as_str_slow(),
        }
    }

    /// [`GdStr::as_str`] of text that is not plain ASCII (or holds a NUL).
    #[inline(never)]
    fn as_str_slow(&self) -> &'a str {
        core::str::from_utf8(godot_view(self.raw)).unwrap_or("")
    }

    /// Length in bytes of [`GdStr::as_str`]. O(len).
    pub fn len(&self) -> usize {
        godot_view(self.raw).len()
    }

    /// Is the text empty? O(len).
    pub fn is_empty(&self) -> bool {
        godot_view(self.raw).is_empty()
    }
}

impl fmt::Debug for GdStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl fmt::Display for GdStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl AsRef<str> for GdStr<'_> {
    /// [`GdStr::as_str`]: O(len).
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<str> for GdStr<'_> {
    fn eq(&self, other: &str) -> bool {
        godot_view(self.raw) == other.as_bytes()
    }
}

impl PartialEq<&str> for GdStr<'_> {
    fn eq(&self, other: &&str) -> bool {
        godot_view(self.raw) == other.as_bytes()
    }
}

/// Reads a validated string field at `at` in `bytes`; returns it and the offset after it.
pub(crate) fn string_at(bytes: &[u8], at: usize) -> (GdStr<'_>, usize) {
    string_of(bytes, at.saturating_add(4), le_u32(bytes, at))
}

/// [`string_at`] with the length word already read: the text of `len` bytes at `start`.
#[inline(always)]
pub(crate) fn string_of(bytes: &[u8], start: usize, len: u32) -> (GdStr<'_>, usize) {
    let len = len as usize;
    let end = start.saturating_add(len).min(bytes.len());
    let raw = bytes.get(start..end).unwrap_or(&[]);
    (GdStr::new(raw), end.saturating_add(pad4(len)))
}

/// Iterator over string fields stored back to back: NodePath names and subnames,
/// PackedStringArray items. Items are variable-size, so there is no O(1) indexing.
#[derive(Clone, Debug)]
pub struct StringIter<'a> {
    rest: &'a [u8],
    remaining: u32,
}

impl<'a> StringIter<'a> {
    pub(crate) fn new(fields: &'a [u8], count: u32) -> Self {
        StringIter {
            rest: fields,
            remaining: count,
        }
    }

    /// The bytes after the fields read so far.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.rest
    }
}

impl<'a> Iterator for StringIter<'a> {
    type Item = GdStr<'a>;

    fn next(&mut self) -> Option<GdStr<'a>> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let (item, next) = string_at(self.rest, 0);
        self.rest = self.rest.get(next..).unwrap_or(&[]);
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining as usize, Some(self.remaining as usize))
    }
}

impl ExactSizeIterator for StringIter<'_> {}

/// A `PackedStringArray` / `PoolStringArray` view. `Copy`; items are variable-size, so
/// iterating is lazy and [`PackedStrings::get`] is O(index).
#[derive(Clone, Copy, Debug)]
pub struct PackedStrings<'a> {
    fields: &'a [u8],
    len: u32,
}

impl<'a> PackedStrings<'a> {
    /// `len` string fields stored back to back from `fields[0]`.
    pub(crate) fn new(fields: &'a [u8], len: u32) -> Self {
        PackedStrings { fields, len }
    }

    /// Number of items. O(1).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items, in order. Each is what Godot reads (up to the NUL every item written by
    /// the engine carries).
    pub fn iter(&self) -> StringIter<'a> {
        StringIter::new(self.fields, self.len)
    }

    /// Item `index`, or `None` past the end. O(index).
    pub fn get(&self, index: usize) -> Option<GdStr<'a>> {
        self.iter().nth(index)
    }
}

impl<'a> IntoIterator for PackedStrings<'a> {
    type Item = GdStr<'a>;
    type IntoIter = StringIter<'a>;
    fn into_iter(self) -> StringIter<'a> {
        self.iter()
    }
}
impl core::iter::FusedIterator for StringIter<'_> {}
