//! The math and vertex types renderers already hold (features `glam`, `mint`, `bytemuck`).
//!
//! - **Math values**: glam and mint types implement [`GodotMath`]: the Godot math type they
//!   are. Write one with [`Builder::math_of`](crate::Builder::math_of), read one with
//!   [`MathRef::to`](crate::MathRef::to) or `TryFrom<MathRef>`, convert to and from the owned
//!   [`Variant`](crate::Variant) with `From` / `TryFrom`. f32 types are single precision,
//!   f64 types (`glam::DVec3`, `mint::Vector3<f64>`) double precision (Godot 4), i32 types
//!   the integer vectors. glam and mint store matrices by columns (the axes), Godot's
//!   Basis by rows: the conversions transpose.
//! - **Packed arrays in place**: `&[glam::Vec3]`, `&[mint::Vector3<f32>]`, or `&[T]` for your
//!   own `T: bytemuck::Pod` vertex type of the element's size, without copying; when that
//!   cannot be, a [`NativeError`](crate::NativeError) says why (misaligned, big-endian
//!   target, size mismatch) and the `to_vec` forms copy into aligned memory at `memcpy`
//!   speed.
//!
//! ```
//! # #[cfg(feature = "glam")] {
//! use gdvariant::{Builder, Dialect, VariantRef};
//!
//! let mut bytes = Vec::new();
//! Builder::new(&mut bytes, Dialect::Godot4).math_of(&glam::Vec3::new(1.0, 2.0, 3.0))?;
//! let v = VariantRef::parse(&bytes, Dialect::Godot4)?;
//! assert_eq!(v.to_string(), "Vector3(1, 2, 3)");
//! let back: glam::Vec3 = v.as_math().unwrap().try_into()?;
//! assert_eq!(back, glam::Vec3::new(1.0, 2.0, 3.0));
//! # }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "glam")]
mod glam;
#[cfg(any(feature = "glam", feature = "mint"))]
mod math;
#[cfg(feature = "mint")]
mod mint;
#[cfg(feature = "bytemuck")]
mod pod;

#[cfg(any(feature = "glam", feature = "mint"))]
pub use math::{GodotMath, MathTypeError, PackedMath};
