//! The reading commands on a ConfigFile: `show` (what `ConfigFile.save()` writes), `get`
//! (a section, a value, or a path inside a value), `json` (`{section: {key: value}}`) and
//! `check`.

use std::io::{self, Write};

use gdvariant::config::{ConfigFile, ConfigOptions};
use gdvariant::json::WriteOptions;
use gdvariant::text::TextStyle;
use gdvariant::VariantRef;

use crate::bytes::Bytes;
use crate::config_file::{section_label, split_path, ConfigInput};
use crate::context::{Failure, Outcome};
use crate::style::{counted, thousands};

/// `show`: the file as `ConfigFile.save()` writes it (sections, then `key=value` lines in
/// the engine's order, each value in the engine's text form); `style`, when given, must
/// be one of the file's engine (Godot 3.2 or 3.6 for a Godot 3 file).
pub fn show(input: &ConfigInput, style: Option<TextStyle>) -> Outcome {
    let text = match style {
        Some(style) if style != input.style() => {
            if ConfigOptions::new().style(style).dialect() != input.dialect() {
                return Err(Failure::Usage(format!(
                    "{} is a {} ConfigFile: --text-style takes that engine's styles",
                    input.name,
                    input.dialect()
                )));
            }
            let options = ConfigOptions::new().style(style);
            ConfigFile::parse_with(input.config.text(), &options)
                .map_err(|e| format!("{}: {e}", input.name))?
                .to_engine_text()
        }
        _ => input.config.to_engine_text(),
    };
    print_all(text.as_bytes())
}

fn print_all(bytes: &[u8]) -> Outcome {
    let mut out = io::stdout().lock();
    crate::stdout_result(out.write_all(bytes).and_then(|()| out.flush()))
}

/// How `get` prints a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GetForm {
    /// The engine's text form.
    Text,
    /// Lossless JSON.
    Json,
    /// The value's `var_to_bytes` bytes.
    Raw,
}

/// `get`: `section` alone prints its `key=value` lines; `section/key` the value;
/// `section/key/more` (when `key/more` is no key) the value at `more` inside the longest
/// key that starts the rest. Exit code 3 when nothing is there.
pub fn get(input: &ConfigInput, path: &str, form: GetForm) -> Outcome {
    let config = &input.config;
    let (section, key) = split_path(path)?;
    if !config.has_section(&section) {
        return Err(Failure::NotFound(format!(
            "{}: no section {}",
            input.name,
            section_label(&section)
        )));
    }
    let Some(key) = key else {
        let mut text = String::new();
        for (s, k, value) in config.iter().filter(|(s, _, _)| *s == section) {
            let line = config.get_text(s, k).map_or_else(
                || value.text(input.style()).to_string(),
                ToString::to_string,
            );
            text.push_str(&format!("{}={line}\n", quote_key(k)));
        }
        return print_all(text.as_bytes());
    };
    let value = match config.get(&section, key) {
        Some(value) => value,
        None => inside(input, &section, key)?,
    };
    print_value(value, input.style(), form)
}

/// The value at `key/more` where `key` is the longest key of `section` that starts the
/// path and `more` a path inside its value.
fn inside<'c>(
    input: &'c ConfigInput,
    section: &str,
    rest: &str,
) -> Result<VariantRef<'c>, Failure> {
    let config = &input.config;
    let longest = config
        .keys(section)
        .filter(|k| rest.starts_with(k) && rest.as_bytes().get(k.len()) == Some(&b'/'))
        .max_by_key(|k| k.len());
    let missing = || {
        Failure::NotFound(format!(
            "{}: {} has no key `{rest}`",
            input.name,
            section_label(section)
        ))
    };
    let key = longest.ok_or_else(missing)?;
    let value = config.get(section, key).ok_or_else(missing)?;
    let more = rest.get(key.len() + 1..).unwrap_or("");
    match value.query(more) {
        Ok(gdvariant::query::Found::Value(v)) => Ok(v),
        Ok(_) => Err(Failure::NotFound(format!(
            "{}: `{more}` in {} {key} is an element of a packed array; get the array",
            input.name,
            section_label(section)
        ))),
        Err(e) => Err(Failure::NotFound(format!(
            "{}: in {} {key}: {e}",
            input.name,
            section_label(section)
        ))),
    }
}

pub fn print_value(value: VariantRef<'_>, style: TextStyle, form: GetForm) -> Outcome {
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = match form {
        GetForm::Raw => out.write_all(value.encoded()),
        GetForm::Json => gdvariant::json::write(&mut out, value, &WriteOptions::new())
            .and_then(|()| writeln!(out)),
        GetForm::Text => writeln!(out, "{}", value.text(style)),
    };
    crate::stdout_result(written.and_then(|()| out.flush()))
}

/// A key as a `key=value` line writes it: quoted when it is not a plain word.
fn quote_key(key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '/' | '.' | '-'));
    match plain {
        true => key.to_string(),
        false => format!("{key:?}"),
    }
}

/// `json`: `{"section": {"key": value, …}, …}` in the engine's order, each value in
/// lossless JSON (or plain JSON); `pretty` indents.
pub fn json(input: &ConfigInput, plain: bool, pretty: bool) -> Outcome {
    let options = WriteOptions::new().pretty(pretty);
    let mut out: Vec<u8> = Vec::new();
    let (nl, in1, in2) = match pretty {
        true => ("\n", "  ", "    "),
        false => ("", "", ""),
    };
    let colon = if pretty { ": " } else { ":" };
    out.push(b'{');
    let config = &input.config;
    for (i, section) in config.sections().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        write!(out, "{nl}{in1}{}{colon}{{", json_string(section)).map_err(|e| e.to_string())?;
        let mut first = true;
        for key in config.keys(section) {
            let Some(value) = config.get(section, key) else {
                continue;
            };
            if !first {
                out.push(b',');
            }
            first = false;
            write!(out, "{nl}{in2}{}{colon}", json_string(key)).map_err(|e| e.to_string())?;
            let mut one = Vec::new();
            let written = match plain {
                true => gdvariant::json::plain::write(&mut one, value, &options),
                false => gdvariant::json::write(&mut one, value, &options),
            };
            written.map_err(|e| e.to_string())?;
            // Newlines in JSON only separate tokens (a string's are escaped): indent them.
            for &b in &one {
                out.push(b);
                if b == b'\n' {
                    out.extend_from_slice(in2.as_bytes());
                }
            }
        }
        write!(out, "{nl}{in1}}}").map_err(|e| e.to_string())?;
    }
    writeln!(out, "{nl}}}").map_err(|e| e.to_string())?;
    print_all(&out)
}

/// A JSON string, quotes included (`gdvariant::json::write_string`).
pub fn json_string(text: &str) -> String {
    let mut out = Vec::with_capacity(text.len() + 2);
    gdvariant::json::write_string(&mut out, text);
    // The escape keeps UTF-8 intact.
    String::from_utf8(out).unwrap_or_default()
}

/// `check`: `OK: Godot 4 ConfigFile, 4 sections, 27 keys, 951 bytes` (and the container).
pub fn check(input: &ConfigInput, data: &Bytes) -> Outcome {
    let config = &input.config;
    let sections = config.sections().count();
    let keys = config.iter().count();
    let wrapped = data.container();
    let (within, file_size) = match wrapped.is_plain() {
        true => (String::new(), String::new()),
        false => (
            format!(" in {wrapped}"),
            format!(" ({} in the file)", thousands(data.file_len() as u64)),
        ),
    };
    println!(
        "OK: {} ConfigFile{within}, {}, {}, {} bytes{file_size}",
        input.dialect(),
        counted(sections as u64, "section", "sections"),
        counted(keys as u64, "key", "keys"),
        thousands(data.len() as u64)
    );
    Ok(())
}
