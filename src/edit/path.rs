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
use crate::read::validate::measure;
use crate::read::value::VariantRef;
use crate::wire::bytes::pad4;
use crate::wire::dialect::Dialect;

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

/// Paths longer than this resolve their leading steps in chunks of this many: resolution
/// recurses once per step it follows in one walk, and this bounds the recursion.
const STEPS_PER_WALK: usize = 64;

/// Follows `path` from `root`: every step but the last must reach a value (as `query`
/// follows it); the last one is resolved into a [`Slot`], present or not.
///
/// Cost: one walk over the containers on the path, up to the end of each (a later equal
/// key wins, as in the engine, so every pair is looked at): each byte on the way is read
/// once, the matched value's bytes while following the next step inside it. A walk of
/// `STEPS_PER_WALK` steps measures where it lands once more.
pub(super) fn resolve<'a>(root: VariantRef<'a>, path: &str) -> Result<Target<'a>, EditError> {
    let steps = parse_path(path).map_err(|e| match e {
        QueryError::Syntax { at, why } => EditError::Syntax { at, why },
        // `parse_path` reports nothing else.
        _ => EditError::Syntax {
            at: 0,
            why: "unreadable path",
        },
    })?;
    if steps.is_empty() {
        return Ok(Target {
            slot: Slot::Root,
            container: root,
            depth: 0,
            parent: "/".to_string(),
            name: String::new(),
        });
    }
    let mut here = root;
    let mut prefix = "/".to_string();
    let mut first = 0;
    while steps.len() - first > STEPS_PER_WALK {
        let chunk = steps.get(first..first + STEPS_PER_WALK).unwrap_or(&[]);
        let at = Place::of(&here);
        (here, prefix) = at
            .locate(chunk, first, &prefix, Goal::Value)
            .1?
            .into_value()?;
        first += STEPS_PER_WALK;
    }
    let rest = steps.get(first..).unwrap_or(&[]);
    Place::of(&here)
        .locate(rest, first, &prefix, Goal::Slot)
        .1?
        .into_target()
}

/// What a walk stops at when it has followed its steps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Goal {
    /// The value the steps reach.
    Value,
    /// The slot the last step names, present or not.
    Slot,
}

/// Where a walk ended: the value reached (with its path), or the slot of the last step.
enum Reached<'a> {
    Value(VariantRef<'a>, String),
    Slot(Target<'a>),
}

impl<'a> Reached<'a> {
    fn into_value(self) -> Result<(VariantRef<'a>, String), EditError> {
        match self {
            Reached::Value(value, path) => Ok((value, path)),
            Reached::Slot(target) => Err(target.not_found()),
        }
    }

    fn into_target(self) -> Result<Target<'a>, EditError> {
        match self {
            Reached::Slot(target) => Ok(target),
            Reached::Value(value, path) => Err(EditError::NotFound {
                path,
                step: 0,
                name: String::new(),
                offset: value.offset(),
            }),
        }
    }
}

/// A validated value whose length is not known yet: its bytes run from its header to the
/// end of the region around it.
#[derive(Clone, Copy)]
struct Place<'a> {
    data: &'a [u8],
    offset: usize,
    dialect: Dialect,
}

impl<'a> Place<'a> {
    fn of(value: &VariantRef<'a>) -> Self {
        Place {
            data: value.encoded(),
            offset: value.offset(),
            dialect: value.dialect(),
        }
    }

    /// The first `len` bytes: the value itself.
    fn value(&self, len: usize) -> VariantRef<'a> {
        let encoded = self.data.get(..len).unwrap_or(self.data);
        VariantRef::trusted(encoded, self.offset, self.dialect)
    }

    /// The value, measured.
    fn measured(&self) -> (usize, VariantRef<'a>) {
        let len = measure(self.data, self.dialect);
        (len, self.value(len))
    }

    /// The place `at` (absolute) inside this one.
    fn at(&self, at: usize) -> Place<'a> {
        Place {
            data: self
                .data
                .get(at.saturating_sub(self.offset)..)
                .unwrap_or(&[]),
            offset: at,
            dialect: self.dialect,
        }
    }

    /// Walks this value once, following `steps` (step number `first` on; `prefix` is the
    /// path here). Returns the value's encoded length, which the walk of the container
    /// around it needs whatever was found, and where the steps lead.
    fn locate(
        self,
        steps: &[Step<'_>],
        first: usize,
        prefix: &str,
        goal: Goal,
    ) -> (usize, Result<Reached<'a>, EditError>) {
        let Some((step, further)) = steps.split_first() else {
            let (len, value) = self.measured();
            return (len, Ok(Reached::Value(value, prefix.to_string())));
        };
        let last = further.is_empty() && goal == Goal::Slot;
        let follow = |child: Place<'a>| child.locate(further, first + 1, &join(prefix, step), goal);
        let mut found = None;
        let long = VariantRef::trusted(self.data, self.offset, self.dialect);
        let (end, pending) = match long.value() {
            Value::Dictionary(dict) => {
                let key = key_of(step);
                let mut at = dict.parts().1.saturating_add(dict.children_at());
                let mut pairs = Vec::new();
                for _ in 0..dict.len() {
                    let key_at = self.at(at);
                    if key_at.data.is_empty() {
                        break;
                    }
                    let (key_len, k) = key_at.measured();
                    at = at.saturating_add(key_len);
                    let hit = key.matches(&k);
                    let (value_len, kept) = self.at(at).pass(hit, last, &mut found, follow);
                    pairs.extend(kept.map(|v| (k, v)));
                    at = at.saturating_add(value_len);
                }
                (at, Pending::Entry(key, pairs))
            }
            Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let index = index_of(step).filter(|&i| i <= array.len());
                let mut at = array.parts().1.saturating_add(array.children_at());
                let mut item = None;
                for i in 0..array.len() {
                    let element = self.at(at);
                    if element.data.is_empty() {
                        break;
                    }
                    let hit = Some(i) == index;
                    let (element_len, kept) = element.pass(hit, last, &mut found, follow);
                    item = item.or(kept);
                    at = at.saturating_add(element_len);
                }
                (at, Pending::Element(index, item))
            }
            _ => {
                // Not walked here: a full object's properties, a packed array, a leaf.
                let (len, here) = self.measured();
                let reached = if last {
                    end_slot(here, step, first, prefix).map(Reached::Slot)
                } else {
                    child(here, step, first, prefix).and_then(|value| follow(Place::of(&value)).1)
                };
                return (len, reached);
            }
        };
        let len = end.saturating_sub(self.offset);
        let not_found = || EditError::NotFound {
            path: prefix.to_string(),
            step: first,
            name: step.to_string(),
            offset: self.offset,
        };
        if !last {
            return (len, found.unwrap_or_else(|| Err(not_found())));
        }
        let here = self.value(len);
        let slot = match (here.value(), pending) {
            (Value::Dictionary(dict), Pending::Entry(key, pairs)) => {
                Slot::Entry { dict, key, pairs }
            }
            (
                Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array),
                Pending::Element(index, item),
            ) => Slot::Element {
                array,
                // No such index: resolved as an absent element past the end.
                index: index.unwrap_or(usize::MAX),
                item,
            },
            _ => return (len, Err(not_found())),
        };
        let target = Target {
            slot,
            container: here,
            depth: first + 1,
            parent: prefix.to_string(),
            name: step.to_string(),
        };
        (len, Ok(Reached::Slot(target)))
    }

    /// Steps over this child of the container being walked and returns its length. A child
    /// the step names (`hit`) is kept whole when the step is the last one, or followed into
    /// with `follow`, whose result goes to `found` (a later hit replaces it: the engine
    /// keeps the last of equal keys); any other child is only measured.
    fn pass(
        self,
        hit: bool,
        last: bool,
        found: &mut Option<Result<Reached<'a>, EditError>>,
        follow: impl FnOnce(Place<'a>) -> (usize, Result<Reached<'a>, EditError>),
    ) -> (usize, Option<VariantRef<'a>>) {
        if !hit {
            return (measure(self.data, self.dialect), None);
        }
        if last {
            let (len, value) = self.measured();
            return (len, Some(value));
        }
        let (len, reached) = follow(self);
        *found = Some(reached);
        (len, None)
    }
}

/// What the walk of a Dictionary or Array gathered for the slot of a last step.
enum Pending<'a> {
    /// The key, and the pairs that hold it.
    Entry(Key, Vec<(VariantRef<'a>, VariantRef<'a>)>),
    /// The index (`None`: not an index of this array) and the element there.
    Element(Option<usize>, Option<VariantRef<'a>>),
}

/// The slot the last step names in `here`, which is neither an Array nor a Dictionary:
/// a full object's property or a packed array's element.
fn end_slot<'a>(
    here: VariantRef<'a>,
    last: &Step<'_>,
    i: usize,
    prefix: &str,
) -> Result<Target<'a>, EditError> {
    let slot = match here.value() {
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
            None => return Err(not_a_container(&here, prefix, i)),
        },
    };
    Ok(Target {
        slot,
        container: here,
        depth: i + 1,
        parent: prefix.to_string(),
        name: last.to_string(),
    })
}

/// `here` (step `i`, at `prefix`) holds nothing a step can name.
fn not_a_container(here: &VariantRef<'_>, prefix: &str, i: usize) -> EditError {
    EditError::NotAContainer {
        path: prefix.to_string(),
        step: i,
        found: here.ty().name(here.dialect()),
        offset: here.offset(),
    }
}

/// Absolute offset of a property's name field, whose text has `len` raw bytes and whose
/// value is `value` (the name field sits right before it).
fn name_start(len: usize, value: &VariantRef<'_>) -> usize {
    value
        .offset()
        .saturating_sub(4 + len.saturating_add(pad4(len)))
}

/// The value that `step` (step number `i`) reaches from `here`, whose path is `prefix`,
/// when `here` is neither a Dictionary nor an Array ([`Place::locate`] walks those): a
/// full object's property, or the error for anything else.
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
            None => return Err(not_a_container(&here, prefix, i)),
        },
    };
    found.ok_or_else(not_found)
}
