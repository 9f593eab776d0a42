//! The one list of Variant types by the shape of their payload, for code generated per
//! type: [`for_each_type!`] hands it to a macro of the caller's, the way wasmparser's
//! `for_each_operator!` drives its enum, visitor and dispatch.
//!
//! Every type has one row in the `all` group: its ids and names in every dialect, its
//! layout, and its docs; `VariantType`, [`TYPE_TABLE`](super::types::TYPE_TABLE) (the
//! same facts as data, for lookups by id and name), the `Value` enum and `Value::ty` are
//! generated from those rows. The other groups hold what code needs as tokens: which types
//! are math values, which are packed arrays and, for each packed array, its element and
//! the functions that read and write it. The matches over `Value`, `Variant` and
//! `VariantType` that treat a group alike (the math and packed patterns,
//! `packed_to_value`, `PackedArray::get`, `Reader`'s fixed-size values, serde's type
//! names, `Variant`'s conversions) are generated from them.
//!
//! **Adding a type**: its row in `all` (and in `math` or a packed group if it is one),
//! its variant in the owned `Variant`, then the matches the compiler points to: the
//! consumers that really differ (the text and JSON forms, the builder, serde, the
//! editor's packed elements, the Python conversion).

/// Calls `$callback! { … }` with the groups of the type list:
///
/// - `math: [Name …]`: the fixed-size math values, in Godot 4 id order;
/// - `pod: [(Name, view accessor, element type, builder method, element) …]`: packed
///   arrays of plain little-endian elements; `element` is what one element reads as:
///   `int`, `float`, or the math type of the element;
/// - `vectors: [(Name, view accessor, components, f32 builder, f64 builder, element) …]`:
///   packed arrays of `real_t` vectors (f64 with Godot 4's 64-bit flag);
/// - `bytes: [(Name, view accessor, builder method)]` and `strings: [(Name, view accessor,
///   builder method)]`: the byte and String packed arrays;
/// - `all: [(Name, Godot 3 id, Godot 3 name, Godot 4 name, layout, [Pandemonium], [docs of
///   the VariantType], [docs of the Value variant], Value's payload) …]`: every type, in
///   Godot 4 id order (then Pandemonium's own). From it come the `VariantType` enum, the
///   rows of `TYPE_TABLE` (`[Pandemonium]` are the `TypeInfo::pm` calls that add each
///   era's id and name), the `Value` enum and `Value::ty`. A row without a payload is a
///   `Value` variant without one.
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
            all: [
                (Nil, Some(0), "Nil", "Nil", Nil, [.pm(0, 0, 0)], [], ["`null`."])
                (Bool, Some(1), "bool", "bool", Bool, [.pm(1, 1, 1)], [], [], bool)
                (Int, Some(2), "int", "int",
                    Int, [.pm(2, 2, 2)], [], ["32 or 64 bits on the wire, widened."], i64)
                (Float, Some(3), "float", "float",
                    Float, [.pm(3, 3, 3)],
                    [
                        "`float` in Godot 4, `REAL` in Godot 3 (64-bit in memory, f32 or"
                        "f64 on the wire)."
                    ],
                    ["f32 or f64 on the wire, widened exactly."], f64)
                (String, Some(4), "String", "String", Str, [.pm(4, 4, 4)], [], [], GdStr<'a>)
                (Vector2, Some(5), "Vector2", "Vector2",
                    Math(2, Real), [.pm(5, 7, 7)], [], [], MathRef<'a>)
                (Vector2i, None, "Vector2i", "Vector2i",
                    Math(2, I32), [.pm(6, 8, 8)], [], [], MathRef<'a>)
                (Rect2, Some(6), "Rect2", "Rect2",
                    Math(4, Real), [.pm(7, 5, 5)], [], [], MathRef<'a>)
                (Rect2i, None, "Rect2i", "Rect2i",
                    Math(4, I32), [.pm(8, 6, 6)], [], [], MathRef<'a>)
                (Vector3, Some(7), "Vector3", "Vector3",
                    Math(3, Real), [.pm(9, 9, 9)], [], [], MathRef<'a>)
                (Vector3i, None, "Vector3i", "Vector3i",
                    Math(3, I32), [.pm(10, 10, 10)], [], [], MathRef<'a>)
                (Transform2D, Some(8), "Transform2D", "Transform2D",
                    Math(6, Real), [.pm(11, 18, 18)], [], [], MathRef<'a>)
                (Vector4, None, "Vector4", "Vector4",
                    Math(4, Real), [.pm(NO, 11, 11)], [], [], MathRef<'a>)
                (Vector4i, None, "Vector4i", "Vector4i",
                    Math(4, I32), [.pm(NO, 12, 12)], [], [], MathRef<'a>)
                (Plane, Some(9), "Plane", "Plane",
                    Math(4, Real), [.pm(12, 13, 13)], [], [], MathRef<'a>)
                (Quaternion, Some(10), "Quat", "Quaternion",
                    Math(4, Real), [.pm(13, 14, 14).pm_bc_name("Quaternion")],
                    ["`Quat` in Godot 3."],
                    ["`Quat` in Godot 3."], MathRef<'a>)
                (Aabb, Some(11), "AABB", "AABB",
                    Math(6, Real), [.pm(14, 15, 15)], [], [], MathRef<'a>)
                (Basis, Some(12), "Basis", "Basis",
                    Math(9, Real), [.pm(15, 16, 16)], [], [], MathRef<'a>)
                (Transform3D, Some(13), "Transform", "Transform3D",
                    Math(12, Real), [.pm(16, 17, 17)],
                    ["`Transform` in Godot 3."],
                    ["`Transform` in Godot 3."], MathRef<'a>)
                (Projection, None, "Projection", "Projection",
                    Math(16, Real), [.pm(NO, 19, 19)], [], [], MathRef<'a>)
                (Color, Some(14), "Color", "Color",
                    Math(4, F32), [.pm(17, 20, 20)],
                    [],
                    ["r, g, b, a: always f32."], MathRef<'a>)
                (StringName, None, "StringName", "StringName",
                    Str, [.pm(21, 24, 24)], [], [], GdStr<'a>)
                (NodePath, Some(15), "NodePath", "NodePath",
                    NodePath, [.pm(18, 21, 21)], [], [], NodePathRef<'a>)
                (Rid, Some(16), "RID", "RID",
                    Rid, [.pm(19, 22, 22)], [], ["The id (Godot 3 writes none: 0)."], u64)
                (Object, Some(17), "Object", "Object",
                    Object, [.pm(20, 23, 23)], [], [], ObjectRef<'a>)
                (Callable, None, "Callable", "Callable",
                    Callable, [], [], ["Godot 4 writes no payload: always an empty Callable."])
                (Signal, None, "Signal", "Signal", Signal, [], [], [], SignalRef<'a>)
                (Dictionary, Some(18), "Dictionary", "Dictionary",
                    Dictionary, [.pm(22, 25, 25)], [], [], DictRef<'a>)
                (Array, Some(19), "Array", "Array",
                    Array, [.pm(23, 26, 26)], [], [], ArrayRef<'a>)
                (PackedByteArray, Some(20), "PoolByteArray", "PackedByteArray",
                    Packed(Element::U8), [.pm(24, 27, 29)],
                    ["`PoolByteArray` in Godot 3."],
                    [], &'a [u8])
                (PackedInt32Array, Some(21), "PoolIntArray", "PackedInt32Array",
                    Packed(Element::I32), [.pm(25, 28, 30)],
                    ["`PoolIntArray` in Godot 3."],
                    [], Packed<'a, i32>)
                (PackedInt64Array, None, "PackedInt64Array", "PackedInt64Array",
                    Packed(Element::I64), [], [], [], Packed<'a, i64>)
                (PackedFloat32Array, Some(22), "PoolRealArray", "PackedFloat32Array",
                    Packed(Element::F32), [.pm(26, 29, 31)],
                    ["`PoolRealArray` in Godot 3."],
                    [], Packed<'a, f32>)
                (PackedFloat64Array, None, "PackedFloat64Array", "PackedFloat64Array",
                    Packed(Element::F64), [], [], [], Packed<'a, f64>)
                (PackedStringArray, Some(23), "PoolStringArray", "PackedStringArray",
                    Packed(Element::Str), [.pm(27, 30, 32)],
                    ["`PoolStringArray` in Godot 3."],
                    [], PackedStrings<'a>)
                (PackedVector2Array, Some(24), "PoolVector2Array", "PackedVector2Array",
                    Packed(Element::Real(2)), [.pm(28, 31, 33)],
                    ["`PoolVector2Array` in Godot 3."],
                    [], PackedVectorsRef<'a, 2>)
                (PackedVector3Array, Some(25), "PoolVector3Array", "PackedVector3Array",
                    Packed(Element::Real(3)), [.pm(30, 33, 35)],
                    ["`PoolVector3Array` in Godot 3."],
                    [], PackedVectorsRef<'a, 3>)
                (PackedColorArray, Some(26), "PoolColorArray", "PackedColorArray",
                    Packed(Element::Color), [.pm(32, 37, 39)],
                    ["`PoolColorArray` in Godot 3."],
                    ["r, g, b, a per color: always f32."], Packed<'a, [f32; 4]>)
                (PackedVector4Array, None, "PackedVector4Array", "PackedVector4Array",
                    Packed(Element::Real(4)), [.pm(NO, 35, 37).pm_name("PoolVector4Array")],
                    [],
                    [], PackedVectorsRef<'a, 4>)
                (PackedVector2iArray, None, "PoolVector2iArray", "PackedVector2iArray",
                    Packed(Element::I32s(2)), [.pm(29, 32, 34)],
                    ["Pandemonium's `PoolVector2iArray` (all eras)."],
                    ["Pandemonium's `PoolVector2iArray`."], Packed<'a, [i32; 2]>)
                (PackedVector3iArray, None, "PoolVector3iArray", "PackedVector3iArray",
                    Packed(Element::I32s(3)), [.pm(31, 34, 36)],
                    ["Pandemonium's `PoolVector3iArray` (all eras)."],
                    ["Pandemonium's `PoolVector3iArray`."], Packed<'a, [i32; 3]>)
                (PackedVector4iArray, None, "PoolVector4iArray", "PackedVector4iArray",
                    Packed(Element::I32s(4)), [.pm(NO, 36, 38)],
                    ["Pandemonium's `PoolVector4iArray` (eras B and C)."],
                    ["Pandemonium's `PoolVector4iArray` (eras B and C)."], Packed<'a, [i32; 4]>)
                (TypedArray, None, "TypedArray", "TypedArray",
                    TypedArray, [.pm(NO, NO, 27)],
                    [
                        "Pandemonium's `TypedArray` (era C): an Array with a declared"
                        "element type."
                    ],
                    [
                        "Pandemonium's `TypedArray` (era C): [`ArrayRef::element_type`]"
                        "is its declared type."
                    ], ArrayRef<'a>)
                (PackedTypedArray, None, "PackedTypedArray", "PackedTypedArray",
                    TypedArray, [.pm(NO, NO, 28)],
                    [
                        "Pandemonium's `PackedTypedArray` (era C): the same bytes as"
                        "`TypedArray`; the engine stores the elements natively (floats"
                        "narrowed to `real_t`)."
                    ],
                    [
                        "Pandemonium's `PackedTypedArray` (era C): the same bytes as a"
                        "`TypedArray`."
                    ], ArrayRef<'a>)
            ],
        }
    };
}
pub(crate) use for_each_type;
