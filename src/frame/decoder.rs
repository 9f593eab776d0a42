//! Frames from a byte stream that arrives in chunks.

use super::slice::{body_len, parse_body, split, FrameError, FrameOptions, Split};
use crate::read::value::VariantRef;
use alloc::vec::Vec;

/// Turns chunks of a stream (as they arrive from a socket) into frames.
///
/// [`FrameDecoder::feed`] hands each complete frame to a callback as a borrowed
/// [`VariantRef`]: frames that lie inside the chunk are borrowed from the chunk itself;
/// only a frame that straddles chunks is copied, into a buffer that never holds more than
/// one frame (at most [`FrameOptions::max_frame`] + 4 bytes). A prefix over the limit is
/// rejected as soon as its 4 bytes arrive, before any of the body is read or buffered;
/// after that the decoder stays failed (the stream cannot be resynchronised).
///
/// ```
/// use gdvariant::frame::{FrameDecoder, FrameOptions};
/// use gdvariant::Dialect;
///
/// let stream = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]; // put_var(7)
/// let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
/// let mut seen = Vec::new();
/// for chunk in stream.chunks(5) {
///     decoder.feed(chunk, |frame| seen.push(frame.map(|v| v.as_int())));
/// }
/// assert_eq!(seen, [Ok(Some(7))]);
/// ```
#[derive(Debug)]
pub struct FrameDecoder {
    options: FrameOptions,
    /// Bytes of a frame that started in an earlier chunk (prefix included).
    pending: Vec<u8>,
    failed: Option<FrameError>,
    /// Stream offset of the first byte of the next chunk (bytes fed so far).
    fed: usize,
}

impl FrameDecoder {
    /// A decoder for frames read with `options`.
    pub fn new(options: FrameOptions) -> Self {
        FrameDecoder {
            options,
            pending: Vec::new(),
            failed: None,
            fed: 0,
        }
    }

    /// Bytes fed so far: the stream offset of the next chunk's first byte. Offsets of
    /// values and errors count from the start of the stream.
    pub fn position(&self) -> usize {
        self.fed
    }

    /// Bytes held from an incomplete frame.
    pub fn buffered(&self) -> usize {
        self.pending.len()
    }

    /// The fatal error, if a prefix was over the limit.
    pub fn failed(&self) -> Option<FrameError> {
        self.failed
    }

    /// Feeds the next chunk; `on_frame` is called once per completed frame, in order, with
    /// the value or the frame's error. A bad value ([`FrameError::Value`]) skips only its
    /// frame; an oversized prefix ([`FrameError::TooLarge`]) is reported once and stops
    /// the decoder. Offsets of values and errors count from the start of the stream (the
    /// first byte ever fed). Cost: O(chunk) plus the copy of a straddling frame.
    pub fn feed(
        &mut self,
        chunk: &[u8],
        mut on_frame: impl FnMut(Result<VariantRef<'_>, FrameError>),
    ) {
        let start = self.fed;
        self.fed = self.fed.saturating_add(chunk.len());
        if self.failed.is_some() {
            return;
        }
        let mut chunk = chunk;
        // Where `chunk[0]` is in the stream.
        let mut at = start;
        // First finish a frame that started in an earlier chunk.
        if !self.pending.is_empty() {
            let frame_start = start.saturating_sub(self.pending.len());
            let used = self.fill_pending(chunk);
            chunk = chunk.get(used..).unwrap_or(&[]);
            at = at.saturating_add(used);
            match self.pending_frame() {
                Ok(Some(len)) => {
                    let body = self.pending.get(4..4 + len).unwrap_or(&[]);
                    on_frame(parse_body(
                        body,
                        frame_start.saturating_add(4),
                        &self.options,
                    ));
                    self.release();
                }
                Ok(None) => return, // still incomplete: the whole chunk was taken
                Err(e) => return self.fail(e, &mut on_frame),
            }
        }
        // Then frames inside the chunk, borrowed from it.
        loop {
            match split(chunk, &self.options) {
                Ok(Split::Whole { body, rest }) => {
                    on_frame(parse_body(body, at.saturating_add(4), &self.options));
                    at = at.saturating_add(chunk.len() - rest.len());
                    chunk = rest;
                }
                Ok(Split::Short { .. }) => break,
                Err(e) => return self.fail(e, &mut on_frame),
            }
        }
        // Keep the start of a straddling frame.
        self.pending.extend_from_slice(chunk);
        self.reserve_pending();
    }

    /// Once the pending frame's prefix is known, reserves exactly the rest of the frame
    /// (the prefix passed the limit check), so the buffer never grows past one frame.
    fn reserve_pending(&mut self) {
        if let Ok(Some(missing)) = self.missing() {
            self.pending.reserve_exact(missing);
        }
    }

    /// Empties the buffer after a straddling frame, giving memory back after a big one.
    fn release(&mut self) {
        const KEEP: usize = 64 << 10;
        if self.pending.capacity() > KEEP {
            self.pending = Vec::new();
        } else {
            self.pending.clear();
        }
    }

    /// Appends to `pending` the bytes of `chunk` that belong to the pending frame; returns
    /// how many were taken.
    fn fill_pending(&mut self, chunk: &[u8]) -> usize {
        let mut used = 0;
        if self.pending.len() < 4 {
            let take = (4 - self.pending.len()).min(chunk.len());
            self.pending
                .extend_from_slice(chunk.get(..take).unwrap_or(&[]));
            used = take;
        }
        // An oversized prefix takes nothing more: `feed` reports it.
        if let Ok(Some(missing)) = self.missing() {
            // Reserve before appending the body, also when this chunk completed the
            // prefix: growing by doubling would reserve up to twice the frame.
            self.pending.reserve_exact(missing);
            let take = missing.min(chunk.len() - used);
            self.pending
                .extend_from_slice(chunk.get(used..used + take).unwrap_or(&[]));
            used += take;
        }
        used
    }

    /// The pending frame's body length once its prefix is complete (checked against the
    /// limit), `None` before.
    fn pending_len(&self) -> Result<Option<usize>, FrameError> {
        match self.pending.first_chunk::<4>() {
            Some(prefix) => body_len(*prefix, &self.options).map(Some),
            None => Ok(None),
        }
    }

    /// Bytes the pending frame still lacks, once its prefix is complete (checked against
    /// the limit), `None` before.
    fn missing(&self) -> Result<Option<usize>, FrameError> {
        Ok(self
            .pending_len()?
            .map(|len| (4 + len).saturating_sub(self.pending.len())))
    }

    /// The pending frame's body length when all of it is buffered.
    fn pending_frame(&self) -> Result<Option<usize>, FrameError> {
        Ok(self
            .pending_len()?
            .filter(|&len| self.pending.len() >= 4 + len))
    }

    fn fail(
        &mut self,
        error: FrameError,
        on_frame: &mut impl FnMut(Result<VariantRef<'_>, FrameError>),
    ) {
        self.failed = Some(error);
        self.pending = Vec::new();
        on_frame(Err(error));
    }
}
