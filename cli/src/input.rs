//! Reading the input (a file or stdin) and finding its dialect and store_var/put_var
//! length prefix when the user did not say.

use std::fmt;
use std::path::{Path, PathBuf};

use gdvariant::{Dialect, Error, VariantRef};

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
    pub value: VariantRef<'a>,
    /// File offset of the value's first byte (4 after a length prefix): offsets in the
    /// value are relative to the value, add this for file offsets.
    pub base: usize,
    /// The length prefix, if the input had one.
    pub prefix: Option<PrefixOrder>,
    pub note: Option<String>,
}

/// Why the input could not be read: the error of the most plausible reading, with context.
pub struct Report<'a> {
    error: Error,
    /// The bytes the error offset refers to.
    bytes: &'a [u8],
    /// Offset of `bytes[0]` in the file (4 after a length prefix).
    base: usize,
    dialect: Dialect,
}

impl fmt::Display for Report<'_> {
    /// One line: the error with its absolute file offset and up to 8 bytes of hex context.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.error.offset();
        let context: Vec<String> = self
            .bytes
            .iter()
            .skip(at)
            .take(8)
            .map(|b| format!("{b:02x}"))
            .collect();
        write!(
            f,
            "invalid {:?} data: {} at file offset {:#x} (bytes there: [{}])",
            self.dialect,
            self.error.kind(),
            self.base + at,
            context.join(" ")
        )
    }
}

const DIALECTS: [Dialect; 2] = [Dialect::Godot4, Dialect::Godot3];

/// One way of reading the input that consumed all of it.
struct Candidate<'a> {
    value: VariantRef<'a>,
    prefix: Option<PrefixOrder>,
}

/// Reads `data` as one value. `dialect` and `prefixed` are the user's choices, `None` to
/// detect. Every reading (with and without a prefix, each dialect) that consumes the whole
/// input is a candidate; the most plausible wins, then an unprefixed reading, then Godot 4.
pub fn detect(
    data: &[u8],
    dialect: Option<Dialect>,
    prefixed: Option<bool>,
) -> Result<Input<'_>, Report<'_>> {
    let dialects: Vec<Dialect> = DIALECTS
        .into_iter()
        .filter(|&d| dialect.is_none_or(|x| x == d))
        .collect();
    let prefix_choices: &[bool] = match prefixed {
        Some(true) => &[true],
        Some(false) => &[false],
        None => &[false, true],
    };
    let mut candidates = Vec::new();
    let mut first_error: Option<Report<'_>> = None;
    // The first unprefixed reading that parsed but left bytes over: reported when no
    // reading fails and none consumes the whole input.
    let mut first_trailing: Option<Report<'_>> = None;
    for &with_prefix in prefix_choices {
        let (body, base, prefix) = if with_prefix {
            match prefixed_body(data, prefixed == Some(true)) {
                Some((body, order)) => (body, 4, Some(order)),
                None => continue,
            }
        } else {
            (data, 0, None)
        };
        for &d in &dialects {
            match VariantRef::parse_prefix(body, d) {
                // A dialect the user chose is read even with trailing bytes, as the engine does.
                Ok((value, len)) if len == body.len() || dialect.is_some() => {
                    candidates.push(Candidate { value, prefix });
                }
                Ok((_, len)) => {
                    if first_trailing.is_none() && !with_prefix {
                        first_trailing = Some(Report {
                            error: Error::new(gdvariant::ErrorKind::TrailingBytes, len),
                            bytes: body,
                            base,
                            dialect: d,
                        });
                    }
                }
                Err(error) => {
                    // Report errors of the unprefixed reading unless the user said "prefixed".
                    if first_error.is_none() && with_prefix == (prefixed == Some(true)) {
                        first_error = Some(Report {
                            error,
                            bytes: body,
                            base,
                            dialect: d,
                        });
                    }
                }
            }
        }
    }
    let best = candidates
        .iter()
        .enumerate()
        .max_by_key(|&(i, c)| (plausibility(&c.value), usize::MAX - i))
        .map(|(_, c)| c);
    let Some(best) = best else {
        return Err(first_error.or(first_trailing).unwrap_or_else(|| {
            // No reading was tried: `--prefixed` on an input too short for a prefix.
            let d = dialects.first().copied().unwrap_or(Dialect::Godot4);
            let error = VariantRef::parse(data, d)
                .err()
                .unwrap_or(Error::new(gdvariant::ErrorKind::TrailingBytes, 0));
            Report {
                error,
                bytes: data,
                base: 0,
                dialect: d,
            }
        }));
    };
    let note = if candidates.len() > 1 {
        let readings: Vec<String> = candidates.iter().map(describe).collect();
        Some(format!(
            "ambiguous input, it parses as {}; using {} (pass --godot / --prefixed to choose)",
            readings.join(" and as "),
            describe(best)
        ))
    } else if dialect.is_none() || prefixed.is_none() {
        Some(format!("detected {}", describe(best)))
    } else {
        None
    };
    let base = if best.prefix.is_some() { 4 } else { 0 };
    Ok(Input {
        value: best.value,
        base,
        prefix: best.prefix,
        note,
    })
}

fn describe(c: &Candidate<'_>) -> String {
    let dialect = match c.value.dialect() {
        Dialect::Godot3 => "Godot 3",
        _ => "Godot 4",
    };
    let framing = match c.prefix {
        Some(PrefixOrder::Little) => " with a 4-byte length prefix",
        Some(PrefixOrder::Big) => " with a 4-byte big-endian length prefix",
        None => "",
    };
    format!(
        "{dialect} {}{framing}",
        c.value.ty().name(c.value.dialect())
    )
}

/// The bytes after a 4-byte length prefix, if the prefix (little- or big-endian) matches
/// the length of the rest; with `forced`, the bytes after the first 4 whatever they say
/// (little-endian unless only the big-endian reading matches).
fn prefixed_body(data: &[u8], forced: bool) -> Option<(&[u8], PrefixOrder)> {
    let (head, body) = data.split_first_chunk::<4>()?;
    if u32::from_le_bytes(*head) as usize == body.len() {
        Some((body, PrefixOrder::Little))
    } else if u32::from_be_bytes(*head) as usize == body.len() {
        Some((body, PrefixOrder::Big))
    } else {
        forced.then_some((body, PrefixOrder::Little))
    }
}

/// How likely a reading is to be what was meant: containers, strings and packed arrays
/// rank above scalars; a math value with subnormal or NaN components (what text or counts
/// look like when read as floats) ranks lowest.
fn plausibility(value: &VariantRef<'_>) -> u8 {
    use gdvariant::VariantType as T;
    match value.ty() {
        T::Dictionary | T::Array | T::String | T::StringName | T::NodePath => 3,
        ty if ty.is_packed_array() => 3,
        _ => match value.as_math() {
            Some(m)
                if (0..m.len()).any(|i| {
                    m.get(i).is_some_and(|x| {
                        x.is_nan() || x.is_subnormal() || (x != 0.0 && x.abs() < 1e-30)
                    })
                }) =>
            {
                0
            }
            _ => 2,
        },
    }
}
