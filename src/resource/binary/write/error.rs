//! The writer's errors: what was wrong, and in which section and entry of the Document.

use alloc::string::String;
use core::fmt;

use crate::wire::types::VariantType;

/// What made a [`Document`](crate::resource::Document) unwritable as a binary resource.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BinaryWriteErrorKind {
    /// A `SubResource` reference to an id no `sub_resource` section has (or to one written
    /// later: the binary loader resolves references to resources already loaded only).
    UnknownSubResource(String),
    /// An `ExtResource` reference to an id no `ext_resource` section has.
    UnknownExtResource(String),
    /// A resource document without a `resource` section (or a scene without nodes).
    NoMainResource,
    /// A section lacks an attribute the binary form needs (`type`, `id`, `path`).
    MissingAttribute(&'static str),
    /// An entry's bytes are not a valid `var_to_bytes` value in the document's dialect.
    BadValue,
    /// A value of a type the binary format cannot hold in this engine version (Godot 4
    /// types in a Godot 3 file, packed integer-vector arrays).
    Unsupported(VariantType),
    /// An Object that is not a `SubResource`/`ExtResource` reference: a binary resource
    /// holds objects only as references to resources.
    Object,
    /// A count or length over the format's limit (u32; NodePath parts: 32 767).
    TooLarge,
    /// Arrays/Dictionaries nested deeper than 256.
    TooDeep,
    /// A scene's node or connection section the `_bundled` form cannot express (the
    /// message says which attribute).
    Scene(&'static str),
}

/// A writer error: its kind, and where (the index in [`Document::sections`], `None` for
/// the header, and the entry's name).
///
/// [`Document::sections`]: crate::resource::Document::sections
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinaryWriteError {
    /// What went wrong.
    pub kind: BinaryWriteErrorKind,
    /// The section's index in `Document::sections` (`None`: the header or the file).
    pub section: Option<usize>,
    /// The attribute or property name (empty when the error is not about one).
    pub entry: String,
}

impl BinaryWriteError {
    pub(crate) fn new(kind: BinaryWriteErrorKind, section: Option<usize>, entry: &str) -> Self {
        BinaryWriteError {
            kind,
            section,
            entry: String::from(entry),
        }
    }
}

impl fmt::Display for BinaryWriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot write binary resource: {:?}", self.kind)?;
        if let Some(s) = self.section {
            write!(f, " in section {s}")?;
        }
        if !self.entry.is_empty() {
            write!(f, " at `{}`", self.entry)?;
        }
        Ok(())
    }
}

impl core::error::Error for BinaryWriteError {}
