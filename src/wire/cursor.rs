//! A bounds-checked reader over the input that reports absolute offsets and never panics.

use super::error::{Error, ErrorKind};
use super::utf8::{check_godot_utf8, padded_ascii, short_ascii, short_ascii16};

/// Reads little-endian fields from `data`, starting at `pos`. Offsets in errors are `pos`
/// plus `base`, the absolute offset of `data[0]` in the caller's buffer.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    base: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(data: &'a [u8], base: usize) -> Self {
        Cursor { data, pos: 0, base }
    }

    /// A cursor at `data[pos]` (at the end of `data` if `pos` is past it).
    #[inline]
    pub(crate) fn at(data: &'a [u8], pos: usize, base: usize) -> Self {
        Cursor {
            data,
            pos: pos.min(data.len()),
            base,
        }
    }

    /// Position relative to `data`.
    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// Absolute offset of the current position.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base.saturating_add(self.pos)
    }

    #[inline]
    pub(crate) fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    #[cold]
    pub(crate) fn error_here(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.offset())
    }

    #[cold]
    pub(crate) fn error_at(&self, pos: usize, kind: ErrorKind) -> Error {
        Error::new(kind, self.base.saturating_add(pos))
    }

    /// Takes `n` bytes; `kind` is reported (at the current position) if fewer remain.
    #[inline]
    pub(crate) fn take_or(&mut self, n: usize, kind: ErrorKind) -> Result<&'a [u8], Error> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&end| end <= self.data.len());
        match end.and_then(|end| self.data.get(self.pos..end).map(|s| (end, s))) {
            Some((end, bytes)) => {
                self.pos = end;
                Ok(bytes)
            }
            None => Err(self.error_here(kind)),
        }
    }

    /// Takes a fixed-size field of `n` bytes.
    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], Error> {
        self.take_or(n, ErrorKind::UnexpectedEnd)
    }

    /// Steps over a fixed-size field of `n` bytes.
    #[inline(always)]
    pub(crate) fn skip(&mut self, n: usize) -> Result<(), Error> {
        // `pos <= data.len()` always holds, so the subtraction cannot wrap.
        if n <= self.data.len().wrapping_sub(self.pos) {
            self.pos += n;
            Ok(())
        } else {
            Err(self.error_here(ErrorKind::UnexpectedEnd))
        }
    }

    /// Takes up to `n` bytes (fewer at the end of the input).
    #[inline]
    pub(crate) fn take_at_most(&mut self, n: usize) -> &'a [u8] {
        let n = n.min(self.remaining());
        let start = self.pos;
        self.pos = start.saturating_add(n);
        self.data.get(start..self.pos).unwrap_or(&[])
    }

    #[inline(always)]
    pub(crate) fn u32(&mut self) -> Result<u32, Error> {
        let word = self
            .data
            .get(self.pos..self.pos.wrapping_add(4))
            .and_then(|b| <[u8; 4]>::try_from(b).ok());
        match word {
            Some(bytes) => {
                self.pos += 4;
                Ok(u32::from_le_bytes(bytes))
            }
            None => Err(self.error_here(ErrorKind::UnexpectedEnd)),
        }
    }

    /// Reads a count or length word and checks that it is a non-negative Godot `int32`
    /// and that `count * min_size` bytes can still follow. Returns it as `usize`.
    #[inline]
    pub(crate) fn count(&mut self, min_size: usize) -> Result<usize, Error> {
        let at = self.pos;
        let word = self.u32()?;
        let count = word as usize;
        if word > i32::MAX as u32 || count.saturating_mul(min_size) > self.remaining() {
            return Err(self.error_at(at, ErrorKind::LengthOutOfBounds));
        }
        Ok(count)
    }

    /// Reads a Godot string field (u32 length, bytes, zero pad to 4; the pad must be present)
    /// and returns the `length` raw bytes. With `CHECK`, the text is validated as Godot does:
    /// up to the first NUL, after an optional BOM, as UTF-8.
    #[inline(always)]
    pub(crate) fn string<const CHECK: bool>(&mut self) -> Result<&'a [u8], Error> {
        let at = self.pos;
        let word = self.u32()?;
        let len = word as usize;
        // `len <= i32::MAX`, so this cannot overflow where usize has 32 bits or more.
        let padded = len.wrapping_add(3) & !3;
        let block = match self
            .data
            .get(self.pos..)
            .and_then(|rest| rest.get(..padded))
        {
            Some(block) if word <= i32::MAX as u32 => block,
            _ => return Err(self.error_at(at, ErrorKind::LengthOutOfBounds)),
        };
        let start = self.pos;
        // A short string (most keys) is checked with one load and no branch on its length
        // when 8 bytes can be loaded; the others a word at a time, then as UTF-8.
        let raw = block.get(..len).unwrap_or(block);
        if CHECK && !ascii(self.data, start, block, len) && !check_godot_utf8(raw) {
            return Err(self.error_at(start, ErrorKind::InvalidUtf8));
        }
        self.pos += padded;
        Ok(raw)
    }
}

/// The bytes after a string field whose length word `len` came just before `text`, if its
/// text and padding are there and the text is plain ASCII (no NUL, no byte of 0x80 or
/// more): the fields [`Cursor::string`] accepts without its full check. `None` for
/// anything else (the caller then reads the field with `Cursor::string`, which finds what
/// is wrong, or accepts text that is not ASCII).
#[inline(always)]
pub(crate) fn plain_string(text: &[u8], len: u32) -> Option<&[u8]> {
    if len > i32::MAX as u32 {
        return None;
    }
    let len = len as usize;
    let padded = len.wrapping_add(3) & !3;
    let (block, after) = text.split_at_checked(padded)?;
    ascii(text, 0, block, len).then_some(after)
}

/// Is the string text of `len` bytes at `data[start]` (`block` with its padding) plain
/// ASCII? One up to 8 bytes (most keys) takes one load, one up to 16 two, with no branch on
/// its length within each, when 16 bytes can be loaded; the others go a word at a time. `false` sends the caller to the full
/// UTF-8 check.
#[inline(always)]
fn ascii(data: &[u8], start: usize, block: &[u8], len: usize) -> bool {
    let word = |chunk: &[u8], at: usize| {
        chunk
            .get(at..at + 8)
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    };
    match data.get(start..start.wrapping_add(16)) {
        Some(chunk) if len <= 8 => short_ascii(word(chunk, 0), len),
        Some(chunk) if len <= 16 => short_ascii16(word(chunk, 0), word(chunk, 8), len),
        _ => padded_ascii(block, len),
    }
}
