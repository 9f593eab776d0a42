//! Reading the input (a file or stdin, opened out of its container if it has one),
//! finding its dialect and whether it is one value or a sequence of store_var/put_var
//! frames when the user did not say, and addressing its values (`#1/player/hp`). A file of
//! frames with a damaged one is read up to it with `--salvage` (`salvage`); a dialect given
//! by hand that the bytes look wrong in gets a warning (`suspect`).

use std::path::PathBuf;

use gdvariant::frame::{self, Detected, Hints, Reading};
use gdvariant::{Dialect, VariantRef, VariantType};

use crate::bytes::Bytes;
use crate::container::ReadArgs;
use crate::context::{Ctx, Failure};
use crate::dialect::{DialectArg, Named};
use crate::salvage;
use crate::style::{counted, thousands};

pub use gdvariant::frame::PrefixOrder;

/// How the user described the input (the options every command shares).
#[derive(clap::Args, Debug)]
pub struct InputArgs {
    /// The file to read (memory-mapped), or `-` for standard input.
    pub file: PathBuf,
    #[command(flatten)]
    pub dialect: DialectArg,
    /// The input is a sequence of store_var / put_var frames, each a 4-byte length and a
    /// value (one or more: a file of several store_var calls).
    #[arg(long, conflicts_with = "no_prefix")]
    pub prefixed: bool,
    /// The input holds one value alone, as var_to_bytes / var2bytes write it.
    #[arg(long)]
    pub no_prefix: bool,
    /// How to open a compressed or encrypted file.
    #[command(flatten)]
    pub container: ReadArgs,
}

impl InputArgs {
    /// Opens the input: a file is memory-mapped (nothing is read up front, and only the
    /// pages a command touches are loaded); stdin is read whole. A compressed or encrypted
    /// file (GCPF, GDEC) or a `compress()` stream is opened here, for every command: its
    /// plain bytes are decoded into memory, and they are what the command reads.
    pub fn open(&self) -> Result<Bytes, Failure> {
        Bytes::open(&self.file, &self.container)
    }

    /// Parses `data` as the user described it, detecting what they left open. Prints the
    /// detection note on stderr unless `--quiet` (and, for a container, what it was and
    /// that offsets are in its plain data), and a warning when the values look wrong in
    /// the dialect the user gave and right in another. A container that holds nothing
    /// holds no values.
    ///
    /// Frames with a damaged one (see [`crate::context::Salvage`]): with `--salvage`, the
    /// input is the intact frames before it, and the damage is left with `ctx` to report
    /// after the command's output; without it, the error says that `--salvage` would read
    /// them.
    pub fn parse<'a>(&self, data: &'a Bytes, ctx: &Ctx) -> Result<Input<'a>, Failure> {
        let named = self.dialect.named()?;
        let hints = Hints {
            dialect: named.map(Named::dialect),
            prefixed: match (self.prefixed, self.no_prefix) {
                (true, _) => Some(true),
                (_, true) => Some(false),
                _ => None,
            },
        };
        if let Some(note) = data.note() {
            ctx.note(&note);
        }
        if data.is_empty() && !data.container().is_plain() {
            return Ok(Input {
                found: None,
                hints,
                damaged: None,
                suspect: None,
                name: self.file.display().to_string(),
            });
        }
        let read = match frame::detect(data, hints) {
            Ok(found) => salvage::behind_value(&self.file, data, found, hints, ctx),
            Err(error) => {
                // A file whose magic says what else it is gets that said instead.
                if let Some(what) = crate::foreign::recognize(data) {
                    let file = self.file.display();
                    return Err(Failure::Input(format!("{file}: {what}")));
                }
                salvage::after_failure(&self.file, self.no_prefix, data, error, hints, ctx)?
            }
        };
        // One warning at most: frames that break off explain a value with bytes after it
        // better than another dialect does.
        let warning = read
            .warning
            .or_else(|| named.and_then(|named| crate::suspect::warning(&read.found, named)));
        let input = Input {
            found: Some(read.found),
            hints,
            damaged: read.damaged,
            suspect: warning.clone(),
            name: self.file.display().to_string(),
        };
        if let Some(note) = input.note() {
            ctx.note(&note);
        }
        if let Some(warning) = warning {
            ctx.warn(&format!("{}: {warning}", self.file.display()));
        }
        // What is printed is a guess: said even with --quiet.
        if let Some(ambiguous) = ctx
            .prints_guess
            .then(|| crate::ambiguity::warning(&input.name, &read.found))
            .flatten()
        {
            ctx.warn(&ambiguous);
        }
        Ok(input)
    }
}

/// A parsed input: one value, or the values of a sequence of frames; or, for a container
/// that holds nothing, no values.
pub struct Input<'a> {
    found: Option<Detected<'a>>,
    hints: Hints,
    /// With `--salvage`: the index of the damaged frame that the values stop before.
    damaged: Option<usize>,
    /// The warning that the values look misread (see `suspect`), if there is one.
    suspect: Option<String>,
    /// The input's name, for messages.
    name: String,
}

impl<'a> Input<'a> {
    /// A command that writes what it read refuses to when the reading was a guess: an
    /// ambiguous input (exit code 2: the message says which flags choose a reading), or
    /// one that looked misread in the dialect the user gave (the warning was printed;
    /// exit code 4, and `--force` writes anyway). Written back, a misread file is damaged
    /// for good.
    pub fn refuse_to_write_a_guess(&self, force: bool) -> Result<(), Failure> {
        if let Some(refusal) = self
            .found
            .as_ref()
            .and_then(|found| crate::ambiguity::refusal(&self.name, found))
        {
            return Err(refusal);
        }
        match &self.suspect {
            Some(_) if !force => Err(Failure::Input(
                "nothing written: the bytes look misread (the warning above); give the right \
                 --dialect, --prefixed or --no-prefix, or --force to write anyway"
                    .to_string(),
            )),
            _ => Ok(()),
        }
    }

    /// The values, in order; their offsets count from the start of the plain bytes (the
    /// file's, or the container's decoded data; 4 after a length prefix).
    pub fn values(&self) -> impl Iterator<Item = VariantRef<'a>> {
        self.found.into_iter().flat_map(|found| found.values())
    }

    /// How many values: 1, or the number of frames (0 in an empty container); with
    /// `--salvage`, the intact frames.
    pub fn count(&self) -> usize {
        self.found.as_ref().map_or(0, Detected::value_count)
    }

    /// Does the input hold several values (then they are addressed as `#0`, `#1`, …)?
    /// With `--salvage`, a file whose frame #1 is damaged does: its one intact value is
    /// `#0`, as it is in the intact file.
    pub fn is_multi(&self) -> bool {
        self.count() > 1 || self.damaged.is_some()
    }

    /// The chosen reading (`None` when there are no values).
    pub fn reading(&self) -> Option<Reading> {
        self.found.as_ref().map(|found| found.reading)
    }

    /// The byte order of the length prefixes of store_var frames; `None` for one value
    /// alone (or none).
    pub fn prefix(&self) -> Option<PrefixOrder> {
        self.reading().and_then(|reading| reading.prefix)
    }

    /// The dialect (with no values: the one the user named, else Godot 4).
    pub fn dialect(&self) -> Dialect {
        self.reading()
            .map(|reading| reading.dialect)
            .or(self.hints.dialect)
            .unwrap_or(Dialect::Godot4)
    }

    /// The library's detection result (`None` when there are no values).
    pub fn detected(&self) -> Option<&Detected<'a>> {
        self.found.as_ref()
    }

    /// `Godot 4`, or `Godot 3 or 4` when both read the values the same and the user did
    /// not say.
    pub fn dialect_text(&self) -> String {
        let neutral = self
            .found
            .as_ref()
            .is_some_and(Detected::same_in_both_dialects);
        if neutral && self.hints.dialect.is_none() {
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
        let Some(found) = &self.found else {
            return Err(Failure::NotFound(format!(
                "`{address}`: the input holds no values"
            )));
        };
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
            return Ok((found.value, String::new(), address));
        };
        let (digits, rest) = numbered.split_at(numbered.find('/').unwrap_or(numbered.len()));
        let index: usize = digits.parse().map_err(|_| {
            Failure::Usage(format!(
                "bad path `{address}`: `#` is followed by a value number (`#0/player`); \
                 quote a key that starts with `#`: `\"#key\"`"
            ))
        })?;
        let value = self.values().nth(index).ok_or_else(|| match self.damaged {
            Some(damaged) => Failure::Input(format!(
                "no value #{index}: frame #{damaged} is damaged, and --salvage read only the \
                 {} before it",
                counted(self.count() as u64, "value (#0)", "values")
            )),
            None => Failure::NotFound(format!(
                "no value #{index}: the input holds {}",
                counted(self.count() as u64, "value (#0)", "values")
            )),
        })?;
        Ok((value, format!("#{index}"), rest))
    }

    /// What was detected, for stderr; `None` when the user said everything.
    fn note(&self) -> Option<String> {
        let found = self.found.as_ref()?;
        // Said by the warning instead.
        if found.is_ambiguous() || self.hints.dialect.is_some() && self.hints.prefixed.is_some() {
            return None;
        }
        let what = describe(found.reading, found.value.ty(), found.value_count());
        let mut note = if found.same_in_both_dialects() && self.hints.dialect.is_none() {
            // The dialect is a guess that changes nothing.
            format!("detected {what}, which Godot 3 reads the same way")
        } else {
            format!("detected {what}")
        };
        if let Some(damaged) = self.damaged {
            note.push_str(&format!(", before the damaged frame #{damaged}"));
        }
        Some(note)
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
