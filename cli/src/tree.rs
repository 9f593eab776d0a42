//! `gdvariant tree`: a summarised outline, one line per node.

use std::io::{self, Write};

use gdvariant::VariantRef;

use crate::input::InputArgs;
use crate::nodes::count;
use crate::style::{thousands, Paint};
use gdvariant::Edge;

/// Options of `tree`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// How many levels below the top to show.
    #[arg(long, default_value_t = 3)]
    depth: usize,
    /// How many children of each container to show; the rest are summarised.
    #[arg(long, default_value_t = 10)]
    max_items: usize,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    let paint = Paint::stdout();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let result = node(&mut out, paint, &input.value, "/", 0, args).and_then(|()| out.flush());
    crate::stdout_result(result)
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
    let ty = if v.is_double()
        && !matches!(
            v.ty(),
            gdvariant::VariantType::Int | gdvariant::VariantType::Float
        ) {
        format!("{ty} (double)")
    } else {
        ty.to_string()
    };
    let counted = count(v);
    let amount = counted
        .map(|(n, what)| format!("{} {what}", thousands(n as u64)))
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
        .filter(|(_, what)| *what != "bytes" && *what != "elements")
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
