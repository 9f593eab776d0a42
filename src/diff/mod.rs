//! Structural diff: where two values differ, as [`Change`]s at paths (the syntax of
//! [`query`](crate::query)).
//!
//! [`diff`] walks both values together, depth first, in the first value's order:
//!
//! - **Equal subtrees are skipped** by comparing their encoded bytes (when both values are in
//!   one dialect), so two large saves that differ in a few places cost about one pass over
//!   each.
//! - **Dictionary entries are paired by key.** Keys are compared by their encodings,
//!   re-encoded first the way this crate writes them when they are not already so (a leaf
//!   key only: an int key written in 64 bits and one in 32 are one key). Entries of the
//!   first value come in its order, then the entries only the second has, in its order.
//! - **Full Objects' properties are paired by name**, when the classes are the same.
//! - **Array elements, and packed array elements, are paired by a longest common
//!   subsequence**: one element deleted in the middle is one [`Change::Removed`], one
//!   inserted is one [`Change::Added`], not a shifted tail. Elements match when their
//!   encodings are equal byte for byte. Between two matched runs, the unmatched elements are
//!   paired in order and compared in depth (a changed element reads as the changes inside
//!   it); the surplus is removed or added. An element encoded differently but equal in
//!   value (see below) is not matched, but compared in depth with the element at its place,
//!   where it reports nothing.
//! - **Bounds**: the common prefix and suffix are matched in one linear pass; the middle
//!   is aligned by Myers' O((n + m)·d) algorithm for up to 1,000 edits (d) and 2²⁵ steps,
//!   in 4 MB of memory at most. Past that, an Array's middle is paired by index (the
//!   elements of the first with those at the same place in the second, counting from the
//!   end of the common prefix), and a packed array is reported whole, as one
//!   [`Change::Changed`]. Arrays of values in two different dialects are paired by index.
//! - **Two encodings of one value are one value.** Leaves (anything but an Array, a
//!   Dictionary, a full Object) whose bytes differ are compared by their re-encodings in
//!   the first value's dialect, the way this crate writes them ([`Builder::value`](crate::Builder::value)):
//!   an int or float in 32 or 64 bits, a string's padding, Godot 3's uninitialised NodePath
//!   padding do not make a change. A value of another type, or a container of another
//!   element or key type (or another class), is a [`Change::Changed`] of the whole.
//!
//! Paths: `/` is the top-level value; a step is an Array or packed array index (`3`), a
//! Dictionary key (`name`, `"a/b"`, `[42]`) or a property name, written as
//! [`Edge`]'s `Display` writes it, so `query` and `get` take them back; a key a
//! path cannot name (a float, a Vector2, …) is written `<key #i>`, `i` its position among
//! the pairs. A [`Change::Removed`] or [`Change::Changed`] names the place in the first
//! value, a [`Change::Added`] the place in the second.

mod lcs;

use alloc::{
    borrow::Cow,
    collections::{BTreeMap, BTreeSet},
    string::{String, ToString},
    vec,
    vec::Vec,
};
use core::fmt;
use core::ops::Range;

use crate::read::children::Edge;
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::Value;
use crate::read::object::{FullObject, ObjectRef};
use crate::read::packed::PackedArray;
use crate::read::query::Found;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::write::canonical::canonical;
use crate::write::Builder;
use lcs::{align, Alignment};

/// One difference between two values. `old` is in the first value, `new` in the second:
/// whole values, or elements of packed arrays ([`Found::Element`]). Made by [`diff`]; holds
/// views, so it costs nothing to keep.
///
/// ```
/// use gdvariant::{diff::{diff, Change}, Dialect, VariantRef};
///
/// let a = gdvariant::text::read("PackedInt32Array(1, 2, 3)", Dialect::Godot4).unwrap();
/// let b = gdvariant::text::read("PackedInt32Array(1, 3)", Dialect::Godot4).unwrap();
/// let (a, b) = (VariantRef::parse(&a, Dialect::Godot4)?, VariantRef::parse(&b, Dialect::Godot4)?);
/// let change = diff(a, b).next().unwrap();
/// let Change::Removed { path, old } = change else { panic!() };
/// assert_eq!(path, "/1");
/// let gdvariant::query::Found::Element(array, i) = old else { panic!() };
/// assert_eq!(array.as_i32().unwrap().get(i), Some(2));
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone, Debug)]
pub enum Change<'a> {
    /// The place holds `old` in the first value and `new` in the second.
    Changed {
        /// Where, in the first value.
        path: String,
        /// What the first value holds there.
        old: Found<'a>,
        /// What the second value holds there.
        new: Found<'a>,
    },
    /// Only the first value has this place.
    Removed {
        /// Where, in the first value.
        path: String,
        /// What it holds.
        old: Found<'a>,
    },
    /// Only the second value has this place.
    Added {
        /// Where, in the second value.
        path: String,
        /// What it holds.
        new: Found<'a>,
    },
}

impl<'a> Change<'a> {
    /// The path of the change (see the [module docs](self)). O(1).
    ///
    /// ```
    /// use gdvariant::{diff::diff, Dialect, VariantRef};
    ///
    /// let a = gdvariant::text::read("[1, 2]", Dialect::Godot4).unwrap();
    /// let b = gdvariant::text::read("[1, 3]", Dialect::Godot4).unwrap();
    /// let (a, b) = (VariantRef::parse(&a, Dialect::Godot4)?, VariantRef::parse(&b, Dialect::Godot4)?);
    /// let paths: Vec<String> = diff(a, b).map(|c| c.path().to_string()).collect();
    /// assert_eq!(paths, ["/1"]);
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn path(&self) -> &str {
        match self {
            Change::Changed { path, .. }
            | Change::Removed { path, .. }
            | Change::Added { path, .. } => path,
        }
    }
}

/// The differences between `a` and `b`, lazily, in `a`'s order (see the [module
/// docs](self) for how places are paired, when two values are the same, and the bounds).
///
/// Validates nothing (both are validated views) and never fails. Cost: the bytes of both
/// values are compared once where they are equal; where they differ, each container on the
/// way is walked once more to pair its children (an Array's elements, hashed, in O(n + m),
/// then aligned within the bounds of the module docs), and each changed leaf may be
/// re-encoded. Memory: the walk's pending work (the children of the containers being
/// compared) and, for an Array being aligned, a 40-byte entry per element.
///
/// ```
/// use gdvariant::{diff::{diff, Change}, Dialect, VariantRef};
///
/// // One element deleted in the middle of an array: one change, not a shifted tail.
/// let a = gdvariant::text::read("[10, 20, 30, 40, 50]", Dialect::Godot4).unwrap();
/// let b = gdvariant::text::read("[10, 20, 40, 50]", Dialect::Godot4).unwrap();
/// let (a, b) = (VariantRef::parse(&a, Dialect::Godot4)?, VariantRef::parse(&b, Dialect::Godot4)?);
/// let changes: Vec<Change<'_>> = diff(a, b).collect();
/// assert_eq!(changes.len(), 1);
/// assert!(matches!(&changes[0], Change::Removed { path, old } if path == "/2"
///     && old.value().and_then(|v| v.as_int()) == Some(30)));
/// # Ok::<(), gdvariant::Error>(())
/// ```
pub fn diff<'a>(a: VariantRef<'a>, b: VariantRef<'a>) -> Diff<'a> {
    Diff {
        stack: vec![Work::Compare("/".to_string(), a, b)],
    }
}

/// The iterator of [`diff`]: each [`Change`] in turn, found as it is asked for (stop
/// early, and the rest is not compared). Each `next` costs the comparisons up to the next
/// change (see [`diff`]).
///
/// ```
/// use gdvariant::{diff::diff, Dialect, VariantRef};
///
/// let a = gdvariant::text::read(r#"{"a": 1, "b": 2}"#, Dialect::Godot4).unwrap();
/// let b = gdvariant::text::read(r#"{"a": 5, "b": 6}"#, Dialect::Godot4).unwrap();
/// let (a, b) = (VariantRef::parse(&a, Dialect::Godot4)?, VariantRef::parse(&b, Dialect::Godot4)?);
/// let mut changes = diff(a, b);
/// assert_eq!(changes.next().map(|c| c.path().to_string()), Some("/a".into()));
/// assert_eq!(changes.count(), 1);
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Diff<'a> {
    /// Work left, the next on top.
    stack: Vec<Work<'a>>,
}

/// Work left on the walk: two values to compare, or a change to report in its place.
#[derive(Clone, Debug)]
enum Work<'a> {
    Compare(String, VariantRef<'a>, VariantRef<'a>),
    Report(Change<'a>),
}

impl<'a> Iterator for Diff<'a> {
    type Item = Change<'a>;

    fn next(&mut self) -> Option<Change<'a>> {
        while let Some(work) = self.stack.pop() {
            match work {
                Work::Report(change) => return Some(change),
                Work::Compare(path, a, b) => {
                    if let Some(change) = self.compare(path, a, b) {
                        return Some(change);
                    }
                }
            }
        }
        None
    }
}

impl core::iter::FusedIterator for Diff<'_> {}

impl<'a> Diff<'a> {
    /// Compares `a` and `b` at `path`: a change of the whole, or their children's work
    /// pushed (to be done in order).
    fn compare(
        &mut self,
        path: String,
        a: VariantRef<'a>,
        b: VariantRef<'a>,
    ) -> Option<Change<'a>> {
        if a.dialect() == b.dialect() && a.encoded() == b.encoded() {
            return None;
        }
        let mut work = Vec::new();
        match (a.value(), b.value()) {
            (Value::Array(x), Value::Array(y))
            | (Value::TypedArray(x), Value::TypedArray(y))
            | (Value::PackedTypedArray(x), Value::PackedTypedArray(y))
                if x.element_type() == y.element_type()
                    && x.pandemonium_element_id() == y.pandemonium_element_id() =>
            {
                arrays(&path, x, y, a.dialect() == b.dialect(), &mut work);
            }
            (Value::Dictionary(x), Value::Dictionary(y))
                if x.key_type() == y.key_type() && x.value_type() == y.value_type() =>
            {
                dictionaries(&path, x, y, a.dialect(), &mut work);
            }
            (Value::Object(ObjectRef::Full(x)), Value::Object(ObjectRef::Full(y)))
                if x.class().raw_bytes() == y.class().raw_bytes() =>
            {
                objects(&path, x, y, &mut work);
            }
            _ => {
                let packed = a.as_packed().zip(b.as_packed());
                let whole = match packed {
                    Some((x, y)) if x.ty() == y.ty() && x.is_double() == y.is_double() => {
                        !packed_arrays(&path, x, y, &mut work)
                    }
                    _ => !same(a, b),
                };
                if whole {
                    return Some(Change::Changed {
                        path,
                        old: Found::Value(a),
                        new: Found::Value(b),
                    });
                }
            }
        }
        self.stack.extend(work.into_iter().rev());
        None
    }
}

/// `path` with one more step.
fn join(path: &str, step: &dyn fmt::Display) -> String {
    if path == "/" {
        alloc::format!("/{step}")
    } else {
        alloc::format!("{path}/{step}")
    }
}

/// A hash of an element's bytes, to tell most unequal elements apart in O(1).
fn hash(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    for chunk in bytes.chunks(8) {
        let mut word = [0u8; 8];
        for (to, from) in word.iter_mut().zip(chunk) {
            *to = *from;
        }
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

/// The work of pairing two Arrays' elements (see the module docs): aligned when both are
/// in one dialect (`search`), by index otherwise.
fn arrays<'a>(
    path: &str,
    x: ArrayRef<'a>,
    y: ArrayRef<'a>,
    search: bool,
    work: &mut Vec<Work<'a>>,
) {
    let hashed = |array: ArrayRef<'a>| -> Vec<(u64, VariantRef<'a>)> {
        // Each element's exact bytes once: the alignment compares them many times.
        array
            .iter()
            .map(|v| {
                let v = v.sized();
                (hash(v.encoded()), v)
            })
            .collect()
    };
    let (xs, ys) = (hashed(x), hashed(y));
    let alignment = align(xs.len(), ys.len(), search, |i, j| {
        match (xs.get(i), ys.get(j)) {
            (Some((h, v)), Some((g, w))) => h == g && v.encoded() == w.encoded(),
            _ => false,
        }
    });
    for_each_gap(&alignment, xs.len(), ys.len(), |old, new| {
        let (removed, added) = (old.len(), new.len());
        let pairs = removed.min(added);
        for (i, j) in old.clone().zip(new.clone()) {
            if let (Some(&(_, v)), Some(&(_, w))) = (xs.get(i), ys.get(j)) {
                work.push(Work::Compare(join(path, &Edge::Index(i)), v, w));
            }
        }
        for i in old.skip(pairs) {
            if let Some(&(_, v)) = xs.get(i) {
                work.push(Work::Report(Change::Removed {
                    path: join(path, &Edge::Index(i)),
                    old: Found::Value(v),
                }));
            }
        }
        for j in new.skip(pairs) {
            if let Some(&(_, w)) = ys.get(j) {
                work.push(Work::Report(Change::Added {
                    path: join(path, &Edge::Index(j)),
                    new: Found::Value(w),
                }));
            }
        }
    });
}

/// The changes between two packed arrays of one type, element by element; `false` (and no
/// work) when they are not aligned within the bounds, to be reported whole.
fn packed_arrays<'a>(
    path: &str,
    x: PackedArray<'a>,
    y: PackedArray<'a>,
    work: &mut Vec<Work<'a>>,
) -> bool {
    let elements = |array: PackedArray<'a>| -> Vec<&'a [u8]> {
        match (array.element_size(), array.strings()) {
            (_, Some(strings)) => strings.iter().map(|s| s.raw_bytes()).collect(),
            (Some(size), None) if size > 0 => array.as_bytes().chunks_exact(size).collect(),
            _ => Vec::new(),
        }
    };
    let (xs, ys) = (elements(x), elements(y));
    let alignment = align(xs.len(), ys.len(), true, |i, j| xs.get(i) == ys.get(j));
    if !alignment.exact {
        return false;
    }
    for_each_gap(&alignment, xs.len(), ys.len(), |old, new| {
        let pairs = old.len().min(new.len());
        for (i, j) in old.clone().zip(new.clone()) {
            if xs.get(i) != ys.get(j) {
                work.push(Work::Report(Change::Changed {
                    path: join(path, &Edge::Index(i)),
                    old: Found::Element(x, i),
                    new: Found::Element(y, j),
                }));
            }
        }
        for i in old.skip(pairs) {
            work.push(Work::Report(Change::Removed {
                path: join(path, &Edge::Index(i)),
                old: Found::Element(x, i),
            }));
        }
        for j in new.skip(pairs) {
            work.push(Work::Report(Change::Added {
                path: join(path, &Edge::Index(j)),
                new: Found::Element(y, j),
            }));
        }
    });
    true
}

/// Calls `gap` for each stretch of unmatched elements between the runs of `alignment` (of
/// `n` against `m` elements), in order.
fn for_each_gap(
    alignment: &Alignment,
    n: usize,
    m: usize,
    mut gap: impl FnMut(Range<usize>, Range<usize>),
) {
    let (mut i, mut j) = (0, 0);
    let end = lcs::Run { a: n, b: m, len: 0 };
    for run in alignment.runs.iter().chain(core::iter::once(&end)) {
        if run.a > i || run.b > j {
            gap(i..run.a, j..run.b);
        }
        i = run.a.saturating_add(run.len);
        j = run.b.saturating_add(run.len);
    }
}

/// The work of pairing two Dictionaries' entries by key.
fn dictionaries<'a>(
    path: &str,
    x: DictRef<'a>,
    y: DictRef<'a>,
    dialect: Dialect,
    work: &mut Vec<Work<'a>>,
) {
    // The last of equal keys wins, as in the engine.
    let in_b: BTreeMap<Cow<'a, [u8]>, VariantRef<'a>> =
        y.iter().map(|(k, v)| (form(k, dialect), v)).collect();
    let mut in_a = BTreeSet::new();
    for (position, (key, v)) in x.iter().enumerate() {
        let form = form(key, dialect);
        let path = join(path, &Edge::Key { key, position });
        work.push(match in_b.get(&form) {
            Some(&w) => Work::Compare(path, v, w),
            None => Work::Report(Change::Removed {
                path,
                old: Found::Value(v),
            }),
        });
        in_a.insert(form);
    }
    for (position, (key, w)) in y.iter().enumerate() {
        if !in_a.contains(&form(key, dialect)) {
            work.push(Work::Report(Change::Added {
                path: join(path, &Edge::Key { key, position }),
                new: Found::Value(w),
            }));
        }
    }
}

/// The work of pairing two full Objects' properties by name.
fn objects<'a>(path: &str, x: FullObject<'a>, y: FullObject<'a>, work: &mut Vec<Work<'a>>) {
    let in_b: BTreeMap<&[u8], VariantRef<'a>> =
        y.properties().map(|(n, v)| (n.raw_bytes(), v)).collect();
    let mut in_a = BTreeSet::new();
    for (name, v) in x.properties() {
        let path = join(path, &Edge::Property(name));
        work.push(match in_b.get(name.raw_bytes()) {
            Some(&w) => Work::Compare(path, v, w),
            None => Work::Report(Change::Removed {
                path,
                old: Found::Value(v),
            }),
        });
        in_a.insert(name.raw_bytes());
    }
    for (name, w) in y.properties() {
        if !in_a.contains(name.raw_bytes()) {
            work.push(Work::Report(Change::Added {
                path: join(path, &Edge::Property(name)),
                new: Found::Value(w),
            }));
        }
    }
}

/// Is `v` walked as a container (an Array, a Dictionary, a full Object)?
fn is_container(v: &VariantRef<'_>) -> bool {
    matches!(
        v.value(),
        Value::Array(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_)
            | Value::Dictionary(_)
            | Value::Object(ObjectRef::Full(_))
    )
}

/// The bytes `v` is compared by in `dialect`: its own when they are what this crate writes
/// for it (or it is a container), else its re-encoding (its own bytes when it has none in
/// `dialect`). O(1) for a canonical leaf, else O(size of `v`).
fn form<'a>(v: VariantRef<'a>, dialect: Dialect) -> Cow<'a, [u8]> {
    let container = is_container(&v);
    if v.dialect() == dialect && (container || canonical(v.encoded(), &v.value(), dialect)) {
        return Cow::Borrowed(v.encoded());
    }
    let mut out = Vec::new();
    match Builder::new(&mut out, dialect).value(v) {
        Ok(()) => Cow::Owned(out),
        Err(_) => Cow::Borrowed(v.encoded()),
    }
}

/// Are the leaves `a` and `b` one value (see the module docs)? Containers never are
/// (their children are compared instead).
fn same(a: VariantRef<'_>, b: VariantRef<'_>) -> bool {
    if a.ty() != b.ty() || is_container(&a) || is_container(&b) {
        return false;
    }
    form(a, a.dialect()) == form(b, a.dialect())
}
