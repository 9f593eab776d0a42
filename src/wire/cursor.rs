//! A bounds-checked reader over the input that reports absolute offsets and never panics.

use super::error::{Error, ErrorKind};
use super::utf8::check_godot_utf8;

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
        self.pos += padded;
        let raw = block.get(..len).unwrap_or(block);
        if CHECK && !padded_ascii(block, len) && !check_godot_utf8(raw) {
            return Err(self.error_at(start, ErrorKind::InvalidUtf8));
        }
        Ok(raw)
    }
}

/// True when the first `len` bytes of `block` (a string and its zero padding, a multiple
/// of 4 bytes long) hold no NUL and no byte >= 0x80: then they are valid UTF-8 and Godot
/// reads them whole. Works a word at a time (blocks up to 16 bytes, most keys, in one or
/// two loads); may say `false` for some valid ASCII (the caller then runs the full check).
#[inline(always)]
fn padded_ascii(block: &[u8], len: usize) -> bool {
    // A byte is flagged when it is 0 (the subtraction borrows) or has its high bit set.
    // Borrows only move upwards, so zero padding never flags the string bytes below it.
    let word8 = |at: usize| {
        block
            .get(at..at.wrapping_add(8))
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    };
    let n = block.len();
    match n {
        0 => true,
        4 => {
            let word = block.try_into().map_or(0, u32::from_le_bytes);
            flags(u64::from(word) | 0x0101_0101_0000_0000) & keep_mask(len) == 0
        }
        8 => flags(word8(0)) & keep_mask(len) == 0,
        12 | 16 => {
            // The last word overlaps the first; its bytes start at n - 8.
            let tail_keep = len.saturating_sub(n - 8);
            (flags(word8(0)) & keep_mask(len.min(8))) | (flags(word8(n - 8)) & keep_mask(tail_keep))
                == 0
        }
        _ => padded_ascii_long(block, len),
    }
}

/// [`padded_ascii`] of a block over 16 bytes, a word at a time.
#[inline]
fn padded_ascii_long(block: &[u8], len: usize) -> bool {
    let mut chunks = block.chunks_exact(8);
    let mut seen = 0u64;
    let mut checked = 0usize;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let keep = len.saturating_sub(checked).min(8);
        seen |= flags(word) & keep_mask(keep);
        checked += 8;
    }
    // `block` is a multiple of 4 bytes long, so the tail is empty or one 4-byte word.
    if let Ok(tail) = <[u8; 4]>::try_from(chunks.remainder()) {
        let keep = len.saturating_sub(checked).min(4);
        seen |=
            flags(u64::from(u32::from_le_bytes(tail)) | 0x0101_0101_0000_0000) & keep_mask(keep);
    }
    seen == 0
}

/// The high bit of every byte of `word` that is 0 (the subtraction borrows) or has its
/// high bit set; a borrow may also flag the byte above a zero, never one below.
#[inline(always)]
fn flags(word: u64) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    (word.wrapping_sub(LOW) | word) & HIGH
}

/// The high bits of the low `n` bytes, for `n` from 0 to 8 (a const initializer: an
/// index out of bounds is a build error).
#[allow(clippy::indexing_slicing)]
const KEEP: [u64; 9] = {
    let mut out = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        out[n] = 0x8080_8080_8080_8080 >> (64 - 8 * n);
        n += 1;
    }
    out
};

/// A mask selecting the high bits of the low `n` bytes (at most 8).
#[inline(always)]
fn keep_mask(n: usize) -> u64 {
    KEEP.get(n).copied().unwrap_or(u64::MAX)
}
