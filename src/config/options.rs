//! How a ConfigFile is read and written back.

use crate::format::text::{ReadOptions, TextStyle};
use crate::wire::dialect::Dialect;

/// How [`ConfigFile::parse_with`](super::ConfigFile::parse_with) reads and how the file is written back. The default:
/// Godot 4's text form, engine reading ([`ConfigOptions::new`]).
///
/// ```
/// use gdvariant::config::{ConfigErrorKind, ConfigFile, ConfigOptions};
/// use gdvariant::text::TextStyle;
///
/// let options = ConfigOptions::new().style(TextStyle::Godot36).strict(true);
/// let error = ConfigFile::parse_with("# note\na=1\n", &options).unwrap_err();
/// assert_eq!(*error.kind(), ConfigErrorKind::MissingEquals);
/// assert_eq!((error.line(), error.column()), (1, 1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct ConfigOptions {
    /// The engine whose files these are: its dialect reads the values, its text form
    /// writes them, and its rules read and write section names (Godot 4 escapes `]` as
    /// `\]`) and keys (Godot 3.2 writes them raw, 3.5+ and 4 quote odd ones).
    pub style: TextStyle,
    /// How values are read ([`ReadOptions::limits`]'s `max_depth` bounds nesting;
    /// `allow_trailing` is ignored: each value's extent is found first).
    pub read: ReadOptions,
    /// Refuse what the engine reads silently in a way nobody means: a key with no `=` on
    /// its line ([`ConfigErrorKind::MissingEquals`](super::ConfigErrorKind::MissingEquals)) and `=` with no key
    /// ([`ConfigErrorKind::EmptyKey`](super::ConfigErrorKind::EmptyKey)). Off (the default): read as the engine reads.
    pub strict: bool,
}

impl ConfigOptions {
    /// Godot 4's text form, the default [`ReadOptions`], engine reading.
    pub const fn new() -> Self {
        ConfigOptions {
            style: TextStyle::Godot4,
            read: ReadOptions::new(),
            strict: false,
        }
    }

    /// The options for files of `dialect`'s newest engine ([`TextStyle::for_dialect`]).
    pub fn for_dialect(dialect: Dialect) -> Self {
        ConfigOptions::new().style(TextStyle::for_dialect(dialect))
    }

    setters! {
        /// Sets [`ConfigOptions::style`].
        style: TextStyle => style;
        /// Sets [`ConfigOptions::read`].
        read: ReadOptions => read;
        /// Sets [`ConfigOptions::strict`].
        strict: bool => strict;
    }

    /// The wire dialect of the style's engine.
    pub fn dialect(&self) -> Dialect {
        self.style.dialect()
    }
}

impl Default for ConfigOptions {
    fn default() -> Self {
        ConfigOptions::new()
    }
}
