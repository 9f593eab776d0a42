//! Grisu2 shortest-digit generation, as Godot 4 prints floats (the engine ships the
//! simdjson/nlohmann variant of Loitsch's Grisu2 as `thirdparty/grisu2`). Grisu2 is
//! not always the shortest representation and never accepts a decimal that lies exactly
//! on the boundary between two floats; printing exactly what the engine prints requires
//! the same algorithm, so this is an implementation of it, written from the paper and
//! the engine's observable output (see `tests/fixtures/extra/`).

use super::powers::{CachedPower, CACHED_POWERS};

pub(crate) mod normal;

/// A "do-it-yourself floating point" number: `f * 2^e`.
#[derive(Clone, Copy, Debug)]
pub(super) struct DiyFp {
    pub(super) f: u64,
    pub(super) e: i32,
}

impl DiyFp {
    fn sub(self, other: DiyFp) -> DiyFp {
        DiyFp {
            f: self.f.wrapping_sub(other.f),
            e: self.e,
        }
    }

    /// The product, rounded to 64 bits (ties up).
    fn mul(self, other: DiyFp) -> DiyFp {
        let p = u128::from(self.f) * u128::from(other.f) + (1u128 << 63);
        DiyFp {
            f: (p >> 64) as u64,
            e: self.e + other.e + 64,
        }
    }

    fn normalize(self) -> DiyFp {
        if self.f == 0 {
            return self;
        }
        let shift = self.f.leading_zeros();
        DiyFp {
            f: self.f << shift,
            e: self.e - shift as i32,
        }
    }

    fn normalize_to(self, e: i32) -> DiyFp {
        let delta = self.e - e;
        DiyFp {
            // A negative `delta` shifts nothing in: 0, as a shift of 64 or more.
            f: u32::try_from(delta)
                .ok()
                .and_then(|delta| self.f.checked_shl(delta))
                .unwrap_or(0),
            e,
        }
    }
}

/// `v` and its rounding boundaries `m-`, `m+` (normalized to the exponent of `m+`).
pub(super) struct Boundaries {
    w: DiyFp,
    minus: DiyFp,
    plus: DiyFp,
}

/// Boundaries of a positive finite float with `precision` significand bits (24 or 53)
/// and `bias` (150 or 1075) given its raw exponent and fraction fields.
pub(super) fn boundaries(biased_e: u64, fraction: u64, precision: i32, bias: i32) -> Boundaries {
    let hidden = 1u64 << (precision - 1);
    let min_exp = 1 - bias;
    let v = if biased_e == 0 {
        DiyFp {
            f: fraction,
            e: min_exp,
        }
    } else {
        DiyFp {
            f: fraction + hidden,
            // An exponent field: at most 0x7FF.
            e: i32::try_from(biased_e).unwrap_or(0) - bias,
        }
    };
    let lower_is_closer = fraction == 0 && biased_e > 1;
    let m_plus = DiyFp {
        f: 2 * v.f + 1,
        e: v.e - 1,
    };
    let m_minus = if lower_is_closer {
        DiyFp {
            f: 4 * v.f - 1,
            e: v.e - 2,
        }
    } else {
        DiyFp {
            f: 2 * v.f - 1,
            e: v.e - 1,
        }
    };
    let plus = m_plus.normalize();
    Boundaries {
        w: v.normalize(),
        minus: m_minus.normalize_to(plus.e),
        plus,
    }
}

/// The target range of binary exponents after scaling by a cached power: `[ALPHA, GAMMA]`
/// = `[-60, -32]`, so digits can be generated with 64-bit integer arithmetic.
const ALPHA: i32 = -60;

/// A cached power c = 10^-k such that `ALPHA <= e + c.e + 64 <= GAMMA`.
fn cached_power(e: i32) -> CachedPower {
    let f = ALPHA - e - 1;
    let k = (f * 78913) / (1 << 18) + i32::from(f > 0);
    let index = (300 + k + 7) / 8;
    let fallback = CachedPower {
        f: 1 << 63,
        e: -63,
        k: 0,
    };
    usize::try_from(index)
        .ok()
        .and_then(|i| CACHED_POWERS.get(i))
        .copied()
        .unwrap_or(fallback)
}

/// Decimal digits (as ASCII) and exponent: value = digits × 10^exponent.
pub(crate) struct Digits {
    buf: [u8; 20],
    len: usize,
    pub(crate) exponent: i32,
}

impl Digits {
    pub(crate) fn as_bytes(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    fn push(&mut self, digit: u8) {
        if let Some(slot) = self.buf.get_mut(self.len) {
            *slot = b'0' + digit;
            self.len += 1;
        }
    }

    fn decrement_last(&mut self) {
        if let Some(last) = self.len.checked_sub(1).and_then(|i| self.buf.get_mut(i)) {
            *last = last.wrapping_sub(1);
        }
    }
}

/// Grisu2 digits of a positive, finite, non-zero f32.
pub(crate) fn digits_f32(value: f32) -> Digits {
    grisu2(boundaries_f32(value.to_bits()))
}

/// Grisu2 digits of a positive, finite, non-zero f64.
pub(crate) fn digits_f64(value: f64) -> Digits {
    let bits = value.to_bits();
    grisu2(boundaries(
        bits >> 52 & 0x7FF,
        bits & ((1 << 52) - 1),
        53,
        1075,
    ))
}

/// Grisu2's scaled values: `v`, `m-` and `m+` times the cached power 10^-k (the products
/// rounded to 64 bits, the interval shrunk by one unit on each side), and `k`.
pub(super) struct Scaled {
    pub(super) w: DiyFp,
    pub(super) minus: DiyFp,
    pub(super) plus: DiyFp,
    pub(super) k: i32,
}

/// The boundaries of an f32 magnitude (`bits` without the sign).
#[inline(always)]
pub(super) fn boundaries_f32(bits: u32) -> Boundaries {
    boundaries(
        u64::from(bits >> 23 & 0xFF),
        u64::from(bits & 0x7F_FFFF),
        24,
        150,
    )
}

/// The scaling step of Grisu2 (everything before the digit generation).
#[inline(always)]
pub(super) fn scale(b: &Boundaries) -> Scaled {
    let cached = cached_power(b.plus.e);
    let c = DiyFp {
        f: cached.f,
        e: cached.e,
    };
    let w = b.w.mul(c);
    let w_minus = b.minus.mul(c);
    let w_plus = b.plus.mul(c);
    // Shrink the interval by one unit on each side: the products are inexact.
    let m_minus = DiyFp {
        f: w_minus.f.wrapping_add(1),
        e: w_minus.e,
    };
    let m_plus = DiyFp {
        f: w_plus.f.wrapping_sub(1),
        e: w_plus.e,
    };
    Scaled {
        w,
        minus: m_minus,
        plus: m_plus,
        k: cached.k,
    }
}

fn grisu2(b: Boundaries) -> Digits {
    let s = scale(&b);
    let mut digits = Digits {
        buf: [0; 20],
        len: 0,
        exponent: -s.k,
    };
    digit_gen(&mut digits, s.minus, s.w, s.plus);
    digits
}

/// Powers of ten that fit a u32.
const POW10: [u32; 10] = [
    1,
    10,
    100,
    1_000,
    10_000,
    100_000,
    1_000_000,
    10_000_000,
    100_000_000,
    1_000_000_000,
];

/// The decimal digits of `n` (values 0 to 9, most significant first) and how many there
/// are. Divisions by constants only: the compiler turns them into multiplications.
fn decimal_digits(mut n: u32) -> ([u8; 10], usize) {
    let len = n.checked_ilog10().map_or(1, |log| log as usize + 1);
    let mut digits = [0u8; 10];
    for slot in digits.iter_mut().take(len).rev() {
        *slot = (n % 10) as u8;
        n /= 10;
    }
    (digits, len)
}

fn digit_gen(out: &mut Digits, m_minus: DiyFp, w: DiyFp, m_plus: DiyFp) {
    let mut delta = m_plus.sub(m_minus).f;
    let mut dist = m_plus.sub(w).f;
    // In [32, 60] thanks to ALPHA/GAMMA (the clamp only states it), so `p1` fits a u32.
    let shift = (-m_plus.e).clamp(32, 60).unsigned_abs();
    let one = 1u64.checked_shl(shift).unwrap_or(0);
    let mut p1 = u32::try_from(m_plus.f >> shift).unwrap_or(u32::MAX);
    let mut p2 = m_plus.f & one.wrapping_sub(1);

    // The integral part's digits one by one, stopping as soon as the rest is within
    // `delta`; the remainder is kept by subtraction rather than by division.
    let (digits, len) = decimal_digits(p1);
    for (i, &d) in digits.iter().take(len).enumerate() {
        let left = len - 1 - i;
        let pow10 = POW10.get(left).copied().unwrap_or(1);
        p1 -= u32::from(d) * pow10;
        out.push(d);
        let rest = (u64::from(p1) << shift) + p2;
        if rest <= delta {
            // `left` < 10, the digits of a u32.
            out.exponent += i32::try_from(left).unwrap_or(0);
            round(out, dist, delta, rest, u64::from(pow10) << shift);
            return;
        }
    }
    let mut m = 0;
    loop {
        p2 = p2.wrapping_mul(10);
        let d = p2 >> shift;
        p2 &= one.wrapping_sub(1);
        // A digit: `p2` was below 2^shift before the multiplication by 10.
        out.push(u8::try_from(d).unwrap_or(0));
        m += 1;
        delta = delta.wrapping_mul(10);
        dist = dist.wrapping_mul(10);
        if p2 <= delta || out.len >= out.buf.len() {
            break;
        }
    }
    out.exponent -= m;
    round(out, dist, delta, p2, one);
}

/// Moves the last digit down while that brings the digits closer to `w`.
fn round(out: &mut Digits, dist: u64, delta: u64, mut rest: u64, ten_k: u64) {
    while rest < dist
        && delta - rest >= ten_k
        && (rest + ten_k < dist || dist - rest > rest + ten_k - dist)
    {
        out.decrement_last();
        rest += ten_k;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{format, string::String};

    fn text(d: &Digits) -> String {
        format!(
            "{}e{}",
            std::str::from_utf8(d.as_bytes()).unwrap(),
            d.exponent
        )
    }

    #[test]
    fn cached_powers_match_exact_powers_of_ten() {
        // 10^k = f * 2^e: normalized significands, k in steps of 8, exponents that put
        // f * 2^e at 10^k (checked through f64 where that is exact enough).
        for (i, p) in CACHED_POWERS.iter().enumerate() {
            assert!(p.f >> 63 == 1, "normalized");
            assert_eq!(p.k, -300 + 8 * i as i32);
            let log2 = f64::from(p.k) * std::f64::consts::LOG2_10;
            assert_eq!(p.e + 63, log2.floor() as i32, "k={}", p.k);
            if (-200..=200).contains(&p.k) {
                let approx = (p.f as f64) * 2f64.powi(p.e);
                let exact = 10f64.powi(p.k);
                assert!(((approx - exact) / exact).abs() < 1e-15, "k={}", p.k);
            }
        }
    }

    #[test]
    fn scaled_exponents_stay_in_alpha_gamma() {
        const GAMMA: i32 = -32;
        for e in -1137..=960 {
            let c = cached_power(e);
            let scaled = e + c.e + 64;
            assert!((ALPHA..=GAMMA).contains(&scaled), "e={e} scaled={scaled}");
        }
    }

    #[test]
    fn godot_choices() {
        // Observed in Godot 4.6.3: exact midpoints are not accepted, ties go down,
        // and Grisu2 is not always shortest.
        assert_eq!(text(&digits_f32(15000000512.0)), "15000001e3");
        assert_eq!(text(&digits_f32(3_247_457.25_f64 as f32)), "32474572e-1");
        assert_eq!(text(&digits_f64(0.1)), "1e-1");
        assert_eq!(
            text(&digits_f64(std::f64::consts::PI)),
            "3141592653589793e-15"
        );
    }

    #[test]
    fn every_exponent_finds_a_cached_power() {
        for bits in [
            1u64,
            0x000F_FFFF_FFFF_FFFF,
            0x0010_0000_0000_0000,
            0x7FEF_FFFF_FFFF_FFFF,
        ] {
            let d = digits_f64(f64::from_bits(bits));
            let back: f64 = text(&d).parse().unwrap();
            assert_eq!(back.to_bits(), bits);
        }
        for bits in [1u32, 0x007F_FFFF, 0x0080_0000, 0x7F7F_FFFF] {
            let d = digits_f32(f32::from_bits(bits));
            let back: f32 = text(&d).parse().unwrap();
            assert_eq!(back.to_bits(), bits);
        }
    }
}
