//! The shortest decimal digits of an `f32` that read back to it, nearest to it, ties to
//! the even digit: Schubfach (Giulietti, "The Schubfach way to render doubles", 2020)
//! specialised to binary32, where one 63-bit word of each power of ten is enough and every
//! product fits a 64 × 64 → 128-bit multiplication. Written from the paper's facts; the
//! table below is generated exactly (rationals) by `tests/gen/shortest32_table.py` and
//! checked by a test. The ignored test `f32_text_exhaustive_matches_zmij` compares the text
//! of `push_f32` with the previous zmij-based text on every finite f32 (all equal); a
//! sampled version (every 4,099th pattern, exponent ends, small subnormals) always runs.
//! Unlike Java's `Float.toString`, which keeps two digits at least, this gives the one
//! shortest digit where there is one (`3e-44`, not `2.9e-44`).

// The casts below narrow values whose ranges are bounded by the format: exponents of an
// f32 (|q| < 160), and products shifted down to at most 32 significant bits.
#![allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]

/// Decimal `digits × 10^exponent`, `digits` without trailing zeros (unless zero).
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
fn flog2_pow10(e: i32) -> i32 {
    // |e| < 100: the product fits easily, and the shift is exact floor division.
    ((i64::from(e) * 913_124_641_741) >> 38) as i32
}

/// `⌊q · log10 2⌋`.
#[inline(always)]
fn flog10_pow2(q: i32) -> i32 {
    ((i64::from(q) * 661_971_961_083) >> 41) as i32
}

/// `⌊log10(3/4 · 2^q)⌋`.
#[inline(always)]
fn flog10_three_quarters_pow2(q: i32) -> i32 {
    ((i64::from(q) * 661_971_961_083 - 274_743_187_321) >> 41) as i32
}

/// `g · cp / 2^95`, rounded to odd (the paper's `rop` for binary32).
#[inline(always)]
fn rop(g: u64, cp: u64) -> u32 {
    let x1 = ((u128::from(g) * u128::from(cp)) >> 64) as u64;
    let vbp = x1 >> 31;
    // Sticky: any bit below bit 32 of x1 set makes the result odd.
    ((vbp | ((x1 & 0xFFFF_FFFF) + 0xFFFF_FFFF) >> 32) & 0xFFFF_FFFF) as u32
}

/// The shortest digits of `c × 2^q`.
#[inline(always)]
fn to_decimal(q: i32, c: u32) -> Decimal32 {
    let out = c & 1;
    let cb = u64::from(c) << 2;
    let cbr = cb + 2;
    let (cbl, k) = if c != 1 << 23 || q == -149 {
        (cb - 2, flog10_pow2(q))
    } else {
        (cb - 1, flog10_three_quarters_pow2(q))
    };
    let h = q + flog2_pow10(-k) + 33;
    // -k is within G's range for every finite f32 (the test `table_covers_every_exponent`).
    let g = usize::try_from(-k - G_MIN)
        .ok()
        .and_then(|i| G.get(i))
        .copied()
        .unwrap_or(1 << 62);
    let h = u32::try_from(h).unwrap_or(0);
    let vb = rop(g, cb << h);
    let vbl = rop(g, cbl << h);
    let vbr = rop(g, cbr << h);
    let s = vb >> 2;
    // A digit fewer, when the interval holds a multiple of ten (s ≥ 10: a subnormal
    // with a small significand has two digits or one).
    if s >= 10 {
        let sp10 = s / 10 * 10;
        let tp10 = sp10 + 10;
        let upin = vbl + out <= sp10 << 2;
        let wpin = (tp10 << 2) + out <= vbr;
        if upin != wpin {
            return Decimal32 {
                digits: if upin { sp10 } else { tp10 },
                exponent: k,
            };
        }
    }
    let t = s + 1;
    let uin = vbl + out <= s << 2;
    let win = (t << 2) + out <= vbr;
    if uin != win {
        return Decimal32 {
            digits: if uin { s } else { t },
            exponent: k,
        };
    }
    // Both or neither in: the nearer, ties to even.
    let mid = (s + t) << 1;
    let digits = if vb < mid || (vb == mid && s & 1 == 0) {
        s
    } else {
        t
    };
    Decimal32 {
        digits,
        exponent: k,
    }
}

/// The shortest digits of a positive finite `f32` (zero gives `0 × 10^0`), trailing
/// zeros removed.
#[inline]
pub(crate) fn shortest(x: f32) -> Decimal32 {
    let bits = x.to_bits() & 0x7FFF_FFFF;
    let biased = (bits >> 23) as i32;
    let t = bits & 0x7F_FFFF;
    let mut d = if biased != 0 {
        let c = t | 1 << 23;
        let q = biased - 150;
        // Integers below 2^24: the integer itself.
        let mq = -q;
        if 0 < mq && mq < 24 && (c >> mq) << mq == c {
            Decimal32 {
                digits: c >> mq,
                exponent: 0,
            }
        } else {
            to_decimal(q, c)
        }
    } else if t == 0 {
        return Decimal32 {
            digits: 0,
            exponent: 0,
        };
    } else {
        to_decimal(-149, t)
    };
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

    /// The text of [`push_f32`] before its own shortest-digits search (zmij, the exact-decimal
    /// shortcut, the layout fix-ups): the reference the exhaustive test compares with.
    fn push_f32_zmij(out: &mut Vec<u8>, x: f32) {
        let magnitude = x.abs();
        let decimal = (1e-4..1e16).contains(&magnitude);
        if let Some(exact) = crate::format::exact::exact_f32(magnitude).filter(|_| decimal) {
            return number::push_exact(out, x < 0.0, exact);
        }
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
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let total = 1u64 << 32;
        let per = total.div_ceil(threads as u64);
        let mut checked = 0;
        let mut failed = 0;
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads as u64)
                .map(|t| {
                    scope.spawn(move || {
                        let (mut ok, mut bad) = (0u64, 0u64);
                        let (mut a, mut b) = (Vec::new(), Vec::new());
                        let end = ((t + 1) * per).min(total);
                        for bits in (t * per..end).step_by(step) {
                            let x = f32::from_bits(bits as u32);
                            if !x.is_finite() {
                                continue;
                            }
                            a.clear();
                            b.clear();
                            push_f32(&mut a, x);
                            push_f32_zmij(&mut b, x);
                            if a == b {
                                ok += 1;
                            } else {
                                if bad < 10 {
                                    std::eprintln!(
                                        "{bits:#010x}: {} != {}",
                                        String::from_utf8_lossy(&a),
                                        String::from_utf8_lossy(&b)
                                    );
                                }
                                bad += 1;
                            }
                        }
                        (ok, bad)
                    })
                })
                .collect();
            for h in handles {
                let (ok, bad) = h.join().unwrap();
                checked += ok + bad;
                failed += bad;
            }
        });
        (checked, failed)
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

    /// Timing, not a check: `cargo test --release --lib -- --ignored f32_timing --nocapture`.
    #[test]
    #[ignore]
    fn f32_timing() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let xs: Vec<f32> = (0..3_000_000)
            .map(|_| {
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                ((state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32) / 16_777_216.0
            })
            .collect();
        let mut out = Vec::with_capacity(64 << 20);
        for round in 0..3 {
            let t = std::time::Instant::now();
            let mut acc = 0u64;
            for &x in &xs {
                let d = shortest(x);
                acc = acc.wrapping_add(u64::from(d.digits) ^ d.exponent as u64);
            }
            let a = t.elapsed();
            out.clear();
            let t = std::time::Instant::now();
            for &x in &xs {
                push_f32(&mut out, x);
            }
            let b = t.elapsed();
            out.clear();
            let t = std::time::Instant::now();
            for &x in &xs {
                push_f32_zmij(&mut out, x);
            }
            let c = t.elapsed();
            let n = xs.len() as f64;
            std::eprintln!(
                "round {round}: shortest {:.1} ns, push_f32 {:.1} ns, zmij text {:.1} ns ({acc})",
                a.as_nanos() as f64 / n,
                b.as_nanos() as f64 / n,
                c.as_nanos() as f64 / n
            );
        }
    }
}
