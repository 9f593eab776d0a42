//! A dialect given by hand that the bytes look wrong in: `--dialect 4` on a Godot 3 save
//! reads its Dictionaries as Transform3Ds of subnormal floats. The command still reads
//! what it was told to (the output does not change); a warning on stderr says which
//! dialect reads the bytes far more plausibly, by the library's measure
//! ([`Detected::is_far_less_plausible_than`]).

use gdvariant::frame::{self, Detected, Hints, Plausibility};
use gdvariant::{Dialect, VariantRef};

use crate::dialect::Named;
use crate::style::counted;

/// The warning for `found`, read in the dialect the user named (`--dialect` or
/// `GDVARIANT_GODOT`), when another Godot dialect reads the same bytes (with the same
/// framing) far more plausibly; `None` otherwise.
pub fn warning(found: &Detected<'_>, named: Named) -> Option<String> {
    let asked = named.dialect();
    // Only a reading with a value below neutral, or bytes left over, can be far less
    // plausible than another (see `is_far_less_plausible_than`): the usual case costs no
    // second reading.
    if found.is_exact() && found.plausibility().score() >= Plausibility::NEUTRAL {
        return None;
    }
    let others: &[Dialect] = match asked {
        Dialect::Godot4 => &[Dialect::Godot3],
        Dialect::Godot3 => &[Dialect::Godot4],
        // Pandemonium's eras reuse Godot's type ids for other types: bytes written by
        // Godot read wrong in them.
        _ => &[Dialect::Godot4, Dialect::Godot3],
    };
    let framed = Hints {
        dialect: None,
        prefixed: Some(found.reading.prefix.is_some()),
    };
    let (dialect, other) = others.iter().find_map(|&dialect| {
        let hints = Hints {
            dialect: Some(dialect),
            ..framed
        };
        frame::detect(found.input(), hints)
            .ok()
            .filter(|other| {
                other.reading.prefix == found.reading.prefix
                    && found.is_far_less_plausible_than(other)
            })
            .map(|other| (dialect, other))
    })?;
    Some(format!(
        "read as {asked} ({}), these bytes look wrong: {}; {dialect} reads them \
         plausibly, as {}: try --dialect {}",
        named.how(),
        what_is_wrong(found),
        what_it_reads(&other),
        dialect.code()
    ))
}

/// `the value is a Transform3D with subnormal floats, and 56 bytes follow it`.
fn what_is_wrong(found: &Detected<'_>) -> String {
    let dialect = found.reading.dialect;
    let framed = found.reading.prefix.is_some();
    let mut wrong = Vec::new();
    let least = found.least_plausible();
    let reason = found.plausibility().reason();
    if let (Some(reason), Some(value)) = (reason, found.values().nth(least)) {
        let which = match framed {
            true => format!("value #{least}"),
            false => "the value".to_string(),
        };
        wrong.push(format!("{which} is {} with {reason}", a(&value, dialect)));
    }
    if !found.is_exact() {
        wrong.push(left_over(found));
    }
    wrong.join(", and ")
}

/// `56 bytes follow the value`, `frame #1 has 4 bytes after its value`.
fn left_over(found: &Detected<'_>) -> String {
    match found.frames() {
        None => {
            let used = found.value.encoded().len();
            let over = found.input().len().saturating_sub(used);
            format!("{} follow the value", counted(over as u64, "byte", "bytes"))
        }
        Some(frames) => match frames.flatten().find(|f| f.unused() > 0) {
            Some(f) => format!(
                "frame #{} has {} after its value",
                f.index,
                counted(f.unused() as u64, "byte", "bytes")
            ),
            None => "bytes are left over".to_string(),
        },
    }
}

/// `a Dictionary`, `3 values in store_var frames`.
fn what_it_reads(other: &Detected<'_>) -> String {
    match other.value_count() {
        1 => a(&other.value, other.reading.dialect),
        n => format!("{n} values in store_var frames"),
    }
}

/// `a Transform3D`, `an AABB`: the value's type in `dialect`, with its article.
fn a(value: &VariantRef<'_>, dialect: Dialect) -> String {
    let name = value.ty().name(dialect);
    let vowel = name.starts_with(['A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if vowel { "an" } else { "a" })
}
