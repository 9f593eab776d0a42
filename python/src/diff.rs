//! `gdvariant.diff`: the crate's structural diff ([`gdvariant::diff`]), its changes as
//! tuples of Python values.

use gdvariant::container::OpenOptions;
use gdvariant::diff::{diff as changes, Change};
use gdvariant::frame::Hints;
use gdvariant::query::Found;
use gdvariant::VariantRef;
use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use crate::container;
use crate::context::{options, read_dialect};
use crate::decode;
use crate::encode;
use crate::lazy;
use crate::packed::Source;
use crate::read;

/// Where two values differ: a list of ``(kind, path, old, new)`` tuples, in the first
/// value's order. ``kind`` is ``"changed"`` (``old`` in `a`, ``new`` in `b`),
/// ``"removed"`` (only `a` has it: ``new`` is None) or ``"added"`` (only `b` has it:
/// ``old`` is None). ``path`` is in the path syntax the command line's ``get`` takes
/// (``"/"`` for the whole value, ``"/players/3/hp"``, ``"/[7]"`` for an int key); a key a
/// path cannot name (a float, a Vector2) is written ``<key #i>``, its position. Removed
/// and changed places are named as in `a`, added ones as in `b`. Values come as `loads`
/// gives them; a packed array's element as the value it is on its own (an int, a float, a
/// str, a Vector3, a Color).
///
/// `a` and `b`: bytes-like (decoded like `loads`: `godot` is GDVARIANT_GODOT's dialect,
/// else "auto", by default, and each is detected on its own), Views, or any other Python
/// value (encoded like `dumps` first, in Godot 4 unless `godot` or GDVARIANT_GODOT names
/// a dialect). A compressed or encrypted file is opened first, as `loads` opens it:
/// `password=` or `key=` is the secret of `a`, and of `b` too unless `password_b=` or
/// `key_b=` gives `b` its own (two saves encrypted apart); plain and compressed inputs
/// ignore them. `decompress=` names a FastLZ or Brotli stream, for both.
///
/// Dictionary entries are paired by key, Object properties by name, Array and packed
/// array elements by a longest common subsequence: one element deleted in the middle is
/// one "removed" change, not a changed tail. Elements match when their encodings are equal;
/// the unmatched ones between two matched runs are paired in order and compared in depth.
/// Two encodings of one value (an int in 32 or 64 bits, Godot 3's NodePath padding) are
/// no change. The alignment is bounded: past 1,000 edits in one array, an Array's elements
/// are paired by index and a packed array is one "changed" change. Cost: about one pass
/// over each value where they are equal; the changed places are converted to Python.
///
/// >>> gdvariant.diff({"hp": 7, "items": ["a", "b", "c"]}, {"hp": 9, "items": ["a", "c"]})
/// [('changed', '/hp', 7, 9), ('removed', '/items/1', 'b', None)]
#[pyfunction]
#[pyo3(signature = (a, b, godot = None, *, prefixed = None, allow_objects = true, password = None, key = None, password_b = None, key_b = None, decompress = None), text_signature = "(a, b, godot=None, *, prefixed=None, allow_objects=True, password=None, key=None, password_b=None, key_b=None, decompress=None)")]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub fn diff<'py>(
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    godot: Option<&Bound<'py, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
    password_b: Option<String>,
    key_b: Option<&Bound<'py, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<Bound<'py, PyList>> {
    let py = a.py();
    let open_a = container::open_options(password.clone(), key, decompress)?;
    let open_b = if password_b.is_some() || key_b.is_some() {
        container::open_options(password_b, key_b, decompress)?
    } else {
        container::open_options(password, key, decompress)?
    };
    let operand = |data, open| Operand {
        data,
        godot,
        prefixed,
        allow_objects,
        open,
    };
    operand(a, open_a).with(|x, in_a| {
        operand(b, open_b).with(|y, in_b| {
            let list = PyList::empty(py);
            let none = || py.None().into_bound(py);
            for change in changes(x, y) {
                let (kind, path, old, new) = match change {
                    Change::Changed { path, old, new } => {
                        ("changed", path, convert(old, in_a)?, convert(new, in_b)?)
                    }
                    Change::Removed { path, old } => ("removed", path, convert(old, in_a)?, none()),
                    Change::Added { path, new } => ("added", path, none(), convert(new, in_b)?),
                };
                let items = [
                    PyString::new(py, kind).into_any(),
                    PyString::new(py, &path).into_any(),
                    old,
                    new,
                ];
                list.append(PyTuple::new(py, items)?)?;
            }
            Ok(list)
        })
    })
}

/// One argument of `diff`, with the reading options.
struct Operand<'a, 'py> {
    data: &'a Bound<'py, PyAny>,
    godot: Option<&'a Bound<'py, PyAny>>,
    prefixed: Option<bool>,
    allow_objects: bool,
    /// How a compressed or encrypted input is opened (its secret).
    open: OpenOptions,
}

impl<'py> Operand<'_, 'py> {
    /// Runs `f` on the value and a [`Source`] over the memory it is read from: a View's
    /// input, the bytes-like object (or the plain bytes of a compressed or encrypted
    /// one), or the bytes `dumps` writes for a Python value.
    fn with<T>(
        &self,
        f: impl FnOnce(VariantRef<'_>, &mut Source<'py>) -> PyResult<T>,
    ) -> PyResult<T> {
        let py = self.data.py();
        if let Ok(v) = self.data.cast::<lazy::View>() {
            return v.get().with_source(py, f);
        }
        let dialect = read_dialect(py, self.godot)?;
        let options = options(self.allow_objects, gdvariant::GODOT_MAX_DEPTH, None);
        if PyBuffer::<u8>::get(self.data).is_ok() {
            let hints = Hints {
                dialect,
                prefixed: self.prefixed,
            };
            return read::with_root(self.data, &self.open, hints, &options, f);
        }
        let dialect = dialect.unwrap_or(gdvariant::Dialect::Godot4);
        let bytes = encode::to_bytes(self.data, dialect, false)?;
        let object = PyBytes::new(py, &bytes);
        let bytes = object.as_bytes();
        let value = read::parse(py, bytes, Some(dialect), Some(false), &options)?;
        f(value, &mut Source::new(object.clone().into_any(), bytes))
    }
}

/// The Python value of what a change names.
fn convert<'py>(found: Found<'_>, source: &mut Source<'py>) -> PyResult<Bound<'py, PyAny>> {
    let py = source.py();
    let element = match found {
        Found::Value(v) => return decode::to_python(&v, source),
        Found::Element(array, i) => array.get(i),
    };
    Ok(match element {
        Some(element) => decode::leaf_to_python(&element, source)?,
        None => None,
    }
    .unwrap_or_else(|| py.None().into_bound(py)))
}
