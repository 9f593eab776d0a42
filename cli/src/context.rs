//! What every command shares: the global options (colour, quiet) and how a command fails,
//! with the exit code that says why.

use std::process::ExitCode;

use crate::style::Paint;

/// Exit code: the command did what it was asked.
pub const EXIT_OK: u8 = 0;
/// Exit code: `diff` found differences (like `diff` and `cmp`).
pub const EXIT_DIFFERS: u8 = 1;
/// Exit code: malformed input (a wrong key too), or an I/O error (a missing file, a closed
/// stdout aside).
pub const EXIT_INPUT: u8 = 4;
/// Exit code: the command line itself is wrong (clap's convention; also a malformed path,
/// or an encrypted input without its key).
pub const EXIT_USAGE: u8 = 2;
/// Exit code: the input is fine but holds nothing at the path asked for.
pub const EXIT_NOT_FOUND: u8 = 3;

/// The exit codes, for `--help`.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  success (`diff`: the inputs are equal)
  1  `diff`: the inputs differ
  2  usage error: unknown option or command, bad value, malformed path; an encrypted
     file without its password or key
  3  the path names nothing in the input (`get`, `set`, `delete`)
  4  malformed input (a damaged container, a wrong password or key too; the message gives
     the offset), or an I/O error (a file that cannot be replaced safely too: read-only, or
     changed by another program since it was read)";

/// The global options, as the commands see them.
#[derive(Clone, Copy, Debug)]
pub struct Ctx {
    /// Colour on stdout, or not.
    pub paint: Paint,
    /// Say nothing on stderr but errors: no detection notes, no progress.
    pub quiet: bool,
}

impl Ctx {
    /// Writes a note (what was detected, what was ignored) on stderr, unless quiet.
    pub fn note(&self, text: &str) {
        if !self.quiet {
            eprintln!("gdvariant: {text}");
        }
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
}

impl Failure {
    /// Prints the message on stderr and gives the exit code.
    pub fn report(self) -> ExitCode {
        if let Failure::Differs = self {
            return ExitCode::from(EXIT_DIFFERS);
        }
        let (message, code) = match self {
            Failure::Input(m) => (m, EXIT_INPUT),
            Failure::Usage(m) => (m, EXIT_USAGE),
            Failure::NotFound(m) => (m, EXIT_NOT_FOUND),
            Failure::Differs => return ExitCode::from(EXIT_DIFFERS),
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
