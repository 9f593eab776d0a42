//! The shortest decimal digits of an `f32` that read back to it, nearest to it, ties to
//! the even digit: Schubfach (Giulietti, "The Schubfach way to render doubles", 2020)
//! specialised to binary32, where one 63-bit word of each power of ten is enough and every
//! product fits a 64 × 64 → 128-bit multiplication. Written from the paper's facts; the
//! table below is generated exactly (rationals) by `tests/gen/shortest32_table.py` and
//! checked by a test. The ignored test `f32_text_exhaustive_matches_zmij` compares the text
//! of `push_f32` with the previous zmij-based text on every finite f32 (all equal); a
//! sampled version (every 4,099th pattern, exponent ends, small subnormals) always runs.
//! Both also check the JSON list path (`float32::list`) on every pattern they visit.
//! Unlike Java's `Float.toString`, which keeps two digits at least, this gives the one
//! shortest digit where there is one (`3e-44`, not `2.9e-44`).
//!
//! Made for speed on random data: the per-exponent constants come from one table load
//! ([`SCALES`], built at compile time from `G`), every choice between candidates is
//! arithmetic or a select (a branch on the digits is mispredicted about every other
//! float), and the result is split ([`Split`]) so that the text can start from the
//! leading digits, known straight from the product, before the last one is settled.

// The casts below narrow values whose ranges are bounded by the format: exponents of an
// f32 (|q| < 160), and products shifted down to at most 32 significant bits.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

/// Decimal `digits × 10^exponent`, `digits` without trailing zeros (unless zero).
#[cfg(test)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal32 {
    pub(crate) digits: u32,
    pub(crate) exponent: i32,
}

/// `floor(10^e × 2^(62 − ⌊e·log2 10⌋)) + 1` for `e` from -31 to 45: 10^e rounded up to
/// 63 significant bits (Schubfach's g for a binary32, which needs no second word).
const G_MIN: i32 = -31;
const G: [u64; 77] = [
    0x40E7599625A1FE7B,
    0x51212FFBAF0A7E19,
    0x65697BFA9ACD1DA0,
    0x7EC3DAF941806507,
    0x4F3A68DBC8F03F25,
    0x63090312BB2C4EEE,
    0x7BCB43D769F762A9,
    0x4D5F0A66A23A9DAA,
    0x60B6CD004AC94514,
    0x78E480405D7B9659,
    0x4B8ED0283A6D3DF8,
    0x5E72843249088D76,
    0x760F253EDB4AB0D3,
    0x49C97747490EAE84,
    0x5C3BD5191B525A25,
    0x734ACA5F6226F0AE,
    0x480EBE7B9D58566D,
    0x5A126E1A84AE6C08,
    0x709709A125DA070A,
    0x465E6604B7A84466,
    0x57F5FF85E5925580,
    0x6DF37F675EF6EAE0,
    0x44B82FA09B5A52CC,
    0x55E63B88C230E77F,
    0x6B5FCA6AF2BD215F,
    0x431BDE82D7B634DB,
    0x53E2D6238DA3C212,
    0x68DB8BAC710CB296,
    0x4189374BC6A7EF9E,
    0x51EB851EB851EB86,
    0x6666666666666667,
    0x4000000000000001,
    0x5000000000000001,
    0x6400000000000001,
    0x7D00000000000001,
    0x4E20000000000001,
    0x61A8000000000001,
    0x7A12000000000001,
    0x4C4B400000000001,
    0x5F5E100000000001,
    0x7735940000000001,
    0x4A817C8000000001,
    0x5D21DBA000000001,
    0x746A528800000001,
    0x48C2739500000001,
    0x5AF3107A40000001,
    0x71AFD498D0000001,
    0x470DE4DF82000001,
    0x58D15E1762800001,
    0x6F05B59D3B200001,
    0x4563918244F40001,
    0x56BC75E2D6310001,
    0x6C6B935B8BBD4001,
    0x43C33C1937564801,
    0x54B40B1F852BDA01,
    0x69E10DE76676D081,
    0x422CA8B0A00A4251,
    0x52B7D2DCC80CD2E5,
    0x6765C793FA10079E,
    0x409F9CBC7C4A04C3,
    0x50C783EB9B5C85F3,
    0x64F964E68233A770,
    0x7E37BE2022C0914C,
    0x4EE2D6D415B85ACF,
    0x629B8C891B267183,
    0x7B426FAB61F00DE4,
    0x4D0985CB1D3608AF,
    0x604BE73DE4838ADA,
    0x785EE10D5DA46D91,
    0x4B3B4CA85A86C47B,
    0x5E0A1FD271287599,
    0x758CA7C70D7292FF,
    0x4977E8DC68679BE0,
    0x5BD5E313828182D7,
    0x72CB5BD86321E38D,
    0x47BF19673DF52E38,
    0x59AEDFC10D7279C6,
];

/// `⌊e · log2 10⌋` for |e| ≤ 1,000 or so (exact over the range used here: checked by a test).
#[inline(always)]
const fn flog2_pow10(e: i32) -> i32 {
    // |e| < 100: the product fits easily, and the shift is exact floor division.
    ((e as i64 * 913_124_641_741) >> 38) as i32
}

/// `⌊q · log10 2⌋`.
#[inline(always)]
const fn flog10_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083) >> 41) as i32
}

/// `⌊log10(3/4 · 2^q)⌋`.
#[inline(always)]
const fn flog10_three_quarters_pow2(q: i32) -> i32 {
    ((q as i64 * 661_971_961_083 - 274_743_187_321) >> 41) as i32
}

/// What the search needs of a binary exponent: `g` (10^-k, rounded up to 63 bits), the
/// decimal exponent `k` and the shift `h` that lines the significand up with `g` (as
/// multipliers).
#[derive(Clone, Copy)]
struct Scale {
    g: u64,
    k: i32,
    /// `2^h`: the shift as a multiplier (one multiply, where a shift by a variable amount
    /// is several instructions on x86-64 without BMI2).
    unit: u64,
    /// What the lower bound is below the value, scaled: `2 × 2^h`, or `2^h` at a power of
    /// two (the second half of the table).
    left: u64,
}

/// [`Scale`] of each biased exponent (0 to 255; 0, the subnormals, as 1), then (256 to
/// 511) the same at a power of two, whose lopsided interval takes the scale of
/// `3/4 · 2^q`: one load instead of three multiplies on the way to the product.
#[allow(clippy::indexing_slicing)] // const initializer: an index out of range fails the build
const SCALES: [Scale; 512] = {
    let mut out = [Scale {
        g: 0,
        k: 0,
        unit: 0,
        left: 0,
    }; 512];
    let mut i = 0;
    while i < 512 {
        let biased = (i & 255) as i32;
        let q = if biased == 0 { 1 } else { biased } - 150;
        let k = if i >= 256 {
            flog10_three_quarters_pow2(q)
        } else {
            flog10_pow2(q)
        };
        let h = (q + flog2_pow10(-k) + 33) as u32;
        out[i] = Scale {
            g: G[(-k - G_MIN) as usize],
            k,
            unit: 1 << h,
            left: if i >= 256 { 1 << h } else { 2 << h },
        };
        i += 1;
    }
    out
};

/// `g · cp / 2^95`, rounded to odd (the paper's `rop` for binary32): below 2^31.
#[inline(always)]
fn rop(g: u64, cp: u64) -> u64 {
    let x1 = ((u128::from(g) * u128::from(cp)) >> 64) as u64;
    // Sticky: any bit below bit 32 of x1 set makes the result odd.
    (x1 >> 31) | ((x1 & 0xFFFF_FFFF) + 0xFFFF_FFFF) >> 32
}

/// 1 when `a <= b`, else 0 (both below 2^63), as arithmetic: a comparison's bool tends
/// to become a branch, mispredicted on random digits.
#[inline(always)]
fn le(a: u64, b: u64) -> u64 {
    (b.wrapping_sub(a) >> 63) ^ 1
}

/// The shortest digits of a float as `(10 × (tens + carry) + last) × 10^exponent`:
/// `tens` is the digits but the last of `c × 2^q` scaled down (known early, straight from
/// one product), `carry` (0 or 1) and `last` (0 to 9) come from the choice of the
/// shortest, nearest candidate. The text is made from `tens` and `tens + 1` while the
/// choice is still being worked out.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Split {
    pub(crate) tens: u32,
    pub(crate) carry: u32,
    pub(crate) last: u32,
    pub(crate) exponent: i32,
}

/// The shortest digits of a positive, finite, nonzero `f32` (given as its bits), nearest
/// to it, ties to the even digit, as a [`Split`] (`tens + carry` below 10^8: at most nine
/// digits in all, maybe ending in zeros). No branch depends on the value (choices are
/// arithmetic or selects): on random data a branch on the digits would be mispredicted
/// about every other float.
#[inline(always)]
pub(crate) fn split(bits: u32) -> Split {
    let bits = bits & 0x7FFF_FFFF;
    let biased = bits >> 23;
    let t = bits & 0x7F_FFFF;
    // A subnormal is `t × 2^-149`, as the smallest normal exponent. At a power of two
    // (not the smallest normal) the float below is nearer: the interval is lopsided.
    let c = t | u32::from(biased != 0) << 23;
    let irregular = t == 0 && biased > 1;
    // Below 512 (biased < 256): the fallback is never taken, and the mask lets the
    // compiler see it.
    let scale = SCALES
        .get((biased | u32::from(irregular) << 8) as usize & 511)
        .copied()
        .unwrap_or(Scale {
            g: 1 << 62,
            k: 0,
            unit: 1 << 33,
            left: 2 << 33,
        });
    let out = u64::from(c & 1);
    // `4c`, `4c - 2` (`4c - 1` at a power of two) and `4c + 2`, shifted up by h.
    let cb = (u64::from(c) * scale.unit) << 2;
    let cbl = cb - scale.left;
    let cbr = cb + 2 * scale.unit;
    let vb = rop(scale.g, cb);
    let vbl = rop(scale.g, cbl) + out;
    let vbr = rop(scale.g, cbr) - out;
    let s = vb >> 2;
    // s < 2^28: 32-bit quotients.
    let tens = s as u32 / 10;
    let sp10 = u64::from(tens) * 10;
    // A digit fewer when exactly one multiple of ten is in the interval (s ≥ 10: a
    // subnormal with a small significand has two digits or one): sp10 or sp10 + 10.
    let upin = le(vbl, sp10 << 2);
    let wpin = le((sp10 + 10) << 2, vbr);
    let pick_short = le(10, s) & (upin ^ wpin);
    // Otherwise s or s + 1: the one inside, or the nearer when both are (ties to even:
    // when `vb` is the midpoint, up for an odd s).
    let uin = le(vbl, s << 2);
    let win = le((s + 1) << 2, vbr);
    let nearer_up = 1 ^ le(vb + (s & 1), (s << 2) + 2);
    let up = (win & (uin ^ 1)) | ((uin ^ win ^ 1) & nearer_up);
    let long_last = s - sp10 + up;
    let long_carry = le(10, long_last);
    // As words: all ones when the shorter is picked.
    let short_mask = pick_short.wrapping_neg();
    let carry = ((upin ^ 1) & short_mask) | (long_carry & !short_mask);
    let last = (long_last - 10 * long_carry) & !short_mask;
    Split {
        tens,
        carry: carry as u32,
        // 0 to 9.
        last: last as u32,
        exponent: scale.k,
    }
}

/// [`split`] as one number: `digits × 10^exponent`, `digits` maybe ending in zeros.
#[cfg(test)]
pub(crate) fn digits(bits: u32) -> Decimal32 {
    let s = split(bits);
    Decimal32 {
        digits: 10 * (s.tens + s.carry) + s.last,
        exponent: s.exponent,
    }
}

/// [`digits`] with the trailing zeros removed, and zero for zero.
#[cfg(test)]
pub(crate) fn shortest(x: f32) -> Decimal32 {
    if x == 0.0 {
        return Decimal32 {
            digits: 0,
            exponent: 0,
        };
    }
    let mut d = digits(x.to_bits());
    while d.digits % 10 == 0 && d.digits != 0 {
        d.digits /= 10;
        d.exponent += 1;
    }
    d
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)]
    use super::*;
    use crate::format::number::{self, push_f32};
    use std::format;
    use std::string::String;
    use std::vec::Vec;

    /// The reference text of an f32 for JSON: zmij's shortest digits, laid out as `{:?}`
    /// lays them out (the layout fix-ups of `push_f64`); the exhaustive test compares every
    /// f32's [`push_f32`] (and the list writer's text) with it directly.
    fn push_f32_zmij(out: &mut Vec<u8>, x: f32) {
        let magnitude = x.abs();
        let decimal = (1e-4..1e16).contains(&magnitude);
        let mut buf = zmij::Buffer::new();
        let text = buf.format_finite(x).as_bytes();
        if (1e-4..1e12).contains(&magnitude) || magnitude == 0.0 {
            return number::extend_short(out, text);
        }
        number::debug_layout(out, text, !decimal && magnitude != 0.0);
    }

    #[test]
    fn table_covers_every_exponent() {
        for q in -149..=104 {
            for k in [flog10_pow2(q), flog10_three_quarters_pow2(q)] {
                let i = -k - G_MIN;
                assert!(i >= 0 && (i as usize) < G.len(), "q={q}");
                let h = q + flog2_pow10(-k) + 33;
                assert!((33..=37).contains(&h), "q={q} h={h}");
            }
        }
    }

    #[test]
    fn scales_are_each_exponents() {
        for (i, scale) in SCALES.iter().enumerate() {
            let biased = (i & 255) as i32;
            let q = biased.max(1) - 150;
            let k = if i >= 256 {
                flog10_three_quarters_pow2(q)
            } else {
                flog10_pow2(q)
            };
            assert_eq!(scale.k, k);
            assert_eq!(scale.g, G[(-k - G_MIN) as usize]);
            let h = q + flog2_pow10(-k) + 33;
            assert!((33..=37).contains(&h), "{i}");
            assert_eq!(scale.unit, 1 << h);
            assert_eq!(scale.left, if i >= 256 { 1 } else { 2 } << h);
        }
    }

    #[test]
    fn table_is_ten_to_the_e() {
        for (i, &g) in G.iter().enumerate() {
            let e = i as i32 + G_MIN;
            assert!(g > 1 << 62 && g <= 1 << 63);
            let approx = (g as f64) * 2f64.powi(flog2_pow10(e) - 62);
            let exact = 10f64.powi(e);
            assert!(((approx - exact) / exact).abs() < 1e-15, "e={e}");
        }
    }

    #[test]
    fn known_values() {
        for (x, text) in [
            (1.0f32, "1e0"),
            (0.1, "1e-1"),
            (f32::MAX, "34028235e31"),
            (f32::from_bits(1), "1e-45"),
            (f32::from_bits(7), "1e-44"),
            (16777216.0, "16777216e0"),
            (1.5e10, "15e9"),
            (0.3, "3e-1"),
        ] {
            let d = shortest(x);
            assert_eq!(format!("{}e{}", d.digits, d.exponent), text, "{x:e}");
        }
    }

    /// Every `step`-th f32 bit pattern (and the special ones): the same text as before.
    fn same_as_zmij(step: usize) -> (u64, u64) {
        use crate::format::num::sweep::{sweep, Verdict};
        sweep(
            0..1 << 32,
            step,
            |bits, (a, b, c): &mut (Vec<u8>, Vec<u8>, Vec<u8>)| {
                let x = f32::from_bits(bits);
                if !x.is_finite() {
                    // The JSON list path (`float32::list`) writes these as strings.
                    let text: &[u8] = if x.is_nan() {
                        b"\"nan\""
                    } else if x > 0.0 {
                        b"\"inf\""
                    } else {
                        b"\"-inf\""
                    };
                    if crate::format::float32::list_agrees(bits, text, c) {
                        return Verdict::Skip;
                    }
                    return Verdict::Differ(std::format!("list of {bits:#x}"));
                }
                a.clear();
                b.clear();
                push_f32(a, x);
                push_f32_zmij(b, x);
                // The JSON list path writes the same text, alone and in a Vector3.
                if !crate::format::float32::list_agrees(bits, a, c) {
                    return Verdict::Differ(std::format!(
                        "list path differs from {}",
                        String::from_utf8_lossy(a)
                    ));
                }
                Verdict::texts(a, b)
            },
        )
    }

    #[test]
    #[cfg(feature = "std")]
    fn f32_text_sampled_matches_zmij() {
        let (checked, failed) = same_as_zmij(4099);
        assert_eq!(failed, 0);
        assert!(checked > 1_000_000);
        let specials = [
            0.0f32,
            -0.0,
            1.0,
            f32::MIN_POSITIVE,
            -f32::MIN_POSITIVE,
            f32::MAX,
            f32::MIN,
            f32::EPSILON,
            f32::from_bits(1),
            f32::from_bits(2),
            f32::from_bits(3),
            f32::from_bits(4),
            f32::from_bits(5),
            f32::from_bits(6),
            f32::from_bits(7),
            f32::from_bits(8),
            f32::from_bits(0x007F_FFFF),
            1e-4,
            9.999999e-5,
            1e16,
            9.999999e15,
            1e12,
            1e15,
            16777216.0,
            16777217.0,
            0.1,
            0.3,
            3.4e38,
            1e-45,
            1.5e-7,
            123456.79,
        ];
        // Every exponent's ends, and the smallest subnormals (few digits: 0x15 is 3e-44).
        let ends = (0..255u32).flat_map(|e| [e << 23, e << 23 | 1, e << 23 | 0x7F_FFFF]);
        let tiny = (1..4096u32).flat_map(|t| [t, t | 0x8000_0000]);
        for x in specials
            .into_iter()
            .chain(ends.chain(tiny).map(f32::from_bits))
        {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            push_f32(&mut a, x);
            push_f32_zmij(&mut b, x);
            let mut c = Vec::new();
            assert!(crate::format::float32::list_agrees(x.to_bits(), &a, &mut c));
            assert_eq!(
                String::from_utf8(a).unwrap(),
                String::from_utf8(b).unwrap(),
                "{:#x}",
                x.to_bits()
            );
        }
    }

    /// All 2^32 bit patterns (minutes): `cargo test --release --lib -- --ignored f32_text_exhaustive`.
    #[test]
    #[ignore]
    #[cfg(feature = "std")]
    fn f32_text_exhaustive_matches_zmij() {
        let start = std::time::Instant::now();
        let (checked, failed) = same_as_zmij(1);
        std::eprintln!(
            "{checked} finite f32 checked, {failed} differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, (1u64 << 32) - (1 << 24), "every finite pattern");
    }
}
