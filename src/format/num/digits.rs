//! Decimal digits eight at a time, in the lanes of one `u64` (no table, no loop), and the
//! floats whose text is made of such digits alone: integers below 2^53 and values with at
//! most 8 binary fraction digits (halves, quarters, … 256ths) below 10^7.
//!
//! Eight digits of `n < 10^8`: `n` is split into two 4-digit halves in the two 32-bit lanes
//! (`n / 10^4`, `n % 10^4`), each half into two 2-digit quarters in 16-bit lanes, each
//! quarter into two digits in byte lanes. Every division is a multiply and a shift that is
//! exact over its lane's range (`x / 100 = x × 10486 >> 20` for `x < 10^4`,
//! `y / 10 = y × 103 >> 10` for `y < 100`) and no lane's product reaches the next lane.
//! Byte `i` (little-endian) is then the `i`-th digit, most significant first.

// Every narrowing or sign-dropping cast here is of a value the comparison before it
// bounds (below 10^8, below 2^53, nonnegative).
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

use alloc::vec::Vec;

/// `b'0'` in every byte lane.
const ASCII: u64 = 0x3030_3030_3030_3030;

/// The 8 decimal digits of `n < 10^8` (leading zeros included), one per byte lane as
/// values 0–9, the first digit in the lowest byte (see the module docs): the crate's one
/// SWAR digit routine. Each `q | (x − k·q) << w` is one multiply-add,
/// `(x << w) + q·(1 − k·2^w)` modulo 2^64 (exact: the result fits).
#[inline(always)]
pub(crate) const fn eight(n: u32) -> u64 {
    // (`as`: `From` is not const.)
    let high = (n / 10_000) as u64;
    let halves =
        ((n as u64) << 32).wrapping_add(high.wrapping_mul(1u64.wrapping_sub(10_000 << 32)));
    let hundreds = ((halves * 10_486) >> 20) & 0x0000_007F_0000_007F;
    let quarters = (halves << 16).wrapping_add(hundreds.wrapping_mul(1u64.wrapping_sub(100 << 16)));
    let tens = ((quarters * 103) >> 10) & 0x000F_000F_000F_000F;
    (quarters << 8).wrapping_add(tens.wrapping_mul(1u64.wrapping_sub(10 << 8)))
}

/// `base^0, base^1, …, base^(N−1)`: the tables of powers of 5 and of 10.
#[allow(clippy::indexing_slicing)] // const evaluation: an index out of range fails the build
pub(crate) const fn powers<const N: usize>(base: u64) -> [u64; N] {
    let mut out = [1u64; N];
    let mut i = 1;
    while i < N {
        out[i] = out[i - 1] * base;
        i += 1;
    }
    out
}

/// Appends the first `len` bytes (at most 8) of `word`, little-endian: one fixed 8-byte
/// copy, cut to length.
#[inline(always)]
fn put(out: &mut Vec<u8>, word: u64, len: usize) {
    let start = out.len();
    out.extend_from_slice(&word.to_le_bytes());
    out.truncate(start + len);
}

/// `n < 10^8` without leading zeros (`0` for zero): its ASCII digits in a little-endian
/// word, and how many there are.
#[inline(always)]
pub(crate) fn short(n: u32) -> (u64, usize) {
    // The length by comparisons, apart from the digits: a writer's next position waits
    // for these few cycles only, not for the multiplications that make the digits.
    let len = 1
        + usize::from(n >= 10)
        + usize::from(n >= 100)
        + usize::from(n >= 1_000)
        + usize::from(n >= 10_000)
        + usize::from(n >= 100_000)
        + usize::from(n >= 1_000_000)
        + usize::from(n >= 10_000_000);
    // Leading zeros are the low bytes of the 8 digits.
    ((eight(n) + ASCII) >> (8 * (8 - len)), len)
}

/// `n < 10^8` in exactly 8 ASCII digits, as a little-endian word.
#[inline(always)]
pub(crate) fn full(n: u32) -> u64 {
    eight(n) + ASCII
}

/// Appends `n < 10^8` without leading zeros.
#[inline(always)]
fn push_short(out: &mut Vec<u8>, n: u32) {
    let (word, len) = short(n);
    put(out, word, len);
}

/// Appends `n < 10^8` in exactly 8 digits.
#[inline(always)]
fn push_eight(out: &mut Vec<u8>, n: u32) {
    out.extend_from_slice(&full(n).to_le_bytes());
}

/// Appends the decimal digits of `n`: [`push_u64`] with its most frequent case, `n` below
/// 10^8 (one word of digits), inlined into the caller and the rest out of line.
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn push_u64_inline(out: &mut Vec<u8>, n: u64) {
    if n < 100_000_000 {
        push_short(out, n as u32);
    } else {
        push_u64_long(out, n);
    }
}

/// [`push_u64`] of `n` at or above 10^8.
#[cfg(feature = "std")]
#[inline(never)]
fn push_u64_long(out: &mut Vec<u8>, n: u64) {
    push_u64(out, n);
}

/// Appends the decimal digits of `n`.
#[inline]
pub(crate) fn push_u64(out: &mut Vec<u8>, n: u64) {
    if n < 100_000_000 {
        return push_short(out, n as u32);
    }
    let (lead, words, count) = long_parts(n);
    push_short(out, lead);
    for &word in words.get(..count).unwrap_or(&words) {
        push_eight(out, word);
    }
}

/// `n`, at or above 10^8, as its leading digits (below 10^8: [`short`]) and the one or
/// two words of exactly eight digits after them ([`full`]): the leading digits, both
/// words (the second 0 when there is one), and how many there are.
#[inline(always)]
pub(crate) fn long_parts(n: u64) -> (u32, [u32; 2], usize) {
    const E8: u64 = 100_000_000;
    if n < E8 * E8 {
        return ((n / E8) as u32, [(n % E8) as u32, 0], 1);
    }
    // n / 10^16 <= 1844.
    let rest = n % (E8 * E8);
    (
        (n / (E8 * E8)) as u32,
        [(rest / E8) as u32, (rest % E8) as u32],
        2,
    )
}

/// A float whose `{:?}` text is `[-]int.fraction` made of [`short`]/[`full`] digits
/// alone (see [`dyadic`]).
#[cfg(feature = "std")]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dyadic {
    pub(crate) negative: bool,
    /// The integer part, below 2^53.
    pub(crate) int: u64,
    /// The fraction's ASCII digits, little-endian (`0` for an integer, written `0`).
    pub(crate) fraction: u64,
    /// How many of them (1 to 8).
    pub(crate) fraction_len: usize,
}

/// `x`'s text as a [`Dyadic`] when `x` is a nonzero integer below 2^53 or a non-integer
/// below 10^7 that is a multiple of 2^-8; `None` otherwise.
///
/// These are exact short decimals: an integer below 2^53 is its
/// own shortest digits; `i + f / 2^k` (`i < 10^7`, odd `f`, `1 <= k <= 8`) is exactly the
/// decimal `i.d1…dk` of at most 15 significant digits, also shortest. Its `k` fraction
/// digits are those of `f / 2^k × 10^8 = f × 5^k × 10^(8-k)`, trailing zeros dropped (the
/// last kept digit is the 5 of `f × 5^k`). The layout is `{:?}`'s from 1e-4 to 1e16, which
/// every such value is in (the smallest fraction is 2^-8).
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn dyadic(x: f64) -> Option<Dyadic> {
    // x × 256 is exact (a power of two; below 2^61 here), and a whole number exactly when
    // x is a multiple of 2^-8: then its magnitude is int × 256 + steps. One multiply and
    // one conversion each way, where the integer part and the fraction were taken apart
    // in turn before (the next output position waits for `steps`' digit count).
    let scaled = x * 256.0;
    let whole = scaled as i64;
    // (A NaN fails the second test.)
    if x.abs() >= 9_007_199_254_740_992.0 || whole as f64 != scaled {
        return None;
    }
    let magnitude = whole.unsigned_abs();
    let (int, steps) = (magnitude >> 8, (magnitude & 0xFF) as usize);
    if (steps != 0 && int >= 10_000_000) || magnitude == 0 {
        return None;
    }
    let &(fraction, fraction_len) = FRACTIONS.get(steps)?;
    Some(Dyadic {
        negative: x < 0.0,
        int,
        fraction,
        fraction_len: usize::from(fraction_len),
    })
}

/// The fraction digits of `steps / 256` for every `steps` below 256 (see [`dyadic`]): `0`
/// for zero, otherwise the 8 digits of `steps × 390625 = steps / 256 × 10^8` with the
/// trailing zeros dropped; as an ASCII word and a length.
#[cfg(feature = "std")]
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const FRACTIONS: [(u64, u8); 256] = {
    let mut table = [(ASCII & 0xFF, 1u8); 256];
    let mut steps = 1;
    while steps < 256 {
        let digits = eight(steps * 390_625);
        table[steps as usize] = (digits + ASCII, 8 - (digits.leading_zeros() / 8) as u8);
        steps += 1;
    }
    table
};

/// Appends finite `x` as `{:?}` writes it when it is a [`dyadic`] value; returns false
/// (and appends nothing) otherwise.
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn push_dyadic(out: &mut Vec<u8>, x: f64) -> bool {
    let Some(d) = dyadic(x) else {
        return false;
    };
    if d.negative {
        out.push(b'-');
    }
    push_u64_inline(out, d.int);
    out.push(b'.');
    put(out, d.fraction, d.fraction_len);
    true
}

#[cfg(all(test, feature = "std"))]
#[path = "digits/tests.rs"]
mod tests;
