//! `gdvariant from-json`: JSON back to bytes: the tagged JSON of `gdvariant json`, or plain
//! JSON (`json --plain`, jq's output, JSON written by hand), with the types of an existing
//! file (`--like FILE`) where it has them. One document, or JSON Lines (what `json` writes
//! for a file of several values), which become store_var frames.
//!
//! Which form a document is in follows the library's one rule
//! (`gdvariant::json::plain::detect`): its first object's first key decides (a type name
//! such as `"Dictionary"`: tagged; anything else: plain); `--plain` and `--tagged` say it.

use std::path::PathBuf;

use gdvariant::frame::{self, PrefixOrder};
use gdvariant::json::plain::{self, JsonForm, TypeChange};
use gdvariant::json::{self, JsonError};
use gdvariant::{Dialect, VariantRef};

use crate::context::{Ctx, Failure, Outcome};
use crate::dialect::DialectArg;
use crate::from_text::read_input;
use crate::input::InputArgs;
use crate::like::{self, LikeArgs};
use crate::output::{self, BinaryOut};

/// Options of `from-json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The JSON to read (`-`: standard input): one document, or JSON Lines (one compact
    /// value per line, as `json` writes a file of several values). Tagged JSON (what `json`
    /// writes) or plain JSON (what `json --plain` and jq write); see --plain.
    input: PathBuf,
    /// Where to write the bytes (`-`: standard output).
    output: PathBuf,
    /// The dialect to write; with --like, also how to read FILE (default: FILE's).
    #[command(flatten)]
    dialect: DialectArg,
    #[command(flatten)]
    frames: output::FramesArg,
    /// Read plain JSON: objects are Dictionaries with String keys, integers ints, other
    /// numbers floats, arrays Arrays (lossy: see `json --plain`). Without --plain or
    /// --tagged the form is detected per document: tagged when its first JSON object's
    /// first key is a type name (`{"Dictionary": …}`, `{"Vector2": …}`), plain otherwise
    /// (`{"hp": 10}`); a document without objects reads the same either way. Say --plain
    /// for a plain object whose first key is a type name.
    #[arg(long, conflicts_with = "tagged")]
    plain: bool,
    /// Read tagged JSON only (what `json` writes without --plain).
    #[arg(long, conflicts_with = "like")]
    tagged: bool,
    /// With --like FILE (below), plain JSON is read with FILE's types: where FILE has a
    /// value at the same path, its type is kept when the JSON fits it (a Vector2 for
    /// `[1, 2]`, a float for `10`, a StringName for a string, int keys, typed containers,
    /// packed arrays), so `json --plain FILE | from-json --like FILE - OUT` gives FILE's
    /// bytes back. A value that does not fit (a string where FILE has a Vector2) is written
    /// plainly and reported on stderr. With several values (store_var frames), JSON Lines
    /// line N takes value N (one value: every line takes it).
    #[command(flatten)]
    like: LikeArgs,
    /// A container to write the bytes in (default: none, a plain file).
    #[command(flatten)]
    container: crate::container::WriteArgs,
    #[command(flatten)]
    out: BinaryOut,
}

/// How the user asked the documents to be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Asked {
    Detect,
    Tagged,
    Plain,
}

/// One document read.
struct Doc {
    bytes: Vec<u8>,
    /// Read as tagged JSON because [`plain::detect`] said so (not asked): say so once.
    detected_tagged: bool,
    /// Values written with another type than the template's.
    changes: Vec<TypeChange>,
}

/// Why a document could not be read: the reader's error (none when the document was
/// refused whole), and a hint.
struct Bad {
    error: Option<JsonError>,
    hint: Option<&'static str>,
}

impl From<JsonError> for Bad {
    fn from(error: JsonError) -> Self {
        Bad {
            error: Some(error),
            hint: None,
        }
    }
}

/// Printed after the error of a document read as tagged that reads as plain JSON.
const PLAIN_HINT: &str =
    "read as tagged JSON (its first object's first key is a type name); --plain reads it as plain JSON";
/// The error of a tagged document given with --like.
const LIKE_TAGGED: &str = "--like reads plain JSON, and this is tagged JSON (its first object's first key is a type name, as `json` writes it without --plain): leave out --like to read it, or pass --plain if it is plain JSON";

/// Reads one document as `asked`, with `template`'s types if there is one.
fn read_doc(
    json: &[u8],
    dialect: Dialect,
    asked: Asked,
    template: Option<VariantRef<'_>>,
) -> Result<Doc, Bad> {
    let form = match asked {
        Asked::Tagged => JsonForm::Tagged,
        Asked::Plain => JsonForm::Plain,
        Asked::Detect => plain::detect(json),
    };
    let doc = |bytes, changes| Doc {
        bytes,
        detected_tagged: false,
        changes,
    };
    match (form, template) {
        // Only by detection (--tagged conflicts with --like): refuse, never guess.
        (JsonForm::Tagged, Some(_)) => Err(Bad {
            error: None,
            hint: Some(LIKE_TAGGED),
        }),
        (JsonForm::Tagged, None) => match json::read(json, dialect) {
            Ok(bytes) => Ok(Doc {
                detected_tagged: asked == Asked::Detect,
                ..doc(bytes, Vec::new())
            }),
            Err(error) => {
                let plain_reads = asked == Asked::Detect && plain::read(json, dialect).is_ok();
                Err(Bad {
                    error: Some(error),
                    hint: plain_reads.then_some(PLAIN_HINT),
                })
            }
        },
        (_, Some(template)) => {
            let like = plain::read_like(json, template)?;
            Ok(doc(like.bytes, like.changes))
        }
        (JsonForm::Plain, None) => Ok(doc(plain::read(json, dialect)?, Vec::new())),
        // No object: both forms read it alike.
        (_, None) => Ok(doc(json::read(json, dialect)?, Vec::new())),
    }
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let raw = read_input(&args.input)?;
    let name = args.input.display().to_string();
    let like_file = args.like.like.as_deref();
    let like_input = like_file.map(|file| like::input_args(file, args.dialect, &args.container));
    let like_data = like_input.as_ref().map(InputArgs::open).transpose()?;
    let like = match (&like_input, &like_data) {
        (Some(input), Some(data)) => Some(like::read(input, data, ctx)?),
        _ => None,
    };
    let templates: Vec<VariantRef<'_>> = like.iter().flat_map(|l| l.values()).collect();
    if let (Some(file), true) = (like_file, like.is_some() && templates.is_empty()) {
        return Err(format!("{}: holds no values to take types from", file.display()).into());
    }
    let dialect = match (args.dialect.named()?, &like) {
        (Some(named), _) => named.dialect(),
        (None, Some(like)) => like.dialect(),
        (None, None) => Dialect::Godot4,
    };
    let asked = match (args.tagged, args.plain) {
        (true, _) => Asked::Tagged,
        (_, true) => Asked::Plain,
        _ => Asked::Detect,
    };
    // Document `n` takes template `n`, or the only one.
    let template = |n: usize| match templates.len() {
        1 => templates.first().copied(),
        _ => templates.get(n).copied(),
    };
    let docs = match read_doc(&raw, dialect, asked, template(0)) {
        Ok(doc) => vec![(1, 0, doc)],
        Err(whole) => match lines(&raw, dialect, asked, &template) {
            Lines::All(docs) => docs,
            // JSON Lines with a bad line: that line's own error, at its place in the file.
            Lines::Bad { line, start, bad } => return Err(report(&name, Some(line), start, &bad)),
            Lines::No => return Err(report(&name, None, 0, &whole)),
        },
    };
    notes(ctx, &name, &docs, templates.len());
    let values: Vec<Vec<u8>> = docs.into_iter().map(|(_, _, doc)| doc.bytes).collect();
    if values.len() > 1 && !args.frames.prefixed {
        ctx.note(&format!(
            "{} values (JSON Lines): writing them as store_var frames",
            values.len()
        ));
    }
    // Framed as the template's file is (its byte order too), or as asked.
    let order = like.as_ref().and_then(|l| l.prefix());
    let bytes = if args.frames.prefixed || values.len() > 1 || order.is_some() {
        let mut out = Vec::new();
        for v in &values {
            let (value, _) = VariantRef::parse_prefix(v, dialect).map_err(|e| e.to_string())?;
            frame::write(&mut out, value, order.unwrap_or(PrefixOrder::Little))
                .map_err(|e| e.to_string())?;
        }
        out
    } else {
        values.into_iter().next().unwrap_or_default()
    };
    let like_file = like_file.zip(like_data.as_ref());
    let bytes = like::wrap(&bytes, like_file, &args.like, &args.container, dialect, ctx)?;
    output::write(&args.output, &bytes, &args.out)
}

/// `FILE:LINE:COLUMN: what (byte N)`, with the hint on a line of its own (`FILE: hint` for
/// a document refused whole). `line` is that of a JSON Lines document (its own line 1),
/// `start` its offset in the file.
fn report(name: &str, line: Option<usize>, start: usize, bad: &Bad) -> Failure {
    let mut message = match (&bad.error, line) {
        (Some(e), _) => format!(
            "{name}:{}:{}: {} (byte {})",
            line.unwrap_or(1) + e.line() - 1,
            e.column(),
            e.kind(),
            start + e.offset()
        ),
        (None, Some(line)) => format!("{name}:{line}"),
        (None, None) => name.to_string(),
    };
    if let Some(hint) = bad.hint {
        message.push_str(if bad.error.is_some() { "\n  " } else { ": " });
        message.push_str(hint);
    }
    message.into()
}

/// At most this many type changes are listed; then their number.
const CHANGES_SHOWN: usize = 20;

/// The notes after reading: documents taken for tagged JSON, values that changed type
/// against the template, documents without a template.
fn notes(ctx: &Ctx, name: &str, docs: &[(usize, usize, Doc)], templates: usize) {
    let tagged = docs.iter().filter(|(_, _, d)| d.detected_tagged).count();
    if tagged > 0 {
        let what = match docs.len() {
            1 => "read as tagged JSON".to_string(),
            n => format!("{tagged} of {n} values read as tagged JSON"),
        };
        ctx.note(&format!(
            "{what} (the form `json` writes: the first object's first key is a type name); \
             --plain reads plain JSON"
        ));
    }
    let changes: Vec<(usize, &TypeChange)> = docs
        .iter()
        .flat_map(|(line, _, d)| d.changes.iter().map(move |c| (*line, c)))
        .collect();
    for (line, c) in changes.iter().take(CHANGES_SHOWN) {
        // A line's own line 1 is the file's line `line`.
        let at = line + c.line - 1;
        let what = if c.key {
            format!(
                "a key where the --like file's keys are {}, written as {}",
                c.template.name(Dialect::Godot4),
                c.written.name(Dialect::Godot4)
            )
        } else {
            format!(
                "{} in the --like file, written as {}",
                c.template.name(Dialect::Godot4),
                c.written.name(Dialect::Godot4)
            )
        };
        ctx.note(&format!("{name}:{at}:{}: {}: {what}", c.column, c.path));
    }
    if changes.len() > CHANGES_SHOWN {
        ctx.note(&format!(
            "… and {} more values of other types than in the --like file",
            changes.len() - CHANGES_SHOWN
        ));
    }
    if templates > 1 && docs.len() != templates {
        ctx.note(&format!(
            "the --like file holds {templates} values, the JSON {}: {}",
            docs.len(),
            if docs.len() > templates {
                "the values past them are read as plain JSON"
            } else {
                "the rest of the file's values are not written"
            }
        ));
    }
}

/// What the input is as JSON Lines.
enum Lines {
    /// Several documents, one per non-empty line, all read: each with its 1-based line
    /// and the offset where it starts.
    All(Vec<(usize, usize, Doc)>),
    /// Several documents, the first read, a later one not: its line (1-based, counting
    /// empty lines), the file offset where it starts, and its error.
    Bad { line: usize, start: usize, bad: Bad },
    /// Not JSON Lines (one document, or the first line does not read alone).
    No,
}

/// JSON Lines: every non-empty line one document; document `n` takes `template(n)`.
fn lines<'t>(
    raw: &[u8],
    dialect: Dialect,
    asked: Asked,
    template: &dyn Fn(usize) -> Option<VariantRef<'t>>,
) -> Lines {
    let mut docs = Vec::new();
    let mut start = 0;
    for (index, line) in raw.split(|&b| b == b'\n').enumerate() {
        let here = start;
        start += line.len() + 1;
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            continue;
        }
        match read_doc(line, dialect, asked, template(docs.len())) {
            Ok(doc) => docs.push((index + 1, here, doc)),
            Err(_) if docs.is_empty() => return Lines::No,
            Err(bad) => {
                return Lines::Bad {
                    line: index + 1,
                    start: here,
                    bad,
                }
            }
        }
    }
    if docs.len() < 2 {
        Lines::No
    } else {
        Lines::All(docs)
    }
}
