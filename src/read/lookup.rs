//! The one path lookup: [`lookup`] follows every step of a path but the last, in one walk,
//! to the container the last step looks into, and gathers what the last step names there.
//! [`VariantRef::query`] (defined here) and `Edit`'s path resolution both start from it, so
//! a path means the same to reading and to editing.
//!
//! The path syntax itself (steps, [`parse_path`], the errors) is in [`crate::read::query`].

use alloc::{
    string::{String, ToString},
    vec::Vec,
};

use crate::read::decoded::{math_value, packed_value, Value};
use crate::read::node::measure;
use crate::read::object::ObjectRef;
use crate::read::query::{parse_path, Found, QueryError, Step};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// A Dictionary key or property name, as a path step names it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Key {
    /// A String or StringName key with this text (Godot's reading of it), or a property.
    Text(String),
    /// An int key.
    Int(i64),
}

impl Key {
    /// Does the key `k` match? A text key matches a String or StringName with that text, an
    /// int key an int.
    pub(crate) fn matches(&self, k: &VariantRef<'_>) -> bool {
        match self {
            Key::Text(text) => k.as_gd_str().is_some_and(|s| s == text.as_str()),
            Key::Int(n) => k.as_int() == Some(*n),
        }
    }
}

impl Step<'_> {
    /// The index the step names in an array: all digits, or `[n]` with n ≥ 0.
    pub(crate) fn as_index(&self) -> Option<usize> {
        match self {
            Step::Name(name) if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) => {
                name.parse().ok()
            }
            Step::Int(n) => usize::try_from(*n).ok(),
            _ => None,
        }
    }

    /// The key the step names in a dictionary.
    pub(crate) fn as_key(&self) -> Key {
        match self {
            Step::Name(name) => Key::Text((*name).to_string()),
            Step::Quoted(key) => Key::Text(key.clone()),
            Step::Int(n) => Key::Int(*n),
        }
    }

    /// The property name the step names (`None` for `[n]`).
    pub(crate) fn as_property(&self) -> Option<&str> {
        match self {
            Step::Name(name) => Some(name),
            Step::Quoted(key) => Some(key),
            Step::Int(_) => None,
        }
    }
}

/// Why a lookup stopped. Each caller words it its own way ([`QueryError`], `EditError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Missed {
    /// Step number `step`, written `name`, names nothing in the container at `path`
    /// (header at absolute `offset`).
    NotFound {
        path: String,
        step: usize,
        name: String,
        offset: usize,
    },
    /// Step number `step` goes into the value at `path`, a `found`, which has no parts;
    /// `offset` is its header's, or for a packed array's element (`element`), the array's.
    NotAContainer {
        path: String,
        step: usize,
        found: &'static str,
        offset: usize,
        element: bool,
    },
}

/// What the walk of the last step's container gathered.
pub(crate) enum Last<'a> {
    /// A Dictionary: the key the step names, and the pairs that hold it, in wire order.
    Entries(Key, Vec<(VariantRef<'a>, VariantRef<'a>)>),
    /// An Array: the index the step names (`None`: not an index, or past the length; the
    /// length itself is kept, for appending) and the element there.
    Element(Option<usize>, Option<VariantRef<'a>>),
    /// Anything else (a full Object, a packed array, a leaf): not walked; see
    /// [`Lookup::found`].
    Unwalked,
}

/// Where a path's leading steps lead: the container its last step looks into.
pub(crate) struct Lookup<'a, 's> {
    /// The value the steps before the last reach.
    pub(crate) parent: VariantRef<'a>,
    /// Its path (`/` for the top level).
    pub(crate) path: String,
    /// The last step.
    pub(crate) step: &'s Step<'s>,
    /// The last step's number (0 for the first).
    pub(crate) depth: usize,
    /// What the last step names in `parent`.
    pub(crate) last: Last<'a>,
}

impl<'a> Lookup<'a, '_> {
    /// What the last step reaches, as `query` finds it: the last of equal keys, the
    /// element, the last property of that name, a packed array's element. O(1), or
    /// O(properties) for a full Object.
    pub(crate) fn found(&self) -> Result<Found<'a>, Missed> {
        let found = match &self.last {
            Last::Entries(_, pairs) => pairs.last().map(|&(_, v)| Found::Value(v)),
            Last::Element(_, item) => item.map(Found::Value),
            Last::Unwalked => return unwalked(self.parent, self.step, self.depth, &self.path),
        };
        found.ok_or_else(|| self.not_found())
    }

    /// [`Missed::NotFound`] for the last step.
    pub(crate) fn not_found(&self) -> Missed {
        Missed::NotFound {
            path: self.path.clone(),
            step: self.depth,
            name: self.step.to_string(),
            offset: self.parent.offset(),
        }
    }

    /// The value the last step reaches, to follow further steps from: a packed array's
    /// element has no parts.
    fn value(&self) -> Result<VariantRef<'a>, Missed> {
        let path = join(&self.path, self.step);
        whole(self.found()?, path, self.depth + 1, &self.parent)
    }
}

/// Paths longer than this follow their leading steps in chunks of this many: a walk
/// recurses once per step it follows, and this bounds the recursion.
const STEPS_PER_WALK: usize = 64;

/// Follows `steps` from `root`; `None` for no steps (the path of `root` itself).
///
/// Cost: one walk over the containers on the path, to the end of each (a later equal key
/// wins, as in the engine, so every pair is looked at; a container inside another is
/// measured to step over it): each byte on the way is read once, a matched value's bytes
/// while following the next step inside it. An Array whose length is known (`root`) is
/// walked only up to the element the step names. The last container is measured while its
/// children are gathered. A path of more than `STEPS_PER_WALK` steps measures where each
/// chunk lands once more.
pub(crate) fn lookup<'a, 's>(
    root: VariantRef<'a>,
    steps: &'s [Step<'s>],
) -> Result<Option<Lookup<'a, 's>>, Missed> {
    let mut here = root;
    let mut prefix = "/".to_string();
    let mut first = 0;
    while steps.len().saturating_sub(first) > STEPS_PER_WALK {
        let chunk = steps.get(first..first + STEPS_PER_WALK).unwrap_or(&[]);
        let Some((step, further)) = chunk.split_first() else {
            break;
        };
        let reached = Place::of(&here).locate(step, further, first, &prefix).1?;
        here = reached.value()?;
        prefix = join(&reached.path, reached.step);
        first += STEPS_PER_WALK;
    }
    let rest = steps.get(first..).unwrap_or(&[]);
    match rest.split_first() {
        None => Ok(None),
        Some((step, further)) => Place::of(&here)
            .locate(step, further, first, &prefix)
            .1
            .map(Some),
    }
}

impl<'a> VariantRef<'a> {
    /// Follows `path` (syntax in [`crate::read::query`]) from this value, to a whole value
    /// or to a packed array's element.
    ///
    /// Checks the path's syntax ([`QueryError::Syntax`]), that every step but the last
    /// reaches a value with parts ([`QueryError::NotAContainer`]) and that each step names
    /// something ([`QueryError::NotFound`]). Cost: one walk over the containers on the way,
    /// each to its end (the engine keeps the last of equal keys); allocates the steps and
    /// the path text of the place reached.
    ///
    /// ```
    /// use gdvariant::{query::Found, Dialect, VariantRef};
    ///
    /// // var_to_bytes({"hp": [7]}) in Godot 4
    /// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0,
    ///              28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
    /// let root = VariantRef::parse(&bytes, Dialect::Godot4)?;
    /// let seven = root.query("hp/0").unwrap().value().unwrap();
    /// assert_eq!(seven.as_int(), Some(7));
    /// assert_eq!(root.query("hp/1").unwrap_err().to_string(), "`/hp` has no `1`");
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn query(&self, path: &str) -> Result<Found<'a>, QueryError> {
        let steps = parse_path(path)?;
        let reached = lookup(*self, &steps).and_then(|found| match found {
            None => Ok(Found::Value(*self)),
            Some(lookup) => lookup.found(),
        });
        reached.map_err(|missed| match missed {
            Missed::NotFound {
                path,
                step,
                name,
                offset,
            } => QueryError::NotFound {
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
                element,
            } => QueryError::NotAContainer {
                path,
                step,
                found: if element {
                    "packed array element"
                } else {
                    found
                },
                offset,
            },
        })
    }
}

/// `prefix` with `step` appended, in path syntax.
pub(crate) fn join(prefix: &str, step: &Step<'_>) -> String {
    let mut path = if prefix == "/" {
        String::new()
    } else {
        prefix.to_string()
    };
    path.push('/');
    path.push_str(&step.to_string());
    path
}

/// The value `found` (at `path`, reached by step number `step - 1` from `container`) as a
/// value to step into: a packed array's element has no parts.
fn whole<'a>(
    found: Found<'a>,
    path: String,
    step: usize,
    container: &VariantRef<'a>,
) -> Result<VariantRef<'a>, Missed> {
    match found {
        Found::Value(value) => Ok(value),
        Found::Element(array, i) => Err(Missed::NotAContainer {
            path,
            step,
            found: array
                .get(i)
                .map_or("packed array element", |e| e.ty().name(container.dialect())),
            offset: container.offset(),
            element: true,
        }),
    }
}

/// What `step` (step number `i`) reaches in `here` (at `prefix`) when `here` is not walked
/// as a Dictionary or an Array: a full Object's property (the last of that name), a packed
/// array's element, or an error for a value without parts.
fn unwalked<'a>(
    here: VariantRef<'a>,
    step: &Step<'_>,
    i: usize,
    prefix: &str,
) -> Result<Found<'a>, Missed> {
    let found = match here.value() {
        Value::Object(ObjectRef::Full(object)) => step.as_property().and_then(|name| {
            object
                .properties()
                .filter(|(n, _)| *n == name)
                .last()
                .map(|(_, v)| Found::Value(v))
        }),
        packed_value!() => here.as_packed().and_then(|array| {
            step.as_index()
                .filter(|&i| i < array.len())
                .map(|i| Found::Element(array, i))
        }),
        // Walked by `Place::locate` when they are not the last container; as the last one,
        // what the step names was gathered then (`Last`), so nothing is found here.
        Value::Dictionary(_)
        | Value::Array(_)
        | Value::TypedArray(_)
        | Value::PackedTypedArray(_) => None,
        Value::Nil
        | Value::Bool(_)
        | Value::Int(_)
        | Value::Float(_)
        | Value::String(_)
        | math_value!(_)
        | Value::StringName(_)
        | Value::NodePath(_)
        | Value::Rid(_)
        | Value::Object(_)
        | Value::Callable
        | Value::Signal(_) => {
            return Err(Missed::NotAContainer {
                path: prefix.to_string(),
                step: i,
                found: here.ty().name(here.dialect()),
                offset: here.offset(),
                element: false,
            })
        }
    };
    found.ok_or_else(|| Missed::NotFound {
        path: prefix.to_string(),
        step: i,
        name: step.to_string(),
        offset: here.offset(),
    })
}

/// A validated value whose length may not be known yet: its bytes run from its header to
/// the end of the region around it, or (`exact`) to its own end.
#[derive(Clone, Copy)]
struct Place<'a> {
    data: &'a [u8],
    offset: usize,
    dialect: Dialect,
    exact: bool,
}

/// The next step to follow and the steps after it.
type Next<'s> = Option<(&'s Step<'s>, &'s [Step<'s>])>;

impl<'a> Place<'a> {
    fn of(value: &VariantRef<'a>) -> Self {
        Place {
            data: value.encoded(),
            offset: value.offset(),
            dialect: value.dialect(),
            exact: true,
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
            exact: false,
        }
    }

    /// Walks this value once, following `step` (step number `first`, `prefix` is the path
    /// here) and then `further`. Returns the value's encoded length, which the walk of the
    /// container around it needs whatever was found, and where the steps lead.
    fn locate<'s>(
        self,
        step: &'s Step<'s>,
        further: &'s [Step<'s>],
        first: usize,
        prefix: &str,
    ) -> (usize, Result<Lookup<'a, 's>, Missed>) {
        let next: Next<'s> = further.split_first();
        let child_path = join(prefix, step);
        let mut found = None;
        let long = VariantRef::trusted(self.data, self.offset, self.dialect);
        let (end, last) = match long.value() {
            Value::Dictionary(dict) => {
                let key = step.as_key();
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
                    let (value_len, kept) =
                        self.at(at)
                            .pass(hit, next, first + 1, &child_path, &mut found);
                    pairs.extend(kept.map(|v| (k, v)));
                    at = at.saturating_add(value_len);
                }
                (at, Last::Entries(key, pairs))
            }
            Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let index = step.as_index().filter(|&i| i <= array.len());
                let mut at = array.parts().1.saturating_add(array.children_at());
                let mut item = None;
                for i in 0..array.len() {
                    if self.exact && index.is_none_or(|index| i > index) {
                        // The length is known: no element after the one named is needed.
                        break;
                    }
                    let element = self.at(at);
                    if element.data.is_empty() {
                        break;
                    }
                    let hit = Some(i) == index;
                    let (element_len, kept) =
                        element.pass(hit, next, first + 1, &child_path, &mut found);
                    item = item.or(kept);
                    at = at.saturating_add(element_len);
                }
                (at, Last::Element(index, item))
            }
            _ => {
                // Not walked here: a full object's properties, a packed array, a leaf.
                let (len, here) = self.measured();
                let reached = match next {
                    None => Ok(Lookup {
                        parent: here,
                        path: prefix.to_string(),
                        step,
                        depth: first,
                        last: Last::Unwalked,
                    }),
                    Some((next, further)) => unwalked(here, step, first, prefix)
                        .and_then(|found| whole(found, child_path.clone(), first + 1, &here))
                        .and_then(|value| {
                            Place::of(&value)
                                .locate(next, further, first + 1, &child_path)
                                .1
                        }),
                };
                return (len, reached);
            }
        };
        let len = if self.exact {
            self.data.len()
        } else {
            end.saturating_sub(self.offset)
        };
        let reached = match next {
            Some(_) => found.unwrap_or_else(|| {
                Err(Missed::NotFound {
                    path: prefix.to_string(),
                    step: first,
                    name: step.to_string(),
                    offset: self.offset,
                })
            }),
            None => Ok(Lookup {
                parent: self.value(len),
                path: prefix.to_string(),
                step,
                depth: first,
                last,
            }),
        };
        (len, reached)
    }

    /// Steps over this child of the container being walked and returns its length. A child
    /// the step names (`hit`) is kept whole when the step is the last one (`next` is
    /// `None`), or followed into with `next` (step number `first`, from `path`), whose
    /// result goes to `found` (a later hit replaces it: the engine keeps the last of equal
    /// keys); any other child is only measured.
    fn pass<'s>(
        self,
        hit: bool,
        next: Next<'s>,
        first: usize,
        path: &str,
        found: &mut Option<Result<Lookup<'a, 's>, Missed>>,
    ) -> (usize, Option<VariantRef<'a>>) {
        if !hit {
            return (measure(self.data, self.dialect), None);
        }
        match next {
            None => {
                let (len, value) = self.measured();
                (len, Some(value))
            }
            Some((step, further)) => {
                let (len, reached) = self.locate(step, further, first, path);
                *found = Some(reached);
                (len, None)
            }
        }
    }
}
