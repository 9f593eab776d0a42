//! A whole input read as exactly one value: detection as [`detect`] does it, then the
//! refusals of a reader of one value (ambiguity, several frames, bytes left over) and the
//! caller's limits. The rule every front end reads one value by: the Python and npm
//! packages call [`read_whole`] and only map [`WholeError`] to their exceptions.

use core::fmt;

use super::detect::{detect, detection_options, Detected};
use super::detect_error::DetectError;
use super::reading::{describe, Hints, Reading};
use super::sequence::{frames, FramesError};
use super::slice::{read, Frame, FrameError, FrameOptions, PrefixOrder};
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::ErrorKind;
use crate::wire::types::VariantType;

/// The one value of a whole input, as [`read_whole`] found it. Its fields and methods are
/// O(1).
///
/// ```
/// use gdvariant::frame::{read_whole, Hints, PrefixOrder};
/// use gdvariant::ParseOptions;
///
/// // store_var("abc") in Godot 4: a 12-byte body behind its length.
/// let file = [12, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0];
/// let whole = read_whole(&file, Hints::default(), &ParseOptions::default())?;
/// assert_eq!((whole.value.as_str(), whole.value.offset()), (Some("abc"), 4));
/// assert_eq!(whole.reading.prefix, Some(PrefixOrder::Little));
/// assert!(whole.detection().is_exact());
/// # Ok::<(), gdvariant::frame::WholeError>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct Whole<'a> {
    /// The value, validated with the caller's [`ParseOptions`]. Its offsets count from
    /// the start of the input (4 after a prefix).
    pub value: VariantRef<'a>,
    /// How the input was read: its dialect, and the byte order of its one frame's prefix
    /// (`None`: the value alone, as `var_to_bytes` writes it).
    pub reading: Reading,
    detected: Detected<'a>,
}

impl<'a> Whole<'a> {
    /// What detection found: the evidence behind [`Whole::reading`] (the other readings
    /// that parsed, how plausible the value is, whether both dialects read it the same).
    pub fn detection(&self) -> &Detected<'a> {
        &self.detected
    }
}

/// Two readings of an input that are as plausible and give different values (a Godot 4
/// `Plane` and a Godot 3 `Color` in the same 20 bytes): which ones, for a message that
/// names them. Its methods are O(1) (six readings at most).
///
/// Its `Display` names every reading: `ambiguous input: it reads as a Godot 4 Plane and as
/// a Godot 3 Color`. A front end adds how its callers choose (a dialect, a framing).
///
/// ```
/// use gdvariant::frame::{detect, Ambiguity, Hints};
/// use gdvariant::Dialect;
///
/// // var2bytes(Color(1, 0, 0, 1)) in Godot 3: also Godot 4's Plane(1, 0, 0, 1).
/// let color = [14, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f];
/// let found = detect(&color, Hints::default())?;
/// let ambiguity = Ambiguity::of(&found).expect("ambiguous");
/// assert_eq!(ambiguity.chosen().dialect, Dialect::Godot4);
/// assert!(ambiguity.dialects_differ() && !ambiguity.framings_differ());
/// assert_eq!(
///     ambiguity.to_string(),
///     "ambiguous input: it reads as a Godot 4 Plane and as a Godot 3 Color"
/// );
/// // An int reads the same in both dialects: no ambiguity.
/// assert!(Ambiguity::of(&detect(&[2, 0, 0, 0, 7, 0, 0, 0], Hints::default())?).is_none());
/// # Ok::<(), gdvariant::frame::DetectError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ambiguity {
    chosen: Reading,
    readings: [Option<(Reading, VariantType)>; 6],
}

impl Ambiguity {
    /// The ambiguity of a detection, if it is ambiguous ([`Detected::is_ambiguous`]).
    pub fn of(found: &Detected<'_>) -> Option<Self> {
        if !found.is_ambiguous() {
            return None;
        }
        let mut readings = [None; 6];
        let chosen = (found.reading, found.value.ty());
        for (slot, candidate) in readings
            .iter_mut()
            .zip(core::iter::once(chosen).chain(found.rivals()))
        {
            *slot = Some(candidate);
        }
        Some(Ambiguity {
            chosen: found.reading,
            readings,
        })
    }

    /// The reading detection would have chosen.
    pub fn chosen(&self) -> Reading {
        self.chosen
    }

    /// The chosen reading, then every reading as plausible as it that gives other values
    /// ([`Detected::rivals`]), each with the type of the value it gives.
    pub fn readings(&self) -> impl Iterator<Item = (Reading, VariantType)> + '_ {
        self.readings.iter().flatten().copied()
    }

    /// Do the readings differ in their dialect? Naming the dialect then settles it.
    pub fn dialects_differ(&self) -> bool {
        self.readings()
            .any(|(reading, _)| reading.dialect != self.chosen.dialect)
    }

    /// Do the readings differ in their framing (a value alone, or in a frame)? Naming the
    /// framing then settles it.
    pub fn framings_differ(&self) -> bool {
        self.readings()
            .any(|(reading, _)| reading.prefix != self.chosen.prefix)
    }
}

impl fmt::Display for Ambiguity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ambiguous input: it reads as ")?;
        for (i, reading) in self.readings().enumerate() {
            if i > 0 {
                f.write_str(" and as ")?;
            }
            describe(f, reading)?;
        }
        Ok(())
    }
}

/// Why [`read_whole`] gave no value: the input is no value, not one value, or one the
/// caller's limits refuse.
///
/// Every front end gets the same three things from it: [`WholeError::code`], a stable
/// name of the kind; [`WholeError::offset`], where the problem is in the input; and a
/// message (`Display`), a sentence a front end may end with its own advice (`: read them
/// with …`), built from the variant's fields.
///
/// ```
/// use gdvariant::frame::{read_whole, Hints, WholeError};
/// use gdvariant::ParseOptions;
///
/// // store_var(7) twice: two values, not one.
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let error = read_whole(&file, Hints::default(), &ParseOptions::default()).unwrap_err();
/// assert!(matches!(error, WholeError::SeveralFrames { count: 2, second: 12, .. }));
/// assert_eq!((error.code(), error.offset()), ("multiple_frames", 12));
/// assert_eq!(
///     error.to_string(),
///     "the input holds 2 store_var frames (Godot 4 values, each behind a 4-byte length), \
///      not one value"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum WholeError {
    /// No reading parsed: the error of the one that got furthest (see
    /// [`detect`](super::detect())). Code: the value error's
    /// [`ErrorKind::code`](crate::ErrorKind::code) at its offset; for a frame cut short,
    /// `"UnexpectedEnd"` at the frame's prefix. [`WholeError::intact_frames`] says how
    /// many frames before the failing one read whole.
    Invalid(DetectError),
    /// The caller's [`ParseOptions`] refuse the value detection validated with the
    /// defaults (a nesting deeper than their `max_depth`, a full object they do not
    /// allow), or, when no reading parsed, the first value of the reading that got
    /// furthest. A raw value's error is always [`FrameError::Value`]; a frame cut short
    /// is [`FrameError::Truncated`]. Code: [`FrameError::code`], at the value error's
    /// offset or at the frame's prefix (0).
    Refused {
        /// The reading the value was read again in.
        reading: Reading,
        /// What the caller's options found.
        error: FrameError,
    },
    /// Two readings are as plausible and give different values: name the dialect or the
    /// framing ([`Hints`]). Code `"ambiguous"`, at 0.
    Ambiguous(Ambiguity),
    /// The input is several `store_var` frames, not one value: read them with
    /// [`detect`](super::detect()) (its [`values`](Detected::values)) or
    /// [`frames`](super::frames()). Code `"multiple_frames"`, at the second frame.
    SeveralFrames {
        /// How many frames.
        count: usize,
        /// The reading that found them.
        reading: Reading,
        /// Offset of the second frame's prefix: where the first frame ends.
        second: usize,
    },
    /// No reading explains more than a sliver of the input, and no frame of it reads whole
    /// ([`DetectError::is_not_a_save`]): random bytes, a text file, zeros. The error of the
    /// reading that got furthest says what it made of the input. Code `"not_a_save"`, at
    /// 0.
    NotASave {
        /// The error of the reading that got furthest.
        nearest: DetectError,
        /// The input's length.
        len: usize,
    },
    /// The input starts with one value (no prefix) and has bytes after it; Godot's
    /// `bytes_to_var` ignores them, a reader of one value refuses them. Code
    /// `"trailing_bytes"`, at the value's end.
    TrailingBytes {
        /// The value's dialect.
        dialect: Dialect,
        /// The value's type.
        ty: VariantType,
        /// The value's length, from offset 0: where the bytes left over start.
        value_len: usize,
        /// How many bytes are left over.
        left: usize,
        /// How many `store_var` frames the whole input reads as instead, each filled
        /// exactly by its value (in the hinted dialect, or either), when it does; else
        /// 0. A file of frames read as one raw value typically takes its first prefix for
        /// a header: this says so.
        frames: usize,
    },
}

impl WholeError {
    /// A short stable name of the kind, for other languages' bindings and scripts (the
    /// `kind` of the Python and npm packages' `DecodeError`): `"ambiguous"`,
    /// `"multiple_frames"`, `"trailing_bytes"`, or the error of the value or frame
    /// (`"UnexpectedEnd"`, `"LengthOutOfBounds"`, `"UnknownType"`, `"TooDeep"`,
    /// `"FrameTooLarge"`, …, see [`ErrorKind::code`](crate::ErrorKind::code) and
    /// [`FrameError::code`]). O(1).
    pub fn code(&self) -> &'static str {
        match self {
            WholeError::Invalid(error) => match error.frame {
                Some(FramesError {
                    error: FrameError::Truncated { .. },
                    ..
                }) => "UnexpectedEnd",
                _ => error.error.kind().code(),
            },
            WholeError::Refused { error, .. } => error.code(),
            WholeError::Ambiguous(_) => "ambiguous",
            WholeError::NotASave { .. } => "not_a_save",
            WholeError::SeveralFrames { .. } => "multiple_frames",
            WholeError::TrailingBytes { .. } => "trailing_bytes",
        }
    }

    /// Where the problem is, counted from the start of the input (prefix included): the
    /// value error's offset; the prefix of a frame cut short; the second frame of several;
    /// the end of a value with bytes after it; 0 for an ambiguous input. O(1).
    pub fn offset(&self) -> usize {
        match self {
            WholeError::Invalid(error) => match error.frame {
                Some(FramesError {
                    offset,
                    error: FrameError::Truncated { .. },
                    ..
                }) => offset,
                _ => error.error.offset(),
            },
            WholeError::Refused { error, .. } => match error {
                FrameError::Value(error) => error.offset(),
                _ => 0,
            },
            WholeError::Ambiguous(_) | WholeError::NotASave { .. } => 0,
            WholeError::SeveralFrames { second, .. } => *second,
            WholeError::TrailingBytes { value_len, .. } => *value_len,
        }
    }

    /// For an input of frames that failed at one ([`WholeError::Invalid`]): how many
    /// frames before it read whole, as `store_var` writes them (a reader of frames, such
    /// as [`frames`](super::frames()), reads them). Else 0. O(1).
    pub fn intact_frames(&self) -> usize {
        match self {
            WholeError::Invalid(DetectError {
                frame: Some(frame), ..
            }) => frame.index,
            _ => 0,
        }
    }
}

impl fmt::Display for WholeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WholeError::Invalid(error) => {
                error.fmt(f)?;
                match self.intact_frames() {
                    0 => Ok(()),
                    1 => f.write_str("; frame #0 before it is intact"),
                    n => write!(f, "; frames #0 to #{} before it are intact", n - 1),
                }
            }
            WholeError::Refused { error, .. } => match error {
                FrameError::Value(error) => error.fmt(f),
                FrameError::Truncated { needed, available } => {
                    let more = needed.saturating_sub(u64::try_from(*available).unwrap_or(0));
                    write!(f, "the frame is cut short: it needs {more} more bytes")
                }
                FrameError::TooLarge { .. } => error.fmt(f),
            },
            WholeError::Ambiguous(ambiguity) => ambiguity.fmt(f),
            WholeError::NotASave { nearest, len } => write!(
                f,
                "not a Godot save: no reading of it as Variant data (Godot 3 or 4, one value \
                 or store_var frames) explains more than its first {} of {len} (the nearest: \
                 {nearest})",
                Bytes(nearest.explained())
            ),
            WholeError::SeveralFrames { count, reading, .. } => write!(
                f,
                "the input holds {count} store_var frames ({} values, each behind a \
                 4-byte{} length), not one value",
                reading.dialect,
                match reading.prefix {
                    Some(PrefixOrder::Big) => " big-endian",
                    _ => "",
                },
            ),
            WholeError::TrailingBytes {
                dialect,
                ty,
                value_len,
                left,
                frames,
            } => {
                write!(
                    f,
                    "{} left over after the value (a {dialect} {} of {} at offset 0): a reader \
                     of one value reads all of its input; ",
                    Bytes(*left),
                    ty.name(*dialect),
                    Bytes(*value_len),
                )?;
                match frames {
                    0 => f.write_str("Godot's bytes_to_var ignores such bytes"),
                    1 => f.write_str(
                        "the input looks like one store_var frame (a length, then the value)",
                    ),
                    n => write!(f, "the input looks like {n} store_var frames"),
                }
            }
        }
    }
}

impl core::error::Error for WholeError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            WholeError::Invalid(error) | WholeError::NotASave { nearest: error, .. } => Some(error),
            WholeError::Refused { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// `1 byte`, `12 bytes`.
struct Bytes(usize);

impl fmt::Display for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            1 => f.write_str("1 byte"),
            n => write!(f, "{n} bytes"),
        }
    }
}

/// Reads all of `bytes` as exactly one value, detecting what `hints` leave open (the
/// dialect; a value alone or in one `store_var` frame), validated with the caller's
/// `options`. The rule a reader of one value of unknown origin follows.
///
/// Detection is [`detect`](super::detect())'s (see there for the readings tried and how
/// one is chosen). Then, refused:
///
/// * an input that reads as well in two ways giving different values:
///   [`WholeError::Ambiguous`];
/// * several frames: [`WholeError::SeveralFrames`];
/// * a value without prefix followed by bytes (let through by a dialect hint, or the
///   reason no reading parsed): [`WholeError::TrailingBytes`], which says when the input
///   looks like frames instead. A frame may hold bytes after its value (`get_var` ignores
///   them): that is accepted;
/// * a value the caller's `options` refuse, when they differ from the defaults detection
///   validates with: [`WholeError::Refused`].
///
/// When detection was left something to decide (the dialect or the framing) and no
/// reading explains more than a sliver of the input, it is no save at all
/// ([`WholeError::NotASave`]). Otherwise, when no reading parses, the error is that of
/// the reading that got furthest ([`WholeError::Invalid`]), but for two cases: with a framing left open, a framed
/// reading whose frames before the failing one are spurious (bytes left inside them after
/// their value, which `store_var` never writes) is one value misread as frames, so the
/// error is that of the value alone; and with options stricter than the defaults, what
/// they refuse in the first value of that reading comes first.
///
/// Cost: [`detect`](super::detect())'s (up to six validation passes, no allocation),
/// plus one validation pass with `options` when they are not the defaults. Errors may
/// cost a few more passes (to say what the input looks like); nothing allocates.
///
/// ```
/// use gdvariant::frame::{read_whole, Hints, WholeError};
/// use gdvariant::{Dialect, ParseOptions};
///
/// let defaults = ParseOptions::default();
/// // var_to_bytes(7) in Godot 4, then 3 bytes of something else.
/// let bytes = [2, 0, 0, 0, 7, 0, 0, 0, 1, 2, 3];
/// let whole = read_whole(&bytes[..8], Hints::default(), &defaults)?;
/// assert_eq!(whole.value.as_int(), Some(7));
///
/// let error = read_whole(&bytes, Hints::default(), &defaults).unwrap_err();
/// assert!(matches!(error, WholeError::TrailingBytes { value_len: 8, left: 3, .. }));
/// assert_eq!((error.code(), error.offset()), ("trailing_bytes", 8));
/// assert_eq!(
///     error.to_string(),
///     "3 bytes left over after the value (a Godot 4 int of 8 bytes at offset 0): a reader \
///      of one value reads all of its input; Godot's bytes_to_var ignores such bytes"
/// );
///
/// // [[]] in Godot 4, read with a depth limit of 0 (the top-level value is depth 0).
/// let nested = [28, 0, 0, 0, 1, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0];
/// let hints = Hints { dialect: Some(Dialect::Godot4), prefixed: Some(false) };
/// let error = read_whole(&nested, hints, &ParseOptions::new().max_depth(0)).unwrap_err();
/// assert_eq!((error.code(), error.offset()), ("TooDeep", 8));
/// # Ok::<(), WholeError>(())
/// ```
pub fn read_whole<'a>(
    bytes: &'a [u8],
    hints: Hints,
    options: &ParseOptions,
) -> Result<Whole<'a>, WholeError> {
    let found = detect(bytes, hints).map_err(|e| failure(bytes, hints, e, options))?;
    if let Some(ambiguity) = Ambiguity::of(&found) {
        return Err(WholeError::Ambiguous(ambiguity));
    }
    if found.value_count() > 1 {
        let second = found
            .frames()
            .and_then(|mut frames| frames.nth(1))
            .and_then(Result::ok)
            .map_or(0, |frame| frame.offset);
        return Err(WholeError::SeveralFrames {
            count: found.value_count(),
            reading: found.reading,
            second,
        });
    }
    if found.reading.prefix.is_none() && !found.is_exact() {
        let value = found.value;
        return Err(trailing(
            bytes,
            hints,
            value.dialect(),
            value.ty(),
            value.encoded().len(),
        ));
    }
    // Detection validated with the default limits; the caller's may be stricter.
    let value = if *options == ParseOptions::default() {
        found.value
    } else {
        read_as(bytes, found.reading, options)?
    };
    Ok(Whole {
        value,
        reading: found.reading,
        detected: found,
    })
}

/// No reading of `bytes` parsed with `hints`: the error to report for `e`.
fn failure(bytes: &[u8], hints: Hints, e: DetectError, options: &ParseOptions) -> WholeError {
    // With the dialect and the framing named, one reading was tried: its own error says
    // more than that no reading explains the input.
    let detected = hints.dialect.is_none() || hints.prefixed.is_none();
    if detected && e.is_not_a_save(bytes) {
        return WholeError::NotASave {
            nearest: e,
            len: bytes.len(),
        };
    }
    if let Some(frame) = e.frame {
        if hints.prefixed.is_none() && spurious_frames(bytes, e.reading, frame.index) {
            let single = Hints {
                prefixed: Some(false),
                ..hints
            };
            return match detect(bytes, single) {
                // With a dialect hint: the value, and bytes after it.
                Ok(found) => {
                    let value = found.value;
                    trailing(
                        bytes,
                        hints,
                        value.dialect(),
                        value.ty(),
                        value.encoded().len(),
                    )
                }
                Err(e) => failure(bytes, single, e, options),
            };
        }
    }
    if *options != ParseOptions::default() {
        if let Err(stricter) = read_as(bytes, e.reading, options) {
            return stricter;
        }
    }
    if e.frame.is_none() && matches!(e.error.kind(), ErrorKind::TrailingBytes { .. }) {
        let dialect = e.reading.dialect;
        let ty = VariantRef::parse_prefix_at(bytes, 0, dialect, &ParseOptions::default())
            .map_or(VariantType::Nil, |(value, _)| value.ty());
        return trailing(bytes, hints, dialect, ty, e.error.offset());
    }
    WholeError::Invalid(e)
}

/// Is the framed `reading` that failed at frame `index` a misreading: has one of the
/// frames before it bytes left inside after its value (which `store_var` never writes)?
fn spurious_frames(bytes: &[u8], reading: Reading, index: usize) -> bool {
    let Some(order) = reading.prefix else {
        return false;
    };
    frames(bytes, detection_options(reading.dialect, order))
        .take(index)
        .any(|frame| frame.is_ok_and(|frame| frame.unused() > 0))
}

/// The first `value_len` bytes of `bytes` are a `ty` value; the rest is left over. Says
/// whether the input reads as frames instead (in the hinted dialect, or either).
fn trailing(
    bytes: &[u8],
    hints: Hints,
    dialect: Dialect,
    ty: VariantType,
    value_len: usize,
) -> WholeError {
    let as_frames = Hints {
        dialect: hints.dialect,
        prefixed: Some(true),
    };
    let frames = match detect(bytes, as_frames) {
        Ok(found) if found.is_exact() => found.value_count(),
        _ => 0,
    };
    WholeError::TrailingBytes {
        dialect,
        ty,
        value_len,
        left: bytes.len().saturating_sub(value_len),
        frames,
    }
}

/// The (first) value of `bytes` in `reading`, validated with `options`.
fn read_as<'a>(
    bytes: &'a [u8],
    reading: Reading,
    options: &ParseOptions,
) -> Result<VariantRef<'a>, WholeError> {
    let refused = |error| WholeError::Refused { reading, error };
    let Some(order) = reading.prefix else {
        return VariantRef::parse_prefix_at(bytes, 0, reading.dialect, options)
            .map(|(value, _)| value)
            .map_err(|e| refused(FrameError::Value(e)));
    };
    let frame_options = FrameOptions::new(reading.dialect)
        .order(order)
        .max_frame(usize::MAX)
        .parse(*options);
    match read(bytes, &frame_options) {
        Ok(Frame::Complete { value, .. }) => Ok(value),
        Ok(Frame::Incomplete { needed }) => {
            let total = bytes.len().saturating_add(needed);
            Err(refused(FrameError::Truncated {
                needed: u64::try_from(total).unwrap_or(u64::MAX),
                available: bytes.len(),
            }))
        }
        Err(error) => Err(refused(error)),
    }
}
