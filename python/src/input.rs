//! The bytes of a Python object, borrowed without a copy where that is sound, copied
//! otherwise. The one module of the package with `unsafe` (see `SAFETY.md`).
#![allow(unsafe_code)]

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyMemoryView};

/// Input bytes held for as long as any value read from them is alive.
pub enum Input {
    /// A read-only, C-contiguous buffer whose exporter never changes it: `bytes`, a
    /// read-only `mmap`, or a memoryview of either. Borrowed: no copy.
    Pinned(PyBuffer<u8>),
    /// Anything else bytes-like (`bytearray`, a writable mmap, a NumPy array): copied
    /// once, because its owner may change it while it is read.
    Copied(Vec<u8>),
}

impl Input {
    /// The bytes of `data`, which must export a buffer of bytes. Costs a copy only for
    /// writable buffers.
    pub fn new(data: &Bound<'_, PyAny>) -> PyResult<Input> {
        let buffer = PyBuffer::<u8>::get(data).map_err(|_| {
            PyTypeError::new_err(format!(
                "expected a bytes-like object (bytes, bytearray, memoryview, mmap), got {}",
                type_name(data)
            ))
        })?;
        if buffer.readonly() && buffer.is_c_contiguous() && immutable_exporter(data)? {
            return Ok(Input::Pinned(buffer));
        }
        Ok(Input::Copied(buffer.to_vec(data.py())?))
    }

    /// The bytes. O(1).
    pub fn bytes(&self) -> &[u8] {
        match self {
            Input::Pinned(buffer) => {
                let (ptr, len) = (buffer.buf_ptr() as *const u8, buffer.len_bytes());
                if len == 0 {
                    return &[];
                }
                // SAFETY: `ptr..ptr + len` is the memory of a buffer export that `self`
                // holds (`PyBuffer`, released only when dropped): CPython keeps it
                // allocated and in place while the export lives, and the slice borrows
                // `self`. It is never written while we read it: `Pinned` is only made for
                // read-only, C-contiguous exports whose exporter has no writable form
                // (`bytes`, a read-only mmap: checked by `immutable_exporter`). u8 needs no
                // alignment, and `ptr` is non-null for a non-empty buffer. The one case
                // this cannot see, a mapped file changed by another process, is stated in
                // the docs of `gdvariant.open`, as for every reader that maps files.
                unsafe { std::slice::from_raw_parts(ptr, len) }
            }
            Input::Copied(vec) => vec,
        }
    }
}

/// Is `data`'s memory owned by an object that cannot change it: a read-only `mmap`, or
/// a memoryview of `bytes` or of one?
fn immutable_exporter(data: &Bound<'_, PyAny>) -> PyResult<bool> {
    let mut owner = data.clone();
    while let Ok(view) = owner.cast::<PyMemoryView>() {
        owner = view.getattr("obj")?;
    }
    if owner.cast::<PyBytes>().is_ok() {
        return Ok(true);
    }
    let mmap = data.py().import("mmap")?.getattr("mmap")?;
    // A read-only mmap cannot be written through any handle of this process.
    Ok(owner.is_instance(&mmap)? && PyBuffer::<u8>::get(&owner)?.readonly())
}

/// `type(obj).__name__`, for messages.
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "?".into())
}
