//! The text of an `f32` for JSON, as Rust's `{:?}` lays it out (`0.125`, `1500.0`,
//! `1e16`, `-1.5e-7`), with its shortest digits.
//!
//! - [`block`]: the stack block texts are laid out in by fixed-size stores;
//! - [`exact`]: floats whose shortest digits need no search (short binary fractions,
//!   integers);
//! - [`search`]: the others, from the shortest-digits search of [`shortest32`];
//! - [`list`]: runs of packed floats, and the routing of one float among the above.
//!
//! [`shortest32`]: crate::format::shortest32

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

/// Appends the f32 components `data` (little-endian, at most four) joined by commas, then
/// `]}`: a compact math value's text after its `[`, each component as [`push_f32`]
/// writes it (a NaN or an infinity as the JSON writer's string), laid out in one block at
/// the end of `out`.
#[inline]
pub(crate) fn push_f32_components(out: &mut Vec<u8>, data: &[u8]) {
    const SIZE: usize = 128 + 32;
    const COMMA: u64 = b',' as u64;
    const CLOSE: u64 = u16::from_le_bytes(*b"]}") as u64;
    let at = out.len();
    out.extend_from_slice(&[0u8; SIZE]);
    let mut end = 0;
    if let Some(tail) = out
        .get_mut(at..at + SIZE)
        .and_then(|tail| <&mut [u8; SIZE]>::try_from(tail).ok())
    {
        let mut block = Block::new(tail);
        let mut components = data.chunks_exact(4).take(4).peekable();
        while let Some(c) = components.next() {
            let bits = u32::from_le_bytes(c.try_into().unwrap_or([0; 4]));
            let (after, n) = match components.peek() {
                Some(_) => (COMMA, 1),
                None => (CLOSE, 2),
            };
            end = put_f32(&mut block, end, bits, after) + n;
        }
    }
    out.truncate(at + end.min(SIZE));
}
