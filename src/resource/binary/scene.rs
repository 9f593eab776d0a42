//! A `PackedScene`'s `_bundled` Dictionary read into `node`, `connection` and `editable`
//! sections, as `SceneState::set_bundled_scene` reads it and the text saver writes it
//! (`scene/resources/packed_scene.cpp`, `resource_format_text.cpp`).
//!
//! `nodes` is a PackedInt32Array of, per node: parent, owner, type, name (bits 0..18; the
//! index + 1 above), instance, property count, (name, value) pairs, group count, groups.
//! `conns`, per connection: from, to, signal, method, flags, bind count, binds, and
//! (version 3+) unbinds. Names index `names`, values index `variants`; a parent, owner,
//! from or to with bit 30 set indexes `node_paths`. Godot 4.6 adds `node_ids` (the
//! `unique_id=` of each node). Every index is checked ([`BinaryErrorKind::BundleIndex`]);
//! a parent chain is followed at most node-count times, so a cycle cannot loop.
//!
//! Not reproduced: 4.6's `parent_id_path` / `owner_uid_path` attributes (from `id_paths`,
//! written only for nodes of instanced scenes).

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;

use super::encode::{build, entry, to_bytes, write, Refs};
use super::error::{BinaryError, BinaryErrorKind as K};
use super::file::{BinaryResource, InternalResource};
use super::value::{BinNodePath, BinValue};
use crate::resource::model::Section;
use crate::wire::dialect::Dialect;

pub(crate) const NO_PARENT_SAVED: i32 = 0x7FFF_FFFF;
pub(crate) const NAME_INDEX_BITS: u32 = 18;
pub(crate) const FLAG_ID_IS_PATH: i32 = 1 << 30;
pub(crate) const TYPE_INSTANTIATED: i32 = 0x7FFF_FFFF;
pub(crate) const FLAG_INSTANCE_IS_PLACEHOLDER: i32 = 1 << 30;
pub(crate) const FLAG_PATH_PROPERTY_IS_NODE: i32 = 1 << 30;
pub(crate) const FLAG_MASK: i32 = (1 << 24) - 1;
pub(crate) const CONNECT_PERSIST: i64 = 2;

type R<T> = Result<T, BinaryError>;

/// A bundle int as an index; a negative one as `usize::MAX`, which no table reaches.
fn index_of(raw: i32) -> usize {
    usize::try_from(raw).unwrap_or(usize::MAX)
}

struct Node {
    parent: i32,
    owner: i32,
    ty: i32,
    name: usize,
    index: i32,
    instance: i32,
    props: Vec<(i32, usize)>,
    groups: Vec<usize>,
}

/// The deepest parent chain followed (a node path of more levels is refused).
const MAX_NODE_DEPTH: usize = 1024;

struct Bundle<'v, 'a> {
    names: Vec<&'a str>,
    variants: &'v [BinValue<'a>],
    nodes: Vec<Node>,
    node_paths: Vec<String>,
    at: usize,
    /// Bytes of node paths made so far, and the most allowed (a chain of nodes could
    /// otherwise make paths whose total grows with the square of the input).
    path_bytes: core::cell::Cell<usize>,
    path_budget: usize,
}

fn get<'v, 'a>(d: &'v [(BinValue<'a>, BinValue<'a>)], key: &str) -> Option<&'v BinValue<'a>> {
    d.iter()
        .find(|(k, _)| matches!(k, BinValue::String(s) | BinValue::StringName(s) if *s == key))
        .map(|(_, v)| v)
}

fn int_of(v: Option<&BinValue<'_>>, what: &'static str, at: usize) -> R<i64> {
    match v {
        Some(BinValue::Int(n)) => Ok(*n),
        _ => Err(BinaryError::new(K::BadBundle(what), at)),
    }
}

fn ints_of(v: Option<&BinValue<'_>>, what: &'static str, at: usize) -> R<Vec<i32>> {
    match v {
        Some(BinValue::Packed(p)) if p.kind() == super::types::BinPackedKind::Int32 => {
            Ok(p.ints32().map(Iterator::collect).unwrap_or_default())
        }
        None => Ok(Vec::new()),
        _ => Err(BinaryError::new(K::BadBundle(what), at)),
    }
}

fn path_text(p: &BinNodePath<'_>) -> String {
    let mut s = String::new();
    if p.absolute {
        s.push('/');
    }
    s.push_str(&p.names.join("/"));
    for sub in &p.subnames {
        s.push(':');
        s.push_str(sub);
    }
    s
}

/// `NodePath::simplified` of a name list: `.` parts dropped (unless alone), `x/..` folded.
/// The engine's in-place loop, as one linear pass: `out` is what it has kept so far.
fn simplified(parts: Vec<String>) -> String {
    let n = parts.len();
    let mut out: Vec<String> = Vec::with_capacity(n);
    let mut iter = parts.into_iter().enumerate();
    while let Some((i, p)) = iter.next() {
        let rest = n - i;
        if out.len() + rest == 1 {
            out.push(p);
            out.extend(iter.map(|(_, p)| p));
            break;
        }
        if p == "." {
            continue;
        }
        if p == ".." && out.last().is_some_and(|t| t != "." && t != "..") {
            out.pop();
            if out.is_empty() && rest == 1 {
                out.push(String::from("."));
            }
            continue;
        }
        out.push(p);
    }
    out.join("/")
}

/// A sequential reader of a PackedInt32Array's ints.
struct Ints<'s> {
    ints: &'s [i32],
    pos: usize,
    what: &'static str,
    at: usize,
}

impl Ints<'_> {
    fn next(&mut self) -> R<i32> {
        let v = self
            .ints
            .get(self.pos)
            .copied()
            .ok_or(BinaryError::new(K::BadBundle(self.what), self.at))?;
        self.pos += 1;
        Ok(v)
    }

    fn count(&mut self) -> R<usize> {
        let n = self.next()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= self.ints.len().saturating_sub(self.pos))
            .ok_or(BinaryError::new(K::BadBundle(self.what), self.at))
    }
}

impl<'v, 'a> Bundle<'v, 'a> {
    fn name(&self, i: usize) -> R<&'a str> {
        self.names
            .get(i)
            .copied()
            .ok_or(BinaryError::new(K::BundleIndex("name"), self.at))
    }

    fn name_index(&self, raw: i32) -> R<usize> {
        usize::try_from(raw)
            .ok()
            .filter(|&i| i < self.names.len())
            .ok_or(BinaryError::new(K::BundleIndex("name"), self.at))
    }

    fn variant(&self, raw: i32) -> R<&'v BinValue<'a>> {
        usize::try_from(raw)
            .ok()
            .and_then(|i| self.variants.get(i))
            .ok_or(BinaryError::new(K::BundleIndex("variant"), self.at))
    }

    fn node_path_at(&self, raw: i32) -> R<&str> {
        usize::try_from(raw & FLAG_MASK)
            .ok()
            .and_then(|i| self.node_paths.get(i))
            .map(String::as_str)
            .ok_or(BinaryError::new(K::BundleIndex("node path"), self.at))
    }

    /// `SceneState::get_node_path`, simplified as the text saver writes it; `None` for
    /// the root's parent.
    fn node_path(&self, idx: usize, for_parent: bool) -> R<Option<String>> {
        let node = self
            .nodes
            .get(idx)
            .ok_or(BinaryError::new(K::BundleIndex("node"), self.at))?;
        if node.parent < 0 || node.parent == NO_PARENT_SAVED {
            return Ok((!for_parent).then(|| String::from(".")));
        }
        // Built leaf first, then reversed; its length is checked against the budget as it
        // grows.
        let mut parts: Vec<String> = Vec::new();
        let mut base: Option<&str> = None;
        let mut n = idx;
        let mut steps = 0usize;
        let mut len = self.path_bytes.get();
        let over = || BinaryError::new(K::BadBundle("node paths longer than the budget"), self.at);
        loop {
            steps += 1;
            if steps > self.nodes.len() + 1 || steps > MAX_NODE_DEPTH {
                return Err(BinaryError::new(
                    K::BadBundle("node parents deeper than 1024 or in a cycle"),
                    self.at,
                ));
            }
            let cur = self
                .nodes
                .get(n)
                .ok_or(BinaryError::new(K::BundleIndex("node"), self.at))?;
            if cur.parent == NO_PARENT_SAVED || cur.parent < 0 {
                parts.push(String::from("."));
                break;
            }
            if !for_parent || idx != n {
                let name = self.name(cur.name)?;
                len = len.saturating_add(name.len() + 1);
                if len > self.path_budget {
                    return Err(over());
                }
                parts.push(String::from(name));
            }
            if cur.parent & FLAG_ID_IS_PATH != 0 {
                base = Some(self.node_path_at(cur.parent)?);
                break;
            }
            n = index_of(cur.parent & FLAG_MASK);
        }
        parts.reverse();
        if let Some(base) = base {
            let mut all: Vec<String> = base
                .split('/')
                .filter(|p| !p.is_empty())
                .map(String::from)
                .collect();
            all.extend(parts);
            parts = all;
        }
        if parts.is_empty() {
            return Ok(Some(String::from(".")));
        }
        let path = simplified(parts);
        let total = self.path_bytes.get().saturating_add(path.len());
        if total > self.path_budget {
            return Err(over());
        }
        self.path_bytes.set(total);
        Ok(Some(path))
    }

    /// A node reference (parent/owner/from/to): a node index, or a node path.
    fn node_ref(&self, raw: i32) -> R<Option<String>> {
        if raw < 0 || raw == NO_PARENT_SAVED {
            return Ok(None);
        }
        if raw & FLAG_ID_IS_PATH != 0 {
            let parts = self
                .node_path_at(raw)?
                .split('/')
                .map(String::from)
                .collect();
            return Ok(Some(simplified(parts)));
        }
        self.node_path(index_of(raw & FLAG_MASK), false)
    }
}

/// The scene's sections, in the text saver's order: nodes, connections, editables.
pub(crate) fn scene_sections(
    res: &BinaryResource<'_>,
    main: &InternalResource<'_>,
    dialect: Dialect,
    refs: &Refs<'_>,
) -> R<Vec<Section>> {
    let at = main
        .properties
        .iter()
        .find(|p| p.name == "_bundled")
        .map_or(0, |p| p.offset);
    let Some(BinValue::Dictionary(d)) = main.get("_bundled") else {
        return Err(BinaryError::new(
            K::BadBundle("_bundled is not a Dictionary"),
            at,
        ));
    };
    let version = match get(d, "version") {
        Some(v) => int_of(Some(v), "version", at)?,
        None => 1,
    };
    let names: Vec<&str> = match get(d, "names") {
        Some(BinValue::Packed(p)) => p
            .strings()
            .ok_or(BinaryError::new(K::BadBundle("names"), at))?
            .collect(),
        _ => return Err(BinaryError::new(K::BadBundle("names"), at)),
    };
    let variants: &[BinValue<'_>] = match get(d, "variants") {
        Some(BinValue::Array(a)) => a,
        _ => return Err(BinaryError::new(K::BadBundle("variants"), at)),
    };
    let node_count = int_of(get(d, "node_count"), "node_count", at)?;
    let snodes = ints_of(get(d, "nodes"), "nodes", at)?;
    let conn_count = int_of(get(d, "conn_count"), "conn_count", at)?;
    let sconns = ints_of(get(d, "conns"), "conns", at)?;
    let node_ids = ints_of(get(d, "node_ids"), "node_ids", at)?;
    let mut node_paths = Vec::new();
    if let Some(BinValue::Array(a)) = get(d, "node_paths") {
        for p in a {
            match p {
                BinValue::NodePath(p) => node_paths.push(path_text(p)),
                _ => return Err(BinaryError::new(K::BadBundle("node_paths"), at)),
            }
        }
    }
    let base_scene = match get(d, "base_scene") {
        Some(v) => Some(int_of(Some(v), "base_scene", at)?),
        None => None,
    };

    // Nodes.
    let node_count = usize::try_from(node_count)
        .ok()
        .filter(|&n| n <= snodes.len())
        .ok_or(BinaryError::new(K::BadBundle("node_count"), at))?;
    let mut r = Ints {
        ints: &snodes,
        pos: 0,
        what: "nodes",
        at,
    };
    let mut b = Bundle {
        names,
        variants,
        nodes: Vec::new(),
        node_paths,
        at,
        path_bytes: core::cell::Cell::new(0),
        path_budget: res
            .strings
            .len()
            .saturating_add(snodes.len())
            .saturating_mul(64)
            .max(1 << 20),
    };
    for _ in 0..node_count {
        let parent = r.next()?;
        let owner = r.next()?;
        let ty = r.next()?;
        let name_index = u32::from_ne_bytes(r.next()?.to_ne_bytes());
        let name = b.name_index((name_index & ((1 << NAME_INDEX_BITS) - 1)) as i32)?;
        let index = (name_index >> NAME_INDEX_BITS) as i32 - 1;
        let instance = r.next()?;
        let mut props = Vec::new();
        let n = r.count()?;
        for _ in 0..n {
            let pn = r.next()?;
            let pv = r.next()?;
            b.variant(pv)?;
            b.name_index(pn & (FLAG_PATH_PROPERTY_IS_NODE - 1))?;
            props.push((pn, index_of(pv)));
        }
        let n = r.count()?;
        let mut groups = Vec::new();
        for _ in 0..n {
            groups.push(b.name_index(r.next()?)?);
        }
        if ty != TYPE_INSTANTIATED {
            b.name_index(ty)?;
        }
        b.nodes.push(Node {
            parent,
            owner,
            ty,
            name,
            index,
            instance,
            props,
            groups,
        });
    }
    for node in &b.nodes {
        for raw in [node.parent, node.owner] {
            if raw >= 0 && raw != NO_PARENT_SAVED && raw & FLAG_ID_IS_PATH == 0 {
                let i = index_of(raw & FLAG_MASK);
                if i >= b.nodes.len() {
                    return Err(BinaryError::new(K::BundleIndex("node"), at));
                }
            }
        }
    }

    let left = core::cell::Cell::new(budget(res.input_len));
    let mut sections = Vec::new();
    let s = |v: &str| build(dialect, |x| x.string(v));
    for (i, node) in b.nodes.iter().enumerate() {
        let mut attrs = vec![entry("name", s(b.name(node.name)?)?)];
        if node.ty != TYPE_INSTANTIATED {
            attrs.push(entry("type", s(b.name(index_of(node.ty))?)?));
        }
        if let Some(parent) = b.node_path(i, true)? {
            attrs.push(entry("parent", s(&parent)?));
        }
        if let Some(owner) = b.node_ref(node.owner)? {
            if owner != "." {
                attrs.push(entry("owner", s(&owner)?));
            }
        }
        if node.index >= 0 {
            attrs.push(entry("index", s(&alloc::format!("{}", node.index))?));
        }
        if let Some(&id) = node_ids.get(i) {
            if id != 0 {
                attrs.push(entry(
                    "unique_id",
                    build(dialect, |x| x.int(i64::from(id)))?,
                ));
            }
        }
        let deferred: Vec<&str> = node
            .props
            .iter()
            .filter(|(n, _)| n & FLAG_PATH_PROPERTY_IS_NODE != 0)
            .map(|(n, _)| b.name(index_of(n & (FLAG_PATH_PROPERTY_IS_NODE - 1))))
            .collect::<R<_>>()?;
        if !deferred.is_empty() {
            attrs.push(entry(
                "node_paths",
                build(dialect, |x| x.packed_strings(&deferred))?,
            ));
        }
        if !node.groups.is_empty() {
            let mut groups: Vec<&str> = node.groups.iter().map(|&g| b.name(g)).collect::<R<_>>()?;
            groups.sort_unstable();
            attrs.push(entry(
                "groups",
                build(dialect, |x| {
                    let mut a = x.array()?;
                    for g in &groups {
                        a.push().string(g)?;
                    }
                    a.finish()
                })?,
            ));
        }
        let instance_value = if node.instance >= 0 {
            Some((
                node.instance & FLAG_INSTANCE_IS_PLACEHOLDER != 0,
                b.variant(node.instance & FLAG_MASK)?,
            ))
        } else if node.parent < 0 || node.parent == NO_PARENT_SAVED {
            match base_scene {
                Some(bs) => Some((false, b.variant(i32::try_from(bs).unwrap_or(-1))?)),
                None => None,
            }
        } else {
            None
        };
        if let Some((placeholder, v)) = instance_value {
            let name = if placeholder {
                "instance_placeholder"
            } else {
                "instance"
            };
            attrs.push(entry(name, value_bytes(v, dialect, refs, at, &left)?));
        }
        let mut props = Vec::new();
        for &(pn, pv) in &node.props {
            let name = b.name(index_of(pn & (FLAG_PATH_PROPERTY_IS_NODE - 1)))?;
            let v = b
                .variants
                .get(pv)
                .ok_or(BinaryError::new(K::BundleIndex("variant"), at))?;
            props.push(entry(name, value_bytes(v, dialect, refs, at, &left)?));
        }
        sections.push(Section {
            tag: String::from("node"),
            attrs,
            props,
        });
    }

    // Connections.
    let conn_count = usize::try_from(conn_count)
        .ok()
        .filter(|&n| n <= sconns.len())
        .ok_or(BinaryError::new(K::BadBundle("conn_count"), at))?;
    let mut r = Ints {
        ints: &sconns,
        pos: 0,
        what: "conns",
        at,
    };
    for _ in 0..conn_count {
        let from = r.next()?;
        let to = r.next()?;
        let signal = b.name(b.name_index(r.next()?)?)?;
        let method = b.name(b.name_index(r.next()?)?)?;
        let flags = r.next()?;
        let n = r.count()?;
        let mut binds = Vec::new();
        for _ in 0..n {
            binds.push(b.variant(r.next()?)?);
        }
        let unbinds = if version >= 3 { r.next()? } else { 0 };
        let from = b
            .node_ref(from)?
            .ok_or(BinaryError::new(K::BundleIndex("node"), at))?;
        let to = b
            .node_ref(to)?
            .ok_or(BinaryError::new(K::BundleIndex("node"), at))?;
        let mut attrs = vec![
            entry("signal", s(signal)?),
            entry("from", s(&from)?),
            entry("to", s(&to)?),
            entry("method", s(method)?),
        ];
        if i64::from(flags) != CONNECT_PERSIST {
            attrs.push(entry("flags", build(dialect, |x| x.int(i64::from(flags)))?));
        }
        if unbinds > 0 {
            attrs.push(entry(
                "unbinds",
                build(dialect, |x| x.int(i64::from(unbinds)))?,
            ));
        }
        if !binds.is_empty() {
            // Each bound value counted against the budget first, then the Array written
            // from the bundle's values in place.
            for v in &binds {
                value_bytes(v, dialect, refs, at, &left)?;
            }
            let bytes = build(dialect, |x| {
                let mut a = x.array()?;
                for v in &binds {
                    write(a.push(), v, refs)?;
                }
                a.finish()
            })?;
            attrs.push(entry("binds", bytes));
        }
        sections.push(Section {
            tag: String::from("connection"),
            attrs,
            props: Vec::new(),
        });
    }

    // Editable instances.
    if let Some(BinValue::Array(a)) = get(d, "editable_instances") {
        for p in a {
            let BinValue::NodePath(p) = p else {
                return Err(BinaryError::new(K::BadBundle("editable_instances"), at));
            };
            sections.push(Section {
                tag: String::from("editable"),
                attrs: vec![entry("path", s(&path_text(p))?)],
                props: Vec::new(),
            });
        }
    }
    Ok(sections)
}

/// What a scene's sections may hold in all: node properties and binds name values of the
/// bundle by index, so a small file can name one large value many times.
fn budget(input_len: usize) -> usize {
    input_len.saturating_mul(64).max(16 << 20)
}

fn value_bytes(
    v: &BinValue<'_>,
    dialect: Dialect,
    refs: &Refs<'_>,
    at: usize,
    left: &core::cell::Cell<usize>,
) -> R<Vec<u8>> {
    let bytes = to_bytes(v, dialect, refs).map_err(|e| BinaryError::new(K::Build(e), at))?;
    let rest = left.get().checked_sub(bytes.len()).ok_or(BinaryError::new(
        K::BadBundle("scene values larger than the budget"),
        at,
    ))?;
    left.set(rest);
    Ok(bytes)
}
