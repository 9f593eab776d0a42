//! Little-endian reads of validated bytes, and the padding rule.

/// Bytes of zero padding that follow `len` bytes to reach a multiple of 4.
#[inline]
pub(crate) const fn pad4(len: usize) -> usize {
    (4 - (len & 3)) & 3
}

/// Reads a little-endian u32 at `at`, or 0 past the end (for trusted, validated data).
#[inline]
pub(crate) fn le_u32(bytes: &[u8], at: usize) -> u32 {
    bytes
        .get(at..at.saturating_add(4))
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_le_bytes)
}

/// Reads a little-endian u64 at `at`, or 0 past the end (for trusted, validated data).
#[inline]
pub(crate) fn le_u64(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at.saturating_add(8))
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}
