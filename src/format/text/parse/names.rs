//! The names of the text form: constructors (the type table's names in each dialect and
//! the engines' older aliases), builtin types in a typed container's slot, and the float
//! keywords.

use crate::wire::dialect::Dialect;
use crate::wire::types::{VariantType as T, VariantType};

/// The type a constructor name makes in `dialect`: the type table's names in the dialect,
/// Godot 3's names in both, and the engines' older aliases.
pub(super) fn constructor_type(name: &str, dialect: Dialect) -> Option<VariantType> {
    if dialect.is_pandemonium() {
        return pandemonium_constructor(name, dialect);
    }
    let g4 = dialect == Dialect::Godot4;
    let alias = match name {
        "Matrix32" => Some(T::Transform2D),
        "Rect3" => Some(T::Aabb),
        "Matrix3" => Some(T::Basis),
        "ByteArray" => Some(T::PackedByteArray),
        "IntArray" => Some(T::PackedInt32Array),
        "FloatArray" => Some(T::PackedFloat32Array),
        "StringArray" => Some(T::PackedStringArray),
        "Vector2Array" => Some(T::PackedVector2Array),
        "Vector3Array" => Some(T::PackedVector3Array),
        "ColorArray" => Some(T::PackedColorArray),
        "Vector4Array" | "PoolVector4Array" if g4 => Some(T::PackedVector4Array),
        "PackedIntArray" if g4 => Some(T::PackedInt32Array),
        "PackedRealArray" if g4 => Some(T::PackedFloat32Array),
        // Godot 3.6 reads the 64-bit packed names into its 32-bit arrays.
        "PackedInt64Array" if !g4 => Some(T::PackedInt32Array),
        "PackedFloat64Array" if !g4 => Some(T::PackedFloat32Array),
        _ => None,
    };
    if alias.is_some() {
        return alias;
    }
    VariantType::ALL.into_iter().find(|&t| {
        let info = t.info();
        let in_g3 = t.id(Dialect::Godot3).is_some();
        (in_g3 && info.g3_name == name)
            || (info.g4_name == name && (g4 || (in_g3 && t.is_packed_array())))
    })
}

/// Pandemonium's constructors: the era's type names (`Quat` in era A, `Quaternion` after;
/// `Transform`, `PoolVector2iArray`, …) and the aliases its `variant_parser.cpp` reads.
fn pandemonium_constructor(name: &str, dialect: Dialect) -> Option<VariantType> {
    let era_a = dialect == Dialect::PandemoniumA;
    let alias = match name {
        "Rect3" => Some(T::Aabb),
        "Matrix3" if era_a => Some(T::Basis),
        "Matrix32" if era_a => Some(T::Transform2D),
        "ByteArray" => Some(T::PackedByteArray),
        "IntArray" => Some(T::PackedInt32Array),
        "FloatArray" => Some(T::PackedFloat32Array),
        "StringArray" => Some(T::PackedStringArray),
        "Vector2Array" => Some(T::PackedVector2Array),
        "Vector2iArray" => Some(T::PackedVector2iArray),
        "Vector3Array" => Some(T::PackedVector3Array),
        "Vector3iArray" => Some(T::PackedVector3iArray),
        "Vector4Array" => Some(T::PackedVector4Array),
        "Vector4iArray" => Some(T::PackedVector4iArray),
        "ColorArray" => Some(T::PackedColorArray),
        _ => None,
    };
    alias
        .or_else(|| {
            VariantType::ALL
                .into_iter()
                .find(|t| t.name(dialect) == name)
        })
        .filter(|t| t.id(dialect).is_some())
}

/// A builtin type name in a typed container's slot (Godot 4 spelling; only Godot 4's
/// types: Pandemonium's `TypedArray` there is a class name, as the engine reads it).
pub(super) fn builtin_type(name: &str) -> Option<VariantType> {
    VariantType::ALL
        .into_iter()
        .find(|&t| t != T::Nil && t.id(Dialect::Godot4).is_some() && t.info().g4_name == name)
}

/// The keyword floats: `inf`, `nan`, `inf_neg`, `-inf` (and Godot 3.2's `-nan`).
pub(super) fn keyword_float(word: &str, _dialect: Dialect) -> Option<f64> {
    match word {
        "inf" => Some(f64::INFINITY),
        "nan" => Some(f64::NAN),
        "inf_neg" | "-inf" => Some(f64::NEG_INFINITY),
        "-nan" if _dialect == Dialect::Godot3 => Some(-f64::NAN),
        _ => None,
    }
}
