//! The `gdvariant` command: inspect and rewrite Godot Variant blobs. Argument parsing and
//! dispatch live here; input loading and detection in `input`, each command in its own
//! module.

// One `unsafe` block, the memory map of the input file, lives in `input` (SAFETY.md).
#![deny(unsafe_code)]

mod check;
mod get;
mod input;
mod json;
mod nodes;
mod reencode;
mod show;
mod stats;
mod style;
mod tree;

use std::io;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Inspect and rewrite Godot Variant binary blobs (var_to_bytes / var2bytes / store_var /
/// put_var).
///
/// Detection, when --godot or --prefixed/--no-prefix are not given: every reading of the
/// input (Godot 4 and Godot 3, with and without a 4-byte store_var/put_var length prefix in
/// either byte order) that consumes the whole input is a candidate; the most plausible one
/// wins (containers, strings and packed arrays over scalars; floats that look like text
/// lose), then an unprefixed reading, then Godot 4. What was chosen is said on stderr, and
/// "ambiguous input" when more than one reading parsed.
#[derive(Parser, Debug)]
#[command(name = "gdvariant", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the engine's own text form (var2str / var_to_str) of the value in FILE.
    Show(show::Args),
    /// Print an outline: one line per node with its path, type, count, offset and size.
    /// The first thing to run on an unknown blob.
    Tree(tree::Args),
    /// Print the value at PATH (`player/inventory/3/name`).
    Get(get::Args),
    /// Write lossless JSON (schema: `gdvariant::json` docs and the README).
    Json(json::Args),
    /// Print counts and bytes per type, maximum depth, the largest containers and strings.
    Stats(stats::Args),
    /// Validate only: print OK, or the error with its offset (exit code 1).
    Check(check::Args),
    /// Parse IN and write it back through the builder to OUT, as the engine would write it.
    Reencode(reencode::Args),
}

/// Runs the command line. Exit codes: 0 success, 1 malformed input or I/O error,
/// 2 usage error (clap's convention).
fn main() -> ExitCode {
    let result = match Cli::parse().command {
        Command::Show(args) => show::run(&args),
        Command::Tree(args) => tree::run(&args),
        Command::Get(args) => get::run(&args),
        Command::Json(args) => json::run(&args),
        Command::Stats(args) => stats::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Reencode(args) => reencode::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("gdvariant: {message}");
            ExitCode::from(1)
        }
    }
}

/// What a command reports after writing its output: a closed pipe (`| head`) ends the
/// output normally; any other write error is the command's error.
fn stdout_result(written: io::Result<()>) -> Result<(), String> {
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}
