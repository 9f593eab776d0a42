//! Which engine wrote the bytes: the wire dialects.

use core::fmt;

/// Which engine's wire format the bytes are in. The caller says which: type ids collide
/// between the lines (id 7 is `Vector3` in Godot 3 and `Rect2` in Godot 4).
///
/// Pandemonium's three eras are planned as further variants, so match with a wildcard arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dialect {
    /// Godot 3.x (`var2bytes`, `File.store_var`): 27 types.
    Godot3,
    /// Godot 4.x (`var_to_bytes`, `FileAccess.store_var`): 39 types (4.3+), typed containers
    /// (4.2+ arrays, 4.4+ dictionaries), double-precision math behind a header flag.
    Godot4,
}

impl Dialect {
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

impl fmt::Display for Dialect {
    /// `Godot 3` or `Godot 4`, as the engines name themselves.
    ///
    /// ```
    /// assert_eq!(gdvariant::Dialect::Godot4.to_string(), "Godot 4");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dialect::Godot3 => "Godot 3",
            Dialect::Godot4 => "Godot 4",
        })
    }
}
