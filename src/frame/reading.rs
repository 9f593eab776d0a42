//! How an input is read: its dialect and framing ([`Reading`]), and what the caller
//! already knows of them ([`Hints`]).

use core::fmt;

use super::slice::PrefixOrder;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;

/// One way of reading an input: its dialect, and whether it is a sequence of frames, each
/// a 4-byte length prefix in the given byte order and a value (`None`: one value alone, as
/// `var_to_bytes` writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The wire dialect.
    pub dialect: Dialect,
    /// The byte order of the frames' length prefixes, if the input is framed.
    pub prefix: Option<PrefixOrder>,
}

impl Reading {
    /// Where the (first) value starts in the input: 4 after a prefix, else 0.
    pub fn value_offset(&self) -> usize {
        if self.prefix.is_some() {
            4
        } else {
            0
        }
    }
}

/// What the caller already knows about an input; `None` leaves it to
/// [`detect`](super::detect()).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The dialect, if known. A single value is then read even with bytes after it (the
    /// engine's `bytes_to_var` ignores them).
    pub dialect: Option<Dialect>,
    /// Whether the input is a sequence of length-prefixed frames (one or more), if known.
    /// With `Some(true)`, a prefix that claims more bytes than remain is an error
    /// ([`FrameError::Truncated`](super::FrameError::Truncated)), never read past.
    pub prefixed: Option<bool>,
}

/// `a Godot 3 Color`, `a Godot 4 int in a store_var frame`.
pub(super) fn describe(
    f: &mut fmt::Formatter<'_>,
    (reading, ty): (Reading, VariantType),
) -> fmt::Result {
    // The article goes with the dialect's name ("a Godot 4 AABB"), never with the type's.
    write!(f, "a {} {}", reading.dialect, ty.name(reading.dialect))?;
    match reading.prefix {
        None => Ok(()),
        Some(PrefixOrder::Little) => f.write_str(" in a store_var frame"),
        Some(PrefixOrder::Big) => f.write_str(" in a big-endian store_var frame"),
    }
}
