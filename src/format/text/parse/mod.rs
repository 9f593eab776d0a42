//! Reading the engines' text form back into bytes: what `str2var` (Godot 3) and
//! `str_to_var` (Godot 4) read, and everything this crate's `Display` writes in any
//! [`TextStyle`](crate::TextStyle).

mod call;
mod keys;
mod lex;
mod names;
mod number;
mod parser;
mod sequence;

use alloc::vec::Vec;

use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::dialect::Dialect;
use crate::write::BuildError;

pub use sequence::{parse_sequence, Sequence};

/// How [`parse_into`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextOptions {
    /// Convert float literals as the engine does (`built_in_strtod`, which is not
    /// correctly rounded: about 3 in 10 literals of 17 significant digits come out a few
    /// units in the last place away), so that the bytes equal the engine's `str_to_var`.
    /// Off (the default): correctly rounded, so that every float this crate or Godot 4
    /// prints reads back to the same bits. Literals of up to 15 digits read the same
    /// either way.
    pub engine_floats: bool,
    /// Ignore text after the value, as the engine does (`1 2` reads as `1`). Off (the
    /// default): anything but whitespace and comments after the value is
    /// [`TextErrorKind::TrailingText`].
    pub allow_trailing: bool,
    /// The deepest nesting accepted (containers, objects); deeper is
    /// [`TextErrorKind::TooDeep`]. Default and ceiling: [`GODOT_MAX_DEPTH`], what the
    /// binary format allows.
    pub max_depth: usize,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            engine_floats: false,
            allow_trailing: false,
            max_depth: GODOT_MAX_DEPTH as usize,
        }
    }
}

/// What went wrong in a text literal.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TextErrorKind {
    /// A character that starts no token (`'`, `+`, a BOM, non-ASCII outside strings, …).
    UnexpectedCharacter,
    /// The input ended inside a string (or a NUL came first).
    UnterminatedString,
    /// A `\u` or `\U` escape with a non-hex digit.
    MalformedHexEscape,
    /// Godot 4: a UTF-16 surrogate escape without its other half.
    UnpairedSurrogate,
    /// Godot 4: `&` or `@` not followed by `"`.
    ExpectedQuoteAfterAmpersand,
    /// A token where a value should start (`,`, `]`, the end, …).
    ExpectedValue,
    /// An identifier that is no keyword or constructor in this dialect.
    UnexpectedIdentifier(alloc::string::String),
    /// A specific token was needed (`','`, `':'`, `'('`, `')'`, `']'`, …).
    Expected(&'static str),
    /// The input ended inside an array, dictionary or constructor.
    UnexpectedEnd,
    /// A constructor with the wrong number of arguments.
    WrongArgumentCount {
        /// The constructor.
        name: &'static str,
        /// What it takes.
        expected: usize,
    },
    /// A constructor argument of the wrong kind (a string where a number goes, …).
    BadArgument(&'static str),
    /// A `PackedByteArray("…")` whose base64 does not decode.
    InvalidBase64,
    /// `Resource(…)`, `ExtResource(…)`, `SubResource(…)`, `InputEvent(…)`: the engine
    /// loads or instantiates something; a data reader cannot.
    Unsupported(&'static str),
    /// Nesting deeper than [`TextOptions::max_depth`].
    TooDeep,
    /// Text after the value (see [`TextOptions::allow_trailing`]).
    TrailingText,
    /// The value cannot be written in the dialect, or is too large.
    Build(BuildError),
}

/// A text literal that does not read, with where: the byte offset, and the line and column
/// (1-based; the column counts characters).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} at line {line}, column {column} (byte {offset})")]
pub struct TextError {
    /// What went wrong.
    pub kind: TextErrorKind,
    /// Byte offset in the text.
    pub offset: usize,
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

impl TextError {
    pub(crate) fn at(text: &str, offset: usize, kind: TextErrorKind) -> TextError {
        let offset = offset.min(text.len());
        let before = text.as_bytes().get(..offset).unwrap_or_default();
        let line = 1 + memchr::memchr_iter(b'\n', before).count();
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
        let column = 1 + text
            .get(line_start..offset)
            .map_or(offset - line_start, |s| s.chars().count());
        TextError {
            kind,
            offset,
            line,
            column,
        }
    }
}

impl core::fmt::Display for TextErrorKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TextErrorKind::UnexpectedCharacter => f.write_str("unexpected character"),
            TextErrorKind::UnterminatedString => f.write_str("unterminated string"),
            TextErrorKind::MalformedHexEscape => f.write_str("malformed hex escape in string"),
            TextErrorKind::UnpairedSurrogate => {
                f.write_str("unpaired UTF-16 surrogate escape in string")
            }
            TextErrorKind::ExpectedQuoteAfterAmpersand => f.write_str("expected '\"' after '&'"),
            TextErrorKind::ExpectedValue => f.write_str("expected a value"),
            TextErrorKind::UnexpectedIdentifier(name) => {
                write!(f, "unexpected identifier '{name}'")
            }
            TextErrorKind::Expected(what) => write!(f, "expected {what}"),
            TextErrorKind::UnexpectedEnd => f.write_str("unexpected end of text"),
            TextErrorKind::WrongArgumentCount { name, expected } => {
                write!(f, "{name}() takes {expected} arguments")
            }
            TextErrorKind::BadArgument(what) => write!(f, "expected {what} as argument"),
            TextErrorKind::InvalidBase64 => f.write_str("invalid base64 in PackedByteArray"),
            TextErrorKind::Unsupported(what) => {
                write!(
                    f,
                    "{what}(…) loads or creates engine objects; not supported"
                )
            }
            TextErrorKind::TooDeep => f.write_str("nesting too deep"),
            TextErrorKind::TrailingText => f.write_str("text after the value"),
            TextErrorKind::Build(e) => write!(f, "{e}"),
        }
    }
}

/// Reads one value of the engine's text form (`str_to_var` / `str2var`) and returns its
/// bytes in `dialect`, as `var_to_bytes` / `var2bytes` writes them. The default
/// [`TextOptions`]: floats correctly rounded, nothing after the value.
///
/// Reads every text this crate's `Display` writes (in every `TextStyle`), and what the
/// engine accepts: any whitespace and `;` comments between tokens, trailing commas in
/// arrays and dictionaries, Godot 3 and Godot 4 spellings (`Vector2( 1, 2 )`, `Quat`,
/// `PoolIntArray`, `inf_neg`, `&"name"`, `Array[int]([1])`, …). Objects are read as data
/// (`Object(Class, "prop": value)` becomes a full object; the
/// `Object(EncodedObjectAsID,"object_id":N,…)` that objects sent as ids print becomes that
/// id again). Validates everything; never panics. Cost: one pass, O(text); memory: the
/// output, plus the keys of the dictionary being read (the engine keeps the last of equal
/// keys).
///
/// ```
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = gdvariant::text::parse("{\"hp\": 7, \"at\": Vector2(1, 2.5)}", Dialect::Godot4)?;
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// assert_eq!(value.to_string(), "{\n\"at\": Vector2(1, 2.5),\n\"hp\": 7\n}");
///
/// let err = gdvariant::text::parse("[1,\n  2 3]", Dialect::Godot4).unwrap_err();
/// assert_eq!((err.line, err.column), (2, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str, dialect: Dialect) -> Result<Vec<u8>, TextError> {
    let mut out = Vec::new();
    parse_into(text, dialect, &TextOptions::default(), &mut out)?;
    Ok(out)
}

/// [`parse`] with options, appending to `out`. On error `out` is left as it was.
pub fn parse_into(
    text: &str,
    dialect: Dialect,
    options: &TextOptions,
    out: &mut Vec<u8>,
) -> Result<(), TextError> {
    let start = out.len();
    let result = parser::Parser::new(text, dialect, options, out).run();
    if result.is_err() {
        out.truncate(start);
    }
    result
}
