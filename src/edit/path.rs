//! Following a path (the syntax of [`crate::read::query`]) to the slot an operation
//! changes: the same steps and the same lookups as `VariantRef::query`, but the last step
//! is kept apart, so that it can also name a place that does not exist yet.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use super::error::EditError;
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::Value;
use crate::read::object::{FullObject, ObjectRef};
use crate::read::packed::PackedArray;
use crate::read::query::{parse_path, QueryError, Step};
use crate::read::value::VariantRef;
use crate::wire::bytes::pad4;

/// A Dictionary key or property name, as a path step names it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Key {
    /// A String or StringName key with this text (Godot's reading of it), or a property.
    Text(String),
    /// An int key.
    Int(i64),
}

impl Key {
    /// Does the parsed key `k` match, as `VariantRef::query` matches keys?
    fn matches(&self, k: &VariantRef<'_>) -> bool {
        match self {
            Key::Text(text) => k.as_gd_str().is_some_and(|s| s == text.as_str()),
            Key::Int(n) => k.as_int() == Some(*n),
        }
    }
}

/// Where the last step of a path lands.
pub(super) enum Slot<'a> {
    /// The empty path: the top-level value.
    Root,
    /// Element `index` of an Array; `item` is `None` when `index` is the length.
    Element {
        array: ArrayRef<'a>,
        index: usize,
        item: Option<VariantRef<'a>>,
    },
    /// A Dictionary entry: the pairs whose key matches, in wire order (none: absent).
    Entry {
        dict: DictRef<'a>,
        key: Key,
        pairs: Vec<(VariantRef<'a>, VariantRef<'a>)>,
    },
    /// A full object's property: where each matching property's name starts (absolute)
    /// and its value, in wire order (none: absent).
    Property {
        object: FullObject<'a>,
        /// `None` for a step that cannot name a property (`[n]`).
        name: Option<String>,
        props: Vec<(usize, VariantRef<'a>)>,
    },
    /// Element `index` of a packed array (`index` may be the length).
    Packed {
        array: PackedArray<'a>,
        index: usize,
    },
}

/// A resolved path.
pub(super) struct Target<'a> {
    pub(super) slot: Slot<'a>,
    /// The container the last step looks into (the top-level value for [`Slot::Root`]).
    pub(super) container: VariantRef<'a>,
    /// Number of steps: the nesting depth of the slot.
    pub(super) depth: usize,
    /// The path up to the container (`/` for the top level).
    pub(super) parent: String,
    /// The last step as written (empty for the root).
    pub(super) name: String,
}

impl Target<'_> {
    /// The path of the slot itself.
    pub(super) fn path(&self) -> String {
        if self.name.is_empty() {
            return "/".to_string();
        }
        let mut path = if self.parent == "/" {
            String::new()
        } else {
            self.parent.clone()
        };
        path.push('/');
        path.push_str(&self.name);
        path
    }

    /// [`EditError::NotFound`] for the last step.
    pub(super) fn not_found(&self) -> EditError {
        EditError::NotFound {
            path: self.parent.clone(),
            step: self.depth.saturating_sub(1),
            name: self.name.clone(),
            offset: self.container.offset(),
        }
    }
}

/// The index a step names in an array: all digits, or `[n]` with n ≥ 0.
fn index_of(step: &Step<'_>) -> Option<usize> {
    match step {
        Step::Name(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) => {
            name.parse().ok()
        }
        Step::Int(n) => usize::try_from(*n).ok(),
        _ => None,
    }
}

/// The key a step names in a dictionary.
fn key_of(step: &Step<'_>) -> Key {
    match step {
        Step::Name(name) => Key::Text((*name).to_string()),
        Step::Quoted(key) => Key::Text(key.clone()),
        Step::Int(n) => Key::Int(*n),
    }
}

/// The property name a step names (`None` for `[n]`).
fn property_of(step: &Step<'_>) -> Option<String> {
    match step {
        Step::Name(name) => Some((*name).to_string()),
        Step::Quoted(key) => Some(key.clone()),
        Step::Int(_) => None,
    }
}

/// `prefix` with `step` appended, in path syntax.
fn join(prefix: &str, step: &Step<'_>) -> String {
    let mut path = if prefix == "/" {
        String::new()
    } else {
        prefix.to_string()
    };
    path.push('/');
    path.push_str(&step.to_string());
    path
}

/// Follows `path` from `root`: every step but the last must reach a value (as `query`
/// follows it); the last one is resolved into a [`Slot`], present or not. O(what `query`
/// costs): dictionary lookups scan the pairs, array steps measure the elements before.
pub(super) fn resolve<'a>(root: VariantRef<'a>, path: &str) -> Result<Target<'a>, EditError> {
    let steps = parse_path(path).map_err(|e| match e {
        QueryError::Syntax { at, why } => EditError::Syntax { at, why },
        // `parse_path` reports nothing else.
        _ => EditError::Syntax {
            at: 0,
            why: "unreadable path",
        },
    })?;
    let Some((last, init)) = steps.split_last() else {
        return Ok(Target {
            slot: Slot::Root,
            container: root,
            depth: 0,
            parent: "/".to_string(),
            name: String::new(),
        });
    };
    let mut here = root;
    let mut prefix = "/".to_string();
    for (i, step) in init.iter().enumerate() {
        here = child(here, step, i, &prefix)?;
        prefix = join(&prefix, step);
    }
    let depth = steps.len();
    let not_container = |here: &VariantRef<'_>| EditError::NotAContainer {
        path: prefix.clone(),
        step: depth - 1,
        found: here.ty().name(here.dialect()),
        offset: here.offset(),
    };
    let slot = match here.value() {
        Value::Array(array) => {
            let index = index_of(last);
            match index.filter(|&i| i <= array.len()) {
                Some(index) => Slot::Element {
                    array,
                    index,
                    item: nth(&array, index),
                },
                // No such index: resolved as an absent element past the end.
                None => Slot::Element {
                    array,
                    index: usize::MAX,
                    item: None,
                },
            }
        }
        Value::Dictionary(dict) => {
            let key = key_of(last);
            let pairs = matching_pairs(&dict, &key);
            Slot::Entry { dict, key, pairs }
        }
        Value::Object(ObjectRef::Full(object)) => {
            let name = property_of(last);
            let props = match &name {
                None => Vec::new(),
                Some(name) => object
                    .properties()
                    .filter(|(n, _)| *n == name.as_str())
                    .map(|(n, v)| (name_start(n.raw_bytes().len(), &v), v))
                    .collect(),
            };
            Slot::Property {
                object,
                name,
                props,
            }
        }
        _ => match here.as_packed() {
            Some(array) => Slot::Packed {
                array,
                index: index_of(last)
                    .filter(|&i| i <= array.len())
                    .unwrap_or(usize::MAX),
            },
            None => return Err(not_container(&here)),
        },
    };
    Ok(Target {
        slot,
        container: here,
        depth,
        parent: prefix,
        name: last.to_string(),
    })
}

/// The pairs of `dict` whose key matches `key`, in wire order. Steps over the pairs by
/// measuring them (as the view iterators do), except the last pair's value, which runs to
/// the dictionary's end: looking up the last key, often the one holding most of the file,
/// does not walk its value. Every pair is looked at: a later duplicate wins, as in the
/// engine.
fn matching_pairs<'a>(dict: &DictRef<'a>, key: &Key) -> Vec<(VariantRef<'a>, VariantRef<'a>)> {
    let (payload, offset, dialect) = dict.parts();
    let start = dict.children_at();
    let mut rest = payload.get(start..).unwrap_or(&[]);
    let mut at = offset.saturating_add(start);
    let count = dict.len();
    let mut found = Vec::new();
    for i in 0..count {
        if rest.is_empty() {
            break;
        }
        let (k, after_key) = VariantRef::split_trusted(rest, at, dialect);
        at = at.saturating_add(k.encoded().len());
        let (v, after_value) = if i + 1 == count {
            (VariantRef::trusted(after_key, at, dialect), &[][..])
        } else {
            VariantRef::split_trusted(after_key, at, dialect)
        };
        at = at.saturating_add(v.encoded().len());
        rest = after_value;
        if key.matches(&k) {
            found.push((k, v));
        }
    }
    found
}

/// Element `index` of `array`: the elements before it are measured, the last element is
/// not (it runs to the array's end).
fn nth<'a>(array: &ArrayRef<'a>, index: usize) -> Option<VariantRef<'a>> {
    let len = array.len();
    if index >= len {
        return None;
    }
    let (payload, offset, dialect) = array.parts();
    let start = array.children_at();
    let mut rest = payload.get(start..)?;
    let mut at = offset.saturating_add(start);
    for _ in 0..index {
        if rest.is_empty() {
            return None;
        }
        let (v, after) = VariantRef::split_trusted(rest, at, dialect);
        at = at.saturating_add(v.encoded().len());
        rest = after;
    }
    if rest.is_empty() {
        None
    } else if index + 1 == len {
        Some(VariantRef::trusted(rest, at, dialect))
    } else {
        Some(VariantRef::split_trusted(rest, at, dialect).0)
    }
}

/// Absolute offset of a property's name field, whose text has `len` raw bytes and whose
/// value is `value` (the name field sits right before it).
fn name_start(len: usize, value: &VariantRef<'_>) -> usize {
    value
        .offset()
        .saturating_sub(4 + len.saturating_add(pad4(len)))
}

/// The value that `step` (step number `i`) reaches from `here`, whose path is `prefix`.
fn child<'a>(
    here: VariantRef<'a>,
    step: &Step<'_>,
    i: usize,
    prefix: &str,
) -> Result<VariantRef<'a>, EditError> {
    let not_found = || EditError::NotFound {
        path: prefix.to_string(),
        step: i,
        name: step.to_string(),
        offset: here.offset(),
    };
    let found = match here.value() {
        Value::Dictionary(dict) => matching_pairs(&dict, &key_of(step)).pop().map(|(_, v)| v),
        Value::Array(array) => index_of(step).and_then(|i| nth(&array, i)),
        Value::Object(ObjectRef::Full(object)) => property_of(step).and_then(|name| {
            object
                .properties()
                .filter(|(n, _)| *n == name.as_str())
                .last()
                .map(|(_, v)| v)
        }),
        _ => match here.as_packed() {
            // A packed element is not a value on the wire: a further step cannot go in.
            Some(array) => {
                let element = index_of(step).and_then(|i| array.get(i));
                return Err(match element {
                    Some(element) => EditError::NotAContainer {
                        path: join(prefix, step),
                        step: i + 1,
                        found: element.ty().name(here.dialect()),
                        offset: here.offset(),
                    },
                    None => not_found(),
                });
            }
            None => {
                return Err(EditError::NotAContainer {
                    path: prefix.to_string(),
                    step: i,
                    found: here.ty().name(here.dialect()),
                    offset: here.offset(),
                })
            }
        },
    };
    found.ok_or_else(not_found)
}
