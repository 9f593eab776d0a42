//! [`Capture`]: the leaves of a small payload (a math value's components, a packed array's
//! elements, a name, an id), gathered in order, whatever sequences they sit in.

use ::serde::ser::{self, Serialize};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::core::{reject, shape, Result};
use crate::serde::error::SerError;
use crate::wire::narrow::u64_bits;

/// Captures the leaves of `payload`.
pub(crate) fn capture<T: Serialize + ?Sized>(payload: &T) -> Result<Capture> {
    let mut cap = Capture::default();
    payload.serialize(&mut cap)?;
    Ok(cap)
}

/// The leaves of a payload, in order: numbers (every one as f64, ints also as i64),
/// strings and bytes, whatever sequences and tuples they sit in.
#[derive(Default)]
pub(crate) struct Capture {
    pub(crate) nums: Vec<f64>,
    ints: Vec<i64>,
    /// A number was not an int.
    floats: bool,
    /// A number was an f64 (double-precision math).
    pub(crate) double: bool,
    pub(crate) strings: Vec<String>,
    pub(crate) bytes: Vec<u8>,
}

impl Capture {
    pub(crate) fn ints(&self) -> Result<&[i64]> {
        if self.floats {
            return Err(shape("integer"));
        }
        Ok(&self.ints)
    }

    pub(crate) fn string(&self, i: usize) -> Result<&str> {
        self.strings
            .get(i)
            .map(String::as_str)
            .ok_or_else(|| shape("string"))
    }

    pub(crate) fn u64(&self, i: usize) -> Result<u64> {
        let n = self.ints()?.get(i).copied().ok_or_else(|| shape("id"))?;
        // The bits `serialize_u64` stored.
        Ok(u64_bits(n))
    }

    fn int(&mut self, n: i64) {
        self.nums.push(n as f64);
        self.ints.push(n);
    }
}

/// Captures the leaves of a payload.
impl ser::Serializer for &mut Capture {
    type Ok = ();
    type Error = SerError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = ser::Impossible<(), SerError>;
    type SerializeMap = ser::Impossible<(), SerError>;
    type SerializeStruct = ser::Impossible<(), SerError>;
    type SerializeStructVariant = ser::Impossible<(), SerError>;

    fn serialize_bool(self, v: bool) -> Result<()> {
        self.int(i64::from(v));
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i16(self, v: i16) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i32(self, v: i32) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_i64(self, v: i64) -> Result<()> {
        self.int(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_u16(self, v: u16) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_u32(self, v: u32) -> Result<()> {
        self.serialize_i64(i64::from(v))
    }
    fn serialize_u64(self, v: u64) -> Result<()> {
        // RIDs and object ids are u64 on the wire.
        self.int(v as i64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<()> {
        self.nums.push(f64::from(v));
        self.floats = true;
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<()> {
        self.nums.push(v);
        self.floats = true;
        self.double = true;
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<()> {
        self.strings.push(v.to_string());
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<()> {
        self.strings.push(v.to_string());
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<()> {
        self.bytes.extend_from_slice(v);
        Ok(())
    }
    fn serialize_none(self) -> Result<()> {
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<()> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<()> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<()> {
        Err(shape("math or packed"))
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(self, _: &'static str, v: &T) -> Result<()> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<()> {
        Err(shape("math or packed"))
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self> {
        Ok(self)
    }
    reject!(shape("math or packed"); tuple_variant map struct struct_variant);
}

impl ser::SerializeSeq for &mut Capture {
    type Ok = ();
    type Error = SerError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

impl ser::SerializeTuple for &mut Capture {
    type Ok = ();
    type Error = SerError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

impl ser::SerializeTupleStruct for &mut Capture {
    type Ok = ();
    type Error = SerError;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut **self)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}
