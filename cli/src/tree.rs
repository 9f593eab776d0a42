//! `gdvariant tree`: a summarised outline, one line per node.

use std::io::{self, Write};

use gdvariant::{Edge, VariantRef, VariantType};

use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;
use crate::nodes::count;
use crate::style::{thousands, Paint};

/// Options of `tree`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// How many levels below the top to show.
    #[arg(long, default_value_t = 3)]
    depth: usize,
    /// How many children of each container (and values of a file of several) to show;
    /// the rest are summarised.
    #[arg(long, default_value_t = 10)]
    max_items: usize,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let name = args.input.file.display().to_string();
    if let Some(resource) = crate::resource_file::detect(&name, &data, None)? {
        return resource_tree(&resource, ctx, args);
    }
    let input = args.input.parse(&data, ctx)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut result = Ok(());
    if input.is_multi() {
        // Each value is a root of its own, named by its number: `#0`, `#0/player`, …
        for (i, value) in input.values().take(args.max_items).enumerate() {
            result = node(&mut out, ctx.paint, &value, &format!("#{i}"), 0, args);
            if result.is_err() {
                break;
            }
        }
        let more = input.count().saturating_sub(args.max_items);
        if result.is_ok() && more > 0 {
            result = writeln!(out, "#… {} more values", thousands(more as u64));
        }
    } else if let Some(found) = input.detected() {
        result = node(&mut out, ctx.paint, &found.value, "/", 0, args);
    }
    crate::stdout_result(result.and_then(|()| out.flush()))
}

/// A resource or scene: a line per section (`sub:ID  Class`, `node:PATH  Type`, …), then
/// its properties as the outline of their values, addressed as `get` takes them.
fn resource_tree(
    resource: &crate::resource_file::ResourceInput,
    ctx: &Ctx,
    args: &Args,
) -> Outcome {
    let doc = &resource.doc;
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut result = writeln!(out, "{}", resource.describe());
    for section in &doc.sections {
        let address = crate::resource_diff::key(doc, section);
        if result.is_err() {
            break;
        }
        let class = ["type", "signal"]
            .iter()
            .find_map(|a| section.attr(a))
            .and_then(|b| VariantRef::parse(b, doc.dialect).ok())
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        result = writeln!(out, "{address}  {class}");
        for prop in &section.props {
            let Some(value) = prop.get(doc.dialect) else {
                continue;
            };
            let path = match address.as_str() {
                "resource" => prop.name.clone(),
                a => format!("{a}/{}", prop.name),
            };
            result = result.and_then(|()| node(&mut out, ctx.paint, &value, &path, 1, args));
        }
    }
    crate::stdout_result(result.and_then(|()| out.flush()))
}

fn node(
    out: &mut impl Write,
    paint: Paint,
    v: &VariantRef<'_>,
    path: &str,
    depth: usize,
    args: &Args,
) -> io::Result<()> {
    let ty = v.ty().name(v.dialect());
    let ty = if v.is_double() && !matches!(v.ty(), VariantType::Int | VariantType::Float) {
        format!("{ty} (double)")
    } else {
        ty.to_string()
    };
    let counted = count(v);
    let amount = counted
        .map(|(n, unit)| unit.describe(n))
        .unwrap_or_default();
    writeln!(
        out,
        "{path:<40} {} {amount:>18} {} {}",
        paint.ty(&format!("{ty:<20}")),
        paint.dim(&format!("{:>#12x}", v.offset())),
        paint.dim(&format!("{:>14} B", thousands(v.encoded().len() as u64))),
    )?;
    if depth >= args.depth {
        return Ok(());
    }
    let total = counted
        .filter(|(_, unit)| unit.are_nodes())
        .map_or(0, |(n, _)| n);
    let mut shown = 0;
    for (edge, child) in v.children().take(args.max_items) {
        shown += 1;
        let child_path = join(path, &edge);
        node(out, paint, &child, &child_path, depth + 1, args)?;
    }
    if total > shown {
        // `/… N more` under the root, `/a/… N more` under `/a`.
        let parent = if path == "/" { "" } else { path };
        writeln!(out, "{parent}/… {} more", thousands((total - shown) as u64))?;
    }
    Ok(())
}

fn join(path: &str, edge: &Edge<'_>) -> String {
    if path == "/" {
        format!("/{edge}")
    } else {
        format!("{path}/{edge}")
    }
}
