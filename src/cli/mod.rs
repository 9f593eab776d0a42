//! Command-line interface: argument parsing, input loading, dialect detection, commands.

mod detect;

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use gdvariant::{Dialect, TextStyle};

/// Inspect Godot Variant binary blobs (var_to_bytes / var2bytes / store_var / put_var).
#[derive(Parser, Debug)]
#[command(name = "gdvariant", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the engine's own text form (var2str / var_to_str) of the value in FILE.
    ///
    /// Detection: without --godot, the blob is parsed as Godot 4 and as Godot 3; a dialect
    /// whose parse consumes the whole input wins, Godot 4 first. Without --prefixed, a
    /// leading u32 equal to the length of the rest (little- or big-endian, as store_var and
    /// put_var write it) is taken as a length prefix when the rest parses. What was
    /// detected is said on stderr whenever a guess was made.
    Show(InputArgs),
}

#[derive(clap::Args, Debug)]
struct InputArgs {
    /// The blob to read, or `-` for standard input.
    file: PathBuf,
    /// The wire dialect (default: detect).
    #[arg(long, value_enum)]
    godot: Option<GodotArg>,
    /// FILE starts with the 4-byte length written by store_var / put_var.
    #[arg(long, conflicts_with = "no_prefix")]
    prefixed: bool,
    /// FILE holds the value alone, as var_to_bytes / var2bytes write it.
    #[arg(long)]
    no_prefix: bool,
    /// Which engine version's text form to print (default: 3.6 for Godot 3, 4 for Godot 4).
    #[arg(long, value_enum)]
    text_style: Option<StyleArg>,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum GodotArg {
    #[value(name = "3")]
    Three,
    #[value(name = "4")]
    Four,
}

#[derive(ValueEnum, Clone, Copy, Debug)]
enum StyleArg {
    #[value(name = "3.2")]
    Godot32,
    #[value(name = "3.6")]
    Godot36,
    #[value(name = "4")]
    Godot4,
}

/// Runs the command line; exit code 0 on success, 1 on malformed input or I/O errors,
/// 2 on usage errors (clap's convention).
pub fn run() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Show(args) => show(&args),
    }
}

fn read_input(path: &PathBuf) -> io::Result<Vec<u8>> {
    if path.as_os_str() == "-" {
        let mut data = Vec::new();
        io::Read::read_to_end(&mut io::stdin().lock(), &mut data)?;
        Ok(data)
    } else {
        std::fs::read(path)
    }
}

fn show(args: &InputArgs) -> ExitCode {
    let data = match read_input(&args.file) {
        Ok(data) => data,
        Err(e) => {
            eprintln!("gdvariant: {}: {e}", args.file.display());
            return ExitCode::from(1);
        }
    };
    let dialect = args.godot.map(|g| match g {
        GodotArg::Three => Dialect::Godot3,
        GodotArg::Four => Dialect::Godot4,
    });
    let prefixed = match (args.prefixed, args.no_prefix) {
        (true, _) => Some(true),
        (_, true) => Some(false),
        _ => None,
    };
    let input = match detect::detect(&data, dialect, prefixed) {
        Ok(input) => input,
        Err(report) => {
            eprintln!("gdvariant: {}: {report}", args.file.display());
            return ExitCode::from(1);
        }
    };
    if let Some(note) = &input.note {
        eprintln!("gdvariant: {note}");
    }
    let style = match args.text_style {
        Some(StyleArg::Godot32) => TextStyle::Godot32,
        Some(StyleArg::Godot36) => TextStyle::Godot36,
        Some(StyleArg::Godot4) => TextStyle::Godot4,
        None => TextStyle::for_dialect(input.value.dialect()),
    };
    let mut out = io::BufWriter::new(io::stdout().lock());
    let written = writeln!(out, "{}", input.value.text(style)).and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gdvariant: {e}");
            ExitCode::from(1)
        }
    }
}
