//! Consecutive frames in one byte slice: a file written by several `store_var` calls in a
//! row, a captured `StreamPeer` stream, read in place (a memory-mapped file).

use core::iter::FusedIterator;
use core::ops::Range;

use super::slice::{parse_body, split, FrameError, FrameOptions, Split};
use crate::read::value::VariantRef;

/// Iterates over the `store_var` / `put_var` frames of `bytes`, one after another, without
/// copying: the zero-copy counterpart of [`FrameReader`](super::FrameReader), for a buffer
/// that holds the whole file (a `Vec`, a memory map).
///
/// Each frame gets the checks of [`read`](super::read): its prefix against
/// [`FrameOptions::max_frame`], then its value is validated (bytes after the value inside
/// the frame are ignored, as `get_var` ignores them; [`FrameRef::unused`] counts them).
/// A prefix that claims more bytes than remain is an error here, not a wait for more:
/// [`FrameError::Truncated`] says how many bytes the frame needs and how many there are,
/// as Godot's `get_var` refuses a frame whose body is cut short. The iterator stops after
/// the first error; [`Frames::position`] is then the offset of the frame that failed.
///
/// Cost: each frame is validated once when it is reached, O(frame) time; nothing is
/// allocated, whatever a prefix claims.
///
/// ```
/// use gdvariant::frame::{frames, FrameError, FrameOptions};
/// use gdvariant::Dialect;
///
/// // store_var(7), store_var("hi"), then a third frame cut off by the end of the file.
/// let file = [
///     8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, // 7
///     12, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'i', 0, 0, // "hi"
///     8, 0, 0, 0, 2, 0, // cut short
/// ];
/// let mut found = frames(&file, FrameOptions::new(Dialect::Godot4));
/// let first = found.next().unwrap()?;
/// assert_eq!((first.offset, first.value.as_int()), (0, Some(7)));
/// let second = found.next().unwrap()?;
/// assert_eq!((second.offset, second.value.as_str()), (12, Some("hi")));
/// assert_eq!(second.value.offset(), 16); // value offsets count from the file's start
/// let error = found.next().unwrap().unwrap_err();
/// assert_eq!((error.index, error.offset), (2, 28));
/// assert_eq!(error.error, FrameError::Truncated { needed: 12, available: 6 });
/// assert!(found.next().is_none()); // it stops after an error
/// # Ok::<(), gdvariant::frame::FramesError>(())
/// ```
pub fn frames(bytes: &[u8], options: FrameOptions) -> Frames<'_> {
    Frames {
        bytes,
        position: 0,
        index: 0,
        options,
        done: false,
        trusted: false,
    }
}

/// The iterator of [`frames`]: yields each frame in order, then stops, after the last
/// frame or after the first error. Each step validates one frame (O(frame), no
/// allocation); [`Frames::position`] and [`Frames::rest`] say where it stands, O(1).
///
/// ```
/// use gdvariant::frame::{frames, FrameOptions};
/// use gdvariant::Dialect;
///
/// // put_var(7), then a frame whose value has an unknown type id.
/// let stream = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 4, 0, 0, 0, 0x63, 0, 0, 0];
/// let mut it = frames(&stream, FrameOptions::new(Dialect::Godot4));
/// assert!(it.next().unwrap().is_ok());
/// assert_eq!((it.position(), it.count_read(), it.rest().len()), (12, 1, 8));
/// assert!(it.next().unwrap().is_err());
/// assert_eq!(it.position(), 12); // the frame that failed
/// ```
#[derive(Clone, Debug)]
pub struct Frames<'a> {
    bytes: &'a [u8],
    /// Offset of the next frame's prefix.
    position: usize,
    /// Index of the next frame.
    index: usize,
    options: FrameOptions,
    done: bool,
    /// The frames were validated before (by detection): measure the values, do not
    /// validate them again.
    trusted: bool,
}

/// One frame of [`frames`]: where it is and the value it holds (validated). Its methods
/// are O(1).
///
/// ```
/// use gdvariant::frame::{frames, FrameOptions};
/// use gdvariant::Dialect;
///
/// // A 12-byte frame holding an 8-byte int: 4 bytes that get_var ignores.
/// let file = [12, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0];
/// let frame = frames(&file, FrameOptions::new(Dialect::Godot4)).next().unwrap()?;
/// assert_eq!((frame.index, frame.offset, frame.len), (0, 0, 12));
/// assert_eq!(frame.range(), 0..16);
/// assert_eq!(frame.unused(), 4);
/// assert_eq!(frame.value.as_int(), Some(7));
/// # Ok::<(), gdvariant::frame::FramesError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FrameRef<'a> {
    /// Its position in the sequence, from 0.
    pub index: usize,
    /// Offset of its 4-byte length prefix from the start of the input.
    pub offset: usize,
    /// The body length its prefix gives (the value and any bytes after it).
    pub len: usize,
    /// The value; its offsets count from the start of the input (the first value of a file
    /// is at offset 4).
    pub value: VariantRef<'a>,
}

impl FrameRef<'_> {
    /// The bytes of the whole frame in the input, prefix included.
    pub fn range(&self) -> Range<usize> {
        self.offset..self.end()
    }

    /// Offset just past the frame: where the next one starts.
    pub fn end(&self) -> usize {
        self.offset.saturating_add(4).saturating_add(self.len)
    }

    /// Bytes inside the frame after its value: 0 for what `store_var` and `put_var`
    /// write. Godot's `get_var` ignores them.
    pub fn unused(&self) -> usize {
        self.len.saturating_sub(self.value.encoded().len())
    }
}

/// Why [`frames`] stopped: which frame, where it starts, and what was wrong with it.
///
/// ```
/// use gdvariant::frame::{frames, FrameError, FrameOptions};
/// use gdvariant::Dialect;
///
/// let file = [16, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]; // claims 16 bytes, 8 follow
/// let error = frames(&file, FrameOptions::new(Dialect::Godot4)).next().unwrap().unwrap_err();
/// assert_eq!(error.error, FrameError::Truncated { needed: 20, available: 12 });
/// assert_eq!(error.to_string(), "frame #0 at offset 0x0: truncated: it needs 20 bytes, 12 remain");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("frame #{index} at offset {offset:#x}: {error}")]
pub struct FramesError {
    /// The frame's position in the sequence, from 0.
    pub index: usize,
    /// Offset of the frame's prefix from the start of the input.
    pub offset: usize,
    /// What was wrong: a prefix over the limit ([`FrameError::TooLarge`]), a frame cut
    /// short by the end of the input ([`FrameError::Truncated`]) or a malformed value
    /// ([`FrameError::Value`], whose offset counts from the start of the input).
    pub error: FrameError,
}

impl<'a> Frames<'a> {
    /// [`frames`] over bytes whose every frame was validated before with the same
    /// options: values are measured, not validated again.
    pub(super) fn trusted(bytes: &'a [u8], options: FrameOptions) -> Self {
        Frames {
            trusted: true,
            ..frames(bytes, options)
        }
    }

    /// Offset of the next frame's prefix; after an error, of the frame that failed; at
    /// the end, the input's length.
    pub fn position(&self) -> usize {
        self.position
    }

    /// How many frames were read so far.
    pub fn count_read(&self) -> usize {
        self.index
    }

    /// The bytes from the next frame on (empty at the end).
    pub fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.position..).unwrap_or(&[])
    }

    fn fail(&mut self, error: FrameError) -> Option<Result<FrameRef<'a>, FramesError>> {
        self.done = true;
        Some(Err(FramesError {
            index: self.index,
            offset: self.position,
            error,
        }))
    }
}

impl<'a> Iterator for Frames<'a> {
    type Item = Result<FrameRef<'a>, FramesError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.rest();
        if self.done || rest.is_empty() {
            self.done = true;
            return None;
        }
        let body = match split(rest, &self.options) {
            Ok(Split::Whole { body, .. }) => body,
            Ok(Split::Short { needed }) => {
                return self.fail(FrameError::Truncated {
                    needed: rest.len() as u64 + needed as u64,
                    available: rest.len(),
                });
            }
            Err(error) => return self.fail(error),
        };
        let base = self.position.saturating_add(4);
        let value = if self.trusted {
            VariantRef::split_trusted(body, base, self.options.dialect).0
        } else {
            match parse_body(body, base, &self.options) {
                Ok(value) => value,
                Err(error) => return self.fail(error),
            }
        };
        let frame = FrameRef {
            index: self.index,
            offset: self.position,
            len: body.len(),
            value,
        };
        self.position = frame.end();
        self.index += 1;
        Some(Ok(frame))
    }
}

impl FusedIterator for Frames<'_> {}
