//! Numbers one at a time in the text walk: ints ([`push_int`]), and Godot 4's text of a
//! `float` value that is exactly a normal f32 (a Dictionary's or an Array's `Float`):
//! the digits of an exact short decimal directly ([`exact`]), the others from
//! [`grisu::normal::decimal`] (64-bit steps, a table per exponent field), laid out in one
//! 128-bit register (SWAR digits, the point by a shift and a mask) and stored with one
//! fixed-size copy. The same text as [`super::number::write_real`] with `Role::Float` (or
//! `Role::Component`) in Godot 4: checked on a sample always, on every f32 bit pattern by
//! an ignored test. What it does not lay out (zeros, subnormals, infinities, NaNs and the
//! scientific layout) is left to `write_real`.

// Digit counts (at most 20), decimal exponents of an f32 (|e| < 60) and shifts below 128:
// the casts are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

use alloc::vec::Vec;

use super::grisu::normal;
use super::powers::POW10;
use crate::format::exact::POW5;

/// `'0'` in every byte.
const ASCII_ZEROS: u128 = 0x3030_3030_3030_3030_3030_3030_3030_3030;

/// The eight decimal digits of `x < 10^8` as byte values 0..=9, the most significant in the
/// lowest byte: split into two halves of four digits (one per 32-bit lane), each into two
/// pairs (16-bit lanes), each pair into two digits (8-bit lanes). The divisions by 100 and
/// 10 are multiplications by reciprocals that are exact in these ranges, and no lane's
/// product spills into the next.
#[inline(always)]
fn digits8(x: u64) -> u64 {
    let high4 = x / 10_000;
    let lanes = high4 | (x - high4 * 10_000) << 32;
    // ⌊v / 100⌋ = (v × 5243) >> 19 for v < 10^4.
    let high2 = ((lanes * 5243) >> 19) & 0x0000_007F_0000_007F;
    let lanes = high2 | (lanes - high2 * 100) << 16;
    // ⌊v / 10⌋ = (v × 103) >> 10 for v < 100.
    let high1 = ((lanes * 103) >> 10) & 0x000F_000F_000F_000F;
    high1 | (lanes - high1 * 10) << 8
}

/// The sixteen ASCII digits of `n < 10^16` (leading `'0'`s), the first in the lowest byte.
#[inline(always)]
fn ascii16(n: u64) -> u128 {
    let (high, low) = (n / 100_000_000, n % 100_000_000);
    (u128::from(digits8(high)) | u128::from(digits8(low)) << 64) | ASCII_ZEROS
}

/// The number of decimal digits of `n` (1 for 0).
#[inline(always)]
fn digit_count(n: u64) -> u32 {
    n.checked_ilog10().map_or(1, |log| log + 1)
}

/// `digits × 10^exponent` (`digits` without trailing zeros) in Godot 4's plain layout,
/// when that applies (the first digit's decimal exponent in −4..=14): the text in the low
/// bytes, its length, and whether it has a fraction. `None` for the scientific layout or
/// a text over 16 bytes.
#[inline(always)]
fn plain(digits: u64, exponent: i32) -> Option<(u128, usize, bool)> {
    let k = digit_count(digits) as i32;
    // value = 0.d1d2… × 10^n
    let n = k + exponent;
    if n <= -4 || n > 15 {
        return None;
    }
    // The integer part (at least one digit: `0` below 1) and the fraction (the digits'
    // last `f`, with the zeros right after the point as its leading zeros).
    let f = (-exponent).max(0) as u32;
    let ip = n.max(1) as u32;
    let width = ip + f;
    let fraction = f > 0;
    if width + u32::from(fraction) > 16 {
        return None;
    }
    let whole = digits.checked_mul(*POW10.get(exponent.max(0) as usize)?)?;
    // Left-aligned in eight or sixteen digits: the first `width` bytes are the text's
    // digits.
    let text = if width <= 8 {
        u128::from(digits8(
            whole.checked_mul(*POW10.get((8 - width) as usize)?)?,
        )) | ASCII_ZEROS
    } else {
        ascii16(whole.checked_mul(*POW10.get((16 - width) as usize)?)?)
    };
    if !fraction {
        return Some((text, width as usize, false));
    }
    // The bytes from `ip` on move up one for the point.
    let low = (1u128 << (8 * ip)) - 1;
    let joined = (text & low) | (text & !low) << 8 | u128::from(b'.') << (8 * ip);
    Some((joined, width as usize + 1, true))
}

/// The digits of the normal f32 of magnitude bits `bits` when it is exactly a short
/// decimal: an integer below 2^24, as `(n, 0)` (trailing zeros kept: the plain layout of
/// an integer does not need them dropped), or `m × 2^-k` (odd `m`) whose decimal
/// `m × 5^k × 10^-k` has at most 6 digits (no trailing zero). Such a decimal is the f32's
/// shortest digits (see `crate::format::exact`), and Grisu2 gives the same: the tests
/// compare the text with `write_real`'s on every f32. `None` otherwise.
#[inline(always)]
fn exact(bits: u32) -> Option<(u64, i32)> {
    let biased = (bits >> 23) as i32;
    if biased == 0 || biased >= 255 {
        return None;
    }
    let m = (bits & 0x7F_FFFF) | 0x80_0000;
    let zeros = m.trailing_zeros();
    let (m, e) = (u64::from(m >> zeros), biased - 150 + zeros as i32);
    if e >= 0 {
        // Below 2^24 only: the shift keeps the integer under 2^24 (24 bits at most).
        return (e < 24)
            .then(|| m << e)
            .filter(|&n| n < 1 << 24)
            .map(|n| (n, 0));
    }
    // m × 5^k < 10^6 needs 5^k < 10^6: k ≤ 8 (a larger k fails the test below).
    let k = (-e) as usize;
    let digits = m.checked_mul(*POW5.get(k)?)?;
    (digits < 1_000_000).then_some((digits, e))
}

/// Appends Godot 4's text of the f32 `x` as a `float` (`float_role`: `.0` after a whole
/// number) or a component, and returns `true`, when `x` is normal and prints in the plain
/// layout; otherwise appends nothing and returns `false` (for `write_real`).
#[inline(always)]
pub(super) fn godot4_f32(out: &mut Vec<u8>, x: f32, float_role: bool) -> bool {
    let bits = x.to_bits();
    let magnitude = bits & 0x7FFF_FFFF;
    let found = match exact(magnitude) {
        Some(found) => Some(found),
        None => normal::decimal(magnitude),
    };
    let Some((digits, exponent)) = found else {
        return false;
    };
    let Some((text, len, fraction)) = plain(digits, exponent) else {
        return false;
    };
    if bits >> 31 != 0 {
        out.push(b'-');
    }
    // One 16-byte store, then the length; `.0` for a whole float.
    let start = out.len();
    out.extend_from_slice(&text.to_le_bytes());
    out.truncate(start + len);
    if float_role && !fraction {
        out.extend_from_slice(b".0");
    }
    true
}

/// Appends the decimal text of `n`: below 10^8 in magnitude, the digits by SWAR and one
/// 8-byte store; larger ones through `push_i64`.
#[inline(always)]
pub(super) fn push_int(out: &mut Vec<u8>, n: i64) {
    let magnitude = n.unsigned_abs();
    if magnitude >= 100_000_000 {
        return crate::format::number::push_i64(out, n);
    }
    if n < 0 {
        out.push(b'-');
    }
    let len = digit_count(magnitude);
    // The leading zeros are the low bytes: shifted out.
    let text = (digits8(magnitude) | 0x3030_3030_3030_3030) >> (8 * (8 - len));
    let start = out.len();
    out.extend_from_slice(&text.to_le_bytes());
    out.truncate(start + len as usize);
}

#[cfg(test)]
mod tests {
    use super::super::number::{write_real, Role};
    use super::super::style::TextStyle;
    use super::*;
    use std::{string::String, vec::Vec};

    /// The new route with its fallback, as the walk takes it.
    fn routed(out: &mut Vec<u8>, x: f32, role: Role) {
        if !godot4_f32(out, x, role == Role::Float) {
            write_real(out, f64::from(x), role, TextStyle::Godot4);
        }
    }

    /// Every `step`-th f32 bit pattern (all of them, NaNs, zeros and subnormals included),
    /// both roles each, through [`routed`] and through `write_real`: (compared,
    /// differing). Where the new route declines (it must then append nothing), the routed
    /// text is `write_real`'s by construction: only that nothing was appended is checked.
    fn compare(step: usize) -> (u64, u64) {
        use crate::format::sweep::{sweep, Verdict};
        sweep(0..1 << 32, step, |bits, (a, b): &mut (Vec<u8>, Vec<u8>)| {
            let x = f32::from_bits(bits);
            for role in [Role::Float, Role::Component] {
                a.clear();
                b.clear();
                a.push(b'[');
                b.push(b'[');
                if !godot4_f32(a, x, role == Role::Float) {
                    if a.len() != 1 {
                        return Verdict::Differ(std::format!("{a:?} appended, then declined"));
                    }
                    continue;
                }
                write_real(b, f64::from(x), role, TextStyle::Godot4);
                if a != b {
                    return Verdict::texts(a, b);
                }
            }
            Verdict::Same
        })
    }

    fn text(x: f32) -> String {
        let mut out = Vec::new();
        routed(&mut out, x, Role::Float);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sampled_text_matches_write_real() {
        let (checked, failed) = compare(983);
        assert_eq!(failed, 0);
        assert!(checked > 4_000_000, "{checked}");
        // Every plain layout and its edges, both signs and roles.
        let mut xs: Vec<f32> = Vec::new();
        for e in -46..=39 {
            for m in [1.0f64, 1.5, 1.25, 1.234_567_9, 9.999_999, 3.0, 9.5] {
                xs.push((m * 10f64.powi(e)) as f32);
            }
        }
        xs.extend([
            0.0,
            f32::MIN_POSITIVE,
            f32::MAX,
            1e15,
            999_999_900_000_000.0,
            1e14,
            1e-4,
            1e-5,
            0.000_123_456_7,
            16_777_216.0,
            0.1,
            49_999.5,
        ]);
        for x in xs.iter().flat_map(|&x| [x, -x]) {
            for role in [Role::Float, Role::Component] {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                routed(&mut a, x, role);
                write_real(&mut b, f64::from(x), role, TextStyle::Godot4);
                assert_eq!(a, b, "{x:e}");
            }
        }
        assert_eq!(text(0.5), "0.5");
        assert_eq!(text(1.0), "1.0");
        assert_eq!(text(-49_999.5), "-49999.5");
        assert_eq!(text(1e14), "100000000000000.0");
        assert_eq!(text(0.0001), "0.0001");
        assert_eq!(text(1e15), "1e+15");
        assert_eq!(text(1e-5), "1e-05");
        // Not laid out here: left to write_real.
        for x in [
            0.0,
            -0.0,
            1e15,
            1e-5,
            f32::NAN,
            f32::INFINITY,
            f32::from_bits(1),
        ] {
            assert!(!godot4_f32(&mut Vec::new(), x, true), "{x:e}");
        }
    }

    #[test]
    fn ints_match_push_i64() {
        let mut ns: Vec<i64> = std::vec![0, 1, 9, 10, 99, 100, i64::MIN, i64::MAX, -1];
        for p in 0..19 {
            let t = 10i64.pow(p);
            ns.extend([t - 1, t, t + 1, 7 * t / 3]);
        }
        ns.extend((0..200_000).map(|i| i * 7919 % 100_000_003 - 50_000_000));
        for n in ns.iter().flat_map(|&n| [n, n.wrapping_neg()]) {
            let (mut a, mut b) = (std::vec![b'['], std::vec![b'[']);
            push_int(&mut a, n);
            crate::format::number::push_i64(&mut b, n);
            assert_eq!(a, b, "{n}");
        }
    }

    /// Every f32 bit pattern, both roles:
    /// `cargo test --release --lib -- --ignored text::single --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_text_matches_write_real() {
        let start = std::time::Instant::now();
        let (checked, failed) = compare(1);
        std::eprintln!(
            "{checked} f32 bit patterns compared (both roles each), {failed} differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, 1 << 32, "every pattern");
    }
}
