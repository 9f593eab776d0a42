//! An input that reads two ways, each as plausible as the other (Godot 4's
//! `store_var(Vector4i(1, 2, 3, 4))` is also a Godot 3 PoolByteArray of 13 bytes): the
//! commands that only read print the guess with a warning that names every reading and the
//! flags that choose one; the commands that write back what they read refuse (exit code 2),
//! since a misread file written back is damaged for good.

use gdvariant::frame::{Ambiguity, Detected, PrefixOrder, Reading};
use gdvariant::VariantType;

use crate::context::Failure;
use crate::dialect::DIALECT_VAR;

/// `a Godot 4 Vector4i in a store_var frame (--dialect 4 --prefixed)`: one reading, and the
/// flags that choose it among `all`.
fn choice(reading: Reading, ty: VariantType, all: &Ambiguity) -> (String, String) {
    let dialect = reading.dialect;
    let framing = match reading.prefix {
        None => "",
        Some(PrefixOrder::Little) => " in a store_var frame",
        Some(PrefixOrder::Big) => " in a big-endian store_var frame",
    };
    let mut flags = Vec::new();
    if all.dialects_differ() {
        flags.push(format!("--dialect {}", dialect.code()));
    }
    if all.framings_differ() {
        flags.push(
            match reading.prefix {
                Some(_) => "--prefixed",
                None => "--no-prefix",
            }
            .to_string(),
        );
    }
    (
        format!("a {dialect} {}{framing}", ty.name(dialect)),
        flags.join(" "),
    )
}

/// `it reads as a Godot 4 Vector4i in a store_var frame (the guess) and as a Godot 3
/// PoolByteArray; say which with --dialect 4 --prefixed or --dialect 3 --no-prefix`.
fn readings(ambiguity: &Ambiguity, guess: &str) -> String {
    let choices: Vec<(String, String)> = ambiguity
        .readings()
        .map(|(reading, ty)| choice(reading, ty, ambiguity))
        .collect();
    let described: Vec<String> = choices
        .iter()
        .enumerate()
        .map(|(i, (what, _))| match i {
            0 => format!("{what} ({guess})"),
            _ => what.clone(),
        })
        .collect();
    let flags: Vec<&str> = choices.iter().map(|(_, flags)| flags.as_str()).collect();
    format!(
        "it reads as {}; say which with {}",
        described.join(" and as "),
        flags.join(" or ")
    )
}

/// What `check` adds to its OK line for an ambiguous input: `ambiguous: it also reads as a
/// Godot 3 PoolByteArray (--dialect 3 --no-prefix)`.
pub fn also(found: &Detected<'_>) -> Option<String> {
    let ambiguity = Ambiguity::of(found)?;
    let others: Vec<String> = ambiguity
        .readings()
        .skip(1)
        .map(|(reading, ty)| {
            let (what, flags) = choice(reading, ty, &ambiguity);
            format!("{what} ({flags})")
        })
        .collect();
    Some(format!(
        "ambiguous: it also reads as {}",
        others.join(" and as ")
    ))
}

/// The warning of a reading command on an ambiguous input: what it printed is a guess.
pub fn warning(file: &str, found: &Detected<'_>) -> Option<String> {
    let ambiguity = Ambiguity::of(found)?;
    Some(format!(
        "{file} is ambiguous: {} (or set {DIALECT_VAR} for every command)",
        readings(&ambiguity, "shown")
    ))
}

/// The refusal of a command that writes back what it read, on an ambiguous input: exit
/// code 2, nothing written.
pub fn refusal(file: &str, found: &Detected<'_>) -> Option<Failure> {
    let ambiguity = Ambiguity::of(found)?;
    Some(Failure::Usage(format!(
        "nothing written: {file} is ambiguous, and writing it back would keep a guess: {} \
         (or set {DIALECT_VAR} for every command)",
        readings(&ambiguity, "the guess")
    )))
}
