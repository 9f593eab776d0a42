//! `gdvariant reencode`: parse, then write back through the builder.

use std::path::PathBuf;

use gdvariant::{frame, Builder};

use crate::input::InputArgs;

/// Options of `reencode`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Where to write the result (`-` for stdout). With a length-prefixed input the output
    /// keeps a prefix (new length, same byte order).
    output: PathBuf,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    let mut out = Vec::with_capacity(data.len());
    match input.prefix {
        // The new length, in the input's byte order.
        Some(order) => frame::write(&mut out, input.value, order),
        None => Builder::new(&mut out, input.value.dialect()).value(input.value),
    }
    .map_err(|e| format!("cannot re-encode: {e}"))?;
    if args.output.as_os_str() == "-" {
        std::io::Write::write_all(&mut std::io::stdout().lock(), &out)
            .map_err(|e| format!("stdout: {e}"))
    } else {
        std::fs::write(&args.output, &out).map_err(|e| format!("{}: {e}", args.output.display()))
    }
}
