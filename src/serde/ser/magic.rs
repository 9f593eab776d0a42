//! Writes the Godot-only types that arrive as reserved newtype structs (`godot.rs`): their
//! payload is captured (numbers, strings, bytes) and written through the
//! [`Builder`](crate::Builder); objects and typed containers stream (`framed.rs`).

use ::serde::ser::Serialize;
use alloc::vec::Vec;

use super::capture::{capture, Capture};
use super::core::{shape, Result, Ser};
use super::framed::Framed;
use crate::serde::godot::Magic;
use crate::wire::narrow::{f32_of, wrap_i32, wrap_u8};
use crate::wire::types::{Component, Element, Layout, VariantType};

/// Writes the payload of a reserved newtype struct.
pub(crate) fn write<T: Serialize + ?Sized>(mut ser: Ser<'_>, m: Magic, payload: &T) -> Result<()> {
    match m {
        Magic::Math(ty) => {
            let mut cap = Capture::default();
            payload.serialize(&mut cap)?;
            math(ser, ty, &cap)
        }
        Magic::Packed(ty) => {
            let mut cap = Capture::default();
            payload.serialize(&mut cap)?;
            packed(ser, ty, cap)
        }
        Magic::StringName => {
            let cap = capture(payload)?;
            Ok(ser.builder().string_name(cap.string(0)?)?)
        }
        Magic::NodePath => {
            let cap = capture(payload)?;
            Ok(ser.builder().node_path_str(cap.string(0)?)?)
        }
        Magic::Rid => {
            let cap = capture(payload)?;
            Ok(ser.builder().rid(cap.u64(0)?)?)
        }
        Magic::Callable => Ok(ser.builder().callable()?),
        Magic::Signal => {
            let cap = capture(payload)?;
            Ok(ser.builder().signal(cap.string(0)?, cap.u64(0)?)?)
        }
        Magic::ObjectId => {
            let cap = capture(payload)?;
            Ok(ser.builder().object_id(cap.u64(0)?)?)
        }
        Magic::Object | Magic::TypedArray | Magic::PackedTypedArray | Magic::TypedDictionary => {
            payload.serialize(Framed::new(ser, m))
        }
    }
}

/// A math value from its captured components (wire order).
fn math(mut ser: Ser<'_>, ty: VariantType, cap: &Capture) -> Result<()> {
    let integer = matches!(ty.layout(), Layout::Math(_, Component::I32));
    if integer {
        let ints: Vec<i32> = cap.ints()?.iter().map(|&n| wrap_i32(n)).collect();
        return Ok(ser.builder().math_i32(ty, &ints)?);
    }
    if cap.double {
        Ok(ser.builder().math_f64(ty, &cap.nums)?)
    } else {
        let narrow: Vec<f32> = cap.nums.iter().map(|&x| f32_of(x)).collect();
        Ok(ser.builder().math(ty, &narrow)?)
    }
}

/// A packed array from its captured elements.
fn packed(mut ser: Ser<'_>, ty: VariantType, cap: Capture) -> Result<()> {
    let Layout::Packed(element) = ty.layout() else {
        return Err(shape("packed array"));
    };
    let b = ser.builder();
    match element {
        Element::U8 => {
            if cap.nums.is_empty() {
                return Ok(b.packed_bytes(&cap.bytes)?);
            }
            let bytes: Vec<u8> = cap.ints()?.iter().map(|&n| wrap_u8(n)).collect();
            Ok(b.packed_bytes(&bytes)?)
        }
        Element::I32 => {
            let ints: Vec<i32> = cap.ints()?.iter().map(|&n| wrap_i32(n)).collect();
            Ok(b.packed_i32(&ints)?)
        }
        Element::I64 => Ok(b.packed_i64(cap.ints()?)?),
        Element::F32 => {
            let floats: Vec<f32> = cap.nums.iter().map(|&x| f32_of(x)).collect();
            Ok(b.packed_f32(&floats)?)
        }
        Element::F64 => Ok(b.packed_f64(&cap.nums)?),
        Element::Str => Ok(b.packed_strings(&cap.strings)?),
        Element::Color => Ok(b.packed_color(&chunks::<f32, 4>(&cap)?)?),
        Element::Real(2) if cap.double => Ok(b.packed_vector2_f64(&chunks::<f64, 2>(&cap)?)?),
        Element::Real(3) if cap.double => Ok(b.packed_vector3_f64(&chunks::<f64, 3>(&cap)?)?),
        Element::Real(4) if cap.double => Ok(b.packed_vector4_f64(&chunks::<f64, 4>(&cap)?)?),
        Element::Real(2) => Ok(b.packed_vector2(&chunks::<f32, 2>(&cap)?)?),
        Element::Real(3) => Ok(b.packed_vector3(&chunks::<f32, 3>(&cap)?)?),
        Element::Real(4) => Ok(b.packed_vector4(&chunks::<f32, 4>(&cap)?)?),
        Element::I32s(n) => {
            let ints: Vec<i32> = cap.ints()?.iter().map(|&n| wrap_i32(n)).collect();
            let n = usize::from(n);
            if ints.len() % n != 0 {
                return Err(shape("packed vector"));
            }
            let take = |i: usize, c: &[i32]| c.get(i).copied().unwrap_or(0);
            match n {
                2 => Ok(b.packed_vector2i(
                    &ints
                        .chunks_exact(2)
                        .map(|c| [take(0, c), take(1, c)])
                        .collect::<Vec<_>>(),
                )?),
                3 => Ok(b.packed_vector3i(
                    &ints
                        .chunks_exact(3)
                        .map(|c| [take(0, c), take(1, c), take(2, c)])
                        .collect::<Vec<_>>(),
                )?),
                _ => Ok(b.packed_vector4i(
                    &ints
                        .chunks_exact(4)
                        .map(|c| [take(0, c), take(1, c), take(2, c), take(3, c)])
                        .collect::<Vec<_>>(),
                )?),
            }
        }
        _ => Err(shape("packed array")),
    }
}

/// The captured numbers as elements of `N` components.
fn chunks<F: FromF64, const N: usize>(cap: &Capture) -> Result<Vec<[F; N]>> {
    if cap.nums.len() % N != 0 {
        return Err(shape("packed vector"));
    }
    Ok(cap
        .nums
        .chunks_exact(N)
        .map(|c| core::array::from_fn(|i| F::from_f64(c.get(i).copied().unwrap_or(0.0))))
        .collect())
}

trait FromF64 {
    fn from_f64(x: f64) -> Self;
}

impl FromF64 for f32 {
    fn from_f64(x: f64) -> Self {
        f32_of(x)
    }
}

impl FromF64 for f64 {
    fn from_f64(x: f64) -> Self {
        x
    }
}

/// A glam math value arriving as a tuple struct (with the `glam` feature): its elements
/// are captured, put in wire order, and written as the Godot math type.
#[cfg(feature = "glam")]
pub(crate) struct MathCapture<'o> {
    ser: Ser<'o>,
    ty: VariantType,
    double: bool,
    order: Option<&'static [u8]>,
    cap: Capture,
}

#[cfg(feature = "glam")]
impl<'o> MathCapture<'o> {
    pub(crate) fn glam(
        ser: Ser<'o>,
        ty: VariantType,
        double: bool,
        order: Option<&'static [u8]>,
    ) -> Self {
        MathCapture {
            ser,
            ty,
            double,
            order,
            cap: Capture::default(),
        }
    }

    pub(crate) fn element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<()> {
        value.serialize(&mut self.cap)
    }

    pub(crate) fn finish(mut self) -> Result<()> {
        if let Some(order) = self.order {
            let glam = core::mem::take(&mut self.cap.nums);
            self.cap.nums = order
                .iter()
                .map(|&i| glam.get(usize::from(i)).copied().unwrap_or(0.0))
                .collect();
        }
        // A glam D-type is double even when its components went through as f64 anyway;
        // an f32 type stays f32.
        self.cap.double = self.double;
        math(self.ser, self.ty, &self.cap)
    }
}
