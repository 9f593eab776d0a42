//! A parsed value to Python objects, in one walk of the crate's visitor: no recursion
//! (nesting is bounded by the parse limits, and the stack of open containers lives on the
//! heap), every node decoded once.

use std::ops::ControlFlow;

use gdvariant::{ContainerType, Dialect, GdStr, ObjectRef, Place, Value, VariantRef, Visitor};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

use crate::classes::{Callable, NodePath, Object, ObjectId, Signal, StringName, RID};
use crate::context::{classes, Classes};
use crate::math;
use crate::packed::Source;

/// The Python value of `value`. Packed arrays view `source` (see [`Source`]).
pub fn to_python<'py>(
    value: &VariantRef<'_>,
    source: &mut Source<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = source.py();
    // The walk makes no reference cycles: pause the cycle collector for big values, whose
    // hundreds of thousands of new containers would otherwise trigger it over and over.
    if value.encoded().len() >= GC_PAUSE_FROM {
        let gc = py.import("gc")?;
        if gc.call_method0("isenabled")?.is_truthy()? {
            gc.call_method0("disable")?;
            let result = walk(value, source);
            gc.call_method0("enable")?;
            return result;
        }
    }
    walk(value, source)
}

/// Values at least this big (in bytes) are built with the cycle collector paused.
const GC_PAUSE_FROM: usize = 64 << 10;

fn walk<'py>(value: &VariantRef<'_>, source: &mut Source<'py>) -> PyResult<Bound<'py, PyAny>> {
    let py = source.py();
    let mut walk = Walk {
        py,
        classes: classes(py)?,
        dialect: value.dialect(),
        source,
        open: Vec::new(),
        done: None,
        keys: Keys::default(),
    };
    if let ControlFlow::Break(e) = value.visit(&mut walk) {
        return Err(e);
    }
    walk.done
        .ok_or_else(|| PyTypeError::new_err("internal: the walk ended without a value"))
}

/// Would adding `key` to `dict` merge it with a key that Godot keeps apart? Python's
/// `1 == 1.0 == True`; Godot's Dictionary tells an int, a float and a bool apart. (A true
/// duplicate, same type and value, is merged like the engine merges it: the last wins.)
fn keeps_apart(dict: &Bound<'_, PyDict>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
    let numeric = key.is_instance_of::<PyInt>() || key.is_instance_of::<PyFloat>();
    if !numeric || !dict.contains(key)? {
        return Ok(false);
    }
    for existing in dict.keys() {
        if existing.eq(key)? {
            return Ok(!existing.get_type().is(key.get_type()));
        }
    }
    Ok(false)
}

/// A container being filled.
enum Open<'py> {
    List {
        list: Bound<'py, PyList>,
        /// A typed array's element type and whether it is Pandemonium's PackedTypedArray.
        typed: Option<(Bound<'py, PyAny>, bool)>,
    },
    Dict {
        dict: Bound<'py, PyDict>,
        key: Option<Bound<'py, PyAny>>,
        /// Set once a key cannot be a `dict` key: the pairs so far, as a list.
        pairs: Option<Bound<'py, PyList>>,
        /// Key and value types of a typed Dictionary.
        typed: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
    },
    Object {
        class: String,
        properties: Bound<'py, PyDict>,
        name: Option<Bound<'py, PyString>>,
    },
}

struct Walk<'py, 's> {
    py: Python<'py>,
    classes: &'py Classes,
    dialect: Dialect,
    source: &'s mut Source<'py>,
    open: Vec<Open<'py>>,
    done: Option<Bound<'py, PyAny>>,
    keys: Keys<'py>,
}

/// The String keys made so far, by a hash of their text: a save's dictionaries repeat the
/// same few keys (`"id"`, `"position"`), and one `str` object for each saves making it
/// again and hashing it again when it goes into the next `dict`. Direct-mapped, short keys
/// only.
struct Keys<'py> {
    slots: Vec<Option<(Inline, Bound<'py, PyString>)>>,
}

impl Default for Keys<'_> {
    fn default() -> Self {
        Keys {
            slots: (0..KEY_SLOTS).map(|_| None).collect(),
        }
    }
}

/// A short key's bytes, kept without allocating.
type Inline = ([u8; KEY_MAX_LEN], usize);

const KEY_SLOTS: usize = 512;
const KEY_MAX_LEN: usize = 32;

impl<'py> Keys<'py> {
    fn get(&mut self, py: Python<'py>, text: &str) -> Bound<'py, PyString> {
        if text.len() > KEY_MAX_LEN {
            return PyString::new(py, text);
        }
        // FNV-1a: cheap for a handful of bytes.
        let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
        let slot = &mut self.slots[(hash as usize) % KEY_SLOTS];
        match slot {
            Some(((bytes, len), object)) if bytes.get(..*len) == Some(text.as_bytes()) => {
                object.clone()
            }
            _ => {
                let object = PyString::new(py, text);
                let mut bytes = [0; KEY_MAX_LEN];
                bytes[..text.len()].copy_from_slice(text.as_bytes());
                *slot = Some(((bytes, text.len()), object.clone()));
                object
            }
        }
    }
}

impl<'py> Walk<'py, '_> {
    /// Is the next value a Dictionary key?
    fn at_key(&self) -> bool {
        matches!(self.open.last(), Some(Open::Dict { key: None, .. }))
    }

    /// A leaf's Python value, or `None` for a container (which is opened instead).
    fn leaf(&mut self, value: &Value<'_>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let py = self.py;
        Ok(Some(match value {
            Value::Nil => py.None().into_bound(py),
            Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
            Value::Int(n) => PyInt::new(py, *n).into_any(),
            Value::Float(f) => PyFloat::new(py, *f).into_any(),
            Value::String(s) if self.at_key() => self.keys.get(py, s.as_str()).into_any(),
            Value::String(s) => PyString::new(py, s.as_str()).into_any(),
            Value::StringName(s) => Bound::new(
                py,
                StringName {
                    name: s.as_str().to_owned(),
                },
            )?
            .into_any(),
            Value::NodePath(p) => Bound::new(py, NodePath::from_ref(p))?.into_any(),
            Value::Rid(id) => Bound::new(py, RID { id: *id })?.into_any(),
            Value::Callable => Bound::new(py, Callable)?.into_any(),
            Value::Signal(s) => Bound::new(
                py,
                Signal {
                    name: s.name().as_str().to_owned(),
                    object_id: s.object_id(),
                },
            )?
            .into_any(),
            Value::Object(ObjectRef::Null) => py.None().into_bound(py),
            Value::Object(ObjectRef::Id(id)) => Bound::new(py, ObjectId { id: *id })?.into_any(),
            Value::Object(ObjectRef::Full(object)) => {
                self.open.push(Open::Object {
                    class: object.class().as_str().to_owned(),
                    properties: PyDict::new(py),
                    name: None,
                });
                return Ok(None);
            }
            Value::Array(array) => {
                let element = array.element_type();
                let typed = match element {
                    ContainerType::Untyped => None,
                    t => Some((self.container_type(t)?, false)),
                };
                self.open.push(Open::List {
                    list: PyList::empty(py),
                    typed,
                });
                return Ok(None);
            }
            Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let packed = matches!(value, Value::PackedTypedArray(_));
                let element = self.container_type(array.element_type())?;
                self.open.push(Open::List {
                    list: PyList::empty(py),
                    typed: Some((element, packed)),
                });
                return Ok(None);
            }
            Value::Dictionary(dict) => {
                let (k, v) = (dict.key_type(), dict.value_type());
                let typed = match (k, v) {
                    (ContainerType::Untyped, ContainerType::Untyped) => None,
                    (k, v) => Some((self.container_type(k)?, self.container_type(v)?)),
                };
                self.open.push(Open::Dict {
                    dict: PyDict::new(py),
                    key: None,
                    pairs: None,
                    typed,
                });
                return Ok(None);
            }
            other => match other.as_math() {
                Some(m) => math::to_python(py, &m)?,
                None => match self.source.packed(other)? {
                    Some(array) => array,
                    None => {
                        return Err(PyTypeError::new_err(format!(
                            "unsupported type {:?}",
                            other.ty()
                        )))
                    }
                },
            },
        }))
    }

    /// `ContainerType(kind, name)`, or `None` for untyped.
    fn container_type(&self, t: ContainerType<GdStr<'_>>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        let (kind, name) = match t {
            ContainerType::Untyped => return Ok(py.None().into_bound(py)),
            ContainerType::Builtin(ty) => ("builtin", ty.name(self.dialect).to_owned()),
            ContainerType::ClassName(s) => ("class", s.as_str().to_owned()),
            ContainerType::Script(s) => ("script", s.as_str().to_owned()),
        };
        self.classes.container_type.bind(py).call1((kind, name))
    }

    /// Puts a finished value where it belongs: into the innermost open container, or as
    /// the result.
    fn attach(&mut self, value: Bound<'py, PyAny>) -> PyResult<()> {
        let py = self.py;
        match self.open.last_mut() {
            None => self.done = Some(value),
            Some(Open::List { list, .. }) => list.append(value)?,
            Some(Open::Object {
                properties, name, ..
            }) => {
                let name = name.take().unwrap_or_else(|| PyString::new(py, ""));
                properties.set_item(name, value)?;
            }
            Some(Open::Dict {
                dict, key, pairs, ..
            }) => {
                let Some(k) = key.take() else {
                    *key = Some(value);
                    return Ok(());
                };
                if let Some(pairs) = pairs {
                    return pairs.append(PyTuple::new(py, [k, value])?);
                }
                if !keeps_apart(dict, &k)? {
                    match dict.set_item(&k, &value) {
                        Ok(()) => return Ok(()),
                        // A key Python cannot hash: fall through to pairs.
                        Err(e) if e.is_instance_of::<PyTypeError>(py) => {}
                        Err(e) => return Err(e),
                    }
                }
                let list = PyList::empty(py);
                for (dk, dv) in dict.iter() {
                    list.append(PyTuple::new(py, [dk, dv])?)?;
                }
                list.append(PyTuple::new(py, [k, value])?)?;
                *pairs = Some(list);
            }
        }
        Ok(())
    }

    /// Closes the innermost container and attaches it.
    fn close(&mut self) -> PyResult<()> {
        let py = self.py;
        let value = match self.open.pop() {
            None => return Ok(()),
            Some(Open::List { list, typed: None }) => list.into_any(),
            Some(Open::List {
                list,
                typed: Some((element, packed)),
            }) => self
                .classes
                .typed_array
                .bind(py)
                .call1((list, element, packed))?,
            Some(Open::Dict {
                pairs: Some(pairs),
                typed,
                ..
            }) => {
                let (k, v) =
                    typed.unwrap_or_else(|| (py.None().into_bound(py), py.None().into_bound(py)));
                self.classes.pairs.bind(py).call1((pairs, k, v))?
            }
            Some(Open::Dict {
                dict, typed: None, ..
            }) => dict.into_any(),
            Some(Open::Dict {
                dict,
                typed: Some((k, v)),
                ..
            }) => self.classes.typed_dictionary.bind(py).call1((dict, k, v))?,
            Some(Open::Object {
                class, properties, ..
            }) => Bound::new(
                py,
                Object {
                    class_name: class,
                    properties: properties.unbind(),
                },
            )?
            .into_any(),
        };
        self.attach(value)
    }
}

impl<'a, 'py> Visitor<'a> for Walk<'py, '_> {
    type Break = PyErr;

    fn value(&mut self, value: &Value<'a>, _place: Place) -> ControlFlow<PyErr> {
        let result = match self.leaf(value) {
            Ok(Some(leaf)) => self.attach(leaf),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        result.map_or_else(ControlFlow::Break, ControlFlow::Continue)
    }

    fn property(&mut self, name: GdStr<'a>, _place: Place) -> ControlFlow<PyErr> {
        if let Some(Open::Object { name: slot, .. }) = self.open.last_mut() {
            *slot = Some(PyString::new(self.py, name.as_str()));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, _place: Place) -> ControlFlow<PyErr> {
        self.close()
            .map_or_else(ControlFlow::Break, ControlFlow::Continue)
    }
}
