//! Number formatting exactly as the engines print floats in their text forms.
//!
//! * Godot 3 (`rtosfix` → `String::num_scientific` → C `"%lg"`): 6 significant digits,
//!   `%g` layout. Godot 3.5+ prints `nan` and `inf_neg` for NaN and −∞; 3.2 prints C's
//!   `-nan`/`-inf`.
//! * Godot 4 (`rtos_fix` → `String::num_scientific`): the shortest digits that round-trip,
//!   taken as f32 when the value is exactly an f32 (the engine's "avoid garbage digits"
//!   rule), laid out like `%g`: scientific when the decimal exponent is < −4 or ≥ 15.
//!   −∞ prints as `inf_neg`, any NaN as `nan`, ±0 as `0`.

use core::fmt::{self, Write};

use super::TextStyle;

/// A small stack buffer that implements `fmt::Write`.
pub(crate) struct StackBuf {
    buf: [u8; 64],
    len: usize,
}

impl StackBuf {
    pub(crate) fn new() -> Self {
        StackBuf { buf: [0; 64], len: 0 }
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
}

/// Writes `value` as the engine of `style` prints it. `value` is what the engine holds:
/// an f32 widened to f64 for f32 data, or the f64.
pub(crate) fn write_real(out: &mut dyn Write, value: f64, role: Role, style: TextStyle) -> fmt::Result {
    let mut buf = StackBuf::new();
    match style {
        TextStyle::Godot4 => godot4(&mut buf, value)?,
        TextStyle::Godot32 | TextStyle::Godot36 => godot3(&mut buf, value, style)?,
    }
    let text = buf.as_str();
    out.write_str(text)?;
    let special = matches!(text, "inf" | "inf_neg" | "nan");
    if role == Role::Float && !special && !text.contains(['.', 'e']) {
        out.write_str(".0")?;
    }
    Ok(())
}

fn godot4(out: &mut StackBuf, value: f64) -> fmt::Result {
    if value == 0.0 {
        return out.write_str("0");
    }
    if value.is_nan() {
        return out.write_str("nan");
    }
    if value.is_infinite() {
        return out.write_str(if value > 0.0 { "inf" } else { "inf_neg" });
    }
    let mut digits = StackBuf::new();
    let narrow = value as f32;
    if f64::from(narrow) == value {
        write!(digits, "{narrow:e}")?;
    } else {
        write!(digits, "{value:e}")?;
    }
    layout_g(out, digits.as_str(), 15)
}

fn godot3(out: &mut StackBuf, value: f64, style: TextStyle) -> fmt::Result {
    // Godot 3 prints `real_t`, which is f32 in the official builds.
    let value = f64::from(value as f32);
    if value == 0.0 {
        return out.write_str("0");
    }
    if style == TextStyle::Godot36 {
        if value.is_nan() {
            return out.write_str("nan");
        }
        if value.is_infinite() {
            return out.write_str(if value > 0.0 { "inf" } else { "inf_neg" });
        }
    }
    if value.is_nan() {
        return out.write_str(if value.is_sign_negative() { "-nan" } else { "nan" });
    }
    if value.is_infinite() {
        return out.write_str(if value > 0.0 { "inf" } else { "-inf" });
    }
    // C's "%lg": 6 significant digits, correctly rounded, trailing zeros removed.
    let mut digits = StackBuf::new();
    write!(digits, "{value:.5e}")?;
    layout_g(out, digits.as_str(), 6)
}

/// Lays out Rust `{:e}` output (`-1.2345e-7`) the way C's `%g` does with precision `p`:
/// scientific (`-1.2345e-07`) when the exponent is < −4 or ≥ `p`, fixed otherwise;
/// trailing zeros of the fraction and a bare point are removed.
fn layout_g(out: &mut StackBuf, sci: &str, p: i32) -> fmt::Result {
    let (mantissa, exponent) = sci.split_once('e').ok_or(fmt::Error)?;
    let exponent: i32 = exponent.parse().map_err(|_| fmt::Error)?;
    let (negative, mantissa) = match mantissa.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, mantissa),
    };
    let (int_part, frac_part) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let frac_part = frac_part.trim_end_matches('0');
    if negative {
        out.write_char('-')?;
    }
    if exponent < -4 || exponent >= p {
        out.write_str(int_part)?;
        if !frac_part.is_empty() {
            out.write_char('.')?;
            out.write_str(frac_part)?;
        }
        let sign = if exponent < 0 { '-' } else { '+' };
        return write!(out, "e{sign}{:02}", exponent.unsigned_abs());
    }
    // Fixed: the significant digits are int_part followed by frac_part.
    let mut all = StackBuf::new();
    all.write_str(int_part)?;
    all.write_str(frac_part)?;
    let digits = all.as_str();
    if exponent < 0 {
        out.write_str("0.")?;
        for _ in 0..(-exponent - 1) {
            out.write_char('0')?;
        }
        return out.write_str(digits);
    }
    let point = exponent as usize + 1;
    if digits.len() <= point {
        out.write_str(digits)?;
        for _ in digits.len()..point {
            out.write_char('0')?;
        }
        Ok(())
    } else {
        let (whole, frac) = digits.split_at(point);
        out.write_str(whole)?;
        out.write_char('.')?;
        out.write_str(frac)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(value: f64, role: Role, style: TextStyle) -> String {
        let mut s = String::new();
        write_real(&mut s, value, role, style).unwrap();
        s
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
            assert_eq!(show(value, Role::Float, TextStyle::Godot4), text, "{value:e}");
        }
        assert_eq!(show(f64::from(1.5e10f32), Role::Component, TextStyle::Godot4), "15000001000");
        assert_eq!(show(f64::from(0.87758255f32), Role::Component, TextStyle::Godot4), "0.87758255");
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
        assert_eq!(show(f64::NEG_INFINITY, Role::Float, TextStyle::Godot32), "-inf.0");
        assert_eq!(show(-f64::NAN, Role::Float, TextStyle::Godot32), "-nan.0");
        assert_eq!(show(f64::NEG_INFINITY, Role::Float, TextStyle::Godot36), "inf_neg");
        assert_eq!(show(-f64::NAN, Role::Component, TextStyle::Godot36), "nan");
    }
}
