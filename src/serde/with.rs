//! `#[serde(with = "…")]` helpers for the Godot types serde has no word for: each module
//! writes its field as that Godot type with gdvariant's serializer (other formats see the
//! plain payload: an array, a list, a string), and reads it back from that type (or from
//! an Array of the same shape).
//!
//! - **Math** (`vector2` … `projection`, `color`): the field is anything that converts to
//!   and from the component array in wire order: `[f32; 3]`, `mint::Vector3<f32>`,
//!   `glam::Vec3`, … `*_f64` modules write double-precision math (Godot 4 only); `vector2i`,
//!   `vector3i`, `vector4i`, `rect2i` take `[i32; N]`. Wire order: Rect2 and AABB are
//!   position then size; Transform2D the x axis, y axis, origin; Basis and Transform3D the
//!   basis by rows, then the origin; Projection by columns; Color r, g, b, a.
//! - **Packed arrays** (`packed_byte_array` … `packed_vector4_array`): the field is a
//!   list of elements that convert (`Vec<[f32; 3]>`, `Vec<glam::Vec3>`,
//!   `Vec<mint::Vector3<f32>>` for a PackedVector3Array; `Vec<u8>` for bytes; `Vec<String>`
//!   for strings).
//! - **`string_name`**, **`node_path`** (Godot's path text, `"Player/Sprite:position"`),
//!   **`rid`**.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use gdvariant::Dialect;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Spawn {
//!     #[serde(with = "gdvariant::serde::with::vector3")]
//!     at: [f32; 3],
//!     #[serde(with = "gdvariant::serde::with::string_name")]
//!     kind: String,
//!     #[serde(with = "gdvariant::serde::with::packed_vector3_array")]
//!     path: Vec<[f32; 3]>,
//! }
//!
//! let spawn = Spawn { at: [1.0, 2.0, 3.0], kind: "boss".into(), path: vec![[0.0, 0.5, 1.0]] };
//! let bytes = gdvariant::to_vec(&spawn, Dialect::Godot4)?;
//! let text = gdvariant::VariantRef::parse(&bytes, Dialect::Godot4)?.to_string();
//! assert_eq!(
//!     text,
//!     "{\n\"at\": Vector3(1, 2, 3),\n\"kind\": &\"boss\",\n\"path\": PackedVector3Array(0, 0.5, 1)\n}"
//! );
//! assert_eq!(gdvariant::from_bytes::<Spawn>(&bytes, Dialect::Godot4)?, spawn);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use ::serde::ser::{Serialize, Serializer};
use alloc::vec::Vec;

use super::godot::type_name;
use crate::wire::types::VariantType;

/// The reserved name of `ty`.
fn name(ty: VariantType) -> &'static str {
    type_name(ty).unwrap_or("")
}

/// Elements converted on the way out.
struct Mapped<'a, E, X> {
    items: &'a [E],
    map: fn(E) -> X,
}

impl<E: Copy, X: Serialize> Serialize for Mapped<'_, E, X> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.items.iter().map(|&e| (self.map)(e)))
    }
}

macro_rules! math {
    ($($module:ident: $ty:ident [$t:ty; $n:literal], $doc:literal;)*) => {$(
        #[doc = $doc]
        pub mod $module {
            use ::serde::{Deserialize, Deserializer, Serializer};

            /// Writes the field as the Godot math type (components in wire order).
            pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
            where
                T: Copy + Into<[$t; $n]>,
                S: Serializer,
            {
                let components: [$t; $n] = (*value).into();
                serializer.serialize_newtype_struct(
                    super::name(crate::wire::types::VariantType::$ty),
                    &components,
                )
            }

            /// Reads the field from the Godot math type (or an Array of its components).
            pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
            where
                T: From<[$t; $n]>,
                D: Deserializer<'de>,
            {
                <[$t; $n]>::deserialize(deserializer).map(T::from)
            }
        }
    )*};
}

math! {
    vector2: Vector2 [f32; 2], "`Vector2` from `[f32; 2]` (x, y).";
    vector3: Vector3 [f32; 3], "`Vector3` from `[f32; 3]` (x, y, z).";
    vector4: Vector4 [f32; 4], "`Vector4` from `[f32; 4]` (Godot 4 only).";
    rect2: Rect2 [f32; 4], "`Rect2` from `[f32; 4]`: position, size.";
    transform2d: Transform2D [f32; 6], "`Transform2D` from `[f32; 6]`: x axis, y axis, origin.";
    plane: Plane [f32; 4], "`Plane` from `[f32; 4]`: normal, d.";
    quaternion: Quaternion [f32; 4], "`Quaternion` (`Quat` in Godot 3) from `[f32; 4]`: x, y, z, w.";
    aabb: Aabb [f32; 6], "`AABB` from `[f32; 6]`: position, size.";
    basis: Basis [f32; 9], "`Basis` from `[f32; 9]`, by rows.";
    transform3d: Transform3D [f32; 12], "`Transform3D` (`Transform` in Godot 3) from `[f32; 12]`: the basis by rows, then the origin.";
    projection: Projection [f32; 16], "`Projection` from `[f32; 16]`, by columns (Godot 4 only).";
    color: Color [f32; 4], "`Color` from `[f32; 4]`: r, g, b, a.";
    vector2_f64: Vector2 [f64; 2], "Double-precision `Vector2` (Godot 4 only).";
    vector3_f64: Vector3 [f64; 3], "Double-precision `Vector3` (Godot 4 only).";
    vector4_f64: Vector4 [f64; 4], "Double-precision `Vector4` (Godot 4 only).";
    rect2_f64: Rect2 [f64; 4], "Double-precision `Rect2` (Godot 4 only).";
    transform2d_f64: Transform2D [f64; 6], "Double-precision `Transform2D` (Godot 4 only).";
    plane_f64: Plane [f64; 4], "Double-precision `Plane` (Godot 4 only).";
    quaternion_f64: Quaternion [f64; 4], "Double-precision `Quaternion` (Godot 4 only).";
    aabb_f64: Aabb [f64; 6], "Double-precision `AABB` (Godot 4 only).";
    basis_f64: Basis [f64; 9], "Double-precision `Basis` (Godot 4 only).";
    transform3d_f64: Transform3D [f64; 12], "Double-precision `Transform3D` (Godot 4 only).";
    projection_f64: Projection [f64; 16], "Double-precision `Projection` (Godot 4 only).";
    vector2i: Vector2i [i32; 2], "`Vector2i` from `[i32; 2]` (Godot 4 only).";
    vector3i: Vector3i [i32; 3], "`Vector3i` from `[i32; 3]` (Godot 4 only).";
    vector4i: Vector4i [i32; 4], "`Vector4i` from `[i32; 4]` (Godot 4 only).";
    rect2i: Rect2i [i32; 4], "`Rect2i` from `[i32; 4]`: position, size (Godot 4 only).";
}

macro_rules! packed {
    ($($module:ident: $ty:ident $x:ty, $doc:literal;)*) => {$(
        #[doc = $doc]
        pub mod $module {
            use ::serde::{Deserialize, Deserializer, Serializer};
            use alloc::vec::Vec;

            /// Writes the list as the Godot packed array.
            pub fn serialize<T, E, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
            where
                T: AsRef<[E]> + ?Sized,
                E: Copy + Into<$x>,
                S: Serializer,
            {
                serializer.serialize_newtype_struct(
                    super::name(crate::wire::types::VariantType::$ty),
                    &super::Mapped { items: value.as_ref(), map: Into::into },
                )
            }

            /// Reads the list from the Godot packed array (or an Array of its elements).
            pub fn deserialize<'de, T, E, D>(deserializer: D) -> Result<T, D::Error>
            where
                T: FromIterator<E>,
                E: From<$x>,
                D: Deserializer<'de>,
            {
                Vec::<$x>::deserialize(deserializer).map(|v| v.into_iter().map(E::from).collect())
            }
        }
    )*};
}

packed! {
    packed_int32_array: PackedInt32Array i32, "`PackedInt32Array` (`PoolIntArray` in Godot 3) from a list of `i32`.";
    packed_int64_array: PackedInt64Array i64, "`PackedInt64Array` from a list of `i64` (Godot 4 only).";
    packed_float32_array: PackedFloat32Array f32, "`PackedFloat32Array` (`PoolRealArray` in Godot 3) from a list of `f32`.";
    packed_float64_array: PackedFloat64Array f64, "`PackedFloat64Array` from a list of `f64` (Godot 4 only).";
    packed_vector2_array: PackedVector2Array [f32; 2], "`PackedVector2Array` from a list of `[f32; 2]` (or types that convert).";
    packed_vector3_array: PackedVector3Array [f32; 3], "`PackedVector3Array` from a list of `[f32; 3]` (or types that convert: `glam::Vec3`, `mint::Vector3<f32>`).";
    packed_vector4_array: PackedVector4Array [f32; 4], "`PackedVector4Array` from a list of `[f32; 4]` (Godot 4 only).";
    packed_color_array: PackedColorArray [f32; 4], "`PackedColorArray` from a list of `[f32; 4]`: r, g, b, a.";
    packed_vector2_array_f64: PackedVector2Array [f64; 2], "Double-precision `PackedVector2Array` (Godot 4 only).";
    packed_vector3_array_f64: PackedVector3Array [f64; 3], "Double-precision `PackedVector3Array` (Godot 4 only).";
    packed_vector4_array_f64: PackedVector4Array [f64; 4], "Double-precision `PackedVector4Array` (Godot 4 only).";
}

/// `PackedByteArray` (`PoolByteArray` in Godot 3) from bytes (`Vec<u8>`, `[u8; N]`, …).
/// (A `&[u8]` field is a PackedByteArray without a helper.)
pub mod packed_byte_array {
    use ::serde::{Deserializer, Serializer};
    use alloc::vec::Vec;

    /// Writes the bytes as a PackedByteArray.
    pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: AsRef<[u8]> + ?Sized,
        S: Serializer,
    {
        serializer.serialize_newtype_struct(
            super::name(crate::wire::types::VariantType::PackedByteArray),
            &super::Bytes(value.as_ref()),
        )
    }

    /// Reads the bytes from a PackedByteArray (or an Array of ints).
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: From<Vec<u8>>,
        D: Deserializer<'de>,
    {
        super::byte_buf(deserializer).map(T::from)
    }
}

/// `PackedStringArray` (`PoolStringArray` in Godot 3) from a list of strings.
pub mod packed_string_array {
    use ::serde::{Deserialize, Deserializer, Serializer};
    use alloc::vec::Vec;

    /// Writes the strings as a PackedStringArray.
    pub fn serialize<T, E, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: AsRef<[E]> + ?Sized,
        E: AsRef<str>,
        S: Serializer,
    {
        let items: Vec<&str> = value.as_ref().iter().map(AsRef::as_ref).collect();
        serializer.serialize_newtype_struct(
            super::name(crate::wire::types::VariantType::PackedStringArray),
            &items,
        )
    }

    /// Reads the strings from a PackedStringArray (or an Array of Strings): any list of
    /// strings, borrowed ones (`Vec<&str>`) included.
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        T::deserialize(deserializer)
    }
}

macro_rules! text {
    ($($module:ident: $ty:ident, $doc:literal;)*) => {$(
        #[doc = $doc]
        pub mod $module {
            use ::serde::{Deserialize, Deserializer, Serializer};

            /// Writes the text as the Godot type.
            pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
            where
                T: AsRef<str> + ?Sized,
                S: Serializer,
            {
                serializer.serialize_newtype_struct(
                    super::name(crate::wire::types::VariantType::$ty),
                    value.as_ref(),
                )
            }

            /// Reads the text (from this type, a String or a StringName).
            pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
            where
                T: Deserialize<'de>,
                D: Deserializer<'de>,
            {
                T::deserialize(deserializer)
            }
        }
    )*};
}

text! {
    string_name: StringName, "`StringName` from text (Godot 4 only; Godot 3 has no StringName).";
    node_path: NodePath, "`NodePath` from Godot's path text: `\"Player/Sprite:position\"`, `/` first for an absolute path.";
}

/// `RID` from its id (`u64`). Godot 3 writes no id: only 0 can be written there.
pub mod rid {
    use ::serde::{Deserialize, Deserializer, Serializer};

    /// Writes the id as a RID.
    pub fn serialize<T, S>(value: &T, serializer: S) -> Result<S::Ok, S::Error>
    where
        T: Copy + Into<u64>,
        S: Serializer,
    {
        let id: u64 = (*value).into();
        serializer.serialize_newtype_struct(super::name(crate::wire::types::VariantType::Rid), &id)
    }

    /// Reads the id from a RID (or an int).
    pub fn deserialize<'de, T, D>(deserializer: D) -> Result<T, D::Error>
    where
        T: From<u64>,
        D: Deserializer<'de>,
    {
        u64::deserialize(deserializer).map(T::from)
    }
}

/// Bytes as serde bytes.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// Reads bytes: serde bytes, or a sequence of ints.
fn byte_buf<'de, D: ::serde::Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    struct Buf;
    impl<'de> ::serde::de::Visitor<'de> for Buf {
        type Value = Vec<u8>;
        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("bytes")
        }
        fn visit_bytes<E>(self, v: &[u8]) -> Result<Vec<u8>, E> {
            Ok(v.to_vec())
        }
        fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Vec<u8>, E> {
            Ok(v)
        }
        fn visit_seq<A: ::serde::de::SeqAccess<'de>>(
            self,
            mut seq: A,
        ) -> Result<Vec<u8>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1 << 16));
            while let Some(b) = seq.next_element()? {
                out.push(b);
            }
            Ok(out)
        }
    }
    d.deserialize_byte_buf(Buf)
}
