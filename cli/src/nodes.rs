//! How many children a node has, in words, for the outline and the statistics.

use gdvariant::{ObjectRef, Value, VariantRef};

/// What a node's count counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Array elements.
    Items,
    /// Dictionary entries.
    Pairs,
    /// Object properties.
    Properties,
    /// Bytes of a String or StringName.
    Bytes,
    /// Elements of a packed array.
    Elements,
}

impl Unit {
    /// Are the counted things child nodes of their own (shown in the outline)?
    pub fn are_nodes(self) -> bool {
        matches!(self, Unit::Items | Unit::Pairs | Unit::Properties)
    }

    /// `1 pair`, `3 pairs`, with thousands separators.
    pub fn describe(self, n: usize) -> String {
        let (one, many) = match self {
            Unit::Items => ("item", "items"),
            Unit::Pairs => ("pair", "pairs"),
            Unit::Properties => ("property", "properties"),
            Unit::Bytes => ("byte", "bytes"),
            Unit::Elements => ("element", "elements"),
        };
        crate::style::counted(n as u64, one, many)
    }
}

/// The number of children (or elements, or bytes) and what they are; `None` for values
/// that hold nothing countable.
pub fn count(v: &VariantRef<'_>) -> Option<(usize, Unit)> {
    count_value(&v.value())
}

/// [`count`] of a decoded value.
#[inline]
pub fn count_value(v: &Value<'_>) -> Option<(usize, Unit)> {
    Some(match v {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            (a.len(), Unit::Items)
        }
        Value::Dictionary(d) => (d.len(), Unit::Pairs),
        Value::Object(ObjectRef::Full(o)) => (o.len(), Unit::Properties),
        Value::String(s) | Value::StringName(s) => (s.raw_bytes().len(), Unit::Bytes),
        packed => (packed.packed_len()?, Unit::Elements),
    })
}
