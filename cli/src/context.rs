//! What every command shares: the global options (colour, quiet, `--salvage` for the
//! commands that have it), how a command fails, with the exit code that says why, and the
//! damage `--salvage` read around, reported after the command's output.

use std::cell::RefCell;
use std::process::ExitCode;

use crate::style::Paint;

/// Exit code: the command did what it was asked.
pub const EXIT_OK: u8 = 0;
/// Exit code: `diff` found differences (like `diff` and `cmp`); `scan` found something
/// that would run code.
pub const EXIT_DIFFERS: u8 = 1;
/// Exit code: malformed input (a wrong key too), or an I/O error (a missing file, a closed
/// stdout aside); also a damaged frame that `--salvage` read the intact frames before.
pub const EXIT_INPUT: u8 = 4;
/// Exit code: the command line itself is wrong (clap's convention; also a malformed path,
/// or an encrypted input without its key).
pub const EXIT_USAGE: u8 = 2;
/// Exit code: the input is fine but holds nothing at the path asked for.
pub const EXIT_NOT_FOUND: u8 = 3;

/// The exit codes, for `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success (`diff`: the inputs are equal; `scan`: nothing would run)
  1  `diff`: the inputs differ; `scan`: loading a file would run code or load a script
  2  usage error: unknown option or command, bad value, malformed path; an encrypted
     file without its password or key
  3  the path names nothing in the input (`get`, `set`, `delete`)
  4  malformed input (a damaged container, a wrong password or key too; the message gives
     the offset), or an I/O error (a file that cannot be replaced safely too: read-only, or
     changed by another program since it was read); with --salvage, a damaged frame after
     the intact frames that were printed";

/// The global options, as the commands see them.
#[derive(Debug)]
pub struct Ctx {
    /// Colour on stdout, or not.
    pub paint: Paint,
    /// Say nothing on stderr but errors and warnings: no detection notes, no progress.
    pub quiet: bool,
    /// Whether the command reads the intact frames before a damaged one (`--salvage`).
    pub salvage: Salvage,
    /// The command prints what it read: of an ambiguous input, it prints the guess and
    /// warns that it is one (the others say so their own way).
    pub prints_guess: bool,
    /// The damage `--salvage` read around: reported after the command's output, and the
    /// exit code is then 4 ([`Ctx::finish`]).
    damage: RefCell<Option<String>>,
}

/// `--salvage`: what a command does with a file of store_var frames whose frame #N is
/// damaged (cut short, or holding no valid value).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Salvage {
    /// The command has no `--salvage` (`check`, the commands that write, `diff`): the
    /// damage is the error, as it is.
    Never,
    /// The command has `--salvage`, not given: the damage is the error, which says that
    /// `--salvage` would read the intact frames before it.
    Offer,
    /// `--salvage` given: the intact frames are read as the whole input, and the damage is
    /// reported after the output (exit code 4).
    On,
}

impl Ctx {
    /// The options as parsed.
    pub fn new(paint: Paint, quiet: bool, salvage: Salvage) -> Self {
        Ctx {
            paint,
            quiet,
            salvage,
            prints_guess: false,
            damage: RefCell::new(None),
        }
    }

    /// Writes a note (what was detected, what was ignored) on stderr, unless quiet.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            eprintln!("gdvariant: {text}");
        }
    }

    /// Writes a warning on stderr, even with `--quiet`: the output is what was asked for,
    /// but probably not what was meant (a `--dialect` the bytes look wrong in). `--quiet`
    /// silences what is routine, not what says the output may be wrong.
    pub fn warn(&self, text: &str) {
        eprintln!("gdvariant: warning: {text}");
    }

    /// Keeps the damage `--salvage` read around, to report once the command is done.
    pub fn defer_damage(&self, message: String) {
        *self.damage.borrow_mut() = Some(message);
    }

    /// Reports how the command ended: its failure (message and exit code), and after it
    /// the damage `--salvage` read around, if any; that makes the exit code 4 unless the
    /// command line itself was wrong (2).
    pub fn finish(&self, outcome: Outcome) -> ExitCode {
        let Some(damage) = self.damage.borrow_mut().take() else {
            return match outcome {
                Ok(()) => ExitCode::from(EXIT_OK),
                Err(failure) => failure.report(),
            };
        };
        let code = match outcome {
            Err(Failure::Usage(m)) => {
                eprintln!("gdvariant: {m}");
                EXIT_USAGE
            }
            Err(failure) => {
                let _ = failure.report();
                EXIT_INPUT
            }
            Ok(()) => EXIT_INPUT,
        };
        eprintln!("gdvariant: {damage}");
        ExitCode::from(code)
    }
}

/// Why a command failed; each kind has its exit code.
#[derive(Debug)]
pub enum Failure {
    /// Malformed input or an I/O error: exit code 4.
    Input(String),
    /// A bad argument the parser could not see (a malformed path): exit code 2.
    Usage(String),
    /// Nothing at the path asked for: exit code 3.
    NotFound(String),
    /// `diff` found differences (already printed): exit code 1, no message.
    Differs,
    /// The command printed what it had to say (`scan`, file by file): this exit code, no
    /// message.
    Quiet(u8),
}

impl Failure {
    /// Prints the message on stderr and gives the exit code.
    pub fn report(self) -> ExitCode {
        let (message, code) = match self {
            Failure::Input(m) => (m, EXIT_INPUT),
            Failure::Usage(m) => (m, EXIT_USAGE),
            Failure::NotFound(m) => (m, EXIT_NOT_FOUND),
            Failure::Differs => return ExitCode::from(EXIT_DIFFERS),
            Failure::Quiet(code) => return ExitCode::from(code),
        };
        eprintln!("gdvariant: {message}");
        ExitCode::from(code)
    }
}

impl From<String> for Failure {
    /// Errors given as text are input or I/O errors.
    fn from(message: String) -> Self {
        Failure::Input(message)
    }
}

impl From<&str> for Failure {
    /// Errors given as text are input or I/O errors.
    fn from(message: &str) -> Self {
        Failure::Input(message.to_string())
    }
}

/// What a command returns.
pub type Outcome = Result<(), Failure>;
