//! A binary resource as the [`Document`] the engine's text saver would write for it
//! (`scene/resources/resource_format_text.cpp`, `ResourceFormatSaverTextInstance::save`).
//!
//! The rules, from the saver:
//!
//! * **Which resources, in which order.** The saver walks the main resource's stored
//!   properties depth-first (Godot 4 sorts each resource's property list by name first;
//!   Godot 3 walks them in file order), Array elements and Dictionary keys and values
//!   included; a sub-resource is written after everything it refers to, the main resource
//!   last. Internal resources the walk does not reach are not written. External resources
//!   are numbered in the order the walk finds them.
//! * **Ids.** A sub-resource keeps the id of its `local://<id>` path (Godot 4:
//!   `Gradient_d2l51`, a String; Godot 3: `1`, an int). External ids: Godot 3, the number
//!   found (an int); Godot 4, `<n>_<5 chars>` where the engine draws the 5 characters at
//!   random when it saves (they are not in the `.res`). We make them deterministic: the
//!   5 characters are FNV-1a (64-bit) of `<n>:<path>` written in the engine's 34-letter
//!   alphabet (`a`–`y`, `0`–`8`). **This is where the engine's output is not a function of
//!   the file**: its ids differ on every save. `[ext_resource]` sections are sorted by id
//!   as Strings (Godot 4: `10_…` before `2_…`, as the engine sorts) or ints (Godot 3).
//! * **Header.** `gd_resource` with `type`, Godot 4's `script_class` (when the header has
//!   one), `load_steps` (sub-resources + main + externals, when more than 1; Godot 4.6+
//!   no longer writes it), `format` (Godot 3: 2; Godot 4: 3, or 4 when the walk meets a
//!   PackedVector4Array or a PackedByteArray over 64 bytes), Godot 4's `uid` (when valid).
//!   A `PackedScene` is `gd_scene` without `type`.
//! * **Properties.** As stored, in file order, except those the text saver drops: a null
//!   object (`OBJECT_EMPTY`, the saver's "object property that is null") and a nil (the
//!   binary saver keeps null object properties such as `script` and a script's null
//!   `@export var x: Resource`, which the text saver skips as null objects or as equal to
//!   their null default; a Variant property whose default is not null but whose value is
//!   null is the one case this drops wrongly). The binary saver already drops other
//!   values equal to their defaults.
//!   **Typed Arrays and Dictionaries** come out untyped: the binary form does not store
//!   the element type (the engine re-types them from the property when loading), so
//!   `Array[int]([5])` in the `.tres` is `[5]` here.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;

use super::encode::{build, entry, to_bytes, RefId, Refs};
use super::error::{BinaryError, BinaryErrorKind as K};
use super::file::{BinaryResource, InternalResource};
use super::scene::scene_sections;
use super::types::BinPackedKind;
use super::value::{BinObject, BinValue};
use crate::resource::model::{DocKind, Document, Section};
use crate::wire::dialect::Dialect;

/// The engine's alphabet for UIDs and generated ids: `a`..`y` then `0`..`8` (34 letters).
const ALPHABET: &[u8; 34] = b"abcdefghijklmnopqrstuvwxy012345678";

/// A UID as the engine writes it (`ResourceUID::id_to_text`): `uid://` and the number in
/// the 34-letter alphabet, most significant first.
pub(crate) fn uid_text(uid: u64) -> String {
    let mut digits = Vec::new();
    let mut c = uid;
    loop {
        digits.push(ALPHABET.get((c % 34) as usize).copied().unwrap_or(b'a'));
        c /= 34;
        if c == 0 {
            break;
        }
    }
    digits.reverse();
    format!("uid://{}", String::from_utf8_lossy(&digits))
}

/// Our deterministic stand-in for the engine's random external id suffix.
fn ext_suffix(n: usize, path: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in n.to_string().bytes().chain([b':']).chain(path.bytes()) {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (0..5)
        .map(|i| {
            let d = (h >> (i * 12)) % 34;
            char::from(ALPHABET.get(d as usize).copied().unwrap_or(b'a'))
        })
        .collect()
}

/// The walk's result: which internal resources the saver writes (post-order, main last),
/// which externals it finds (in order), and whether Godot 4 needs `format=4`.
pub(crate) struct Walk {
    pub(crate) saved: Vec<usize>,
    pub(crate) externals: Vec<usize>,
    pub(crate) format4: bool,
}

/// A reference met in a resource's properties.
#[derive(Clone, Copy)]
enum Ref {
    Internal(usize),
    External(usize),
}

/// The references in `value`, in the saver's order (Array elements, Dictionary keys then
/// values), and whether it holds what makes Godot 4 write `format=4`. Recursion follows
/// the value's nesting, which the reader bounded.
fn refs_of(value: &BinValue<'_>, out: &mut Vec<Ref>, format4: &mut bool) {
    match value {
        BinValue::Object(BinObject::Internal(i)) => out.push(Ref::Internal(*i as usize)),
        BinValue::Object(BinObject::External(e)) => out.push(Ref::External(*e as usize)),
        BinValue::Array(items) => items.iter().for_each(|v| refs_of(v, out, format4)),
        BinValue::Dictionary(pairs) => pairs.iter().for_each(|(k, v)| {
            refs_of(k, out, format4);
            refs_of(v, out, format4);
        }),
        BinValue::Packed(p)
            if p.kind() == BinPackedKind::Vector4
                || (p.kind() == BinPackedKind::Byte && p.len() > 64) =>
        {
            *format4 = true;
        }
        _ => {}
    }
}

/// Walks from the main resource as the text saver's `_find_resources` does: depth-first,
/// each resource's properties sorted by name in Godot 4, a resource saved after what it
/// refers to. An explicit stack, not recursion: a chain of sub-resources as long as the
/// file allows cannot overflow the call stack.
pub(crate) fn walk(res: &BinaryResource<'_>) -> Walk {
    let sorted = res.header.is_godot4();
    let mut w = Walk {
        saved: Vec::new(),
        externals: Vec::new(),
        format4: false,
    };
    let mut visited = vec![false; res.internals.len()];
    let mut found_ext = vec![false; res.externals.len()];
    let refs = |index: usize, format4: &mut bool| -> Vec<Ref> {
        let mut out = Vec::new();
        if let Some(r) = res.internals.get(index) {
            let mut props: Vec<_> = r.properties.iter().collect();
            if sorted {
                props.sort_by(|a, b| a.name.cmp(b.name));
            }
            for p in props {
                refs_of(&p.value, &mut out, format4);
            }
        }
        out
    };
    let Some(root) = res.internals.len().checked_sub(1) else {
        return w;
    };
    if let Some(v) = visited.get_mut(root) {
        *v = true;
    }
    let mut stack: Vec<(usize, Vec<Ref>, usize)> = vec![(root, refs(root, &mut w.format4), 0)];
    while let Some((index, found, pos)) = stack.last_mut() {
        match found.get(*pos).copied() {
            Some(next) => {
                *pos += 1;
                match next {
                    Ref::External(e) => {
                        if let Some(seen @ false) = found_ext.get_mut(e) {
                            *seen = true;
                            w.externals.push(e);
                        }
                    }
                    Ref::Internal(i) => {
                        if visited.get(i) == Some(&false) {
                            if let Some(v) = visited.get_mut(i) {
                                *v = true;
                            }
                            let found = refs(i, &mut w.format4);
                            stack.push((i, found, 0));
                        }
                    }
                }
            }
            None => {
                w.saved.push(*index);
                stack.pop();
            }
        }
    }
    w
}

/// The text form's id of an internal resource: after `local://` (or `::`).
fn internal_id(r: &InternalResource<'_>, index: usize, godot4: bool) -> RefId {
    let raw = r
        .local_id()
        .or_else(|| r.path.rsplit_once("::").map(|(_, id)| id))
        .unwrap_or("");
    if godot4 {
        RefId::Str(String::from(raw))
    } else {
        RefId::Int(raw.parse().unwrap_or(index as i64 + 1))
    }
}

/// A property the text saver drops: a null, whether an empty object reference or a nil
/// (the binary saver keeps some null object properties, `script` among them, that the
/// text saver skips as "null object" or as equal to their null default).
fn dropped(value: &BinValue<'_>) -> bool {
    matches!(value, BinValue::Object(BinObject::Null) | BinValue::Nil)
}

impl BinaryResource<'_> {
    /// The [`Document`] the engine's text saver would write for this resource: see the
    /// rules in this module's source docs (`document.rs`) and in
    /// [`crate::resource`]'s binary module docs. A `PackedScene` becomes a scene: its
    /// `_bundled` Dictionary is read into `node` and `connection` sections (every index in
    /// it checked, [`BinaryErrorKind::BundleIndex`](super::BinaryErrorKind::BundleIndex)).
    ///
    /// Cost: O(file) plus one `var_to_bytes` copy of every property value (packed arrays
    /// included).
    pub fn to_document(&self) -> Result<Document, BinaryError> {
        let godot4 = self.header.is_godot4();
        let dialect = if godot4 {
            Dialect::Godot4
        } else {
            Dialect::Godot3
        };
        let main = self.main().ok_or(BinaryError::new(K::NoMainResource, 0))?;
        let scene = main.class == "PackedScene" && main.get("_bundled").is_some();
        let w = walk(self);

        // Ids.
        let main_index = self.internals.len().saturating_sub(1);
        let internal: Vec<Option<RefId>> = self
            .internals
            .iter()
            .enumerate()
            .map(|(i, r)| (i != main_index).then(|| internal_id(r, i, godot4)))
            .collect();
        let mut external: Vec<RefId> = self
            .externals
            .iter()
            .enumerate()
            .map(|(i, e)| {
                if godot4 {
                    RefId::Str(format!("{}_{}", i + 1, ext_suffix(i + 1, e.path)))
                } else {
                    RefId::Int(i as i64 + 1)
                }
            })
            .collect();
        for (n, &e) in w.externals.iter().enumerate() {
            let path = self.externals.get(e).map_or("", |x| x.path);
            if let Some(slot) = external.get_mut(e) {
                *slot = if godot4 {
                    RefId::Str(format!("{}_{}", n + 1, ext_suffix(n + 1, path)))
                } else {
                    RefId::Int(n as i64 + 1)
                };
            }
        }
        let refs = Refs {
            internal: &internal,
            external: &external,
        };

        // Header.
        let mut attrs = Vec::new();
        if !scene {
            attrs.push(entry("type", build(dialect, |b| b.string(main.class))?));
            if let Some(class) = self.header.script_class.filter(|_| godot4) {
                attrs.push(entry("script_class", build(dialect, |b| b.string(class))?));
            }
        }
        let load_steps = w.saved.len() + w.externals.len();
        let writes_steps = !godot4 || self.header.engine_major == 4 && self.header.engine_minor < 6;
        if load_steps > 1 && writes_steps {
            attrs.push(entry(
                "load_steps",
                build(dialect, |b| b.int(load_steps as i64))?,
            ));
        }
        let format = match (godot4, w.format4) {
            (false, _) => 2,
            (true, false) => 3,
            (true, true) => 4,
        };
        attrs.push(entry("format", build(dialect, |b| b.int(format))?));
        if let Some(uid) = self.header.valid_uid().filter(|_| godot4) {
            attrs.push(entry("uid", build(dialect, |b| b.string(&uid_text(uid)))?));
        }
        let header = Section {
            tag: String::from(if scene { "gd_scene" } else { "gd_resource" }),
            attrs,
            props: Vec::new(),
        };

        let mut sections = Vec::new();
        // External resources, sorted by id.
        let mut ext: Vec<usize> = w.externals.clone();
        ext.sort_by(|&a, &b| match (external.get(a), external.get(b)) {
            (Some(RefId::Str(x)), Some(RefId::Str(y))) => x.cmp(y),
            (Some(RefId::Int(x)), Some(RefId::Int(y))) => x.cmp(y),
            _ => core::cmp::Ordering::Equal,
        });
        for e in ext {
            let (Some(er), Some(id)) = (self.externals.get(e), external.get(e)) else {
                continue;
            };
            let id_bytes = build(dialect, |b| match id {
                RefId::Int(n) => b.int(*n),
                RefId::Str(s) => b.string(s),
            })?;
            let mut attrs = Vec::new();
            let path = entry("path", build(dialect, |b| b.string(er.path))?);
            let ty = entry("type", build(dialect, |b| b.string(er.class))?);
            if godot4 {
                attrs.push(ty);
                if let Some(uid) = er.uid.filter(|&u| u <= i64::MAX as u64) {
                    attrs.push(entry("uid", build(dialect, |b| b.string(&uid_text(uid)))?));
                }
                attrs.push(path);
            } else {
                attrs.push(path);
                attrs.push(ty);
            }
            attrs.push(entry("id", id_bytes));
            sections.push(Section {
                tag: String::from("ext_resource"),
                attrs,
                props: Vec::new(),
            });
        }

        // Sub-resources, then the main resource (or the scene's nodes).
        for &i in &w.saved {
            let Some(r) = self.internals.get(i) else {
                continue;
            };
            let mut props = Vec::new();
            if i == main_index && scene {
                continue;
            }
            for p in &r.properties {
                if dropped(&p.value) {
                    continue;
                }
                let bytes = to_bytes(&p.value, dialect, &refs)
                    .map_err(|e| BinaryError::new(K::Build(e), p.offset))?;
                props.push(entry(p.name, bytes));
            }
            let (tag, attrs) = match internal.get(i) {
                Some(Some(id)) => {
                    let id_bytes = build(dialect, |b| match id {
                        RefId::Int(n) => b.int(*n),
                        RefId::Str(s) => b.string(s),
                    })?;
                    (
                        "sub_resource",
                        vec![
                            entry("type", build(dialect, |b| b.string(r.class))?),
                            entry("id", id_bytes),
                        ],
                    )
                }
                _ => ("resource", Vec::new()),
            };
            sections.push(Section {
                tag: String::from(tag),
                attrs,
                props,
            });
        }
        if scene {
            sections.extend(scene_sections(self, main, dialect, &refs)?);
        }
        Ok(Document {
            dialect,
            kind: if scene {
                DocKind::Scene
            } else {
                DocKind::Resource
            },
            header,
            sections,
        })
    }
}
