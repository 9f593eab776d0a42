//! Tests of the list writer (`list.rs`): every element width against `push_f32` one by
//! one.

#![allow(clippy::indexing_slicing)]

use super::*;
use crate::format::float32::push_f32;

/// The text the JSON writer made before: each component through `push_f32`, NaN and
/// infinities as strings, commas and brackets pushed one by one.
pub(crate) fn one_by_one(out: &mut Vec<u8>, data: &[u8], per: usize) {
    for (e, element) in data.chunks_exact(4 * per).enumerate() {
        if e > 0 {
            out.push(b',');
        }
        if per > 1 {
            out.push(b'[');
        }
        for (i, c) in element.chunks_exact(4).enumerate() {
            if i > 0 {
                out.push(b',');
            }
            let x = f32::from_le_bytes([c[0], c[1], c[2], c[3]]);
            if x.is_nan() {
                out.extend_from_slice(b"\"nan\"");
            } else if x.is_infinite() {
                out.extend_from_slice(if x > 0.0 { b"\"inf\"" } else { b"\"-inf\"" });
            } else {
                push_f32(out, x);
            }
        }
        if per > 1 {
            out.push(b']');
        }
    }
}

fn bytes_of(xs: &[u32]) -> Vec<u8> {
    xs.iter().flat_map(|x| x.to_le_bytes()).collect()
}

/// Integers as floats, both signs, against `push_f32` one by one: every one below
/// 2^16 and around every power of two and ten, every 61st above, and the floats with
/// a fraction next to each (the exhaustive f32 sweep covers every pattern).
#[test]
fn integers_match_one_by_one() {
    let mut values: Vec<u32> = (1..1 << 16)
        .chain(((1 << 16)..(1 << 24)).step_by(61))
        .collect();
    for k in 0..25 {
        for d in 0..3 {
            values.push((1u32 << k).saturating_sub(d));
            values.push((1u32 << k) + d);
        }
    }
    for p in [10u32, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000] {
        values.extend([p - 1, p, p + 1]);
    }
    values.extend([(1 << 24) - 1, 1 << 24, (1 << 24) + 2]);
    let mut data = Vec::new();
    for n in values {
        let x = n as f32;
        for bits in [
            x.to_bits(),
            x.to_bits().wrapping_add(1),
            x.to_bits().wrapping_sub(1),
        ] {
            for sign in [0, 0x8000_0000] {
                data.extend_from_slice(&(bits | sign).to_le_bytes());
            }
        }
    }
    assert_one_by_one(&data, 1, "integers");
    let cut = data.len() / 12 * 12;
    assert_one_by_one(&data[..cut], 3, "integers");
}

/// `push_f32_list` of `data` (elements of `per`) is `one_by_one`'s text; `context` names
/// the case, and a failure shows where the texts part.
fn assert_one_by_one(data: &[u8], per: usize, context: &str) {
    let (mut a, mut b) = (Vec::new(), Vec::new());
    push_f32_list(&mut a, data, per);
    one_by_one(&mut b, data, per);
    if a != b {
        let at = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
        let around = |text: &[u8]| {
            let from = at.saturating_sub(40);
            std::string::String::from_utf8_lossy(&text[from..(at + 40).min(text.len())])
                .into_owned()
        };
        panic!(
            "{context}, per {per}: {} bytes against {}, apart at {at}: {:?} against {:?}",
            a.len(),
            b.len(),
            around(&a),
            around(&b)
        );
    }
}

/// A xorshift* generator from `seed` (nonzero).
fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut state = seed;
    move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Components that repeat the element before's (copied by the memo): constant ones,
/// runs, equal elements, every route (long texts, NaN, infinities, both signs), in
/// lists of many blocks where the memo rests and comes back (a stretch with no
/// repeat, then repeats), every element width.
#[test]
fn repeats_match_one_by_one() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let specials = [
        0.5f32.to_bits(),
        0x8000_0000,
        0,
        0x7FC0_0000,
        0xFFC0_0001,
        0xFF80_0000,
        0x5A0E_1BC9, // a long text (32 bytes)
        0xDA0E_1BC9,
        (-3.25f32).to_bits(),
        1e-7f32.to_bits(),
        123_456_789f32.to_bits(),
        0.1f32.to_bits(),
    ];
    for round in 0..60usize {
        for per in 1..=5 {
            let elements = 40 + round * 97 % 3000;
            let quiet = round % 7 * 300;
            let mut xs = Vec::new();
            let mut element = alloc::vec![0u32; per];
            for e in 0..elements {
                for (c, x) in element.iter_mut().enumerate() {
                    // A first stretch of fresh floats (the memo rests), then a mix.
                    let fresh = (next() >> 32) as u32 & 0x7F7F_FFFF;
                    *x = if e < quiet {
                        fresh
                    } else {
                        match (next() >> 62, (c + round) % 4) {
                            (0, _) => fresh,
                            (1 | 2, 0) => specials[round % specials.len()],
                            (1, _) => *x,
                            (2, _) => specials[(next() % specials.len() as u64) as usize],
                            _ => *x ^ (next() >> 63) as u32,
                        }
                    };
                }
                xs.extend_from_slice(&element);
            }
            assert_one_by_one(&bytes_of(&xs), per, &std::format!("round {round}"));
        }
    }
}

/// Random bit patterns, floats in [0, 1) and a mix of the special ones, every element
/// width and many lengths (blocks handed on at every possible point).
#[test]
fn lists_match_one_by_one() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let specials = [
        0u32,
        0x8000_0000,
        0x7F80_0000,
        0xFF80_0000,
        0x7FC0_0000,
        0xFFC0_0001,
        0x7F7F_FFFF,
        0xFF7F_FFFF,
        1,
        0x8000_0001,
        LOW,
        LOW - 1,
        ONE,
        ONE - 1,
        0xBF7F_FFFF,
        0x5A0E_1BCA, // 1e16
        0x5A0E_1BC9,
        0xDA0E_1BC9,
        0x5368_D4A5, // 1e12
    ];
    for round in 0..400usize {
        let n = round % 97 + 1;
        let xs: Vec<u32> = (0..n * 4)
            .map(|i| match (next() >> 60) as usize {
                0..=5 => ((next() >> 40) as f32 / 16_777_216.0).to_bits() ^ ((i as u32 & 1) << 31),
                6..=11 => (next() >> 32) as u32,
                _ => specials[(next() % specials.len() as u64) as usize],
            })
            .collect();
        for per in 1..=5 {
            assert_one_by_one(&bytes_of(&xs), per, &std::format!("round {round}"));
        }
    }
}
