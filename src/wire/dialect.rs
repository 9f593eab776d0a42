//! Which engine wrote the bytes: the wire dialects.

use core::fmt;

/// Which engine's wire format the bytes are in. The caller says which: type ids collide
/// between the lines (id 7 is `Vector3` in Godot 3 and `Rect2` in Godot 4).
///
/// Pandemonium, the Godot 3 fork, changed its type ids twice: its three eras are three
/// dialects, and bytes cannot tell them apart (nor from Godot 3), so the caller names the
/// era. Match with a wildcard arm: the enum may grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Godot 3.x (`var2bytes`, `File.store_var`): 27 types.
    Godot3,
    /// Godot 4.x (`var_to_bytes`, `FileAccess.store_var`): 39 types (4.3+), typed containers
    /// (4.2+ arrays, 4.4+ dictionaries), double-precision math behind a header flag.
    Godot4,
    /// Pandemonium v3.5.0–v3.7.0: Godot 3's format with 33 types (integer vectors, Rect2i,
    /// StringName and integer vector pools added, ids renumbered).
    PandemoniumA,
    /// Pandemonium v3.8.0–v4.9.0: 38 types (Vector4, Vector4i, Projection and their pools
    /// added, ids renumbered again).
    PandemoniumB,
    /// Pandemonium v5.0.0 and later: 40 types (era B's, plus TypedArray and
    /// PackedTypedArray at ids 27 and 28; the pools move up by two).
    PandemoniumC,
}

impl Dialect {
    /// Every dialect.
    pub const ALL: [Dialect; 5] = [
        Dialect::Godot3,
        Dialect::Godot4,
        Dialect::PandemoniumA,
        Dialect::PandemoniumB,
        Dialect::PandemoniumC,
    ];

    /// Is it one of Pandemonium's eras?
    #[inline]
    pub const fn is_pandemonium(self) -> bool {
        matches!(
            self,
            Dialect::PandemoniumA | Dialect::PandemoniumB | Dialect::PandemoniumC
        )
    }

    /// The Pandemonium era's index (A 0, B 1, C 2), for the type table's columns.
    #[inline]
    pub(crate) const fn era(self) -> Option<usize> {
        match self {
            Dialect::PandemoniumA => Some(0),
            Dialect::PandemoniumB => Some(1),
            Dialect::PandemoniumC => Some(2),
            Dialect::Godot3 | Dialect::Godot4 => None,
        }
    }

    /// Godot 4's typed Array and Dictionary: element type descriptors after the header,
    /// announced in header bits 16–19.
    #[inline]
    pub(crate) const fn typed_containers(self) -> bool {
        matches!(self, Dialect::Godot4)
    }

    /// Does a RID carry its id (a u64)? Godot 3 writes the header alone.
    #[inline]
    pub(crate) const fn rid_payload(self) -> bool {
        matches!(self, Dialect::Godot4)
    }

    /// Godot 4 reads an object's `script` property as a resource path: it must be null or
    /// a String.
    #[inline]
    pub(crate) const fn script_is_path(self) -> bool {
        matches!(self, Dialect::Godot4)
    }

    /// Can math values and packed vector arrays carry f64 components (the 64-bit flag)?
    #[inline]
    pub(crate) const fn double_math(self) -> bool {
        matches!(self, Dialect::Godot4)
    }
}

impl Dialect {
    /// The dialect's short name, as every front end takes it (`--dialect`, Python's and
    /// JavaScript's `godot`): `"3"`, `"4"`, `"pm-a"`, `"pm-b"`, `"pm-c"`. O(1).
    ///
    /// ```
    /// use gdvariant::Dialect;
    /// assert_eq!(Dialect::PandemoniumB.code(), "pm-b");
    /// assert_eq!(Dialect::from_code(Dialect::Godot3.code()), Some(Dialect::Godot3));
    /// ```
    pub const fn code(self) -> &'static str {
        match self {
            Dialect::Godot3 => "3",
            Dialect::Godot4 => "4",
            Dialect::PandemoniumA => "pm-a",
            Dialect::PandemoniumB => "pm-b",
            Dialect::PandemoniumC => "pm-c",
        }
    }

    /// The dialect whose [`Dialect::code`] is `code` (ASCII case ignored); `None` for
    /// anything else.
    ///
    /// ```
    /// use gdvariant::Dialect;
    /// assert_eq!(Dialect::from_code("PM-A"), Some(Dialect::PandemoniumA));
    /// assert_eq!(Dialect::from_code("5"), None);
    /// ```
    pub fn from_code(code: &str) -> Option<Dialect> {
        Dialect::ALL
            .into_iter()
            .find(|d| d.code().eq_ignore_ascii_case(code))
    }
}

impl fmt::Display for Dialect {
    /// `Godot 3`, `Godot 4`, or `Pandemonium A` / `B` / `C` (the eras).
    ///
    /// ```
    /// assert_eq!(gdvariant::Dialect::Godot4.to_string(), "Godot 4");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Godot3 => "Godot 3",
            Dialect::Godot4 => "Godot 4",
            Dialect::PandemoniumA => "Pandemonium A",
            Dialect::PandemoniumB => "Pandemonium B",
            Dialect::PandemoniumC => "Pandemonium C",
        })
    }
}
