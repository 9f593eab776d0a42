//! [`GodotMath`]: a glam or mint type as the Godot math type it is, and what every such
//! type gets from it (builder methods, reading from a view, `Variant` conversions).

use alloc::vec::Vec;

use crate::owned::{MathComponents, Variant};
use crate::read::math::MathRef;
use crate::read::packed::{PackedArray, PackedElement};
use crate::wire::narrow::{f32_of, i32_of};
use crate::wire::types::VariantType;
use crate::write::sink::Sink;
use crate::write::{BuildError, Builder};

mod sealed {
    pub trait Sealed {}
}
pub(crate) use sealed::Sealed;

/// A math type from glam or mint that is a Godot math type. Sealed: implemented for
/// glam's `Vec2`–`Vec4`, `DVec*`, `IVec*`, `Quat`, `DQuat`, `Mat3`, `DMat3`, `Mat4`,
/// `DMat4`, `Affine2`, `DAffine2`, `Affine3A`, `DAffine3`, and mint's `Vector2`–`Vector4`
/// (`f32`, `f64`, `i32`), `Quaternion`, `ColumnMatrix3`, `RowMatrix3`, `ColumnMatrix2x3`,
/// `ColumnMatrix3x4`, `ColumnMatrix4`.
pub trait GodotMath: Sized + Copy + Sealed {
    /// The Godot type.
    const TYPE: VariantType;
    /// Number of components.
    const N: usize;
    /// The components in wire order (transposed from glam's and mint's columns where
    /// Godot stores rows), in the first [`GodotMath::N`] entries.
    fn wire(&self) -> [f64; 16];
    /// Writes the value with the builder: single precision for f32 types, double (Godot 4
    /// only) for f64 types, integer for i32 types.
    fn write<S: Sink>(&self, b: Builder<'_, S>) -> Result<(), BuildError>;
    /// Builds the value from components in wire order (as f64; rounded to f32 for f32
    /// types).
    fn from_wire(c: &[f64]) -> Self;
    /// Is this an integer type (Vector2i, …)?
    const INTEGER: bool = false;
    /// Is this a double-precision type?
    const DOUBLE: bool = false;
}

/// A math value of one type asked for as another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a {found:?} is not a {expected:?}")]
pub struct MathTypeError {
    /// The type asked for.
    pub expected: VariantType,
    /// The value's type (`Nil` for a `Variant` that is no math value).
    pub found: VariantType,
}

impl<'a> MathRef<'a> {
    /// This value as `M` (a glam or mint type), if it is `M`'s Godot type: f32 types read
    /// double-precision values rounded, f64 types read single-precision ones exactly.
    /// O(components).
    pub fn to<M: GodotMath>(&self) -> Result<M, MathTypeError> {
        if self.ty() != M::TYPE {
            return Err(MathTypeError {
                expected: M::TYPE,
                found: self.ty(),
            });
        }
        let mut c = [0.0; 16];
        for (i, slot) in c.iter_mut().enumerate().take(self.len()) {
            *slot = self.get(i).unwrap_or(0.0);
        }
        Ok(M::from_wire(&c))
    }
}

impl<S: Sink> Builder<'_, S> {
    /// Writes a glam or mint math value as its Godot math type (see [`GodotMath`]).
    /// Double-precision types need Godot 4 ([`BuildError::NotInDialect`]), as do the integer
    /// vectors and Vector4 and Projection.
    pub fn math_of<M: GodotMath>(self, value: &M) -> Result<(), BuildError> {
        value.write(self)
    }

    /// Writes glam or mint vectors as a packed vector array (`glam::Vec3` as a
    /// PackedVector3Array, `mint::Vector2<f64>` as a double-precision PackedVector2Array,
    /// …). One pass over `items`.
    pub fn packed_math<M: PackedMath>(self, items: &[M]) -> Result<(), BuildError> {
        self.packed_from_iter(M::PACKED, items.iter().map(PackedMath::element))
    }
}

/// A vector type that is also the element of a packed vector array.
pub trait PackedMath: GodotMath {
    /// The packed array type (`PackedVector3Array` for a 3-vector).
    const PACKED: VariantType;
    /// Its element as the packed array stores it.
    type Element: PackedElement;
    /// The value as a packed element.
    fn element(&self) -> Self::Element;
    /// The value from a packed element.
    fn from_element(e: Self::Element) -> Self;
}

impl<'a> PackedArray<'a> {
    /// The elements as `M` values (glam or mint vectors), copied (works at any alignment and
    /// on any target). `Err` if the array is not `M`'s packed type and precision. O(n).
    pub fn to_math_vec<M: PackedMath>(&self) -> Result<Vec<M>, MathTypeError> {
        let wrong = MathTypeError {
            expected: M::PACKED,
            found: self.ty(),
        };
        if self.ty() != M::PACKED || self.is_double() != M::DOUBLE {
            return Err(wrong);
        }
        let packed = crate::read::packed::Packed::<M::Element>::new(self.as_bytes());
        Ok(packed.iter().map(M::from_element).collect())
    }
}

/// Every math type converts to an owned `Variant` and back.
pub(crate) fn to_variant<M: GodotMath>(m: &M) -> Variant {
    let all = m.wire();
    let wire: Vec<f64> = all.iter().take(M::N).copied().collect();
    let components = if M::INTEGER {
        MathComponents::I32(wire.iter().map(|&c| i32_of(c)).collect())
    } else if M::DOUBLE {
        MathComponents::F64(wire.into())
    } else {
        MathComponents::F32(wire.iter().map(|&c| f32_of(c)).collect())
    };
    Variant::Math {
        ty: M::TYPE,
        components,
    }
}

pub(crate) fn from_variant<M: GodotMath>(v: &Variant) -> Result<M, MathTypeError> {
    match v {
        Variant::Math { ty, components } if *ty == M::TYPE => {
            let c: Vec<f64> = (0..components.len())
                .filter_map(|i| components.get(i))
                .collect();
            Ok(M::from_wire(&c))
        }
        Variant::Math { ty, .. } => Err(MathTypeError {
            expected: M::TYPE,
            found: *ty,
        }),
        other => Err(MathTypeError {
            expected: M::TYPE,
            found: other.ty(),
        }),
    }
}

/// Writes `M`'s wire components with its precision; no allocation.
pub(crate) fn write_wire<S: Sink, M: GodotMath>(
    b: Builder<'_, S>,
    m: &M,
) -> Result<(), BuildError> {
    let wire = m.wire();
    let n = M::N.min(16);
    if M::INTEGER {
        let c = wire.map(i32_of);
        b.math_i32(M::TYPE, c.get(..n).unwrap_or(&[]))
    } else if M::DOUBLE {
        b.math_f64(M::TYPE, wire.get(..n).unwrap_or(&[]))
    } else {
        let c = wire.map(f32_of);
        b.math(M::TYPE, c.get(..n).unwrap_or(&[]))
    }
}

/// Implements [`GodotMath`] (and the `Variant` and `MathRef` conversions) for a type from
/// its wire order: `$to` gives `[f64; N]` from `v`, `$from` the value from `c: [f64; N]`.
macro_rules! godot_math {
    ($t:ty, $ty:ident, $n:literal, $kind:ident, |$v:ident| $to:expr, |$c:ident| $from:expr) => {
        impl $crate::interop::math::Sealed for $t {}
        impl $crate::interop::math::GodotMath for $t {
            const TYPE: $crate::wire::types::VariantType = $crate::wire::types::VariantType::$ty;
            const N: usize = $n;
            const INTEGER: bool = godot_math!(@integer $kind);
            const DOUBLE: bool = godot_math!(@double $kind);
            fn wire(&self) -> [f64; 16] {
                let $v = *self;
                let a: [f64; $n] = $to;
                let mut out = [0.0; 16];
                for (slot, x) in out.iter_mut().zip(a) {
                    *slot = x;
                }
                out
            }
            fn write<S: $crate::write::sink::Sink>(
                &self,
                b: $crate::write::Builder<'_, S>,
            ) -> Result<(), $crate::write::BuildError> {
                $crate::interop::math::write_wire(b, self)
            }
            fn from_wire(wire: &[f64]) -> Self {
                let $c: [f64; $n] = core::array::from_fn(|i| wire.get(i).copied().unwrap_or(0.0));
                $from
            }
        }
        impl From<$t> for $crate::owned::Variant {
            fn from(value: $t) -> Self {
                $crate::interop::math::to_variant(&value)
            }
        }
        impl TryFrom<&$crate::owned::Variant> for $t {
            type Error = $crate::interop::math::MathTypeError;
            fn try_from(value: &$crate::owned::Variant) -> Result<Self, Self::Error> {
                $crate::interop::math::from_variant(value)
            }
        }
        impl TryFrom<$crate::read::math::MathRef<'_>> for $t {
            type Error = $crate::interop::math::MathTypeError;
            fn try_from(value: $crate::read::math::MathRef<'_>) -> Result<Self, Self::Error> {
                value.to()
            }
        }
    };
    (@integer i32) => {
        true
    };
    (@integer $other:ident) => {
        false
    };
    (@double f64) => {
        true
    };
    (@double $other:ident) => {
        false
    };
}
pub(crate) use godot_math;

/// Implements [`PackedMath`] for a vector type whose packed element is `$e`.
macro_rules! packed_math {
    ($t:ty, $packed:ident, $e:ty, |$v:ident| $to:expr, |$x:ident| $from:expr) => {
        impl $crate::interop::math::PackedMath for $t {
            const PACKED: $crate::wire::types::VariantType =
                $crate::wire::types::VariantType::$packed;
            type Element = $e;
            fn element(&self) -> $e {
                let $v = *self;
                $to
            }
            fn from_element($x: $e) -> Self {
                $from
            }
        }
    };
}
pub(crate) use packed_math;
