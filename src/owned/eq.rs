//! Bit-for-bit comparison of owned values ([`Variant::bitwise_eq`]).

use zerocopy::{Immutable, IntoBytes};

use super::{MathComponents, Object, PackedVectors, Variant};

impl Variant {
    /// Are the two values the same bit for bit? Like `==`, except that floats are compared
    /// by their bits: NaNs with the same payload are equal, `0.0` and `-0.0` are not.
    /// This is what survives a round trip through the wire. O(size), recursive.
    pub fn bitwise_eq(&self, other: &Variant) -> bool {
        use Variant as V;
        // Containers are compared by separate functions, to keep the recursive frame small.
        match (self, other) {
            (V::Object(a), V::Object(b)) => objects_bitwise_eq(a, b),
            (V::Dictionary(a), V::Dictionary(b)) => {
                a.key_type() == b.key_type()
                    && a.value_type() == b.value_type()
                    && entries_bitwise_eq(a, b)
            }
            (V::Array(a), V::Array(b))
            | (V::TypedArray(a), V::TypedArray(b))
            | (V::PackedTypedArray(a), V::PackedTypedArray(b)) => {
                a.element_type() == b.element_type() && items_bitwise_eq(a, b)
            }
            (a, b) => leaves_bitwise_eq(a, b),
        }
    }
}

impl MathComponents {
    fn bitwise_eq(&self, other: &MathComponents) -> bool {
        match (self, other) {
            (MathComponents::F32(a), MathComponents::F32(b)) => bits_eq(a, b),
            (MathComponents::F64(a), MathComponents::F64(b)) => bits_eq(a, b),
            (a, b) => a == b,
        }
    }
}

impl<const N: usize> PackedVectors<N> {
    fn bitwise_eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PackedVectors::F32(a), PackedVectors::F32(b)) => bits_eq(a, b),
            (PackedVectors::F64(a), PackedVectors::F64(b)) => bits_eq(a.as_slice(), b.as_slice()),
            _ => false,
        }
    }
}

#[inline(never)]
fn leaves_bitwise_eq(a: &Variant, b: &Variant) -> bool {
    use Variant as V;
    match (a, b) {
        (V::Float(a), V::Float(b)) => a.to_bits() == b.to_bits(),
        (
            V::Math {
                ty: ta,
                components: a,
            },
            V::Math {
                ty: tb,
                components: b,
            },
        ) => ta == tb && a.bitwise_eq(b),
        (V::PackedFloat32Array(a), V::PackedFloat32Array(b)) => bits_eq(a, b),
        (V::PackedFloat64Array(a), V::PackedFloat64Array(b)) => bits_eq(a, b),
        (V::PackedVector2Array(a), V::PackedVector2Array(b)) => a.bitwise_eq(b),
        (V::PackedVector3Array(a), V::PackedVector3Array(b)) => a.bitwise_eq(b),
        (V::PackedVector4Array(a), V::PackedVector4Array(b)) => a.bitwise_eq(b),
        (V::PackedColorArray(a), V::PackedColorArray(b)) => bits_eq(a, b),
        // Containers never get here (see `bitwise_eq`); the rest holds no floats, so `==`
        // is already bitwise.
        (a, b) => a == b,
    }
}

#[inline(never)]
fn objects_bitwise_eq(a: &Object, b: &Object) -> bool {
    match (a, b) {
        (Object::Full(a), Object::Full(b)) => {
            a.class == b.class
                && a.properties.len() == b.properties.len()
                && a.properties
                    .iter()
                    .zip(&b.properties)
                    .all(|((na, va), (nb, vb))| na == nb && va.bitwise_eq(vb))
        }
        (a, b) => a == b,
    }
}

#[inline(never)]
fn entries_bitwise_eq(a: &[(Variant, Variant)], b: &[(Variant, Variant)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|((ka, va), (kb, vb))| ka.bitwise_eq(kb) && va.bitwise_eq(vb))
}

#[inline(never)]
fn items_bitwise_eq(a: &[Variant], b: &[Variant]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.bitwise_eq(y))
}

/// Equal bits: the same elements byte for byte (NaN payloads and the sign of zero count).
fn bits_eq<T: IntoBytes + Immutable>(a: &[T], b: &[T]) -> bool {
    a.as_bytes() == b.as_bytes()
}
