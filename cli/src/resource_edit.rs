//! `set` and `delete` on a resource or scene: in a text file (`.tres`, `.tscn`) only that
//! value's text, or that property's line, changes (`TextResource::set_text`, `delete`);
//! comments, blank lines, spacing and order stay. The file is written back atomically
//! (its mode, owner and links kept). In a binary file the value is set in its document
//! (`Document::set`: no other value passes through the text form) and the file written
//! again (`Document::to_binary`), compressed if it was.

use gdvariant::resource::{Document, TextResource};
use gdvariant::text::ReadOptions;
use gdvariant::VariantRef;

use crate::bytes::Bytes;
use crate::config_edit::Dest;
use crate::context::{Failure, Outcome};
use crate::output;
use crate::resource_file::{Kind, ResourceInput};

/// `set FILE PATH VALUE`: VALUE in the engine's text form (written as given, after a
/// check that it reads), or lossless JSON with `json` (written in the file's text form).
/// A missing property is added at the end of its section.
pub fn set(
    input: ResourceInput,
    data: &Bytes,
    path: &str,
    value: &str,
    json: bool,
    dest: Dest<'_>,
) -> Outcome {
    let dialect = input.doc.dialect;
    if input.kind != Kind::Text {
        // A binary file: the new value goes into the document itself (never through the
        // text form, which in Godot 3 would round every real of the file to 6 digits).
        let bytes = match json {
            true => gdvariant::json::read(value.as_bytes(), dialect)
                .map_err(|e| format!("VALUE: {} at column {} (JSON)", e.kind(), e.column()))?,
            false => {
                let options = ReadOptions::new().resource_refs(true);
                gdvariant::text::read_with(value, dialect, &options).map_err(|e| {
                    format!(
                        "VALUE: {} at column {} (the engine's text form; --json for JSON)",
                        e.kind(),
                        e.column()
                    )
                })?
            }
        };
        let mut doc = input.doc.clone();
        doc.set(path, &bytes)
            .map_err(|e| Failure::Input(format!("nothing written: {}: {path}: {e}", input.name)))?;
        return write_binary(&input, &doc, data, dest);
    }
    let mut text = editable(&input)?;
    let value_text = match json {
        false => value.to_string(),
        true => {
            let bytes = gdvariant::json::read(value.as_bytes(), dialect)
                .map_err(|e| format!("VALUE: {} at column {} (JSON)", e.kind(), e.column()))?;
            let parsed = VariantRef::parse(&bytes, dialect).map_err(|e| e.to_string())?;
            parsed.text(input.style).to_string()
        }
    };
    text.set_text(path, &value_text).map_err(|e| {
        Failure::Input(format!(
            "nothing written: {}: {path}: {e} (the engine's text form; --json for JSON)",
            input.name
        ))
    })?;
    write(&input, text, data, dest)
}

/// `delete FILE PATH`: the property's line goes. Exit code 3 when there is none.
pub fn delete(input: ResourceInput, data: &Bytes, path: &str, dest: Dest<'_>) -> Outcome {
    if input.kind != Kind::Text {
        let mut doc = input.doc.clone();
        let found = doc
            .delete(path)
            .map_err(|e| Failure::Input(format!("nothing written: {}: {path}: {e}", input.name)))?;
        if !found {
            return Err(Failure::NotFound(format!(
                "{}: nothing at `{path}`",
                input.name
            )));
        }
        return write_binary(&input, &doc, data, dest);
    }
    let mut text = editable(&input)?;
    let found = text
        .delete(path)
        .map_err(|e| Failure::Input(format!("nothing written: {}: {path}: {e}", input.name)))?;
    if !found {
        return Err(Failure::NotFound(format!(
            "{}: nothing at `{path}`",
            input.name
        )));
    }
    write(&input, text, data, dest)
}

/// Writes an edited binary document back, compressed when the input was.
fn write_binary(input: &ResourceInput, doc: &Document, data: &Bytes, dest: Dest<'_>) -> Outcome {
    let bytes = crate::resource_convert::to_binary(doc, input.kind == Kind::Compressed)?;
    output::write_over(&dest.path, &bytes, dest.out, data.stamp())
}

/// The text to edit: the file itself, or for a binary file its document's text.
fn editable(input: &ResourceInput) -> Result<TextResource, Failure> {
    input.as_text()
}

fn write(input: &ResourceInput, text: TextResource, data: &Bytes, dest: Dest<'_>) -> Outcome {
    let bytes = text.text().as_bytes();
    if dest.path.as_os_str() == "-" {
        let mut stdout = std::io::stdout().lock();
        return crate::stdout_result(
            std::io::Write::write_all(&mut stdout, bytes)
                .and_then(|()| std::io::Write::flush(&mut stdout)),
        );
    }
    let _ = input;
    output::write_over(&dest.path, bytes, dest.out, data.stamp())
}
