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
use crate::read::reader::Reader;
use crate::read::strings::GdStr;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::u64_bits;

/// One dictionary pair while its dictionary is being sorted and printed (32 bytes): what
/// the key sorts by (its prefix and the rest of its [`SortKey`]), where the key is (the
/// value follows it), and where its rendered text is in the writer's side buffer
/// (`text..text + text_len`, empty when the pair was not rendered).
#[derive(Clone, Copy)]
pub(super) struct Pair {
    prefix: u64,
    pub(super) key_pos: usize,
    text: usize,
    text_len: u32,
    meta: u32,
}

impl Pair {
    /// The pair of the key at `key_pos` that sorts by `sort`, its text at `text..text_end`
    /// in the side buffer; `None` when that text is longer than a `u32` counts (the caller
    /// then leaves the pair unrendered).
    #[inline(always)]
    pub(super) fn new(sort: SortKey, key_pos: usize, text: usize, text_end: usize) -> Option<Pair> {
        let text_len = u32::try_from(text_end.checked_sub(text)?).ok()?;
        Some(Pair {
            prefix: sort.prefix,
            key_pos,
            text,
            text_len,
            meta: sort.meta,
        })
    }

    /// The pair of the key at `key_pos` that sorts by `sort`, not rendered (its empty
    /// text at `text`).
    #[inline(always)]
    pub(super) fn unrendered(sort: SortKey, key_pos: usize, text: usize) -> Pair {
        Pair {
            prefix: sort.prefix,
            key_pos,
            text,
            text_len: 0,
            meta: sort.meta,
        }
    }

    /// What the key sorts by.
    #[inline(always)]
    pub(super) fn sort(&self) -> SortKey {
        SortKey {
            prefix: self.prefix,
            meta: self.meta,
        }
    }

    /// Where the rendered text is in the side buffer (empty: not rendered).
    #[inline(always)]
    pub(super) fn text(&self) -> core::ops::Range<usize> {
        self.text..self.text.saturating_add(self.text_len as usize)
    }

    /// Was the pair rendered when noted?
    #[inline(always)]
    pub(super) fn rendered(&self) -> bool {
        self.text_len > 0
    }
}

/// One pair of a small flat Dictionary while it is printed (`dict.rs`): what its key sorts by, where
/// the key is (read again when prefixes tie), and where its text is in the buffer.
#[derive(Clone, Copy)]
pub(super) struct FlatPair {
    pub(super) sort: SortKey,
    pub(super) key_at: usize,
    pub(super) start: usize,
    pub(super) end: usize,
}

/// Where the keys of noted pairs are read again, when their prefixes do not decide: the
/// bytes their positions point into (a reader), and the dialect.
#[derive(Clone, Copy)]
pub(super) struct Keys<'a> {
    pub(super) reader: Reader<'a>,
    pub(super) dialect: Dialect,
}

impl<'a> Keys<'a> {
    /// The key of `pair`, decoded again.
    #[inline]
    fn of(&self, pair: &Pair) -> Value<'a> {
        self.reader.seek(pair.key_pos).value()
    }
}

/// What a key sorts by first, computed once per key: a rank (the engine's type order) and,
/// for strings and ints, a 64-bit prefix that decides most comparisons without looking at
/// the keys again.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SortKey {
    /// Order-preserving: a smaller prefix means a smaller key of the same rank.
    prefix: u64,
    /// The type id (bits 0–7: keys of different types order by it, except, in Godot 4, a
    /// String and a StringName, which order by text) and the flags [`TEXT`], [`EXACT`]
    /// and [`HAS_PREFIX`].
    meta: u32,
}

/// A String or StringName.
const TEXT: u32 = 1 << 8;
/// The prefix holds the whole key (ints): equal prefixes mean equal keys.
const EXACT: u32 = 1 << 9;
/// The key has a prefix at all (strings and ints).
const HAS_PREFIX: u32 = 1 << 10;

impl SortKey {
    #[inline(always)]
    fn rank(&self) -> u32 {
        self.meta & 0xFF
    }

    #[inline(always)]
    fn text(&self) -> bool {
        self.meta & TEXT != 0
    }

    #[inline(always)]
    fn exact(&self) -> bool {
        self.meta & EXACT != 0
    }

    #[inline(always)]
    fn has_prefix(&self) -> bool {
        self.meta & HAS_PREFIX != 0
    }

    /// Are this key and `first` of one kind whose order is that of their prefixes, then of
    /// the whole keys: both strings (of one type, or String and StringName in Godot 4), or
    /// both ints?
    #[inline]
    pub(super) fn same_kind(&self, first: &SortKey, dialect: Dialect) -> bool {
        first.has_prefix()
            && self.has_prefix()
            && self.exact() == first.exact()
            && (self.rank() == first.rank()
                || (self.text() && first.text() && texts_together(dialect)))
    }
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
#[inline]
pub(crate) fn sort_key(key: &Value<'_>, dialect: Dialect) -> SortKey {
    let rank = u32::from(key.ty().id(dialect).unwrap_or(0));
    let (prefix, flags) = match (key, string_like(key)) {
        (_, Some(s)) => (prefix(s.as_str().as_bytes()), TEXT | HAS_PREFIX),
        (Value::Int(n), None) => (u64_bits(*n) ^ (1 << 63), EXACT | HAS_PREFIX),
        _ => (0, 0),
    };
    SortKey {
        prefix,
        meta: rank | flags,
    }
}

/// The first 8 bytes of `bytes`, big-endian, zero-padded: a smaller prefix, a smaller
/// text. One load for a text of 8 bytes or more; byte by byte below (not through a copy
/// into a block, whose wide reload of fresh byte stores stalls).
#[inline]
fn prefix(bytes: &[u8]) -> u64 {
    if let Some(first) = bytes.first_chunk::<8>() {
        return u64::from_be_bytes(*first);
    }
    let mut p = 0u64;
    for i in 0..8 {
        p = p << 8 | u64::from(bytes.get(i).copied().unwrap_or(0));
    }
    p
}

/// `a < b` as the engine decides it, using the sort keys first.
#[inline]
pub(super) fn less(a: &Pair, b: &Pair, keys: Keys<'_>) -> bool {
    less_by_sort(&a.sort(), &b.sort(), keys.dialect)
        .unwrap_or_else(|| compare(&keys.of(a), &keys.of(b), keys.dialect) == Some(Ordering::Less))
}

/// `a < b` for keys of sort keys `ka` and `kb`, when the sort keys decide it; `None` when
/// the keys themselves must be compared ([`compare`]).
#[inline]
pub(super) fn less_by_sort(ka: &SortKey, kb: &SortKey, dialect: Dialect) -> Option<bool> {
    let texts = ka.text() && kb.text() && texts_together(dialect);
    if ka.rank() != kb.rank() && !texts {
        return Some(ka.rank() < kb.rank());
    }
    if ka.has_prefix() && kb.has_prefix() && (ka.prefix != kb.prefix || ka.exact()) {
        return Some(ka.prefix < kb.prefix);
    }
    None
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

/// The positions of `pairs` in the engine's key order, as a stable sort would give them.
///
/// When every key is a string (of one type, or String and StringName in Godot 4) or every
/// key is an int, the order is that of the keys' 64-bit prefixes, and then of the whole
/// keys where prefixes are equal: the (prefix, position) pairs are sorted (a total order,
/// so std's sort cannot panic), then each run of equal string prefixes is put in order by
/// the whole keys. Otherwise a merge sort of positions that never panics, whatever the
/// comparison does (std's sorts may panic on an inconsistent order, and keys such as NaN
/// make the engine's order inconsistent).
pub(super) fn sort_pairs(
    pairs: &[Pair],
    keys: Keys<'_>,
    scratch: &mut Scratch,
    order: &mut Vec<u32>,
) {
    let dialect = keys.dialect;
    let first = pairs.first().map(Pair::sort);
    let uniform = first.is_some_and(|f| pairs.iter().all(|p| p.sort().same_kind(&f, dialect)));
    let start = order.len();
    if uniform && pairs.len() > 1 {
        sort_by_prefix(pairs, keys, scratch, order);
    } else {
        // A dictionary's count is a u32 on the wire (and far below for an owned one).
        order.extend(0..u32::try_from(pairs.len()).unwrap_or(u32::MAX));
        if let Some(run) = order.get_mut(start..) {
            merge_sort(pairs, keys, &mut scratch.merge, run);
        }
    }
}

/// Buffers the sorts reuse (they hold nothing between calls).
#[derive(Default)]
pub(crate) struct Scratch {
    keyed: Vec<(u64, u32)>,
    merge: Vec<u32>,
    tied: Vec<(u64, u32)>,
    work: Vec<(usize, usize, usize)>,
}

/// [`sort_pairs`] when every key has a prefix of one kind (see there): each is sorted as a
/// (prefix, position) pair (the position keeps equal prefixes in position order).
fn sort_by_prefix(pairs: &[Pair], keys: Keys<'_>, scratch: &mut Scratch, order: &mut Vec<u32>) {
    let start = order.len();
    // Strings: equal prefixes are then put in order by the rest of the keys.
    let strings = !pairs.first().is_some_and(|p| p.sort().exact());
    let mut keyed = core::mem::take(&mut scratch.keyed);
    keyed.clear();
    keyed.extend(
        pairs
            .iter()
            .enumerate()
            .map(|(i, p)| (p.prefix, u32::try_from(i).unwrap_or(u32::MAX))),
    );
    keyed.sort_unstable();
    order.extend(keyed.iter().map(|&(_, i)| i));
    if strings {
        break_ties(pairs, keys, scratch, order, start, |i| {
            keyed.get(i).map(|k| k.0)
        });
    }
    scratch.keyed = keyed;
}

/// Puts each run of equal prefixes in `order` (from `start` on; `prefix(i)` is the sorted
/// prefix of its `i`th position, or its packed key) in order by the whole keys:
/// [`order_tied`].
fn break_ties(
    pairs: &[Pair],
    keys: Keys<'_>,
    scratch: &mut Scratch,
    order: &mut [u32],
    start: usize,
    prefix: impl Fn(usize) -> Option<u64>,
) {
    let n = order.len().saturating_sub(start);
    let mut at = 0;
    while at < n {
        let here = prefix(at);
        let mut end = at + 1;
        while end < n && prefix(end) == here {
            end += 1;
        }
        if end - at > 1 {
            if let Some(run) = order.get_mut(start + at..start + end) {
                order_tied(pairs, keys, scratch, run);
            }
        }
        at = end;
    }
}

/// Puts `run` (positions of string keys whose first 8 bytes are equal, in increasing
/// order) in order by the whole keys, stably: by their next 8 bytes (big-endian,
/// zero-padded: the keys hold no NUL, so a key that ends sorts first), then each run of
/// those that are still equal by the 8 after, and so on until the keys end (equal keys:
/// position order).
fn order_tied(pairs: &[Pair], keys: Keys<'_>, scratch: &mut Scratch, run: &mut [u32]) {
    let Scratch { tied, work, .. } = scratch;
    work.clear();
    work.push((0, run.len(), 8));
    while let Some((a, b, offset)) = work.pop() {
        let Some(segment) = run.get_mut(a..b) else {
            continue;
        };
        tied.clear();
        let mut longer = false;
        for &i in segment.iter() {
            let key = pairs.get(i as usize).map(|p| keys.of(p));
            let text = key
                .as_ref()
                .and_then(string_like)
                .map_or("", |s| s.as_str());
            let rest = text.as_bytes().get(offset..).unwrap_or(&[]);
            longer |= rest.len() > 8;
            tied.push((prefix(rest), i));
        }
        // Ties keep their positions' (increasing) order.
        tied.sort_unstable();
        for (slot, &(_, i)) in segment.iter_mut().zip(tied.iter()) {
            *slot = i;
        }
        if !longer {
            continue; // every key ends within these bytes: equal bytes, equal keys
        }
        let mut at = 0;
        while at < tied.len() {
            let here = tied.get(at).map(|t| t.0);
            let mut end = at + 1;
            while end < tied.len() && tied.get(end).map(|t| t.0) == here {
                end += 1;
            }
            if end - at > 1 {
                work.push((a + at, a + end, offset + 8));
            }
            at = end;
        }
    }
}

/// A stable bottom-up merge sort of `order` (positions into `pairs`) by [`less`], in place
/// in `order` with `scratch` as its second buffer.
fn merge_sort(pairs: &[Pair], keys: Keys<'_>, scratch: &mut Vec<u32>, order: &mut [u32]) {
    let n = order.len();
    if n < 2 {
        return;
    }
    scratch.clear();
    scratch.extend_from_slice(order);
    // Merge passes alternate between the two buffers; `in_order` says where the data is.
    let mut in_order = true;
    let key = |i: u32| pairs.get(i as usize);
    let mut width = 1;
    while width < n {
        let (src, dst): (&[u32], &mut [u32]) = if in_order {
            (&*order, scratch.as_mut_slice())
        } else {
            // Copy out of `scratch` into `order`.
            (scratch.as_slice(), &mut *order)
        };
        merge_pass(src, dst, width, |r, l| match (key(r), key(l)) {
            (Some(r), Some(l)) => less(r, l, keys),
            _ => false,
        });
        in_order = !in_order;
        width *= 2;
    }
    if !in_order {
        order.copy_from_slice(scratch.get(..n).unwrap_or(&[]));
    }
}

/// One merge pass: each two neighbouring runs of `width` in `src` merged into `dst`, the
/// left one first on ties (stable). `take_right(r, l)` says whether `r` goes before `l`.
fn merge_pass(
    src: &[u32],
    dst: &mut [u32],
    width: usize,
    mut take_right: impl FnMut(u32, u32) -> bool,
) {
    let n = src.len().min(dst.len());
    let mut start = 0;
    while start < n {
        let mid = (start + width).min(n);
        let end = (start + 2 * width).min(n);
        let (mut i, mut j) = (start, mid);
        for slot in dst.iter_mut().take(end).skip(start) {
            let right = match (src.get(i), src.get(j)) {
                (Some(&l), Some(&r)) if i < mid && j < end => take_right(r, l),
                _ => i >= mid,
            };
            let next = if right {
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
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_noted_pair_takes_32_bytes_and_keeps_its_sort_key() {
        assert!(core::mem::size_of::<Pair>() <= 32);
        let key = Value::Int(-7);
        let sort = sort_key(&key, Dialect::Godot4);
        let pair = Pair::new(sort, 40, 100, 112).unwrap();
        assert_eq!(pair.text(), 100..112);
        assert!(pair.rendered());
        assert_eq!(pair.key_pos, 40);
        let back = pair.sort();
        assert_eq!((back.prefix, back.meta), (sort.prefix, sort.meta));
        assert!(back.exact() && back.has_prefix() && !back.text());
        let empty = Pair::unrendered(sort, 40, 100);
        assert!(!empty.rendered());
        assert_eq!(empty.text(), 100..100);
        // A text longer than a u32 counts, or ending before it starts: no pair.
        if usize::BITS > 32 {
            assert!(Pair::new(sort, 0, 0, usize::MAX).is_none());
        }
        assert!(Pair::new(sort, 0, 10, 5).is_none());
    }
}
