//! `gdvariant set FILE PATH VALUE` and `gdvariant delete FILE PATH`: splice one value in a
//! file (`gdvariant::edit`), writing only the bytes around it again: the file is streamed
//! to a temporary file next to it (one sequential copy), then renamed over it (or written
//! to `-o OUT`). A store_var length prefix is updated; other frames are kept as they are.

use std::io::Write;
use std::path::PathBuf;

use gdvariant::edit::{Edit, Encoded};
use gdvariant::frame::PrefixOrder;
use gdvariant::{json, text, EditError};

use crate::context::{Ctx, Failure, Outcome};
use crate::input::InputArgs;
use crate::output;

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
    /// Write the result here instead of replacing FILE (`-`: stdout).
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
    /// Write the result here instead of replacing FILE (`-`: stdout).
    #[arg(short, long)]
    output: Option<PathBuf>,
    #[command(flatten)]
    out: output::BinaryOut,
}

pub fn run_set(args: &SetArgs, ctx: &Ctx) -> Outcome {
    splice(
        &args.input,
        &args.path,
        args.output.as_ref(),
        &args.out,
        ctx,
        |edit, path| {
            let dialect = edit.dialect();
            let bytes = if args.json {
                json::read(args.value.as_bytes(), dialect)
                    .map_err(|e| format!("VALUE: {} at column {} (JSON)", e.kind(), e.column()))?
            } else {
                text::parse(&args.value, dialect).map_err(|e| {
                    format!(
                        "VALUE: {} at column {} (the engine's text form; --json for JSON)",
                        e.kind, e.column
                    )
                })?
            };
            edit.set(path, Encoded(&bytes))
                .map(|_| ())
                .map_err(edit_failure)
        },
    )
}

pub fn run_delete(args: &DeleteArgs, ctx: &Ctx) -> Outcome {
    splice(
        &args.input,
        &args.path,
        args.output.as_ref(),
        &args.out,
        ctx,
        |edit, path| edit.delete(path).map(|_| ()).map_err(edit_failure),
    )
}

fn edit_failure(e: EditError) -> Failure {
    if e.is_not_found() {
        Failure::NotFound(e.to_string())
    } else {
        Failure::Input(e.to_string())
    }
}

/// Finds the value the path starts in, plans the change with `change`, and writes the file
/// with that value (and its frame's length) replaced.
fn splice(
    input: &InputArgs,
    address: &str,
    dest: Option<&PathBuf>,
    out: &output::BinaryOut,
    ctx: &Ctx,
    change: impl FnOnce(&mut Edit<'_>, &str) -> Result<(), Failure>,
) -> Outcome {
    let data = input.open()?;
    let parsed = input.parse(&data, ctx)?;
    let (value, _, path) = parsed.address(address)?;
    let path = path.trim_start_matches('/');
    let start = value.encoded().as_ptr() as usize - data.as_ptr() as usize;
    let end = start + value.encoded().len();
    let mut edit = Edit::new(value);
    change(&mut edit, path)?;
    let new_len = edit.output_len();
    // A frame's length grows or shrinks with its value (bytes after the value inside the
    // frame, which get_var ignores, stay).
    let prefix = match parsed.reading().prefix {
        Some(order) => {
            let at = start.checked_sub(4).ok_or("a frame without its prefix")?;
            let old: [u8; 4] = data
                .get(at..start)
                .and_then(|b| b.try_into().ok())
                .ok_or("short prefix")?;
            let old = match order {
                PrefixOrder::Little => u32::from_le_bytes(old),
                PrefixOrder::Big => u32::from_be_bytes(old),
            } as i64;
            let len = old + new_len as i64 - (end - start) as i64;
            let len = u32::try_from(len).map_err(|_| "the frame would be longer than 4 GiB")?;
            Some((
                at,
                match order {
                    PrefixOrder::Little => len.to_le_bytes(),
                    PrefixOrder::Big => len.to_be_bytes(),
                },
            ))
        }
        None => None,
    };
    let head_end = prefix.map_or(start, |(at, _)| at);
    let dest = dest.cloned().unwrap_or_else(|| input.file.clone());
    if dest.as_os_str() == "-" || input.file.as_os_str() == "-" {
        let write = |w: &mut dyn Write| -> std::io::Result<()> {
            w.write_all(&data[..head_end])?;
            if let Some((_, bytes)) = prefix {
                w.write_all(&bytes)?;
            }
            edit.write_to(&mut *w)?;
            w.write_all(&data[end..])
        };
        if dest.as_os_str() == "-" {
            let mut buf = Vec::with_capacity(data.len() + new_len);
            write(&mut buf).map_err(|e| e.to_string())?;
            return output::write(&dest, &buf, out);
        }
        return output::write_atomically_with(&dest, |file| write(file))
            .map_err(|e| format!("{}: {e}", dest.display()).into());
    }
    // From a file to a file: the unchanged runs are copied by the kernel (copy_file_range,
    // as cp does), only the changed bytes pass through this process.
    let mut patches: Vec<(std::ops::Range<usize>, Vec<u8>)> = Vec::new();
    if let Some((at, bytes)) = prefix {
        patches.push((at..at + 4, bytes.to_vec()));
    }
    for change in edit.changes() {
        let r = change.range();
        patches.push((start + r.start..start + r.end, change.bytes().to_vec()));
    }
    let source =
        std::fs::File::open(&input.file).map_err(|e| format!("{}: {e}", input.file.display()))?;
    let total = data.len();
    output::write_atomically_to_file(&dest, |file| {
        let mut pos = 0;
        for (range, bytes) in &patches {
            copy_range(&source, file, pos, range.start)?;
            file.write_all(bytes)?;
            pos = range.end;
        }
        copy_range(&source, file, pos, total)
    })
    .map_err(|e| format!("{}: {e}", dest.display()).into())
}

/// Copies bytes `from..to` of `source` to the end of `file` (in the kernel where it can).
fn copy_range(
    source: &std::fs::File,
    file: &mut std::fs::File,
    from: usize,
    to: usize,
) -> std::io::Result<()> {
    use std::io::{Read, Seek, SeekFrom};
    let len = to.saturating_sub(from) as u64;
    let mut reader = source;
    reader.seek(SeekFrom::Start(from as u64))?;
    let copied = std::io::copy(&mut reader.take(len), file)?;
    if copied != len {
        return Err(std::io::Error::new(
            std::io::ErrorKind::UnexpectedEof,
            "the file changed while it was being edited",
        ));
    }
    Ok(())
}
