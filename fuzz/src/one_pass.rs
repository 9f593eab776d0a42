//! [`one_pass`]: the one-pass reader (the visitor and the iterator) against the view API:
//! the same nodes, in the same order, at the same offsets and depths.

use core::ops::ControlFlow;

use gdvariant::{Event, GdStr, ObjectRef, Place, Value, VariantRef, VariantType, Visitor};

/// One step of a walk: what three walks must agree on.
#[derive(Debug, PartialEq)]
enum Step<'a> {
    /// Type, offset, depth and a short fingerprint of what the value holds (its own
    /// content: a container's count, not its children).
    Value(VariantType, usize, usize, u64),
    Property(&'a [u8], usize),
    /// Offset where the container ends, and its depth.
    End(usize, usize),
}

/// Asserts that `VariantRef::visit`, `VariantRef::events` and the view iterators walk
/// `v` identically.
pub fn one_pass(v: VariantRef<'_>) {
    let mut expected = Vec::new();
    views(v, 0, &mut expected);
    assert_eq!(events(v), expected, "events against the views");
    let mut visited = Visited(Vec::new());
    assert_eq!(v.visit(&mut visited), ControlFlow::Continue(()));
    assert_eq!(visited.0, expected, "visit against the views");
    // Early stop: breaking at the n-th step returns at once with what it broke with.
    let n = expected.len() / 2;
    let mut stop = Stop { seen: 0, at: n };
    assert_eq!(v.visit(&mut stop), ControlFlow::Break(n));
}

fn fingerprint(value: &Value<'_>) -> u64 {
    match value {
        Value::Int(n) => *n as u64,
        Value::Float(x) => x.to_bits(),
        Value::Bool(b) => u64::from(*b),
        Value::Rid(id) => *id,
        Value::String(s) | Value::StringName(s) => hash(s.raw_bytes()),
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => a.len() as u64,
        Value::Dictionary(d) => d.len() as u64,
        Value::Object(ObjectRef::Full(o)) => hash(o.class().raw_bytes()) ^ o.len() as u64,
        Value::Object(ObjectRef::Id(id)) => *id,
        other => other.as_math().map_or(0, |m| {
            (0..m.len())
                .filter_map(|i| m.get(i))
                .fold(0, |h, x| h ^ x.to_bits())
        }),
    }
}

fn hash(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

fn views<'a>(v: VariantRef<'a>, depth: usize, out: &mut Vec<Step<'a>>) {
    let value = v.value();
    out.push(Step::Value(v.ty(), v.offset(), depth, fingerprint(&value)));
    let end = v.offset() + v.encoded().len();
    match value {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            a.iter().for_each(|x| views(x, depth + 1, out))
        }
        Value::Dictionary(d) => d.iter().for_each(|(k, x)| {
            views(k, depth + 1, out);
            views(x, depth + 1, out);
        }),
        Value::Object(ObjectRef::Full(o)) => o.properties().for_each(|(name, x)| {
            out.push(Step::Property(name.raw_bytes(), depth + 1));
            views(x, depth + 1, out);
        }),
        _ => return,
    }
    out.push(Step::End(end, depth));
}

fn events(v: VariantRef<'_>) -> Vec<Step<'_>> {
    let mut out = Vec::new();
    let mut events = v.events();
    loop {
        let (at, depth) = (events.offset(), events.depth());
        let Some(event) = events.next() else { break };
        out.push(match event {
            Event::Value(value) => Step::Value(value.ty(), at, depth, fingerprint(&value)),
            Event::Property(name) => Step::Property(name.raw_bytes(), depth),
            Event::End => Step::End(at, depth - 1),
        });
    }
    assert!(events.next().is_none(), "fused");
    out
}

struct Visited<'a>(Vec<Step<'a>>);

impl<'a> Visitor<'a> for Visited<'a> {
    type Break = ();
    fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<()> {
        let step = Step::Value(value.ty(), place.offset, place.depth, fingerprint(value));
        self.0.push(step);
        ControlFlow::Continue(())
    }
    fn property(&mut self, name: GdStr<'a>, place: Place) -> ControlFlow<()> {
        self.0.push(Step::Property(name.raw_bytes(), place.depth));
        ControlFlow::Continue(())
    }
    fn end(&mut self, place: Place) -> ControlFlow<()> {
        self.0.push(Step::End(place.offset, place.depth));
        ControlFlow::Continue(())
    }
}

/// Breaks at step `at` (counting from 0) with the number of steps seen before it.
struct Stop {
    seen: usize,
    at: usize,
}

impl Stop {
    fn step(&mut self) -> ControlFlow<usize> {
        assert!(self.seen <= self.at, "a step after the break");
        if self.seen == self.at {
            return ControlFlow::Break(self.seen);
        }
        self.seen += 1;
        ControlFlow::Continue(())
    }
}

impl<'a> Visitor<'a> for Stop {
    type Break = usize;
    fn value(&mut self, _: &Value<'a>, _: Place) -> ControlFlow<usize> {
        self.step()
    }
    fn property(&mut self, _: GdStr<'a>, _: Place) -> ControlFlow<usize> {
        self.step()
    }
    fn end(&mut self, _: Place) -> ControlFlow<usize> {
        self.step()
    }
}
