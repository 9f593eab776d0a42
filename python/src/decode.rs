//! A parsed value to Python objects: the Python side of the crate's one walk
//! ([`gdvariant::host`]), which keeps the open containers on the heap (no recursion) and
//! decodes every node once. This file says only what each Godot value is in Python.

use gdvariant::host::{self, ArrayType, DictionaryType, HostBuilder, PackedData, TypeName};
use gdvariant::VariantRef;
use gdvariant::{GdStr, MathRef, NodePathRef, PackedStrings, SignalRef, Value};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

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
            let result = host::build(value, &mut Host::new(source)?);
            gc.call_method0("enable")?;
            return result;
        }
    }
    host::build(value, &mut Host::new(source)?)
}

/// The Python value of a value that holds no others (a packed array's element); `None`
/// for a container.
pub fn leaf_to_python<'py>(
    value: &Value<'_>,
    source: &mut Source<'py>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    host::leaf(&mut Host::new(source)?, value)
}

/// Values at least this big (in bytes) are built with the cycle collector paused.
const GC_PAUSE_FROM: usize = 64 << 10;

/// Would adding `key` to `dict` merge it with a key that Godot keeps apart? Python's
/// `1 == 1.0 == True`; Godot's Dictionary tells an int, a float and a bool apart. (A true
/// duplicate, same type and value, is merged like the engine merges it: the last wins.)
/// Inlined: most keys are strings, and the type check is all they cost.
#[inline(always)]
fn keeps_apart(dict: &Bound<'_, PyDict>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
    let numeric = key.is_instance_of::<PyInt>() || key.is_instance_of::<PyFloat>();
    if !numeric {
        return Ok(false);
    }
    numeric_kept_apart(dict, key)
}

/// [`keeps_apart`] for an int or float key.
fn numeric_kept_apart(dict: &Bound<'_, PyDict>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
    if !dict.contains(key)? {
        return Ok(false);
    }
    for existing in dict.keys() {
        if existing.eq(key)? {
            return Ok(!existing.get_type().is(key.get_type()));
        }
    }
    Ok(false)
}

/// The builder of Python values.
struct Host<'py, 's> {
    py: Python<'py>,
    classes: &'py Classes,
    source: &'s mut Source<'py>,
    keys: Keys<'py>,
}

impl<'py, 's> Host<'py, 's> {
    fn new(source: &'s mut Source<'py>) -> PyResult<Self> {
        let py = source.py();
        Ok(Host {
            py,
            classes: classes(py)?,
            source,
            keys: Keys::default(),
        })
    }

    /// `ContainerType(kind, name)`, or `None` for untyped.
    fn container_type(&self, t: Option<TypeName<'_>>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        match t {
            None => Ok(py.None().into_bound(py)),
            Some(t) => self.classes.container_type.bind(py).call1((t.kind, t.name)),
        }
    }
}

/// An Array being filled: the list, and a typed array's element type and whether it is
/// Pandemonium's PackedTypedArray.
struct List<'py> {
    list: Bound<'py, PyList>,
    typed: Option<(Bound<'py, PyAny>, bool)>,
}

/// A Dictionary being filled.
struct Dict<'py> {
    dict: Bound<'py, PyDict>,
    /// Set once a key cannot be a `dict` key: the pairs so far, as a list.
    pairs: Option<Bound<'py, PyList>>,
    /// Key and value types of a typed Dictionary.
    typed: Option<(Bound<'py, PyAny>, Bound<'py, PyAny>)>,
}

/// A full Object being filled.
struct Properties<'py> {
    class: String,
    properties: Bound<'py, PyDict>,
}

type Made<'py> = PyResult<Bound<'py, PyAny>>;

impl<'a, 'py> HostBuilder<'a> for Host<'py, '_> {
    type Value = Bound<'py, PyAny>;
    type Array = List<'py>;
    type Dictionary = Dict<'py>;
    type Object = Properties<'py>;
    type Error = PyErr;

    #[inline]
    fn nil(&mut self) -> Made<'py> {
        Ok(self.py.None().into_bound(self.py))
    }

    #[inline]
    fn bool(&mut self, b: bool) -> Made<'py> {
        Ok(PyBool::new(self.py, b).to_owned().into_any())
    }

    #[inline]
    fn int(&mut self, n: i64) -> Made<'py> {
        Ok(PyInt::new(self.py, n).into_any())
    }

    #[inline]
    fn float(&mut self, x: f64) -> Made<'py> {
        Ok(PyFloat::new(self.py, x).into_any())
    }

    #[inline(always)]
    fn string(&mut self, s: GdStr<'a>, key: bool) -> Made<'py> {
        if key {
            return Ok(self.keys.get(self.py, s.as_str()).into_any());
        }
        Ok(PyString::new(self.py, s.as_str()).into_any())
    }

    #[inline]
    fn string_name(&mut self, s: GdStr<'a>) -> Made<'py> {
        let name = s.as_str().to_owned();
        Ok(Bound::new(self.py, StringName { name })?.into_any())
    }

    #[inline]
    fn node_path(&mut self, path: NodePathRef<'a>) -> Made<'py> {
        Ok(Bound::new(self.py, NodePath::from_ref(&path))?.into_any())
    }

    #[inline]
    fn rid(&mut self, id: u64) -> Made<'py> {
        Ok(Bound::new(self.py, RID { id })?.into_any())
    }

    #[inline]
    fn object_id(&mut self, id: u64) -> Made<'py> {
        Ok(Bound::new(self.py, ObjectId { id })?.into_any())
    }

    #[inline]
    fn callable(&mut self) -> Made<'py> {
        Ok(Bound::new(self.py, Callable)?.into_any())
    }

    #[inline]
    fn signal(&mut self, s: SignalRef<'a>) -> Made<'py> {
        let signal = Signal {
            name: s.name().as_str().to_owned(),
            object_id: s.object_id(),
        };
        Ok(Bound::new(self.py, signal)?.into_any())
    }

    #[inline]
    fn math(&mut self, m: MathRef<'a>) -> Made<'py> {
        math::to_python(self.py, &m)
    }

    #[inline]
    fn packed_bytes(&mut self, bytes: &'a [u8]) -> Made<'py> {
        Ok(PyBytes::new(self.py, bytes).into_any())
    }

    #[inline]
    fn packed_strings(&mut self, strings: PackedStrings<'a>) -> Made<'py> {
        let list = PyList::empty(self.py);
        for s in strings.iter() {
            list.append(PyString::new(self.py, s.as_str()))?;
        }
        self.classes.packed_strings.bind(self.py).call1((list,))
    }

    #[inline]
    fn packed(&mut self, array: PackedData<'a>) -> Made<'py> {
        self.source.packed(array)
    }

    #[inline]
    fn begin_array(&mut self, ty: ArrayType<'a>) -> PyResult<List<'py>> {
        let typed = match ty {
            ArrayType::Untyped => None,
            ArrayType::Typed { element, packed } => Some((self.container_type(element)?, packed)),
        };
        Ok(List {
            list: PyList::empty(self.py),
            typed,
        })
    }

    #[inline(always)]
    fn push(&mut self, array: &mut List<'py>, value: Bound<'py, PyAny>) -> PyResult<()> {
        array.list.append(value)
    }

    #[inline]
    fn end_array(&mut self, array: List<'py>) -> Made<'py> {
        match array.typed {
            None => Ok(array.list.into_any()),
            Some((element, packed)) => self
                .classes
                .typed_array
                .bind(self.py)
                .call1((array.list, element, packed)),
        }
    }

    #[inline]
    fn begin_dictionary(&mut self, ty: DictionaryType<'a>) -> PyResult<Dict<'py>> {
        let typed = match ty {
            DictionaryType::Untyped => None,
            DictionaryType::Typed { key, value } => {
                Some((self.container_type(key)?, self.container_type(value)?))
            }
        };
        Ok(Dict {
            dict: PyDict::new(self.py),
            pairs: None,
            typed,
        })
    }

    #[inline(always)]
    fn insert(
        &mut self,
        dict: &mut Dict<'py>,
        key: Bound<'py, PyAny>,
        value: Bound<'py, PyAny>,
    ) -> PyResult<()> {
        let py = self.py;
        if let Some(pairs) = &dict.pairs {
            return pairs.append(PyTuple::new(py, [key, value])?);
        }
        if !keeps_apart(&dict.dict, &key)? {
            match dict.dict.set_item(&key, &value) {
                Ok(()) => return Ok(()),
                // A key Python cannot hash: fall through to pairs.
                Err(e) if e.is_instance_of::<PyTypeError>(py) => {}
                Err(e) => return Err(e),
            }
        }
        let list = PyList::empty(py);
        for (dk, dv) in dict.dict.iter() {
            list.append(PyTuple::new(py, [dk, dv])?)?;
        }
        list.append(PyTuple::new(py, [key, value])?)?;
        dict.pairs = Some(list);
        Ok(())
    }

    #[inline]
    fn end_dictionary(&mut self, dict: Dict<'py>) -> Made<'py> {
        let py = self.py;
        match (dict.pairs, dict.typed) {
            (Some(pairs), typed) => {
                let (k, v) =
                    typed.unwrap_or_else(|| (py.None().into_bound(py), py.None().into_bound(py)));
                self.classes.pairs.bind(py).call1((pairs, k, v))
            }
            (None, None) => Ok(dict.dict.into_any()),
            (None, Some((k, v))) => self
                .classes
                .typed_dictionary
                .bind(py)
                .call1((dict.dict, k, v)),
        }
    }

    #[inline]
    fn begin_object(&mut self, class: GdStr<'a>) -> PyResult<Properties<'py>> {
        Ok(Properties {
            class: class.as_str().to_owned(),
            properties: PyDict::new(self.py),
        })
    }

    #[inline]
    fn property(
        &mut self,
        object: &mut Properties<'py>,
        name: GdStr<'a>,
        value: Bound<'py, PyAny>,
    ) -> PyResult<()> {
        let name = PyString::new(self.py, name.as_str());
        object.properties.set_item(name, value)
    }

    #[inline]
    fn end_object(&mut self, object: Properties<'py>) -> Made<'py> {
        let object = Object {
            class_name: object.class,
            properties: object.properties.unbind(),
        };
        Ok(Bound::new(self.py, object)?.into_any())
    }
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
    #[inline(always)]
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
