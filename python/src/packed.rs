//! Packed arrays as Python values: NumPy arrays that are read-only views of the input
//! (copied only when their data is misaligned for the element type), memoryviews without
//! NumPy (`bytes` for byte arrays and `PackedStringArray` for strings: see `decode.rs`).

use gdvariant::host::PackedData;
use gdvariant::VariantType;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyMemoryView, PySlice};

use crate::context::numpy;

/// The Python object whose memory packed arrays view, and where the bytes the crate reads
/// sit relative to it.
pub struct Source<'py> {
    /// A read-only memoryview of the input object (made on first use).
    object: Bound<'py, PyAny>,
    view: Option<Bound<'py, PyMemoryView>>,
    /// Address of the first byte of the slice the crate reads (to turn its slices into
    /// offsets).
    base: usize,
}

impl<'py> Source<'py> {
    /// Views of `object`, whose bytes the crate reads as `bytes` (the same memory, or a
    /// copy of it).
    pub fn new(object: Bound<'py, PyAny>, bytes: &[u8]) -> Self {
        Source {
            object,
            view: None,
            base: bytes.as_ptr() as usize,
        }
    }

    /// The interpreter.
    pub fn py(&self) -> Python<'py> {
        self.object.py()
    }

    /// A flat, read-only memoryview of the input object, made once.
    fn view(&mut self) -> PyResult<Bound<'py, PyMemoryView>> {
        if let Some(view) = &self.view {
            return Ok(view.clone());
        }
        let mut flat = PyMemoryView::from(&self.object)?;
        // A non-contiguous or multi-dimensional buffer: view a flat copy of it instead.
        let ndim = flat.getattr("ndim")?.extract::<usize>()?;
        if ndim != 1 || !flat.getattr("c_contiguous")?.extract::<bool>()? {
            let copy = flat.call_method0("tobytes")?;
            flat = PyMemoryView::from(&copy)?;
        }
        let flat = flat
            .call_method0("toreadonly")?
            .cast_into::<PyMemoryView>()?;
        Ok(self.view.insert(flat).clone())
    }

    /// The NumPy array (or memoryview) of a packed array of fixed-size elements.
    pub fn packed(&mut self, array: PackedData<'_>) -> PyResult<Bound<'py, PyAny>> {
        let kind = match array.ty() {
            VariantType::PackedInt32Array => Kind::new("<i4", "i", 1),
            VariantType::PackedInt64Array => Kind::new("<i8", "q", 1),
            VariantType::PackedFloat32Array => Kind::new("<f4", "f", 1),
            VariantType::PackedFloat64Array => Kind::new("<f8", "d", 1),
            VariantType::PackedVector2Array => Kind::real(array.is_double(), 2),
            VariantType::PackedVector3Array => Kind::real(array.is_double(), 3),
            VariantType::PackedVector4Array => Kind::real(array.is_double(), 4),
            VariantType::PackedColorArray => Kind {
                color: true,
                ..Kind::new("<f4", "f", 4)
            },
            VariantType::PackedVector2iArray => Kind::new("<i4", "i", 2),
            VariantType::PackedVector3iArray => Kind::new("<i4", "i", 3),
            VariantType::PackedVector4iArray => Kind::new("<i4", "i", 4),
            other => {
                return Err(PyTypeError::new_err(format!("unsupported type {other:?}")));
            }
        };
        let data = array.as_bytes();
        let offset = (data.as_ptr() as usize).wrapping_sub(self.base);
        self.array(offset, data.len(), kind)
    }

    /// `len` bytes at `offset` of the input as an array of `kind`.
    fn array(&mut self, offset: usize, len: usize, kind: Kind) -> PyResult<Bound<'py, PyAny>> {
        let py = self.object.py();
        let view = self.view()?;
        let count = len / kind.item;
        let rows = count / kind.width;
        let Some(np) = numpy(py) else {
            let slice = view.get_item(PySlice::new(
                py,
                offset as isize,
                (offset + len) as isize,
                1,
            ))?;
            if kind.width > 1 && rows > 0 {
                return slice.call_method1("cast", (kind.format, (rows, kind.width)));
            }
            return slice.call_method1("cast", (kind.format,));
        };
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", kind.dtype)?;
        kwargs.set_item("count", count)?;
        kwargs.set_item("offset", offset)?;
        let mut array = if count == 0 {
            // NumPy refuses an offset at the very end of the buffer, even for nothing.
            let empty = PyBytes::new(py, b"");
            np.frombuffer.bind(py).call((empty, kind.dtype), None)?
        } else {
            np.frombuffer.bind(py).call((view,), Some(&kwargs))?
        };
        if kind.width > 1 {
            array = array.call_method1("reshape", (rows, kind.width))?;
        }
        // A view of misaligned data works, but slowly and not with every library: copy.
        if !array
            .getattr("flags")?
            .getattr("aligned")?
            .extract::<bool>()?
        {
            array = array.call_method0("copy")?;
            let flags = PyDict::new(py);
            flags.set_item("write", false)?;
            array.call_method("setflags", (), Some(&flags))?;
        }
        if kind.color {
            array = array.call_method1("view", (np.color.bind(py),))?;
        }
        Ok(array)
    }
}

/// The element type of a packed array, for NumPy and for memoryview.
#[derive(Clone, Copy)]
struct Kind {
    dtype: &'static str,
    format: &'static str,
    /// Bytes per component.
    item: usize,
    /// Components per element.
    width: usize,
    color: bool,
}

impl Kind {
    fn new(dtype: &'static str, format: &'static str, width: usize) -> Self {
        let item = if dtype.ends_with('8') { 8 } else { 4 };
        Kind {
            dtype,
            format,
            item,
            width,
            color: false,
        }
    }

    fn real(double: bool, width: usize) -> Self {
        if double {
            Kind::new("<f8", "d", width)
        } else {
            Kind::new("<f4", "f", width)
        }
    }
}
