//! How many children a node has, in words, for the outline and the statistics.

use gdvariant::{ObjectRef, Value, VariantRef};

/// The number of children (or elements, or bytes) and a word for them; `None` for values
/// that hold nothing countable.
pub fn count(v: &VariantRef<'_>) -> Option<(usize, &'static str)> {
    count_value(&v.value())
}

/// [`count`] of a decoded value.
#[inline]
pub fn count_value(v: &Value<'_>) -> Option<(usize, &'static str)> {
    Some(match v {
        Value::Array(a) => (a.len(), "items"),
        Value::Dictionary(d) => (d.len(), "pairs"),
        Value::Object(ObjectRef::Full(o)) => (o.len(), "properties"),
        Value::String(s) | Value::StringName(s) => (s.raw_bytes().len(), "bytes"),
        Value::PackedByteArray(p) => (p.len(), "elements"),
        Value::PackedInt32Array(p) => (p.len(), "elements"),
        Value::PackedInt64Array(p) => (p.len(), "elements"),
        Value::PackedFloat32Array(p) => (p.len(), "elements"),
        Value::PackedFloat64Array(p) => (p.len(), "elements"),
        Value::PackedStringArray(p) => (p.len(), "elements"),
        Value::PackedVector2Array(p) => (p.len(), "elements"),
        Value::PackedVector3Array(p) => (p.len(), "elements"),
        Value::PackedColorArray(p) => (p.len(), "elements"),
        Value::PackedVector4Array(p) => (p.len(), "elements"),
        _ => return None,
    })
}
