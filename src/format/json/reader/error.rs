//! The JSON reader's error: what is wrong, at which byte, line and column.

use core::fmt;

use crate::wire::types::VariantType;
use crate::write::BuildError;

/// What is wrong with a JSON input given to [`read`](super::read): a JSON syntax error, or
/// JSON that does not follow the schema (see [`crate::json`]). Decide on this, not on the
/// message text.
///
/// The enum is `#[non_exhaustive]`: new kinds may be added in minor releases.
///
/// ```
/// use gdvariant::json::{self, JsonReadErrorKind};
/// use gdvariant::{BuildError, Dialect, VariantType};
///
/// let kind = |text: &str, dialect| json::read(text.as_bytes(), dialect).unwrap_err().kind();
/// assert_eq!(kind("[1 2]", Dialect::Godot4), JsonReadErrorKind::Unexpected { expected: "',' or ']'" });
/// assert_eq!(kind(r#"{"PackedInt32Array": [2147483648]}"#, Dialect::Godot4), JsonReadErrorKind::IntOutOfRange);
/// assert_eq!(
///     kind(r#"{"Vector2i": [1, 2]}"#, Dialect::Godot3),
///     JsonReadErrorKind::Build(BuildError::TypeNotInDialect { ty: VariantType::Vector2i, dialect: Dialect::Godot3 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum JsonReadErrorKind {
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
    /// Values nested deeper than Godot's limit ([`crate::GODOT_MAX_DEPTH`]: values at depth
    /// 0 to 1024 are accepted, as `parse` accepts them).
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

impl fmt::Display for JsonReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JsonReadErrorKind::UnexpectedEnd => f.write_str("unexpected end of input"),
            JsonReadErrorKind::Unexpected { expected } => write!(f, "expected {expected}"),
            JsonReadErrorKind::InvalidNumber => f.write_str("invalid number"),
            JsonReadErrorKind::InvalidEscape => f.write_str("invalid escape"),
            JsonReadErrorKind::InvalidUnicodeEscape => {
                f.write_str("invalid \\u escape or unpaired surrogate")
            }
            JsonReadErrorKind::ControlCharacter => {
                f.write_str("control character in a string (must be escaped)")
            }
            JsonReadErrorKind::InvalidUtf8 => f.write_str("input is not valid UTF-8"),
            JsonReadErrorKind::TrailingCharacters => f.write_str("trailing characters"),
            JsonReadErrorKind::UnknownType => f.write_str("unknown type"),
            JsonReadErrorKind::UnknownKey => f.write_str("key not allowed here"),
            JsonReadErrorKind::DuplicateKey => f.write_str("duplicate key"),
            JsonReadErrorKind::MissingKey { key } => write!(f, "missing {key}"),
            JsonReadErrorKind::WrongType { expected } => write!(f, "expected {expected}"),
            JsonReadErrorKind::IntOutOfRange => f.write_str("integer out of range"),
            JsonReadErrorKind::ComponentCount { ty, expected, got } => {
                write!(f, "{ty:?} takes {expected} components, got {got}")
            }
            JsonReadErrorKind::InvalidBase64 => f.write_str("invalid base64"),
            JsonReadErrorKind::TooDeep => f.write_str("nesting deeper than 1024"),
            JsonReadErrorKind::TypedMismatch { ty } => {
                write!(f, "the typed container here holds only {ty:?} values")
            }
            JsonReadErrorKind::Build(e) => fmt::Display::fmt(e, f),
        }
    }
}

/// A JSON input that [`read`](super::read) cannot turn into Variant bytes: what is wrong
/// ([`JsonReadErrorKind`]) and where, as a byte offset into the input and as a 1-based
/// line and column (the column counts characters, not bytes).
///
/// Its `Display` reads like `expected ',' or ']' at line 3, column 7 (byte 25)`. It is
/// `Copy` and never allocates; the line and column are counted once, when the error is
/// made (O(offset)).
///
/// ```
/// use gdvariant::json::{self, JsonReadErrorKind};
/// use gdvariant::Dialect;
///
/// let text = "{\"Dictionary\": [\n  [\"hp\", 10],\n  [\"pos\", {\"Vector3\": [1.0, 2.0]}]\n]}";
/// let error = json::read(text.as_bytes(), Dialect::Godot4).unwrap_err();
/// assert_eq!(error.kind(), JsonReadErrorKind::ComponentCount {
///     ty: gdvariant::VariantType::Vector3,
///     expected: 3,
///     got: 2,
/// });
/// assert_eq!((error.line(), error.column(), error.offset()), (3, 23, 53));
/// assert_eq!(&text[error.offset()..], "[1.0, 2.0]}]\n]}");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} at line {line}, column {column} (byte {offset})")]
pub struct JsonReadError {
    kind: JsonReadErrorKind,
    offset: usize,
    line: usize,
    column: usize,
}

impl JsonReadError {
    /// The error `kind` at byte `offset` of `json`, with its line and column. O(offset).
    #[cold]
    pub(crate) fn locate(json: &[u8], kind: JsonReadErrorKind, offset: usize) -> Self {
        let offset = offset.min(json.len());
        let before = json.get(..offset).unwrap_or(json);
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // Characters: every byte that does not continue a UTF-8 sequence.
        let column = 1 + before
            .get(line_start..)
            .unwrap_or(&[])
            .iter()
            .filter(|&&b| b & 0xC0 != 0x80)
            .count();
        JsonReadError {
            kind,
            offset,
            line,
            column,
        }
    }

    /// What is wrong. O(1).
    pub fn kind(&self) -> JsonReadErrorKind {
        self.kind
    }

    /// The byte offset in the input where the error was found: the start of the token or
    /// value that is wrong, or the input's length when it ends too early. Never past the
    /// end. O(1).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The 1-based line of [`JsonReadError::offset`] (lines end at `\n`). O(1).
    pub fn line(&self) -> usize {
        self.line
    }

    /// The 1-based column of [`JsonReadError::offset`], in characters. O(1).
    pub fn column(&self) -> usize {
        self.column
    }
}

/// An error before it is located: its kind and byte offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Fail {
    pub(crate) kind: JsonReadErrorKind,
    pub(crate) at: usize,
}

/// A result of the reader's internals.
pub(crate) type Res<T> = Result<T, Fail>;

/// `kind` at `at`.
#[cold]
pub(crate) fn fail(kind: JsonReadErrorKind, at: usize) -> Fail {
    Fail { kind, at }
}

/// A builder error, reported at the start of the value (`at`).
#[cold]
pub(crate) fn build_fail(error: BuildError, at: usize) -> Fail {
    Fail {
        kind: JsonReadErrorKind::Build(error),
        at,
    }
}
