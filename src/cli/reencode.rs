//! `gdvariant reencode`: parse, then write back through the builder.

use std::path::PathBuf;

use gdvariant::Builder;

use super::input::{InputArgs, PrefixOrder};

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
    if input.prefix.is_some() {
        out.extend_from_slice(&[0; 4]);
    }
    Builder::new(&mut out, input.value.dialect())
        .value(input.value)
        .map_err(|e| format!("cannot re-encode: {e}"))?;
    if let Some(order) = input.prefix {
        let len = u32::try_from(out.len() - 4)
            .map_err(|_| "value too large for a length prefix".to_string())?;
        let prefix = match order {
            PrefixOrder::Little => len.to_le_bytes(),
            PrefixOrder::Big => len.to_be_bytes(),
        };
        out.splice(..4, prefix);
    }
    if args.output.as_os_str() == "-" {
        std::io::Write::write_all(&mut std::io::stdout().lock(), &out)
            .map_err(|e| format!("stdout: {e}"))
    } else {
        std::fs::write(&args.output, &out).map_err(|e| format!("{}: {e}", args.output.display()))
    }
}
