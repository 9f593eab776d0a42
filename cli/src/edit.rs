//! `gdvariant set FILE PATH VALUE` and `gdvariant delete FILE PATH`: splice one value in a
//! file (`gdvariant::edit`), writing only the bytes around it again. File to file, a second
//! thread has the kernel copy the input into a temporary file next to the destination
//! while this one validates and plans; the changes are then written over that copy (from
//! the first one that moves bytes on, the rest of the file follows it), and the temporary
//! file is synced and renamed over the destination (or `-o OUT`). A store_var length prefix
//! is updated; other frames are kept as they are.
//!
//! A compressed or encrypted file (or a `compress()` stream) is edited in memory: its plain
//! bytes, spliced the same way, are wrapped again in the container they came in (the same
//! mode and block size, the same key, a fresh IV for Godot 4's GDEC layout) and written
//! atomically the same way.

use std::io::Write;
use std::path::PathBuf;

use gdvariant::container::{Container, Layout};
use gdvariant::edit::{Edit, Encoded};
use gdvariant::query::QueryError;
use gdvariant::text::TextErrorKind;
use gdvariant::{json, text, EditError, VariantRef};

use crate::context::{Ctx, Failure, Outcome};
use crate::copy::{copy_range, HeadCopy};
use crate::input::InputArgs;
use crate::output;
use crate::path_error::{edit_failure, int_key, Start};

/// Options of `set`.
#[derive(clap::Args, Debug)]
pub struct SetArgs {
    #[command(flatten)]
    input: InputArgs,
    /// Where: `player/inventory/3/name` (`#1/player/hp` in a file of several values). A
    /// Dictionary key that is absent is added; an Array index equal to its length appends.
    path: String,
    /// The new value in the engine's text form: `42`, `'"name"'`, `'Vector2(1, 2)'`,
    /// `'{"a": [1, 2]}'` (or JSON with --json).
    value: String,
    /// VALUE is lossless JSON (the schema of `gdvariant json`).
    #[arg(long)]
    json: bool,
    /// Write the result here instead of replacing FILE (`-`: stdout); in FILE's container
    /// if it has one.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: output::BinaryOut,
}

/// Options of `delete`.
#[derive(clap::Args, Debug)]
pub struct DeleteArgs {
    #[command(flatten)]
    input: InputArgs,
    /// The Dictionary entry, Array element, packed array element or object property to
    /// remove (`#1/…` in a file of several values).
    path: String,
    /// Write the result here instead of replacing FILE (`-`: stdout); in FILE's container
    /// if it has one.
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: output::BinaryOut,
}

pub fn run_set(args: &SetArgs, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        let dest = config_dest(&args.input, args.output.as_ref(), &args.out);
        return crate::resource_edit::set(
            resource,
            &data,
            &args.path,
            &args.value,
            args.json,
            dest,
        );
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        let dest = config_dest(&args.input, args.output.as_ref(), &args.out);
        return crate::config_edit::set(
            config,
            &data,
            &args.path,
            &args.value,
            args.json,
            dest,
            ctx,
        );
    }
    splice(
        data,
        &args.input,
        &args.path,
        args.output.as_ref(),
        &args.out,
        ctx,
        |edit, root, path| {
            // `flags/1` would add the String key "1" beside the int key 1.
            if let Err(QueryError::NotFound {
                path: prefix, name, ..
            }) = root.query(path)
            {
                if let Some(hint) = int_key(root, &prefix, &name) {
                    return Err(Refused::Other(Failure::NotFound(format!(
                        "nothing written: `{prefix}` has no String key `{name}` to set, and \
                         setting it would add one{hint} (or `\"{name}\"` to add the String \
                         key)"
                    ))));
                }
            }
            let dialect = edit.dialect();
            let bytes = if args.json {
                json::read(args.value.as_bytes(), dialect)
                    .map_err(|e| format!("VALUE: {} at column {} (JSON)", e.kind(), e.column()))?
            } else {
                text::read(&args.value, dialect).map_err(|e| {
                    format!(
                        "VALUE: {} at column {} (the engine's text form; --json for JSON){}",
                        e.kind(),
                        e.column(),
                        string_hint(&args.value, e.kind())
                    )
                })?
            };
            Ok(edit.set(path, Encoded(&bytes)).map(|_| ())?)
        },
    )
}

/// For a bare word where a value goes (`Zoe`): how a String is written, quotes and all.
fn string_hint(value: &str, kind: &TextErrorKind) -> String {
    let TextErrorKind::UnexpectedIdentifier(word) = kind else {
        return String::new();
    };
    // The whole VALUE when the shell's single quotes can hold it as it is.
    let text = match value.contains(['\'', '"', '\\']) {
        true => word.as_str(),
        false => value.trim(),
    };
    format!("; a String is written '\"{text}\"' (the double quotes are part of VALUE)")
}

pub fn run_delete(args: &DeleteArgs, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        let dest = config_dest(&args.input, args.output.as_ref(), &args.out);
        return crate::resource_edit::delete(resource, &data, &args.path, dest);
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        let dest = config_dest(&args.input, args.output.as_ref(), &args.out);
        return crate::config_edit::delete(config, &data, &args.path, dest, ctx);
    }
    splice(
        data,
        &args.input,
        &args.path,
        args.output.as_ref(),
        &args.out,
        ctx,
        |edit, _, path| Ok(edit.delete(path).map(|_| ())?),
    )
}

/// Why a change could not be planned: the path (see `path_error`), or anything else.
enum Refused {
    Path(EditError),
    Other(Failure),
}

impl From<EditError> for Refused {
    fn from(e: EditError) -> Self {
        Refused::Path(e)
    }
}

impl From<String> for Refused {
    fn from(message: String) -> Self {
        Refused::Other(Failure::Input(message))
    }
}

/// Where a ConfigFile's edit goes: `-o OUT`, else the input file.
fn config_dest<'a>(
    input: &InputArgs,
    output: Option<&PathBuf>,
    out: &'a output::BinaryOut,
) -> crate::config_edit::Dest<'a> {
    crate::config_edit::Dest {
        path: output.cloned().unwrap_or_else(|| input.file.clone()),
        out,
    }
}

/// Finds the value the path starts in (in `data`, the input opened), plans the change
/// with `change`, and writes the file with that value (and its frame's length) replaced.
fn splice(
    data: crate::bytes::Bytes,
    input: &InputArgs,
    address: &str,
    dest: Option<&PathBuf>,
    out: &output::BinaryOut,
    ctx: &Ctx,
    change: impl FnOnce(&mut Edit<'_>, VariantRef<'_>, &str) -> Result<(), Refused>,
) -> Outcome {
    let dest = dest.cloned().unwrap_or_else(|| input.file.clone());
    let wrapped = data.container();
    // A container is rewritten whole: no copy of the input file helps.
    let file_to_file =
        dest.as_os_str() != "-" && input.file.as_os_str() != "-" && wrapped.is_plain();
    // From a file to a file: the kernel starts copying the input into the temporary file
    // now, on another thread, while this one validates and plans.
    let head = match file_to_file {
        true => Some(
            HeadCopy::start(&input.file, &dest, data.len() as u64, data.stamp())
                .map_err(|e| format!("{}: {e}", dest.display()))?,
        ),
        false => None,
    };
    let parsed = input.parse(&data, ctx)?;
    parsed.refuse_to_write_a_guess(out.force)?;
    let (value, label, path) = parsed.address(address)?;
    // The plan covers the whole plain input: the value's frame keeps its length up to date
    // (bytes after the value inside the frame, which get_var ignores, stay), other frames
    // are kept as they are.
    let mut edit = match parsed.prefix() {
        Some(order) => Edit::in_frame(&data, value, order),
        None => Edit::within(&data, value),
    }
    .map_err(|e| e.to_string())?;
    change(&mut edit, value, path).map_err(|refused| match refused {
        Refused::Path(e) => edit_failure(e, Start::new(&label, address, path), value),
        Refused::Other(failure) => failure,
    })?;
    let Some(head) = head else {
        if !wrapped.is_plain() {
            let bytes = data.wrap(&edit.to_vec(), None)?;
            let iv = match wrapped {
                Container::Encrypted {
                    layout: Layout::Godot4,
                } => " with a fresh IV",
                _ => "",
            };
            ctx.note(&format!("writing it back as {wrapped}{iv}"));
            return output::write_over(&dest, &bytes, out, data.stamp());
        }
        if dest.as_os_str() == "-" {
            return output::write(&dest, &edit.to_vec(), out);
        }
        return output::write_atomically_with(&dest, data.stamp(), |file| edit.write_to(file))
            .map_err(|e| format!("{}: {e}", dest.display()).into());
    };
    let patches: Vec<(std::ops::Range<u64>, Vec<u8>)> = edit
        .changes()
        .map(|change| {
            let r = change.range();
            (r.start as u64..r.end as u64, change.bytes().to_vec())
        })
        .collect();
    let source =
        std::fs::File::open(&input.file).map_err(|e| format!("{}: {e}", input.file.display()))?;
    write_patched(head, &source, &patches, data.len() as u64)
        .map_err(|e| format!("{}: {e}", dest.display()).into())
}

/// Finishes the file: the copy runs up to the first patch that moves the bytes after it
/// (the whole file if none does); the patches before it are written over the copy in
/// place; from there the patches and the unchanged runs between them follow. `patches`
/// are sorted and disjoint, in input offsets.
fn write_patched(
    head: HeadCopy,
    source: &std::fs::File,
    patches: &[(std::ops::Range<u64>, Vec<u8>)],
    total: u64,
) -> std::io::Result<()> {
    use std::io::{Seek, SeekFrom};
    let moving = patches
        .iter()
        .position(|(range, bytes)| range.end - range.start != bytes.len() as u64);
    let limit = moving
        .and_then(|k| patches.get(k))
        .map_or(total, |(range, _)| range.start);
    let (mut atomic, _) = head.finish(limit)?;
    let file = atomic.file()?;
    let (in_place, rest) = patches.split_at(moving.unwrap_or(patches.len()));
    for (range, bytes) in in_place {
        file.seek(SeekFrom::Start(range.start))?;
        file.write_all(bytes)?;
    }
    let mut at = limit;
    file.seek(SeekFrom::Start(at))?;
    for (range, bytes) in rest {
        copy_range(source, file, at, range.start)?;
        file.write_all(bytes)?;
        at = range.end;
    }
    if !rest.is_empty() {
        copy_range(source, file, at, total)?;
    }
    // A copy that ran past the limit left bytes beyond the new end.
    let end = file.stream_position()?;
    file.set_len(end)?;
    atomic.commit()
}
