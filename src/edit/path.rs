//! Following a path (the syntax of [`crate::read::query`]) to the slot an operation
//! changes: [`lookup`] (the lookup `VariantRef::query` uses) reaches the container the last
//! step looks into and gathers what that step names; the slot is built from it, present or
//! not, so that it can also name a place that does not exist yet.

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use super::error::EditError;
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::Value;
use crate::read::lookup::{lookup, Key, Last, Lookup, Missed};
use crate::read::object::{FullObject, ObjectRef};
use crate::read::packed::PackedArray;
use crate::read::query::{parse_path, QueryError};
use crate::read::value::VariantRef;
use crate::wire::bytes::pad4;

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

/// Follows `path` from `root`: every step but the last must reach a value (as `query`
/// follows it); the last one is resolved into a [`Slot`], present or not.
///
/// Cost: that of [`lookup`], one walk over the containers on the path; for a full Object's
/// property, one more pass over its properties.
pub(super) fn resolve<'a>(root: VariantRef<'a>, path: &str) -> Result<Target<'a>, EditError> {
    let steps = parse_path(path).map_err(|e| match e {
        QueryError::Syntax { at, why } => EditError::Syntax { at, why },
        // `parse_path` reports nothing else.
        _ => EditError::Syntax {
            at: 0,
            why: "unreadable path",
        },
    })?;
    match lookup(root, &steps).map_err(missed)? {
        None => Ok(Target {
            slot: Slot::Root,
            container: root,
            depth: 0,
            parent: "/".to_string(),
            name: String::new(),
        }),
        Some(found) => slot(found),
    }
}

/// The lookup's error, in the edit's words.
fn missed(missed: Missed) -> EditError {
    match missed {
        Missed::NotFound {
            path,
            step,
            name,
            offset,
        } => EditError::NotFound {
            path,
            step,
            name,
            offset,
        },
        Missed::NotAContainer {
            path,
            step,
            found,
            offset,
            ..
        } => EditError::NotAContainer {
            path,
            step,
            found,
            offset,
        },
    }
}

/// The slot the last step names in the container the lookup reached.
fn slot<'a>(found: Lookup<'a, '_>) -> Result<Target<'a>, EditError> {
    let here = found.parent;
    let last = found.step;
    let slot = match (here.value(), found.last) {
        (Value::Dictionary(dict), Last::Entries(key, pairs)) => Slot::Entry { dict, key, pairs },
        (
            Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array),
            Last::Element(index, item),
        ) => Slot::Element {
            array,
            // No such index: resolved as an absent element past the end.
            index: index.unwrap_or(usize::MAX),
            item,
        },
        (Value::Object(ObjectRef::Full(object)), _) => {
            let name = last.as_property().map(str::to_string);
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
                index: last
                    .as_index()
                    .filter(|&i| i <= array.len())
                    .unwrap_or(usize::MAX),
            },
            None => {
                return Err(EditError::NotAContainer {
                    path: found.path,
                    step: found.depth,
                    found: here.ty().name(here.dialect()),
                    offset: here.offset(),
                })
            }
        },
    };
    Ok(Target {
        slot,
        container: here,
        depth: found.depth + 1,
        parent: found.path,
        name: last.to_string(),
    })
}

/// Absolute offset of a property's name field, whose text has `len` raw bytes and whose
/// value is `value` (the name field sits right before it).
fn name_start(len: usize, value: &VariantRef<'_>) -> usize {
    value
        .offset()
        .saturating_sub(4 + len.saturating_add(pad4(len)))
}
