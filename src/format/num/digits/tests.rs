//! Proofs of [`super`] against the one reference directly: Rust's own `{}` for integers
//! and `{:?}` for floats (a dyadic value is an exact short decimal: no tie to break). The
//! same bytes for every input checked: exhaustive where the domain allows (every `n < 10^8`
//! for [`eight`]; every finite f32 for [`push_dyadic`]) in the `--ignored` runs, sampled
//! in the default run.
#![allow(clippy::indexing_slicing)] // tests: a panic is a failure

use super::*;
use std::format;
use std::io::Write as _;
use std::string::String;

/// Checks `n` against `{}`; true when equal.
fn same_u64(n: u64, a: &mut Vec<u8>, b: &mut Vec<u8>) -> bool {
    a.clear();
    b.clear();
    a.push(b'#');
    b.push(b'#');
    push_u64(a, n);
    let _ = write!(b, "{n}");
    a == b
}

/// Checks `x`: where [`push_dyadic`] writes, it wrote `{:?}`'s bytes (and `x` is in
/// `{:?}`'s decimal range); where it declines, it wrote nothing. Returns whether it wrote.
fn check_f64(x: f64, a: &mut Vec<u8>, b: &mut Vec<u8>) -> bool {
    a.clear();
    b.clear();
    a.push(b'#');
    let wrote = push_dyadic(a, x);
    if !wrote {
        assert_eq!(a, b"#", "{x:e}: declined but wrote");
        return false;
    }
    assert!((1e-4..1e16).contains(&x.abs()), "{x:e}: outside decimal");
    let _ = write!(b, "#{x:?}");
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
fn integers_match_display() {
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
fn floats_match_debug() {
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
    use crate::format::num::sweep::{sweep, Verdict};
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
