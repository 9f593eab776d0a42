//! The serializer: serde's data model written through the [`Builder`](crate::Builder), so
//! the output is what the engine writes (ints 32-bit unless they need 64, floats 32-bit iff
//! exact). The mapping is in the module docs of [`crate::serde`]; the Godot-only types
//! arrive as reserved newtype structs (`godot.rs`) and are written by `magic.rs`.

pub(crate) mod capture;
pub(crate) mod core;
mod framed;
pub(crate) mod magic;

use ::serde::ser::{self, Serialize};
use alloc::string::ToString;

use self::core::{Result, Seq, Ser};
use crate::serde::error::SerError;
use crate::serde::godot::magic;
use crate::wire::types::VariantType;

impl<'o> ser::Serializer for Ser<'o> {
    type Ok = ();
    type Error = SerError;
    type SerializeSeq = Seq<'o>;
    type SerializeTuple = Seq<'o>;
    type SerializeTupleStruct = TupleStruct<'o>;
    type SerializeTupleVariant = Seq<'o>;
    type SerializeMap = Seq<'o>;
    type SerializeStruct = Seq<'o>;
    type SerializeStructVariant = Seq<'o>;

    fn serialize_bool(mut self, v: bool) -> Result<()> {
        Ok(self.builder().bool(v)?)
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

    fn serialize_i64(mut self, v: i64) -> Result<()> {
        Ok(self.builder().int(v)?)
    }

    fn serialize_i128(self, v: i128) -> Result<()> {
        let n = i64::try_from(v).map_err(|_| SerError::IntOutOfRange(v.to_string()))?;
        self.serialize_i64(n)
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
        let n = i64::try_from(v).map_err(|_| SerError::IntOutOfRange(v.to_string()))?;
        self.serialize_i64(n)
    }

    fn serialize_u128(self, v: u128) -> Result<()> {
        let n = i64::try_from(v).map_err(|_| SerError::IntOutOfRange(v.to_string()))?;
        self.serialize_i64(n)
    }

    fn serialize_f32(mut self, v: f32) -> Result<()> {
        Ok(self.builder().float(f64::from(v))?)
    }

    fn serialize_f64(mut self, v: f64) -> Result<()> {
        Ok(self.builder().float(v)?)
    }

    fn serialize_char(self, v: char) -> Result<()> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }

    fn serialize_str(mut self, v: &str) -> Result<()> {
        Ok(self.builder().string(v)?)
    }

    fn serialize_bytes(mut self, v: &[u8]) -> Result<()> {
        Ok(self.builder().packed_bytes(v)?)
    }

    fn serialize_none(self) -> Result<()> {
        self.serialize_unit()
    }

    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<()> {
        value.serialize(self)
    }

    fn serialize_unit(mut self) -> Result<()> {
        Ok(self.builder().nil()?)
    }

    fn serialize_unit_struct(self, _name: &'static str) -> Result<()> {
        self.serialize_unit()
    }

    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<()> {
        self.serialize_str(variant)
    }

    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        name: &'static str,
        value: &T,
    ) -> Result<()> {
        match magic(name) {
            Some(m) => self::magic::write(self, m, value),
            None => value.serialize(self),
        }
    }

    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<()> {
        let (open, inner) = self.tagged(variant)?;
        value.serialize(Ser {
            out: &mut *inner.out,
            dialect: inner.dialect,
            depth: inner.depth,
        })?;
        Ok(open.close(inner.out, 1)?)
    }

    fn serialize_seq(self, _len: Option<usize>) -> Result<Seq<'o>> {
        self.open(VariantType::Array, &[], None)
    }

    fn serialize_tuple(self, len: usize) -> Result<Seq<'o>> {
        self.serialize_seq(Some(len))
    }

    /// A tuple struct is an Array, except glam's math types (with the `glam` feature),
    /// which are the matching Godot math type.
    fn serialize_tuple_struct(self, name: &'static str, len: usize) -> Result<TupleStruct<'o>> {
        #[cfg(feature = "glam")]
        if let Some((ty, double, order)) = crate::serde::godot::glam_type(name) {
            return Ok(TupleStruct::Math(self::magic::MathCapture::glam(
                self, ty, double, order,
            )));
        }
        let _ = name;
        self.serialize_seq(Some(len)).map(TupleStruct::Seq)
    }

    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Seq<'o>> {
        let (outer, inner) = self.tagged(variant)?;
        let mut seq = inner.open(VariantType::Array, &[], None)?;
        seq.outer = Some(outer);
        Ok(seq)
    }

    fn serialize_map(self, _len: Option<usize>) -> Result<Seq<'o>> {
        self.open(VariantType::Dictionary, &[], None)
    }

    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Seq<'o>> {
        self.serialize_map(Some(len))
    }

    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Seq<'o>> {
        let (outer, inner) = self.tagged(variant)?;
        let mut map = inner.open(VariantType::Dictionary, &[], None)?;
        map.outer = Some(outer);
        Ok(map)
    }
}

impl ser::SerializeSeq for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(self.child())?;
        self.count += 1;
        Ok(())
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeTuple for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeTupleVariant for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeMap for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        key.serialize(self.child())
    }

    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(self.child())?;
        self.count += 1;
        Ok(())
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeStruct for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        self.child().builder().string(key)?;
        ser::SerializeMap::serialize_value(self, value)
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

impl ser::SerializeStructVariant for Seq<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<()> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }

    fn end(self) -> Result<()> {
        self.close()
    }
}

/// A tuple struct: an Array, or (glam) a math value.
pub(crate) enum TupleStruct<'o> {
    Seq(Seq<'o>),
    #[cfg(feature = "glam")]
    Math(self::magic::MathCapture<'o>),
}

impl ser::SerializeTupleStruct for TupleStruct<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        match self {
            TupleStruct::Seq(seq) => ser::SerializeSeq::serialize_element(seq, value),
            #[cfg(feature = "glam")]
            TupleStruct::Math(math) => math.element(value),
        }
    }

    fn end(self) -> Result<()> {
        match self {
            TupleStruct::Seq(seq) => seq.close(),
            #[cfg(feature = "glam")]
            TupleStruct::Math(math) => math.finish(),
        }
    }
}
