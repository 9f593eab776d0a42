//! The `gdvariant` Python package's native module (`gdvariant._native`): Godot's Variant
//! binary serialization through the `gdvariant` crate. Every byte is read and written by
//! the crate; this module only turns its values into Python objects and back.

#![forbid(clippy::undocumented_unsafe_blocks)]
#![deny(unsafe_code)]
// allowed in `input` only (SAFETY.md)
// The classes carry the engine's names (`RID`, `AABB`), which Python users type.
#![allow(clippy::upper_case_acronyms)]

mod classes;
mod container;
mod context;
mod decode;
mod encode;
mod frames;
mod input;
mod lazy;
mod math;
mod packed;
mod read;

use gdvariant::frame::{FrameOptions, Hints, DEFAULT_MAX_FRAME};
use gdvariant::{json, TextStyle, GODOT_MAX_DEPTH};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::context::{dialect, options, DecodeError, EncodeError};
use crate::input::Input;
use crate::packed::Source;

/// Decodes bytes-like `data` (bytes, bytearray, memoryview, mmap) into Python values.
///
/// Validated first, in one pass, with the limits given: nesting `max_depth` (1024, the
/// engine's), `max_nodes` values at most, full objects refused with `allow_objects=False`.
/// Then built in one more pass, without recursion. Cost: O(len(data)); packed arrays are
/// read-only NumPy views of `data` in O(1) (copied only when misaligned), memoryviews
/// without NumPy. `prefixed`: True for a store_var / put_var frame (u32 length first),
/// False for raw var_to_bytes bytes, None to recognise a frame by its length.
/// `godot`: 3, 4, "pm-a", "pm-b" or "pm-c". Raises DecodeError (.offset, .kind).
///
/// A file the engine compressed (GCPF) or encrypted (GDEC), or a `compress()` stream, is
/// opened first (see `unpack`: `password=`, `key=` for an encrypted file, `decompress=`
/// for a FastLZ or Brotli stream); packed arrays then view the decoded bytes, and an
/// error in the value inside has its offset in them. Plain bytes are not copied.
///
/// >>> gdvariant.loads(b"\x02\x00\x00\x00\x07\x00\x00\x00")
/// 7
/// >>> gdvariant.loads(gdvariant.pack(gdvariant.dumps("hi"), password="hunter2"), password="hunter2")
/// 'hi'
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=4, *, prefixed=None, allow_objects=True, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
fn loads<'py>(
    data: &Bound<'py, PyAny>,
    godot: Option<&Bound<'py, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    max_depth: u16,
    max_nodes: Option<u64>,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = data.py();
    let dialect = godot
        .map(dialect)
        .transpose()?
        .unwrap_or(gdvariant::Dialect::Godot4);
    let (input, object) = container::open_input(
        data,
        &container::open_options(password, key, decompress)?,
        Hints {
            dialect: Some(dialect),
            prefixed,
        },
    )?;
    let bytes = input.bytes();
    let value = read::parse(
        py,
        bytes,
        dialect,
        prefixed,
        &options(allow_objects, max_depth, max_nodes),
    )?;
    let mut source = Source::new(object, bytes);
    decode::to_python(&value, &mut source)
}

/// The engine's exact bytes for `obj`: what var_to_bytes writes (with `prefixed`, what
/// store_var writes). Python values map to Godot types as `loads` gives them (int and float
/// take 32 bits when they fit, like the engine; NumPy arrays become packed arrays by dtype
/// and shape). Raises EncodeError for what the dialect cannot hold (a StringName in Godot
/// 3, nesting deeper than 1024) and TypeError for objects that are no Godot value.
/// Cost: O(size of the output).
///
/// >>> gdvariant.dumps(7)
/// b'\x02\x00\x00\x00\x07\x00\x00\x00'
#[pyfunction]
#[pyo3(signature = (obj, godot = None, *, prefixed = false), text_signature = "(obj, godot=4, *, prefixed=False)")]
fn dumps<'py>(
    obj: &Bound<'py, PyAny>,
    godot: Option<&Bound<'py, PyAny>>,
    prefixed: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let py = obj.py();
    let dialect = godot
        .map(dialect)
        .transpose()?
        .unwrap_or(gdvariant::Dialect::Godot4);
    encode::with_bytes(obj, dialect, |body| {
        if !prefixed {
            return Ok(PyBytes::new(py, body));
        }
        let len = u32::try_from(body.len())
            .map_err(|_| EncodeError::new_err("a frame holds at most 4 GiB"))?;
        PyBytes::new_with(py, body.len() + 4, |out| {
            out[..4].copy_from_slice(&len.to_le_bytes());
            out[4..].copy_from_slice(body);
            Ok(())
        })
    })?
}

/// A lazy, read-only View of the value in bytes-like `data`: validated once (O(len(data)),
/// nothing built); then `view["key"]`, `view[3]`, `len`, iteration and `.value()` convert
/// only what they reach. `gdvariant.open(path)` gives one of a memory-mapped file. A
/// compressed or encrypted file, or a `compress()` stream, is opened first, as `loads`
/// opens it (`password=`, `key=`, `decompress=`); the view then reads the decoded bytes.
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=4, *, prefixed=None, allow_objects=True, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
fn view(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    max_depth: u16,
    max_nodes: Option<u64>,
    password: Option<String>,
    key: Option<&Bound<'_, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<lazy::View> {
    let py = data.py();
    let dialect = godot
        .map(dialect)
        .transpose()?
        .unwrap_or(gdvariant::Dialect::Godot4);
    let (input, object) = container::open_input(
        data,
        &container::open_options(password, key, decompress)?,
        Hints {
            dialect: Some(dialect),
            prefixed,
        },
    )?;
    let options = options(allow_objects, max_depth, max_nodes);
    lazy::View::new(input, object.unbind(), |bytes| {
        read::parse(py, bytes, dialect, prefixed, &options)
    })
}

/// An iterator over the values of the length-prefixed frames in bytes-like `data` (a file
/// of store_var values, a captured put_var stream). Each frame is validated when reached;
/// a prefix over `max_frame` bytes (default 16 MiB) or a bad value raises DecodeError at
/// its offset and ends the iteration. `gdvariant.iter_frames` also takes a path. A
/// compressed or encrypted file is opened first, as `loads` opens it (`password=`,
/// `key=`, `decompress=`): a bad container raises DecodeError here, before any frame.
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, allow_objects = true, max_frame = None, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=4, *, allow_objects=True, max_frame=None, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
fn iter_frames(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    allow_objects: bool,
    max_frame: Option<usize>,
    max_depth: u16,
    max_nodes: Option<u64>,
    password: Option<String>,
    key: Option<&Bound<'_, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<frames::FrameIter> {
    let dialect = godot
        .map(dialect)
        .transpose()?
        .unwrap_or(gdvariant::Dialect::Godot4);
    let options = FrameOptions {
        max_frame: max_frame.unwrap_or(DEFAULT_MAX_FRAME),
        parse: options(allow_objects, max_depth, max_nodes),
        ..FrameOptions::new(dialect)
    };
    let (input, object) = container::open_input(
        data,
        &container::open_options(password, key, decompress)?,
        Hints {
            dialect: Some(dialect),
            prefixed: Some(true),
        },
    )?;
    Ok(frames::FrameIter::new(input, object.unbind(), options))
}

/// Runs `f` on the value `data` holds: a `View`'s value, the value in bytes-like
/// `data`, or (any other Python value) the value `dumps` writes for it.
fn with_value<T>(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    f: impl FnOnce(gdvariant::VariantRef<'_>) -> PyResult<T>,
) -> PyResult<T> {
    let py = data.py();
    if let Ok(v) = data.cast::<lazy::View>() {
        return v.get().with_ref(f);
    }
    let dialect = godot
        .map(dialect)
        .transpose()?
        .unwrap_or(gdvariant::Dialect::Godot4);
    let input = match Input::new(data) {
        Ok(input) => input,
        Err(_) => Input::Copied(encode::to_bytes(data, dialect)?),
    };
    let options = options(allow_objects, GODOT_MAX_DEPTH, None);
    f(read::parse(py, input.bytes(), dialect, prefixed, &options)?)
}

/// The styles `to_text` takes.
const STYLES: &str = "style must be \"3.2\", \"3.6\", \"4\", \"pm-a\", \"pm-b\" or \"pm-c\"";

/// The engine's text form (var_to_str / var2str) of a value: bytes-like `data` (decoded
/// like `loads`), a View, or any other Python value (encoded like `dumps` first). `style`
/// picks an engine's printing: "3.2", "3.6", "4", "pm-a", "pm-b", "pm-c" (default: the
/// dialect's newest). Cost: O(size).
///
/// >>> gdvariant.to_text({"hp": 10})
/// '{\n"hp": 10\n}'
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, style = None), text_signature = "(data, godot=4, *, prefixed=None, allow_objects=True, style=None)")]
fn to_text(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    style: Option<&str>,
) -> PyResult<String> {
    let style = match style {
        None => None,
        Some("3.2") => Some(TextStyle::Godot32),
        Some("3.6") => Some(TextStyle::Godot36),
        Some("4") => Some(TextStyle::Godot4),
        Some("pm-a") => Some(TextStyle::PandemoniumA),
        Some("pm-b") => Some(TextStyle::PandemoniumB),
        Some("pm-c") => Some(TextStyle::PandemoniumC),
        Some(other) => return Err(PyValueError::new_err(format!("{STYLES}, not {other:?}"))),
    };
    with_value(data, godot, prefixed, allow_objects, |v| {
        let style = style.unwrap_or_else(|| TextStyle::for_dialect(v.dialect()));
        Ok(v.text(style).to_string())
    })
}

/// The crate's lossless JSON of a value (the schema `gdvariant from-json` reads back):
/// bytes-like `data`, a View, or any other Python value. Cost: O(size).
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, pretty = false), text_signature = "(data, godot=4, *, prefixed=None, allow_objects=True, pretty=False)")]
fn to_json(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    pretty: bool,
) -> PyResult<String> {
    with_value(data, godot, prefixed, allow_objects, |v| {
        let mut out = Vec::new();
        json::write(&mut out, v, pretty).map_err(|e| PyValueError::new_err(e.to_string()))?;
        String::from_utf8(out).map_err(|e| PyValueError::new_err(e.to_string()))
    })
}

/// The module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("DecodeError", py.get_type::<DecodeError>())?;
    m.add("EncodeError", py.get_type::<EncodeError>())?;
    m.add_function(wrap_pyfunction!(loads, m)?)?;
    m.add_function(wrap_pyfunction!(dumps, m)?)?;
    m.add_function(wrap_pyfunction!(view, m)?)?;
    m.add_function(wrap_pyfunction!(iter_frames, m)?)?;
    m.add_function(wrap_pyfunction!(to_text, m)?)?;
    m.add_function(wrap_pyfunction!(to_json, m)?)?;
    m.add_function(wrap_pyfunction!(container::pack, m)?)?;
    m.add_function(wrap_pyfunction!(container::unpack, m)?)?;
    m.add_function(wrap_pyfunction!(container::container_of, m)?)?;
    m.add_function(wrap_pyfunction!(context::_use_numpy, m)?)?;
    m.add_class::<lazy::View>()?;
    m.add_class::<frames::FrameIter>()?;
    math::register(m)?;
    classes::register(m)?;
    Ok(())
}
