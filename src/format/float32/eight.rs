//! Eight decimal digits side by side in one word (SWAR), for the float texts.

// Quotients of bounded values: the casts cannot lose bits.
#![allow(clippy::cast_possible_truncation)]

/// The eight decimal digits of `n < 10^8`, one per byte (values 0 to 9, not yet ASCII),
/// the first in the lowest byte: the two halves of four digits, then their pairs, then
/// their digits, split side by side in one word. Each quotient is a multiply and a shift
/// (exact for these ranges: checked by a test), and each `q | (x - k·q) << w` is one
/// multiply-add, `(x << w) + q·(1 - k·2^w)`.
#[inline(always)]
pub(super) fn eight_digits(n: u32) -> u64 {
    let high = n / 10_000;
    let halves = (u64::from(n) << 32)
        .wrapping_add(u64::from(high).wrapping_mul(1u64.wrapping_sub(10_000 << 32)));
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007F_0000_007F;
    let pairs = (halves << 16).wrapping_add(hundreds.wrapping_mul(1u64.wrapping_sub(100 << 16)));
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    (pairs << 8).wrapping_add(tens.wrapping_mul(1u64.wrapping_sub(10 << 8)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight(n: u32) -> [u8; 8] {
        let mut out = [0u8; 8];
        let mut m = n;
        for slot in out.iter_mut().rev() {
            *slot = (m % 10) as u8;
            m /= 10;
        }
        out
    }

    /// Against the decimal digits: every value below 10^6, and every 97th below 10^8
    /// (the two halves are computed side by side and apart: 97 is prime to 10^4, so
    /// every value of each half is met).
    #[test]
    fn eight_digits_are_the_decimal_digits() {
        for n in (0..1_000_000u32)
            .chain((0..100_000_000).step_by(97))
            .chain([99_999_999])
        {
            assert_eq!(eight_digits(n).to_le_bytes(), eight(n), "{n}");
        }
    }
}
