//! `VariantRef`: a validated, borrowed view of one encoded value.

use core::fmt;

use crate::read::ends;
use crate::read::math::MathRef;
use crate::read::meta::Meta;
use crate::read::node::measure;
use crate::read::options::ParseOptions;
use crate::read::packed::PackedArray;
use crate::read::strings::{string_at, GdStr};
use crate::read::validate::validate;
use crate::wire::bytes::{le_u32, le_u64};
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::header::{reads_flag_64, FLAG_64};
use crate::wire::types::{Layout, VariantType};

/// A borrowed view of one encoded Variant, validated once by [`VariantRef::parse`].
///
/// It is `Copy` and 32 bytes on 64-bit targets: the encoded bytes of the value, their
/// absolute offset in the parsed buffer, the header word, the type and the dialect. Every
/// accessor is infallible and allocation-free; the `as_*` accessors return `None` when the
/// value has another type, and [`VariantRef::value`] decodes it into a [`Value`] to match
/// on.
///
/// [`Value`]: crate::Value
#[derive(Clone, Copy)]
pub struct VariantRef<'a> {
    /// The value's bytes from its header: exactly its own, or for a [`Shape::is_open`]
    /// one (a container yielded by a view iterator) up to the end of the bytes around it.
    encoded: &'a [u8],
    offset: usize,
    /// The header word, the type, the dialect, and the [`Shape`]: whether `encoded` ends
    /// where the value does, and what the header is when the view iterator that yielded
    /// the value knew it. One word: a view iterator writes a view in four stores.
    meta: Meta,
}

pub(crate) use crate::read::meta::Shape;

impl<'a> VariantRef<'a> {
    /// Validates `bytes` as one value in `dialect` (the layout of `var_to_bytes`/`var2bytes`,
    /// no length prefix) with the default [`ParseOptions`], and returns a view of it.
    ///
    /// Validated, in one non-recursive pass over the nodes: every header's type id; every
    /// fixed-size field, length and count against the remaining bytes (with checked
    /// arithmetic; nothing is allocated or reserved from a count); that string padding is
    /// present; that every string is UTF-8 the way Godot reads it (up to the first NUL,
    /// after an optional BOM); Godot 4 typed-container descriptors; NodePath's format bit;
    /// object layouts; nesting depth (1024 like the engine).
    ///
    /// The value must fill `bytes`, as serde_json refuses trailing characters: bytes after
    /// it are [`ErrorKind::TrailingBytes`], which says how many and, when the whole input
    /// reads as `store_var` frames (a file of several `store_var` calls, whose first
    /// length prefix would otherwise be read as a header), how many frames: read those
    /// with [`crate::frame::detect`] or [`crate::frame::frames`]. The engine's
    /// `bytes_to_var` ignores bytes after the value; [`VariantRef::parse_prefix`] does
    /// the same and returns the length it consumed. Not sure of the dialect or the
    /// framing? [`VariantRef::detect`] finds both.
    ///
    /// Accepted like the engine: unused header bits, bit 31 of Array/Dictionary counts,
    /// negative PackedStringArray and property counts, a byte array whose padding is cut
    /// off by the end of the input; [`ParseOptions::strict`] rejects these. Padding
    /// contents are never checked, in either mode (Godot 3 leaves NodePath padding
    /// uninitialised).
    ///
    /// Stricter than Godot 3: its UTF-8 decoder also accepts surrogate code points and 5- and
    /// 6-byte sequences, which cannot be a Rust `&str`; they are rejected here as
    /// `InvalidUtf8`. Godot 4's decoder rejects them too.
    ///
    /// Cost: O(input length) time, no allocation, a few hundred bytes of stack (about 10 KiB
    /// at the deepest nesting).
    ///
    /// ```
    /// use gdvariant::{Dialect, ErrorKind, VariantRef};
    ///
    /// let value = VariantRef::parse(&[2, 0, 0, 0, 7, 0, 0, 0], Dialect::Godot4)?; // 7
    /// assert_eq!(value.as_int(), Some(7));
    /// let error = VariantRef::parse(&[2, 0, 0, 0, 7], Dialect::Godot4).unwrap_err();
    /// assert_eq!((error.kind(), error.offset()), (ErrorKind::UnexpectedEnd, 4));
    ///
    /// // Two store_var(7) calls: the first length prefix (8) reads as the header of a
    /// // Godot 4 Rect2i, 20 bytes with its fields, and 4 bytes are left over.
    /// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
    /// let error = VariantRef::parse(&file, Dialect::Godot4).unwrap_err();
    /// assert_eq!(error.kind(), ErrorKind::TrailingBytes { left: 4, frames: 2 });
    /// assert_eq!(
    ///     error.to_string(),
    ///     "trailing bytes after the value (4 left over); this looks like 2 store_var frames: \
    ///      use frame::detect or frame::frames at offset 0x14"
    /// );
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn parse(bytes: &'a [u8], dialect: Dialect) -> Result<Self, Error> {
        Self::parse_with(bytes, dialect, &ParseOptions::default())
    }

    /// [`VariantRef::parse`] with explicit limits and strictness. The value must fill
    /// `bytes` in every mode.
    pub fn parse_with(
        bytes: &'a [u8],
        dialect: Dialect,
        options: &ParseOptions,
    ) -> Result<Self, Error> {
        let (value, len) = Self::parse_prefix_with(bytes, dialect, options)?;
        if len != bytes.len() {
            return Err(trailing_error(bytes, 0, len, dialect, options));
        }
        Ok(value)
    }

    /// Validates the value at the start of `bytes` and returns it with the number of bytes
    /// it occupies; whatever follows is not looked at. Same checks and cost as `parse`.
    pub fn parse_prefix(bytes: &'a [u8], dialect: Dialect) -> Result<(Self, usize), Error> {
        Self::parse_prefix_with(bytes, dialect, &ParseOptions::default())
    }

    /// [`VariantRef::parse_prefix`] with explicit options (strict mode's trailing-bytes
    /// check does not apply: the rest is the caller's).
    pub fn parse_prefix_with(
        bytes: &'a [u8],
        dialect: Dialect,
        options: &ParseOptions,
    ) -> Result<(Self, usize), Error> {
        Self::parse_prefix_at(bytes, 0, dialect, options)
    }

    /// [`VariantRef::parse_prefix_with`] for bytes that sit at absolute offset `base` of a
    /// larger stream (a frame's body, a value after a header of the caller's): offsets in
    /// errors, [`VariantRef::offset`] and every offset below it count from the start of the
    /// stream, not of `bytes`. Returns the value and the number of bytes it occupies.
    ///
    /// ```
    /// use gdvariant::{Dialect, ParseOptions, VariantRef};
    ///
    /// // A store_var frame: 4-byte length, then the value (an int 7 cut short).
    /// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0];
    /// let error = VariantRef::parse_prefix_at(&file[4..], 4, Dialect::Godot4, &ParseOptions::default())
    ///     .unwrap_err();
    /// assert_eq!(error.offset(), 8); // in the file, not in the frame body
    /// ```
    pub fn parse_prefix_at(
        bytes: &'a [u8],
        base: usize,
        dialect: Dialect,
        options: &ParseOptions,
    ) -> Result<(Self, usize), Error> {
        let len = validate(bytes, base, dialect, options)?;
        let encoded = bytes.get(..len).unwrap_or(bytes);
        Ok((Self::trusted(encoded, base, dialect), len))
    }

    /// A view of already validated bytes: `encoded` is exactly one value, at absolute
    /// `offset`.
    pub(crate) fn trusted(encoded: &'a [u8], offset: usize, dialect: Dialect) -> Self {
        let word = le_u32(encoded, 0);
        Self::known(
            encoded,
            offset,
            word,
            decode_ty(word, dialect),
            dialect,
            Shape::Sized,
        )
    }

    /// A view of validated bytes whose header `word` and type `ty` the caller already
    /// read: exactly the value's bytes, or running past them for an open `shape` (see
    /// [`VariantRef::encoded`]).
    #[inline(always)]
    pub(crate) fn known(
        encoded: &'a [u8],
        offset: usize,
        word: u32,
        ty: VariantType,
        dialect: Dialect,
        shape: Shape,
    ) -> Self {
        Self::packed(encoded, offset, Meta::new(word, ty, dialect, shape))
    }

    /// A view of validated bytes with its fields already packed.
    #[inline(always)]
    pub(crate) fn packed(encoded: &'a [u8], offset: usize, meta: Meta) -> Self {
        VariantRef {
            encoded,
            offset,
            meta,
        }
    }

    /// Splits the first value off validated `data` (whose first byte is at absolute
    /// `offset`): measures it, without re-validating.
    pub(crate) fn split_trusted(
        data: &'a [u8],
        offset: usize,
        dialect: Dialect,
    ) -> (Self, &'a [u8]) {
        let len = measure(data, dialect);
        let (encoded, rest) = data.split_at(len.min(data.len()));
        (Self::trusted(encoded, offset, dialect), rest)
    }

    /// The value's type.
    #[inline]
    pub fn ty(&self) -> VariantType {
        self.meta.ty()
    }

    /// The dialect it was parsed in.
    #[inline]
    pub fn dialect(&self) -> Dialect {
        self.meta.dialect()
    }

    /// The value's exact encoded bytes, header included: a valid blob on its own. O(1),
    /// except for an Array, Dictionary or Object yielded by a view iterator
    /// ([`ArrayRef::iter`](crate::ArrayRef::iter), [`DictRef::iter`](crate::DictRef::iter),
    /// [`FullObject::properties`](crate::FullObject::properties),
    /// [`VariantRef::children`]): those are yielded without measuring them (so that a walk
    /// through nested containers reads each header about once), and this measures it on
    /// each call (O(size), headers only, no re-validation).
    #[inline]
    pub fn encoded(&self) -> &'a [u8] {
        if !self.shape().is_open() {
            return self.encoded;
        }
        self.measured()
    }

    /// This view with its exact bytes known, for a caller that reads
    /// [`VariantRef::encoded`] of it more than once: a container yielded by a view
    /// iterator is measured here, once (O(its size)); any other view is returned as is.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the diff
    #[inline]
    pub(crate) fn sized(self) -> Self {
        if !self.shape().is_open() {
            return self;
        }
        VariantRef {
            encoded: self.measured(),
            offset: self.offset,
            meta: self.meta.reshaped(Shape::Sized),
        }
    }

    /// The exact bytes of a view made by [`VariantRef::encoded`].
    #[cold]
    fn measured(&self) -> &'a [u8] {
        let len = measure(self.encoded, self.dialect());
        let encoded = self.encoded.get(..len).unwrap_or(self.encoded);
        // The iterator that yielded it steps past it with this end instead of measuring
        // it again.
        let start = encoded.as_ptr() as usize;
        ends::note(
            start.wrapping_add(4),
            start.wrapping_add(len),
            self.dialect(),
        );
        encoded
    }

    /// The packed header word, type, dialect and shape.
    #[inline(always)]
    pub(crate) fn meta(&self) -> Meta {
        self.meta
    }

    /// Whether the view's bytes end where the value does, and what the header is if the
    /// iterator that yielded this view knew it.
    #[inline(always)]
    pub(crate) fn shape(&self) -> Shape {
        self.meta.shape()
    }

    /// The value's bytes from its header, possibly running past its end (for readers that
    /// stop at its end themselves). O(1).
    #[inline]
    pub(crate) fn bytes_from_header(&self) -> &'a [u8] {
        self.encoded
    }

    /// Absolute offset of the value's header in the buffer given to `parse` (plus the
    /// `base` given to [`VariantRef::parse_prefix_at`]).
    #[inline]
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The raw header word (type id in the low byte, flags from bit 16).
    #[inline]
    pub fn header(&self) -> u32 {
        self.meta.word()
    }

    /// The bytes after the header.
    #[inline]
    pub(crate) fn payload(&self) -> &'a [u8] {
        self.encoded.get(4..).unwrap_or(&[])
    }

    /// Is the header's 64-bit flag set where the type reads it: a 64-bit `int`; an f64
    /// `float`; f64 components of a math value or packed vector array (Godot 4
    /// double-precision builds)? The one name for the flag across the crate.
    #[inline]
    pub fn is_double(&self) -> bool {
        self.header() & FLAG_64 != 0 && reads_flag_64(self.ty(), self.dialect())
    }

    /// Is it `null` (NIL)?
    pub fn is_nil(&self) -> bool {
        self.meta.is(VariantType::Nil)
    }

    /// A `bool` (any non-zero word is `true`, as in the engine).
    pub fn as_bool(&self) -> Option<bool> {
        self.meta
            .is(VariantType::Bool)
            .then(|| le_u32(self.payload(), 0) != 0)
    }

    /// An `int`, 32- or 64-bit on the wire.
    pub fn as_int(&self) -> Option<i64> {
        self.meta.is(VariantType::Int).then(|| {
            if self.is_double() {
                le_u64(self.payload(), 0) as i64
            } else {
                i64::from(le_u32(self.payload(), 0) as i32)
            }
        })
    }

    /// A `float` (`REAL` in Godot 3), f32 or f64 on the wire, widened to f64.
    pub fn as_float(&self) -> Option<f64> {
        self.meta.is(VariantType::Float).then(|| {
            if self.is_double() {
                f64::from_bits(le_u64(self.payload(), 0))
            } else {
                f64::from(f32::from_bits(le_u32(self.payload(), 0)))
            }
        })
    }

    /// A `String` or (Godot 4) `StringName` as stored.
    pub fn as_gd_str(&self) -> Option<GdStr<'a>> {
        (self.ty().layout() == Layout::Str).then(|| string_at(self.payload(), 0).0)
    }

    /// The text of a `String` or `StringName`. O(len) (UTF-8 is re-checked; see [`GdStr`]).
    pub fn as_str(&self) -> Option<&'a str> {
        self.as_gd_str().map(|s| s.as_str())
    }

    /// Any fixed-size math value: vectors, rects, transforms, planes, quaternions, AABB,
    /// Basis, Projection, Color, and their integer forms.
    pub fn as_math(&self) -> Option<MathRef<'a>> {
        match self.ty().layout() {
            Layout::Math(n, component) => Some(MathRef::new(
                self.ty(),
                n,
                component,
                self.is_double(),
                self.payload(),
            )),
            _ => None,
        }
    }

    /// A `RID`'s id. Godot 3 does not serialize RIDs: its RIDs read as 0.
    pub fn as_rid(&self) -> Option<u64> {
        self.meta
            .is(VariantType::Rid)
            .then(|| le_u64(self.payload(), 0))
    }

    /// Is it a `Callable`? (Godot 4 writes no payload: it always reads as an empty Callable.)
    pub fn is_callable(&self) -> bool {
        self.meta.is(VariantType::Callable)
    }

    /// Any packed (pool) array.
    pub fn as_packed(&self) -> Option<PackedArray<'a>> {
        match self.ty().layout() {
            Layout::Packed(element) => Some(PackedArray::new(
                self.ty(),
                element,
                self.is_double(),
                self.payload(),
                self.offset.saturating_add(4),
            )),
            _ => None,
        }
    }
}

/// The type of validated header `word` (a NIL stands in for the impossible unknown id).
#[inline]
fn decode_ty(word: u32, dialect: Dialect) -> VariantType {
    VariantType::from_id((word & 0xFF) as u8, dialect).unwrap_or(VariantType::Nil)
}

impl fmt::Debug for VariantRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("VariantRef");
        d.field("ty", &self.ty())
            .field("offset", &self.offset)
            .field("len", &self.encoded().len());
        // The engine's text form, when the crate can print it (it sorts dictionaries).
        #[cfg(feature = "alloc")]
        d.field("text", &format_args!("{self}"));
        d.finish()
    }
}

impl PartialEq for VariantRef<'_> {
    /// Two views are equal when they hold the same encoded bytes in the same dialect.
    fn eq(&self, other: &Self) -> bool {
        self.dialect() == other.dialect() && self.encoded() == other.encoded()
    }
}

/// The error for a value of `len` bytes that should have filled `bytes` (at absolute
/// `base`): how many bytes are left over, and how many `store_var` frames the whole of
/// `bytes` reads as, if it does (see [`ErrorKind::TrailingBytes`]). Only on the error path:
/// one more validation pass over `bytes`.
#[cold]
pub(crate) fn trailing_error(
    bytes: &[u8],
    base: usize,
    len: usize,
    dialect: Dialect,
    options: &ParseOptions,
) -> Error {
    let kind = ErrorKind::TrailingBytes {
        left: bytes.len().saturating_sub(len),
        frames: frames_in(bytes, dialect, options),
    };
    Error::new(kind, base.saturating_add(len))
}

/// How many `store_var` frames `bytes` is, each a 4-byte little-endian length and a value
/// of exactly that length in `dialect`, back to back to the end; 0 when it is not.
fn frames_in(bytes: &[u8], dialect: Dialect, options: &ParseOptions) -> u32 {
    let mut rest = bytes;
    let mut count = 0u32;
    while let Some((prefix, after)) = rest.split_first_chunk::<4>() {
        let claimed = u32::from_le_bytes(*prefix) as usize;
        let Some(body) = after.get(..claimed) else {
            return 0;
        };
        if validate(body, 0, dialect, options).ok() != Some(claimed) {
            return 0;
        }
        count = count.saturating_add(1);
        rest = after.get(claimed..).unwrap_or_default();
    }
    if rest.is_empty() {
        count
    } else {
        0
    }
}
