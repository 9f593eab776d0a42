//! Godot-only types in serde's data model.
//!
//! serde knows ints, floats, strings, sequences and maps; Godot also has math values,
//! packed arrays, StringName, NodePath, RID, objects and typed containers. They travel as
//! newtype structs with a reserved name (`$gdvariant::Vector3`, …) around an ordinary
//! payload: gdvariant's serializer writes the Godot type, and any other serializer
//! (serde_json, …) sees the payload alone (newtype structs are transparent there). The
//! [`with`] helpers, `Variant`'s and `VariantRef`'s `Serialize` use them.
//!
//! `Variant` and `VariantRef` deserialize from gdvariant's deserializer through the raw
//! protocol: they ask for the newtype struct [`RAW_TOKEN`], and the deserializer answers
//! with a map of the value's dialect, offset and own bytes, which they parse.

use crate::wire::container_type::ContainerType;
use crate::wire::type_list::for_each_type;
use crate::wire::types::{Layout, VariantType};

/// The prefix of the reserved newtype-struct names.
pub(crate) const MAGIC: &str = "$gdvariant::";
/// `Variant` / `VariantRef` asking for the raw bytes of the next value.
pub(crate) const RAW_TOKEN: &str = "$gdvariant::raw";
/// Raw protocol: the dialect (3 or 4).
pub(crate) const RAW_DIALECT: &str = "$gdvariant::raw::dialect";
/// Raw protocol: the absolute offset of the value.
pub(crate) const RAW_OFFSET: &str = "$gdvariant::raw::offset";
/// Raw protocol: the value's bytes.
pub(crate) const RAW_BYTES: &str = "$gdvariant::raw::bytes";

/// What a reserved name announces, and the payload it wraps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Magic {
    /// A math type: a sequence of its components in wire order (f32, f64 for double
    /// precision, i32 for the integer types).
    Math(VariantType),
    /// A packed array: a sequence of its elements (bytes for PackedByteArray; vectors
    /// and colors as sequences of components).
    Packed(VariantType),
    /// A string.
    StringName,
    /// A string in Godot's path syntax.
    NodePath,
    /// A u64.
    Rid,
    /// Unit.
    Callable,
    /// A tuple (name, object id).
    Signal,
    /// A u64 instance id.
    ObjectId,
    /// A tuple (class, map of property name to value).
    Object,
    /// A tuple (element type, sequence): see [`descriptor`].
    TypedArray,
    /// Pandemonium's PackedTypedArray: as `TypedArray`.
    PackedTypedArray,
    /// A tuple (key type, value type, map).
    TypedDictionary,
}

/// The reserved name of each kind (serde wants `&'static str`).
/// `type_name` for the types of the type list ([`for_each_type!`]: math values and packed
/// arrays) and the few others that need a reserved name.
macro_rules! names {
    (
        math: [$($math:ident)*],
        pod: [$(($pod:ident, $($pod_rest:tt)*))*],
        vectors: [$(($vec:ident, $($vec_rest:tt)*))*],
        bytes: [($bytes:ident, $bytes_view:ident, $bytes_build:ident)],
        strings: [($strings:ident, $strings_view:ident, $strings_build:ident)],
        all: [$($all:tt)*],
    ) => {
        /// The reserved name of a Godot type (`None` for a type that needs none).
        pub(crate) fn type_name(ty: VariantType) -> Option<&'static str> {
            Some(match ty {
                $(VariantType::$math => concat!("$gdvariant::", stringify!($math)),)*
                VariantType::$bytes => concat!("$gdvariant::", stringify!($bytes)),
                VariantType::$strings => concat!("$gdvariant::", stringify!($strings)),
                $(VariantType::$pod => concat!("$gdvariant::", stringify!($pod)),)*
                $(VariantType::$vec => concat!("$gdvariant::", stringify!($vec)),)*
                VariantType::StringName => "$gdvariant::StringName",
                VariantType::NodePath => "$gdvariant::NodePath",
                VariantType::Rid => "$gdvariant::Rid",
                VariantType::Callable => "$gdvariant::Callable",
                VariantType::Signal => "$gdvariant::Signal",
                _ => return None,
            })
        }
    };
}
for_each_type!(names);
pub(crate) const OBJECT: &str = "$gdvariant::Object";
pub(crate) const OBJECT_ID: &str = "$gdvariant::ObjectId";
pub(crate) const TYPED_ARRAY: &str = "$gdvariant::TypedArray";
pub(crate) const PACKED_TYPED_ARRAY: &str = "$gdvariant::PackedTypedArray";
pub(crate) const TYPED_DICTIONARY: &str = "$gdvariant::TypedDictionary";

/// What the reserved name `name` announces; `None` for an ordinary name.
pub(crate) fn magic(name: &str) -> Option<Magic> {
    let rest = name.strip_prefix(MAGIC)?;
    Some(match rest {
        "StringName" => Magic::StringName,
        "NodePath" => Magic::NodePath,
        "Rid" => Magic::Rid,
        "Callable" => Magic::Callable,
        "Signal" => Magic::Signal,
        "Object" => Magic::Object,
        "ObjectId" => Magic::ObjectId,
        "TypedArray" => Magic::TypedArray,
        "PackedTypedArray" => Magic::PackedTypedArray,
        "TypedDictionary" => Magic::TypedDictionary,
        other => {
            let ty = VariantType::ALL
                .into_iter()
                .find(|&ty| type_name(ty).and_then(|n| n.strip_prefix(MAGIC)) == Some(other))?;
            match ty.layout() {
                Layout::Math(..) => Magic::Math(ty),
                Layout::Packed(_) => Magic::Packed(ty),
                _ => return None,
            }
        }
    })
}

/// A container type as the text a typed container's payload carries: `""` untyped, a
/// builtin type's Godot 4 name (`"int"`, `"Vector3"`), `"class:Node"`, `"script:res://a.gd"`.
pub(crate) fn descriptor_text(t: &ContainerType<impl AsRef<str>>) -> alloc::string::String {
    use alloc::string::ToString;
    match t {
        ContainerType::Untyped => alloc::string::String::new(),
        ContainerType::Builtin(ty) => ty.name(crate::wire::dialect::Dialect::Godot4).to_string(),
        ContainerType::ClassName(c) => alloc::format!("class:{}", c.as_ref()),
        ContainerType::Script(s) => alloc::format!("script:{}", s.as_ref()),
    }
}

/// [`descriptor_text`] read back; `None` for text that names nothing.
pub(crate) fn descriptor(text: &str) -> Option<ContainerType<&str>> {
    if text.is_empty() {
        return Some(ContainerType::Untyped);
    }
    if let Some(class) = text.strip_prefix("class:") {
        return Some(ContainerType::ClassName(class));
    }
    if let Some(script) = text.strip_prefix("script:") {
        return Some(ContainerType::Script(script));
    }
    VariantType::named(text, crate::wire::dialect::Dialect::Godot4).map(ContainerType::Builtin)
}

/// For glam's serde names (`serialize_tuple_struct("Vec3", 3)`): the Godot math type, and
/// the order of glam's elements on the wire (`order[wire] = glam index`), when they differ.
#[cfg(feature = "glam")]
pub(crate) fn glam_type(name: &str) -> Option<(VariantType, bool, Option<&'static [u8]>)> {
    use VariantType as T;
    // (type, double, order)
    Some(match name {
        "Vec2" => (T::Vector2, false, None),
        "Vec3" | "Vec3A" => (T::Vector3, false, None),
        "Vec4" => (T::Vector4, false, None),
        "Quat" => (T::Quaternion, false, None),
        "Mat3" | "Mat3A" => (T::Basis, false, Some(&TRANSPOSE3)),
        "Mat4" => (T::Projection, false, None),
        "Affine2" => (T::Transform2D, false, None),
        "Affine3A" => (T::Transform3D, false, Some(&AFFINE3)),
        "DVec2" => (T::Vector2, true, None),
        "DVec3" => (T::Vector3, true, None),
        "DVec4" => (T::Vector4, true, None),
        "DQuat" => (T::Quaternion, true, None),
        "DMat3" => (T::Basis, true, Some(&TRANSPOSE3)),
        "DMat4" => (T::Projection, true, None),
        "DAffine2" => (T::Transform2D, true, None),
        "DAffine3" => (T::Transform3D, true, Some(&AFFINE3)),
        "IVec2" => (T::Vector2i, false, None),
        "IVec3" => (T::Vector3i, false, None),
        "IVec4" => (T::Vector4i, false, None),
        _ => return None,
    })
}

/// The wire order of glam's elements for `name` when deserializing (`order[i]` is the
/// wire index of glam's element `i`), if it is a glam math type whose order differs.
#[cfg(feature = "glam")]
pub(crate) fn glam_order(name: &str) -> Option<&'static [u8]> {
    match glam_type(name)? {
        (_, _, Some(order)) => Some(order),
        (ty, _, None) => Some(IDENTITY.get(..ty.layout_len())?),
    }
}

/// glam stores a 3×3 matrix by columns (the axes); Godot's Basis is written by rows.
#[cfg(feature = "glam")]
const TRANSPOSE3: [u8; 9] = [0, 3, 6, 1, 4, 7, 2, 5, 8];
/// glam's Affine3A: the 3×3 matrix by columns, then the translation; Godot's Transform3D:
/// the basis by rows, then the origin.
#[cfg(feature = "glam")]
const AFFINE3: [u8; 12] = [0, 3, 6, 1, 4, 7, 2, 5, 8, 9, 10, 11];
#[cfg(feature = "glam")]
const IDENTITY: [u8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

#[cfg(feature = "glam")]
impl VariantType {
    /// Components of a math type (0 for the others).
    fn layout_len(self) -> usize {
        match self.layout() {
            Layout::Math(n, _) => usize::from(n),
            _ => 0,
        }
    }
}
