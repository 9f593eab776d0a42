//! How likely a parsed value is to be what an engine wrote: the tie-breaker of detection
//! when the same bytes parse in more than one reading, and the evidence that a reading the
//! caller chose is the wrong one.
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

/// How many levels a reading must score below another for the other to be far more
/// plausible (see [`Plausibility::is_far_below`]).
const FAR: u8 = 3;

/// How likely one value is to be what an engine wrote: a score from 0 (not at all) to 4
/// (typical), and, below the neutral 2, what gave it away. See [`plausibility`].
///
/// ```
/// use gdvariant::frame::{plausibility, Plausibility};
/// use gdvariant::{Dialect, VariantRef};
///
/// // var2bytes({1: 10, 2: 20, 3: 30}) in Godot 3 (id 18: Dictionary) read as Godot 4 (id
/// // 18: Transform3D): its count, the headers and the ints become subnormal floats.
/// let mut bytes = vec![18, 0, 0, 0, 3, 0, 0, 0];
/// for (key, value) in [(1u8, 10u8), (2, 20), (3, 30)] {
///     bytes.extend_from_slice(&[2, 0, 0, 0, key, 0, 0, 0, 2, 0, 0, 0, value, 0, 0, 0]);
/// }
/// let (read, _) = VariantRef::parse_prefix(&bytes, Dialect::Godot4)?;
/// assert_eq!(read.ty().name(Dialect::Godot4), "Transform3D");
/// let p = plausibility(&read);
/// assert_eq!((p.score(), p.reason()), (Plausibility::IMPLAUSIBLE, Some("subnormal floats")));
///
/// // A Godot 3 Color in 0..1: what an engine writes.
/// let color = [14, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x3f];
/// let p = plausibility(&VariantRef::parse(&color, Dialect::Godot3)?);
/// assert_eq!((p.score(), p.reason()), (Plausibility::TYPICAL, None));
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plausibility {
    score: u8,
    reason: Option<&'static str>,
}

impl Plausibility {
    /// Score 0: not what an engine writes (NaN, infinite, subnormal floats or magnitudes
    /// below 1e-30 or above 1e30, as counts, lengths and text read as floats give; a
    /// StringName with control characters).
    pub const IMPLAUSIBLE: u8 = IMPLAUSIBLE;
    /// Score 1: possible but odd for the type (an empty StringName, a Color with a negative
    /// component or an alpha above 1, an AABB with a negative size, a Transform2D with a zero determinant).
    pub const ODD: u8 = ODD;
    /// Score 2: scalars, ids, references, which carry no evidence either way.
    pub const NEUTRAL: u8 = NEUTRAL;
    /// Score 3: fine for the type, nothing more (a Plane whose normal is not a unit
    /// vector, an empty packed array, integer vectors).
    pub const PLAIN: u8 = PLAIN;
    /// Score 4: what an engine typically writes for the type (containers, text, non-empty
    /// packed arrays, math values in their usual shape).
    pub const TYPICAL: u8 = TYPICAL;

    fn new(score: u8, reason: &'static str) -> Self {
        Plausibility {
            score,
            reason: Some(reason).filter(|_| score < NEUTRAL),
        }
    }

    /// The score, from [`Plausibility::IMPLAUSIBLE`] (0) to [`Plausibility::TYPICAL`] (4).
    pub fn score(self) -> u8 {
        self.score
    }

    /// What made a value score below [`Plausibility::NEUTRAL`], as words that follow
    /// "a Transform3D with": `subnormal floats`, `a NaN`, `a negative size`, `control
    /// characters`, … `None` from the neutral score up.
    pub fn reason(self) -> Option<&'static str> {
        self.reason
    }

    /// Is `self` far below `other`: [`FAR_BELOW`](Self::FAR_BELOW) levels or more, an
    /// implausible value (0) against a plain or typical one (3, 4), or an odd one (1)
    /// against a typical one (4)? Neighbouring scores are not evidence enough: a Plane
    /// whose normal is not a unit vector (3) and a Color in 0..1 (4) are both what an
    /// engine could write.
    ///
    /// ```
    /// use gdvariant::frame::{plausibility, Plausibility};
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// // Godot 4 Vector3s (id 9): one with a subnormal x (0), one plain (3).
    /// let vector3 = |x: f32| {
    ///     let mut bytes = vec![9, 0, 0, 0];
    ///     for c in [x, 0.0, 1.0] {
    ///         bytes.extend_from_slice(&c.to_le_bytes());
    ///     }
    ///     bytes
    /// };
    /// let subnormal = plausibility(&VariantRef::parse(&vector3(1e-40), Dialect::Godot4)?);
    /// let plain = plausibility(&VariantRef::parse(&vector3(2.5), Dialect::Godot4)?);
    /// assert_eq!((subnormal.score(), plain.score()), (Plausibility::IMPLAUSIBLE, Plausibility::PLAIN));
    /// assert!(subnormal.is_far_below(plain) && !plain.is_far_below(subnormal));
    /// assert_eq!(Plausibility::FAR_BELOW, 3);
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn is_far_below(self, other: Plausibility) -> bool {
        other.score >= self.score.saturating_add(FAR)
    }

    /// How many levels below another score counts as far below: 3.
    pub const FAR_BELOW: u8 = FAR;
}

/// How likely `value` is to be what an engine wrote, from 0 (not at all) to 4 (typical),
/// and what gave it away (see [`Plausibility`]). Detection ([`detect`](super::detect))
/// prefers the reading whose least plausible value scores highest. Reads the header and
/// at most a few payload words: O(1); the values inside a container are not looked at.
pub fn plausibility(value: &VariantRef<'_>) -> Plausibility {
    if has_nonzero_padding(value) {
        return Plausibility::new(IMPLAUSIBLE, "nonzero padding");
    }
    let (score, reason) = match value.value() {
        Value::Dictionary(_) | Value::Array(_) | Value::NodePath(_) => (TYPICAL, ""),
        Value::Object(ObjectRef::Full(_)) => (TYPICAL, ""),
        Value::String(s) => {
            if has_control(s.raw_bytes()) {
                (ODD, "control characters")
            } else {
                (TYPICAL, "")
            }
        }
        Value::StringName(s) => {
            if has_control(s.raw_bytes()) {
                (IMPLAUSIBLE, "control characters")
            } else if s.raw_bytes().is_empty() {
                (ODD, "no characters")
            } else {
                (TYPICAL, "")
            }
        }
        v => match (v.as_math(), value.as_packed()) {
            (Some(math), _) => math_plausibility(value.ty(), &math),
            (None, Some(packed)) if packed.is_empty() => (PLAIN, ""),
            (None, Some(_)) => (TYPICAL, ""),
            (None, None) => (NEUTRAL, ""),
        },
    };
    Plausibility::new(score, reason)
}

/// Are the bytes that pad a String, a StringName or a byte array to a multiple of 4 not
/// all zero? Every engine writes zeros there: a reading that puts other bytes in the
/// padding (Godot 4's `store_var(Quaternion(0, 0, 0, 1))` read as a Godot 3 PoolByteArray
/// of 15 bytes, whose padding is the last byte of the 1.0) is not what an engine wrote.
/// O(1): at most 3 bytes.
fn has_nonzero_padding(value: &VariantRef<'_>) -> bool {
    let payload = match value.ty() {
        VariantType::String | VariantType::StringName => value.as_gd_str().map(|s| s.raw_bytes()),
        VariantType::PackedByteArray => value.as_packed().map(|p| p.as_bytes()),
        _ => None,
    };
    let Some(payload) = payload else {
        return false;
    };
    // The header, the length, the payload, then the padding to the end of the value.
    let encoded = value.encoded();
    let padding = encoded.get(8 + payload.len()..).unwrap_or(&[]);
    padding.iter().any(|&b| b != 0)
}

/// Control characters other than tab, newline and carriage return.
fn has_control(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .any(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r') || b == 0x7f)
}

/// A float that an engine would hardly write, and what is wrong with it: NaN, an
/// infinity, a subnormal, or a magnitude below 1e-30 or above 1e30 (what counts, lengths
/// and text look like). Subnormals are told by their f32 range when the value is single
/// precision (a count of 1 read as an f32 is 1.4e-45).
fn odd_float(x: f64, double: bool) -> Option<&'static str> {
    let tiny = if double {
        f64::MIN_POSITIVE
    } else {
        1.175_494_4e-38
    };
    if x.is_nan() {
        Some("a NaN")
    } else if x.is_infinite() {
        Some("an infinity")
    } else if x == 0.0 || (1e-30..=1e30).contains(&x.abs()) {
        None
    } else if x.abs() < tiny {
        Some("subnormal floats")
    } else if x.abs() < 1e-30 {
        Some("floats below 1e-30")
    } else {
        Some("floats above 1e30")
    }
}

/// Math values: their floats, then their shape.
fn math_plausibility(ty: VariantType, math: &MathRef<'_>) -> (u8, &'static str) {
    if math.is_integer() {
        return (PLAIN, "");
    }
    let mut c = [0.0f64; 16];
    for (i, slot) in c.iter_mut().enumerate().take(math.len()) {
        *slot = math.get(i).unwrap_or(0.0);
    }
    let double = math.is_double();
    if let Some(why) = c.iter().find_map(|&x| odd_float(x, double)) {
        return (IMPLAUSIBLE, why);
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
                Shape::Odd("a negative component or an alpha above 1")
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
                Shape::Odd("a negative size")
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
                Shape::Odd("a zero determinant")
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
        Shape::Typical => (TYPICAL, ""),
        Shape::Plain => (PLAIN, ""),
        Shape::Odd(why) => (ODD, why),
    }
}

/// What the numbers of a math value look like for its type.
enum Shape {
    Typical,
    Plain,
    /// Odd, and why.
    Odd(&'static str),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::dialect::Dialect;

    fn judge(bytes: &[u8], dialect: Dialect) -> Plausibility {
        let (value, _) = VariantRef::parse_prefix(bytes, dialect).expect("parses");
        plausibility(&value)
    }

    /// A Vector3 (id 7 in Godot 3, 9 in Godot 4) of three f32s.
    fn vector3(x: f32, y: f32, z: f32) -> [u8; 16] {
        let mut b = [0u8; 16];
        b[0] = 9;
        for (slot, v) in b[4..].chunks_mut(4).zip([x, y, z]) {
            slot.copy_from_slice(&v.to_le_bytes());
        }
        b
    }

    #[test]
    fn odd_floats_say_what_is_wrong_with_them() {
        let cases = [
            (f32::NAN, "a NaN"),
            (f32::INFINITY, "an infinity"),
            (f32::from_bits(1), "subnormal floats"),
            (1e-35, "floats below 1e-30"),
            (1e35, "floats above 1e30"),
        ];
        for (x, why) in cases {
            let p = judge(&vector3(1.0, x, 0.0), Dialect::Godot4);
            assert_eq!((p.score(), p.reason()), (IMPLAUSIBLE, Some(why)), "{x}");
        }
        let p = judge(&vector3(1.0, -2.5, 1e20), Dialect::Godot4);
        assert_eq!((p.score(), p.reason()), (PLAIN, None));
    }

    #[test]
    fn shapes_and_names_give_reasons_below_neutral_only() {
        // Color(0.5, -1, 0, 1) in Godot 3.
        let mut color = [14, 0, 0, 0].to_vec();
        for c in [0.5f32, -1.0, 0.0, 1.0] {
            color.extend_from_slice(&c.to_le_bytes());
        }
        let p = judge(&color, Dialect::Godot3);
        assert_eq!(
            (p.score(), p.reason()),
            (ODD, Some("a negative component or an alpha above 1"))
        );
        // An empty StringName (Godot 4), then one with a control character.
        let p = judge(&[21, 0, 0, 0, 0, 0, 0, 0], Dialect::Godot4);
        assert_eq!((p.score(), p.reason()), (ODD, Some("no characters")));
        let p = judge(&[21, 0, 0, 0, 1, 0, 0, 0, 7, 0, 0, 0], Dialect::Godot4);
        assert_eq!(
            (p.score(), p.reason()),
            (IMPLAUSIBLE, Some("control characters"))
        );
        // An int: no evidence, no reason.
        let p = judge(&[2, 0, 0, 0, 7, 0, 0, 0], Dialect::Godot4);
        assert_eq!((p.score(), p.reason()), (NEUTRAL, None));
    }

    #[test]
    fn far_below_takes_three_levels() {
        let at = |score| Plausibility::new(score, "why");
        assert!(at(IMPLAUSIBLE).is_far_below(at(PLAIN)));
        assert!(at(IMPLAUSIBLE).is_far_below(at(TYPICAL)));
        assert!(at(ODD).is_far_below(at(TYPICAL)));
        assert!(!at(ODD).is_far_below(at(PLAIN)));
        assert!(!at(IMPLAUSIBLE).is_far_below(at(NEUTRAL)));
        assert!(!at(TYPICAL).is_far_below(at(IMPLAUSIBLE)));
        assert!(!at(TYPICAL).is_far_below(at(TYPICAL)));
    }
}
