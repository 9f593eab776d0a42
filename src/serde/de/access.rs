//! The containers of the deserializer: an Array's elements, a Dictionary's pairs (as a map,
//! or as a sequence of pairs), a full Object as `{class, properties}`, an enum's tag. Each
//! hands its children to a [`ValueDe`] on the same reader, and leaves the reader after the
//! container even if the visitor stops early.

use ::serde::de::value::BorrowedStrDeserializer;
use ::serde::de::{
    self, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
};

use super::walk::Walk;
use crate::read::decoded::Value;
use crate::read::reader::Reader;
use crate::serde::error::{DeError, Step};

type Result<T> = core::result::Result<T, DeError>;

/// Deserializes the next value of a reader (and everything inside it).
pub(crate) struct ValueDe<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
}

/// The step of an error path for the key at `key_at` in the reader's bytes.
fn key_step<'de>(r: &Reader<'de>, key_at: usize) -> Step<'de> {
    match r.seek(key_at).value() {
        Value::String(s) | Value::StringName(s) => Step::Key(s.as_str()),
        Value::Int(n) => Step::Int(n),
        other => Step::Other(other.ty()),
    }
}

/// An Array's elements, from the reader.
pub(crate) struct ArraySeq<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
    pub(crate) left: usize,
    pub(crate) index: usize,
}

impl<'de> SeqAccess<'de> for ArraySeq<'_, 'de> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let index = self.index;
        self.index += 1;
        seed.deserialize(ValueDe { w: self.w })
            .map(Some)
            .map_err(|e| e.within(Step::Index(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A Dictionary's pairs, from the reader.
pub(crate) struct DictMap<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
    pub(crate) left: usize,
    /// Where the last key read starts (for the path of an error in its value).
    pub(crate) key_at: usize,
    /// A key was read and its value not yet.
    pub(crate) pending: bool,
}

impl DictMap<'_, '_> {
    /// Steps over what the visitor left unread, so that the reader stands after the
    /// Dictionary.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.pending {
            self.w.skip()?;
        }
        for _ in 0..self.left {
            self.w.skip()?;
            self.w.skip()?;
        }
        self.left = 0;
        Ok(())
    }
}

impl<'de> MapAccess<'de> for DictMap<'_, 'de> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.key_at = self.w.r.pos();
        self.pending = true;
        seed.deserialize(ValueDe { w: self.w }).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.pending = false;
        let key_at = self.key_at;
        seed.deserialize(ValueDe { w: self.w })
            .map_err(|e| e.within(key_step(&self.w.r, key_at)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// A Dictionary as a sequence of (key, value) pairs (for `Vec<(K, V)>`).
pub(crate) struct PairSeq<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
    pub(crate) left: usize,
    pub(crate) index: usize,
}

impl<'de> SeqAccess<'de> for PairSeq<'_, 'de> {
    type Error = DeError;

    fn next_element_seed<T: DeserializeSeed<'de>>(&mut self, seed: T) -> Result<Option<T::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        let (index, key_at) = (self.index, self.w.r.pos());
        self.index += 1;
        seed.deserialize(PairDe { w: self.w })
            .map(Some)
            .map_err(|e| match e.path().is_empty() {
                true => e.within(Step::Index(index)),
                false => e.within(key_step(&self.w.r, key_at)),
            })
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

/// One (key, value) pair, deserialized as a 2-element sequence.
struct PairDe<'r, 'de> {
    w: &'r mut Walk<'de>,
}

impl<'de> de::Deserializer<'de> for PairDe<'_, 'de> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.w.depth += 1;
        let mut pair = ArraySeq {
            w: self.w,
            left: 2,
            index: 0,
        };
        let value = visitor.visit_seq(&mut pair)?;
        for _ in 0..pair.left {
            pair.w.skip()?;
        }
        pair.w.depth -= 1;
        Ok(value)
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// A full Object as a map `{class, properties}`, `properties` a map of name to value.
pub(crate) struct ObjectMap<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
    pub(crate) class: &'de str,
    pub(crate) len: usize,
    /// 0: `class` next, 1: `properties` next, 2: done.
    pub(crate) state: u8,
    /// The properties were not read.
    pub(crate) unread: bool,
}

impl<'r, 'de> ObjectMap<'r, 'de> {
    pub(crate) fn new(w: &'r mut Walk<'de>, class: &'de str, len: usize) -> Self {
        ObjectMap {
            w,
            class,
            len,
            state: 0,
            unread: true,
        }
    }

    /// Steps over the properties if the visitor did not read them, so that the reader
    /// stands after the object.
    pub(crate) fn finish(&mut self) -> Result<()> {
        if self.unread {
            for _ in 0..self.len {
                self.w.name()?;
                self.w.skip()?;
            }
            self.unread = false;
        }
        Ok(())
    }
}

impl<'de> MapAccess<'de> for ObjectMap<'_, 'de> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        let key = match self.state {
            0 => "class",
            1 => "properties",
            _ => return Ok(None),
        };
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.state += 1;
        if self.state == 1 {
            return seed.deserialize(BorrowedStrDeserializer::new(self.class));
        }
        self.unread = false;
        let mut properties = Properties {
            w: self.w,
            left: self.len,
            name: "",
            pending: false,
        };
        let value = seed.deserialize(PropertiesDe(&mut properties))?;
        properties.finish()?;
        Ok(value)
    }
}

/// An object's properties, as a map.
struct Properties<'r, 'de> {
    w: &'r mut Walk<'de>,
    left: usize,
    name: &'de str,
    pending: bool,
}

impl Properties<'_, '_> {
    fn finish(&mut self) -> Result<()> {
        if self.pending {
            self.w.skip()?;
        }
        for _ in 0..self.left {
            self.w.name()?;
            self.w.skip()?;
        }
        self.left = 0;
        Ok(())
    }
}

impl<'de> MapAccess<'de> for Properties<'_, 'de> {
    type Error = DeError;

    fn next_key_seed<K: DeserializeSeed<'de>>(&mut self, seed: K) -> Result<Option<K::Value>> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        self.name = self.w.name()?.as_str();
        self.pending = true;
        seed.deserialize(BorrowedStrDeserializer::new(self.name))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value> {
        self.pending = false;
        let name = self.name;
        seed.deserialize(ValueDe { w: self.w })
            .map_err(|e| e.within(Step::Key(name)))
    }
}

/// The deserializer of an object's `properties` entry.
struct PropertiesDe<'p, 'r, 'de>(&'p mut Properties<'r, 'de>);

impl<'de> de::Deserializer<'de> for PropertiesDe<'_, '_, 'de> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        visitor.visit_map(&mut *self.0)
    }

    ::serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        option unit unit_struct newtype_struct seq tuple tuple_struct map struct enum
        identifier ignored_any
    }
}

/// An externally tagged enum variant: a one-entry Dictionary.
pub(crate) struct Tagged<'r, 'de> {
    pub(crate) w: &'r mut Walk<'de>,
}

impl<'r, 'de> EnumAccess<'de> for Tagged<'r, 'de> {
    type Error = DeError;
    type Variant = ValueDe<'r, 'de>;

    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self::Variant)> {
        let variant = seed.deserialize(ValueDe { w: self.w })?;
        Ok((variant, ValueDe { w: self.w }))
    }
}

impl<'de> VariantAccess<'de> for ValueDe<'_, 'de> {
    type Error = DeError;

    fn unit_variant(self) -> Result<()> {
        de::Deserialize::deserialize(self)
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value> {
        seed.deserialize(self)
    }

    fn tuple_variant<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        de::Deserializer::deserialize_seq(self, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        de::Deserializer::deserialize_map(self, visitor)
    }
}
