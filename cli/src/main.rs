//! The `gdvariant` command: inspect and rewrite Godot Variant blobs. Argument parsing and
//! dispatch live here; the global options and exit codes in `context`, input loading,
//! detection and value addresses in `input` (and naming files that are not Variant data in
//! `foreign`), writing files atomically in `output` (and what replacing one keeps and
//! checks in `replace`), the errors of paths in `path_error`, each command in its own
//! module.
//!
//! Adding a command: a module with an `Args` struct (flatten `input::InputArgs` to read a
//! file the usual way) and `run(&Args, &Ctx) -> Outcome`, one variant of [`Command`] and
//! one arm in [`Command::run`]. A command that only prints what it reads can join
//! [`SALVAGE_COMMANDS`]: it then takes `--salvage`, and `InputArgs::parse` hands it the
//! intact frames of a damaged file (its own code does not change); a command that writes
//! joins [`REFUSE_SALVAGE`].

// One `unsafe` block, the memory map of the input file, lives in `bytes` (SAFETY.md).
#![deny(unsafe_code)]

mod ambiguity;
mod bytes;
mod check;
mod config_edit;
mod config_file;
mod config_verbs;
mod container;
mod context;
mod copy;
mod dialect;
mod diff;
mod edit;
mod foreign;
mod from_json;
mod from_text;
mod get;
mod input;
mod json;
mod like;
mod nodes;
mod output;
mod pack;
mod path_error;
mod reencode;
mod replace;
mod report;
mod resource_convert;
mod resource_diff;
mod resource_edit;
mod resource_file;
mod resource_verbs;
mod salvage;
mod scan;
mod show;
mod stats;
mod style;
mod suspect;
mod tree;

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use clap::{Arg, ArgAction, ArgMatches, CommandFactory, FromArgMatches, Parser, Subcommand};

use context::{Ctx, Outcome, Salvage, EXIT_CODES_HELP};
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
/// Detection, when neither --dialect (nor the variable GDVARIANT_GODOT) nor --prefixed /
/// --no-prefix say how: every reading of the input (one value, or frames with little- or
/// big-endian prefixes; each in Godot 4 and Godot 3) that covers the whole input is a
/// candidate; the most plausible one wins (containers, text and packed arrays over
/// scalars; math values shaped as the engine writes them: Colors in 0..1, Planes with a
/// unit normal, AABBs with a positive size; floats that look like text, or padding that is
/// not zeros, lose; a value whose type header is also the length of a store_var frame
/// around the rest loses a tie to the frame), then a single value, then Godot 4. What was
/// chosen is said on stderr (not with --quiet). An input that reads two ways, each as
/// plausible as the other (Godot 4's store_var(Vector4i(1, 2, 3, 4)) is also a Godot 3
/// PoolByteArray), is ambiguous: `show`, `json`, `get`, `tree`, `stats` and `diff` print
/// the guess and a warning that names both readings and the flags that choose one (also
/// with --quiet); `check` says "ambiguous" on its OK line; `set`, `delete`, `reencode`,
/// and `from-json` / `from-text` with --like refuse it (exit code 2), since writing back
/// a guess damages the file for good. When no reading works, the error shown is that of
/// the reading that got furthest into the input; a file of which no reading explains more
/// than a sliver (random bytes, a text file) is "not a Godot save".
///
/// With --dialect (or GDVARIANT_GODOT=3|4|pm-a|pm-b|pm-c, for a project that is all one
/// engine), the bytes are read in that dialect whatever they look like; when the values
/// look wrong in it (subnormal floats, a Color below 0, bytes left over) and right in the
/// other Godot dialect, a warning says so on stderr (also with --quiet: the output is then
/// probably not what was meant). The variable is also the dialect that `from-text`,
/// `from-json` and `pack` write when not told one.
///
/// Compressed and encrypted saves are read as plain ones, by every command: a file written
/// through `open_compressed` (GCPF: FastLZ, Deflate, Zstd, GZIP, Brotli), through
/// `open_encrypted_with_pass` / `open_encrypted` (GDEC, Godot 3's and Godot 4's layouts;
/// --password PW or --key HEX, or GDVARIANT_PASSWORD / GDVARIANT_KEY), or a bare
/// `compress()` stream (Zstd, GZIP and Deflate detected; --decompress fastlz or brotli).
/// Offsets are then offsets in the decompressed (decrypted) data. `set`, `delete` and
/// `reencode` write such a file back in the same container, with the same key.
///
/// ConfigFiles (`.cfg`, `project.godot`, `.import`, `export_presets.cfg`; plain, or
/// encrypted with save_encrypted_pass / save_encrypted) are told from Variant data by their
/// text and read by `show`, `get`, `json`, `check`, `set` and `delete`: a path is
/// `section/key`, split at the first `/` (`application/config/name`; `"a/b"/key` for a
/// section with `/`, `/key` before any section); `set` and `delete` change that value's
/// text (or line) alone. `scan` says whether loading a file would run code.
///
/// A file of store_var frames whose frame #N is damaged (most often the last one, cut short
/// by a save interrupted while being written) is an error that says so; `show`, `json`,
/// `tree`, `get` and `stats` then take --salvage to read the N intact frames before it
/// (and still exit with code 4).
///
/// A file is never half-written: it is written to a temporary file next to it, synced, and
/// renamed over it. That keeps its mode, and its owner and group where the process may set
/// them (as `sed -i` does); through a symbolic link the file it links to is edited and the
/// link stays. A hard link is split, as `sed -i` splits one: the edited file is a new
/// file under the name given, and the file's other names keep the old contents. A read-only file (or one in a read-only directory) is refused, and so is a
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
    /// Print nothing on stderr but errors and warnings: no detection notes, no progress.
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
    /// Write lossless JSON (schema: `gdvariant::json` docs and docs/cli.md), or with --plain
    /// lossy plain JSON for jq; JSON Lines for a file of several values.
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
    /// Read the engine's text form (var_to_str / var2str, or what `show` prints, `#N`
    /// lines and all) from IN and write the bytes to OUT (`-`: stdout; never a terminal
    /// without --force).
    FromText(from_text::Args),
    /// Read JSON from IN (what `json` writes, or plain JSON such as jq's output, with
    /// --like FILE for FILE's types; JSON Lines for several values) and write the bytes to
    /// OUT (`-`: stdout; never a terminal without --force).
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
    /// Convert a resource or scene between the engine's text (`.tres`/`.tscn`) and binary
    /// (`.res`/`.scn`, `--to compressed`: RSCC) forms, as `ResourceSaver` writes them; the
    /// form of OUT from --to or its extension.
    Convert(resource_convert::Args),
    /// Compare A and B: one line per path that differs (`~ path: a -> b`, `- path: a` only
    /// in A, `+ path: b` only in B), values in the engine's text form. Exit code 0 when
    /// equal, 1 when different.
    Diff(diff::Args),
    /// Would loading FILE run code? List what loading each file could run or reach,
    /// without loading anything: embedded scripts (with a SHA-256 of the source), script
    /// references, Objects with a script (Variant data decoded with objects allowed),
    /// resources outside res://, a scene's instances and connections. Exit code 0 when
    /// nothing would run, 1 when something would, 4 when a file could not be read.
    Scan(scan::Args),
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
            Command::Scan(args) => scan::run(&args, ctx),
            Command::Convert(args) => resource_convert::run(&args, ctx),
            Command::Completions { shell } => {
                // Into memory first: `generate` panics when its writer fails (`| head`).
                let mut script = Vec::new();
                clap_complete::generate(shell, &mut command(false), "gdvariant", &mut script);
                stdout_result(io::Write::write_all(&mut io::stdout().lock(), &script))
            }
        }
    }
}

/// Runs the command line. Exit codes: 0 success, 1 `diff` found differences (`scan`:
/// something would run), 4 malformed
/// input or I/O error (and a damaged frame that `--salvage` read around), 2 usage error
/// (clap's convention), 3 nothing at the path (`get`).
fn main() -> ExitCode {
    let (cli, salvage, prints_guess) = parse_command_line();
    let mut ctx = Ctx::new(Paint::stdout(cli.color), cli.quiet, salvage);
    ctx.prints_guess = prints_guess;
    let outcome = cli.command.run(&ctx);
    ctx.finish(outcome)
}

/// The reading commands whose only argument is FILE: without it, they read standard input
/// when it is not a terminal (`gdvariant show < save.bin`).
const STDIN_COMMANDS: [&str; 5] = ["show", "tree", "json", "stats", "check"];

/// The commands that print what they read and take `--salvage`: given a file of store_var
/// frames with a damaged frame, they read the intact frames before it as the whole input
/// (then exit with code 4). `check` is not one: its answer is the damage.
const SALVAGE_COMMANDS: [&str; 5] = ["show", "json", "tree", "get", "stats"];

/// The commands that refuse `--salvage` with a usage error that says why (it is hidden
/// from their help): those that write would drop the damaged frame and all after it.
const REFUSE_SALVAGE: [&str; 4] = ["set", "delete", "reencode", "check"];

/// The commands that print what they read: of an ambiguous input they print the guess,
/// with a warning (`check` says "ambiguous" in its OK line; the commands that write back
/// what they read refuse it).
const PRINT_GUESS: [&str; 6] = ["show", "tree", "get", "json", "stats", "diff"];

/// Parses the command line, whether the command salvages a damaged file (see
/// [`command`]), and whether it is one of [`PRINT_GUESS`].
fn parse_command_line() -> (Cli, Salvage, bool) {
    let piped = !io::stdin().is_terminal();
    let mut command = command(piped);
    let matches = command.get_matches_mut();
    let salvage = salvage_of(&mut command, &matches);
    let prints_guess = matches
        .subcommand_name()
        .is_some_and(|name| PRINT_GUESS.contains(&name));
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    (cli, salvage, prints_guess)
}

/// The command line's definition: the derived one, then `--salvage` on the commands that
/// have it (and, hidden, on those that refuse it). FILE of [`STDIN_COMMANDS`] may be left
/// out when standard input is `piped`, not a terminal (it is then `-`); when it is one,
/// leaving FILE out is the usual usage error.
fn command(piped: bool) -> clap::Command {
    let mut command = Cli::command();
    for name in SALVAGE_COMMANDS.iter().chain(&REFUSE_SALVAGE) {
        let hide = REFUSE_SALVAGE.contains(name);
        command = command.mut_subcommand(name, |sub| {
            sub.arg(
                Arg::new("salvage")
                    .long("salvage")
                    .action(ArgAction::SetTrue)
                    .hide(hide)
                    .help(
                        "For a file of store_var frames whose frame #N is damaged (cut \
                         short by an interrupted write, say): read the intact frames #0 to \
                         #N-1 as if they were the whole file and print what the command \
                         prints for them, then report the damaged frame on stderr (its index \
                         and offset) and exit with code 4",
                    ),
            )
        });
    }
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
    command
}

/// What `--salvage` says for the command in `matches`; for a command that refuses it, a
/// usage error (exit code 2) that says why.
fn salvage_of(command: &mut clap::Command, matches: &ArgMatches) -> Salvage {
    let Some((name, sub)) = matches.subcommand() else {
        return Salvage::Never;
    };
    let given = matches!(sub.try_get_one::<bool>("salvage"), Ok(Some(true)));
    if REFUSE_SALVAGE.contains(&name) {
        if given {
            let why = match name {
                "check" => {
                    "`check` validates the whole input, and the damage is its answer".to_string()
                }
                _ => format!(
                    "`{name}` would write the intact frames alone, losing the damaged frame \
                     and everything after it"
                ),
            };
            command
                .error(
                    clap::error::ErrorKind::ArgumentConflict,
                    format!(
                        "--salvage is for the commands that only print what they read ({}): {why}",
                        SALVAGE_COMMANDS.join(", ")
                    ),
                )
                .exit();
        }
        return Salvage::Never;
    }
    match (SALVAGE_COMMANDS.contains(&name), given) {
        (false, _) => Salvage::Never,
        (true, false) => Salvage::Offer,
        (true, true) => Salvage::On,
    }
}

/// What a command reports after writing its output: a closed pipe (`| head`) ends the
/// output normally; any other write error is the command's error.
fn stdout_result(written: io::Result<()>) -> Outcome {
    match written {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}").into()),
        _ => Ok(()),
    }
}
