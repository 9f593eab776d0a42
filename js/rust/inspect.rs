//! What an inspector needs beyond reading: `describe` (what a file is, the way `gdvariant
//! check` says it), `Node.search` (keys, strings and paths) and `diff` (the crate's
//! structural diff of two views).

use gdvariant::diff::{self, Change};
use gdvariant::frame::{self, PrefixOrder, Reading};
use gdvariant::query::Found;
use gdvariant::{Builder, Edge, Value, VariantRef, VariantType};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::options::{self, Read};
use crate::view::Node;
use crate::{container, undetected, whole_failure, Failure};

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // A data property of a fresh plain object: cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// What `bytes` is: `{container: {…containerOf}, godot, frames, prefix: "little" | "big" |
/// null, type, exact, ambiguous, candidates: [{godot, prefix, type}], rivals: [{godot,
/// prefix, type}]}` (`rivals`: the readings as plausible as the chosen one that give other
/// values; empty unless `ambiguous`). Opens the container
/// (with the reader's secret), then runs the crate's detection (up to six validation
/// passes). A file no reading parses is the `DecodeError` of the reading that got furthest.
#[wasm_bindgen]
pub fn describe(bytes: &[u8], options: &JsValue) -> Result<JsValue, Failure> {
    let read: Read = options::read(options)?;
    let (wrapped, plain) = container::open(bytes, &read.open)?;
    let hints = read.hints()?;
    let found = frame::detect(&plain, hints)
        .map_err(|e| whole_failure(&undetected(&plain, hints, &read.parse, e)))?;
    let out = Object::new();
    set(&out, "container", container::describe(wrapped));
    set(&out, "godot", godot_js(found.reading.dialect));
    set(&out, "prefix", prefix_name(found.reading.prefix));
    set(&out, "frames", found.value_count());
    set(&out, "type", found.value.ty().name(found.reading.dialect));
    set(&out, "size", plain.len());
    set(&out, "exact", found.is_exact());
    set(&out, "ambiguous", found.is_ambiguous());
    let candidates = Array::new();
    for (reading, ty) in found.candidates() {
        candidates.push(&reading_js(reading, ty));
    }
    set(&out, "candidates", candidates);
    // The readings as plausible as the chosen one that give other values: what makes
    // the choice a guess.
    let rivals = Array::new();
    for (reading, ty) in found.rivals() {
        rivals.push(&reading_js(reading, ty));
    }
    set(&out, "rivals", rivals);
    Ok(out.into())
}

/// `{godot, prefix, type}`: a reading and the type of the (first) value it gives.
fn reading_js(reading: Reading, ty: VariantType) -> Object {
    let c = Object::new();
    set(&c, "godot", godot_js(reading.dialect));
    set(&c, "prefix", prefix_name(reading.prefix));
    set(&c, "type", ty.name(reading.dialect));
    c
}

/// A dialect as the package names it: 3, 4, or an era's name.
fn godot_js(dialect: gdvariant::Dialect) -> JsValue {
    match dialect.code() {
        "3" => 3.into(),
        "4" => 4.into(),
        era => era.into(),
    }
}

fn prefix_name(prefix: Option<PrefixOrder>) -> JsValue {
    match prefix {
        None => JsValue::NULL,
        Some(PrefixOrder::Big) => "big".into(),
        Some(_) => "little".into(),
    }
}

/// The text of what a path led to, on one line, cut to `width` characters (0: whole).
fn found_text(found: Found<'_>, dialect: gdvariant::Dialect, width: usize) -> String {
    let mut bytes = Vec::new();
    let value = match found {
        Found::Value(v) => Some(v),
        element => Builder::new(&mut bytes, dialect)
            .found(element)
            .ok()
            .and_then(|()| VariantRef::parse(&bytes, dialect).ok()),
    };
    let Some(value) = value else {
        return String::new();
    };
    let text = value.to_string().replace('\n', " ");
    if width == 0 || text.chars().count() <= width {
        return text;
    }
    let cut: String = text.chars().take(width).collect();
    format!("{cut}…")
}

fn side(found: Found<'_>, dialect: gdvariant::Dialect, width: usize) -> Object {
    let out = Object::new();
    match found {
        Found::Value(v) => {
            set(&out, "type", v.ty().name(dialect));
            set(&out, "offset", v.offset());
            set(&out, "size", v.encoded().len());
        }
        Found::Element(array, i) => {
            set(&out, "type", "element");
            set(&out, "offset", array.data_offset());
            set(&out, "index", i);
        }
    }
    set(&out, "text", found_text(found, dialect, width));
    out
}

/// The crate's structural diff of two views: up to `limit` changes, each `{kind: "changed"
/// | "removed" | "added", path, old?, new?}` with `old`/`new` `{type, offset, size, text}`
/// (text on one line, cut to `width` characters; 0: whole). Cost: see `gdvariant::diff`.
#[wasm_bindgen]
pub fn diff(a: &Node, b: &Node, limit: usize, width: usize) -> Array {
    let (a, b) = (a.value(), b.value());
    let out = Array::new();
    for change in diff::diff(a, b).take(limit) {
        let item = Object::new();
        set(&item, "path", change.path());
        match change {
            Change::Changed { old, new, .. } => {
                set(&item, "kind", "changed");
                set(&item, "old", side(old, a.dialect(), width));
                set(&item, "new", side(new, b.dialect(), width));
            }
            Change::Removed { old, .. } => {
                set(&item, "kind", "removed");
                set(&item, "old", side(old, a.dialect(), width));
            }
            Change::Added { new, .. } => {
                set(&item, "kind", "added");
                set(&item, "new", side(new, b.dialect(), width));
            }
        }
        out.push(&item);
    }
    out
}

/// Pushes `v`'s children at `depth`, the first on top.
fn push_children<'a>(
    stack: &mut Vec<(usize, Edge<'a>, VariantRef<'a>)>,
    v: VariantRef<'a>,
    depth: usize,
) {
    let start = stack.len();
    stack.extend(v.children().map(|(e, c)| (depth, e, c)));
    if let Some(pushed) = stack.get_mut(start..) {
        pushed.reverse();
    }
}

/// Does `text` contain `needle` (already lowercase), ignoring ASCII case?
fn contains(text: &str, needle: &str) -> bool {
    !needle.is_empty()
        && text
            .as_bytes()
            .windows(needle.len())
            .any(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// The text a value is searched by: a String, StringName or NodePath.
fn searchable<'a>(v: &VariantRef<'a>) -> Option<String> {
    match v.value() {
        Value::String(s) | Value::StringName(s) => Some(s.as_str().to_owned()),
        Value::NodePath(_) => Some(v.to_string()),
        _ => None,
    }
}

#[wasm_bindgen]
impl Node {
    /// This node and the places under it whose key or property name, or whose String,
    /// StringName or NodePath value, contains `needle` (ASCII case ignored), in document
    /// order (this node's path is `/`); and, when
    /// `needle` is a path that leads somewhere, that place first. At most `limit` hits:
    /// `{hits: [{path, offset, type, match: "path" | "key" | "value"}], more: bool}`.
    /// One walk (no recursion); a path is built only for a hit.
    pub fn search(&self, needle: &str, limit: usize) -> JsValue {
        let root = self.value();
        let dialect = root.dialect();
        let lower = needle.to_ascii_lowercase();
        let hits = Array::new();
        let mut more = false;
        let hit = |path: &str, v: &VariantRef<'_>, why: &str| {
            let h = Object::new();
            set(&h, "path", path);
            set(&h, "offset", v.offset());
            set(&h, "type", v.ty().name(dialect));
            set(&h, "match", why);
            h
        };
        if needle.contains('/') {
            let path = format!("/{}", needle.trim_matches('/'));
            match root.query(needle) {
                Ok(Found::Value(v)) => {
                    hits.push(&hit(&path, &v, "path"));
                }
                Ok(Found::Element(array, i)) => {
                    let h = Object::new();
                    set(&h, "path", path);
                    set(&h, "offset", array.data_offset());
                    set(&h, "type", "element");
                    set(&h, "index", i);
                    set(&h, "match", "path");
                    hits.push(&h);
                }
                Err(_) => {}
            }
        }
        // The searched value itself: a String that is a whole frame's value, say.
        if searchable(&root).is_some_and(|s| contains(&s, &lower)) {
            if limit == 0 {
                more = true;
            } else {
                hits.push(&hit("/", &root, "value"));
            }
        }
        // Depth-first, children in order: the stack holds (depth, edge, value).
        let mut stack: Vec<(usize, Edge<'_>, VariantRef<'_>)> = Vec::new();
        let mut path: Vec<String> = Vec::new();
        push_children(&mut stack, root, 0);
        while let Some((depth, edge, v)) = stack.pop() {
            path.truncate(depth);
            path.push(edge.to_string());
            let named = match edge {
                Edge::Key { key, .. } => searchable(&key).is_some_and(|k| contains(&k, &lower)),
                Edge::Property(name) => contains(name.as_str(), &lower),
                Edge::Index(_) => false,
            };
            let valued = !named && searchable(&v).is_some_and(|s| contains(&s, &lower));
            if named || valued {
                if usize::try_from(hits.length()).unwrap_or(usize::MAX) >= limit {
                    more = true;
                    break;
                }
                let full = format!("/{}", path.join("/"));
                hits.push(&hit(&full, &v, if named { "key" } else { "value" }));
            }
            push_children(&mut stack, v, depth + 1);
        }
        let out = Object::new();
        set(&out, "hits", hits);
        set(&out, "more", more);
        out.into()
    }
}
