//! Finding the value in the input: raw `var_to_bytes` bytes, or one `store_var` /
//! `put_var` frame (a u32 length, then the value), in the dialect the caller names or the
//! one the crate's detection finds (`frame::detect`, as the command line finds it).
//!
//! A reader of one value reads all of its input, or raises: several frames, bytes left
//! over after the value, and an input that reads as well in two ways that give different
//! values are errors that say what the input is and which reader or keyword fits it.

use gdvariant::frame::{
    self, DetectError, Detected, Frame, FrameError, FrameOptions, Hints, PrefixOrder, Reading,
};
use gdvariant::{Dialect, ErrorKind, ParseOptions, VariantRef, VariantType};
use pyo3::prelude::*;

use crate::context::{decode_error, from_error};

/// The value in `bytes`. `dialect`: `None` to detect Godot 3 or 4. `prefixed`:
/// `Some(true)` for a length-prefixed frame, `Some(false)` for raw bytes, `None` to let
/// detection decide. The whole input must be that one value (or that one frame).
pub fn parse<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    dialect: Option<Dialect>,
    prefixed: Option<bool>,
    options: &ParseOptions,
) -> PyResult<VariantRef<'a>> {
    let hints = Hints { dialect, prefixed };
    let found = match frame::detect(bytes, hints) {
        Ok(found) => found,
        Err(e) => return Err(failure(py, bytes, hints, e, options)),
    };
    if found.is_ambiguous() {
        return Err(ambiguous(py, &found, hints));
    }
    if found.value_count() > 1 {
        return Err(several_frames(py, &found));
    }
    if found.reading.prefix.is_none() && !found.is_exact() {
        return Err(left_over(py, bytes, &found, hints));
    }
    // Detection validated with the default limits; the caller's may be stricter.
    if *options == ParseOptions::default() {
        return Ok(found.value);
    }
    read_as(py, bytes, found.reading, options)
}

/// The reading `iter_frames` takes for `bytes` when the caller names no dialect: the
/// detected sequence of frames; when the input does not read whole as frames (a frame cut
/// short or damaged), the reading that got furthest, so that the frames before the damage
/// are read and the damaged one raises where it breaks. Raises for an ambiguous input.
pub fn frames_reading(py: Python<'_>, bytes: &[u8]) -> PyResult<Reading> {
    let hints = Hints {
        dialect: None,
        prefixed: Some(true),
    };
    if bytes.is_empty() {
        return Ok(Reading {
            dialect: Dialect::Godot4,
            prefix: Some(PrefixOrder::Little),
        });
    }
    match frame::detect(bytes, hints) {
        Ok(found) if found.is_ambiguous() => Err(ambiguous(py, &found, hints)),
        Ok(found) => Ok(found.reading),
        Err(e) => Ok(e.reading),
    }
}

/// The (first) value of `bytes` in `reading`, validated with `options`.
fn read_as<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    reading: Reading,
    options: &ParseOptions,
) -> PyResult<VariantRef<'a>> {
    let dialect = reading.dialect;
    let Some(order) = reading.prefix else {
        return VariantRef::parse_prefix_at(bytes, 0, dialect, options)
            .map(|(value, _)| value)
            .map_err(|e| from_error(py, e));
    };
    let frame_options = FrameOptions::new(dialect)
        .order(order)
        .max_frame(usize::MAX)
        .parse(*options);
    match frame::read(bytes, &frame_options) {
        Ok(Frame::Complete { value, .. }) => Ok(value),
        Ok(Frame::Incomplete { needed }) => Err(decode_error(
            py,
            "UnexpectedEnd",
            0,
            format!("the frame is cut short: it needs {needed} more bytes"),
        )),
        Err(e) => Err(frame_error(py, e, 0)),
    }
}

/// No reading parsed: the error of the one that got furthest (or, with the caller's
/// stricter limits, the first error they find in that reading). A framed reading whose
/// frames before the failing one are spurious (bytes left inside them after their value,
/// which store_var never writes) gives way to the best reading of one value: such an
/// input is one value, damaged or with bytes after it, that happens to parse as a frame
/// or two.
fn failure(
    py: Python<'_>,
    bytes: &[u8],
    hints: Hints,
    e: DetectError,
    options: &ParseOptions,
) -> PyErr {
    if let Some(f) = e.frame {
        if hints.prefixed.is_none() && spurious_frames(bytes, e.reading, f.index) {
            let single = Hints {
                prefixed: Some(false),
                ..hints
            };
            return match frame::detect(bytes, single) {
                // With a dialect hint: the value, and bytes after it.
                Ok(found) => left_over(py, bytes, &found, hints),
                Err(e) => failure(py, bytes, single, e, options),
            };
        }
    }
    if *options != ParseOptions::default() {
        if let Err(stricter) = read_as(py, bytes, e.reading, options) {
            return stricter;
        }
    }
    let dialect = e.reading.dialect;
    if e.frame.is_none() && matches!(e.error.kind(), ErrorKind::TrailingBytes { .. }) {
        let len = e.error.offset();
        let ty = VariantRef::parse_prefix_at(bytes, 0, dialect, &ParseOptions::default())
            .map_or(VariantType::Nil, |(value, _)| value.ty());
        return trailing(py, bytes, dialect, ty, len, hints);
    }
    match e.frame {
        Some(f) => {
            let intact = match f.index {
                0 => String::new(),
                1 => "; frame #0 before it is intact: gdvariant.iter_frames reads it".into(),
                n => format!(
                    "; frames #0 to #{} before it are intact: gdvariant.iter_frames reads them",
                    n - 1
                ),
            };
            let (kind, offset) = match f.error {
                FrameError::Truncated { .. } => ("UnexpectedEnd".to_owned(), f.offset),
                _ => (kind_name(e.error.kind()), e.error.offset()),
            };
            decode_error(py, &kind, offset, format!("{e}{intact}"))
        }
        None => decode_error(
            py,
            &kind_name(e.error.kind()),
            e.error.offset(),
            e.to_string(),
        ),
    }
}

/// Is the framed `reading` that failed at frame `index` a misreading: has one of the
/// frames before it bytes left inside after its value (which store_var never writes)?
fn spurious_frames(bytes: &[u8], reading: Reading, index: usize) -> bool {
    let Some(order) = reading.prefix else {
        return false;
    };
    let options = FrameOptions::new(reading.dialect)
        .order(order)
        .max_frame(usize::MAX)
        .parse(ParseOptions::default());
    frame::frames(bytes, options)
        .take(index)
        .any(|f| f.is_ok_and(|f| f.unused() > 0))
}

/// `"UnexpectedEnd"`, `"UnknownType"`: an error kind as `DecodeError.kind` names it.
fn kind_name(kind: ErrorKind) -> String {
    let name = format!("{kind:?}");
    name.split('(').next().unwrap_or("").to_owned()
}

/// The value `found` leaves bytes over.
fn left_over(py: Python<'_>, bytes: &[u8], found: &Detected<'_>, hints: Hints) -> PyErr {
    let value = found.value;
    let len = value.encoded().len();
    trailing(py, bytes, found.reading.dialect, value.ty(), len, hints)
}

/// `len` bytes of `bytes` are a `ty` value; the rest is left over.
fn trailing(
    py: Python<'_>,
    bytes: &[u8],
    dialect: Dialect,
    ty: VariantType,
    len: usize,
    hints: Hints,
) -> PyErr {
    let left = bytes.len().saturating_sub(len);
    let mut message = format!(
        "{} left over after the value (a {dialect} {} of {} at offset 0): a reader of one \
         value reads all of its input",
        bytes_word(left),
        ty.name(dialect),
        bytes_word(len),
    );
    // Frames read as one raw value (`prefixed=False`, or a dialect in which they do not
    // parse as frames): say what they are. Only frames as store_var writes them count (no
    // bytes inside a frame after its value): a value followed by junk can parse as others.
    let as_frames = frame::detect(
        bytes,
        Hints {
            dialect: hints.dialect,
            prefixed: Some(true),
        },
    );
    match as_frames {
        Ok(found) if found.is_exact() && found.value_count() > 1 => message.push_str(&format!(
            "; the input looks like {} store_var frames: read them with \
             gdvariant.iter_frames(data)",
            found.value_count()
        )),
        Ok(found) if found.is_exact() => message.push_str(
            "; the input looks like one store_var frame (a length, then the value): pass \
             prefixed=True",
        ),
        _ => message.push_str(&format!(
            "; Godot's bytes_to_var ignores such bytes: pass data[:{len}] to read the value \
             alone"
        )),
    }
    decode_error(py, "trailing_bytes", len, message)
}

/// `1 byte`, `12 bytes`.
fn bytes_word(n: usize) -> String {
    if n == 1 {
        "1 byte".into()
    } else {
        format!("{n} bytes")
    }
}

/// The input holds several frames: `loads`, `view` and `open` read one value.
fn several_frames(py: Python<'_>, found: &Detected<'_>) -> PyErr {
    let count = found.value_count();
    let second = found
        .frames()
        .and_then(|mut frames| frames.nth(1))
        .and_then(Result::ok)
        .map_or(0, |f| f.offset);
    decode_error(
        py,
        "multiple_frames",
        second,
        format!(
            "the input holds {count} store_var frames ({} values, each behind a 4-byte{} \
             length), not one value: read them with gdvariant.iter_frames(data) (or \
             iter_frames(path))",
            found.reading.dialect,
            match found.reading.prefix {
                Some(PrefixOrder::Big) => " big-endian",
                _ => "",
            },
        ),
    )
}

/// Two readings are as plausible and give different values.
fn ambiguous(py: Python<'_>, found: &Detected<'_>, hints: Hints) -> PyErr {
    let readings: Vec<String> = found
        .candidates()
        .map(|(reading, ty)| describe(reading, ty))
        .collect();
    let dialects = found
        .candidates()
        .any(|(r, _)| r.dialect != found.reading.dialect);
    let framings = found
        .candidates()
        .any(|(r, _)| r.prefix != found.reading.prefix);
    let mut choose = Vec::new();
    if dialects && hints.dialect.is_none() {
        choose.push("godot=3 or godot=4");
    }
    if framings && hints.prefixed.is_none() {
        choose.push("prefixed=True or prefixed=False");
    }
    if choose.is_empty() {
        choose.push("godot= and prefixed=");
    }
    decode_error(
        py,
        "ambiguous",
        0,
        format!(
            "ambiguous input: it reads as {}; pass {} to choose",
            readings.join(" and as "),
            choose.join(", and ")
        ),
    )
}

/// `a Godot 3 Color`, `a Godot 4 int in a store_var frame`.
fn describe(reading: Reading, ty: VariantType) -> String {
    let dialect = reading.dialect;
    let framing = match reading.prefix {
        None => "",
        Some(PrefixOrder::Little) => " in a store_var frame",
        Some(PrefixOrder::Big) => " in a store_var frame (big-endian length)",
    };
    format!("a {dialect} {}{framing}", ty.name(dialect))
}

/// A frame error as a `DecodeError`; `at` is where the frame starts.
pub fn frame_error(py: Python<'_>, e: FrameError, at: usize) -> PyErr {
    match e {
        FrameError::Value(e) => from_error(py, e),
        FrameError::TooLarge { .. } => decode_error(py, "FrameTooLarge", at, e.to_string()),
        FrameError::Truncated { .. } => decode_error(py, "UnexpectedEnd", at, e.to_string()),
        _ => decode_error(py, "Frame", at, e.to_string()),
    }
}
