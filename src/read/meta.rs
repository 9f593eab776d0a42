//! [`Meta`]: a [`VariantRef`](crate::VariantRef)'s header word, type, dialect and
//! [`Shape`] in one `u64`, so that a view iterator writes a view in four stores (bytes,
//! length, offset, these) instead of one per field, and a view is copied in four moves.

use crate::wire::dialect::Dialect;
use crate::wire::narrow::halves;
use crate::wire::types::VariantType;

/// A [`VariantRef`](crate::VariantRef)'s bytes and, when the view iterator that yielded
/// it found one of the frequent headers (no flag bits), that header:
/// [`VariantRef::value`](crate::VariantRef::value) then decodes it without reading the
/// header again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub(crate) enum Shape {
    // The hinted shapes from 0, so that `VariantRef::value`'s jump table needs no
    // subtraction.
    /// A 32-bit int (exactly its bytes).
    Int,
    /// A 32-bit float (exactly its bytes).
    Float,
    /// A String (exactly its bytes).
    String,
    /// A StringName (exactly its bytes).
    StringName,
    /// A value whose payload has a fixed size (the header's 64-bit flag read): a scalar,
    /// math value, RID or Callable (exactly its bytes).
    Fixed,
    /// Exactly the value's bytes; the header is not known.
    Sized,
    /// A container whose end is not known yet; the header is not known. This and the
    /// shapes after it are the open ones.
    Open,
    /// An untyped Dictionary whose end is not known yet.
    Dictionary,
    /// An untyped Array whose end is not known yet.
    Array,
}

impl Shape {
    /// Every shape, indexed by discriminant.
    const ALL: [Shape; 9] = [
        Shape::Int,
        Shape::Float,
        Shape::String,
        Shape::StringName,
        Shape::Fixed,
        Shape::Sized,
        Shape::Open,
        Shape::Dictionary,
        Shape::Array,
    ];

    /// Does the view's `encoded` run past the value (its end not known yet)?
    #[inline(always)]
    pub(crate) fn is_open(self) -> bool {
        self as u8 >= Shape::Open as u8
    }
}

/// Where each field sits in a [`Meta`]: one byte each, then the header word in bytes 4–7.
/// The shape, which [`VariantRef::value`](crate::VariantRef::value) dispatches on, is the
/// low byte: read with no shift.
const SHAPE: usize = 0;
const TY: usize = 1;
const DIALECT: usize = 2;

/// A 256-entry table from a byte to the entry of `all` it indexes (`past` for the bytes
/// past its end), for reading a field back without a bounds check.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const fn table<T: Copy, const N: usize>(all: [T; N], past: T) -> [T; 256] {
    let mut out = [past; 256];
    let mut i = 0;
    while i < N {
        out[i] = all[i];
        i += 1;
    }
    out
}

/// Types by discriminant.
const TYPES: [VariantType; 256] = table(VariantType::ALL, VariantType::Nil);
/// Shapes by discriminant.
const SHAPES: [Shape; 256] = table(Shape::ALL, Shape::Sized);
/// Dialects by discriminant.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const DIALECTS: [Dialect; 256] = {
    let mut out = [Dialect::Godot4; 256];
    let mut i = 0;
    while i < Dialect::ALL.len() {
        let d = Dialect::ALL[i];
        out[d as usize] = d;
        i += 1;
    }
    out
};

/// The packed fields: see the module docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Meta(u64);

impl Meta {
    /// The fields of a view whose header is `word`, of type `ty`, in `dialect`.
    #[inline(always)]
    pub(crate) const fn new(word: u32, ty: VariantType, dialect: Dialect, shape: Shape) -> Meta {
        Meta::of_header(word, ty, shape).with(dialect)
    }

    /// The fields but the dialect (for a view iterator, which adds its dialect with
    /// [`Meta::with`]).
    #[inline(always)]
    pub(crate) const fn of_header(word: u32, ty: VariantType, shape: Shape) -> Meta {
        let mut bytes = ((word as u64) << 32).to_le_bytes();
        bytes[TY] = ty as u8;
        bytes[SHAPE] = shape as u8;
        Meta(u64::from_le_bytes(bytes))
    }

    /// These fields in `dialect` (whose byte is 0 in `self`).
    #[inline(always)]
    pub(crate) const fn with(self, dialect: Dialect) -> Meta {
        Meta(self.0 | (dialect as u64) << (8 * DIALECT))
    }

    /// The header word.
    #[inline(always)]
    pub(crate) const fn word(self) -> u32 {
        halves(self.0).1
    }

    /// The type.
    #[inline(always)]
    pub(crate) fn ty(self) -> VariantType {
        // A byte indexes the 256 entries: no bounds check is left.
        let at = usize::from(self.0.to_le_bytes()[TY]);
        TYPES.get(at).copied().unwrap_or(VariantType::Nil)
    }

    /// Is the type `ty`? (One byte compared, no table.)
    #[inline(always)]
    pub(crate) fn is(self, ty: VariantType) -> bool {
        self.0.to_le_bytes()[TY] == ty as u8
    }

    /// The shape.
    #[inline(always)]
    pub(crate) fn shape(self) -> Shape {
        let at = usize::from(self.0.to_le_bytes()[SHAPE]);
        SHAPES.get(at).copied().unwrap_or(Shape::Sized)
    }

    /// The dialect.
    #[inline(always)]
    pub(crate) fn dialect(self) -> Dialect {
        let at = usize::from(self.0.to_le_bytes()[DIALECT]);
        DIALECTS.get(at).copied().unwrap_or(Dialect::Godot4)
    }

    /// Is the shape [`Shape::Dictionary`] or [`Shape::Array`] (an untyped container)?
    #[inline(always)]
    pub(crate) fn is_untyped_container(self) -> bool {
        let shape = self.0.to_le_bytes()[SHAPE];
        shape == Shape::Dictionary as u8 || shape == Shape::Array as u8
    }

    /// Is the shape an open one ([`Shape::is_open`])? (One byte compared, no table.)
    #[inline(always)]
    pub(crate) fn is_open(self) -> bool {
        self.0.to_le_bytes()[SHAPE] >= Shape::Open as u8
    }

    /// The shape's discriminant (to match on without the table of [`Meta::shape`]).
    #[inline(always)]
    pub(crate) fn shape_byte(self) -> u8 {
        self.0.to_le_bytes()[SHAPE]
    }

    /// The same fields with another shape.
    #[inline(always)]
    pub(crate) fn reshaped(self, shape: Shape) -> Meta {
        let mut bytes = self.0.to_le_bytes();
        bytes[SHAPE] = shape as u8;
        Meta(u64::from_le_bytes(bytes))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure
    use super::*;

    /// Every field reads back as written, for every type, dialect, shape and a few words.
    #[test]
    fn fields_read_back() {
        let shapes = Shape::ALL;
        for (i, shape) in shapes.into_iter().enumerate() {
            assert_eq!(shape as usize, i);
        }
        for ty in VariantType::ALL {
            for dialect in Dialect::ALL {
                for shape in shapes {
                    for word in [0, 4, 27, 0x0001_0002, 0x8000_00ff, u32::MAX] {
                        let meta = Meta::new(word, ty, dialect, shape);
                        assert_eq!(
                            (meta.word(), meta.ty(), meta.dialect(), meta.shape()),
                            (word, ty, dialect, shape)
                        );
                        assert!(meta.is(ty));
                        assert_eq!(meta.is_open(), shape.is_open());
                        assert_eq!(
                            shape.is_open(),
                            matches!(shape, Shape::Open | Shape::Dictionary | Shape::Array)
                        );
                        assert_eq!(Meta::of_header(word, ty, shape).with(dialect), meta);
                        let other = shapes[(shape as usize + 1) % shapes.len()];
                        assert_eq!(meta.reshaped(other), Meta::new(word, ty, dialect, other));
                    }
                }
            }
        }
    }
}
