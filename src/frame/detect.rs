//! Finding how an input was written when the caller does not know: which dialect, and
//! whether a `store_var` / `put_var` length prefix comes first.

use super::slice::PrefixOrder;
use crate::read::decoded::Value;
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::types::VariantType;

/// One way of reading an input: its dialect, and the byte order of a 4-byte length prefix
/// before the value (`None`: the value alone, as `var_to_bytes` writes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Reading {
    /// The wire dialect.
    pub dialect: Dialect,
    /// The length prefix, if any.
    pub prefix: Option<PrefixOrder>,
}

impl Reading {
    /// Where the value starts in the input: 4 after a prefix, else 0.
    pub fn value_offset(&self) -> usize {
        if self.prefix.is_some() {
            4
        } else {
            0
        }
    }
}

/// What the caller already knows about an input; `None` leaves it to [`detect`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// The dialect, if known.
    pub dialect: Option<Dialect>,
    /// Whether a length prefix comes first, if known. `Some(true)` reads the first 4 bytes
    /// as a prefix even when they disagree with the input's length.
    pub prefixed: Option<bool>,
}

/// The dialects detection tries, in order of preference.
const DIALECTS: [Dialect; 2] = [Dialect::Godot4, Dialect::Godot3];

/// The readings that consumed the whole input, in the order tried (at most 6).
#[derive(Clone, Copy, Debug)]
pub struct Detected<'a> {
    /// The value of the chosen reading. Its offsets count from the start of the input
    /// (after a prefix, they start at 4).
    pub value: VariantRef<'a>,
    /// The chosen reading.
    pub reading: Reading,
    /// Every reading that parsed and the type it gave, in the order tried.
    candidates: [Option<(Reading, VariantType)>; 6],
}

impl Detected<'_> {
    /// Did more than one reading parse? Then the choice is a guess: tiny inputs often
    /// parse both ways.
    pub fn is_ambiguous(&self) -> bool {
        self.candidates().count() > 1
    }

    /// Every reading that parsed (the chosen one included) and the type of the value it
    /// gave, in the order tried.
    pub fn candidates(&self) -> impl Iterator<Item = (Reading, VariantType)> + '_ {
        self.candidates.iter().flatten().copied()
    }
}

/// Why no reading of an input parsed: the error of the most relevant one (the reading the
/// hints ask for, else the unprefixed one), with its offset counted from the input's start.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {:?} data: {error}", reading.dialect)]
pub struct DetectError {
    /// The error; its offset counts from the start of the input.
    pub error: Error,
    /// The reading it comes from.
    pub reading: Reading,
}

/// Reads `data` as one value, detecting what `hints` leave open. Every reading (both
/// dialects; with no prefix, or with a 4-byte prefix in either byte order that matches
/// the rest of the input) that parses and consumes the whole input is a candidate; the
/// most plausible wins (containers, strings and packed arrays over scalars; math values
/// whose floats look like text lose), then the first tried: unprefixed before prefixed,
/// Godot 4 before Godot 3. A dialect given in the hints is read even with trailing bytes,
/// as the engine does.
///
/// Cost: up to six validation passes, no allocation.
///
/// ```
/// use gdvariant::frame::{detect, Hints, PrefixOrder};
/// use gdvariant::Dialect;
///
/// // store_var("abc") in Godot 4: a 12-byte body behind its length.
/// let file = [12, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0];
/// let found = detect(&file, Hints::default())?;
/// assert_eq!(found.reading.prefix, Some(PrefixOrder::Little));
/// assert_eq!(found.value.as_str(), Some("abc"));
/// assert_eq!(found.value.offset(), 4); // offsets count from the file's start
/// # Ok::<(), gdvariant::frame::DetectError>(())
/// ```
pub fn detect(data: &[u8], hints: Hints) -> Result<Detected<'_>, DetectError> {
    let prefix_choices: &[bool] = match hints.prefixed {
        Some(true) => &[true],
        Some(false) => &[false],
        None => &[false, true],
    };
    let options = ParseOptions::default();
    let mut candidates: [Option<(Reading, VariantRef<'_>)>; 6] = [None; 6];
    let mut found = 0;
    let mut first_error: Option<DetectError> = None;
    // The first unprefixed reading that parsed but left bytes over: reported when no
    // reading fails and none consumes the whole input.
    let mut first_trailing: Option<DetectError> = None;
    for &with_prefix in prefix_choices {
        let (body, prefix) = if with_prefix {
            match prefixed_body(data, hints.prefixed == Some(true)) {
                Some((body, order)) => (body, Some(order)),
                None => continue,
            }
        } else {
            (data, None)
        };
        let base = if with_prefix { 4 } else { 0 };
        for dialect in DIALECTS {
            if hints.dialect.is_some_and(|d| d != dialect) {
                continue;
            }
            let reading = Reading { dialect, prefix };
            match VariantRef::parse_prefix_at(body, base, dialect, &options) {
                Ok((value, len)) if len == body.len() || hints.dialect.is_some() => {
                    if let Some(slot) = candidates.get_mut(found) {
                        *slot = Some((reading, value));
                        found += 1;
                    }
                }
                Ok((_, len)) => {
                    if first_trailing.is_none() && !with_prefix {
                        first_trailing = Some(DetectError {
                            error: Error::new(ErrorKind::TrailingBytes, base + len),
                            reading,
                        });
                    }
                }
                Err(error) => {
                    // Report errors of the unprefixed reading unless the user said "prefixed".
                    if first_error.is_none() && with_prefix == (hints.prefixed == Some(true)) {
                        first_error = Some(DetectError { error, reading });
                    }
                }
            }
        }
    }
    let best = candidates
        .iter()
        .flatten()
        .enumerate()
        .max_by_key(|&(i, (_, value))| (plausibility(value), usize::MAX - i))
        .map(|(_, &(reading, value))| (reading, value));
    let Some((reading, value)) = best else {
        return Err(first_error.or(first_trailing).unwrap_or_else(|| {
            // No reading was tried: `prefixed` on an input too short for a prefix, which
            // ends inside the prefix at offset 0.
            let dialect = hints.dialect.unwrap_or(Dialect::Godot4);
            DetectError {
                error: Error::new(ErrorKind::UnexpectedEnd, 0),
                reading: Reading {
                    dialect,
                    prefix: Some(PrefixOrder::Little),
                },
            }
        }));
    };
    Ok(Detected {
        value,
        reading,
        candidates: candidates.map(|c| c.map(|(reading, value)| (reading, value.ty()))),
    })
}

/// The bytes after a 4-byte length prefix, if the prefix (little- or big-endian) matches
/// the length of the rest; with `forced`, the bytes after the first 4 whatever they say
/// (little-endian unless only the big-endian reading matches).
fn prefixed_body(data: &[u8], forced: bool) -> Option<(&[u8], PrefixOrder)> {
    let (head, body) = data.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*head) as usize == body.len() {
        Some((body, PrefixOrder::Little))
    } else if u32::from_be_bytes(*head) as usize == body.len() {
        Some((body, PrefixOrder::Big))
    } else {
        forced.then_some((body, PrefixOrder::Little))
    }
}

/// How likely a reading is to be what was meant: containers, strings and packed arrays
/// rank above scalars; a math value with subnormal or NaN components (what text or counts
/// look like when read as floats) ranks lowest.
fn plausibility(value: &VariantRef<'_>) -> u8 {
    match value.value() {
        Value::Dictionary(_)
        | Value::Array(_)
        | Value::String(_)
        | Value::StringName(_)
        | Value::NodePath(_) => 3,
        _ if value.ty().is_packed_array() => 3,
        v => match v.as_math() {
            Some(m)
                if (0..m.len()).any(|i| {
                    m.get(i).is_some_and(|x| {
                        x.is_nan() || x.is_subnormal() || (x != 0.0 && x.abs() < 1e-30)
                    })
                }) =>
            {
                0
            }
            _ => 2,
        },
    }
}
