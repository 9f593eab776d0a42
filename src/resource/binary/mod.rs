//! Binary resources and scenes (`.res`, `.scn`, `.mesh`; `core/io/resource_format_binary.cpp`):
//! a zero-copy reader that validates once, and the conversion to the shared [`Document`].
//!
//! # What is read and validated
//!
//! [`BinaryResource::parse`] reads an `RSRC` file the way the engine's loader does, for
//! Godot 3 (format version 3) and Godot 4 (up to 6; every version 1..=6 is accepted, others
//! are [`BinaryErrorKind::UnsupportedVersion`]): the header (byte order, real size, engine
//! version, main class, import-metadata offset, Godot 4's flags, UID and script class, the
//! reserved words), the string table, the external resources (class, path, UID), the
//! internal resources (path, offset) and, for each internal resource, its class and its
//! properties, whose values are in the binary encoding's own type ids (see
//! [`BinPackedKind`] and `types.rs`, not `var_to_bytes`' table). In one pass:
//!
//! * every count is checked against the bytes left before anything is reserved for it (a
//!   count claiming 2^31 elements fails at once with [`BinaryErrorKind::CountTooLarge`]);
//! * every offset is checked against the input, every string for UTF-8, every string-table,
//!   internal and external reference against its table;
//! * Array/Dictionary nesting is bounded ([`BinaryOptions::max_depth`], default 256:
//!   [`BinaryErrorKind::TooDeep`]); the reader recurses, so this bounds its stack;
//! * every error is a [`BinaryError`]: a kind and the byte offset where it was found. No
//!   input makes it panic.
//!
//! Strings, math components and packed arrays are borrowed from the input: a packed
//! Vector3 array is a [`Packed`](crate::read::packed::Packed)`<[f32; 3]>` over the file's
//! bytes, made in O(1) (as `&[[F32; 3]]` at any alignment, `&[[f32; 3]]` when aligned).
//!
//! **Cost**: O(input) for the tables, strings and containers, O(1) per packed array
//! (except string arrays, whose items are checked); the total work is linear in the input
//! whatever it claims (resource bodies that overlap are refused once they add up to more
//! than the file, [`BinaryErrorKind::Overlap`]). `benches/resource.rs` on a shared 2-core
//! machine: the 1.2 MB 100 000-vertex mesh validates in about 0.6 µs (its vertex buffer is
//! checked in O(1), not read), the 15 small engine-written fixtures at 0.8–0.95 GB/s, a
//! memcpy of the same bytes at 45–90 GB/s.
//!
//! Compressed files (`RSCC`, feature `containers`): [`decompress`] opens the GCPF-style
//! block container (the compressed stream starts right after the `RSCC` magic) into an
//! owned buffer, bounded by [`BinaryOptions::max_unpacked`]; [`read_document`] does both.
//!
//! # To the Document
//!
//! [`BinaryResource::to_document`] builds the [`Document`] the engine's text saver would
//! write for the same resource (see `document.rs` for the rules, and where the engine's
//! output is not a function of the file: Godot 4's external ids, typed Arrays).
//!
//! # Writing
//!
//! [`Document::to_binary`] writes any document (read from a `.tres`/`.tscn` or a binary
//! file) as the engine's binary saver does; with feature `containers`,
//! `Document::to_binary_compressed` writes `RSCC`. See `write/mod.rs` for what is written
//! and where an engine-written file does not come back byte for byte (the engine's string
//! table lists property names the file never uses, its null properties, Godot 4's random
//! main-resource id).
//!
//! ```
//! # fn main() -> Result<(), gdvariant::resource::BinaryError> {
//! use gdvariant::resource::BinaryResource;
//!
//! # let bytes = include_bytes!("../../../tests/fixtures/resources/g4/gradient.res");
//! let res = BinaryResource::parse(bytes)?;
//! assert_eq!(res.header.class, "Gradient");
//! assert_eq!(res.header.format_version, 6);
//! let main = res.main().unwrap();
//! let offsets = main.get("offsets").unwrap();
//! let doc = res.to_document()?;
//! assert_eq!(doc.sections.last().unwrap().tag, "resource");
//! # let _ = offsets;
//! # Ok(())
//! # }
//! ```

mod cursor;
mod document;
mod encode;
mod error;
mod file;
mod packed;
#[cfg(feature = "containers")]
mod rscc;
pub(crate) mod scene;
mod types;
mod value;
mod write;

pub use error::{BinaryError, BinaryErrorKind};
pub use file::{
    BinaryHeader, BinaryOptions, BinaryResource, ExternalResource, InternalResource, Property,
    DEFAULT_MAX_DEPTH, FLAG_HAS_SCRIPT_CLASS, FLAG_NAMED_SCENE_IDS, FLAG_REAL_T_IS_DOUBLE,
    FLAG_UIDS,
};
pub use packed::BinPacked;
#[cfg(feature = "containers")]
pub use rscc::{decompress, read_document, Unpacked};
pub use types::BinPackedKind;
pub use value::{BinMath, BinNodePath, BinObject, BinValue};
pub use write::{BinaryWriteError, BinaryWriteErrorKind, BinaryWriteOptions};

#[allow(unused_imports)] // the doc links above
use super::model::Document;
