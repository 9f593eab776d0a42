//! Godot's resource and scene files: text (`.tres`, `.tscn`,
//! `scene/resources/resource_format_text.cpp`) and binary (`.res`, `.scn`, `.mesh`,
//! `core/io/resource_format_binary.cpp`), read into one [`Document`] model.

mod binary;
mod model;

pub use binary::*;
pub use model::{DocKind, Document, Entry, Section, EXT_RESOURCE, SUB_RESOURCE};
