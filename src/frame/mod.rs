//! Framing: how `store_var`, `StreamPeer.put_var` and `PacketPeerStream` put values on a
//! stream, and how to read them back without trusting the length prefix.
//!
//! A frame is a `u32` length (in the file's or peer's byte order: little-endian unless
//! `big_endian = true`) followed by that many bytes holding one encoded value (always
//! little-endian); bytes after the value inside the frame are ignored, as `get_var` ignores
//! them. `PacketPeerUDP` and `var_to_bytes` write no prefix: parse those with
//! [`crate::VariantRef::parse`] directly.
//!
//! Godot's own `StreamPeer.get_var` allocates whatever the prefix claims (#99430). Here a
//! prefix over [`FrameOptions::max_frame`] is rejected as soon as its 4 bytes are seen, and
//! nothing is ever allocated beyond one frame.
//!
//! * [`read`]: one frame from a byte slice, zero-copy; an incomplete frame is its own
//!   outcome with the number of bytes still needed.
//! * [`frames`]: every frame of a byte slice in turn (a mapped file of `store_var`s),
//!   zero-copy; a frame cut short by the end of the input is an error that says how many
//!   bytes it needs.
//! * [`detect`]: which dialect, and whether one value or a sequence of frames, when the
//!   caller does not know. [`VariantRef::detect`](crate::VariantRef::detect) and
//!   [`VariantBuf::detect`](crate::VariantBuf::detect) read one value that way and refuse
//!   several frames or an ambiguous input ([`AutoError`]). [`plausibility`]: how likely
//!   a value is to be what an engine wrote, the evidence detection weighs (and
//!   [`Detected::is_far_less_plausible_than`] tells a dialect given by hand that looks
//!   wrong).
//! * [`read_whole`]: a whole input as exactly one value, detected, with the caller's
//!   [`ParseOptions`](crate::ParseOptions): the rule of a reader of one value (the Python
//!   and npm packages'), refusing ambiguity, several frames and bytes left over, with a
//!   stable [`code`](WholeError::code) and [`offset`](WholeError::offset) for each refusal.
//! * [`FrameDecoder`]: frames from chunks as they arrive from a socket; frames inside a
//!   chunk are borrowed from it, only a frame that straddles chunks is copied.
//! * [`FrameReader`] / [`write_to`]: `std::io` sequences of frames (a file of `store_var`s).
//! * [`write()`](fn@write) / [`write_with`]: append a frame to a `Vec<u8>`.
//! * [`rpc`]: Godot 4's compressed encoding of RPC arguments.
//! * `GodotCodec` (feature `tokio`): a `tokio_util::codec` Decoder/Encoder of frames.

#[cfg(feature = "tokio")]
mod codec;
#[cfg(feature = "alloc")]
mod decoder;
mod detect;
mod detect_error;
#[cfg(feature = "std")]
mod io;
mod one;
mod plausible;
mod reading;
pub mod rpc;
mod sequence;
mod slice;
mod whole;

#[cfg(feature = "tokio")]
pub use codec::{CodecError, GodotCodec, GodotFrame};
#[cfg(feature = "alloc")]
pub use decoder::FrameDecoder;
pub use detect::{detect, Detected, Values};
pub use detect_error::DetectError;
#[cfg(feature = "std")]
pub use io::{write_to, FrameReader, ReadError};
pub use one::AutoError;
pub use plausible::{plausibility, Plausibility};
pub use reading::{Hints, Reading};
pub use sequence::{frames, FrameRef, Frames, FramesError};
pub use slice::{read, read_at, Frame, FrameError, FrameOptions, PrefixOrder, DEFAULT_MAX_FRAME};
#[cfg(feature = "alloc")]
pub use slice::{write, write_with};
pub use whole::{read_whole, Ambiguity, Whole, WholeError};
