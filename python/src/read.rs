//! Finding the value in the input: raw `var_to_bytes` bytes, or one `store_var` /
//! `put_var` frame (a u32 length, then the value).

use gdvariant::frame::{self, Frame, FrameError, FrameOptions};
use gdvariant::{Dialect, ParseOptions, VariantRef};
use pyo3::prelude::*;

use crate::context::{decode_error, from_error};

/// The value in `bytes`. `prefixed`: `Some(true)` for a length-prefixed frame,
/// `Some(false)` for raw bytes, `None` to take a frame when the first word is exactly the
/// length of the rest and the rest is a value, raw bytes otherwise.
pub fn parse<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    dialect: Dialect,
    prefixed: Option<bool>,
    options: &ParseOptions,
) -> PyResult<VariantRef<'a>> {
    let framed = match prefixed {
        Some(p) => p,
        // A frame only if the prefix is the length of the rest and the rest is one value:
        // then that validation is the parse.
        None => match whole_frame(bytes, dialect, options) {
            Some(value) => return Ok(value),
            None => false,
        },
    };
    if !framed {
        return VariantRef::parse_with(bytes, dialect, options).map_err(|e| from_error(py, e));
    }
    let frame_options = FrameOptions {
        max_frame: usize::MAX,
        parse: *options,
        ..FrameOptions::new(dialect)
    };
    match frame::read(bytes, &frame_options) {
        Ok(Frame::Complete { value, .. }) => Ok(value),
        Ok(Frame::Incomplete { needed }) => Err(decode_error(
            py,
            "UnexpectedEnd",
            bytes.len(),
            format!("the frame needs {needed} more bytes"),
        )),
        Err(e) => Err(frame_error(py, e, 0)),
    }
}

/// The value of `bytes` read as one store_var frame whose prefix is exactly the length of
/// the rest, if it is one.
fn whole_frame<'a>(
    bytes: &'a [u8],
    dialect: Dialect,
    options: &ParseOptions,
) -> Option<VariantRef<'a>> {
    let (prefix, body) = bytes.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*prefix) as usize != body.len() {
        return None;
    }
    VariantRef::parse_prefix_at(body, 4, dialect, options)
        .ok()
        .filter(|&(_, len)| len == body.len())
        .map(|(value, _)| value)
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
