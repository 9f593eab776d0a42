//! Packed arrays as slices of the caller's own `bytemuck::Pod` types (feature
//! `bytemuck`): a vertex struct of three f32s is a PackedVector3Array element.

use alloc::vec::Vec;

use bytemuck::{Pod, PodCastError};

use crate::read::native::{misalignment, NativeError};
use crate::read::packed::PackedArray;
use crate::wire::types::VariantType;
use crate::write::sink::Sink;
use crate::write::{BuildError, Builder};

impl<'a> PackedArray<'a> {
    /// The elements as `&[T]`, in place, for any `T: bytemuck::Pod` of the element's size
    /// (`#[repr(C)] struct Vertex { pos: [f32; 3] }` for a PackedVector3Array, `u32` for a
    /// PackedInt32Array, …); [`NativeError`] says why not (size, alignment, a big-endian
    /// target). Nothing checks what the bytes mean: `T` reads them as it is laid out. O(1).
    ///
    /// ```
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// #[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable, Debug, PartialEq)]
    /// #[repr(C)]
    /// struct Vertex {
    ///     pos: [f32; 3],
    /// }
    ///
    /// // PackedVector3Array([Vector3(1, 2, 3)]) in Godot 4, in 4-byte-aligned memory
    /// let words: Vec<u32> = vec![36, 1, 1f32.to_bits(), 2f32.to_bits(), 3f32.to_bits()];
    /// let v = VariantRef::parse(bytemuck::cast_slice(&words), Dialect::Godot4)?;
    /// let vertices: &[Vertex] = v.as_packed().unwrap().cast()?;
    /// assert_eq!(vertices, [Vertex { pos: [1.0, 2.0, 3.0] }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cast<T: Pod>(&self) -> Result<&'a [T], NativeError> {
        let bytes = self.native_bytes(core::mem::size_of::<T>())?;
        bytemuck::try_cast_slice(bytes).map_err(|e| match e {
            PodCastError::TargetAlignmentGreaterAndInputNotAligned => NativeError::Misaligned {
                align: core::mem::align_of::<T>(),
                misalignment: misalignment(bytes, core::mem::align_of::<T>()),
            },
            _ => NativeError::SizeMismatch {
                element: self.element_size(),
                requested: core::mem::size_of::<T>(),
            },
        })
    }

    /// [`PackedArray::cast`] into a new, aligned `Vec<T>`: works at any alignment, at the
    /// speed of one `memcpy` of the payload. Still `Err` for a size mismatch or a
    /// big-endian target. O(n).
    pub fn cast_vec<T: Pod>(&self) -> Result<Vec<T>, NativeError> {
        let size = core::mem::size_of::<T>();
        let bytes = self.native_bytes(size)?;
        let mut out = alloc::vec![T::zeroed(); bytes.len() / size.max(1)];
        bytemuck::cast_slice_mut::<T, u8>(&mut out).copy_from_slice(bytes);
        Ok(out)
    }
}

impl<S: Sink> Builder<'_, S> {
    /// Writes `items`, any `T: bytemuck::Pod` laid out as the elements of packed array
    /// type `ty` (three f32s for a PackedVector3Array, …), as that packed array. The
    /// values are written little-endian on every target. `Err`
    /// ([`BuildError::WrongElementType`]) if `T` is not the element's size or `ty` holds
    /// strings.
    pub fn packed_pod<T: Pod>(self, ty: VariantType, items: &[T]) -> Result<(), BuildError> {
        let wrong = || BuildError::WrongElementType {
            ty,
            element: core::any::type_name::<T>(),
        };
        macro_rules! as_elements {
            ($e:ty, $write:ident) => {
                self.$write(bytemuck::try_cast_slice::<T, $e>(items).map_err(|_| wrong())?)
            };
        }
        use VariantType as V;
        match ty {
            V::PackedByteArray => {
                self.packed_bytes(bytemuck::try_cast_slice(items).map_err(|_| wrong())?)
            }
            V::PackedInt32Array => as_elements!(i32, packed_i32),
            V::PackedInt64Array => as_elements!(i64, packed_i64),
            V::PackedFloat32Array => as_elements!(f32, packed_f32),
            V::PackedFloat64Array => as_elements!(f64, packed_f64),
            V::PackedVector2Array => as_elements!([f32; 2], packed_vector2),
            V::PackedVector3Array => as_elements!([f32; 3], packed_vector3),
            V::PackedVector4Array => as_elements!([f32; 4], packed_vector4),
            V::PackedColorArray => as_elements!([f32; 4], packed_color),
            _ => Err(wrong()),
        }
    }
}
