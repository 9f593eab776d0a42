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
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// `a < b` as the engine decides it.
pub(crate) fn less(a: &VariantRef<'_>, b: &VariantRef<'_>) -> bool {
    compare(a, b) == Some(Ordering::Less)
}

/// The text of a String or StringName.
fn string_like<'a>(v: &Value<'a>) -> Option<GdStr<'a>> {
    match *v {
        Value::String(s) | Value::StringName(s) => Some(s),
        _ => None,
    }
}

/// Like the engine's operator<: `Some(Less)` when a < b, `Some(Greater)` when b < a,
/// `None` or `Some(Equal)` when neither. Antisymmetric: `compare(b, a)` is the reverse.
fn compare(a: &VariantRef<'_>, b: &VariantRef<'_>) -> Option<Ordering> {
    let (x, y) = (a.value(), b.value());
    if a.dialect() == Dialect::Godot4 {
        if let (Some(p), Some(q)) = (string_like(&x), string_like(&y)) {
            return Some(p.as_str().cmp(q.as_str()));
        }
    }
    if a.ty() != b.ty() {
        let id = |v: &VariantRef<'_>| v.ty().id(v.dialect()).unwrap_or(0);
        return Some(id(a).cmp(&id(b)));
    }
    match (x, y) {
        (Value::Bool(p), Value::Bool(q)) => Some(p.cmp(&q)),
        (Value::Int(p), Value::Int(q)) => Some(p.cmp(&q)),
        (Value::Float(p), Value::Float(q)) => p.partial_cmp(&q),
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
                match compare(&c, &d) {
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

/// Sorts `items` by `less` on their keys: a stable bottom-up merge sort that never panics,
/// whatever the comparison does (std's sorts may panic on an inconsistent order, and keys
/// such as NaN make the engine's order inconsistent).
pub(crate) fn sort_pairs<'a>(items: &mut Vec<(VariantRef<'a>, VariantRef<'a>)>) {
    let n = items.len();
    if n < 2 {
        return;
    }
    let mut scratch = items.clone();
    let mut width = 1;
    while width < n {
        let mut start = 0;
        while start < n {
            let mid = (start + width).min(n);
            let end = (start + 2 * width).min(n);
            merge(items, &mut scratch, start, mid, end);
            start = end;
        }
        core::mem::swap(items, &mut scratch);
        width *= 2;
    }
}

fn merge<'a>(
    src: &[(VariantRef<'a>, VariantRef<'a>)],
    dst: &mut [(VariantRef<'a>, VariantRef<'a>)],
    start: usize,
    mid: usize,
    end: usize,
) {
    let (mut i, mut j) = (start, mid);
    for slot in dst.iter_mut().take(end).skip(start) {
        let take_right = match (src.get(i), src.get(j)) {
            (Some(left), Some(right)) if i < mid && j < end => less(&right.0, &left.0),
            _ => i >= mid,
        };
        let next = if take_right {
            j += 1;
            src.get(j - 1)
        } else {
            i += 1;
            src.get(i - 1)
        };
        if let Some(&item) = next {
            *slot = item;
        }
    }
}
