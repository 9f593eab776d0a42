//! `gdvariant pack IN OUT` puts a plain file in a container (GCPF, GDEC, or a bare
//! `compress()` stream), as the engine writes one; `gdvariant unpack IN OUT` takes the
//! plain bytes out. Both work on bytes: what is inside need not be Variant data (a game
//! may `store_string` JSON into an encrypted file), so neither parses it.

use std::path::PathBuf;

use gdvariant::container::{self, Container};

use crate::bytes::open_file;
use crate::container::{plain_word, ReadArgs, WriteArgs};
use crate::context::{Ctx, Failure, Outcome};
use crate::dialect::DialectArg;
use crate::from_text::read_input;
use crate::output::{self, BinaryOut};
use crate::style::counted;

/// Options of `pack`.
#[derive(clap::Args, Debug)]
pub struct PackArgs {
    /// The plain file (`-`: standard input): store_var frames, a var_to_bytes value, or
    /// any bytes.
    input: PathBuf,
    /// Where to write the container (`-`: standard output; never a terminal without
    /// --force).
    output: PathBuf,
    /// The engine that is to open the file (`--dialect`), which decides the GDEC layout:
    /// `4`, Godot 4's (AES-256-CFB with an IV); `3` and the Pandemonium eras, Godot 3's
    /// (AES-256-ECB).
    #[command(flatten)]
    dialect: DialectArg,
    /// The container: exactly one of --compress, --stream, --password and --key.
    #[command(flatten)]
    container: WriteArgs,
    #[command(flatten)]
    out: BinaryOut,
}

/// Options of `unpack`.
#[derive(clap::Args, Debug)]
pub struct UnpackArgs {
    /// The compressed or encrypted file, or `compress()` stream (`-`: standard input).
    input: PathBuf,
    /// Where to write its plain bytes (`-`: standard output; never a terminal without
    /// --force).
    output: PathBuf,
    /// How to open it.
    #[command(flatten)]
    container: ReadArgs,
    #[command(flatten)]
    out: BinaryOut,
}

pub fn run_pack(args: &PackArgs, ctx: &Ctx) -> Outcome {
    if args.container.is_plain() {
        return Err(Failure::Usage(
            "pack needs a container: --compress MODE, --stream MODE, --password PW or --key HEX"
                .into(),
        ));
    }
    let plain = read_input(&args.input)?;
    let name = args.input.display();
    let sniffed = container::sniff(&plain);
    if let Some(already @ (Container::Compressed { .. } | Container::Encrypted { .. })) = sniffed {
        ctx.note(&format!("{name} is already {already}: packing it again"));
    }
    let dialect = args.dialect.to_write()?;
    let packed = args.container.write(&plain, dialect)?;
    if let Some(wrapped) = args.container.container(dialect) {
        ctx.note(&format!(
            "packed {} into {wrapped}: {}",
            counted(plain.len() as u64, "byte", "bytes"),
            counted(packed.len() as u64, "byte", "bytes")
        ));
    }
    output::write(&args.output, &packed, &args.out)
}

pub fn run_unpack(args: &UnpackArgs, ctx: &Ctx) -> Outcome {
    let raw = open_file(&args.input).map_err(Failure::Input)?;
    let name = args.input.display();
    match args.container.open(&args.input, &raw)? {
        None => {
            ctx.note(&format!(
                "{name} is neither compressed nor encrypted (a FastLZ or Brotli stream must be \
                 named: --decompress fastlz, --decompress brotli): copying it as it is"
            ));
            output::write(&args.output, &raw, &args.out)
        }
        Some(unwrapped) => {
            ctx.note(&format!(
                "unpacked {}: {} {}",
                unwrapped.container,
                counted(unwrapped.plain.len() as u64, "byte", "bytes"),
                plain_word(unwrapped.container)
            ));
            output::write(&args.output, &unwrapped.plain, &args.out)
        }
    }
}
