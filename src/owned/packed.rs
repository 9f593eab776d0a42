//! Packed arrays between [`Value`] and [`Variant`], generated from the type list
//! ([`for_each_type!`]): the type of a packed `Variant`, a packed `Value` copied into one,
//! and one written through the builder.

use alloc::boxed::Box;

use super::{GdString, PackedVectors, Variant};
use crate::read::decoded::Value;
use crate::read::packed::{PackedElement, PackedVectorsRef};
use crate::wire::type_list::for_each_type;
use crate::wire::types::VariantType;
use crate::write::sink::Sink;
use crate::write::{BuildError, Builder};

macro_rules! generate {
    (
        math: [$($math:ident)*],
        pod: [$(($pod:ident, $pod_view:ident, $pod_el:ty, $pod_build:ident, $pod_item:ident))*],
        vectors: [$(($vec:ident, $vec_view:ident, $n:literal, $b32:ident, $b64:ident, $vec_item:ident))*],
        bytes: [($bytes:ident, $bytes_view:ident, $bytes_build:ident)],
        strings: [($strings:ident, $strings_view:ident, $strings_build:ident)],
        all: [$($all:tt)*],
    ) => {
        generate!(@pattern ($) [$bytes $($pod)* $strings $($vec)*]);

        impl Variant {
            /// The type of a packed-array variant.
            pub(super) fn packed_ty(&self) -> Option<VariantType> {
                Some(match self {
                    Variant::$bytes(_) => VariantType::$bytes,
                    Variant::$strings(_) => VariantType::$strings,
                    $(Variant::$pod(_) => VariantType::$pod,)*
                    $(Variant::$vec(_) => VariantType::$vec,)*
                    _ => return None,
                })
            }

            /// Writes a packed-array variant (another variant is an error: the caller
            /// writes those itself). O(its size).
            pub(super) fn write_packed<S: Sink>(&self, b: Builder<'_, S>) -> Result<(), BuildError> {
                match self {
                    Variant::$bytes(v) => b.$bytes_build(v),
                    Variant::$strings(v) => b.$strings_build(v.iter()),
                    $(Variant::$pod(v) => b.$pod_build(v),)*
                    $(
                        Variant::$vec(PackedVectors::F32(v)) => b.$b32(v),
                        Variant::$vec(PackedVectors::F64(v)) => b.$b64(v.as_slice()),
                    )*
                    _ => Err(BuildError::WrongElementType {
                        ty: self.ty(),
                        element: "a value that is not a packed array",
                    }),
                }
            }
        }

        /// A packed-array [`Value`] copied into its [`Variant`] (`Nil` for another
        /// value). O(its size).
        pub(super) fn packed_variant(value: &Value<'_>, text: impl Fn(crate::read::strings::GdStr<'_>) -> GdString) -> Variant {
            match value {
                Value::$bytes(bytes) => Variant::$bytes(bytes.to_vec()),
                Value::$strings(p) => Variant::$strings(p.iter().map(text).collect()),
                $(Value::$pod(p) => Variant::$pod(p.iter().collect()),)*
                $(Value::$vec(p) => Variant::$vec(vectors(*p)),)*
                _ => Variant::Nil,
            }
        }
    };
    (@pattern ($d:tt) [$($packed:ident)*]) => {
        /// A pattern for every packed-array variant of [`Variant`].
        macro_rules! packed_variant_pattern {
            () => { $($crate::owned::Variant::$packed(_))|* };
        }
    };
}

for_each_type!(generate);
#[allow(clippy::single_component_path_imports)] // a path to the generated macro
pub(super) use packed_variant_pattern;

/// Single- or double-precision vectors, as stored.
fn vectors<const N: usize>(p: PackedVectorsRef<'_, N>) -> PackedVectors<N>
where
    [f32; N]: PackedElement,
    [f64; N]: PackedElement,
{
    match p {
        PackedVectorsRef::F32(v) => PackedVectors::F32(v.iter().collect()),
        PackedVectorsRef::F64(v) => PackedVectors::F64(Box::new(v.iter().collect())),
    }
}
