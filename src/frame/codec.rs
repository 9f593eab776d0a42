//! A `tokio_util::codec` for `StreamPeer` frames (feature `tokio`).

use alloc::vec::Vec;
use std::io;

use bytes::{Buf, Bytes, BytesMut};
use tokio_util::codec::{Decoder, Encoder};

use super::slice::{parse_body, split, write_with, FrameError, FrameOptions, Split};
use crate::owned::Variant;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::write::BuildError;

/// Frames on a tokio stream, for `tokio_util::codec::Framed`/`FramedRead`/`FramedWrite`:
/// decodes `StreamPeer.put_var` / `store_var` frames into [`GodotFrame`]s and encodes
/// values (a [`VariantRef`] or a [`Variant`]) as frames.
///
/// Decoding follows [`FrameDecoder`](super::FrameDecoder)'s rules: the prefix is checked
/// against [`FrameOptions::max_frame`] as soon as its 4 bytes are buffered, before anything
/// is reserved for the body ([`FrameError::TooLarge`]; the codec then stays failed, since
/// the stream cannot be resynchronised); the read buffer is grown only to the end of the
/// current frame; each frame's value is validated once, and the frame is handed out as
/// shared [`Bytes`] split off the read buffer (no copy). A malformed value
/// ([`FrameError::Value`]) consumes its frame, so a caller driving the codec itself can go
/// on; `Framed` ends the stream after any error.
///
/// Encoding writes the value in the codec's dialect (a value parsed in the other dialect
/// is mapped as [`Builder::value`](crate::Builder::value) maps it) with the codec's prefix
/// byte order. `max_frame` does not limit what is written.
#[derive(Debug)]
pub struct GodotCodec {
    options: FrameOptions,
    failed: Option<FrameError>,
    /// Where a frame is built before it is copied to the write buffer.
    scratch: Vec<u8>,
    /// Stream offset of the next frame to decode.
    position: usize,
}

/// A decoded frame: the value's encoded bytes (validated, trailing frame bytes dropped)
/// and its dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GodotFrame {
    encoded: Bytes,
    dialect: Dialect,
    /// Stream offset of the value's first byte.
    offset: usize,
}

/// Why the codec failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum CodecError {
    /// Reading or writing failed, or the stream ended inside a frame.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// An oversized prefix or a malformed value.
    #[error(transparent)]
    Frame(#[from] FrameError),
    /// The value cannot be written in the codec's dialect (or is over `i32::MAX` bytes).
    #[error(transparent)]
    Build(#[from] BuildError),
}

/// Scratch capacity kept between frames; a bigger one is given back.
const SCRATCH_KEPT: usize = 1 << 20;

impl GodotCodec {
    /// A codec reading and writing frames with `options`.
    pub fn new(options: FrameOptions) -> Self {
        GodotCodec {
            options,
            failed: None,
            scratch: Vec::new(),
            position: 0,
        }
    }

    /// The codec's options.
    pub fn options(&self) -> &FrameOptions {
        &self.options
    }

    /// Builds one frame in the scratch buffer with `build`, then appends it to `dst`.
    fn put(
        &mut self,
        dst: &mut BytesMut,
        build: impl FnOnce(crate::write::Builder<'_>) -> Result<(), BuildError>,
    ) -> Result<(), CodecError> {
        self.scratch.clear();
        let result = write_with(
            &mut self.scratch,
            self.options.dialect,
            self.options.order,
            build,
        );
        if result.is_ok() {
            dst.extend_from_slice(&self.scratch);
        }
        if self.scratch.capacity() > SCRATCH_KEPT {
            self.scratch = Vec::new();
        }
        Ok(result?)
    }
}

impl GodotFrame {
    /// The frame's value. O(1): it was validated when the frame was decoded. Its offsets
    /// count from the start of the stream.
    pub fn value(&self) -> VariantRef<'_> {
        VariantRef::trusted(&self.encoded, self.offset, self.dialect)
    }

    /// Stream offset of the value's first byte (after the frame's prefix).
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The value's encoded bytes (without the length prefix).
    pub fn encoded(&self) -> &Bytes {
        &self.encoded
    }

    /// The dialect the value was read in.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The value's encoded bytes, given up.
    pub fn into_bytes(self) -> Bytes {
        self.encoded
    }
}

impl Decoder for GodotCodec {
    type Item = GodotFrame;
    type Error = CodecError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<GodotFrame>, CodecError> {
        if let Some(e) = self.failed {
            return Err(e.into());
        }
        let len = match split(src, &self.options) {
            Ok(Split::Whole { body, .. }) => body.len(),
            Ok(Split::Short { needed }) => {
                src.reserve(needed);
                return Ok(None);
            }
            Err(e) => {
                self.failed = Some(e);
                return Err(e.into());
            }
        };
        src.advance(4);
        let body = src.split_to(len).freeze();
        let offset = self.position.saturating_add(4);
        self.position = offset.saturating_add(len);
        let used = parse_body(&body, offset, &self.options)?.encoded().len();
        Ok(Some(GodotFrame {
            encoded: body.slice(..used),
            dialect: self.options.dialect,
            offset,
        }))
    }
}

impl Encoder<VariantRef<'_>> for GodotCodec {
    type Error = CodecError;

    fn encode(&mut self, item: VariantRef<'_>, dst: &mut BytesMut) -> Result<(), CodecError> {
        self.put(dst, |b| b.value(item))
    }
}

impl Encoder<&Variant> for GodotCodec {
    type Error = CodecError;

    fn encode(&mut self, item: &Variant, dst: &mut BytesMut) -> Result<(), CodecError> {
        self.put(dst, |b| item.write(b))
    }
}

impl Encoder<&GodotFrame> for GodotCodec {
    type Error = CodecError;

    fn encode(&mut self, item: &GodotFrame, dst: &mut BytesMut) -> Result<(), CodecError> {
        self.put(dst, |b| b.value(item.value()))
    }
}
