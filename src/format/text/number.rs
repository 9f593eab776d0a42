//! Number formatting exactly as the engines print floats in their text forms.
//!
//! * Godot 3 (`rtosfix` → `String::num_scientific` → C `"%lg"`): 6 significant digits,
//!   `%g` layout. Godot 3.5+ prints `nan` and `inf_neg` for NaN and −∞; 3.2 prints C's
//!   `-nan`/`-inf`.
//! * Godot 4 (`rtos_fix` → `String::num_scientific`): the shortest digits that round-trip,
//!   taken as f32 when the value is exactly an f32 (the engine's "avoid garbage digits"
//!   rule), laid out like `%g`: scientific when the decimal exponent is < −4 or ≥ 15.
//!   −∞ prints as `inf_neg`, any NaN as `nan`, ±0 as `0`.

use alloc::vec::Vec;
use core::fmt::{self, Write};

use super::style::TextStyle;
use crate::format::num::grisu;
use crate::wire::narrow::f32_of;

pub(crate) mod batch;

/// A small stack buffer that implements `fmt::Write`.
pub(crate) struct StackBuf {
    buf: [u8; 64],
    len: usize,
}

impl StackBuf {
    pub(crate) fn new() -> Self {
        StackBuf {
            buf: [0; 64],
            len: 0,
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        core::str::from_utf8(self.buf.get(..self.len).unwrap_or(&[])).unwrap_or("")
    }
}

impl Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len.checked_add(s.len()).ok_or(fmt::Error)?;
        let dst = self.buf.get_mut(self.len..end).ok_or(fmt::Error)?;
        dst.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Where a number stands: a `float` value (gets `.0` when it would read as an int) or a
/// component of a vector / packed array (printed bare).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    Float,
    Component,
    /// An integer component that Pandemonium prints through its float format: the int32
    /// goes to the formatter as a double, not narrowed to `real_t` first.
    IntComponent,
}

/// Writes `value` as the engine of `style` prints it. `value` is what the engine holds:
/// an f32 widened to f64 for f32 data, or the f64.
pub(crate) fn write_real(out: &mut Vec<u8>, value: f64, role: Role, style: TextStyle) {
    let start = out.len();
    match style {
        TextStyle::Godot4 => godot4(out, value),
        // `{:.5e}` into a 64-byte buffer cannot overflow; if it did, nothing is written.
        _ => {
            // Godot 3 prints `real_t`, which is f32 in the official builds.
            let value = match role {
                Role::IntComponent => value,
                Role::Float | Role::Component => f64::from(f32_of(value)),
            };
            if godot3(out, value, style).is_err() {
                out.truncate(start);
            }
        }
    }
    let text = out.get(start..).unwrap_or(&[]);
    let special = matches!(text, b"inf" | b"inf_neg" | b"nan");
    if role == Role::Float && !special && !text.iter().any(|&c| c == b'.' || c == b'e') {
        out.extend_from_slice(b".0");
    }
}

pub(super) fn godot4(out: &mut Vec<u8>, value: f64) {
    if value == 0.0 {
        return out.push(b'0');
    }
    if value.is_nan() {
        return out.extend_from_slice(b"nan");
    }
    if value.is_infinite() {
        return out.extend_from_slice(if value > 0.0 { b"inf" } else { b"inf_neg" });
    }
    if value < 0.0 {
        out.push(b'-');
    }
    // The engine prints a double that is exactly an f32 with the f32's digits.
    let magnitude = value.abs();
    let narrow = f32_of(magnitude);
    let is_f32 = f64::from(narrow) == magnitude;
    let digits = if is_f32 {
        grisu::digits_f32(narrow)
    } else {
        grisu::digits_f64(magnitude)
    };
    layout(out, digits.as_bytes(), digits.exponent, 15);
}

fn godot3(out: &mut Vec<u8>, value: f64, style: TextStyle) -> fmt::Result {
    let special: Option<&[u8]> = if value == 0.0 {
        Some(b"0")
    } else if value.is_nan() {
        Some(if style == TextStyle::Godot32 && value.is_sign_negative() {
            b"-nan"
        } else {
            b"nan"
        })
    } else if value.is_infinite() {
        Some(match (style, value > 0.0) {
            (_, true) => b"inf",
            (TextStyle::Godot32, false) => b"-inf",
            (_, false) => b"inf_neg",
        })
    } else {
        None
    };
    if let Some(text) = special {
        out.extend_from_slice(text);
        return Ok(());
    }
    if value < 0.0 {
        out.push(b'-');
    }
    // C's "%lg": 6 significant digits, correctly rounded, trailing zeros removed.
    let mut sci = StackBuf::new();
    write!(sci, "{:.5e}", value.abs())?;
    let (mantissa, exponent) = sci.as_str().split_once('e').ok_or(fmt::Error)?;
    let exponent: i32 = exponent.parse().map_err(|_| fmt::Error)?;
    let mut digits = [0u8; 8];
    let mut len = 0;
    for byte in mantissa.bytes().filter(u8::is_ascii_digit) {
        if let Some(slot) = digits.get_mut(len) {
            *slot = byte;
            len += 1;
        }
    }
    let digits = digits.get(..len).unwrap_or(&[]);
    let significant = digits
        .iter()
        .rposition(|&d| d != b'0')
        .map_or(0, |last| last + 1);
    let digits = digits.get(..significant).unwrap_or(digits);
    // At most the 8 digits kept above.
    let len = i32::try_from(digits.len()).unwrap_or(0);
    layout(out, digits, exponent + 1 - len, 6);
    Ok(())
}

/// Writes `digits × 10^exponent` (ASCII digits) the way the engines do (`%g`-like): plain
/// when the decimal exponent of the first digit is in `-4..max_exp`, scientific
/// (`1.5e+20`, two exponent digits at least) otherwise.
fn layout(out: &mut Vec<u8>, digits: &[u8], exponent: i32, max_exp: i32) {
    // At most 20 digits (Grisu's buffer, or a u64's).
    let k = i32::try_from(digits.len()).unwrap_or(i32::MAX);
    // value = 0.d1d2… × 10^n
    let n = k.saturating_add(exponent);
    if k <= n && n <= max_exp {
        out.extend_from_slice(digits);
        out.resize(out.len() + (n - k).unsigned_abs() as usize, b'0');
        return;
    }
    if 0 < n && n <= max_exp {
        // 0 < n < k: inside the digits.
        let (whole, frac) = digits.split_at(n.unsigned_abs() as usize);
        out.extend_from_slice(whole);
        out.push(b'.');
        return out.extend_from_slice(frac);
    }
    if -4 < n && n <= 0 {
        out.extend_from_slice(b"0.");
        out.resize(out.len() + n.unsigned_abs() as usize, b'0');
        return out.extend_from_slice(digits);
    }
    let (first, rest) = digits.split_at(1.min(digits.len()));
    out.extend_from_slice(first);
    if !rest.is_empty() {
        out.push(b'.');
        out.extend_from_slice(rest);
    }
    let e = n - 1;
    out.extend_from_slice(if e < 0 { b"e-" } else { b"e+" });
    let e = e.unsigned_abs();
    if e < 10 {
        out.push(b'0');
    }
    crate::format::number::push_u64(out, u64::from(e));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{string::String, vec::Vec};

    fn show(value: f64, role: Role, style: TextStyle) -> String {
        let mut s = Vec::new();
        write_real(&mut s, value, role, style);
        String::from_utf8(s).unwrap()
    }

    #[test]
    fn godot4_matches_engine_probes() {
        // Each expectation was printed by Godot 4.6.3's var_to_str.
        let cases: &[(f64, &str)] = &[
            (1.0, "1.0"),
            (123.456789, "123.456789"),
            (1234.5678899999998, "1234.5678899999998"),
            (1e14, "100000000000000.0"),
            (123456788999999.98, "123456788999999.98"),
            (1e15, "1e+15"),
            (1.2345678899999998e16, "1.2345678899999998e+16"),
            (1.0000000000000001e23, "1.0000000000000001e+23"),
            (0.0001, "0.0001"),
            (0.00015000000000000001, "0.00015000000000000001"),
            (1e-05, "1e-05"),
            (1.5000000000000002e-08, "1.5000000000000002e-08"),
            (3.402823466385289e38, "3.402823466385289e+38"),
            (std::f64::consts::PI, "3.141592653589793"),
            (-0.0, "0.0"),
            (f64::NEG_INFINITY, "inf_neg"),
            (f64::NAN, "nan"),
            (f64::from(0.1f32), "0.1"),
            (16777217.0, "16777217.0"),
        ];
        for &(value, text) in cases {
            assert_eq!(
                show(value, Role::Float, TextStyle::Godot4),
                text,
                "{value:e}"
            );
        }
        assert_eq!(
            show(f64::from(1.5e10f32), Role::Component, TextStyle::Godot4),
            "15000001000"
        );
        assert_eq!(
            show(f64::from(0.87758255f32), Role::Component, TextStyle::Godot4),
            "0.87758255"
        );
        assert_eq!(show(100.0, Role::Component, TextStyle::Godot4), "100");
    }

    #[test]
    fn godot3_matches_engine_probes() {
        let cases: &[(f64, &str, &str)] = &[
            (1.0, "1.0", "1"),
            (123456.789, "123457.0", "123457"),
            (1e6, "1e+06", "1e+06"),
            (1234567.89, "1.23457e+06", "1.23457e+06"),
            (0.0001, "0.0001", "0.0001"),
            (0.0000123456789, "1.23457e-05", "1.23457e-05"),
            (std::f64::consts::PI, "3.14159", "3.14159"),
            (1e300, "inf", "inf"),
            (1e-300, "0.0", "0"),
            (1e-40, "9.99995e-41", "9.99995e-41"),
        ];
        for &(value, float, component) in cases {
            for style in [TextStyle::Godot32, TextStyle::Godot36] {
                assert_eq!(show(value, Role::Float, style), float, "{value:e}");
                assert_eq!(show(value, Role::Component, style), component, "{value:e}");
            }
        }
        assert_eq!(
            show(f64::NEG_INFINITY, Role::Float, TextStyle::Godot32),
            "-inf.0"
        );
        assert_eq!(show(-f64::NAN, Role::Float, TextStyle::Godot32), "-nan.0");
        assert_eq!(
            show(f64::NEG_INFINITY, Role::Float, TextStyle::Godot36),
            "inf_neg"
        );
        assert_eq!(show(-f64::NAN, Role::Component, TextStyle::Godot36), "nan");
    }
}
