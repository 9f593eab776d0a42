//! Wire primitives, shared by the reader and the writer: the dialects, the one type table,
//! the header word, little-endian field reads, Godot's reading of string bytes, the
//! bounds-checked cursor, the error type and the documented narrowing conversions
//! (`narrow`). Nothing here knows about values.

pub(crate) mod bytes;
pub(crate) mod cast;
pub(crate) mod container_type;
pub(crate) mod cursor;
pub(crate) mod dialect;
pub(crate) mod error;
pub(crate) mod header;
pub(crate) mod narrow;
pub(crate) mod type_list;
pub(crate) mod types;
pub(crate) mod utf8;
