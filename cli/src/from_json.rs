//! `gdvariant from-json`: the lossless JSON of `gdvariant json` back to bytes: one JSON
//! document, or JSON Lines (what `json` writes for a file of several values), which become
//! store_var frames.

use std::path::PathBuf;

use gdvariant::frame::{self, PrefixOrder};
use gdvariant::{json, Dialect, VariantRef};

use crate::context::{Ctx, Outcome};
use crate::from_text::read_input;
use crate::input::WriteDialect;
use crate::output::{self, BinaryOut};

/// Options of `from-json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The JSON to read (`-`: standard input): one document, or JSON Lines (one compact
    /// value per line, as `json` writes a file of several values).
    input: PathBuf,
    /// Where to write the bytes (`-`: standard output).
    output: PathBuf,
    #[command(flatten)]
    dialect: WriteDialect,
    /// Write store_var frames (a 4-byte length before each value), as `FileAccess.store_var`
    /// writes them. JSON Lines of several values are always written as frames.
    #[arg(long)]
    prefixed: bool,
    /// A container to write the bytes in (default: none, a plain file).
    #[command(flatten)]
    container: crate::container::WriteArgs,
    #[command(flatten)]
    out: BinaryOut,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let raw = read_input(&args.input)?;
    let name = args.input.display();
    let dialect = args.dialect.godot.dialect();
    let values = match json::read(&raw, dialect) {
        Ok(bytes) => vec![bytes],
        Err(whole) => match lines(&raw, dialect) {
            Lines::All(values) => values,
            // JSON Lines with a bad line: that line's own error, at its place in the file.
            Lines::Bad { line, start, error } => {
                return Err(format!(
                    "{name}:{line}:{}: {} (byte {})",
                    error.column(),
                    error.kind(),
                    start + error.offset()
                )
                .into())
            }
            Lines::No => {
                return Err(format!(
                    "{name}:{}:{}: {} (byte {})",
                    whole.line(),
                    whole.column(),
                    whole.kind(),
                    whole.offset()
                )
                .into())
            }
        },
    };
    if values.len() > 1 && !args.prefixed {
        ctx.note(&format!(
            "{} values (JSON Lines): writing them as store_var frames",
            values.len()
        ));
    }
    let bytes = if args.prefixed || values.len() > 1 {
        let mut out = Vec::new();
        for v in &values {
            let value = VariantRef::parse(v, dialect).map_err(|e| e.to_string())?;
            frame::write(&mut out, value, PrefixOrder::Little).map_err(|e| e.to_string())?;
        }
        out
    } else {
        values.into_iter().next().unwrap_or_default()
    };
    let bytes = args.container.write(&bytes, dialect)?;
    output::write(&args.output, &bytes, &args.out)
}

/// What the input is as JSON Lines.
enum Lines {
    /// Several documents, one per non-empty line, all read.
    All(Vec<Vec<u8>>),
    /// Several documents, the first read, a later one not: its line (1-based, counting
    /// empty lines), the file offset where it starts, and its error.
    Bad {
        line: usize,
        start: usize,
        error: json::JsonReadError,
    },
    /// Not JSON Lines (one document, or the first line does not read alone).
    No,
}

/// JSON Lines: every non-empty line one document.
fn lines(raw: &[u8], dialect: Dialect) -> Lines {
    let mut docs = Vec::new();
    let mut start = 0;
    for (index, line) in raw.split(|&b| b == b'\n').enumerate() {
        let here = start;
        start += line.len() + 1;
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        match json::read(line, dialect) {
            Ok(bytes) => docs.push(bytes),
            Err(_) if docs.is_empty() => return Lines::No,
            Err(error) => {
                return Lines::Bad {
                    line: index + 1,
                    start: here,
                    error,
                }
            }
        }
    }
    if docs.len() < 2 {
        Lines::No
    } else {
        Lines::All(docs)
    }
}
