//! A packed array of a binary resource, in place: its elements are the file's bytes, seen
//! through the crate's packed views (little-endian files) without copying.

use alloc::vec::Vec;

use zerocopy::little_endian::F32;
use zerocopy::FromBytes;

use super::cursor::{scalar, text_of, word4};
use super::types::BinPackedKind;
use crate::read::packed::{Packed, PackedElement};

/// A packed array's elements, borrowed from the file. Validated when read: the count fits
/// the bytes, string items are UTF-8.
///
/// Alignment: the binary format does not pad strings, so element data can start at any
/// offset. The typed views ([`BinPacked::vector3`] and the others) work at any alignment
/// (by value, or as `&[[F32; 3]]` through [`Packed::as_le_slice`]) and give a native
/// `&[[f32; 3]]` through [`Packed::as_native`] when the data happens to be aligned, as the
/// crate's own packed views do. Big-endian files give no typed view (the bytes are not
/// little-endian); read them with [`BinPacked::float_components`] or copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinPacked<'a> {
    kind: BinPackedKind,
    len: u32,
    bytes: &'a [u8],
    offset: usize,
    big_endian: bool,
    real64: bool,
}

impl<'a> BinPacked<'a> {
    pub(crate) fn new(
        kind: BinPackedKind,
        len: u32,
        bytes: &'a [u8],
        offset: usize,
        big_endian: bool,
        real64: bool,
    ) -> Self {
        BinPacked {
            kind,
            len,
            bytes,
            offset,
            big_endian,
            real64,
        }
    }

    /// The element kind.
    pub fn kind(&self) -> BinPackedKind {
        self.kind
    }

    /// Number of elements. O(1).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// No elements?
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The element bytes as stored (for strings: the counted string fields), without the
    /// count or the byte array's padding. O(1).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// File offset of the first element byte.
    pub fn data_offset(&self) -> usize {
        self.offset
    }

    /// Whether the file is big-endian (then the typed views are `None`).
    pub fn is_big_endian(&self) -> bool {
        self.big_endian
    }

    /// Whether vector components are f64 (a double-precision file).
    pub fn is_double(&self) -> bool {
        self.real64
            && matches!(
                self.kind,
                BinPackedKind::Vector2 | BinPackedKind::Vector3 | BinPackedKind::Vector4
            )
    }

    fn view<T: PackedElement>(&self, kind: BinPackedKind, double: bool) -> Option<Packed<'a, T>> {
        (self.kind == kind && !self.big_endian && self.is_double() == double)
            .then(|| Packed::new(self.bytes))
    }

    /// A `PackedByteArray`'s bytes. O(1).
    pub fn as_u8(&self) -> Option<&'a [u8]> {
        (self.kind == BinPackedKind::Byte).then_some(self.bytes)
    }

    /// A `PackedInt32Array`. O(1).
    pub fn int32(&self) -> Option<Packed<'a, i32>> {
        self.view(BinPackedKind::Int32, false)
    }

    /// A `PackedInt64Array`. O(1).
    pub fn int64(&self) -> Option<Packed<'a, i64>> {
        self.view(BinPackedKind::Int64, false)
    }

    /// A `PackedFloat32Array` / `PoolRealArray`. O(1).
    pub fn float32(&self) -> Option<Packed<'a, f32>> {
        self.view(BinPackedKind::Float32, false)
    }

    /// A `PackedFloat64Array`. O(1).
    pub fn float64(&self) -> Option<Packed<'a, f64>> {
        self.view(BinPackedKind::Float64, false)
    }

    /// A single-precision `PackedVector2Array`. O(1).
    pub fn vector2(&self) -> Option<Packed<'a, [f32; 2]>> {
        self.view(BinPackedKind::Vector2, false)
    }

    /// A single-precision `PackedVector3Array` / `PoolVector3Array`. O(1).
    ///
    /// ```
    /// # fn demo(p: gdvariant::resource::BinPacked<'_>) {
    /// if let Some(v) = p.vector3() {
    ///     let first: Option<[f32; 3]> = v.get(0); // any alignment
    ///     let native: Option<&[[f32; 3]]> = v.as_native(); // when 4-aligned
    /// }
    /// # }
    /// ```
    pub fn vector3(&self) -> Option<Packed<'a, [f32; 3]>> {
        self.view(BinPackedKind::Vector3, false)
    }

    /// A single-precision `PackedVector4Array`. O(1).
    pub fn vector4(&self) -> Option<Packed<'a, [f32; 4]>> {
        self.view(BinPackedKind::Vector4, false)
    }

    /// A `PackedColorArray` (r, g, b, a). O(1).
    pub fn color(&self) -> Option<Packed<'a, [f32; 4]>> {
        self.view(BinPackedKind::Color, false)
    }

    /// A double-precision `PackedVector2Array`. O(1).
    pub fn vector2_f64(&self) -> Option<Packed<'a, [f64; 2]>> {
        self.view(BinPackedKind::Vector2, true)
    }

    /// A double-precision `PackedVector3Array`. O(1).
    pub fn vector3_f64(&self) -> Option<Packed<'a, [f64; 3]>> {
        self.view(BinPackedKind::Vector3, true)
    }

    /// A double-precision `PackedVector4Array`. O(1).
    pub fn vector4_f64(&self) -> Option<Packed<'a, [f64; 4]>> {
        self.view(BinPackedKind::Vector4, true)
    }

    /// The first `n` × 12 bytes of a `PackedByteArray` as `n` Vector3 (how Godot 4's
    /// `ArrayMesh` keeps positions at the start of a surface's `vertex_data`), in place.
    /// `None` when the array is shorter or not bytes. O(1).
    pub fn bytes_as_vector3(&self, n: usize) -> Option<&'a [[F32; 3]]> {
        let bytes = self.as_u8()?.get(..n.checked_mul(12)?)?;
        <[[F32; 3]]>::ref_from_bytes(bytes).ok()
    }

    /// A `PackedInt32Array`'s elements by value, in either byte order. `None` for other
    /// kinds. O(1) to create.
    pub fn ints32(&self) -> Option<impl Iterator<Item = i32> + 'a> {
        let big = self.big_endian;
        (self.kind == BinPackedKind::Int32).then_some(
            self.bytes
                .chunks_exact(4)
                .map(move |c| i32::from_le_bytes(word4(c, big))),
        )
    }

    /// A `PackedStringArray`'s items, in order. O(1) to create; each item O(its length).
    pub fn strings(&self) -> Option<impl Iterator<Item = &'a str> + 'a> {
        (self.kind == BinPackedKind::String).then_some(StringItems {
            rest: self.bytes,
            big: self.big_endian,
        })
    }

    /// Every numeric component in file order, as f64 exactly (ints and f32 convert
    /// exactly), in either byte order. `None` for strings. O(1) to create.
    pub fn float_components(&self) -> Option<impl Iterator<Item = f64> + 'a> {
        let width = self.kind.scalar_size(self.real64);
        let int = matches!(
            self.kind,
            BinPackedKind::Byte | BinPackedKind::Int32 | BinPackedKind::Int64
        );
        if self.kind == BinPackedKind::String {
            return None;
        }
        let big = self.big_endian;
        let byte = self.kind == BinPackedKind::Byte;
        let int64 = self.kind == BinPackedKind::Int64;
        Some(self.bytes.chunks_exact(width).map(move |c| {
            if byte {
                f64::from(c.first().copied().unwrap_or(0))
            } else if int64 {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                if big {
                    b.reverse();
                }
                i64::from_le_bytes(b) as f64
            } else {
                scalar(c, int, big)
            }
        }))
    }

    /// The element bytes in little-endian order: borrowed as they are for a little-endian
    /// file, swapped per scalar into a new buffer for a big-endian one. O(1) or O(n).
    pub fn to_le_bytes(&self) -> alloc::borrow::Cow<'a, [u8]> {
        if !self.big_endian || self.kind == BinPackedKind::String {
            return alloc::borrow::Cow::Borrowed(self.bytes);
        }
        let width = self.kind.scalar_size(self.real64);
        let mut out: Vec<u8> = Vec::with_capacity(self.bytes.len());
        for c in self.bytes.chunks_exact(width) {
            out.extend(c.iter().rev());
        }
        alloc::borrow::Cow::Owned(out)
    }
}

/// The items of a packed string array (validated when the array was read).
struct StringItems<'a> {
    rest: &'a [u8],
    big: bool,
}

impl<'a> Iterator for StringItems<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let word: [u8; 4] = self.rest.get(..4)?.try_into().ok()?;
        let len = if self.big {
            u32::from_be_bytes(word)
        } else {
            u32::from_le_bytes(word)
        } as usize;
        let raw = self.rest.get(4..4usize.checked_add(len)?)?;
        self.rest = self.rest.get(4 + len..).unwrap_or(&[]);
        text_of(raw, 0).ok()
    }
}
