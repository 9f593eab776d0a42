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
}

impl TextStyle {
    /// The newest verified style for a dialect: `Godot36` for Godot 3, `Godot4` for Godot 4.
    pub fn for_dialect(dialect: Dialect) -> TextStyle {
        match dialect {
            Dialect::Godot3 => TextStyle::Godot36,
            Dialect::Godot4 => TextStyle::Godot4,
        }
    }

    /// The wire dialect whose type names this style prints.
    pub(crate) fn dialect(self) -> Dialect {
        if self.is_godot3() {
            Dialect::Godot3
        } else {
            Dialect::Godot4
        }
    }

    pub(super) fn is_godot3(self) -> bool {
        matches!(self, TextStyle::Godot32 | TextStyle::Godot36)
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
        self != TextStyle::Godot32
    }
}
