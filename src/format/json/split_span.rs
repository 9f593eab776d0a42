//! Sizing for the parallel JSON writer's walk (`split.rs`), which sizes every child of the
//! containers it cuts, on bytes that may not be validated yet: [`Sizer::size`] for one
//! child, [`Sizer::entries`] for a run of small entries in one loop, and [`span`], the
//! encoded length of a value. The commonest nodes (a 32-bit int or float, a String or
//! StringName, a fixed payload, an untyped Array or Dictionary) are sized inline off the
//! walks' shared [`head`] dispatch, from one 8-byte load, with no
//! [`ParseOptions`](crate::read::options::ParseOptions) or cursor set up per child; any
//! other node is handed to [`measure`], which gives the same length.

use crate::read::node::measure;
use crate::read::walk::{head, Head};
use crate::wire::dialect::Dialect;
use crate::wire::header::{fast_table, Header, COUNT_SHARED_BIT};
use crate::wire::narrow::halves;
use crate::wire::types::VariantType;

/// What a child's header (and [`span`]) tell of its size, from [`Sizer::size`].
pub(super) enum Size {
    /// Small: it ends at the given position.
    Small(usize),
    /// An Array or Dictionary that may be cut: large (`true`), or not measured.
    Container(bool),
    /// Anything else: measure it.
    Other,
}

/// The walk's bytes and thresholds, for sizing its children.
#[derive(Clone, Copy)]
pub(super) struct Sizer<'a> {
    /// The root's bytes (validated, or not yet).
    pub(super) bytes: &'a [u8],
    pub(super) dialect: Dialect,
    /// A child of this many encoded bytes or more is large.
    pub(super) split_bytes: usize,
    /// An untyped Array or Dictionary with this many children or more is not measured.
    pub(super) split_count: usize,
}

impl Sizer<'_> {
    /// The size of the child at `at` as far as its header and [`span`] tell, without
    /// decoding it: the commonest children, a 32-bit number, a String (keys) or a fixed
    /// payload, off their header; an untyped Array or Dictionary with fewer than
    /// `split_count` children (its count follows its header) as [`span`] sizes it, small
    /// if under `split_bytes`. A child whose header and first payload word are not both in
    /// the bytes, or which would end past them (bytes cut short, or not validated), is
    /// [`Size::Other`] (which `classify` sizes with [`span`]: the same end for a validated
    /// value, such as a Nil, 4 bytes, last in the bytes).
    #[inline(always)]
    pub(super) fn size(&self, at: usize) -> Size {
        let Some(rest) = self.bytes.get(at..) else {
            return Size::Other;
        };
        let Some((&words, _)) = rest.split_first_chunk::<8>() else {
            return Size::Other;
        };
        let (word, first) = halves(u64::from_le_bytes(words));
        let size = match head(word, fast_table(self.dialect)) {
            Head::Int | Head::Float => 8,
            Head::String | Head::StringName => padded_8(first),
            Head::Fixed(size) => 4 + usize::from(size),
            Head::Array => return self.container(at, first, 1),
            Head::Dictionary => return self.container(at, first, 2),
            Head::General => match Header::decode(word, self.dialect) {
                Ok(header) => match header.fixed_payload() {
                    Some(size) => size.saturating_add(4),
                    None if matches!(header.ty, VariantType::Array | VariantType::Dictionary) => {
                        return Size::Container(false)
                    }
                    None => return Size::Other,
                },
                Err(_) => return Size::Other,
            },
        };
        // Within the bytes: `at + size <= bytes.len()`.
        if size <= rest.len() {
            Size::Small(at + size)
        } else {
            Size::Other
        }
    }

    /// [`Sizer::size`] of the untyped container at `at`, whose count word is `count`, with
    /// `per_entry` children an entry: what [`Sizer::small_span`] gives, its header read
    /// once.
    #[inline(always)]
    fn container(&self, at: usize, count: u32, per_entry: u64) -> Size {
        let count = count & !COUNT_SHARED_BIT;
        if count as usize >= self.split_count {
            return Size::Container(false);
        }
        // Sized as `span` sizes it, from after the header (which is in the bytes).
        let stop = at.saturating_add(self.split_bytes).min(self.bytes.len());
        let window = self.bytes.get(..stop).unwrap_or(self.bytes);
        let children = per_entry * u64::from(count);
        let end = walk(window, at.saturating_add(8), children, self.dialect);
        if end.saturating_sub(at) < self.split_bytes {
            Size::Small(end)
        } else {
            Size::Container(true)
        }
    }

    /// The end of the child at `at` if it is smaller than `split_bytes`: sized by
    /// [`span`], which stops at that many bytes (so sizing a child costs at most that much
    /// of the walk, even on bytes that are not validated).
    pub(super) fn small_span(&self, at: usize) -> Option<usize> {
        let len = span(self.bytes, at, self.dialect, self.split_bytes);
        (len < self.split_bytes).then(|| at.saturating_add(len))
    }

    /// The entries from `at` on (a value each, or a key and a value if `pairs`) that are
    /// small by [`Sizer::size`], in one loop: at most `room` of them, and none after the
    /// first that ends `chunk_bytes` or more past `run_at`. The position after the last,
    /// and how many: what sizing them one by one with [`Sizer::size`] gives.
    pub(super) fn entries(
        &self,
        at: usize,
        pairs: bool,
        room: u32,
        run_at: usize,
        chunk_bytes: usize,
    ) -> (usize, u32) {
        // An entry ending here or past it ends the run (the ends are within the bytes, so
        // under `usize::MAX`: as `end - run_at >= chunk_bytes`).
        let mark = run_at.saturating_add(chunk_bytes);
        if pairs {
            self.run::<true>(at, room, mark)
        } else {
            self.run::<false>(at, room, mark)
        }
    }

    /// [`Sizer::entries`] for entries of one value, or of a key and a value (`PAIRS`):
    /// the position after the last entry, and how many.
    #[inline(always)]
    fn run<const PAIRS: bool>(&self, at: usize, room: u32, mark: usize) -> (usize, u32) {
        let mut end = at;
        let mut left = room;
        while left > 0 {
            let mut next = end;
            if PAIRS {
                let Size::Small(key_end) = self.size(next) else {
                    break;
                };
                next = key_end;
            }
            let Size::Small(value_end) = self.size(next) else {
                break;
            };
            end = value_end;
            left -= 1;
            if end >= mark {
                break;
            }
        }
        (end, room - left)
    }
}

/// A String's encoded size: header, length word, and text padded to 4 bytes.
#[inline(always)]
fn padded_8(len: u32) -> usize {
    (len as usize).saturating_add(11) & !3
}

/// The encoded length of the value at `bytes[at..]`, which is validated: what
/// [`measure`] gives for `bytes[at..]`, or, once the nodes sized reach `limit` bytes, a
/// length of at least `limit`. For bytes that are not validated it stays within
/// `bytes.len() - at`, without panicking.
pub(super) fn span(bytes: &[u8], at: usize, dialect: Dialect, limit: usize) -> usize {
    let window = bytes
        .get(..at.saturating_add(limit).min(bytes.len()))
        .unwrap_or(bytes);
    walk(window, at, 1, dialect).saturating_sub(at)
}

/// The position after the `pending` values from `window[at..]` on, or the window's end if
/// they do not end in it (the window ends `limit` bytes after the value for [`span`]: each
/// node is sized off its header, or by [`measure`] within the window, so a node that ends
/// past it, or a value that is not validated, ends the walk at the window's end). Each node
/// moves the walk on by 4 bytes or more, or to the window's end, so it ends after
/// `window.len() / 4` nodes at most, whatever the bytes.
#[inline(always)]
fn walk(window: &[u8], at: usize, mut pending: u64, dialect: Dialect) -> usize {
    let table = fast_table(dialect);
    let len = window.len();
    // The bytes from the next node on.
    let Some(mut rest) = window.get(at..) else {
        return len;
    };
    // Nodes still to size: the values, then each container's children as it opens.
    while pending > 0 {
        pending -= 1;
        // The header and the payload's first word in one load.
        let Some((&words, _)) = rest.split_first_chunk::<8>() else {
            // A node of fewer than 8 bytes (a Nil), or the window's last few bytes.
            let size = measure(rest, dialect);
            if size == 0 {
                break;
            }
            rest = rest.get(size..).unwrap_or_default();
            continue;
        };
        let (word, first) = halves(u64::from_le_bytes(words));
        let size = match head(word, table) {
            Head::Int | Head::Float => 8,
            Head::String | Head::StringName => padded_8(first),
            Head::Fixed(size) => 4 + usize::from(size),
            Head::Dictionary => {
                pending = pending.saturating_add(2 * u64::from(first & !COUNT_SHARED_BIT));
                8
            }
            Head::Array => {
                pending = pending.saturating_add(u64::from(first & !COUNT_SHARED_BIT));
                8
            }
            // The node and all it holds (`measure` stays within what it is given).
            Head::General => measure(rest, dialect).max(4),
        };
        let Some(next) = rest.get(size..) else {
            return len;
        };
        rest = next;
    }
    len - rest.len()
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;
    use core::ops::ControlFlow;

    use super::*;
    use crate::read::decoded::Value;
    use crate::read::value::VariantRef;
    use crate::read::visit::{Place, Visitor};
    use crate::wire::container_type::ContainerType;
    use crate::write::Builder;

    /// The offset of every value of a walk.
    struct Offsets(Vec<usize>);

    impl<'a> Visitor<'a> for Offsets {
        type Break = ();
        fn value(&mut self, _: &Value<'a>, place: Place) -> ControlFlow<()> {
            self.0.push(place.offset);
            ControlFlow::Continue(())
        }
    }

    /// Every node of a value with each kind of node (those sized inline and the others:
    /// a 64-bit int and float, a typed Array, an Object, a packed array), in both
    /// dialects: `span` gives `measure`'s length at every node's offset, and stays
    /// within bytes cut short.
    #[test]
    fn span_is_measure() {
        for dialect in [Dialect::Godot4, Dialect::Godot3] {
            let mut out = Vec::new();
            let mut root = Builder::new(&mut out, dialect).dictionary().unwrap();
            root.entry("int").int(7).unwrap();
            root.entry("big").int(1 << 40).unwrap();
            root.entry("f").float(0.5).unwrap();
            root.entry("d").float(0.1).unwrap();
            root.entry("s").string("h\u{e9}llo").unwrap();
            if dialect == Dialect::Godot4 {
                root.entry("sn").string_name("name").unwrap();
            }
            root.entry("v")
                .math(VariantType::Vector2, &[1.0, 2.0])
                .unwrap();
            root.entry("p").packed_f32(&[1.0, 2.0, 3.0]).unwrap();
            root.entry("n").nil().unwrap();
            let mut object = root.entry("o").object("Node").unwrap();
            object.property("hp").unwrap().int(3).unwrap();
            object.finish().unwrap();
            if dialect == Dialect::Godot4 {
                let mut typed = root
                    .entry("t")
                    .typed_array(ContainerType::Builtin(VariantType::Int))
                    .unwrap();
                typed.push().int(5).unwrap();
                typed.finish().unwrap();
            }
            let mut list = root.entry("list").array().unwrap();
            list.push().string("abcd").unwrap();
            let mut inner = list.push().dictionary().unwrap();
            inner.entry("x").bool(true).unwrap();
            inner.entry("y").array().unwrap().finish().unwrap();
            inner.finish().unwrap();
            list.push().array().unwrap().finish().unwrap();
            list.finish().unwrap();
            root.finish().unwrap();
            let value = VariantRef::parse(&out, dialect).unwrap();
            let mut offsets = Offsets(Vec::new());
            let _ = value.visit(&mut offsets);
            assert!(offsets.0.len() > 25, "{}", offsets.0.len());
            for at in offsets.0 {
                let rest = out.get(at..).unwrap();
                assert_eq!(
                    span(&out, at, dialect, usize::MAX),
                    measure(rest, dialect),
                    "at {at}"
                );
                // Stopped at a limit: exact under it, at least the limit otherwise.
                for limit in [1, 8, 20, 64] {
                    let len = measure(rest, dialect);
                    let got = span(&out, at, dialect, limit);
                    assert!(
                        if len < limit {
                            got == len
                        } else {
                            got >= limit
                        },
                        "at {at}"
                    );
                }
            }
            assert_eq!(span(&out, 0, dialect, usize::MAX), out.len());
            for cut in 0..out.len() {
                assert!(span(out.get(..cut).unwrap(), 0, dialect, usize::MAX) <= cut);
            }
        }
    }

    /// One value of each kind a run meets: small leaves (a 64-bit float and int among them, a
    /// Nil), a small container, a large String, containers of many children, a typed Array,
    /// a packed array, an Object.
    fn children_of_each_kind(dialect: Dialect) -> Vec<Vec<u8>> {
        let mut all = Vec::new();
        let mut one = |f: &mut dyn FnMut(Builder<'_>)| {
            let mut out = Vec::new();
            f(Builder::new(&mut out, dialect));
            all.push(out);
        };
        one(&mut |b| b.int(7).unwrap());
        one(&mut |b| b.string("a name").unwrap());
        one(&mut |b| b.float(0.1).unwrap());
        one(&mut |b| b.int(1 << 40).unwrap());
        one(&mut |b| b.math(VariantType::Vector2, &[1.0, 2.0]).unwrap());
        one(&mut |b| b.nil().unwrap());
        one(&mut |b| b.bool(true).unwrap());
        one(&mut |b| {
            let mut d = b.dictionary().unwrap();
            d.entry("id").int(3).unwrap();
            d.entry("hp").float(0.5).unwrap();
            d.finish().unwrap();
        });
        one(&mut |b| b.string(&"x".repeat(300)).unwrap());
        one(&mut |b| {
            let mut a = b.array().unwrap();
            for i in 0..8 {
                a.push().int(i).unwrap();
            }
            a.finish().unwrap();
        });
        if dialect == Dialect::Godot4 {
            one(&mut |b| {
                let mut t = b
                    .typed_array(ContainerType::Builtin(VariantType::Int))
                    .unwrap();
                t.push().int(5).unwrap();
                t.finish().unwrap();
            });
        }
        one(&mut |b| b.packed_f32(&[1.0, 2.0]).unwrap());
        one(&mut |b| {
            let mut o = b.object("Node").unwrap();
            o.property("hp").unwrap().int(3).unwrap();
            o.finish().unwrap();
        });
        one(&mut |b| b.array().unwrap().finish().unwrap());
        all
    }

    /// The one-loop sizing of a run ([`Sizer::entries`]) against sizing its entries one by
    /// one with [`Sizer::size`], as `step` does: from every entry of a Dictionary (String
    /// keys and others) and of an Array holding every kind of child
    /// ([`children_of_each_kind`]), at small and real thresholds, with the run's mark at,
    /// before and after each entry, its room of one entry up to all; on the bytes cut short at
    /// every length; and on random bytes. On the whole bytes, every child sized small ends
    /// where `measure` says.
    #[test]
    fn a_run_sized_in_one_loop_is_sized_entry_by_entry() {
        fn one_by_one(
            sizer: &Sizer<'_>,
            at: usize,
            pairs: bool,
            room: u32,
            run_at: usize,
            chunk_bytes: usize,
        ) -> (usize, u32) {
            let (mut end, mut count) = (at, 0);
            while count < room {
                let Size::Small(mut next) = sizer.size(end) else {
                    break;
                };
                if pairs {
                    let Size::Small(value_end) = sizer.size(next) else {
                        break;
                    };
                    next = value_end;
                }
                end = next;
                count += 1;
                if end.saturating_sub(run_at) >= chunk_bytes {
                    break;
                }
            }
            (end, count)
        }
        for dialect in [Dialect::Godot4, Dialect::Godot3] {
            let kinds = children_of_each_kind(dialect);
            let kinds: Vec<_> = kinds
                .iter()
                .map(|k| VariantRef::parse(k, dialect).unwrap())
                .collect();
            // [{children by String keys, and by the children as keys}, [children]].
            let mut bytes = Vec::new();
            let mut root = Builder::new(&mut bytes, dialect).array().unwrap();
            let mut dict = root.push().dictionary().unwrap();
            for (i, child) in kinds.iter().enumerate() {
                dict.entry(&alloc::format!("k{i}")).value(*child).unwrap();
                dict.entry_with(|k| k.value(*child)).int(9).unwrap();
            }
            dict.finish().unwrap();
            let mut array = root.push().array().unwrap();
            for child in kinds.iter().chain(kinds.iter().rev()) {
                array.push().value(*child).unwrap();
            }
            array.finish().unwrap();
            root.finish().unwrap();
            let dict_at = 8;
            let array_at = dict_at + span(&bytes, dict_at, dialect, usize::MAX);
            // Each container's entry starts, and the end of its last entry.
            let mut starts: Vec<(bool, usize)> = Vec::new();
            for (pairs, at) in [(true, dict_at), (false, array_at)] {
                let mut pos = at + 8;
                for _ in 0..2 * kinds.len() {
                    starts.push((pairs, pos));
                    for _ in 0..1 + usize::from(pairs) {
                        pos += span(&bytes, pos, dialect, usize::MAX);
                    }
                }
                starts.push((pairs, pos));
            }
            let mut random = alloc::vec![0u8; 4096];
            let mut x = 0x9e37_79b9_u32;
            for b in random.iter_mut() {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                *b = (x % 40) as u8;
            }
            // (split_bytes, split_count): the split tests' and the real ones.
            let limits = [
                (1, 1),
                (16, 2),
                (200, 5),
                (64, 4),
                (4096, 100),
                (1 << 20, 1 << 30),
                (4 << 20, 4096),
            ];
            let mut checked = 0u32;
            for (split_bytes, split_count) in limits {
                let check = |input: &[u8], pairs: bool, at: usize| {
                    let sizer = Sizer {
                        bytes: input,
                        dialect,
                        split_bytes,
                        split_count,
                    };
                    for room in [1, 2, 5, u32::MAX >> 1] {
                        for run_at in [at, at.saturating_sub(40)] {
                            for chunk_bytes in [1, 24, 100, 1 << 20, usize::MAX] {
                                assert_eq!(
                                    sizer.entries(at, pairs, room, run_at, chunk_bytes),
                                    one_by_one(&sizer, at, pairs, room, run_at, chunk_bytes),
                                    "{dialect:?} {split_bytes} {split_count} at {at} of {} room {room} \
                                     run_at {run_at} chunk {chunk_bytes}",
                                    input.len()
                                );
                            }
                        }
                    }
                };
                for &(pairs, at) in &starts {
                    check(&bytes, pairs, at);
                    checked += 1;
                    let sizer = Sizer {
                        bytes: &bytes,
                        dialect,
                        split_bytes,
                        split_count,
                    };
                    if let Size::Small(end) = sizer.size(at) {
                        assert_eq!(
                            end - at,
                            measure(bytes.get(at..).unwrap(), dialect),
                            "at {at}"
                        );
                    }
                }
                for cut in (0..bytes.len()).step_by(3) {
                    for &(pairs, at) in starts.iter().step_by(5) {
                        check(bytes.get(..cut).unwrap(), pairs, at);
                    }
                }
                for at in (0..random.len()).step_by(61) {
                    check(&random, true, at);
                    check(&random, false, at);
                }
            }
            assert!(checked > 100, "{checked}");
        }
    }
}
