//! The serializer's state: [`Ser`] writes one value at the end of the output, [`Seq`] is a
//! container whose children are being written. The `Serializer` implementations are in
//! `mod.rs` (ordinary values), `magic.rs` and `framed.rs` (Godot-only types).

use alloc::vec::Vec;

use crate::serde::error::SerError;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;
use crate::write::containers::Open;
use crate::write::Builder;

pub(crate) type Result<T> = core::result::Result<T, SerError>;

/// Godot reads at most 1024 levels of nesting.
const MAX_DEPTH: usize = 1024;

/// Writes one value (and everything inside it) at the end of `out`.
pub(crate) struct Ser<'o> {
    pub(crate) out: &'o mut Vec<u8>,
    pub(crate) dialect: Dialect,
    /// Containers around the value.
    pub(crate) depth: usize,
}

impl<'o> Ser<'o> {
    pub(crate) fn builder(&mut self) -> Builder<'_> {
        Builder::new(self.out, self.dialect)
    }

    /// Opens a container (`class`: a full Object) around the children that follow.
    pub(crate) fn open(
        mut self,
        ty: VariantType,
        types: &[ContainerType<&str>],
        class: Option<&str>,
    ) -> Result<Seq<'o>> {
        if self.depth >= MAX_DEPTH {
            return Err(SerError::TooDeep);
        }
        let open = self.builder().open(ty, types, class)?;
        Ok(Seq {
            out: self.out,
            dialect: self.dialect,
            depth: self.depth + 1,
            open,
            count: 0,
            outer: None,
        })
    }

    /// `{variant: …}`: a one-entry Dictionary whose value comes next.
    pub(crate) fn tagged(mut self, variant: &str) -> Result<(Open, Ser<'o>)> {
        if self.depth >= MAX_DEPTH {
            return Err(SerError::TooDeep);
        }
        let open = self.builder().open(VariantType::Dictionary, &[], None)?;
        self.builder().string(variant)?;
        Ok((
            open,
            Ser {
                out: self.out,
                dialect: self.dialect,
                depth: self.depth + 1,
            },
        ))
    }
}

/// An open container: its children are serialized after it, then its count is patched.
pub(crate) struct Seq<'o> {
    pub(crate) out: &'o mut Vec<u8>,
    pub(crate) dialect: Dialect,
    /// Depth of the children.
    pub(crate) depth: usize,
    open: Open,
    /// Children (pairs, properties) written.
    pub(crate) count: u64,
    /// The one-entry Dictionary of an enum variant around it.
    pub(crate) outer: Option<Open>,
}

impl Seq<'_> {
    /// A serializer for the next child.
    pub(crate) fn child(&mut self) -> Ser<'_> {
        Ser {
            out: self.out,
            dialect: self.dialect,
            depth: self.depth,
        }
    }

    pub(crate) fn close(self) -> Result<()> {
        self.open.close(self.out, self.count)?;
        if let Some(outer) = self.outer {
            outer.close(self.out, 1)?;
        }
        Ok(())
    }
}

/// The `Serializer` methods a partial serializer refuses, each returning `$err`: `scalars`
/// (every leaf, option, unit and newtype form), and each container form by name.
macro_rules! reject {
    ($err:expr; $($kind:ident)*) => { $( $crate::serde::ser::core::reject!(@ $kind $err); )* };
    (@ scalars $err:expr) => {
        fn serialize_bool(self, _: bool) -> Result<()> { Err($err) }
        fn serialize_i8(self, _: i8) -> Result<()> { Err($err) }
        fn serialize_i16(self, _: i16) -> Result<()> { Err($err) }
        fn serialize_i32(self, _: i32) -> Result<()> { Err($err) }
        fn serialize_i64(self, _: i64) -> Result<()> { Err($err) }
        fn serialize_u8(self, _: u8) -> Result<()> { Err($err) }
        fn serialize_u16(self, _: u16) -> Result<()> { Err($err) }
        fn serialize_u32(self, _: u32) -> Result<()> { Err($err) }
        fn serialize_u64(self, _: u64) -> Result<()> { Err($err) }
        fn serialize_f32(self, _: f32) -> Result<()> { Err($err) }
        fn serialize_f64(self, _: f64) -> Result<()> { Err($err) }
        fn serialize_char(self, _: char) -> Result<()> { Err($err) }
        fn serialize_str(self, _: &str) -> Result<()> { Err($err) }
        fn serialize_bytes(self, _: &[u8]) -> Result<()> { Err($err) }
        fn serialize_none(self) -> Result<()> { Err($err) }
        fn serialize_some<T: ::serde::Serialize + ?Sized>(self, _: &T) -> Result<()> { Err($err) }
        fn serialize_unit(self) -> Result<()> { Err($err) }
        fn serialize_unit_struct(self, _: &'static str) -> Result<()> { Err($err) }
        fn serialize_unit_variant(self, _: &'static str, _: u32, _: &'static str) -> Result<()> {
            Err($err)
        }
        fn serialize_newtype_struct<T: ::serde::Serialize + ?Sized>(
            self,
            _: &'static str,
            _: &T,
        ) -> Result<()> {
            Err($err)
        }
        fn serialize_newtype_variant<T: ::serde::Serialize + ?Sized>(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: &T,
        ) -> Result<()> {
            Err($err)
        }
    };
    (@ seq $err:expr) => {
        fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq> { Err($err) }
    };
    (@ tuple $err:expr) => {
        fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> { Err($err) }
    };
    (@ tuple_struct $err:expr) => {
        fn serialize_tuple_struct(
            self,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleStruct> {
            Err($err)
        }
    };
    (@ tuple_variant $err:expr) => {
        fn serialize_tuple_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeTupleVariant> {
            Err($err)
        }
    };
    (@ map $err:expr) => {
        fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> { Err($err) }
    };
    (@ struct $err:expr) => {
        fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self::SerializeStruct> {
            Err($err)
        }
    };
    (@ struct_variant $err:expr) => {
        fn serialize_struct_variant(
            self,
            _: &'static str,
            _: u32,
            _: &'static str,
            _: usize,
        ) -> Result<Self::SerializeStructVariant> {
            Err($err)
        }
    };
}
pub(crate) use reject;

/// The error for a Godot type's payload of the wrong shape.
pub(crate) fn shape(what: &str) -> SerError {
    SerError::Custom(alloc::format!("a Godot {what} payload of the wrong shape"))
}
