//! Ints one at a time in the text walk ([`push_int`]); and the tests of Godot 4's text of
//! one f32 ([`godot4_f32`], the single-value entry of the one layout in `number/batch.rs`)
//! against [`write_real`](super::number::write_real) directly: on a sample always, on
//! every f32 bit pattern by an ignored test.

// Digit counts (at most 8): the casts are exact.
#![allow(clippy::cast_possible_truncation)]

use alloc::vec::Vec;

#[cfg(test)]
use super::number::batch::godot4_f32;
use crate::format::num::digits;

/// Appends the decimal text of `n`: below 10^8 in magnitude, [`digits::short`] and one
/// 8-byte store; larger ones through `push_i64`.
#[inline(always)]
pub(super) fn push_int(out: &mut Vec<u8>, n: i64) {
    let magnitude = n.unsigned_abs();
    if magnitude >= 100_000_000 {
        return crate::format::number::push_i64(out, n);
    }
    if n < 0 {
        out.push(b'-');
    }
    let (text, len) = digits::short(magnitude as u32);
    let start = out.len();
    out.extend_from_slice(&text.to_le_bytes());
    out.truncate(start + len);
}

#[cfg(test)]
mod tests {
    use super::super::number::{write_real, Role};
    use super::super::style::TextStyle;
    use super::*;
    use std::{string::String, vec::Vec};

    /// The new route with its fallback, as the walk takes it.
    fn routed(out: &mut Vec<u8>, x: f32, role: Role) {
        if !godot4_f32(out, x, role == Role::Float) {
            write_real(out, f64::from(x), role, TextStyle::Godot4);
        }
    }

    /// Every `step`-th f32 bit pattern (all of them, NaNs, zeros and subnormals included),
    /// both roles each, through [`routed`] and through `write_real`: (compared,
    /// differing). Where the new route declines (it must then append nothing), the routed
    /// text is `write_real`'s by construction: only that nothing was appended is checked.
    fn compare(step: usize) -> (u64, u64) {
        use crate::format::num::sweep::{sweep, Verdict};
        sweep(0..1 << 32, step, |bits, (a, b): &mut (Vec<u8>, Vec<u8>)| {
            let x = f32::from_bits(bits);
            for role in [Role::Float, Role::Component] {
                a.clear();
                b.clear();
                a.push(b'[');
                b.push(b'[');
                if !godot4_f32(a, x, role == Role::Float) {
                    if a.len() != 1 {
                        return Verdict::Differ(std::format!("{a:?} appended, then declined"));
                    }
                    continue;
                }
                write_real(b, f64::from(x), role, TextStyle::Godot4);
                if a != b {
                    return Verdict::texts(a, b);
                }
            }
            Verdict::Same
        })
    }

    fn text(x: f32) -> String {
        let mut out = Vec::new();
        routed(&mut out, x, Role::Float);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn sampled_text_matches_write_real() {
        let (checked, failed) = compare(983);
        assert_eq!(failed, 0);
        assert!(checked > 4_000_000, "{checked}");
        // Every plain layout and its edges, both signs and roles.
        let mut xs: Vec<f32> = Vec::new();
        for e in -46..=39 {
            for m in [1.0f64, 1.5, 1.25, 1.234_567_9, 9.999_999, 3.0, 9.5] {
                xs.push((m * 10f64.powi(e)) as f32);
            }
        }
        xs.extend([
            0.0,
            f32::MIN_POSITIVE,
            f32::MAX,
            1e15,
            999_999_900_000_000.0,
            1e14,
            1e-4,
            1e-5,
            0.000_123_456_7,
            16_777_216.0,
            0.1,
            49_999.5,
        ]);
        for x in xs.iter().flat_map(|&x| [x, -x]) {
            for role in [Role::Float, Role::Component] {
                let (mut a, mut b) = (Vec::new(), Vec::new());
                routed(&mut a, x, role);
                write_real(&mut b, f64::from(x), role, TextStyle::Godot4);
                assert_eq!(a, b, "{x:e}");
            }
        }
        assert_eq!(text(0.5), "0.5");
        assert_eq!(text(1.0), "1.0");
        assert_eq!(text(-49_999.5), "-49999.5");
        assert_eq!(text(1e14), "100000000000000.0");
        assert_eq!(text(0.0001), "0.0001");
        assert_eq!(text(1e15), "1e+15");
        assert_eq!(text(1e-5), "1e-05");
        // Not laid out here: left to write_real.
        for x in [f32::NAN, f32::INFINITY, f32::from_bits(1)] {
            assert!(!godot4_f32(&mut Vec::new(), x, true), "{x:e}");
        }
    }

    #[test]
    fn ints_match_push_i64() {
        let mut ns: Vec<i64> = std::vec![0, 1, 9, 10, 99, 100, i64::MIN, i64::MAX, -1];
        for p in 0..19 {
            let t = 10i64.pow(p);
            ns.extend([t - 1, t, t + 1, 7 * t / 3]);
        }
        ns.extend((0..200_000).map(|i| i * 7919 % 100_000_003 - 50_000_000));
        for n in ns.iter().flat_map(|&n| [n, n.wrapping_neg()]) {
            let (mut a, mut b) = (std::vec![b'['], std::vec![b'[']);
            push_int(&mut a, n);
            crate::format::number::push_i64(&mut b, n);
            assert_eq!(a, b, "{n}");
        }
    }

    /// Every f32 bit pattern, both roles:
    /// `cargo test --release --lib -- --ignored text::single --nocapture`.
    #[test]
    #[ignore]
    fn exhaustive_text_matches_write_real() {
        let start = std::time::Instant::now();
        let (checked, failed) = compare(1);
        std::eprintln!(
            "{checked} f32 bit patterns compared (both roles each), {failed} differ, {:?}",
            start.elapsed()
        );
        assert_eq!(failed, 0);
        assert_eq!(checked, 1 << 32, "every pattern");
    }
}
