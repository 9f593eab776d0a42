//! The text of an `f32` for JSON, as Rust's `{:?}` lays it out (`0.125`, `1500.0`,
//! `1e16`, `-1.5e-7`), with its shortest digits.
//!
//! - [`block`]: the stack block texts are laid out in by fixed-size stores;
//! - [`eight`]: eight decimal digits at once;
//! - [`exact`]: floats whose shortest digits need no search (short binary fractions,
//!   integers);
//! - [`search`]: the others, from the shortest-digits search of [`shortest32`];
//! - [`list`]: runs of packed floats, and the routing of one float among the above.
//!
//! [`shortest32`]: crate::format::shortest32

use alloc::vec::Vec;

mod block;
mod eight;
mod exact;
mod list;
mod search;
use block::{Block, SINGLE};
#[cfg(test)]
pub(crate) use list::agrees as list_agrees;
pub(crate) use list::push_f32_list;
use list::put_f32;

/// Appends finite `x` as `{:?}` lays out an f32, with its shortest digits (nearest, ties
/// to even): decimal for `1e-4 <= |x| < 1e16` and zero (bounds compared as f32s, as
/// `{:?}` does), exponential otherwise. Laid out in a block of 96 bytes on the stack by
/// the list writer's routes (short binary fractions and integers with no search) and
/// copied once.
#[inline]
pub(crate) fn push_f32(out: &mut Vec<u8>, x: f32) {
    let mut block = Block::<SINGLE>::new();
    let end = put_f32(&mut block, 0, x.to_bits());
    // At most 21 bytes (`-1.2345678e-38`, or a decimal to 1e16): 32 copied, the rest cut.
    let at = out.len();
    out.extend_from_slice(&block.first32());
    out.truncate(at + end.min(32));
}
