//! Frames in a byte slice: the prefix, the options and errors every frame reader shares,
//! cutting one frame off a slice, and writing one.

use crate::read::options::{Limits, ParseOptions};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::Error;
#[cfg(feature = "alloc")]
use crate::write::{count_word, BuildError, Builder};
#[cfg(feature = "alloc")]
use alloc::vec::Vec;

/// Byte order of a length prefix (the value itself is always little-endian).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PrefixOrder {
    /// The default of every Godot file and peer.
    #[default]
    Little,
    /// A `FileAccess`/`StreamPeer` with `big_endian = true`.
    Big,
}

impl PrefixOrder {
    /// The body length a prefix's 4 bytes claim. This is the one place the crate reads a
    /// prefix; nothing is checked here ([`FrameOptions::max_frame`] is checked by the
    /// readers). O(1).
    ///
    /// ```
    /// use gdvariant::frame::PrefixOrder;
    ///
    /// assert_eq!(PrefixOrder::Little.decode([8, 0, 0, 0]), 8);
    /// assert_eq!(PrefixOrder::Big.decode([0, 0, 0, 8]), 8);
    /// ```
    pub fn decode(self, bytes: [u8; 4]) -> u32 {
        match self {
            PrefixOrder::Little => u32::from_le_bytes(bytes),
            PrefixOrder::Big => u32::from_be_bytes(bytes),
        }
    }

    /// The 4 bytes of a prefix that claims `len` body bytes: the inverse of
    /// [`decode`](PrefixOrder::decode). O(1).
    ///
    /// ```
    /// use gdvariant::frame::PrefixOrder;
    ///
    /// assert_eq!(PrefixOrder::Big.encode(8), [0, 0, 0, 8]);
    /// ```
    pub fn encode(self, len: u32) -> [u8; 4] {
        match self {
            PrefixOrder::Little => len.to_le_bytes(),
            PrefixOrder::Big => len.to_be_bytes(),
        }
    }

    /// The length the prefix at the start of `bytes` claims; `None` when fewer than 4
    /// bytes are given. O(1).
    ///
    /// ```
    /// use gdvariant::frame::PrefixOrder;
    ///
    /// assert_eq!(PrefixOrder::Little.read(&[8, 0, 0, 0, 2, 0, 0, 0]), Some(8));
    /// assert_eq!(PrefixOrder::Little.read(&[8, 0]), None);
    /// ```
    pub fn read(self, bytes: &[u8]) -> Option<u32> {
        bytes.first_chunk::<4>().map(|prefix| self.decode(*prefix))
    }
}

/// The largest frame accepted by default: 16 MiB. Godot's `PacketPeer` limits what it
/// encodes to `encode_buffer_max_size` (8 MiB by default); files may hold more, so raise
/// this for big `store_var` files.
pub const DEFAULT_MAX_FRAME: usize = 16 << 20;

/// How frames are read: the values' dialect, the prefix's byte order, the largest frame,
/// and how each value is parsed.
///
/// `#[non_exhaustive]`: build it with [`FrameOptions::new`] and the setters, which reach
/// into [`FrameOptions::parse`] and its limits (no need to write
/// `options.parse.limits.max_depth`); the fields stay public to read and assign.
///
/// ```
/// use gdvariant::frame::{self, Frame, FrameOptions, PrefixOrder};
/// use gdvariant::Dialect;
///
/// let options = FrameOptions::new(Dialect::Godot4)
///     .order(PrefixOrder::Big)
///     .max_frame(1 << 10)
///     .max_depth(64);
/// // store_var(7) to a big-endian FileAccess.
/// let file = [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0];
/// let Frame::Complete { value, rest } = frame::read(&file, &options)? else { panic!() };
/// assert_eq!((value.as_int(), rest.len()), (Some(7), 0));
/// # Ok::<(), gdvariant::frame::FrameError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct FrameOptions {
    /// The values' dialect.
    pub dialect: Dialect,
    /// Byte order of the length prefix.
    pub order: PrefixOrder,
    /// Largest accepted frame body, in bytes. A larger prefix is an error at once.
    pub max_frame: usize,
    /// How each value is parsed: its [`Limits`] apply. [`ParseOptions::strict`] does not:
    /// a frame's body is read as `get_var` reads it, bytes after the value ignored.
    pub parse: ParseOptions,
}

impl FrameOptions {
    /// Little-endian prefixes, [`DEFAULT_MAX_FRAME`], default parse options.
    pub const fn new(dialect: Dialect) -> Self {
        FrameOptions {
            dialect,
            order: PrefixOrder::Little,
            max_frame: DEFAULT_MAX_FRAME,
            parse: ParseOptions::new(),
        }
    }

    setters! {
        /// Sets [`FrameOptions::dialect`].
        dialect: Dialect => dialect;
        /// Sets [`FrameOptions::order`]: the length prefix's byte order.
        order: PrefixOrder => order;
        /// Sets [`FrameOptions::max_frame`]: the largest frame body accepted, in bytes.
        max_frame: usize => max_frame;
        /// Sets [`FrameOptions::parse`].
        parse: ParseOptions => parse;
        /// Sets [`ParseOptions::limits`] in [`FrameOptions::parse`].
        limits: Limits => parse.limits;
        /// Sets [`Limits::max_depth`] in [`FrameOptions::parse`]: the deepest nesting of a
        /// value.
        max_depth: u16 => parse.limits.max_depth;
        /// Sets [`Limits::max_nodes`] in [`FrameOptions::parse`]: the most nodes of a value.
        max_nodes: u64 => parse.limits.max_nodes;
        /// Sets [`Limits::allow_full_objects`] in [`FrameOptions::parse`].
        allow_full_objects: bool => parse.limits.allow_full_objects;
    }
}

/// Why a frame could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FrameError {
    /// The prefix claims more than [`FrameOptions::max_frame`]. Nothing was read or
    /// allocated for the body. The stream cannot be resynchronised after this.
    #[error("frame of {len} bytes is over the limit of {max}")]
    TooLarge {
        /// What the prefix claims.
        len: u64,
        /// The limit.
        max: usize,
    },
    /// The frame's value is malformed. The error's offset counts from the start of the
    /// stream (for [`read`], from the start of the slice it was given), like every offset
    /// of a value read from a frame. The frame's bytes were skipped: the next frame can be
    /// read.
    #[error("bad value in frame: {0}")]
    Value(Error),
    /// The input ends inside the frame: it needs `needed` bytes from the start of its
    /// prefix (4 + what the prefix claims; 4 when the prefix itself is cut), and only
    /// `available` remain. Godot's `get_var` refuses such a frame. Only readers of a whole
    /// input report it ([`frames`](super::frames), detection); a stream reader waits for
    /// more bytes instead.
    #[error("truncated: it needs {needed} bytes, {available} remain")]
    Truncated {
        /// Bytes the frame needs, prefix included.
        needed: u64,
        /// Bytes from the frame's start to the end of the input.
        available: usize,
    },
}

impl FrameError {
    /// A short stable name of the kind, for other languages' bindings and scripts (the
    /// `kind` the Python and npm packages give a `DecodeError`): `"FrameTooLarge"`,
    /// `"UnexpectedEnd"` for a frame cut short, and the value's own
    /// [`ErrorKind::code`](crate::ErrorKind::code) for a malformed value. O(1).
    ///
    /// ```
    /// use gdvariant::frame::FrameError;
    /// use gdvariant::{Error, ErrorKind};
    ///
    /// let value = FrameError::Value(Error::new(ErrorKind::UnknownType(0x63), 4));
    /// assert_eq!(value.code(), "UnknownType");
    /// assert_eq!(FrameError::TooLarge { len: 1 << 30, max: 1 << 24 }.code(), "FrameTooLarge");
    /// assert_eq!(FrameError::Truncated { needed: 20, available: 12 }.code(), "UnexpectedEnd");
    /// ```
    pub const fn code(&self) -> &'static str {
        match self {
            FrameError::TooLarge { .. } => "FrameTooLarge",
            FrameError::Value(error) => error.kind().code(),
            FrameError::Truncated { .. } => "UnexpectedEnd",
        }
    }
}

/// The outcome of [`read`].
#[derive(Clone, Copy, Debug)]
pub enum Frame<'a> {
    /// A whole frame: its value and the bytes after the frame.
    Complete {
        /// The value.
        value: VariantRef<'a>,
        /// The bytes after this frame.
        rest: &'a [u8],
    },
    /// Not enough bytes yet: at least `needed` more are required (4 for a prefix, then the
    /// rest of the body).
    Incomplete {
        /// How many more bytes are needed at least.
        needed: usize,
    },
}

/// Reads the frame at the start of `bytes`. O(frame) validation, no allocation; the
/// prefix is checked against `options.max_frame` before anything else.
pub fn read<'a>(bytes: &'a [u8], options: &FrameOptions) -> Result<Frame<'a>, FrameError> {
    read_at(bytes, 0, options)
}

/// [`read`] for a slice that starts at absolute offset `base` of a stream: the value's
/// offsets and its errors count from the start of the stream.
pub fn read_at<'a>(
    bytes: &'a [u8],
    base: usize,
    options: &FrameOptions,
) -> Result<Frame<'a>, FrameError> {
    Ok(match split(bytes, options)? {
        Split::Whole { body, rest } => Frame::Complete {
            value: parse_body(body, base.saturating_add(4), options)?,
            rest,
        },
        Split::Short { needed } => Frame::Incomplete { needed },
    })
}

/// A frame cut off the start of a byte stream by [`split`].
pub(crate) enum Split<'a> {
    /// The frame's body (prefix removed) and the bytes after the frame.
    Whole { body: &'a [u8], rest: &'a [u8] },
    /// At least `needed` more bytes are required (4 for a prefix, then the rest of the body).
    Short { needed: usize },
}

/// Cuts the frame at the start of `bytes`, its prefix checked against the limit first.
/// Shared by [`read`], the stream decoder and the tokio codec.
#[inline]
pub(crate) fn split<'a>(bytes: &'a [u8], options: &FrameOptions) -> Result<Split<'a>, FrameError> {
    let Some((prefix, body)) = bytes.split_first_chunk::<4>() else {
        return Ok(Split::Short {
            needed: 4 - bytes.len(),
        });
    };
    let len = body_len(*prefix, options)?;
    Ok(match (body.get(..len), body.get(len..)) {
        (Some(frame), Some(rest)) => Split::Whole { body: frame, rest },
        _ => Split::Short {
            needed: len - body.len(),
        },
    })
}

/// The body length a prefix claims, checked against the limit.
pub(crate) fn body_len(prefix: [u8; 4], options: &FrameOptions) -> Result<usize, FrameError> {
    let len = options.order.decode(prefix);
    usize::try_from(len)
        .ok()
        .filter(|&len| len <= options.max_frame)
        .ok_or(FrameError::TooLarge {
            len: u64::from(len),
            max: options.max_frame,
        })
}

/// Parses a frame body: one value, trailing bytes ignored (as `get_var` does).
pub(crate) fn parse_body<'a>(
    body: &'a [u8],
    base: usize,
    options: &FrameOptions,
) -> Result<VariantRef<'a>, FrameError> {
    let parse = ParseOptions {
        strict: false,
        ..options.parse
    };
    VariantRef::parse_prefix_at(body, base, options.dialect, &parse)
        .map(|(value, _)| value)
        .map_err(FrameError::Value)
}

#[cfg(feature = "alloc")]
/// Appends a frame holding a re-encoding of `value` (see [`Builder::value`]).
pub fn write(
    out: &mut Vec<u8>,
    value: VariantRef<'_>,
    order: PrefixOrder,
) -> Result<(), BuildError> {
    let dialect = value.dialect();
    write_with(out, dialect, order, |b| b.value(value))
}

#[cfg(feature = "alloc")]
/// Appends a frame whose value `build` writes: a 4-byte placeholder, the value, then the
/// length patched in. On error `out` is left as it was.
pub fn write_with(
    out: &mut Vec<u8>,
    dialect: Dialect,
    order: PrefixOrder,
    build: impl FnOnce(Builder<'_>) -> Result<(), BuildError>,
) -> Result<(), BuildError> {
    let start = out.len();
    out.extend_from_slice(&[0; 4]);
    let result = build(Builder::new(out, dialect)).and_then(|()| count_word(out.len() - start - 4));
    match result {
        Ok(len) => {
            if let Some(prefix) = out.get_mut(start..start + 4) {
                prefix.copy_from_slice(&order.encode(len));
            }
            Ok(())
        }
        Err(e) => {
            out.truncate(start);
            Err(e)
        }
    }
}
