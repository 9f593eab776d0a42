//! The JSON reader: the schema's JSON (see [`crate::json`]) back to Variant bytes, written
//! through the [`Builder`](crate::write::Builder) in one pass, without recursion.
//!
//! Open containers are kept on a heap stack of small frames (one per nesting level,
//! bounded by Godot's depth limit), so deep input costs no thread stack. A container's
//! header is written when its list starts and its count is patched when it ends, as the
//! builder's own container builders do. The schema puts a typed container's element
//! types (and an Object's class, in any key order) where they may come after the
//! elements: such a header is written again when the object closes, and the few bytes
//! that differ are spliced in once, at the end, in one pass over the output.

pub(super) mod error;
mod leaf;
pub(super) mod lex;
mod parse;
mod splice;
pub(super) mod tag;

use alloc::vec::Vec;

pub use error::{JsonError, JsonErrorKind};

use crate::format::json::options::ReadOptions;
use crate::wire::dialect::Dialect;

/// Reads JSON in the schema of [`crate::json`] (what [`write`](super::write()) writes,
/// compact or pretty) and returns the Variant bytes of the value in `dialect`, as the
/// engine writes them (`var_to_bytes`; no `store_var` length prefix). For every value
/// `write` wrote from bytes the engine wrote, the result is those bytes (Godot 3 NodePath
/// padding, which the engine leaves uninitialised, is zero). The default [`ReadOptions`]:
/// Godot's depth limit.
///
/// Validates the whole input: JSON syntax (RFC 8259, UTF-8; whitespace anywhere, keys of
/// a type's object in any order, every escape), the schema (type keys and their values,
/// component counts, integer ranges, base64), Godot's depth limit (values at depth 0 to
/// [`GODOT_MAX_DEPTH`](crate::GODOT_MAX_DEPTH)) and what `dialect` can hold (no
/// `StringName`, `Vector2i`, typed containers or doubles in Godot 3). Integers are 32-bit
/// on the wire unless they need 64; a number with a `.` or an exponent is a float, 32-bit
/// iff it is exactly an f32 (as the engine writes them); math and packed float components
/// are rounded once, straight from the decimal text, to f32 (or to f64 with
/// `"double": true`).
///
/// Cost: one pass over the input, O(length), no recursion: the stack of open containers
/// is on the heap, at most 1025 frames of about 56 bytes. Memory: the output, plus scratch
/// buffers as large as the largest packed array in the input (JSON has no counts, so
/// nothing is reserved for what the input merely claims).
///
/// ```
/// use gdvariant::{json, Dialect, VariantRef};
///
/// let bytes = json::read(br#"{"Dictionary": [["hp", 10], ["pos", {"Vector2": [1.0, 2.0]}]]}"#, Dialect::Godot4)?;
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// assert_eq!(value.to_string(), "{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}");
///
/// // And back: `write` then `read` gives the same bytes.
/// let mut text = Vec::new();
/// json::write(&mut text, value, &json::WriteOptions::new().pretty(true))?;
/// assert_eq!(json::read(&text, Dialect::Godot4)?, bytes);
///
/// // Errors say what and where.
/// let error = json::read(b"[1, 2,\n {\"Vector2i\": [1]}]", Dialect::Godot4).unwrap_err();
/// assert_eq!((error.line(), error.column(), error.offset()), (2, 15, 21));
/// assert_eq!(error.to_string(), "Vector2i takes 2 components, got 1 at line 2, column 15 (byte 21)");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read(json: &[u8], dialect: Dialect) -> Result<Vec<u8>, JsonError> {
    read_with(json, dialect, &ReadOptions::new())
}

/// [`read`] with options: a lower depth limit. Same checks and costs as [`read`].
///
/// ```
/// use gdvariant::json::{self, JsonErrorKind, ReadOptions};
/// use gdvariant::Dialect;
///
/// let options = ReadOptions::new().max_depth(2);
/// let error = json::read_with(b"[[[1]]]", Dialect::Godot4, &options).unwrap_err();
/// assert_eq!((*error.kind(), error.offset()), (JsonErrorKind::TooDeep, 3));
/// ```
pub fn read_with(
    json: &[u8],
    dialect: Dialect,
    options: &ReadOptions,
) -> Result<Vec<u8>, JsonError> {
    // The bytes are about as long as the JSON (1.2 times for small values, 0.4 for
    // packed floats): room for that avoids most of the growth.
    let mut out = Vec::with_capacity(json.len());
    read_into(json, dialect, options, &mut out)?;
    if out.capacity() / 2 > out.len() {
        out.shrink_to_fit();
    }
    Ok(out)
}

/// [`read_with`], appending the bytes to `out` (a buffer reused from call to call, or
/// after a `store_var` length prefix). On error `out` is left as it was. Same checks and
/// costs as [`read`].
///
/// ```
/// use gdvariant::json::{self, ReadOptions};
/// use gdvariant::Dialect;
///
/// // A `store_var` file: the length, then the value.
/// let mut file = vec![0; 4];
/// json::read_into(b"\"hi\"", Dialect::Godot3, &ReadOptions::new(), &mut file)?;
/// let len = (file.len() - 4) as u32;
/// file[..4].copy_from_slice(&len.to_le_bytes());
/// assert_eq!(file, [12, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'i', 0, 0]);
///
/// // Godot 3 has no StringName: an error, at the type key, and `file` is unchanged.
/// let error = json::read_into(br#"{"StringName": "a"}"#, Dialect::Godot3, &ReadOptions::new(), &mut file).unwrap_err();
/// assert_eq!((error.offset(), file.len()), (1, 16));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_into(
    json: &[u8],
    dialect: Dialect,
    options: &ReadOptions,
    out: &mut Vec<u8>,
) -> Result<(), JsonError> {
    let base = out.len();
    let text = core::str::from_utf8(json)
        .map_err(|e| JsonError::locate(json, e.valid_up_to(), JsonErrorKind::InvalidUtf8))?;
    parse::read_text(text, out, dialect, options.limits.max_depth).map_err(|f| {
        out.truncate(base);
        JsonError::locate(json, f.at, f.kind)
    })
}
