//! What every call shares: the package's Python-side classes (cached once), NumPy (when
//! installed), the errors, and the arguments every reader takes.

use std::sync::atomic::{AtomicBool, Ordering};

use gdvariant::{Dialect, Error, ParseOptions, GODOT_MAX_DEPTH};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyType;

pyo3::create_exception!(
    gdvariant,
    DecodeError,
    PyValueError,
    "Bytes that are not a valid value. `.offset` is the byte offset of the problem (from the \
     start of the input, length prefix included), `.kind` names it (`\"UnexpectedEnd\"`, \
     `\"LengthOutOfBounds\"`, `\"UnknownType\"`, `\"InvalidUtf8\"`, `\"TooDeep\"`, \
     `\"TooManyNodes\"`, `\"FullObjectNotAllowed\"`, `\"FrameTooLarge\"`, …). An input that is \
     not one value has `\"multiple_frames\"` (several store_var frames: read them with \
     `iter_frames`), `\"trailing_bytes\"` (bytes left over, from `.offset`) or \
     `\"ambiguous\"` (two readings fit as well: pass `godot=3` or `godot=4`). A compressed \
     or encrypted file that cannot be opened has a snake_case `.kind` (`\"needs_key\"`, \
     `\"wrong_key\"`, `\"size_mismatch\"`, `\"unexpected_end\"`, `\"corrupt_block\"`, …) and \
     `.offset` in the file; an error in the values inside has its offset in the plain bytes."
);

pyo3::create_exception!(
    gdvariant,
    EncodeError,
    PyValueError,
    "A Python value that cannot be written in the chosen dialect (a type it lacks, an int \
     beyond 64 bits, nesting deeper than 1024, a count over 2**31 - 1)."
);

/// A `DecodeError` with its `kind` and `offset`.
pub fn decode_error(py: Python<'_>, kind: &str, offset: usize, message: String) -> PyErr {
    let err = DecodeError::new_err(message);
    let value = err.value(py);
    // Setting attributes on a fresh exception instance cannot fail short of memory.
    let _ = value.setattr("kind", kind);
    let _ = value.setattr("offset", offset);
    err
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

/// The dialect a reader's `godot=` argument names: `None` for `"auto"` (or no argument),
/// the crate's detection; otherwise what [`dialect`] takes.
pub fn read_dialect(godot: Option<&Bound<'_, PyAny>>) -> PyResult<Option<Dialect>> {
    match godot {
        None => Ok(None),
        Some(g) if g.is_none() => Ok(None),
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

/// The dialect a writer's `godot=` argument names (default Godot 4): writing needs one,
/// so `"auto"` is refused.
pub fn write_dialect(godot: Option<&Bound<'_, PyAny>>) -> PyResult<Dialect> {
    match godot {
        None => Ok(Dialect::Godot4),
        Some(g) => {
            if let Ok(name) = g.extract::<String>() {
                if name.eq_ignore_ascii_case("auto") {
                    return Err(PyValueError::new_err(
                        "writing needs a dialect: godot=3, 4, \"pm-a\", \"pm-b\" or \"pm-c\" \
                         (default 4); \"auto\" is for readers",
                    ));
                }
            }
            dialect(g)
        }
    }
}

/// Parse options from the keyword arguments every reader takes.
pub fn options(allow_objects: bool, max_depth: u16, max_nodes: Option<u64>) -> ParseOptions {
    ParseOptions::new()
        .max_depth(max_depth.min(GODOT_MAX_DEPTH))
        .max_nodes(max_nodes.unwrap_or(u64::MAX))
        .allow_full_objects(allow_objects)
}
