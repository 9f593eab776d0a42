//! Floats whose shortest digits are known without a search, laid out by stores alone:
//!
//! - **Short dyadics below 2^24**: a float with `m` (0 to 8) binary digits after the point
//!   has an exact decimal with `m` digits after the point, the last a 5 (or `.0` for an
//!   integer). Any decimal with fewer digits after the point is at least `5·10^-m` away,
//!   so when half the float's spacing, `2^(e-24)` for a float in `[2^e, 2^(e+1))`, is
//!   below that, no shorter decimal rounds to the float and the exact one is its shortest
//!   digits. [`MAX_EXPONENT`] holds the largest such `e` for each `m`. This takes the
//!   integers below 2^24 (mesh indices, counts), halves and quarters (`0.5`, `24.25`), and
//!   short binary fractions of small values.
//! - **Integers from 2^24 to 2^31**: the shortest digits are the multiple of the largest
//!   power of ten (1,000 at most: the interval that rounds to the float is at most 192
//!   wide) inside that interval, the nearer one if two are (never equally near: see
//!   [`large_integer`]).
//!
//! Both are proved against the reference (zmij) on every f32 by `shortest32`'s exhaustive
//! test of `push_f32`, and against the search on a sample on every run.

// Exponents and digit counts are bounded by the checks before each cast.
#![allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]

use super::block::Block;
use crate::format::num::digits::eight as eight_digits;

/// Powers of 5 up to 5^27 (5^27 < 2^63): the digits of an exact binary fraction.
const POW5: [u64; 28] = crate::format::num::digits::powers(5);

/// Eight ASCII zeros.
const ZEROS: u64 = u64::from_le_bytes([b'0'; 8]);

/// For `m` binary digits after the point (index `m`, 0 for an integer), the largest
/// exponent `e` for which `2^(e-24) < 5·10^-m` (and, for integers, the float is below
/// 2^24, where every float is still an integer's neighbour at distance 1 or less).
const MAX_EXPONENT: [i32; 9] = [23, 22, 19, 16, 13, 9, 6, 3, -1];

/// The route of positive `magnitude` (the bits of a float less its sign), as the tests
/// classify floats to check each route on every float it takes.
#[cfg(test)]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Route {
    /// A short dyadic below 2^24: [`dyadic`].
    Dyadic,
    /// An integer from 2^24 to 2^31: [`large_integer`].
    LargeInteger,
    /// Neither.
    Search,
}

/// Which of the exact routes, if any, lays out `magnitude` (the list writer tells them
/// apart by ranges and [`short_dyadic`], which the exhaustive tests hold to this).
#[cfg(test)]
pub(super) fn route(magnitude: u32) -> Route {
    let biased = magnitude >> 23;
    let e = biased as i32 - 127;
    let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
    // Binary digits after the point: 23 - e less the significand's trailing zeros.
    let m = 23 - e - significand.trailing_zeros() as i32;
    let max = MAX_EXPONENT
        .get(m.max(0) as usize)
        .copied()
        .unwrap_or(i32::MIN);
    if biased != 0 && e <= max {
        Route::Dyadic
    } else if (24..=30).contains(&e) {
        Route::LargeInteger
    } else {
        Route::Search
    }
}

/// Whether positive `magnitude`, normal and below 2^24, with `m` (1 or more) binary
/// digits after the point, is a short dyadic (see the module's first route): at most 8
/// such digits, and an exponent no larger than [`MAX_EXPONENT`] allows for them.
#[inline(always)]
pub(super) fn short_dyadic(magnitude: u32, m: u32) -> bool {
    let biased = magnitude >> 23;
    let e = biased as i32 - 127;
    biased != 0 && MAX_EXPONENT.get(m as usize).is_some_and(|&max| e <= max)
}

/// The integer's digits at `at` (`n` below 10^8, one digit at least); returns the end.
#[inline(always)]
fn put_digits<const S: usize>(block: &mut Block<'_, S>, at: usize, n: u32) -> usize {
    let digits = eight_digits(n);
    // Leading zero digits, in the low bytes; all eight for 0, which keeps one.
    let lead = (digits.trailing_zeros() as usize / 8).min(7);
    block.put8(at, (digits >> (8 * lead)) | ZEROS);
    at + 8 - lead
}

/// Lays out the integer `n` below 2^24 (a float that is an integer there, zero
/// included): its digits and `.0`, the shortest digits of every such float (the [`dyadic`]
/// route with no digits after the point; zero as `{:?}` writes it), then the first six
/// bytes of `after` (in the same store as the `.0`). Returns the end of the number.
#[inline(always)]
pub(super) fn integer<const S: usize>(
    block: &mut Block<'_, S>,
    at: usize,
    n: u32,
    after: u64,
) -> usize {
    let end = put_digits(block, at, n);
    block.put8(end, DOT_ZERO | after << 16);
    end + 2
}

/// `.0` in the low bytes of a word.
const DOT_ZERO: u64 = u16::from_le_bytes(*b".0") as u64;

/// Binary digits after the point of positive `magnitude` from 2^-14 to 1 (excluded):
/// at most 8 makes it a short dyadic, which [`fraction`] lays out (the
/// largest exponent for 8 digits is -1, so every float here with 8 or fewer takes it).
#[inline(always)]
pub(super) fn fraction_digits(magnitude: u32) -> u32 {
    let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
    // 23 - e for the exponent e (from -14 to -1), less the significand's trailing zeros.
    (150 - (magnitude >> 23)).wrapping_sub(significand.trailing_zeros())
}

/// Lays out positive `magnitude` below 1 with `m` (1 to 8, from [`fraction_digits`])
/// binary digits after the point: `0.` and its `m` decimal digits, the [`dyadic`] route's
/// text with no integer part to make. Returns the end.
#[inline(always)]
pub(super) fn fraction<const S: usize>(
    block: &mut Block<'_, S>,
    at: usize,
    magnitude: u32,
    m: u32,
) -> usize {
    let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
    // All the significand's bits are after the point: the m that are not zero, times 5^m.
    let shift = (150 - (magnitude >> 23)).min(31);
    let m = m.min(8);
    let digits = significand
        .wrapping_shr(shift - m)
        .wrapping_mul(POW5.get(m as usize).map_or(1, |&p| p as u32));
    block.put8(at, ZERO_POINT);
    block.put8(at + 2, (eight_digits(digits) >> (8 * (8 - m))) | ZEROS);
    at + 2 + m as usize
}

/// `0.` in the low bytes of a word.
const ZERO_POINT: u64 = u16::from_le_bytes(*b"0.") as u64;

/// Lays out positive `magnitude`, a short dyadic below 2^24 ([`short_dyadic`]): the integer
/// part, the point, and the `m` digits after it (`0` for an integer). Returns the end.
#[inline(always)]
pub(super) fn dyadic<const S: usize>(block: &mut Block<'_, S>, at: usize, magnitude: u32) -> usize {
    let e = (magnitude >> 23) as i32 - 127;
    let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
    let zeros = significand.trailing_zeros();
    // `e` from -8 to 23: the point falls `shift` bits from the bottom (31 at most).
    let shift = (23 - e).clamp(0, 31) as u32;
    let m = shift.saturating_sub(zeros).min(8);
    let int = significand.wrapping_shr(shift);
    let below = significand & 1u32.wrapping_shl(shift).wrapping_sub(1);
    // The fraction times 10^m: its m binary digits times 5^m (below 10^8).
    let fraction = below
        .wrapping_shr(shift - m)
        .wrapping_mul(POW5.get(m as usize).map_or(1, |&p| p as u32));
    // `0.` below 1 and `.0` for an integer need no digits made (a branch that mesh data
    // predicts: its components keep their kind from one vector to the next).
    let end = if int == 0 {
        block.put1(at, b'0');
        at + 1
    } else {
        put_digits(block, at, int)
    };
    block.put1(end, b'.');
    if m == 0 {
        block.put1(end + 1, b'0');
        return end + 2;
    }
    let shown = m as usize;
    block.put8(
        end + 1,
        (eight_digits(fraction) >> (8 * (8 - shown))) | ZEROS,
    );
    end + 1 + shown
}

/// Lays out positive `magnitude`, an integer from 2^24 to 2^31 (excluded): the
/// shortest digits, then `.0` and the first six bytes of `after`. Returns the end of the
/// number.
#[inline(always)]
pub(super) fn large_integer<const S: usize>(
    block: &mut Block<'_, S>,
    at: usize,
    magnitude: u32,
    after: u64,
) -> usize {
    let e = ((magnitude >> 23) as i32 - 127).clamp(24, 30) as u32;
    let significand = (magnitude & 0x7F_FFFF) | 0x80_0000;
    // Below 2^31, and so is a multiple of 1,000 or less above it.
    let v = significand << (e - 23);
    // In quarters: the spacing is 2^(e-23); the interval reaches half of it up, and half
    // of it down (a quarter at a power of two, where the float below is nearer).
    let spacing = 4u32 << (e - 23);
    let up = spacing / 2;
    let down = if significand == 0x80_0000 {
        spacing / 4
    } else {
        up
    };
    // A distance `d` is inside when `4d < reach + closed`: the ends are in when the
    // float's significand is even (ties round to it).
    let closed = u32::from(significand & 1 == 0);
    let (down, up) = (down + closed, up + closed);
    // The nearest multiple of `p` below `v` or above it, if one is inside (both inside:
    // the nearer; they are never equally near: v would sit at an odd multiple of p/2 (an
    // odd number for p = 10, 2 mod 4 for p = 100), but v is a multiple of its spacing, 2
    // at least (64 where the interval can hold two multiples of 100); and two multiples
    // of 1,000 never fit).
    let nearest_inside = |p: u32| {
        let low = v / p * p;
        let high = low + p;
        let (below, above) = (4 * (v - low) < down, 4 * (high - v) < up);
        if below && (!above || v - low < high - v) {
            Some(low)
        } else if above {
            Some(high)
        } else {
            None
        }
    };
    // A multiple of 100 or 1,000 inside is a multiple of 10 inside: when neither
    // multiple of 10 next to `v` is, the digits are `v`'s own (at the spacing of 2, 4 or
    // 8 that most of these floats have, the common case: one test).
    let n = match nearest_inside(10) {
        None => v,
        Some(ten) => nearest_inside(1_000)
            .or_else(|| nearest_inside(100))
            .unwrap_or(ten),
    };
    // n < 2^31 + 2^6: at most ten digits.
    let end = if n < 100_000_000 {
        put_digits(block, at, n)
    } else {
        let (head, tail) = (n / 100_000_000, n % 100_000_000);
        let two = usize::from(head >= 10);
        let head_text = if two == 1 {
            u64::from(head / 10) | u64::from(head % 10) << 8
        } else {
            u64::from(head)
        };
        block.put8(at, head_text | ZEROS);
        let at = at + 1 + two;
        block.put8(at, eight_digits(tail) | ZEROS);
        at + 8
    };
    block.put8(end, DOT_ZERO | after << 16);
    end + 2
}

#[cfg(all(test, feature = "std"))]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use crate::format::float32::block::SINGLE;
    use crate::format::float32::search::{long_text, text_of};
    use crate::format::num::sweep::{sweep, Verdict};
    use alloc::vec::Vec;

    /// The text of positive finite `magnitude` by the shortest-digits search.
    fn searched(magnitude: u32, out: &mut Vec<u8>) {
        let x = f32::from_bits(magnitude);
        out.clear();
        match text_of(x) {
            Some((text, len)) => out.extend_from_slice(&text.to_le_bytes()[..len as usize]),
            None => {
                let (block, len) = long_text(x);
                out.extend_from_slice(&block[..len]);
            }
        }
    }

    /// Every `step`-th positive pattern that an exact route takes, against the search;
    /// (compared, differing), and how many took each route.
    fn routes_match_search(step: usize) -> ((u64, u64), [u64; 2]) {
        let taken = [
            core::sync::atomic::AtomicU64::new(0),
            core::sync::atomic::AtomicU64::new(0),
        ];
        let result = sweep(0..0x7F80_0000, step, |magnitude, out: &mut Vec<u8>| {
            let mut storage = [0u8; SINGLE];
            let mut block = Block::new(&mut storage);
            let end = match route(magnitude) {
                Route::Search => return Verdict::Skip,
                Route::Dyadic => {
                    taken[0].fetch_add(1, core::sync::atomic::Ordering::Relaxed);
                    dyadic(&mut block, 0, magnitude)
                }
                Route::LargeInteger => {
                    taken[1].fetch_add(1, core::sync::atomic::Ordering::Relaxed);
                    large_integer(&mut block, 0, magnitude, 0)
                }
            };
            searched(magnitude, out);
            Verdict::texts(block.bytes(end), out)
        });
        (result, taken.map(core::sync::atomic::AtomicU64::into_inner))
    }

    /// The two routes the list takes by ranges alone: every 13th integer below 2^24
    /// (and each power of two and ten, their neighbours, and zero) by [`integer`], and
    /// every float below 1 with 8 binary digits or fewer after the point by [`fraction`],
    /// against the search. A float below 1 with more digits, or one of 1 or more, is
    /// checked not to pass [`fraction_digits`]' test.
    #[test]
    fn integers_and_fractions_match_search() {
        let mut out = Vec::new();
        let mut ints: Vec<u32> = (0..1 << 24).step_by(13).collect();
        for k in 0..=24u32 {
            ints.extend([(1u32 << k) - 1, 1 << k, (1 << k) + 1]);
        }
        let mut p = 1u32;
        while p < 1 << 24 {
            ints.extend([p - 1, p, p + 1]);
            p *= 10;
        }
        for n in ints.into_iter().filter(|&n| n <= 1 << 24) {
            let mut storage = [0u8; SINGLE];
            let mut block = Block::new(&mut storage);
            let end = integer(&mut block, 0, n, 0);
            let x = n as f32;
            if n == 0 {
                assert_eq!(block.bytes(end), b"0.0");
                continue;
            }
            searched(x.to_bits(), &mut out);
            assert_eq!(block.bytes(end), out.as_slice(), "{n}");
        }
        let mut fractions = 0;
        // Every float from 2^-14 to 1 whose low 16 significand bits are clear.
        for magnitude in (0x3880_0000u32..0x3F80_0000).step_by(1 << 16) {
            let m = fraction_digits(magnitude);
            let x = f32::from_bits(magnitude);
            // Its binary digits after the point, counted the slow way.
            let mut digits = 0;
            let mut y = f64::from(x);
            while y.fract() != 0.0 {
                y *= 2.0;
                digits += 1;
            }
            assert_eq!(m, digits, "{x}");
            if m > 8 {
                continue;
            }
            fractions += 1;
            let mut storage = [0u8; SINGLE];
            let mut block = Block::new(&mut storage);
            let end = fraction(&mut block, 0, magnitude, m);
            searched(magnitude, &mut out);
            assert_eq!(block.bytes(end), out.as_slice(), "{x}");
            assert_eq!(route(magnitude), Route::Dyadic, "{x}");
        }
        // 2^m - 1 odd multiples of 2^-m below 1 for each m from 1 to 8 (those of 2^-8
        // and up: 255 in all).
        assert_eq!(fractions, 255);
    }

    /// Every 101st of them, and the ends of each route: powers of two and ten, their
    /// neighbours, and the largest exponent of each fraction length.
    #[test]
    fn exact_routes_sampled() {
        let ((checked, failed), taken) = routes_match_search(101);
        assert_eq!(failed, 0);
        assert!(taken[0] > 100_000 && taken[1] > 100_000, "{taken:?}");
        assert_eq!(checked, taken[0] + taken[1]);
        let mut out = Vec::new();
        let mut ends: Vec<u32> = Vec::new();
        for k in 0..32u32 {
            let p = (1u64 << k) as f32;
            ends.push(p.to_bits());
        }
        let mut p = 1u64;
        for _ in 0..10 {
            ends.push((p as f32).to_bits());
            p *= 10;
        }
        for (m, &e) in MAX_EXPONENT.iter().enumerate() {
            for e in [e, e + 1] {
                let biased = (e + 127) as u32;
                // The longest significand with m digits after the point, and the shortest.
                let zeros = (23 - e - m as i32).clamp(0, 23) as u32;
                ends.push(biased << 23 | (0x7F_FFFF >> zeros << zeros));
                ends.push(biased << 23 | 1u32.wrapping_shl(zeros) & 0x7F_FFFF);
            }
        }
        for end in ends {
            for bits in end.saturating_sub(3)..=end.saturating_add(3) {
                let mut storage = [0u8; SINGLE];
                let mut block = Block::new(&mut storage);
                let got = match route(bits) {
                    Route::Search => continue,
                    Route::Dyadic => dyadic(&mut block, 0, bits),
                    Route::LargeInteger => large_integer(&mut block, 0, bits, 0),
                };
                searched(bits, &mut out);
                assert_eq!(block.bytes(got), out.as_slice(), "{bits:#x}");
            }
        }
    }
}
