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

use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::types::{Layout, VariantType};

/// `a < b` as the engine decides it.
pub(crate) fn less(a: &VariantRef<'_>, b: &VariantRef<'_>) -> bool {
    compare(a, b) == Some(Ordering::Less)
}

fn is_string_like(v: &VariantRef<'_>) -> bool {
    v.ty().layout() == Layout::Str
}

/// Like the engine's operator<: `Some(Less)` when a < b, `Some(Greater)` when b < a,
/// `None` or `Some(Equal)` when neither. Antisymmetric: `compare(b, a)` is the reverse.
fn compare(a: &VariantRef<'_>, b: &VariantRef<'_>) -> Option<Ordering> {
    if a.dialect() == Dialect::Godot4 && is_string_like(a) && is_string_like(b) {
        return Some(a.as_str()?.cmp(b.as_str()?));
    }
    if a.ty() != b.ty() {
        let id = |v: &VariantRef<'_>| v.ty().id(v.dialect()).unwrap_or(0);
        return Some(id(a).cmp(&id(b)));
    }
    match a.ty() {
        VariantType::Bool => Some(a.as_bool()?.cmp(&b.as_bool()?)),
        VariantType::Int => Some(a.as_int()?.cmp(&b.as_int()?)),
        VariantType::Float => a.as_float()?.partial_cmp(&b.as_float()?),
        VariantType::String => Some(a.as_str()?.cmp(b.as_str()?)),
        VariantType::Vector2
        | VariantType::Vector2i
        | VariantType::Vector3
        | VariantType::Vector3i
        | VariantType::Vector4
        | VariantType::Vector4i
        | VariantType::Color => {
            let (x, y) = (a.as_math()?, b.as_math()?);
            // Engine: (x == o.x) ? ((y == o.y) ? … : y < o.y) : x < o.x. The first
            // unequal component decides; NaN there makes neither side less.
            for i in 0..x.len() {
                let (p, q) = (x.get(i)?, y.get(i)?);
                if p != q {
                    return p.partial_cmp(&q);
                }
            }
            Some(Ordering::Equal)
        }
        VariantType::Array => {
            // Engine: the first element with p < q or q < p decides, then the length.
            // One three-way comparison per element (`compare` answers both questions), so
            // nested arrays cost linear time, not 2^depth.
            let (x, y) = (a.as_array()?, b.as_array()?);
            for (p, q) in x.iter().zip(y.iter()) {
                match compare(&p, &q) {
                    Some(Ordering::Less) => return Some(Ordering::Less),
                    Some(Ordering::Greater) => return Some(Ordering::Greater),
                    _ => {}
                }
            }
            Some(x.len().cmp(&y.len()))
        }
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
