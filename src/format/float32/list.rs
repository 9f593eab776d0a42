//! A run of packed f32 elements as JSON list items (`[0.5,1.25,0.0],[…]`), the same bytes
//! as [`push_f32`](super::push_f32) and the commas and brackets written one by one, made
//! in a small block on the stack by fixed-size stores and handed to the output in one copy
//! per block: no capacity check per float, no length update per byte.
//!
//! The floats from 1e-4 to 1 (the bulk of real vector data: positions scaled to a unit,
//! normals, colors) are laid out by stores alone: `0.000000`, then the nine digits as
//! made (leading zeros included) at the place their exponent gives, then the point again
//! (a leading zero may land on it), so that no shift or count depends on the digits but
//! the end of the last nonzero one. Short binary fractions and integers (mesh indices, grid
//! positions, halves) take the exact routes of [`exact`](super::exact), with no search.
//! The other floats take the 16-byte text of [`text_of`](super::text_of), stored whole.
//!
//! A component equal to the same component of an element before it in the block (a
//! constant coordinate, a flat face's normal on each of its vertices, an alpha of 1) is
//! copied from where its text was first written, with no route worked out ([`Memo`]); a
//! block in which no component repeats leaves the memo out of the next
//! [`MEMO_RESTS`] blocks, so data without repeats pays for it in one block of 16.

// Offsets are small (a block of 1,056 bytes); the exponents that place the digits are
// bounded by the range the fast path takes (checked by the exhaustive test).
#![allow(
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::cast_possible_truncation
)]

use alloc::vec::Vec;

use super::block::{Block, SINGLE};
use super::exact;
use super::search::{long_text, text_of};
use crate::format::num::digits::eight as eight_digits;
use crate::format::num::shortest32;

/// Bytes of the block: stores start at offsets up to 1,023.
const BLOCK: usize = 1024 + 32;

/// The block is handed on before an element that would start past this offset (an
/// element spans at most 2 + 4 × 21 bytes, its stores at most 32 past the start of a
/// float).
const FLUSH_AT: usize = 1024 - 128;

/// `1e-4f32` and `1.0f32` as bits: the floats laid out by [`below_one`].
const LOW: u32 = 0x38D1_B717;
const ONE: u32 = 0x3F80_0000;

/// `0.000000` as a little-endian word.
const ZERO_POINT: u64 = u64::from_le_bytes(*b"0.000000");

/// `2^24` and `2^31` as bits: the integers [`exact::integer`] and [`exact::large_integer`]
/// take.
const TWO_24: u32 = 0x4B80_0000;
const TWO_31: u32 = 0x4F00_0000;

/// Eight ASCII zeros.
const ZEROS: u64 = u64::from_le_bytes([b'0'; 8]);

/// Appends the elements of `data` (little-endian f32s, `per` of them an element), joined
/// by commas: each element a list `[x,y,z]` when `per > 1`, a bare number when `per` is
/// 1; a NaN as `"nan"`, infinities as `"inf"` and `"-inf"`. A partial element at the end
/// is left out. The bytes the JSON writer's `number` makes of each component.
pub(crate) fn push_f32_list(out: &mut Vec<u8>, data: &[u8], per: usize) {
    match per {
        1 => elements::<4>(out, data, 1),
        2 => elements::<8>(out, data, 2),
        3 => elements::<12>(out, data, 3),
        4 => elements::<16>(out, data, 4),
        _ => {
            // Not met by Godot's types; through single floats.
            let mut first = true;
            for element in data.chunks_exact(4 * per.max(1)) {
                if !first {
                    out.push(b',');
                }
                first = false;
                out.push(b'[');
                for (i, c) in element.chunks_exact(4).enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    let mut storage = [0u8; SINGLE];
                    let mut block = Block::new(&mut storage);
                    let bits = u32::from_le_bytes([
                        c.first().copied().unwrap_or(0),
                        c.get(1).copied().unwrap_or(0),
                        c.get(2).copied().unwrap_or(0),
                        c.get(3).copied().unwrap_or(0),
                    ]);
                    let end = put_f32(&mut block, 0, bits, 0);
                    out.extend_from_slice(block.bytes(end));
                }
                out.push(b']');
            }
        }
    }
}

/// The text after a component of an element of several: a comma, or after the last one
/// `],[`, whose `[` opens the next element.
const COMMA: u64 = b',' as u64;
const CLOSE_OPEN: u64 = u32::from_le_bytes(*b"],[\0") as u64;

/// Blocks written without the [`Memo`] after a block in which it found no repeat, before
/// it is tried again: data with no repeated component pays for it in one block of 16.
const MEMO_RESTS: u32 = 15;

/// [`push_f32_list`] for elements of `B = 4 × per` bytes.
#[inline(always)]
fn elements<const B: usize>(out: &mut Vec<u8>, data: &[u8], per: usize) {
    if data.len() < B {
        return;
    }
    let mut storage = [0u8; BLOCK];
    let mut block = Block::new(&mut storage);
    let mut at = 0usize;
    if per > 1 {
        block.put1(at, b'[');
        at += 1;
    }
    let mut elements = data.chunks_exact(B);
    let mut rest = 0;
    loop {
        if rest == 0 {
            let repeats = fill::<B, true>(&mut block, &mut at, &mut elements, per);
            rest = if repeats == 0 { MEMO_RESTS } else { 0 };
        } else {
            fill::<B, false>(&mut block, &mut at, &mut elements, per);
            rest -= 1;
        }
        if elements.len() == 0 {
            break;
        }
        out.extend_from_slice(block.bytes(at));
        at = 0;
    }
    // Less what follows the last element: `,[` of its `],[`, or its comma.
    let tail = if per > 1 { 2 } else { 1 };
    out.extend_from_slice(block.bytes(at - tail));
}

/// Writes elements into `block` from `at` until it is full or `elements` run out, with
/// the [`Memo`] when `MEMO`: how many components it copied.
#[inline(always)]
fn fill<const B: usize, const MEMO: bool>(
    block: &mut Block<'_, BLOCK>,
    at: &mut usize,
    elements: &mut core::slice::ChunksExact<'_, u8>,
    per: usize,
) -> usize {
    let mut memo = Memo {
        seen: [u64::MAX; 4],
        from: [0; 4],
        len: [0; 4],
        repeats: 0,
    };
    while *at <= FLUSH_AT {
        let Some(element) = elements.next() else {
            break;
        };
        // One call per component, each with its index a constant.
        *at = memo.component::<_, MEMO>(block, *at, element, 0, per);
        if per > 1 {
            *at = memo.component::<_, MEMO>(block, *at, element, 1, per);
        }
        if per > 2 {
            *at = memo.component::<_, MEMO>(block, *at, element, 2, per);
        }
        if per > 3 {
            *at = memo.component::<_, MEMO>(block, *at, element, 3, per);
        }
    }
    memo.repeats
}

/// The float each component of a block's elements had last, and where its text was
/// first written in the block and its length: a component equal to it (a constant
/// coordinate, a flat face's normal on each of its vertices, an alpha of 1) is copied
/// from there (32 bytes: the longest text), with no route worked out. `u64::MAX` matches
/// no float. One block's: its texts are overwritten in the next.
struct Memo {
    seen: [u64; 4],
    from: [usize; 4],
    len: [usize; 4],
    /// Components copied.
    repeats: usize,
}

impl Memo {
    /// Writes component `i` of `element` (of `per`) at `at`, then what follows it (a
    /// comma, or `],[` after the last one of several), copied when it repeats the last
    /// float of component `i` and `MEMO`. Returns where the next component starts.
    #[inline(always)]
    fn component<const S: usize, const MEMO: bool>(
        &mut self,
        block: &mut Block<'_, S>,
        at: usize,
        element: &[u8],
        i: usize,
        per: usize,
    ) -> usize {
        let bytes = element.get(4 * i..4 * i + 4).unwrap_or(&[0; 4]);
        let bits = u32::from_le_bytes(bytes.try_into().unwrap_or([0; 4]));
        // After the last component: `],[` in an element of several, or a comma.
        let (after, n) = match (i + 1 == per, per > 1) {
            (true, true) => (CLOSE_OPEN, 3),
            _ => (COMMA, 1),
        };
        if !MEMO {
            return put_f32(block, at, bits, after) + n;
        }
        let end = if self.seen.get(i) == Some(&u64::from(bits)) {
            // Copied from where it was first written: a copy of a copy would wait for the
            // stores before it.
            self.repeats += 1;
            let start = self.from.get(i).copied().unwrap_or(0);
            block.put16(at, block.get16(start));
            block.put16(at + 16, block.get16(start + 16));
            let end = at + self.len.get(i).copied().unwrap_or(0);
            block.put8(end, after);
            end
        } else {
            let end = put_f32(block, at, bits, after);
            if let (Some(seen), Some(from), Some(len)) = (
                self.seen.get_mut(i),
                self.from.get_mut(i),
                self.len.get_mut(i),
            ) {
                (*seen, *from, *len) = (u64::from(bits), at, end - at);
            }
            end
        };
        end + n
    }
}

/// Writes the text of the f32 `bits` at `at`, then the first six bytes of `after` (in the
/// same store as the text's last bytes where the route allows); returns where the text
/// ends.
#[inline(always)]
pub(super) fn put_f32<const S: usize>(
    block: &mut Block<'_, S>,
    at: usize,
    bits: u32,
    after: u64,
) -> usize {
    let magnitude = bits & 0x7FFF_FFFF;
    // A '-' that the text overwrites when the float is positive.
    block.put1(at, b'-');
    let at = at + (bits >> 31) as usize;
    let end = if magnitude.wrapping_sub(LOW) < ONE - LOW {
        // First, so that random data below 1 (normals, colors) pays for no other test. A
        // short binary fraction below 1 has its low 16 mantissa bits clear (it has at most
        // 8 binary digits after the point): a test that random data fails at once.
        if magnitude & 0xFFFF == 0 {
            let m = exact::fraction_digits(magnitude);
            if m <= 8 {
                let end = exact::fraction(block, at, magnitude, m);
                block.put8(end, after);
                return end;
            }
        }
        below_one(block, at, magnitude)
    } else if magnitude < TWO_24 {
        // An integer from 1 to 2^24 has no bits after its point: at least as many
        // trailing zeros as the point is places from the bottom (`150 - biased`, 24 or
        // more below 1, where no significand has that many). Its digits and `.0`, with no
        // route worked out (mesh indices, grid positions).
        let point = 150 - (magnitude >> 23);
        let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
        let zeros = significand.trailing_zeros();
        if zeros >= point {
            return exact::integer(block, at, significand >> point, after);
        }
        // Otherwise `point - zeros` binary digits after the point.
        if exact::short_dyadic(magnitude, point - zeros) {
            exact::dyadic(block, at, magnitude)
        } else {
            other(block, at, bits)
        }
    } else if magnitude < TWO_31 {
        // Every float from 2^24 to 2^31 is an integer.
        return exact::large_integer(block, at, magnitude, after);
    } else {
        // No exact route takes a float of 2^31 or more.
        other(block, at, bits)
    };
    block.put8(end, after);
    end
}

/// A float from 1e-4 to 1 (excluded), as `0.` and its digits: `0.` then `-e - 1` zeros
/// (`e` the exponent of its first digit, from -4 to -1) then its digits. The nine digits
/// (at most two leading zeros: the float is normal) are stored whole where their last one
/// belongs; a leading zero lands on the `0.` or after it, and the point is stored last.
#[inline(always)]
fn below_one<const S: usize>(block: &mut Block<'_, S>, at: usize, magnitude: u32) -> usize {
    let split = shortest32::split(magnitude);
    let digits = eight_digits(split.tens + split.carry);
    // Past the last nonzero digit: the last eight of the nine digits in a word (the ninth
    // in the top byte), less its zero bytes on top (all zero: only the first digit). No
    // branch: the ninth digit is 0 about one time in ten, at random.
    let last_eight = (digits >> 8) | u64::from(split.last) << 56;
    let end = 9 - last_eight.leading_zeros() as usize / 8;
    // The last of the nine digits has the weight 10^exponent: it goes at `at + 1 -
    // exponent`, the first eight bytes before it (exponent from -12 to -7).
    let start = at.wrapping_add((-7 - split.exponent) as usize);
    block.put8(at, ZERO_POINT);
    block.put8(start, digits | ZEROS);
    block.put1(start + 8, split.last as u8 | b'0');
    block.put1(at + 1, b'.');
    start + end
}

/// Every other float (sign written): the 16-byte text, a long decimal, or a string for a
/// NaN or an infinity.
#[inline(never)]
fn other<const S: usize>(block: &mut Block<'_, S>, at: usize, bits: u32) -> usize {
    let magnitude = bits & 0x7FFF_FFFF;
    if magnitude >= 0x7F80_0000 {
        return not_finite(block, at, bits);
    }
    if magnitude == 0 {
        return exact::integer(block, at, 0, 0);
    }
    match text_of(f32::from_bits(magnitude)) {
        Some((text, len)) => {
            block.put16(at, text);
            at + len as usize
        }
        None => {
            let (text, len) = long_text(f32::from_bits(magnitude));
            block.put16(at, u128::from_le_bytes(first16(&text, 0)));
            block.put16(at + 16, u128::from_le_bytes(first16(&text, 16)));
            at + len
        }
    }
}

/// Bytes `from..from + 16` of a 32-byte block.
fn first16(text: &[u8; 32], from: usize) -> [u8; 16] {
    let mut out = [0u8; 16];
    if let Some(src) = text.get(from..from + 16) {
        out.copy_from_slice(src);
    }
    out
}

/// `"nan"`, `"inf"`, `"-inf"` at the start of the float (before the sign, which a NaN
/// does not show).
#[cold]
#[inline(never)]
fn not_finite<const S: usize>(block: &mut Block<'_, S>, at: usize, bits: u32) -> usize {
    let negative = bits >> 31 != 0;
    let start = at - usize::from(negative);
    let text: &[u8] = if bits & 0x7F_FFFF != 0 {
        b"\"nan\""
    } else if negative {
        b"\"-inf\""
    } else {
        b"\"inf\""
    };
    let mut word = [0u8; 8];
    if let Some(dst) = word.get_mut(..text.len()) {
        dst.copy_from_slice(text);
    }
    block.put8(start, u64::from_le_bytes(word));
    start + text.len()
}

/// Test support for the float proofs: whether this path writes `bits` alone and as a
/// Vector3 of it three times (`[t,t,t]`) as `text`, its text by `push_f32` (or the JSON
/// string of a NaN or an infinity).
#[cfg(test)]
pub(crate) fn agrees(bits: u32, text: &[u8], scratch: &mut Vec<u8>) -> bool {
    let one = bits.to_le_bytes();
    scratch.clear();
    push_f32_list(scratch, &one, 1);
    if scratch.as_slice() != text {
        return false;
    }
    let mut three = [0u8; 12];
    for chunk in three.chunks_exact_mut(4) {
        chunk.copy_from_slice(&one);
    }
    scratch.clear();
    push_f32_list(scratch, &three, 3);
    let n = text.len();
    scratch.len() == 3 * n + 4
        && scratch.first() == Some(&b'[')
        && scratch.last() == Some(&b']')
        && (0..3).all(|i| {
            let at = 1 + i * (n + 1);
            scratch.get(at..at + n) == Some(text)
                && scratch.get(at + n) == Some(if i < 2 { &b',' } else { &b']' })
        })
}

#[cfg(test)]
#[path = "list_tests.rs"]
mod tests;
