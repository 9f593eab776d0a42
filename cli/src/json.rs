//! `gdvariant json`: lossless JSON on stdout, streamed.

use std::io::{self, Write};

use crate::input::InputArgs;

/// Options of `json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Indent with two spaces.
    #[arg(long)]
    pretty: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    // The output is larger than the input and not in step with it: count output bytes.
    let bar = crate::style::output_spinner(data.len(), "json");
    let stdout = io::stdout().lock();
    let mut out = io::BufWriter::with_capacity(1 << 16, bar.wrap_write(stdout));
    let written = gdvariant::json::write(&mut out, input.value, args.pretty)
        .and_then(|()| writeln!(out))
        .and_then(|()| out.flush());
    bar.finish_and_clear();
    crate::stdout_result(written)
}
