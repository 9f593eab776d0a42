//! Packed arrays written straight from slices: one `memcpy` of the elements on
//! little-endian targets.

use zerocopy::IntoBytes;

use super::sink::Sink;
use super::{count_word, put_padding, BuildError, Builder};
use crate::read::packed::PackedElement;
use crate::wire::header::FLAG_64;
use crate::wire::types::{Element, Layout, VariantType};

impl<S: Sink> Builder<'_, S> {
    /// A packed array's header and element count. `double` (64-bit vectors) needs Godot 4;
    /// that is checked first, then the count, so on error nothing is written.
    pub(super) fn packed_header(
        &mut self,
        ty: VariantType,
        double: bool,
        count: usize,
    ) -> Result<(), BuildError> {
        if double {
            self.require(
                self.dialect.double_math(),
                "a double-precision packed vector array",
            )?;
        }
        let count = count_word(count)?;
        self.header(ty, if double { FLAG_64 } else { 0 })?;
        self.out.extend_from_slice(&count.to_le_bytes());
        Ok(())
    }

    /// Header, count and the raw little-endian bytes of `elements`.
    fn packed_slice<T: PackedElement + IntoBytes + zerocopy::Immutable>(
        mut self,
        ty: VariantType,
        double: bool,
        elements: &[T],
    ) -> Result<(), BuildError>
    where
        T::Le: IntoBytes + zerocopy::Immutable,
    {
        self.packed_header(ty, double, elements.len())?;
        if cfg!(target_endian = "little") {
            self.out.extend_from_slice(elements.as_bytes());
        } else {
            for &element in elements {
                self.out.extend_from_slice(T::to_le(element).as_bytes());
            }
        }
        Ok(())
    }

    /// A packed numeric or vector array from its elements' little-endian bytes, as a NumPy
    /// array, a GPU buffer or another encoder already holds them: header, count, then
    /// `bytes` in one copy, whatever their alignment. `double` picks the 64-bit form of the
    /// vector arrays (Godot 4 only, as in [`Builder::packed_vector3_f64`]); it must be
    /// `false` for the other types, whose element size is fixed. A `PackedByteArray` gets
    /// its padding.
    ///
    /// Checked before anything is written: `ty` is a packed array of fixed-size elements
    /// (not `PackedStringArray`), the dialect has it (and its double form), and
    /// `bytes.len()` is a whole number of elements (otherwise
    /// [`BuildError::WrongElementType`]). Cost: O(`bytes.len()`), one copy.
    ///
    /// ```
    /// use gdvariant::{Builder, Dialect, VariantRef, VariantType};
    ///
    /// let raw: Vec<u8> = [1.0f32, 2.0, 3.0].iter().flat_map(|c| c.to_le_bytes()).collect();
    /// let mut out = Vec::new();
    /// Builder::new(&mut out, Dialect::Godot4).packed_le_bytes(VariantType::PackedVector3Array, false, &raw)?;
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "PackedVector3Array(1, 2, 3)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn packed_le_bytes(
        mut self,
        ty: VariantType,
        double: bool,
        bytes: &[u8],
    ) -> Result<(), BuildError> {
        let wrong = BuildError::WrongElementType {
            ty,
            element: "bytes that are not a whole number of its elements",
        };
        let Layout::Packed(element) = ty.layout() else {
            return Err(wrong);
        };
        if double && !matches!(element, Element::Real(_)) {
            return Err(wrong);
        }
        let size = element.size(double).ok_or(wrong)?;
        if bytes.len() % size != 0 {
            return Err(wrong);
        }
        if ty == VariantType::PackedByteArray {
            return self.packed_bytes(bytes);
        }
        self.packed_header(ty, double, bytes.len() / size)?;
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    /// A `PackedByteArray` / `PoolByteArray` (zero padding to 4 bytes).
    pub fn packed_bytes(mut self, bytes: &[u8]) -> Result<(), BuildError> {
        self.header_string(VariantType::PackedByteArray, bytes)
    }

    /// A `PackedInt32Array` / `PoolIntArray`.
    pub fn packed_i32(self, values: &[i32]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedInt32Array, false, values)
    }

    /// A `PackedInt64Array` (Godot 4).
    pub fn packed_i64(self, values: &[i64]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedInt64Array, false, values)
    }

    /// A `PackedFloat32Array` / `PoolRealArray`.
    pub fn packed_f32(self, values: &[f32]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedFloat32Array, false, values)
    }

    /// A `PackedFloat64Array` (Godot 4).
    pub fn packed_f64(self, values: &[f64]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedFloat64Array, false, values)
    }

    /// A `PackedVector2Array` / `PoolVector2Array`.
    pub fn packed_vector2(self, values: &[[f32; 2]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector2Array, false, values)
    }

    /// A `PackedVector3Array` / `PoolVector3Array`.
    pub fn packed_vector3(self, values: &[[f32; 3]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector3Array, false, values)
    }

    /// A `PackedVector4Array` (Godot 4.3+).
    pub fn packed_vector4(self, values: &[[f32; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector4Array, false, values)
    }

    /// A `PackedColorArray` / `PoolColorArray` (r, g, b, a).
    pub fn packed_color(self, values: &[[f32; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedColorArray, false, values)
    }

    /// A Pandemonium `PoolVector2iArray`.
    pub fn packed_vector2i(self, values: &[[i32; 2]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector2iArray, false, values)
    }

    /// A Pandemonium `PoolVector3iArray`.
    pub fn packed_vector3i(self, values: &[[i32; 3]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector3iArray, false, values)
    }

    /// A Pandemonium `PoolVector4iArray` (eras B and C), x, y, z, w as given. (The engine's
    /// own encoder writes z in the w slot; [`Builder::value_of`] copies what was read.)
    pub fn packed_vector4i(self, values: &[[i32; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector4iArray, false, values)
    }

    /// A double-precision `PackedVector2Array` (Godot 4, 64-bit flag).
    pub fn packed_vector2_f64(self, values: &[[f64; 2]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector2Array, true, values)
    }

    /// A double-precision `PackedVector3Array` (Godot 4, 64-bit flag).
    pub fn packed_vector3_f64(self, values: &[[f64; 3]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector3Array, true, values)
    }

    /// A double-precision `PackedVector4Array` (Godot 4, 64-bit flag).
    pub fn packed_vector4_f64(self, values: &[[f64; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector4Array, true, values)
    }

    /// A `PackedStringArray` / `PoolStringArray`. Each item is written as the engine
    /// writes it: its length counts a NUL terminator, then zero padding.
    pub fn packed_strings<I, T>(mut self, items: I) -> Result<(), BuildError>
    where
        I: IntoIterator<Item = T>,
        I::IntoIter: Clone,
        T: AsRef<str>,
    {
        let items = items.into_iter();
        let mut count = 0usize;
        for item in items.clone() {
            count_word(item.as_ref().len().saturating_add(1))?;
            count += 1;
        }
        let count = count_word(count)?;
        self.header(VariantType::PackedStringArray, 0)?;
        self.out.extend_from_slice(&count.to_le_bytes());
        for item in items {
            let text = item.as_ref().as_bytes();
            let len = count_word(text.len() + 1)?;
            self.out.extend_from_slice(&len.to_le_bytes());
            self.out.extend_from_slice(text);
            self.out.push(0);
            put_padding(self.out, text.len() + 1);
        }
        Ok(())
    }

    /// Any fixed-size-element packed array of type `ty` from an iterator of native
    /// elements that knows its length (for example a `map` over a slice). `T` must be the
    /// element of `ty` ([`PackedElement`]): `f32` for PackedFloat32Array, `[f32; 3]` for
    /// PackedVector3Array, `[f64; 3]` for its double-precision form (Godot 4), `[f32; 4]`
    /// for PackedVector4Array or PackedColorArray, …; anything else is
    /// [`BuildError::WrongElementType`] and nothing is written.
    ///
    /// ```
    /// use gdvariant::{BuildError, Builder, Dialect, VariantRef, VariantType};
    ///
    /// let mut out = Vec::new();
    /// let heights = [1.5f32, 2.0, 2.5];
    /// Builder::new(&mut out, Dialect::Godot4)
    ///     .packed_from_iter(VariantType::PackedFloat32Array, heights.iter().map(|h| h * 2.0))?;
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "PackedFloat32Array(3, 4, 5)");
    ///
    /// let wrong = Builder::new(&mut out, Dialect::Godot4)
    ///     .packed_from_iter(VariantType::PackedInt32Array, [1.0f64, 2.0]);
    /// assert!(matches!(wrong, Err(BuildError::WrongElementType { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn packed_from_iter<T, I>(mut self, ty: VariantType, items: I) -> Result<(), BuildError>
    where
        T: PackedElement,
        T::Le: IntoBytes + zerocopy::Immutable,
        I: IntoIterator<Item = T>,
        I::IntoIter: ExactSizeIterator,
    {
        let double = match ty.layout() {
            Layout::Packed(element) => T::fits(element),
            _ => None,
        }
        .ok_or(BuildError::WrongElementType {
            ty,
            element: core::any::type_name::<T>(),
        })?;
        let items = items.into_iter();
        self.packed_header(ty, double, items.len())?;
        self.out
            .reserve(items.len() * core::mem::size_of::<T::Le>());
        for item in items {
            self.out.extend_from_slice(T::to_le(item).as_bytes());
        }
        Ok(())
    }
}
