//! How likely a parsed value is to be what an engine wrote: the tie-breaker of detection
//! when the same bytes parse in more than one reading.
//!
//! Type ids 6 to 26 mean different types in Godot 3 and Godot 4, and some pairs have the
//! same size: Godot 3's Color and Godot 4's Plane (4 floats), AABB and Transform2D (6
//! floats), an empty PoolIntArray and an empty StringName. The bytes then parse both ways,
//! and only what the numbers look like tells them apart: an engine writes Colors whose
//! components lie in 0..1, Planes with a unit normal, AABBs with a non-negative size,
//! Transform2Ds with perpendicular axes, StringNames that are names. Counts, lengths and
//! text read as floats give NaNs, subnormals and absurd magnitudes.

use crate::read::decoded::Value;
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::value::VariantRef;
use crate::wire::types::VariantType;

/// Floats that look like text or counts, a name with control characters: not what an
/// engine writes.
const IMPLAUSIBLE: u8 = 0;
/// Possible but odd for the type: an empty StringName, a Color with a negative alpha, an
/// AABB with a negative size, a degenerate transform.
const ODD: u8 = 1;
/// Scalars, ids, references: they carry no evidence either way.
const NEUTRAL: u8 = 2;
/// Fine for the type, nothing more: a Plane whose normal is not a unit vector, an empty
/// packed array.
const PLAIN: u8 = 3;
/// What the engine typically writes for the type: containers, text, non-empty packed
/// arrays, math values in their usual shape.
const TYPICAL: u8 = 4;

/// How likely `value` is to be what an engine wrote, from 0 (not at all) to 4 (typical).
/// Reads the header and at most a few payload words: O(1).
pub(super) fn plausibility(value: &VariantRef<'_>) -> u8 {
    match value.value() {
        Value::Dictionary(_) | Value::Array(_) | Value::NodePath(_) => TYPICAL,
        Value::Object(ObjectRef::Full(_)) => TYPICAL,
        Value::String(s) => {
            if has_control(s.raw_bytes()) {
                ODD
            } else {
                TYPICAL
            }
        }
        Value::StringName(s) => {
            if has_control(s.raw_bytes()) {
                IMPLAUSIBLE
            } else if s.raw_bytes().is_empty() {
                ODD
            } else {
                TYPICAL
            }
        }
        v => match (v.as_math(), value.as_packed()) {
            (Some(math), _) => math_plausibility(value.ty(), &math),
            (None, Some(packed)) if packed.is_empty() => PLAIN,
            (None, Some(_)) => TYPICAL,
            (None, None) => NEUTRAL,
        },
    }
}

/// Control characters other than tab, newline and carriage return.
fn has_control(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r') || b == 0x7f)
}

/// A float that an engine would hardly write: NaN, an infinity, a subnormal, or a
/// magnitude below 1e-30 or above 1e30 (what counts, lengths and text look like).
fn odd_float(x: f64) -> bool {
    !x.is_finite() || x != 0.0 && !(1e-30..=1e30).contains(&x.abs())
}

/// Math values: their floats, then their shape.
fn math_plausibility(ty: VariantType, math: &MathRef<'_>) -> u8 {
    if math.is_integer() {
        return PLAIN;
    }
    let mut c = [0.0f64; 16];
    for (i, slot) in c.iter_mut().enumerate().take(math.len()) {
        *slot = math.get(i).unwrap_or(0.0);
    }
    if c.iter().any(|&x| odd_float(x)) {
        return IMPLAUSIBLE;
    }
    let [a0, a1, a2, a3, a4, a5, a6, a7, a8, ..] = c;
    let shape = match ty {
        // r, g, b, a: components in 0..1 (HDR colours go above 1, never below 0).
        VariantType::Color => {
            if c.iter().take(4).all(|x| (0.0..=1.0).contains(x)) {
                Shape::Typical
            } else if (0.0..=1.0).contains(&a3) && [a0, a1, a2].iter().all(|&x| x >= 0.0) {
                Shape::Plain
            } else {
                Shape::Odd
            }
        }
        // The normal, then the distance: a unit normal, or Plane() (all zero).
        VariantType::Plane => {
            if is_unit(&[a0, a1, a2]) || c.iter().take(4).all(|&x| x == 0.0) {
                Shape::Typical
            } else {
                Shape::Plain
            }
        }
        VariantType::Quaternion if is_unit(&[a0, a1, a2, a3]) => Shape::Typical,
        // position, size: a size that is positive, or at least not negative.
        VariantType::Aabb => {
            if [a3, a4, a5].iter().all(|&x| x > 0.0) {
                Shape::Typical
            } else if [a3, a4, a5].iter().all(|&x| x >= 0.0) {
                Shape::Plain
            } else {
                Shape::Odd
            }
        }
        // x axis, y axis, origin: perpendicular axes (a rotation and a scale), or at least
        // an invertible matrix.
        VariantType::Transform2D => {
            if perpendicular(&[a0, a1], &[a2, a3]) {
                Shape::Typical
            } else if a0 * a3 - a1 * a2 != 0.0 {
                Shape::Plain
            } else {
                Shape::Odd
            }
        }
        // Rows of the basis (then the origin): perpendicular columns.
        VariantType::Basis | VariantType::Transform3D => {
            let (x, y, z) = ([a0, a3, a6], [a1, a4, a7], [a2, a5, a8]);
            if perpendicular(&x, &y) && perpendicular(&y, &z) && perpendicular(&x, &z) {
                Shape::Typical
            } else {
                Shape::Plain
            }
        }
        _ => Shape::Plain,
    };
    match shape {
        Shape::Typical => TYPICAL,
        Shape::Plain => PLAIN,
        Shape::Odd => ODD,
    }
}

/// What the numbers of a math value look like for its type.
enum Shape {
    Typical,
    Plain,
    Odd,
}

fn dot(a: &[f64], b: &[f64]) -> f64 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

/// Length 1, within what f32 rounding leaves.
fn is_unit(v: &[f64]) -> bool {
    (dot(v, v) - 1.0).abs() < 1e-3
}

/// Two non-zero vectors at a right angle, within what f32 rounding leaves.
fn perpendicular(a: &[f64], b: &[f64]) -> bool {
    let (aa, bb) = (dot(a, a), dot(b, b));
    let ab = dot(a, b);
    aa > 0.0 && bb > 0.0 && ab * ab <= 1e-6 * aa * bb
}
