//! `gdvariant stats`: counts and bytes per type, depth, the largest containers and strings.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Write};

use gdvariant::{VariantRef, VariantType};

use crate::input::InputArgs;
use crate::nodes::count;
use crate::style::thousands;
use gdvariant::Edge;

/// Options of `stats`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    input: InputArgs,
    /// How many of the largest containers and strings to list.
    #[arg(long, default_value_t = 10)]
    top: usize,
}

/// Totals for one type.
#[derive(Clone, Copy, Default)]
struct PerType {
    count: u64,
    /// Bytes of the type's own encoding, children excluded, so the column sums to the
    /// size of the value.
    bytes: u64,
}

/// The largest items seen, by size, smallest on top (see [`offer`]).
type TopList<T> = BinaryHeap<Reverse<(usize, T)>>;

struct Stats {
    per_type: [PerType; VariantType::ALL.len()],
    max_depth: usize,
    /// (size, path, type, count) of the largest containers, smallest on top.
    containers: TopList<(String, &'static str, usize)>,
    /// (length, path) of the longest strings.
    strings: TopList<String>,
    top: usize,
    nodes: u64,
    bar: indicatif::ProgressBar,
}

pub fn run(args: &Args) -> Result<(), String> {
    let data = args.input.open()?;
    let input = args.input.parse(&data)?;
    let mut stats = Stats {
        per_type: [PerType::default(); VariantType::ALL.len()],
        max_depth: 0,
        containers: BinaryHeap::new(),
        strings: BinaryHeap::new(),
        top: args.top,
        nodes: 0,
        bar: crate::style::progress(data.len(), "stats"),
    };
    let mut path = Vec::new();
    stats.visit(&input.value, &mut path, 0);
    stats.bar.finish_and_clear();
    let written = stats.print(&input.value);
    crate::stdout_result(written)
}

/// Offers an item ranked by `size` to a top-`top` list (smallest on top of the heap);
/// `make` builds it (formatting its path) only when it gets in. On a tie with the
/// smallest, the item already listed stays.
fn offer<T: Ord>(heap: &mut TopList<T>, top: usize, size: usize, make: impl FnOnce() -> T) {
    let smallest = heap.peek().map_or(0, |Reverse((n, _))| *n);
    if heap.len() < top || size > smallest {
        heap.push(Reverse((size, make())));
        if heap.len() > top {
            heap.pop();
        }
    }
}

/// A path step: how a node is reached, and whether it is the key of that entry.
type Step<'a> = (Edge<'a>, bool);

/// The path in `get` syntax, formatted only when a node makes a top list.
fn path_text(path: &[Step<'_>]) -> String {
    if path.is_empty() {
        "/".to_string()
    } else {
        path.iter()
            .map(|(edge, key)| {
                let suffix = if *key { " (key)" } else { "" };
                format!("/{edge}{suffix}")
            })
            .collect()
    }
}

impl Stats {
    fn visit<'a>(&mut self, v: &VariantRef<'a>, path: &mut Vec<Step<'a>>, depth: usize) {
        self.nodes += 1;
        if self.nodes % 65_536 == 0 {
            self.bar.set_position(v.offset() as u64);
        }
        self.max_depth = self.max_depth.max(depth);
        let size = v.encoded().len();
        let mut own = size;
        let ty = v.ty();
        if let Some(text) = v.as_gd_str() {
            let len = text.raw_bytes().len();
            offer(&mut self.strings, self.top, len, || path_text(path));
        }
        let is_container = matches!(
            ty,
            VariantType::Array | VariantType::Dictionary | VariantType::Object
        ) || ty.is_packed_array();
        if is_container {
            offer(&mut self.containers, self.top, size, || {
                let n = count(v).map_or(0, |(n, _)| n);
                (path_text(path), ty.name(v.dialect()), n)
            });
        }
        for (edge, child) in v.children() {
            if let Edge::Key { key, .. } = edge {
                // Keys are nodes too (one level deeper, like values).
                own -= key.encoded().len();
                path.push((edge, true));
                self.visit(&key, path, depth + 1);
                path.pop();
            }
            own -= child.encoded().len();
            path.push((edge, false));
            self.visit(&child, path, depth + 1);
            path.pop();
        }
        if let Some(slot) = self.per_type.get_mut(ty as usize) {
            slot.count += 1;
            slot.bytes += own as u64;
        }
    }

    fn print(&self, root: &VariantRef<'_>) -> io::Result<()> {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let dialect = root.dialect();
        writeln!(
            out,
            "{} bytes, {} nodes, max depth {}",
            thousands(root.encoded().len() as u64),
            thousands(self.nodes),
            self.max_depth
        )?;
        writeln!(out, "\n{:<22} {:>14} {:>16}", "type", "count", "own bytes")?;
        for ty in VariantType::ALL {
            if let Some(t) = self.per_type.get(ty as usize).filter(|t| t.count > 0) {
                writeln!(
                    out,
                    "{:<22} {:>14} {:>16}",
                    ty.name(dialect),
                    thousands(t.count),
                    thousands(t.bytes)
                )?;
            }
        }
        writeln!(out, "\nlargest containers:")?;
        let mut containers: Vec<_> = self.containers.iter().map(|Reverse(c)| c).collect();
        containers.sort_by(|a, b| b.cmp(a));
        for (size, (path, ty, n)) in containers {
            writeln!(
                out,
                "{:>16} B  {ty} of {}  {path}",
                thousands(*size as u64),
                thousands(*n as u64)
            )?;
        }
        writeln!(out, "\nlongest strings:")?;
        let mut strings: Vec<_> = self.strings.iter().map(|Reverse(s)| s).collect();
        strings.sort_by(|a, b| b.cmp(a));
        for (len, path) in strings {
            writeln!(out, "{:>16} B  {path}", thousands(*len as u64))?;
        }
        out.flush()
    }
}
