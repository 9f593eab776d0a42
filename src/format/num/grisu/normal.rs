//! Grisu2's digits of a normal f32 in 64-bit steps: the same answer as the digit loop
//! ([`super::digits_f32`]), with everything that depends only on the exponent field read
//! from a table.
//!
//! Grisu2 (see `grisu.rs`) scales `v`, `m-`, `m+` by a cached power `10^k` into 64-bit
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
//! Every comparison there is between sums of the same quantities times a common power of
//! ten, so it can be made at any common scale, fixed once from the size of `δ`:
//! `j₀ ≤ log10(δ / 2^s)` (so `j₀` satisfies step 1).
//!
//! For a normal f32 with significand `F` (24 bits, hidden bit set), Grisu2's boundaries are
//! `w = F·2^40`, `m+ = (2F+1)·2^39` and `m- = (2F−1)·2^39` (or `(4F−1)·2^38` below a
//! power of two), all at one binary exponent, and the cached power `c` depends on the
//! exponent field alone. The three rounded products are then
//! `W = ⌊(F·c + 2^23) / 2^24⌋`, `P = ⌊(2F·c + c + 2^24) / 2^25⌋` and
//! `M = ⌊(2F·c − c + 2^24) / 2^25⌋` (or `⌊(4F·c − c + 2^25) / 2^26⌋`): one 64×64-bit
//! product `F·c` gives all three. Every quantity is then scaled by `10^t`
//! (`t = max(0, −j₀)`, so the first candidate is at `j = min(j₀, 0)`, never above the
//! answer) and split at `2^s` into a high part (the decimal digits) and a low part, so the
//! comparisons are 64-bit: the candidate `⌊P·10^t / 2^s⌋ / 10^i` for `i` = 0, 1, 2 (more
//! in a loop, for trailing zeros), and Grisu2's rounding as a count of steps from the same
//! high/low parts. The tests compare it with the digit loop on a sample always and on every
//! normal f32 by an ignored test.

// Exponent fields (0..=255), shifts (32..=60), digit counts and scaled values that the
// module docs bound: the casts are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

use super::super::powers::CACHED_POWERS;
use crate::format::num::powers::POW10;

/// What Grisu2 uses of one exponent field: the cached power's significand `c` and
/// decimal exponent `k`, the shift `s` of the scaled values, and `j₀` (see the module docs)
/// for a significand that is not a power of two.
#[derive(Clone, Copy)]
struct Exponent {
    c: u64,
    k: i32,
    s: u32,
    j0: i32,
    /// `⌊c / 2⌋ + 2^23` and `⌈c / 2⌉ − 2^23`: `P + 1 = ⌊(x + up) / 2^24⌋` and
    /// `M − 1 = ⌊(x − down) / 2^24⌋` for `x = F·c` (the wide interval's rounded ends).
    up: u64,
    down: u64,
    /// `10^t · 2^(64 − s)` for `t = max(0, −j₀)` (the wide interval's scale, `10^t < 2^s`
    /// as `⌊P·10^t / 2^s⌋ < 2^62 ≤ P`), `2^(64 − s)`, and `−t − k`.
    p10: u64,
    unit: u64,
    offset: i32,
}

/// The entry of exponent field `biased` (1..=254): `cached_power` and `decimal_f32`'s
/// `j₀`, evaluated at build time.
#[allow(clippy::indexing_slicing)] // const evaluation: an index out of range fails the build
const fn entry(biased: i32) -> Exponent {
    // m+'s binary exponent (`boundaries` normalizes 2F+1, 25 bits, by 39).
    let plus_e = biased - 150 - 1 - 39;
    let f = -60 - plus_e - 1;
    let k = (f * 78913) / (1 << 18) + (f > 0) as i32;
    let cached = CACHED_POWERS[((300 + k + 7) / 8) as usize];
    let s = -(plus_e + cached.e + 64);
    assert!(32 <= s && s <= 60);
    let q = biased - 150;
    let j0 = ((q * 78913) >> 18) + cached.k - (q == 0) as i32;
    let t = if j0 < 0 { -j0 } else { 0 };
    assert!(POW10[t as usize] < 1 << s);
    let c = cached.f;
    Exponent {
        c,
        k: cached.k,
        s: s as u32,
        j0,
        up: (c >> 1) + (1 << 23),
        down: ((c as u128 + 1) >> 1) as u64 - (1 << 23),
        p10: POW10[t as usize] << (64 - s),
        unit: 1 << (64 - s),
        offset: -t - cached.k,
    }
}

/// [`entry`] for every exponent field; 0 (subnormals) and 255 (inf/NaN) are never read.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const TABLE: [Exponent; 256] = {
    let mut out = [Exponent {
        c: 0,
        k: 0,
        s: 32,
        j0: 0,
        up: 0,
        down: 0,
        p10: 0,
        unit: 0,
        offset: 0,
    }; 256];
    let mut e = 1;
    while e < 255 {
        out[e] = entry(e as i32);
        e += 1;
    }
    out
};

/// `v · 10^t` split at `2^s`: (`⌊v·10^t / 2^s⌋`, `v·10^t mod 2^s`), for `s` in 32..=60
/// and a product whose high part fits 64 bits.
#[inline(always)]
fn split(v: u64, p10: u64, s: u32, mask: u64) -> (u64, u64) {
    let x = u128::from(v) * u128::from(p10);
    let (hi, lo) = ((x >> 64) as u64, x as u64);
    (hi.wrapping_shl(64 - s) | lo.wrapping_shr(s), lo & mask)
}

/// Grisu2's digits of the f32 with magnitude bits `bits` (exponent field 1..=254, i.e.
/// normal): `(digits, exponent)` with value = digits × 10^exponent, `digits` without
/// trailing zeros. `None` where a range the closed form relies on does not hold (never
/// for a normal f32: the exhaustive test checks every one), or for a subnormal, an
/// infinity or a NaN.
///
/// The common case (a significand that is not a power of two: the wide interval) reads
/// its rounding offsets and its scale (pre-shifted, so no split needs a shift) from the
/// table, and takes one more digit off without a branch; a power of two takes
/// [`general`].
#[inline(always)]
pub(crate) fn decimal(bits: u32) -> Option<(u64, i32)> {
    let biased = (bits >> 23) as usize;
    let fraction = bits & 0x7F_FFFF;
    if fraction == 0 || biased.wrapping_sub(1) >= 254 {
        return general(bits);
    }
    let ex = *TABLE.get(biased)?;
    let x = u128::from(fraction | 0x80_0000) * u128::from(ex.c);
    // W, and P and M already shrunk by one unit (Grisu2's interval).
    let w = ((x + (1 << 23)) >> 24) as u64;
    let plus = (((x + u128::from(ex.up)) >> 24) as u64).wrapping_sub(1);
    let minus = (((x - u128::from(ex.down)) >> 24) as u64).wrapping_add(1);
    if plus <= minus || plus < w {
        return None;
    }
    let (delta, dist) = (plus - minus, plus - w);
    // The splits at 2^s as one product each: the high word is the quotient, the low word
    // the remainder times 2^(64 − s) (the same for all three, so comparisons hold).
    let split = |v: u64| {
        let x = u128::from(v) * u128::from(ex.p10);
        ((x >> 64) as u64, x as u64)
    };
    let (ah, al) = split(plus);
    let (dh, dl) = split(delta);
    let (gh, gl) = split(dist);
    let room = dh as i64 - i64::from(dl < al);
    if room < 0 || ah == 0 || ah >= 1 << 62 {
        return None;
    }
    let q = ah;
    let room_u = room as u64;
    // Step 1 (see the module docs): one digit off when the remainder stays within δ, without a
    // branch (whether it does depends on the digits); a second one (rare: the dropped
    // digit is a zero) and any further ones in a loop.
    let q1 = q / 10;
    let d1 = q - q1 * 10;
    let c1 = (q1 != 0) & (d1 <= room_u);
    let m1 = 0u64.wrapping_sub(u64::from(c1));
    let mut n = q ^ ((q ^ q1) & m1);
    let mut rem = d1 & m1;
    let mut pow = 1 + (9 & m1);
    // ⌈2^40 / pow⌉: ⌊b / pow⌋ = (b × that) >> 40 for b < 2^24; 0 after the loop.
    let mut recip = (1 << 40) ^ (((1 << 40) ^ ((1 << 40) / 10 + 1)) & m1);
    let mut j = ex.offset + i32::from(c1);
    // Two steps hold when the last two digits fit (then so does the last one): tested
    // on `q` alone, so the branch depends on the rare case only, not on `c1`.
    if q >= 100 && q % 100 <= room_u {
        (n, rem, pow, j) = strip(n, rem, pow, j, room_u);
        recip = 0;
    }
    let within = room - rem as i64;
    // ⌊(2·(g − a) − 1) / 2^s⌋ for the remainders g, a of `general`, from their scaled
    // copies: ⌊(2·(gl − al) − 2^(64 − s)) / 2^64⌋.
    let low = ((i128::from(gl) - i128::from(al)) * 2 - i128::from(ex.unit)) >> 64;
    let twice_g = 2 * gh as i64 + low as i64;
    let steps = round_steps(twice_g, within, rem, pow, recip, 1 << 24);
    Some((n - steps, j))
}

/// [`decimal`] for every exponent field and significand (the narrower interval below a
/// power of two included).
#[cold]
#[inline(never)]
fn general(bits: u32) -> Option<(u64, i32)> {
    let biased = (bits >> 23) as usize;
    let fraction = bits & 0x7F_FFFF;
    if biased == 0 || biased >= 255 {
        return None;
    }
    let ex = *TABLE.get(biased)?;
    let c = ex.c;
    let f = u64::from(fraction | 0x80_0000);
    let x = u128::from(f) * u128::from(c);
    let c128 = u128::from(c);
    let w = ((x + (1 << 23)) >> 24) as u64;
    let plus = (((x << 1) + c128 + (1 << 24)) >> 25) as u64;
    let narrower = fraction == 0 && biased > 1;
    let minus_wide = (((x << 1) - c128 + (1 << 24)) >> 25) as u64;
    let minus_narrow = (((x << 2) - c128 + (1 << 25)) >> 26) as u64;
    let minus = if narrower { minus_narrow } else { minus_wide };
    // Grisu2 shrinks the interval by one unit on each side.
    let (plus, minus) = (plus.wrapping_sub(1), minus.wrapping_add(1));
    let delta = plus.checked_sub(minus).filter(|&d| d > 0)?;
    let dist = plus.checked_sub(w)?;
    let j0 = ex.j0 - i32::from(narrower && biased != 150);
    // The first candidate is at j = min(j₀, 0): scaled by 10^t.
    let t = (-j0).max(0);
    let p10 = *POW10.get(t as usize)?;
    let s = ex.s;
    let mask = (1u64 << s) - 1;
    let (ah, al) = split(plus, p10, s, mask);
    let (dh, dl) = split(delta, p10, s, mask);
    let (gh, gl) = split(dist, p10, s, mask);
    // ⌊(Δ − r₀) / 2^s⌋ with r₀ = al: negative when the first remainder is past δ.
    let room = dh as i64 - i64::from(dl < al);
    if room < 0 || ah == 0 || ah >= 1 << 62 {
        return None;
    }
    let q = ah;
    let (q1, q2, q3) = (q / 10, q / 100, q / 1000);
    let (d1, d2, d3) = (q - q1 * 10, q - q2 * 100, q - q3 * 1000);
    let room_u = room as u64;
    let (c1, c2, c3) = (
        (q1 != 0) & (d1 <= room_u),
        (q2 != 0) & (d2 <= room_u),
        (q3 != 0) & (d3 <= room_u),
    );
    // The candidate after i = 0, 1 or 2 steps, selected by masks (no branch: which one
    // holds depends on the digits).
    let (m1, m2) = (
        0u64.wrapping_sub(u64::from(c1)),
        0u64.wrapping_sub(u64::from(c1 & c2)),
    );
    let pick = |a: u64, b: u64, c: u64| a ^ ((a ^ b) & m1) ^ ((b ^ c) & m2);
    let mut n = pick(q, q1, q2);
    let mut rem = pick(0, d1, d2);
    let mut pow = pick(1, 10, 100);
    // Reciprocals ⌈2^40 / pow⌉: ⌊b / pow⌋ = (b × that) >> 40 for b < 2^30.
    let mut recip = pick(1 << 40, (1 << 40) / 10 + 1, (1 << 40) / 100 + 1);
    let mut j = -t + i32::from(c1) + i32::from(c1 & c2);
    if c1 & c2 & c3 {
        (n, rem, pow, j) = strip(n, rem, pow, j, room_u);
        recip = 0;
    }
    // Grisu2's rounding: steps = min(⌈(2g − ten) / 2ten⌉, ⌊(δ − rest) / ten⌋), 0 when
    // the candidate is not above W; in units of 2^s (see the module docs).
    let within = room - rem as i64;
    let twice_g = 2 * gh as i64 + ((2 * gl as i64 - 2 * al as i64 - 1) >> s);
    let steps = round_steps(twice_g, within, rem, pow, recip, 1 << 30);
    Some((n - steps, j - ex.k))
}

/// Grisu2's last rounding steps, shared by [`decimal`] and [`general`]: `min(⌈(2g − ten) /
/// 2ten⌉, ⌊(δ − rest) / ten⌋)` steps of `pow`, 0 when that is negative, from `twice_g`
/// (2g in units of 2^s), `within` (⌊(δ − rest) / 2^s⌋) and the remainder `rem` dropped
/// so far. The division is a multiply by `recip` (⌈2^40 / pow⌉, or 0 for none) when the
/// bound is below `exact_below`, where that product is exact for the path's powers.
#[inline(always)]
fn round_steps(twice_g: i64, within: i64, rem: u64, pow: u64, recip: u64, exact_below: u64) -> u64 {
    let near = (twice_g + pow as i64 - 2 * rem as i64) >> 1;
    let bound = near.min(within).max(0) as u64;
    if bound < exact_below && recip != 0 {
        (bound * recip) >> 40
    } else {
        bound / pow
    }
}

/// Takes further digits off `n` (its dropped part `rem`, in units of `pow`, exponent `j`)
/// while the dropped part stays within `room`: Grisu2's digit loop, for the rare floats
/// whose last two digits fit.
#[inline(always)]
fn strip(mut n: u64, mut rem: u64, mut pow: u64, mut j: i32, room: u64) -> (u64, u64, u64, i32) {
    loop {
        let next = n / 10;
        let rem_next = rem + (n % 10) * pow;
        if next == 0 || rem_next > room {
            return (n, rem, pow, j);
        }
        (n, rem, pow, j) = (next, rem_next, pow * 10, j + 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digit loop's answer, as (digits without trailing zeros, exponent).
    fn reference(x: f32) -> (u64, i32) {
        let d = super::super::digits_f32(x);
        let mut digits = d
            .as_bytes()
            .iter()
            .fold(0u64, |n, &c| n * 10 + u64::from(c - b'0'));
        let mut exponent = d.exponent;
        while digits % 10 == 0 && digits > 0 {
            digits /= 10;
            exponent += 1;
        }
        (digits, exponent)
    }

    /// Every `step`-th normal positive f32: (compared, differing).
    fn compare(step: usize) -> (u64, u64) {
        use crate::format::num::sweep::{sweep, Verdict};
        sweep(0x0080_0000..0x7F80_0000, step, |bits, (): &mut ()| {
            let x = f32::from_bits(bits);
            let d = reference(x);
            let got = decimal(bits);
            if got == Some(d) {
                Verdict::Same
            } else {
                Verdict::Differ(std::format!("{got:?} != {d:?}"))
            }
        })
    }

    #[test]
    fn sampled_matches_digit_loop() {
        let (checked, failed) = compare(509);
        assert_eq!(failed, 0);
        assert!(checked > 4_000_000, "{checked}");
        for e in 1..255u32 {
            for m in [0, 1, 2, 0x40_0000, 0x7F_FFFE, 0x7F_FFFF] {
                let bits = e << 23 | m;
                assert_eq!(
                    decimal(bits),
                    Some(reference(f32::from_bits(bits))),
                    "{bits:#x}"
                );
            }
        }
        assert_eq!(decimal(15000000512.0f32.to_bits()), Some((15000001, 3)));
        for bits in [0, 1, 0x7F_FFFF, 0x7F80_0000, 0x7FC0_0000] {
            assert_eq!(decimal(bits), None);
        }
    }

    /// Every normal positive f32: `cargo test --release --lib -- --ignored
    /// grisu::normal --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_matches_digit_loop() {
        let (checked, failed) = compare(1);
        std::eprintln!("{checked} normal positive f32 compared, {failed} differ");
        assert_eq!(failed, 0);
        assert_eq!(checked, 0x7F80_0000 - 0x0080_0000);
    }
}
