//! Python values to the engine's bytes, through the crate's `Builder`.

use gdvariant::{BuildError, Builder, ContainerType, Dialect, VariantType, GODOT_MAX_DEPTH};
use pyo3::exceptions::{PyOverflowError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{
    PyBool, PyByteArray, PyBytes, PyDict, PyFloat, PyInt, PyList, PyMemoryView, PyString, PyTuple,
};

use crate::classes::{Callable, NodePath, Object, ObjectId, Signal, StringName, RID};
use crate::context::{classes, numpy, Classes, EncodeError, NumPy};
use crate::input::type_name;
use crate::math::{self, Components};

/// The engine's bytes for `obj` in `dialect`; `single`: float64 data written with 32-bit
/// floats (`precision="single"`).
pub fn to_bytes(obj: &Bound<'_, PyAny>, dialect: Dialect, single: bool) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    write(obj, dialect, single, &mut out)?;
    Ok(out)
}

/// Runs `f` on the engine's bytes for `obj`, written into a buffer this thread keeps
/// between calls: its pages stay mapped, so a big value is not written into fresh memory
/// (whose page faults cost more than the copy itself).
pub fn with_bytes<R>(
    obj: &Bound<'_, PyAny>,
    dialect: Dialect,
    single: bool,
    f: impl FnOnce(&[u8]) -> R,
) -> PyResult<R> {
    SCRATCH.with(|scratch| {
        // A `dumps` inside a `dumps` (from a Python method we call) gets its own buffer.
        let Ok(mut out) = scratch.try_borrow_mut() else {
            return Ok(f(&to_bytes(obj, dialect, single)?));
        };
        out.clear();
        let result = write(obj, dialect, single, &mut out).map(|()| f(&out));
        if out.capacity() > SCRATCH_KEEP {
            *out = Vec::new();
        }
        result
    })
}

thread_local! {
    static SCRATCH: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The largest buffer a thread keeps between calls.
const SCRATCH_KEEP: usize = 64 << 20;

fn write(
    obj: &Bound<'_, PyAny>,
    dialect: Dialect,
    single: bool,
    out: &mut Vec<u8>,
) -> PyResult<()> {
    let py = obj.py();
    let encoder = Encoder {
        classes: classes(py)?,
        numpy: numpy(py),
        dialect,
        single,
    };
    encoder.write(obj, Builder::new(out, dialect), 0)
}

struct Encoder<'a> {
    classes: &'a Classes,
    numpy: Option<&'a NumPy>,
    dialect: Dialect,
    /// `precision="single"`: float64 arrays and double math values as 32-bit floats.
    single: bool,
}

/// A `BuildError` as an `EncodeError`.
fn build(e: BuildError) -> PyErr {
    EncodeError::new_err(e.to_string())
}

impl Encoder<'_> {
    fn write(&self, obj: &Bound<'_, PyAny>, b: Builder<'_>, depth: u16) -> PyResult<()> {
        let py = obj.py();
        // The common types first, by exact type.
        if obj.is_none() {
            return b.nil().map_err(build);
        }
        if let Ok(v) = obj.cast_exact::<PyBool>() {
            return b.bool(v.is_true()).map_err(build);
        }
        if let Ok(s) = obj.cast_exact::<PyString>() {
            return b.string(s.to_str()?).map_err(build);
        }
        if obj.is_exact_instance_of::<PyInt>() {
            return b.int(int(obj)?).map_err(build);
        }
        if let Ok(f) = obj.cast_exact::<PyFloat>() {
            return b.float(f.value()).map_err(build);
        }
        if depth >= GODOT_MAX_DEPTH
            && (obj.is_instance_of::<PyList>()
                || obj.is_instance_of::<PyDict>()
                || obj.is_instance_of::<PyTuple>()
                || obj.is_instance_of::<Object>())
        {
            return Err(build(BuildError::TooDeep));
        }
        let ty = obj.get_type();
        let c = self.classes;
        if let Ok(dict) = obj.cast_exact::<PyDict>() {
            return self.dict(dict.iter(), b.dictionary().map_err(build)?, depth);
        }
        if obj.is_exact_instance_of::<PyList>() || obj.is_exact_instance_of::<PyTuple>() {
            return self.items(obj, b.array().map_err(build)?, depth);
        }
        if ty.is(c.typed_array.bind(py)) {
            let element = obj.getattr("element_type")?;
            let name = container_name(&element)?;
            let element = container_type(&element, name.as_deref(), self.dialect)?;
            // Godot 4: a typed Array; Pandemonium era C: a TypedArray, or a PackedTypedArray.
            let array = if obj.getattr("packed")?.is_truthy()? {
                b.packed_typed_array(element)
            } else {
                b.typed_array(element)
            }
            .map_err(build)?;
            return self.items(obj, array, depth);
        }
        if ty.is(c.typed_dictionary.bind(py)) || ty.is(c.pairs.bind(py)) {
            let (k, v) = (obj.getattr("key_type")?, obj.getattr("value_type")?);
            let (kn, vn) = (container_name(&k)?, container_name(&v)?);
            let dict = b
                .typed_dictionary(
                    container_type(&k, kn.as_deref(), self.dialect)?,
                    container_type(&v, vn.as_deref(), self.dialect)?,
                )
                .map_err(build)?;
            if let Ok(d) = obj.cast::<PyDict>() {
                return self.dict(d.iter(), dict, depth);
            }
            let mut pairs = Vec::new();
            for pair in obj.try_iter()? {
                let (k, v): (Bound<'_, PyAny>, Bound<'_, PyAny>) = pair?.extract()?;
                pairs.push((k, v));
            }
            return self.dict(pairs.into_iter(), dict, depth);
        }
        if ty.is(c.packed_strings.bind(py)) {
            let strings: Vec<String> = obj.extract()?;
            return b
                .packed_strings(strings.iter().map(String::as_str))
                .map_err(build);
        }
        if let Ok(bytes) = obj.cast::<PyBytes>() {
            return b.packed_bytes(bytes.as_bytes()).map_err(build);
        }
        if let Ok(bytes) = obj.cast::<PyByteArray>() {
            return b.packed_bytes(&bytes.to_vec()).map_err(build);
        }
        if let Some((ty, components)) = math::from_python(obj) {
            return match components {
                Components::Int(c) => b.math_i32(ty, &c),
                Components::Real(c, true) if !self.single => b.math_f64(ty, &c),
                Components::Real(c, _) => {
                    let narrow: Vec<f32> = c.iter().map(|&x| x as f32).collect();
                    b.math(ty, &narrow)
                }
            }
            .map_err(build);
        }
        if let Ok(s) = obj.cast::<StringName>() {
            return b.string_name(&s.get().name).map_err(build);
        }
        if let Ok(p) = obj.cast::<NodePath>() {
            let p = p.get();
            return b
                .node_path(&p.names, &p.subnames, p.absolute)
                .map_err(build);
        }
        if let Ok(r) = obj.cast::<RID>() {
            return b.rid(r.get().id).map_err(build);
        }
        if let Ok(o) = obj.cast::<ObjectId>() {
            return b.object_id(o.get().id).map_err(build);
        }
        if obj.cast::<Callable>().is_ok() {
            return b.callable().map_err(build);
        }
        if let Ok(s) = obj.cast::<Signal>() {
            let s = s.get();
            return b.signal(&s.name, s.object_id).map_err(build);
        }
        if let Ok(o) = obj.cast::<Object>() {
            let o = o.get();
            let mut object = b.object(&o.class_name).map_err(build)?;
            for (name, value) in o.properties.bind(py).iter() {
                let name = name
                    .cast_into::<PyString>()
                    .map_err(|_| PyTypeError::new_err("an Object's property names must be str"))?;
                self.write(
                    &value,
                    object.property(name.to_str()?).map_err(build)?,
                    depth + 1,
                )?;
            }
            return object.finish().map_err(build);
        }
        if let Some(np) = self.numpy {
            if obj.is_instance(np.ndarray.bind(py))? {
                let color = obj.is_instance(np.color.bind(py))?;
                return self.ndarray(np, obj, color, b);
            }
        }
        if let Ok(view) = obj.cast::<PyMemoryView>() {
            return self.memoryview(view, b);
        }
        // Subclasses of the plain types last.
        if obj.is_instance_of::<PyBool>() {
            return b.bool(obj.is_truthy()?).map_err(build);
        }
        if obj.is_instance_of::<PyInt>() {
            return b.int(int(obj)?).map_err(build);
        }
        if let Ok(f) = obj.cast::<PyFloat>() {
            return b.float(f.value()).map_err(build);
        }
        if let Ok(s) = obj.cast::<PyString>() {
            return b.string(s.to_str()?).map_err(build);
        }
        if let Ok(d) = obj.cast::<PyDict>() {
            return self.dict(d.iter(), b.dictionary().map_err(build)?, depth);
        }
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            return self.items(obj, b.array().map_err(build)?, depth);
        }
        Err(PyTypeError::new_err(format!(
            "cannot write a {} as a Godot value",
            type_name(obj)
        )))
    }

    /// An Array's elements: what iterating `obj` gives.
    fn items(
        &self,
        obj: &Bound<'_, PyAny>,
        mut array: gdvariant::ArrayBuilder<'_>,
        depth: u16,
    ) -> PyResult<()> {
        for item in obj.try_iter()? {
            self.write(&item?, array.push(), depth + 1)?;
        }
        array.finish().map_err(build)
    }

    /// A Dictionary's pairs.
    fn dict<'py>(
        &self,
        pairs: impl Iterator<Item = (Bound<'py, PyAny>, Bound<'py, PyAny>)>,
        mut dict: gdvariant::DictBuilder<'_>,
        depth: u16,
    ) -> PyResult<()> {
        for (k, v) in pairs {
            let slot = dict.try_entry_with(|key| self.write(&k, key, depth + 1))?;
            self.write(&v, slot, depth + 1)?;
        }
        dict.finish().map_err(build)
    }

    /// A NumPy array as the packed array its dtype and shape name.
    fn ndarray(
        &self,
        np: &NumPy,
        obj: &Bound<'_, PyAny>,
        color: bool,
        b: Builder<'_>,
    ) -> PyResult<()> {
        let dtype = obj.getattr("dtype")?;
        let kind: String = dtype.getattr("kind")?.extract()?;
        let mut size: usize = dtype.getattr("itemsize")?.extract()?;
        if self.single && kind == "f" && size == 8 {
            size = 4; // NumPy rounds each to the nearest f32 in the conversion below
        }
        let (ty, double) = packed_type(obj, &kind, size, color)?;
        // Little-endian, C order (no copy when it already is), then its bytes.
        let le = format!("<{kind}{size}");
        let contiguous = np.ascontiguousarray.bind(obj.py()).call1((obj, le))?;
        packed_bytes_of(&contiguous, ty, double, b)
    }

    /// A memoryview (what `loads` gives for packed arrays without NumPy).
    fn memoryview(&self, view: &Bound<'_, PyMemoryView>, b: Builder<'_>) -> PyResult<()> {
        let format: String = view.getattr("format")?.extract()?;
        let (kind, size) = match format.trim_start_matches(['<', '@', '=']) {
            "B" => ("u", 1),
            "i" => ("i", 4),
            "q" => ("i", 8),
            "l" if std::mem::size_of::<std::ffi::c_long>() == 8 => ("i", 8),
            "f" => ("f", 4),
            "d" => ("f", 8),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "no packed array holds a memoryview of format {other:?}"
                )))
            }
        };
        if cfg!(target_endian = "big") && size > 1 {
            return Err(PyTypeError::new_err(
                "memoryviews are native-endian: use NumPy on big-endian machines",
            ));
        }
        if self.single && kind == "f" && size == 8 {
            let (ty, _) = packed_type(view, kind, 4, false)?;
            let bytes = view.call_method0("tobytes")?;
            let narrow: Vec<u8> = bytes
                .cast::<PyBytes>()?
                .as_bytes()
                .chunks_exact(8)
                .flat_map(|c| {
                    let mut word = [0u8; 8];
                    word.copy_from_slice(c);
                    (f64::from_ne_bytes(word) as f32).to_le_bytes()
                })
                .collect();
            return b.packed_le_bytes(ty, false, &narrow).map_err(build);
        }
        let (ty, double) = packed_type(view, kind, size, false)?;
        packed_bytes_of(view, ty, double, b)
    }
}

/// Writes the packed array whose little-endian element bytes `obj.tobytes()` gives.
fn packed_bytes_of(
    obj: &Bound<'_, PyAny>,
    ty: VariantType,
    double: bool,
    b: Builder<'_>,
) -> PyResult<()> {
    let bytes = obj.call_method0("tobytes")?;
    b.packed_le_bytes(ty, double, bytes.cast::<PyBytes>()?.as_bytes())
        .map_err(|e| match e {
            BuildError::NotInDialect { .. } if double => EncodeError::new_err(format!(
                "{e} (a float64 array): pass precision=\"single\" to write it with 32-bit \
                 floats, or give it dtype float32"
            )),
            e => build(e),
        })
}

/// The packed array for `array` (a NumPy array or a memoryview), whose components are of
/// NumPy kind `kind` (`i`, `u`, `f`) and `size` bytes: a 1-D array holds scalars, a 2-D one
/// vectors of its second dimension.
fn packed_type(
    array: &Bound<'_, PyAny>,
    kind: &str,
    size: usize,
    color: bool,
) -> PyResult<(VariantType, bool)> {
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let width = match shape.as_slice() {
        [_] => 1,
        [_, w] => *w,
        _ => 0,
    };
    element_type(kind, size, width, color).ok_or_else(|| {
        PyTypeError::new_err(format!(
            "no packed array holds a {} of {kind}{size} elements and shape {shape:?}",
            type_name(array)
        ))
    })
}

/// The packed array for elements of NumPy kind `kind` (`i`, `u`, `f`), `size` bytes per
/// component, `width` components per element.
fn element_type(kind: &str, size: usize, width: usize, color: bool) -> Option<(VariantType, bool)> {
    use VariantType as T;
    Some(match (kind, size, width) {
        ("u" | "i", 1, 1) if kind == "u" => (T::PackedByteArray, false),
        ("i", 4, 1) => (T::PackedInt32Array, false),
        ("i", 8, 1) => (T::PackedInt64Array, false),
        ("f", 4, 1) => (T::PackedFloat32Array, false),
        ("f", 8, 1) => (T::PackedFloat64Array, false),
        ("f", 4, 4) if color => (T::PackedColorArray, false),
        ("f", 4 | 8, 2) => (T::PackedVector2Array, size == 8),
        ("f", 4 | 8, 3) => (T::PackedVector3Array, size == 8),
        ("f", 4 | 8, 4) => (T::PackedVector4Array, size == 8),
        ("i", 4, 2) => (T::PackedVector2iArray, false),
        ("i", 4, 3) => (T::PackedVector3iArray, false),
        ("i", 4, 4) => (T::PackedVector4iArray, false),
        _ => return None,
    })
}

/// A Python int as i64.
fn int(obj: &Bound<'_, PyAny>) -> PyResult<i64> {
    obj.extract::<i64>()
        .map_err(|_| PyOverflowError::new_err("a Godot int is 64-bit: this int does not fit"))
}

/// The name inside a `ContainerType(kind, name)`, or `None` for untyped.
fn container_name(t: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if t.is_none() {
        return Ok(None);
    }
    Ok(Some(t.getattr("name")?.extract()?))
}

/// A `ContainerType(kind, name)` (or `None`) as the crate's.
fn container_type<'n>(
    t: &Bound<'_, PyAny>,
    name: Option<&'n str>,
    dialect: Dialect,
) -> PyResult<ContainerType<&'n str>> {
    let Some(name) = name else {
        return Ok(ContainerType::Untyped);
    };
    let kind: String = t.getattr("kind")?.extract()?;
    Ok(match kind.as_str() {
        "builtin" => {
            let ty = VariantType::named(name, dialect)
                .or_else(|| VariantType::named(name, Dialect::Godot4))
                .ok_or_else(|| {
                    PyTypeError::new_err(format!("no builtin type is named {name:?}"))
                })?;
            ContainerType::Builtin(ty)
        }
        "class" => ContainerType::ClassName(name),
        "script" => ContainerType::Script(name),
        other => {
            return Err(PyTypeError::new_err(format!(
                "a ContainerType's kind is \"builtin\", \"class\" or \"script\", not {other:?}"
            )))
        }
    })
}
