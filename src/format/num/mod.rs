//! The number kernel: the digits every writer of numbers uses, each route proven against
//! one reference directly (`PROOFS.md`). The layouts of each output syntax (JSON's
//! `number` and `float32`, the text form's `text::number`) are built on these.
//!
//! - [`digits`]: the one SWAR routine (eight decimal digits in a `u64`), integers, and
//!   the exact decimal of a dyadic (JSON's integral floats and multiples of 2^-8);
//! - [`shortest32`]: an f32's shortest digits (JSON's f32); f64 is zmij's;
//! - [`grisu`] (with [`powers`], its cached powers): Grisu2's digits, as Godot 4's text
//!   form prints floats.

pub(crate) mod digits;
pub(crate) mod grisu;
pub(crate) mod powers;
#[cfg(feature = "std")]
pub(crate) mod shortest32;
#[cfg(all(test, feature = "std"))]
pub(crate) mod sweep;
