//! `gdvariant get`: the value at a path.

use std::io::{self, Write};

use gdvariant::query::Found;
use gdvariant::{Builder, VariantRef};

use crate::config_verbs::GetForm;
use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;
use crate::output::{refuse_terminal, BinaryOut};
use crate::path_error::{query_failure, Start};

/// Options of `get`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// `player/inventory/3/name`: dictionary keys, property names and array indices
    /// separated by `/`; `"a/b"` quotes a key, `[42]` is an int key. In a file of several
    /// values, start with the value's number: `#1/player/hp` (`#1` alone is the whole
    /// value). In a ConfigFile: `section/key` (split at the first `/`: `application/config/name`
    /// is the key `config/name`), `section` alone, `section/key/path` inside a value.
    path: String,
    /// Write the value's encoded bytes (a valid blob on their own) instead of its text
    /// (never to a terminal without --force).
    #[arg(long, conflicts_with = "json")]
    raw: bool,
    /// Write the value as JSON (the schema of `gdvariant json`).
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    out: BinaryOut,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        let form = match (args.raw, args.json) {
            (true, _) => {
                refuse_terminal(&io::stdout(), &args.out)?;
                GetForm::Raw
            }
            (_, true) => GetForm::Json,
            _ => GetForm::Text,
        };
        return crate::resource_verbs::get(&resource, &args.path, form);
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        let form = match (args.raw, args.json) {
            (true, _) => {
                refuse_terminal(&io::stdout(), &args.out)?;
                GetForm::Raw
            }
            (_, true) => GetForm::Json,
            _ => GetForm::Text,
        };
        return crate::config_verbs::get(&config, &args.path, form);
    }
    let input = args.input.parse(&data, ctx)?;
    let (start, label, path) = input.address(&args.path)?;
    let found = start
        .query(path)
        .map_err(|e| query_failure(e, Start::new(&label, &args.path, path), start))?;
    // A packed array element is not a value on the wire: encode it as one.
    let element_bytes;
    let value = match found {
        Found::Value(v) => v,
        element @ Found::Element(..) => {
            let dialect = input.dialect();
            let mut bytes = Vec::new();
            Builder::new(&mut bytes, dialect)
                .found(element)
                .map_err(|e| e.to_string())?;
            element_bytes = bytes;
            VariantRef::parse(&element_bytes, dialect).map_err(|e| e.to_string())?
        }
    };
    let stdout = io::stdout().lock();
    if args.raw {
        refuse_terminal(&stdout, &args.out)?;
    }
    let mut out = io::BufWriter::new(stdout);
    let written = if args.raw {
        out.write_all(value.encoded())
    } else if args.json {
        gdvariant::json::write(&mut out, value, &gdvariant::json::WriteOptions::new())
            .and_then(|()| writeln!(out))
    } else {
        writeln!(out, "{value}")
    };
    crate::stdout_result(written.and_then(|()| out.flush()))
}
