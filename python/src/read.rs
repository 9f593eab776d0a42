//! Finding the value in the input: raw `var_to_bytes` bytes, or one `store_var` /
//! `put_var` frame (a u32 length, then the value), in the dialect the caller names or the
//! one the crate's detection finds (`frame::detect`, as the command line finds it).
//!
//! A reader of one value reads all of its input, or raises: several frames, bytes left
//! over after the value, and an input that reads as well in two ways that give different
//! values are errors that say what the input is and which reader or keyword fits it.

use gdvariant::container::OpenOptions;
use gdvariant::frame::{
    self, Ambiguity, FrameError, FrameOptions, Hints, PrefixOrder, Reading, WholeError,
};
use gdvariant::{Dialect, ParseOptions, VariantRef, VariantType};
use pyo3::prelude::*;

use crate::container::open_input;
use crate::context::{decode_error, from_error, ENV};
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
        .map_err(|e| whole_error(py, &e))
}

/// Every value of `bytes`: the one value (as [`parse`] reads it), or each frame of a file
/// of several `store_var` frames, validated with `options` (the rule of `gdvariant.arrow`,
/// which names a frame in a path, `#1/player/hp`, or reads each). Raises as [`parse`]
/// does for anything else: an ambiguous input, bytes left over, a damaged frame.
/// Cost: [`parse`]'s, plus one validation pass over the frames of a file of several.
pub fn values<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    hints: Hints,
    options: &ParseOptions,
) -> PyResult<Vec<VariantRef<'a>>> {
    match frame::read_whole(bytes, hints, options) {
        Ok(whole) => Ok(vec![whole.value]),
        Err(WholeError::SeveralFrames { reading, .. }) => {
            let options = FrameOptions::new(reading.dialect)
                .order(reading.prefix.unwrap_or_default())
                .max_frame(usize::MAX)
                .parse(*options);
            frame::frames(bytes, options)
                .map(|found| {
                    found
                        .map(|f| f.value)
                        .map_err(|e| frame_error(py, e.error, e.offset))
                })
                .collect()
        }
        Err(e) => Err(whole_error(py, &e)),
    }
}

/// The reading `iter_frames` takes for `bytes` when the caller names no dialect: the
/// detected sequence of frames; when the input does not read whole as frames (a frame cut
/// short or damaged), the reading that got furthest, so that the frames before the damage
/// are read and the damaged one raises where it breaks.
///
/// Raises for an ambiguous input, as the readers of one value do: frames that read as
/// well in both dialects (Godot 4's `store_var(Plane(0, 1, 0, 0.5))` is Godot 3's
/// `store_var(Color(0, 1, 0, 0.5))`), and an input another dialect reads as well as a
/// value alone (Godot 4's `store_var(Vector4i(1, 2, 3, 4))` is also Godot 3's
/// `var2bytes` of a 13-byte PoolByteArray): reading frames settles the framing, not the
/// dialect. Costs one detection of the whole input (up to six validation passes), and
/// one more of its frames when the best reading is a value alone.
pub fn frames_reading(py: Python<'_>, bytes: &[u8]) -> PyResult<Reading> {
    if bytes.is_empty() {
        return Ok(Reading {
            dialect: Dialect::Godot4,
            prefix: Some(PrefixOrder::Little),
        });
    }
    if let Ok(found) = frame::detect(bytes, Hints::default()) {
        match Ambiguity::of(&found) {
            Some(ambiguity) if ambiguity.dialects_differ() => {
                return Err(ambiguous(py, &ambiguity, Reader::Frames))
            }
            None if found.reading.prefix.is_some() => return Ok(found.reading),
            _ => {}
        }
    }
    let framed = Hints {
        dialect: None,
        prefixed: Some(true),
    };
    match frame::detect(bytes, framed) {
        Ok(found) => match Ambiguity::of(&found) {
            Some(ambiguity) => Err(ambiguous(py, &ambiguity, Reader::Frames)),
            None => Ok(found.reading),
        },
        Err(e) => Ok(e.reading),
    }
}

/// The crate's refusal as a `DecodeError`: its kind, offset and message, the message ended
/// with how to read the input with this package.
fn whole_error(py: Python<'_>, e: &WholeError) -> PyErr {
    let mut message = e.to_string();
    match *e {
        WholeError::Ambiguous(ambiguity) => return ambiguous(py, &ambiguity, Reader::One),
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

/// The reader that met an ambiguous input, for the advice its message gives.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Reader {
    /// A reader of one value: `godot=` and `prefixed=` choose.
    One,
    /// `iter_frames`: `godot=` chooses among frames; a value alone is `loads`'.
    Frames,
}

/// Two readings are as plausible and give different values: nothing is read, and the
/// message names each reading with the keywords that pick it (a dialect, a framing, or
/// both where one alone leaves two readings), and the variable that sets a dialect once.
fn ambiguous(py: Python<'_>, ambiguity: &Ambiguity, reader: Reader) -> PyErr {
    let readings: Vec<(Reading, VariantType)> = ambiguity.readings().collect();
    let alone = |same: &dyn Fn(&Reading) -> bool| {
        readings.iter().filter(|(other, _)| same(other)).count() == 1
    };
    let mut framed = Vec::new();
    let mut single = Vec::new();
    for &(reading, ty) in &readings {
        let by_dialect = alone(&|other| other.dialect == reading.dialect);
        let by_framing = alone(&|other| other.prefix.is_some() == reading.prefix.is_some());
        let godot = format!("godot={}", godot_literal(reading.dialect));
        let prefixed = format!(
            "prefixed={}",
            if reading.prefix.is_some() {
                "True"
            } else {
                "False"
            }
        );
        let what = format!("the {}", described(reading, ty));
        match (reader, reading.prefix.is_some()) {
            (Reader::Frames, true) => framed.push(format!("{godot} to read {what}")),
            (Reader::Frames, false) => {
                let keywords = if by_dialect {
                    godot
                } else {
                    format!("{godot}, {prefixed}")
                };
                single.push(format!(
                    "read {what} with gdvariant.loads(data, {keywords})"
                ));
            }
            (Reader::One, _) => framed.push(match (by_dialect, by_framing) {
                (true, true) => format!("{godot} (or {prefixed}) to read {what}"),
                (true, false) => format!("{godot} to read {what}"),
                (false, true) => format!("{prefixed} to read {what}"),
                (false, false) => format!("{godot}, {prefixed} to read {what}"),
            }),
        }
    }
    let mut advice = Vec::new();
    if !framed.is_empty() {
        advice.push(format!("pass {}", framed.join(", ")));
    }
    advice.extend(single);
    let mut message = format!("{ambiguity}; nothing was guessed: {}", advice.join(", or "));
    if ambiguity.dialects_differ() {
        message.push_str(&format!(
            " (or set {ENV}=3 or {ENV}=4 in the environment: the dialect of every call that \
             names none)"
        ));
    }
    decode_error(py, "ambiguous", 0, message)
}

/// `3`, `4`, `"pm-a"`: a dialect as `godot=` takes it, in Python's syntax.
fn godot_literal(dialect: Dialect) -> String {
    match dialect {
        Dialect::Godot3 | Dialect::Godot4 => dialect.code().to_string(),
        other => format!("\"{}\"", other.code()),
    }
}

/// `Godot 4 Vector4i in a store_var frame`, `Godot 3 PoolByteArray`: a reading and the
/// type of the value it gives, as the crate's messages name them.
fn described(reading: Reading, ty: VariantType) -> String {
    let framing = match reading.prefix {
        None => "",
        Some(PrefixOrder::Little) => " in a store_var frame",
        Some(PrefixOrder::Big) => " in a big-endian store_var frame",
    };
    format!("{} {}{framing}", reading.dialect, ty.name(reading.dialect))
}

/// A frame error as a `DecodeError`; `at` is where the frame starts.
pub fn frame_error(py: Python<'_>, e: FrameError, at: usize) -> PyErr {
    match e {
        FrameError::Value(e) => from_error(py, e),
        _ => decode_error(py, e.code(), at, e.to_string()),
    }
}
