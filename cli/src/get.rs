//! `gdvariant get`: the value at a path.

use std::io::{self, Write};

use gdvariant::query::Found;
use gdvariant::{Builder, VariantRef};

use crate::input::InputArgs;

/// Options of `get`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// `player/inventory/3/name`: dictionary keys and array indices separated by `/`;
    /// `"a/b"` quotes a key, `[42]` is an int key.
    path: String,
    /// Write the value's encoded bytes (a valid blob on their own) instead of its text.
    #[arg(long, conflicts_with = "json")]
    raw: bool,
    /// Write the value as JSON (the schema of `gdvariant json`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    let found = input.value.query(&args.path).map_err(|e| e.to_string())?;
    // A packed array element is not a value on the wire: encode it as one.
    let element_bytes;
    let value = match found {
        Found::Value(v) => v,
        Found::Element(packed, i) => {
            let dialect = input.value.dialect();
            let element = packed.get(i).ok_or("no such element")?;
            let mut bytes = Vec::new();
            Builder::new(&mut bytes, dialect)
                .value_of(element)
                .map_err(|e| e.to_string())?;
            element_bytes = bytes;
            VariantRef::parse(&element_bytes, dialect).map_err(|e| e.to_string())?
        }
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = if args.raw {
        out.write_all(value.encoded())
    } else if args.json {
        gdvariant::json::write(&mut out, value, false).and_then(|()| writeln!(out))
    } else {
        writeln!(out, "{value}")
    };
    crate::stdout_result(written.and_then(|()| out.flush()))
}
