//! A bounds-checked reader over the file's bytes in its byte order: every read either
//! returns a value or an [`BinaryErrorKind::UnexpectedEnd`] at the place it stopped.

use super::error::{BinaryError, BinaryErrorKind as K};
use crate::wire::cast::ascii_str;

/// A position in the input and the file's byte order.
#[derive(Clone, Debug)]
pub(crate) struct Cursor<'a> {
    data: &'a [u8],
    pos: usize,
    big_endian: bool,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(data: &'a [u8], pos: usize, big_endian: bool) -> Self {
        Cursor {
            data,
            pos,
            big_endian,
        }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn data(&self) -> &'a [u8] {
        self.data
    }

    pub(crate) fn set_big_endian(&mut self, big: bool) {
        self.big_endian = big;
    }

    pub(crate) fn big_endian(&self) -> bool {
        self.big_endian
    }

    /// Bytes left after the position.
    pub(crate) fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    /// The next `n` bytes, borrowed; the position moves past them.
    #[inline]
    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], BinaryError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.data.len())
            .ok_or_else(|| BinaryError::new(K::UnexpectedEnd, self.data.len()))?;
        let out = self.data.get(self.pos..end).unwrap_or(&[]);
        self.pos = end;
        Ok(out)
    }

    #[inline]
    fn array<const N: usize>(&mut self) -> Result<[u8; N], BinaryError> {
        let bytes = self.take(N)?;
        let mut out = [0u8; N];
        out.copy_from_slice(bytes);
        if self.big_endian {
            out.reverse();
        }
        Ok(out)
    }

    #[inline]
    pub(crate) fn u16(&mut self) -> Result<u16, BinaryError> {
        self.array::<2>().map(u16::from_le_bytes)
    }

    #[inline]
    pub(crate) fn u32(&mut self) -> Result<u32, BinaryError> {
        let bytes = self
            .data
            .get(self.pos..self.pos.wrapping_add(4))
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .ok_or_else(|| BinaryError::new(K::UnexpectedEnd, self.data.len()))?;
        self.pos += 4;
        let v = u32::from_le_bytes(bytes);
        Ok(if self.big_endian { v.swap_bytes() } else { v })
    }

    #[inline]
    pub(crate) fn u64(&mut self) -> Result<u64, BinaryError> {
        self.array::<8>().map(u64::from_le_bytes)
    }

    /// A count that must fit in what is left when each item takes at least `min_item`
    /// bytes: refused before anything follows it.
    pub(crate) fn count(&mut self, min_item: usize) -> Result<u32, BinaryError> {
        let at = self.pos;
        let n = self.u32()?;
        self.check_count(u64::from(n), min_item, at)?;
        Ok(n)
    }

    /// Checks that `n` items of at least `min_item` bytes fit in what is left.
    pub(crate) fn check_count(
        &self,
        n: u64,
        min_item: usize,
        at: usize,
    ) -> Result<(), BinaryError> {
        let need = n.checked_mul(min_item as u64);
        match need {
            Some(need) if need <= self.remaining() as u64 => Ok(()),
            _ => Err(BinaryError::new(K::CountTooLarge(n), at)),
        }
    }

    /// A counted string (`get_unicode_string`): a u32 length that counts the NUL, then the
    /// bytes; the text is the bytes before the first NUL (as `parse_utf8` reads them),
    /// checked to be UTF-8. No padding follows.
    pub(crate) fn string(&mut self) -> Result<&'a str, BinaryError> {
        let at = self.pos;
        let len = self.u32()?;
        if u64::from(len) > self.remaining() as u64 {
            return Err(BinaryError::new(K::CountTooLarge(len.into()), at));
        }
        let bytes_at = self.pos;
        let raw = self.take(len as usize)?;
        text_of(raw, bytes_at)
    }
}

/// A vector's first capacity for `n` children the input has room for: at most 16, so that
/// nested containers that each claim the rest of the input reserve little; pushes grow it.
#[inline]
pub(crate) fn first_capacity(n: u32) -> usize {
    (n as usize).min(16)
}

/// The text of a string field's bytes: up to the first NUL, UTF-8. Fast path: the
/// saver's own strings end with their NUL and are most often plain ASCII, checked eight
/// bytes at a time by the crate's ASCII test (which also refuses NUL).
#[inline]
pub(crate) fn text_of(raw: &[u8], at: usize) -> Result<&str, BinaryError> {
    if let Some((&0, body)) = raw.split_last() {
        if let Some(text) = ascii_str(body) {
            return Ok(text);
        }
    }
    let end = memchr::memchr(0, raw).unwrap_or(raw.len());
    let raw = raw.get(..end).unwrap_or(&[]);
    core::str::from_utf8(raw).map_err(|e| BinaryError::new(K::BadUtf8, at + e.valid_up_to()))
}

/// Four bytes in the file's order as a little-endian word's bytes.
#[inline]
pub(crate) fn word4(c: &[u8], big: bool) -> [u8; 4] {
    let mut b: [u8; 4] = c.try_into().unwrap_or([0; 4]);
    if big {
        b.reverse();
    }
    b
}

/// Eight bytes in the file's order as a little-endian word's bytes.
#[inline]
pub(crate) fn word8(c: &[u8], big: bool) -> [u8; 8] {
    let mut b: [u8; 8] = c.try_into().unwrap_or([0; 8]);
    if big {
        b.reverse();
    }
    b
}

/// One scalar of `c.len()` bytes (4: i32 or f32; 8: f64) as f64, exactly.
pub(crate) fn scalar(c: &[u8], int: bool, big: bool) -> f64 {
    match (c.len(), int) {
        (4, true) => f64::from(i32::from_le_bytes(word4(c, big))),
        (4, false) => f64::from(f32::from_le_bytes(word4(c, big))),
        _ => f64::from_le_bytes(word8(c, big)),
    }
}
