//! Grisu2 shortest-digit generation, as Godot 4 prints floats (the engine ships the
//! simdjson/nlohmann variant of Loitsch's Grisu2 as `thirdparty/grisu2`). Grisu2 is
//! not always the shortest representation and never accepts a decimal that lies exactly
//! on the boundary between two floats; printing exactly what the engine prints requires
//! the same algorithm, so this is an implementation of it, written from the paper and
//! the engine's observable output (see `tests/fixtures/extra/`).

/// A "do-it-yourself floating point" number: `f * 2^e`.
#[derive(Clone, Copy, Debug)]
struct DiyFp {
    f: u64,
    e: i32,
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
            f: self.f.checked_shl(delta as u32).unwrap_or(0),
            e,
        }
    }
}

/// `v` and its rounding boundaries `m-`, `m+` (normalized to the exponent of `m+`).
struct Boundaries {
    w: DiyFp,
    minus: DiyFp,
    plus: DiyFp,
}

/// Boundaries of a positive finite float with `precision` significand bits (24 or 53)
/// and `bias` (150 or 1075) given its raw exponent and fraction fields.
fn boundaries(biased_e: u64, fraction: u64, precision: i32, bias: i32) -> Boundaries {
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
            e: biased_e as i32 - bias,
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

#[derive(Clone, Copy)]
struct CachedPower {
    f: u64,
    e: i32,
    k: i32,
}

/// 10^k for k = -300, -292, …, 340, as 64-bit significands rounded to nearest, with
/// binary exponents. (Generated from exact powers of ten; see the unit test.)
const CACHED_POWERS: [CachedPower; 81] = [
    CachedPower {
        f: 0xAB70FE17C79AC6CA,
        e: -1060,
        k: -300,
    },
    CachedPower {
        f: 0xFF77B1FCBEBCDC4F,
        e: -1034,
        k: -292,
    },
    CachedPower {
        f: 0xBE5691EF416BD60C,
        e: -1007,
        k: -284,
    },
    CachedPower {
        f: 0x8DD01FAD907FFC3C,
        e: -980,
        k: -276,
    },
    CachedPower {
        f: 0xD3515C2831559A83,
        e: -954,
        k: -268,
    },
    CachedPower {
        f: 0x9D71AC8FADA6C9B5,
        e: -927,
        k: -260,
    },
    CachedPower {
        f: 0xEA9C227723EE8BCB,
        e: -901,
        k: -252,
    },
    CachedPower {
        f: 0xAECC49914078536D,
        e: -874,
        k: -244,
    },
    CachedPower {
        f: 0x823C12795DB6CE57,
        e: -847,
        k: -236,
    },
    CachedPower {
        f: 0xC21094364DFB5637,
        e: -821,
        k: -228,
    },
    CachedPower {
        f: 0x9096EA6F3848984F,
        e: -794,
        k: -220,
    },
    CachedPower {
        f: 0xD77485CB25823AC7,
        e: -768,
        k: -212,
    },
    CachedPower {
        f: 0xA086CFCD97BF97F4,
        e: -741,
        k: -204,
    },
    CachedPower {
        f: 0xEF340A98172AACE5,
        e: -715,
        k: -196,
    },
    CachedPower {
        f: 0xB23867FB2A35B28E,
        e: -688,
        k: -188,
    },
    CachedPower {
        f: 0x84C8D4DFD2C63F3B,
        e: -661,
        k: -180,
    },
    CachedPower {
        f: 0xC5DD44271AD3CDBA,
        e: -635,
        k: -172,
    },
    CachedPower {
        f: 0x936B9FCEBB25C996,
        e: -608,
        k: -164,
    },
    CachedPower {
        f: 0xDBAC6C247D62A584,
        e: -582,
        k: -156,
    },
    CachedPower {
        f: 0xA3AB66580D5FDAF6,
        e: -555,
        k: -148,
    },
    CachedPower {
        f: 0xF3E2F893DEC3F126,
        e: -529,
        k: -140,
    },
    CachedPower {
        f: 0xB5B5ADA8AAFF80B8,
        e: -502,
        k: -132,
    },
    CachedPower {
        f: 0x87625F056C7C4A8B,
        e: -475,
        k: -124,
    },
    CachedPower {
        f: 0xC9BCFF6034C13053,
        e: -449,
        k: -116,
    },
    CachedPower {
        f: 0x964E858C91BA2655,
        e: -422,
        k: -108,
    },
    CachedPower {
        f: 0xDFF9772470297EBD,
        e: -396,
        k: -100,
    },
    CachedPower {
        f: 0xA6DFBD9FB8E5B88F,
        e: -369,
        k: -92,
    },
    CachedPower {
        f: 0xF8A95FCF88747D94,
        e: -343,
        k: -84,
    },
    CachedPower {
        f: 0xB94470938FA89BCF,
        e: -316,
        k: -76,
    },
    CachedPower {
        f: 0x8A08F0F8BF0F156B,
        e: -289,
        k: -68,
    },
    CachedPower {
        f: 0xCDB02555653131B6,
        e: -263,
        k: -60,
    },
    CachedPower {
        f: 0x993FE2C6D07B7FAC,
        e: -236,
        k: -52,
    },
    CachedPower {
        f: 0xE45C10C42A2B3B06,
        e: -210,
        k: -44,
    },
    CachedPower {
        f: 0xAA242499697392D3,
        e: -183,
        k: -36,
    },
    CachedPower {
        f: 0xFD87B5F28300CA0E,
        e: -157,
        k: -28,
    },
    CachedPower {
        f: 0xBCE5086492111AEB,
        e: -130,
        k: -20,
    },
    CachedPower {
        f: 0x8CBCCC096F5088CC,
        e: -103,
        k: -12,
    },
    CachedPower {
        f: 0xD1B71758E219652C,
        e: -77,
        k: -4,
    },
    CachedPower {
        f: 0x9C40000000000000,
        e: -50,
        k: 4,
    },
    CachedPower {
        f: 0xE8D4A51000000000,
        e: -24,
        k: 12,
    },
    CachedPower {
        f: 0xAD78EBC5AC620000,
        e: 3,
        k: 20,
    },
    CachedPower {
        f: 0x813F3978F8940984,
        e: 30,
        k: 28,
    },
    CachedPower {
        f: 0xC097CE7BC90715B3,
        e: 56,
        k: 36,
    },
    CachedPower {
        f: 0x8F7E32CE7BEA5C70,
        e: 83,
        k: 44,
    },
    CachedPower {
        f: 0xD5D238A4ABE98068,
        e: 109,
        k: 52,
    },
    CachedPower {
        f: 0x9F4F2726179A2245,
        e: 136,
        k: 60,
    },
    CachedPower {
        f: 0xED63A231D4C4FB27,
        e: 162,
        k: 68,
    },
    CachedPower {
        f: 0xB0DE65388CC8ADA8,
        e: 189,
        k: 76,
    },
    CachedPower {
        f: 0x83C7088E1AAB65DB,
        e: 216,
        k: 84,
    },
    CachedPower {
        f: 0xC45D1DF942711D9A,
        e: 242,
        k: 92,
    },
    CachedPower {
        f: 0x924D692CA61BE758,
        e: 269,
        k: 100,
    },
    CachedPower {
        f: 0xDA01EE641A708DEA,
        e: 295,
        k: 108,
    },
    CachedPower {
        f: 0xA26DA3999AEF774A,
        e: 322,
        k: 116,
    },
    CachedPower {
        f: 0xF209787BB47D6B85,
        e: 348,
        k: 124,
    },
    CachedPower {
        f: 0xB454E4A179DD1877,
        e: 375,
        k: 132,
    },
    CachedPower {
        f: 0x865B86925B9BC5C2,
        e: 402,
        k: 140,
    },
    CachedPower {
        f: 0xC83553C5C8965D3D,
        e: 428,
        k: 148,
    },
    CachedPower {
        f: 0x952AB45CFA97A0B3,
        e: 455,
        k: 156,
    },
    CachedPower {
        f: 0xDE469FBD99A05FE3,
        e: 481,
        k: 164,
    },
    CachedPower {
        f: 0xA59BC234DB398C25,
        e: 508,
        k: 172,
    },
    CachedPower {
        f: 0xF6C69A72A3989F5C,
        e: 534,
        k: 180,
    },
    CachedPower {
        f: 0xB7DCBF5354E9BECE,
        e: 561,
        k: 188,
    },
    CachedPower {
        f: 0x88FCF317F22241E2,
        e: 588,
        k: 196,
    },
    CachedPower {
        f: 0xCC20CE9BD35C78A5,
        e: 614,
        k: 204,
    },
    CachedPower {
        f: 0x98165AF37B2153DF,
        e: 641,
        k: 212,
    },
    CachedPower {
        f: 0xE2A0B5DC971F303A,
        e: 667,
        k: 220,
    },
    CachedPower {
        f: 0xA8D9D1535CE3B396,
        e: 694,
        k: 228,
    },
    CachedPower {
        f: 0xFB9B7CD9A4A7443C,
        e: 720,
        k: 236,
    },
    CachedPower {
        f: 0xBB764C4CA7A44410,
        e: 747,
        k: 244,
    },
    CachedPower {
        f: 0x8BAB8EEFB6409C1A,
        e: 774,
        k: 252,
    },
    CachedPower {
        f: 0xD01FEF10A657842C,
        e: 800,
        k: 260,
    },
    CachedPower {
        f: 0x9B10A4E5E9913129,
        e: 827,
        k: 268,
    },
    CachedPower {
        f: 0xE7109BFBA19C0C9D,
        e: 853,
        k: 276,
    },
    CachedPower {
        f: 0xAC2820D9623BF429,
        e: 880,
        k: 284,
    },
    CachedPower {
        f: 0x80444B5E7AA7CF85,
        e: 907,
        k: 292,
    },
    CachedPower {
        f: 0xBF21E44003ACDD2D,
        e: 933,
        k: 300,
    },
    CachedPower {
        f: 0x8E679C2F5E44FF8F,
        e: 960,
        k: 308,
    },
    CachedPower {
        f: 0xD433179D9C8CB841,
        e: 986,
        k: 316,
    },
    CachedPower {
        f: 0x9E19DB92B4E31BA9,
        e: 1013,
        k: 324,
    },
    CachedPower {
        f: 0xEB96BF6EBADF77D9,
        e: 1039,
        k: 332,
    },
    CachedPower {
        f: 0xAF87023B9BF0EE6B,
        e: 1066,
        k: 340,
    },
];

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
    let bits = u64::from(value.to_bits());
    grisu2(boundaries(
        bits >> 23 & 0xFF,
        bits & ((1 << 23) - 1),
        24,
        150,
    ))
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

fn grisu2(b: Boundaries) -> Digits {
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
    let mut digits = Digits {
        buf: [0; 20],
        len: 0,
        exponent: -cached.k,
    };
    digit_gen(&mut digits, m_minus, w, m_plus);
    digits
}

/// The largest power of ten <= n (n < 2^32) and its number of digits.
fn largest_pow10(n: u32) -> (u32, i32) {
    let mut pow = 1_000_000_000u32;
    let mut count = 10;
    while count > 1 && n < pow {
        pow /= 10;
        count -= 1;
    }
    (pow, count)
}

fn digit_gen(out: &mut Digits, m_minus: DiyFp, w: DiyFp, m_plus: DiyFp) {
    let mut delta = m_plus.sub(m_minus).f;
    let mut dist = m_plus.sub(w).f;
    let shift = (-m_plus.e) as u32; // in [32, 60] thanks to ALPHA/GAMMA
    let one = 1u64.checked_shl(shift).unwrap_or(0);
    let mut p1 = (m_plus.f >> shift) as u32;
    let mut p2 = m_plus.f & one.wrapping_sub(1);

    let (mut pow10, mut n) = largest_pow10(p1);
    while n > 0 {
        let d = p1 / pow10;
        p1 %= pow10;
        out.push(d as u8);
        n -= 1;
        let rest = (u64::from(p1) << shift) + p2;
        if rest <= delta {
            out.exponent += n;
            round(out, dist, delta, rest, u64::from(pow10) << shift);
            return;
        }
        pow10 /= 10;
    }
    let mut m = 0;
    loop {
        p2 = p2.wrapping_mul(10);
        let d = p2 >> shift;
        p2 &= one.wrapping_sub(1);
        out.push(d as u8);
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
            let back: f64 = format!(
                "{}e{}",
                std::str::from_utf8(d.as_bytes()).unwrap(),
                d.exponent
            )
            .parse()
            .unwrap();
            assert_eq!(back.to_bits(), bits);
        }
        for bits in [1u32, 0x007F_FFFF, 0x0080_0000, 0x7F7F_FFFF] {
            let d = digits_f32(f32::from_bits(bits));
            let back: f32 = format!(
                "{}e{}",
                std::str::from_utf8(d.as_bytes()).unwrap(),
                d.exponent
            )
            .parse()
            .unwrap();
            assert_eq!(back.to_bits(), bits);
        }
    }
}
