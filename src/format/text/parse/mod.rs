//! Reading the engines' text form back into bytes: what `str2var` (Godot 3) and
//! `str_to_var` (Godot 4) read, and everything this crate's `Display` writes in any
//! [`TextStyle`](super::TextStyle).

mod call;
mod keys;
mod lex;
mod names;
mod number;
mod parser;
mod sequence;

use alloc::vec::Vec;

use crate::format::syntax::SyntaxError;
use crate::format::text::options::ReadOptions;
use crate::wire::dialect::Dialect;
use crate::write::BuildError;

pub(crate) use parser::Scratch;
pub use sequence::{read_sequence, Sequence};

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
    /// Nesting deeper than [`Limits::max_depth`](crate::Limits::max_depth) of
    /// [`ReadOptions::limits`].
    TooDeep,
    /// Text after the value (see [`ReadOptions::allow_trailing`]).
    TrailingText,
    /// The value cannot be written in the dialect, or is too large.
    Build(BuildError),
}

/// A text literal that does not read: what ([`TextErrorKind`]) and where, as a byte
/// offset and a 1-based line and column (the column counts characters). See
/// [`SyntaxError`] for the accessors.
///
/// ```
/// use gdvariant::text::{self, TextErrorKind};
/// use gdvariant::Dialect;
///
/// let error = text::read("{\"hp\": 10,\n \"pos\": Vector2(1)}", Dialect::Godot4).unwrap_err();
/// assert_eq!(*error.kind(), TextErrorKind::WrongArgumentCount { name: "Vector2", expected: 2 });
/// assert_eq!((error.line(), error.column()), (2, 18));
/// ```
pub type TextError = SyntaxError<TextErrorKind>;

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
/// bytes in `dialect`, as `var_to_bytes` / `var2bytes` writes them (no `store_var` length
/// prefix). The default [`ReadOptions`]: floats correctly rounded, nothing after the value,
/// Godot's depth limit.
///
/// Reads every text this crate's `Display` writes (in every `TextStyle`), and what the
/// engine accepts: any whitespace and `;` comments between tokens, trailing commas in
/// arrays and dictionaries, Godot 3 and Godot 4 spellings (`Vector2( 1, 2 )`, `Quat`,
/// `PoolIntArray`, `inf_neg`, `&"name"`, `Array[int]([1])`, …). Objects are read as data
/// (`Object(Class, "prop": value)` becomes a full object; the
/// `Object(EncodedObjectAsID,"object_id":N,…)` that objects sent as ids print becomes that
/// id again). Validates everything; never panics. Cost: one pass, O(text), no recursion;
/// memory: the output, plus the keys of the dictionary being read (the engine keeps the
/// last of equal keys).
///
/// ```
/// use gdvariant::{text, Dialect, VariantRef};
///
/// let bytes = text::read("{\"hp\": 7, \"at\": Vector2(1, 2.5)}", Dialect::Godot4)?;
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// assert_eq!(value.to_string(), "{\n\"at\": Vector2(1, 2.5),\n\"hp\": 7\n}");
///
/// let err = text::read("[1,\n  2 3]", Dialect::Godot4).unwrap_err();
/// assert_eq!((err.line(), err.column()), (2, 5));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(text: &str, dialect: Dialect) -> Result<Vec<u8>, TextError> {
    read_with(text, dialect, &ReadOptions::new())
}

/// [`read`] with options: the engine's float conversion, text after the value, a
/// lower depth limit. Same checks and costs as [`read`].
///
/// ```
/// use gdvariant::text::{self, ReadOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// // The engine reads the first value and ignores the rest.
/// let options = ReadOptions::new().allow_trailing(true);
/// let bytes = text::read_with("7 trailing words", Dialect::Godot4, &options)?;
/// assert_eq!(VariantRef::parse(&bytes, Dialect::Godot4)?.as_int(), Some(7));
/// assert!(text::read("7 trailing words", Dialect::Godot4).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_with(
    text: &str,
    dialect: Dialect,
    options: &ReadOptions,
) -> Result<Vec<u8>, TextError> {
    let mut out = Vec::new();
    read_into(text, dialect, options, &mut out)?;
    Ok(out)
}

/// [`read_with`], appending the bytes to `out` (a buffer reused from call to call, or
/// after a `store_var` length prefix). On error `out` is left as it was. Same checks and
/// costs as [`read`].
///
/// ```
/// use gdvariant::text::{self, ReadOptions};
/// use gdvariant::Dialect;
///
/// // A `store_var` file: the length, then the value.
/// let mut file = vec![0; 4];
/// text::read_into("\"hi\"", Dialect::Godot3, &ReadOptions::new(), &mut file)?;
/// let len = (file.len() - 4) as u32;
/// file[..4].copy_from_slice(&len.to_le_bytes());
/// assert_eq!(file, [12, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'i', 0, 0]);
///
/// // Godot 3 has no StringName: an error, and `file` is unchanged.
/// assert!(text::read_into("&\"a\"", Dialect::Godot3, &ReadOptions::new(), &mut file).is_err());
/// assert_eq!(file.len(), 16);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_into(
    text: &str,
    dialect: Dialect,
    options: &ReadOptions,
    out: &mut Vec<u8>,
) -> Result<(), TextError> {
    let start = out.len();
    let result = parser::Parser::new(text, dialect, options, out).run();
    if result.is_err() {
        out.truncate(start);
    }
    result
}

/// Reads one value that starts at byte `pos` of `text` (whitespace and `;` comments
/// before it skipped) and appends its bytes to `out`; returns where the value ends (after
/// its last token). Whatever follows is the caller's. Errors are located in the whole
/// `text`; on error `out` is left as it was. For the readers of files that hold values
/// among other syntax (resource and scene files).
#[cfg_attr(not(feature = "resource"), allow(dead_code))]
/// `ext` is the file's external resources so far, `(id, path)`: with
/// `options.resource_refs`, a typed container's `ExtResource("id")` type is the script
/// at that path (`ContainerType::Script`), as `var_to_bytes` holds it.
pub(crate) fn read_at<'o>(
    text: &str,
    pos: usize,
    dialect: Dialect,
    options: &ReadOptions,
    ext: &'o [(alloc::string::String, alloc::string::String)],
    out: &'o mut Vec<u8>,
    scratch: &mut Scratch,
) -> Result<usize, TextError> {
    let start = out.len();
    let mut parser = parser::Parser::new(text, dialect, options, out).with_scratch(scratch);
    parser.ext = ext;
    let result = parser.run_at(pos);
    parser.into_scratch(scratch);
    if result.is_err() {
        out.truncate(start);
    }
    result
}
