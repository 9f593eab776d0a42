//! `gdvariant diff A B`: one line per path where two values differ, with both values in the
//! engine's text form. The comparison is the library's [`gdvariant::diff`]: equal subtrees
//! are skipped by comparing their bytes, dictionary entries are paired by key, array
//! elements by a longest common subsequence.

use std::io::Write;

use gdvariant::diff::{diff, Change};
use gdvariant::query::Found;
use gdvariant::{Builder, Dialect, VariantRef};

use gdvariant::container::Secret;

use crate::container::ReadArgs;
use crate::context::{Ctx, Failure, Outcome};
use crate::input::InputArgs;

/// Options of `diff`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first input (and how to read it: --dialect, --prefixed, --no-prefix,
    /// --decompress, and --password or --key unless B has its own, apply to both).
    #[command(flatten)]
    a: InputArgs,
    /// The second input.
    b: std::path::PathBuf,
    /// The password of B, when it is not A's (--password then opens A only).
    #[arg(
        long,
        value_name = "PW",
        conflicts_with = "key_b",
        help_heading = "Compressed and encrypted files"
    )]
    password_b: Option<String>,
    /// The key of B (64 hex digits), when it is not A's (--key then opens A only).
    #[arg(long, value_name = "HEX", value_parser = crate::container::parse_key,
          help_heading = "Compressed and encrypted files")]
    key_b: Option<Secret>,
    /// Print at most this many characters of each value (0: no limit).
    #[arg(long, default_value_t = 200)]
    width: usize,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data_a = args.a.open()?;
    let name_a = args.a.file.display().to_string();
    if let Some(a) = crate::resource_file::detect(&name_a, &data_a, None)? {
        let data_b = crate::bytes::Bytes::open(&args.b, &args.a.container)?;
        let name_b = args.b.display().to_string();
        let Some(b) = crate::resource_file::detect(&name_b, &data_b, None)? else {
            return Err(Failure::Input(format!(
                "{name_b}: not a resource or scene, as {name_a} is"
            )));
        };
        return crate::resource_diff::run(&a, &b, args.width);
    }
    let input_a = args.a.parse(&data_a, ctx)?;
    let b_args = InputArgs {
        file: args.b.clone(),
        dialect: args.a.dialect,
        prefixed: args.a.prefixed,
        no_prefix: args.a.no_prefix,
        container: match (&args.password_b, &args.key_b) {
            (None, None) => args.a.container.clone(),
            (password, key) => ReadArgs {
                password: password.clone(),
                key: key.clone(),
                decompress: args.a.container.decompress,
            },
        },
    };
    let data_b = b_args.open()?;
    let input_b = b_args.parse(&data_b, ctx)?;
    let multi = input_a.is_multi() || input_b.is_multi();
    let a: Vec<VariantRef<'_>> = input_a.values().collect();
    let b: Vec<VariantRef<'_>> = input_b.values().collect();
    let mut out = std::io::stdout().lock();
    let mut differs = false;
    let mut written = Ok(());
    for i in 0..a.len().max(b.len()) {
        let label = if multi {
            format!("#{i}")
        } else {
            String::new()
        };
        // The library's paths start at `/`; a numbered value's own path is its number.
        let path = |p: &str| match (label.is_empty(), p) {
            (true, _) => p.to_string(),
            (false, "/") => label.clone(),
            (false, _) => format!("{label}{p}"),
        };
        let changes: Box<dyn Iterator<Item = Change<'_>>> = match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => Box::new(diff(*x, *y)),
            (Some(x), None) => Box::new(std::iter::once(Change::Removed {
                path: "/".to_string(),
                old: Found::Value(*x),
            })),
            (None, Some(y)) => Box::new(std::iter::once(Change::Added {
                path: "/".to_string(),
                new: Found::Value(*y),
            })),
            (None, None) => Box::new(std::iter::empty()),
        };
        let dialect_a = a.get(i).map_or(input_a.dialect(), |v| v.dialect());
        let dialect_b = b.get(i).map_or(input_b.dialect(), |v| v.dialect());
        for change in changes {
            differs = true;
            let width = args.width;
            written = match &change {
                Change::Changed { path: p, old, new } => writeln!(
                    out,
                    "~ {}: {} -> {}",
                    path(p),
                    text(old, dialect_a, width),
                    text(new, dialect_b, width)
                ),
                Change::Removed { path: p, old } => {
                    writeln!(out, "- {}: {}", path(p), text(old, dialect_a, width))
                }
                Change::Added { path: p, new } => {
                    writeln!(out, "+ {}: {}", path(p), text(new, dialect_b, width))
                }
            };
            if written.is_err() {
                break;
            }
        }
        if written.is_err() {
            break;
        }
    }
    crate::stdout_result(written)?;
    if differs {
        Err(Failure::Differs)
    } else {
        Ok(())
    }
}

/// The text of what a change names on one line, cut to `width` characters: a value, or a
/// packed array's element as a value of its own (written in `dialect`, its array's).
fn text(found: &Found<'_>, dialect: Dialect, width: usize) -> String {
    match *found {
        Found::Value(v) => value_text(v, width),
        Found::Element(_, i) => {
            let mut bytes = Vec::new();
            let written = Builder::new(&mut bytes, dialect).found(*found);
            match (written, VariantRef::parse(&bytes, dialect)) {
                (Ok(()), Ok(v)) => value_text(v, width),
                _ => format!("<element {i}>"),
            }
        }
    }
}

/// The value's text on one line, cut to `width` characters.
fn value_text(v: VariantRef<'_>, width: usize) -> String {
    let full = v.to_string().replace('\n', " ");
    if width == 0 || full.chars().count() <= width {
        return full;
    }
    let cut: String = full.chars().take(width).collect();
    format!("{cut}… ({} bytes)", v.encoded().len())
}
