//! [`DeError`] and [`SerError`]: what `from_bytes` and `to_vec` fail with. A deserialization
//! error names where it happened: the path of keys and indexes from the top-level value,
//! and the byte offset of the value that did not fit.

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use core::fmt;

use crate::wire::error::Error;
use crate::wire::types::VariantType;
use crate::write::BuildError;

/// Why [`from_bytes`](crate::from_bytes) or [`from_value`](crate::from_value) failed: the
/// bytes are not a valid value ([`DeError::parse_error`]), or the value does not fit the
/// target type. `Display` gives the path, the reason and the offset:
/// `players[3].hp: expected int, found String at offset 0x1c4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeError {
    inner: Box<Inner>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    /// Keys and indexes from the top-level value, as `players[3].hp`.
    path: String,
    /// What went wrong.
    message: String,
    /// Absolute byte offset of the value that did not fit (or of the parse error).
    offset: Option<usize>,
    /// The bytes were not a valid value.
    parse: Option<Error>,
}

impl DeError {
    fn new(message: String, offset: Option<usize>) -> Self {
        DeError {
            inner: Box::new(Inner {
                path: String::new(),
                message,
                offset,
                parse: None,
            }),
        }
    }

    /// A value of type `found` where the target type needs `expected` (`"int"`,
    /// `"String"`, …), at absolute offset `offset`.
    pub(crate) fn mismatch(expected: &str, found: VariantType, offset: usize) -> Self {
        let found = found.name(crate::wire::dialect::Dialect::Godot4);
        DeError::new(
            alloc::format!("expected {expected}, found {found}"),
            Some(offset),
        )
    }

    /// Sets the offset where the error happened, unless an inner value already did.
    pub(crate) fn at(mut self, offset: usize) -> Self {
        self.inner.offset.get_or_insert(offset);
        self
    }

    /// Prefixes the path with a step: a key (`name`) or an index (`[3]`).
    pub(crate) fn within(mut self, step: Step<'_>) -> Self {
        let mut path = match step {
            Step::Key(key) if is_plain(key) => key.to_string(),
            Step::Key(key) => alloc::format!("[{key:?}]"),
            Step::Index(i) => alloc::format!("[{i}]"),
            Step::Int(i) => alloc::format!("[{i}]"),
            Step::Other(ty) => {
                alloc::format!("[<{}>]", ty.name(crate::wire::dialect::Dialect::Godot4))
            }
        };
        let rest = &self.inner.path;
        if !rest.is_empty() && !rest.starts_with('[') {
            path.push('.');
        }
        path.push_str(rest);
        self.inner.path = path;
        self
    }

    /// Where the error happened: keys and indexes from the top-level value, as
    /// `players[3].hp` (empty at the top level).
    pub fn path(&self) -> &str {
        &self.inner.path
    }

    /// Absolute byte offset of the value that did not fit, or of the invalid bytes.
    pub fn offset(&self) -> Option<usize> {
        self.inner.offset
    }

    /// What went wrong, without the path and the offset.
    pub fn message(&self) -> &str {
        &self.inner.message
    }

    /// The parse error, when the bytes were not a valid value at all.
    pub fn parse_error(&self) -> Option<&Error> {
        self.inner.parse.as_ref()
    }
}

/// A step of an error's path.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Step<'a> {
    /// A String or StringName key, or a property name.
    Key(&'a str),
    /// An Array element or a packed array element.
    Index(usize),
    /// An int key.
    Int(i64),
    /// A key of another type.
    Other(VariantType),
}

/// Can `key` be written bare in a path (`a.b`), or does it need `["…"]`?
fn is_plain(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
}

impl From<Error> for DeError {
    fn from(error: Error) -> Self {
        let mut de = DeError::new(alloc::format!("invalid bytes: {}", error.kind()), None);
        de.inner.offset = Some(error.offset());
        de.inner.parse = Some(error);
        de
    }
}

impl fmt::Display for DeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.inner.path.is_empty() {
            write!(f, "{}: ", self.inner.path)?;
        }
        f.write_str(&self.inner.message)?;
        if let Some(offset) = self.inner.offset {
            write!(f, " at offset {offset:#x}")?;
        }
        Ok(())
    }
}

impl core::error::Error for DeError {}

impl ::serde::de::Error for DeError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        DeError::new(msg.to_string(), None)
    }
}

/// Why [`to_vec`](crate::to_vec) or [`to_writer`](crate::to_writer) failed. Nothing was
/// written: `to_writer` leaves its output as it found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SerError {
    /// The builder refused the value: a type the dialect lacks (StringName, typed
    /// containers and the integer vectors in Godot 3), a count over `i32::MAX`, …
    Build(BuildError),
    /// An integer Godot cannot hold: a `u64` or `u128` over `i64::MAX`, or an `i128` out of
    /// the `i64` range.
    IntOutOfRange(String),
    /// Nesting deeper than Godot's limit of 1024.
    TooDeep,
    /// A `with` helper's payload had the wrong shape (for example a Vector3 of 2
    /// components), or a custom `Serialize` implementation failed.
    Custom(String),
}

impl From<BuildError> for SerError {
    fn from(error: BuildError) -> Self {
        SerError::Build(error)
    }
}

impl fmt::Display for SerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SerError::Build(e) => write!(f, "{e}"),
            SerError::IntOutOfRange(n) => write!(f, "{n} does not fit Godot's 64-bit int"),
            SerError::TooDeep => f.write_str("nesting deeper than Godot's limit of 1024"),
            SerError::Custom(m) => f.write_str(m),
        }
    }
}

impl core::error::Error for SerError {}

impl ::serde::ser::Error for SerError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        SerError::Custom(msg.to_string())
    }
}
