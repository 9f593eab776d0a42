//! Packed arrays in the caller's own types: native slices with the reason when the data
//! cannot be one ([`NativeError`]), and aligned owned copies at `memcpy` speed.

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use zerocopy::FromBytes;
#[cfg(feature = "alloc")]
use zerocopy::IntoBytes;

use crate::read::packed::{Packed, PackedArray, PackedElement};
use crate::wire::types::VariantType;

/// Why the elements of a packed array cannot be seen in place as a slice of the type asked
/// for. Each case has a way out: [`Packed::to_vec`] (or the `to_vec` of the glam, mint and
/// bytemuck views) copies into aligned memory, converting on a big-endian target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NativeError {
    /// The element type asked for is not the size of the array's elements (or the array
    /// holds strings, which have no fixed size).
    #[error("the array's elements are {element:?} bytes, the type asked for {requested}")]
    SizeMismatch {
        /// Bytes per element of the array (`None` for strings).
        element: Option<usize>,
        /// Bytes of the type asked for.
        requested: usize,
    },
    /// The element data does not start at a multiple of the type's alignment. Parse from
    /// a buffer aligned to 8 (for example a `Vec<u64>` seen as bytes) to have every
    /// element type aligned (element data starts 8 bytes after its header, and every
    /// value is a multiple of 4 bytes long).
    #[error("the element data is {misalignment} bytes past a multiple of {align}")]
    Misaligned {
        /// The type's alignment.
        align: usize,
        /// The data's address modulo `align`.
        misalignment: usize,
    },
    /// The target is big-endian: the wire's little-endian values cannot be read in place.
    #[error("the target is big-endian and the wire little-endian")]
    BigEndian,
    /// The array is not of the kind asked for (a color array asked for as vectors, f32
    /// vectors asked for as f64 ones, …).
    #[error("a {found:?} is not a {wanted}")]
    WrongType {
        /// The array's type.
        found: VariantType,
        /// What was asked for.
        wanted: &'static str,
    },
}

/// The address of `bytes` modulo `align` (0 when aligned).
pub(crate) fn misalignment(bytes: &[u8], align: usize) -> usize {
    (bytes.as_ptr() as usize) % align.max(1)
}

impl<'a, T: PackedElement> Packed<'a, T> {
    /// The elements as a native slice, without copying, or why they cannot be one
    /// ([`NativeError::Misaligned`], [`NativeError::BigEndian`]). O(1).
    ///
    /// ```
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// // PackedVector3Array([Vector3(1, 2, 3)]) in Godot 4, in 4-byte-aligned memory
    /// let words: Vec<u32> = vec![36, 1, 1f32.to_bits(), 2f32.to_bits(), 3f32.to_bits()];
    /// let bytes: &[u8] = bytemuck::cast_slice(&words);
    /// let v = VariantRef::parse(bytes, Dialect::Godot4)?;
    /// let vertices: &[[f32; 3]] = v.as_packed().unwrap().as_vector3().unwrap().try_native()?;
    /// assert_eq!(vertices, [[1.0, 2.0, 3.0]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn try_native(&self) -> Result<&'a [T], NativeError> {
        if cfg!(target_endian = "big") {
            return Err(NativeError::BigEndian);
        }
        <[T]>::ref_from_bytes(self.as_bytes()).map_err(|_| NativeError::Misaligned {
            align: core::mem::align_of::<T>(),
            misalignment: misalignment(self.as_bytes(), core::mem::align_of::<T>()),
        })
    }

    /// The elements, copied into a new `Vec<T>` (aligned, native): one `memcpy` of the
    /// payload on a little-endian target, element by element on a big-endian one. O(n).
    #[cfg(feature = "alloc")]
    pub fn to_vec(&self) -> Vec<T> {
        if cfg!(target_endian = "big") {
            return self.iter().collect();
        }
        let mut out: Vec<T> = Vec::new();
        out.resize(self.len(), T::new_zeroed());
        out.as_mut_bytes().copy_from_slice(self.as_bytes());
        out
    }
}

impl<'a> PackedArray<'a> {
    /// The element data for a view of `size`-byte elements: checked for the size and the
    /// target's byte order (the alignment is the caller's, for its type).
    #[cfg_attr(not(any(feature = "glam", feature = "bytemuck")), allow(dead_code))]
    pub(crate) fn native_bytes(&self, size: usize) -> Result<&'a [u8], NativeError> {
        let element = self.element_size();
        if element != Some(size) {
            return Err(NativeError::SizeMismatch {
                element,
                requested: size,
            });
        }
        if cfg!(target_endian = "big") {
            return Err(NativeError::BigEndian);
        }
        Ok(self.as_bytes())
    }
}
