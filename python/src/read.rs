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
        None => match bytes.get(..4) {
            Some(&[a, b, c, d]) => {
                u32::from_le_bytes([a, b, c, d]) as usize == bytes.len() - 4
                    && VariantRef::parse_prefix_at(&bytes[4..], 4, dialect, options)
                        .is_ok_and(|(_, len)| len == bytes.len() - 4)
            }
            _ => false,
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

/// A frame error as a `DecodeError`; `at` is where the frame starts.
pub fn frame_error(py: Python<'_>, e: FrameError, at: usize) -> PyErr {
    match e {
        FrameError::Value(e) => from_error(py, e),
        FrameError::TooLarge { .. } => decode_error(py, "FrameTooLarge", at, e.to_string()),
        FrameError::Truncated { .. } => decode_error(py, "UnexpectedEnd", at, e.to_string()),
        _ => decode_error(py, "Frame", at, e.to_string()),
    }
}
