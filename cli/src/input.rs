//! Reading the input (a file or stdin), finding its dialect and whether it is one value or
//! a sequence of store_var/put_var frames when the user did not say, and addressing its
//! values (`#1/player/hp`).

use std::fmt;
use std::path::{Path, PathBuf};

use gdvariant::frame::{self, DetectError, Detected, FrameError, Hints, Reading, Values};
use gdvariant::{Dialect, VariantRef, VariantType};

use crate::context::{Ctx, Failure};
use crate::style::{counted, thousands};

pub use gdvariant::frame::PrefixOrder;

/// How the user described the input (the options every command shares).
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// The file to read (memory-mapped), or `-` for standard input.
    pub file: PathBuf,
    /// The wire dialect (default: detect). Detection only tries Godot 3 and Godot 4:
    /// Pandemonium's eras reuse their type ids for other types, so name the era
    /// (`pm-a`: v3.5–3.7, `pm-b`: v3.8–4.9, `pm-c`: v5.0 and later). `--godot` is an alias.
    #[arg(
        long = "dialect",
        visible_alias = "godot",
        value_enum,
        value_name = "DIALECT"
    )]
    pub godot: Option<GodotArg>,
    /// The input is a sequence of store_var / put_var frames, each a 4-byte length and a
    /// value (one or more: a file of several store_var calls).
    #[arg(long, conflicts_with = "no_prefix")]
    pub prefixed: bool,
    /// The input holds one value alone, as var_to_bytes / var2bytes write it.
    #[arg(long)]
    pub no_prefix: bool,
}

/// The dialect a command writes (`from-text`, `from-json`): `--dialect`, default 4.
#[derive(clap::Args, Debug)]
pub struct WriteDialect {
    /// The dialect to write (`3`, `4`, or a Pandemonium era: `pm-a`, `pm-b`, `pm-c`).
    /// `--godot` is an alias.
    #[arg(
        long = "dialect",
        visible_alias = "godot",
        value_enum,
        value_name = "DIALECT",
        default_value = "4"
    )]
    pub godot: GodotArg,
}

/// `--dialect 3|4|pm-a|pm-b|pm-c` (alias `--godot`).
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GodotArg {
    /// Godot 3.x.
    #[value(name = "3")]
    Three,
    /// Godot 4.x.
    #[value(name = "4")]
    Four,
    /// Pandemonium v3.5.0–v3.7.0 (era A).
    #[value(name = "pm-a")]
    PmA,
    /// Pandemonium v3.8.0–v4.9.0 (era B).
    #[value(name = "pm-b")]
    PmB,
    /// Pandemonium v5.0.0 and later (era C).
    #[value(name = "pm-c")]
    PmC,
}

impl GodotArg {
    /// The dialect it names.
    pub fn dialect(self) -> Dialect {
        match self {
            GodotArg::Three => Dialect::Godot3,
            GodotArg::Four => Dialect::Godot4,
            GodotArg::PmA => Dialect::PandemoniumA,
            GodotArg::PmB => Dialect::PandemoniumB,
            GodotArg::PmC => Dialect::PandemoniumC,
        }
    }
}

impl InputArgs {
    /// Opens the input: a file is memory-mapped (nothing is read up front, and only the
    /// pages a command touches are loaded); stdin is read whole.
    pub fn open(&self) -> Result<Bytes, Failure> {
        open_file(&self.file).map_err(Failure::Input)
    }

    /// Parses `data` as the user described it, detecting what they left open. Prints the
    /// detection note on stderr unless `--quiet`.
    pub fn parse<'a>(&self, data: &'a [u8], ctx: &Ctx) -> Result<Input<'a>, Failure> {
        let hints = Hints {
            dialect: self.godot.map(GodotArg::dialect),
            prefixed: match (self.prefixed, self.no_prefix) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
        };
        let found = frame::detect(data, hints).map_err(|error| {
            Failure::Input(format!(
                "{}: {}",
                self.file.display(),
                Report { error, data }
            ))
        })?;
        let input = Input { found, hints };
        if let Some(note) = input.note() {
            ctx.note(&note);
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

/// A parsed input: one value, or the values of a sequence of frames.
pub struct Input<'a> {
    found: Detected<'a>,
    hints: Hints,
}

impl<'a> Input<'a> {
    /// The values, in order; their offsets are file offsets (4 after a length prefix).
    pub fn values(&self) -> Values<'a> {
        self.found.values()
    }

    /// How many values: 1, or the number of frames.
    pub fn count(&self) -> usize {
        self.found.value_count()
    }

    /// Does the input hold several values (then they are addressed as `#0`, `#1`, …)?
    pub fn is_multi(&self) -> bool {
        self.count() > 1
    }

    /// The chosen reading.
    pub fn reading(&self) -> Reading {
        self.found.reading
    }

    /// The dialect.
    pub fn dialect(&self) -> Dialect {
        self.found.reading.dialect
    }

    /// The library's detection result.
    pub fn detected(&self) -> &Detected<'a> {
        &self.found
    }

    /// `Godot 4`, or `Godot 3 or 4` when both read the values the same and the user did
    /// not say.
    pub fn dialect_text(&self) -> String {
        if self.found.same_in_both_dialects() && self.hints.dialect.is_none() {
            "Godot 3 or 4".to_string()
        } else {
            self.dialect().to_string()
        }
    }

    /// Splits an address (`#1/player/hp`, or `player/hp` when there is one value) into the
    /// value it starts from, its label, and the path inside that value.
    pub fn address<'p>(
        &self,
        address: &'p str,
    ) -> Result<(VariantRef<'a>, String, &'p str), Failure> {
        let Some(numbered) = address.strip_prefix('#') else {
            if self.is_multi() {
                return Err(Failure::NotFound(format!(
                    "`{address}`: the input holds {} values; start the path with the \
                     value's number, #0 to #{} (as in `#0/{}`)",
                    self.count(),
                    self.count() - 1,
                    address.trim_start_matches('/')
                )));
            }
            let value = self.found.value;
            return Ok((value, String::new(), address));
        };
        let (digits, rest) = numbered.split_at(numbered.find('/').unwrap_or(numbered.len()));
        let index: usize = digits.parse().map_err(|_| {
            Failure::Usage(format!(
                "bad path `{address}`: `#` is followed by a value number (`#0/player`); \
                 quote a key that starts with `#`: `\"#key\"`"
            ))
        })?;
        let value = self.values().nth(index).ok_or_else(|| {
            Failure::NotFound(format!(
                "no value #{index}: the input holds {}",
                counted(self.count() as u64, "value (#0)", "values")
            ))
        })?;
        Ok((value, format!("#{index}"), rest))
    }

    /// What was detected, for stderr; `None` when the user said everything.
    fn note(&self) -> Option<String> {
        let found = &self.found;
        if found.is_ambiguous() {
            let readings: Vec<String> = found
                .candidates()
                .map(|(reading, ty)| describe(reading, ty, 1))
                .collect();
            return Some(format!(
                "ambiguous input, it parses as {}; using {} (pass --dialect / --prefixed to choose)",
                readings.join(" and as "),
                describe(found.reading, found.value.ty(), found.value_count())
            ));
        }
        if self.hints.dialect.is_some() && self.hints.prefixed.is_some() {
            return None;
        }
        let what = describe(found.reading, found.value.ty(), found.value_count());
        Some(
            if found.same_in_both_dialects() && self.hints.dialect.is_none() {
                // The dialect is a guess that changes nothing.
                format!("detected {what}, which Godot 3 reads the same way")
            } else {
                format!("detected {what}")
            },
        )
    }
}

/// `Godot 4 Dictionary with a 4-byte length prefix`, `3 Godot 4 values in store_var
/// frames`: the reading and what it gives.
fn describe(reading: Reading, ty: VariantType, count: usize) -> String {
    let dialect = reading.dialect;
    if count > 1 {
        let order = match reading.prefix {
            Some(PrefixOrder::Big) => "big-endian ",
            _ => "",
        };
        return format!(
            "{} {dialect} values in store_var frames (4-byte {order}length prefixes)",
            thousands(count as u64)
        );
    }
    let framing = match reading.prefix {
        Some(PrefixOrder::Little) => " with a 4-byte length prefix",
        Some(PrefixOrder::Big) => " with a 4-byte big-endian length prefix",
        None => "",
    };
    format!("{dialect} {}{framing}", ty.name(dialect))
}

/// Why the input could not be read: the library's error of the reading that got
/// furthest, and the input, for context.
struct Report<'a> {
    error: DetectError,
    data: &'a [u8],
}

impl Report<'_> {
    /// `at file offset 0x2c (bytes there: [01 00 00 00 04 00])`: up to 8 bytes.
    fn at(&self, offset: usize) -> String {
        let context: Vec<String> = self
            .data
            .iter()
            .skip(offset)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        format!(
            "at file offset {offset:#x} (bytes there: [{}])",
            context.join(" ")
        )
    }
}

impl fmt::Display for Report<'_> {
    /// One line: the error with its file offset and up to 8 bytes of hex context; for a
    /// frame, which one and, when cut short, how many bytes it needs.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let e = &self.error;
        let dialect = e.reading.dialect;
        let error = &e.error;
        match e.frame {
            Some(frame) => match frame.error {
                FrameError::Truncated { needed, available } => write!(
                    f,
                    "invalid {dialect} data: frame #{} is truncated: it needs {} bytes, {} \
                     remain, {}",
                    frame.index,
                    thousands(needed),
                    thousands(available as u64),
                    self.at(frame.offset)
                ),
                _ => write!(
                    f,
                    "invalid {dialect} data in frame #{} (at file offset {:#x}): {} {}",
                    frame.index,
                    frame.offset,
                    error.kind(),
                    self.at(error.offset())
                ),
            },
            None => write!(
                f,
                "invalid {dialect} data: {} {}",
                error.kind(),
                self.at(error.offset())
            ),
        }
    }
}
