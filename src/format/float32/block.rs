//! A small byte block on the stack that float texts are laid out in by fixed-size stores
//! at masked offsets: no store has a bounds check that can fail, and no length is kept
//! per byte. [`list`](super::list) hands a block of many floats on in one copy;
//! [`push_f32`](super::push_f32) lays one float out at the end of the output.

/// Bytes of a block for one float.
pub(super) const SINGLE: usize = 32 + 32;

/// `SIZE` bytes, of which offsets up to `SIZE - 33` (a power of two less one) are where
/// stores start: a store of up to 32 bytes from any of them stays inside.
/// The bytes are borrowed: a list's block is an array on the stack; one float's is the
/// end of the output itself, so its text is not copied (nor read back just after its
/// byte stores, which a load could not forward from).
pub(super) struct Block<'a, const SIZE: usize> {
    bytes: &'a mut [u8; SIZE],
}

impl<'a, const SIZE: usize> Block<'a, SIZE> {
    /// Every store's offset is masked with this.
    const MASK: usize = SIZE - 33;

    #[inline(always)]
    pub(super) fn new(bytes: &'a mut [u8; SIZE]) -> Self {
        Block { bytes }
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

    /// The 16 bytes at `at` (masked, as the stores are).
    #[inline(always)]
    pub(super) fn get16(&self, at: usize) -> u128 {
        let at = at & Self::MASK;
        let mut word = [0u8; 16];
        if let Some(slot) = self.bytes.get(at..at + 16) {
            word.copy_from_slice(slot);
        }
        u128::from_le_bytes(word)
    }

    /// The first `len` bytes (all of them if `len` is past the end).
    #[inline(always)]
    pub(super) fn bytes(&self, len: usize) -> &[u8] {
        self.bytes.get(..len).unwrap_or(self.bytes.as_slice())
    }
}
