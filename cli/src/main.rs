//! The `gdvariant` command: inspect and rewrite Godot Variant blobs. Argument parsing and
//! dispatch live here; the global options and exit codes in `context`, input loading,
//! detection and value addresses in `input` (and naming files that are not Variant data in
//! `foreign`), writing files atomically in `output` (and what replacing one keeps and
//! checks in `replace`), the errors of paths in `path_error`, each command in its own
//! module.
//!
//! Adding a command: a module with an `Args` struct (flatten `input::InputArgs` to read a
//! file the usual way) and `run(&Args, &Ctx) -> Outcome`, one variant of [`Command`] and
//! one arm in [`Command::run`].

// One `unsafe` block, the memory map of the input file, lives in `input` (SAFETY.md).
#![deny(unsafe_code)]

mod check;
mod container;
mod context;
mod copy;
mod diff;
mod edit;
mod foreign;
mod from_json;
mod from_text;
mod get;
mod input;
mod json;
mod nodes;
mod output;
mod pack;
mod path_error;
mod reencode;
mod replace;
mod show;
mod stats;
mod style;
mod tree;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use context::{Ctx, Outcome, EXIT_CODES_HELP, EXIT_OK};
use style::{ColorArg, Paint};

/// Inspect and rewrite Godot Variant binary blobs (var_to_bytes / var2bytes / store_var /
/// put_var).
///
/// Input: one value (var_to_bytes), or a file of store_var / put_var frames, each a
/// 4-byte length and a value: one frame, or several in a row (a save written by several
/// store_var calls). With several values, `show` prints each after a `#N` line, `json`
/// writes JSON Lines, `tree` and `stats` name paths `#0/player/hp`, and `get` takes such a
/// path (`#1` alone is the whole second value).
///
/// Detection, when --godot or --prefixed/--no-prefix are not given: every reading of the
/// input (one value, or frames with little- or big-endian prefixes; each in Godot 4 and
/// Godot 3) that covers the whole input is a candidate; the most plausible one wins
/// (containers, text and packed arrays over scalars; math values shaped as the engine
/// writes them: Colors in 0..1, Planes with a unit normal, AABBs with a positive size;
/// floats that look like text lose), then a single value, then Godot 4. What was chosen is
/// said on stderr (not with --quiet), and "ambiguous input" when another reading is as
/// plausible and gives different values. When no reading works, the error shown is that of
/// the reading that got furthest into the input.
///
/// Compressed and encrypted saves are read as plain ones, by every command: a file written
/// through `open_compressed` (GCPF: FastLZ, Deflate, Zstd, GZIP, Brotli), through
/// `open_encrypted_with_pass` / `open_encrypted` (GDEC, Godot 3's and Godot 4's layouts;
/// --password PW or --key HEX, or GDVARIANT_PASSWORD / GDVARIANT_KEY), or a bare
/// `compress()` stream (Zstd, GZIP and Deflate detected; --decompress fastlz or brotli).
/// Offsets are then offsets in the decompressed (decrypted) data. `set`, `delete` and
/// `reencode` write such a file back in the same container, with the same key.
///
/// A file is never half-written: it is written to a temporary file next to it, synced, and
/// renamed over it. That keeps its mode, and its owner and group where the process may set
/// them (as `sed -i` does); through a symbolic link the file it links to is edited and the
/// link stays. A read-only file (or one in a read-only directory) is refused, and so is a
/// file that another program changed since it was read; nothing is written then.
#[derive(Parser, Debug)]
#[command(
    name = "gdvariant",
    version,
    about,
    long_about,
    after_help = EXIT_CODES_HELP
)]
struct Cli {
    /// When to colour the output: auto (a terminal, and NO_COLOR unset), always, never.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto, global = true)]
    color: ColorArg,
    /// Print nothing on stderr but errors: no detection notes, no progress.
    #[arg(short, long, global = true)]
    quiet: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the engine's own text form (var2str / var_to_str) of the value(s) in FILE.
    Show(show::Args),
    /// Print an outline: one line per node with its path, type, count, offset and size.
    /// The first thing to run on an unknown blob.
    Tree(tree::Args),
    /// Print the value at PATH (`player/inventory/3/name`; `#1/player/hp` in a file of
    /// several values). Exit code 3 when PATH names nothing.
    Get(get::Args),
    /// Write lossless JSON (schema: `gdvariant::json` docs and the README); JSON Lines for
    /// a file of several values.
    Json(json::Args),
    /// Print counts and bytes per type, maximum depth, the largest containers and strings.
    Stats(stats::Args),
    /// Validate only: print OK and how many values (and the container: `in a
    /// Zstd-compressed file (GCPF, 4096-byte blocks)`), or the error with its offset (exit
    /// code 4).
    Check(check::Args),
    /// Parse IN and write it back through the builder to OUT, as the engine would write it
    /// (in IN's container, if it has one).
    Reencode(reencode::Args),
    /// Read the engine's text form (var_to_str / var2str, or what `show` prints) from IN
    /// and write the value's bytes to OUT (`-`: stdout; never a terminal without --force).
    FromText(from_text::Args),
    /// Read lossless JSON (what `json` writes; JSON Lines for several values) from IN and
    /// write the bytes to OUT (`-`: stdout; never a terminal without --force).
    FromJson(from_json::Args),
    /// Set the value at PATH in FILE (VALUE in the engine's text form, or --json), in
    /// place (atomically) or into -o OUT. A missing key is added. Exit code 3 when the path
    /// leads nowhere. A compressed or encrypted FILE is written back in its container.
    Set(edit::SetArgs),
    /// Delete the entry, element or property at PATH in FILE, in place (atomically) or
    /// into -o OUT. Exit code 3 when there is nothing at PATH. A compressed or encrypted
    /// FILE is written back in its container.
    Delete(edit::DeleteArgs),
    /// Put a plain file in a container: compressed (GCPF, --compress MODE), encrypted
    /// (GDEC, --password PW or --key HEX), or a bare compress() stream (--stream MODE), as
    /// the engine writes them. OUT `-`: stdout, never a terminal without --force.
    Pack(pack::PackArgs),
    /// Take the plain bytes out of a compressed or encrypted file or a compress() stream
    /// (keys as for reading). OUT `-`: stdout, never a terminal without --force.
    Unpack(pack::UnpackArgs),
    /// Compare A and B: one line per path that differs (`~ path: a -> b`, `- path: a` only
    /// in A, `+ path: b` only in B), values in the engine's text form. Exit code 0 when
    /// equal, 1 when different.
    Diff(diff::Args),
    /// Print a shell completion script (for bash: `gdvariant completions bash >
    /// ~/.local/share/bash-completion/completions/gdvariant`).
    Completions {
        /// The shell.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

impl Command {
    fn run(self, ctx: &Ctx) -> Outcome {
        match self {
            Command::Show(args) => show::run(&args, ctx),
            Command::Tree(args) => tree::run(&args, ctx),
            Command::Get(args) => get::run(&args, ctx),
            Command::Json(args) => json::run(&args, ctx),
            Command::Stats(args) => stats::run(&args, ctx),
            Command::Check(args) => check::run(&args, ctx),
            Command::Reencode(args) => reencode::run(&args, ctx),
            Command::FromText(args) => from_text::run(&args, ctx),
            Command::Diff(args) => diff::run(&args, ctx),
            Command::Set(args) => edit::run_set(&args, ctx),
            Command::Delete(args) => edit::run_delete(&args, ctx),
            Command::FromJson(args) => from_json::run(&args, ctx),
            Command::Pack(args) => pack::run_pack(&args, ctx),
            Command::Unpack(args) => pack::run_unpack(&args, ctx),
            Command::Completions { shell } => {
                // Into memory first: `generate` panics when its writer fails (`| head`).
                let mut script = Vec::new();
                clap_complete::generate(shell, &mut Cli::command(), "gdvariant", &mut script);
                stdout_result(io::Write::write_all(&mut io::stdout().lock(), &script))
            }
        }
    }
}

/// Runs the command line. Exit codes: 0 success, 1 `diff` found differences, 4 malformed
/// input or I/O error,
/// 2 usage error (clap's convention), 3 nothing at the path (`get`).
fn main() -> ExitCode {
    let cli = parse_command_line();
    let ctx = Ctx {
        paint: Paint::stdout(cli.color),
        quiet: cli.quiet,
    };
    match cli.command.run(&ctx) {
        Ok(()) => ExitCode::from(EXIT_OK),
        Err(failure) => failure.report(),
    }
}

/// The reading commands whose only argument is FILE: without it, they read standard input
/// when it is not a terminal (`gdvariant show < save.bin`).
const STDIN_COMMANDS: [&str; 5] = ["show", "tree", "json", "stats", "check"];

/// Parses the command line. FILE of [`STDIN_COMMANDS`] may be left out when standard input
/// is not a terminal (it is then `-`); when it is one, leaving FILE out is the usual usage
/// error.
fn parse_command_line() -> Cli {
    let piped = !io::stdin().is_terminal();
    let mut command = Cli::command();
    for name in STDIN_COMMANDS {
        command = command.mut_subcommand(name, |sub| {
            sub.mut_arg("file", |file| {
                let file = file.help(
                    "The file to read (memory-mapped), or `-` for standard input (the default \
                     when standard input is not a terminal)",
                );
                match piped {
                    true => file
                        .required(false)
                        .default_value("-")
                        .hide_default_value(true),
                    false => file,
                }
            })
        });
    }
    let matches = command.get_matches();
    Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit())
}

/// What a command reports after writing its output: a closed pipe (`| head`) ends the
/// output normally; any other write error is the command's error.
fn stdout_result(written: io::Result<()>) -> Outcome {
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}").into()),
        _ => Ok(()),
    }
}
