//! Re-encoding a parsed view: `Builder::value`. No owned detour: strings, names and packed
//! payloads are copied straight from the input bytes.

use super::sink::Sink;
use super::{BuildError, Builder};
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::read::value::VariantRef;
use crate::wire::header::FLAG_64;
use crate::wire::types::VariantType;
use alloc::vec::Vec;

impl<S: Sink> Builder<'_, S> {
    /// Writes `value` as the engine would write the value it decodes from it: the result
    /// is canonical (narrowest int/float forms, zero padding, no stray header bits, NUL
    /// terminators on string-array items, a full null object as a NIL header) and, for
    /// bytes the engine wrote, identical to them (except Godot 3 NodePath padding, which
    /// the engine leaves uninitialised and this writes as zeros).
    ///
    /// `value` may come from the other dialect: types are mapped by name; a type the
    /// target lacks is an error (a `StringName` becomes a String where the target has
    /// none, as in the engine). Cost: O(size of `value`); packed arrays are one copy.
    pub fn value(self, value: VariantRef<'_>) -> Result<(), BuildError> {
        self.value_at(value.value(), 0)
    }

    /// [`Builder::value`] of a decoded [`Value`]: the same bytes. Useful for a value that
    /// is not on the wire on its own, such as an element of a packed array
    /// ([`PackedArray::get`](crate::PackedArray::get)).
    ///
    /// ```
    /// use gdvariant::{Builder, Dialect, VariantRef};
    ///
    /// // PackedVector2Array([Vector2(1, 2), Vector2(3, 4)]) in Godot 4
    /// let words: [u32; 6] = [35, 2, 1f32.to_bits(), 2f32.to_bits(), 3f32.to_bits(), 4f32.to_bits()];
    /// let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    /// let array = VariantRef::parse(&bytes, Dialect::Godot4)?.as_packed().unwrap();
    /// let mut out = Vec::new();
    /// Builder::new(&mut out, Dialect::Godot4).value_of(array.get(1).unwrap())?;
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "Vector2(3, 4)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_of(self, value: Value<'_>) -> Result<(), BuildError> {
        self.value_at(value, 0)
    }

    /// The recursive step. Kept small: in debug builds a frame holds every arm's locals,
    /// so containers and leaves are written by separate functions.
    fn value_at(self, value: Value<'_>, depth: usize) -> Result<(), BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        match value {
            Value::Object(object) => self.object_ref(object, depth),
            Value::Array(array) => self.array_ref(array, depth),
            Value::Dictionary(dict) => self.dictionary_ref(dict, depth),
            leaf => self.leaf(leaf, depth),
        }
    }

    /// Writes any value; `value_at` sends only values that hold no others here.
    #[inline(never)]
    fn leaf(self, value: Value<'_>, depth: usize) -> Result<(), BuildError> {
        let ty = value.ty();
        match value {
            Value::Nil => self.nil(),
            Value::Bool(b) => self.bool(b),
            Value::Int(n) => self.int(n),
            Value::Float(x) => self.float(x),
            Value::String(text) => self.string(text.as_str()),
            // Godot 3 has no StringName: it becomes a String, as in the engine.
            Value::StringName(text) if ty.id(self.dialect).is_none() => self.string(text.as_str()),
            Value::StringName(text) => self.string_name(text.as_str()),
            math_value!(m) => self.math_ref(&m),
            Value::NodePath(path) => self.node_path_ref(&path),
            Value::Rid(id) => self.rid(id),
            Value::Callable => self.callable(),
            Value::Signal(signal) => self.signal(signal.name().as_str(), signal.object_id()),
            Value::Object(object) => self.object_ref(object, depth),
            Value::Array(array) => self.array_ref(array, depth),
            Value::Dictionary(dict) => self.dictionary_ref(dict, depth),
            Value::PackedByteArray(bytes) => self.packed_bytes(bytes),
            Value::PackedStringArray(items) => {
                let items: Vec<&str> = items.iter().map(|s| s.as_str()).collect();
                self.packed_strings(items)
            }
            // Fixed-size elements: the payload is already little-endian; one copy.
            Value::PackedInt32Array(p) => self.packed_raw(ty, false, p.len(), p.as_bytes()),
            Value::PackedInt64Array(p) => self.packed_raw(ty, false, p.len(), p.as_bytes()),
            Value::PackedFloat32Array(p) => self.packed_raw(ty, false, p.len(), p.as_bytes()),
            Value::PackedFloat64Array(p) => self.packed_raw(ty, false, p.len(), p.as_bytes()),
            Value::PackedColorArray(p) => self.packed_raw(ty, false, p.len(), p.as_bytes()),
            Value::PackedVector2Array(p) => {
                self.packed_raw(ty, p.is_double(), p.len(), p.as_bytes())
            }
            Value::PackedVector3Array(p) => {
                self.packed_raw(ty, p.is_double(), p.len(), p.as_bytes())
            }
            Value::PackedVector4Array(p) => {
                self.packed_raw(ty, p.is_double(), p.len(), p.as_bytes())
            }
        }
    }

    /// The checks of `math`, `math_f64` and `math_i32`, then the components copied as
    /// stored (little-endian already; NaN payloads included), without a temporary.
    fn math_ref(mut self, m: &MathRef<'_>) -> Result<(), BuildError> {
        let double = m.is_double();
        if double {
            self.require(self.dialect.double_math(), "double-precision math")?;
        }
        self.check_math(m.ty(), m.len(), m.is_integer())?;
        self.header(m.ty(), if double { FLAG_64 } else { 0 })?;
        self.out.extend_from_slice(m.wire_bytes());
        Ok(())
    }

    /// A packed array of fixed-size elements from their little-endian bytes: one copy.
    fn packed_raw(
        mut self,
        ty: VariantType,
        double: bool,
        len: usize,
        bytes: &[u8],
    ) -> Result<(), BuildError> {
        self.packed_header(ty, double, len)?;
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    #[inline(never)]
    fn object_ref(self, object: ObjectRef<'_>, depth: usize) -> Result<(), BuildError> {
        match object {
            ObjectRef::Null => self.nil(),
            ObjectRef::Id(id) => self.object_id(id),
            ObjectRef::Full(object) => {
                let mut out = self.object(object.class().as_str())?;
                for (name, value) in object.properties() {
                    out.property(name.as_str())?
                        .value_at(value.value(), depth + 1)?;
                }
                out.finish()
            }
        }
    }

    #[inline(never)]
    fn array_ref(self, array: ArrayRef<'_>, depth: usize) -> Result<(), BuildError> {
        let mut out = self.typed_array(array.element_type().as_deref())?;
        for item in array.iter() {
            out.push().value_at(item.value(), depth + 1)?;
        }
        out.finish()
    }

    #[inline(never)]
    fn dictionary_ref(self, dict: DictRef<'_>, depth: usize) -> Result<(), BuildError> {
        let mut out =
            self.typed_dictionary(dict.key_type().as_deref(), dict.value_type().as_deref())?;
        for (key, value) in dict.iter() {
            out.try_entry_with(|k| k.value_at(key.value(), depth + 1))?
                .value_at(value.value(), depth + 1)?;
        }
        out.finish()
    }
}
