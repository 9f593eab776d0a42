//! The binary resource encoding's own type ids (`core/io/resource_format_binary.cpp`'s
//! `VARIANT_*` enum), one row per id. They are not `var_to_bytes`' ids (that table is
//! `crate::wire::type_list`): the engine numbers them apart on purpose ("numbering must
//! be different from variant"), and they are the same in Godot 3 and Godot 4 where both
//! have the type.

/// One row: the id, the engine's name for it, the first binary format version (and the
/// engine major version) that writes it, and how its payload is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct BinRow {
    /// The id on the wire (a u32 before the payload).
    pub(crate) id: u32,
    /// The enum name in the C++ source (`VARIANT_FLOAT`, Godot 3's `VARIANT_REAL`).
    pub(crate) name: &'static str,
    /// The payload.
    pub(crate) kind: BinKind,
    /// Only Godot 4 files carry it (the Godot 3 loader refuses the id as corrupt).
    pub(crate) godot4_only: bool,
}

/// How a binary type's payload is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BinKind {
    /// No payload (`VARIANT_NIL`, `VARIANT_CALLABLE`, `VARIANT_SIGNAL`: the engine reads
    /// the last two as empty).
    Empty,
    /// One u32 read as a bool (any non-zero is true).
    Bool,
    /// One i32.
    Int32,
    /// One i64.
    Int64,
    /// One real: f32, or f64 in a file whose real_t is double.
    Real,
    /// One f64.
    Double,
    /// A counted string (length with its NUL, then the bytes), no padding.
    String,
    /// A StringName: a counted string.
    StringName,
    /// `n` reals (vectors, Rect2, Plane, Quaternion, AABB, Basis, transforms, Projection).
    Reals(u8),
    /// `n` f32 whatever the real size (Color).
    Floats(u8),
    /// `n` i32 (Vector2i, Rect2i, Vector3i, Vector4i).
    Ints(u8),
    /// A NodePath: u16 name count, u16 subname count (bit 15: absolute), then string-table
    /// references.
    NodePath,
    /// One u32 (an RID, read back as its id).
    Rid,
    /// An object reference: a u32 sub-kind, then its payload.
    Object,
    /// A Dictionary: a u32 count (bit 31: shared), then keys and values.
    Dictionary,
    /// An Array: a u32 count (bit 31: shared), then the values.
    Array,
    /// A packed array: a u32 count, the elements, padding to 4 for bytes.
    Packed(BinPackedKind),
}

/// The element of a packed array in the binary encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinPackedKind {
    /// `PackedByteArray` / `PoolByteArray` (padded to 4 bytes).
    Byte,
    /// `PackedInt32Array` / `PoolIntArray`.
    Int32,
    /// `PackedInt64Array`.
    Int64,
    /// `PackedFloat32Array` / `PoolRealArray` (f32; Godot 3 double builds: real_t).
    Float32,
    /// `PackedFloat64Array`.
    Float64,
    /// `PackedStringArray` / `PoolStringArray` (counted strings).
    String,
    /// `PackedVector2Array` (2 reals per element).
    Vector2,
    /// `PackedVector3Array` (3 reals per element).
    Vector3,
    /// `PackedColorArray` (4 f32 per element, even with double reals).
    Color,
    /// `PackedVector4Array` (4 reals per element).
    Vector4,
}

/// The object sub-kinds after `VARIANT_OBJECT`.
pub(crate) const OBJECT_EMPTY: u32 = 0;
/// Old files: the type and path inline.
pub(crate) const OBJECT_EXTERNAL_RESOURCE: u32 = 1;
/// An internal resource: Godot 4 (named scene ids) its index in the internal table,
/// older files the number after `::` in its path.
pub(crate) const OBJECT_INTERNAL_RESOURCE: u32 = 2;
/// An index in the external table.
pub(crate) const OBJECT_EXTERNAL_RESOURCE_INDEX: u32 = 3;

use BinKind as K;
use BinPackedKind as P;

macro_rules! rows {
    ($($id:literal $name:literal $kind:expr, $g4:literal;)*) => {
        /// Every id either engine reads, in id order.
        pub(crate) const ROWS: &[BinRow] = &[$(BinRow { id: $id, name: $name, kind: $kind, godot4_only: $g4 }),*];
    };
}

rows! {
    1 "VARIANT_NIL" K::Empty, false;
    2 "VARIANT_BOOL" K::Bool, false;
    3 "VARIANT_INT" K::Int32, false;
    4 "VARIANT_FLOAT" K::Real, false;
    5 "VARIANT_STRING" K::String, false;
    10 "VARIANT_VECTOR2" K::Reals(2), false;
    11 "VARIANT_RECT2" K::Reals(4), false;
    12 "VARIANT_VECTOR3" K::Reals(3), false;
    13 "VARIANT_PLANE" K::Reals(4), false;
    14 "VARIANT_QUATERNION" K::Reals(4), false;
    15 "VARIANT_AABB" K::Reals(6), false;
    16 "VARIANT_BASIS" K::Reals(9), false;
    17 "VARIANT_TRANSFORM3D" K::Reals(12), false;
    18 "VARIANT_TRANSFORM2D" K::Reals(6), false;
    20 "VARIANT_COLOR" K::Floats(4), false;
    22 "VARIANT_NODE_PATH" K::NodePath, false;
    23 "VARIANT_RID" K::Rid, false;
    24 "VARIANT_OBJECT" K::Object, false;
    26 "VARIANT_DICTIONARY" K::Dictionary, false;
    30 "VARIANT_ARRAY" K::Array, false;
    31 "VARIANT_PACKED_BYTE_ARRAY" K::Packed(P::Byte), false;
    32 "VARIANT_PACKED_INT32_ARRAY" K::Packed(P::Int32), false;
    33 "VARIANT_PACKED_FLOAT32_ARRAY" K::Packed(P::Float32), false;
    34 "VARIANT_PACKED_STRING_ARRAY" K::Packed(P::String), false;
    35 "VARIANT_PACKED_VECTOR3_ARRAY" K::Packed(P::Vector3), false;
    36 "VARIANT_PACKED_COLOR_ARRAY" K::Packed(P::Color), false;
    37 "VARIANT_PACKED_VECTOR2_ARRAY" K::Packed(P::Vector2), false;
    40 "VARIANT_INT64" K::Int64, false;
    41 "VARIANT_DOUBLE" K::Double, false;
    42 "VARIANT_CALLABLE" K::Empty, true;
    43 "VARIANT_SIGNAL" K::Empty, true;
    44 "VARIANT_STRING_NAME" K::StringName, true;
    45 "VARIANT_VECTOR2I" K::Ints(2), true;
    46 "VARIANT_RECT2I" K::Ints(4), true;
    47 "VARIANT_VECTOR3I" K::Ints(3), true;
    48 "VARIANT_PACKED_INT64_ARRAY" K::Packed(P::Int64), true;
    49 "VARIANT_PACKED_FLOAT64_ARRAY" K::Packed(P::Float64), true;
    50 "VARIANT_VECTOR4" K::Reals(4), true;
    51 "VARIANT_VECTOR4I" K::Ints(4), true;
    52 "VARIANT_PROJECTION" K::Reals(16), true;
    53 "VARIANT_PACKED_VECTOR4_ARRAY" K::Packed(P::Vector4), true;
}

/// The row of `id`, if either engine reads it. Godot 3's `VARIANT_IMAGE` (21) and
/// `VARIANT_INPUT_EVENT` (25) are not here: no engine in range writes them (the 3.x
/// loader still decodes 21 as a deprecated Image; we refuse it as an unknown id).
#[inline]
pub(crate) fn row(id: u32) -> Option<&'static BinRow> {
    let index = *BY_ID.get(id as usize)?;
    ROWS.get(usize::from(index).checked_sub(1)?)
}

/// `ROWS` index + 1 by id (0: no row), built at compile time: one load per value. The
/// casts are of ids below 54 and of row indices below 42 (`const` has no `try_from`); the
/// indexing runs at compile time, where an id out of range fails the build, not a run.
#[allow(clippy::cast_possible_truncation, clippy::indexing_slicing)]
const BY_ID: [u8; 54] = {
    let mut table = [0u8; 54];
    let mut i = 0;
    while i < ROWS.len() {
        table[ROWS[i].id as usize] = i as u8 + 1;
        i += 1;
    }
    table
};

impl BinPackedKind {
    /// Bytes per element, given the file's real size (`None` for strings).
    pub(crate) fn element_size(self, real64: bool) -> Option<usize> {
        let real = if real64 { 8 } else { 4 };
        Some(match self {
            P::Byte => 1,
            P::Int32 | P::Float32 => 4,
            P::Int64 | P::Float64 => 8,
            P::String => return None,
            P::Vector2 => 2 * real,
            P::Vector3 => 3 * real,
            P::Color => 16,
            P::Vector4 => 4 * real,
        })
    }

    /// Bytes per scalar inside an element (for byte order), given the real size.
    pub(crate) fn scalar_size(self, real64: bool) -> usize {
        match self {
            P::Byte | P::String => 1,
            P::Int32 | P::Float32 | P::Color => 4,
            P::Int64 | P::Float64 => 8,
            P::Vector2 | P::Vector3 | P::Vector4 => {
                if real64 {
                    8
                } else {
                    4
                }
            }
        }
    }
}

/// The binary id the saver writes for a `var_to_bytes` type that maps one to one (ints,
/// floats, objects and packed arrays pick their id from the value: see the writer), read
/// from [`ROWS`] by name so one table drives reader and writer. `None`: the binary encoding
/// has no such type (Godot 4's packed Vector2i/3i/4i arrays are Pandemonium's only).
pub(crate) fn id_for(ty: crate::wire::types::VariantType) -> Option<u32> {
    use crate::wire::types::VariantType as T;
    let name = match ty {
        T::Nil => "VARIANT_NIL",
        T::Bool => "VARIANT_BOOL",
        T::String => "VARIANT_STRING",
        T::Vector2 => "VARIANT_VECTOR2",
        T::Vector2i => "VARIANT_VECTOR2I",
        T::Rect2 => "VARIANT_RECT2",
        T::Rect2i => "VARIANT_RECT2I",
        T::Vector3 => "VARIANT_VECTOR3",
        T::Vector3i => "VARIANT_VECTOR3I",
        T::Transform2D => "VARIANT_TRANSFORM2D",
        T::Vector4 => "VARIANT_VECTOR4",
        T::Vector4i => "VARIANT_VECTOR4I",
        T::Plane => "VARIANT_PLANE",
        T::Quaternion => "VARIANT_QUATERNION",
        T::Aabb => "VARIANT_AABB",
        T::Basis => "VARIANT_BASIS",
        T::Transform3D => "VARIANT_TRANSFORM3D",
        T::Projection => "VARIANT_PROJECTION",
        T::Color => "VARIANT_COLOR",
        T::StringName => "VARIANT_STRING_NAME",
        T::NodePath => "VARIANT_NODE_PATH",
        T::Rid => "VARIANT_RID",
        T::Object => "VARIANT_OBJECT",
        T::Callable => "VARIANT_CALLABLE",
        T::Signal => "VARIANT_SIGNAL",
        T::Dictionary => "VARIANT_DICTIONARY",
        T::Array => "VARIANT_ARRAY",
        T::PackedByteArray => "VARIANT_PACKED_BYTE_ARRAY",
        T::PackedInt32Array => "VARIANT_PACKED_INT32_ARRAY",
        T::PackedInt64Array => "VARIANT_PACKED_INT64_ARRAY",
        T::PackedFloat32Array => "VARIANT_PACKED_FLOAT32_ARRAY",
        T::PackedFloat64Array => "VARIANT_PACKED_FLOAT64_ARRAY",
        T::PackedStringArray => "VARIANT_PACKED_STRING_ARRAY",
        T::PackedVector2Array => "VARIANT_PACKED_VECTOR2_ARRAY",
        T::PackedVector3Array => "VARIANT_PACKED_VECTOR3_ARRAY",
        T::PackedColorArray => "VARIANT_PACKED_COLOR_ARRAY",
        T::PackedVector4Array => "VARIANT_PACKED_VECTOR4_ARRAY",
        _ => return None,
    };
    id_named(name)
}

/// The id of the row named `name`. O(rows).
pub(crate) fn id_named(name: &str) -> Option<u32> {
    ROWS.iter().find(|r| r.name == name).map(|r| r.id)
}
