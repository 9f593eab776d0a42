//! [`Value`]: a parsed value decoded into one variant per Godot type, to match on.

use crate::read::container::{ArrayRef, DictRef};
use crate::read::math::MathRef;
use crate::read::object::{NodePathRef, ObjectRef, SignalRef};
use crate::read::packed::{Packed, PackedArray, PackedVectorsRef};
use crate::read::strings::{GdStr, PackedStrings};
use crate::wire::type_list::for_each_type;
use crate::wire::types::VariantType;

/// A pattern for the variant `$name` of [`Value`], whatever its payload.
macro_rules! value_pattern {
    ($name:ident) => {
        Value::$name
    };
    ($name:ident, $payload:ty) => {
        Value::$name(_)
    };
}

/// Generates, from the type list ([`for_each_type!`]): the `math_value!` and
/// `packed_value!` patterns, the [`Value`] enum and `Value::ty`, [`packed_to_value`] and
/// [`PackedArray::get`].
macro_rules! generate {
    (
        math: [$($math:ident)*],
        pod: [$(($pod:ident, $pod_view:ident, $pod_el:ty, $pod_build:ident, $pod_item:ident))*],
        vectors: [$(($vec:ident, $vec_view:ident, $n:literal, $b32:ident, $b64:ident, $vec_item:ident))*],
        bytes: [($bytes:ident, $bytes_view:ident, $bytes_build:ident)],
        strings: [($strings:ident, $strings_view:ident, $strings_build:ident)],
        all: [$((
            $name:ident, $g3:expr, $g3_name:literal, $g4_name:literal, $layout:expr,
            [$($pm:tt)*], [$($type_doc:literal)*], [$($doc:literal)*] $(, $payload:ty)?
        ))*],
    ) => {
        /// One parsed value as an enum with one variant per Godot type, each carrying its borrowed
        /// view: match on it instead of trying `as_*` accessors one after another. `Copy`, 40 bytes
        /// on 64-bit targets; building one from a [`VariantRef`](crate::VariantRef) is O(1) and
        /// reads nothing but the header and the first payload words.
        ///
        /// Variants are named as in Godot 4; Godot 3 values use the same variants (`PoolIntArray`
        /// is [`Value::PackedInt32Array`], `Quat` is [`Value::Quaternion`], …). Math values carry a
        /// [`MathRef`], whose components are f32, f64 (Godot 4 double-precision builds) or i32.
        ///
        /// ```
        /// use gdvariant::{Dialect, Value, VariantRef};
        ///
        /// // var_to_bytes(Vector2(1, 2)) in Godot 4
        /// let bytes = [5, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40];
        /// let describe = match VariantRef::parse(&bytes, Dialect::Godot4)?.value() {
        ///     Value::Int(n) => format!("the int {n}"),
        ///     Value::String(s) => format!("the text {s}"),
        ///     Value::Vector2(v) => format!("a point at ({}, {})", v.get(0).unwrap(), v.get(1).unwrap()),
        ///     Value::Dictionary(d) => format!("{} pairs", d.len()),
        ///     other => format!("a {:?}", other.ty()),
        /// };
        /// assert_eq!(describe, "a point at (1, 2)");
        /// # Ok::<(), gdvariant::Error>(())
        /// ```
        ///
        /// **New types.** The enum is exhaustive on purpose: a `match` that names every type is the
        /// point, and the compiler then lists every place a new type must be handled. A Godot type
        /// added later (Pandemonium's typed arrays, integer vector arrays) is therefore a breaking
        /// change, released as a new minor version while the crate is 0.x, and listed in the
        /// changelog. Code that wants to stay compiling across such releases matches with a
        /// wildcard arm, as above.
        #[derive(Clone, Copy, Debug)]
        #[allow(missing_docs)]
        // each variant is the Godot type it names
        // A word-sized tag leaves no padding between the tag and the payload: with a byte tag,
        // each copy of a Value moved 7 padding bytes as two overlapping loads, and the second
        // load, spanning two earlier stores, stalled store forwarding (measured: half the time
        // of `gdvariant stats`). The size is the same 40 bytes.
        #[repr(u64)]
        pub enum Value<'a> {
            $($(#[doc = $doc])* $name $(($payload))?,)*
        }

        impl Value<'_> {
            /// The value's type. O(1).
            pub fn ty(&self) -> VariantType {
                match self {
                    $(value_pattern!($name $(, $payload)?) => VariantType::$name,)*
                }
            }
        }

        generate!(@patterns ($) [$($math)*] [$bytes $($pod)* $strings $($vec)*] [$($pod)* $($vec)*]);

        impl<'a> Value<'a> {
            /// A packed array's length (elements); `None` for another value. O(1).
            ///
            /// ```
            /// use gdvariant::{Dialect, VariantRef};
            ///
            /// let bytes = [30, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0]; // PackedInt32Array(7, 8)
            /// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
            /// assert_eq!(value.value().packed_len(), Some(2));
            /// # Ok::<(), gdvariant::Error>(())
            /// ```
            pub fn packed_len(&self) -> Option<usize> {
                Some(match self {
                    Value::$bytes(p) => p.len(),
                    Value::$strings(p) => p.len(),
                    $(Value::$pod(p) => p.len(),)*
                    $(Value::$vec(p) => p.len(),)*
                    _ => return None,
                })
            }

            /// A packed array of fixed-size elements (every packed array but bytes and
            /// Strings): whether its elements are double precision, its length, and its
            /// elements' bytes as on the wire. `None` for another value. O(1).
            #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // the writers'
            pub(crate) fn packed_fixed(&self) -> Option<(bool, usize, &'a [u8])> {
                Some(match self {
                    $(Value::$pod(p) => (false, p.len(), p.as_bytes()),)*
                    $(Value::$vec(p) => (p.is_double(), p.len(), p.as_bytes()),)*
                    _ => return None,
                })
            }
        }

        /// A math value as its [`Value`] variant (its type is a math type).
        #[inline]
        pub(crate) fn math_to_value(m: MathRef<'_>) -> Value<'_> {
            match m.ty() {
                $(VariantType::$math => Value::$math(m),)*
                _ => Value::Nil,
            }
        }

        /// A packed array as its [`Value`] variant.
        pub(crate) fn packed_to_value<'a>(p: &PackedArray<'a>) -> Value<'a> {
            match p.ty() {
                VariantType::$bytes => p.$bytes_view().map(Value::$bytes),
                VariantType::$strings => p.$strings_view().map(Value::$strings),
                $(VariantType::$pod => p.$pod_view().map(Value::$pod),)*
                $(VariantType::$vec => p.$vec_view().map(Value::$vec),)*
                _ => None,
            }
            .unwrap_or(Value::Nil)
        }

        impl<'a> PackedArray<'a> {
            /// Element `index` as a value of its own: an `Int` (byte and int arrays), a
            /// `Float`, a `String`, a `Vector2`/`Vector3`/`Vector4` (f32 or f64 components,
            /// as stored), a `Color`, or a `Vector2i`/`Vector3i`/`Vector4i` (Pandemonium's
            /// integer vector pools), borrowing the element's bytes. `None` past the end.
            /// O(1), except for string arrays (O(index)).
            /// [`Builder::value_of`](crate::Builder::value_of) writes it as a standalone
            /// value.
            pub fn get(&self, index: usize) -> Option<Value<'a>> {
                Some(match self.ty() {
                    VariantType::$bytes => {
                        Value::Int(i64::from(*self.$bytes_view()?.get(index)?))
                    }
                    VariantType::$strings => Value::String(self.$strings_view()?.get(index)?),
                    $(VariantType::$pod => element!($pod_item, self, $pod_view, index),)*
                    $(VariantType::$vec => element!($vec_item, self, $vec_view, index),)*
                    _ => return None,
                })
            }
        }
    };
    (@patterns ($d:tt) [$($math:ident)*] [$($packed:ident)*] [$($fixed:ident)*]) => {
        /// A pattern for every fixed-size math variant of [`Value`] (vectors, rects,
        /// transforms, Plane, Quaternion, AABB, Basis, Projection, Color), binding its
        /// [`MathRef`] to `$m`.
        macro_rules! math_value {
            ($d m:pat) => { $($crate::read::decoded::Value::$math($d m))|* };
        }
        /// A pattern for every packed-array variant of [`Value`].
        #[cfg_attr(not(feature = "alloc"), allow(unused_macros))]
        macro_rules! packed_value {
            () => { $($crate::read::decoded::Value::$packed(_))|* };
        }
        /// A pattern for every packed array of fixed-size elements (all but bytes and
        /// Strings): see `Value::packed_fixed`.
        #[cfg_attr(not(feature = "alloc"), allow(unused_macros))]
        macro_rules! fixed_packed_value {
            () => { $($crate::read::decoded::Value::$fixed(_))|* };
        }
    };
}

/// One element of a packed array as a [`Value`]: `int`, `float`, or a math type.
macro_rules! element {
    (int, $p:expr, $view:ident, $i:expr) => {
        Value::Int(i64::from($p.$view()?.get($i)?))
    };
    (float, $p:expr, $view:ident, $i:expr) => {
        Value::Float(f64::from($p.$view()?.get($i)?))
    };
    ($math:ident, $p:expr, $view:ident, $i:expr) => {
        Value::$math($p.element_math($i, VariantType::$math)?)
    };
}

for_each_type!(generate);
#[allow(unused_imports, clippy::single_component_path_imports)] // a path for the alloc layers
pub(crate) use fixed_packed_value;
#[allow(unused_imports, clippy::single_component_path_imports)] // a path for the alloc layers
pub(crate) use math_value;
#[allow(unused_imports, clippy::single_component_path_imports)] // a path for the alloc layers
pub(crate) use packed_value;

impl Value<'_> {
    /// The math value of any fixed-size math variant (vectors, rects, transforms, Plane,
    /// Quaternion, AABB, Basis, Projection, Color), for code that treats them alike.
    pub fn as_math(&self) -> Option<MathRef<'_>> {
        match *self {
            math_value!(m) => Some(m),
            _ => None,
        }
    }
}
