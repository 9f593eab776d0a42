//! The Godot math types as small immutable Python classes: `Vector3(1.0, 2.0, 3.5)`. One
//! macro makes them all, from one table (`math_types!` below), which the reader and the
//! writer both use.

use gdvariant::{MathRef, VariantType};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyTuple, PyType};

/// The components of a math value as the writer needs them.
pub enum Components {
    /// f32 on the wire (or f64 with the 64-bit flag when `double`).
    Real(Vec<f64>, bool),
    /// i32 on the wire.
    Int(Vec<i32>),
}

/// `==` and `!=` from whether `other` is of the same class and equal (`None`: another
/// class, so `NotImplemented`); other comparisons are not supported.
pub fn compare(py: Python<'_>, op: CompareOp, equal: Option<bool>) -> Py<PyAny> {
    match (op, equal) {
        (CompareOp::Eq, Some(e)) => PyBool::new(py, e).to_owned().into_any().unbind(),
        (CompareOp::Ne, Some(e)) => PyBool::new(py, !e).to_owned().into_any().unbind(),
        _ => py.NotImplemented(),
    }
}

/// `Name(1.0, 2.0)` (and `, double=True`).
fn repr(name: &str, tuple: &Bound<'_, PyTuple>, double: bool) -> PyResult<String> {
    let inner = tuple.repr()?.to_string();
    let inner = inner.trim_start_matches('(').trim_end_matches(')');
    let inner = inner.strip_suffix(',').unwrap_or(inner);
    let flag = if double { ", double=True" } else { "" };
    Ok(format!("{name}({inner}{flag})"))
}

macro_rules! math_class {
    ($name:ident, $ty:ident, $t:ident, $n:literal, $doc:literal, [$($field:ident = $i:literal),*]) => {
        #[doc = $doc]
        #[pyclass(module = "gdvariant", frozen)]
        pub struct $name {
            c: [$t; $n],
            double: bool,
        }

        impl $name {
            /// The wire type.
            pub const TY: VariantType = VariantType::$ty;

            /// From a decoded value of this type.
            pub fn from_math(py: Python<'_>, m: &MathRef<'_>) -> PyResult<Py<$name>> {
                let mut c = [<$t>::default(); $n];
                for (i, slot) in c.iter_mut().enumerate() {
                    *slot = math_component!($t, m, i);
                }
                Py::new(py, $name { c, double: m.is_double() })
            }

            /// The components, for the writer.
            pub fn components(&self) -> Components {
                math_components!($t, self.c, self.double)
            }

            fn tuple<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                PyTuple::new(py, self.c)
            }
        }

        #[pymethods]
        impl $name {
            #[new]
            #[pyo3(signature = (*components, double = false))]
            fn py_new(components: &Bound<'_, PyTuple>, double: bool) -> PyResult<Self> {
                if components.len() != $n {
                    return Err(PyTypeError::new_err(format!(
                        "{} takes {} components, got {}",
                        stringify!($name),
                        $n,
                        components.len()
                    )));
                }
                let mut c = [<$t>::default(); $n];
                for (slot, item) in c.iter_mut().zip(components.iter()) {
                    *slot = item.extract()?;
                }
                math_double_check!($t, double, stringify!($name))?;
                Ok($name { c, double })
            }

            /// Build one that is written in double precision (pickling uses it).
            #[classmethod]
            #[pyo3(signature = (*components))]
            fn _double(_cls: &Bound<'_, PyType>, components: &Bound<'_, PyTuple>) -> PyResult<Self> {
                Self::py_new(components, true)
            }

            /// The components in wire order (the order of the engine's text form).
            #[getter(components)]
            fn py_components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
                self.tuple(py)
            }

            /// Read from, or written as, a double-precision value (Godot 4 `precision=double`
            /// builds: the header's 64-bit flag).
            #[getter]
            fn double(&self) -> bool {
                self.double
            }

            $(
                #[doc = concat!("Component `", stringify!($field), "`.")]
                #[getter]
                fn $field(&self) -> $t {
                    self.c[$i]
                }
            )*

            fn __len__(&self) -> usize {
                $n
            }

            fn __getitem__<'py>(&self, py: Python<'py>, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
                self.tuple(py)?.as_any().get_item(index)
            }

            fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
                Ok(self.tuple(py)?.as_any().try_iter()?.into_any())
            }

            fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
                repr(stringify!($name), &self.tuple(py)?, self.double)
            }

            fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> Py<PyAny> {
                compare(other.py(), op, other.cast::<$name>().ok().map(|o| o.get().c == self.c))
            }

            fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
                self.tuple(py)?.hash()
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyTuple>)> {
                let this = slf.get();
                let build = if this.double {
                    slf.get_type().getattr("_double")?
                } else {
                    slf.get_type().into_any()
                };
                Ok((build, this.tuple(slf.py())?))
            }
        }
    };
}

macro_rules! math_component {
    (f64, $m:expr, $i:expr) => {
        $m.get($i).unwrap_or(0.0)
    };
    (i32, $m:expr, $i:expr) => {
        $m.get_i32($i).unwrap_or(0)
    };
}

macro_rules! math_components {
    (f64, $c:expr, $double:expr) => {
        Components::Real($c.to_vec(), $double)
    };
    (i32, $c:expr, $double:expr) => {
        Components::Int($c.to_vec())
    };
}

macro_rules! math_double_check {
    (f64, $double:expr, $name:expr) => {
        PyResult::Ok(())
    };
    (i32, $double:expr, $name:expr) => {
        if $double {
            Err(PyTypeError::new_err(format!(
                "{} has no double-precision form",
                $name
            )))
        } else {
            Ok(())
        }
    };
}

/// The table: every math type, its class, component type and count, and named
/// components. `for_each_math!` hands it to a macro.
macro_rules! math_types {
    ($m:ident) => {
        $m! {
            Vector2: Vector2, f64, 2, "`Vector2(x, y)`.", [x = 0, y = 1];
            Vector2i: Vector2i, i32, 2, "`Vector2i(x, y)` (Godot 4, Pandemonium).", [x = 0, y = 1];
            Rect2: Rect2, f64, 4, "`Rect2(x, y, width, height)`: position, then size.", [];
            Rect2i: Rect2i, i32, 4, "`Rect2i(x, y, width, height)` (Godot 4, Pandemonium).", [];
            Vector3: Vector3, f64, 3, "`Vector3(x, y, z)`.", [x = 0, y = 1, z = 2];
            Vector3i: Vector3i, i32, 3, "`Vector3i(x, y, z)` (Godot 4, Pandemonium).", [x = 0, y = 1, z = 2];
            Transform2D: Transform2D, f64, 6, "`Transform2D`: the x axis, the y axis, the origin (6 components).", [];
            Vector4: Vector4, f64, 4, "`Vector4(x, y, z, w)` (Godot 4, Pandemonium).", [x = 0, y = 1, z = 2, w = 3];
            Vector4i: Vector4i, i32, 4, "`Vector4i(x, y, z, w)` (Godot 4, Pandemonium).", [x = 0, y = 1, z = 2, w = 3];
            Plane: Plane, f64, 4, "`Plane(a, b, c, d)`: the normal, then the distance.", [x = 0, y = 1, z = 2, d = 3];
            Quaternion: Quaternion, f64, 4, "`Quaternion(x, y, z, w)` (`Quat` in Godot 3).", [x = 0, y = 1, z = 2, w = 3];
            AABB: Aabb, f64, 6, "`AABB`: position, then size (6 components).", [];
            Basis: Basis, f64, 9, "`Basis`: 9 components in wire order.", [];
            Transform3D: Transform3D, f64, 12, "`Transform3D` (`Transform` in Godot 3): the basis, then the origin (12 components).", [];
            Projection: Projection, f64, 16, "`Projection` (Godot 4): 16 components, four columns.", [];
            Color: Color, f64, 4, "`Color(r, g, b, a)`: always f32 on the wire.", [r = 0, g = 1, b = 2, a = 3];
        }
    };
}

macro_rules! define_all {
    ($($name:ident: $ty:ident, $t:ident, $n:literal, $doc:literal, [$($field:ident = $i:literal),*];)*) => {
        $(math_class!($name, $ty, $t, $n, $doc, [$($field = $i),*]);)*

        /// The Python value of a decoded math value.
        pub fn to_python<'py>(py: Python<'py>, m: &MathRef<'_>) -> PyResult<Bound<'py, PyAny>> {
            match m.ty() {
                $(VariantType::$ty => Ok($name::from_math(py, m)?.into_bound(py).into_any()),)*
                other => Err(PyTypeError::new_err(format!("{other:?} is not a math type"))),
            }
        }

        /// The wire type and components of `obj`, if it is one of the math classes.
        pub fn from_python(obj: &Bound<'_, PyAny>) -> Option<(VariantType, Components)> {
            $(if let Ok(v) = obj.cast::<$name>() {
                return Some(($name::TY, v.get().components()));
            })*
            None
        }

        /// Adds the classes to the module.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $(m.add_class::<$name>()?;)*
            Ok(())
        }
    };
}

math_types!(define_all);
