//! The library's intentional narrowing conversions, one function per kind, each saying why
//! the narrowing is what the format or the engine does.
//!
//! The library denies `clippy::cast_possible_truncation` and `clippy::cast_sign_loss`
//! (`src/lib.rs`, SAFETY.md): every other conversion that could lose a value is checked
//! (`try_from`), and the `as` casts those lints would flag live here, where each one is
//! allowed on its own function.

/// `x` rounded to the nearest f32 (ties to even; beyond the f32 range an infinity; NaN
/// stays NaN), as the engine's `(float)` cast does when it stores a `real_t` in single
/// precision: a float written as 32 bits, f32 math components, PackedFloat32Array
/// elements, and Godot 3's text form, which prints the f32 it holds.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) fn f32_of(x: f64) -> f32 {
    x as f32
}

/// A component of an integer vector (Vector2i, …), carried through f64, as an i32: Rust's
/// float-to-int `as` (toward zero, saturating, NaN → 0). The components the math
/// conversions pass were i32s, so they come back exactly; a component that was not (an
/// owned `Variant` built with float components for an integer type) is truncated toward
/// zero and saturated, never wrapped.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) fn i32_of(x: f64) -> i32 {
    x as i32
}

/// `x` truncated toward zero to an i64, saturating (NaN → 0): Rust's float-to-int `as`.
/// The callers check the range first where the engine's answer differs outside it (the
/// text reader gives `i64::MIN` there, as x86's conversion does), so this is exact where
/// it is used.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) fn i64_of(x: f64) -> i64 {
    x as i64
}

/// The low 32 bits of `n` (two's complement), as the engine's C++ conversion of an int
/// (int64) into an `int32_t` keeps them: an int given for an integer vector component or
/// a PackedInt32Array element.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) fn wrap_i32(n: i64) -> i32 {
    n as i32
}

/// The low 8 bits of `n` (two's complement), as the engine's C++ conversion of an int
/// (int64) into a `uint8_t` keeps them: an int given for a PackedByteArray element.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) fn wrap_u8(n: i64) -> u8 {
    n as u8
}

/// The bits of `n` as a u64 (two's complement: -1 is `u64::MAX`), for ids the wire stores
/// as 64 unsigned bits and for order-preserving keys. No cast: the bytes are kept.
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // callers need alloc
pub(crate) const fn u64_bits(n: i64) -> u64 {
    u64::from_ne_bytes(n.to_ne_bytes())
}

/// The low and high 32-bit words of `x`: the header word and the payload's first word,
/// taken from one little-endian 8-byte load.
#[allow(clippy::cast_possible_truncation)]
#[inline(always)]
pub(crate) const fn halves(x: u64) -> (u32, u32) {
    (x as u32, (x >> 32) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrowings_keep_what_the_engine_keeps() {
        assert_eq!(f32_of(0.1), 0.1f32);
        assert_eq!(f32_of(1e300), f32::INFINITY);
        assert!(f32_of(f64::NAN).is_nan());
        assert_eq!(i32_of(-7.0), -7);
        assert_eq!(i32_of(2.9), 2);
        assert_eq!(i32_of(1e10), i32::MAX);
        assert_eq!(i32_of(f64::NAN), 0);
        assert_eq!(wrap_i32(0x1_0000_0005), 5);
        assert_eq!(wrap_i32(-1), -1);
        assert_eq!(wrap_u8(300), 44);
        assert_eq!(wrap_u8(-1), 255);
        assert_eq!(u64_bits(-1), u64::MAX);
        assert_eq!(u64_bits(i64::MIN), 1 << 63);
        assert_eq!(halves(0x1122_3344_5566_7788), (0x5566_7788, 0x1122_3344));
    }
}
