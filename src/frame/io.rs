//! Sequences of frames over `std::io`: a file of `store_var` values, a blocking socket.

use alloc::vec::Vec;
use std::io::{self, Read, Write};

use super::slice::{body_len, parse_body, FrameError, FrameOptions, PrefixOrder};
use crate::read::value::VariantRef;
use crate::write::BuildError;

/// Reads frames one after another from a [`Read`] (a file written with repeated
/// `store_var`, a blocking `StreamPeer` socket). Each frame is read into one reused
/// buffer that grows with the bytes actually received (never from what a prefix claims),
/// and a prefix over [`FrameOptions::max_frame`] is refused before any of its body is
/// read, so memory never exceeds about one frame.
#[derive(Debug)]
pub struct FrameReader<R> {
    reader: R,
    options: FrameOptions,
    buffer: Vec<u8>,
    /// Stream offset of the next frame's prefix.
    position: usize,
}

/// An error of [`FrameReader::next_frame`].
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Reading failed, or the stream ended inside a frame (`UnexpectedEof`).
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The frame is too large or its value is malformed.
    #[error(transparent)]
    Frame(#[from] FrameError),
}

impl<R: Read> FrameReader<R> {
    /// Reads frames from `reader` with `options`.
    pub fn new(reader: R, options: FrameOptions) -> Self {
        FrameReader {
            reader,
            options,
            buffer: Vec::new(),
            position: 0,
        }
    }

    /// Bytes read so far: the stream offset of the next frame. Offsets of values and
    /// errors count from the start of the stream.
    pub fn position(&self) -> usize {
        self.position
    }

    /// The next frame's value, `Ok(None)` at a clean end of the stream (between frames).
    /// The value borrows the reader's buffer until the next call.
    pub fn next_frame(&mut self) -> Result<Option<VariantRef<'_>>, ReadError> {
        let mut prefix = [0u8; 4];
        let mut got = 0;
        while got < 4 {
            match self.reader.read(prefix.get_mut(got..).unwrap_or(&mut [])) {
                Ok(0) if got == 0 => return Ok(None),
                Ok(0) => return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into()),
                Ok(n) => got += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        let len = body_len(prefix, &self.options)?;
        self.buffer.clear();
        // `take` + `read_to_end` grows the buffer as data arrives: a lying prefix costs
        // only what the stream really delivers.
        (&mut self.reader)
            .take(len as u64)
            .read_to_end(&mut self.buffer)?;
        if self.buffer.len() < len {
            return Err(io::Error::from(io::ErrorKind::UnexpectedEof).into());
        }
        let base = self.position.saturating_add(4);
        self.position = base.saturating_add(len);
        Ok(Some(parse_body(&self.buffer, base, &self.options)?))
    }

    /// Gives the reader back.
    pub fn into_inner(self) -> R {
        self.reader
    }
}

/// Writes one frame holding a re-encoding of `value` to `writer` (one `write_all`).
pub fn write_to(
    writer: &mut impl Write,
    value: VariantRef<'_>,
    order: PrefixOrder,
) -> io::Result<()> {
    let mut frame = Vec::with_capacity(value.encoded().len() + 4);
    super::slice::write(&mut frame, value, order)
        .map_err(|e: BuildError| io::Error::new(io::ErrorKind::InvalidInput, e))?;
    writer.write_all(&frame)
}
