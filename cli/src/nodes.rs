//! How many children a node has, in words, for the outline and the statistics.

use gdvariant::{ObjectRef, Value, VariantRef};

/// The number of children (or elements, or bytes) and a word for them; `None` for values
/// that hold nothing countable.
pub fn count(v: &VariantRef<'_>) -> Option<(usize, &'static str)> {
    Some(match v.value() {
        Value::Array(a) => (a.len(), "items"),
        Value::Dictionary(d) => (d.len(), "pairs"),
        Value::Object(ObjectRef::Full(o)) => (o.len(), "properties"),
        Value::String(s) | Value::StringName(s) => (s.raw_bytes().len(), "bytes"),
        _ => (v.as_packed()?.len(), "elements"),
    })
}
