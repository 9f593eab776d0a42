//! The text writer's walk over a value, without recursion: a stack of the open containers
//! (what each is, its children left, where its sorted pairs are), and the reader moved
//! along the bytes. Arrays and Objects are printed in document order; a Dictionary's
//! pairs are noted and put in the engine's key order first (`order.rs`), then printed from
//! where they are, the reader moved to each key and value in turn and, after the last
//! pair, to the Dictionary's end.

use alloc::vec::Vec;
use core::fmt;

use core::cmp::Ordering;

use super::order::{compare, less_by_sort, sort_key, sort_pairs, Keys, Pair, SortKey};
use super::style::TextStyle;
use super::writer::{Writer, CHUNK};
use crate::format::escape;
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::wire::bytes::le_u32;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;

/// Dictionaries of at most this many pairs are put in order in place (an insertion sort)
/// when their keys are all strings or all ints; larger ones by `sort_pairs`.
const SMALL: usize = 16;

/// What an open container is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An Array: `[a, b]`, `Array[T]([a, b])` when typed.
    Array { typed: bool },
    /// Pandemonium's TypedArray / PackedTypedArray: `TypedArray( int , a, b )`.
    Pandemonium,
    /// A full Object: `Object(Class,"name":value,…)` and a newline.
    Object,
    /// A Dictionary with pairs: `{\n k: v,\n k: v\n}`, `Dictionary[K, V](…)` when typed.
    Dictionary { typed: bool },
}

/// One pair of a small Dictionary, decoded: its key and value, where each starts, and
/// what the key sorts by.
#[derive(Clone, Copy)]
struct Decoded<'a> {
    key: Value<'a>,
    key_at: usize,
    value: Value<'a>,
    value_at: usize,
    sort: SortKey,
}

/// One open container.
#[derive(Clone, Copy, Debug)]
struct Open {
    kind: Kind,
    /// Steps left: children (a Dictionary's keys and values alike).
    left: u32,
    /// Steps taken.
    done: u32,
    /// The depth of the children.
    depth: usize,
    /// A Dictionary: where its pairs and their order start in the writer's stacks, and
    /// where the reader goes after it.
    pairs: usize,
    orders: usize,
    end: usize,
}

impl<'w> Writer<'w, '_> {
    /// Writes the value at `r` and everything inside it, then hands the rest to the
    /// formatter.
    pub(super) fn write(mut self, mut r: Reader<'w>) -> fmt::Result {
        let mut stack: Vec<Open> = Vec::new();
        self.node(&mut r, 0, &mut stack)?;
        while let Some(top) = stack.last_mut() {
            if top.left == 0 {
                let open = *top;
                stack.pop();
                self.close(&open, &mut r);
                continue;
            }
            let step = top.done;
            top.left -= 1;
            top.done += 1;
            let open = *top;
            match open.kind {
                Kind::Array { .. } | Kind::Pandemonium => {
                    if step > 0 {
                        self.s(", ");
                    }
                }
                Kind::Object => {
                    if step > 0 {
                        self.buf.push(b',');
                    }
                    self.buf.push(b'"');
                    let name = r.name();
                    self.s(name.as_str());
                    self.s("\":");
                }
                Kind::Dictionary { .. } => {
                    let i = (step / 2) as usize;
                    let index = self.orders.get(open.orders + i).copied().unwrap_or(0);
                    let pair = self.pairs.get(open.pairs + index as usize).copied();
                    let Some(pair) = pair else {
                        continue;
                    };
                    if step % 2 == 0 {
                        if step > 0 {
                            self.s(",\n");
                        }
                        r = r.seek(pair.key_pos);
                    } else {
                        self.s(": ");
                        r = r.seek(pair.value_pos);
                    }
                }
            }
            self.node(&mut r, open.depth, &mut stack)?;
        }
        self.flush()
    }

    /// The closing text of `open`, now that its children are written.
    fn close(&mut self, open: &Open, r: &mut Reader<'w>) {
        match open.kind {
            Kind::Array { typed } => {
                if self.style.is_godot3() {
                    self.buf.push(b' ');
                }
                if typed {
                    self.s("])");
                } else {
                    self.buf.push(b']');
                }
            }
            Kind::Pandemonium => self.s(" )"),
            Kind::Object => self.s(")\n"),
            Kind::Dictionary { typed } => {
                if typed {
                    self.s("\n})");
                } else {
                    self.s("\n}");
                }
                self.pairs.truncate(open.pairs);
                self.orders.truncate(open.orders);
                *r = r.seek(open.end);
            }
        }
    }

    /// The next node of `r`, at `depth`: a leaf whole, a container's opening (its frame
    /// pushed on `stack`), or a container past the cut-off, stepped over.
    #[inline]
    fn node(&mut self, r: &mut Reader<'w>, depth: usize, stack: &mut Vec<Open>) -> fmt::Result {
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        let at = r.pos();
        let value = r.value();
        let (kind, left) = match value {
            Value::Int(_) | Value::String(_) => return self.decoded(value, at, r.bytes(), depth),
            Value::Object(ObjectRef::Full(o)) => {
                if self.cut(depth) {
                    for _ in 0..o.len() {
                        r.name();
                        r.skip();
                    }
                    self.s("null");
                    return Ok(());
                }
                self.s("Object(");
                self.s(o.class().as_str());
                self.buf.push(b',');
                (Kind::Object, o.len())
            }
            Value::Array(a) => {
                let typed = announced(r, at) && a.element_type().is_typed();
                if typed {
                    self.s("Array[");
                    self.container_type(a.element_type());
                    self.s("](");
                }
                if self.cut(depth) {
                    for _ in 0..a.len() {
                        r.skip();
                    }
                    self.s(if typed { "[])" } else { "[]" });
                    return Ok(());
                }
                self.buf.push(b'[');
                if self.style.is_godot3() {
                    self.buf.push(b' ');
                }
                (Kind::Array { typed }, a.len())
            }
            Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                let name = self.type_name(value.ty());
                if self.cut(depth) {
                    for _ in 0..a.len() {
                        r.skip();
                    }
                    self.s(name);
                    self.s("()");
                    return Ok(());
                }
                self.s(name);
                self.s("( ");
                match a.element_type() {
                    ContainerType::Builtin(VariantType::Object) => self.s("EncodedObjectAsID"),
                    ContainerType::Builtin(t) => self.s(self.type_name(t)),
                    ContainerType::ClassName(name) => self.s(name.as_str()),
                    ContainerType::Untyped | ContainerType::Script(_) => {}
                }
                self.s(" , ");
                (Kind::Pandemonium, a.len())
            }
            Value::Dictionary(d) => {
                let typed =
                    announced(r, at) && (d.key_type().is_typed() || d.value_type().is_typed());
                if typed {
                    self.s("Dictionary[");
                    self.container_type(d.key_type());
                    self.s(", ");
                    self.container_type(d.value_type());
                    self.s("](");
                }
                let n = d.len();
                let close = if typed { ")" } else { "" };
                if self.cut(depth) {
                    for _ in 0..2 * n {
                        r.skip();
                    }
                    self.s("{}");
                    self.s(close);
                    return Ok(());
                }
                if n == 0 {
                    self.s(match self.style {
                        TextStyle::Godot32 => "{\n\n}",
                        TextStyle::Godot4 => "{}",
                        _ => "{\n}",
                    });
                    self.s(close);
                    return Ok(());
                }
                if n <= SMALL && self.small_dict(r, n, depth)? {
                    self.s(close);
                    return Ok(());
                }
                let (pairs, orders) = self.note_pairs(r, n);
                self.s("{\n");
                stack.push(Open {
                    kind: Kind::Dictionary { typed },
                    left: u32::try_from(n).unwrap_or(u32::MAX).saturating_mul(2),
                    done: 0,
                    depth: depth + 1,
                    pairs,
                    orders,
                    end: r.pos(),
                });
                return Ok(());
            }
            leaf => return self.decoded(leaf, at, r.bytes(), depth),
        };
        stack.push(Open {
            kind,
            left: u32::try_from(left).unwrap_or(u32::MAX),
            done: 0,
            depth: depth + 1,
            pairs: 0,
            orders: 0,
            end: 0,
        });
        Ok(())
    }

    /// A value that holds no others, decoded from `bytes` at `at`, at `depth`: ints and
    /// strings here (a short plain string copied as a window of the input), the rest by
    /// [`Writer::leaf`].
    #[inline(always)]
    fn decoded(&mut self, value: Value<'w>, at: usize, bytes: &[u8], depth: usize) -> fmt::Result {
        match value {
            Value::Int(n) => {
                crate::format::number::push_i64(&mut self.buf, n);
                Ok(())
            }
            Value::String(text) => {
                // The text follows the header and the length word.
                let raw = text.raw_bytes().len();
                if let Some(window) = escape::plain16(bytes, at.wrapping_add(8), raw) {
                    self.buf.push(b'"');
                    let start = self.buf.len();
                    self.buf.extend_from_slice(window);
                    self.buf.truncate(start + raw);
                    self.buf.push(b'"');
                    return Ok(());
                }
                if text.as_str().len() > CHUNK {
                    return self.leaf(value, depth);
                }
                self.buf.push(b'"');
                self.escaped_multiline(text.as_str());
                self.buf.push(b'"');
                Ok(())
            }
            leaf => self.leaf(leaf, depth),
        }
    }

    /// A Dictionary of `n` (at most [`SMALL`]) pairs at `r` whose keys are [`uniform`]
    /// and whose values hold no others: decoded once, put in order by an insertion sort
    /// and printed from their decoded values (no noting, no second decoding). `false`,
    /// with `r` as it was and nothing written, for any other Dictionary.
    fn small_dict(
        &mut self,
        r: &mut Reader<'w>,
        n: usize,
        depth: usize,
    ) -> Result<bool, fmt::Error> {
        let dialect = r.dialect();
        let start = *r;
        let filler = Decoded {
            key: Value::Nil,
            key_at: 0,
            value: Value::Nil,
            value_at: 0,
            sort: sort_key(&Value::Nil, dialect),
        };
        let mut items = [filler; SMALL];
        for slot in items.iter_mut().take(n) {
            let key_at = r.pos();
            let key = r.value();
            if !matches!(key, Value::String(_) | Value::StringName(_) | Value::Int(_)) {
                *r = start;
                return Ok(false);
            }
            let value_at = r.pos();
            let value = r.value();
            if crate::read::reader::opens(&value).is_some() {
                *r = start;
                return Ok(false);
            }
            *slot = Decoded {
                key,
                key_at,
                value,
                value_at,
                sort: sort_key(&key, dialect),
            };
        }
        let items = items.get(..n).unwrap_or(&[]);
        let Some(first) = items.first().map(|item| item.sort) else {
            *r = start;
            return Ok(false);
        };
        if !items
            .iter()
            .all(|item| item.sort.same_kind(&first, dialect))
        {
            *r = start;
            return Ok(false);
        }
        // A stable insertion sort of the positions.
        let mut order = [0u8; SMALL];
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
                    compare(&new.key, &before.key, dialect) == Some(Ordering::Less)
                });
                if !less {
                    break;
                }
                order.swap(at - 1, at);
                at -= 1;
            }
        }
        let bytes = r.bytes();
        self.s("{\n");
        for (i, &k) in order.iter().take(items.len()).enumerate() {
            let Some(item) = items.get(usize::from(k)) else {
                continue;
            };
            if i > 0 {
                self.s(",\n");
            }
            if self.buf.len() >= CHUNK {
                self.flush()?;
            }
            self.decoded(item.key, item.key_at, bytes, depth + 1)?;
            self.s(": ");
            self.decoded(item.value, item.value_at, bytes, depth + 1)?;
        }
        self.s("\n}");
        Ok(true)
    }

    /// Notes the `n` pairs at `r` (where each key and value starts, what the key sorts by)
    /// and steps over them, then puts them in the engine's key order. Returns where the
    /// pairs and their order start in the writer's stacks; `r` ends after the last pair.
    fn note_pairs(&mut self, r: &mut Reader<'w>, n: usize) -> (usize, usize) {
        let start = self.pairs.len();
        let dialect = r.dialect();
        self.pairs.reserve(n);
        for _ in 0..n {
            let key_pos = r.pos();
            let key = r.value();
            if !matches!(key, Value::String(_) | Value::StringName(_) | Value::Int(_)) {
                // Anything else may hold others: step over the whole key.
                *r = r.seek(key_pos);
                r.skip();
            }
            let value_pos = r.pos();
            // A value that holds no others ends where its decoding ends; a container is
            // stepped over whole.
            if crate::read::reader::opens(&r.value()).is_some() {
                *r = r.seek(value_pos);
                r.skip();
            }
            self.pairs.push(Pair {
                sort: sort_key(&key, dialect),
                key_pos,
                value_pos,
            });
        }
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
        (start, order_start)
    }
}

/// Does the header at `at` announce element types (Godot 4's typed Array and Dictionary,
/// header bits 16–19)? When it does not, the container is untyped, and its types need not
/// be read.
#[inline]
fn announced(r: &Reader<'_>, at: usize) -> bool {
    r.dialect() == Dialect::Godot4 && (le_u32(r.bytes(), at) >> 16) & 0b1111 != 0
}

/// Are the keys all strings of one type (or String and StringName in Godot 4), or all
/// ints (the orders in which a stable insertion sort by the engine's comparison is a total
/// order: the same result as `sort_pairs`)?
fn uniform(pairs: &[Pair], dialect: Dialect) -> bool {
    let Some(first) = pairs.first().map(|p| p.sort) else {
        return true;
    };
    pairs.iter().all(|p| p.sort.same_kind(&first, dialect))
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
            if !before.is_some_and(|b| super::order::less(new, b, keys)) {
                break;
            }
            orders.swap(at - 1, at);
            at -= 1;
        }
    }
}
