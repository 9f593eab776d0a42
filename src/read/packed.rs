//! Packed (Godot 3: pool) arrays, exposed without copying.
//!
//! Every packed array gives its raw payload ([`PackedArray::as_bytes`]). Fixed-size element
//! types also give a [`Packed`] view that works at any alignment (by-value access through
//! zerocopy's little-endian types) and, when the target is little-endian and the data is
//! aligned for the element, a native slice such as `&[f32]` or `&[[f32; 3]]`.
//!
//! Alignment: element data starts 8 bytes after its value's header, and every value's
//! length is a multiple of 4, so **when the buffer given to `parse` is 4-byte aligned,
//! [`Packed::as_native`] returns `Some` for every 4-byte element type** (i32, f32,
//! `[f32; 2]`, `[f32; 3]`, `[f32; 4]`) on little-endian targets. 8-byte elements
//! (i64, f64, `[f64; N]`) additionally need the data itself to be 8-aligned.

use core::iter::FusedIterator;
use core::marker::PhantomData;

use zerocopy::little_endian::{F32, F64, I32, I64};
use zerocopy::{FromBytes, Immutable, IntoBytes, KnownLayout, Unaligned};

use crate::read::math::MathRef;
use crate::read::strings::PackedStrings;
use crate::wire::bytes::le_u32;
use crate::wire::types::{Component, Element, VariantType};

mod sealed {
    use crate::wire::types::Element;

    #[allow(private_interfaces)]
    pub trait Sealed {
        /// Whether this type is the element of a packed array of `element`, and if so,
        /// whether the array's header carries the 64-bit flag (f64 vector components).
        fn fits(element: Element) -> Option<bool>;
    }
}

/// An element type a [`Packed`] view can hold: `i32`, `i64`, `f32`, `f64`, and
/// `[f32; N]` / `[f64; N]` / `[i32; N]` (Pandemonium's integer vector pools) for N = 2, 3, 4. Sealed: each knows which packed arrays it is
/// the element of (`[f32; 4]`: PackedVector4Array and PackedColorArray; `[f64; N]`: the
/// double-precision vector arrays).
pub trait PackedElement:
    Copy + FromBytes + IntoBytes + Immutable + KnownLayout + sealed::Sealed + 'static
{
    /// The alignment-1 little-endian form on the wire.
    type Le: Copy + FromBytes + IntoBytes + Immutable + KnownLayout + Unaligned + 'static;
    /// Converts one wire element to a native value.
    fn from_le(le: Self::Le) -> Self;
    /// Converts a native value to its wire form.
    fn to_le(self) -> Self::Le;
}

macro_rules! scalar_element {
    ($($native:ty => $le:ty, $element:ident),*) => {$(
        // `fits` names a crate-private type, but `Sealed` cannot be named outside the crate.
        #[allow(private_interfaces)]
        impl sealed::Sealed for $native {
            fn fits(element: Element) -> Option<bool> {
                (element == Element::$element).then_some(false)
            }
        }
        impl PackedElement for $native {
            type Le = $le;
            #[inline]
            fn from_le(le: $le) -> $native { le.get() }
            #[inline]
            fn to_le(self) -> $le { <$le>::new(self) }
        }
    )*};
}
scalar_element!(i32 => I32, I32, i64 => I64, I64, f32 => F32, F32, f64 => F64, F64);

macro_rules! vector_element {
    ($($n:literal),*) => {$(
        #[allow(private_interfaces)]
        impl sealed::Sealed for [f32; $n] {
            fn fits(element: Element) -> Option<bool> {
                // Colors are 4 × f32 too.
                (element == Element::Real($n) || ($n == 4 && element == Element::Color))
                    .then_some(false)
            }
        }
        impl PackedElement for [f32; $n] {
            type Le = [F32; $n];
            #[inline]
            fn from_le(le: [F32; $n]) -> [f32; $n] { le.map(|c| c.get()) }
            #[inline]
            fn to_le(self) -> [F32; $n] { self.map(F32::new) }
        }
        #[allow(private_interfaces)]
        impl sealed::Sealed for [f64; $n] {
            fn fits(element: Element) -> Option<bool> {
                (element == Element::Real($n)).then_some(true)
            }
        }
        impl PackedElement for [f64; $n] {
            type Le = [F64; $n];
            #[inline]
            fn from_le(le: [F64; $n]) -> [f64; $n] { le.map(|c| c.get()) }
            #[inline]
            fn to_le(self) -> [F64; $n] { self.map(F64::new) }
        }
    )*};
}
vector_element!(2, 3, 4);

macro_rules! int_vector_element {
    ($($n:literal),*) => {$(
        #[allow(private_interfaces)]
        impl sealed::Sealed for [i32; $n] {
            fn fits(element: Element) -> Option<bool> {
                (element == Element::I32s($n)).then_some(false)
            }
        }
        impl PackedElement for [i32; $n] {
            type Le = [I32; $n];
            #[inline]
            fn from_le(le: [I32; $n]) -> [i32; $n] { le.map(|c| c.get()) }
            #[inline]
            fn to_le(self) -> [I32; $n] { self.map(I32::new) }
        }
    )*};
}
int_vector_element!(2, 3, 4);

/// Any packed array. Use the `as_*` methods to get a typed view.
#[derive(Clone, Copy, Debug)]
pub struct PackedArray<'a> {
    ty: VariantType,
    element: Element,
    double: bool,
    len: u32,
    data: &'a [u8],
    data_offset: usize,
}

impl<'a> PackedArray<'a> {
    pub(crate) fn new(
        ty: VariantType,
        element: Element,
        double: bool,
        payload: &'a [u8],
        payload_offset: usize,
    ) -> Self {
        let word = le_u32(payload, 0);
        // A negative PackedStringArray count is read by the engine as empty.
        let len = if word > i32::MAX as u32 { 0 } else { word };
        let data = payload.get(4..).unwrap_or(&[]);
        let data = match element.size(double) {
            Some(size) => data.get(..len as usize * size).unwrap_or(data),
            None => data,
        };
        PackedArray {
            ty,
            element,
            double,
            len,
            data,
            data_offset: payload_offset.saturating_add(4),
        }
    }

    /// Which packed array type.
    pub fn ty(&self) -> VariantType {
        self.ty
    }

    /// Number of elements. O(1).
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Are vector components f64 (Godot 4 64-bit flag on PackedVector2/3/4Array)?
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// The element data as stored (little-endian), without the count and without byte-array
    /// padding; for a string array, the string fields back to back. O(1).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.data
    }

    /// Bytes per element (`None` for strings). O(1).
    #[cfg_attr(
        not(any(feature = "glam", feature = "bytemuck", feature = "alloc")),
        allow(dead_code)
    )]
    pub(crate) fn element_size(&self) -> Option<usize> {
        self.element.size(self.double)
    }

    /// Absolute offset of the first element byte in the parsed buffer.
    pub fn data_offset(&self) -> usize {
        self.data_offset
    }

    /// A `PackedByteArray` / `PoolByteArray`'s bytes. O(1).
    pub fn as_u8(&self) -> Option<&'a [u8]> {
        (self.element == Element::U8).then_some(self.data)
    }

    fn view<T: PackedElement>(&self, element: Element, double: bool) -> Option<Packed<'a, T>> {
        (self.element == element && self.double == double).then(|| Packed::new(self.data))
    }

    /// A `PackedInt32Array` / `PoolIntArray`.
    pub fn as_i32(&self) -> Option<Packed<'a, i32>> {
        self.view(Element::I32, false)
    }

    /// A `PackedInt64Array`.
    pub fn as_i64(&self) -> Option<Packed<'a, i64>> {
        self.view(Element::I64, false)
    }

    /// A `PackedFloat32Array` / `PoolRealArray`.
    pub fn as_f32(&self) -> Option<Packed<'a, f32>> {
        self.view(Element::F32, false)
    }

    /// A `PackedFloat64Array`.
    pub fn as_f64(&self) -> Option<Packed<'a, f64>> {
        self.view(Element::F64, false)
    }

    /// A single-precision `PackedVector2Array` / `PoolVector2Array`.
    pub fn as_vector2(&self) -> Option<Packed<'a, [f32; 2]>> {
        self.view(Element::Real(2), false)
    }

    /// A double-precision (64-bit flag) `PackedVector2Array`.
    pub fn as_vector2_f64(&self) -> Option<Packed<'a, [f64; 2]>> {
        self.view(Element::Real(2), true)
    }

    /// A single-precision `PackedVector3Array` / `PoolVector3Array`.
    pub fn as_vector3(&self) -> Option<Packed<'a, [f32; 3]>> {
        self.view(Element::Real(3), false)
    }

    /// A double-precision (64-bit flag) `PackedVector3Array`.
    pub fn as_vector3_f64(&self) -> Option<Packed<'a, [f64; 3]>> {
        self.view(Element::Real(3), true)
    }

    /// A single-precision `PackedVector4Array`.
    pub fn as_vector4(&self) -> Option<Packed<'a, [f32; 4]>> {
        self.view(Element::Real(4), false)
    }

    /// A double-precision (64-bit flag) `PackedVector4Array`.
    pub fn as_vector4_f64(&self) -> Option<Packed<'a, [f64; 4]>> {
        self.view(Element::Real(4), true)
    }

    /// A Pandemonium `PoolVector2iArray`.
    pub fn as_vector2i(&self) -> Option<Packed<'a, [i32; 2]>> {
        self.view(Element::I32s(2), false)
    }

    /// A Pandemonium `PoolVector3iArray`.
    pub fn as_vector3i(&self) -> Option<Packed<'a, [i32; 3]>> {
        self.view(Element::I32s(3), false)
    }

    /// A Pandemonium `PoolVector4iArray` (eras B and C), x, y, z, w as written (the
    /// engine's encoder writes z in the w slot, its decoder reads w from the z slot).
    pub fn as_vector4i(&self) -> Option<Packed<'a, [i32; 4]>> {
        self.view(Element::I32s(4), false)
    }

    /// A `PackedColorArray` / `PoolColorArray` (r, g, b, a).
    pub fn as_color(&self) -> Option<Packed<'a, [f32; 4]>> {
        self.view(Element::Color, false)
            .or_else(|| self.view(Element::Color, true))
    }

    /// Floating-point components per element: 1 for `PackedFloat32Array` /
    /// `PackedFloat64Array`, 2, 3 or 4 for the vector arrays, 4 for colors; `None` for byte,
    /// integer and string arrays. O(1).
    pub fn components_per_element(&self) -> Option<usize> {
        match self.element {
            Element::F32 | Element::F64 => Some(1),
            Element::Real(n) => Some(usize::from(n)),
            Element::Color => Some(4),
            Element::U8 | Element::I32 | Element::I64 | Element::Str | Element::I32s(_) => None,
        }
    }

    /// Every floating-point component of a float-based array, element after element, each
    /// widened to `f64` (exactly: an f32 component converts without rounding). One
    /// iterator for every float type and width, for code that treats them alike (printing,
    /// statistics); use the typed views for speed. `None` where
    /// [`PackedArray::components_per_element`] is `None`. O(1) to create.
    pub fn float_components(&self) -> Option<FloatComponents<'a>> {
        self.components_per_element()?;
        let double = match self.element {
            Element::F64 => true,
            Element::Real(_) => self.double,
            _ => false,
        };
        Some(FloatComponents::new(self.data, double))
    }

    /// Element `index` of a vector or color array as a math value of type `ty` (Vector2,
    /// Vector3, Vector4 or Color), borrowing its bytes. O(1).
    pub(crate) fn element_math(&self, index: usize, ty: VariantType) -> Option<MathRef<'a>> {
        let (n, component) = match self.element {
            Element::Real(n) => (n, Component::Real),
            Element::Color => (4, Component::F32),
            Element::I32s(n) => (n, Component::I32),
            _ => return None,
        };
        let size = self.element.size(self.double)?;
        let start = index.checked_mul(size)?;
        let bytes = self.data.get(start..start.checked_add(size)?)?;
        Some(MathRef::new(ty, n, component, self.double, bytes))
    }

    /// A `PackedStringArray` / `PoolStringArray`. Items are variable-size, so there is no
    /// O(1) indexing.
    pub fn strings(&self) -> Option<PackedStrings<'a>> {
        (self.element == Element::Str).then_some(PackedStrings::new(self.data, self.len))
    }

    /// A `PackedVector2Array` of either precision.
    pub fn vectors2(&self) -> Option<PackedVectorsRef<'a, 2>> {
        PackedVectorsRef::of(self, Element::Real(2))
    }

    /// A `PackedVector3Array` of either precision.
    pub fn vectors3(&self) -> Option<PackedVectorsRef<'a, 3>> {
        PackedVectorsRef::of(self, Element::Real(3))
    }

    /// A `PackedVector4Array` of either precision.
    pub fn vectors4(&self) -> Option<PackedVectorsRef<'a, 4>> {
        PackedVectorsRef::of(self, Element::Real(4))
    }
}

/// A typed view of a packed array's elements. `Copy`; works at any alignment.
#[derive(Debug)]
pub struct Packed<'a, T: PackedElement> {
    bytes: &'a [u8],
    _element: PhantomData<T>,
}

impl<T: PackedElement> Clone for Packed<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: PackedElement> Copy for Packed<'_, T> {}

impl<'a, T: PackedElement> Packed<'a, T> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        Packed {
            bytes,
            _element: PhantomData,
        }
    }

    /// The elements' bytes as stored (little-endian). O(1).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// The elements as alignment-1 little-endian values (`&[F32]`, `&[[F32; 3]]`, …).
    /// Always available, on every target. O(1).
    pub fn as_le_slice(&self) -> &'a [T::Le] {
        <[T::Le]>::ref_from_bytes(self.bytes).unwrap_or(&[])
    }

    /// The elements as a native slice (`&[f32]`, `&[[f32; 3]]`, …), without copying.
    /// `Some` on little-endian targets when the data is aligned for `T`; `None` otherwise
    /// (then use [`Packed::as_le_slice`], [`Packed::get`] or [`Packed::iter`];
    /// [`Packed::try_native`] says why, [`Packed::to_vec`] copies). O(1).
    pub fn as_native(&self) -> Option<&'a [T]> {
        if cfg!(target_endian = "little") {
            <[T]>::ref_from_bytes(self.bytes).ok()
        } else {
            None
        }
    }

    /// Number of elements. O(1).
    pub fn len(&self) -> usize {
        self.as_le_slice().len()
    }

    /// Is it empty?
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Element `i` by value, or `None` past the end. O(1).
    pub fn get(&self, i: usize) -> Option<T> {
        self.as_le_slice().get(i).map(|&le| T::from_le(le))
    }

    /// The elements by value. Exact-size, double-ended, fused.
    pub fn iter(&self) -> PackedIter<'a, T> {
        PackedIter {
            inner: self.as_le_slice().iter(),
        }
    }
}

impl<'a, T: PackedElement> IntoIterator for Packed<'a, T> {
    type Item = T;
    type IntoIter = PackedIter<'a, T>;
    fn into_iter(self) -> PackedIter<'a, T> {
        self.iter()
    }
}

/// Iterator over a [`Packed`] view's elements, by value.
#[derive(Clone, Debug)]
pub struct PackedIter<'a, T: PackedElement> {
    inner: core::slice::Iter<'a, T::Le>,
}

impl<T: PackedElement> Iterator for PackedIter<'_, T> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        self.inner.next().map(|&le| T::from_le(le))
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl<T: PackedElement> DoubleEndedIterator for PackedIter<'_, T> {
    fn next_back(&mut self) -> Option<T> {
        self.inner.next_back().map(|&le| T::from_le(le))
    }
}

impl<T: PackedElement> ExactSizeIterator for PackedIter<'_, T> {}
impl<T: PackedElement> FusedIterator for PackedIter<'_, T> {}

/// Iterator over a float-based packed array's components as `f64`, from
/// [`PackedArray::float_components`].
#[derive(Clone, Debug)]
pub struct FloatComponents<'a> {
    data: &'a [u8],
    /// Components are f64 on the wire (otherwise f32).
    double: bool,
}

impl<'a> FloatComponents<'a> {
    /// The components stored in `data`: f64 when `double`, else f32.
    pub(crate) fn new(data: &'a [u8], double: bool) -> Self {
        FloatComponents { data, double }
    }

    /// Are the components stored as f64 (`PackedFloat64Array`, 64-bit vector arrays)
    /// rather than f32? Printers use it to pick f32 or f64 shortest digits.
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// The bytes of the components not yet read.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // for the writers
    pub(crate) fn data(&self) -> &'a [u8] {
        self.data
    }

    fn width(&self) -> usize {
        if self.double {
            8
        } else {
            4
        }
    }
}

impl Iterator for FloatComponents<'_> {
    type Item = f64;
    #[inline]
    fn next(&mut self) -> Option<f64> {
        if self.double {
            let (first, rest) = self.data.split_first_chunk::<8>()?;
            self.data = rest;
            Some(f64::from_le_bytes(*first))
        } else {
            let (first, rest) = self.data.split_first_chunk::<4>()?;
            self.data = rest;
            Some(f64::from(f32::from_le_bytes(*first)))
        }
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.data.len() / self.width();
        (n, Some(n))
    }
}

impl ExactSizeIterator for FloatComponents<'_> {}
impl FusedIterator for FloatComponents<'_> {}

/// A packed vector array's elements as stored: f32 components (every standard build) or
/// f64 (Godot 4 double-precision builds, the header's 64-bit flag). `Copy`.
#[derive(Debug)]
pub enum PackedVectorsRef<'a, const N: usize>
where
    [f32; N]: PackedElement,
    [f64; N]: PackedElement,
{
    /// Single precision.
    F32(Packed<'a, [f32; N]>),
    /// Double precision.
    F64(Packed<'a, [f64; N]>),
}

impl<const N: usize> Clone for PackedVectorsRef<'_, N>
where
    [f32; N]: PackedElement,
    [f64; N]: PackedElement,
{
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize> Copy for PackedVectorsRef<'_, N>
where
    [f32; N]: PackedElement,
    [f64; N]: PackedElement,
{
}

impl<'a, const N: usize> PackedVectorsRef<'a, N>
where
    [f32; N]: PackedElement,
    [f64; N]: PackedElement,
{
    fn of(p: &PackedArray<'a>, element: Element) -> Option<Self> {
        if p.element != element {
            return None;
        }
        Some(if p.double {
            PackedVectorsRef::F64(Packed::new(p.data))
        } else {
            PackedVectorsRef::F32(Packed::new(p.data))
        })
    }

    /// Number of vectors. O(1).
    pub fn len(&self) -> usize {
        match self {
            PackedVectorsRef::F32(v) => v.len(),
            PackedVectorsRef::F64(v) => v.len(),
        }
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Are the components f64 on the wire?
    pub fn is_double(&self) -> bool {
        matches!(self, PackedVectorsRef::F64(_))
    }

    /// Vector `i` with its components widened to f64 (exactly), `None` past the end. O(1).
    pub fn get(&self, i: usize) -> Option<[f64; N]> {
        match self {
            PackedVectorsRef::F32(v) => v.get(i).map(|c| c.map(f64::from)),
            PackedVectorsRef::F64(v) => v.get(i),
        }
    }

    /// The elements' bytes as stored (little-endian). O(1).
    pub fn as_bytes(&self) -> &'a [u8] {
        match self {
            PackedVectorsRef::F32(v) => v.as_bytes(),
            PackedVectorsRef::F64(v) => v.as_bytes(),
        }
    }

    /// Every component, vector after vector, widened exactly to f64. O(1) to create.
    pub fn components(&self) -> FloatComponents<'a> {
        FloatComponents::new(self.as_bytes(), self.is_double())
    }
}

impl<'a> Packed<'a, f32> {
    /// The elements widened exactly to f64, as a [`FloatComponents`] iterator (the form
    /// every float-based array shares). O(1) to create.
    pub fn components(&self) -> FloatComponents<'a> {
        FloatComponents::new(self.bytes, false)
    }
}

impl<'a> Packed<'a, f64> {
    /// The elements, as a [`FloatComponents`] iterator (the form every float-based array
    /// shares). O(1) to create.
    pub fn components(&self) -> FloatComponents<'a> {
        FloatComponents::new(self.bytes, true)
    }
}

impl<'a> Packed<'a, [f32; 4]> {
    /// Every component (r, g, b, a of a color array; x, y, z, w of a vector array), widened
    /// exactly to f64, as a [`FloatComponents`] iterator. O(1) to create.
    pub fn components(&self) -> FloatComponents<'a> {
        FloatComponents::new(self.bytes, false)
    }
}
