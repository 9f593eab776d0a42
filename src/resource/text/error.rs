//! Why a `.tres` / `.tscn` does not read, or an edit cannot be made: a kind, and where.

use core::fmt;

use crate::format::syntax::SyntaxError;
use crate::format::text::TextErrorKind;

/// What is wrong in a text resource or scene. Decide on this, not on the message text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceErrorKind {
    /// The text is not UTF-8; the offset is the first byte that is not.
    NotUtf8,
    /// No `[` header before the end (an empty file, or only comments).
    MissingHeader,
    /// The first tag is not `gd_resource` or `gd_scene` (the engine's "Unrecognized file
    /// type"); at its `[`.
    UnknownFileType,
    /// The header's `format=` is not an int from 1 to 4 (the engines refuse newer files:
    /// "Saved with newer format version"); at the value.
    UnsupportedFormat,
    /// A `[tag …]` that does not read: no tag name, an attribute with no `=`, no `]`
    /// before the end. The engine's `Expected identifier`, `Expected '=' after
    /// identifier`, `Unexpected EOF while parsing tag`.
    BadTag(&'static str),
    /// An attribute value (`key=value` inside the brackets) that does not read in the
    /// text form; at the place the text reader stopped.
    BadAttribute(TextErrorKind),
    /// A quoted property name (`"name" = …`) that does not read as a string.
    BadName(TextErrorKind),
    /// A property value (`name = value`) that does not read in the text form (an
    /// unterminated string, nesting deeper than the limit: [`TextErrorKind::TooDeep`],
    /// nothing after `=`: [`TextErrorKind::ExpectedValue`], …).
    BadValue(TextErrorKind),
    /// A property line where the engine reads none: before the first section, or after a
    /// `[ext_resource]`, `[connection]` or `[editable]` tag (the engine reads the next tag
    /// right after those: "Expected '['").
    UnexpectedProperty,
    /// An edit's path does not name a section of the file, or names it badly (see
    /// [`TextResource::set_text`](super::TextResource::set_text) for the syntax); the
    /// offset is in the path.
    BadPath,
    /// An edit's value is not one value of the text form in the file's dialect; the
    /// offset, line and column are in the value.
    BadEdit(TextErrorKind),
    /// An edit that would not read back as given (a property name the engine would read
    /// differently); nothing was changed.
    Unrepresentable,
}

impl fmt::Display for ResourceErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResourceErrorKind::NotUtf8 => f.write_str("the text is not UTF-8"),
            ResourceErrorKind::MissingHeader => {
                f.write_str("no [gd_resource] or [gd_scene] header")
            }
            ResourceErrorKind::UnknownFileType => {
                f.write_str("the first tag is not gd_resource or gd_scene")
            }
            ResourceErrorKind::UnsupportedFormat => f.write_str("format= is not 1 to 4"),
            ResourceErrorKind::BadTag(what) => write!(f, "bad tag: {what}"),
            ResourceErrorKind::BadAttribute(e) => write!(f, "bad attribute value: {e}"),
            ResourceErrorKind::BadName(e) => write!(f, "bad quoted property name: {e}"),
            ResourceErrorKind::BadValue(e) => write!(f, "bad value: {e}"),
            ResourceErrorKind::UnexpectedProperty => {
                f.write_str("a property line where the engine expects a tag")
            }
            ResourceErrorKind::BadPath => f.write_str("the path names no section of the file"),
            ResourceErrorKind::BadEdit(e) => write!(f, "the new value does not read: {e}"),
            ResourceErrorKind::Unrepresentable => {
                f.write_str("the engine would not read this edit back as given")
            }
        }
    }
}

/// A text resource or scene that does not read, or an edit that cannot be made: what
/// ([`ResourceErrorKind`]) and where, as a byte offset into the text and a 1-based line
/// and column (characters). See [`SyntaxError`] for the accessors.
///
/// ```
/// use gdvariant::resource::{ResourceErrorKind, TextResource};
/// use gdvariant::text::TextErrorKind;
///
/// let error = TextResource::parse("[gd_resource format=3]\n\n[resource]\nx = [1,\n").unwrap_err();
/// assert_eq!(*error.kind(), ResourceErrorKind::BadValue(TextErrorKind::UnexpectedEnd));
/// assert_eq!((error.line(), error.column()), (5, 1));
/// ```
pub type ResourceError = SyntaxError<ResourceErrorKind>;
