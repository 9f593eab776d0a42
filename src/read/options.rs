//! What `parse_with` checks and how far it lets untrusted input go.

/// Godot's own nesting limit (`Variant::MAX_RECURSION_DEPTH`): values at depth 0..=1024
/// are accepted, so 1025 levels in all.
pub const GODOT_MAX_DEPTH: u16 = 1024;

/// Resource limits for reading untrusted input, in the spirit of capnp's `ReaderOptions`.
/// One set of limits for every reader: the binary parser ([`ParseOptions::limits`]), the
/// frame readers, the container opener, and the text and JSON readers (which enforce
/// `max_depth`; see their options).
///
/// Memory is never a concern for the binary parser: it allocates nothing, whatever the
/// input claims. These limits bound *stack depth* and *time*.
///
/// `#[non_exhaustive]`: build it with [`Limits::new`] (or `Default`) and the setters; the
/// fields stay public to read and assign.
///
/// ```
/// use gdvariant::{Dialect, ErrorKind, Limits, ParseOptions, VariantRef};
///
/// let limits = Limits::new().max_depth(1).allow_full_objects(false);
/// let nested = [28, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0]; // [[]]
/// assert!(VariantRef::parse_with(&nested, Dialect::Godot4, &ParseOptions::new().limits(limits)).is_ok());
/// let limits = limits.max_depth(0);
/// let error = VariantRef::parse_with(&nested, Dialect::Godot4, &ParseOptions::new().limits(limits)).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::TooDeep);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Deepest nesting accepted; the top-level value is depth 0. Default and ceiling:
    /// [`GODOT_MAX_DEPTH`] (1024), like the engine's decoder, so anything Godot writes is
    /// read. Values above the ceiling are treated as the ceiling. The validator does not
    /// recurse, so this limit exists for agreement with the engine and to bound the
    /// recursion of callers that walk the tree.
    pub max_depth: u16,
    /// Most nodes (values, counting every key, element and property value) accepted.
    /// Default `u64::MAX`: validation time is already linear in the input length because
    /// every node takes at least 4 bytes. Lower it to bound work per message.
    pub max_nodes: u64,
    /// Accept full objects (class name + properties) as inert data. Default `true`: this
    /// crate never instantiates a class or runs a script, so a full object is just a
    /// record. Set `false` to reject them like the engine's `allow_objects = false`
    /// (`ErrorKind::FullObjectNotAllowed`). Objects encoded as instance ids are always
    /// accepted, as in the engine.
    pub allow_full_objects: bool,
    /// Most bytes a compressed or encrypted container (GCPF, GDEC, a `compress()` stream)
    /// may decode to (`crate::container::open`). Default 4 GiB, the most a GCPF header can
    /// state. Every size a container claims is also checked against the input itself
    /// (the bytes that would hold it) before memory is reserved for it.
    pub max_unpacked: u64,
}

impl Limits {
    /// The defaults: [`GODOT_MAX_DEPTH`], no node limit, full objects accepted, 4 GiB
    /// unpacked.
    pub const fn new() -> Self {
        Limits {
            max_depth: GODOT_MAX_DEPTH,
            max_nodes: u64::MAX,
            allow_full_objects: true,
            max_unpacked: 1 << 32,
        }
    }

    setters! {
        /// Sets [`Limits::max_depth`]: the deepest nesting accepted.
        max_depth: u16 => max_depth;
        /// Sets [`Limits::max_nodes`]: the most values accepted.
        max_nodes: u64 => max_nodes;
        /// Sets [`Limits::allow_full_objects`]: whether full objects are read as data.
        allow_full_objects: bool => allow_full_objects;
        /// Sets [`Limits::max_unpacked`]: the most bytes a container may decode to.
        max_unpacked: u64 => max_unpacked;
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits::new()
    }
}

/// Options for [`crate::VariantRef::parse_with`] (and [`crate::VariantBuf::with_options`],
/// the frame readers through [`crate::frame::FrameOptions`], …).
///
/// `#[non_exhaustive]`: build it with [`ParseOptions::new`] (or `Default`) and the
/// setters, which reach into [`ParseOptions::limits`] too; the fields stay public to read
/// and assign.
///
/// ```
/// use gdvariant::{Dialect, ErrorKind, ParseOptions, VariantRef};
///
/// let options = ParseOptions::new().strict(true).max_depth(64);
/// // 7 with the unused header bit 8 set: the engine reads it; strict mode does not.
/// let bytes = [2, 1, 0, 0, 7, 0, 0, 0];
/// assert!(VariantRef::parse(&bytes, Dialect::Godot4).is_ok());
/// let error = VariantRef::parse_with(&bytes, Dialect::Godot4, &options).unwrap_err();
/// assert_eq!(error.kind(), ErrorKind::NonCanonical);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Resource limits.
    pub limits: Limits,
    /// Strict mode rejects what the engine silently tolerates: bytes after the value
    /// (`ErrorKind::TrailingBytes`), header bits the type does not use, the old "shared"
    /// bit 31 of Array/Dictionary counts, a negative PackedStringArray or object property
    /// count, and a byte array whose padding is cut off by the end of the input (all
    /// `ErrorKind::NonCanonical`). Default `false`: accept what the engine accepts.
    pub strict: bool,
}

impl ParseOptions {
    /// The defaults: [`Limits::new`], strict mode off.
    pub const fn new() -> Self {
        ParseOptions {
            limits: Limits::new(),
            strict: false,
        }
    }

    setters! {
        /// Sets [`ParseOptions::strict`]: reject what the engine silently tolerates.
        strict: bool => strict;
        /// Sets [`ParseOptions::limits`].
        limits: Limits => limits;
        /// Sets [`Limits::max_depth`] in [`ParseOptions::limits`].
        max_depth: u16 => limits.max_depth;
        /// Sets [`Limits::max_nodes`] in [`ParseOptions::limits`].
        max_nodes: u64 => limits.max_nodes;
        /// Sets [`Limits::allow_full_objects`] in [`ParseOptions::limits`].
        allow_full_objects: bool => limits.allow_full_objects;
    }
}
