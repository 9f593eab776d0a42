//! A Dictionary in the text walk. The engines print its pairs in key order (`order.rs`),
//! which is not the order of the bytes, so the pairs are noted in one pass first; a pair
//! whose key and value are short leaves (or whose value is a small Dictionary of such
//! pairs) is rendered to text right there, in the writer's `side` buffer, so that printing
//! the pairs in key order copies that text instead of decoding them again at scattered
//! places of the input. The other pairs are printed by the walk (`walk.rs`) from where
//! they are.

use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use super::order::{compare, less, less_by_sort, sort_key, sort_pairs, FlatPair, Keys, Pair};
use super::style::TextStyle;
use super::walk::{Kind, Open};
use super::writer::{Writer, CHUNK};
use crate::read::container::DictRef;
use crate::read::decoded::{packed_value, Value};
use crate::read::object::ObjectRef;
use crate::read::reader::{opens, Reader};
use crate::wire::dialect::Dialect;

/// Dictionaries of at most this many pairs are put in order in place (an insertion sort)
/// when their keys are all strings or all ints; larger ones by `sort_pairs`.
const SMALL: usize = 16;

/// Pairs noted before the rendered text's buffer is sized for the whole dictionary.
const SAMPLE: usize = 8;

/// Strings of at most this many bytes (keys and values) are short leaves: a rendered
/// pair's text is then at most a few times this long.
const SHORT: usize = 256;

/// Is `value` a short leaf: one the writer prints whole without handing its buffer on,
/// in a bounded length (no container, no packed array, no string over [`SHORT`] bytes)?
fn short_leaf(value: &Value<'_>) -> bool {
    match value {
        Value::String(s) | Value::StringName(s) => s.raw_bytes().len() <= SHORT,
        Value::Array(_)
        | Value::Dictionary(_)
        | Value::TypedArray(_)
        | Value::PackedTypedArray(_)
        | Value::Object(ObjectRef::Full(_)) => false,
        packed_value!() => false,
        _ => true,
    }
}

/// A key the insertion sort orders totally with others of its kind: a string or an int.
fn prefixed_key(key: &Value<'_>) -> bool {
    matches!(key, Value::String(_) | Value::StringName(_) | Value::Int(_))
}

impl<'w> Writer<'w, '_> {
    /// The Dictionary `d`, whose header at `at` the reader `r` has just read, at `depth`:
    /// written whole when every pair is rendered while noted, else opened (its frame
    /// pushed on `stack`, for the walk to print the pairs).
    pub(super) fn dictionary(
        &mut self,
        r: &mut Reader<'w>,
        d: DictRef<'w>,
        at: usize,
        depth: usize,
        stack: &mut Vec<Open>,
    ) -> fmt::Result {
        let typed = self.typed_prefix(r, d, at);
        let close = if typed { ")" } else { "" };
        let n = d.len();
        if self.cut(depth) {
            for _ in 0..2 * n {
                r.skip();
            }
            self.s("{}");
            self.s(close);
            return Ok(());
        }
        if n == 0 {
            self.empty();
            self.s(close);
            return Ok(());
        }
        // Not `small_flat` first: a dictionary holding a container after some leaves
        // would have those rendered twice.
        let side = self.side.len();
        let (pairs, orders, all) = self.note_pairs(r, n, depth)?;
        self.s("{\n");
        if all {
            self.print_rendered(pairs, orders, side)?;
            self.s("\n}");
            self.s(close);
            return Ok(());
        }
        stack.push(Open {
            kind: Kind::Dictionary { typed },
            left: u32::try_from(n).unwrap_or(u32::MAX).saturating_mul(2),
            done: 0,
            depth: depth + 1,
            pairs,
            orders,
            side,
            end: r.pos(),
        });
        Ok(())
    }

    /// `Dictionary[K, V](` when the header at `at` announces types; whether it did.
    fn typed_prefix(&mut self, r: &Reader<'w>, d: DictRef<'w>, at: usize) -> bool {
        let typed = r.announces_types(at) && (d.key_type().is_typed() || d.value_type().is_typed());
        if typed {
            self.s("Dictionary[");
            self.container_type(d.key_type());
            self.s(", ");
            self.container_type(d.value_type());
            self.s("](");
        }
        typed
    }

    /// An empty Dictionary's braces.
    fn empty(&mut self) {
        self.s(match self.style {
            TextStyle::Godot32 => "{\n\n}",
            TextStyle::Godot4 => "{}",
            _ => "{\n}",
        });
    }

    /// A short leaf (see [`short_leaf`]) decoded from `bytes` at `at`, at `depth`: never
    /// hands the buffer on.
    #[inline(always)]
    fn short(&mut self, value: Value<'w>, at: usize, bytes: &[u8], depth: usize) -> fmt::Result {
        if let Value::StringName(text) = value {
            self.s(if self.style.is_pandemonium() {
                "@\""
            } else {
                "&\""
            });
            self.escaped(text.as_str());
            self.buf.push(b'"');
            return Ok(());
        }
        // Ints, short strings and the other leaves: never through `long_text`.
        self.decoded(value, at, bytes, depth)
    }

    /// The Dictionary of `n` (1 to [`SMALL`]) pairs at `r`, at `depth`, when its keys are
    /// strings or ints of one kind (the orders in which an insertion sort by the engine's
    /// comparison is a total order: the same result as `sort_pairs`) and its keys and
    /// values are short leaves: each pair printed as it is decoded, then the pieces put in
    /// key order (an insertion sort; nothing moves when they are in order already),
    /// without handing the buffer on. `false`, with `r` as it was and nothing written, for
    /// any other Dictionary.
    fn small_flat(
        &mut self,
        r: &mut Reader<'w>,
        n: usize,
        depth: usize,
    ) -> Result<bool, fmt::Error> {
        let dialect = r.dialect();
        // Only the position (a copy of the whole reader stalls on its fresh position).
        let start = r.pos();
        let bytes = r.bytes();
        let mark = self.buf.len();
        let mut items = core::mem::take(&mut self.small);
        items.clear();
        self.s("{\n");
        let mut flat = true;
        for i in 0..n {
            let key_at = r.pos();
            let key = r.value();
            if !prefixed_key(&key) || !short_leaf(&key) {
                flat = false;
                break;
            }
            let sort = sort_key(&key, dialect);
            if items
                .first()
                .is_some_and(|first| !sort.same_kind(&first.sort, dialect))
            {
                flat = false;
                break;
            }
            let value_at = r.pos();
            let value = r.value();
            if !short_leaf(&value) {
                flat = false;
                break;
            }
            if i > 0 {
                self.s(",\n");
            }
            let piece = self.buf.len();
            self.short(key, key_at, bytes, depth + 1)?;
            self.s(": ");
            self.short(value, value_at, bytes, depth + 1)?;
            items.push(FlatPair {
                sort,
                key_at,
                start: piece,
                end: self.buf.len(),
            });
        }
        if flat {
            self.in_key_order(&items, *r, dialect);
            self.s("\n}");
        } else {
            self.buf.truncate(mark);
            *r = r.seek(start);
        }
        self.small = items;
        Ok(flat)
    }

    /// Puts the pieces of `items` (in the buffer, in this order, separated by `,\n`) in
    /// key order: a stable insertion sort of their positions; when it moved any, the
    /// pieces are copied after the text in that order, then back over it. `keys` reads
    /// keys whose prefixes tie.
    fn in_key_order(&mut self, items: &[FlatPair], keys: Reader<'w>, dialect: Dialect) {
        let mut order = [0u8; SMALL];
        let mut moved = false;
        for i in 1..items.len() {
            let mut at = i;
            if let Some(slot) = order.get_mut(i) {
                *slot = u8::try_from(i).unwrap_or(0);
            }
            let Some(new) = items.get(i) else {
                continue;
            };
            while at > 0 {
                let before = order.get(at - 1).and_then(|&j| items.get(usize::from(j)));
                let Some(before) = before else {
                    break;
                };
                let less = less_by_sort(&new.sort, &before.sort, dialect).unwrap_or_else(|| {
                    let a = keys.seek(new.key_at).value();
                    let b = keys.seek(before.key_at).value();
                    compare(&a, &b, dialect) == Some(Ordering::Less)
                });
                if !less {
                    break;
                }
                order.swap(at - 1, at);
                moved = true;
                at -= 1;
            }
        }
        if !moved {
            return;
        }
        let end = self.buf.len();
        let first = items.first().map_or(end, |p| p.start);
        for (i, &k) in order.iter().take(items.len()).enumerate() {
            if i > 0 {
                self.s(",\n");
            }
            if let Some(p) = items.get(usize::from(k)) {
                if p.start <= p.end && p.end <= end {
                    self.buf.extend_from_within(p.start..p.end);
                }
            }
        }
        if first <= end {
            self.buf.copy_within(end.., first);
            self.buf.truncate(self.buf.len() - (end - first));
        }
    }

    /// A Dictionary value `d` (its header at `at` just read by `r`), at `depth`, rendered
    /// whole when it is empty or [`Writer::small_flat`] takes it; `false` otherwise (then
    /// `r` and the buffer hold whatever was done: the caller steps back over both).
    fn flat_value(
        &mut self,
        r: &mut Reader<'w>,
        d: DictRef<'w>,
        at: usize,
        depth: usize,
    ) -> Result<bool, fmt::Error> {
        if self.cut(depth) {
            return Ok(false);
        }
        let typed = self.typed_prefix(r, d, at);
        let n = d.len();
        if n == 0 {
            self.empty();
        } else if n > SMALL || !self.small_flat(r, n, depth)? {
            return Ok(false);
        }
        if typed {
            self.s(")");
        }
        Ok(true)
    }

    /// Notes the `n` pairs at `r` of a Dictionary at `depth` (where each key and value
    /// starts, what the key sorts by, the text of those rendered), steps over them, and
    /// puts them in the engine's key order. Returns where the pairs and their order start
    /// in the writer's stacks, and whether every pair was rendered; `r` ends after the
    /// last pair.
    fn note_pairs(
        &mut self,
        r: &mut Reader<'w>,
        n: usize,
        depth: usize,
    ) -> Result<(usize, usize, bool), fmt::Error> {
        let start = self.pairs.len();
        let dialect = r.dialect();
        self.pairs.reserve(n);
        // The pairs are rendered to `side`: the two buffers trade places meanwhile.
        core::mem::swap(&mut self.buf, &mut self.side);
        let all = self.note_each(r, n, depth);
        core::mem::swap(&mut self.buf, &mut self.side);
        let all = all?;
        let order_start = self.orders.len();
        let pairs = self.pairs.get(start..).unwrap_or(&[]);
        let keys = Keys {
            reader: *r,
            dialect,
        };
        self.orders.reserve(n);
        if pairs.len() <= SMALL && uniform(pairs, dialect) {
            small_order(pairs, keys, &mut self.orders);
        } else {
            sort_pairs(pairs, keys, &mut self.scratch, &mut self.orders);
        }
        Ok((start, order_start, all))
    }

    /// [`Writer::note_pairs`]' pass over the pairs, rendering into `buf` (the side
    /// buffer, swapped in). Whether every pair was rendered.
    fn note_each(
        &mut self,
        r: &mut Reader<'w>,
        n: usize,
        depth: usize,
    ) -> Result<bool, fmt::Error> {
        let dialect = r.dialect();
        let bytes = r.bytes();
        let mut all = true;
        let first = self.buf.len();
        for i in 0..n {
            if i == SAMPLE && n >= 4 * SAMPLE {
                // The text of the pairs so far, times the pairs in all (and a sixteenth
                // more), rounded up to a power of two (the capacity doubling would reach,
                // which allocators reuse well): one allocation for the whole dictionary
                // when its pairs are alike, instead of a doubling buffer's copies.
                let per = (self.buf.len() - first) / SAMPLE;
                let total = first.saturating_add(per.saturating_mul(n + n / 16));
                let total = total.checked_next_power_of_two().unwrap_or(total);
                self.buf.reserve(total.saturating_sub(self.buf.len()));
            }
            let key_pos = r.pos();
            let key = r.value();
            let sort = sort_key(&key, dialect);
            let text = self.buf.len();
            let mut rendered = false;
            let value_pos;
            if short_leaf(&key) {
                self.short(key, key_pos, bytes, depth + 1)?;
                self.s(": ");
                value_pos = r.pos();
                let value = r.value();
                if short_leaf(&value) {
                    self.short(value, value_pos, bytes, depth + 1)?;
                    rendered = true;
                } else {
                    if let Value::Dictionary(d) = value {
                        rendered = self.flat_value(r, d, value_pos, depth + 1)?;
                    }
                    if !rendered && opens(&value).is_some() {
                        // Step over the whole container.
                        *r = r.seek(value_pos);
                        r.skip();
                    }
                }
            } else {
                if opens(&key).is_some() {
                    *r = r.seek(key_pos);
                    r.skip();
                }
                value_pos = r.pos();
                if opens(&r.value()).is_some() {
                    *r = r.seek(value_pos);
                    r.skip();
                }
            }
            let pair = match Pair::new(sort, key_pos, text, self.buf.len()) {
                Some(pair) if rendered => pair,
                // Not rendered (or a text longer than a pair records): printed by the
                // walk from where it is.
                _ => {
                    self.buf.truncate(text);
                    all = false;
                    Pair::unrendered(sort, key_pos, text)
                }
            };
            self.pairs.push(pair);
        }
        Ok(all)
    }

    /// Prints the pairs noted at `pairs` (every one rendered) in their order at `orders`,
    /// separated, then drops them and their text (from `side` on).
    fn print_rendered(&mut self, pairs: usize, orders: usize, side: usize) -> fmt::Result {
        let count = self.orders.len().saturating_sub(orders);
        for i in 0..count {
            let index = self.orders.get(orders + i).copied().unwrap_or(0) as usize;
            let Some(&pair) = self.pairs.get(pairs + index) else {
                continue;
            };
            if i > 0 {
                self.s(",\n");
            }
            let text = self.side.get(pair.text()).unwrap_or(&[]);
            self.buf.extend_from_slice(text);
            if self.buf.len() >= CHUNK {
                self.flush()?;
            }
        }
        self.pairs.truncate(pairs);
        self.orders.truncate(orders);
        self.side.truncate(side);
        Ok(())
    }
}

/// Are the keys all strings of one type (or String and StringName in Godot 4), or all
/// ints (the orders in which a stable insertion sort by the engine's comparison is a total
/// order: the same result as `sort_pairs`)?
fn uniform(pairs: &[Pair], dialect: Dialect) -> bool {
    let Some(first) = pairs.first().map(Pair::sort) else {
        return true;
    };
    pairs.iter().all(|p| p.sort().same_kind(&first, dialect))
}

/// The order of a few `pairs` whose keys are [`uniform`]: a stable insertion sort by the
/// engine's comparison, appended to `orders`.
fn small_order(pairs: &[Pair], keys: Keys<'_>, orders: &mut Vec<u32>) {
    let start = orders.len();
    for i in 0..pairs.len() {
        let index = u32::try_from(i).unwrap_or(u32::MAX);
        orders.push(index);
        let Some(new) = pairs.get(i) else {
            continue;
        };
        // Move the new pair down past every earlier one it is less than.
        let mut at = orders.len() - 1;
        while at > start {
            let before = orders.get(at - 1).and_then(|&j| pairs.get(j as usize));
            if !before.is_some_and(|b| less(new, b, keys)) {
                break;
            }
            orders.swap(at - 1, at);
            at -= 1;
        }
    }
}
