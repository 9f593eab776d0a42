//! Which engine wrote the bytes: the wire dialects.

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
