//! Finding the value in the input: raw `var_to_bytes` bytes, or one `store_var` /
//! `put_var` frame (a u32 length, then the value), in the dialect the caller names or the
//! one the crate's detection finds (`frame::detect`, as the command line finds it).
//!
//! A reader of one value reads all of its input, or raises: several frames, bytes left
//! over after the value, and an input that reads as well in two ways that give different
//! values are errors that say what the input is and which reader or keyword fits it.

use gdvariant::container::OpenOptions;
use gdvariant::frame::{self, Ambiguity, FrameError, Hints, PrefixOrder, Reading, WholeError};
use gdvariant::{Dialect, ParseOptions, VariantRef};
use pyo3::prelude::*;

use crate::container::open_input;
use crate::context::{decode_error, from_error};
use crate::packed::Source;

/// Opens `data` (unwrapping a compressed or encrypted file when `open` asks or the bytes
/// say so), validates the one value in it with [`parse`], and hands `f` the root and the
/// [`Source`] its zero-copy arrays keep alive: the one sequence behind `loads` and the
/// column readers. Costs what opening and validating cost; `f` runs while the bytes live.
pub fn with_root<'py, R>(
    data: &Bound<'py, PyAny>,
    open: &OpenOptions,
    hints: Hints,
    options: &ParseOptions,
    f: impl FnOnce(VariantRef<'_>, &mut Source<'py>) -> PyResult<R>,
) -> PyResult<R> {
    let (input, object) = open_input(data, open, hints)?;
    let bytes = input.bytes();
    let root = parse(data.py(), bytes, hints.dialect, hints.prefixed, options)?;
    let mut source = Source::new(object, bytes);
    f(root, &mut source)
}

/// The value in `bytes`. `dialect`: `None` to detect Godot 3 or 4. `prefixed`:
/// `Some(true)` for a length-prefixed frame, `Some(false)` for raw bytes, `None` to let
/// detection decide. The whole input must be that one value (or that one frame): the
/// crate's `frame::read_whole` decides, this names the package's readers in its messages.
pub fn parse<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    dialect: Option<Dialect>,
    prefixed: Option<bool>,
    options: &ParseOptions,
) -> PyResult<VariantRef<'a>> {
    let hints = Hints { dialect, prefixed };
    frame::read_whole(bytes, hints, options)
        .map(|whole| whole.value)
        .map_err(|e| whole_error(py, &e, hints))
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
        Ok(found) => match Ambiguity::of(&found) {
            Some(ambiguity) => Err(ambiguous(py, &ambiguity, hints)),
            None => Ok(found.reading),
        },
        Err(e) => Ok(e.reading),
    }
}

/// The crate's refusal as a `DecodeError`: its kind, offset and message, the message ended
/// with how to read the input with this package.
fn whole_error(py: Python<'_>, e: &WholeError, hints: Hints) -> PyErr {
    let mut message = e.to_string();
    match *e {
        WholeError::Ambiguous(ambiguity) => return ambiguous(py, &ambiguity, hints),
        WholeError::Invalid(_) => match e.intact_frames() {
            0 => {}
            1 => message.push_str(": gdvariant.iter_frames reads it"),
            _ => message.push_str(": gdvariant.iter_frames reads them"),
        },
        WholeError::SeveralFrames { .. } => {
            message.push_str(": read them with gdvariant.iter_frames(data) (or iter_frames(path))")
        }
        WholeError::TrailingBytes {
            value_len, frames, ..
        } => match frames {
            0 => message.push_str(&format!(
                ": pass data[:{value_len}] to read the value alone"
            )),
            1 => message.push_str(": pass prefixed=True"),
            _ => message.push_str(": read them with gdvariant.iter_frames(data)"),
        },
        _ => {}
    }
    decode_error(py, e.code(), e.offset(), message)
}

/// Two readings are as plausible and give different values: the keywords that choose.
fn ambiguous(py: Python<'_>, ambiguity: &Ambiguity, hints: Hints) -> PyErr {
    let mut choose = Vec::new();
    if ambiguity.dialects_differ() && hints.dialect.is_none() {
        choose.push("godot=3 or godot=4");
    }
    if ambiguity.framings_differ() && hints.prefixed.is_none() {
        choose.push("prefixed=True or prefixed=False");
    }
    if choose.is_empty() {
        choose.push("godot= and prefixed=");
    }
    decode_error(
        py,
        "ambiguous",
        0,
        format!("{ambiguity}; pass {} to choose", choose.join(", and ")),
    )
}

/// A frame error as a `DecodeError`; `at` is where the frame starts.
pub fn frame_error(py: Python<'_>, e: FrameError, at: usize) -> PyErr {
    match e {
        FrameError::Value(e) => from_error(py, e),
        _ => decode_error(py, e.code(), at, e.to_string()),
    }
}
