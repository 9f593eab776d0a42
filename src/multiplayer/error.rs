//! The one error type of the packet readers: what is wrong, and at which byte.

use core::fmt;

use crate::wire::error::Error;
use crate::write::BuildError;

/// What is wrong with a packet. Decide on this (or on [`PacketErrorKind::code`]), not on
/// the message text.
///
/// The enum is `#[non_exhaustive]`: new kinds may be added in minor releases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PacketErrorKind {
    /// The packet is empty: the engine sends no empty packet.
    Empty,
    /// The packet ends inside a fixed-size field or before the minimum size of its command.
    Truncated,
    /// Bytes are left after the packet's last field. The engine ignores them; a reader that
    /// dropped them silently would not re-encode the packet it was given.
    TrailingBytes,
    /// A bit of the command byte that the command does not define is set (bit 3, or a
    /// flag of a command that has none). The engine never writes it.
    UnknownFlags(u8),
    /// A remote call's node-id width field is 3, which the engine refuses.
    BadNodeIdWidth,
    /// A SYS command other than authentication, add peer, remove peer and relay.
    UnknownSysCommand(u8),
    /// A packet whose command needs an exact size (confirm path: 6 bytes, despawn: 5, add or
    /// remove peer: 6) has another.
    BadLength,
    /// An uncached remote call's path offset is before the end of the call's header or past
    /// the end of the packet.
    BadPathOffset,
    /// A path or name is not NUL-terminated, has a NUL inside (the engine would cut it
    /// there), or is empty.
    BadString,
    /// A path, name or checksum is not valid UTF-8.
    InvalidUtf8,
    /// A path-cache checksum is not 32 lowercase hex digits followed by a NUL.
    BadChecksum,
    /// A confirm-path packet's validity byte is neither 0 nor 1.
    BadFlagByte,
    /// A replication entry's size or a spawn argument's size disagrees with the values it
    /// holds.
    SizeMismatch,
    /// A delta entry's index mask is empty, or names more values than its size holds.
    BadIndexMask,
    /// A relay wraps another relay or a SYS packet: the engine neither sends nor processes
    /// that.
    NestedRelay,
    /// An argument, spawn value or synchronized value does not decode: the wrapped
    /// [`Error`] says why (its offset is the packet's).
    Value(Error),
}

impl PacketErrorKind {
    /// A stable, short code for the kind (`"Truncated"`, `"UnknownSysCommand"`, …, in the style of
    /// [`crate::ErrorKind::code`]), for
    /// logs and for bindings that map errors by name. A value error gives the value
    /// reader's own code ([`crate::ErrorKind::code`]).
    pub const fn code(&self) -> &'static str {
        match self {
            PacketErrorKind::Empty => "Empty",
            PacketErrorKind::Truncated => "Truncated",
            PacketErrorKind::TrailingBytes => "TrailingBytes",
            PacketErrorKind::UnknownFlags(_) => "UnknownFlags",
            PacketErrorKind::BadNodeIdWidth => "BadNodeIdWidth",
            PacketErrorKind::UnknownSysCommand(_) => "UnknownSysCommand",
            PacketErrorKind::BadLength => "BadLength",
            PacketErrorKind::BadPathOffset => "BadPathOffset",
            PacketErrorKind::BadString => "BadString",
            PacketErrorKind::InvalidUtf8 => "InvalidUtf8",
            PacketErrorKind::BadChecksum => "BadChecksum",
            PacketErrorKind::BadFlagByte => "BadFlagByte",
            PacketErrorKind::SizeMismatch => "SizeMismatch",
            PacketErrorKind::BadIndexMask => "BadIndexMask",
            PacketErrorKind::NestedRelay => "NestedRelay",
            PacketErrorKind::Value(e) => e.kind().code(),
        }
    }
}

/// A packet that does not decode: its [`PacketErrorKind`] and the offset of the byte
/// where reading stopped, counted from the start of the packet (of the outer packet for
/// a relayed one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PacketError {
    kind: PacketErrorKind,
    offset: usize,
}

impl PacketError {
    pub(crate) fn new(kind: PacketErrorKind, offset: usize) -> Self {
        PacketError { kind, offset }
    }

    /// A value's error (whose offset already counts from the packet's start).
    pub(crate) fn value(error: Error) -> Self {
        PacketError {
            offset: error.offset(),
            kind: PacketErrorKind::Value(error),
        }
    }

    /// The same error found `by` bytes further into an enclosing packet.
    pub(crate) fn shifted(self, by: usize) -> Self {
        let kind = match self.kind {
            PacketErrorKind::Value(e) => {
                PacketErrorKind::Value(Error::new(e.kind(), e.offset().saturating_add(by)))
            }
            other => other,
        };
        PacketError {
            kind,
            offset: self.offset.saturating_add(by),
        }
    }

    /// What is wrong.
    pub fn kind(&self) -> PacketErrorKind {
        self.kind
    }

    /// The offset of the byte where reading stopped, from the start of the packet.
    pub fn offset(&self) -> usize {
        self.offset
    }
}

impl fmt::Display for PacketError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match self.kind {
            PacketErrorKind::Empty => f.write_str("empty packet"),
            PacketErrorKind::Truncated => write!(f, "packet ends early, at byte {at}"),
            PacketErrorKind::TrailingBytes => {
                write!(f, "bytes left after the packet's last field, at byte {at}")
            }
            PacketErrorKind::UnknownFlags(b) => {
                write!(
                    f,
                    "command byte {b:#04x} sets a bit its command does not define"
                )
            }
            PacketErrorKind::BadNodeIdWidth => {
                f.write_str("remote call with node-id width 3 (the engine refuses it)")
            }
            PacketErrorKind::UnknownSysCommand(c) => write!(f, "unknown SYS command {c}"),
            PacketErrorKind::BadLength => {
                write!(f, "packet of {at} bytes has the wrong size for its command")
            }
            PacketErrorKind::BadPathOffset => write!(f, "path offset out of range, at byte {at}"),
            PacketErrorKind::BadString => {
                write!(
                    f,
                    "path or name at byte {at} is empty, unterminated or holds a NUL"
                )
            }
            PacketErrorKind::InvalidUtf8 => write!(f, "invalid UTF-8 at byte {at}"),
            PacketErrorKind::BadChecksum => {
                write!(
                    f,
                    "path checksum at byte {at} is not 32 lowercase hex digits and a NUL"
                )
            }
            PacketErrorKind::BadFlagByte => write!(f, "flag byte at {at} is neither 0 nor 1"),
            PacketErrorKind::SizeMismatch => {
                write!(
                    f,
                    "size field disagrees with the values it holds, at byte {at}"
                )
            }
            PacketErrorKind::BadIndexMask => {
                write!(f, "delta index mask at byte {at} is empty or too large")
            }
            PacketErrorKind::NestedRelay => write!(f, "relay wraps a SYS packet, at byte {at}"),
            PacketErrorKind::Value(e) => write!(f, "argument does not decode: {e}"),
        }
    }
}

#[cfg(feature = "std")]
impl std::error::Error for PacketError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PacketErrorKind::Value(e) => Some(e),
            _ => None,
        }
    }
}

/// A packet that cannot be written: the engine would not send it, or its receiver could
/// not read it back.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum WriteError {
    /// More values than the packet's count field holds (a call carries at most 255).
    #[error("{0} values: a call carries at most 255")]
    TooManyValues(usize),
    /// A node path or name that is empty or holds a NUL (the receiver would cut it there).
    #[error("path or name is empty or holds a NUL")]
    BadPath,
    /// A cached node id with bit 31 set (that marks an uncached path), or wider than the
    /// width asked for.
    #[error("node id {0:#x} does not fit the width asked for, or has bit 31 set")]
    BadNodeId(u32),
    /// A path-cache checksum that is not 32 lowercase hex digits.
    #[error("a path checksum is 32 lowercase hex digits")]
    BadChecksum,
    /// A delta entry's index mask that is empty or does not match the number of values.
    #[error("delta index mask {mask:#x} names {named} values, {written} were written")]
    BadIndexMask {
        /// The mask.
        mask: u64,
        /// How many bits it sets.
        named: u32,
        /// How many values were written.
        written: usize,
    },
    /// A size that does not fit its u32 field.
    #[error("{0} bytes do not fit a u32 size field")]
    TooLarge(usize),
    /// A relay that would wrap a SYS packet (the engine never sends one).
    #[error("a relay cannot wrap a SYS packet")]
    NestedRelay,
    /// A value the [`Builder`](crate::Builder) refused.
    #[error(transparent)]
    Value(#[from] BuildError),
}
