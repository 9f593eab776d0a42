//! Godot's resource and scene files: text (`.tres`, `.tscn`,
//! `scene/resources/resource_format_text.cpp`) and binary (`.res`, `.scn`, `.mesh`,
//! `core/io/resource_format_binary.cpp`), read into one [`Document`] model.
//!
//! ## Text files
//!
//! * [`TextResource::parse`] reads a `.tres` / `.tscn` as the engine does (its dialect
//!   from the header's `format=`) into a [`Document`], and keeps the text and where each
//!   section, attribute and property value is ([`TextResource::section_spans`],
//!   [`TextResource::get`]).
//! * [`TextResource::set_text`] and [`TextResource::delete`] edit one value (or line),
//!   keeping comments, blank lines, spacing and order; paths such as `name`,
//!   `sub:ID/name`, `node:Enemies/Enemy1/position`, `ext:ID/path`, `header/format`.
//! * [`Document::to_text`] writes any document as `ResourceSaver.save` writes it, in the
//!   document's engine style (Godot 3's `SubResource( 1 )`, Godot 4's
//!   `SubResource("id")`); [`Document::to_text_with`] picks the style (Godot 3.2's
//!   files differ from 3.5+'s). An engine-written file reads and writes back byte for
//!   byte.
//! * In the text form itself, [`ReadOptions::resource_refs`](crate::text::ReadOptions::resource_refs)
//!   reads the references alone.

mod binary;
mod model;
mod text;

pub use binary::*;
pub use model::{DocKind, Document, Entry, Section, EXT_RESOURCE, SUB_RESOURCE};
pub use text::{ResourceError, ResourceErrorKind, ResourceOptions, SectionSpan, TextResource};
