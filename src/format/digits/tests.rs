//! Differential proofs of [`super`] against the routines it replaced (kept here, as they
//! were): the same bytes for every input checked. Exhaustive where the domain allows (every
//! `n < 10^8` for [`eight`]; every finite f32 for [`push_dyadic`]) in the `--ignored` runs,
//! sampled in the default run.
#![allow(clippy::indexing_slicing)] // tests: a panic is a failure

use super::*;
use crate::format::exact::{exact_f64, Exact};
use std::format;
use std::string::String;

/// Two decimal digits per entry (the replaced `push_u64`'s table).
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// The replaced `number::push_u64`, as it was.
fn old_push_u64(out: &mut Vec<u8>, mut n: u64) {
    let len = n.checked_ilog10().map_or(1, |log| log as usize + 1);
    let start = out.len();
    out.extend_from_slice(&[b'0'; 20]);
    out.truncate(start + len);
    let digits = &mut out[start..];
    let mut at = len;
    while n >= 100 {
        let pair = (n % 100) as usize * 2;
        n /= 100;
        at -= 2;
        digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
    }
    let n = n as u8;
    if n >= 10 {
        let pair = usize::from(n) * 2;
        digits[..2].copy_from_slice(&PAIRS[pair..pair + 2]);
    } else {
        digits[0] = b'0' + n;
    }
}

/// The replaced `number::push_padded`, as it was.
fn old_push_padded(out: &mut Vec<u8>, n: u64, width: usize) {
    let len = n.checked_ilog10().map_or(1, |log| log as usize + 1);
    out.resize(out.len() + width.saturating_sub(len), b'0');
    old_push_u64(out, n);
}

/// `number::push_exact` as it was (on the replaced `push_u64`).
fn old_push_exact(out: &mut Vec<u8>, negative: bool, exact: Exact) {
    if negative {
        out.push(b'-');
    }
    let Exact { digits, exponent } = exact;
    if exponent >= 0 {
        old_push_u64(out, digits);
        out.resize(out.len() + exponent.unsigned_abs() as usize, b'0');
        return out.extend_from_slice(b".0");
    }
    let frac_len = exponent.unsigned_abs() as usize;
    let len = digits.checked_ilog10().map_or(1, |log| log as usize + 1);
    if len > frac_len {
        let scale = 10u64.pow(exponent.unsigned_abs());
        old_push_u64(out, digits / scale);
        out.push(b'.');
        old_push_padded(out, digits % scale, frac_len);
    } else {
        out.extend_from_slice(b"0.");
        old_push_padded(out, digits, frac_len);
    }
}

/// Checks `n` both ways; true when equal.
fn same_u64(n: u64, a: &mut Vec<u8>, b: &mut Vec<u8>) -> bool {
    a.clear();
    b.clear();
    a.push(b'#');
    b.push(b'#');
    push_u64(a, n);
    old_push_u64(b, n);
    a == b
}

/// Checks `x` both ways: where [`push_dyadic`] writes, the old exact path took `x` (its
/// exact decimal, in `{:?}`'s decimal range) and wrote the same bytes; where it declines,
/// it wrote nothing. Returns whether it wrote.
fn check_f64(x: f64, a: &mut Vec<u8>, b: &mut Vec<u8>) -> bool {
    a.clear();
    b.clear();
    a.push(b'#');
    let wrote = push_dyadic(a, x);
    if !wrote {
        assert_eq!(a, b"#", "{x:e}: declined but wrote");
        return false;
    }
    let magnitude = x.abs();
    assert!((1e-4..1e16).contains(&magnitude), "{x:e}: outside decimal");
    let exact = exact_f64(magnitude).unwrap_or_else(|| panic!("{x:e}: not exact"));
    b.push(b'#');
    old_push_exact(b, x < 0.0, exact);
    assert_eq!(
        String::from_utf8_lossy(a),
        String::from_utf8_lossy(b),
        "{x:e}"
    );
    true
}

/// Every length's boundaries and neighbours, powers of two, the extremes.
fn edge_u64() -> Vec<u64> {
    let mut v = Vec::new();
    let mut p = 1u64;
    loop {
        for d in 0..=3 {
            v.extend([p.wrapping_add(d), p.wrapping_sub(d), p.wrapping_mul(9)]);
        }
        match p.checked_mul(10) {
            Some(q) => p = q,
            None => break,
        }
    }
    for k in 0..64 {
        v.extend([1u64 << k, (1u64 << k) - 1, (1u64 << k) + 1]);
    }
    v.extend([
        u64::MAX,
        u64::MAX - 1,
        i64::MAX as u64,
        i64::MIN.unsigned_abs(),
        0,
    ]);
    v
}

fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

#[test]
fn integers_match_the_old_digits() {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for n in edge_u64() {
        assert!(same_u64(n, &mut a, &mut b), "{n}");
    }
    for n in 0..300_000 {
        assert!(same_u64(n, &mut a, &mut b), "{n}");
    }
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    for i in 0..300_000 {
        // Every length: the random bits cut to i % 64 + 1 bits.
        let n = xorshift(&mut state) >> (i % 64);
        assert!(same_u64(n, &mut a, &mut b), "{n}");
    }
    // Signed, through number::push_i64.
    for n in [
        0,
        -1,
        1,
        i64::MIN,
        i64::MAX,
        i64::MIN + 1,
        -100_000_000,
        -99_999_999,
    ] {
        let mut out = Vec::new();
        crate::format::number::push_i64(&mut out, n);
        assert_eq!(String::from_utf8(out).unwrap(), format!("{n}"));
    }
}

/// Every `n < 10^8` (the whole domain of [`eight`]) and 200 million random u64 of every
/// length: `cargo test --release --lib -- --ignored digits_exhaustive`.
#[test]
#[ignore]
fn digits_exhaustive_integers() {
    for n in 0..100_000_000u32 {
        let d = eight(n);
        let bytes = d.to_le_bytes();
        let back = bytes.iter().fold(0u32, |acc, &b| acc * 10 + u32::from(b));
        assert!(bytes.iter().all(|&b| b < 10) && back == n, "{n}");
    }
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for n in 0..100_000_000u64 {
        assert!(same_u64(n, &mut a, &mut b), "{n}");
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..200_000_000u64 {
        let n = xorshift(&mut state) >> (i % 64);
        assert!(same_u64(n, &mut a, &mut b), "{n}");
    }
}

/// Values the fast float path takes or must decline: zeros, integers around 2^53 and
/// 10^7, each 2^-k step for k up to 12 above many integer parts, powers of two, both signs.
fn edge_f64() -> Vec<f64> {
    let mut v = std::vec![0.0, -0.0, 1e-4, 1e16, 1e7, 1e7 - 0.5, 9_999_999.99609375];
    let two53 = 9_007_199_254_740_992.0f64;
    for d in 0..64 {
        let d = f64::from(d);
        v.extend([two53 - d, two53 + d, two53 - d - 0.5, 1e7 + d, 1e7 - d]);
    }
    for k in -60..=60 {
        v.push(2f64.powi(k));
        v.push(2f64.powi(k) * 3.0);
    }
    for int in edge_u64().into_iter().filter(|&n| n < 1 << 53) {
        for step in 0..4096u32 {
            v.push(int as f64 + f64::from(step) / 4096.0);
        }
    }
    for x in v.clone() {
        // The neighbours in magnitude (wrapping to a NaN below zero: declined).
        let bits = x.to_bits();
        v.extend([
            -x,
            f64::from_bits(bits + 1),
            f64::from_bits(bits.wrapping_sub(1)),
        ]);
    }
    v
}

#[test]
fn floats_match_the_old_exact_path() {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut wrote = 0u64;
    for x in edge_f64() {
        wrote += u64::from(check_f64(x, &mut a, &mut b));
    }
    // Every 256th over integer parts 0..20,000 and the same near 10^7, both signs.
    for int in (0..20_000u32).chain(9_990_000..10_000_010) {
        for step in 0..256u32 {
            let x = f64::from(int) + f64::from(step) / 256.0;
            wrote += u64::from(check_f64(x, &mut a, &mut b));
            wrote += u64::from(check_f64(-x, &mut a, &mut b));
        }
    }
    // Random bit patterns (almost all declined) and random small dyadic values.
    let mut state = 0x1234_5678_9ABC_DEF1u64;
    for _ in 0..300_000 {
        let bits = xorshift(&mut state);
        check_f64(f64::from_bits(bits), &mut a, &mut b);
        let x = (bits >> 11) as f64 / 2f64.powi((bits % 70) as i32);
        wrote += u64::from(check_f64(x, &mut a, &mut b));
    }
    assert!(wrote > 10_000_000, "{wrote}");
    // The zeros are declined (left to the search, which writes `0.0` and `-0.0`).
    assert!(!push_dyadic(&mut a, 0.0) && !push_dyadic(&mut a, -0.0));
    // What it writes, spelled out.
    for (x, text) in [
        (1.0, "1.0"),
        (-0.5, "-0.5"),
        (49_999.5, "49999.5"),
        (0.00390625, "0.00390625"),
        (9_999_999.99609375, "9999999.99609375"),
        (9_007_199_254_740_991.0, "9007199254740991.0"),
        (12.375, "12.375"),
    ] {
        let mut out = Vec::new();
        assert!(push_dyadic(&mut out, x), "{x}");
        assert_eq!(String::from_utf8(out).unwrap(), text);
        assert_eq!(format!("{x:?}"), text);
    }
}

/// Every finite f32 (as the f64 the JSON writer gets) and every 2^-8 step over integer
/// parts 0..2,000,000 (both signs): `cargo test --release --lib -- --ignored
/// digits_exhaustive`.
#[test]
#[ignore]
fn digits_exhaustive_floats() {
    use crate::format::sweep::{sweep, Verdict};
    let (checked, failed) = sweep(0..1 << 32, 1, |bits, (a, b): &mut (Vec<u8>, Vec<u8>)| {
        let x = f64::from(f32::from_bits(bits));
        if !x.is_finite() {
            return Verdict::Skip;
        }
        check_f64(x, a, b);
        Verdict::Same
    });
    std::eprintln!("{checked} finite f32 checked, {failed} differ");
    assert_eq!(checked, (1u64 << 32) - (1 << 24));
    assert_eq!(failed, 0);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for int in 0..2_000_000u32 {
        for step in 0..256u32 {
            let x = f64::from(int) + f64::from(step) / 256.0;
            check_f64(x, &mut a, &mut b);
            check_f64(-x, &mut a, &mut b);
        }
    }
}

/// [`dyadic`] as it was first written (the integer part and the fraction taken apart in
/// turn): the reference for the one-multiply version.
fn old_dyadic(x: f64) -> Option<Dyadic> {
    let magnitude = x.abs();
    if magnitude >= 9_007_199_254_740_992.0 || magnitude.is_nan() {
        return None;
    }
    let int = magnitude as i64 as u64;
    let fraction = magnitude - int as f64;
    let scaled = fraction * 256.0;
    let steps = scaled as i32 as u32;
    if f64::from(steps) != scaled || (steps != 0 && int >= 10_000_000) || (int == 0 && steps == 0) {
        return None;
    }
    let &(fraction, fraction_len) = FRACTIONS.get(steps as usize)?;
    Some(Dyadic {
        negative: x < 0.0,
        int,
        fraction,
        fraction_len: usize::from(fraction_len),
    })
}

#[test]
fn dyadic_is_the_old_dyadic() {
    let mut checked = 0u64;
    let mut taken = 0u64;
    let mut check = |x: f64| {
        assert_eq!(dyadic(x), old_dyadic(x), "{x:e} ({:#x})", x.to_bits());
        checked += 1;
        taken += u64::from(dyadic(x).is_some());
    };
    for x in edge_f64() {
        check(x);
    }
    for x in [
        f64::NAN,
        -f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
        f64::MIN_POSITIVE,
    ] {
        check(x);
        check(f64::from_bits(x.to_bits() - 1));
    }
    // Every exponent, with mantissas ending in each number of zero bits, both signs.
    let mut state = 0x0F1E_2D3C_4B5A_6978u64;
    for biased in 0..2048u64 {
        for zeros in 0..53 {
            let mantissa = (xorshift(&mut state) & ((1 << 52) - 1)) >> zeros << zeros;
            for sign in [0, 1u64 << 63] {
                check(f64::from_bits(sign | biased << 52 | mantissa));
            }
        }
    }
    for _ in 0..1_000_000 {
        let bits = xorshift(&mut state);
        check(f64::from_bits(bits));
        check((bits >> 11) as f64 / 2f64.powi((bits % 70) as i32));
    }
    assert!(checked > 7_000_000 && taken > 250_000, "{checked} {taken}");
}
