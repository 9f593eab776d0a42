//! `gdvariant from-text`: the engine's text form (`var_to_str` / `var2str`) back to bytes.

use std::io::Read;
use std::path::PathBuf;

use gdvariant::frame::{self, PrefixOrder};
use gdvariant::text::{self, ReadOptions};
use gdvariant::{Dialect, VariantRef};

use crate::context::{Ctx, Outcome};
use crate::dialect::DialectArg;
use crate::input::InputArgs;
use crate::like::{self, LikeArgs};
use crate::output::{self, BinaryOut};

/// Options of `from-text`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The text to read (`-`: standard input): one value, as `var_to_str` / `var2str`
    /// print it, or what `show` prints for a file of several values (each after a line
    /// `#N`), which is written back as store_var frames.
    input: PathBuf,
    /// Where to write the bytes (`-`: standard output).
    output: PathBuf,
    #[command(flatten)]
    dialect: DialectArg,
    #[command(flatten)]
    frames: output::FramesArg,
    /// Convert float literals as the engine's own parser does (not correctly rounded), so
    /// that the bytes equal `str_to_var`'s; by default floats are correctly rounded.
    #[arg(long)]
    engine_floats: bool,
    /// A container to write the bytes in (default: none, a plain file; with --like, FILE's).
    #[command(flatten)]
    container: crate::container::WriteArgs,
    #[command(flatten)]
    like: LikeArgs,
    #[command(flatten)]
    out: BinaryOut,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let raw = read_input(&args.input)?;
    let name = args.input.display();
    let text = std::str::from_utf8(&raw)
        .map_err(|e| format!("{name}: not UTF-8 text at byte {}", e.valid_up_to()))?;
    // The dialect, framing and container of --like FILE.
    let like_file = args.like.like.as_deref();
    let like_input = like_file.map(|file| like::input_args(file, args.dialect, &args.container));
    let like_data = like_input.as_ref().map(InputArgs::open).transpose()?;
    let like = match (&like_input, &like_data) {
        (Some(input), Some(data)) => Some(like::read(input, data, ctx)?),
        _ => None,
    };
    let dialect = match (args.dialect.named()?, &like) {
        (Some(named), _) => named.dialect(),
        (None, Some(like)) => like.dialect(),
        (None, None) => args.dialect.to_write()?,
    };
    let order = like.as_ref().and_then(|like| like.prefix());
    let options = ReadOptions::new().engine_floats(args.engine_floats);
    // One value, or several after `#N` lines as `show` prints a file of several frames.
    let read = text::read_sequence(text, dialect, &options).map_err(|e| {
        format!(
            "{name}:{}:{}: {} (byte {})",
            e.line(),
            e.column(),
            e.kind(),
            e.offset()
        )
    })?;
    let bytes = if read.numbered || args.frames.prefixed || order.is_some() {
        // Several values can only be store_var frames, one after another.
        if read.numbered && !args.frames.prefixed {
            ctx.note(&format!(
                "read {} numbered values (#0 to #{}): writing them as store_var frames",
                read.values.len(),
                read.values.len().saturating_sub(1)
            ));
        }
        let mut out = Vec::with_capacity(text.len());
        for value in &read.values {
            out.extend_from_slice(&prefixed(value, dialect, order)?);
        }
        out
    } else {
        read.values.into_iter().next().unwrap_or_default()
    };
    let like_file = like_file.zip(like_data.as_ref());
    let bytes = like::wrap(&bytes, like_file, &args.like, &args.container, dialect, ctx)?;
    output::write(&args.output, &bytes, &args.out)
}

/// The value's bytes as one store_var frame (a little-endian length unless `order` says).
fn prefixed(bytes: &[u8], dialect: Dialect, order: Option<PrefixOrder>) -> Result<Vec<u8>, String> {
    let value = VariantRef::parse(bytes, dialect).map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(bytes.len() + 4);
    let order = order.unwrap_or(PrefixOrder::Little);
    frame::write(&mut out, value, order).map_err(|e| e.to_string())?;
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
