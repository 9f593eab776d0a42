//! A [`Document`] as a binary resource (`RSRC`), as `ResourceFormatSaverBinaryInstance::save`
//! (`core/io/resource_format_binary.cpp`) writes it; with feature `containers`, compressed
//! (`RSCC`) as its `FLAG_COMPRESS` writes it.
//!
//! # What is written
//!
//! * **Header**: `RSRC`, little-endian, `use_real64` 0, the engine version (Godot 3
//!   documents: 3.[`BinaryWriteOptions::engine_minor`], default 3.6; Godot 4: 4.x,
//!   default 4.6), the format version (3 for Godot 3; 6 for Godot 4.3+, 5 for 4.0–4.2),
//!   the main class, a zero import-metadata offset; Godot 4 then the flags
//!   (`FLAG_NAMED_SCENE_IDS | FLAG_UIDS`, plus `FLAG_HAS_SCRIPT_CLASS` when the header has
//!   `script_class`), the header's `uid` (or -1), the script class; the reserved words.
//! * **String table**: every NodePath part, in the order the sections hold them, then
//!   every written property name, resource by resource.
//! * **External table**: each `ext_resource`'s `type` and `path` (and Godot 4's `uid`, or
//!   -1), in section order; an `ExtResource` reference is `OBJECT_EXTERNAL_RESOURCE_INDEX`
//!   with its index here.
//! * **Internal table**: each `sub_resource` as `local://<id>`, in section order, then the
//!   main resource (Godot 3: `local://<largest id + 1>`; Godot 4: `local://<Class>_<5
//!   letters>`, the letters derived from the class, or
//!   [`BinaryWriteOptions::main_id`]); the offsets are patched once each body is written.
//!   A `SubResource` reference is `OBJECT_INTERNAL_RESOURCE` with (Godot 4) the index in
//!   this table or (Godot 3) the id. A reference must be to a resource written before
//!   the one holding it (the engine's loader resolves no forward reference): the text
//!   saver's order is such.
//! * **Bodies**: the class, the property count, each property's string index and value
//!   in the binary encoding (`write_variant`: ints as `VARIANT_INT` when they fit 32 bits
//!   else `VARIANT_INT64`; floats as `VARIANT_FLOAT` when an f32 holds them exactly else
//!   `VARIANT_DOUBLE`; single-precision reals; byte arrays padded to 4). Then `RSRC`.
//! * **Scenes** (`gd_scene`): the `node`/`connection`/`editable` sections become the
//!   `PackedScene`'s `_bundled` Dictionary (see `scene.rs`).
//!
//! # Where the engine's bytes are not a function of the Document
//!
//! An engine-written file read with [`BinaryResource::to_document`] and written back
//! holds the same resources, classes, properties and values (the tests re-read both and
//! compare), but not the same bytes, because the engine writes things the text model
//! does not keep (`ResourceFormatSaverBinaryInstance::save`):
//!
//! * **The string table** holds the name of *every* stored property of each resource's
//!   class (`get_string_index(pi.name)` runs before the "equal to its default" check that
//!   skips the value): `resource_local_to_scene`, `resource_name`, … appear though no
//!   property uses them. The Document holds only the written properties; we write only
//!   the names used.
//! * **Null properties**: the saver keeps properties whose class default is a nil
//!   Variant (`default_value.get_type() != Variant::NIL` guards the skip), such as
//!   `script = null` at the end of every resource and a script's unset
//!   `@export var r: Resource`; the text saver drops them, so the Document has none.
//! * **Godot 4's main resource id**: 4.x writes the main resource as `local://<Class>_<5
//!   random letters>` (`Resource::generate_scene_unique_id`); the text form has no id for
//!   it. Godot 4's sub-resource ids, kept in the text form, are kept.
//! * **The engine version**: the Document says Godot 3 or 4, not the minor version
//!   (3.2's and 3.6's files differ only there): [`BinaryWriteOptions::engine_minor`].
//! * **Resource order**: the binary saver's walk visits properties in property-list order
//!   and Godot 4's text saver in name order, so sub-resources can be in another order.
//! * **Godot 4 external UIDs**: written from the `ext_resource`'s `uid` attribute, as the
//!   engine writes the UID it has for the path (the `.res` and the `.tres` agree only if
//!   the project's UID cache does).
//!
//! Scenes' `_bundled` Dictionaries, by contrast, come back equal to the engine's (names,
//! variants, nodes, connections, 4.6's `node_ids`): the tests compare them value by value.
//!
//! From a `.tres` (rather than a `.res`), two more things differ from the engine's `.res`
//! of the same resource, both in the text form: Godot 4's text saver sorts Dictionary
//! keys (the binary saver keeps insertion order), and typed Arrays/Dictionaries are
//! written untyped (as the engine's binary file holds them: the loader re-types them from
//! the property). Godot 3's text keeps 6 significant digits of reals, so a 3.x `.tres`
//! and `.res` of one resource can differ in floats; the engine reads our `.res` as it
//! reads the `.tres` it came from (`tests/engines/resource_write.rs`).

mod error;
#[cfg(feature = "containers")]
mod rscc;
mod scene;
mod value;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

pub use error::{BinaryWriteError, BinaryWriteErrorKind};

use self::error::BinaryWriteErrorKind as K;
use self::value::{write, Out};
use super::file::{FLAG_HAS_SCRIPT_CLASS, FLAG_NAMED_SCENE_IDS, FLAG_UIDS};
use crate::read::value::VariantRef;
use crate::resource::model::{Document, Entry};
use crate::wire::dialect::Dialect;

/// How to write a binary resource. The defaults write what Godot 3.6 / Godot 4.6 write.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct BinaryWriteOptions {
    /// The engine minor version in the header (default: 6 for both majors). For Godot 4,
    /// below 3 also writes format version 5 (4.0–4.2 refuse 6).
    pub engine_minor: Option<u32>,
    /// Godot 4: the main resource's id (after `local://`); default `<Class>_<5 letters>`
    /// derived from the class name.
    pub main_id: Option<String>,
}

impl BinaryWriteOptions {
    /// The defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`BinaryWriteOptions::engine_minor`].
    pub fn engine_minor(mut self, minor: u32) -> Self {
        self.engine_minor = Some(minor);
        self
    }

    /// Sets [`BinaryWriteOptions::main_id`].
    pub fn main_id(mut self, id: &str) -> Self {
        self.main_id = Some(String::from(id));
        self
    }
}

/// The tables references and NodePaths resolve against while bodies are written.
pub(crate) struct Tables {
    pub(crate) godot4: bool,
    strings: Vec<String>,
    /// The string table as a sorted index (string, position) for O(log n) look-ups.
    index: alloc::collections::BTreeMap<String, u32>,
    /// Sub-resource id → what a reference writes (Godot 4: table index; Godot 3: the id).
    internal: alloc::collections::BTreeMap<String, u32>,
    /// External id → table index.
    external: alloc::collections::BTreeMap<String, u32>,
}

impl Tables {
    pub(crate) fn string_index(&mut self, s: &str) -> Result<u32, K> {
        if let Some(&i) = self.index.get(s) {
            return Ok(i);
        }
        let i = u32::try_from(self.strings.len()).map_err(|_| K::TooLarge)?;
        self.strings.push(String::from(s));
        self.index.insert(String::from(s), i);
        Ok(i)
    }

    pub(crate) fn internal_ref(&self, key: &str) -> Result<u32, K> {
        self.internal
            .get(key)
            .copied()
            .ok_or_else(|| K::UnknownSubResource(String::from(key)))
    }

    pub(crate) fn external_ref(&self, key: &str) -> Result<u32, K> {
        self.external
            .get(key)
            .copied()
            .ok_or_else(|| K::UnknownExtResource(String::from(key)))
    }
}

/// One resource to write: its `local://` path, class and properties.
pub(crate) struct Body<'d> {
    pub(crate) path: String,
    pub(crate) class: String,
    pub(crate) props: Vec<(&'d str, VariantRef<'d>)>,
    /// The section it came from (for errors; `None`: made by the scene writer).
    pub(crate) section: Option<usize>,
    /// Its reference key (sub-resources) to register once written.
    pub(crate) key: Option<String>,
}

fn err(kind: K, section: Option<usize>, entry: &str) -> BinaryWriteError {
    BinaryWriteError::new(kind, section, entry)
}

/// An attribute's value, or [`BinaryWriteErrorKind::MissingAttribute`].
fn attr<'d>(
    attrs: &'d [Entry],
    name: &'static str,
    dialect: Dialect,
    section: Option<usize>,
) -> Result<VariantRef<'d>, BinaryWriteError> {
    let e = attrs
        .iter()
        .find(|e| e.name == name)
        .ok_or_else(|| err(K::MissingAttribute(name), section, name))?;
    VariantRef::parse(&e.value, dialect).map_err(|_| err(K::BadValue, section, name))
}

fn attr_str<'d>(
    attrs: &'d [Entry],
    name: &'static str,
    dialect: Dialect,
    section: Option<usize>,
) -> Result<&'d str, BinaryWriteError> {
    attr(attrs, name, dialect, section)?
        .as_str()
        .ok_or_else(|| err(K::BadValue, section, name))
}

/// `uid://…` as the engine's number (`ResourceUID::text_to_id`), or -1 when not one.
fn parse_uid(text: &str) -> u64 {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxy012345678";
    let Some(digits) = text.strip_prefix("uid://") else {
        return u64::MAX;
    };
    let mut uid: u64 = 0;
    for c in digits.bytes() {
        let Some(d) = ALPHABET.iter().position(|&a| a == c) else {
            return u64::MAX;
        };
        uid = match uid.checked_mul(34).and_then(|u| u.checked_add(d as u64)) {
            Some(u) => u,
            None => return u64::MAX,
        };
    }
    if digits.is_empty() || uid > i64::MAX as u64 {
        return u64::MAX;
    }
    uid
}

/// A deterministic stand-in for the engine's random 5-letter id suffix (FNV-1a).
pub(crate) fn id_suffix(seed: &str) -> String {
    const ALPHABET: &[u8] = b"abcdefghijklmnopqrstuvwxy012345678";
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in seed.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (0..5)
        .map(|i| {
            char::from(
                ALPHABET
                    .get(((h >> (i * 12)) % 34) as usize)
                    .copied()
                    .unwrap_or(b'a'),
            )
        })
        .collect()
}

impl Document {
    /// This document as a binary resource (`.res`, or `.scn` for a scene) with the default
    /// [`BinaryWriteOptions`]: see [`Document::to_binary_with`].
    pub fn to_binary(&self) -> Result<Vec<u8>, BinaryWriteError> {
        self.to_binary_with(&BinaryWriteOptions::default())
    }

    /// This document as a binary resource, as the engine's binary saver writes the same
    /// resource (the module docs of `resource::binary::write` list what it writes and
    /// where the engine's bytes differ). Every reference is resolved (a `SubResource` to
    /// an id not written before it, an `ExtResource` to an unknown id: errors), every
    /// value checked to fit the format (Godot 4 types in a Godot 3 document, Objects that
    /// are not references: errors).
    ///
    /// Cost: one pass over the document, O(total value bytes); the output is about the
    /// size of the values.
    ///
    /// ```
    /// # fn main() -> Result<(), Box<dyn std::error::Error>> {
    /// use gdvariant::resource::{BinaryResource, TextResource};
    ///
    /// # let text = include_str!("../../../../tests/fixtures/resources/g4/gradient.tres");
    /// let doc = TextResource::parse(text)?.document().clone();
    /// let bytes = doc.to_binary()?;
    /// let back = BinaryResource::parse(&bytes)?;
    /// assert_eq!(back.header.class, "Gradient");
    /// assert_eq!(back.to_document()?.sections, doc.sections);
    /// # Ok(())
    /// # }
    /// ```
    pub fn to_binary_with(
        &self,
        options: &BinaryWriteOptions,
    ) -> Result<Vec<u8>, BinaryWriteError> {
        write_document(self, options, 0)
    }
}

/// The `RSRC` bytes; stored offsets count from `base` (4 for a compressed stream, which
/// starts after its magic).
pub(crate) fn write_document(
    doc: &Document,
    options: &BinaryWriteOptions,
    base: usize,
) -> Result<Vec<u8>, BinaryWriteError> {
    let dialect = doc.dialect;
    let godot4 = match dialect {
        Dialect::Godot4 => true,
        Dialect::Godot3 => false,
        _ => {
            return Err(err(
                K::Unsupported(crate::wire::types::VariantType::Nil),
                None,
                "",
            ))
        }
    };
    let mut t = Tables {
        godot4,
        strings: Vec::new(),
        index: Default::default(),
        internal: Default::default(),
        external: Default::default(),
    };

    // External resources, in section order.
    let mut externals: Vec<(&str, &str, u64)> = Vec::new();
    for (i, s) in doc.sections.iter().enumerate() {
        if s.tag != "ext_resource" {
            continue;
        }
        let at = Some(i);
        let class = attr_str(&s.attrs, "type", dialect, at)?;
        let path = attr_str(&s.attrs, "path", dialect, at)?;
        let id = attr(&s.attrs, "id", dialect, at)?;
        let key = value::ref_key(&id).ok_or_else(|| err(K::BadValue, at, "id"))?;
        let uid = match s
            .attr("uid")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
        {
            Some(v) => parse_uid(v.as_str().unwrap_or("")),
            None => u64::MAX,
        };
        let index = u32::try_from(externals.len()).map_err(|_| err(K::TooLarge, at, ""))?;
        t.external.insert(key, index);
        externals.push((class, path, uid));
    }

    // Internal resources: sub-resources in section order, then the main one.
    let mut bodies: Vec<Body<'_>> = Vec::new();
    let mut largest_id: i64 = 0;
    for (i, s) in doc.sections.iter().enumerate() {
        if s.tag != "sub_resource" {
            continue;
        }
        let at = Some(i);
        let class = attr_str(&s.attrs, "type", dialect, at)?;
        let id = attr(&s.attrs, "id", dialect, at)?;
        let key = value::ref_key(&id).ok_or_else(|| err(K::BadValue, at, "id"))?;
        if let Some(n) = id.as_int() {
            largest_id = largest_id.max(n);
        }
        bodies.push(Body {
            path: format!("local://{key}"),
            class: String::from(class),
            props: props(&s.props, dialect, at)?,
            section: at,
            key: Some(key),
        });
    }
    let header_class = if doc.kind == crate::resource::model::DocKind::Scene {
        String::from("PackedScene")
    } else {
        String::from(attr_str(&doc.header.attrs, "type", dialect, None)?)
    };
    let main_path = if godot4 {
        match &options.main_id {
            Some(id) => format!("local://{id}"),
            None => format!("local://{header_class}_{}", id_suffix(&header_class)),
        }
    } else {
        format!("local://{}", largest_id.saturating_add(1))
    };
    let bundled;
    if doc.kind == crate::resource::model::DocKind::Scene {
        bundled = scene::bundle(doc, options.engine_minor.unwrap_or(6))?;
        let v =
            VariantRef::parse(&bundled, dialect).map_err(|_| err(K::BadValue, None, "_bundled"))?;
        bodies.push(Body {
            path: main_path,
            class: header_class.clone(),
            props: alloc::vec![("_bundled", v)],
            section: None,
            key: None,
        });
    } else {
        let (i, s) = doc
            .sections
            .iter()
            .enumerate()
            .rev()
            .find(|(_, s)| s.tag == "resource")
            .ok_or_else(|| err(K::NoMainResource, None, ""))?;
        bodies.push(Body {
            path: main_path,
            class: header_class.clone(),
            props: props(&s.props, dialect, Some(i))?,
            section: Some(i),
            key: None,
        });
    }

    // The string table: NodePath parts first (the engine meets them in its walk, before
    // it lists property names), then the property names, resource by resource.
    for b in &bodies {
        for (name, v) in &b.props {
            node_path_strings(v, &mut t, 0).map_err(|k| err(k, b.section, name))?;
        }
    }
    for b in &bodies {
        for (name, _) in &b.props {
            t.string_index(name).map_err(|k| err(k, b.section, name))?;
        }
    }

    let mut out = Out { buf: Vec::new() };
    out.buf.extend_from_slice(b"RSRC");
    out.u32(0); // little-endian
    out.u32(0); // use_real64
    let minor = options.engine_minor.unwrap_or(6);
    out.u32(if godot4 { 4 } else { 3 });
    out.u32(minor);
    out.u32(match (godot4, minor) {
        (false, _) => 3,
        (true, m) if m < 3 => 5,
        (true, _) => 6,
    });
    let e = |k| err(k, None, "");
    out.string(&header_class).map_err(e)?;
    out.u64(0); // import metadata
    if godot4 {
        let script_class = doc
            .header
            .attr("script_class")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
            .and_then(|v| v.as_str().map(String::from))
            .filter(|s| !s.is_empty());
        let mut flags = FLAG_NAMED_SCENE_IDS | FLAG_UIDS;
        if script_class.is_some() {
            flags |= FLAG_HAS_SCRIPT_CLASS;
        }
        out.u32(flags);
        let uid = doc
            .header
            .attr("uid")
            .and_then(|b| VariantRef::parse(b, dialect).ok())
            .map_or(u64::MAX, |v| parse_uid(v.as_str().unwrap_or("")));
        out.u64(uid);
        if let Some(c) = &script_class {
            out.string(c).map_err(e)?;
        }
        for _ in 0..11 {
            out.u32(0);
        }
    } else {
        for _ in 0..14 {
            out.u32(0);
        }
    }
    out.len(t.strings.len()).map_err(e)?;
    for s in &t.strings {
        out.string(s).map_err(e)?;
    }
    out.len(externals.len()).map_err(e)?;
    for (class, path, uid) in &externals {
        out.string(class).map_err(e)?;
        out.string(path).map_err(e)?;
        if godot4 {
            out.u64(*uid);
        }
    }
    out.len(bodies.len()).map_err(e)?;
    let mut slots = Vec::with_capacity(bodies.len());
    for b in &bodies {
        out.string(&b.path).map_err(e)?;
        slots.push(out.buf.len());
        out.u64(0);
    }
    for (index, (b, slot)) in bodies.iter().zip(slots).enumerate() {
        let offset = (out.buf.len() - base) as u64;
        if let Some(dst) = out.buf.get_mut(slot..slot + 8) {
            dst.copy_from_slice(&offset.to_le_bytes());
        }
        out.string(&b.class).map_err(|k| err(k, b.section, ""))?;
        out.len(b.props.len()).map_err(|k| err(k, b.section, ""))?;
        for (name, v) in &b.props {
            let at = |k| err(k, b.section, name);
            let i = t.string_index(name).map_err(at)?;
            out.u32(i);
            write(&mut out, v, &mut t, 0).map_err(at)?;
        }
        // Written: later resources may refer to it.
        if let Some(key) = &b.key {
            let r = if godot4 {
                u32::try_from(index).map_err(|_| err(K::TooLarge, b.section, ""))?
            } else {
                key.parse::<u32>()
                    .map_err(|_| err(K::BadValue, b.section, "id"))?
            };
            t.internal.insert(key.clone(), r);
        }
    }
    out.buf.extend_from_slice(b"RSRC");
    Ok(out.buf)
}

/// A section's properties as views.
fn props<'d>(
    entries: &'d [Entry],
    dialect: Dialect,
    section: Option<usize>,
) -> Result<Vec<(&'d str, VariantRef<'d>)>, BinaryWriteError> {
    entries
        .iter()
        .map(|p| {
            VariantRef::parse(&p.value, dialect)
                .map(|v| (p.name.as_str(), v))
                .map_err(|_| err(K::BadValue, section, &p.name))
        })
        .collect()
}

/// Adds every NodePath part inside `v` to the string table, in order.
fn node_path_strings(v: &VariantRef<'_>, t: &mut Tables, depth: usize) -> Result<(), K> {
    if depth > 256 {
        return Err(K::TooDeep);
    }
    if let Some(p) = v.as_node_path() {
        for part in p.names().chain(p.subnames()) {
            t.string_index(part.as_str())?;
        }
    } else if let Some(a) = v.as_array() {
        for item in a.iter() {
            node_path_strings(&item, t, depth + 1)?;
        }
    } else if let Some(d) = v.as_dictionary() {
        for (k, val) in d.iter() {
            node_path_strings(&k, t, depth + 1)?;
            node_path_strings(&val, t, depth + 1)?;
        }
    }
    Ok(())
}
