//! The engine's text form of an owned [`Variant`]: encoded once, then printed from the
//! bytes, so it is exactly the text of what the engine would read.

use core::fmt;

use super::style::TextStyle;
use crate::owned::Variant;
use crate::read::value::VariantRef;
use alloc::vec::Vec;

/// An owned value paired with a [`TextStyle`]; its `Display` is the engine's text form.
/// From [`Variant::text`].
#[derive(Clone, Copy, Debug)]
pub struct VariantText<'a> {
    value: &'a Variant,
    style: TextStyle,
}

impl Variant {
    /// The engine's text form in `style`: the value is encoded in the style's dialect
    /// (Godot 3 for the Godot 3 styles), then printed like a parsed view. `Display` on
    /// `Variant` itself uses [`TextStyle::Godot4`].
    ///
    /// A value the dialect cannot hold (a `StringName` in Godot 3, a math value with the
    /// wrong number of components, nesting deeper than 1024, …) prints as `<invalid:
    /// reason>`. Cost: O(size), one temporary buffer of the encoded size.
    ///
    /// ```
    /// use gdvariant::text::TextStyle;
    /// use gdvariant::Variant;
    ///
    /// let v = Variant::dictionary(vec![("pos".into(), Variant::vector2([1.0, 2.5]))]);
    /// assert_eq!(v.to_string(), "{\n\"pos\": Vector2(1, 2.5)\n}");
    /// assert_eq!(v.text(TextStyle::Godot36).to_string(), "{\n\"pos\": Vector2( 1, 2.5 )\n}");
    /// ```
    pub fn text(&self, style: TextStyle) -> VariantText<'_> {
        VariantText { value: self, style }
    }
}

impl fmt::Display for VariantText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dialect = self.style.dialect();
        let mut bytes = Vec::new();
        if let Err(e) = self.value.encode(&mut bytes, dialect) {
            return write!(f, "<invalid: {e}>");
        }
        match VariantRef::parse(&bytes, dialect) {
            Ok(view) => fmt::Display::fmt(&view.text(self.style), f),
            Err(e) => write!(f, "<invalid: {e}>"),
        }
    }
}

impl fmt::Display for Variant {
    /// The engine's text form in Godot 4's style; see [`Variant::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(TextStyle::Godot4), f)
    }
}
