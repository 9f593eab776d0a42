//! Which engine version's text form to print.

use crate::wire::dialect::Dialect;

/// Which engine's text form to print. The wire dialect fixes the type names; the engine
/// version fixes the details that changed between releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TextStyle {
    /// Godot 3.0–3.4's `var2str` (verified against 3.2.3): empty dictionaries print as
    /// `{\n\n}`, −∞ and negative NaN as C prints them (`-inf`, `-nan`), no depth cut-off.
    Godot32,
    /// Godot 3.5+'s `var2str` (verified against 3.6.2): `{\n}`, `inf_neg`, `nan`, and
    /// containers nested deeper than 100 print as `[]` / `{}`.
    Godot36,
    /// Godot 4's `var_to_str` (verified against 4.6.3).
    Godot4,
    /// Pandemonium's `var2str` in era A (v3.5.0–v3.7.0): Godot 3.6's text, plus `@"…"`
    /// StringNames and integer vectors printed through the float format (`2.14748e+09`);
    /// no depth cut-off.
    PandemoniumA,
    /// Era B (v3.8.0–v4.9.0): era A's, with `Quaternion(`, base64 byte arrays
    /// (`PoolByteArray( "AQID" )`), `Projection(…)` without inner spaces and the depth
    /// cut-off past 100 levels.
    PandemoniumB,
    /// Era C (v5.0.0+): era B's, plus `TypedArray( int , 1, 2 )` and `PackedTypedArray`.
    PandemoniumC,
}

impl TextStyle {
    /// The newest verified style for a dialect: `Godot36` for Godot 3, `Godot4` for Godot 4,
    /// the era's own for Pandemonium.
    pub fn for_dialect(dialect: Dialect) -> TextStyle {
        match dialect {
            Dialect::Godot3 => TextStyle::Godot36,
            Dialect::Godot4 => TextStyle::Godot4,
            Dialect::PandemoniumA => TextStyle::PandemoniumA,
            Dialect::PandemoniumB => TextStyle::PandemoniumB,
            Dialect::PandemoniumC => TextStyle::PandemoniumC,
        }
    }

    /// The wire dialect whose type names this style prints.
    pub(crate) fn dialect(self) -> Dialect {
        match self {
            TextStyle::Godot32 | TextStyle::Godot36 => Dialect::Godot3,
            TextStyle::Godot4 => Dialect::Godot4,
            TextStyle::PandemoniumA => Dialect::PandemoniumA,
            TextStyle::PandemoniumB => Dialect::PandemoniumB,
            TextStyle::PandemoniumC => Dialect::PandemoniumC,
        }
    }

    /// Godot 3's layout and number format (Pandemonium's too).
    pub(super) fn is_godot3(self) -> bool {
        self != TextStyle::Godot4
    }

    /// One of Pandemonium's eras.
    pub(super) fn is_pandemonium(self) -> bool {
        self.dialect().is_pandemonium()
    }

    /// Godot 3 pads brackets and parentheses with spaces: `[ 1 ]`, `Vector2( 1, 2 )`.
    pub(super) fn pad(self) -> &'static str {
        if self.is_godot3() {
            " "
        } else {
            ""
        }
    }

    pub(super) fn has_depth_cutoff(self) -> bool {
        !matches!(self, TextStyle::Godot32 | TextStyle::PandemoniumA)
    }
}

/// How a value is written inside a resource or scene file (crate-internal; the default,
/// all off, is `var_to_str`'s text).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct ResourceMode {
    /// A full Object of class `SubResource` / `ExtResource` with one property `id` (an
    /// int or a String) is written as the saver writes the reference:
    /// `SubResource("id")` (Godot 4), `SubResource( 1 )` (Godot 3).
    pub(crate) refs: bool,
    /// Godot 4 only: byte arrays as one base64 string, `PackedByteArray("AAF/")`, as the
    /// saver writes them in a `format=4` file (its `p_compat` off).
    pub(crate) base64_bytes: bool,
}
