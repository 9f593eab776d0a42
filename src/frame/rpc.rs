//! Godot 4's compressed encoding of multiplayer RPC arguments
//! (`MultiplayerAPI::encode_and_compress_variant`, used by SceneMultiplayer RPCs and sync).
//!
//! The first byte is a "meta" byte: the type id in its low 6 bits and an encoding mode in
//! bits 6–7. A `bool` is that byte alone, its value in bit 7. An `int` is the meta byte and
//! a little-endian integer of 1, 2, 4 or 8 bytes (mode 0, 1, 2, 3), the smallest that holds
//! it. Every other value is its ordinary encoding (whose first byte already is its type
//! id). This is the Godot 4 (4.1+) layout; Godot 4.0 used 5 type bits, and Godot 3 sends
//! ordinary encodings.

use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::types::VariantType;
#[cfg(feature = "alloc")]
use crate::write::{BuildError, Builder};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

const TYPE_MASK: u8 = 0x3F;
const MODE_SHIFT: u8 = 6;
const BOOL_TRUE: u8 = 0x80;

/// A decoded RPC argument.
#[derive(Clone, Copy, Debug)]
pub enum RpcValue<'a> {
    /// A compressed `bool`.
    Bool(bool),
    /// A compressed `int`.
    Int(i64),
    /// Any other value, in its ordinary encoding.
    Value(VariantRef<'a>),
}

#[cfg(feature = "alloc")]
/// Appends `value`'s compressed RPC encoding; `bool` and `int` are compressed, everything
/// else is written by [`Builder::value`].
pub fn encode(out: &mut Vec<u8>, value: VariantRef<'_>) -> Result<(), BuildError> {
    if let Some(b) = value.as_bool() {
        encode_bool(out, b);
        Ok(())
    } else if let Some(n) = value.as_int() {
        encode_int(out, n);
        Ok(())
    } else {
        Builder::new(out, Dialect::Godot4).value(value)
    }
}

#[cfg(feature = "alloc")]
/// Appends a compressed `bool`: one byte.
pub fn encode_bool(out: &mut Vec<u8>, value: bool) {
    out.push(VariantType::Bool as u8 | if value { BOOL_TRUE } else { 0 });
}

#[cfg(feature = "alloc")]
/// Appends a compressed `int`: the meta byte and the smallest of 1, 2, 4 or 8 bytes.
pub fn encode_int(out: &mut Vec<u8>, value: i64) {
    let mut buf = [0u8; 9];
    out.extend_from_slice(encoded_int(value, &mut buf));
}

/// Decodes one compressed argument at the start of `bytes`; returns it and its length.
/// Other values are validated like [`VariantRef::parse_prefix_with`].
pub fn decode<'a>(bytes: &'a [u8], options: &ParseOptions) -> Result<(RpcValue<'a>, usize), Error> {
    decode_at(bytes, 0, options)
}

/// [`decode`] for bytes at absolute offset `base` of a larger buffer (a packet): offsets
/// in errors and in the value count from the start of that buffer.
pub fn decode_at<'a>(
    bytes: &'a [u8],
    base: usize,
    options: &ParseOptions,
) -> Result<(RpcValue<'a>, usize), Error> {
    let Some(&meta) = bytes.first() else {
        return Err(Error::new(ErrorKind::UnexpectedEnd, base));
    };
    let ty = meta & TYPE_MASK;
    if ty == VariantType::Bool as u8 {
        return Ok((RpcValue::Bool(meta & BOOL_TRUE != 0), 1));
    }
    if ty == VariantType::Int as u8 {
        return match int_at(bytes, meta) {
            Some((value, len)) => Ok((RpcValue::Int(value), len)),
            None => Err(Error::new(ErrorKind::UnexpectedEnd, base + 1)),
        };
    }
    if ty >= VariantType::count(Dialect::Godot4) {
        return Err(Error::new(ErrorKind::UnknownType(ty), base));
    }
    let (value, len) = VariantRef::parse_prefix_at(bytes, base, Dialect::Godot4, options)?;
    Ok((RpcValue::Value(value), len))
}

/// A compressed int whose meta byte is `meta`: its value and length, or `None` when
/// `bytes` ends inside it.
fn int_at(bytes: &[u8], meta: u8) -> Option<(i64, usize)> {
    let mode = meta >> MODE_SHIFT;
    let size = 1usize << mode;
    let field = bytes.get(1..1 + size)?;
    let mut wide = [0u8; 8];
    wide.get_mut(..size)?.copy_from_slice(field);
    // Sign-extend from `size` bytes.
    let shift = 64 - (8u32 << mode);
    Some(((i64::from_le_bytes(wide) << shift) >> shift, 1 + size))
}

#[cfg(feature = "multiplayer")]
/// Splits the first argument off `data` that [`decode_at`] already validated (at
/// absolute `offset`), without validating it again. Returns `None` only when `data` is
/// empty or (impossible after validation) cut short.
pub(crate) fn split_trusted(data: &[u8], offset: usize) -> Option<(RpcValue<'_>, &[u8])> {
    let &meta = data.first()?;
    let ty = meta & TYPE_MASK;
    let (value, len) = if ty == VariantType::Bool as u8 {
        (RpcValue::Bool(meta & BOOL_TRUE != 0), 1)
    } else if ty == VariantType::Int as u8 {
        let (n, len) = int_at(data, meta)?;
        (RpcValue::Int(n), len)
    } else {
        let (value, rest) = VariantRef::split_trusted(data, offset, Dialect::Godot4);
        (RpcValue::Value(value), data.len() - rest.len())
    };
    Some((value, data.get(len..)?))
}

#[cfg(feature = "multiplayer")]
/// Whether `value`'s bytes are what [`encode`] writes for it: a compressed bool is `0x01`
/// or `0x81`, a compressed int uses the smallest width. The engine reads other forms (a
/// wider int, garbage in a bool's spare bits) but never writes them.
pub(crate) fn is_canonical(bytes: &[u8]) -> bool {
    let Some(&meta) = bytes.first() else {
        return false;
    };
    let ty = meta & TYPE_MASK;
    if ty == VariantType::Bool as u8 {
        return meta & !BOOL_TRUE == ty;
    }
    if ty == VariantType::Int as u8 {
        let Some((n, len)) = int_at(bytes, meta) else {
            return false;
        };
        let mut out = [0u8; 9];
        return encoded_int(n, &mut out) == bytes.get(..len).unwrap_or(&[]);
    }
    true
}

#[cfg(feature = "alloc")]
/// `value`'s compressed int bytes, written into `out`; returns the used part.
fn encoded_int(value: i64, out: &mut [u8; 9]) -> &[u8] {
    let meta = |mode: u8| VariantType::Int as u8 | mode << MODE_SHIFT;
    let (mode, len) = if i8::try_from(value).is_ok() {
        (0, 1)
    } else if i16::try_from(value).is_ok() {
        (1, 2)
    } else if i32::try_from(value).is_ok() {
        (2, 4)
    } else {
        (3, 8)
    };
    let [m, rest @ ..] = out;
    *m = meta(mode);
    rest.copy_from_slice(&value.to_le_bytes());
    out.get(..1 + len).unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::vec;

    #[test]
    fn ints_take_the_smallest_width_and_sign_extend() {
        for (n, expected) in [
            (0i64, vec![0x02, 0x00]),
            (-1, vec![0x02, 0xFF]),
            (127, vec![0x02, 0x7F]),
            (128, vec![0x42, 0x80, 0x00]),
            (-32768, vec![0x42, 0x00, 0x80]),
            (70000, vec![0x82, 0x70, 0x11, 0x01, 0x00]),
            (i64::MIN, vec![0xC2, 0, 0, 0, 0, 0, 0, 0, 0x80]),
        ] {
            let mut out = Vec::new();
            encode_int(&mut out, n);
            assert_eq!(out, expected, "{n}");
            match decode(&out, &ParseOptions::default()).unwrap() {
                (RpcValue::Int(back), len) => assert_eq!((back, len), (n, out.len())),
                other => panic!("{other:?}"),
            }
        }
    }

    #[test]
    fn bools_are_one_byte_and_others_are_ordinary() {
        let mut out = Vec::new();
        encode_bool(&mut out, true);
        encode_bool(&mut out, false);
        assert_eq!(out, [0x81, 0x01]);
        assert!(matches!(
            decode(&out, &ParseOptions::default()).unwrap(),
            (RpcValue::Bool(true), 1)
        ));
        let string = [4, 0, 0, 0, 1, 0, 0, 0, b'x', 0, 0, 0];
        match decode(&string, &ParseOptions::default()).unwrap() {
            (RpcValue::Value(v), 12) => assert_eq!(v.as_str(), Some("x")),
            other => panic!("{other:?}"),
        }
        assert_eq!(
            decode(&[0x42, 1], &ParseOptions::default())
                .unwrap_err()
                .kind(),
            ErrorKind::UnexpectedEnd
        );
        assert_eq!(
            decode(&[39], &ParseOptions::default()).unwrap_err().kind(),
            ErrorKind::UnknownType(39)
        );
    }
}
