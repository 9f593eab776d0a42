//! The searched text of an `f32` as Rust's `{:?}` lays it out (`0.125`, `1500.0`, `1e16`,
//! `-1.5e-7`), built in registers: the shortest digits ([`shortest32::split`]) as nine
//! ASCII digits (leading zeros too) in one 128-bit word, the last eight made side by side
//! in one 64-bit word (SWAR), the count of leading and trailing zeros read off that word,
//! and the point, the zeros, the sign and the exponent merged in by shifts and masks;
//! then 16 bytes stored whole and the length set. Past the last digit the word may hold
//! anything: it is cut off. Apart from the layout (decimal below 1, decimal from 1,
//! exponential; and decimals from 1e13, longer than 16 bytes, through a block), no branch
//! depends on the value.

// Shift amounts are byte counts of at most 16 (times 8), taken from exponents bounded by
// the layout's range; `wrapping_sh*` keeps any amount from panicking.
#![allow(clippy::cast_sign_loss)]

use crate::format::num::digits::eight as eight_digits;
use crate::format::num::shortest32;

/// Nine ASCII zeros (bytes 0 to 8).
const NINE_ZEROS: u128 = u128::from_le_bytes([b'0'; 16]) >> 56;

/// `0.000000`: the head of a decimal below 1 (the digits land on its zeros or after).
const ZERO_POINT: u128 = u64::from_le_bytes(*b"0.000000") as u128;

/// ASCII zeros in bytes 9 to 15, above nine digits.
const ZEROS_ABOVE_NINE: u128 = u128::from_le_bytes([b'0'; 16]) << 72;

/// The low `n` bytes set, `n` from 1 to 16.
#[inline(always)]
fn low_bytes(n: u32) -> u128 {
    u128::MAX.wrapping_shr(128u32.wrapping_sub(8 * n))
}

/// The shortest digits of a float as nine ASCII digits (leading and trailing zeros
/// included, the first in the lowest byte), with what the layout needs to know of them.
struct Nine {
    text: u128,
    /// Zeros before the first significant digit (0 to 8).
    lead: u32,
    /// Digits from the first to the last nonzero one (1 to 9).
    significant: u32,
    /// The exponent of the last of the nine.
    exponent: i32,
}

impl Nine {
    /// Of positive, finite, nonzero `bits`.
    #[inline(always)]
    fn of(bits: u32) -> Nine {
        let split = shortest32::split(bits);
        let tens = eight_digits(split.tens + split.carry);
        let digits = u128::from(tens) | (u128::from(split.last) << 64);
        // The first digit is the lowest byte, the last the highest of nine; not all are
        // zero. (Counted on the whole word: a select, not a branch on the last digit.)
        let lead = digits.trailing_zeros() / 8;
        let trail = (digits.leading_zeros() - 56) / 8;
        Nine {
            text: digits | NINE_ZEROS,
            lead,
            significant: 9 - lead - trail,
            exponent: split.exponent,
        }
    }

    /// The exponent of the first significant digit: the value is d.ddd × 10^e.
    #[inline(always)]
    fn e(&self) -> i32 {
        self.exponent + 8 - self.lead as i32
    }
}
/// The text of finite `x` (see [`push_f32`](super::push_f32)) as 16 bytes and its length, or `None` for a
/// decimal from 1e13 on (longer: [`long_text`]).
#[inline(always)]
pub(super) fn text_of(x: f32) -> Option<(u128, u32)> {
    let bits = x.to_bits();
    // Positive floats compare as their bits do (integer compares: no trip through the
    // vector registers).
    let magnitude = bits & 0x7FFF_FFFF;
    let zero = magnitude == 0;
    let decimal = zero || (1e-4f32.to_bits()..1e16f32.to_bits()).contains(&magnitude);
    // Zero is laid out as 0.5 is, its digit then replaced.
    let nine = Nine::of(if zero { 0.5f32.to_bits() } else { magnitude });
    let e = nine.e();
    let (lead, significant) = (nine.lead, nine.significant);
    let (text, len) = if decimal {
        if e < 0 {
            // `0.`, -e - 1 zeros (e ≥ -4 here), the digits: the first significant digit
            // moved to byte 1 - e, over the zeros of `0.000000`.
            let shift = 8 * (14 + nine.exponent) as u32;
            let text = ((nine.text << 56).wrapping_shr(shift) & !0xFFFF) | ZERO_POINT;
            let text = if zero { ZERO_POINT } else { text };
            (text, (1 - e) as u32 + significant)
        } else if e <= 12 {
            // `int` integer digits (from 1 to 13), the point, the rest or `0`: the digits
            // from byte 0, zeros after them, split at `int` for the point.
            let digits = (nine.text | ZEROS_ABOVE_NINE).rotate_right(8 * lead);
            let int = e as u32 + 1;
            let below = low_bytes(int);
            let text = (digits & below)
                | ((digits & !below) << 8)
                | u128::from(b'.').wrapping_shl(8 * int);
            (text, (significant + 1).max(int + 2))
        } else {
            return None;
        }
    } else {
        let digits = (nine.text | ZEROS_ABOVE_NINE).rotate_right(8 * lead);
        exponential(digits, significant, e)
    };
    let negative = bits >> 31 != 0;
    let text = if negative {
        (text << 8) | u128::from(b'-')
    } else {
        text
    };
    let len = len + u32::from(negative);
    Some((text, len))
}

/// `d.ddde-7`, `de16`: the first digit, a point and the other `len - 1` digits when there
/// are more, `e` and the exponent (|e| ≤ 45). At most 15 bytes.
#[inline(always)]
fn exponential(digits: u128, len: u32, e: i32) -> (u128, u32) {
    let mantissa_len = if len > 1 { len + 1 } else { 1 };
    let mantissa = ((digits & 0xFF) | ((digits & !0xFF) << 8) | u128::from(b'.') << 8)
        & low_bytes(mantissa_len);
    let a = e.unsigned_abs();
    let two = a >= 10;
    let exp_digits = if two {
        (a / 10 + u32::from(b'0')) | ((a % 10 + u32::from(b'0')) << 8)
    } else {
        a + u32::from(b'0')
    };
    let minus = e < 0;
    let exp = if minus {
        u32::from_le_bytes(*b"e-\0\0") | (exp_digits << 16)
    } else {
        u32::from(b'e') | (exp_digits << 8)
    };
    let exp_len = 2 + u32::from(minus) + u32::from(two);
    (
        mantissa | u128::from(exp).wrapping_shl(8 * mantissa_len),
        mantissa_len + exp_len,
    )
}

/// A decimal from 1e13 to 1e16 (`e` from 13 to 16, up to 20 bytes): the digits, zeros up
/// to the point, `.0` (no more than nine digits: all of them before the point), in a
/// block, and its length (at most 20). Rare.
#[inline(never)]
pub(super) fn long_text(x: f32) -> ([u8; 32], usize) {
    let negative = x.is_sign_negative();
    let nine = Nine::of(x.to_bits());
    let (lead, e) = (nine.lead, nine.e());
    let mut block = [b'0'; 32];
    let sign = usize::from(negative);
    if negative {
        if let Some(first) = block.first_mut() {
            *first = b'-';
        }
    }
    let digits = (nine.text >> (8 * lead)).to_le_bytes();
    let len = 9 - lead as usize;
    if let (Some(dst), Some(src)) = (block.get_mut(sign..sign + len), digits.get(..len)) {
        dst.copy_from_slice(src);
    }
    // e ≤ 16: the point within the block.
    let point = sign + e.unsigned_abs() as usize + 1;
    if let Some(slot) = block.get_mut(point) {
        *slot = b'.';
    }
    (block, (point + 2).min(32))
}
