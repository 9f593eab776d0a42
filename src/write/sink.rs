//! Where a [`Builder`](super::Builder) writes: a `Vec<u8>`, or a [`ByteCount`] that only
//! counts, so that measuring a value runs exactly the builder's checks.

use alloc::vec::Vec;

mod sealed {
    pub trait Sealed {}
}

/// The output of a [`Builder`](super::Builder): `Vec<u8>` (the bytes) or [`ByteCount`] (only
/// their number). Sealed: the builder relies on what these two do.
pub trait Sink: sealed::Sealed {
    /// Bytes written so far.
    fn len(&self) -> usize;
    /// Nothing written yet?
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Appends `bytes`.
    fn extend_from_slice(&mut self, bytes: &[u8]);
    /// Appends one byte.
    fn push(&mut self, byte: u8);
    /// Makes room for `additional` more bytes (a hint).
    fn reserve(&mut self, additional: usize);
    /// Overwrites the 4 bytes at `at` (a count written earlier as a placeholder).
    fn patch_word(&mut self, at: usize, word: [u8; 4]);
    /// Drops everything after the first `len` bytes.
    fn truncate(&mut self, len: usize);
    /// Bytes that can be appended without growing (0: unknown). Short fields are written
    /// as one fixed-size append, cut back, only where that cannot make a sink grow.
    fn spare(&self) -> usize {
        0
    }
}

impl sealed::Sealed for Vec<u8> {}

impl Sink for Vec<u8> {
    #[inline]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline]
    fn extend_from_slice(&mut self, bytes: &[u8]) {
        Vec::extend_from_slice(self, bytes);
    }
    #[inline]
    fn push(&mut self, byte: u8) {
        Vec::push(self, byte);
    }
    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }
    #[inline]
    fn patch_word(&mut self, at: usize, word: [u8; 4]) {
        if let Some(slot) = self.get_mut(at..at.saturating_add(4)) {
            slot.copy_from_slice(&word);
        }
    }
    #[inline]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }
    #[inline]
    fn spare(&self) -> usize {
        self.capacity() - Vec::len(self)
    }
}

/// A [`Sink`] that counts bytes instead of storing them: a builder run into it computes
/// the exact encoded length, or the exact error, of what it would write, without
/// allocating. [`Variant::encoded_len`](crate::Variant::encoded_len) is one such run.
///
/// ```
/// use gdvariant::{Builder, ByteCount, Dialect};
///
/// let mut count = ByteCount::new();
/// let mut dict = Builder::new(&mut count, Dialect::Godot4).dictionary()?;
/// dict.entry("hp").int(10)?;
/// dict.finish()?;
/// // header and count (8), "hp" (header, length, 2 bytes and 2 of padding: 12), 10 (8)
/// assert_eq!(count.len(), 28);
/// # Ok::<(), gdvariant::BuildError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByteCount {
    len: usize,
}

impl ByteCount {
    /// Zero bytes so far.
    pub fn new() -> Self {
        ByteCount::default()
    }

    /// Bytes counted so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Nothing counted yet?
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl sealed::Sealed for ByteCount {}

impl Sink for ByteCount {
    #[inline]
    fn len(&self) -> usize {
        self.len
    }
    #[inline]
    fn extend_from_slice(&mut self, bytes: &[u8]) {
        self.len = self.len.saturating_add(bytes.len());
    }
    #[inline]
    fn push(&mut self, _byte: u8) {
        self.len = self.len.saturating_add(1);
    }
    #[inline]
    fn reserve(&mut self, _additional: usize) {}
    #[inline]
    fn patch_word(&mut self, _at: usize, _word: [u8; 4]) {}
    #[inline]
    fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }
}
