//! `gdvariant.view` / `gdvariant.open`: a lazy view of a validated value. The input is
//! validated once; afterwards every step (`view["players"][3]`) costs what the crate's
//! accessors cost, and nothing is converted until it is asked for.

use std::sync::Arc;

use gdvariant::{Dialect, ObjectRef, VariantRef};
use pyo3::exceptions::{PyIndexError, PyKeyError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString};
use yoke::{Yoke, Yokeable};

use crate::decode;
use crate::input::Input;
use crate::packed::Source;

/// A node of the input, borrowed from the bytes its `Yoke` keeps alive.
#[derive(Yokeable, Clone, Copy)]
struct Node<'a>(VariantRef<'a>);

/// The values of a container (Array elements, Dictionary values, Object property
/// values), gathered in one pass.
#[derive(Yokeable)]
struct Children<'a>(Vec<VariantRef<'a>>);

type Children_ = Yoke<Children<'static>, Arc<Shared>>;

/// The bytes (kept alive for as long as any view of them) and the Python object they came
/// from (which packed arrays view).
pub struct Shared {
    input: Input,
    object: Py<PyAny>,
}

impl std::ops::Deref for Shared {
    type Target = Input;
    fn deref(&self) -> &Input {
        &self.input
    }
}

/// A lazy, read-only view of one value of a validated input: `view["key"]`, `view[3]`,
/// `len(view)`, iteration, `.value()`. Indexing gives a `View` for an Array, Dictionary or
/// Object, and the Python value for anything else (packed arrays as NumPy views of the
/// input). Dictionary lookups scan the pairs (O(n), the last duplicate wins, like the
/// engine); `view[i]` on an Array steps over the elements before it (O(i)).
#[pyclass(module = "gdvariant", frozen)]
pub struct View {
    node: Yoke<Node<'static>, Arc<Shared>>,
}

impl View {
    /// Validates the value at `offset`..`offset + len` of `input`… by parsing it with
    /// `parse` (which returns the root view) and keeps the input alive.
    pub fn new(
        input: Input,
        object: Py<PyAny>,
        parse: impl for<'a> FnOnce(&'a [u8]) -> Result<VariantRef<'a>, PyErr>,
    ) -> PyResult<View> {
        let shared = Arc::new(Shared { input, object });
        let node = Yoke::try_attach_to_cart(shared, |s: &Shared| parse(s.input.bytes()).map(Node))?;
        Ok(View { node })
    }

    fn value_ref(&self) -> VariantRef<'_> {
        self.node.get().0
    }

    /// Runs `f` on the value this view shows.
    pub fn with_ref<T>(&self, f: impl FnOnce(VariantRef<'_>) -> PyResult<T>) -> PyResult<T> {
        f(self.value_ref())
    }

    /// Runs `f` on the value this view shows and a [`Source`] over the input it views
    /// (what packed arrays converted from it view).
    pub fn with_source<'py, T>(
        &self,
        py: Python<'py>,
        f: impl FnOnce(VariantRef<'_>, &mut Source<'py>) -> PyResult<T>,
    ) -> PyResult<T> {
        let shared = self.node.backing_cart();
        let mut source = Source::new(shared.object.bind(py).clone(), shared.input.bytes());
        f(self.value_ref(), &mut source)
    }

    /// A child of this view's node: a `View` for a container, the Python value otherwise.
    fn child<'py>(
        &self,
        py: Python<'py>,
        pick: impl for<'a> FnOnce(VariantRef<'a>) -> Option<VariantRef<'a>>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Ok(child) = self
            .node
            .try_map_project_cloned(|node, _| pick(node.0).map(Node).ok_or(()))
        else {
            return Ok(None);
        };
        View { node: child }.wrap(py).map(Some)
    }

    /// The values of this container, in one pass (empty for anything else).
    fn children(&self) -> Children_ {
        self.node.map_project_cloned(|node, _| {
            let v = node.0;
            let values: Vec<VariantRef<'_>> = if let Some(a) = v.as_array() {
                a.iter().collect()
            } else if let Some(d) = v.as_dictionary() {
                d.iter().map(|(_, value)| value).collect()
            } else if let Some(ObjectRef::Full(o)) = v.as_object() {
                o.properties().map(|(_, value)| value).collect()
            } else {
                Vec::new()
            };
            Children(values)
        })
    }

    /// The `i`th of `children` as `child` gives it.
    fn nth<'py>(
        &self,
        py: Python<'py>,
        children: &Children_,
        i: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let node = children
            .try_map_project_cloned(|c, _| c.0.get(i).copied().map(Node).ok_or(()))
            .map_err(|()| PyIndexError::new_err(i))?;
        View { node }.wrap(py)
    }

    /// A `View` for a container, the Python value otherwise.
    fn wrap<'py>(self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if is_container(&self.value_ref()) {
            return Ok(Bound::new(py, self)?.into_any());
        }
        self.convert(py)
    }

    /// The whole value as Python objects.
    fn convert<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let shared = self.node.backing_cart();
        let object = shared.object.bind(py).clone();
        let mut source = Source::new(object, shared.input.bytes());
        decode::to_python(&self.value_ref(), &mut source)
    }
}

/// Does indexing give a `View` (Array, Dictionary, full Object), not a value?
fn is_container(v: &VariantRef<'_>) -> bool {
    v.as_array().is_some()
        || v.as_dictionary().is_some()
        || matches!(v.as_object(), Some(ObjectRef::Full(_)))
}

#[pymethods]
impl View {
    /// The whole value as Python objects (what `loads` gives). O(size of this value).
    fn value<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.convert(py)
    }

    /// The engine's name of the value's type (`"Dictionary"`, `"PackedVector3Array"`).
    #[getter(r#type)]
    fn type_name(&self) -> &'static str {
        let v = self.value_ref();
        v.ty().name(v.dialect())
    }

    /// Byte offset of the value in the input.
    #[getter]
    fn offset(&self) -> usize {
        self.value_ref().offset()
    }

    /// Bytes the value occupies.
    #[getter]
    fn size(&self) -> usize {
        self.value_ref().encoded().len()
    }

    /// The dialect, as `godot=` takes it: `3`, `4`, `"pm-a"`, `"pm-b"` or `"pm-c"`.
    #[getter]
    fn godot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        godot_arg(py, self.value_ref().dialect())
    }

    fn __len__(&self) -> PyResult<usize> {
        let v = self.value_ref();
        if let Some(a) = v.as_array() {
            return Ok(a.len());
        }
        if let Some(d) = v.as_dictionary() {
            return Ok(d.len());
        }
        if let Some(ObjectRef::Full(o)) = v.as_object() {
            return Ok(o.len());
        }
        Err(PyTypeError::new_err(format!(
            "a {} has no len()",
            self.type_name()
        )))
    }

    /// `view[key]`: a Dictionary entry by key (any key `loads` can give), an Array element
    /// by index (negative from the end), an Object property by name.
    fn __getitem__<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let v = self.value_ref();
        if let Some(array) = v.as_array() {
            let len = array.len();
            let index: isize = key
                .cast::<PyInt>()
                .map_err(|_| PyTypeError::new_err("Array indices are int"))?
                .extract()?;
            let at = if index < 0 {
                index + len as isize
            } else {
                index
            };
            let found = usize::try_from(at).ok().filter(|&i| i < len);
            return found
                .and_then(|i| {
                    self.child(py, |v| v.as_array().and_then(|a| a.get(i)))
                        .transpose()
                })
                .unwrap_or_else(|| Err(PyIndexError::new_err(index)));
        }
        if v.as_dictionary().is_some() {
            let found = if let Ok(s) = key.cast_exact::<PyString>() {
                let s = s.to_str()?.to_owned();
                self.child(py, move |v| v.as_dictionary().and_then(|d| d.get(&s)))?
            } else {
                let keys = self.keys_list(py)?;
                let mut at = None;
                for (i, k) in keys.iter().enumerate() {
                    if k.eq(key)? && k.get_type().is(key.get_type()) {
                        at = Some(i);
                    }
                }
                match at {
                    Some(i) => Some(self.nth(py, &self.children(), i)?),
                    None => None,
                }
            };
            return found.ok_or_else(|| PyKeyError::new_err(key.clone().unbind()));
        }
        if let Some(ObjectRef::Full(_)) = v.as_object() {
            let name: String = key.extract()?;
            let found = self.child(py, move |v| match v.as_object() {
                Some(ObjectRef::Full(o)) => o
                    .properties()
                    .filter(|(n, _)| n.as_str() == name)
                    .last()
                    .map(|(_, value)| value),
                _ => None,
            })?;
            return found.ok_or_else(|| PyKeyError::new_err(key.clone().unbind()));
        }
        Err(PyTypeError::new_err(format!(
            "a {} cannot be indexed",
            self.type_name()
        )))
    }

    /// `view.get(key, default=None)`: `view[key]`, or `default` where there is none.
    #[pyo3(signature = (key, default = None))]
    fn get<'py>(
        &self,
        py: Python<'py>,
        key: &Bound<'py, PyAny>,
        default: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match self.__getitem__(py, key) {
            Err(e)
                if e.is_instance_of::<PyKeyError>(py) || e.is_instance_of::<PyIndexError>(py) =>
            {
                Ok(default.unwrap_or_else(|| py.None().into_bound(py)))
            }
            other => other,
        }
    }

    /// `key in view`: a Dictionary has the key, an Object the property (an Array: the
    /// index is in range, unlike `list`, which looks at the values).
    fn __contains__<'py>(&self, py: Python<'py>, key: &Bound<'py, PyAny>) -> PyResult<bool> {
        match self.__getitem__(py, key) {
            Ok(_) => Ok(true),
            Err(e)
                if e.is_instance_of::<PyKeyError>(py) || e.is_instance_of::<PyIndexError>(py) =>
            {
                Ok(false)
            }
            Err(e) => Err(e),
        }
    }

    /// The keys of a Dictionary (as Python values), the property names of an Object.
    fn keys<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        self.keys_list(py)
    }

    /// The values of a Dictionary or Object, the elements of an Array: `View`s for
    /// containers, Python values otherwise.
    fn values<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let children = self.children();
        let out = PyList::empty(py);
        for i in 0..children.get().0.len() {
            out.append(self.nth(py, &children, i)?)?;
        }
        Ok(out)
    }

    /// `(key, value)` pairs of a Dictionary or Object.
    fn items<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let out = PyList::empty(py);
        let keys = self.keys_list(py)?;
        let children = self.children();
        for (i, k) in keys.iter().enumerate() {
            out.append((k, self.nth(py, &children, i)?))?;
        }
        Ok(out)
    }

    /// Iterates an Array's elements, a Dictionary's keys, an Object's property names.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let list = if self.value_ref().as_array().is_some() {
            self.values(py)?
        } else {
            self.keys_list(py)?
        };
        Ok(list.try_iter()?.into_any())
    }

    fn __repr__(&self) -> String {
        let size = match self.__len__() {
            Ok(n) => format!(" of {n}"),
            Err(_) => String::new(),
        };
        format!(
            "<gdvariant.View {}{size} at offset {}>",
            self.type_name(),
            self.offset()
        )
    }
}

impl View {
    /// A Dictionary's keys as Python values; an Object's property names.
    fn keys_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let v = self.value_ref();
        let out = PyList::empty(py);
        if let Some(d) = v.as_dictionary() {
            let shared = self.node.backing_cart();
            let mut source = Source::new(shared.object.bind(py).clone(), shared.input.bytes());
            for (k, _) in d.iter() {
                out.append(decode::to_python(&k, &mut source)?)?;
            }
            return Ok(out);
        }
        if let Some(ObjectRef::Full(o)) = v.as_object() {
            for (name, _) in o.properties() {
                out.append(name.as_str())?;
            }
            return Ok(out);
        }
        Err(PyTypeError::new_err(format!(
            "a {} has no keys",
            self.type_name()
        )))
    }
}

/// The `godot=` argument naming `dialect`.
pub fn godot_arg(py: Python<'_>, dialect: Dialect) -> PyResult<Bound<'_, PyAny>> {
    Ok(match dialect {
        Dialect::Godot3 => 3i64.into_pyobject(py)?.into_any(),
        Dialect::Godot4 => 4i64.into_pyobject(py)?.into_any(),
        Dialect::PandemoniumA => "pm-a".into_pyobject(py)?.into_any(),
        Dialect::PandemoniumB => "pm-b".into_pyobject(py)?.into_any(),
        _ => "pm-c".into_pyobject(py)?.into_any(),
    })
}
