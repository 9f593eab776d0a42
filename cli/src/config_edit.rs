//! `set` and `delete` on a ConfigFile: the value's text (or its line) changes, nothing
//! else (`ConfigFile::set_text`, `ConfigFile::delete`); the file is written back
//! atomically, in its container with the same key when it had one.

use std::io::Write;
use std::path::PathBuf;

use gdvariant::config::{ConfigErrorKind, ConfigFile};
use gdvariant::VariantRef;

use crate::bytes::Bytes;
use crate::config_file::{section_label, split_path, ConfigInput};
use crate::context::{Ctx, Failure, Outcome};
use crate::output::{self, BinaryOut};

/// Where the edited file goes, and how.
pub struct Dest<'a> {
    /// `-o OUT`, else the input file.
    pub path: PathBuf,
    /// `--force`.
    pub out: &'a BinaryOut,
}

/// `set FILE section/key VALUE`: VALUE in the engine's text form (written as given, after
/// a check that it reads), or lossless JSON with `json` (written in the file's text
/// form). A missing key (or section) is added.
pub fn set(
    mut input: ConfigInput,
    data: &Bytes,
    path: &str,
    value: &str,
    json: bool,
    dest: Dest<'_>,
    ctx: &Ctx,
) -> Outcome {
    let (section, key) = section_and_key(path)?;
    let config = &mut input.config;
    let done = if json {
        let dialect = config.options().dialect();
        let bytes = gdvariant::json::read(value.as_bytes(), dialect)
            .map_err(|e| format!("VALUE: {} at column {} (JSON)", e.kind(), e.column()))?;
        let parsed = VariantRef::parse(&bytes, dialect).map_err(|e| e.to_string())?;
        config.set(&section, key, parsed)
    } else {
        config.set_text(&section, key, value)
    };
    done.map_err(|e| match e.kind() {
        ConfigErrorKind::BadEdit(kind) => Failure::Input(format!(
            "VALUE: {kind} at column {} (the engine's text form; --json for JSON)",
            e.column()
        )),
        _ => Failure::Input(format!(
            "nothing written: {} {key}: {}",
            section_label(&section),
            e.kind()
        )),
    })?;
    write(&input.config, data, dest, ctx)
}

/// `delete FILE section/key`: every line of that key goes (a line it shares keeps the
/// rest). Exit code 3 when the file has no such key.
pub fn delete(
    mut input: ConfigInput,
    data: &Bytes,
    path: &str,
    dest: Dest<'_>,
    ctx: &Ctx,
) -> Outcome {
    let (section, key) = section_and_key(path)?;
    let found = input
        .config
        .delete(&section, key)
        .map_err(|e| format!("{}: {e}", input.name))?;
    if !found {
        return Err(Failure::NotFound(format!(
            "{}: {} has no key `{key}`",
            input.name,
            section_label(&section)
        )));
    }
    write(&input.config, data, dest, ctx)
}

/// A path that names a key: `section/key` (the section may be `""`: `/key`).
fn section_and_key(path: &str) -> Result<(String, &str), Failure> {
    match split_path(path)? {
        (section, Some(key)) if !key.is_empty() => Ok((section, key)),
        _ => Err(Failure::Usage(format!(
            "`{path}` names no key: a ConfigFile path is `section/key` (`/key` for the keys \
             before any section)"
        ))),
    }
}

/// Writes the edited text to `dest`: in the input's container (same mode, same key, a
/// fresh IV for Godot 4's GDEC), atomically over a file (its mode, owner and links kept,
/// refused if another program changed it since it was read), or to stdout for `-`.
fn write(config: &ConfigFile, data: &Bytes, dest: Dest<'_>, ctx: &Ctx) -> Outcome {
    let text = config.text().as_bytes();
    let wrapped = data.container();
    if wrapped.is_plain() && dest.path.as_os_str() == "-" {
        let mut stdout = std::io::stdout().lock();
        return crate::stdout_result(stdout.write_all(text).and_then(|()| stdout.flush()));
    }
    let bytes = match wrapped.is_plain() {
        true => text.to_vec(),
        false => {
            ctx.note(&format!("writing it back as {wrapped}"));
            data.wrap(text, None)?
        }
    };
    output::write_over(&dest.path, &bytes, dest.out, data.stamp())
}
