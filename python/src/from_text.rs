//! `from_json` and `from_text`: the bytes of a value written as text, the crate's JSON or
//! the engine's text form (the JavaScript package's `fromJSON` and `fromText`).

use gdvariant::json::plain::{self as plain_json, JsonForm};
use gdvariant::json::SyntaxError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::context::{decode_error, write_dialect};

/// A reader's error as a `DecodeError` of kind "syntax_error": `.offset` is the byte
/// offset in the UTF-8 text, `.line` and `.column` (1-based; the column counts characters)
/// where it is, and the message says what is wrong, and where.
fn syntax_error<K: std::fmt::Display>(py: Python<'_>, e: &SyntaxError<K>) -> PyErr {
    let err = decode_error(py, "syntax_error", e.offset(), e.to_string());
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of memory.
    let _ = value.setattr("line", e.line());
    let _ = value.setattr("column", e.column());
    err
}

/// The engine's exact bytes for the value that JSON `text` describes: the crate's lossless
/// JSON (what `to_json` writes, the schema of `gdvariant from-json`) with `plain=False`
/// (the default); plain JSON, as people write it (objects are Dictionaries with String
/// keys, numbers ints or floats), with `plain=True`; `plain=None` tells them apart by the
/// document's first object's first key. `godot`: the dialect written, as for `dumps`
/// (None: GDVARIANT_GODOT's, else 4). Validates everything (JSON syntax, the schema,
/// nesting up to 1024, what the dialect can hold): bad JSON raises DecodeError (kind
/// "syntax_error") with `.offset` (byte in the UTF-8 text), `.line` and `.column`. The
/// GIL is released while it reads. Cost: O(len(text)).
///
/// >>> gdvariant.from_json('{"Vector2": [1, 2]}') == gdvariant.dumps(gdvariant.Vector2(1, 2))
/// True
/// >>> gdvariant.loads(gdvariant.from_json('{"hp": [10, 2.5]}', plain=True))
/// {'hp': [10, 2.5]}
/// >>> gdvariant.from_json('[1, 2,\n {"Vector2i": [1]}]')
/// Traceback (most recent call last):
///     ...
/// gdvariant.DecodeError: Vector2i takes 2 components, got 1 at line 2, column 15 (byte 21)
#[pyfunction]
#[pyo3(signature = (text, godot = None, plain = Some(false)), text_signature = "(text, godot=None, plain=False)")]
pub fn from_json<'py>(
    py: Python<'py>,
    text: &str,
    godot: Option<&Bound<'py, PyAny>>,
    plain: Option<bool>,
) -> PyResult<Bound<'py, PyBytes>> {
    let dialect = write_dialect(py, godot)?;
    let json = text.as_bytes();
    let plain = plain.unwrap_or_else(|| plain_json::detect(json) == JsonForm::Plain);
    let bytes = py.detach(|| {
        if plain {
            plain_json::read(json, dialect)
        } else {
            gdvariant::json::read(json, dialect)
        }
    });
    match bytes {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(e) => Err(syntax_error(py, &e)),
    }
}

/// The engine's exact bytes for the value that `text` writes in the engine's text form
/// (what `var_to_str` / `var2str` and `to_text` write, and what the engine's
/// `str_to_var` reads: Godot 3 and Godot 4 spellings, comments, trailing commas).
/// `godot`: the dialect written, as for `dumps` (None: GDVARIANT_GODOT's, else 4).
/// Objects are data (`Object(Class, "prop": value)` is a full object). Bad text raises
/// DecodeError (kind "syntax_error") with `.offset` (byte in the UTF-8 text), `.line` and
/// `.column`. The GIL is released while it reads. Cost: O(len(text)).
///
/// >>> gdvariant.from_text('{"hp": 10}') == gdvariant.dumps({"hp": 10})
/// True
/// >>> gdvariant.loads(gdvariant.from_text('Vector2(1, 2.5)', godot=3), godot=3)
/// Vector2(1.0, 2.5)
/// >>> gdvariant.from_text('[1,\n  2 3]')
/// Traceback (most recent call last):
///     ...
/// gdvariant.DecodeError: expected ',' or a closing bracket at line 2, column 5 (byte 8)
#[pyfunction]
#[pyo3(signature = (text, godot = None), text_signature = "(text, godot=None)")]
pub fn from_text<'py>(
    py: Python<'py>,
    text: &str,
    godot: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyBytes>> {
    let dialect = write_dialect(py, godot)?;
    match py.detach(|| gdvariant::text::read(text, dialect)) {
        Ok(bytes) => Ok(PyBytes::new(py, &bytes)),
        Err(e) => Err(syntax_error(py, &e)),
    }
}
