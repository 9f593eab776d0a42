//! The deserializer: serde's data model over a validated value, read in one pass with the
//! crate's [`Reader`](crate::read::reader::Reader). Borrowed: `&'de str` from String and
//! StringName, `&'de [u8]` from PackedByteArray. The mapping is in the module docs of
//! [`crate::serde`]. `access.rs` walks containers, `leaves.rs` the parts of a value that are
//! not values on the wire (math components, packed elements).

mod access;
mod leaves;
mod walk;

use ::serde::de::{self, IntoDeserializer, Visitor};
use alloc::string::ToString;

pub(crate) use self::access::ValueDe;
use self::access::{ArraySeq, DictMap, ObjectMap, PairSeq, Tagged};
use self::leaves::{Field, Fields, MathSeq, PackedSeq};
pub(crate) use self::walk::Walk;
use crate::read::decoded::{math_value, packed_value, Value};
use crate::read::object::ObjectRef;
use crate::serde::error::DeError;
use crate::serde::godot::{RAW_BYTES, RAW_DIALECT, RAW_OFFSET, RAW_TOKEN};
use crate::wire::dialect::Dialect;
use crate::wire::narrow::f32_of;

type Result<T> = core::result::Result<T, DeError>;

impl<'de> ValueDe<'_, 'de> {
    /// Decodes the next node (validated first, when the walk validates): its absolute
    /// offset and value. A container's children follow in the reader.
    #[inline]
    fn next(&mut self) -> Result<(usize, Value<'de>)> {
        self.w.next()
    }

    /// Hands a container or a leaf to `visitor`, for `deserialize_any` and for the hints
    /// whose type the value has.
    fn any<V: Visitor<'de>>(self, at: usize, value: Value<'de>, visitor: V) -> Result<V::Value> {
        let result = match value {
            Value::Nil | Value::Callable | Value::Object(ObjectRef::Null) => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(b),
            Value::Int(n) => visitor.visit_i64(n),
            Value::Float(x) => visitor.visit_f64(x),
            Value::String(s) | Value::StringName(s) => visitor.visit_borrowed_str(s.as_str()),
            math_value!(m) => visitor.visit_seq(MathSeq::new(m)),
            Value::NodePath(p) => visitor.visit_string(p.to_string()),
            Value::Rid(id) | Value::Object(ObjectRef::Id(id)) => visitor.visit_u64(id),
            Value::Signal(s) => visitor.visit_map(Fields::new([
                ("name", Field::Str(s.name().as_str())),
                ("object", Field::U64(s.object_id())),
            ])),
            Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                self.seq(a.len(), visitor)
            }
            Value::Dictionary(d) => self.map(d.len(), visitor),
            Value::Object(ObjectRef::Full(o)) => self.object(o.class().as_str(), o.len(), visitor),
            Value::PackedByteArray(b) => visitor.visit_borrowed_bytes(b),
            packed => visitor.visit_seq(PackedSeq::new(packed)),
        };
        result.map_err(|e: DeError| e.at(at))
    }

    /// An Array of `len` elements whose first element is next in the reader.
    fn seq<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        self.w.depth += 1;
        let mut seq = ArraySeq {
            w: self.w,
            left: len,
            index: 0,
        };
        let value = visitor.visit_seq(&mut seq)?;
        if seq.left > 0 {
            return Err(de::Error::invalid_length(len, &"fewer elements"));
        }
        seq.w.depth -= 1;
        Ok(value)
    }

    /// A Dictionary of `len` pairs whose first key is next in the reader.
    fn map<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value> {
        self.w.depth += 1;
        let mut map = DictMap {
            w: self.w,
            left: len,
            key_at: 0,
            pending: false,
        };
        let value = visitor.visit_map(&mut map)?;
        map.finish()?;
        map.w.depth -= 1;
        Ok(value)
    }

    /// A full Object of `class` with `len` properties, as `{class, properties}`.
    fn object<V: Visitor<'de>>(self, class: &'de str, len: usize, visitor: V) -> Result<V::Value> {
        self.w.depth += 1;
        let mut object = ObjectMap::new(self.w, class, len);
        let value = visitor.visit_map(&mut object)?;
        object.finish()?;
        object.w.depth -= 1;
        Ok(value)
    }
}

impl<'de> de::Deserializer<'de> for ValueDe<'_, 'de> {
    type Error = DeError;

    fn deserialize_any<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        self.any(at, value, visitor)
    }

    fn deserialize_bool<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Bool(_) => self.any(at, value, visitor),
            other => Err(DeError::mismatch("bool", other.ty(), at)),
        }
    }

    fn deserialize_i64<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Int(n) => visitor.visit_i64(n).map_err(|e: DeError| e.at(at)),
            other => Err(DeError::mismatch("int", other.ty(), at)),
        }
    }

    fn deserialize_i32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_i128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u32<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u16<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u8<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    fn deserialize_u128<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_i64(visitor)
    }

    /// A float, or an int (converted, as GDScript converts an int assigned to a float).
    fn deserialize_f64<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Float(x) => visitor.visit_f64(x).map_err(|e: DeError| e.at(at)),
            Value::Int(n) => visitor.visit_f64(n as f64).map_err(|e: DeError| e.at(at)),
            other => Err(DeError::mismatch("float", other.ty(), at)),
        }
    }

    fn deserialize_f32<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Float(x) => visitor.visit_f32(f32_of(x)).map_err(|e: DeError| e.at(at)),
            Value::Int(n) => visitor.visit_f32(n as f32).map_err(|e: DeError| e.at(at)),
            other => Err(DeError::mismatch("float", other.ty(), at)),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::String(_) | Value::StringName(_) | Value::NodePath(_) => {
                self.any(at, value, visitor)
            }
            other => Err(DeError::mismatch("String", other.ty(), at)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::PackedByteArray(_)
            | Value::Array(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_) => self.any(at, value, visitor),
            other => Err(DeError::mismatch("PackedByteArray", other.ty(), at)),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        match self.w.peek() {
            Value::Nil | Value::Object(ObjectRef::Null) => {
                self.next()?;
                visitor.visit_none()
            }
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Nil | Value::Object(ObjectRef::Null) => self.any(at, value, visitor),
            other => Err(DeError::mismatch("null", other.ty(), at)),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value> {
        if name != RAW_TOKEN {
            return visitor.visit_newtype_struct(self);
        }
        // `Variant` and `VariantRef` ask for the value's own bytes.
        let (start, at) = (self.w.r.pos(), self.w.r.offset());
        self.w.skip()?;
        let r = &self.w.r;
        let bytes = r.bytes().get(start..r.pos()).unwrap_or(&[]);
        visitor.visit_map(Fields::new([
            (RAW_DIALECT, Field::U64(dialect_number(r.dialect()))),
            (RAW_OFFSET, Field::U64(at as u64)),
            (RAW_BYTES, Field::Bytes(bytes)),
        ]))
    }

    /// An Array, a packed array (its elements), a math value (its components), or a
    /// Dictionary as a sequence of (key, value) pairs.
    fn deserialize_seq<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        let result = match value {
            Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                self.seq(a.len(), visitor)
            }
            Value::Dictionary(d) => {
                self.w.depth += 1;
                let mut pairs = PairSeq {
                    w: self.w,
                    left: d.len(),
                    index: 0,
                };
                let value = visitor.visit_seq(&mut pairs)?;
                if pairs.left > 0 {
                    return Err(de::Error::invalid_length(d.len(), &"fewer pairs"));
                }
                pairs.w.depth -= 1;
                Ok(value)
            }
            math_value!(m) => visitor.visit_seq(MathSeq::new(m)),
            packed @ packed_value!() => visitor.visit_seq(PackedSeq::new(packed)),
            other => return Err(DeError::mismatch("Array", other.ty(), at)),
        };
        result.map_err(|e: DeError| e.at(at))
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value> {
        self.deserialize_seq(visitor)
    }

    #[cfg_attr(not(feature = "glam"), allow(unused_mut))]
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        mut self,
        name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value> {
        #[cfg(feature = "glam")]
        if let Some(order) = super::godot::glam_order(name) {
            let (at, value) = self.next()?;
            return match value.as_math() {
                Some(m) => visitor
                    .visit_seq(MathSeq::reordered(m, order))
                    .map_err(|e: DeError| e.at(at)),
                None => Err(DeError::mismatch("a math value", value.ty(), at)),
            };
        }
        let _ = name;
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Dictionary(_) | Value::Object(ObjectRef::Full(_)) | Value::Signal(_) => {
                self.any(at, value, visitor)
            }
            other => Err(DeError::mismatch("Dictionary", other.ty(), at)),
        }
    }

    /// A Dictionary with String (or StringName) keys, a full Object (`class` and
    /// `properties`), or an Array of the fields in order.
    fn deserialize_struct<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::Dictionary(_)
            | Value::Object(ObjectRef::Full(_))
            | Value::Signal(_)
            | Value::Array(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_) => self.any(at, value, visitor),
            other => Err(DeError::mismatch("Dictionary", other.ty(), at)),
        }
    }

    /// A unit variant as a String; any other variant as a one-entry Dictionary from its
    /// name to its content (serde's external tagging).
    fn deserialize_enum<V: Visitor<'de>>(
        mut self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value> {
        let (at, value) = self.next()?;
        let result = match value {
            Value::String(s) | Value::StringName(s) => {
                visitor.visit_enum(s.as_str().into_deserializer())
            }
            Value::Dictionary(d) if d.len() == 1 => {
                self.w.depth += 1;
                let value = visitor.visit_enum(Tagged { w: &mut *self.w })?;
                self.w.depth -= 1;
                Ok(value)
            }
            other => {
                return Err(DeError::mismatch(
                    "String or one-entry Dictionary",
                    other.ty(),
                    at,
                ))
            }
        };
        result.map_err(|e: DeError| e.at(at))
    }

    fn deserialize_identifier<V: Visitor<'de>>(mut self, visitor: V) -> Result<V::Value> {
        let (at, value) = self.next()?;
        match value {
            Value::String(s) | Value::StringName(s) => visitor
                .visit_borrowed_str(s.as_str())
                .map_err(|e: DeError| e.at(at)),
            other => Err(DeError::mismatch("String key", other.ty(), at)),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value> {
        self.w.skip()?;
        visitor.visit_unit()
    }
}

/// The dialect as a number, for the raw-bytes protocol (see `godot.rs`).
fn dialect_number(dialect: Dialect) -> u64 {
    match dialect {
        Dialect::Godot3 => 3,
        Dialect::Godot4 => 4,
        Dialect::PandemoniumA => 5,
        Dialect::PandemoniumB => 6,
        Dialect::PandemoniumC => 7,
    }
}
