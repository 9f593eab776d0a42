//! Is a node's encoding already what the builder would write for it? Then re-encoding it
//! in the same dialect is a copy of its bytes (`Builder::value`'s fast path).
//!
//! "Own bytes" are what the reader moves past for a node: a leaf whole; a container's
//! header, type descriptors and count (its children are checked one by one); a full
//! object's header, class and count (each property name is checked by
//! [`canonical_string`]).

use crate::read::container::ArrayRef;
use crate::read::decoded::{fixed_packed_value, Value};
use crate::read::object::ObjectRef;
use crate::wire::bytes::{le_u32, pad4};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::header::{COUNT_SHARED_BIT, FLAG_64, FLAG_OBJECT_AS_ID, KIND_BUILTIN, KIND_NONE};
use crate::wire::narrow::f32_of;
use crate::wire::types::VariantType;
use crate::wire::utf8::{godot_view, is_plain_ascii};

/// Is `own` (the node's own bytes, see the module docs) exactly what the builder writes for
/// `value` in `dialect`?
pub(crate) fn canonical(own: &[u8], value: &Value<'_>, dialect: Dialect) -> bool {
    let word = le_u32(own, 0);
    let Some(id) = value.ty().id(dialect).map(u32::from) else {
        return false;
    };
    let payload = own.get(4..).unwrap_or(&[]);
    match value {
        // No flag bits; a bool is 0 or 1.
        Value::Nil | Value::Callable => word == id,
        Value::Bool(b) => word == id && le_u32(payload, 0) == u32::from(*b),
        // An int is 64-bit iff it needs to be.
        Value::Int(n) => {
            let narrow = i32::try_from(*n).is_ok();
            word == if narrow { id } else { id | FLAG_64 }
        }
        // A float is 32-bit iff it is exactly an f32 (a NaN never is).
        Value::Float(x) => {
            let narrow = f64::from(f32_of(*x)) == *x;
            word == if narrow { id } else { id | FLAG_64 }
        }
        Value::String(_) | Value::StringName(_) => {
            word == id && canonical_string(payload, own.len().saturating_sub(4))
        }
        // Components are copied as stored; the 64-bit flag only where the type reads it.
        Value::Vector2(m)
        | Value::Vector2i(m)
        | Value::Rect2(m)
        | Value::Rect2i(m)
        | Value::Vector3(m)
        | Value::Vector3i(m)
        | Value::Transform2D(m)
        | Value::Vector4(m)
        | Value::Vector4i(m)
        | Value::Plane(m)
        | Value::Quaternion(m)
        | Value::Aabb(m)
        | Value::Basis(m)
        | Value::Transform3D(m)
        | Value::Projection(m)
        | Value::Color(m) => word == if m.is_double() { id | FLAG_64 } else { id },
        Value::NodePath(path) => {
            // The names count carries bit 31; the flags are the absolute bit alone (the
            // legacy "property" bit becomes one more subname).
            let names = le_u32(payload, 0);
            let flags = le_u32(payload, 8);
            word == id
                && names & COUNT_SHARED_BIT != 0
                && flags <= 1
                && strings_canonical(
                    payload.get(12..).unwrap_or(&[]),
                    path.names().len() + path.subnames().len(),
                    false,
                )
        }
        Value::Rid(_) => word == id,
        Value::Object(ObjectRef::Id(_)) => word == id | FLAG_OBJECT_AS_ID,
        // A null written in full: the builder writes a NIL header instead.
        Value::Object(ObjectRef::Null) => false,
        Value::Object(ObjectRef::Full(object)) => {
            let class_end =
                4 + object.class().raw_bytes().len() + pad4(object.class().raw_bytes().len());
            word == id
                && canonical_string(payload, class_end)
                && le_u32(payload, class_end) <= i32::MAX as u32
        }
        Value::Signal(signal) => {
            let len = signal.name().raw_bytes().len();
            word == id && canonical_string(payload, 4 + len + pad4(len))
        }
        Value::Array(array) => {
            let t = array.element_type().kind();
            word == id | t << 16 && descriptors_canonical(payload, &[t])
        }
        Value::Dictionary(dict) => {
            let (k, v) = (dict.key_type().kind(), dict.value_type().kind());
            word == id | k << 16 | v << 18 && descriptors_canonical(payload, &[k, v])
        }
        Value::PackedByteArray(bytes) => {
            // Zero padding, present.
            let pad = payload.get(4 + bytes.len()..).unwrap_or(&[]);
            word == id && pad.len() == pad4(bytes.len()) && pad.iter().all(|&b| b == 0)
        }
        packed @ fixed_packed_value!() => match packed.packed_fixed() {
            Some((true, ..)) => word == id | FLAG_64,
            _ => word == id,
        },
        Value::PackedStringArray(items) => {
            le_u32(payload, 0) <= i32::MAX as u32
                && word == id
                && strings_canonical(payload.get(4..).unwrap_or(&[]), items.len(), true)
        }
        Value::TypedArray(array) | Value::PackedTypedArray(array) => {
            typed_array_canonical(word, id, payload, array, dialect)
        }
    }
}

/// A Pandemonium typed array as the builder writes it: the element's type number (no high
/// bit), the object-as-id flag only for objects written as ids, a class name as a
/// StringName value with a clean string.
fn typed_array_canonical(
    word: u32,
    id: u32,
    payload: &[u8],
    array: &ArrayRef<'_>,
    dialect: Dialect,
) -> bool {
    let type_id = |t: VariantType| t.id(dialect).map(u32::from);
    // Where the count is, if the prefix before it is the builder's.
    let count_at = match array.element_type() {
        ContainerType::Builtin(VariantType::Object) => (word == id | FLAG_OBJECT_AS_ID
            && Some(le_u32(payload, 0)) == type_id(VariantType::Object))
        .then_some(4),
        ContainerType::Builtin(t) => {
            (word == id && Some(le_u32(payload, 0)) == type_id(t)).then_some(4)
        }
        ContainerType::ClassName(_) => {
            if word == id
                && Some(le_u32(payload, 0)) == type_id(VariantType::Object)
                && Some(le_u32(payload, 4)) == type_id(VariantType::StringName)
            {
                clean_string(payload, 8)
            } else {
                None
            }
        }
        ContainerType::Untyped | ContainerType::Script(_) => None,
    };
    // The count without Godot 2's "shared" bit.
    count_at.is_some_and(|at| le_u32(payload, at) & COUNT_SHARED_BIT == 0)
}

/// Is the string field at `field[0]` (length word, bytes, padding; `end` bytes in all)
/// what the builder writes for the text it reads as: no NUL, no leading BOM, zero padding?
pub(crate) fn canonical_string(field: &[u8], end: usize) -> bool {
    clean_string(field, 0) == Some(end)
}

/// The end of the string field at `bytes[at]` (length word, text, padding) if it is what
/// the builder writes for the text it reads as (see [`canonical_string`]); `None` if not.
/// For validated bytes: the field is in bounds.
#[inline(always)]
pub(crate) fn clean_string(bytes: &[u8], at: usize) -> Option<usize> {
    let len = le_u32(bytes, at) as usize;
    let text_at = at + 4;
    let end = text_at + len + pad4(len);
    let raw = bytes.get(text_at..text_at + len)?;
    let clean = is_plain_ascii(raw) || godot_view(raw).len() == raw.len();
    // The padding bytes are the top bytes of the field's last word.
    let pad_zero = match pad4(len) {
        0 => true,
        pad => le_u32(bytes, end - 4) >> (8 * (4 - pad)) == 0 && end <= bytes.len(),
    };
    (clean && pad_zero).then_some(end)
}

/// Are the `count` string fields at `fields[0]` canonical? With `nul`, each must be what a
/// PackedStringArray item is written as: the text, a NUL counted in the length, padding.
fn strings_canonical(fields: &[u8], count: usize, nul: bool) -> bool {
    let mut at = 0;
    for _ in 0..count {
        let len = le_u32(fields, at) as usize;
        let Some(raw) = fields.get(at + 4..at + 4 + len) else {
            return false;
        };
        let text = if nul {
            match raw.split_last() {
                Some((0, text)) => text,
                _ => return false,
            }
        } else {
            raw
        };
        let clean = is_plain_ascii(text) || godot_view(text).len() == text.len();
        let pad_end = at + 4 + len + pad4(len);
        let pad = fields.get(at + 4 + len..pad_end).unwrap_or(&[1]);
        if !clean || !pad.iter().all(|&b| b == 0) {
            return false;
        }
        at = pad_end;
    }
    true
}

/// A container's type descriptors (one per kind in `kinds`: nothing for none, a builtin
/// id, or a class/script string) and its count, from `payload[0]`: canonical strings, and
/// a count without the old bit 31.
fn descriptors_canonical(payload: &[u8], kinds: &[u32]) -> bool {
    let mut at = 0;
    for &kind in kinds {
        match kind {
            KIND_NONE => {}
            KIND_BUILTIN => at += 4,
            _ => {
                let len = le_u32(payload, at) as usize;
                let end = at + 4 + len + pad4(len);
                let Some(raw) = payload.get(at + 4..at + 4 + len) else {
                    return false;
                };
                let clean = is_plain_ascii(raw) || godot_view(raw).len() == raw.len();
                let pad = payload.get(at + 4 + len..end).unwrap_or(&[1]);
                if !clean || !pad.iter().all(|&b| b == 0) {
                    return false;
                }
                at = end;
            }
        }
    }
    le_u32(payload, at) & COUNT_SHARED_BIT == 0
}
