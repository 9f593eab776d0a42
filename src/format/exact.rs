//! Floats that are exactly a short decimal (integers, halves, quarters, `12.375`: the
//! values game data is full of), whose shortest digits need no search: they are the exact
//! decimal expansion itself.
//!
//! Why that is the shortest: a float `x = m × 2^-k` with odd `m` is exactly the decimal
//! `N × 10^-k` with `N = m × 5^k` (odd times a power of 5: no trailing zero). If `N` has at
//! most `DIG` digits (6 for f32, 15 for f64: `FLT_DIG`, `DBL_DIG`), any shorter decimal is
//! another decimal of at most `DIG` digits, and distinct decimals of `DIG` digits convert
//! to distinct floats, so none of them reads back as `x`. Being exact, the digits are also
//! the nearest: no tie to break. An integer below `2^p` (`p` = 24 or 53 significand bits)
//! has an ulp of at most 1, and any decimal with fewer significant digits is at least 1
//! away, so its digits (trailing zeros dropped) are the shortest too.

/// Decimal digits of a float that is exactly `digits × 10^exponent`, `digits` without
/// trailing zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Exact {
    pub(crate) digits: u64,
    pub(crate) exponent: i32,
}

/// Powers of 5 up to 5^27 (5^27 < 2^63): the digits of an exact binary fraction.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
pub(crate) const POW5: [u64; 28] = {
    let mut out = [1u64; 28];
    let mut i = 1;
    while i < 28 {
        out[i] = out[i - 1] * 5;
        i += 1;
    }
    out
};

/// The exact short decimal of a positive, finite `f64`, if it has one (see the module
/// docs); `None` otherwise (then a shortest-digits search is needed).
#[inline]
pub(crate) fn exact_f64(x: f64) -> Option<Exact> {
    let bits = x.to_bits();
    let biased = (bits >> 52) & 0x7FF;
    let fraction = bits & ((1 << 52) - 1);
    if biased == 0 || biased == 0x7FF {
        return None; // zero, subnormal, inf, nan: not here
    }
    exact(fraction | 1 << 52, biased as i32 - 1075, 53, 15)
}

/// [`exact_f64`] for an `f32`: its own shortest digits (6 at most, or an integer below
/// 2^24).
#[inline]
pub(crate) fn exact_f32(x: f32) -> Option<Exact> {
    let bits = x.to_bits();
    let biased = (bits >> 23) & 0xFF;
    let fraction = bits & ((1 << 23) - 1);
    if biased == 0 || biased == 0xFF {
        return None;
    }
    exact(u64::from(fraction | 1 << 23), biased as i32 - 150, 24, 6)
}

/// `m × 2^e` (`m` with `precision` bits) as an exact decimal of at most `dig` digits, or
/// an integer below `2^precision`.
#[inline(always)]
fn exact(m: u64, e: i32, precision: u32, dig: u32) -> Option<Exact> {
    let zeros = m.trailing_zeros();
    let (m, e) = (m >> zeros, e + zeros as i32);
    if e >= 0 {
        // An integer: below 2^precision, every one is a float and its digits are shortest.
        let n = m
            .checked_shl(e.unsigned_abs())
            .filter(|&n| n >> precision == 0 && n >> e == m)?;
        let mut digits = n;
        let mut exponent = 0;
        while digits % 10 == 0 {
            digits /= 10;
            exponent += 1;
        }
        return Some(Exact { digits, exponent });
    }
    // m odd, x = m / 2^k = m × 5^k / 10^k: digits m × 5^k, no trailing zero.
    let k = e.unsigned_abs();
    let digits = m.checked_mul(*POW5.get(k as usize)?)?;
    if digits.checked_ilog10()? >= dig {
        return None;
    }
    Some(Exact {
        digits,
        exponent: -(k as i32),
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure
    use super::*;
    use std::format;
    use std::string::String;

    /// `digits × 10^exponent` as `{digits}e{exponent}`, and the shortest digits Rust's
    /// `{:e}` finds for the same float, in the same form.
    fn ours(e: Exact) -> String {
        format!("{}e{}", e.digits, e.exponent)
    }

    fn shortest(text: String) -> String {
        // `{:e}` gives d.ddde±x: the digits without the point, and the exponent of the last.
        let (mantissa, exp) = text.split_once('e').unwrap();
        let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
        let exp: i32 = exp.parse().unwrap();
        format!("{}e{}", digits, exp - (digits.len() as i32 - 1))
    }

    #[test]
    fn game_values_are_exact() {
        assert_eq!(
            exact_f64(1.0),
            Some(Exact {
                digits: 1,
                exponent: 0
            })
        );
        assert_eq!(
            exact_f64(49999.5),
            Some(Exact {
                digits: 499995,
                exponent: -1
            })
        );
        assert_eq!(
            exact_f64(1000.0),
            Some(Exact {
                digits: 1,
                exponent: 3
            })
        );
        assert_eq!(
            exact_f32(0.375),
            Some(Exact {
                digits: 375,
                exponent: -3
            })
        );
        assert_eq!(
            exact_f32(16777215.0),
            Some(Exact {
                digits: 16777215,
                exponent: 0
            })
        );
        // Not exact, too long, or out of range: left to the search.
        assert_eq!(exact_f64(0.1), None);
        assert_eq!(exact_f32(12345.25), None); // 7 digits
        assert_eq!(exact_f64(2f64.powi(60)), None);
        assert_eq!(exact_f32(f32::MIN_POSITIVE / 2.0), None);
        assert_eq!(exact_f64(f64::INFINITY), None);
    }

    /// Against Rust's shortest digits, on every f32 built from a small odd significand
    /// and every exponent that can make it exact, and on random f64s of the same shape.
    #[test]
    fn exact_digits_are_the_shortest() {
        let mut hits = 0;
        for k in -30i32..=30 {
            for m in (1u32..4096)
                .step_by(2)
                .chain([(1 << 24) - 1, (1 << 23) + 1])
            {
                let x = m as f32 * 2f32.powi(k);
                if let Some(e) = exact_f32(x) {
                    assert_eq!(ours(e), shortest(format!("{x:e}")), "{x:?}");
                    hits += 1;
                }
                let y = f64::from(m) * 2f64.powi(k) * 1.5;
                if let Some(e) = exact_f64(y) {
                    assert_eq!(ours(e), shortest(format!("{y:e}")), "{y:?}");
                    hits += 1;
                }
            }
        }
        assert!(hits > 40_000, "{hits}");
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        for _ in 0..200_000 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let m = (state >> 11) | 1 << 52;
            let x = f64::from_bits(((1075 - 20 + (state % 80)) << 52) | (m & ((1 << 52) - 1)));
            let x = (x * 1024.0).round() / 1024.0; // make some exact
            if let Some(e) = exact_f64(x) {
                assert_eq!(ours(e), shortest(format!("{x:e}")), "{x:?}");
            }
        }
    }
}
