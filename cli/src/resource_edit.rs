//! `set` and `delete` on a resource or scene: in a text file (`.tres`, `.tscn`) only that
//! value's text, or that property's line, changes (`TextResource::set_text`, `delete`);
//! comments, blank lines, spacing and order stay. The file is written back atomically
//! (its mode, owner and links kept). A binary file is rewritten from its document.

use gdvariant::resource::TextResource;
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
    let mut text = editable(&input)?;
    let value_text = match json {
        false => value.to_string(),
        true => {
            let dialect = input.doc.dialect;
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

/// The text to edit: the file itself, or for a binary file its document's text.
fn editable(input: &ResourceInput) -> Result<TextResource, Failure> {
    match input.kind {
        Kind::Text => input.as_text(),
        Kind::Binary | Kind::Compressed => {
            crate::resource_convert::check_binary_writable(input).and_then(|()| input.as_text())
        }
    }
}

fn write(input: &ResourceInput, text: TextResource, data: &Bytes, dest: Dest<'_>) -> Outcome {
    let bytes = match input.kind {
        Kind::Text => text.text().as_bytes().to_vec(),
        Kind::Binary | Kind::Compressed => crate::resource_convert::to_binary(
            &text.into_document(),
            input.kind == Kind::Compressed,
        )?,
    };
    if dest.path.as_os_str() == "-" && input.kind == Kind::Text {
        let mut stdout = std::io::stdout().lock();
        return crate::stdout_result(
            std::io::Write::write_all(&mut stdout, &bytes)
                .and_then(|()| std::io::Write::flush(&mut stdout)),
        );
    }
    output::write_over(&dest.path, &bytes, dest.out, data.stamp())
}
