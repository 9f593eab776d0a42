//! Why detection found no reading of an input: the error of the reading that got furthest
//! ([`DetectError`]), and how a failed reading is measured on the way.

use core::fmt;

use super::reading::Reading;
use super::sequence::FramesError;
use super::slice::FrameError;
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};

/// A length, count or frame size a save could have: below it, one that claims more than
/// remains is taken for a cut, from it on for bytes that are no Variant data (see
/// [`DetectError::is_not_a_save`]).
const MODEST: u64 = 1 << 24;

/// Why no reading of an input parsed: the error of the reading that got furthest into the
/// input (the largest error offset; on a tie, the first tried).
///
/// ```
/// use gdvariant::frame::{detect, Hints};
/// use gdvariant::Dialect;
///
/// // A Godot 4 String whose length claims 0x7fffffff bytes.
/// let e = detect(&[4, 0, 0, 0, 0xff, 0xff, 0xff, 0x7f], Hints::default()).unwrap_err();
/// assert_eq!((e.reading.dialect, e.error.offset(), e.frame), (Dialect::Godot4, 4, None));
/// assert_eq!(
///     e.to_string(),
///     "invalid Godot 4 data: length or count exceeds the remaining input at offset 0x4"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DetectError {
    /// Where reading stopped, counted from the start of the input. For a frame cut short
    /// by the end of the input: where its value breaks off, if it does in the bytes that
    /// remain, else `LengthOutOfBounds` at the frame's prefix (`UnexpectedEnd` when the
    /// prefix itself is cut).
    pub error: Error,
    /// The reading it comes from.
    pub reading: Reading,
    /// For a framed reading, the frame that failed: its index, its offset and what was
    /// wrong ([`FrameError::Truncated`] says how many bytes it needs and how many remain).
    pub frame: Option<FramesError>,
    /// How far into the input the reading got (see [`DetectError::explained`]).
    reach: usize,
}

impl DetectError {
    /// How many bytes from the start of the input the reading that got furthest read as
    /// Variant data before it failed: where its value breaks off; for one value with bytes
    /// after it, the value's end; for a frame cut short, where its value breaks off (or
    /// ends) in the bytes that remain. A file that is mostly a save, cut short or damaged
    /// near its end, explains most of itself; random bytes or a text file explain a few
    /// bytes (a header, a length that claims more than there is, a 4-byte Nil and
    /// thousands of bytes after it). O(1).
    ///
    /// ```
    /// use gdvariant::frame::{detect, Hints};
    ///
    /// // A text file: no reading gets past its first 8 bytes.
    /// let text = b"# My save notes\nhp: 100, gold: 20\nThe boss is in the north tower.\n";
    /// let e = detect(text, Hints::default()).unwrap_err();
    /// assert_eq!((e.explained(), text.len()), (8, 66));
    ///
    /// // A dictionary cut short: read up to the cut.
    /// let dict = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0];
    /// let e = detect(&dict, Hints::default()).unwrap_err();
    /// assert_eq!((e.explained(), dict.len()), (20, 22));
    /// ```
    pub fn explained(&self) -> usize {
        self.reach
    }

    /// Is `data`, the input, no Variant data at all by this error? True when the input is
    /// not tiny (64 bytes or more: of fewer, the error itself says more), no frame before
    /// the failing one read whole, the reading that got furthest explained less than an
    /// eighth of the input ([`DetectError::explained`]), and it failed the way bytes that
    /// are no Variant data fail: a type id no engine has, a value and then bytes no frame
    /// explains, or a length, count or frame prefix that claims far more than a save holds
    /// (16 MiB of elements or more). Random bytes, a text file or zeros are no save. A
    /// save cut short (a modest length that claims more than remains, a field cut), too
    /// deep or damaged after its first frame is one, and keeps its own error. O(1).
    ///
    /// ```
    /// use gdvariant::frame::{detect, Hints};
    ///
    /// let text = b"# My save notes\nhp: 100, gold: 20\nThe boss is in the north tower.\n";
    /// let e = detect(text, Hints::default()).unwrap_err();
    /// assert!(e.is_not_a_save(text));
    ///
    /// // store_var(7) twice, the second cut short: a damaged save.
    /// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 2, 0];
    /// assert!(!detect(&file, Hints::default()).unwrap_err().is_not_a_save(&file));
    ///
    /// // A String of 1000 bytes cut after 92 of them: its length claims more than remains,
    /// // at offset 4, but a length a save could hold.
    /// let mut cut = vec![4, 0, 0, 0, 0xe8, 3, 0, 0];
    /// cut.extend_from_slice(&[b'a'; 92]);
    /// assert!(!detect(&cut, Hints::default()).unwrap_err().is_not_a_save(&cut));
    /// ```
    pub fn is_not_a_save(&self, data: &[u8]) -> bool {
        data.len() >= 64
            && self.frame.is_none_or(|frame| frame.index == 0)
            && self.reach.saturating_mul(8) < data.len()
            && self.fails_as_no_data(data)
    }

    /// Did the reading fail as bytes that are no Variant data fail (see
    /// [`DetectError::is_not_a_save`])?
    fn fails_as_no_data(&self, data: &[u8]) -> bool {
        if let Some(FramesError {
            error: FrameError::Truncated { needed, .. },
            ..
        }) = self.frame
        {
            return needed >= MODEST + 4;
        }
        match self.error.kind() {
            ErrorKind::UnknownType(_)
            | ErrorKind::InvalidContainerType(_)
            | ErrorKind::TrailingBytes { .. } => true,
            ErrorKind::LengthOutOfBounds => {
                let at = self.error.offset();
                let field = data
                    .get(at..at.saturating_add(4))
                    .and_then(|w| w.try_into().ok());
                field.is_some_and(|w| u64::from(u32::from_le_bytes(w)) >= MODEST)
            }
            _ => false,
        }
    }
}

impl fmt::Display for DetectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dialect = self.reading.dialect;
        match self.frame {
            Some(FramesError {
                index,
                offset,
                error: FrameError::Truncated { needed, available },
            }) => {
                write!(
                    f,
                    "invalid {dialect} data: frame #{index} at offset {offset:#x} is truncated: \
                     it needs {needed} bytes, {available} remain"
                )
            }
            Some(FramesError { index, offset, .. }) => write!(
                f,
                "invalid {dialect} data in frame #{index} at offset {offset:#x}: {}",
                self.error
            ),
            None => write!(f, "invalid {dialect} data: {}", self.error),
        }
    }
}

impl core::error::Error for DetectError {}

/// A reading that failed.
#[derive(Clone, Copy)]
pub(super) struct Failure {
    pub(super) error: Error,
    pub(super) frame: Option<FramesError>,
    /// How far into the input the reading got: the error's offset; for a frame cut
    /// short, where its value breaks off in the bytes that remain, or where it ends if it
    /// does not (the reading got that far before running out of input).
    pub(super) reach: usize,
}

impl Failure {
    pub(super) fn plain(error: Error) -> Self {
        Failure {
            error,
            frame: None,
            reach: error.offset(),
        }
    }
}

/// A frame error as a failed reading: the value's own error; for a frame cut short, where
/// its value breaks off in the bytes that remain, if it does, else a length error at its
/// prefix (the end of the input when the prefix itself is cut).
pub(super) fn failure_of(data: &[u8], dialect: Dialect, e: FramesError) -> Failure {
    let (error, reach) = match e.error {
        FrameError::Value(error) => (error, error.offset()),
        FrameError::Truncated { needed: 4, .. } => {
            (Error::new(ErrorKind::UnexpectedEnd, e.offset), e.offset)
        }
        _ => {
            let base = e.offset.saturating_add(4);
            let body = data.get(base..).unwrap_or(&[]);
            match VariantRef::parse_prefix_at(body, base, dialect, &ParseOptions::default()) {
                Err(error) => (error, error.offset()),
                Ok((_, len)) => (
                    Error::new(ErrorKind::LengthOutOfBounds, e.offset),
                    base.saturating_add(len),
                ),
            }
        }
    };
    Failure {
        error,
        frame: Some(e),
        reach,
    }
}

/// The error to report: that of the reading that got furthest.
pub(super) fn report(furthest: Option<(Failure, Reading)>) -> DetectError {
    let Some((failure, reading)) = furthest else {
        // Unreachable: every reading tried either parses or fails, and at least one is
        // tried. Say the input ends at once, rather than panic.
        return DetectError {
            error: Error::new(ErrorKind::UnexpectedEnd, 0),
            reading: Reading {
                dialect: Dialect::Godot4,
                prefix: None,
            },
            frame: None,
            reach: 0,
        };
    };
    DetectError {
        error: failure.error,
        reading,
        frame: failure.frame,
        reach: failure.reach,
    }
}
