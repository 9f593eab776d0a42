//! `gdvariant.arrow`'s native helper: the values at chosen paths of one save, as cells the
//! Python module turns into Arrow columns. One call per save: the input is opened (a
//! compressed or encrypted file decoded), validated once, and each path followed with the
//! crate's `query`. Nothing is built per element of a packed array: a packed array is the
//! NumPy view `loads` gives (a view of the input), a math value the bytes of its
//! components, a `PackedStringArray` its UTF-8 bytes and their end offsets.

use gdvariant::frame::Hints;
use gdvariant::query::{self, Found};
use gdvariant::text::TextStyle;
use gdvariant::{Builder, Dialect, Value, VariantRef, GODOT_MAX_DEPTH};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::container;
use crate::context::{decode_error, options, read_dialect};
use crate::decode;
use crate::packed::Source;
use crate::read;

/// Checks the syntax of every path (the crate's `query` syntax, after an optional `#N`
/// naming a frame), without reading anything. Raises ValueError naming the first bad path
/// and where it breaks. O(total length).
#[pyfunction]
pub fn _check_paths(paths: Vec<String>) -> PyResult<()> {
    for path in &paths {
        let (_, inside) = split_frame(path)?;
        query::parse_path(inside).map_err(|e| bad_path(path, &e))?;
    }
    Ok(())
}

/// A path's frame and the path inside it, as the command line splits them:
/// `#1/player/hp` is frame 1's `/player/hp`, `#0` frame 0's whole value, `player/hp` has
/// no frame. A `#` followed by anything but a number is refused (a key that starts with
/// `#` is quoted: `"#key"`).
fn split_frame(path: &str) -> PyResult<(Option<usize>, &str)> {
    let Some(numbered) = path.strip_prefix('#') else {
        return Ok((None, path));
    };
    let (digits, inside) = numbered.split_at(numbered.find('/').unwrap_or(numbered.len()));
    match digits.parse() {
        Ok(index) if digits.bytes().all(|b| b.is_ascii_digit()) => Ok((Some(index), inside)),
        _ => Err(PyValueError::new_err(format!(
            "path {path:?}: `#` is followed by a frame's number (`#0/player`); quote a key \
             that starts with `#`: `\"#key\"`"
        ))),
    }
}

/// The cells of one save: `data` (bytes-like) opened as `loads` opens it; a list of rows,
/// each a list of one cell per path: one row (`each` false), or one row per value of the
/// save (`each`: each store_var frame of a file of several, or its one value). A cell is a
/// tuple `(type, double, payload, is_text)`:
///
/// - `type`: the Godot 4 name of the value's type (`"int"`, `"Vector3"`,
///   `"PackedVector3Array"`; Godot 3 and Pandemonium values by the same names), or None when
///   the path leads nowhere (then `payload` is why, as text);
/// - `double`: whether the value's real components are 64-bit (a Godot 4 build with
///   precision=double);
/// - `payload`: None for Nil or with `types_only`; the engine's text form (`var_to_str`)
///   when `text[i]` is true or the type has no typed column (Array, Dictionary, Object,
///   NodePath, RID, Callable, Signal); otherwise bool / int / float / str for scalars,
///   `bytes` of the components (little-endian f32, f64 or i32) for a math value, `bytes`
///   for a PackedByteArray, `(ends, data)` for a PackedStringArray (`ends`: little-endian
///   i64 end offsets of each string in `data`, its UTF-8), and the NumPy view `loads`
///   gives for any other packed array;
/// - `is_text`: whether `payload` is the text form.
///
/// A path may start with a frame's number (`#1/player/hp`, as the command line's paths
/// do; not with `each`): in a save of one value, `#0/…` and the plain path are the same,
/// and a frame the save does not have leads nowhere. A plain path in a save of several
/// frames raises DecodeError (kind "multiple_frames") unless `each`. A path that reaches
/// a packed array's element gives that element as a value of its own (an int, a float, a
/// String, a Vector3, …). Raises DecodeError for a bad input, a wrong key, ValueError for
/// a malformed path. Cost: one validation of the input (two for a file of several
/// frames), one walk per path and value, the text form's size for text payloads; packed
/// arrays are O(1).
#[pyfunction]
#[pyo3(signature = (data, paths, text, godot = None, *, each = false, types_only = false, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None))]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub fn _cells<'py>(
    data: &Bound<'py, PyAny>,
    paths: Vec<String>,
    text: Vec<bool>,
    godot: Option<&Bound<'py, PyAny>>,
    each: bool,
    types_only: bool,
    allow_objects: bool,
    max_depth: u16,
    max_nodes: Option<u64>,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let py = data.py();
    if text.len() != paths.len() {
        return Err(PyValueError::new_err("text needs one flag per path"));
    }
    let addresses = paths
        .iter()
        .map(|path| split_frame(path))
        .collect::<PyResult<Vec<_>>>()?;
    if let (true, Some(path)) = (each, paths.iter().find(|p| p.starts_with('#'))) {
        return Err(PyValueError::new_err(format!(
            "path {path:?}: with frames=\"each\" a path is read in every frame: leave `#N` out"
        )));
    }
    let hints = Hints {
        dialect: read_dialect(py, godot)?,
        prefixed: None,
    };
    let open = container::open_options(password, key, decompress)?;
    let (input, object) = container::open_input(data, &open, hints)?;
    let bytes = input.bytes();
    let options = options(allow_objects, max_depth, max_nodes);
    let values = read::values(py, bytes, hints, &options)?;
    let mut source = Source::new(object, bytes);
    let rows = PyList::empty(py);
    if each {
        for index in 0..values.len() {
            let row = cells_of(
                py,
                &values,
                index,
                &addresses,
                &text,
                types_only,
                &mut source,
            )?;
            rows.append(row)?;
        }
        return Ok(rows);
    }
    if let (Some(second), Some((_, path))) = (
        values.get(1),
        addresses.iter().find(|(frame, _)| frame.is_none()),
    ) {
        let count = values.len();
        return Err(decode_error(
            py,
            "multiple_frames",
            second.offset().saturating_sub(4),
            format!(
                "the save holds {count} store_var frames, not one value: start path {:?} \
                 with the frame's number, #0 to #{} (as in \"#0/{}\"), or pass \
                 frames=\"each\" for one row per frame",
                path,
                count - 1,
                path.trim_start_matches('/')
            ),
        ));
    }
    rows.append(cells_of(
        py,
        &values,
        0,
        &addresses,
        &text,
        types_only,
        &mut source,
    )?)?;
    Ok(rows)
}

/// The cells of `addresses` (a frame, or `default`, and the path in it) in `values`
/// (see `_cells`).
fn cells_of<'py>(
    py: Python<'py>,
    values: &[VariantRef<'_>],
    default: usize,
    addresses: &[(Option<usize>, &str)],
    text: &[bool],
    types_only: bool,
    source: &mut Source<'py>,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for (&(frame, path), &want_text) in addresses.iter().zip(text) {
        let index = frame.unwrap_or(default);
        let Some(root) = values.get(index) else {
            let held = match values.len() {
                1 => "1 value (#0)".to_string(),
                n => format!("{n} values (#0 to #{})", n - 1),
            };
            out.append(nowhere(
                py,
                &format!("no value #{index}: the save holds {held}"),
            )?)?;
            continue;
        };
        let cell = match root.query(path) {
            Ok(Found::Value(v)) => cell(&v, want_text, types_only, source)?,
            Ok(found @ Found::Element(..)) => {
                // Elements are not values on the wire: written as one, then read.
                let mut one = Vec::new();
                Builder::new(&mut one, Dialect::Godot4)
                    .found(found)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
                let v = VariantRef::parse(&one, Dialect::Godot4).map_err(|e| {
                    PyValueError::new_err(format!("internal: an element read back: {e}"))
                })?;
                // The text in the save's own dialect: an element (int, float, String,
                // vector, Color) prints alike in every dialect but for its type name.
                let text_of = if want_text {
                    Some(text_in(&v, root.dialect()))
                } else {
                    None
                };
                let mut element_source = Source::new(PyBytes::new(py, &one).into_any(), &one);
                let c = cell(&v, false, types_only, &mut element_source)?;
                match text_of {
                    Some(t) if !types_only => {
                        let ty = c.get_item(0)?;
                        let double = c.get_item(1)?;
                        PyTuple::new(py, [ty, double, t.into_pyobject(py)?.into_any(), true_(py)])?
                    }
                    _ => c,
                }
            }
            Err(e @ query::QueryError::Syntax { .. }) => return Err(bad_path(path, &e)),
            Err(e) => nowhere(py, &e.to_string())?,
        };
        out.append(cell)?;
    }
    Ok(out)
}

/// The cell of a path that leads nowhere: no type, and why.
fn nowhere<'py>(py: Python<'py>, why: &str) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(
        py,
        [
            py.None().into_bound(py),
            false_(py),
            PyString::new(py, why).into_any(),
            false_(py),
        ],
    )
}

fn true_(py: Python<'_>) -> Bound<'_, PyAny> {
    pyo3::types::PyBool::new(py, true).to_owned().into_any()
}

fn false_(py: Python<'_>) -> Bound<'_, PyAny> {
    pyo3::types::PyBool::new(py, false).to_owned().into_any()
}

/// A malformed path as a ValueError that names it.
fn bad_path(path: &str, e: &query::QueryError) -> PyErr {
    PyValueError::new_err(format!("path {path:?}: {e}"))
}

/// The engine's text form of `v`, in the style of `dialect`'s newest engine.
fn text_in(v: &VariantRef<'_>, dialect: Dialect) -> String {
    v.text(TextStyle::for_dialect(dialect)).to_string()
}

/// The cell of one whole value.
fn cell<'py>(
    v: &VariantRef<'_>,
    want_text: bool,
    types_only: bool,
    source: &mut Source<'py>,
) -> PyResult<Bound<'py, PyTuple>> {
    let py = source.py();
    let value = v.value();
    let ty = v.ty().name(Dialect::Godot4);
    let math = v.as_math();
    let packed = value.packed_len().is_some();
    let double =
        math.is_some_and(|m| m.is_double()) || v.as_packed().is_some_and(|p| p.is_double());
    let typed = math.is_some()
        || packed
        || matches!(
            value,
            Value::Nil
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Float(_)
                | Value::String(_)
                | Value::StringName(_)
        );
    let is_text = (want_text || !typed) && !matches!(value, Value::Nil);
    let payload: Bound<'py, PyAny> = if types_only || matches!(value, Value::Nil) {
        py.None().into_bound(py)
    } else if is_text {
        PyString::new(py, &text_in(v, v.dialect())).into_any()
    } else if let Some(m) = math {
        let mut out = Vec::with_capacity(m.len() * 8);
        for i in 0..m.len() {
            if m.is_integer() {
                out.extend_from_slice(&m.get_i32(i).unwrap_or(0).to_le_bytes());
            } else if m.is_double() {
                out.extend_from_slice(&m.get(i).unwrap_or(0.0).to_le_bytes());
            } else {
                out.extend_from_slice(&m.get_f32(i).unwrap_or(0.0).to_le_bytes());
            }
        }
        PyBytes::new(py, &out).into_any()
    } else {
        match value {
            Value::Bool(b) => b.into_pyobject(py)?.to_owned().into_any(),
            Value::Int(i) => i.into_pyobject(py)?.into_any(),
            Value::Float(f) => f.into_pyobject(py)?.into_any(),
            Value::String(s) | Value::StringName(s) => PyString::new(py, s.as_str()).into_any(),
            Value::PackedStringArray(strings) => {
                let mut ends = Vec::with_capacity(strings.len() * 8);
                let mut data = Vec::new();
                for s in strings.iter() {
                    data.extend_from_slice(s.as_str().as_bytes());
                    ends.extend_from_slice(&(data.len() as i64).to_le_bytes());
                }
                PyTuple::new(
                    py,
                    [
                        PyBytes::new(py, &ends).into_any(),
                        PyBytes::new(py, &data).into_any(),
                    ],
                )?
                .into_any()
            }
            other => match other.packed_len() {
                Some(_) => decode::leaf_to_python(&other, source)?
                    .unwrap_or_else(|| py.None().into_bound(py)),
                None => PyString::new(py, &text_in(v, v.dialect())).into_any(),
            },
        }
    };
    PyTuple::new(
        py,
        [
            PyString::new(py, ty).into_any(),
            pyo3::types::PyBool::new(py, double).to_owned().into_any(),
            payload,
            pyo3::types::PyBool::new(py, is_text).to_owned().into_any(),
        ],
    )
}
