//! One value from bytes whose dialect and framing the caller does not know:
//! [`VariantRef::detect`] and `VariantBuf::detect` (feature `alloc`), the constructors a
//! newcomer should reach for.

use core::fmt;

use super::detect::detect;
use super::detect_error::DetectError;
use super::reading::{describe, Hints, Reading};
use super::slice::PrefixOrder;
#[cfg(feature = "alloc")]
use crate::read::buf::VariantBuf;
use crate::read::value::VariantRef;
use crate::wire::types::VariantType;

/// Why [`VariantRef::detect`] or [`VariantBuf::detect`] gave no value. Every case is a
/// refusal to guess: the bytes are not one value that only one reading fits.
///
/// ```
/// use gdvariant::frame::AutoError;
/// use gdvariant::VariantRef;
///
/// // store_var(7) twice: two values, not one.
/// let file = [8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let error = VariantRef::detect(&file).unwrap_err();
/// assert!(matches!(error, AutoError::Frames { count: 2, .. }));
/// assert_eq!(
///     error.to_string(),
///     "the input is 2 store_var frames (Godot 4), not one value: \
///      read them with frame::detect or frame::frames"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AutoError {
    /// No reading parsed: the error of the one that got furthest (see
    /// [`detect`](super::detect())).
    Invalid(DetectError),
    /// The input is several `store_var` frames: read them with
    /// [`detect`](super::detect()) (its [`values`](super::Detected::values)) or
    /// [`frames`](super::frames).
    Frames {
        /// How many frames.
        count: usize,
        /// The reading that found them.
        reading: Reading,
    },
    /// Two readings are as plausible and give different values (a Godot 4 `Plane` and a
    /// Godot 3 `Color` in the same 20 bytes): name the dialect with
    /// [`VariantRef::parse`], or the framing with [`detect`](super::detect())'s
    /// [`Hints`].
    Ambiguous {
        /// The reading detection would have chosen, and the type it gives.
        chosen: (Reading, VariantType),
        /// The other readings as plausible as it that give other values, and their types,
        /// in the order tried ([`Detected::rivals`](super::Detected::rivals)).
        others: [Option<(Reading, VariantType)>; 5],
    },
}

impl fmt::Display for AutoError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AutoError::Invalid(error) => error.fmt(f),
            AutoError::Frames { count, reading } => {
                let order = match reading.prefix {
                    Some(PrefixOrder::Big) => ", big-endian lengths",
                    _ => "",
                };
                write!(
                    f,
                    "the input is {count} store_var frames ({}{order}), not one value: \
                     read them with frame::detect or frame::frames",
                    reading.dialect
                )
            }
            AutoError::Ambiguous { chosen, others } => {
                f.write_str("ambiguous input: it reads as ")?;
                describe(f, *chosen)?;
                for other in others.iter().flatten() {
                    f.write_str(" and as ")?;
                    describe(f, *other)?;
                }
                f.write_str(
                    "; name the dialect (VariantRef::parse) or the framing (frame::detect's Hints)",
                )
            }
        }
    }
}

impl core::error::Error for AutoError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            AutoError::Invalid(error) => Some(error),
            _ => None,
        }
    }
}

/// The one value `bytes` holds, detected as [`detect`](super::detect()) does with no
/// hints, refusing several frames and ambiguity.
fn detect_one(bytes: &[u8]) -> Result<VariantRef<'_>, AutoError> {
    let found = detect(bytes, Hints::default()).map_err(AutoError::Invalid)?;
    if found.value_count() > 1 {
        return Err(AutoError::Frames {
            count: found.value_count(),
            reading: found.reading,
        });
    }
    if found.is_ambiguous() {
        let mut others = [None; 5];
        let rest = found.rivals();
        for (slot, other) in others.iter_mut().zip(rest) {
            *slot = Some(other);
        }
        return Err(AutoError::Ambiguous {
            chosen: (found.reading, found.value.ty()),
            others,
        });
    }
    Ok(found.value)
}

impl<'a> VariantRef<'a> {
    /// Reads `bytes` as one value whose dialect and framing are not known: Godot 3 or
    /// Godot 4, `var_to_bytes` alone or one `store_var` frame (a 4-byte length first).
    /// This is the constructor to reach for with a file of unknown origin; use
    /// [`VariantRef::parse`] when you know the dialect and that there is no prefix, and
    /// [`frame::detect`](super::detect()) for a file of several values.
    ///
    /// Validates like [`VariantRef::parse`], for each reading tried (see
    /// [`detect`](super::detect()): the value must cover the input or its frame; the most
    /// plausible reading wins). Refuses to guess: several frames are
    /// [`AutoError::Frames`], two readings as plausible with different values are
    /// [`AutoError::Ambiguous`]. Pandemonium's eras are never guessed (their ids collide
    /// with Godot's): name one with [`VariantRef::parse`].
    ///
    /// The value's offsets count from the start of `bytes` (4 after a prefix).
    ///
    /// Cost: up to six validation passes (most readings fail within a few bytes), no
    /// allocation.
    ///
    /// ```
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// // store_var("abc") in Godot 4: a 12-byte body behind its length.
    /// let file = [12, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0];
    /// let value = VariantRef::detect(&file)?;
    /// assert_eq!((value.as_str(), value.offset()), (Some("abc"), 4));
    ///
    /// // var2bytes(Vector3(1, 2, 3)) in Godot 3 (type 7; Godot 4 would say 9).
    /// let mut v = vec![7, 0, 0, 0];
    /// for x in [1.0f32, 2.0, 3.0] {
    ///     v.extend_from_slice(&x.to_le_bytes());
    /// }
    /// let value = VariantRef::detect(&v)?;
    /// assert_eq!((value.dialect(), value.to_string()), (Dialect::Godot3, "Vector3( 1, 2, 3 )".into()));
    /// # Ok::<(), gdvariant::frame::AutoError>(())
    /// ```
    pub fn detect(bytes: &'a [u8]) -> Result<Self, AutoError> {
        detect_one(bytes)
    }
}

#[cfg(feature = "alloc")]
impl<B: AsRef<[u8]>> VariantBuf<B> {
    /// Takes ownership of `bytes` holding one value of unknown dialect and framing,
    /// detected as [`VariantRef::detect`] does (the same checks, refusals and cost). The
    /// constructor a newcomer should reach for; [`VariantBuf::new`] when the dialect is
    /// known and there is no prefix.
    ///
    /// ```
    /// use gdvariant::{Dialect, VariantBuf};
    ///
    /// // store_var(7) in Godot 4.
    /// let save = VariantBuf::detect(vec![8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0])?;
    /// assert_eq!((save.view().as_int(), save.dialect()), (Some(7), Dialect::Godot4));
    /// assert_eq!(save.as_bytes(), [2, 0, 0, 0, 7, 0, 0, 0]); // the value, without its prefix
    /// # Ok::<(), gdvariant::frame::AutoError>(())
    /// ```
    pub fn detect(bytes: B) -> Result<Self, AutoError> {
        let value = detect_one(bytes.as_ref())?;
        let (start, len, dialect) = (value.offset(), value.encoded().len(), value.dialect());
        Ok(VariantBuf::trusted_at(bytes, dialect, start, len))
    }
}
