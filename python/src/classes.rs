//! The Godot types that are not math or containers: `StringName`, `NodePath`, `RID`,
//! `Object` (as data), `ObjectId`, `Callable`, `Signal`. Small immutable classes with
//! `==`, `hash` (all but `Object`), `repr` and pickling.

use gdvariant::{Builder, Dialect, NodePathRef, VariantRef};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyDict, PyTuple};

use crate::math::compare;

/// A `StringName` (`&"name"`; Godot 4 and Pandemonium). Not equal to a `str` of the same
/// text: it is another type on the wire. `str(name)` gives the text.
#[pyclass(module = "gdvariant", frozen)]
pub struct StringName {
    /// The text.
    #[pyo3(get)]
    pub name: String,
}

#[pymethods]
impl StringName {
    #[new]
    fn new(name: String) -> Self {
        StringName { name }
    }

    fn __str__(&self) -> &str {
        &self.name
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "StringName({})",
            self.name.clone().into_pyobject(py)?.repr()?
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        compare(
            other.py(),
            op,
            other.cast::<Self>().ok().map(|o| o.get().name == self.name),
        )
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.name.clone().into_pyobject(py)?.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        (slf.get_type().into_any(), (slf.get().name.clone(),))
    }
}

/// A `NodePath`: `NodePath("/root/Main:position:x")`. `str(path)` gives the path; `names`
/// and `subnames` its parts as the engine stores them.
#[pyclass(module = "gdvariant", frozen)]
pub struct NodePath {
    /// The node names (`root`, `Main`).
    #[pyo3(get)]
    pub names: Vec<String>,
    /// The property path after `:` (`position`, `x`).
    #[pyo3(get)]
    pub subnames: Vec<String>,
    /// Does the path start at the root (`/`)?
    #[pyo3(get)]
    pub absolute: bool,
}

impl NodePath {
    /// From a decoded NodePath.
    pub fn from_ref(path: &NodePathRef<'_>) -> Self {
        NodePath {
            names: path.names().map(|s| s.as_str().to_owned()).collect(),
            subnames: path.subnames().map(|s| s.as_str().to_owned()).collect(),
            absolute: path.is_absolute(),
        }
    }

    /// The path as text: `/a/b:c:d`.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.absolute {
            out.push('/');
        }
        out.push_str(&self.names.join("/"));
        for sub in &self.subnames {
            out.push(':');
            out.push_str(sub);
        }
        out
    }
}

#[pymethods]
impl NodePath {
    /// Parses `path` as the engine does (`NodePath(String)`): names split at `/`, the
    /// property path after the first `:`.
    #[new]
    fn new(path: &str) -> PyResult<Self> {
        // The crate's writer parses the text; read its parts back from the bytes.
        let mut bytes = Vec::new();
        Builder::new(&mut bytes, Dialect::Godot4)
            .node_path_str(path)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let value = VariantRef::parse(&bytes, Dialect::Godot4)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let parts = value.as_node_path().map(|p| NodePath::from_ref(&p));
        parts.ok_or_else(|| PyValueError::new_err("not a NodePath"))
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "NodePath({})",
            self.text().into_pyobject(py)?.repr()?
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let equal = other.cast::<Self>().ok().map(|o| {
            let o = o.get();
            (&o.names, &o.subnames, o.absolute) == (&self.names, &self.subnames, self.absolute)
        });
        compare(other.py(), op, equal)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.text().into_pyobject(py)?.hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String,)) {
        (slf.get_type().into_any(), (slf.get().text(),))
    }
}

/// Declares a frozen class holding one integer id, with `==`, `hash`, `repr`, pickling.
macro_rules! id_class {
    ($name:ident, $doc:literal, $field:ident) => {
        #[doc = $doc]
        #[pyclass(module = "gdvariant", frozen)]
        pub struct $name {
            /// The id.
            #[pyo3(get)]
            pub $field: u64,
        }

        #[pymethods]
        impl $name {
            #[new]
            fn new($field: u64) -> Self {
                $name { $field }
            }

            fn __repr__(&self) -> String {
                format!("{}({})", stringify!($name), self.$field)
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
                compare(
                    other.py(),
                    op,
                    other
                        .cast::<Self>()
                        .ok()
                        .map(|o| o.get().$field == self.$field),
                )
            }

            fn __hash__(&self) -> u64 {
                self.$field
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (u64,)) {
                (slf.get_type().into_any(), (slf.get().$field,))
            }
        }
    };
}

id_class!(
    RID,
    "A `RID`: `RID(id)` (Godot 3 writes no id: always 0 there).",
    id
);
id_class!(
    ObjectId,
    "An object written as its instance id (what the engine writes without full objects; it reads it back as an `EncodedObjectAsID`).",
    id
);

/// A full object as data: its class name and its properties, in wire order. Never
/// instantiated: no class or script is looked up or run. Not hashable.
#[pyclass(module = "gdvariant", frozen)]
pub struct Object {
    /// The class name, e.g. `Resource`.
    #[pyo3(get)]
    pub class_name: String,
    /// The properties: `{name: value}` in wire order.
    #[pyo3(get)]
    pub properties: Py<PyDict>,
}

#[pymethods]
impl Object {
    #[new]
    #[pyo3(signature = (class_name, properties = None))]
    fn new(py: Python<'_>, class_name: String, properties: Option<Bound<'_, PyDict>>) -> Self {
        let properties = properties.unwrap_or_else(|| PyDict::new(py)).unbind();
        Object {
            class_name,
            properties,
        }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Object({}, {})",
            self.class_name.clone().into_pyobject(py)?.repr()?,
            self.properties.bind(py).repr()?
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let equal = match other.cast::<Self>() {
            Ok(o) => {
                let o = o.get();
                Some(
                    o.class_name == self.class_name
                        && o.properties.bind(py).eq(self.properties.bind(py))?,
                )
            }
            Err(_) => None,
        };
        Ok(compare(py, op, equal))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String, Py<PyDict>)) {
        let this = slf.get();
        (
            slf.get_type().into_any(),
            (this.class_name.clone(), this.properties.clone_ref(slf.py())),
        )
    }
}

/// A `Callable` (Godot 4). Its target is never written: every Callable reads back empty
/// and equals every other.
#[pyclass(module = "gdvariant", frozen)]
pub struct Callable;

#[pymethods]
impl Callable {
    #[new]
    fn new() -> Self {
        Callable
    }

    fn __repr__(&self) -> &'static str {
        "Callable()"
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        compare(other.py(), op, other.cast::<Self>().ok().map(|_| true))
    }

    fn __hash__(&self) -> u64 {
        0x6361_6c6c
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, Bound<'py, PyTuple>) {
        (slf.get_type().into_any(), PyTuple::empty(slf.py()))
    }
}

/// A `Signal` (Godot 4): its name and the id of the object that has it.
#[pyclass(module = "gdvariant", frozen)]
pub struct Signal {
    /// The signal's name.
    #[pyo3(get)]
    pub name: String,
    /// The instance id of its object (0 for none).
    #[pyo3(get)]
    pub object_id: u64,
}

#[pymethods]
impl Signal {
    #[new]
    #[pyo3(signature = (name, object_id = 0))]
    fn new(name: String, object_id: u64) -> Self {
        Signal { name, object_id }
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!(
            "Signal({}, {})",
            self.name.clone().into_pyobject(py)?.repr()?,
            self.object_id
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
        let equal = other
            .cast::<Self>()
            .ok()
            .map(|o| (&o.get().name, o.get().object_id) == (&self.name, self.object_id));
        compare(other.py(), op, equal)
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        (self.name.clone(), self.object_id)
            .into_pyobject(py)?
            .hash()
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> (Bound<'py, PyAny>, (String, u64)) {
        let this = slf.get();
        (
            slf.get_type().into_any(),
            (this.name.clone(), this.object_id),
        )
    }
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<StringName>()?;
    m.add_class::<NodePath>()?;
    m.add_class::<RID>()?;
    m.add_class::<ObjectId>()?;
    m.add_class::<Object>()?;
    m.add_class::<Callable>()?;
    m.add_class::<Signal>()?;
    Ok(())
}
