//! How JSON is read and written.

use crate::read::options::Limits;

/// How [`read_with`](super::read_with) and [`read_into`](super::read_into)
/// read. The default: Godot's depth limit, as [`read`](super::read) reads.
///
/// `#[non_exhaustive]`: build it with [`ReadOptions::new`] (or `Default`) and the setters;
/// the fields stay public to read and assign.
///
/// ```
/// use gdvariant::json::{self, JsonErrorKind, ReadOptions};
/// use gdvariant::Dialect;
///
/// let options = ReadOptions::new().max_depth(1);
/// assert!(json::read_with(b"[1, []]", Dialect::Godot4, &options).is_ok());
/// let error = json::read_with(b"[[1]]", Dialect::Godot4, &options).unwrap_err();
/// assert_eq!(*error.kind(), JsonErrorKind::TooDeep);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ReadOptions {
    /// The JSON reader enforces [`Limits::max_depth`]: values sit at depths 0 to
    /// `max_depth` (the top level is depth 0); deeper is
    /// [`JsonErrorKind::TooDeep`](super::JsonErrorKind::TooDeep). Default and ceiling:
    /// [`GODOT_MAX_DEPTH`](crate::GODOT_MAX_DEPTH) (values above it are treated as it).
    /// The other limits are not enforced here (reading is already one pass, O(input), and
    /// full objects are data); parse the bytes with [`ParseOptions`](crate::ParseOptions)
    /// to apply them.
    pub limits: Limits,
}

impl ReadOptions {
    /// The defaults: [`Limits::new`].
    pub const fn new() -> Self {
        ReadOptions {
            limits: Limits::new(),
        }
    }

    setters! {
        /// Sets [`ReadOptions::limits`].
        limits: Limits => limits;
        /// Sets [`Limits::max_depth`] in [`ReadOptions::limits`]: the deepest value read.
        max_depth: u16 => limits.max_depth;
    }
}

/// How [`write`](super::write()) and [`plain::write`](super::plain::write) write. The
/// default: compact, no whitespace.
///
/// `#[non_exhaustive]`: build it with [`WriteOptions::new`] (or `Default`) and the setters.
///
/// ```
/// use gdvariant::json::{self, WriteOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]; // [7], Godot 4
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// let mut out = Vec::new();
/// json::write(&mut out, value, &WriteOptions::new().pretty(true))?;
/// assert_eq!(out, b"[\n  7\n]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct WriteOptions {
    /// Indent with two spaces, one value or pair per line. Off (the default): compact.
    pub pretty: bool,
}

impl WriteOptions {
    /// The defaults: compact.
    pub const fn new() -> Self {
        WriteOptions { pretty: false }
    }

    setters! {
        /// Sets [`WriteOptions::pretty`]: indent with two spaces.
        pretty: bool => pretty;
    }
}
