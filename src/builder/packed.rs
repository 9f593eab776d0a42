//! Packed arrays written straight from slices: one `memcpy` of the elements on
//! little-endian targets.

use zerocopy::IntoBytes;

use super::{count_word, put_string, BuildError, Builder};
use crate::dialect::FLAG_64;
use crate::packed::PackedElement;
use crate::VariantType;

impl Builder<'_> {
    /// Header, count and the raw little-endian bytes of `elements`.
    fn packed_slice<T: PackedElement + IntoBytes + zerocopy::Immutable>(
        mut self,
        ty: VariantType,
        flags: u32,
        elements: &[T],
    ) -> Result<(), BuildError>
    where
        T::Le: IntoBytes + zerocopy::Immutable,
    {
        let count = count_word(elements.len())?;
        self.header(ty, flags)?;
        self.out.extend_from_slice(&count.to_le_bytes());
        if cfg!(target_endian = "little") {
            self.out.extend_from_slice(elements.as_bytes());
        } else {
            for &element in elements {
                self.out.extend_from_slice(T::to_le(element).as_bytes());
            }
        }
        Ok(())
    }

    /// A `PackedByteArray` / `PoolByteArray` (zero padding to 4 bytes).
    pub fn packed_bytes(mut self, bytes: &[u8]) -> Result<(), BuildError> {
        count_word(bytes.len())?;
        self.header(VariantType::PackedByteArray, 0)?;
        put_string(self.out, bytes)
    }

    /// A `PackedInt32Array` / `PoolIntArray`.
    pub fn packed_i32(self, values: &[i32]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedInt32Array, 0, values)
    }

    /// A `PackedInt64Array` (Godot 4).
    pub fn packed_i64(self, values: &[i64]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedInt64Array, 0, values)
    }

    /// A `PackedFloat32Array` / `PoolRealArray`.
    pub fn packed_f32(self, values: &[f32]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedFloat32Array, 0, values)
    }

    /// A `PackedFloat64Array` (Godot 4).
    pub fn packed_f64(self, values: &[f64]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedFloat64Array, 0, values)
    }

    /// A `PackedVector2Array` / `PoolVector2Array`.
    pub fn packed_vector2(self, values: &[[f32; 2]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector2Array, 0, values)
    }

    /// A `PackedVector3Array` / `PoolVector3Array`.
    pub fn packed_vector3(self, values: &[[f32; 3]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector3Array, 0, values)
    }

    /// A `PackedVector4Array` (Godot 4.3+).
    pub fn packed_vector4(self, values: &[[f32; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedVector4Array, 0, values)
    }

    /// A `PackedColorArray` / `PoolColorArray` (r, g, b, a).
    pub fn packed_color(self, values: &[[f32; 4]]) -> Result<(), BuildError> {
        self.packed_slice(VariantType::PackedColorArray, 0, values)
    }

    /// A double-precision `PackedVector2Array` (Godot 4, 64-bit flag).
    pub fn packed_vector2_f64(self, values: &[[f64; 2]]) -> Result<(), BuildError> {
        self.require_godot4("a double-precision packed vector array")?;
        self.packed_slice(VariantType::PackedVector2Array, FLAG_64, values)
    }

    /// A double-precision `PackedVector3Array` (Godot 4, 64-bit flag).
    pub fn packed_vector3_f64(self, values: &[[f64; 3]]) -> Result<(), BuildError> {
        self.require_godot4("a double-precision packed vector array")?;
        self.packed_slice(VariantType::PackedVector3Array, FLAG_64, values)
    }

    /// A double-precision `PackedVector4Array` (Godot 4, 64-bit flag).
    pub fn packed_vector4_f64(self, values: &[[f64; 4]]) -> Result<(), BuildError> {
        self.require_godot4("a double-precision packed vector array")?;
        self.packed_slice(VariantType::PackedVector4Array, FLAG_64, values)
    }

    /// A `PackedStringArray` / `PoolStringArray`. Each item is written as the engine
    /// writes it: its length counts a NUL terminator, then zero padding.
    pub fn packed_strings<I, S>(mut self, items: I) -> Result<(), BuildError>
    where
        I: IntoIterator<Item = S>,
        I::IntoIter: Clone,
        S: AsRef<str>,
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
            self.out
                .resize(self.out.len() + crate::cursor::pad4(text.len() + 1), 0);
        }
        Ok(())
    }

    /// Any fixed-size-element packed array from an iterator of native elements that knows
    /// its length (for example a `map` over a slice). `ty` must match `T`.
    pub fn packed_from_iter<T, I>(
        mut self,
        ty: VariantType,
        double: bool,
        items: I,
    ) -> Result<(), BuildError>
    where
        T: PackedElement,
        T::Le: IntoBytes + zerocopy::Immutable,
        I: IntoIterator<Item = T>,
        I::IntoIter: ExactSizeIterator,
    {
        let items = items.into_iter();
        let count = count_word(items.len())?;
        if double {
            self.require_godot4("a double-precision packed vector array")?;
        }
        self.header(ty, if double { FLAG_64 } else { 0 })?;
        self.out.extend_from_slice(&count.to_le_bytes());
        self.out
            .reserve(items.len() * core::mem::size_of::<T::Le>());
        for item in items {
            self.out.extend_from_slice(T::to_le(item).as_bytes());
        }
        Ok(())
    }
}
