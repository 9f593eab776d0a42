//! [`EditError`]: why an operation of an [`Edit`](super::Edit) plan was refused.

use alloc::string::String;

use crate::wire::error::Error;
use crate::write::BuildError;

/// Why an operation was refused. A refused operation leaves the plan as it was: the
/// operations accepted before it still apply, and nothing of the refused one does.
///
/// Offsets are absolute, as [`VariantRef::offset`](crate::VariantRef::offset) counts them
/// in the buffer that was parsed (for [`Edit::from_frame`](super::Edit::from_frame), from
/// the start of the file, prefix included). Paths in messages are written in the syntax of
/// [`query`](crate::query), `/` for the top-level value.
///
/// [`EditError::is_not_found`] singles out "the path leads nowhere" (a command line maps
/// it to an exit code of its own).
///
/// ```
/// use gdvariant::{edit::Edit, Dialect, EditError};
///
/// // var_to_bytes({"hp": 10}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
/// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
/// let error = edit.replace("mp", 5).unwrap_err();
/// assert!(error.is_not_found());
/// assert_eq!(error, EditError::NotFound { path: "/".into(), step: 0, name: "mp".into(), offset: 0 });
/// let error = edit.set("hp/x", 5).unwrap_err(); // an int has no parts
/// assert!(matches!(error, EditError::NotAContainer { step: 1, offset: 20, .. }));
/// # Ok::<(), EditError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EditError {
    /// The path text is malformed (see [`query::parse_path`](crate::query::parse_path)).
    #[error("bad path at character {at}: {why}")]
    Syntax {
        /// Character offset in the path.
        at: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A step of the path found nothing: no such key, property or index (or, for
    /// [`Edit::replace`](super::Edit::replace) and [`Edit::delete`](super::Edit::delete),
    /// the last step names nothing to replace or delete).
    #[error("`{path}` has no `{name}` (step {step} of the path; the container is at offset {offset:#x})")]
    NotFound {
        /// The path up to the container that lacks the step.
        path: String,
        /// Which step of the path (0 for the first).
        step: usize,
        /// The step as written.
        name: String,
        /// Offset of the container's header.
        offset: usize,
    },
    /// A step into a value that has no parts: an int, a string, a null object, a packed
    /// array's element, …
    #[error("`{path}` is a {found}, which has no parts (step {step} of the path, at offset {offset:#x})")]
    NotAContainer {
        /// The path up to that value.
        path: String,
        /// Which step of the path tried to go into it.
        step: usize,
        /// Its type name in the dialect (`int`, `String`, …).
        found: &'static str,
        /// Offset of the value's header.
        offset: usize,
    },
    /// [`Edit::insert`](super::Edit::insert) of a Dictionary key or object property that
    /// is already there.
    #[error("`{path}` already has `{name}` (the container is at offset {offset:#x})")]
    AlreadyExists {
        /// The path up to the container.
        path: String,
        /// The key or property as written.
        name: String,
        /// Offset of the container's header.
        offset: usize,
    },
    /// The container does not take a value of this type: an element of a typed Array, a
    /// key or value of a typed Dictionary (Godot 4), a packed array's element, a Godot 4
    /// object's `script` property (null or a String only).
    #[error("`{path}` takes {expected}, not {found} (the container is at offset {offset:#x})")]
    TypeMismatch {
        /// The path of the slot.
        path: String,
        /// What the slot takes (`int`, `an Object of class Node`, `an int in 0..=255`, …).
        expected: String,
        /// The type name of the value given, in the dialect.
        found: &'static str,
        /// Offset of the container's header.
        offset: usize,
    },
    /// A new Dictionary key or property name that Godot would read as another text: it
    /// holds a NUL (Godot stops reading there) or starts with a byte-order mark (Godot
    /// skips it).
    #[error("`{path}`: Godot would not read the new key `{name}` as written (a NUL or a leading byte-order mark)")]
    InvalidKey {
        /// The path up to the container.
        path: String,
        /// The key or property name.
        name: String,
    },
    /// The top-level value cannot be inserted or deleted (it can be replaced).
    #[error("cannot {op} the top-level value")]
    TopLevel {
        /// `insert` or `delete`.
        op: &'static str,
    },
    /// The new value cannot be written in the plan's dialect (a `StringName` or typed
    /// container in Godot 3, …), or the builder refused it.
    #[error("the new value cannot be written: {0}")]
    Unrepresentable(BuildError),
    /// The new value's bytes do not parse as one value in the plan's dialect (offsets count
    /// from the start of those bytes).
    #[error("the new value does not parse: {0}")]
    InvalidValue(Error),
    /// The bytes given to [`Edit::from_bytes`](super::Edit::from_bytes) or
    /// [`Edit::from_frame`](super::Edit::from_frame) do not parse.
    #[error("the input does not parse: {0}")]
    InvalidInput(Error),
    /// The new value, at the depth of its slot, would nest deeper than Godot's limit of
    /// 1024 (the engine would refuse the file).
    #[error("the new value would nest to depth {depth}, over Godot's limit of 1024")]
    TooDeep {
        /// The depth its deepest part would reach.
        depth: usize,
    },
    /// A count or the length prefix would not fit its field: over `i32::MAX` elements, a
    /// frame over `u32::MAX` bytes, an output over `usize::MAX`.
    #[error("the {what} would be {len}, over {max}")]
    TooLarge {
        /// `element count` or `length prefix` or `output length`.
        what: &'static str,
        /// What it would be.
        len: u64,
        /// The most the field holds.
        max: u64,
    },
    /// The operation touches bytes that an operation already in the plan changes (a value
    /// inside a replaced or deleted one, the same value twice, the same new key twice).
    /// Paths name places in the original bytes: to edit a value the plan writes, make a
    /// new plan from the output.
    #[error("`{path}` overlaps a change already in the plan (at offset {offset:#x})")]
    Conflict {
        /// The path of the refused operation.
        path: String,
        /// Offset of the bytes both would change.
        offset: usize,
    },
}

impl EditError {
    /// Does the path lead nowhere ([`EditError::NotFound`])? The other errors are a bad
    /// path, a type that does not fit, a value or input that does not parse, a limit.
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let mut edit = Edit::from_bytes(&[28, 0, 0, 0, 0, 0, 0, 0], Dialect::Godot4)?; // []
    /// assert!(edit.delete("0").unwrap_err().is_not_found());
    /// assert!(!edit.delete("").unwrap_err().is_not_found()); // the top level: TopLevel
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn is_not_found(&self) -> bool {
        matches!(self, EditError::NotFound { .. })
    }

    /// The absolute offset the error points at, when it has one: the container of a path
    /// step, the input's bad byte, the start of conflicting bytes. (A new value's parse
    /// error counts from the start of the new value's bytes: see its [`Error`].)
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let mut edit = Edit::from_bytes(&[28, 0, 0, 0, 0, 0, 0, 0], Dialect::Godot4)?; // []
    /// assert_eq!(edit.delete("0").unwrap_err().offset(), Some(0));
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn offset(&self) -> Option<usize> {
        match self {
            EditError::NotFound { offset, .. }
            | EditError::NotAContainer { offset, .. }
            | EditError::AlreadyExists { offset, .. }
            | EditError::TypeMismatch { offset, .. }
            | EditError::Conflict { offset, .. } => Some(*offset),
            EditError::InvalidInput(e) => Some(e.offset()),
            _ => None,
        }
    }
}

impl From<BuildError> for EditError {
    fn from(e: BuildError) -> Self {
        EditError::Unrepresentable(e)
    }
}
