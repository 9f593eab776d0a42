//! Godot 4's text of an f32: the one layout, with a single-value entry ([`godot4_f32`]) and
//! a run entry for many components at once (a packed array's run,
//! [`godot4_components_f32`]). Each number is put together in a 128-bit register (digits by SWAR, the point and the zeros by shifts
//! and masks, no branch on the digit count) and stored with fixed-size stores into
//! output reserved for the whole run, so no number's text is read back from memory and
//! the formatting of consecutive numbers overlaps. Digits come from
//! [`grisu::normal::decimal`]. Zeros print as `0`; subnormals, infinities and NaNs (and
//! anything the fixed layout does not cover, which no f32 reaches) take
//! [`super::write_real`]. The text is [`super::write_real`]'s for `Role::Component` in
//! Godot 4, joined by `", "`: checked on a sample always, on every f32 (in runs) by an
//! ignored test; the single-value entry likewise, for both roles, against `write_real`
//! directly.

// Digit counts (at most 20), exponents of an f32 (|e| < 60) and shifts below 128: the
// casts are exact.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

use alloc::vec::Vec;

use super::super::style::TextStyle;
use super::Role;
use crate::format::num::digits;
use crate::format::num::grisu::normal;
use crate::format::num::powers::POW10;

/// The low `i` bytes set, for `i` in 0..=16.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const INT_MASKS: [u128; 17] = {
    let mut out = [u128::MAX; 17];
    let mut i = 0;
    while i < 16 {
        out[i] = (1 << (8 * i)) - 1;
        i += 1;
    }
    out
};

/// Bytes reserved per number: a sign, 16 bytes of text (one store), 2 of separator.
const PER_NUMBER: usize = 19;

/// Numbers laid out in the stack block before it is copied to the output.
const BLOCK_NUMBERS: usize = 256;

/// The number of decimal digits of `n` (1 for 0), without a branch.
#[inline(always)]
fn digit_count(n: u64) -> u32 {
    let bits = 64 - (n | 1).leading_zeros();
    let t = (bits * 1233) >> 12;
    t + 1 - u32::from(n < POW10.get(t as usize).copied().unwrap_or(u64::MAX))
}

/// The sixteen ASCII digits of `n < 10^16` with leading `'0'`s, the first in the lowest
/// byte.
#[inline(always)]
fn ascii16(n: u64) -> u128 {
    let high = n / 100_000_000;
    let low = n - high * 100_000_000;
    u128::from(eight_ascii(high)) | u128::from(eight_ascii(low)) << 64
}

/// The eight ASCII digits of `x < 10^8`, the first in the lowest byte.
#[inline(always)]
fn eight_ascii(x: u64) -> u64 {
    digits::eight(x as u32) | 0x3030_3030_3030_3030
}

/// The bytes from `i` on, shifted up one byte (the fraction after the point), for `i`
/// in 0..=16, and the point at byte `i`.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const FRACTION_MASKS: [u128; 17] = {
    let mut out = [0u128; 17];
    let mut i = 0;
    while i < 16 {
        out[i] = !INT_MASKS[i] << 8;
        i += 1;
    }
    out
};
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const POINTS: [u128; 17] = {
    let mut out = [0u128; 17];
    let mut i = 0;
    while i < 16 {
        out[i] = (b'.' as u128) << (8 * i);
        i += 1;
    }
    out
};

/// Sixteen `'0'`s: digit values ORed onto them are ASCII digits, and the bytes past the
/// digits are zeros.
const ZEROS: u128 = 0x3030_3030_3030_3030_3030_3030_3030_3030;

/// `"0."` then fourteen `'0'`s: the start of a number below 1 in the plain layout.
const BELOW_ONE: u128 = 0x3030_3030_3030_3030_3030_3030_3030_2E30;

/// For `f` digits after the point (1 to 12), the digits of a plain number below 1 with
/// at most nine digits: from 10^(f − 4) (the first digit's exponent above −4; 1 for
/// `f` < 4) up to below 10^f (below 1) and 10^9, as (start, count); none for 0.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const BELOW_ONE_DIGITS: [(u64, u64); 13] = {
    let mut out = [(0, 0); 13];
    let mut f = 1;
    while f <= 12 {
        let low = if f < 4 { 1 } else { POW10[f - 4] };
        let high = if f < 9 { POW10[f] } else { POW10[9] };
        out[f] = (low, high - low);
        f += 1;
    }
    out
};

/// The nine decimal digits of `x < 10^9` with leading zeros, as byte values 0 to 9: the
/// first, and the other eight (the second in the lowest byte).
#[inline(always)]
fn nine_digits(x: u64) -> (u64, u64) {
    // ⌊x / 10^8⌋ = (x × ⌈2^57 / 10^8⌉) >> 57 for x < 10^9 (the error, below 2^-30, never
    // reaches the next integer: x / 10^8 is at least 10^-8 below it).
    let first = (x * 1_441_151_881) >> 57;
    (first, digits::eight((x - first * 100_000_000) as u32))
}

/// `digits × 10^exponent` as Godot 4 prints a component (`%g`-like: plain when the
/// first digit's decimal exponent is in −4..15, else `d.ddde±XX`), unsigned, in the low
/// bytes of the result, and its length; the bytes past it are scratch. `None` for more
/// than nine digits or a text longer than 16 bytes (no f32's).
#[inline(always)]
fn layout(digits: u64, exponent: i32) -> Option<(u128, usize)> {
    // Below 1, plain (`0.`, zeros, the digits: `f` digits after the point, the first
    // digit's exponent above −4), at most nine digits: the last digit's place is fixed by
    // `f` alone, so the digits (leading zeros as 0, which leave the `'0'`s and the point
    // as they are) are shifted there, without counting them. Whether the number is one
    // is one unsigned comparison with `BELOW_ONE_DIGITS` (no range for `f` out of 1..=12).
    let f = exponent.wrapping_neg() as usize;
    let in_range = |&(low, span): &(u64, u64)| digits.wrapping_sub(low) < span;
    if BELOW_ONE_DIGITS.get(f).is_some_and(in_range) {
        let (first, rest) = nine_digits(digits);
        // The nine digits in bytes 6 to 14, then the last one moved to byte 1 + f.
        let nine = u128::from(first << 48 | rest << 56) | u128::from(rest >> 8) << 64;
        return Some((BELOW_ONE | nine >> (8 * (13 - f)), 2 + f));
    }
    let k = digit_count(digits) as i32;
    // value = 0.d1d2… × 10^n
    let n = k + exponent;
    if !(-4 < n && n <= 15) {
        return sci(digits, k as u32, n - 1);
    }
    // The integer part (n digits, zeros past the digits), the point, the rest; for
    // n ≥ k the point lies past the text (the number is an integer). A plain number
    // below 1 was laid out above.
    let ip = usize::try_from(n).ok().filter(|&ip| ip > 0)?;
    // The digits left-aligned in nine (zeros after them): `d1 × 10^8 + …`.
    let scale = *POW10.get(9usize.checked_sub(k as usize)?)?;
    let (first, rest) = nine_digits(digits * scale);
    let text = u128::from(first) | u128::from(rest) << 8 | ZEROS;
    let joined = (text & *INT_MASKS.get(ip)?)
        | ((text << 8) & *FRACTION_MASKS.get(ip)?)
        | *POINTS.get(ip)?;
    let len = if n < k { k + 1 } else { n };
    Some((joined, len as usize))
}

/// The scientific layout: `d`, `.` and the other digits if any, `e`, the sign, two
/// exponent digits at least.
#[inline(never)]
fn sci(digits: u64, k: u32, e: i32) -> Option<(u128, usize)> {
    if !(1..=11).contains(&k) {
        return None;
    }
    let text = ascii16(digits) >> (8 * (16 - k));
    let mut out = text & 0xFF;
    let mut len = 1;
    if k > 1 {
        out |= u128::from(b'.') << 8 | (text >> 8) << 16;
        len = k + 1;
    }
    let mut tail = [b'e', if e < 0 { b'-' } else { b'+' }, 0, 0, 0];
    let a = e.unsigned_abs();
    let digits_len = if a >= 100 {
        tail[2] = b'0' + (a / 100 % 10) as u8;
        tail[3] = b'0' + (a / 10 % 10) as u8;
        tail[4] = b'0' + (a % 10) as u8;
        5
    } else {
        tail[2] = b'0' + (a / 10) as u8;
        tail[3] = b'0' + (a % 10) as u8;
        4
    };
    for (i, &b) in tail.iter().take(digits_len).enumerate() {
        out |= u128::from(b) << (8 * (len as usize + i));
    }
    let len = len as usize + digits_len;
    (len <= 16).then_some((out, len))
}

/// The text of the f32 `bits` for the fast run: (text, length, sign), the sign to be
/// written before the text. `None` for what [`super::write_real`] prints instead.
#[inline(always)]
fn number(bits: u32) -> Option<(u128, usize, usize)> {
    let magnitude = bits & 0x7FFF_FFFF;
    match normal::decimal(magnitude) {
        Some((digits, exponent)) => {
            let (text, len) = layout(digits, exponent)?;
            Some((text, len, (bits >> 31) as usize))
        }
        None if magnitude == 0 => Some((u128::from(b'0'), 1, 0)),
        None => None,
    }
}

/// Appends Godot 4's text of the f32 `x` as a `float` (`float_role`: `.0` after a whole
/// number) or a component, and returns `true`, when the layout takes it; otherwise
/// appends nothing and returns `false` (for [`super::write_real`]).
#[inline(always)]
pub(crate) fn godot4_f32(out: &mut Vec<u8>, x: f32, float_role: bool) -> bool {
    let Some((text, len, minus)) = number(x.to_bits()) else {
        return false;
    };
    if minus != 0 {
        out.push(b'-');
    }
    // One 16-byte store, then the length; `.0` for a whole float.
    let start = out.len();
    out.extend_from_slice(&text.to_le_bytes());
    out.truncate(start + len);
    let text = out.get(start..).unwrap_or(&[]);
    if float_role && !text.iter().any(|&c| c == b'.' || c == b'e') {
        out.extend_from_slice(b".0");
    }
    true
}

/// Appends Godot 4's text of the components `xs` (f32 data), separated by `", "`, and
/// preceded by one when `lead`: the text of [`super::write_real`] with
/// `Role::Component`, for each.
pub(crate) fn godot4_components_f32(out: &mut Vec<u8>, xs: &[f32], lead: bool) {
    if xs.is_empty() {
        return;
    }
    if lead {
        out.extend_from_slice(b", ");
    }
    // Each number is followed by a separator; the last one is taken off at the end. The
    // texts of up to BLOCK_NUMBERS numbers are laid out in a block on the stack (zeroed
    // once per call, not once per run) and copied to `out` in one go.
    let mut block = [0u8; BLOCK_NUMBERS * PER_NUMBER];
    let mut rest = xs;
    while !rest.is_empty() {
        let chunk = rest.get(..BLOCK_NUMBERS).unwrap_or(rest);
        let mut left = chunk.iter();
        let mut pos = 0;
        let mut slow = None;
        for &x in left.by_ref() {
            let fast = number(x.to_bits());
            let window = block.get_mut(pos..pos + PER_NUMBER);
            let (Some((text, len, minus)), Some(window)) = (fast, window) else {
                slow = Some(x);
                break;
            };
            // The sign (kept or written over), the text, the separator.
            let minus = minus & 1;
            if let Some(sign) = window.first_mut() {
                *sign = b'-';
            }
            if let Some(slot) = window.get_mut(minus..minus + 16) {
                slot.copy_from_slice(&text.to_le_bytes());
            }
            if let Some(slot) = window.get_mut(minus + len..minus + len + 2) {
                slot.copy_from_slice(b", ");
            }
            pos += minus + len + 2;
        }
        out.extend_from_slice(block.get(..pos).unwrap_or(&[]));
        if let Some(x) = slow {
            super::write_real(out, f64::from(x), Role::Component, TextStyle::Godot4);
            out.extend_from_slice(b", ");
        }
        // Every number of the chunk up to the slow one (included) is written.
        let done = chunk.len() - left.as_slice().len();
        rest = rest.get(done..).unwrap_or(&[]);
    }
    out.truncate(out.len().saturating_sub(2));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{string::String, vec::Vec};

    /// The texts of `xs` one at a time through [`super::super::write_real`], joined.
    fn reference(out: &mut Vec<u8>, xs: &[f32], lead: bool) {
        for (i, &x) in xs.iter().enumerate() {
            if i > 0 || lead {
                out.extend_from_slice(b", ");
            }
            super::super::write_real(out, f64::from(x), Role::Component, TextStyle::Godot4);
        }
    }

    /// Runs of `RUN` consecutive bit patterns from every `step`-th run of all 2^32, each
    /// formatted in one call (and its second half again, led by a separator) and compared
    /// with the single-number texts: (patterns compared, runs differing).
    pub(crate) fn compare(step_runs: usize) -> (u64, u64) {
        use crate::format::num::sweep::{sweep, Verdict};
        use std::sync::atomic::{AtomicU64, Ordering};
        const RUN: u32 = 64;
        let patterns = AtomicU64::new(0);
        let (_, failed) = sweep(
            0..1 << 32,
            RUN as usize * step_runs,
            |first, (a, b, xs): &mut (Vec<u8>, Vec<u8>, Vec<f32>)| {
                xs.clear();
                // Up to 2^32: the last run ends with 0xFFFF_FFFF.
                let end = (u64::from(first) + u64::from(RUN)).min(1 << 32);
                xs.extend(
                    (u64::from(first)..end)
                        .filter_map(|b| u32::try_from(b).ok())
                        .map(f32::from_bits),
                );
                patterns.fetch_add(xs.len() as u64, Ordering::Relaxed);
                let half = xs.len() / 2;
                for (part, lead) in [(&xs[..], false), (xs.get(half..).unwrap_or(&[]), true)] {
                    a.clear();
                    b.clear();
                    a.extend_from_slice(b"[");
                    b.extend_from_slice(b"[");
                    godot4_components_f32(a, part, lead);
                    reference(b, part, lead);
                    if a != b {
                        return Verdict::texts(a, b);
                    }
                }
                Verdict::Same
            },
        );
        (patterns.into_inner(), failed)
    }

    /// Runs longer than the stack block, with numbers that take the general path (zeros,
    /// subnormals, infinities, NaNs, huge values) placed on both sides of every block
    /// boundary and at random: the text of each number one at a time.
    #[test]
    #[allow(clippy::indexing_slicing)]
    fn long_runs_cross_the_block() {
        let mut state = 0x2545_F491_u32;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            state
        };
        let slow = [
            0.0f32,
            -0.0,
            f32::INFINITY,
            f32::NAN,
            f32::from_bits(3),
            1e30,
        ];
        for round in 0..12 {
            let n = BLOCK_NUMBERS * 3 + round * 37;
            let mut xs: Vec<f32> = (0..n)
                .map(|_| {
                    f32::from_bits(next() & 0x7F7F_FFFF) * if next() & 1 == 0 { 1.0 } else { -1.0 }
                })
                .collect();
            for k in [
                BLOCK_NUMBERS - 1,
                BLOCK_NUMBERS,
                BLOCK_NUMBERS + 1,
                2 * BLOCK_NUMBERS,
            ] {
                if round % 3 == 0 {
                    if let Some(x) = xs.get_mut(k) {
                        *x = slow[round % slow.len()];
                    }
                }
            }
            for _ in 0..round {
                let at = next() as usize % n;
                xs[at] = slow[next() as usize % slow.len()];
            }
            for lead in [false, true] {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                godot4_components_f32(&mut a, &xs, lead);
                reference(&mut b, &xs, lead);
                assert_eq!(
                    String::from_utf8(a).unwrap(),
                    String::from_utf8(b).unwrap(),
                    "round {round}"
                );
            }
        }
    }

    #[test]
    fn sampled_runs_match_single_numbers() {
        let (checked, failed) = compare(1021);
        assert_eq!(failed, 0);
        assert!(checked > 4_000_000, "{checked}");
        // Every layout and the specials, mixed in one run, both signs.
        let mut xs: Vec<f32> = Vec::new();
        for e in -46..=39 {
            for m in [1.0f64, 1.5, 1.25, 1.234_567_9, 9.999_999, 3.0] {
                xs.push((m * 10f64.powi(e)) as f32);
            }
        }
        xs.extend([
            0.0,
            f32::INFINITY,
            f32::NAN,
            f32::from_bits(1),
            f32::MAX,
            1e15,
            1e-5,
            0.0001,
            999_999_900_000_000.0,
            1.5e10,
            0.87758255,
            f32::from_bits(u32::MAX),
        ]);
        let both: Vec<f32> = xs.iter().flat_map(|&x| [x, -x]).collect();
        for lead in [false, true] {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            godot4_components_f32(&mut a, &both, lead);
            reference(&mut b, &both, lead);
            assert_eq!(String::from_utf8(a).unwrap(), String::from_utf8(b).unwrap());
        }
        let mut a = Vec::new();
        godot4_components_f32(
            &mut a,
            &[1.0, -0.0, 0.5, -1e-5, f32::NEG_INFINITY, 1e15],
            false,
        );
        assert_eq!(a, b"1, 0, 0.5, -1e-05, inf_neg, 1e+15");
        let mut a = Vec::new();
        godot4_components_f32(&mut a, &[], true);
        assert!(a.is_empty());
    }

    /// Numbers below 1, whose digits are placed from the exponent alone: one to twelve
    /// digits after the point (nine significant digits at twelve), the last plain
    /// exponent (`0.0001`) and the first scientific one below it, both signs; the texts
    /// are those [`super::super::write_real`] prints for each number alone.
    #[test]
    fn below_one_texts() {
        let xs = [
            0.5f32,
            0.2,
            0.3,
            0.099_999_994,
            0.012_345_678,
            0.99999994,
            f32::from_bits(0x3A83_1693),
            f32::from_bits(0x38D1_BEE1),
            0.0001,
            f32::from_bits(0x38D1_B719),
            f32::from_bits(0x38D1_B716),
            5.960_464_5e-8,
        ];
        let expected = "0.5, 0.2, 0.3, 0.099999994, 0.012345678, 0.99999994, 0.0010001234, \
                        0.000100014506, 0.0001, 0.00010000001, 9.999999e-05, 5.9604645e-08";
        let mut a = Vec::new();
        godot4_components_f32(&mut a, &xs, false);
        assert_eq!(String::from_utf8(a).unwrap(), expected);
        let negative: Vec<f32> = xs.iter().map(|x| -x).collect();
        let mut a = Vec::new();
        godot4_components_f32(&mut a, &negative, true);
        let expected_negative: std::string::String = expected
            .split(", ")
            .map(|t| std::format!(", -{t}"))
            .collect();
        assert_eq!(String::from_utf8(a).unwrap(), expected_negative);
    }

    /// Every f32 bit pattern, in runs of 64 (2^32 patterns):
    /// `cargo test --release --lib -- --ignored number::batch --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_runs_match_single_numbers() {
        let start = std::time::Instant::now();
        let (checked, failed) = compare(1);
        std::eprintln!(
            "{checked} f32 bit patterns compared in runs, {failed} runs differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, 1 << 32, "every pattern");
    }
}
