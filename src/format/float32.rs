//! The text of an `f32` for JSON, as Rust's `{:?}` lays it out (`0.125`, `1500.0`,
//! `1e16`, `-1.5e-7`), with its shortest digits.
//!
//! - [`block`]: the stack block texts are laid out in by fixed-size stores;
//! - [`exact`]: floats whose shortest digits need no search (short binary fractions,
//!   integers);
//! - [`search`]: the others, from the shortest-digits search of [`shortest32`];
//! - [`list`]: runs of packed floats, and the routing of one float among the above.
//!
//! [`shortest32`]: crate::format::num::shortest32

use alloc::vec::Vec;

mod block;
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
/// `{:?}` does), exponential otherwise. Laid out by the list writer's routes (short binary fractions
/// and integers with no search) at the end of `out` itself.
#[inline]
pub(crate) fn push_f32(out: &mut Vec<u8>, x: f32) {
    // Laid out at the end of the output (a fixed-size zeroing of the block's bytes,
    // then the text's stores), which is then cut to the text (at most 21 bytes).
    let at = out.len();
    out.extend_from_slice(&[0u8; SINGLE]);
    let end = match out
        .get_mut(at..at + SINGLE)
        .and_then(|tail| <&mut [u8; SINGLE]>::try_from(tail).ok())
    {
        Some(tail) => put_f32(&mut Block::new(tail), 0, x.to_bits(), 0),
        None => 0,
    };
    out.truncate(at + end.min(SINGLE));
}
