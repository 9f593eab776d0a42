//! The scan of a resource or scene file's [`Document`], section by section.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::finding::{Finding, Location, Part};
use super::path::{is_script_file, PathKind, SCRIPT_CLASSES};
use super::source::Source;
use super::walk::{describe_script, id_raw, walk};
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::value::VariantRef;
use crate::resource::{Document, Section, EXT_RESOURCE};
use crate::wire::dialect::Dialect;

/// An `ext_resource`: its id (unquoted) and path.
struct Ext {
    id: String,
    path: String,
}

/// Scans every section of `document` into `out`, in file order.
pub(super) fn scan(document: &Document, out: &mut Vec<Finding>) {
    let d = document.dialect;
    let exts: Vec<Ext> = document
        .sections_tagged("ext_resource")
        .map(|s| Ext {
            id: attr_value(s, d, "id")
                .and_then(|v| id_raw(&v))
                .unwrap_or_default(),
            path: text_attr(s, d, "path").unwrap_or_default(),
        })
        .collect();
    let resource_type = text_attr(&document.header, d, "type");
    for (index, section) in document.sections.iter().enumerate() {
        let scan = SectionScan {
            index,
            section,
            d,
            exts: &exts,
            id: match section.tag.as_str() {
                "ext_resource" | "sub_resource" => {
                    attr_value(section, d, "id").and_then(|v| id_raw(&v))
                }
                "node" => Some(node_path(section, d)),
                _ => None,
            },
            ty: match section.tag.as_str() {
                "resource" => resource_type.clone(),
                _ => text_attr(section, d, "type"),
            },
        };
        scan.run(out);
    }
}

struct SectionScan<'s> {
    index: usize,
    section: &'s Section,
    d: Dialect,
    exts: &'s [Ext],
    id: Option<String>,
    ty: Option<String>,
}

impl SectionScan<'_> {
    fn at(&self, property: Option<&str>) -> Location {
        Location {
            part: self.part(property),
            path: String::new(),
        }
    }

    fn part(&self, property: Option<&str>) -> Part {
        Part::Section {
            index: self.index,
            tag: self.section.tag.clone(),
            id: self.id.clone(),
            property: property.map(ToString::to_string),
        }
    }

    fn run(&self, out: &mut Vec<Finding>) {
        let s = self.section;
        let ty = self.ty.as_deref().unwrap_or("");
        match s.tag.as_str() {
            "ext_resource" => {
                let path = text_attr(s, self.d, "path").unwrap_or_default();
                let kind = PathKind::of(&path);
                if SCRIPT_CLASSES.contains(&ty) || is_script_file(&path) {
                    out.push(Finding::ScriptReference {
                        at: self.at(None),
                        path,
                        kind,
                    });
                } else if kind.is_outside() {
                    out.push(Finding::OutsideResource {
                        at: self.at(None),
                        ty: ty.to_string(),
                        path,
                        kind,
                    });
                }
            }
            "sub_resource" if SCRIPT_CLASSES.contains(&ty) && s.prop("script/source").is_none() => {
                out.push(Finding::EmbeddedScript {
                    at: self.at(None),
                    class: ty.to_string(),
                    source: None,
                });
            }
            "node" => self.instances(out),
            "connection" => {
                let attr = |name| text_attr(s, self.d, name).unwrap_or_default();
                out.push(Finding::Connection {
                    at: self.at(None),
                    from: attr("from"),
                    signal: attr("signal"),
                    to: attr("to"),
                    method: attr("method"),
                });
            }
            _ => {}
        }
        for prop in &s.props {
            let Some(value) = prop.get(self.d) else {
                continue;
            };
            self.property(&prop.name, value, out);
        }
    }

    /// A node's `instance=` and `instance_placeholder=`.
    fn instances(&self, out: &mut Vec<Finding>) {
        let s = self.section;
        if let Some(value) = attr_value(s, self.d, "instance") {
            let path = match value.value() {
                Value::Object(ObjectRef::Full(o)) => self.resolve(&o),
                _ => None,
            }
            .unwrap_or_else(|| value.to_string());
            out.push(Finding::SceneInstance {
                at: self.at(Some("instance")),
                kind: PathKind::of(&path),
                path,
                placeholder: false,
            });
        }
        if let Some(path) = text_attr(s, self.d, "instance_placeholder") {
            out.push(Finding::SceneInstance {
                at: self.at(Some("instance_placeholder")),
                kind: PathKind::of(&path),
                path,
                placeholder: true,
            });
        }
    }

    /// The path of the `ext_resource` an `ExtResource(id)` reference names.
    fn resolve(&self, o: &crate::read::object::FullObject<'_>) -> Option<String> {
        if o.class().as_str() != EXT_RESOURCE {
            return None;
        }
        let (_, id) = o.properties().find(|(name, _)| name.as_str() == "id")?;
        let id = id_raw(&id)?;
        self.exts
            .iter()
            .rev()
            .find(|e| e.id == id)
            .map(|e| e.path.clone())
    }

    /// The findings of one property line: its `script` or `script/source`, then what its
    /// value holds.
    fn property(&self, name: &str, value: VariantRef<'_>, out: &mut Vec<Finding>) {
        let decoded = value.value();
        match name {
            "script" => {
                if let Some(mut script) = describe_script(&decoded) {
                    if let Value::Object(ObjectRef::Full(o)) = &decoded {
                        if let Some(path) = self.resolve(o) {
                            script = format!("{script} = {path}");
                        }
                    }
                    let holder = match (self.ty.as_deref(), self.section.tag.as_str()) {
                        (Some(ty), _) => ty,
                        (None, "node") if self.section.attr("instance").is_some() => "instance",
                        (None, tag) => tag,
                    };
                    out.push(Finding::ScriptAttached {
                        at: self.at(Some(name)),
                        holder: holder.to_string(),
                        script,
                    });
                }
                if let Some(path) = value.as_str() {
                    out.push(Finding::ScriptReference {
                        at: self.at(Some(name)),
                        path: path.to_string(),
                        kind: PathKind::of(path),
                    });
                }
            }
            "script/source" => {
                let class = self.ty.clone().unwrap_or_else(|| self.section.tag.clone());
                out.push(Finding::EmbeddedScript {
                    at: self.at(Some(name)),
                    class,
                    source: value.as_str().map(Source::of),
                });
            }
            _ => {}
        }
        walk(value, &self.part(Some(name)), false, out);
    }
}

/// An attribute's value; `None` when absent (or, in a document made by hand, not valid).
fn attr_value<'s>(section: &'s Section, d: Dialect, name: &str) -> Option<VariantRef<'s>> {
    VariantRef::parse(section.attr(name)?, d).ok()
}

/// An attribute as text: a String, StringName or int as it reads; any other value in the
/// text form.
fn text_attr(section: &Section, d: Dialect, name: &str) -> Option<String> {
    let value = attr_value(section, d, name)?;
    if let Some(s) = value.as_str() {
        return Some(s.to_string());
    }
    if let Some(path) = value.as_node_path() {
        return Some(path.to_string());
    }
    Some(value.to_string())
}

/// A node's path from the scene's root: `.` for the root (no `parent`), its name for a
/// child of the root (`parent="."`), `parent/name` deeper.
fn node_path(section: &Section, d: Dialect) -> String {
    let name = text_attr(section, d, "name").unwrap_or_default();
    match text_attr(section, d, "parent").as_deref() {
        None => String::from("."),
        Some(".") | Some("") => name,
        Some(parent) => format!("{parent}/{name}"),
    }
}
