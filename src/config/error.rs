//! Why a ConfigFile does not read: a kind, and where (byte offset, line, column).

use core::fmt;

use crate::format::syntax::SyntaxError;
use crate::format::text::TextErrorKind;

/// What is wrong in a ConfigFile. Decide on this, not on the message text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConfigErrorKind {
    /// The text is not UTF-8 (the engine reads ConfigFiles as UTF-8); the offset is the
    /// first byte that is not.
    NotUtf8,
    /// A `[` section header with no `]` before the end of the file (the engine's
    /// "Unexpected EOF while parsing simple tag"); at the `[`.
    UnterminatedSection,
    /// A quoted key (`"key"=…`) that does not read as a string; at the key's `"`. The
    /// text reader's reason (most often [`TextErrorKind::UnterminatedString`]).
    BadKey(TextErrorKind),
    /// The value after `key=` does not read in the engine's text form; at the place the
    /// text reader stopped. The reason: an unterminated string, an unknown identifier,
    /// nesting deeper than the limit ([`TextErrorKind::TooDeep`]), nothing after `=`
    /// ([`TextErrorKind::ExpectedValue`]), …
    BadValue(TextErrorKind),
    /// Strict reading only ([`ConfigOptions::strict`](super::ConfigOptions::strict)): a
    /// key with no `=` before the line (or the file) ends. The engine reads on: it joins
    /// the key with the next line's (`# note` then `a=1` is the key `#notea`), or ignores
    /// it at the end of the file.
    MissingEquals,
    /// Strict reading only: `=value` with no key, which the engine reads and drops.
    EmptyKey,
    /// An edit's value is not one value of the text form in the file's dialect.
    BadEdit(TextErrorKind),
    /// An edit whose section or key the engine would not read back as given (a section
    /// name with `]`, which only Godot 4 escapes); nothing was changed.
    Unrepresentable,
    /// [`ConfigFile::open`](super::ConfigFile::open): the container (GDEC) did not open:
    /// no or wrong password or key, a damaged file, a claimed size over the limit. The
    /// offset is the container's file offset; line and column count from the file's start.
    #[cfg(feature = "containers")]
    Container(crate::container::ContainerErrorKind),
}

impl fmt::Display for ConfigErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConfigErrorKind::NotUtf8 => f.write_str("the text is not UTF-8"),
            ConfigErrorKind::UnterminatedSection => f.write_str("'[' section with no ']'"),
            ConfigErrorKind::BadKey(e) => write!(f, "bad quoted key: {e}"),
            ConfigErrorKind::BadValue(e) => write!(f, "bad value: {e}"),
            ConfigErrorKind::MissingEquals => f.write_str("key with no '=' on its line"),
            ConfigErrorKind::EmptyKey => f.write_str("'=' with no key before it"),
            ConfigErrorKind::BadEdit(e) => write!(f, "the new value does not read: {e}"),
            ConfigErrorKind::Unrepresentable => {
                f.write_str("the engine would not read this section or key back")
            }
            #[cfg(feature = "containers")]
            ConfigErrorKind::Container(e) => write!(f, "{e}"),
        }
    }
}

/// A ConfigFile that does not read, or an edit that cannot be made: what
/// ([`ConfigErrorKind`]) and where, as a byte offset into the text and a 1-based line and
/// column (characters). See [`SyntaxError`] for the accessors.
///
/// ```
/// use gdvariant::config::{ConfigErrorKind, ConfigFile};
/// use gdvariant::text::TextErrorKind;
/// use gdvariant::Dialect;
///
/// let error = ConfigFile::parse("[a]\nx=1\ny=Vector2(1)\n", Dialect::Godot4).unwrap_err();
/// assert!(matches!(error.kind(), ConfigErrorKind::BadValue(TextErrorKind::WrongArgumentCount { .. })));
/// assert_eq!((error.line(), error.column(), error.offset()), (3, 12, 19));
/// ```
pub type ConfigError = SyntaxError<ConfigErrorKind>;
