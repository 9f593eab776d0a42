//! Runs of compressed values (`encode_and_compress_variants`): the arguments of a remote
//! call, a spawn's state, a synchronizer's properties. Validated once; iterated without
//! checks; written back canonically.

use alloc::vec::Vec;
use core::fmt;

use super::error::{PacketError, PacketErrorKind};
use crate::frame::rpc::{self, RpcValue};
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::write::{BuildError, Builder};

/// A validated run of compressed values inside a packet. Iterating it is infallible and
/// does not validate again: each step measures one value (O(its header) for scalars and
/// packed arrays, O(its size) for containers).
///
/// ```
/// use gdvariant::frame::rpc::RpcValue;
/// use gdvariant::multiplayer::Packet;
///
/// // rpc_id(1, "two", 7, true) on a cached node 2, method 6: argc 2, int 7, bool true.
/// let packet = Packet::parse(&[0x00, 0x02, 0x06, 0x02, 0x02, 0x07, 0x81])?;
/// let Packet::RemoteCall(call) = packet else { unreachable!() };
/// let args: Vec<_> = call.args().values().unwrap().iter().collect();
/// assert!(matches!(args[..], [RpcValue::Int(7), RpcValue::Bool(true)]));
/// # Ok::<(), gdvariant::multiplayer::PacketError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Values<'a> {
    bytes: &'a [u8],
    offset: usize,
    count: usize,
}

impl<'a> Values<'a> {
    /// Validates `count` values (or, when `None`, values up to the end) at the start of
    /// `bytes`, which sit at absolute `offset` of the packet. Returns the run and the
    /// bytes it took.
    pub(crate) fn parse(
        bytes: &'a [u8],
        offset: usize,
        count: Option<usize>,
        options: &ParseOptions,
    ) -> Result<(Self, usize), PacketError> {
        let mut pos = 0;
        let mut n = 0;
        loop {
            match count {
                Some(c) if n == c => break,
                None if pos == bytes.len() => break,
                _ => {}
            }
            let at = offset.saturating_add(pos);
            let rest = bytes.get(pos..).unwrap_or(&[]);
            let (_, len) = rpc::decode_at(rest, at, options).map_err(PacketError::value)?;
            if options.strict && !rpc::is_canonical(rest) {
                return Err(PacketError::value(Error::new(ErrorKind::NonCanonical, at)));
            }
            pos += len;
            n += 1;
        }
        let values = Values {
            bytes: bytes.get(..pos).unwrap_or(&[]),
            offset,
            count: n,
        };
        Ok((values, pos))
    }

    /// A run that [`Values::parse`] already validated: `count` values (or, when `None`,
    /// as many as `bytes` holds, counted without validating again).
    pub(crate) fn trusted(bytes: &'a [u8], offset: usize, count: Option<usize>) -> Self {
        let count = count.unwrap_or_else(|| {
            let mut n = 0;
            let mut rest = bytes;
            while let Some((_, tail)) = rpc::split_trusted(rest, 0) {
                rest = tail;
                n += 1;
            }
            n
        });
        Values {
            bytes,
            offset,
            count,
        }
    }

    /// Validates values that must fill `bytes` exactly (a replication entry of a known
    /// size); `expected`, when given, is how many there must be.
    pub(crate) fn parse_exact(
        bytes: &'a [u8],
        offset: usize,
        expected: Option<usize>,
        options: &ParseOptions,
    ) -> Result<Self, PacketError> {
        let (values, len) = Values::parse(bytes, offset, expected, options)?;
        if len != bytes.len() {
            return Err(PacketError::new(
                PacketErrorKind::SizeMismatch,
                offset.saturating_add(len),
            ));
        }
        Ok(values)
    }

    /// How many values.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The values' bytes, as they are in the packet.
    pub fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The offset of the first value in the packet.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The values, in order.
    pub fn iter(&self) -> ValuesIter<'a> {
        ValuesIter {
            rest: self.bytes,
            offset: self.offset,
            left: self.count,
        }
    }

    /// Appends the values' canonical encoding (what the engine writes for them): the
    /// same bytes as [`Values::bytes`] for anything the engine wrote.
    pub fn encode(&self, out: &mut Vec<u8>) {
        for value in self.iter() {
            push(out, value);
        }
    }

    /// Whether the bytes are what the engine writes for these values (smallest ints, no
    /// stray bits in bools), so that copying them is the same as re-encoding them.
    pub fn is_canonical(&self) -> bool {
        let mut rest = self.bytes;
        let mut offset = self.offset;
        while let Some((_, tail)) = rpc::split_trusted(rest, offset) {
            if !rpc::is_canonical(rest) {
                return false;
            }
            offset += rest.len() - tail.len();
            rest = tail;
        }
        true
    }
}

/// Appends one value's compressed encoding.
pub(crate) fn push(out: &mut Vec<u8>, value: RpcValue<'_>) {
    match value {
        RpcValue::Bool(b) => rpc::encode_bool(out, b),
        RpcValue::Int(n) => rpc::encode_int(out, n),
        RpcValue::Value(v) => out.extend_from_slice(v.encoded()),
    }
}

impl<'a> IntoIterator for &Values<'a> {
    type Item = RpcValue<'a>;
    type IntoIter = ValuesIter<'a>;
    fn into_iter(self) -> ValuesIter<'a> {
        self.iter()
    }
}

impl<'a> IntoIterator for Values<'a> {
    type Item = RpcValue<'a>;
    type IntoIter = ValuesIter<'a>;
    fn into_iter(self) -> ValuesIter<'a> {
        self.iter()
    }
}

/// The iterator of [`Values`].
#[derive(Clone, Debug)]
pub struct ValuesIter<'a> {
    rest: &'a [u8],
    offset: usize,
    left: usize,
}

impl<'a> Iterator for ValuesIter<'a> {
    type Item = RpcValue<'a>;

    fn next(&mut self) -> Option<RpcValue<'a>> {
        if self.left == 0 {
            return None;
        }
        let (value, tail) = rpc::split_trusted(self.rest, self.offset)?;
        self.offset += self.rest.len() - tail.len();
        self.rest = tail;
        self.left -= 1;
        Some(value)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.left, Some(self.left))
    }
}

impl ExactSizeIterator for ValuesIter<'_> {}

/// Prints the values as the engine's text forms, comma-separated, on one line.
impl fmt::Display for Values<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, value) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            one_line(f, value)?;
        }
        Ok(())
    }
}

/// One value's text form with its line breaks (a dictionary's) turned into spaces.
pub(crate) fn one_line(f: &mut fmt::Formatter<'_>, value: RpcValue<'_>) -> fmt::Result {
    struct OneLine<'f, 'g>(&'f mut fmt::Formatter<'g>);
    impl fmt::Write for OneLine<'_, '_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            let mut parts = s.split('\n');
            if let Some(first) = parts.next() {
                self.0.write_str(first)?;
            }
            for part in parts {
                self.0.write_str(" ")?;
                self.0.write_str(part)?;
            }
            Ok(())
        }
    }
    match value {
        RpcValue::Bool(b) => write!(f, "{b}"),
        RpcValue::Int(n) => write!(f, "{n}"),
        RpcValue::Value(v) => fmt::write(&mut OneLine(f), format_args!("{v}")),
    }
}

/// Writes a run of compressed values: the arguments of a call, a spawn's state, a
/// synchronizer's properties. `bool` and `int` are compressed; everything else is its
/// ordinary Godot 4 encoding, written by the [`Builder`] or copied from a view.
///
/// ```
/// use gdvariant::multiplayer::ValueWriter;
///
/// let mut out = Vec::new();
/// let mut values = ValueWriter::new(&mut out);
/// values.int(128).bool(true);
/// values.build(|b| b.string("hi"))?;
/// assert_eq!(values.count(), 3);
/// assert_eq!(out, [0x42, 0x80, 0x00, 0x81, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'i', 0, 0]);
/// # Ok::<(), gdvariant::BuildError>(())
/// ```
#[derive(Debug)]
pub struct ValueWriter<'o> {
    out: &'o mut Vec<u8>,
    count: usize,
}

impl<'o> ValueWriter<'o> {
    /// Appends to `out`.
    pub fn new(out: &'o mut Vec<u8>) -> Self {
        ValueWriter { out, count: 0 }
    }

    /// How many values were written.
    pub fn count(&self) -> usize {
        self.count
    }

    /// A compressed `bool`: one byte.
    pub fn bool(&mut self, value: bool) -> &mut Self {
        rpc::encode_bool(self.out, value);
        self.count += 1;
        self
    }

    /// A compressed `int`: the smallest of 1, 2, 4 or 8 bytes after the meta byte.
    pub fn int(&mut self, value: i64) -> &mut Self {
        rpc::encode_int(self.out, value);
        self.count += 1;
        self
    }

    /// A value decoded from a packet, copied (bools and ints re-compressed canonically).
    pub fn rpc_value(&mut self, value: RpcValue<'_>) -> &mut Self {
        push(self.out, value);
        self.count += 1;
        self
    }

    /// A value read from Godot 4 bytes: bools and ints are compressed, anything else is
    /// copied as it is (one `memcpy`). A view of another dialect is re-encoded.
    pub fn value(&mut self, value: VariantRef<'_>) -> Result<&mut Self, BuildError> {
        if value.dialect() == Dialect::Godot4 {
            self.rpc_value(rpc_value(value));
            Ok(self)
        } else {
            rpc::encode(self.out, value)?;
            self.count += 1;
            Ok(self)
        }
    }

    /// Any value, built in place with a Godot 4 [`Builder`] (bools and ints built this
    /// way are written uncompressed, which the engine reads too; prefer
    /// [`ValueWriter::bool`] and [`ValueWriter::int`]).
    pub fn build(
        &mut self,
        f: impl FnOnce(Builder<'_, Vec<u8>>) -> Result<(), BuildError>,
    ) -> Result<&mut Self, BuildError> {
        let start = self.out.len();
        if let Err(e) = f(Builder::new(self.out, Dialect::Godot4)) {
            self.out.truncate(start);
            return Err(e);
        }
        self.count += 1;
        Ok(self)
    }
}

/// A Godot 4 view as the compressed form's value: its bool or int, or itself.
fn rpc_value(value: VariantRef<'_>) -> RpcValue<'_> {
    if let Some(b) = value.as_bool() {
        RpcValue::Bool(b)
    } else if let Some(n) = value.as_int() {
        RpcValue::Int(n)
    } else {
        RpcValue::Value(value)
    }
}
