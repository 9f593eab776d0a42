//! Objects and typed containers through serde: their payload is a tuple whose leading
//! strings (a class, container types) are captured and whose last element streams into the
//! container they open.

use ::serde::ser::{self, Serialize};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::capture::capture;
use super::core::{reject, shape, Result, Seq, Ser};
use crate::serde::error::SerError;
use crate::serde::godot::{descriptor, Magic};
use crate::wire::types::VariantType;
use crate::write::put_string;

/// The payload of an Object (class, properties), a typed Array (element type, items) or a
/// typed Dictionary (key type, value type, pairs): a tuple whose leading strings are
/// captured; its last element streams into the container they open.
pub(crate) struct Framed<'o> {
    /// Until the container opens.
    ser: Option<Ser<'o>>,
    kind: Magic,
    state: FrameState<'o>,
}

enum FrameState<'o> {
    /// Leading strings captured so far.
    Strings(Vec<String>),
    /// The container is open.
    Open(Seq<'o>),
}

impl<'o> Framed<'o> {
    pub(crate) fn new(ser: Ser<'o>, kind: Magic) -> Self {
        Framed {
            ser: Some(ser),
            kind,
            state: FrameState::Strings(Vec::new()),
        }
    }

    /// Strings that precede the container: 1 for an Object (class) and a typed Array
    /// (element type), 2 for a typed Dictionary.
    fn leading(&self) -> usize {
        match self.kind {
            Magic::TypedDictionary => 2,
            _ => 1,
        }
    }

    /// Opens the container the captured strings describe.
    fn open(&mut self, strings: &[String]) -> Result<Seq<'o>> {
        let ser = self.ser.take().ok_or_else(|| shape("container"))?;
        let text = |i: usize| strings.get(i).map_or("", String::as_str);
        let types = |i: usize| descriptor(text(i)).ok_or_else(|| shape("container type"));
        match self.kind {
            Magic::Object => ser.open(VariantType::Object, &[], Some(text(0))),
            Magic::TypedArray => ser.open(VariantType::Array, &[types(0)?], None),
            Magic::PackedTypedArray => ser.open(VariantType::PackedTypedArray, &[types(0)?], None),
            _ => ser.open(VariantType::Dictionary, &[types(0)?, types(1)?], None),
        }
    }
}

impl ser::SerializeTuple for Framed<'_> {
    type Ok = ();
    type Error = SerError;

    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        let leading = self.leading();
        let properties = self.kind == Magic::Object;
        let strings = match &mut self.state {
            FrameState::Strings(strings) if strings.len() < leading => {
                let cap = capture(value)?;
                strings.push(cap.string(0)?.to_string());
                return Ok(());
            }
            FrameState::Strings(strings) => core::mem::take(strings),
            FrameState::Open(_) => return Err(shape("container")),
        };
        let mut seq = self.open(&strings)?;
        value.serialize(Contents {
            seq: &mut seq,
            properties,
        })?;
        self.state = FrameState::Open(seq);
        Ok(())
    }

    fn end(self) -> Result<()> {
        match self.state {
            FrameState::Open(seq) => seq.close(),
            FrameState::Strings(_) => Err(shape("container")),
        }
    }
}

/// Streams the contents of a container opened by [`Framed`]: a sequence of items, or a
/// map of keys (an object's property names, written as bare string fields) to values.
struct Contents<'s, 'o> {
    seq: &'s mut Seq<'o>,
    properties: bool,
}

impl<'s, 'o> ser::Serializer for Contents<'s, 'o> {
    type Ok = ();
    type Error = SerError;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = ser::Impossible<(), SerError>;
    type SerializeTupleVariant = ser::Impossible<(), SerError>;
    type SerializeMap = Self;
    type SerializeStruct = ser::Impossible<(), SerError>;
    type SerializeStructVariant = ser::Impossible<(), SerError>;

    fn serialize_seq(self, _: Option<usize>) -> Result<Self> {
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self> {
        Ok(self)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self> {
        Ok(self)
    }
    reject!(shape("container"); scalars tuple_struct tuple_variant struct struct_variant);
}

impl ser::SerializeSeq for Contents<'_, '_> {
    type Ok = ();
    type Error = SerError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(self.seq.child())?;
        self.seq.count += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

impl ser::SerializeTuple for Contents<'_, '_> {
    type Ok = ();
    type Error = SerError;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

impl ser::SerializeMap for Contents<'_, '_> {
    type Ok = ();
    type Error = SerError;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<()> {
        if self.properties {
            let cap = capture(key)?;
            return Ok(put_string(self.seq.child().out, cap.string(0)?.as_bytes())?);
        }
        key.serialize(self.seq.child())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(self.seq.child())?;
        self.seq.count += 1;
        Ok(())
    }
    fn end(self) -> Result<()> {
        Ok(())
    }
}

/// The payload tuple of [`Framed`].
impl<'o> ser::Serializer for Framed<'o> {
    type Ok = ();
    type Error = SerError;
    type SerializeSeq = ser::Impossible<(), SerError>;
    type SerializeTuple = Self;
    type SerializeTupleStruct = ser::Impossible<(), SerError>;
    type SerializeTupleVariant = ser::Impossible<(), SerError>;
    type SerializeMap = ser::Impossible<(), SerError>;
    type SerializeStruct = ser::Impossible<(), SerError>;
    type SerializeStructVariant = ser::Impossible<(), SerError>;

    fn serialize_tuple(self, _len: usize) -> Result<Self> {
        Ok(self)
    }
    reject!(shape("container"); scalars seq tuple_struct tuple_variant map struct struct_variant);
}
