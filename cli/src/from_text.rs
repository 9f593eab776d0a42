//! `gdvariant from-text`: the engine's text form (`var_to_str` / `var2str`) back to bytes.

use std::io::Read;
use std::path::PathBuf;

use gdvariant::frame::{self, PrefixOrder};
use gdvariant::text::{self, TextOptions};
use gdvariant::{Dialect, VariantRef};

use crate::context::{Ctx, Outcome};
use crate::input::WriteDialect;
use crate::output::{self, BinaryOut};

/// Options of `from-text`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The text to read (`-`: standard input): one value, as `var_to_str` / `var2str`
    /// print it (or as `show` prints it).
    input: PathBuf,
    /// Where to write the bytes (`-`: standard output).
    output: PathBuf,
    #[command(flatten)]
    dialect: WriteDialect,
    /// Write a store_var frame (a 4-byte length, then the value), as `FileAccess.store_var`
    /// writes it.
    #[arg(long)]
    prefixed: bool,
    /// Convert float literals as the engine's own parser does (not correctly rounded), so
    /// that the bytes equal `str_to_var`'s; by default floats are correctly rounded.
    #[arg(long)]
    engine_floats: bool,
    /// A container to write the bytes in (default: none, a plain file).
    #[command(flatten)]
    container: crate::container::WriteArgs,
    #[command(flatten)]
    out: BinaryOut,
}

pub fn run(args: &Args, _ctx: &Ctx) -> Outcome {
    let raw = read_input(&args.input)?;
    let name = args.input.display();
    let text = std::str::from_utf8(&raw)
        .map_err(|e| format!("{name}: not UTF-8 text at byte {}", e.valid_up_to()))?;
    let dialect = args.dialect.godot.dialect();
    let options = TextOptions {
        engine_floats: args.engine_floats,
        ..TextOptions::default()
    };
    let mut bytes = Vec::with_capacity(text.len());
    text::parse_into(text, dialect, &options, &mut bytes).map_err(|e| {
        format!(
            "{name}:{}:{}: {} (byte {})",
            e.line, e.column, e.kind, e.offset
        )
    })?;
    if args.prefixed {
        bytes = prefixed(&bytes, dialect)?;
    }
    let bytes = args.container.write(&bytes, dialect)?;
    output::write(&args.output, &bytes, &args.out)
}

/// The value's bytes as one store_var frame.
pub fn prefixed(bytes: &[u8], dialect: Dialect) -> Result<Vec<u8>, String> {
    let value = VariantRef::parse(bytes, dialect).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(bytes.len() + 4);
    frame::write(&mut out, value, PrefixOrder::Little).map_err(|e| e.to_string())?;
    Ok(out)
}

/// The whole input file, or standard input for `-`.
pub fn read_input(path: &std::path::Path) -> Result<Vec<u8>, String> {
    if path.as_os_str() == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .lock()
            .read_to_end(&mut buf)
            .map_err(|e| format!("stdin: {e}"))?;
        Ok(buf)
    } else {
        std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
    }
}
