//! The package's failures: what the crate refused, with a Node-style `code` (`ERR_…`), the
//! old `kind` spelling (a deprecated alias the JavaScript side keeps for one release), the
//! byte offset and a message. The messages of refusals a caller settles with an option
//! (an ambiguous input, several frames) name that option.

use gdvariant::frame::{self, Ambiguity, DetectError, Hints, Reading, WholeError};
use gdvariant::{Dialect, ParseOptions, VariantType};
use wasm_bindgen::prelude::*;

/// A failure: `code` names it (`ERR_UNEXPECTED_END`), `kind` is its old name
/// (`UnexpectedEnd`), `offset` is where it is in the input.
#[wasm_bindgen]
pub struct Failure {
    kind: String,
    code: String,
    offset: usize,
    message: String,
}

#[wasm_bindgen]
impl Failure {
    /// The error's old name: the crate's code (`UnexpectedEnd`, `wrong_key`, …).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.clone()
    }
    /// The error's code, as Node names errors (`ERR_UNEXPECTED_END`, `ERR_WRONG_KEY`, …).
    #[wasm_bindgen(getter)]
    pub fn code(&self) -> String {
        self.code.clone()
    }
    /// The byte offset of the problem.
    #[wasm_bindgen(getter)]
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// The message.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }
}

/// A failure of kind `kind` (its old name; the code is [`code_of`] it).
pub fn failure(kind: &str, offset: usize, message: String) -> Failure {
    Failure {
        kind: kind.to_owned(),
        code: code_of(kind),
        offset,
        message,
    }
}

/// A failure whose code is not [`code_of`] its kind (two kinds of the same old name).
pub fn failure_coded(kind: &str, code: &str, offset: usize, message: String) -> Failure {
    Failure {
        kind: kind.to_owned(),
        code: code.to_owned(),
        offset,
        message,
    }
}

/// The code of an old kind name: `ERR_` and its words in capitals (`UnexpectedEnd` and
/// `unexpected_end` are both `ERR_UNEXPECTED_END`), but for names that end in their class
/// (`SyntaxError` is `ERR_SYNTAX`) and the edit plan's path syntax error (`Syntax`, which
/// is `ERR_PATH_SYNTAX` as a View's is).
pub fn code_of(kind: &str) -> String {
    let kind = match kind {
        "Syntax" => "PathSyntax",
        "SyntaxError" => "Syntax",
        "EncodeError" => "Encode",
        "EditError" => "Edit",
        "PathError" => "Path",
        other => other,
    };
    let chars: Vec<char> = kind.chars().collect();
    let mut code = String::from("ERR_");
    for (i, &c) in chars.iter().enumerate() {
        if matches!(c, '_' | '-' | ' ') {
            if !code.ends_with('_') {
                code.push('_');
            }
            continue;
        }
        // A capital starts a word after a small letter (`UnexpectedEnd`), or before one
        // after another capital (the `C` of `NotAContainer`); `Utf8` stays one word.
        let before = i.checked_sub(1).and_then(|j| chars.get(j)).copied();
        let after = chars.get(i + 1).copied();
        let starts = c.is_ascii_uppercase()
            && (before.is_some_and(|b| b.is_ascii_lowercase())
                || (before.is_some_and(|b| b.is_ascii_uppercase())
                    && after.is_some_and(|a| a.is_ascii_lowercase())));
        if starts && !code.ends_with('_') {
            code.push('_');
        }
        code.push(c.to_ascii_uppercase());
    }
    code
}

/// A whole-input refusal of the crate (`frame::read_whole`) as a `DecodeError`, its
/// message ending with what settles it where an option does.
pub fn whole_failure(e: &WholeError) -> Failure {
    match e {
        WholeError::Ambiguous(ambiguity) => ambiguous(ambiguity),
        WholeError::SeveralFrames { count, .. } => failure(
            e.code(),
            e.offset(),
            format!(
                "{e}: read them with iterFrames(bytes); edit one with a path that starts with \
                 its number, #0 to #{} (edit(bytes).set(\"#{}/player/hp\", 120)), or with \
                 edit(bytes, {{frame: N}})",
                count.saturating_sub(1),
                count.saturating_sub(1)
            ),
        ),
        _ => failure(e.code(), e.offset(), e.to_string()),
    }
}

/// `3`, `4`, `"pm-a"`: a dialect as the options take it.
fn godot_literal(dialect: Dialect) -> String {
    match dialect.code() {
        code @ ("3" | "4") => code.to_owned(),
        era => format!("\"{era}\""),
    }
}

/// `the Godot 4 Vector4i in a store_var frame`.
fn reading_text((reading, ty): (Reading, VariantType)) -> String {
    let framing = match reading.prefix {
        None => "",
        Some(frame::PrefixOrder::Big) => " in a big-endian store_var frame",
        Some(_) => " in a store_var frame",
    };
    format!(
        "the {} {}{framing}",
        reading.dialect,
        ty.name(reading.dialect)
    )
}

/// An ambiguous input as a `DecodeError` (`ERR_AMBIGUOUS`): the crate's sentence naming
/// the readings, then the option that picks each one, and the defaults that settle it
/// once.
pub fn ambiguous(a: &Ambiguity) -> Failure {
    let readings: Vec<(Reading, VariantType)> = a.readings().collect();
    let picks: Vec<String> = readings
        .iter()
        .map(|&(reading, ty)| {
            let alone = |same: &dyn Fn(&Reading) -> bool| {
                readings.iter().filter(|(other, _)| same(other)).count() == 1
            };
            let dialect = alone(&|other| other.dialect == reading.dialect);
            let framing = alone(&|other| other.prefix.is_some() == reading.prefix.is_some());
            let godot = format!("godot: {}", godot_literal(reading.dialect));
            let prefixed = format!("prefixed: {}", reading.prefix.is_some());
            let option = match (dialect, framing) {
                (true, true) => format!("{{{godot}}} (or {{{prefixed}}})"),
                (true, false) => format!("{{{godot}}}"),
                (false, true) => format!("{{{prefixed}}}"),
                (false, false) => format!("{{{godot}, {prefixed}}}"),
            };
            format!("{option} reads {}", reading_text((reading, ty)))
        })
        .collect();
    let chosen = godot_literal(a.chosen().dialect);
    failure(
        "ambiguous",
        0,
        format!(
            "{a}; nothing was guessed: {}. A project's saves are all one engine's: set its \
             dialect once with setDefaults({{godot: {chosen}}}), or GDVARIANT_GODOT={} in \
             Node's environment",
            picks.join("; "),
            chosen.trim_matches('"')
        ),
    )
}

/// Why detection found no reading of `bytes` (its error `e`): the crate's whole-input rule
/// says which error to give (a damaged raw value misread as frames is the raw value's
/// error).
pub fn undetected(
    bytes: &[u8],
    hints: Hints,
    options: &ParseOptions,
    e: DetectError,
) -> WholeError {
    match frame::read_whole(bytes, hints, options) {
        Err(whole) => whole,
        Ok(_) => WholeError::Invalid(e),
    }
}

#[cfg(test)]
mod tests {
    use super::code_of;

    #[test]
    fn codes_are_node_style() {
        for (kind, code) in [
            ("UnexpectedEnd", "ERR_UNEXPECTED_END"),
            ("unexpected_end", "ERR_UNEXPECTED_END"),
            ("InvalidUtf8", "ERR_INVALID_UTF8"),
            ("wrong_key", "ERR_WRONG_KEY"),
            ("multiple_frames", "ERR_MULTIPLE_FRAMES"),
            ("SyntaxError", "ERR_SYNTAX"),
            ("Syntax", "ERR_PATH_SYNTAX"),
            ("PathSyntax", "ERR_PATH_SYNTAX"),
            ("FrameTooLarge", "ERR_FRAME_TOO_LARGE"),
            ("NotAContainer", "ERR_NOT_A_CONTAINER"),
            ("BadOption", "ERR_BAD_OPTION"),
            ("Io", "ERR_IO"),
        ] {
            assert_eq!(code_of(kind), code, "{kind}");
        }
    }
}
