//! Finding the dialect and a store_var/put_var length prefix when the user did not say.

use std::fmt;

use gdvariant::{Dialect, Error, VariantRef};

/// A parsed input and, when anything was guessed, a note for stderr.
pub struct Input<'a> {
    pub value: VariantRef<'a>,
    pub note: Option<String>,
}

/// Why the input could not be read: the error of the most plausible reading, with context.
pub struct Report<'a> {
    error: Error,
    /// The bytes the error offset refers to.
    bytes: &'a [u8],
    /// Offset of `bytes[0]` in the file (4 after a length prefix).
    base: usize,
    dialect: Dialect,
}

impl fmt::Display for Report<'_> {
    /// One line: the error with its absolute file offset and up to 8 bytes of hex context.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.error.offset();
        let context: Vec<String> = self
            .bytes
            .iter()
            .skip(at)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        write!(
            f,
            "invalid {:?} data: {} at file offset {:#x} (bytes there: [{}])",
            self.dialect,
            self.error.kind(),
            self.base + at,
            context.join(" ")
        )
    }
}

const DIALECTS: [Dialect; 2] = [Dialect::Godot4, Dialect::Godot3];

/// One way of reading the input that consumed all of it.
struct Candidate<'a> {
    value: VariantRef<'a>,
    prefixed: bool,
}

/// Reads `data` as one value. `dialect` and `prefixed` are the user's choices, `None` to
/// detect. Every reading (with and without a prefix, each dialect) that consumes the whole
/// input is a candidate; the most plausible wins, then an unprefixed reading, then Godot 4.
pub fn detect(
    data: &[u8],
    dialect: Option<Dialect>,
    prefixed: Option<bool>,
) -> Result<Input<'_>, Report<'_>> {
    let dialects: Vec<Dialect> = DIALECTS
        .into_iter()
        .filter(|&d| dialect.is_none_or(|x| x == d))
        .collect();
    let prefix_choices: &[bool] = match prefixed {
        Some(true) => &[true],
        Some(false) => &[false],
        None => &[false, true],
    };
    let mut candidates = Vec::new();
    let mut first_error: Option<Report<'_>> = None;
    for &with_prefix in prefix_choices {
        let (body, base) = if with_prefix {
            match prefixed_body(data, prefixed == Some(true)) {
                Some(body) => (body, 4),
                None => continue,
            }
        } else {
            (data, 0)
        };
        for &d in &dialects {
            match VariantRef::parse_prefix(body, d) {
                // A dialect the user chose is read even with trailing bytes, as the engine does.
                Ok((value, len)) if len == body.len() || dialect.is_some() => {
                    candidates.push(Candidate {
                        value,
                        prefixed: with_prefix,
                    });
                }
                Ok(_) => {}
                Err(error) => {
                    // Report errors of the unprefixed reading unless the user said "prefixed".
                    if first_error.is_none() && with_prefix == (prefixed == Some(true)) {
                        first_error = Some(Report {
                            error,
                            bytes: body,
                            base,
                            dialect: d,
                        });
                    }
                }
            }
        }
    }
    let best = candidates
        .iter()
        .enumerate()
        .max_by_key(|&(i, c)| (plausibility(&c.value), usize::MAX - i))
        .map(|(_, c)| c);
    let Some(best) = best else {
        return Err(first_error.unwrap_or_else(|| {
            let d = dialects.first().copied().unwrap_or(Dialect::Godot4);
            let error = VariantRef::parse(data, d)
                .err()
                .unwrap_or(Error::new(gdvariant::ErrorKind::TrailingBytes, 0));
            Report {
                error,
                bytes: data,
                base: 0,
                dialect: d,
            }
        }));
    };
    let mut notes = Vec::new();
    if candidates.len() > 1 {
        let readings: Vec<String> = candidates.iter().map(describe).collect();
        notes.push(format!(
            "ambiguous input, it parses as {}; using {} (pass --godot / --prefixed to choose)",
            readings.join(" and as "),
            describe(best)
        ));
    } else if dialect.is_none() || prefixed.is_none() {
        notes.push(format!("detected {}", describe(best)));
    }
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    Ok(Input {
        value: best.value,
        note,
    })
}

fn describe(c: &Candidate<'_>) -> String {
    let dialect = match c.value.dialect() {
        Dialect::Godot3 => "Godot 3",
        _ => "Godot 4",
    };
    let framing = if c.prefixed {
        " with a 4-byte length prefix"
    } else {
        ""
    };
    format!(
        "{dialect} {}{framing}",
        c.value.ty().name(c.value.dialect())
    )
}

/// The bytes after a 4-byte length prefix, if the prefix (little- or big-endian) matches
/// the length of the rest; with `forced`, the bytes after the first 4 whatever they say.
fn prefixed_body(data: &[u8], forced: bool) -> Option<&[u8]> {
    let (head, body) = data.split_first_chunk::<4>()?;
    let matches = u32::from_le_bytes(*head) as usize == body.len()
        || u32::from_be_bytes(*head) as usize == body.len();
    (matches || forced).then_some(body)
}

/// How likely a reading is to be what was meant: containers, strings and packed arrays
/// rank above scalars; a math value with subnormal or NaN components (what text or counts
/// look like when read as floats) ranks lowest.
fn plausibility(value: &VariantRef<'_>) -> u8 {
    use gdvariant::VariantType as T;
    match value.ty() {
        T::Dictionary | T::Array | T::String | T::StringName | T::NodePath => 3,
        ty if ty.is_packed_array() => 3,
        _ => match value.as_math() {
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
