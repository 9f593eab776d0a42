//! The view iterators yield nested containers without measuring them and step past them
//! with the end their own iterator noted, when the caller read them through
//! (`src/read/values.rs`, `src/read/ends.rs`): every child's bytes and offset must be
//! exact whatever the walk read, checked against the validator.

use gdvariant::{Dialect, ObjectRef, Value, VariantRef};

const G4: Dialect = Dialect::Godot4;

/// A small Godot 4 encoder for the tests: header words and fields.
struct W(Vec<u8>);

impl W {
    fn u32(&mut self, v: u32) -> &mut Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    fn int(&mut self, v: u32) -> &mut Self {
        self.u32(2).u32(v)
    }
    fn text(&mut self, s: &str) -> &mut Self {
        self.u32(s.len() as u32);
        self.0.extend_from_slice(s.as_bytes());
        self.0.resize(self.0.len().next_multiple_of(4), 0);
        self
    }
    fn string(&mut self, s: &str) -> &mut Self {
        self.u32(4).text(s)
    }
    fn array(&mut self, n: u32) -> &mut Self {
        self.u32(28).u32(n)
    }
    fn dict(&mut self, n: u32) -> &mut Self {
        self.u32(27).u32(n)
    }
    /// A full object of class `C` with `n` properties (names and values follow).
    fn object(&mut self, n: u32) -> &mut Self {
        self.u32(24).text("C").u32(n)
    }
}

/// A value with every kind of child: nested and empty containers, containers as
/// dictionary keys, a full object, a 64-bit int and a Vector3 (headers without a
/// fast path), a typed array.
fn sample() -> Vec<u8> {
    let mut w = W(Vec::new());
    w.array(7);
    w.dict(3);
    w.string("a").array(2).int(1).array(0);
    w.array(1).int(5).dict(1).string("k").int(6); // a container as a key
    w.string("o").object(2);
    w.text("p").array(2).string("x").dict(0);
    w.text("q").int(9);
    w.u32(2 | 1 << 16).u32(1).u32(2); // 64-bit int
    w.u32(9).u32(0).u32(0).u32(0); // Vector3
    w.array(0);
    w.u32(28 | 1 << 16).u32(2).u32(2).int(3).int(4); // Array[int]
    w.dict(1).array(1).array(1).array(0).string("deep");
    w.string("end");
    w.0
}

/// The length of the value at `buf[at]`, by the validator.
fn measured(buf: &[u8], at: usize) -> usize {
    VariantRef::parse_prefix(&buf[at..], G4).unwrap().1
}

/// Walks `value` through the view iterators, reading each child whole or in part or
/// not at all as `choose` says, and checks every child's bytes and offset against the
/// validator (an independent measure of each value); `buf` is the whole parsed input.
fn walk(buf: &[u8], value: VariantRef<'_>, choose: &mut dyn FnMut() -> u8) {
    let own = measured(buf, value.offset());
    assert_eq!(value.encoded().len(), own);
    let mut next_at = None;
    // Each child starts where the one before it ended (apart from a property's name).
    let mut check = |child: VariantRef<'_>, adjacent: bool, choose: &mut dyn FnMut() -> u8| {
        let len = measured(buf, child.offset());
        if let (Some(at), true) = (next_at, adjacent) {
            assert_eq!(child.offset(), at, "{child:?}");
        }
        let at = child.offset() + len;
        next_at = Some(at);
        match choose() % 3 {
            0 => walk(buf, child, choose),
            1 => assert_eq!(child.encoded().len(), len),
            _ => {} // skipped
        }
        // Whatever was read, the bytes are the child's own.
        assert_eq!(child.encoded(), &buf[child.offset()..child.offset() + len]);
    };
    match value.value() {
        Value::Array(a) | Value::TypedArray(a) => {
            // Mostly every element; sometimes only the first few.
            let c = usize::from(choose());
            let stop = if c % 4 == 3 {
                c / 4 % (a.len() + 1)
            } else {
                usize::MAX
            };
            for item in a.iter().take(stop) {
                check(item, true, choose);
            }
        }
        Value::Dictionary(d) => {
            for (k, v) in d.iter() {
                check(k, true, choose);
                check(v, true, choose);
            }
        }
        Value::Object(ObjectRef::Full(o)) => {
            for (name, v) in o.properties() {
                assert_eq!(name.raw_bytes().len(), 1);
                check(v, false, choose);
            }
        }
        _ => {}
    }
}

/// Every child's bytes and offset are exact however much of the children before it
/// the caller read (whole, in part, not at all), in many orders.
#[test]
fn children_are_exact_whatever_the_walk_reads() {
    let bytes = sample();
    let root = VariantRef::parse(&bytes, G4).unwrap();
    for seed in 1..=2000u32 {
        let mut state = seed;
        let mut choose = || {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state >> 8) as u8
        };
        walk(&bytes, root, &mut choose);
    }
    // The full walk, then a skipping one: the same children.
    let mut all = || 0u8;
    walk(&bytes, root, &mut all);
    let mut none = || 2u8;
    walk(&bytes, root, &mut none);
}

/// A note left by a walk over other bytes that lived at the same address is not
/// believed: the second value's nested array is shorter than the first's.
#[test]
fn a_note_from_earlier_bytes_at_the_same_address_is_not_believed() {
    let mut first = W(Vec::new());
    first.array(2).array(3).int(1).int(2).int(3).int(4);
    let mut second = W(Vec::new());
    second
        .array(2)
        .array(1)
        .int(7)
        .string("after")
        .int(0)
        .int(0);
    let mut buf = first.0.clone();
    buf.resize(buf.len().max(second.0.len()), 0);
    let len = first.0.len();
    let view = VariantRef::parse(&buf[..len], G4).unwrap();
    // Read the nested array through, so that the last note is its end.
    let inner = view.as_array().unwrap().iter().next().unwrap();
    assert_eq!(inner.as_array().unwrap().iter().count(), 3);
    buf[..second.0.len()].copy_from_slice(&second.0);
    let len = second.0.len() - 16; // the two trailing ints are not part of it
    let view = VariantRef::parse(&buf[..len], G4).unwrap();
    let mut items = view.as_array().unwrap().iter();
    let inner = items.next().unwrap();
    assert_eq!(inner.encoded().len(), 16);
    assert_eq!(items.next().unwrap().as_str(), Some("after"));
    assert!(items.next().is_none());
}

/// Every value of `value`, depth first, as the view iterators yield it (nested containers
/// unmeasured).
fn all_views<'a>(value: VariantRef<'a>, out: &mut Vec<VariantRef<'a>>) {
    out.push(value);
    match value.value() {
        Value::Array(a) => a.iter().for_each(|v| all_views(v, out)),
        Value::Dictionary(d) => d.iter().for_each(|(k, v)| {
            all_views(k, out);
            all_views(v, out);
        }),
        Value::Object(ObjectRef::Full(o)) => o.properties().for_each(|(_, v)| all_views(v, out)),
        _ => {}
    }
}

#[test]
fn writers_of_a_yielded_value_match_it_parsed_alone() {
    // JSON reads headers and short strings in place, at offsets relative to the value it
    // writes: a value yielded by an iterator starts at a non-zero offset, and a container's
    // bytes run on past it.
    let buf = sample();
    let root = VariantRef::parse(&buf, G4).unwrap();
    let mut views = Vec::new();
    all_views(root, &mut views);
    assert_eq!(views.len(), 29, "every value of the sample");
    for v in views {
        let alone = VariantRef::parse(v.encoded(), G4).unwrap();
        let json = |v: VariantRef<'_>| {
            let mut out = Vec::new();
            gdvariant::json::write(&mut out, v, &gdvariant::json::WriteOptions::new()).unwrap();
            out
        };
        assert_eq!(json(v), json(alone), "at {}", v.offset());
        assert_eq!(v.to_string(), alone.to_string(), "at {}", v.offset());
    }
}
