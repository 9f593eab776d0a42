//! Text laid out at the end of the output by fixed-size stores ([`Tail`]): a window of
//! `SIZE` zeroed bytes appended to the buffer, written at offsets masked into it (a store
//! cannot fall outside, so no store has a bounds check that can fail, and no length is
//! kept per byte), then cut to the text's length. For the short, many-pieced texts of
//! the tagged writer's small containers (`small.rs`).

use alloc::vec::Vec;

/// `SIZE` bytes at the end of a buffer, from its length `start` on; `SIZE` is a power of
/// two plus 32: stores start at offsets below `SIZE - 32` (masked) and are at most 32
/// bytes long.
pub(super) struct Tail<'v, const SIZE: usize> {
    pub(super) bytes: &'v mut [u8; SIZE],
}

impl<'v, const SIZE: usize> Tail<'v, SIZE> {
    /// Every store's offset is masked with this.
    const MASK: usize = SIZE - 33;

    /// Appends `SIZE` zero bytes to `buf`: the window over them, and where it starts.
    #[inline(always)]
    pub(super) fn open(buf: &'v mut Vec<u8>) -> Option<(Self, usize)> {
        const { assert!((SIZE - 32).is_power_of_two()) };
        let start = buf.len();
        buf.extend_from_slice(&[0u8; SIZE]);
        if buf.len() != start + SIZE {
            buf.truncate(start);
            return None;
        }
        let bytes = buf.get_mut(start..)?.try_into().ok()?;
        Some((Tail { bytes }, start))
    }

    /// Stores `N` bytes (at most 32) at `at`.
    #[inline(always)]
    pub(super) fn put<const N: usize>(&mut self, at: usize, bytes: [u8; N]) {
        const { assert!(N <= 32) };
        let at = at & Self::MASK;
        if let Some(slot) = self.bytes.get_mut(at..at + N) {
            slot.copy_from_slice(&bytes);
        }
    }

    /// Stores one byte at `at`.
    #[inline(always)]
    pub(super) fn put1(&mut self, at: usize, byte: u8) {
        self.put(at, [byte]);
    }

    /// Stores the 8 bytes of `word` (little-endian) at `at`.
    #[inline(always)]
    pub(super) fn put8(&mut self, at: usize, word: u64) {
        self.put(at, word.to_le_bytes());
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure
    use super::*;

    #[test]
    fn stores_land_at_their_offsets_and_wrap_inside() {
        let mut buf = b"ab".to_vec();
        let (mut tail, start) = Tail::<{ 32 + 32 }>::open(&mut buf).unwrap();
        assert_eq!(start, 2);
        tail.put(0, *b"xyz");
        tail.put1(3, b'!');
        tail.put8(4, u64::from_le_bytes(*b"12345678"));
        // Offset 32 is masked to 0: inside, never past the end.
        tail.put1(32, b'X');
        buf.truncate(start + 12);
        assert_eq!(buf, b"abXyz!12345678");
    }
}
