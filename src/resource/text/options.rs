//! How a text resource or scene is read and written back.

use crate::format::text::{ReadOptions, TextStyle};

/// How [`TextResource::parse_with`](super::TextResource::parse_with) reads and how the
/// file is written back. The default ([`ResourceOptions::new`]): the style from the
/// header's `format=`, the default [`ReadOptions`].
///
/// ```
/// use gdvariant::resource::{ResourceOptions, TextResource};
/// use gdvariant::text::TextStyle;
///
/// // Godot 3.2 wrote an empty dictionary as `{\n\n}`, 3.5+ as `{\n}`.
/// let text = "[gd_resource type=\"Resource\" format=2]\n\n[resource]\nd = {\n}\n";
/// let g32 = TextResource::parse_with(text, &ResourceOptions::new().style(Some(TextStyle::Godot32)))?;
/// assert!(g32.to_engine_text().ends_with("d = {\n\n}\n"));
/// # Ok::<(), gdvariant::resource::ResourceError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ResourceOptions {
    /// The engine whose file this is: its dialect reads the values and its text form
    /// writes them back. `None` (the default): from the header's `format=` (1 or 2:
    /// [`TextStyle::Godot36`]; 3 or 4, or none: [`TextStyle::Godot4`]); give
    /// [`TextStyle::Godot32`] for the files of Godot 3.0–3.4, whose text differs in
    /// places (empty dictionaries, node groups, the blank line before connections).
    pub style: Option<TextStyle>,
    /// How values are read ([`ReadOptions::limits`]'s `max_depth` bounds nesting;
    /// `allow_trailing` is ignored, and `resource_refs` is always on).
    pub read: ReadOptions,
}

impl ResourceOptions {
    /// The style from the header, the default [`ReadOptions`].
    pub const fn new() -> Self {
        ResourceOptions {
            style: None,
            read: ReadOptions::new(),
        }
    }

    setters! {
        /// Sets [`ResourceOptions::style`].
        style: Option<TextStyle> => style;
        /// Sets [`ResourceOptions::read`].
        read: ReadOptions => read;
    }
}

impl Default for ResourceOptions {
    fn default() -> Self {
        ResourceOptions::new()
    }
}
