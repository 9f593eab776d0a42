//! What every call shares: the package's Python-side classes (cached once), NumPy (when
//! installed), the errors, and the arguments every reader takes.

use std::sync::atomic::{AtomicBool, Ordering};

use gdvariant::{Dialect, Error, ParseOptions, GODOT_MAX_DEPTH};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyString, PyType};

pyo3::create_exception!(
    gdvariant,
    DecodeError,
    PyValueError,
    "Bytes that are not a valid value. `.offset` is the byte offset of the problem (from the \
     start of the input, length prefix included), `.kind` names it in snake_case \
     (`\"unexpected_end\"`, `\"length_out_of_bounds\"`, `\"unknown_type\"`, \
     `\"invalid_utf8\"`, `\"too_deep\"`, `\"too_many_nodes\"`, \
     `\"full_object_not_allowed\"`, `\"frame_too_large\"`, …). An input that is not one \
     value has `\"multiple_frames\"` (several store_var frames: read them with \
     `iter_frames`), `\"trailing_bytes\"` (bytes left over, from `.offset`) or \
     `\"ambiguous\"` (two readings fit as well: nothing is guessed, pass `godot=3` or \
     `godot=4`). A compressed or encrypted file that cannot be opened has `\"needs_key\"`, \
     `\"wrong_key\"`, `\"size_mismatch\"`, `\"unexpected_end\"`, `\"corrupt_block\"`, \
     `\"ambiguous_stream\"`, … and `.offset` in the file; an error in the values inside \
     has its offset in the plain bytes. The CamelCase kinds of 0.1 (`\"UnexpectedEnd\"`) \
     still compare equal, with a DeprecationWarning, until the next release."
);

pyo3::create_exception!(
    gdvariant,
    EncodeError,
    PyValueError,
    "A Python value that cannot be written in the chosen dialect (a type it lacks, an int \
     beyond 64 bits, nesting deeper than 1024, a count over 2**31 - 1)."
);

/// A `DecodeError` with its `kind` (in snake_case: see [`snake_case`]) and `offset`.
pub fn decode_error(py: Python<'_>, kind: &str, offset: usize, message: String) -> PyErr {
    let err = DecodeError::new_err(message);
    let value = err.value(py);
    let kind = snake_case(kind);
    // `gdvariant._errors.Kind`: a `str` that also equals the kind's old spelling, for one
    // release, with a DeprecationWarning; the plain `str` if it cannot be made.
    let kind = KIND
        .get_or_try_init(py, || -> PyResult<Py<PyType>> {
            Ok(py
                .import("gdvariant._errors")?
                .getattr("Kind")?
                .cast_into()?
                .unbind())
        })
        .and_then(|class| class.bind(py).call1((kind.as_str(),)))
        .unwrap_or_else(|_| PyString::new(py, &kind).into_any());
    // Setting attributes on a fresh exception instance cannot fail short of memory.
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("offset", offset);
    err
}

static KIND: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// A kind as the package spells it: the crate's codes in snake_case (`UnexpectedEnd` →
/// `unexpected_end`, `InvalidUtf8` → `invalid_utf8`); snake_case codes as they are.
/// O(length).
pub fn snake_case(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 4);
    for (i, c) in code.char_indices() {
        if c.is_ascii_uppercase() {
            if i > 0 {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The crate's error as a `DecodeError`.
pub fn from_error(py: Python<'_>, e: Error) -> PyErr {
    decode_error(py, e.kind().code(), e.offset(), e.to_string())
}

/// The classes of `gdvariant._containers`, and NumPy's pieces when it is used.
pub struct Classes {
    /// `TypedArray`.
    pub typed_array: Py<PyType>,
    /// `TypedDictionary`.
    pub typed_dictionary: Py<PyType>,
    /// `PackedStringArray`.
    pub packed_strings: Py<PyType>,
    /// `Pairs`.
    pub pairs: Py<PyType>,
    /// `ContainerType`.
    pub container_type: Py<PyType>,
}

static CLASSES: PyOnceLock<Classes> = PyOnceLock::new();

/// The container classes, imported once.
pub fn classes(py: Python<'_>) -> PyResult<&Classes> {
    CLASSES.get_or_try_init(py, || {
        let m = py.import("gdvariant._containers")?;
        let get =
            |name: &str| -> PyResult<Py<PyType>> { Ok(m.getattr(name)?.cast_into()?.unbind()) };
        Ok(Classes {
            typed_array: get("TypedArray")?,
            typed_dictionary: get("TypedDictionary")?,
            packed_strings: get("PackedStringArray")?,
            pairs: get("Pairs")?,
            container_type: get("ContainerType")?,
        })
    })
}

/// NumPy's pieces: `frombuffer`, `ascontiguousarray`, `ndarray`, and the package's
/// `PackedColorArray`.
pub struct NumPy {
    /// `numpy.frombuffer`.
    pub frombuffer: Py<PyAny>,
    /// `numpy.ascontiguousarray`.
    pub ascontiguousarray: Py<PyAny>,
    /// `numpy.ndarray`.
    pub ndarray: Py<PyType>,
    /// `gdvariant._numpy.PackedColorArray`.
    pub color: Py<PyType>,
}

static NUMPY: PyOnceLock<Option<NumPy>> = PyOnceLock::new();
static USE_NUMPY: AtomicBool = AtomicBool::new(true);

/// NumPy, if it is installed (imported on first use) and not switched off.
pub fn numpy(py: Python<'_>) -> Option<&NumPy> {
    if !USE_NUMPY.load(Ordering::Relaxed) {
        return None;
    }
    NUMPY
        .get_or_init(py, || {
            let np = py.import("numpy").ok()?;
            let ours = py.import("gdvariant._numpy").ok()?;
            Some(NumPy {
                frombuffer: np.getattr("frombuffer").ok()?.unbind(),
                ascontiguousarray: np.getattr("ascontiguousarray").ok()?.unbind(),
                ndarray: np.getattr("ndarray").ok()?.cast_into().ok()?.unbind(),
                color: ours
                    .getattr("PackedColorArray")
                    .ok()?
                    .cast_into()
                    .ok()?
                    .unbind(),
            })
        })
        .as_ref()
}

/// `_use_numpy(False)` makes packed arrays memoryviews even with NumPy installed (what
/// they are without it); the tests use it.
#[pyfunction]
pub fn _use_numpy(enabled: bool) {
    USE_NUMPY.store(enabled, Ordering::Relaxed);
}

/// The dialect a `godot=` argument names: `3`, `4`, `"3"`, `"4"`, `"pm-a"`, `"pm-b"`,
/// `"pm-c"`.
pub fn dialect(godot: &Bound<'_, PyAny>) -> PyResult<Dialect> {
    if let Ok(n) = godot.extract::<i64>() {
        return match n {
            3 => Ok(Dialect::Godot3),
            4 => Ok(Dialect::Godot4),
            _ => Err(PyValueError::new_err(format!(
                "godot must be 3, 4, \"pm-a\", \"pm-b\" or \"pm-c\", got {n}"
            ))),
        };
    }
    let name: String = godot
        .extract()
        .map_err(|_| PyTypeError::new_err("godot must be 3, 4, \"pm-a\", \"pm-b\" or \"pm-c\""))?;
    match name.to_ascii_lowercase().as_str() {
        "godot3" => Ok(Dialect::Godot3),
        "godot4" => Ok(Dialect::Godot4),
        code => Dialect::from_code(code).ok_or_else(|| {
            PyValueError::new_err(format!(
                "godot must be 3, 4, \"pm-a\", \"pm-b\" or \"pm-c\", got {name:?}"
            ))
        }),
    }
}

/// The environment variable that names the dialect of calls that name none.
pub const ENV: &str = "GDVARIANT_GODOT";

static ENVIRON: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// The dialect `GDVARIANT_GODOT` names, read from `os.environ` at each call: `None` when it
/// is unset or empty (detect). Raises ValueError naming the variable for anything but 3,
/// 4, pm-a, pm-b, pm-c (as the command line does; `auto` too: unset it to detect).
pub fn env_dialect(py: Python<'_>) -> PyResult<Option<Dialect>> {
    let environ = ENVIRON.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.import("os")?.getattr("environ")?.unbind())
    })?;
    let value = environ.bind(py).call_method1("get", (ENV,))?;
    if value.is_none() {
        return Ok(None);
    }
    let text: String = value.extract()?;
    let name = text.trim();
    if name.is_empty() {
        return Ok(None);
    }
    Dialect::from_code(name).map(Some).ok_or_else(|| {
        PyValueError::new_err(format!(
            "the environment variable {ENV} must be 3, 4, pm-a, pm-b or pm-c (unset or \
             empty: detect the dialect), not {text:?}"
        ))
    })
}

/// The dialect a reader's `godot=` argument names: `None` (no argument) is the dialect of
/// `GDVARIANT_GODOT` when it is set, else the crate's detection (`None`); `"auto"` is
/// detection whatever the environment says; otherwise what [`dialect`] takes.
pub fn read_dialect(py: Python<'_>, godot: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Dialect>> {
    match godot {
        None => env_dialect(py),
        Some(g) if g.is_none() => env_dialect(py),
        Some(g) => {
            if let Ok(name) = g.extract::<String>() {
                if name.eq_ignore_ascii_case("auto") {
                    return Ok(None);
                }
            }
            dialect(g).map(Some).map_err(|e| {
                let message = e.value(g.py()).to_string().replacen(
                    "godot must be 3,",
                    "godot must be \"auto\", 3,",
                    1,
                );
                if e.is_instance_of::<PyTypeError>(g.py()) {
                    PyTypeError::new_err(message)
                } else {
                    PyValueError::new_err(message)
                }
            })
        }
    }
}

/// The dialect a writer's `godot=` argument names: `None` (no argument) is the dialect of
/// `GDVARIANT_GODOT` when it is set, else Godot 4. Writing needs one, so `"auto"` is
/// refused.
pub fn write_dialect(py: Python<'_>, godot: Option<&Bound<'_, PyAny>>) -> PyResult<Dialect> {
    match godot {
        Some(g) if !g.is_none() => {
            if let Ok(name) = g.extract::<String>() {
                if name.eq_ignore_ascii_case("auto") {
                    return Err(PyValueError::new_err(
                        "writing needs a dialect: godot=3, 4, \"pm-a\", \"pm-b\" or \"pm-c\" \
                         (default: GDVARIANT_GODOT's, else 4); \"auto\" is for readers",
                    ));
                }
            }
            dialect(g)
        }
        _ => Ok(env_dialect(py)?.unwrap_or(Dialect::Godot4)),
    }
}

/// Parse options from the keyword arguments every reader takes.
pub fn options(allow_objects: bool, max_depth: u16, max_nodes: Option<u64>) -> ParseOptions {
    ParseOptions::new()
        .max_depth(max_depth.min(GODOT_MAX_DEPTH))
        .max_nodes(max_nodes.unwrap_or(u64::MAX))
        .allow_full_objects(allow_objects)
}
