//! `gdvariant scan FILE…`: would loading each file run code? (`gdvariant::scan`): the
//! findings of each file, in words or as one JSON report per line (`--json`, for CI).
//! Every format the command line reads is scanned: Variant data (store_var frames and
//! var_to_bytes values, in their containers), ConfigFiles (plain and encrypted), and —
//! once their readers are wired in at [`resource_document`] — resources and scenes.
//!
//! Exit code: 4 when a file could not be read (the others are still scanned and
//! reported), else 1 when loading one would run code or load a script, else 0.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use gdvariant::resource::Document;
use gdvariant::scan::{self as lib, Report};

use crate::container::ReadArgs;
use crate::context::{Ctx, Failure, Outcome, EXIT_DIFFERS, EXIT_INPUT};
use crate::dialect::DialectArg;
use crate::input::InputArgs;
use crate::style::counted;

/// Options of `scan`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The files to scan (`-`: standard input).
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    #[command(flatten)]
    dialect: DialectArg,
    /// Variant data: read as store_var / put_var frames.
    #[arg(long, conflicts_with = "no_prefix")]
    prefixed: bool,
    /// Variant data: read as one value alone (var_to_bytes).
    #[arg(long)]
    no_prefix: bool,
    #[command(flatten)]
    container: ReadArgs,
    /// Print one JSON report per file, one per line: `{"file", "runs_code",
    /// "reaches_outside", "findings": […]}`, or `{"file", "error"}` for a file that could
    /// not be read (docs/cli.md: `scan`).
    #[arg(long)]
    json: bool,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let mut runs = false;
    let mut failed = false;
    let mut out = io::stdout().lock();
    for file in &args.files {
        let input = InputArgs {
            file: file.clone(),
            dialect: args.dialect,
            prefixed: args.prefixed,
            no_prefix: args.no_prefix,
            container: args.container.clone(),
        };
        let name = file.display().to_string();
        let written = match scan_file(&input, ctx) {
            Ok(report) => {
                runs |= report.runs_code();
                match args.json {
                    true => writeln!(out, "{}", report.to_json(Some(&name))),
                    false => write_human(&mut out, &name, &report),
                }
            }
            // A missing key or a bad option: the command line is wrong, for every file.
            Err(usage @ Failure::Usage(_)) => return Err(usage),
            Err(failure) => {
                failed = true;
                let message = match failure {
                    Failure::Input(m) | Failure::NotFound(m) => m,
                    other => format!("{other:?}"),
                };
                eprintln!("gdvariant: {message}");
                match args.json {
                    true => writeln!(
                        out,
                        "{{\"file\":{},\"error\":{}}}",
                        crate::config_verbs::json_string(&name),
                        crate::config_verbs::json_string(&message)
                    ),
                    false => Ok(()),
                }
            }
        };
        crate::stdout_result(written.and_then(|()| out.flush()))?;
    }
    match (failed, runs) {
        (true, _) => Err(Failure::Quiet(EXIT_INPUT)),
        (false, true) => Err(Failure::Quiet(EXIT_DIFFERS)),
        (false, false) => Ok(()),
    }
}

/// The report of one file: a resource or scene, a ConfigFile, or Variant data (each value
/// of a file of frames, located `#N/…`).
fn scan_file(input: &InputArgs, ctx: &Ctx) -> Result<Report, Failure> {
    let data = input.open()?;
    if let Some(document) = resource_document(&input.file, &data)? {
        return Ok(lib::scan_document(&document));
    }
    if let Some(config) = crate::config_file::detect(input, &data, ctx)? {
        return Ok(lib::scan_config(&config.config));
    }
    let parsed = input.parse(&data, ctx)?;
    let multi = parsed.is_multi();
    let mut report = Report::new();
    for (i, value) in parsed.values().enumerate() {
        report.add_variant(value, multi.then_some(i));
    }
    Ok(report)
}

// ----------------------------------------------------------------------------------------
// THE HOOK FOR THE RESOURCE READERS (`.tres`, `.tscn`, `.res`, `.scn`):
// return `Ok(Some(document))` when `data` (the file's bytes, out of a container if it had
// one) is a resource or scene, `Err(Failure::Input(..))` when it is one but malformed,
// `Ok(None)` otherwise. Until the readers are merged it returns `Ok(None)`, and such
// files are reported as what they are by the Variant reading (exit code 4).
// ----------------------------------------------------------------------------------------
fn resource_document(path: &Path, data: &[u8]) -> Result<Option<Document>, Failure> {
    let name = path.display().to_string();
    Ok(crate::resource_file::detect(&name, data, None)?.map(|input| input.doc))
}

/// `FILE: nothing would run` or `FILE: runs code (3 findings)` and a line per finding.
fn write_human(out: &mut impl Write, name: &str, report: &Report) -> io::Result<()> {
    let findings = report.findings();
    let count = counted(findings.len() as u64, "finding", "findings");
    match (report.runs_code(), findings.is_empty()) {
        (_, true) => writeln!(out, "{name}: nothing would run")?,
        (true, false) => writeln!(out, "{name}: loading it would run code ({count})")?,
        (false, false) => writeln!(out, "{name}: nothing would run by itself ({count})")?,
    }
    for finding in findings {
        let mark = if finding.runs_code() { "!" } else { "-" };
        writeln!(out, "  {mark} {finding}")?;
    }
    Ok(())
}
