//! [`Value`]: a parsed value decoded into one variant per Godot type, to match on.

use crate::read::container::{ArrayRef, DictRef};
use crate::read::math::MathRef;
use crate::read::object::{NodePathRef, ObjectRef, SignalRef};
use crate::read::packed::{Packed, PackedArray, PackedVectorsRef};
use crate::read::strings::{GdStr, PackedStrings};
use crate::wire::types::VariantType;

/// One parsed value as an enum with one variant per Godot type, each carrying its borrowed
/// view: match on it instead of trying `as_*` accessors one after another. `Copy`, 40 bytes
/// on 64-bit targets; building one from a [`VariantRef`](crate::VariantRef) is O(1) and reads nothing but the
/// header and the first payload words.
///
/// Variants are named as in Godot 4; Godot 3 values use the same variants (`PoolIntArray`
/// is [`Value::PackedInt32Array`], `Quat` is [`Value::Quaternion`], …). Math values carry
/// a [`MathRef`], whose components are f32, f64 (Godot 4 double-precision builds) or i32.
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
    /// `null`.
    Nil,
    Bool(bool),
    /// 32 or 64 bits on the wire, widened.
    Int(i64),
    /// f32 or f64 on the wire, widened exactly.
    Float(f64),
    String(GdStr<'a>),
    Vector2(MathRef<'a>),
    Vector2i(MathRef<'a>),
    Rect2(MathRef<'a>),
    Rect2i(MathRef<'a>),
    Vector3(MathRef<'a>),
    Vector3i(MathRef<'a>),
    Transform2D(MathRef<'a>),
    Vector4(MathRef<'a>),
    Vector4i(MathRef<'a>),
    Plane(MathRef<'a>),
    /// `Quat` in Godot 3.
    Quaternion(MathRef<'a>),
    Aabb(MathRef<'a>),
    Basis(MathRef<'a>),
    /// `Transform` in Godot 3.
    Transform3D(MathRef<'a>),
    Projection(MathRef<'a>),
    /// r, g, b, a: always f32.
    Color(MathRef<'a>),
    StringName(GdStr<'a>),
    NodePath(NodePathRef<'a>),
    /// The id (Godot 3 writes none: 0).
    Rid(u64),
    Object(ObjectRef<'a>),
    /// Godot 4 writes no payload: always an empty Callable.
    Callable,
    Signal(SignalRef<'a>),
    Dictionary(DictRef<'a>),
    Array(ArrayRef<'a>),
    PackedByteArray(&'a [u8]),
    PackedInt32Array(Packed<'a, i32>),
    PackedInt64Array(Packed<'a, i64>),
    PackedFloat32Array(Packed<'a, f32>),
    PackedFloat64Array(Packed<'a, f64>),
    PackedStringArray(PackedStrings<'a>),
    PackedVector2Array(PackedVectorsRef<'a, 2>),
    PackedVector3Array(PackedVectorsRef<'a, 3>),
    /// r, g, b, a per color: always f32.
    PackedColorArray(Packed<'a, [f32; 4]>),
    PackedVector4Array(PackedVectorsRef<'a, 4>),
    /// Pandemonium's `PoolVector2iArray`.
    PackedVector2iArray(Packed<'a, [i32; 2]>),
    /// Pandemonium's `PoolVector3iArray`.
    PackedVector3iArray(Packed<'a, [i32; 3]>),
    /// Pandemonium's `PoolVector4iArray` (eras B and C).
    PackedVector4iArray(Packed<'a, [i32; 4]>),
    /// Pandemonium's `TypedArray` (era C): [`ArrayRef::element_type`] is its declared type.
    TypedArray(ArrayRef<'a>),
    /// Pandemonium's `PackedTypedArray` (era C): the same bytes as a `TypedArray`.
    PackedTypedArray(ArrayRef<'a>),
}

/// A pattern for every fixed-size math variant of [`Value`] (vectors, rects, transforms,
/// Plane, Quaternion, AABB, Basis, Projection, Color), binding its [`MathRef`] to `$m`.
macro_rules! math_value {
    ($m:pat) => {
        $crate::read::decoded::Value::Vector2($m)
            | $crate::read::decoded::Value::Vector2i($m)
            | $crate::read::decoded::Value::Rect2($m)
            | $crate::read::decoded::Value::Rect2i($m)
            | $crate::read::decoded::Value::Vector3($m)
            | $crate::read::decoded::Value::Vector3i($m)
            | $crate::read::decoded::Value::Transform2D($m)
            | $crate::read::decoded::Value::Vector4($m)
            | $crate::read::decoded::Value::Vector4i($m)
            | $crate::read::decoded::Value::Plane($m)
            | $crate::read::decoded::Value::Quaternion($m)
            | $crate::read::decoded::Value::Aabb($m)
            | $crate::read::decoded::Value::Basis($m)
            | $crate::read::decoded::Value::Transform3D($m)
            | $crate::read::decoded::Value::Projection($m)
            | $crate::read::decoded::Value::Color($m)
    };
}
#[allow(unused_imports)] // used by the alloc layers
pub(crate) use math_value;

/// A pattern for every packed-array variant of [`Value`].
#[cfg_attr(not(feature = "alloc"), allow(unused_macros))]
macro_rules! packed_value {
    () => {
        $crate::read::decoded::Value::PackedByteArray(_)
            | $crate::read::decoded::Value::PackedInt32Array(_)
            | $crate::read::decoded::Value::PackedInt64Array(_)
            | $crate::read::decoded::Value::PackedFloat32Array(_)
            | $crate::read::decoded::Value::PackedFloat64Array(_)
            | $crate::read::decoded::Value::PackedStringArray(_)
            | $crate::read::decoded::Value::PackedVector2Array(_)
            | $crate::read::decoded::Value::PackedVector3Array(_)
            | $crate::read::decoded::Value::PackedColorArray(_)
            | $crate::read::decoded::Value::PackedVector4Array(_)
            | $crate::read::decoded::Value::PackedVector2iArray(_)
            | $crate::read::decoded::Value::PackedVector3iArray(_)
            | $crate::read::decoded::Value::PackedVector4iArray(_)
    };
}
#[allow(unused_imports)] // used by the alloc layers
pub(crate) use packed_value;

impl Value<'_> {
    /// The value's type. O(1).
    pub fn ty(&self) -> VariantType {
        use VariantType as T;
        match self {
            Value::Nil => T::Nil,
            Value::Bool(_) => T::Bool,
            Value::Int(_) => T::Int,
            Value::Float(_) => T::Float,
            Value::String(_) => T::String,
            math_value!(m) => m.ty(),
            Value::StringName(_) => T::StringName,
            Value::NodePath(_) => T::NodePath,
            Value::Rid(_) => T::Rid,
            Value::Object(_) => T::Object,
            Value::Callable => T::Callable,
            Value::Signal(_) => T::Signal,
            Value::Dictionary(_) => T::Dictionary,
            Value::Array(_) => T::Array,
            Value::PackedByteArray(_) => T::PackedByteArray,
            Value::PackedInt32Array(_) => T::PackedInt32Array,
            Value::PackedInt64Array(_) => T::PackedInt64Array,
            Value::PackedFloat32Array(_) => T::PackedFloat32Array,
            Value::PackedFloat64Array(_) => T::PackedFloat64Array,
            Value::PackedStringArray(_) => T::PackedStringArray,
            Value::PackedVector2Array(_) => T::PackedVector2Array,
            Value::PackedVector3Array(_) => T::PackedVector3Array,
            Value::PackedColorArray(_) => T::PackedColorArray,
            Value::PackedVector4Array(_) => T::PackedVector4Array,
            Value::PackedVector2iArray(_) => T::PackedVector2iArray,
            Value::PackedVector3iArray(_) => T::PackedVector3iArray,
            Value::PackedVector4iArray(_) => T::PackedVector4iArray,
            Value::TypedArray(_) => T::TypedArray,
            Value::PackedTypedArray(_) => T::PackedTypedArray,
        }
    }

    /// The math value of any fixed-size math variant (vectors, rects, transforms, Plane,
    /// Quaternion, AABB, Basis, Projection, Color), for code that treats them alike.
    pub fn as_math(&self) -> Option<MathRef<'_>> {
        match *self {
            math_value!(m) => Some(m),
            _ => None,
        }
    }
}

/// A packed array as its [`Value`] variant.
pub(crate) fn packed_to_value<'a>(p: &PackedArray<'a>) -> Value<'a> {
    match p.ty() {
        VariantType::PackedByteArray => p.as_u8().map(Value::PackedByteArray),
        VariantType::PackedInt32Array => p.as_i32().map(Value::PackedInt32Array),
        VariantType::PackedInt64Array => p.as_i64().map(Value::PackedInt64Array),
        VariantType::PackedFloat32Array => p.as_f32().map(Value::PackedFloat32Array),
        VariantType::PackedFloat64Array => p.as_f64().map(Value::PackedFloat64Array),
        VariantType::PackedStringArray => p.strings().map(Value::PackedStringArray),
        VariantType::PackedVector2Array => p.vectors2().map(Value::PackedVector2Array),
        VariantType::PackedVector3Array => p.vectors3().map(Value::PackedVector3Array),
        VariantType::PackedVector4Array => p.vectors4().map(Value::PackedVector4Array),
        VariantType::PackedColorArray => p.as_color().map(Value::PackedColorArray),
        VariantType::PackedVector2iArray => p.as_vector2i().map(Value::PackedVector2iArray),
        VariantType::PackedVector3iArray => p.as_vector3i().map(Value::PackedVector3iArray),
        VariantType::PackedVector4iArray => p.as_vector4i().map(Value::PackedVector4iArray),
        _ => None,
    }
    .unwrap_or(Value::Nil)
}

impl<'a> PackedArray<'a> {
    /// Element `index` as a value of its own: an `Int` (byte and int arrays), a `Float`, a
    /// `String`, a `Vector2`/`Vector3`/`Vector4` (f32 or f64 components, as stored), a
    /// `Color`, or a `Vector2i`/`Vector3i`/`Vector4i` (Pandemonium's integer vector pools),
    /// borrowing the element's bytes. `None` past the end. O(1), except for
    /// string arrays (O(index)). [`Builder::value_of`](crate::Builder::value_of) writes it
    /// as a standalone value.
    pub fn get(&self, index: usize) -> Option<Value<'a>> {
        use VariantType as T;
        Some(match self.ty() {
            T::PackedByteArray => Value::Int(i64::from(*self.as_u8()?.get(index)?)),
            T::PackedInt32Array => Value::Int(i64::from(self.as_i32()?.get(index)?)),
            T::PackedInt64Array => Value::Int(self.as_i64()?.get(index)?),
            T::PackedFloat32Array => Value::Float(f64::from(self.as_f32()?.get(index)?)),
            T::PackedFloat64Array => Value::Float(self.as_f64()?.get(index)?),
            T::PackedStringArray => Value::String(self.strings()?.get(index)?),
            T::PackedVector2Array => Value::Vector2(self.element_math(index, T::Vector2)?),
            T::PackedVector3Array => Value::Vector3(self.element_math(index, T::Vector3)?),
            T::PackedVector4Array => Value::Vector4(self.element_math(index, T::Vector4)?),
            T::PackedColorArray => Value::Color(self.element_math(index, T::Color)?),
            T::PackedVector2iArray => Value::Vector2i(self.element_math(index, T::Vector2i)?),
            T::PackedVector3iArray => Value::Vector3i(self.element_math(index, T::Vector3i)?),
            T::PackedVector4iArray => Value::Vector4i(self.element_math(index, T::Vector4i)?),
            _ => return None,
        })
    }
}
