//! `gdvariant stats`: counts and bytes per type, depth, the largest containers and strings.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::io::{self, Write};

use gdvariant::{Edge, Event, ObjectRef, Value, VariantRef, VariantType};

use crate::context::{Ctx, Outcome};
use crate::input::InputArgs;
use crate::nodes::count_value;
use crate::style::{counted, thousands};

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

/// The largest items seen, by size and then position (see [`offer`]), smallest on top.
type TopList<T> = BinaryHeap<Reverse<(usize, Reverse<usize>, T)>>;

struct Stats {
    per_type: [PerType; VariantType::ALL.len()],
    max_depth: usize,
    /// (size, path, type, count) of the largest containers, smallest on top.
    containers: TopList<(String, &'static str, usize)>,
    /// (length, path) of the longest strings.
    strings: TopList<String>,
    top: usize,
    nodes: u64,
    /// Bytes of the values walked (length prefixes excluded).
    bytes: u64,
    /// How many values were walked, and whether their paths start with their number.
    values: usize,
    multi: bool,
    bar: indicatif::ProgressBar,
}

pub fn run(args: &Args, ctx: &Ctx) -> Outcome {
    let data = args.input.open()?;
    let input = args.input.parse(&data, ctx)?;
    let mut stats = Stats {
        per_type: [PerType::default(); VariantType::ALL.len()],
        max_depth: 0,
        containers: BinaryHeap::new(),
        strings: BinaryHeap::new(),
        top: args.top,
        nodes: 0,
        bytes: 0,
        values: 0,
        multi: input.is_multi(),
        bar: crate::style::progress(data.len(), "stats", ctx.quiet),
    };
    for value in input.values() {
        stats.walk(&value);
    }
    stats.bar.finish_and_clear();
    let written = stats.print(input.dialect());
    crate::stdout_result(written)
}

/// Offers an item ranked by `size` to a top-`top` list (smallest on top of the heap);
/// `make` builds it (formatting its path) only when it gets in. Equal sizes rank by
/// position, the first in the file first, whatever order the walk offers them in.
fn offer<T: Ord>(
    heap: &mut TopList<T>,
    top: usize,
    size: usize,
    at: usize,
    make: impl FnOnce() -> T,
) {
    let rank = (size, Reverse(at));
    let smallest = heap.peek().map(|Reverse((n, at, _))| (*n, *at));
    if heap.len() < top || smallest.is_none_or(|s| rank > s) {
        heap.push(Reverse((size, Reverse(at), make())));
        if heap.len() > top {
            heap.pop();
        }
    }
}

/// How a node is reached from the container it is in, named by [`Edge`]'s `Display` (the
/// path step `get` takes) when a path is formatted.
#[derive(Clone, Copy)]
enum Step<'a> {
    /// An Array element or a property.
    Edge(Edge<'a>),
    /// A Dictionary entry: where its key is (the absolute offset and length of a key a
    /// path can name: a String, a StringName or an int; `None` for any other key) and the
    /// pair's position. The key is read again only when a path is formatted.
    Entry {
        key: Option<(usize, usize)>,
        position: usize,
    },
}

impl<'a> Step<'a> {
    /// The edge, the key read from `root` (a key a path cannot name stands as Nil, which
    /// `Edge` names by the pair's position, like any such key).
    fn edge(self, root: &VariantRef<'a>) -> Option<Edge<'a>> {
        let (key, position) = match self {
            Step::Edge(edge) => return Some(edge),
            Step::Entry { key, position } => (key, position),
        };
        let bytes = key.and_then(|(at, len)| {
            let start = at.checked_sub(root.offset())?;
            root.encoded().get(start..start.checked_add(len)?)
        });
        let key = bytes
            .and_then(|bytes| VariantRef::parse(bytes, root.dialect()).ok())
            .or_else(|| VariantRef::parse(&NIL, root.dialect()).ok())?;
        Some(Edge::Key { key, position })
    }
}

/// A Nil, standing for a key a path cannot name.
static NIL: [u8; 4] = [0; 4];

/// What the walk needs of a node, taken from its [`Value`] at once (the value itself is
/// not kept).
struct Node {
    ty: VariantType,
    /// For a container: what its children are.
    kind: Option<Kind>,
    count: usize,
    /// For a String or StringName: its length in bytes.
    text_len: Option<usize>,
    /// Could a path step name it, should it be a Dictionary key (a String, a StringName,
    /// an int)?
    nameable: bool,
}

impl Node {
    fn of(value: &Value<'_>) -> Node {
        let (kind, text_len, nameable) = match *value {
            Value::Array(_) => (Some(Kind::Array), None, false),
            Value::Dictionary(_) => (Some(Kind::Dictionary), None, false),
            Value::Object(ObjectRef::Full(_)) => (Some(Kind::Object), None, false),
            Value::String(s) | Value::StringName(s) => (None, Some(s.raw_bytes().len()), true),
            Value::Int(_) => (None, None, true),
            _ => (None, None, false),
        };
        Node {
            ty: value.ty(),
            kind,
            count: count_value(value).map_or(0, |(n, _)| n),
            text_len,
            nameable,
        }
    }
}

/// An open container of the walk.
struct Open<'a> {
    /// Offset of its header.
    start: usize,
    ty: VariantType,
    /// How many children it has.
    count: usize,
    /// Its own bytes so far: header, type descriptors, count, property names.
    own: u64,
    /// Is it a Dictionary key?
    is_key: bool,
    /// What its children are, and how many were seen.
    kind: Kind,
    seen: usize,
    /// How the child being read is reached.
    step: Option<Step<'a>>,
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Array,
    Dictionary,
    Object,
}

/// The path of the node being read, in `get` syntax: the value's label (`#1` in a file
/// of several values, else nothing), then the steps of the open containers; formatted
/// only when a node makes a top list.
fn path_text<'a>(label: &str, root: &VariantRef<'a>, open: &[Open<'a>], is_key: bool) -> String {
    let mut path = label.to_string();
    for (i, o) in open.iter().enumerate() {
        if let Some(edge) = o.step.and_then(|step| step.edge(root)) {
            path.push_str(&format!("/{edge}"));
        }
        // The child being read in `o` is the next open container, or the node itself.
        if open.get(i + 1).map_or(is_key, |inner| inner.is_key) {
            path.push_str(" (key)");
        }
    }
    if path.is_empty() {
        path.push('/');
    }
    path
}

impl Stats {
    /// One pass with [`Events`] over one value: no node is measured or decoded twice,
    /// and memory holds only the open containers (at most the nesting depth).
    fn walk(&mut self, root: &VariantRef<'_>) {
        let label = if self.multi {
            format!("#{}", self.values)
        } else {
            String::new()
        };
        let label = label.as_str();
        self.values += 1;
        self.bytes += root.encoded().len() as u64;
        let mut open: Vec<Open<'_>> = Vec::new();
        let mut events = root.events();
        loop {
            let at = events.offset();
            let depth = events.depth();
            let Some(event) = events.next() else { break };
            let own = events.offset() - at;
            match event {
                Event::Property(name) => {
                    if let Some(o) = open.last_mut() {
                        o.own += own as u64;
                        o.step = Some(Step::Edge(Edge::Property(name)));
                    }
                }
                Event::End => {
                    let Some(o) = open.pop() else { break };
                    self.count(o.ty, o.own);
                    let size = events.offset() - o.start;
                    offer(&mut self.containers, self.top, size, o.start, || {
                        (
                            path_text(label, root, &open, o.is_key),
                            o.ty.name(root.dialect()),
                            o.count,
                        )
                    });
                }
                Event::Value(value) => {
                    let node = Node::of(&value);
                    self.nodes += 1;
                    if self.nodes % 65_536 == 0 {
                        self.bar.set_position(at as u64);
                    }
                    self.max_depth = self.max_depth.max(depth);
                    let key = node.nameable.then_some((at, own));
                    let is_key = open.last_mut().is_some_and(|o| o.child(key));
                    if let Some(len) = node.text_len {
                        offer(&mut self.strings, self.top, len, at, || {
                            path_text(label, root, &open, is_key)
                        });
                    }
                    match node.kind {
                        Some(kind) => open.push(Open {
                            start: at,
                            ty: node.ty,
                            count: node.count,
                            own: own as u64,
                            is_key,
                            kind,
                            seen: 0,
                            step: None,
                        }),
                        None => {
                            self.count(node.ty, own as u64);
                            if node.ty.is_packed_array() {
                                offer(&mut self.containers, self.top, own, at, || {
                                    let name = node.ty.name(root.dialect());
                                    (path_text(label, root, &open, is_key), name, node.count)
                                });
                            }
                        }
                    }
                }
            }
        }
    }

    /// Adds a node of type `ty` with `own` bytes of its own to the totals.
    fn count(&mut self, ty: VariantType, own: u64) {
        if let Some(slot) = self.per_type.get_mut(ty as usize) {
            slot.count += 1;
            slot.bytes += own;
        }
    }

    fn print(&self, dialect: gdvariant::Dialect) -> io::Result<()> {
        let mut out = io::BufWriter::new(io::stdout().lock());
        let values = if self.multi {
            format!(" in {}", counted(self.values as u64, "value", "values"))
        } else {
            String::new()
        };
        writeln!(
            out,
            "{} bytes{values}, {}, max depth {}",
            thousands(self.bytes),
            counted(self.nodes, "node", "nodes"),
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
        let mut containers: Vec<_> = self
            .containers
            .iter()
            .map(|Reverse((size, _, c))| (size, c))
            .collect();
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
        let mut strings: Vec<_> = self
            .strings
            .iter()
            .map(|Reverse((len, _, path))| (len, path))
            .collect();
        strings.sort_by(|a, b| b.cmp(a));
        for (len, path) in strings {
            writeln!(out, "{:>16} B  {path}", thousands(*len as u64))?;
        }
        out.flush()
    }
}

impl<'a> Open<'a> {
    /// Notes the next child and how it is reached (`key`: where it is, should it be a
    /// Dictionary key a path can name); returns whether it is a key.
    fn child(&mut self, key: Option<(usize, usize)>) -> bool {
        let seen = self.seen;
        self.seen += 1;
        match self.kind {
            Kind::Array => {
                self.step = Some(Step::Edge(Edge::Index(seen)));
                false
            }
            // Keys and values alternate; a value keeps its key's step.
            Kind::Dictionary if seen % 2 == 0 => {
                self.step = Some(Step::Entry {
                    key,
                    position: seen / 2,
                });
                true
            }
            Kind::Dictionary | Kind::Object => false,
        }
    }
}
