//! Edits that keep the user's file: `set_text` and `delete` change the text of one value
//! (or remove its line, or add one), and nothing else.
//!
//! A path names a section and an entry of it:
//!
//! | path | entry |
//! |---|---|
//! | `name` | the property `name` of `[resource]` |
//! | `resource:/name` | the same (for names that start like the forms below) |
//! | `sub:ID/name` | the property `name` of `[sub_resource … id=ID]` |
//! | `node:PATH/name` | the property `name` of the node at `PATH` |
//! | `ext:ID/attr` | the attribute `attr` of `[ext_resource … id=ID]` |
//! | `header/attr` | the attribute `attr` of `[gd_resource …]` / `[gd_scene …]` |
//!
//! `ID` is the id as written, without quotes (`Gradient_d2l51`, `1`). `PATH` is the node's
//! path as the file spells it: `.` for the root (the node with no `parent`), `parent/name`
//! otherwise (`Player`, `Enemies/Enemy1`); the longest such path that the rest of the
//! path starts with is taken. The name is everything after the section part, `/`
//! included: `metadata/note`, `sub:Resource_f5su5/script/source`.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::error::{ResourceError, ResourceErrorKind as K};
use super::write::encode_name;
use super::{SectionSpan, TextResource};
use crate::format::text;
use crate::format::text::blank::{insert_line_after, line_end};
use crate::read::value::VariantRef;
use crate::resource::model::{Document, Entry};
use crate::wire::types::VariantType;

/// Whether a path names an attribute or a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Place {
    Attr,
    Prop,
}

/// A resolved path: the section (`None`: the header), attribute or property, its name.
#[derive(Clone, Debug)]
pub(super) struct Target {
    pub section: Option<usize>,
    pub place: Place,
    pub name: String,
}

impl Target {
    pub(super) fn section_attrs<'r>(&self, r: &'r TextResource) -> &'r [Entry] {
        match self.section {
            None => &r.doc.header.attrs,
            Some(i) => r.doc.sections.get(i).map_or(&[], |s| s.attrs.as_slice()),
        }
    }

    pub(super) fn section_props<'r>(&self, r: &'r TextResource) -> &'r [Entry] {
        match self.section {
            None => &[],
            Some(i) => r.doc.sections.get(i).map_or(&[], |s| s.props.as_slice()),
        }
    }

    pub(super) fn span<'r>(&self, r: &'r TextResource) -> &'r SectionSpan {
        match self.section.and_then(|i| r.spans.get(i)) {
            Some(span) => span,
            None => &r.header,
        }
    }
}

fn bad_path(path: &str, at: usize) -> ResourceError {
    ResourceError::locate(path.as_bytes(), at, K::BadPath)
}

/// The id of a section as written, without quotes.
fn id_text(doc: &Document, attrs: &[Entry]) -> Option<String> {
    let id = attrs.iter().rev().find(|e| e.name == "id")?;
    let value = VariantRef::parse(&id.value, doc.dialect).ok()?;
    match value.ty() {
        VariantType::Int => value.as_int().map(|n| n.to_string()),
        _ => value.as_str().map(String::from),
    }
}

/// A node's path as the file spells it: `.` for the root, `parent/name` otherwise.
fn node_path(doc: &Document, attrs: &[Entry]) -> Option<String> {
    let text = |name: &str| {
        let e = attrs.iter().rev().find(|e| e.name == name)?;
        let v = VariantRef::parse(&e.value, doc.dialect).ok()?;
        v.as_str().map(String::from)
    };
    match text("parent") {
        None => Some(String::from(".")),
        Some(parent) if parent == "." => text("name"),
        Some(parent) => Some(format!("{parent}/{}", text("name")?)),
    }
}

/// Finds the section and entry `path` names.
pub(super) fn resolve(doc: &Document, path: &str) -> Result<Target, ResourceError> {
    let sections = &doc.sections;
    let found = |tag: &str, id: &str| {
        sections
            .iter()
            .position(|s| s.tag == tag && id_text(doc, &s.attrs).as_deref() == Some(id))
    };
    let split = |rest: &str, from: usize| -> Result<(String, String), ResourceError> {
        let (id, name) = rest
            .split_once('/')
            .ok_or_else(|| bad_path(path, from + rest.len()))?;
        Ok((String::from(id), String::from(name)))
    };
    let (section, place, name) = if let Some(name) = path.strip_prefix("header/") {
        (None, Place::Attr, String::from(name))
    } else if let Some(rest) = path.strip_prefix("ext:") {
        let (id, name) = split(rest, 4)?;
        let i = found("ext_resource", &id).ok_or_else(|| bad_path(path, 4))?;
        (Some(i), Place::Attr, name)
    } else if let Some(rest) = path.strip_prefix("sub:") {
        let (id, name) = split(rest, 4)?;
        let i = found("sub_resource", &id).ok_or_else(|| bad_path(path, 4))?;
        (Some(i), Place::Prop, name)
    } else if let Some(rest) = path.strip_prefix("node:") {
        let mut best: Option<(usize, usize)> = None;
        for (i, s) in sections.iter().enumerate().filter(|(_, s)| s.tag == "node") {
            let Some(p) = node_path(doc, &s.attrs) else {
                continue;
            };
            let matches = rest.len() > p.len()
                && rest.starts_with(p.as_str())
                && rest.as_bytes().get(p.len()) == Some(&b'/');
            if matches && best.is_none_or(|(_, len)| p.len() > len) {
                best = Some((i, p.len()));
            }
        }
        let (i, len) = best.ok_or_else(|| bad_path(path, 5))?;
        (
            Some(i),
            Place::Prop,
            String::from(rest.get(len + 1..).unwrap_or_default()),
        )
    } else {
        let name = path.strip_prefix("resource:/").unwrap_or(path);
        let i = sections
            .iter()
            .rposition(|s| s.tag == "resource")
            .ok_or_else(|| bad_path(path, 0))?;
        (Some(i), Place::Prop, String::from(name))
    };
    if name.is_empty() {
        return Err(bad_path(path, path.len()));
    }
    Ok(Target {
        section,
        place,
        name,
    })
}

impl TextResource {
    /// Sets the attribute or property `path` names to the value of the text-form literal
    /// `value` (checked: it must read as one value in the file's dialect, references
    /// included, else [`K::BadEdit`] with its line and column in `value`), written as it
    /// is. Paths:
    ///
    /// * `name`: a property of `[resource]` (`resource:/name` too, for a name that starts
    ///   like the forms below); `sub:ID/name`: of `[sub_resource … id=ID]`;
    ///   `node:PATH/name`: of a node, `PATH` as the file spells it (`.` for the root, the
    ///   node with no `parent`; `parent/name` otherwise: `Player`, `Enemies/Enemy1`; the
    ///   longest path that fits is taken). The name is everything after the section
    ///   part, `/` included (`metadata/note`).
    /// * `ext:ID/attr`: an attribute of `[ext_resource … id=ID]`; `header/attr`: of the
    ///   header. `ID` is the id as written, without quotes (`Gradient_d2l51`, `1`).
    ///
    /// A path that names no section is [`K::BadPath`] (its offset in `path`).
    ///
    /// * An entry the file has: the text of its value (the last one, which the engine
    ///   uses) is replaced; the rest of the file stays byte for byte.
    /// * A new property: a line `name = value` after the section's last property (or its
    ///   tag), the name quoted when odd, as the engine writes it.
    /// * A new attribute: ` attr=value` before the tag's `]` (the name must be an
    ///   identifier, else [`K::BadPath`]).
    ///
    /// The edited text is read again; if the entry would not read back as `value`
    /// ([`K::Unrepresentable`]) or the file would no longer read (its error), nothing
    /// changes. Cost: O(file).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let text = "[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node2D\"]\n; where\nposition = Vector2(1, 2)\n";
    /// let mut scene = TextResource::parse(text)?;
    /// scene.set_text("node:./position", "Vector2(3, 4)")?;
    /// scene.set_text("node:./metadata/note", "\"hi\"")?;
    /// assert_eq!(scene.text(), "[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node2D\"]\n; where\nposition = Vector2(3, 4)\nmetadata/note = \"hi\"\n");
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn set_text(&mut self, path: &str, value: &str) -> Result<(), ResourceError> {
        let dialect = self.doc.dialect;
        let read = self.options.read.resource_refs(true);
        let bytes = text::read_with(value, dialect, &read).map_err(|e| {
            ResourceError::locate(value.as_bytes(), e.offset(), K::BadEdit(e.kind().clone()))
        })?;
        let target = resolve(&self.doc, path)?;
        let span = target.span(self);
        let mut new = self.text.clone();
        match target.place {
            Place::Attr => {
                let at = target
                    .section_attrs(self)
                    .iter()
                    .rposition(|e| e.name == target.name);
                match at.and_then(|i| span.attrs.get(i)) {
                    Some(range) => new.replace_range(range.clone(), value),
                    None => {
                        let ident = target.name.bytes().enumerate().all(|(i, c)| {
                            c == b'_' || c.is_ascii_alphabetic() || (i > 0 && c.is_ascii_digit())
                        });
                        if !ident {
                            return Err(bad_path(path, path.len() - target.name.len()));
                        }
                        let close = span.tag.end.saturating_sub(1);
                        new.insert_str(close, &format!(" {}={value}", target.name));
                    }
                }
            }
            Place::Prop => {
                let at = target
                    .section_props(self)
                    .iter()
                    .rposition(|e| e.name == target.name);
                match at.and_then(|i| span.props.get(i)) {
                    Some(range) => new.replace_range(range.clone(), value),
                    None => insert_prop(&mut new, span, &target.name, value),
                }
            }
        }
        let old = core::mem::replace(&mut self.text, new);
        if let Err(e) = self.reread() {
            self.text = old;
            self.reread()?;
            return Err(e);
        }
        if self.get(path).map(|(v, _)| v.encoded()) != Some(bytes.as_slice()) {
            self.text = old;
            self.reread()?;
            return Err(ResourceError::locate(b"", 0, K::Unrepresentable));
        }
        Ok(())
    }

    /// Removes the attribute or property `path` names (see [`TextResource::set_text`]):
    /// every line of that property in its section (a name may be given twice), or the
    /// attribute and the space before it. A line that holds only the property (and
    /// spaces, or a `;` comment after it) goes whole; otherwise only `name = value` goes.
    /// Returns whether the file had it. Cost: O(file).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let mut res = TextResource::parse("[gd_resource format=3]\n\n[resource]\na = 1\nb = 2 ; two\n")?;
    /// assert!(res.delete("b")?);
    /// assert_eq!(res.text(), "[gd_resource format=3]\n\n[resource]\na = 1\n");
    /// assert!(!res.delete("b")?);
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn delete(&mut self, path: &str) -> Result<bool, ResourceError> {
        let target = resolve(&self.doc, path)?;
        let span = target.span(self);
        let mut cuts: Vec<core::ops::Range<usize>> = Vec::new();
        let b = self.text.as_bytes();
        match target.place {
            Place::Attr => {
                let attrs = target.section_attrs(self);
                for (i, e) in attrs
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.name == target.name)
                {
                    let (Some(name), Some(value)) = (span.attr_names.get(i), span.attrs.get(i))
                    else {
                        continue;
                    };
                    let mut start = name.start;
                    while start > 0 && b.get(start - 1).is_some_and(|&c| c == b' ' || c == b'\t') {
                        start -= 1;
                    }
                    let _ = e;
                    cuts.push(start..value.end);
                }
            }
            Place::Prop => {
                let props = target.section_props(self);
                for (i, _) in props
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.name == target.name)
                {
                    let (Some(&name), Some(value)) = (span.prop_names.get(i), span.props.get(i))
                    else {
                        continue;
                    };
                    let line_start = b
                        .get(..name)
                        .and_then(|before| memchr::memrchr(b'\n', before))
                        .map_or(0, |n| n + 1);
                    let end = line_end(b, value.end);
                    let before = self.text.get(line_start..name).unwrap_or_default();
                    let after = self.text.get(value.end..end).unwrap_or_default();
                    let after = after.trim_start_matches([' ', '\t', '\r']);
                    let alone = before.bytes().all(|c| c == b' ' || c == b'\t')
                        && (after.is_empty() || after.starts_with('\n') || after.starts_with(';'));
                    cuts.push(if alone {
                        line_start..end
                    } else {
                        name..value.end
                    });
                }
            }
        }
        if cuts.is_empty() {
            return Ok(false);
        }
        let mut new = self.text.clone();
        cuts.sort_by_key(|r| r.start);
        for cut in cuts.into_iter().rev() {
            if new.get(cut.clone()).is_some() {
                new.replace_range(cut, "");
            }
        }
        let old = core::mem::replace(&mut self.text, new);
        if let Err(e) = self.reread() {
            self.text = old;
            self.reread()?;
            return Err(e);
        }
        Ok(true)
    }

    /// Reads `self.text` again into the document and spans, in the same style.
    fn reread(&mut self) -> Result<(), ResourceError> {
        let options = self.options.style(Some(self.style));
        let fresh = TextResource::parse_with(&self.text, &options)?;
        self.doc = fresh.doc;
        self.header = fresh.header;
        self.spans = fresh.spans;
        Ok(())
    }
}

/// Writes a new `name = value` line into `new` after the section's last property (by
/// position) or its tag.
fn insert_prop(new: &mut String, span: &SectionSpan, name: &str, value: &str) {
    let mut line = String::new();
    encode_name(&mut line, name);
    line.push_str(" = ");
    line.push_str(value);
    line.push('\n');
    let end = span
        .props
        .iter()
        .map(|r| r.end)
        .max()
        .unwrap_or(span.tag.end)
        .max(span.tag.end);
    insert_line_after(new, end, line);
}

impl Document {
    /// The value of the attribute or property `path` names, in the paths of
    /// [`TextResource::set_text`] (`name`, `sub:ID/name`, `node:PATH/name`, `ext:ID/attr`,
    /// `header/attr`): the last entry of that name, as the engine keeps. For a document
    /// read from any file, text or binary. `None` when the path names nothing (or an
    /// entry made by hand holds bad bytes). O(sections + entries).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let res = TextResource::parse("[gd_resource format=3]\n[resource]\nhp = 7\n")?;
    /// assert_eq!(res.document().get("hp").and_then(|v| v.as_int()), Some(7));
    /// assert!(res.document().get("sub:nope/hp").is_none());
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn get(&self, path: &str) -> Option<VariantRef<'_>> {
        let target = resolve(self, path).ok()?;
        let section = match target.section {
            None => &self.header,
            Some(i) => self.sections.get(i)?,
        };
        let entries = match target.place {
            Place::Attr => &section.attrs,
            Place::Prop => &section.props,
        };
        let entry = entries.iter().rev().find(|e| e.name == target.name)?;
        entry.get(self.dialect)
    }
}

impl Document {
    /// Sets the attribute or property `path` names (the paths of [`Document::get`]) to
    /// `value`'s bytes, in the document itself: no text is written or read back, so no
    /// value anywhere else changes (Godot 3's text form would round its reals to 6
    /// digits). A property that is not there is added at the end of its section. This is
    /// how a binary file is edited. Validates that `value` is one value of the
    /// document's dialect ([`K::Unrepresentable`] when it is not); O(sections + entries +
    /// value).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let mut doc = TextResource::parse("[gd_resource format=3]\n[resource]\nhp = 7\n")?.into_document();
    /// doc.set("hp", &[2, 0, 0, 0, 9, 0, 0, 0])?; // the int 9
    /// assert_eq!(doc.get("hp").and_then(|v| v.as_int()), Some(9));
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn set(&mut self, path: &str, value: &[u8]) -> Result<(), ResourceError> {
        if VariantRef::parse(value, self.dialect).is_err() {
            return Err(ResourceError::locate(
                path.as_bytes(),
                0,
                K::Unrepresentable,
            ));
        }
        let target = resolve(self, path)?;
        let section = match target.section {
            None => &mut self.header,
            Some(i) => match self.sections.get_mut(i) {
                Some(s) => s,
                None => return Err(bad_path(path, 0)),
            },
        };
        let entries = match target.place {
            Place::Attr => &mut section.attrs,
            Place::Prop => &mut section.props,
        };
        match entries.iter_mut().rev().find(|e| e.name == target.name) {
            Some(entry) => entry.value = value.to_vec(),
            None => entries.push(Entry {
                name: target.name,
                value: value.to_vec(),
            }),
        }
        Ok(())
    }

    /// Removes every entry the path names; whether there was one. O(sections + entries).
    pub fn delete(&mut self, path: &str) -> Result<bool, ResourceError> {
        let target = resolve(self, path)?;
        let section = match target.section {
            None => &mut self.header,
            Some(i) => match self.sections.get_mut(i) {
                Some(s) => s,
                None => return Ok(false),
            },
        };
        let entries = match target.place {
            Place::Attr => &mut section.attrs,
            Place::Prop => &mut section.props,
        };
        let before = entries.len();
        entries.retain(|e| e.name != target.name);
        Ok(entries.len() != before)
    }
}
