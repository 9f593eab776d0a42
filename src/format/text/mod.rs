//! The engines' own text form (`var2str` in Godot 3, `var_to_str` in Godot 4), written
//! exactly: spacing, newlines, float formatting, key order, escapes and the recursion
//! cut-off.

mod grisu;
mod number;
mod order;
pub(crate) mod owned;
// TODO(issue 23): casts in this module are fixed after the format reshape merges
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub mod parse;
mod powers;
pub(crate) mod style;
mod writer;

use core::fmt;

use crate::read::buf::VariantBuf;
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use style::TextStyle;
use writer::Writer;

/// A value paired with a [`TextStyle`]; its `Display` is the engine's text form.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    value: VariantRef<'a>,
    style: TextStyle,
}

impl<'a> VariantRef<'a> {
    /// The engine's text form in `style`. `Display` on `VariantRef` itself uses
    /// [`TextStyle::for_dialect`].
    ///
    /// Cost: one pass over the bytes, O(output), except that the engines print a
    /// dictionary's keys sorted: each dictionary's pairs are noted (about 70 bytes each),
    /// sorted and printed from where they are, so memory is bounded by the dictionaries
    /// being printed (the largest one and those around it), never by the file, and each
    /// value inside a dictionary is stepped over once more (headers only) when its pairs are
    /// noted.
    pub fn text(self, style: TextStyle) -> Text<'a> {
        Text { value: self, style }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Writer::new(f, self.style).write(&mut Reader::new(&self.value))
    }
}

impl fmt::Display for VariantRef<'_> {
    /// The engine's text form (`var2str` / `var_to_str`), in the newest verified style of
    /// the value's dialect; see [`VariantRef::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(TextStyle::for_dialect(self.dialect())), f)
    }
}

impl<B: AsRef<[u8]>> fmt::Display for VariantBuf<B> {
    /// The engine's text form of the value (see [`VariantRef`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}
