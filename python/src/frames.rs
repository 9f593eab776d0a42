//! `gdvariant.iter_frames`: the values of a file of many `store_var` calls, or of a
//! captured `put_var` stream, one by one.

use gdvariant::frame::{self, Frame, FrameOptions};
use pyo3::prelude::*;

use crate::context::decode_error;
use crate::decode;
use crate::input::Input;
use crate::packed::Source;
use crate::read::frame_error;

/// An iterator over the values of length-prefixed frames (u32 little-endian length, then
/// the value), as `FileAccess.store_var` and `StreamPeer.put_var` write them. Each value
/// is validated and converted when it is reached; a bad frame raises `DecodeError` (with
/// its offset in the input) and ends the iteration.
#[pyclass(module = "gdvariant")]
pub struct FrameIter {
    input: Input,
    object: Py<PyAny>,
    position: usize,
    options: FrameOptions,
    done: bool,
}

impl FrameIter {
    /// Frames of `input`, which holds the bytes of `object`.
    pub fn new(input: Input, object: Py<PyAny>, options: FrameOptions) -> Self {
        FrameIter {
            input,
            object,
            position: 0,
            options,
            done: false,
        }
    }
}

#[pymethods]
impl FrameIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let bytes = self.input.bytes();
        let at = self.position;
        let Some(rest) = bytes
            .get(at..)
            .filter(|rest| !self.done && !rest.is_empty())
        else {
            return Ok(None);
        };
        let result = frame::read_at(rest, at, &self.options);
        self.done = true; // until the frame has been read whole
        match result {
            Ok(Frame::Complete { value, rest }) => {
                let mut source = Source::new(self.object.bind(py).clone(), bytes);
                let value = decode::to_python(&value, &mut source)?;
                self.position = bytes.len() - rest.len();
                self.done = false;
                Ok(Some(value))
            }
            Ok(Frame::Incomplete { needed }) => Err(decode_error(
                py,
                "unexpected_end",
                at,
                format!("the frame at offset {at} is cut short: it needs {needed} more bytes"),
            )),
            Err(e) => Err(frame_error(py, e, at)),
        }
    }

    /// Byte offset of the next frame.
    #[getter]
    fn position(&self) -> usize {
        self.position
    }

    /// The dialect the frames are read in, as `godot=` takes it (`3`, `4`, `"pm-a"`, …):
    /// the one named, or the one detected. Write edited values back in it
    /// (`dumps(value, frames.godot, prefixed=True)`).
    #[getter]
    fn godot<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        crate::lazy::godot_arg(py, self.options.dialect)
    }
}
