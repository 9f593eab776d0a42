//! The one type table: every Variant type, its id in each dialect, its names in the text
//! forms, and the shape of its payload. The reader, the builder and the text form are all
//! driven by [`TYPE_TABLE`].

use super::dialect::Dialect;

/// A Variant type, named as in Godot 4. Godot 3 names are in [`VariantType::name`].
///
/// The discriminant equals the Godot 4 type id (for the types Godot 4 has; Pandemonium's
/// own types come after them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[allow(missing_docs)] // the names are the Godot type names
pub enum VariantType {
    Nil = 0,
    Bool,
    Int,
    /// `float` in Godot 4, `REAL` in Godot 3 (64-bit in memory, f32 or f64 on the wire).
    Float,
    String,
    Vector2,
    Vector2i,
    Rect2,
    Rect2i,
    Vector3,
    Vector3i,
    Transform2D,
    Vector4,
    Vector4i,
    Plane,
    /// `Quat` in Godot 3.
    Quaternion,
    Aabb,
    Basis,
    /// `Transform` in Godot 3.
    Transform3D,
    Projection,
    Color,
    StringName,
    NodePath,
    Rid,
    Object,
    Callable,
    Signal,
    Dictionary,
    Array,
    /// `PoolByteArray` in Godot 3.
    PackedByteArray,
    /// `PoolIntArray` in Godot 3.
    PackedInt32Array,
    PackedInt64Array,
    /// `PoolRealArray` in Godot 3.
    PackedFloat32Array,
    PackedFloat64Array,
    /// `PoolStringArray` in Godot 3.
    PackedStringArray,
    /// `PoolVector2Array` in Godot 3.
    PackedVector2Array,
    /// `PoolVector3Array` in Godot 3.
    PackedVector3Array,
    /// `PoolColorArray` in Godot 3.
    PackedColorArray,
    PackedVector4Array,
    /// Pandemonium's `PoolVector2iArray` (all eras).
    PackedVector2iArray,
    /// Pandemonium's `PoolVector3iArray` (all eras).
    PackedVector3iArray,
    /// Pandemonium's `PoolVector4iArray` (eras B and C).
    PackedVector4iArray,
    /// Pandemonium's `TypedArray` (era C): an Array with a declared element type.
    TypedArray,
    /// Pandemonium's `PackedTypedArray` (era C): the same bytes as `TypedArray`; the
    /// engine stores the elements natively (floats narrowed to `real_t`).
    PackedTypedArray,
}

/// How one component of a fixed-size math value is stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Component {
    /// `real_t`: f32, or f64 when a Godot 4 header carries the 64-bit flag.
    Real,
    /// Always f32 (Color).
    F32,
    /// Always i32 (the `*i` types).
    I32,
}

/// The element of a packed array.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Element {
    U8,
    I32,
    I64,
    F32,
    F64,
    Str,
    /// `n` components of `real_t` (f64 with the Godot 4 64-bit flag).
    Real(u8),
    /// Color: 4 × f32 always.
    Color,
    /// `n` × i32: Pandemonium's integer vector pools.
    I32s(u8),
}

impl Element {
    /// Bytes per element (for `Real`, narrow or double), `None` for strings.
    pub(crate) const fn size(self, double: bool) -> Option<usize> {
        Some(match self {
            Element::U8 => 1,
            Element::I32 | Element::F32 => 4,
            Element::I64 | Element::F64 => 8,
            Element::Str => return None,
            Element::Real(n) => n as usize * if double { 8 } else { 4 },
            Element::Color => 16,
            Element::I32s(n) => n as usize * 4,
        })
    }
}

/// The shape of a type's payload on the wire.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Layout {
    Nil,
    Bool,
    Int,
    Float,
    /// String and StringName: u32 length, UTF-8, zero pad to 4.
    Str,
    /// A fixed number of components.
    Math(u8, Component),
    NodePath,
    /// Godot 3: no payload; Godot 4: u64.
    Rid,
    Object,
    /// No payload.
    Callable,
    /// Name string + u64 object id.
    Signal,
    Dictionary,
    Array,
    Packed(Element),
    /// Pandemonium's TypedArray and PackedTypedArray: u32 element type, the class name (a
    /// StringName value) when the elements are objects written whole, u32 count, elements.
    TypedArray,
}

/// One row of the type table.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TypeInfo {
    pub(crate) ty: VariantType,
    /// Godot 3 type id, if the type exists in Godot 3.
    pub(crate) g3_id: Option<u8>,
    /// Name in Godot 3's text form (`var2str`).
    pub(crate) g3_name: &'static str,
    /// Name in Godot 4's text form (`var_to_str`, `type_string`).
    pub(crate) g4_name: &'static str,
    pub(crate) layout: Layout,
    /// Type id in each Pandemonium era (A, B, C), if the era has the type.
    pub(crate) pm_ids: [Option<u8>; 3],
    /// `get_type_name` in each Pandemonium era (also its `var2str` constructor name).
    pub(crate) pm_names: [&'static str; 3],
}

const fn row(
    ty: VariantType,
    g3_id: Option<u8>,
    g3_name: &'static str,
    g4_name: &'static str,
    layout: Layout,
) -> TypeInfo {
    TypeInfo {
        ty,
        g3_id,
        g3_name,
        g4_name,
        layout,
        pm_ids: [None; 3],
        pm_names: [g3_name; 3],
    }
}

impl TypeInfo {
    /// The row with its Pandemonium ids (era A, B, C; 0xFF: the era lacks the type).
    const fn pm(mut self, a: u8, b: u8, c: u8) -> TypeInfo {
        self.pm_ids = [pm_id(a), pm_id(b), pm_id(c)];
        self
    }

    /// The row with the name every era gives the type.
    const fn pm_name(mut self, name: &'static str) -> TypeInfo {
        self.pm_names = [name; 3];
        self
    }

    /// The row with the name eras B and C give the type (era A keeps Godot 3's).
    const fn pm_bc_name(mut self, name: &'static str) -> TypeInfo {
        self.pm_names = [self.g3_name, name, name];
        self
    }
}

/// Godot 4's type count: the first rows of the table, whose index is their Godot 4 id.
const GODOT4_TYPES: u8 = 39;

/// In [`TypeInfo::pm`]: the era lacks the type.
const NO: u8 = 0xFF;

const fn pm_id(n: u8) -> Option<u8> {
    if n == NO {
        None
    } else {
        Some(n)
    }
}

use Component::{Real, F32, I32};
use Layout::*;
use VariantType as T;

/// Every type, indexed by the `VariantType` discriminant: the Godot 4 id for the first 39,
/// then the types only Pandemonium has.
pub(crate) const TYPE_TABLE: [TypeInfo; 44] = [
    row(T::Nil, Some(0), "Nil", "Nil", Nil).pm(0, 0, 0),
    row(T::Bool, Some(1), "bool", "bool", Bool).pm(1, 1, 1),
    row(T::Int, Some(2), "int", "int", Int).pm(2, 2, 2),
    row(T::Float, Some(3), "float", "float", Float).pm(3, 3, 3),
    row(T::String, Some(4), "String", "String", Str).pm(4, 4, 4),
    row(T::Vector2, Some(5), "Vector2", "Vector2", Math(2, Real)).pm(5, 7, 7),
    row(T::Vector2i, None, "Vector2i", "Vector2i", Math(2, I32)).pm(6, 8, 8),
    row(T::Rect2, Some(6), "Rect2", "Rect2", Math(4, Real)).pm(7, 5, 5),
    row(T::Rect2i, None, "Rect2i", "Rect2i", Math(4, I32)).pm(8, 6, 6),
    row(T::Vector3, Some(7), "Vector3", "Vector3", Math(3, Real)).pm(9, 9, 9),
    row(T::Vector3i, None, "Vector3i", "Vector3i", Math(3, I32)).pm(10, 10, 10),
    row(
        T::Transform2D,
        Some(8),
        "Transform2D",
        "Transform2D",
        Math(6, Real),
    )
    .pm(11, 18, 18),
    row(T::Vector4, None, "Vector4", "Vector4", Math(4, Real)).pm(NO, 11, 11),
    row(T::Vector4i, None, "Vector4i", "Vector4i", Math(4, I32)).pm(NO, 12, 12),
    row(T::Plane, Some(9), "Plane", "Plane", Math(4, Real)).pm(12, 13, 13),
    row(T::Quaternion, Some(10), "Quat", "Quaternion", Math(4, Real))
        .pm(13, 14, 14)
        .pm_bc_name("Quaternion"),
    row(T::Aabb, Some(11), "AABB", "AABB", Math(6, Real)).pm(14, 15, 15),
    row(T::Basis, Some(12), "Basis", "Basis", Math(9, Real)).pm(15, 16, 16),
    row(
        T::Transform3D,
        Some(13),
        "Transform",
        "Transform3D",
        Math(12, Real),
    )
    .pm(16, 17, 17),
    row(
        T::Projection,
        None,
        "Projection",
        "Projection",
        Math(16, Real),
    )
    .pm(NO, 19, 19),
    row(T::Color, Some(14), "Color", "Color", Math(4, F32)).pm(17, 20, 20),
    row(T::StringName, None, "StringName", "StringName", Str).pm(21, 24, 24),
    row(T::NodePath, Some(15), "NodePath", "NodePath", NodePath).pm(18, 21, 21),
    row(T::Rid, Some(16), "RID", "RID", Rid).pm(19, 22, 22),
    row(T::Object, Some(17), "Object", "Object", Object).pm(20, 23, 23),
    row(T::Callable, None, "Callable", "Callable", Callable),
    row(T::Signal, None, "Signal", "Signal", Signal),
    row(
        T::Dictionary,
        Some(18),
        "Dictionary",
        "Dictionary",
        Dictionary,
    )
    .pm(22, 25, 25),
    row(T::Array, Some(19), "Array", "Array", Array).pm(23, 26, 26),
    row(
        T::PackedByteArray,
        Some(20),
        "PoolByteArray",
        "PackedByteArray",
        Packed(Element::U8),
    )
    .pm(24, 27, 29),
    row(
        T::PackedInt32Array,
        Some(21),
        "PoolIntArray",
        "PackedInt32Array",
        Packed(Element::I32),
    )
    .pm(25, 28, 30),
    row(
        T::PackedInt64Array,
        None,
        "PackedInt64Array",
        "PackedInt64Array",
        Packed(Element::I64),
    ),
    row(
        T::PackedFloat32Array,
        Some(22),
        "PoolRealArray",
        "PackedFloat32Array",
        Packed(Element::F32),
    )
    .pm(26, 29, 31),
    row(
        T::PackedFloat64Array,
        None,
        "PackedFloat64Array",
        "PackedFloat64Array",
        Packed(Element::F64),
    ),
    row(
        T::PackedStringArray,
        Some(23),
        "PoolStringArray",
        "PackedStringArray",
        Packed(Element::Str),
    )
    .pm(27, 30, 32),
    row(
        T::PackedVector2Array,
        Some(24),
        "PoolVector2Array",
        "PackedVector2Array",
        Packed(Element::Real(2)),
    )
    .pm(28, 31, 33),
    row(
        T::PackedVector3Array,
        Some(25),
        "PoolVector3Array",
        "PackedVector3Array",
        Packed(Element::Real(3)),
    )
    .pm(30, 33, 35),
    row(
        T::PackedColorArray,
        Some(26),
        "PoolColorArray",
        "PackedColorArray",
        Packed(Element::Color),
    )
    .pm(32, 37, 39),
    row(
        T::PackedVector4Array,
        None,
        "PackedVector4Array",
        "PackedVector4Array",
        Packed(Element::Real(4)),
    )
    .pm(NO, 35, 37)
    .pm_name("PoolVector4Array"),
    row(
        T::PackedVector2iArray,
        None,
        "PoolVector2iArray",
        "PackedVector2iArray",
        Packed(Element::I32s(2)),
    )
    .pm(29, 32, 34),
    row(
        T::PackedVector3iArray,
        None,
        "PoolVector3iArray",
        "PackedVector3iArray",
        Packed(Element::I32s(3)),
    )
    .pm(31, 34, 36),
    row(
        T::PackedVector4iArray,
        None,
        "PoolVector4iArray",
        "PackedVector4iArray",
        Packed(Element::I32s(4)),
    )
    .pm(NO, 36, 38),
    row(T::TypedArray, None, "TypedArray", "TypedArray", TypedArray).pm(NO, NO, 27),
    row(
        T::PackedTypedArray,
        None,
        "PackedTypedArray",
        "PackedTypedArray",
        TypedArray,
    )
    .pm(NO, NO, 28),
];

impl VariantType {
    /// Every type, in Godot 4 id order.
    #[allow(clippy::indexing_slicing)] // const initializer: checked at build time
    pub const ALL: [VariantType; 44] = {
        let mut out = [VariantType::Nil; 44];
        let mut i = 0;
        while i < 44 {
            out[i] = TYPE_TABLE[i].ty;
            i += 1;
        }
        out
    };

    /// This type's wire id in `dialect`, or `None` if the dialect lacks the type
    /// (for example `StringName` in Godot 3).
    pub fn id(self, dialect: Dialect) -> Option<u8> {
        let info = self.info();
        match dialect {
            Dialect::Godot3 => info.g3_id,
            Dialect::Godot4 => ((self as u8) < GODOT4_TYPES).then_some(self as u8),
            pm => pm
                .era()
                .and_then(|era| info.pm_ids.get(era).copied().flatten()),
        }
    }

    /// The engine's name of the type in `dialect` (`"Quat"` in Godot 3, `"Quaternion"` in Godot 4).
    pub fn name(self, dialect: Dialect) -> &'static str {
        let info = self.info();
        match dialect {
            Dialect::Godot3 => info.g3_name,
            Dialect::Godot4 => info.g4_name,
            pm => pm
                .era()
                .and_then(|era| info.pm_names.get(era).copied())
                .unwrap_or(info.g3_name),
        }
    }

    /// Number of types in `dialect` (`VARIANT_MAX`): 27 for Godot 3, 39 for Godot 4, 33 /
    /// 38 / 40 for Pandemonium's eras A / B / C.
    pub const fn count(dialect: Dialect) -> u8 {
        match dialect {
            Dialect::Godot3 => 27,
            Dialect::Godot4 => GODOT4_TYPES,
            Dialect::PandemoniumA => 33,
            Dialect::PandemoniumB => 38,
            Dialect::PandemoniumC => 40,
        }
    }

    #[inline]
    pub(crate) fn info(self) -> &'static TypeInfo {
        // The table is indexed by discriminant; the fallback row is never used.
        TYPE_TABLE.get(self as usize).unwrap_or(&TYPE_TABLE[0])
    }

    #[inline]
    pub(crate) fn layout(self) -> Layout {
        self.info().layout
    }

    /// Is this a packed (pool) array type?
    pub fn is_packed_array(self) -> bool {
        matches!(self.layout(), Layout::Packed(_))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_rows_are_indexed_by_godot4_id() {
        for (i, row) in TYPE_TABLE.iter().enumerate() {
            assert_eq!(row.ty as usize, i, "{:?}", row.ty);
        }
    }

    #[test]
    fn godot3_ids_round_trip_and_cover_0_to_26() {
        for id in 0..27u8 {
            let ty = VariantType::from_id(id, Dialect::Godot3).expect("every G3 id exists");
            assert_eq!(ty.id(Dialect::Godot3), Some(id));
        }
        assert_eq!(VariantType::from_id(27, Dialect::Godot3), None);
        assert_eq!(VariantType::from_id(39, Dialect::Godot4), None);
        assert_eq!(
            VariantType::from_id(7, Dialect::Godot3),
            Some(VariantType::Vector3)
        );
        assert_eq!(
            VariantType::from_id(7, Dialect::Godot4),
            Some(VariantType::Rect2)
        );
        assert_eq!(
            VariantType::from_id(25, Dialect::Godot3),
            Some(VariantType::PackedVector3Array)
        );
    }
}
