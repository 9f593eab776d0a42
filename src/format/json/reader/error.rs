//! The JSON reader's error: what is wrong, at which byte, line and column.

use core::fmt;

use crate::format::syntax::SyntaxError;
use crate::wire::types::VariantType;
use crate::write::BuildError;

/// What is wrong with a JSON input given to [`read`](crate::json::read): a JSON syntax error, or
/// JSON that does not follow the schema (see [`crate::json`]). Decide on this, not on the
/// message text.
///
/// The enum is `#[non_exhaustive]`: new kinds may be added in minor releases.
///
/// ```
/// use gdvariant::json::{self, JsonErrorKind};
/// use gdvariant::{BuildError, Dialect, VariantType};
///
/// let kind = |text: &str, dialect| *json::read(text.as_bytes(), dialect).unwrap_err().kind();
/// assert_eq!(kind("[1 2]", Dialect::Godot4), JsonErrorKind::Unexpected { expected: "',' or ']'" });
/// assert_eq!(kind(r#"{"PackedInt32Array": [2147483648]}"#, Dialect::Godot4), JsonErrorKind::IntOutOfRange);
/// assert_eq!(
///     kind(r#"{"Vector2i": [1, 2]}"#, Dialect::Godot3),
///     JsonErrorKind::Build(BuildError::TypeNotInDialect { ty: VariantType::Vector2i, dialect: Dialect::Godot3 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonErrorKind {
    /// The input ends where more JSON is needed (inside a value, a string, an escape).
    UnexpectedEnd,
    /// A byte that the JSON grammar does not allow here; `expected` says what would fit
    /// (`"',' or ']'"`, `"':'"`, `"a value"`, …).
    Unexpected {
        /// What the grammar allows at this point.
        expected: &'static str,
    },
    /// A malformed number: `01`, `1.`, `.5`, `-`, `1e`, `+1`.
    InvalidNumber,
    /// A backslash escape that JSON does not define (`\x`, `\'`).
    InvalidEscape,
    /// A `\u` escape that is not four hex digits, or a UTF-16 surrogate without its pair.
    InvalidUnicodeEscape,
    /// A control character (below U+0020) inside a string, where JSON needs an escape.
    ControlCharacter,
    /// The input is not valid UTF-8 (the offset is that of the first invalid byte).
    InvalidUtf8,
    /// Something other than whitespace follows the value.
    TrailingCharacters,
    /// An object's type key, or a container type's name, names no type of the schema
    /// (`{"Vector5": …}`, `"type": "integer"`).
    UnknownType,
    /// A key this object cannot have: `"double"` on a `Vector2i`, `"type"` beside a
    /// `Dictionary`, a second type key, a key of a `Signal` other than `name` and `object`.
    UnknownKey,
    /// The same key twice in one object.
    DuplicateKey,
    /// An object lacks a key it needs (`key` names it; `"a type key"` for `{}`).
    MissingKey {
        /// The missing key.
        key: &'static str,
    },
    /// A JSON value of the wrong kind where the schema needs another: a number where a
    /// string is needed, a float where an integer is needed, a string other than `"nan"`,
    /// `"inf"` or `"-inf"` where a float is needed, `expected` describes what fits.
    WrongType {
        /// What the schema needs here (`"a string"`, `"an integer"`, …).
        expected: &'static str,
    },
    /// An integer outside the range of its place: i64 for an int, i32 for a
    /// `PackedInt32Array` element or an integer vector's component, u64 for an id.
    IntOutOfRange,
    /// A math value or a packed vector array's element with the wrong number of components.
    ComponentCount {
        /// The type (`Vector3`, `PackedVector3Array`, …).
        ty: VariantType,
        /// Components it takes.
        expected: usize,
        /// Components given.
        got: usize,
    },
    /// A `PackedByteArray` string that is not standard, padded base64 (RFC 4648), or has
    /// non-zero bits after its last byte.
    InvalidBase64,
    /// Values nested deeper than the limit: [`Limits::max_depth`](crate::Limits::max_depth)
    /// of [`ReadOptions::limits`](crate::json::ReadOptions::limits) for
    /// [`read_with`](crate::json::read_with), Godot's
    /// ([`crate::GODOT_MAX_DEPTH`]: values at depth 0 to 1024 are accepted, as `parse`
    /// accepts them) otherwise. The message names Godot's limit, the default, whatever the
    /// options say.
    TooDeep,
    /// A value that the typed container it goes into cannot hold ([`plain::read_like`]
    /// only: the template's `Array[int]`, `Dictionary[String, Vector2]`, …); `ty` is the
    /// container's declared element, key or value type (`Object` for a class or script).
    ///
    /// [`plain::read_like`]: crate::json::plain::read_like
    TypedMismatch {
        /// The type the container declares.
        ty: VariantType,
    },
    /// The builder refused the value: a type or form the dialect cannot hold
    /// (`StringName`, `Vector2i`, typed containers or doubles in Godot 3), a non-zero RID
    /// in Godot 3, a Godot 4 object's `script` property that is not null or a String, a
    /// count over `i32::MAX`. The offset is the start of the value.
    Build(BuildError),
}

impl fmt::Display for JsonErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonErrorKind::UnexpectedEnd => f.write_str("unexpected end of input"),
            JsonErrorKind::Unexpected { expected } => write!(f, "expected {expected}"),
            JsonErrorKind::InvalidNumber => f.write_str("invalid number"),
            JsonErrorKind::InvalidEscape => f.write_str("invalid escape"),
            JsonErrorKind::InvalidUnicodeEscape => {
                f.write_str("invalid \\u escape or unpaired surrogate")
            }
            JsonErrorKind::ControlCharacter => {
                f.write_str("control character in a string (must be escaped)")
            }
            JsonErrorKind::InvalidUtf8 => f.write_str("input is not valid UTF-8"),
            JsonErrorKind::TrailingCharacters => f.write_str("trailing characters"),
            JsonErrorKind::UnknownType => f.write_str("unknown type"),
            JsonErrorKind::UnknownKey => f.write_str("key not allowed here"),
            JsonErrorKind::DuplicateKey => f.write_str("duplicate key"),
            JsonErrorKind::MissingKey { key } => write!(f, "missing {key}"),
            JsonErrorKind::WrongType { expected } => write!(f, "expected {expected}"),
            JsonErrorKind::IntOutOfRange => f.write_str("integer out of range"),
            JsonErrorKind::ComponentCount { ty, expected, got } => {
                write!(f, "{ty:?} takes {expected} components, got {got}")
            }
            JsonErrorKind::InvalidBase64 => f.write_str("invalid base64"),
            JsonErrorKind::TooDeep => f.write_str("nesting deeper than 1024"),
            JsonErrorKind::TypedMismatch { ty } => {
                write!(f, "the typed container here holds only {ty:?} values")
            }
            JsonErrorKind::Build(e) => fmt::Display::fmt(e, f),
        }
    }
}

/// A JSON input that [`read`](crate::json::read) cannot turn into Variant bytes:
/// what is wrong ([`JsonErrorKind`]) and where, as a byte offset into the input and as a
/// 1-based line and column (the column counts characters, not bytes). See [`SyntaxError`]
/// for the accessors.
///
/// Its `Display` reads like `expected ',' or ']' at line 3, column 7 (byte 25)`. It is
/// `Copy` and never allocates; the line and column are counted once, when the error is
/// made (O(offset)).
///
/// ```
/// use gdvariant::json::{self, JsonErrorKind};
/// use gdvariant::Dialect;
///
/// let text = "{\"Dictionary\": [\n  [\"hp\", 10],\n  [\"pos\", {\"Vector3\": [1.0, 2.0]}]\n]}";
/// let error = json::read(text.as_bytes(), Dialect::Godot4).unwrap_err();
/// assert_eq!(*error.kind(), JsonErrorKind::ComponentCount {
///     ty: gdvariant::VariantType::Vector3,
///     expected: 3,
///     got: 2,
/// });
/// assert_eq!((error.line(), error.column(), error.offset()), (3, 23, 53));
/// assert_eq!(&text[error.offset()..], "[1.0, 2.0]}]\n]}");
/// ```
pub type JsonError = SyntaxError<JsonErrorKind>;

/// An error before it is located: its kind and byte offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fail {
    pub(crate) kind: JsonErrorKind,
    pub(crate) at: usize,
}

/// A result of the reader's internals.
pub(crate) type Res<T> = Result<T, Fail>;

/// `kind` at `at`.
#[cold]
pub(crate) fn fail(kind: JsonErrorKind, at: usize) -> Fail {
    Fail { kind, at }
}

/// A builder error, reported at the start of the value (`at`).
#[cold]
pub(crate) fn build_fail(error: BuildError, at: usize) -> Fail {
    Fail {
        kind: JsonErrorKind::Build(error),
        at,
    }
}
