//! A scene's `node`, `connection` and `editable` sections as the `PackedScene`'s
//! `_bundled` Dictionary (`SceneState::get_bundled_scene` in
//! `scene/resources/packed_scene.cpp`), the inverse of `binary/scene.rs` (whose constants
//! it uses).
//!
//! As `SceneState::pack` builds it: `names` and `variants` deduplicated, in the order met
//! (a node's name, its properties, its groups, then its type; a connection's method, then
//! its signal); a parent, owner, `from` or `to` that names a node of the scene is that
//! node's index (the root's owner and parent -1, every other node's owner the root), any
//! other path (inside an instanced scene) an entry of `node_paths` with `FLAG_ID_IS_PATH`;
//! a root `instance` is `base_scene`. Godot 4.6 adds `node_ids` (each node's `unique_id`)
//! and an empty `id_paths`; Godot 3 writes `version` 2 (connections without `unbinds`),
//! Godot 4 version 3.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{BinaryWriteError, BinaryWriteErrorKind as K};
use crate::read::value::VariantRef;
use crate::resource::binary::scene::{
    FLAG_ID_IS_PATH, FLAG_INSTANCE_IS_PLACEHOLDER, FLAG_PATH_PROPERTY_IS_NODE, NAME_INDEX_BITS,
    TYPE_INSTANTIATED,
};
use crate::resource::model::{Document, Section};
use crate::wire::dialect::Dialect;
use crate::write::Builder;

type R<T> = Result<T, BinaryWriteError>;

struct Pack<'d> {
    dialect: Dialect,
    names: Vec<&'d str>,
    name_map: BTreeMap<&'d str, i32>,
    variants: Vec<&'d [u8]>,
    variant_map: BTreeMap<&'d [u8], i32>,
    node_paths: Vec<String>,
    /// Path (as the text form writes `parent`: `.`, `A`, `A/B`) → node index.
    paths: BTreeMap<String, i32>,
}

fn err(kind: K, section: usize, entry: &str) -> BinaryWriteError {
    BinaryWriteError::new(kind, Some(section), entry)
}

fn index(n: usize) -> Result<i32, K> {
    i32::try_from(n)
        .ok()
        .filter(|&n| n < (1 << 24))
        .ok_or(K::TooLarge)
}

impl<'d> Pack<'d> {
    fn name(&mut self, s: &'d str) -> Result<i32, K> {
        if let Some(&i) = self.name_map.get(s) {
            return Ok(i);
        }
        let i = index(self.names.len())?;
        self.names.push(s);
        self.name_map.insert(s, i);
        Ok(i)
    }

    fn variant(&mut self, bytes: &'d [u8]) -> Result<i32, K> {
        if let Some(&i) = self.variant_map.get(bytes) {
            return Ok(i);
        }
        let i = index(self.variants.len())?;
        self.variants.push(bytes);
        self.variant_map.insert(bytes, i);
        Ok(i)
    }

    /// A node reference: its index when the path names a node of the scene, else a
    /// `node_paths` entry.
    fn node_ref(&mut self, path: &str) -> Result<i32, K> {
        let key = path.strip_prefix("./").unwrap_or(path);
        if let Some(&i) = self.paths.get(key) {
            return Ok(i);
        }
        let i = index(self.node_paths.len())?;
        self.node_paths.push(String::from(path));
        Ok(i | FLAG_ID_IS_PATH)
    }

    fn str_attr(&self, s: &'d Section, name: &str) -> Option<&'d str> {
        VariantRef::parse(s.attr(name)?, self.dialect)
            .ok()?
            .as_str()
    }
}

/// The `_bundled` Dictionary's `var_to_bytes` bytes.
pub(crate) fn bundle(doc: &Document, minor: u32) -> R<Vec<u8>> {
    let dialect = doc.dialect;
    let godot4 = dialect == Dialect::Godot4;
    let mut p = Pack {
        dialect,
        names: Vec::new(),
        name_map: BTreeMap::new(),
        variants: Vec::new(),
        variant_map: BTreeMap::new(),
        node_paths: Vec::new(),
        paths: BTreeMap::new(),
    };
    let mut nodes: Vec<i32> = Vec::new();
    let mut node_ids: Vec<i32> = Vec::new();
    let mut base_scene = None;
    let mut count = 0usize;
    for (si, s) in doc.sections.iter().enumerate() {
        if s.tag != "node" {
            continue;
        }
        let e = |k, n: &str| err(k, si, n);
        let name = p
            .str_attr(s, "name")
            .ok_or_else(|| e(K::MissingAttribute("name"), "name"))?;
        let parent_path = p.str_attr(s, "parent");
        let (parent, owner) = match parent_path {
            None if count == 0 => (-1, -1),
            None => return Err(e(K::Scene("a second node without a parent"), "parent")),
            Some(pp) => (p.node_ref(pp).map_err(|k| e(k, "parent"))?, 0),
        };
        let owner = match p.str_attr(s, "owner") {
            Some(o) => p.node_ref(o).map_err(|k| e(k, "owner"))?,
            None => owner,
        };
        let me = index(count).map_err(|k| e(k, ""))?;
        let path = match parent_path {
            None => String::from("."),
            Some(".") => String::from(name),
            Some(pp) => alloc::format!("{}/{name}", pp.strip_prefix("./").unwrap_or(pp)),
        };
        p.paths.insert(path, me);
        let name_index = p.name(name).map_err(|k| e(k, "name"))?;
        let order: i32 = match s
            .attr("index")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
        {
            Some(v) => v
                .as_int()
                .or_else(|| v.as_str().and_then(|t| t.parse().ok()))
                .and_then(|n| i32::try_from(n).ok())
                .filter(|n| (-1..(1 << 13)).contains(n))
                .ok_or_else(|| e(K::Scene("index"), "index"))?,
            None => -1,
        };
        let mut instance = -1;
        for (attr, placeholder) in [("instance", false), ("instance_placeholder", true)] {
            if let Some(b) = s.attr(attr) {
                let v = p.variant(b).map_err(|k| e(k, attr))?;
                if count == 0 && !placeholder {
                    base_scene = Some(v);
                } else {
                    instance = v | if placeholder {
                        FLAG_INSTANCE_IS_PLACEHOLDER
                    } else {
                        0
                    };
                }
            }
        }
        let deferred: Vec<&str> = s
            .attr("node_paths")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
            .and_then(|v| v.as_packed())
            .and_then(|a| a.strings())
            .map(|it| it.iter().map(|g| g.as_str()).collect())
            .unwrap_or_default();
        let mut props = Vec::new();
        for prop in &s.props {
            let n = p.name(&prop.name).map_err(|k| e(k, &prop.name))?;
            let flag = if deferred.contains(&prop.name.as_str()) {
                FLAG_PATH_PROPERTY_IS_NODE
            } else {
                0
            };
            let v = p.variant(&prop.value).map_err(|k| e(k, &prop.name))?;
            props.push((n | flag, v));
        }
        let mut groups = Vec::new();
        if let Some(g) = s
            .attr("groups")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
        {
            let a = g
                .as_array()
                .ok_or_else(|| e(K::Scene("groups"), "groups"))?;
            for item in a.iter() {
                let text = item
                    .as_str()
                    .ok_or_else(|| e(K::Scene("groups"), "groups"))?;
                groups.push(p.name(text).map_err(|k| e(k, "groups"))?);
            }
        }
        let ty = match p.str_attr(s, "type") {
            Some(t) => p.name(t).map_err(|k| e(k, "type"))?,
            None => TYPE_INSTANTIATED,
        };
        let packed_name = u32::try_from(name_index).unwrap_or(0)
            | (u32::try_from(order + 1).unwrap_or(0) << NAME_INDEX_BITS);
        nodes.extend([
            parent,
            owner,
            ty,
            i32::from_ne_bytes(packed_name.to_ne_bytes()),
            instance,
        ]);
        nodes.push(index(props.len()).map_err(|k| e(k, ""))?);
        for (n, v) in props {
            nodes.extend([n, v]);
        }
        nodes.push(index(groups.len()).map_err(|k| e(k, ""))?);
        nodes.extend(groups);
        let uid = s
            .attr("unique_id")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
            .and_then(|v| v.as_int())
            .and_then(|n| i32::try_from(n).ok())
            .unwrap_or(0);
        node_ids.push(uid);
        count += 1;
    }
    if count == 0 {
        return Err(BinaryWriteError::new(K::NoMainResource, None, ""));
    }

    let mut conns: Vec<i32> = Vec::new();
    let mut conn_count = 0usize;
    for (si, s) in doc.sections.iter().enumerate() {
        if s.tag != "connection" {
            continue;
        }
        let e = |k, n: &str| err(k, si, n);
        let need = |n: &'static str| p.str_attr(s, n).ok_or_else(|| e(K::MissingAttribute(n), n));
        let (signal, from, to, method) =
            (need("signal")?, need("from")?, need("to")?, need("method")?);
        let from = p.node_ref(from).map_err(|k| e(k, "from"))?;
        let to = p.node_ref(to).map_err(|k| e(k, "to"))?;
        let method = p.name(method).map_err(|k| e(k, "method"))?;
        let signal = p.name(signal).map_err(|k| e(k, "signal"))?;
        let int_attr = |n: &str, default: i64| {
            s.attr(n)
                .and_then(|b| VariantRef::parse(b, dialect).ok())
                .and_then(|v| v.as_int())
                .unwrap_or(default)
        };
        let flags = i32::try_from(int_attr("flags", 2)).map_err(|_| e(K::TooLarge, "flags"))?;
        let unbinds =
            i32::try_from(int_attr("unbinds", 0)).map_err(|_| e(K::TooLarge, "unbinds"))?;
        let mut binds = Vec::new();
        if let Some(b) = s.attr("binds") {
            let v = VariantRef::parse(b, dialect).map_err(|_| e(K::BadValue, "binds"))?;
            let a = v.as_array().ok_or_else(|| e(K::Scene("binds"), "binds"))?;
            for item in a.iter() {
                binds.push(p.variant(item.encoded()).map_err(|k| e(k, "binds"))?);
            }
        }
        conns.extend([from, to, signal, method, flags]);
        conns.push(index(binds.len()).map_err(|k| e(k, "binds"))?);
        conns.extend(binds);
        if godot4 {
            conns.push(unbinds);
        }
        conn_count += 1;
    }
    let editable: Vec<&str> = doc
        .sections
        .iter()
        .filter(|s| s.tag == "editable")
        .filter_map(|s| p.str_attr(s, "path"))
        .collect();

    let build_err = |_| BinaryWriteError::new(K::BadValue, None, "_bundled");
    let mut out = Vec::new();
    let b = Builder::new(&mut out, dialect);
    let mut d = b.dictionary().map_err(build_err)?;
    d.entry("names")
        .packed_strings(&p.names)
        .map_err(build_err)?;
    {
        let mut a = d.entry("variants").array().map_err(build_err)?;
        for v in &p.variants {
            let v = VariantRef::parse(v, dialect)
                .map_err(|_| BinaryWriteError::new(K::BadValue, None, "variants"))?;
            a.push().value(v).map_err(build_err)?;
        }
        a.finish().map_err(build_err)?;
    }
    d.entry("node_count").int(count as i64).map_err(build_err)?;
    d.entry("nodes").packed_i32(&nodes).map_err(build_err)?;
    let new_ids = godot4 && minor >= 6;
    if new_ids {
        d.entry("node_ids")
            .packed_i32(&node_ids)
            .map_err(build_err)?;
    }
    d.entry("conn_count")
        .int(conn_count as i64)
        .map_err(build_err)?;
    d.entry("conns").packed_i32(&conns).map_err(build_err)?;
    {
        let mut a = d.entry("node_paths").array().map_err(build_err)?;
        for np in &p.node_paths {
            a.push().node_path_str(np).map_err(build_err)?;
        }
        a.finish().map_err(build_err)?;
    }
    if new_ids {
        d.entry("id_paths")
            .array()
            .and_then(|a| a.finish())
            .map_err(build_err)?;
    }
    {
        let mut a = d.entry("editable_instances").array().map_err(build_err)?;
        for np in &editable {
            a.push().node_path_str(np).map_err(build_err)?;
        }
        a.finish().map_err(build_err)?;
    }
    if let Some(bs) = base_scene {
        d.entry("base_scene")
            .int(i64::from(bs))
            .map_err(build_err)?;
    }
    d.entry("version")
        .int(if godot4 { 3 } else { 2 })
        .map_err(build_err)?;
    d.finish().map_err(build_err)?;
    Ok(out)
}
