//! The parts of a value that are not values on the wire, as serde sequences: a math value's
//! components, a packed array's elements; and the small fixed maps of a Signal and of the
//! raw-bytes protocol.

use ::serde::de::value::{BorrowedStrDeserializer, SeqDeserializer};
use ::serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess};

use crate::read::decoded::Value;
use crate::read::math::MathRef;
use crate::read::strings::StringIter;
use crate::serde::error::{DeError, Step};
use crate::wire::narrow::f32_of;

type Result<T> = core::result::Result<T, DeError>;

/// A math value's components: f32, f64 (double-precision Godot 4) or i32, in wire order,
/// or in another order (`order[i]` is the wire index of element `i`).
pub(crate) struct MathSeq<'a> {
    m: MathRef<'a>,
    next: usize,
    order: Option<&'static [u8]>,
}

impl<'a> MathSeq<'a> {
    pub(crate) fn new(m: MathRef<'a>) -> Self {
        MathSeq {
            m,
            next: 0,
            order: None,
        }
    }

    #[cfg(feature = "glam")]
    pub(crate) fn reordered(m: MathRef<'a>, order: &'static [u8]) -> Self {
        MathSeq {
            m,
            next: 0,
            order: Some(order),
        }
    }
}

impl<'de> SeqAccess<'de> for MathSeq<'_> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let i = self.next;
        let len = self.order.map_or(self.m.len(), <[u8]>::len);
        if i >= len {
            return Ok(None);
        }
        self.next += 1;
        let wire = self
            .order
            .map_or(Some(i), |o| o.get(i).map(|&w| usize::from(w)));
        let wire = wire.unwrap_or(i);
        if let Some(n) = self.m.get_i32(wire) {
            return seed.deserialize(n.into_deserializer()).map(Some);
        }
        let x = self.m.get(wire).unwrap_or(0.0);
        if self.m.is_double() {
            seed.deserialize(x.into_deserializer()).map(Some)
        } else {
            seed.deserialize(f32_of(x).into_deserializer()).map(Some)
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.order.map_or(self.m.len(), <[u8]>::len) - self.next)
    }
}

/// A packed array's elements (numbers, strings, vectors as sequences of components).
pub(crate) struct PackedSeq<'de> {
    value: Value<'de>,
    next: usize,
    len: usize,
    /// A PackedStringArray's items, read in turn (they have no O(1) index).
    strings: Option<StringIter<'de>>,
}

impl<'de> PackedSeq<'de> {
    pub(crate) fn new(value: Value<'de>) -> Self {
        let len = value.packed_len().unwrap_or(0);
        let strings = match &value {
            Value::PackedStringArray(p) => Some(p.iter()),
            _ => None,
        };
        PackedSeq {
            value,
            next: 0,
            len,
            strings,
        }
    }
}

impl<'de> SeqAccess<'de> for PackedSeq<'de> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        let i = self.next;
        if i >= self.len {
            return Ok(None);
        }
        self.next += 1;
        let result = match &self.value {
            Value::PackedByteArray(p) => {
                seed.deserialize(p.get(i).copied().unwrap_or(0).into_deserializer())
            }
            Value::PackedInt32Array(p) => {
                seed.deserialize(p.get(i).unwrap_or(0).into_deserializer())
            }
            Value::PackedInt64Array(p) => {
                seed.deserialize(p.get(i).unwrap_or(0).into_deserializer())
            }
            Value::PackedFloat32Array(p) => {
                seed.deserialize(p.get(i).unwrap_or(0.0).into_deserializer())
            }
            Value::PackedFloat64Array(p) => {
                seed.deserialize(p.get(i).unwrap_or(0.0).into_deserializer())
            }
            Value::PackedStringArray(_) => {
                let item = self.strings.as_mut().and_then(Iterator::next);
                let text = item.map_or("", |s| s.as_str());
                seed.deserialize(BorrowedStrDeserializer::new(text))
            }
            Value::PackedColorArray(p) => {
                let c = p.get(i).unwrap_or_default();
                seed.deserialize(SeqDeserializer::new(c.into_iter()))
            }
            Value::PackedVector2Array(p) => vector(seed, p.is_double(), p.get(i)),
            Value::PackedVector3Array(p) => vector(seed, p.is_double(), p.get(i)),
            Value::PackedVector4Array(p) => vector(seed, p.is_double(), p.get(i)),
            Value::PackedVector2iArray(p) => seed.deserialize(SeqDeserializer::new(
                p.get(i).unwrap_or_default().into_iter(),
            )),
            Value::PackedVector3iArray(p) => seed.deserialize(SeqDeserializer::new(
                p.get(i).unwrap_or_default().into_iter(),
            )),
            Value::PackedVector4iArray(p) => seed.deserialize(SeqDeserializer::new(
                p.get(i).unwrap_or_default().into_iter(),
            )),
            _ => return Ok(None),
        };
        result.map(Some).map_err(|e| e.within(Step::Index(i)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.len - self.next)
    }
}

/// A packed vector element as a sequence of f32 (or f64 for double arrays) components.
fn vector<'de, T: DeserializeSeed<'de>, const N: usize>(
    seed: T,
    double: bool,
    v: Option<[f64; N]>,
) -> Result<T::Value> {
    let v = v.unwrap_or([0.0; N]);
    if double {
        seed.deserialize(SeqDeserializer::new(v.into_iter()))
    } else {
        seed.deserialize(SeqDeserializer::new(v.into_iter().map(f32_of)))
    }
}

/// A small map of fixed entries (a Signal, the raw-bytes protocol).
pub(crate) struct Fields<'de, const N: usize> {
    entries: [(&'static str, Field<'de>); N],
    next: usize,
}

#[derive(Clone, Copy)]
pub(crate) enum Field<'de> {
    Str(&'de str),
    U64(u64),
    Bytes(&'de [u8]),
}

impl<'de, const N: usize> Fields<'de, N> {
    pub(crate) fn new(entries: [(&'static str, Field<'de>); N]) -> Self {
        Fields { entries, next: 0 }
    }
}

impl<'de, const N: usize> MapAccess<'de> for Fields<'de, N> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        match self.entries.get(self.next) {
            Some((key, _)) => seed
                .deserialize(BorrowedStrDeserializer::new(key))
                .map(Some),
            None => Ok(None),
        }
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        let field = self.entries.get(self.next).map(|e| e.1);
        self.next += 1;
        match field {
            Some(Field::Str(s)) => seed.deserialize(BorrowedStrDeserializer::new(s)),
            Some(Field::U64(n)) => seed.deserialize(n.into_deserializer()),
            Some(Field::Bytes(b)) => {
                seed.deserialize(::serde::de::value::BorrowedBytesDeserializer::new(b))
            }
            None => Err(de::Error::custom("no more entries")),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(N - self.next)
    }
}
