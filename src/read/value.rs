//! `VariantRef`: a validated, borrowed view of one encoded value.

use core::fmt;

use crate::read::index::SpanIndex;
use crate::read::math::MathRef;
use crate::read::options::ParseOptions;
use crate::read::packed::PackedArray;
use crate::read::strings::{string_at, GdStr};
use crate::read::validate::{measure, validate};
use crate::wire::bytes::{le_u32, le_u64};
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::header::Header;
use crate::wire::types::{Layout, VariantType};

/// A borrowed view of one encoded Variant, validated once by [`VariantRef::parse`].
///
/// It is `Copy` and three words plus a tag in size: the exact encoded bytes of the value,
/// their absolute offset in the parsed buffer, the type, and the dialect. Every accessor is
/// infallible and allocation-free; the `as_*` accessors return `None` when the value has
/// another type.
#[derive(Clone, Copy)]
pub struct VariantRef<'a> {
    encoded: &'a [u8],
    offset: usize,
    header: Header,
    dialect: Dialect,
    /// Container spans recorded by [`VariantRef::parse_indexed`], if any.
    index: Option<&'a SpanIndex>,
}

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
    /// Accepted like the engine: bytes after the value (see [`VariantRef::parse_prefix`]
    /// for the consumed length), unused header bits, bit 31 of Array/Dictionary counts,
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
    pub fn parse(bytes: &'a [u8], dialect: Dialect) -> Result<Self, Error> {
        Self::parse_with(bytes, dialect, &ParseOptions::default())
    }

    /// [`VariantRef::parse`] with explicit limits and strictness.
    pub fn parse_with(
        bytes: &'a [u8],
        dialect: Dialect,
        options: &ParseOptions,
    ) -> Result<Self, Error> {
        let (value, len) = Self::parse_prefix_with(bytes, dialect, options)?;
        if options.strict && len != bytes.len() {
            return Err(Error::new(ErrorKind::TrailingBytes, len));
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
        let len = validate(bytes, 0, dialect, options)?;
        let encoded = bytes.get(..len).unwrap_or(bytes);
        Ok((Self::trusted(encoded, 0, dialect, None), len))
    }

    #[cfg(feature = "alloc")]
    /// [`VariantRef::parse_prefix_with`], then records the byte span of every container
    /// into `index` (cleared first), and returns a view whose iterators use it: stepping
    /// over a nested container is then a binary search instead of a walk over its contents,
    /// so `get(i)`, dictionary lookups and full recursive walks never re-walk a subtree.
    ///
    /// Cost: the validation pass plus one pass over the headers; `index` holds 16 bytes per
    /// non-empty container (this is the one parse function that allocates).
    pub fn parse_indexed(
        bytes: &'a [u8],
        dialect: Dialect,
        options: &ParseOptions,
        index: &'a mut SpanIndex,
    ) -> Result<Self, Error> {
        let (value, _) = Self::parse_prefix_with(bytes, dialect, options)?;
        index.record(value.encoded, dialect);
        let index: &'a SpanIndex = index;
        Ok(VariantRef {
            index: Some(index),
            ..value
        })
    }

    /// Builds a view of already validated bytes (`encoded` is exactly one value).
    pub(crate) fn trusted(
        encoded: &'a [u8],
        offset: usize,
        dialect: Dialect,
        index: Option<&'a SpanIndex>,
    ) -> Self {
        // Validated bytes always decode; a NIL header stands in for the impossible case.
        let header = Header::decode(le_u32(encoded, 0), dialect).unwrap_or(Header::NIL);
        VariantRef {
            encoded,
            offset,
            header,
            dialect,
            index,
        }
    }

    /// Splits the first value off validated `data` (whose first byte is at absolute `offset`).
    pub(crate) fn split_trusted(
        data: &'a [u8],
        offset: usize,
        dialect: Dialect,
        index: Option<&'a SpanIndex>,
    ) -> (Self, &'a [u8]) {
        // Validated bytes always decode; a NIL header stands in for the impossible case.
        let header = Header::decode(le_u32(data, 0), dialect).unwrap_or(Header::NIL);
        // Only containers with children are in the index: nothing else is looked up.
        let recorded = match header.layout {
            Layout::Array | Layout::Dictionary | Layout::Object => {
                index.and_then(|ix| ix.len_at(offset))
            }
            _ => None,
        };
        let len = recorded.unwrap_or_else(|| measure(data, dialect));
        let (encoded, rest) = data.split_at(len.min(data.len()));
        let value = VariantRef {
            encoded,
            offset,
            header,
            dialect,
            index,
        };
        (value, rest)
    }

    /// The span index this view's iterators use, if it came from
    /// [`VariantRef::parse_indexed`].
    pub(crate) fn index(&self) -> Option<&'a SpanIndex> {
        self.index
    }

    /// The value's type.
    pub fn ty(&self) -> VariantType {
        self.header.ty
    }

    /// The dialect it was parsed in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The value's exact encoded bytes, header included: a valid blob on its own. O(1).
    pub fn encoded(&self) -> &'a [u8] {
        self.encoded
    }

    /// Absolute offset of the value's header in the buffer given to `parse`.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The raw header word (type id in the low byte, flags from bit 16).
    pub fn header(&self) -> u32 {
        self.header.word
    }

    pub(crate) fn header_info(&self) -> Header {
        self.header
    }

    /// The bytes after the header.
    pub(crate) fn payload(&self) -> &'a [u8] {
        self.encoded.get(4..).unwrap_or(&[])
    }

    /// Does this value use 64-bit numbers (the 64-bit header flag, where the dialect reads it)?
    pub fn is_double(&self) -> bool {
        self.header_info().is_double()
    }

    /// Is it `null` (NIL)?
    pub fn is_nil(&self) -> bool {
        self.header.ty == VariantType::Nil
    }

    /// A `bool` (any non-zero word is `true`, as in the engine).
    pub fn as_bool(&self) -> Option<bool> {
        (self.header.ty == VariantType::Bool).then(|| le_u32(self.payload(), 0) != 0)
    }

    /// An `int`, 32- or 64-bit on the wire.
    pub fn as_int(&self) -> Option<i64> {
        (self.header.ty == VariantType::Int).then(|| {
            if self.is_double() {
                le_u64(self.payload(), 0) as i64
            } else {
                i64::from(le_u32(self.payload(), 0) as i32)
            }
        })
    }

    /// A `float` (`REAL` in Godot 3), f32 or f64 on the wire, widened to f64.
    pub fn as_float(&self) -> Option<f64> {
        (self.header.ty == VariantType::Float).then(|| {
            if self.is_double() {
                f64::from_bits(le_u64(self.payload(), 0))
            } else {
                f64::from(f32::from_bits(le_u32(self.payload(), 0)))
            }
        })
    }

    /// A `String` or (Godot 4) `StringName` as stored.
    pub fn as_gd_str(&self) -> Option<GdStr<'a>> {
        (self.header.layout == Layout::Str).then(|| string_at(self.payload(), 0).0)
    }

    /// The text of a `String` or `StringName`. O(len) (UTF-8 is re-checked; see [`GdStr`]).
    pub fn as_str(&self) -> Option<&'a str> {
        self.as_gd_str().map(|s| s.as_str())
    }

    /// Any fixed-size math value: vectors, rects, transforms, planes, quaternions, AABB,
    /// Basis, Projection, Color, and their integer forms.
    pub fn as_math(&self) -> Option<MathRef<'a>> {
        match self.header.layout {
            Layout::Math(n, component) => Some(MathRef::new(
                self.header.ty,
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
        (self.header.ty == VariantType::Rid).then(|| le_u64(self.payload(), 0))
    }

    /// Is it a `Callable`? (Godot 4 writes no payload: it always reads as an empty Callable.)
    pub fn is_callable(&self) -> bool {
        self.header.ty == VariantType::Callable
    }

    /// Any packed (pool) array.
    pub fn as_packed(&self) -> Option<PackedArray<'a>> {
        match self.header.layout {
            Layout::Packed(element) => Some(PackedArray::new(
                self.header.ty,
                element,
                self.is_double(),
                self.payload(),
                self.offset + 4,
                self.dialect,
            )),
            _ => None,
        }
    }
}

impl fmt::Debug for VariantRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut d = f.debug_struct("VariantRef");
        d.field("ty", &self.header.ty)
            .field("offset", &self.offset)
            .field("len", &self.encoded.len());
        // The engine's text form, when the crate can print it (it sorts dictionaries).
        #[cfg(feature = "alloc")]
        d.field("text", &format_args!("{self}"));
        d.finish()
    }
}

impl PartialEq for VariantRef<'_> {
    /// Two views are equal when they hold the same encoded bytes in the same dialect.
    fn eq(&self, other: &Self) -> bool {
        self.dialect == other.dialect && self.encoded == other.encoded
    }
}
