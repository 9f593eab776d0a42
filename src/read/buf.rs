//! [`VariantBuf`]: owned bytes validated once, handing out their [`VariantRef`].

use alloc::vec::Vec;
use core::fmt;

use crate::read::decoded::Value;
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};

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
    /// Bytes the value occupies at the start of `bytes` (the rest is not part of it).
    len: usize,
}

impl<B: AsRef<[u8]>> VariantBuf<B> {
    /// Validates the value at the start of `bytes` like [`VariantRef::parse`] (the same
    /// checks, default [`ParseOptions`]; bytes after the value are allowed and ignored, as
    /// the engine does) and takes ownership. O(input length), no allocation.
    pub fn new(bytes: B, dialect: Dialect) -> Result<Self, Error> {
        Self::with_options(bytes, dialect, &ParseOptions::default())
    }

    /// [`VariantBuf::new`] with explicit limits and strictness (strict mode also rejects
    /// trailing bytes).
    pub fn with_options(bytes: B, dialect: Dialect, options: &ParseOptions) -> Result<Self, Error> {
        let data = bytes.as_ref();
        let (_, len) = VariantRef::parse_prefix_with(data, dialect, options)?;
        if options.strict && len != data.len() {
            return Err(Error::new(ErrorKind::TrailingBytes, len));
        }
        Ok(VariantBuf {
            bytes,
            dialect,
            len,
        })
    }

    /// The value. O(1): validated when the buffer was made.
    #[inline]
    pub fn view(&self) -> VariantRef<'_> {
        let data = self.bytes.as_ref();
        VariantRef::trusted(data.get(..self.len).unwrap_or(data), 0, self.dialect)
    }

    /// The value decoded into its [`Value`] variant. O(1).
    pub fn value(&self) -> Value<'_> {
        self.view().value()
    }

    /// The dialect the bytes were validated in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The value's encoded bytes (without any trailing bytes the buffer holds). O(1).
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
