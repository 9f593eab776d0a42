//! What `parse_with` checks and how far it lets untrusted input go.

/// Godot's own nesting limit (`Variant::MAX_RECURSION_DEPTH`): values at depth 0..=1024
/// are accepted, so 1025 levels in all.
pub const GODOT_MAX_DEPTH: u16 = 1024;

/// Resource limits for parsing untrusted bytes, in the spirit of capnp's `ReaderOptions`.
///
/// Memory is never a concern: parsing allocates nothing, whatever the input claims. These
/// limits bound *stack depth* and *time*.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: GODOT_MAX_DEPTH,
            max_nodes: u64::MAX,
            allow_full_objects: true,
            max_unpacked: 1 << 32,
        }
    }
}

/// Options for [`crate::VariantRef::parse_with`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
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
    /// The default options with strict mode on.
    pub fn strict() -> Self {
        ParseOptions {
            strict: true,
            ..ParseOptions::default()
        }
    }
}
