//! Why a binary resource does not read: a kind and the byte offset where it was found.

use core::fmt;

/// What is wrong in a binary resource (`.res`, `.scn`, `.mesh`). Decide on this, not on
/// the message text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BinaryErrorKind {
    /// The file does not start with `RSRC` (or `RSCC`, compressed).
    BadMagic,
    /// A compressed (`RSCC`) file, read without the `containers` feature, or given to
    /// [`BinaryResource::parse`](super::BinaryResource::parse), which reads plain bytes only
    /// (use [`decompress`](super::decompress) first).
    Compressed,
    /// The compressed container did not open (a damaged block, a size over the limit);
    /// the offset is the container's.
    Container(alloc::string::String),
    /// A format version the engines do not read (they read 1 to 6; 0 is no version).
    UnsupportedVersion(u32),
    /// An engine major version other than 1 to 4.
    UnsupportedEngine(u32),
    /// The input ends inside a field.
    UnexpectedEnd,
    /// A string's bytes are not UTF-8.
    BadUtf8,
    /// A count or length claims more than the rest of the input can hold.
    CountTooLarge(u64),
    /// A string-table reference past the end of the table.
    StringIndex {
        /// The index read.
        index: u32,
        /// The table's size.
        len: usize,
    },
    /// An empty property name (the engine: "corrupt").
    EmptyName,
    /// A value type id neither engine's loader reads.
    UnknownType(u32),
    /// A Godot 4 type in a Godot 3 file.
    TypeNotInVersion(u32),
    /// An object sub-kind other than empty, external, internal or external index.
    UnknownObjectKind(u32),
    /// An internal reference to a resource the file does not list (or, in old files, not
    /// listed before it).
    InternalIndex(u32),
    /// An external-index reference past the external table.
    ExternalIndex(u32),
    /// An internal resource's offset is outside the file.
    BadOffset(u64),
    /// Internal resources whose bodies, read at their offsets, add up to more bytes than
    /// the file has: offsets that point several resources at the same bytes (no saver
    /// writes that). At the table entry of the resource that passed the total.
    Overlap(u64),
    /// The file lists no internal resource (no main resource).
    NoMainResource,
    /// Arrays and Dictionaries nested deeper than the limit.
    TooDeep,
    /// A `PackedScene`'s `_bundled` is not what the engine writes (missing key, wrong
    /// type); names what.
    BadBundle(&'static str),
    /// A `_bundled` index (name, variant, node, node path) out of range; names which.
    BundleIndex(&'static str),
    /// A value could not be written as `var_to_bytes` bytes in the document's dialect.
    Build(crate::write::BuildError),
}

/// A [`BinaryErrorKind`] and the byte offset in the (uncompressed) file where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryError {
    kind: BinaryErrorKind,
    offset: usize,
}

impl BinaryError {
    /// An error of `kind` at `offset`.
    pub fn new(kind: BinaryErrorKind, offset: usize) -> Self {
        BinaryError { kind, offset }
    }

    /// What is wrong.
    pub fn kind(&self) -> &BinaryErrorKind {
        &self.kind
    }

    /// The byte offset where it was found: in the plain `RSRC` bytes (after
    /// decompression for `RSCC` files, except for [`BinaryErrorKind::Container`]).
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for BinaryErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadMagic => f.write_str("not a binary resource (no RSRC or RSCC magic)"),
            Self::Compressed => f.write_str("a compressed (RSCC) resource: decompress it first"),
            Self::Container(e) => write!(f, "the compressed container does not open: {e}"),
            Self::UnsupportedVersion(v) => write!(f, "format version {v} is not read (1 to 6)"),
            Self::UnsupportedEngine(v) => write!(f, "engine major version {v} is not read"),
            Self::UnexpectedEnd => f.write_str("unexpected end of input"),
            Self::BadUtf8 => f.write_str("a string is not UTF-8"),
            Self::CountTooLarge(n) => write!(f, "count or length {n} is more than the input holds"),
            Self::StringIndex { index, len } => {
                write!(f, "string index {index} is past the string table ({len})")
            }
            Self::EmptyName => f.write_str("empty property name"),
            Self::UnknownType(t) => write!(f, "unknown value type id {t}"),
            Self::TypeNotInVersion(t) => {
                write!(f, "value type id {t} is Godot 4's, in a Godot 3 file")
            }
            Self::UnknownObjectKind(k) => write!(f, "unknown object kind {k}"),
            Self::InternalIndex(i) => write!(f, "internal resource {i} is not in the file"),
            Self::ExternalIndex(i) => write!(f, "external resource {i} is not in the file"),
            Self::BadOffset(o) => write!(f, "resource offset {o} is outside the file"),
            Self::Overlap(o) => write!(f, "resource at offset {o} overlaps others"),
            Self::NoMainResource => f.write_str("no internal resource (no main resource)"),
            Self::TooDeep => f.write_str("containers nested deeper than the limit"),
            Self::BadBundle(what) => write!(f, "bad _bundled scene: {what}"),
            Self::BundleIndex(what) => write!(f, "_bundled {what} index out of range"),
            Self::Build(e) => write!(f, "cannot write a value: {e}"),
        }
    }
}

impl fmt::Display for BinaryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.kind, self.offset)
    }
}

impl core::error::Error for BinaryError {}
