//! The scan of one Variant value: a visitor of the reader's one walk that keeps the path
//! of the node it is at, and reports what a full Object's `script` and `script/source`
//! properties hold (and, in a ConfigFile, Strings that name script files).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::convert::Infallible;
use core::fmt::Write;
use core::ops::ControlFlow;

use super::finding::{Finding, Location, Part};
use super::path::{is_script_file, PathKind};
use super::source::Source;
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::query::Step;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Visitor};
use crate::resource::{EXT_RESOURCE, SUB_RESOURCE};

/// Scans `value` (the value of `part`) into `out`; `config`: also report Strings that
/// name script files ([`Finding::ScriptPath`]). One walk; memory: the path, and one
/// small frame per open container (the reader bounds the nesting).
pub(super) fn walk(value: VariantRef<'_>, part: &Part, config: bool, out: &mut Vec<Finding>) {
    let mut scan = Scan {
        part,
        config,
        out,
        path: String::new(),
        open: Vec::new(),
    };
    let _ = value.visit(&mut scan);
}

/// An open container: what its next child is, and the length of the path before it.
struct Open<'a> {
    kind: Kind<'a>,
    path_len: usize,
}

enum Kind<'a> {
    /// The index of the next element.
    Array(usize),
    /// The index of the entry and whether the next child is its key; the step of the key
    /// just read (`None`: one a path cannot name).
    Dict {
        entry: usize,
        at_key: bool,
        key: Option<Step<'a>>,
    },
    /// The Object's class and the property whose value comes next.
    Object {
        class: GdStr<'a>,
        property: Option<GdStr<'a>>,
    },
}

struct Scan<'p, 'o, 'a> {
    part: &'p Part,
    config: bool,
    out: &'o mut Vec<Finding>,
    /// The path of the innermost open container.
    path: String,
    open: Vec<Open<'a>>,
}

impl<'a> Scan<'_, '_, 'a> {
    /// Appends the step from the innermost container to the node being visited to
    /// `self.path` (advancing the container's position).
    fn push_step(&mut self, value: &Value<'a>) {
        let Some(top) = self.open.last_mut() else {
            return;
        };
        let path = &mut self.path;
        if !path.is_empty() {
            path.push('/');
        }
        let _ = match &mut top.kind {
            Kind::Array(next) => {
                let at = *next;
                *next = next.saturating_add(1);
                write!(path, "{at}")
            }
            Kind::Dict { entry, at_key, key } => {
                if *at_key {
                    *at_key = false;
                    *key = Step::for_key(value);
                    write!(path, "<key #{entry}>")
                } else {
                    let at = *entry;
                    *at_key = true;
                    *entry = entry.saturating_add(1);
                    match key.take() {
                        Some(step) => write!(path, "{step}"),
                        None => write!(path, "<key #{at}>"),
                    }
                }
            }
            Kind::Object { property, .. } => {
                let name = property.take().map_or("", |n| n.as_str());
                write!(path, "{}", Step::key(name))
            }
        };
    }

    fn at(&self) -> Location {
        Location {
            part: self.part.clone(),
            path: self.path.clone(),
        }
    }

    /// The findings of `value`, the node at `self.path`, as the value of its Object's
    /// property `property` (of class `class`) or of no property.
    fn report(&mut self, value: &Value<'a>, owner: Option<(GdStr<'a>, GdStr<'a>)>) {
        let text = match value {
            Value::String(s) | Value::StringName(s) => Some(s.as_str()),
            _ => None,
        };
        match owner.map(|(class, name)| (class, name.as_str())) {
            Some((class, "script")) => {
                let Some(script) = describe_script(value) else {
                    return;
                };
                self.out.push(Finding::ScriptAttached {
                    at: self.at(),
                    holder: class.as_str().to_string(),
                    script,
                });
                if let Some(path) = text {
                    self.out.push(Finding::ScriptReference {
                        at: self.at(),
                        path: path.to_string(),
                        kind: PathKind::of(path),
                    });
                }
                return;
            }
            Some((class, "script/source")) => {
                if let Value::String(s) = value {
                    self.out.push(Finding::EmbeddedScript {
                        at: self.at(),
                        class: class.as_str().to_string(),
                        source: Some(Source::of(s.as_str())),
                    });
                    return;
                }
            }
            _ => {}
        }
        if let Some(path) = text.filter(|_| self.config) {
            let path = path.strip_prefix('*').unwrap_or(path);
            if is_script_file(path) {
                self.out.push(Finding::ScriptPath {
                    at: self.at(),
                    path: path.to_string(),
                    kind: PathKind::of(path),
                });
            }
        }
    }
}

impl<'a> Visitor<'a> for Scan<'_, '_, 'a> {
    type Break = Infallible;

    fn value(&mut self, value: &Value<'a>, _: Place) -> ControlFlow<Infallible> {
        let owner = match self.open.last() {
            Some(Open {
                kind: Kind::Object { class, property },
                ..
            }) => property.map(|p| (*class, p)),
            _ => None,
        };
        let path_len = self.path.len();
        self.push_step(value);
        self.report(value, owner);
        let kind = match value {
            Value::Array(_) | Value::TypedArray(_) | Value::PackedTypedArray(_) => {
                Some(Kind::Array(0))
            }
            Value::Dictionary(_) => Some(Kind::Dict {
                entry: 0,
                at_key: true,
                key: None,
            }),
            Value::Object(ObjectRef::Full(o)) => Some(Kind::Object {
                class: o.class(),
                property: None,
            }),
            _ => None,
        };
        match kind {
            Some(kind) => self.open.push(Open { kind, path_len }),
            None => self.path.truncate(path_len),
        }
        ControlFlow::Continue(())
    }

    fn property(&mut self, name: GdStr<'a>, _: Place) -> ControlFlow<Infallible> {
        if let Some(Open {
            kind: Kind::Object { property, .. },
            ..
        }) = self.open.last_mut()
        {
            *property = Some(name);
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, _: Place) -> ControlFlow<Infallible> {
        if let Some(open) = self.open.pop() {
            self.path.truncate(open.path_len);
        }
        ControlFlow::Continue(())
    }
}

/// A `script` property's value in words, when it attaches a script: a path (Godot 4's
/// Objects in Variant data), a reference (`SubResource("…")`, `ExtResource("…")` in a
/// document), an Object (Godot 3's embedded script). `None` for null, an instance id,
/// and any other type (the engine attaches no script for them).
pub(super) fn describe_script(value: &Value<'_>) -> Option<String> {
    match value {
        Value::String(s) | Value::StringName(s) => Some(quoted(s.as_str())),
        Value::Object(ObjectRef::Full(o)) => Some(match reference_id(o) {
            Some(id) => format!("{}({id})", o.class().as_str()),
            None => format!("Object({})", o.class().as_str()),
        }),
        _ => None,
    }
}

/// The `id` of a [`SUB_RESOURCE`] / [`EXT_RESOURCE`] reference as written in the text form
/// (`"GDScript_2m2be"` quoted, `3` bare); `None` for any other Object.
pub(super) fn reference_id(o: &crate::read::object::FullObject<'_>) -> Option<String> {
    let class = o.class();
    if class.as_str() != SUB_RESOURCE && class.as_str() != EXT_RESOURCE {
        return None;
    }
    let (_, id) = o.properties().find(|(name, _)| name.as_str() == "id")?;
    id_text(&id)
}

/// An id as the text form writes it: a String quoted, an int bare.
pub(super) fn id_text(id: &VariantRef<'_>) -> Option<String> {
    if let Some(s) = id.as_str() {
        return Some(quoted(s));
    }
    id.as_int().map(|n| n.to_string())
}

/// An id's text without quotes: the String, or the int in digits.
pub(super) fn id_raw(id: &VariantRef<'_>) -> Option<String> {
    if let Some(s) = id.as_str() {
        return Some(s.to_string());
    }
    id.as_int().map(|n| n.to_string())
}

/// `text` in double quotes, `"` and `\` escaped, newlines and tabs as `\n`, `\t`.
pub(super) fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
