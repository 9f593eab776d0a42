//! Why the input could not be read, in one line: the library's error with its offset (a
//! file offset, or one in a container's plain data) and the bytes there.

use std::fmt;

use gdvariant::frame::{DetectError, FrameError};

use crate::bytes::Bytes;
use crate::style::thousands;

/// Why the input could not be read: the library's error of the reading that got
/// furthest (or of the frames before a damaged one), and the input, for context.
pub struct Report<'a> {
    error: DetectError,
    data: &'a [u8],
    /// `decompressed` or `decrypted` when `data` came out of a container: then offsets are
    /// not file offsets.
    inside: Option<&'static str>,
}

impl<'a> Report<'a> {
    /// The report of `error`, a failure to read `data`.
    pub fn new(error: DetectError, data: &'a Bytes) -> Self {
        Report {
            error,
            data,
            inside: data.inside(),
        }
    }

    /// `file offset 0x2c`, or `offset 0x2c of the decompressed data`.
    fn place(&self, offset: usize) -> String {
        match self.inside {
            None => format!("file offset {offset:#x}"),
            Some(word) => format!("offset {offset:#x} of the {word} data"),
        }
    }

    /// `at file offset 0x2c (bytes there: [01 00 00 00 04 00])`: up to 8 bytes.
    fn at(&self, offset: usize) -> String {
        let context: Vec<String> = self
            .data
            .iter()
            .skip(offset)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        format!(
            "at {} (bytes there: [{}])",
            self.place(offset),
            context.join(" ")
        )
    }
}

impl fmt::Display for Report<'_> {
    /// One line: the error with its file offset and up to 8 bytes of hex context; for a
    /// frame, which one and, when cut short, how many bytes it needs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.error;
        let dialect = e.reading.dialect;
        let error = &e.error;
        match e.frame {
            Some(frame) => match frame.error {
                FrameError::Truncated { needed, available } => write!(
                    f,
                    "invalid {dialect} data: frame #{} is truncated: it needs {} bytes, {} \
                     remain, {}",
                    frame.index,
                    thousands(needed),
                    thousands(available as u64),
                    self.at(frame.offset)
                ),
                _ => write!(
                    f,
                    "invalid {dialect} data in frame #{} (at {}): {} {}",
                    frame.index,
                    self.place(frame.offset),
                    error.kind(),
                    self.at(error.offset())
                ),
            },
            None => write!(
                f,
                "invalid {dialect} data: {} {}",
                error.kind(),
                self.at(error.offset())
            ),
        }
    }
}
