//! Lossless JSON both ways: [`write()`](fn@write) streams a parsed value out as JSON, and
//! [`read()`](fn@read) (or [`read_into()`](fn@read_into)) turns that JSON
//! back into the Variant bytes, through the [`Builder`](crate::Builder), as the engine
//! writes them: `write` then `read` gives every engine-written blob back byte for byte.
//!
//! ```
//! use gdvariant::{json, Dialect, VariantRef};
//!
//! // var_to_bytes({"hp": 10}) in Godot 4
//! let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
//! let mut text = Vec::new();
//! json::write(&mut text, VariantRef::parse(&bytes, Dialect::Godot4)?, &json::WriteOptions::new())?;
//! assert_eq!(text, br#"{"Dictionary":[["hp",10]]}"#);
//! // Edit the text, or write it by hand, and read it back.
//! assert_eq!(json::read(&text, Dialect::Godot4)?, bytes);
//! let edited = json::read(br#"{"Dictionary": [["hp", 11]]}"#, Dialect::Godot4)?;
//! assert_eq!(edited[24], 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module and [`crate::text`] have the same shape:
//!
//! | Verb | `json` | `text` |
//! |---|---|---|
//! | input → Variant bytes | [`read(json, dialect)`](fn@read) | [`text::read(text, dialect)`](crate::text::read) |
//! | … with options | [`read_with(json, dialect, &ReadOptions)`](read_with) | [`text::read_with`](crate::text::read_with) |
//! | … appending to a buffer | [`read_into(json, dialect, &ReadOptions, out)`](read_into) | [`text::read_into`](crate::text::read_into) |
//! | value → output | [`write(out, value, &WriteOptions)`](fn@write) | [`text::write`](crate::text::write()) |
//! | the error | [`JsonError`] = [`SyntaxError`]`<`[`JsonErrorKind`]`>` | [`text::TextError`](crate::text::TextError) = `SyntaxError<TextErrorKind>` |
//!
//! Both readers validate everything in one pass without recursion, take the shared
//! [`Limits`](crate::Limits) in their `ReadOptions` (and enforce its `max_depth`), and
//! leave `out` as it was on error. [`plain`] has the same verbs for plain JSON
//! ([`plain::read`], [`plain::read_like`], [`plain::write`]).
//!
//! The schema is stable. JSON types are used where they are exact; everything else is an
//! object with one key naming the Godot 4 type (the same names for both dialects):
//!
//! | Variant | JSON |
//! |---|---|
//! | null, bool | `null`, `true` / `false` |
//! | int | an integer: `42` |
//! | float | a number that always has a `.` or an exponent: `1.0`, `0.1`, `1e300`, `-0.0`; NaN and infinities: `{"float": "nan"}`, `{"float": "inf"}`, `{"float": "-inf"}` |
//! | String | a string |
//! | StringName | `{"StringName": "name"}` |
//! | math types | `{"Vector3": [1.0, 2.0, 3.5]}`, `{"Vector2i": [1, 2]}`, components in wire order (see [`crate::read::math::MathRef`]); double-precision data adds `"double": true` |
//! | NodePath | `{"NodePath": "/root/Main:position:x"}` |
//! | RID | `{"RID": 94489280513}` |
//! | Object | `{"Object": null}`, `{"Object": {"id": 1234}}`, or `{"Object": {"class": "Resource", "properties": [["name", value], …]}}` |
//! | Callable, Signal | `{"Callable": null}`, `{"Signal": {"name": "ready", "object": 1234}}` |
//! | Array | an array; a typed one: `{"Array": [ … ], "type": T}` |
//! | Dictionary | `{"Dictionary": [[key, value], …]}` in wire order (keys may be any value); typed: `"key_type": T` and/or `"value_type": T` beside it |
//! | PackedByteArray | `{"PackedByteArray": "base64"}` (standard alphabet, padded) |
//! | other packed arrays | `{"PackedInt32Array": [1, 2]}`, `{"PackedVector3Array": [[1.0, 2.0, 3.0], …]}`, `{"PackedStringArray": ["a"]}`; double-precision vectors add `"double": true` |
//!
//! A container type `T` is a builtin type name (`"int"`, `"Vector2"`), `{"class": "Node"}`
//! or `{"script": "res://enemy.gd"}`. Inside math values and packed float arrays, a NaN or
//! infinite component is the string `"nan"`, `"inf"` or `"-inf"`. Floats are written with
//! the shortest digits that read back to the same f32 (f32 data) or f64, laid out as Rust's
//! `{:?}` lays them out (decimal from 1e-4 to below 1e16, exponential beyond); when two
//! shortest forms are equally near, the even digit is chosen, as JavaScript and Python
//! print it.
//!
//! Reading accepts any JSON of this schema, not only the writer's: whitespace anywhere,
//! the keys of a type's object in any order (`"type"`, `"key_type"`, `"value_type"` and
//! `"double"` before or after the data, an Object's `"class"` before or after its
//! `"properties"`), every string escape, integers in float places (`{"Vector2": [1, 2]}`),
//! `{"float": 2}` for a float with an integral value. A JSON integer is an int (32-bit on
//! the wire unless it needs 64); a number with a `.` or an exponent is a float. Errors
//! ([`JsonError`]) name the problem ([`JsonErrorKind`]) and where it is, as a byte
//! offset and a line and column.
//!
//! For jq and other JSON tools, [`plain`] writes and reads plain JSON (a Dictionary is an
//! object, a Vector2 `[1.0, 2.0]`): lossy on its own, exact again with the original value
//! as a template ([`plain::read_like`]).

#[cfg(feature = "parallel")]
mod ahead;
mod entry;
mod options;
pub mod plain;
mod reader;
#[cfg(feature = "parallel")]
mod split;
mod tagged;
mod writer;

pub use crate::format::syntax::SyntaxError;
#[cfg(feature = "parallel")]
pub use ahead::Ahead;
pub use entry::write;
pub use options::{ReadOptions, WriteOptions};
pub use reader::{read, read_into, read_with, JsonError, JsonErrorKind};

/// Appends `text` to `out` as a JSON string, quotes included: `"`, `\` and control
/// characters escaped (`\n`, `\r`, `\t`, else `\u00xx`), as every JSON writer of the
/// crate escapes its strings. For JSON written around the crate's values (a ConfigFile's
/// section and key names, a report's fields). O(text).
///
/// ```
/// let mut out = Vec::new();
/// gdvariant::json::write_string(&mut out, "a \"b\"\n\u{1}");
/// assert_eq!(out, br#""a \"b\"\n\u0001""#);
/// ```
#[cfg(feature = "std")]
pub fn write_string(out: &mut alloc::vec::Vec<u8>, text: &str) {
    out.push(b'"');
    crate::format::escape::json_escaped(out, text.as_bytes());
    out.push(b'"');
}

use crate::wire::dialect::Dialect as D;
use alloc::vec::Vec;
renamed! {
    to_bytes => read "renamed to `json::read`" (json: &[u8], dialect: D) -> Result<Vec<u8>, JsonError>;
    to_bytes_with => read_with "renamed to `json::read_with`" (json: &[u8], dialect: D, options: &ReadOptions) -> Result<Vec<u8>, JsonError>;
    to_bytes_into => read_into "renamed to `json::read_into`" (json: &[u8], dialect: D, options: &ReadOptions, out: &mut Vec<u8>) -> Result<(), JsonError>;
}
