//! How the text form is read and written.

use super::style::TextStyle;
use crate::read::options::Limits;

/// How [`read_with`](super::read_with), [`read_into`](super::read_into)
/// and [`read_sequence`](super::read_sequence) read. The default: floats correctly
/// rounded, nothing after the value, Godot's depth limit.
///
/// `#[non_exhaustive]`: build it with [`ReadOptions::new`] (or `Default`) and the setters;
/// the fields stay public to read and assign.
///
/// ```
/// use gdvariant::text::{self, ReadOptions, TextErrorKind};
/// use gdvariant::Dialect;
///
/// let options = ReadOptions::new().allow_trailing(true).max_depth(1);
/// assert_eq!(text::read_with("[1] 2", Dialect::Godot4, &options)?, text::read("[1]", Dialect::Godot4)?);
/// let error = text::read_with("[[1]]", Dialect::Godot4, &options).unwrap_err();
/// assert_eq!(*error.kind(), TextErrorKind::TooDeep);
/// # Ok::<(), gdvariant::text::TextError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// Convert float literals as the engine does (`built_in_strtod`, which is not
    /// correctly rounded: about 3 in 10 literals of 17 significant digits come out a few
    /// units in the last place away), so that the bytes equal the engine's `str_to_var`.
    /// Off (the default): correctly rounded, so that every float this crate or Godot 4
    /// prints reads back to the same bits. Literals of up to 15 digits read the same
    /// either way.
    pub engine_floats: bool,
    /// Ignore text after the value, as the engine does (`1 2` reads as `1`). Off (the
    /// default): anything but whitespace and comments after the value is
    /// [`TextErrorKind::TrailingText`](super::TextErrorKind::TrailingText).
    pub allow_trailing: bool,
    /// The text reader enforces [`Limits::max_depth`]: containers and objects may be
    /// opened at depths 0 to `max_depth - 1`, so values sit at depths 0 to `max_depth`;
    /// deeper is [`TextErrorKind::TooDeep`](super::TextErrorKind::TooDeep). Default and
    /// ceiling: [`GODOT_MAX_DEPTH`](crate::GODOT_MAX_DEPTH) (values above it are treated as
    /// it). The other limits are not enforced here (reading is already one pass, O(text),
    /// and full objects are data); parse the bytes with
    /// [`ParseOptions`](crate::ParseOptions) to apply them.
    pub limits: Limits,
    /// Read the references of resource and scene files: `SubResource("id")` and
    /// `ExtResource("id")` (Godot 4; an int id too, as Godot 4 reads old files) and
    /// `SubResource( 1 )` / `ExtResource( 1 )` (Godot 3: int ids only) become a full
    /// Object of class `SubResource` / `ExtResource` with one property `id`, as
    /// [`crate::resource`] models them. Off (the default): they are
    /// [`TextErrorKind::Unsupported`](super::TextErrorKind::Unsupported), as a value
    /// outside a resource file cannot point at one.
    pub resource_refs: bool,
}

impl ReadOptions {
    /// The defaults: correctly rounded floats, no text after the value,
    /// [`Limits::new`].
    pub const fn new() -> Self {
        ReadOptions {
            engine_floats: false,
            allow_trailing: false,
            limits: Limits::new(),
            resource_refs: false,
        }
    }

    setters! {
        /// Sets [`ReadOptions::engine_floats`]: convert floats as the engine does.
        engine_floats: bool => engine_floats;
        /// Sets [`ReadOptions::allow_trailing`]: ignore text after the value.
        allow_trailing: bool => allow_trailing;
        /// Sets [`ReadOptions::limits`].
        limits: Limits => limits;
        /// Sets [`ReadOptions::resource_refs`]: read `SubResource(…)` / `ExtResource(…)`.
        resource_refs: bool => resource_refs;
        /// Sets [`Limits::max_depth`] in [`ReadOptions::limits`]: the deepest nesting read.
        max_depth: u16 => limits.max_depth;
    }
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions::new()
    }
}

/// How [`write`](super::write()) writes. The default: the style of the value's dialect,
/// as `Display` prints it.
///
/// `#[non_exhaustive]`: build it with [`WriteOptions::new`] (or `Default`) and the setters.
///
/// ```
/// use gdvariant::text::{TextStyle, WriteOptions};
///
/// let options = WriteOptions::new().style(TextStyle::Godot36);
/// assert_eq!(options.style, Some(TextStyle::Godot36));
/// assert_eq!(WriteOptions::default().style, None);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// The engine version whose text form to write; `None` (the default): the newest
    /// verified style of the value's dialect ([`TextStyle::for_dialect`]), as `Display`
    /// writes it.
    pub style: Option<TextStyle>,
}

impl WriteOptions {
    /// The defaults: the style of the value's dialect.
    pub const fn new() -> Self {
        WriteOptions { style: None }
    }

    /// Sets [`WriteOptions::style`]: a [`TextStyle`], or `None` for the style of the
    /// value's dialect.
    pub fn style(mut self, style: impl Into<Option<TextStyle>>) -> Self {
        self.style = style.into();
        self
    }
}
