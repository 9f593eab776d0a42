//! Numbers in the text form: the engine's scanner (greedy, dialect rules for `e`/`E` and
//! `-`), its integer conversion (19 digits wrap, 20 clamp), two float conversions (the
//! correctly rounded one and the engine's own `built_in_strtod`), the conversions to
//! component types, and `#` colors.

use crate::wire::dialect::Dialect;
use crate::wire::narrow::{f32_of, i32_of, i64_of, wrap_i32, wrap_u8};

/// A number token, converted.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Number {
    /// No `.` and no exponent marker: `String::to_int` of the text.
    Int(i64),
    /// A float token (correctly rounded, or as the engine converts it).
    Float(f64),
}

impl Number {
    /// The value as a double.
    pub(crate) fn as_f64(self) -> f64 {
        match self {
            Number::Int(i) => i as f64,
            Number::Float(f) => f,
        }
    }

    /// To an f32 component: an int rounds straight from i64, a float through the double.
    pub(crate) fn as_f32(self) -> f32 {
        match self {
            Number::Int(i) => i as f32,
            Number::Float(f) => f32_of(f),
        }
    }

    /// To an i32 component: an int keeps its low 32 bits; a float truncates, and out of
    /// range, infinite or NaN gives `i32::MIN` (x86's "integer indefinite").
    pub(crate) fn as_i32(self) -> i32 {
        match self {
            Number::Int(i) => wrap_i32(i),
            Number::Float(f) => {
                if f > -2147483649.0 && f < 2147483648.0 {
                    i32_of(f)
                } else {
                    i32::MIN
                }
            }
        }
    }

    /// To an i64: a float truncates; out of range, infinite or NaN gives `i64::MIN`.
    pub(crate) fn as_i64(self) -> i64 {
        match self {
            Number::Int(i) => i,
            Number::Float(f) => {
                if (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&f) {
                    i64_of(f)
                } else {
                    i64::MIN
                }
            }
        }
    }

    /// To a byte: the low 8 bits of the int, or of the float truncated to i32.
    pub(crate) fn as_u8(self) -> u8 {
        match self {
            Number::Int(i) => wrap_u8(i),
            float => wrap_u8(i64::from(float.as_i32())),
        }
    }
}

/// Scans a number at the start of `bytes` (which starts with a digit or `-`) as the
/// engine's tokenizer does; returns the number and sets `len` to the bytes taken. A float
/// is correctly rounded, or (`engine`) converted as the engine's `built_in_strtod` does.
pub(crate) fn scan(bytes: &[u8], dialect: Dialect, engine: bool, len: &mut usize) -> Number {
    let is_exp = |b: u8| b == b'e' || (dialect == Dialect::Godot4 && b == b'E');
    let mut i = 0;
    let negative = bytes.first() == Some(&b'-');
    if negative {
        i = 1;
    }
    // The digits' value is gathered as they are scanned (wrapping: it is used only when
    // there are few enough digits for it to be exact).
    let mut mantissa: u64 = 0;
    let int_from = i;
    while let Some(d) = bytes
        .get(i)
        .and_then(|b| b.checked_sub(b'0'))
        .filter(|d| *d < 10)
    {
        mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
        i += 1;
    }
    let int_digits = bytes.get(int_from..i).unwrap_or_default();
    let mut float = false;
    let mut frac: &[u8] = &[];
    let mut exp: Option<(bool, &[u8])> = None;
    if bytes.get(i) == Some(&b'.') {
        float = true;
        i += 1;
        let from = i;
        while let Some(d) = bytes
            .get(i)
            .and_then(|b| b.checked_sub(b'0'))
            .filter(|d| *d < 10)
        {
            mantissa = mantissa.wrapping_mul(10).wrapping_add(u64::from(d));
            i += 1;
        }
        frac = bytes.get(from..i).unwrap_or_default();
    }
    if bytes.get(i).is_some_and(|&b| is_exp(b)) {
        float = true;
        i += 1;
        let mut exp_negative = false;
        if let Some(&s @ (b'+' | b'-')) = bytes.get(i) {
            exp_negative = s == b'-';
            i += 1;
        }
        let from = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        exp = Some((exp_negative, bytes.get(from..i).unwrap_or_default()));
    }
    *len = i;
    if !float {
        // Up to 18 digits fit an i64 exactly (to_int's wrapping and clamping start at 19).
        if int_digits.len() <= 18 {
            let value = mantissa as i64;
            return Number::Int(if negative { -value } else { value });
        }
        return Number::Int(to_int(negative, int_digits));
    }
    let digits = int_digits.len() + frac.len();
    if let Some(f) = fast_path(
        negative,
        (digits <= 15).then_some(mantissa),
        frac.len(),
        exp,
    ) {
        return Number::Float(f);
    }
    let by_engine = built_in_strtod(negative, int_digits, frac, exp);
    if engine {
        return Number::Float(by_engine);
    }
    Number::Float(match exp {
        // `1.5e` has no exponent digits: the engine's converter returns the digits without
        // the decimal point (15); there is no other reading to round correctly.
        Some((_, [])) => by_engine,
        // The token is in a syntax core's correctly rounded parser reads (`1.`, `.5` and
        // `1.e5` included); `-.` (Godot 3's −0.0) has no digit for it.
        _ => core::str::from_utf8(bytes.get(..i).unwrap_or_default())
            .ok()
            .and_then(|token| token.parse().ok())
            .unwrap_or(by_engine),
    })
}

/// Clinger's fast path: at most 15 significant digits scaled by at most 10^22, where one
/// multiplication or division of two exact doubles is correctly rounded. The engine's
/// converter computes exactly this there too, so both readings agree.
///
/// `mantissa` is the value of all the digits (`None`: more than 15 of them), `frac` the
/// number of them after the point.
fn fast_path(
    negative: bool,
    mantissa: Option<u64>,
    frac: usize,
    exp: Option<(bool, &[u8])>,
) -> Option<f64> {
    const POW10: [f64; 23] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
        1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ];
    let mantissa = mantissa?;
    let mut e = -(frac as i64);
    match exp {
        None => {}
        Some((_, [])) => return None,
        Some((neg, digits)) => {
            if digits.len() > 3 {
                return None;
            }
            let mut written: i64 = 0;
            for &d in digits {
                written = written * 10 + i64::from(d - b'0');
            }
            e += if neg { -written } else { written };
        }
    }
    let m = mantissa as f64;
    let value = if e >= 0 {
        m * *POW10.get(usize::try_from(e).ok()?)?
    } else {
        m / *POW10.get(usize::try_from(-e).ok()?)?
    };
    Some(if negative { -value } else { value })
}

/// `String::to_int`: digits into an i64 that wraps, except that a value over
/// `i64::MAX / 10` before another digit clamps (so 19 digits wrap, 20 clamp).
fn to_int(negative: bool, digits: &[u8]) -> i64 {
    let mut value: i64 = 0;
    for &d in digits {
        if value > i64::MAX / 10 {
            return if negative { i64::MIN } else { i64::MAX };
        }
        value = value.wrapping_mul(10).wrapping_add(i64::from(d - b'0'));
    }
    if negative {
        value.wrapping_neg()
    } else {
        value
    }
}

/// The engine's `built_in_strtod` (after Tcl's `strtod`): at most 18 mantissa digits,
/// built in double arithmetic, scaled by a product of powers of ten. Not correctly
/// rounded; reproduced here bit for bit (see `ReadOptions::engine_floats`).
fn built_in_strtod(negative: bool, int: &[u8], frac: &[u8], exp: Option<(bool, &[u8])>) -> f64 {
    const POWERS: [f64; 9] = [1e1, 1e2, 1e4, 1e8, 1e16, 1e32, 1e64, 1e128, 1e256];
    let digits = int.iter().chain(frac.iter());
    let total = int.len() + frac.len();
    let (used, decimal_exp) = if total > 18 {
        (18, int.len() as i64 - 18)
    } else {
        (total, -(frac.len() as i64))
    };
    let mut high = 0u64; // all but the last 9 used digits
    let mut low = 0u64; // the last ≤ 9
    for (k, &d) in digits.take(used).enumerate() {
        if used > 9 && k < used - 9 {
            high = high * 10 + u64::from(d - b'0');
        } else {
            low = low * 10 + u64::from(d - b'0');
        }
    }
    let mantissa = 1e9 * high as f64 + low as f64;
    let signed = |v: f64| if negative { -v } else { v };
    let Some((exp_negative, exp_digits)) = exp else {
        return signed(scale(mantissa, decimal_exp, &POWERS));
    };
    if exp_digits.is_empty() {
        return signed(mantissa);
    }
    let mut written: i64 = 0;
    for &d in exp_digits {
        written = (written * 10 + i64::from(d - b'0')).min(1 << 40);
    }
    let x = if exp_negative {
        decimal_exp - written
    } else {
        decimal_exp + written
    };
    signed(scale(mantissa, x, &POWERS))
}

fn scale(mantissa: f64, x: i64, powers: &[f64; 9]) -> f64 {
    let mut e = x.unsigned_abs().min(511);
    let mut p = 1.0;
    for &power in powers {
        if e == 0 {
            break;
        }
        if e & 1 == 1 {
            p *= power;
        }
        e >>= 1;
    }
    if x < 0 {
        mantissa / p
    } else {
        mantissa * p
    }
}

/// `Color::html`: 3, 4, 6 or 8 hex digits (Godot 3 reads 4 and 8 as ARGB, Godot 4 as
/// RGBA); any other length is black, as the engine gives it (after printing an error).
pub(crate) fn html_color(hex: &str, dialect: Dialect) -> [f32; 4] {
    let d: alloc::vec::Vec<u32> = hex.chars().filter_map(|c| c.to_digit(16)).collect();
    let byte = |i: usize| d.get(i).copied().unwrap_or(0) * 16 + d.get(i + 1).copied().unwrap_or(0);
    let g3 = |v: u32| f32_of(f64::from(v) / 255.0);
    let g4 = |v: u32| v as f32 / 255.0;
    let nib = |i: usize| d.get(i).copied().unwrap_or(0) as f32 / 15.0;
    match (d.len(), dialect) {
        (3, Dialect::Godot4) => [nib(0), nib(1), nib(2), 1.0],
        (4, Dialect::Godot4) => [nib(0), nib(1), nib(2), nib(3)],
        (6, Dialect::Godot4) => [g4(byte(0)), g4(byte(2)), g4(byte(4)), 1.0],
        (8, Dialect::Godot4) => [g4(byte(0)), g4(byte(2)), g4(byte(4)), g4(byte(6))],
        (3, Dialect::Godot3) => {
            let dd = |i: usize| d.get(i).copied().unwrap_or(0) * 17;
            [g3(dd(0)), g3(dd(1)), g3(dd(2)), 1.0]
        }
        (4, Dialect::Godot3) => {
            let dd = |i: usize| d.get(i).copied().unwrap_or(0) * 17;
            [g3(dd(1)), g3(dd(2)), g3(dd(3)), g3(dd(0))]
        }
        (6, Dialect::Godot3) => [g3(byte(0)), g3(byte(2)), g3(byte(4)), 1.0],
        (8, Dialect::Godot3) => [g3(byte(2)), g3(byte(4)), g3(byte(6)), g3(byte(0))],
        _ => [0.0, 0.0, 0.0, 1.0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scanned(text: &str, dialect: Dialect, engine: bool) -> (usize, Number) {
        let mut len = 0;
        let n = scan(text.as_bytes(), dialect, engine, &mut len);
        (len, n)
    }

    /// (bytes taken, correctly rounded, engine)
    fn float(text: &str, dialect: Dialect) -> (usize, f64, f64) {
        match (scanned(text, dialect, false), scanned(text, dialect, true)) {
            ((n, Number::Float(exact)), (_, Number::Float(engine))) => (n, exact, engine),
            other => panic!("{text}: {other:?}"),
        }
    }

    fn int(text: &str, dialect: Dialect) -> (usize, Number) {
        scanned(text, dialect, false)
    }

    #[test]
    fn the_engine_scanner_and_its_quirks() {
        assert_eq!(int("1E5", Dialect::Godot3), (1, Number::Int(1)));
        assert_eq!(float("1E5", Dialect::Godot4).1, 1e5);
        assert_eq!(int("-", Dialect::Godot3), (1, Number::Int(0)));
        assert_eq!(
            float("-.", Dialect::Godot3).1.to_bits(),
            (-0.0f64).to_bits()
        );
        assert_eq!(float("1.5e", Dialect::Godot4), (4, 15.0, 15.0));
        assert_eq!(float("99.9e+", Dialect::Godot4).2, 999.0);
        assert_eq!(float("1.2.3", Dialect::Godot4).0, 3);
        assert_eq!(
            int("9223372036854775808", Dialect::Godot4).1,
            Number::Int(i64::MIN)
        );
        assert_eq!(
            int("-9223372036854775809", Dialect::Godot4).1,
            Number::Int(i64::MAX)
        );
        assert_eq!(
            int("18446744073709551616", Dialect::Godot4).1,
            Number::Int(i64::MAX)
        );
        assert_eq!(
            int("-99999999999999999999", Dialect::Godot4).1,
            Number::Int(i64::MIN)
        );
    }

    #[test]
    fn the_engine_float_converter_is_not_correctly_rounded() {
        // Examples measured on the engines (all three agree).
        let (_, exact, engine) = float("-3.089900467300506e65", Dialect::Godot4);
        assert_eq!(exact, -3.089900467300506e65);
        assert_eq!(engine, -3.0899004673005063e65);
        let (_, exact, engine) = float("100250739757989.17", Dialect::Godot4);
        assert_eq!(exact, 100250739757989.17);
        assert_eq!(engine, 100250739757989.16);
        assert_eq!(float("5e-324", Dialect::Godot4).2, 0.0);
        assert_eq!(float("1.8e308", Dialect::Godot4).2, f64::INFINITY);
        assert_eq!(float("1.7976931348623157e308", Dialect::Godot4).2, f64::MAX);
    }

    #[test]
    fn conversions_to_components() {
        let f = Number::Float;
        assert_eq!(Number::Int(16777217).as_f32(), 16777216.0);
        assert_eq!(Number::Int(2147483648).as_i32(), i32::MIN);
        assert_eq!(Number::Int(4294967297).as_i32(), 1);
        assert_eq!(f(-1.9).as_i32(), -1);
        assert_eq!(f(4e9).as_i32(), i32::MIN);
        assert_eq!(f(f64::NAN).as_i64(), i64::MIN);
        assert_eq!(Number::Int(-300).as_u8(), 212);
        assert_eq!(f(300.5).as_u8(), 44);
        assert_eq!(f(-1.9).as_u8(), 255);
    }

    #[test]
    fn colors_in_each_dialect() {
        let g3 = html_color("ff000080", Dialect::Godot3);
        assert_eq!(g3, [0.0, 0.0, (128.0f64 / 255.0) as f32, 1.0]);
        let g4 = html_color("ff000080", Dialect::Godot4);
        assert_eq!(g4, [1.0, 0.0, 0.0, 128.0 / 255.0]);
        assert_eq!(html_color("12345", Dialect::Godot4), [0.0, 0.0, 0.0, 1.0]);
        assert_eq!(
            html_color("f00a", Dialect::Godot4),
            [1.0, 0.0, 0.0, 10.0 / 15.0]
        );
    }
}
