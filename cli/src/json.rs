//! `gdvariant json`: lossless JSON on stdout, streamed; or, with `--plain`, plain JSON for
//! jq (lossy: `gdvariant::json::plain`).

use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, Ordering};

use gdvariant::json::{Ahead, WriteOptions};
use gdvariant::Dialect;

use crate::bytes::Bytes;
use crate::context::{Ctx, Failure, Outcome};
use crate::dialect::Named;
use crate::input::{Input, InputArgs};

/// Options of `json`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// Indent with two spaces (with several values: one indented value after another, a
    /// stream that jq reads, instead of JSON Lines).
    #[arg(long)]
    pretty: bool,
    /// Write plain JSON, for jq and other JSON tools: a Dictionary is an object (`.a.b.c`
    /// works), a Vector2 is `[1.0, 2.0]`, a StringName a string. LOSSY: read back alone,
    /// StringName, NodePath, math and packed types, typed containers, int keys, objects and
    /// NaN come back as other types (the table: docs/cli.md, "Plain JSON (jq)"); `from-json --like
    /// FILE` reads it back with FILE's types, exactly.
    #[arg(long)]
    plain: bool,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        return crate::resource_verbs::json(&resource, args.plain, args.pretty);
    }
    if let Some(config) = crate::config_file::detect(&args.input, &data, ctx)? {
        return crate::config_verbs::json(&config, args.plain, args.pretty);
    }
    let options = WriteOptions::new().pretty(args.pretty);
    let (input, ahead) = parse_and_cut(args, &data, &options, ctx);
    let input = input?;
    // The output is larger than the input and not in step with it: count output bytes.
    let bar = crate::style::output_spinner(data.len(), "json", ctx.quiet);
    let mut out = io::BufWriter::with_capacity(1 << 16, bar.wrap_write(raw_stdout()));
    let mut ahead = ahead;
    // One value per line (JSON Lines) when there are several.
    let written = input
        .values()
        .try_for_each(|value| {
            let written = if args.plain {
                gdvariant::json::plain::write(&mut out, value, &options)
            } else if let Some(ahead) = ahead.take() {
                ahead.write(&mut out, value, &options)
            } else {
                gdvariant::json::write(&mut out, value, &options)
            };
            written.and_then(|()| writeln!(out))
        })
        .and_then(|()| out.flush());
    bar.finish_and_clear();
    crate::stdout_result(written)
}

/// Parses the input (validating it, on this thread) while another thread cuts the value at
/// the start of its bytes for the parallel writer, guessing the reading (no prefix, the
/// dialect given or Godot 4): the cuts are taken only if the value parsed is the one they
/// were made for ([`Ahead::write`]), and the validation no longer runs alone before the
/// first chunk can start. Nothing is cut for `--plain`, `--prefixed`, or a small input.
fn parse_and_cut<'a>(
    args: &Args,
    data: &'a Bytes,
    options: &WriteOptions,
    ctx: &Ctx,
) -> (Result<Input<'a>, Failure>, Option<Ahead<'a>>) {
    let bytes: &'a [u8] = data;
    if args.plain || args.input.prefixed || bytes.len() < 4 << 20 {
        return (args.input.parse(data, ctx), None);
    }
    // A variable that names no dialect is reported by `parse`.
    let named = args.input.dialect.named().ok().flatten();
    let dialect = named.map_or(Dialect::Godot4, Named::dialect);
    let stop = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let cutting = scope.spawn(|| Ahead::cut(bytes, dialect, options, &stop));
        let input = args.input.parse(data, ctx);
        stop.store(true, Ordering::Relaxed);
        (input, cutting.join().ok())
    })
}

/// Standard output without Rust's line buffering, which scans every write for a newline
/// (3 % of `json` on a 3.7 GB blob, whose compact JSON has none): a duplicate of its file
/// descriptor on Unix, written directly; the locked `Stdout` elsewhere, or when the
/// descriptor cannot be duplicated. Nothing else writes to stdout while it is in use.
fn raw_stdout() -> Box<dyn Write> {
    #[cfg(unix)]
    {
        use std::os::fd::AsFd;
        if let Ok(fd) = io::stdout().as_fd().try_clone_to_owned() {
            return Box::new(std::fs::File::from(fd));
        }
    }
    Box::new(io::stdout().lock())
}
