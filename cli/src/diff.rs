//! `gdvariant diff A B`: one line per path where two values differ, with both values in the
//! engine's text form. Equal subtrees are skipped by comparing their bytes, so two large
//! saves that differ in a few places cost about one pass over each.

use std::collections::HashMap;
use std::io::Write;

use gdvariant::{ObjectRef, Value, VariantRef};

use crate::context::{Ctx, Failure, Outcome};
use crate::input::InputArgs;

/// Options of `diff`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first input (and how to read it: --godot, --prefixed, --password, --key and
    /// --decompress apply to both).
    #[command(flatten)]
    a: InputArgs,
    /// The second input.
    b: std::path::PathBuf,
    /// Print at most this many characters of each value (0: no limit).
    #[arg(long, default_value_t = 200)]
    width: usize,
}

/// One difference.
enum Line {
    Changed(String, String, String),
    OnlyA(String, String),
    OnlyB(String, String),
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data_a = args.a.open()?;
    let input_a = args.a.parse(&data_a, ctx)?;
    let b_args = InputArgs {
        file: args.b.clone(),
        godot: args.a.godot,
        prefixed: args.a.prefixed,
        no_prefix: args.a.no_prefix,
        container: args.a.container.clone(),
    };
    let data_b = b_args.open()?;
    let input_b = b_args.parse(&data_b, ctx)?;
    let multi = input_a.is_multi() || input_b.is_multi();
    let a: Vec<VariantRef<'_>> = input_a.values().collect();
    let b: Vec<VariantRef<'_>> = input_b.values().collect();
    let mut lines = Vec::new();
    for i in 0..a.len().max(b.len()) {
        let root = if multi {
            format!("#{i}")
        } else {
            String::new()
        };
        match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => compare(root, *x, *y, args.width, &mut lines),
            (Some(x), None) => lines.push(Line::OnlyA(root, text(*x, args.width))),
            (None, Some(y)) => lines.push(Line::OnlyB(root, text(*y, args.width))),
            (None, None) => {}
        }
    }
    let mut out = std::io::stdout().lock();
    let mut written = Ok(());
    for line in &lines {
        let path = |p: &str| {
            if p.is_empty() {
                "/".to_string()
            } else {
                p.to_string()
            }
        };
        written = match line {
            Line::Changed(p, x, y) => writeln!(out, "~ {}: {x} -> {y}", path(p)),
            Line::OnlyA(p, x) => writeln!(out, "- {}: {x}", path(p)),
            Line::OnlyB(p, y) => writeln!(out, "+ {}: {y}", path(p)),
        };
        if written.is_err() {
            break;
        }
    }
    crate::stdout_result(written)?;
    if lines.is_empty() {
        Ok(())
    } else {
        Err(Failure::Differs)
    }
}

/// The value's text on one line, cut to `width` characters.
fn text(v: VariantRef<'_>, width: usize) -> String {
    let full = v.to_string().replace('\n', " ");
    if width == 0 || full.chars().count() <= width {
        return full;
    }
    let cut: String = full.chars().take(width).collect();
    format!("{cut}… ({} bytes)", v.encoded().len())
}

/// Work left on the walk: two values to compare, or a difference to report in its place.
enum Item<'a> {
    Compare(String, VariantRef<'a>, VariantRef<'a>),
    Report(Line),
}

/// Walks both values, depth first in A's order (B's additions after A's entries), without
/// recursion.
fn compare<'a>(
    root: String,
    a: VariantRef<'a>,
    b: VariantRef<'a>,
    width: usize,
    lines: &mut Vec<Line>,
) {
    let mut stack = vec![Item::Compare(root, a, b)];
    while let Some(item) = stack.pop() {
        let (path, a, b) = match item {
            Item::Compare(path, a, b) => (path, a, b),
            Item::Report(line) => {
                lines.push(line);
                continue;
            }
        };
        if a.encoded() == b.encoded() {
            continue;
        }
        let join = |step: &dyn std::fmt::Display| format!("{path}/{step}");
        let mut children: Vec<Item<'a>> = Vec::new();
        match (a.value(), b.value()) {
            (Value::Array(x), Value::Array(y)) if x.element_type() == y.element_type() => {
                let (mut xi, mut yi) = (x.iter(), y.iter());
                for i in 0.. {
                    match (xi.next(), yi.next()) {
                        (Some(p), Some(q)) => children.push(Item::Compare(join(&i), p, q)),
                        (Some(p), None) => {
                            children.push(Item::Report(Line::OnlyA(join(&i), text(p, width))))
                        }
                        (None, Some(q)) => {
                            children.push(Item::Report(Line::OnlyB(join(&i), text(q, width))))
                        }
                        (None, None) => break,
                    }
                }
            }
            (Value::Dictionary(x), Value::Dictionary(y))
                if x.key_type() == y.key_type() && x.value_type() == y.value_type() =>
            {
                let in_b: HashMap<&[u8], (VariantRef<'a>, VariantRef<'a>)> =
                    y.iter().map(|(k, v)| (k.encoded(), (k, v))).collect();
                let mut seen = std::collections::HashSet::new();
                for (position, (k, v)) in x.iter().enumerate() {
                    let step = key_step(k, position);
                    seen.insert(k.encoded());
                    match in_b.get(k.encoded()) {
                        Some(&(_, w)) => children.push(Item::Compare(join(&step), v, w)),
                        None => {
                            children.push(Item::Report(Line::OnlyA(join(&step), text(v, width))))
                        }
                    }
                }
                for (position, (k, w)) in y.iter().enumerate() {
                    if !seen.contains(k.encoded()) {
                        children.push(Item::Report(Line::OnlyB(
                            join(&key_step(k, position)),
                            text(w, width),
                        )));
                    }
                }
            }
            (Value::Object(ObjectRef::Full(x)), Value::Object(ObjectRef::Full(y)))
                if x.class().raw_bytes() == y.class().raw_bytes() =>
            {
                let in_b: HashMap<&[u8], VariantRef<'a>> =
                    y.properties().map(|(n, v)| (n.raw_bytes(), v)).collect();
                for (name, v) in x.properties() {
                    let step = gdvariant::query::Step::key(name.as_str()).to_string();
                    match in_b.get(name.raw_bytes()) {
                        Some(&w) => children.push(Item::Compare(join(&step), v, w)),
                        None => {
                            children.push(Item::Report(Line::OnlyA(join(&step), text(v, width))))
                        }
                    }
                }
                let in_a: std::collections::HashSet<&[u8]> =
                    x.properties().map(|(n, _)| n.raw_bytes()).collect();
                for (name, w) in y.properties() {
                    if !in_a.contains(name.raw_bytes()) {
                        let step = gdvariant::query::Step::key(name.as_str()).to_string();
                        children.push(Item::Report(Line::OnlyB(join(&step), text(w, width))));
                    }
                }
            }
            _ => lines.push(Line::Changed(path.clone(), text(a, width), text(b, width))),
        }
        stack.extend(children.into_iter().rev());
    }
}

/// The path step of a dictionary entry: its key, or `<key #i>` for a key a path cannot name.
fn key_step(key: VariantRef<'_>, position: usize) -> String {
    match gdvariant::query::Step::for_key(&key.value()) {
        Some(step) => step.to_string(),
        None => format!("<key #{position}>"),
    }
}
