//! [`span`]: the encoded length of a validated value, for the parallel JSON writer's walk
//! (`split.rs`), which sizes every child of the containers it cuts. The commonest nodes (a
//! 32-bit int or float, a String or StringName, a fixed payload, an untyped Array or
//! Dictionary) are sized inline off the walks' shared [`head`] dispatch, with no
//! [`ParseOptions`](crate::read::options::ParseOptions) or cursor set up per child; any
//! other node is handed to [`measure`], which gives the same length.

use crate::read::node::measure;
use crate::read::walk::{head, Head};
use crate::wire::dialect::Dialect;
use crate::wire::header::{fast_table, COUNT_SHARED_BIT};
use crate::wire::narrow::halves;

/// The encoded length of the value at `bytes[at..]`, which is validated: what
/// [`measure`] gives for `bytes[at..]`, or, once the nodes sized reach `limit` bytes, a
/// length of at least `limit` (a node sized by [`measure`] is sized whole). For bytes
/// that are not validated it stays within `bytes.len() - at`, without panicking.
pub(super) fn span(bytes: &[u8], at: usize, dialect: Dialect, limit: usize) -> usize {
    let table = fast_table(dialect);
    let start = bytes.get(at..).unwrap_or_default();
    // The bytes from the next node on.
    let mut rest = start;
    // Nodes still to size: the value, then each container's children as it opens.
    let mut pending: u64 = 1;
    // Sized `limit` bytes or more once fewer than this many are left.
    let floor = start.len().saturating_sub(limit);
    while pending > 0 && rest.len() > floor {
        pending -= 1;
        // The header and the payload's first word in one load.
        let Some((&words, after)) = rest.split_first_chunk::<8>() else {
            let len = measure(rest, dialect);
            if len == 0 {
                break;
            }
            rest = rest.get(len..).unwrap_or_default();
            continue;
        };
        let (word, first) = halves(u64::from_le_bytes(words));
        rest = match head(word, table) {
            Head::Int | Head::Float => after,
            Head::String | Head::StringName => after
                .get((first as usize).next_multiple_of(4)..)
                .unwrap_or_default(),
            Head::Fixed(size) => rest.get(4 + usize::from(size)..).unwrap_or_default(),
            Head::Dictionary => {
                pending = pending.saturating_add(2 * u64::from(first & !COUNT_SHARED_BIT));
                after
            }
            Head::Array => {
                pending = pending.saturating_add(u64::from(first & !COUNT_SHARED_BIT));
                after
            }
            // The node and all it holds.
            Head::General => rest.get(measure(rest, dialect)..).unwrap_or_default(),
        };
    }
    start.len() - rest.len()
}

#[cfg(test)]
mod tests {
    use alloc::vec::Vec;
    use core::ops::ControlFlow;

    use super::*;
    use crate::read::decoded::Value;
    use crate::read::visit::{Place, Visitor};
    use crate::{Builder, VariantType};

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
                    .typed_array(crate::ContainerType::Builtin(VariantType::Int))
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
            let value = crate::VariantRef::parse(&out, dialect).unwrap();
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
}
