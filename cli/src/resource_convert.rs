//! `gdvariant convert IN OUT`: a resource or scene from text to binary or back, in the
//! engine's own form (`.res`/`.scn` → `.tres`/`.tscn` is what `ResourceSaver` writes for
//! the same resource; `.tres` → `.res` gives bytes the engine loads to the same
//! properties: `Document::to_binary`). The output's form comes from `--to`, else from
//! OUT's extension.

use std::path::{Path, PathBuf};

use gdvariant::resource::{BinaryWriteOptions, Document};

use crate::context::{Ctx, Failure, Outcome};
use crate::input::InputArgs;
use crate::output::{self, BinaryOut};

/// Options of `convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Where to write (`-`: stdout).
    output: PathBuf,
    /// The output's form (default: from OUT's extension: `.tres`/`.tscn` text,
    /// `.res`/`.scn`/`.mesh` binary).
    #[arg(long, value_enum)]
    to: Option<Form>,
    #[command(flatten)]
    out: BinaryOut,
}

/// The form of a resource file.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `.tres` / `.tscn`: the engine's text.
    Text,
    /// `.res` / `.scn`: `RSRC`.
    Binary,
    /// `RSCC`: binary, Zstd-compressed as the engine's `FLAG_COMPRESS` writes it.
    Compressed,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let _ = ctx;
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    let Some(input) = crate::resource_file::detect(&name, &data, None)? else {
        return Err(Failure::Input(format!(
            "{name}: not a resource or scene (convert reads .tres/.tscn text and .res/.scn \
             binary files; for Variant data see reencode, from-json and from-text)"
        )));
    };
    let form = match args.to {
        Some(form) => form,
        None => form_of(&args.output)?,
    };
    let bytes = match form {
        Form::Text => match &input.text {
            Some(text) => text.to_engine_text().into_bytes(),
            None => input.doc.to_text_with(input.style).into_bytes(),
        },
        Form::Binary | Form::Compressed => to_binary(&input.doc, form == Form::Compressed)?,
    };
    output::write(&args.output, &bytes, &args.out)
}

fn form_of(path: &Path) -> Result<Form, Failure> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("tres" | "tscn") => Ok(Form::Text),
        Some("res" | "scn" | "mesh") => Ok(Form::Binary),
        _ => Err(Failure::Usage(format!(
            "{}: say the form with --to text|binary|compressed (or name it .tres, .tscn, .res, \
             .scn)",
            path.display()
        ))),
    }
}

/// The document's binary file, compressed (`RSCC`, Zstd in 4096-byte blocks as the
/// engine's `FLAG_COMPRESS` writes it) or not: `Document::to_binary`. A document the
/// binary format cannot hold (a reference to an unknown id, …) is an error; nothing is
/// written.
pub fn to_binary(doc: &Document, compressed: bool) -> Result<Vec<u8>, Failure> {
    let written = match compressed {
        true => doc.to_binary_compressed(&BinaryWriteOptions::new()),
        false => doc.to_binary(),
    };
    written.map_err(|e| Failure::Input(format!("nothing written: {e}")))
}
