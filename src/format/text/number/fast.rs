//! Godot 4's text of an f32 (what f32 data holds) in one pass: Grisu2's digits in closed
//! form ([`grisu::fast`]), laid out in a stack block with fixed-size copies (the block
//! and the digit buffer are pre-filled with `'0'`, so runs of zeros cost nothing), then one
//! copy into the output. The same text as [`super::godot4`] plus the `.0` rule of
//! [`super::write_real`]: checked on a sample always, on every f32 by an ignored test.

// Digit counts (at most 20) and f32 exponents (|e| < 60): the casts are exact.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]

use alloc::vec::Vec;

use super::super::grisu;

/// Two ASCII digits for each value below 100.
#[allow(clippy::indexing_slicing)] // const initializer: checked at build time
const PAIRS: [[u8; 2]; 100] = {
    let mut out = [[0u8; 2]; 100];
    let mut i = 0;
    while i < 100 {
        out[i] = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
        i += 1;
    }
    out
};

/// A number's text being put together on the stack, written out in one copy. Unwritten
/// bytes are `'0'`, so runs of zeros need no writing.
struct Block {
    buf: [u8; 64],
    len: usize,
}

impl Block {
    #[inline(always)]
    fn put<const N: usize>(&mut self, bytes: [u8; N]) {
        if let Some(dst) = self.buf.get_mut(self.len..self.len + N) {
            dst.copy_from_slice(&bytes);
            self.len += N;
        }
    }

    /// `count` bytes of `src` at the end; `src` is copied `N` bytes at a time (the bytes
    /// past `count` are scratch that later writes replace or that lie past the end).
    #[inline(always)]
    fn put_first<const N: usize>(&mut self, src: &[u8; N], count: usize) {
        if let Some(dst) = self.buf.get_mut(self.len..self.len + N) {
            dst.copy_from_slice(src);
            self.len += count.min(N);
        }
    }
}

/// The eight decimal digits of `x < 10^8` as byte values 0 to 9, the first digit in the
/// lowest byte: two halves of four digits, then pairs, then single digits, each step on
/// all fields of the word at once (the products stay inside their fields).
#[inline(always)]
pub(super) fn eight_digits(x: u64) -> u64 {
    let halves = (x / 10_000) | ((x % 10_000) << 32);
    let hundreds = ((halves * 5243) >> 19) & 0x0000_007F_0000_007F;
    let pairs = hundreds | ((halves - hundreds * 100) << 16);
    let tens = ((pairs * 103) >> 10) & 0x000F_000F_000F_000F;
    tens | ((pairs - tens * 10) << 8)
}

/// The ASCII digits of `n` from index 0 (the rest `'0'`), and how many there are.
#[inline(always)]
fn ascii_digits(n: u64) -> ([u8; 48], usize) {
    let mut buf = [b'0'; 48];
    let len = n.checked_ilog10().map_or(1, |log| log as usize + 1);
    if n < 10_000_000_000_000_000 {
        // Sixteen digit values with leading zeros, shifted so the first digit comes first
        // (the bytes shifted in are 0, then '0' like the rest).
        let all = u128::from(eight_digits(n / 100_000_000))
            | (u128::from(eight_digits(n % 100_000_000)) << 64);
        let text = (all >> (8 * (16 - len))) + 0x3030_3030_3030_3030_3030_3030_3030_3030;
        if let Some(dst) = buf.get_mut(..16) {
            dst.copy_from_slice(&text.to_le_bytes());
        }
        return (buf, len);
    }
    let (mut n, mut at) = (n, len);
    while n >= 100 {
        at = at.saturating_sub(2);
        if let (Some(dst), Some(src)) = (buf.get_mut(at..at + 2), PAIRS.get((n % 100) as usize)) {
            dst.copy_from_slice(src);
        }
        n /= 100;
    }
    if n >= 10 {
        if let (Some(dst), Some(src)) = (buf.get_mut(..2), PAIRS.get(n as usize)) {
            dst.copy_from_slice(src);
        }
    } else if let Some(d) = buf.first_mut() {
        *d = b'0' + n as u8;
    }
    (buf, len)
}

/// `buf[from..from + N]`, or zeros (`from` past the end: never for digit positions).
#[inline(always)]
fn window<const N: usize>(buf: &[u8; 48], from: usize) -> [u8; N] {
    buf.get(from..from + N)
        .and_then(|w| <[u8; N]>::try_from(w).ok())
        .unwrap_or([b'0'; N])
}

/// Godot 4's text of a finite, non-zero f32 (what [`super::godot4`] and the `.0` rule
/// of [`super::write_real`] give for it): Grisu2's digits (closed form) laid out in a stack block.
pub(super) fn godot4_f32(out: &mut Vec<u8>, x: f32, float_role: bool) {
    let d = grisu::fast::decimal_f32(x);
    let (digits, k) = ascii_digits(d.digits);
    let mut b = Block {
        buf: [b'0'; 64],
        len: 0,
    };
    if x < 0.0 {
        b.put([b'-']);
    }
    // At most 20 digits: the casts are exact. value = 0.d1d2… × 10^n.
    let n = k as i32 + d.exponent;
    if (k as i32) <= n && n <= 15 {
        // The digits, then zeros (the block's own), and `.0` for a float.
        b.put_first(&window::<24>(&digits, 0), k);
        b.len += (n - k as i32).unsigned_abs() as usize;
        if float_role {
            b.put(*b".0");
        }
    } else if 0 < n && n <= 15 {
        // Inside the digits: the whole digits, the point, the rest.
        let whole = n.unsigned_abs() as usize;
        b.put_first(&window::<16>(&digits, 0), whole);
        b.put(*b".");
        b.put_first(&window::<24>(&digits, whole), k - whole);
    } else if -4 < n && n <= 0 {
        b.put(*b"0.");
        b.len += n.unsigned_abs() as usize;
        b.put_first(&window::<24>(&digits, 0), k);
    } else {
        b.put_first(&window::<1>(&digits, 0), 1);
        if k > 1 {
            b.put(*b".");
            b.put_first(&window::<24>(&digits, 1), k - 1);
        }
        let e = n - 1;
        b.put(if e < 0 { *b"e-" } else { *b"e+" });
        let e = e.unsigned_abs() as usize;
        if e >= 100 {
            b.put([b'0' + (e / 100) as u8]);
        }
        b.put(PAIRS.get(e % 100).copied().unwrap_or(*b"00"));
    }
    // One fixed-size copy (no call for a short variable one), then the length.
    let start = out.len();
    match b.buf.get(..32) {
        Some(head) if b.len <= 32 => {
            out.extend_from_slice(head);
            out.truncate(start + b.len);
        }
        _ => out.extend_from_slice(b.buf.get(..b.len).unwrap_or(&[])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{string::String, vec::Vec};

    /// The text before this module: the digit loop (or the exact-decimal shortcut) and the
    /// general layout, with the `.0` rule.
    fn reference(out: &mut Vec<u8>, x: f32, float_role: bool) {
        let start = out.len();
        super::super::godot4(out, f64::from(x));
        let text = out.get(start..).unwrap_or(&[]);
        if float_role && !text.iter().any(|&c| c == b'.' || c == b'e') {
            out.extend_from_slice(b".0");
        }
    }

    /// Every `step`-th finite non-zero f32 bit pattern, both roles: (compared, differing).
    fn compare(step: usize) -> (u64, u64) {
        use crate::format::sweep::{sweep, Verdict};
        sweep(0..1 << 32, step, |bits, (a, b): &mut (Vec<u8>, Vec<u8>)| {
            let x = f32::from_bits(bits);
            if !x.is_finite() || x == 0.0 {
                return Verdict::Skip;
            }
            // The role alternates with the pattern: both are covered.
            let float_role = bits & 1 == 0;
            a.clear();
            b.clear();
            godot4_f32(a, x, float_role);
            reference(b, x, float_role);
            Verdict::texts(a, b)
        })
    }

    fn text(x: f32, float_role: bool) -> String {
        let mut out = Vec::new();
        godot4_f32(&mut out, x, float_role);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sampled_text_matches_reference() {
        let (checked, failed) = compare(997);
        assert_eq!(failed, 0);
        assert!(checked > 4_000_000, "{checked}");
        // Every layout: digit counts 1..9 at every decimal exponent of an f32, both signs
        // and roles, plus the exponent ends.
        let mut xs: Vec<f32> = Vec::new();
        for e in -46..=39 {
            for m in [
                1.0f64,
                1.5,
                1.25,
                1.125,
                1.0625,
                1.234_567_9,
                9.999_999,
                3.0,
            ] {
                xs.push((m * 10f64.powi(e)) as f32);
            }
        }
        xs.extend((0..255u32).flat_map(|e| [e << 23 | 1, e << 23 | 0x7F_FFFF].map(f32::from_bits)));
        for x in xs.into_iter().filter(|x| x.is_finite() && *x != 0.0) {
            for x in [x, -x] {
                for role in [false, true] {
                    let mut b = Vec::new();
                    reference(&mut b, x, role);
                    assert_eq!(text(x, role), String::from_utf8(b).unwrap(), "{x:e}");
                }
            }
        }
        for (x, role, expected) in [
            (1.0f32, true, "1.0"),
            (1.0, false, "1"),
            (-100.0, true, "-100.0"),
            (1.5e10, false, "15000001000"),
            (1e15, true, "1e+15"),
            (1e-5, true, "1e-05"),
            (-0.0001, true, "-0.0001"),
            (0.87758255, false, "0.87758255"),
            (f32::MAX, true, "3.4028235e+38"),
            (f32::from_bits(1), true, "1e-45"),
        ] {
            assert_eq!(text(x, role), expected, "{x:e}");
        }
    }

    /// The text of every finite non-zero f32 (2^32 − 2^24 − 2 patterns):
    /// `cargo test --release --lib -- --ignored number::fast --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_text_matches_reference() {
        let start = std::time::Instant::now();
        let (checked, failed) = compare(1);
        std::eprintln!(
            "{checked} finite non-zero f32 compared, {failed} differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, (1u64 << 32) - (1 << 24) - 2, "every pattern");
    }

    /// Timing, not a check: `cargo test --release --lib -- --ignored fast_timing --nocapture`.
    #[test]
    #[ignore]
    fn fast_timing() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let xs: Vec<f32> = (0..3_000_000)
            .map(|_| {
                state ^= state >> 12;
                state ^= state << 25;
                state ^= state >> 27;
                ((state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32) / 16_777_216.0
            })
            .filter(|&x| x != 0.0)
            .collect();
        // `GDV_TIMING=old_digits|new_digits|old_text|new_text` runs that one only (for
        // `perf stat`, whose cycle counts are steadier than wall time on a shared machine).
        let only = std::env::var("GDV_TIMING").ok();
        let n = xs.len() as f64;
        let mut out = Vec::with_capacity(64 << 20);
        let mut acc = 0u64;
        let mut run = |name: &str| -> f64 {
            if only.as_deref().is_some_and(|o| o != name) {
                return 0.0;
            }
            out.clear();
            let t = std::time::Instant::now();
            match name {
                "old_digits" => {
                    for &x in &xs {
                        let d = grisu::digits_f32(x);
                        acc = acc.wrapping_add(d.as_bytes().len() as u64 ^ d.exponent as u64);
                    }
                }
                "new_digits" => {
                    for &x in &xs {
                        let d = grisu::fast::decimal_f32(x);
                        acc = acc.wrapping_add(d.digits ^ d.exponent as u64);
                    }
                }
                "scale_only" => {
                    for &x in &xs {
                        let d = grisu::fast::scale_only(x);
                        acc = acc.wrapping_add(d);
                    }
                }
                "old_text" => {
                    for &x in &xs {
                        reference(&mut out, x, false);
                        out.extend_from_slice(b", ");
                    }
                }
                _ => {
                    for &x in &xs {
                        godot4_f32(&mut out, x, false);
                        out.extend_from_slice(b", ");
                    }
                }
            }
            t.elapsed().as_nanos() as f64 / n
        };
        for round in 0..5 {
            let (od, nd) = (run("old_digits"), run("new_digits"));
            run("scale_only");
            let (ot, nt) = (run("old_text"), run("new_text"));
            std::eprintln!(
                "round {round}: digits old {od:.1} ns new {nd:.1} ns ({:.2}x); \
                 text old {ot:.1} ns new {nt:.1} ns ({:.2}x)",
                od / nd,
                ot / nt
            );
        }
        std::eprintln!("{acc}");
    }
}
