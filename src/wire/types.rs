//! The one type table: every Variant type, its id in each dialect, its names in the text
//! forms, and the shape of its payload. The reader, the builder and the text form are all
//! driven by [`TYPE_TABLE`].

use super::dialect::Dialect;
use super::type_list::for_each_type;

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

/// Generates, from the type list's `all` rows ([`for_each_type!`]): the [`VariantType`]
/// enum and [`TYPE_TABLE`].
macro_rules! types {
    (
        math: $math:tt,
        pod: $pod:tt,
        vectors: $vectors:tt,
        bytes: $bytes:tt,
        strings: $strings:tt,
        all: [$((
            $name:ident, $g3:expr, $g3_name:literal, $g4_name:literal, $layout:expr,
            [$($pm:tt)*], [$($doc:literal)*], [$($value_doc:literal)*] $(, $payload:ty)?
        ))*],
    ) => {
        /// A Variant type, named as in Godot 4. Godot 3 names are in [`VariantType::name`].
        ///
        /// The discriminant equals the Godot 4 type id (for the types Godot 4 has;
        /// Pandemonium's own types come after them).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)] // the names are the Godot type names
        pub enum VariantType {
            $($(#[doc = $doc])* $name,)*
        }

        /// Every type, indexed by the `VariantType` discriminant: the Godot 4 id for the
        /// first 39, then the types only Pandemonium has.
        pub(crate) const TYPE_TABLE: [TypeInfo; 44] = [
            $(row(T::$name, $g3, $g3_name, $g4_name, $layout)$($pm)*,)*
        ];
    };
}
for_each_type!(types);

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

    /// The type whose [`VariantType::name`] in `dialect` is `name` (exact case), if any.
    /// O(number of types).
    ///
    /// ```
    /// use gdvariant::{Dialect, VariantType};
    /// assert_eq!(VariantType::named("Quat", Dialect::Godot3), Some(VariantType::Quaternion));
    /// assert_eq!(VariantType::named("Quat", Dialect::Godot4), None);
    /// ```
    pub fn named(name: &str, dialect: Dialect) -> Option<VariantType> {
        VariantType::ALL
            .into_iter()
            .find(|ty| ty.name(dialect) == name)
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
