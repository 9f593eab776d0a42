//! The one-pass reader (`VariantRef::visit` and `VariantRef::events`) against the view API
//! on every engine fixture: the same nodes, in the same order, at the same offsets and
//! depths.

use crate::common;

use common::cases;
use std::ops::ControlFlow;

use gdvariant::{Dialect, Event, ObjectRef, Place, Value, VariantRef, Visitor};

/// What one step of a walk saw.
#[derive(Debug, PartialEq)]
enum Token {
    /// A value: its type, its absolute offset, and a fingerprint of what it holds.
    Value(gdvariant::VariantType, usize, String),
    Property(String),
    /// The end of a container, at the offset where it ends.
    End(usize),
}

/// A short fingerprint of a value that both walks can compute.
fn fingerprint(value: &Value<'_>) -> String {
    match value {
        Value::Int(n) => n.to_string(),
        Value::Float(x) => x.to_bits().to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Rid(id) => format!("RID {id}"),
        Value::Signal(s) => format!("{} {}", s.name(), s.object_id()),
        Value::NodePath(p) => p.to_string(),
        Value::PackedByteArray(b) => format!("{b:?}"),
        Value::PackedInt32Array(p) => format!("{:?}", p.iter().collect::<Vec<_>>()),
        Value::PackedInt64Array(p) => format!("{:?}", p.iter().collect::<Vec<_>>()),
        Value::PackedFloat32Array(p) => format!("{:?}", p.as_bytes()),
        Value::PackedFloat64Array(p) => format!("{:?}", p.as_bytes()),
        Value::PackedVector2Array(p) => format!("{:?}", p.as_bytes()),
        Value::PackedVector3Array(p) => format!("{:?}", p.as_bytes()),
        Value::PackedVector4Array(p) => format!("{:?}", p.as_bytes()),
        Value::PackedColorArray(p) => format!("{:?}", p.as_bytes()),
        Value::String(s) | Value::StringName(s) => s.as_str().to_string(),
        Value::Array(a) => format!("{} items {:?}", a.len(), a.element_type()),
        Value::Dictionary(d) => format!("{} pairs", d.len()),
        Value::Object(ObjectRef::Full(o)) => format!("{} {} props", o.class(), o.len()),
        Value::Object(o) => format!("{o:?}"),
        Value::PackedStringArray(p) => {
            format!("{:?}", p.iter().map(|s| s.as_str()).collect::<Vec<_>>())
        }
        other => other.as_math().map_or_else(
            || format!("{:?}", other.ty()),
            |m| {
                format!(
                    "{:?}",
                    (0..m.len())
                        .map(|i| m.get(i).map(f64::to_bits))
                        .collect::<Vec<_>>()
                )
            },
        ),
    }
}

/// The walk through the view iterators.
fn views(v: VariantRef<'_>, out: &mut Vec<Token>) {
    let value = v.value();
    out.push(Token::Value(v.ty(), v.offset(), fingerprint(&value)));
    let end = v.offset() + v.encoded().len();
    match value {
        Value::Array(a) => {
            a.iter().for_each(|x| views(x, out));
            out.push(Token::End(end));
        }
        Value::Dictionary(d) => {
            for (k, x) in d.iter() {
                views(k, out);
                views(x, out);
            }
            out.push(Token::End(end));
        }
        Value::Object(ObjectRef::Full(o)) => {
            for (name, x) in o.properties() {
                out.push(Token::Property(name.as_str().to_string()));
                views(x, out);
            }
            out.push(Token::End(end));
        }
        _ => {}
    }
}

/// The walk through the one-pass reader.
fn events(v: VariantRef<'_>) -> Vec<Token> {
    let mut out = Vec::new();
    let mut events = v.events();
    loop {
        let at = events.offset();
        let Some(event) = events.next() else { break };
        out.push(match event {
            Event::Value(value) => Token::Value(value.ty(), at, fingerprint(&value)),
            Event::Property(name) => Token::Property(name.as_str().to_string()),
            Event::End => Token::End(at),
        });
    }
    assert_eq!(events.depth(), 0);
    assert!(events.next().is_none(), "fused");
    out
}

/// The walk through the visitor: the same tokens, and every depth checked against the
/// iterator's.
fn visited(v: VariantRef<'_>) -> Vec<Token> {
    struct Record<'t> {
        tokens: Vec<Token>,
        depths: &'t [usize],
    }
    impl<'a> Visitor<'a> for Record<'_> {
        type Break = ();
        fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<()> {
            self.check(place.depth);
            let token = Token::Value(value.ty(), place.offset, fingerprint(value));
            self.tokens.push(token);
            ControlFlow::Continue(())
        }
        fn property(&mut self, name: gdvariant::GdStr<'a>, place: Place) -> ControlFlow<()> {
            self.check(place.depth);
            self.tokens.push(Token::Property(name.as_str().to_string()));
            ControlFlow::Continue(())
        }
        fn end(&mut self, place: Place) -> ControlFlow<()> {
            self.check(place.depth);
            self.tokens.push(Token::End(place.offset));
            ControlFlow::Continue(())
        }
    }
    impl Record<'_> {
        fn check(&self, depth: usize) {
            assert_eq!(Some(&depth), self.depths.get(self.tokens.len()), "depth");
        }
    }
    // The depths the iterator reports: open containers before a value or a name; for an
    // end, the container's own depth (one less than before it closes).
    let mut depths = Vec::new();
    let mut events = v.events();
    loop {
        let depth = events.depth();
        let Some(event) = events.next() else { break };
        depths.push(if matches!(event, Event::End) {
            depth - 1
        } else {
            depth
        });
    }
    let mut record = Record {
        tokens: Vec::new(),
        depths: &depths,
    };
    assert_eq!(v.visit(&mut record), ControlFlow::Continue(()));
    record.tokens
}

#[test]
fn events_give_the_nodes_of_the_views_in_order_on_every_fixture() {
    let mut nodes = 0;
    for engine in ["g32", "g36", "g4"] {
        for c in cases(engine) {
            let Ok(v) = VariantRef::parse(c.value_bytes(), c.dialect()) else {
                continue;
            };
            let mut expected = Vec::new();
            views(v, &mut expected);
            assert_eq!(events(v), expected, "{engine}/{}", c.name);
            assert_eq!(visited(v), expected, "{engine}/{}", c.name);
            nodes += expected.len();
        }
    }
    assert!(nodes > 5_000, "only {nodes} events");
}

#[test]
fn offsets_count_from_the_stream_base() {
    // A value read behind a 4-byte prefix: every event's offset is a file offset.
    let c = common::case("g4", "w_dict__stream_put_var");
    let (v, _) = VariantRef::parse_prefix_at(
        &c.file[4..],
        4,
        Dialect::Godot4,
        &gdvariant::ParseOptions::default(),
    )
    .unwrap();
    let mut expected = Vec::new();
    views(v, &mut expected);
    assert_eq!(events(v), expected);
    assert_eq!(visited(v), expected);
    assert!(matches!(expected[0], Token::Value(_, 4, _)));
}

#[test]
fn an_empty_container_still_ends_and_a_leaf_is_one_event() {
    let empty = [28, 0, 0, 0, 0, 0, 0, 0]; // [] in Godot 4
    let v = VariantRef::parse(&empty, Dialect::Godot4).unwrap();
    let got: Vec<_> = v.events().map(|e| matches!(e, Event::End)).collect();
    assert_eq!(got, [false, true]);
    let seven = [2, 0, 0, 0, 7, 0, 0, 0];
    let v = VariantRef::parse(&seven, Dialect::Godot4).unwrap();
    let got: Vec<_> = v.events().collect();
    assert!(matches!(got[..], [Event::Value(Value::Int(7))]));
}

#[test]
fn deep_nesting_is_walked_without_recursion() {
    // 1025 levels: Godot's limit. The reader keeps them on its fixed stack.
    let mut bytes = Vec::new();
    for _ in 0..1024 {
        bytes.extend_from_slice(&[28, 0, 0, 0, 1, 0, 0, 0]);
    }
    bytes.extend_from_slice(&[28, 0, 0, 0, 0, 0, 0, 0]);
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    let (mut opened, mut closed, mut deepest) = (0, 0, 0);
    let mut events = v.events();
    while let Some(e) = events.next() {
        match e {
            Event::Value(_) => opened += 1,
            Event::End => closed += 1,
            Event::Property(_) => unreachable!(),
        }
        deepest = deepest.max(events.depth());
    }
    assert_eq!((opened, closed, deepest), (1025, 1025, 1025));
}

#[test]
fn the_visitor_walks_deep_nesting_and_stops_when_told() {
    let mut bytes = Vec::new();
    for _ in 0..1024 {
        bytes.extend_from_slice(&[28, 0, 0, 0, 1, 0, 0, 0]);
    }
    bytes.extend_from_slice(&[28, 0, 0, 0, 0, 0, 0, 0]);
    let v = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
    // Every level opens and ends; depths run 0..=1024 down and back up.
    struct Count {
        values: usize,
        ends: Vec<usize>,
    }
    impl<'a> Visitor<'a> for Count {
        type Break = std::convert::Infallible;
        fn value(&mut self, _: &Value<'a>, place: Place) -> ControlFlow<Self::Break> {
            assert_eq!(place.depth, self.values);
            assert_eq!(place.offset, 8 * self.values);
            self.values += 1;
            ControlFlow::Continue(())
        }
        fn end(&mut self, place: Place) -> ControlFlow<Self::Break> {
            assert_eq!(
                place.offset,
                8 * 1025,
                "every array ends where the bytes end"
            );
            self.ends.push(place.depth);
            ControlFlow::Continue(())
        }
    }
    let mut count = Count {
        values: 0,
        ends: Vec::new(),
    };
    let _ = v.visit(&mut count);
    assert_eq!(count.values, 1025);
    assert_eq!(count.ends, (0..=1024).rev().collect::<Vec<_>>());

    // A Break stops the walk at once and comes back.
    struct Third(usize);
    impl<'a> Visitor<'a> for Third {
        type Break = usize;
        fn value(&mut self, _: &Value<'a>, place: Place) -> ControlFlow<usize> {
            self.0 += 1;
            if self.0 == 3 {
                ControlFlow::Break(place.offset)
            } else {
                ControlFlow::Continue(())
            }
        }
        fn end(&mut self, _: Place) -> ControlFlow<usize> {
            panic!("no end before the break");
        }
    }
    let mut third = Third(0);
    assert_eq!(v.visit(&mut third), ControlFlow::Break(16));
    assert_eq!(third.0, 3);
}

#[test]
fn for_each_value_sees_every_value_once() {
    let mut total = 0;
    for c in cases("g4") {
        let Ok(v) = VariantRef::parse(c.value_bytes(), c.dialect()) else {
            continue;
        };
        let mut seen = Vec::new();
        v.for_each_value(|value| seen.push(fingerprint(value)));
        let expected: Vec<String> = v
            .events()
            .filter_map(|e| match e {
                Event::Value(value) => Some(fingerprint(&value)),
                _ => None,
            })
            .collect();
        assert_eq!(seen, expected, "{}", c.name);
        total += seen.len();
    }
    assert!(total > 1_000, "{total}");
}
