//! Re-encoding a parsed view: `Builder::value`. No owned detour: strings, names and packed
//! payloads are copied straight from the input bytes.

use super::sink::Sink;
use super::{BuildError, Builder};
use crate::read::object::ObjectRef;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::read::value::VariantRef;
use crate::wire::types::{Element, Layout, VariantType};
use alloc::vec::Vec;

impl<S: Sink> Builder<'_, S> {
    /// Writes `value` as the engine would write the value it decodes from it: the result
    /// is canonical (narrowest int/float forms, zero padding, no stray header bits, NUL
    /// terminators on string-array items, a full null object as a NIL header) and, for
    /// bytes the engine wrote, identical to them (except Godot 3 NodePath padding, which
    /// the engine leaves uninitialised and this writes as zeros).
    ///
    /// `value` may come from the other dialect: types are mapped by name; a type the
    /// target lacks is an error. Cost: O(size of `value`); packed arrays are one copy.
    pub fn value(self, value: VariantRef<'_>) -> Result<(), BuildError> {
        self.value_at(value, 0)
    }

    fn value_at(self, v: VariantRef<'_>, depth: usize) -> Result<(), BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        match v.ty().layout() {
            Layout::Nil => self.nil(),
            Layout::Bool => self.bool(v.as_bool().unwrap_or(false)),
            Layout::Int => self.int(v.as_int().unwrap_or(0)),
            Layout::Float => self.float(v.as_float().unwrap_or(0.0)),
            Layout::Str => {
                let text = v.as_str().unwrap_or("");
                // Godot 3 has no StringName: it becomes a String, as in the engine.
                if v.ty() == VariantType::StringName
                    && self.dialect != crate::wire::dialect::Dialect::Godot3
                {
                    self.string_name(text)
                } else {
                    self.string(text)
                }
            }
            Layout::Math(..) => self.math_ref(&v),
            Layout::NodePath => match v.as_node_path() {
                Some(path) => self.node_path_ref(&path),
                None => self.nil(),
            },
            Layout::Rid => self.rid(v.as_rid().unwrap_or(0)),
            Layout::Callable => self.callable(),
            Layout::Signal => match v.as_signal() {
                Some(signal) => self.signal(signal.name().as_str(), signal.object_id()),
                None => self.nil(),
            },
            Layout::Object => self.object_ref(v, depth),
            Layout::Array => self.array_ref(v, depth),
            Layout::Dictionary => self.dictionary_ref(v, depth),
            Layout::Packed(element) => self.packed_ref(v, element),
        }
    }

    fn math_ref(mut self, v: &VariantRef<'_>) -> Result<(), BuildError> {
        let Some(m) = v.as_math() else {
            return self.nil();
        };
        let ty = v.ty();
        // The checks of `math`, `math_f64` and `math_i32`, then the components copied as
        // stored (little-endian already; NaN payloads included), without a temporary.
        let double = m.is_double();
        if double {
            self.require_godot4("double-precision math")?;
        }
        self.check_math(ty, m.len(), m.is_integer())?;
        self.header(
            ty,
            if double {
                crate::wire::header::FLAG_64
            } else {
                0
            },
        )?;
        self.out.extend_from_slice(m.wire_bytes());
        Ok(())
    }

    fn object_ref(self, v: VariantRef<'_>, depth: usize) -> Result<(), BuildError> {
        match v.as_object() {
            None | Some(ObjectRef::Null) => self.nil(),
            Some(ObjectRef::Id(id)) => self.object_id(id),
            Some(ObjectRef::Full(object)) => {
                let mut out = self.object(object.class().as_str())?;
                for (name, value) in object.properties() {
                    out.property(name.as_str())?.value_at(value, depth + 1)?;
                }
                out.finish()
            }
        }
    }

    fn array_ref(self, v: VariantRef<'_>, depth: usize) -> Result<(), BuildError> {
        let Some(array) = v.as_array() else {
            return self.nil();
        };
        let mut out = self.typed_array(array.element_type().as_deref())?;
        for item in array.iter() {
            out.push().value_at(item, depth + 1)?;
        }
        out.finish()
    }

    fn dictionary_ref(self, v: VariantRef<'_>, depth: usize) -> Result<(), BuildError> {
        let Some(dict) = v.as_dictionary() else {
            return self.nil();
        };
        let mut out =
            self.typed_dictionary(dict.key_type().as_deref(), dict.value_type().as_deref())?;
        for (key, value) in dict.iter() {
            out.try_entry_with(|k| k.value_at(key, depth + 1))?
                .value_at(value, depth + 1)?;
        }
        out.finish()
    }

    fn packed_ref(mut self, v: VariantRef<'_>, element: Element) -> Result<(), BuildError> {
        let Some(p) = v.as_packed() else {
            return self.nil();
        };
        match element {
            Element::U8 => self.packed_bytes(p.as_u8().unwrap_or(&[])),
            Element::Str => {
                let items: Vec<&str> = p
                    .strings()
                    .into_iter()
                    .flatten()
                    .map(|s| s.as_str())
                    .collect();
                self.packed_strings(items)
            }
            _ => {
                // Fixed-size elements: the payload is already little-endian; one copy.
                self.packed_header(v.ty(), p.is_double(), p.len())?;
                self.out.extend_from_slice(p.as_bytes());
                Ok(())
            }
        }
    }
}
