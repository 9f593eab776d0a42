//! [`VariantBuf`]: owned bytes validated once, handing out their [`VariantRef`].

use alloc::vec::Vec;
use core::fmt;

use crate::read::decoded::Value;
use crate::read::options::ParseOptions;
use crate::read::value::{trailing_error, VariantRef};
use crate::wire::dialect::Dialect;
use crate::wire::error::Error;

/// Owns the bytes of one encoded value, validated once, and hands out its [`VariantRef`]
/// in O(1): the owned counterpart of a parsed view, like bson's `RawDocumentBuf` for
/// `RawDocument`. It lets a function return a parsed value (`fn load(path) ->
/// VariantBuf`), keep it in a struct, or send it to another thread, with no lifetime tied
/// to a buffer elsewhere.
///
/// `B` is any owner of bytes: a `Vec<u8>` (the default), a `Box<[u8]>`, an `Arc<[u8]>`, a
/// `bytes::Bytes`, or a memory map (`memmap2::Mmap` implements `AsRef<[u8]>`).
///
/// ```
/// use gdvariant::{Dialect, VariantBuf};
///
/// fn load(bytes: Vec<u8>) -> Result<VariantBuf, gdvariant::Error> {
///     VariantBuf::new(bytes, Dialect::Godot4) // validated here, once
/// }
///
/// // var_to_bytes({"hp": 10}) in Godot 4
/// let save = load(vec![27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0])?;
/// let hp = save.view().as_dictionary().and_then(|d| d.get("hp")).and_then(|v| v.as_int());
/// assert_eq!(hp, Some(10));
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone)]
pub struct VariantBuf<B = Vec<u8>> {
    bytes: B,
    dialect: Dialect,
    /// Where the value starts in `bytes`: 0, or 4 after a `store_var` prefix.
    start: usize,
    /// Bytes the value occupies from `start`.
    len: usize,
}

impl<B: AsRef<[u8]>> VariantBuf<B> {
    /// Validates `bytes` as one value like [`VariantRef::parse`] (the same checks, default
    /// [`ParseOptions`]; the value must fill `bytes`: bytes after it are
    /// [`ErrorKind::TrailingBytes`](crate::ErrorKind::TrailingBytes), which says when they
    /// look like `store_var` frames) and takes ownership. O(input length), no allocation.
    ///
    /// Use it when you know the dialect and that the bytes are one `var_to_bytes` value;
    /// otherwise reach for [`VariantBuf::detect`], which finds the dialect and reads a
    /// single `store_var` frame too.
    pub fn new(bytes: B, dialect: Dialect) -> Result<Self, Error> {
        Self::with_options(bytes, dialect, &ParseOptions::default())
    }

    /// [`VariantBuf::new`] with explicit limits and strictness.
    pub fn with_options(bytes: B, dialect: Dialect, options: &ParseOptions) -> Result<Self, Error> {
        let data = bytes.as_ref();
        let (_, len) = VariantRef::parse_prefix_with(data, dialect, options)?;
        if len != data.len() {
            return Err(trailing_error(data, 0, len, dialect, options));
        }
        Ok(VariantBuf {
            bytes,
            dialect,
            start: 0,
            len,
        })
    }

    /// Owns `bytes` whose `len` bytes from `start` were validated as one value in
    /// `dialect`.
    pub(crate) fn trusted_at(bytes: B, dialect: Dialect, start: usize, len: usize) -> Self {
        VariantBuf {
            bytes,
            dialect,
            start,
            len,
        }
    }

    /// The value. O(1): validated when the buffer was made. Its offsets count from the
    /// start of the owned bytes (4 for a value read out of a `store_var` frame).
    #[inline]
    pub fn view(&self) -> VariantRef<'_> {
        let data = self.bytes.as_ref();
        let end = self.start.saturating_add(self.len);
        VariantRef::trusted(
            data.get(self.start..end).unwrap_or(data),
            self.start,
            self.dialect,
        )
    }

    /// The value decoded into its [`Value`] variant. O(1).
    pub fn value(&self) -> Value<'_> {
        self.view().value()
    }

    /// The dialect the bytes were validated in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The value's encoded bytes (without a `store_var` prefix or bytes after the value
    /// inside its frame). O(1).
    pub fn as_bytes(&self) -> &[u8] {
        self.view().encoded()
    }

    /// Gives the owner back.
    pub fn into_inner(self) -> B {
        self.bytes
    }
}

impl<B: AsRef<[u8]>> fmt::Debug for VariantBuf<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("VariantBuf").field(&self.view()).finish()
    }
}
