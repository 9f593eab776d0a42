//! Grisu2's f32 digits without the digit-by-digit loop: the same answer as
//! [`super::digits_f32`], computed in closed form from the same scaled values.
//!
//! Grisu2 (see `grisu.rs`) scales `v`, `m-`, `m+` by a cached power `10^k` (the table's `k`) into 64-bit
//! fixed point with `s` fraction bits, shrinks the interval by one unit on each side
//! (`P` = scaled `m+` − 1, `M` = scaled `m-` + 1, `W` = scaled `v`), and from there on
//! works on integers only: with `δ = P − M` and `unit(j) = 10^j · 2^s`,
//!
//! 1. the digit loop stops at the first (largest) `j` with `P mod unit(j) ≤ δ`, and
//!    `P mod unit(j)` grows with `j`, so `j` is the largest such exponent: the digits are
//!    `⌊P / unit(j)⌋`;
//! 2. the rounding step lowers the last digit while the next lower candidate stays in the
//!    interval and is closer to `W` (Grisu2's exact comparisons).
//!
//! Every comparison there is between sums of the same quantities times a common power
//! of ten, so it can be made at any common scale. Here the scale is fixed once from the
//! size of `δ`: `j₀ ≤ log10(δ / 2^s)` (so `j₀` satisfies step 1), the quotient and
//! remainder of `P` at `unit(j₀)` in one 128-bit product, then `j` goes up one digit at a
//! time (one or two steps, more only for trailing zeros) and the rounding runs on 128-bit
//! integers. The scaling (three 64-bit products) is the old code's, so the rounding of
//! those products, which decides the engine's choices at the interval's edges, is the
//! same. Where a range assumption does not hold (never for an f32, but not assumed), the
//! old digit loop answers. The ignored test `exhaustive_matches_digit_loop` compares the
//! two on every f32 bit pattern; a sampled version always runs.

use super::{boundaries_f32, scale};
use crate::format::text::powers::POW10;

/// `digits × 10^exponent`, `digits` without trailing zeros (Grisu2's digits as a number).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    pub(crate) digits: u64,
    pub(crate) exponent: i32,
}

/// `⌈2^34 / 10^l⌉`: `⌊b / 10^l⌋ = (b × that) >> 34` for every `b < 2^20` (as
/// `b · 10^l ≤ 2^34`).
const RECIPROCALS: [u64; 5] = [
    1 << 34,
    (1 << 34) / 10 + 1,
    (1 << 34) / 100 + 1,
    (1 << 34) / 1000 + 1,
    (1 << 34) / 10000 + 1,
];

/// Grisu2's digits of a positive, finite, non-zero f32 (its sign is ignored): the same
/// as [`super::digits_f32`].
#[inline]
pub(crate) fn decimal_f32(value: f32) -> Decimal {
    let bits = value.to_bits() & 0x7FFF_FFFF;
    let scaled = scale(&boundaries_f32(bits));
    // j₀ ≈ log10(δ / 2^s) = log10(ulp · 10^k), from the exponent alone (off the chain of
    // products): ⌊log10 ulp⌋ + k, one lower where δ is a little below that (ulp 1, or the
    // narrower interval below a power of two). Any j₀ whose remainder is within δ gives
    // the same answer (step 1 only goes up); one that is not falls back.
    let biased = (bits >> 23) as i32;
    let q = biased.max(1) - 150;
    let narrower = bits & 0x7F_FFFF == 0 && biased > 1;
    let j0 = ((q * 78913) >> 18) + scaled.k - i32::from(narrower | (q == 0));
    closed_form(scaled.plus.f, scaled.minus.f, scaled.w.f, scaled.plus.e, j0)
        .map(|(digits, j)| Decimal {
            digits,
            exponent: j - scaled.k,
        })
        .unwrap_or_else(|| reference(value))
}

/// The scaling step alone (for the timing test's split of the cost).
#[cfg(test)]
pub(crate) fn scale_only(value: f32) -> u64 {
    let bits = value.to_bits() & 0x7FFF_FFFF;
    let scaled = scale(&boundaries_f32(bits));
    scaled.plus.f ^ scaled.minus.f ^ scaled.w.f ^ scaled.plus.e as u64
}

/// The old digit loop's answer as a [`Decimal`].
#[cold]
fn reference(value: f32) -> Decimal {
    let d = super::digits_f32(f32::from_bits(value.to_bits() & 0x7FFF_FFFF));
    let digits = d.as_bytes().iter().fold(0u64, |n, &c| {
        n.wrapping_mul(10)
            .wrapping_add(u64::from(c.wrapping_sub(b'0')))
    });
    Decimal {
        digits,
        exponent: d.exponent,
    }
}

/// Steps 1 and 2 of the module docs on `P` (`plus`), `M` (`minus`), `W` (`w`) with binary
/// exponent `e` (= −s), from `j₀` (at most the answer): the digits and `j`. `None` outside the ranges Grisu2 keeps to.
#[inline(always)]
fn closed_form(plus: u64, minus: u64, w: u64, e: i32, j0: i32) -> Option<(u64, i32)> {
    let s = u32::try_from(-e).ok().filter(|s| (32..=60).contains(s))?;
    let delta = plus.checked_sub(minus).filter(|&d| d > 0)?;
    let dist = plus.checked_sub(w)?;
    let mask = (1u64 << s) - 1;
    // At unit(j₀), scaled by 10^t: quotient `q`, remainder `r`, the unit `u` (= 2^s times
    // `unit_tens`), and δ and the distance to W at the same scale.
    let (q, r, u, unit_tens, unit_log, delta, dist) = if j0 <= 0 {
        let p10 = *POW10.get(j0.unsigned_abs() as usize)?;
        let x = u128::from(plus) * u128::from(p10);
        let q = u64::try_from(x >> s).ok()?;
        let r = x & u128::from(mask);
        (
            q,
            r,
            1u128 << s,
            1,
            0,
            u128::from(delta) * u128::from(p10),
            u128::from(dist) * u128::from(p10),
        )
    } else {
        let p10 = *POW10.get(j0.unsigned_abs() as usize)?;
        let p1 = plus >> s;
        let (q, rem) = match j0 {
            1 => (p1 / 10, p1 % 10),
            2 => (p1 / 100, p1 % 100),
            _ => (p1 / p10, p1 % p10),
        };
        (
            q,
            u128::from(rem) << s | u128::from(plus & mask),
            u128::from(p10) << s,
            p10,
            j0,
            u128::from(delta),
            u128::from(dist),
        )
    };
    if r > delta || q == 0 {
        return None;
    }
    // Step 1: one more digit off while the remainder stays within δ (and a digit is
    // left). j₀ is the exact answer or one below, so the answer is mostly j₀ + 0, 1 or 2:
    // those are tried without branches, further digits (zeros) in a loop.
    // `d · u ≤ δ − r` for a multiple `d` of the unit is `d · unit_tens ≤ room`.
    let room = u64::try_from((delta - r) >> s).ok()?;
    let (q1, q2, q3) = (q / 10, q / 100, q / 1000);
    let (d1, d2, d3) = (q - q1 * 10, q - q2 * 100, q - q3 * 1000);
    let fits = |next: u64, d: u64| {
        (next != 0) & (u128::from(d) * u128::from(unit_tens) <= u128::from(room))
    };
    let (c1, c2, c3) = (fits(q1, d1), fits(q2, d2), fits(q3, d3));
    // The conditions only grow harder with the step: the count of those that hold.
    let i = usize::from(c1) + usize::from(c1 & c2);
    let pick = |v: [u64; 3]| v.get(i).copied().unwrap_or_default();
    let (mut n, mut rem, mut pow) = (pick([q, q1, q2]), pick([0, d1, d2]), pick([1, 10, 100]));
    let mut j = j0 + i32::from(c1) + i32::from(c1 & c2);
    if c1 & c2 & c3 {
        loop {
            let next = n / 10;
            let rem_next = rem.wrapping_add((n % 10).wrapping_mul(pow));
            if !fits(next, rem_next) {
                break;
            }
            (n, rem, pow, j) = (next, rem_next, pow.wrapping_mul(10), j + 1);
        }
    }
    // Step 2: Grisu2's rounding. With `g` the distance from the candidate down to W and
    // `ten` the step, it lowers the candidate while `2g > ten` (still above W, or above
    // and farther than the next one down) and while the next one is within δ: as many
    // steps as the smaller of ⌈(2g − ten) / 2ten⌉ and ⌊(δ − rest) / ten⌋ (0 when the
    // candidate is not above W). `ten` is `10^l · 2^s`, so both divide as a shift and one
    // division by 10^l, by a reciprocal where the range allows.
    let rest = u128::from(rem).wrapping_mul(u) + r;
    let ten = u128::from(pow).wrapping_mul(u);
    let g = dist.saturating_sub(rest);
    let near = (2 * g + ten - 1) >> (s + 1);
    let within = (delta - rest) >> s;
    let bound = near.min(within);
    let l = (j - j0) + unit_log;
    let steps = match (u64::try_from(bound), usize::try_from(l)) {
        (Ok(b), Ok(l)) if b < 1 << 20 && l < RECIPROCALS.len() => {
            (b * RECIPROCALS.get(l).copied().unwrap_or(0)) >> 34
        }
        (Ok(b), _) => b.checked_div(pow.wrapping_mul(unit_tens)).unwrap_or(0),
        _ => return None,
    };
    n = n.wrapping_sub(steps);
    Some((n, j))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every `step`-th positive finite f32 from `first`: (compared, differing).
    fn compare(first: u32, step: usize) -> (u64, u64) {
        use crate::format::sweep::{sweep, Verdict};
        // Up to +inf: everything below is finite and positive.
        sweep(u64::from(first)..0x7F80_0000, step, |bits, (): &mut ()| {
            let x = f32::from_bits(bits);
            let (a, b) = (decimal_f32(x), reference(x));
            if a == b {
                Verdict::Same
            } else {
                Verdict::Differ(std::format!("{a:?} != {b:?}"))
            }
        })
    }

    #[test]
    fn sampled_matches_digit_loop() {
        let (checked, failed) = compare(1, 1021);
        assert_eq!(failed, 0);
        assert!(checked > 2_000_000, "{checked}");
        // Every exponent's ends, the smallest subnormals, the engine probes.
        let ends = (0..255u32).flat_map(|e| [e << 23, e << 23 | 1, e << 23 | 0x7F_FFFF]);
        let probes = [
            15000000512.0f32,
            3_247_457.25_f64 as f32,
            0.1,
            0.87758255,
            1.5e10,
            f32::MAX,
        ];
        for x in ends
            .chain(1..4096)
            .map(f32::from_bits)
            .filter(|&x| x != 0.0)
            .chain(probes)
        {
            assert_eq!(decimal_f32(x), reference(x), "{:#x}", x.to_bits());
            assert_eq!(decimal_f32(-x), reference(x), "{:#x}", x.to_bits());
        }
        assert_eq!(
            decimal_f32(15000000512.0),
            Decimal {
                digits: 15000001,
                exponent: 3
            }
        );
    }

    /// Every positive finite f32 (2^31 − 2^23 − 1 patterns; the sign is not an input):
    /// `cargo test --release --lib -- --ignored grisu::fast --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_matches_digit_loop() {
        let start = std::time::Instant::now();
        let (checked, failed) = compare(1, 1);
        std::eprintln!(
            "{checked} positive finite f32 compared, {failed} differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, 0x7F80_0000 - 1, "every positive finite pattern");
    }
}
