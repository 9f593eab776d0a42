//! The one list of Variant types by the shape of their payload, for code generated per
//! type: [`for_each_type!`] hands it to a macro of the caller's, the way wasmparser's
//! `for_each_operator!` drives its enum, visitor and dispatch.
//!
//! [`TYPE_TABLE`](super::types::TYPE_TABLE) holds each type's ids, names and layout as
//! data; this list holds what code needs as tokens: which types are math values, which
//! are packed arrays and, for each packed array, its element and the functions that read
//! and write it. The matches over `Value`, `Variant` and `VariantType` that treat a group
//! alike (the math and packed patterns, `Value::ty`, `packed_to_value`,
//! `PackedArray::get`, `Reader`'s fixed-size values, serde's type names, `Variant`'s
//! conversions) are generated from it.
//!
//! **Adding a type**: its row in `TYPE_TABLE`, its row here (if it is a math value or a
//! packed array), its variant in `Value` and `Variant`, then the matches the compiler
//! points to: the consumers that really differ (the text and JSON forms, the builder).

/// Calls `$callback! { … }` with the groups of the type list:
///
/// - `math: [Name …]`: the fixed-size math values, in Godot 4 id order;
/// - `pod: [(Name, view accessor, element type, builder method, element) …]`: packed
///   arrays of plain little-endian elements; `element` is what one element reads as:
///   `int`, `float`, or the math type of the element;
/// - `vectors: [(Name, view accessor, components, f32 builder, f64 builder, element) …]`:
///   packed arrays of `real_t` vectors (f64 with Godot 4's 64-bit flag);
/// - `bytes: [(Name, view accessor, builder method)]` and `strings: [(Name, view accessor,
///   builder method)]`: the byte and String packed arrays.
macro_rules! for_each_type {
    ($callback:ident) => {
        $callback! {
            math: [
                Vector2 Vector2i Rect2 Rect2i Vector3 Vector3i Transform2D Vector4 Vector4i
                Plane Quaternion Aabb Basis Transform3D Projection Color
            ],
            pod: [
                (PackedInt32Array, as_i32, i32, packed_i32, int)
                (PackedInt64Array, as_i64, i64, packed_i64, int)
                (PackedFloat32Array, as_f32, f32, packed_f32, float)
                (PackedFloat64Array, as_f64, f64, packed_f64, float)
                (PackedColorArray, as_color, [f32; 4], packed_color, Color)
                (PackedVector2iArray, as_vector2i, [i32; 2], packed_vector2i, Vector2i)
                (PackedVector3iArray, as_vector3i, [i32; 3], packed_vector3i, Vector3i)
                (PackedVector4iArray, as_vector4i, [i32; 4], packed_vector4i, Vector4i)
            ],
            vectors: [
                (PackedVector2Array, vectors2, 2, packed_vector2, packed_vector2_f64, Vector2)
                (PackedVector3Array, vectors3, 3, packed_vector3, packed_vector3_f64, Vector3)
                (PackedVector4Array, vectors4, 4, packed_vector4, packed_vector4_f64, Vector4)
            ],
            bytes: [(PackedByteArray, as_u8, packed_bytes)],
            strings: [(PackedStringArray, strings, packed_strings)],
        }
    };
}
pub(crate) use for_each_type;
