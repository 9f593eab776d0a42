//! A bounds-checked little-endian reader over one packet, whose errors carry the offset.

use super::error::{PacketError, PacketErrorKind};

/// Reads fixed-size little-endian fields from a packet; every read checks the bounds and
/// fails with [`PacketErrorKind::Truncated`] at the field's offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    pub(crate) fn new(bytes: &'a [u8], pos: usize) -> Self {
        Cursor { bytes, pos }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bytes from the position to the end.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.pos..).unwrap_or(&[])
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], PacketError> {
        let end = self
            .pos
            .checked_add(n)
            .ok_or(PacketError::new(PacketErrorKind::Truncated, self.pos))?;
        let field = self
            .bytes
            .get(self.pos..end)
            .ok_or(PacketError::new(PacketErrorKind::Truncated, self.pos))?;
        self.pos = end;
        Ok(field)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], PacketError> {
        let at = self.pos;
        self.take(N)?
            .try_into()
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, at))
    }

    pub(crate) fn u8(&mut self) -> Result<u8, PacketError> {
        Ok(u8::from_le_bytes(self.array()?))
    }

    pub(crate) fn u16(&mut self) -> Result<u16, PacketError> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, PacketError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    pub(crate) fn i32(&mut self) -> Result<i32, PacketError> {
        Ok(i32::from_le_bytes(self.array()?))
    }

    pub(crate) fn u64(&mut self) -> Result<u64, PacketError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    /// A u32 size field followed by that many bytes.
    pub(crate) fn sized(&mut self) -> Result<(usize, &'a [u8]), PacketError> {
        let at = self.pos;
        let size = usize::try_from(self.u32()?)
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, at))?;
        let start = self.pos;
        let body = self
            .take(size)
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, at))?;
        Ok((start, body))
    }
}

/// A NUL-terminated UTF-8 string that fills `bytes` exactly (its last byte is the NUL and
/// no other byte is), at absolute offset `at`. Empty text is refused when `allow_empty`
/// is false.
pub(crate) fn c_string(bytes: &[u8], at: usize, allow_empty: bool) -> Result<&str, PacketError> {
    let bad = PacketError::new(PacketErrorKind::BadString, at);
    let (&nul, text) = bytes.split_last().ok_or(bad)?;
    if nul != 0 || memchr::memchr(0, text).is_some() || (text.is_empty() && !allow_empty) {
        return Err(bad);
    }
    core::str::from_utf8(text).map_err(|e| {
        PacketError::new(
            PacketErrorKind::InvalidUtf8,
            at.saturating_add(e.valid_up_to()),
        )
    })
}
