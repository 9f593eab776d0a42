//! Numbers as text, fast: integers, and the shortest round-trip digits of floats laid out
//! as Rust's `{:?}` lays them out (the JSON schema's numbers).

use alloc::vec::Vec;

/// Appends the decimal digits of `n` ([`crate::format::num::digits`]: eight at a time, each
/// group written whole and cut to length).
#[inline]
pub(crate) fn push_u64(out: &mut Vec<u8>, n: u64) {
    crate::format::num::digits::push_u64(out, n);
}

/// Appends the decimal form of `n`.
#[inline]
pub(crate) fn push_i64(out: &mut Vec<u8>, n: i64) {
    if n < 0 {
        out.push(b'-');
    }
    push_u64(out, n.unsigned_abs());
}

/// Appends `bytes`, a float formatter's text (at most 24 bytes in practice): gathered a
/// byte at a time into a fixed 24-byte block (byte loads of the formatter's fresh stores
/// are forwarded; `memcpy`'s wide loads are not), appended whole and cut to length.
/// Measured on pv3_1m JSON: 110 ms, against 137 ms pushing byte by byte.
#[cfg(feature = "std")]
#[inline(always)]
pub(crate) fn extend_short(out: &mut Vec<u8>, bytes: &[u8]) {
    if bytes.len() <= 24 {
        let mut block = [0u8; 24];
        for (slot, &b) in block.iter_mut().zip(bytes) {
            *slot = b;
        }
        let len = out.len();
        out.extend_from_slice(&block);
        out.truncate(len + bytes.len());
    } else {
        out.extend_from_slice(bytes);
    }
}

/// Appends finite `x` as Rust's `{:?}` does (`1.0`, `0.1`, `1e16`, `1.5e-7`): the shortest
/// digits that read back to `x`, decimal when `1e-4 <= |x| < 1e16`, exponential otherwise.
/// When two shortest forms are equally near, the even digit is chosen (as JavaScript and
/// Python print it; Rust's own `{:?}` rounds such ties up).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn push_f64(out: &mut Vec<u8>, x: f64) {
    // Integers and small binary fractions (most game data), digits straight into place.
    if crate::format::num::digits::push_dyadic(out, x) {
        return;
    }
    let magnitude = x.abs();
    let decimal = (1e-4..1e16).contains(&magnitude);
    let mut buf = zmij::Buffer::new();
    let text = buf.format_finite(x).as_bytes();
    // zmij writes decimals when the shortest digits' exponent is from -5 to 15, `{:?}`
    // for 1e-4 <= |x| < 1e16 (and zero): below 1e15 both are decimals, whatever the
    // digits round to.
    if (1e-4..1e15).contains(&magnitude) || magnitude == 0.0 {
        return extend_short(out, text);
    }
    debug_layout(out, text, !decimal && magnitude != 0.0);
}

/// [`push_f64`] for an f32: the shortest digits that read back to the same f32, nearest,
/// ties to even ([`crate::format::num::shortest32`]), laid out as `{:?}` lays out an f32
/// ([`crate::format::float32`]).
#[cfg(feature = "std")]
#[inline]
pub(crate) fn push_f32(out: &mut Vec<u8>, x: f32) {
    crate::format::float32::push_f32(out, x);
}

/// Re-lays `text` (zmij's form of a nonzero float, such as `1.5`, `1e+16`, `0.00001`,
/// `9.9e+15`) in the layout of Rust's `{:?}`: `exponential` (without a `+`) or decimal.
#[cfg(feature = "std")]
#[inline(never)]
pub(crate) fn debug_layout(out: &mut Vec<u8>, text: &[u8], exponential: bool) {
    // An exponent is in the last 5 bytes (`e-324`, `e+308`, `e+38`, `e-7`).
    let tail = text.len().saturating_sub(5);
    let e = text
        .get(tail..)
        .and_then(|t| t.iter().position(|&c| c == b'e'))
        .map(|i| tail + i);
    // zmij's bounds are inside ours for most values: its text is then already right.
    if e.is_some() == exponential {
        match e {
            None => extend_short(out, text),
            Some(e) => {
                // `1e+16` → `1e16`; `1.5e-7` stays.
                let (mantissa, exp) = text.split_at(e);
                out.extend_from_slice(mantissa);
                out.push(b'e');
                let exp = exp.get(1..).unwrap_or(&[]);
                out.extend_from_slice(exp.strip_prefix(b"+").unwrap_or(exp));
            }
        }
        return;
    }
    // Otherwise take the digits apart: value = 0.d1d2…dk × 10^point.
    let (negative, body) = match text.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, text),
    };
    let (mantissa, exp) = match memchr::memchr(b'e', body) {
        Some(e) => (
            body.get(..e).unwrap_or(body),
            body.get(e + 1..).unwrap_or(&[]),
        ),
        None => (body, &[][..]),
    };
    let exp: i32 = core::str::from_utf8(exp)
        .ok()
        .and_then(|x| x.strip_prefix('+').unwrap_or(x).parse().ok())
        .unwrap_or(0);
    let int_len = mantissa
        .iter()
        .position(|&c| c == b'.')
        .unwrap_or(mantissa.len());
    let mut digits = [0u8; 40];
    let mut k = 0;
    for &c in mantissa.iter().filter(|c| c.is_ascii_digit()) {
        if let Some(slot) = digits.get_mut(k) {
            *slot = c;
            k += 1;
        }
    }
    let all = digits.get(..k).unwrap_or(&[]);
    let lead = all.iter().take_while(|&&d| d == b'0').count();
    let sig = all.get(lead..).unwrap_or(&[]);
    let sig = sig
        .get(..sig.iter().rposition(|&d| d != b'0').map_or(0, |i| i + 1))
        .unwrap_or(&[]);
    // Both are lengths within zmij's text of one float: a few dozen bytes at most.
    let int_len = i32::try_from(int_len).unwrap_or(i32::MAX);
    let lead = i32::try_from(lead).unwrap_or(0);
    let point = int_len.saturating_sub(lead).saturating_add(exp);
    if negative {
        out.push(b'-');
    }
    if exponential {
        if let Some((first, rest)) = sig.split_first() {
            out.push(*first);
            if !rest.is_empty() {
                out.push(b'.');
                out.extend_from_slice(rest);
            }
        }
        out.push(b'e');
        push_i64(out, i64::from(point - 1));
    } else if point <= 0 {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + point.unsigned_abs() as usize, b'0');
        out.extend_from_slice(sig);
    } else {
        // Positive here.
        let point = point.unsigned_abs() as usize;
        if point < sig.len() {
            let (int, frac) = sig.split_at(point);
            out.extend_from_slice(int);
            out.push(b'.');
            out.extend_from_slice(frac);
        } else {
            out.extend_from_slice(sig);
            out.resize(out.len() + (point - sig.len()), b'0');
            out.extend_from_slice(b".0");
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure
    use super::*;
    use std::format;
    use std::string::{String, ToString};

    fn int(n: i64) -> String {
        let mut out = Vec::new();
        push_i64(&mut out, n);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn integers_are_their_decimal_digits() {
        for n in [
            0,
            1,
            9,
            10,
            99,
            100,
            101,
            999,
            1000,
            -1,
            -10,
            123456789,
            i64::MIN,
            i64::MAX,
        ] {
            assert_eq!(int(n), n.to_string());
        }
        let mut x = 1u64;
        while x < u64::MAX / 3 {
            let mut out = Vec::new();
            push_u64(&mut out, x);
            assert_eq!(String::from_utf8(out).unwrap(), x.to_string());
            x = x * 3 + 1;
        }
    }

    /// Same digits as `{:?}` apart from ties (which `{:?}` rounds up): both read back.
    #[test]
    #[cfg(feature = "std")]
    fn floats_are_laid_out_like_debug() {
        let f64s = [
            1.0,
            0.1,
            123.0,
            1e15,
            1e16,
            1e-4,
            1e-5,
            1.5e-5,
            9.99e-5,
            1.5e-7,
            1e300,
            5e-324,
            -0.0,
            0.0,
            -2.5e-6,
            123456789.125,
            0.30000000000000004,
            1e21,
            f64::MAX,
            -f64::MIN_POSITIVE,
        ];
        for x in f64s {
            let mut out = Vec::new();
            push_f64(&mut out, x);
            assert_eq!(String::from_utf8(out).unwrap(), format!("{x:?}"), "{x:e}");
        }
        let f32s = [
            1.0f32,
            0.1,
            1e-5,
            16777216.0,
            3.4028235e38,
            1.5e10,
            1e-45,
            -7.5e-5,
            1e16,
            9.9e15,
        ];
        for x in f32s {
            let mut out = Vec::new();
            push_f32(&mut out, x);
            assert_eq!(String::from_utf8(out).unwrap(), format!("{x:?}"), "{x:e}");
        }
        // A tie: both 1166322470465494.2 and .3 are shortest and read back; the even digit.
        let tie = f64::from_bits(0x4310_930E_722E_BF59); // 1166322470465494.25, exactly
        let mut out = Vec::new();
        push_f64(&mut out, tie);
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, "1166322470465494.2");
        assert_eq!(text.parse::<f64>().unwrap(), tie);
    }

    /// Around every power of ten where either layout switches: the nearest floats on both
    /// sides (whose shortest digits may round across the power) lay out like `{:?}`.
    #[test]
    #[cfg(feature = "std")]
    fn floats_next_to_powers_of_ten_are_laid_out_like_debug() {
        for k in -10..=20 {
            let p64: f64 = format!("1e{k}").parse().unwrap();
            let p32: f32 = format!("1e{k}").parse().unwrap();
            let mut x = p64;
            let mut y = p32;
            for _ in 0..4 {
                x = x.next_down();
                y = y.next_down();
            }
            for _ in 0..8 {
                // The same text, or (on a tie, which `{:?}` rounds up) the same length and
                // value.
                for v in [x, -x] {
                    let mut out = Vec::new();
                    push_f64(&mut out, v);
                    let (ours, theirs) = (String::from_utf8(out).unwrap(), format!("{v:?}"));
                    if ours != theirs {
                        assert_eq!(
                            (ours.len(), ours.parse::<f64>().unwrap()),
                            (theirs.len(), v)
                        );
                    }
                }
                for v in [y, -y] {
                    let mut out = Vec::new();
                    push_f32(&mut out, v);
                    let (ours, theirs) = (String::from_utf8(out).unwrap(), format!("{v:?}"));
                    if ours != theirs {
                        assert_eq!(
                            (ours.len(), ours.parse::<f32>().unwrap()),
                            (theirs.len(), v)
                        );
                    }
                }
                x = x.next_up();
                y = y.next_up();
            }
        }
    }

    /// Integers, halves, eighths… over a grid of significands and exponents, both signs,
    /// laid out like `{:?}`.
    #[test]
    #[cfg(feature = "std")]
    fn exact_decimals_are_laid_out_like_debug() {
        for k in -20..=40 {
            for m in (1u32..2000).chain([99_999, 999_999, (1 << 24) - 1]) {
                let y = m as f32 * 2f32.powi(-k);
                let x = f64::from(m) * 2f64.powi(-k) * 3.0;
                // The text is `{:?}`'s but on a tie (ties go to the even digit here), where
                // it differs in the last digit only.
                for y in [y, -y] {
                    let mut out = Vec::new();
                    push_f32(&mut out, y);
                    let (ours, theirs) = (String::from_utf8(out).unwrap(), format!("{y:?}"));
                    if ours != theirs {
                        assert_eq!(
                            (ours.len(), ours.parse::<f32>().unwrap()),
                            (theirs.len(), y)
                        );
                    }
                }
                for x in [x, -x] {
                    let mut out = Vec::new();
                    push_f64(&mut out, x);
                    let (ours, theirs) = (String::from_utf8(out).unwrap(), format!("{x:?}"));
                    if ours != theirs {
                        assert_eq!(
                            (ours.len(), ours.parse::<f64>().unwrap()),
                            (theirs.len(), x)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn short_runs_are_copied_whole() {
        let text: Vec<u8> = (b'a'..=b'z').chain(b'A'..=b'Z').collect();
        for n in 0..=text.len() {
            let mut out = b"x".to_vec();
            extend_short(&mut out, &text[..n]);
            assert_eq!(&out[1..], &text[..n], "{n}");
            assert_eq!(out[0], b'x');
        }
    }

    /// On 200,000 random bit patterns: the layout of `{:?}`, the same length, and the same
    /// value read back (the digits differ only on ties).
    #[test]
    #[cfg(feature = "std")]
    fn random_floats_match_debug_up_to_ties() {
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut ties = 0;
        for _ in 0..100_000 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let x = f64::from_bits(state);
            let y = f32::from_bits((state >> 32) as u32);
            if x.is_finite() {
                let mut out = Vec::new();
                push_f64(&mut out, x);
                let ours = String::from_utf8(out).unwrap();
                let theirs = format!("{x:?}");
                if ours != theirs {
                    ties += 1;
                    assert_eq!(
                        (ours.len(), ours.parse::<f64>().unwrap()),
                        (theirs.len(), x),
                        "{theirs}"
                    );
                }
            }
            if y.is_finite() {
                let mut out = Vec::new();
                push_f32(&mut out, y);
                let ours = String::from_utf8(out).unwrap();
                let theirs = format!("{y:?}");
                if ours != theirs {
                    ties += 1;
                    assert_eq!(
                        (ours.len(), ours.parse::<f32>().unwrap()),
                        (theirs.len(), y),
                        "{theirs}"
                    );
                }
            }
        }
        assert!(ties < 1_000, "{ties} differences");
    }
}
