//! A small byte block on the stack that float texts are laid out in by fixed-size stores
//! at masked offsets: no store has a bounds check that can fail, and no length is kept
//! per byte. [`list`](super::list) hands a block of many floats on in one copy;
//! [`push_f32`](super::push_f32) uses a block of one.

/// Bytes of a block for one float.
pub(super) const SINGLE: usize = 64 + 32;

/// `SIZE` bytes, of which offsets up to `SIZE - 33` (a power of two less one) are where
/// stores start: a store of up to 32 bytes from any of them stays inside.
pub(super) struct Block<const SIZE: usize> {
    bytes: [u8; SIZE],
}

impl<const SIZE: usize> Block<SIZE> {
    /// Every store's offset is masked with this.
    const MASK: usize = SIZE - 33;

    #[inline(always)]
    pub(super) fn new() -> Self {
        Block { bytes: [0; SIZE] }
    }

    #[inline(always)]
    pub(super) fn put1(&mut self, at: usize, byte: u8) {
        if let Some(slot) = self.bytes.get_mut(at & Self::MASK) {
            *slot = byte;
        }
    }

    #[inline(always)]
    pub(super) fn put8(&mut self, at: usize, word: u64) {
        let at = at & Self::MASK;
        if let Some(slot) = self.bytes.get_mut(at..at + 8) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
    }

    #[inline(always)]
    pub(super) fn put16(&mut self, at: usize, word: u128) {
        let at = at & Self::MASK;
        if let Some(slot) = self.bytes.get_mut(at..at + 16) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
    }

    /// The first 32 bytes (a fixed-size copy: no call for a short text).
    #[inline(always)]
    pub(super) fn first32(&self) -> [u8; 32] {
        let mut out = [0u8; 32];
        if let Some(head) = self.bytes.get(..32) {
            out.copy_from_slice(head);
        }
        out
    }

    /// The first `len` bytes (all of them if `len` is past the end).
    #[inline(always)]
    pub(super) fn bytes(&self, len: usize) -> &[u8] {
        self.bytes.get(..len).unwrap_or(&self.bytes)
    }
}
