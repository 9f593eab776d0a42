//! `--salvage`: a file of store_var frames whose frame #N is damaged (the last one cut
//! short by an interrupted write, most often) still holds N intact frames before it. This
//! finds them and reads them as the whole input would be read, and decides, by
//! [`Salvage`], whether the command gets them (the damage is then reported after its
//! output, exit code 4) or an error that says `--salvage` would read them.
//!
//! Two ways a damaged file shows: detection fails (the usual case), or, with `--dialect`
//! and no `--prefixed`, it reads the first bytes as one value and ignores the rest, as
//! `bytes_to_var` does (a store_var file whose frame #2 is cut short reads as a Godot 4
//! Vector4 of the first 20 bytes). The second is read as frames with `--salvage`, and gets
//! a warning without.

use std::path::Path;

use gdvariant::frame::{self, DetectError, Detected, FrameError, Hints, Plausibility};
use gdvariant::ErrorKind;

use crate::bytes::Bytes;
use crate::context::{Ctx, Failure, Salvage};
use crate::report::Report;
use crate::style::{counted, thousands};

/// What was read: the values, the damaged frame they stop before (with `--salvage`), and
/// a warning to print after the detection note.
pub struct Read<'a> {
    /// The values: the input's, or the intact frames'.
    pub found: Detected<'a>,
    /// The index of the damaged frame the values stop before.
    pub damaged: Option<usize>,
    /// Frames that break off where one value with bytes after it was read.
    pub warning: Option<String>,
}

/// Detection of `data` with `hints` failed with `error`: the error to report (which says
/// what `--salvage` would read, for a command that has it), or, with `--salvage`, the
/// intact frames before the damaged one (the damage is left with `ctx`).
pub fn after_failure<'a>(
    file: &Path,
    no_prefix: bool,
    data: &'a Bytes,
    error: DetectError,
    hints: Hints,
    ctx: &Ctx,
) -> Result<Read<'a>, Failure> {
    // Every command says the damage the same way (in the dialect of the frames before
    // it); only those with --salvage read the frames or say that they could.
    let damaged = Damaged::find(data, error, hints);
    let report = Report::new(damaged.as_ref().map_or(error, |d| d.error), data);
    let message = format!("{}: {report}", file.display());
    let intact = damaged
        .as_ref()
        .and_then(|d| d.intact.map(|found| (found, d)));
    // With the dialect and the framing named, one reading was tried: its error says more.
    let detected = hints.dialect.is_none() || hints.prefixed.is_none();
    if intact.is_none() && detected {
        if let Some(not_a_save) = not_a_save(file, data, &report, error) {
            return Err(not_a_save);
        }
    }
    match (ctx.salvage, intact) {
        (Salvage::On, Some((found, damaged))) => {
            ctx.defer_damage(format!("{message}; {}", damaged.salvaged()));
            Ok(Read {
                found,
                damaged: Some(damaged.index),
                warning: None,
            })
        }
        (Salvage::On, None) => {
            let why = match (&damaged, no_prefix) {
                (Some(_), _) => "there is no intact frame before it",
                (None, true) => "with --no-prefix the input is one value, not store_var frames",
                (None, false) => "the input does not read as store_var frames",
            };
            Err(Failure::Input(format!(
                "{message}; --salvage has nothing to read: {why}"
            )))
        }
        (Salvage::Offer, Some((_, damaged))) => Err(Failure::Input(format!(
            "{message}; run with --salvage to read {}",
            damaged.intact_frames()
        ))),
        _ => Err(Failure::Input(message)),
    }
}

/// Random bytes, a text file, an image (with the dialect or the framing left to
/// detection): no reading explains more than a sliver of the
/// file (less than an eighth of it: a header and a length that claims more than there is,
/// a 4-byte Nil and thousands of bytes after it), and no frame before the damage is
/// intact. Then "truncated" or "trailing bytes" would send the user looking for a cut in a
/// file that was never a save: it is said to be none (exit code 4), with what the nearest
/// reading made of it. A file that is mostly a save keeps its error.
fn not_a_save(
    file: &Path,
    data: &Bytes,
    report: &Report<'_>,
    error: DetectError,
) -> Option<Failure> {
    if !error.is_not_a_save(data) {
        return None;
    }
    let explained = error.explained();
    let file = file.display();
    Some(Failure::Input(format!(
        "{file}: not a Godot save: no reading of it as Variant data (Godot 3 or 4, one value \
         or store_var frames) explains more than its first {} of {} (the nearest: {report})",
        counted(explained as u64, "byte", "bytes"),
        thousands(data.len() as u64)
    )))
}

/// Detection of `data` read `found`. When that is one value with bytes after it (which a
/// `--dialect` lets through, as `bytes_to_var` ignores them) while store_var frames read
/// further and break off at a damaged frame: with `--salvage`, the intact frames (the
/// damage is left with `ctx`); else `found`, and a warning that says so.
pub fn behind_value<'a>(
    file: &Path,
    data: &'a Bytes,
    found: Detected<'a>,
    hints: Hints,
    ctx: &Ctx,
) -> Read<'a> {
    let unchanged = Read {
        found,
        damaged: None,
        warning: None,
    };
    let loose = found.reading.prefix.is_none() && !found.is_exact();
    if !loose || hints.prefixed.is_some() {
        return unchanged;
    }
    let framed = Hints {
        prefixed: Some(true),
        ..hints
    };
    let Some(damaged) = frame::detect(data, framed)
        .err()
        .and_then(|error| Damaged::find(data, error, hints))
    else {
        return unchanged;
    };
    // The frames (each value filling its frame, as `Damaged::find` checks) must explain
    // more of the input than the value does.
    let Some(intact) = damaged
        .intact
        .filter(|f| f.input().len() > found.value.encoded().len())
    else {
        return unchanged;
    };
    if ctx.salvage == Salvage::On {
        let report = Report::new(damaged.error, data);
        let message = format!("{}: {report}", file.display());
        ctx.defer_damage(format!("{message}; {}", damaged.salvaged()));
        return Read {
            found: intact,
            damaged: Some(damaged.index),
            warning: None,
        };
    }
    let value = found.value;
    let ignored = data.len().saturating_sub(value.encoded().len());
    let what = format!(
        "read as one {dialect} {}, the {} after it ignored; as store_var frames they read \
         further, up to a damaged frame: {}",
        value.ty().name(found.reading.dialect),
        counted(ignored as u64, "byte", "bytes"),
        Report::new(damaged.error, data),
        dialect = found.reading.dialect,
    );
    let next = match ctx.salvage {
        Salvage::Offer => format!("run with --salvage to read {}", damaged.intact_frames()),
        _ => "run with --prefixed to read them as frames".to_string(),
    };
    Read {
        warning: Some(format!("{what}; {next}")),
        ..unchanged
    }
}

/// A framed input that breaks off at one frame: the frames before it, and the damage.
struct Damaged<'a> {
    /// Why the input could not be read whole, said in the dialect the intact frames are
    /// read in.
    error: DetectError,
    /// The intact frames, detected as if they were the whole input; `None` when the
    /// damaged frame is the first.
    intact: Option<Detected<'a>>,
    /// The damaged frame's index (how many intact frames there are).
    index: usize,
    /// How many bytes the damaged frame and everything after it hold (none of them read).
    rest: usize,
}

impl<'a> Damaged<'a> {
    /// The damaged frame of `data`, which `hints` did not read whole, failing with
    /// `error`. That is the error of the reading that got furthest; when it is one value,
    /// not frames, and `hints` leave the framing open, the frames' own failure is taken if
    /// at least one frame before it reads as an engine writes them (a frame whose value is
    /// damaged stops frames early, and one value with bytes after it can get further).
    /// `None` when the input does not read as frames.
    fn find(data: &'a [u8], error: DetectError, hints: Hints) -> Option<Self> {
        if error.frame.is_some() {
            return Self::at(data, error, hints);
        }
        if hints.prefixed.is_some() {
            return None;
        }
        let framed = Hints {
            prefixed: Some(true),
            ..hints
        };
        let error = frame::detect(data, framed).err()?;
        Self::at(data, error, hints).filter(|d| d.intact.is_some())
    }

    /// The damaged frame of `error`, a framed reading's failure. Unless `hints` say the
    /// input is frames, it must look like frames an engine wrote and something damaged:
    /// a value alone read as frames can get through a frame or two by chance (a Godot 4
    /// Plane is a 14-byte frame of Pandemonium A's Nil and 2 bytes of a next one; a Godot
    /// 4 Array cut short, a frame of a Godot 3 Transform2D of subnormal floats and one
    /// that claims a gigabyte). So the frames before it must fill their frames and, in a
    /// detected dialect, hold no implausible value; and a frame cut short must break off
    /// inside its value (or its prefix), as a write interrupted by the end of the file
    /// leaves it, not hold a whole value and claim more.
    fn at(data: &'a [u8], error: DetectError, hints: Hints) -> Option<Self> {
        let damaged = error.frame?;
        let order = error.reading.prefix?;
        let mut found = Damaged {
            error,
            intact: None,
            index: damaged.index,
            rest: data.len().saturating_sub(damaged.offset),
        };
        if damaged.index == 0 {
            return Some(found);
        }
        // The frames before the damaged one are detected again, on their own, rather than
        // read in the dialect of `error.reading`: that reading was chosen by how far it got
        // into the input, not by how plausible its values are. Frame boundaries are the
        // same in every dialect (they are the length prefixes), so both dialects often get
        // exactly as far, and a tie goes to Godot 4, the first tried; a Godot 3 save would
        // then print as Godot 4 (its Dictionaries as Transform3Ds). Detection on the intact
        // frames weighs plausibility as it would for the intact file, and keeps an explicit
        // --dialect. The byte order of the prefixes is the failing reading's: the frames
        // end where it says the damaged one starts only in that order.
        let head = data.get(..damaged.offset)?;
        let framed = Hints {
            prefixed: Some(true),
            ..hints
        };
        let fallback = Hints {
            dialect: Some(error.reading.dialect),
            prefixed: Some(true),
        };
        let intact = [framed, fallback].into_iter().find_map(|hints| {
            frame::detect(head, hints).ok().filter(|found| {
                found.reading.prefix == Some(order) && found.value_count() == damaged.index
            })
        })?;
        let cut_inside = match damaged.error {
            FrameError::Truncated { needed: 4, .. } => true, // the prefix itself
            FrameError::Truncated { .. } => {
                let kind = error.error.kind();
                matches!(
                    kind,
                    ErrorKind::UnexpectedEnd | ErrorKind::LengthOutOfBounds
                ) && error.error.offset() > damaged.offset
            }
            _ => true,
        };
        // A dialect given by hand is kept even where its values look wrong (a warning says
        // so): only detection's own choice must be plausible.
        let plausible = intact.is_exact()
            && (hints.dialect.is_some()
                || intact.plausibility().score() > Plausibility::IMPLAUSIBLE)
            && cut_inside;
        if !plausible && hints.prefixed != Some(true) {
            return None;
        }
        // The damage said in the intact frames' dialect. That reading fails on the whole
        // input too (had it read it, detection would have succeeded), at the same frame:
        // it reads every frame before it.
        if intact.reading.dialect != error.reading.dialect {
            let hints = Hints {
                dialect: Some(intact.reading.dialect),
                prefixed: Some(true),
            };
            if let Err(again) = frame::detect(data, hints) {
                let at = again.frame.map(|f| (f.index, f.offset));
                if again.reading.prefix == Some(order)
                    && at == Some((damaged.index, damaged.offset))
                {
                    found.error = again;
                }
            }
        }
        found.intact = Some(intact);
        Some(found)
    }

    /// `the 2 intact frames before it` (`the intact frame before it`).
    fn intact_frames(&self) -> String {
        match self.index {
            1 => "the intact frame before it".to_string(),
            n => format!("the {} intact frames before it", thousands(n as u64)),
        }
    }

    /// What `--salvage` did, after the damage: `--salvage read the 2 intact frames before
    /// it (#0 and #1) and none of the 24 bytes from it on`.
    fn salvaged(&self) -> String {
        let numbers = match self.index {
            0 | 1 => "#0".to_string(),
            2 => "#0 and #1".to_string(),
            n => format!("#0 to #{}", n - 1),
        };
        format!(
            "--salvage read {} ({numbers}) and none of the {} from it on",
            self.intact_frames(),
            counted(self.rest as u64, "byte", "bytes")
        )
    }
}
