//! The binary reader's error: a kind plus the byte offset where it was found. (Other
//! parts have their own: `SyntaxError` for the text and JSON readers, `BuildError` for
//! the writer, `FrameError`, `ContainerError`, `EditError`, serde's `DeError`.)

use core::fmt;

/// What went wrong. Decide on this, not on the message text.
///
/// The enum is `#[non_exhaustive]`: new kinds may be added in minor releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input ends inside a fixed-size field (a header, a number, a count).
    UnexpectedEnd,
    /// A length or element count claims more bytes than remain in the input, or is negative
    /// when read as Godot's `int32` (`>= 2^31`), or the product `count * element_size`
    /// overflows. Nothing is allocated from such a count.
    LengthOutOfBounds,
    /// The low byte of a header is not a type id of the chosen dialect.
    UnknownType(u8),
    /// A string (text before its first NUL, after an optional BOM) is not valid UTF-8.
    InvalidUtf8,
    /// Nesting goes deeper than [`crate::Limits::max_depth`] (Godot: 1024).
    TooDeep,
    /// More nodes than [`crate::Limits::max_nodes`].
    TooManyNodes,
    /// A typed Array/Dictionary names a builtin element type id that does not exist.
    InvalidContainerType(u32),
    /// A NodePath without the "new format" bit (bit 31 of its first word).
    OldNodePath,
    /// A full object (class name + properties) while [`crate::Limits::allow_full_objects`] is off
    /// (the engine's `allow_objects = false`).
    FullObjectNotAllowed,
    /// A Godot 4 object property named `script` whose value is neither null nor a String.
    InvalidScriptProperty,
    /// Bytes follow the value where the input must hold exactly one ([`crate::VariantRef::parse`],
    /// [`crate::VariantBuf::new`], strict mode everywhere). The error's offset is where
    /// the value ends.
    TrailingBytes {
        /// How many bytes follow the value.
        left: usize,
        /// How many `store_var` frames (each a 4-byte little-endian length, then a value
        /// filling it exactly) the whole input reads as in the same dialect, when it does;
        /// else 0. A file of `store_var` calls read as one value typically parses its
        /// first length prefix as a header: this says so.
        frames: u32,
    },
    /// Strict mode: a header bit that this type does not use is set, or the count's old
    /// "shared" bit (bit 31) is set, or string padding is missing after a byte array.
    NonCanonical,
}

impl ErrorKind {
    /// The kind's name, without its fields: `"UnexpectedEnd"`, `"UnknownType"`,
    /// `"TrailingBytes"`, … A short stable name for other languages' bindings and scripts:
    /// the `kind` the Python and npm packages give a `DecodeError`. O(1).
    ///
    /// ```
    /// use gdvariant::ErrorKind;
    ///
    /// assert_eq!(ErrorKind::UnknownType(0x63).code(), "UnknownType");
    /// assert_eq!(ErrorKind::TrailingBytes { left: 4, frames: 0 }.code(), "TrailingBytes");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            ErrorKind::UnexpectedEnd => "UnexpectedEnd",
            ErrorKind::LengthOutOfBounds => "LengthOutOfBounds",
            ErrorKind::UnknownType(_) => "UnknownType",
            ErrorKind::InvalidUtf8 => "InvalidUtf8",
            ErrorKind::TooDeep => "TooDeep",
            ErrorKind::TooManyNodes => "TooManyNodes",
            ErrorKind::InvalidContainerType(_) => "InvalidContainerType",
            ErrorKind::OldNodePath => "OldNodePath",
            ErrorKind::FullObjectNotAllowed => "FullObjectNotAllowed",
            ErrorKind::InvalidScriptProperty => "InvalidScriptProperty",
            ErrorKind::TrailingBytes { .. } => "TrailingBytes",
            ErrorKind::NonCanonical => "NonCanonical",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            ErrorKind::UnexpectedEnd => "input ends inside a field",
            ErrorKind::LengthOutOfBounds => "length or count exceeds the remaining input",
            ErrorKind::UnknownType(_) => "unknown type id",
            ErrorKind::InvalidUtf8 => "string is not valid UTF-8",
            ErrorKind::TooDeep => "nesting is too deep",
            ErrorKind::TooManyNodes => "too many nodes",
            ErrorKind::InvalidContainerType(_) => "invalid typed-container element type",
            ErrorKind::OldNodePath => "NodePath in the unsupported old format",
            ErrorKind::FullObjectNotAllowed => "full objects are not allowed",
            ErrorKind::InvalidScriptProperty => "object `script` property is not a String",
            ErrorKind::TrailingBytes { .. } => "trailing bytes after the value",
            ErrorKind::NonCanonical => "non-canonical encoding",
        };
        f.write_str(text)?;
        match self {
            ErrorKind::UnknownType(id) => write!(f, " {id:#04x}"),
            ErrorKind::InvalidContainerType(id) => write!(f, " {id}"),
            ErrorKind::TrailingBytes { left, frames } => {
                write!(f, " ({left} left over)")?;
                match frames {
                    0 => Ok(()),
                    1 => f.write_str(
                        "; this looks like a store_var frame (a 4-byte length, then the value): \
                         use frame::detect or frame::frames",
                    ),
                    n => write!(
                        f,
                        "; this looks like {n} store_var frames: use frame::detect or frame::frames"
                    ),
                }
            }
            _ => Ok(()),
        }
    }
}

/// A decoding error: what went wrong and the absolute byte offset where it was detected.
///
/// `Error` is `Copy`, three words in size, and never allocates. Its `Display` reads like
/// `unknown type id 0x63 at offset 0x10`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{kind} at offset {offset:#x}")]
pub struct Error {
    kind: ErrorKind,
    offset: usize,
}

impl Error {
    /// Makes an error of `kind` at absolute byte `offset`.
    #[cold]
    pub const fn new(kind: ErrorKind, offset: usize) -> Self {
        Error { kind, offset }
    }

    /// What went wrong.
    pub const fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The absolute byte offset (from the start of the buffer given to `parse`) of the field
    /// that is wrong: the header for type errors, the length word for length errors, the first
    /// byte of the string for UTF-8 errors.
    pub const fn offset(&self) -> usize {
        self.offset
    }
}
