//! `gdvariant reencode`: parse, then write back through the builder.

use std::path::PathBuf;

use gdvariant::{frame, Builder};

use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;

/// Options of `reencode`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Where to write the result (`-` for stdout). A length-prefixed input gives frames
    /// again, one per value (new lengths, the same byte order).
    output: PathBuf,
    #[command(flatten)]
    out: crate::output::BinaryOut,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let input = args.input.parse(&data, ctx)?;
    let mut out = Vec::with_capacity(data.len());
    for value in input.values() {
        match input.reading().prefix {
            // The new length, in the input's byte order.
            Some(order) => frame::write(&mut out, value, order),
            None => Builder::new(&mut out, value.dialect()).value(value),
        }
        .map_err(|e| format!("cannot re-encode: {e}"))?;
    }
    crate::output::write(&args.output, &out, &args.out)
}
