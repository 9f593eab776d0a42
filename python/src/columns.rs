//! `gdvariant.arrow`'s native helper: the values at chosen paths of one save, as cells the
//! Python module turns into Arrow columns. One call per save: the input is opened (a
//! compressed or encrypted file decoded), validated once, and each path followed with the
//! crate's `query`. Nothing is built per element of a packed array: a packed array is the
//! NumPy view `loads` gives (a view of the input), a math value the bytes of its
//! components, a `PackedStringArray` its UTF-8 bytes and their end offsets.

use gdvariant::query::{self, Found};
use gdvariant::text::TextStyle;
use gdvariant::{Builder, Dialect, Value, VariantRef, GODOT_MAX_DEPTH};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::container;
use crate::context::{options, read_dialect};
use crate::packed::Source;
use crate::read;

/// Checks the syntax of every path (the crate's `query` syntax), without reading anything.
/// Raises ValueError naming the first bad path and where it breaks. O(total length).
#[pyfunction]
pub fn _check_paths(paths: Vec<String>) -> PyResult<()> {
    for path in &paths {
        query::parse_path(path).map_err(|e| bad_path(path, &e))?;
    }
    Ok(())
}

/// The cells of one save: `data` (bytes-like) opened as `loads` opens it, then for each of
/// `paths` a tuple `(type, double, payload, is_text)`:
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
/// A path that reaches a packed array's element gives that element as a value of its own
/// (an int, a float, a String, a Vector3, …). Raises DecodeError for a bad input, a wrong
/// key, ValueError for a malformed path. Cost: one validation of the input, one walk per
/// path, the text form's size for text payloads; packed arrays are O(1).
#[pyfunction]
#[pyo3(signature = (data, paths, text, godot = None, *, types_only = false, allow_objects = true, max_depth = GODOT_MAX_DEPTH, max_nodes = None, password = None, key = None, decompress = None))]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub fn _cells<'py>(
    data: &Bound<'py, PyAny>,
    paths: Vec<String>,
    text: Vec<bool>,
    godot: Option<&Bound<'py, PyAny>>,
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
    let dialect = read_dialect(godot)?;
    read::with_root(
        data,
        &container::open_options(password, key, decompress)?,
        gdvariant::frame::Hints {
            dialect,
            prefixed: None,
        },
        &options(allow_objects, max_depth, max_nodes),
        |root, source| cells_of(py, root, source, &paths, &text, types_only),
    )
}

/// The cells of `paths` in `root` (see `_cells`).
fn cells_of<'py>(
    py: Python<'py>,
    root: VariantRef<'_>,
    source: &mut Source<'py>,
    paths: &[String],
    text: &[bool],
    types_only: bool,
) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for (path, &want_text) in paths.iter().zip(text) {
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
            Err(e) => PyTuple::new(
                py,
                [
                    py.None().into_bound(py),
                    false_(py),
                    PyString::new(py, &e.to_string()).into_any(),
                    false_(py),
                ],
            )?,
        };
        out.append(cell)?;
    }
    Ok(out)
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
            other => match source.packed(&other)? {
                Some(array) => array,
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
