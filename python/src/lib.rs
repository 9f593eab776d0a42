//! The `gdvariant` Python package's native module (`gdvariant._native`): Godot's Variant
//! binary serialization through the `gdvariant` crate. Every byte is read and written by
//! the crate; this module only turns its values into Python objects and back.

#![forbid(clippy::undocumented_unsafe_blocks)]
#![deny(unsafe_code)]
// allowed in `input` only (SAFETY.md)
// The classes carry the engine's names (`RID`, `AABB`), which Python users type.
#![allow(clippy::upper_case_acronyms)]

mod classes;
mod columns;
mod container;
mod context;
mod decode;
mod diff;
mod encode;
mod file;
mod frames;
mod from_text;
mod input;
mod lazy;
mod math;
mod packed;
mod read;

use gdvariant::frame::{FrameOptions, Hints, PrefixOrder, DEFAULT_MAX_FRAME};
use gdvariant::text::TextStyle;
use gdvariant::{json, GODOT_MAX_DEPTH};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::context::{options, read_dialect, write_dialect, DecodeError, EncodeError};
use crate::input::Input;

/// Decodes bytes-like `data` (bytes, bytearray, memoryview, mmap) into Python values.
///
/// `godot`: "auto" finds the dialect and the framing the way the command line does (the
/// crate's `frame::detect`): Godot 3 or 4, raw var_to_bytes bytes or one store_var frame.
/// An input that reads as well in two ways giving different values raises DecodeError
/// (`.kind` "ambiguous") that names each reading and the keywords that pick it: nothing
/// is guessed. Values that mean the same in both dialects (an int, a String) are not
/// ambiguous. 3, 4, "pm-a", "pm-b" or "pm-c" read exactly that dialect (detection never
/// picks a Pandemonium era: name it). None (the default) is the dialect the environment
/// variable GDVARIANT_GODOT names (3, 4, pm-a, pm-b, pm-c; read at each call), else
/// "auto". `prefixed`: True for a store_var / put_var frame (u32 length first), False for
/// raw var_to_bytes bytes, None (default) to detect.
///
/// The input is one value, all of it: a file of several store_var frames raises
/// DecodeError (kind "multiple_frames", read it with `iter_frames`), and bytes left over
/// after the value raise DecodeError (kind "trailing_bytes", `.offset` where they start).
///
/// Validated first, in one pass, with the limits given: nesting `max_depth` (1024, the
/// engine's), `max_nodes` values at most, full objects refused with `allow_objects=False`.
/// Then built in one more pass, without recursion. Cost: O(len(data)) (detection reads
/// the input once more at most for each reading that parses); packed arrays are read-only
/// NumPy views of `data` in O(1) (copied only when misaligned), memoryviews without
/// NumPy. Raises DecodeError (.offset, .kind).
///
/// A file the engine compressed (GCPF) or encrypted (GDEC), or a `compress()` stream, is
/// opened first (see `unpack`: `password=`, `key=` for an encrypted file, `decompress=`
/// for a FastLZ or Brotli stream); packed arrays then view the decoded bytes, and an
/// error in the value inside has its offset in them. Plain bytes are not copied.
///
/// >>> gdvariant.loads(b"\x02\x00\x00\x00\x07\x00\x00\x00")
/// 7
/// >>> red = gdvariant.dumps(gdvariant.Color(1, 0, 0, 1), godot=3)
/// >>> gdvariant.loads(red)
/// Traceback (most recent call last):
///     ...
/// gdvariant.DecodeError: ambiguous input: it reads as a Godot 4 Plane and as a Godot 3 Color; nothing was guessed: pass godot=4 to read the Godot 4 Plane, godot=3 to read the Godot 3 Color (or set GDVARIANT_GODOT=3 or GDVARIANT_GODOT=4 in the environment: the dialect of every call that names none)
/// >>> gdvariant.loads(red, godot=3)
/// Color(1.0, 0.0, 0.0, 1.0)
/// >>> gdvariant.loads(gdvariant.dumps(1, prefixed=True) + gdvariant.dumps(2, prefixed=True))
/// Traceback (most recent call last):
///     ...
/// gdvariant.DecodeError: the input holds 2 store_var frames (Godot 4 values, each behind a 4-byte length), not one value: read them with gdvariant.iter_frames(data) (or iter_frames(path))
/// >>> gdvariant.loads(gdvariant.pack(gdvariant.dumps("hi"), password="hunter2"), password="hunter2")
/// 'hi'
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=None, *, prefixed=None, allow_objects=True, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
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
    let dialect = read_dialect(data.py(), godot)?;
    read::with_root(
        data,
        &container::open_options(password, key, decompress)?,
        Hints { dialect, prefixed },
        &options(allow_objects, max_depth, max_nodes),
        |value, source| decode::to_python(&value, source),
    )
}

/// The engine's exact bytes for `obj`: what var_to_bytes writes (with `prefixed`, what
/// store_var writes). `godot`: the dialect written; None (the default) is the dialect
/// GDVARIANT_GODOT names in the environment, else 4 (writing needs a dialect: "auto" is
/// for readers). Python values map to Godot types as `loads` gives them (int and
/// float take 32 bits when they fit, like the engine). Raises EncodeError for what the
/// dialect cannot hold (a StringName in Godot 3, nesting deeper than 1024) and TypeError
/// for objects that are no Godot value. Cost: O(size of the output).
///
/// NumPy arrays become packed arrays by dtype and shape, at the dtype's precision: a
/// float64 array of shape (n, 2), (n, 3) or (n, 4) is a PackedVector2/3/4Array of
/// doubles (what a Godot 4 build with precision=double writes; `np.zeros((n, 3))` is one),
/// a 1-D float64 array a PackedFloat64Array. `precision="single"` writes every float64
/// array with 32-bit floats instead (rounded to the nearest, as `astype(np.float32)`
/// rounds; 1-D: a PackedFloat32Array), and so the math classes made with `double=True`;
/// plain floats keep their 64 bits (a float Variant is 64-bit in every build).
///
/// >>> gdvariant.dumps(7)
/// b'\x02\x00\x00\x00\x07\x00\x00\x00'
/// >>> gdvariant.dumps(gdvariant.Vector2(0.5, 1, double=True))
/// b'\x05\x00\x01\x00\x00\x00\x00\x00\x00\x00\xe0?\x00\x00\x00\x00\x00\x00\xf0?'
/// >>> gdvariant.dumps(gdvariant.Vector2(0.5, 1, double=True), precision="single")
/// b'\x05\x00\x00\x00\x00\x00\x00?\x00\x00\x80?'
#[pyfunction]
#[pyo3(signature = (obj, godot = None, *, prefixed = false, precision = None), text_signature = "(obj, godot=None, *, prefixed=False, precision=None)")]
fn dumps<'py>(
    obj: &Bound<'py, PyAny>,
    godot: Option<&Bound<'py, PyAny>>,
    prefixed: bool,
    precision: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    let py = obj.py();
    let dialect = write_dialect(py, godot)?;
    let single = match precision {
        None => false,
        Some(p) if p.eq_ignore_ascii_case("single") => true,
        Some(p) => {
            return Err(PyValueError::new_err(format!(
                "precision must be \"single\" or None (each array at its dtype's \
                 precision), not {p:?}"
            )))
        }
    };
    encode::with_bytes(obj, dialect, single, |body| {
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
/// only what they reach. `gdvariant.open(path)` gives one of a memory-mapped file. The
/// input is found and checked as `loads` finds it (`godot`: GDVARIANT_GODOT's dialect,
/// else "auto"; several store_var frames, bytes left over and an ambiguous input raise
/// DecodeError). A
/// compressed or encrypted file, or a `compress()` stream, is opened first, as `loads`
/// opens it (`password=`, `key=`, `decompress=`); the view then reads the decoded bytes.
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=None, *, prefixed=None, allow_objects=True, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
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
    let dialect = read_dialect(data.py(), godot)?;
    let (input, object) = container::open_input(
        data,
        &container::open_options(password, key, decompress)?,
        Hints { dialect, prefixed },
    )?;
    let options = options(allow_objects, max_depth, max_nodes);
    lazy::View::new(input, object.unbind(), |bytes| {
        read::parse(py, bytes, dialect, prefixed, &options)
    })
}

/// An iterator over the values of the length-prefixed frames in bytes-like `data` (a file
/// of store_var values, a captured put_var stream). Each frame is validated when reached;
/// a prefix over `max_frame` bytes (default 16 MiB) or a bad value raises DecodeError at
/// its offset and ends the iteration. `gdvariant.iter_frames` also takes a path.
/// `godot="auto"` reads the input once first to find the dialect and the byte order of
/// the prefixes, as `loads` does: an input two dialects read as well raises DecodeError
/// here (kind "ambiguous"), as frames or as a value alone (reading frames settles the
/// framing, not the dialect); when a frame is cut short or damaged, the frames before it
/// are read in the reading that got furthest, then the damaged one raises. 3, 4, "pm-a",
/// "pm-b" or "pm-c" read little-endian frames of that dialect without that pass. None
/// (the default) is GDVARIANT_GODOT's dialect, else "auto". `.godot` names the dialect
/// read. A compressed or
/// encrypted file is opened first, as `loads` opens it (`password=`, `key=`,
/// `decompress=`): a bad container raises DecodeError here, before any frame.
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, allow_objects = true, max_frame = None, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None), text_signature = "(data, godot=None, *, allow_objects=True, max_frame=None, max_depth=1024, max_nodes=None, password=None, key=None, decompress=None)")]
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
    let py = data.py();
    let dialect = read_dialect(data.py(), godot)?;
    let (input, object) = container::open_input(
        data,
        &container::open_options(password, key, decompress)?,
        Hints {
            dialect,
            prefixed: Some(true),
        },
    )?;
    let (dialect, order) = match dialect {
        Some(dialect) => (dialect, PrefixOrder::Little),
        None => {
            let reading = read::frames_reading(py, input.bytes())?;
            (reading.dialect, reading.prefix.unwrap_or_default())
        }
    };
    let options = FrameOptions::new(dialect)
        .order(order)
        .max_frame(max_frame.unwrap_or(DEFAULT_MAX_FRAME))
        .parse(options(allow_objects, max_depth, max_nodes));
    Ok(frames::FrameIter::new(input, object.unbind(), options))
}

/// Runs `f` on the value `data` holds: a `View`'s value, the value in bytes-like
/// `data` (found as `loads` finds it), or (any other Python value) the value `dumps`
/// writes for it (in Godot 4 when `godot` names no dialect).
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
    let dialect = read_dialect(data.py(), godot)?;
    let input = match Input::new(data) {
        Ok(input) => input,
        Err(_) => Input::Copied(encode::to_bytes(
            data,
            dialect.unwrap_or(gdvariant::Dialect::Godot4),
            false,
        )?),
    };
    let options = options(allow_objects, GODOT_MAX_DEPTH, None);
    f(read::parse(py, input.bytes(), dialect, prefixed, &options)?)
}

/// The styles `to_text` takes.
const STYLES: &str = "style must be \"3.2\", \"3.6\", \"4\", \"pm-a\", \"pm-b\" or \"pm-c\"";

/// The engine's text form (var_to_str / var2str) of a value: bytes-like `data` (decoded
/// like `loads`: `godot` is GDVARIANT_GODOT's dialect, else "auto", by default), a View,
/// or any other Python value (encoded like `dumps` first, in Godot 4 unless `godot` or
/// GDVARIANT_GODOT names a dialect). `style`
/// picks an engine's printing: "3.2", "3.6", "4", "pm-a", "pm-b", "pm-c" (default: the
/// dialect's newest). Cost: O(size).
///
/// >>> gdvariant.to_text({"hp": 10})
/// '{\n"hp": 10\n}'
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, style = None), text_signature = "(data, godot=None, *, prefixed=None, allow_objects=True, style=None)")]
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

/// The crate's lossless JSON of a value (the schema `gdvariant from-json` reads back), or
/// with `plain=True` its plain JSON (for jq; lossy: `json --plain`, read back exactly by
/// `from_json` only with the command line's `--like`): bytes-like `data` (decoded like
/// `loads`), a View, or any other Python value (encoded like `dumps`). Cost: O(size). For JSON of the Python
/// values themselves, see `json_default`.
#[pyfunction]
#[pyo3(signature = (data, godot = None, *, prefixed = None, allow_objects = true, pretty = false, plain = false), text_signature = "(data, godot=None, *, prefixed=None, allow_objects=True, pretty=False, plain=False)")]
fn to_json(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    pretty: bool,
    plain: bool,
) -> PyResult<String> {
    with_value(data, godot, prefixed, allow_objects, |v| {
        let mut out = Vec::new();
        let options = json::WriteOptions::new().pretty(pretty);
        let written = if plain {
            json::plain::write(&mut out, v, &options)
        } else {
            json::write(&mut out, v, &options)
        };
        written.map_err(|e| PyValueError::new_err(e.to_string()))?;
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
    m.add_function(wrap_pyfunction!(from_text::from_json, m)?)?;
    m.add_function(wrap_pyfunction!(from_text::from_text, m)?)?;
    m.add_function(wrap_pyfunction!(columns::_cells, m)?)?;
    m.add_function(wrap_pyfunction!(columns::_check_paths, m)?)?;
    m.add_function(wrap_pyfunction!(diff::diff, m)?)?;
    m.add_function(wrap_pyfunction!(container::pack, m)?)?;
    m.add_function(wrap_pyfunction!(container::unpack, m)?)?;
    m.add_function(wrap_pyfunction!(container::container_of, m)?)?;
    m.add_function(wrap_pyfunction!(context::_use_numpy, m)?)?;
    m.add_function(wrap_pyfunction!(file::_open_file, m)?)?;
    m.add_function(wrap_pyfunction!(file::_scan, m)?)?;
    m.add_class::<file::File>()?;
    m.add_class::<lazy::View>()?;
    m.add_class::<frames::FrameIter>()?;
    math::register(m)?;
    classes::register(m)?;
    Ok(())
}
