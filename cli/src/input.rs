//! Reading the input (a file or stdin) and finding its dialect and store_var/put_var
//! length prefix when the user did not say.

use std::fmt;
use std::path::{Path, PathBuf};

use gdvariant::frame::{self, DetectError, Hints, Reading};
use gdvariant::{Dialect, VariantRef, VariantType};

/// How the user described the input (the options every command shares).
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// The blob to read, or `-` for standard input.
    pub file: PathBuf,
    /// The wire dialect (default: detect).
    #[arg(long, value_enum)]
    pub godot: Option<GodotArg>,
    /// The input starts with the 4-byte length written by store_var / put_var.
    #[arg(long, conflicts_with = "no_prefix")]
    pub prefixed: bool,
    /// The input holds the value alone, as var_to_bytes / var2bytes write it.
    #[arg(long)]
    pub no_prefix: bool,
}

/// `--godot 3|4`.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum GodotArg {
    /// Godot 3.x.
    #[value(name = "3")]
    Three,
    /// Godot 4.x.
    #[value(name = "4")]
    Four,
}

impl InputArgs {
    /// Opens the input: a file is memory-mapped (nothing is read up front, and only the
    /// pages a command touches are loaded); stdin is read whole.
    pub fn open(&self) -> Result<Bytes, String> {
        open_file(&self.file)
    }

    /// Parses `data` as the user described it, detecting what they left open. Prints the
    /// detection note on stderr.
    pub fn parse<'a>(&self, data: &'a [u8]) -> Result<Input<'a>, String> {
        let dialect = self.godot.map(|g| match g {
            GodotArg::Three => Dialect::Godot3,
            GodotArg::Four => Dialect::Godot4,
        });
        let prefixed = match (self.prefixed, self.no_prefix) {
            (true, _) => Some(true),
            (_, true) => Some(false),
            _ => None,
        };
        let input = detect(data, dialect, prefixed)
            .map_err(|report| format!("{}: {report}", self.file.display()))?;
        if let Some(note) = &input.note {
            eprintln!("gdvariant: {note}");
        }
        Ok(input)
    }
}

/// The input's bytes: a memory map of a file, or what was read from stdin.
pub enum Bytes {
    /// A mapped file.
    Mapped(memmap2::Mmap),
    /// Read into memory (stdin, or an empty file, which cannot be mapped).
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(map) => map,
            Bytes::Owned(data) => data,
        }
    }
}

/// Opens `path` (memory-mapped), or reads stdin for `-`.
pub fn open_file(path: &Path) -> Result<Bytes, String> {
    if path.as_os_str() == "-" {
        let mut data = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut data)
            .map_err(|e| format!("stdin: {e}"))?;
        return Ok(Bytes::Owned(data));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let len = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    if len == 0 {
        return Ok(Bytes::Owned(Vec::new()));
    }
    map(&file)
        .map(Bytes::Mapped)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map(file: &std::fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: `Mmap::map` is unsafe because another process could truncate or modify the
    // file while it is mapped, which Rust's aliasing rules cannot account for. We rely on
    // the mapping being only ever read through `&[u8]` (never written), and on the user not
    // rewriting the input file while the command reads it; a truncation ends the process
    // with SIGBUS rather than corrupting memory. This is the only unsafe block of the crate
    // and the binary (see SAFETY.md).
    unsafe { memmap2::Mmap::map(file) }
}

pub use gdvariant::frame::PrefixOrder;

/// A parsed input and, when anything was guessed, a note for stderr.
pub struct Input<'a> {
    /// The value; its offsets are file offsets (4 after a length prefix).
    pub value: VariantRef<'a>,
    /// The length prefix, if the input had one.
    pub prefix: Option<PrefixOrder>,
    pub note: Option<String>,
}

/// Why the input could not be read: the library's error of the most relevant reading,
/// and the input, for context.
pub struct Report<'a> {
    error: DetectError,
    data: &'a [u8],
}

impl fmt::Display for Report<'_> {
    /// One line: the error with its file offset and up to 8 bytes of hex context.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.error.error.offset();
        let context: Vec<String> = self
            .data
            .iter()
            .skip(at)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        write!(
            f,
            "invalid {:?} data: {} at file offset {at:#x} (bytes there: [{}])",
            self.error.reading.dialect,
            self.error.error.kind(),
            context.join(" ")
        )
    }
}

/// Reads `data` as one value with the library's detection; `dialect` and `prefixed` are
/// the user's choices, `None` to detect.
pub fn detect(
    data: &[u8],
    dialect: Option<Dialect>,
    prefixed: Option<bool>,
) -> Result<Input<'_>, Report<'_>> {
    let found =
        frame::detect(data, Hints { dialect, prefixed }).map_err(|error| Report { error, data })?;
    let note = if found.is_ambiguous() {
        let readings: Vec<String> = found
            .candidates()
            .map(|(reading, ty)| describe(reading, ty))
            .collect();
        Some(format!(
            "ambiguous input, it parses as {}; using {} (pass --godot / --prefixed to choose)",
            readings.join(" and as "),
            describe(found.reading, found.value.ty())
        ))
    } else if dialect.is_none() || prefixed.is_none() {
        Some(format!(
            "detected {}",
            describe(found.reading, found.value.ty())
        ))
    } else {
        None
    };
    Ok(Input {
        value: found.value,
        prefix: found.reading.prefix,
        note,
    })
}

/// `Godot 4 Dictionary with a 4-byte length prefix`: the reading and the type it gives.
fn describe(reading: Reading, ty: VariantType) -> String {
    let dialect = match reading.dialect {
        Dialect::Godot3 => "Godot 3",
        _ => "Godot 4",
    };
    let framing = match reading.prefix {
        Some(PrefixOrder::Little) => " with a 4-byte length prefix",
        Some(PrefixOrder::Big) => " with a 4-byte big-endian length prefix",
        None => "",
    };
    format!("{dialect} {}{framing}", ty.name(reading.dialect))
}
