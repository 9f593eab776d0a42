//! The order in which the engines print dictionary keys: both sort the keys before
//! writing (`keys.sort()` in Godot 3, `sort_custom<StringLikeVariantOrder>` in Godot 4).
//!
//! Godot's `Variant::operator<` orders values of different types by type id, and values
//! of one type by value for the types that define `<` (numbers, strings, vectors, colors,
//! arrays). Godot 4 also compares a String with a StringName by text. For types without an
//! order, two keys compare equal; the engine's introsort then leaves them in an order we
//! do not reproduce beyond 16 keys (below that it is an insertion sort, which is stable,
//! like ours).

use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::read::decoded::Value;
use crate::read::strings::GdStr;
use crate::wire::dialect::Dialect;

/// One dictionary pair while its dictionary is being sorted: where the key and the value
/// are, and what the key sorts by.
#[derive(Clone, Copy)]
pub(super) struct Pair<'a> {
    pub(super) key: Value<'a>,
    pub(super) sort: SortKey,
    pub(super) key_pos: usize,
    pub(super) value_pos: usize,
}

/// What a key sorts by first, computed once per key: a rank (the engine's type order) and,
/// for strings and ints, a 64-bit prefix that decides most comparisons without looking at
/// the keys again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SortKey {
    /// The type id: keys of different types order by it (except, in Godot 4, a String
    /// and a StringName, which order by text).
    rank: u32,
    /// A String or StringName.
    text: bool,
    /// Order-preserving: a smaller prefix means a smaller key of the same rank.
    prefix: u64,
    /// The prefix holds the whole key (ints): equal prefixes mean equal keys.
    exact: bool,
    /// The key has a prefix at all (strings and ints).
    has_prefix: bool,
}

/// The text of a String or StringName.
fn string_like<'a>(v: &Value<'a>) -> Option<GdStr<'a>> {
    match *v {
        Value::String(s) | Value::StringName(s) => Some(s),
        _ => None,
    }
}

/// Godot 4 orders String and StringName keys together, by text.
fn texts_together(dialect: Dialect) -> bool {
    dialect == Dialect::Godot4
}

/// The sort key of `key`.
pub(crate) fn sort_key(key: &Value<'_>, dialect: Dialect) -> SortKey {
    let rank = u32::from(key.ty().id(dialect).unwrap_or(0));
    let text = string_like(key);
    let (prefix, exact, has_prefix) = match (key, text) {
        (_, Some(s)) => {
            let mut first = [0u8; 8];
            let bytes = s.as_str().as_bytes();
            for (slot, b) in first.iter_mut().zip(bytes) {
                *slot = *b;
            }
            (u64::from_be_bytes(first), false, true)
        }
        (Value::Int(n), None) => ((*n as u64) ^ (1 << 63), true, true),
        _ => (0, false, false),
    };
    SortKey {
        rank,
        text: text.is_some(),
        prefix,
        exact,
        has_prefix,
    }
}

/// `a < b` as the engine decides it, using the sort keys first.
#[inline]
fn less(a: &Pair<'_>, b: &Pair<'_>, dialect: Dialect) -> bool {
    let (ka, kb) = (&a.sort, &b.sort);
    let texts = ka.text && kb.text && texts_together(dialect);
    if ka.rank != kb.rank && !texts {
        return ka.rank < kb.rank;
    }
    if ka.has_prefix && kb.has_prefix && (ka.prefix != kb.prefix || ka.exact) {
        return ka.prefix < kb.prefix;
    }
    compare(&a.key, &b.key, dialect) == Some(Ordering::Less)
}

/// Like the engine's operator<: `Some(Less)` when a < b, `Some(Greater)` when b < a,
/// `None` or `Some(Equal)` when neither. Antisymmetric: `compare(b, a)` is the reverse.
pub(crate) fn compare(a: &Value<'_>, b: &Value<'_>, dialect: Dialect) -> Option<Ordering> {
    if texts_together(dialect) {
        if let (Some(p), Some(q)) = (string_like(a), string_like(b)) {
            return Some(p.as_str().cmp(q.as_str()));
        }
    }
    if a.ty() != b.ty() {
        let id = |v: &Value<'_>| v.ty().id(dialect).unwrap_or(0);
        return Some(id(a).cmp(&id(b)));
    }
    match (a, b) {
        (Value::Bool(p), Value::Bool(q)) => Some(p.cmp(q)),
        (Value::Int(p), Value::Int(q)) => Some(p.cmp(q)),
        (Value::Float(p), Value::Float(q)) => p.partial_cmp(q),
        (Value::String(p), Value::String(q)) => Some(p.as_str().cmp(q.as_str())),
        (Value::Vector2(p), Value::Vector2(q))
        | (Value::Vector2i(p), Value::Vector2i(q))
        | (Value::Vector3(p), Value::Vector3(q))
        | (Value::Vector3i(p), Value::Vector3i(q))
        | (Value::Vector4(p), Value::Vector4(q))
        | (Value::Vector4i(p), Value::Vector4i(q))
        | (Value::Color(p), Value::Color(q)) => {
            // Engine: (x == o.x) ? ((y == o.y) ? … : y < o.y) : x < o.x. The first
            // unequal component decides; NaN there makes neither side less.
            for i in 0..p.len() {
                let (c, d) = (p.get(i)?, q.get(i)?);
                if c != d {
                    return c.partial_cmp(&d);
                }
            }
            Some(Ordering::Equal)
        }
        (Value::Array(p), Value::Array(q)) => {
            // Engine: the first element with p < q or q < p decides, then the length.
            // One three-way comparison per element (`compare` answers both questions), so
            // nested arrays cost linear time, not 2^depth.
            for (c, d) in p.iter().zip(q.iter()) {
                match compare(&c.value(), &d.value(), dialect) {
                    Some(Ordering::Less) => return Some(Ordering::Less),
                    Some(Ordering::Greater) => return Some(Ordering::Greater),
                    _ => {}
                }
            }
            Some(p.len().cmp(&q.len()))
        }
        // The other types define no order in the engine.
        _ => None,
    }
}

/// The positions of `pairs` in the engine's key order: a stable bottom-up merge sort of
/// indices that never panics, whatever the comparison does (std's sorts may panic on an
/// inconsistent order, and keys such as NaN make the engine's order inconsistent).
pub(crate) fn sort_pairs(pairs: &[Pair<'_>], dialect: Dialect) -> Vec<u32> {
    let n = pairs.len();
    let mut order: Vec<u32> = (0..n as u32).collect();
    if n < 2 {
        return order;
    }
    let mut scratch = order.clone();
    let key = |i: u32| pairs.get(i as usize);
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            let (mut i, mut j) = (start, mid);
            for slot in scratch.iter_mut().take(end).skip(start) {
                let take_right = match (order.get(i), order.get(j)) {
                    (Some(&l), Some(&r)) if i < mid && j < end => match (key(r), key(l)) {
                        (Some(r), Some(l)) => less(r, l, dialect),
                        _ => false,
                    },
                    _ => i >= mid,
                };
                let next = if take_right {
                    j += 1;
                    order.get(j - 1)
                } else {
                    i += 1;
                    order.get(i - 1)
                };
                if let Some(&item) = next {
                    *slot = item;
                }
            }
            start = end;
        }
        core::mem::swap(&mut order, &mut scratch);
        width *= 2;
    }
    order
}
