//! The entry points: bytes or a parsed value into a `T`, a `T` into bytes.

use ::serde::{Deserialize, Serialize};
use alloc::vec::Vec;

use super::error::{DeError, SerError};
use super::{de, ser};
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// Deserializes a `T` from `bytes`, one value of `dialect` (the whole slice). Validates the
/// bytes first ([`VariantRef::parse`]; a failure is a [`DeError`] with
/// [`parse_error`](DeError::parse_error)), then reads them in one pass. Borrowed: `&'de str`
/// and `&'de [u8]` fields point into `bytes`. Allocates only what `T` itself holds.
///
/// ```
/// # use gdvariant::Dialect;
/// // var_to_bytes({"hp": 7}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let map: std::collections::HashMap<&str, i64> = gdvariant::from_bytes(&bytes, Dialect::Godot4)?;
/// assert_eq!(map["hp"], 7);
/// # Ok::<(), gdvariant::serde::DeError>(())
/// ```
pub fn from_bytes<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    dialect: Dialect,
) -> Result<T, DeError> {
    from_value(VariantRef::parse(bytes, dialect)?)
}

/// Deserializes a `T` from a parsed value (or any part of one). Same costs as
/// [`from_bytes`], without the validation.
pub fn from_value<'de, T: Deserialize<'de>>(value: VariantRef<'de>) -> Result<T, DeError> {
    let mut walk = de::Walk::new(Reader::new(&value));
    T::deserialize(de::ValueDe { w: &mut walk })
}

/// Serializes `value` as one value of `dialect` into a new `Vec<u8>`: the bytes
/// `var_to_bytes` gives for the same data. O(size of the output).
///
/// ```
/// # use gdvariant::Dialect;
/// let bytes = gdvariant::to_vec(&(7, "hp"), Dialect::Godot4)?;
/// assert_eq!(gdvariant::VariantRef::parse(&bytes, Dialect::Godot4)?.to_string(), "[7, \"hp\"]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_vec<T: Serialize + ?Sized>(value: &T, dialect: Dialect) -> Result<Vec<u8>, SerError> {
    let mut out = Vec::new();
    to_writer(&mut out, value, dialect)?;
    Ok(out)
}

/// Appends `value`, serialized as one value of `dialect`, to `out`. On error `out` is left
/// as it was: nothing of the value is written.
pub fn to_writer<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    dialect: Dialect,
) -> Result<(), SerError> {
    let start = out.len();
    let result = value.serialize(ser::core::Ser {
        out,
        dialect,
        depth: 0,
    });
    if result.is_err() {
        out.truncate(start);
    }
    result
}
