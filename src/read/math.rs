//! Fixed-size math values: vectors, rects, transforms, Plane, Quaternion, AABB, Basis,
//! Projection, Color and the integer vector types.

use crate::wire::bytes::{le_u32, le_u64};
use crate::wire::narrow::f32_of;
use crate::wire::types::{Component, VariantType};

/// A fixed-size math value. Components are in wire order, which is Godot's constructor
/// order:
///
/// | type | components |
/// |---|---|
/// | Vector2/2i, Vector3/3i, Vector4/4i | x, y, (z, (w)) |
/// | Rect2/2i | position.x, position.y, size.x, size.y |
/// | Transform2D | x axis (x, y), y axis (x, y), origin (x, y) |
/// | Plane | normal.x, normal.y, normal.z, d |
/// | Quaternion | x, y, z, w |
/// | AABB | position xyz, size xyz |
/// | Basis | row 0 xyz, row 1 xyz, row 2 xyz |
/// | Transform3D | basis rows (9), origin xyz (3) |
/// | Projection | column 0 xyzw … column 3 xyzw |
/// | Color | r, g, b, a (always f32) |
///
/// Components are f32 on the wire, or f64 when a Godot 4 header carries the 64-bit flag
/// (double-precision builds); `*i` types are i32.
#[derive(Clone, Copy, Debug)]
pub struct MathRef<'a> {
    ty: VariantType,
    len: u8,
    component: Component,
    double: bool,
    bytes: &'a [u8],
}

impl<'a> MathRef<'a> {
    pub(crate) fn new(
        ty: VariantType,
        len: u8,
        component: Component,
        double: bool,
        bytes: &'a [u8],
    ) -> Self {
        let double = double && component == Component::Real;
        MathRef {
            ty,
            len,
            component,
            double,
            bytes,
        }
    }

    /// Which math type.
    pub fn ty(&self) -> VariantType {
        self.ty
    }

    /// Number of components (2 for Vector2 … 16 for Projection).
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Always false: every math type has at least two components.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Are the components f64 on the wire?
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// Are the components i32 (Vector2i, Vector3i, Vector4i, Rect2i)?
    pub fn is_integer(&self) -> bool {
        self.component == Component::I32
    }

    /// The components as stored: `len()` little-endian f32, f64 or i32 values.
    #[cfg(feature = "alloc")]
    pub(crate) fn wire_bytes(&self) -> &'a [u8] {
        let width = if self.double { 8 } else { 4 };
        self.bytes.get(..self.len() * width).unwrap_or(self.bytes)
    }

    /// Component `i` as f64 (exact for f32 and i32 components), `None` past the end.
    pub fn get(&self, i: usize) -> Option<f64> {
        if i >= self.len() {
            return None;
        }
        Some(match (self.component, self.double) {
            (Component::I32, _) => f64::from(le_u32(self.bytes, i * 4) as i32),
            (_, true) => f64::from_bits(le_u64(self.bytes, i * 8)),
            (_, false) => f64::from(f32::from_bits(le_u32(self.bytes, i * 4))),
        })
    }

    /// Component `i` as stored when it is f32 on the wire (`None` for f64 or i32 data).
    pub fn get_f32(&self, i: usize) -> Option<f32> {
        (!self.double && self.component != Component::I32 && i < self.len())
            .then(|| f32::from_bits(le_u32(self.bytes, i * 4)))
    }

    /// Component `i` of an integer type.
    pub fn get_i32(&self, i: usize) -> Option<i32> {
        (self.component == Component::I32 && i < self.len())
            .then(|| le_u32(self.bytes, i * 4) as i32)
    }

    /// All components as f64, when there are exactly `N`.
    pub fn to_array<const N: usize>(&self) -> Option<[f64; N]> {
        (N == self.len()).then(|| core::array::from_fn(|i| self.get(i).unwrap_or(0.0)))
    }

    /// All components as f32 (f64 data is rounded), when there are exactly `N` and the
    /// type is not an integer type.
    pub fn to_array_f32<const N: usize>(&self) -> Option<[f32; N]> {
        (N == self.len() && !self.is_integer())
            .then(|| core::array::from_fn(|i| f32_of(self.get(i).unwrap_or(0.0))))
    }

    /// All components of an integer type, when there are exactly `N`.
    pub fn to_array_i32<const N: usize>(&self) -> Option<[i32; N]> {
        (N == self.len() && self.is_integer())
            .then(|| core::array::from_fn(|i| self.get_i32(i).unwrap_or(0)))
    }
}
