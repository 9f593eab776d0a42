//! The printed key order of many random dictionaries against a plain reference: a stable
//! sort of the pairs by the engine's order of their keys (type rank, String and
//! StringName together by text in Godot 4, then the value; bytes of the UTF-8 text for
//! strings), each pair printed as its key and value print alone. Covers the sort of
//! prefixes, the breaking of ties between equal 8-byte prefixes, the merge sort of mixed
//! keys, and the rendering of pairs while they are noted.

#![allow(clippy::indexing_slicing)] // a test: a panic is a failure

use std::cmp::Ordering;
use std::collections::BTreeSet;
use std::format;
use std::string::{String, ToString};
use std::vec;
use std::vec::Vec;

use super::style::TextStyle;
use crate::owned::Variant;
use crate::wire::dialect::Dialect;

/// A key of one of the types whose engine order is total when mixed.
#[derive(Clone, Debug)]
enum Key {
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Name(String),
}

impl Key {
    /// The engine's type order, with String and StringName together.
    fn rank(&self) -> u8 {
        match self {
            Key::Bool(_) => 1,
            Key::Int(_) => 2,
            Key::Float(_) => 3,
            Key::Str(_) | Key::Name(_) => 4,
        }
    }

    fn variant(&self) -> Variant {
        match self {
            Key::Bool(b) => Variant::Bool(*b),
            Key::Int(n) => Variant::Int(*n),
            Key::Float(x) => Variant::Float(*x),
            Key::Str(s) => Variant::from(s.as_str()),
            Key::Name(s) => Variant::StringName(s.as_str().into()),
        }
    }

    /// What makes two keys the same key of a generated dictionary.
    fn identity(&self) -> String {
        format!("{self:?}")
    }
}

/// The reference order.
fn reference(a: &Key, b: &Key) -> Ordering {
    a.rank().cmp(&b.rank()).then_with(|| match (a, b) {
        (Key::Bool(p), Key::Bool(q)) => p.cmp(q),
        (Key::Int(p), Key::Int(q)) => p.cmp(q),
        (Key::Float(p), Key::Float(q)) => p.partial_cmp(q).unwrap_or(Ordering::Equal),
        (Key::Str(p) | Key::Name(p), Key::Str(q) | Key::Name(q)) => p.as_bytes().cmp(q.as_bytes()),
        _ => Ordering::Equal,
    })
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A random text over a few pieces (ASCII, two- and three-byte characters), possibly
/// empty, possibly after a long shared start.
fn text(r: &mut Rng) -> String {
    const PIECES: [&str; 8] = ["a", "b", "z", "_", "0", "9", "é", "日"];
    let mut s = String::new();
    if r.below(3) == 0 {
        s.push_str("shared_start_of_keys_");
    }
    for _ in 0..r.below(14) {
        s.push_str(PIECES[r.below(PIECES.len() as u64) as usize]);
    }
    s
}

/// A key of the dictionary's `style` of keys.
fn key(r: &mut Rng, style: u64, i: usize, godot4: bool) -> Key {
    let name = |s: String, r: &mut Rng| {
        if godot4 && r.below(2) == 0 {
            Key::Name(s)
        } else {
            Key::Str(s)
        }
    };
    match style {
        0 => Key::Str(format!("key_{:05}", r.below(100_000))),
        1 => Key::Str(format!("k{i}")),
        2 => Key::Str(text(r)),
        3 => Key::Int(r.next() as i64 >> r.below(64)),
        4 => Key::Int(r.below(50) as i64 - 25),
        5 => {
            let s = text(r);
            name(s, r)
        }
        _ => match r.below(6) {
            0 => Key::Bool(r.below(2) == 0),
            1 => Key::Int(r.below(20) as i64 - 10),
            2 => Key::Float(r.below(20) as f64 / 2.0 - 5.0),
            3 => Key::Str(text(r)),
            _ => {
                let s = text(r);
                name(s, r)
            }
        },
    }
}

/// A value: leaves that are rendered when noted and others that are not.
fn value(r: &mut Rng, godot4: bool) -> Variant {
    match r.below(10) {
        0 => Variant::Int(r.below(1000) as i64),
        1 => Variant::Float(r.below(100) as f64 / 4.0),
        2 => Variant::from(text(r).as_str()),
        3 => Variant::from("long \" text ".repeat(30).as_str()),
        4 => Variant::dictionary(vec![
            (Variant::from("x"), Variant::Int(1)),
            (Variant::from("b"), Variant::from("y")),
        ]),
        5 => Variant::dictionary(vec![(Variant::from("inner"), Variant::array(vec![]))]),
        6 => Variant::array(vec![Variant::Int(1), Variant::from("x")]),
        7 => Variant::from(vec![1i32, 2, 3]),
        8 => Variant::dictionary(vec![]),
        _ if godot4 => Variant::StringName("sn".into()),
        _ => Variant::Bool(true),
    }
}

#[test]
fn printed_key_order_is_a_stable_sort_by_the_engines_order() {
    let mut r = Rng(0x5DEE_CE66_D1CE_5EED);
    let mut checked = 0;
    for round in 0..700 {
        let (dialect, style) = if round % 4 == 3 {
            (Dialect::Godot3, TextStyle::for_dialect(Dialect::Godot3))
        } else {
            (Dialect::Godot4, TextStyle::Godot4)
        };
        let godot4 = dialect == Dialect::Godot4;
        let n = match round % 10 {
            0 => 200 + r.below(2000) as usize,
            _ => r.below(24) as usize,
        };
        let kind = r.below(7);
        let mut seen = BTreeSet::new();
        let mut pairs: Vec<(Key, Variant)> = Vec::new();
        for i in 0..n {
            let k = key(&mut r, kind, i, godot4);
            if seen.insert(k.identity()) {
                pairs.push((k, value(&mut r, godot4)));
            }
        }
        let dict = Variant::dictionary(
            pairs
                .iter()
                .map(|(k, v)| (k.variant(), v.clone()))
                .collect(),
        );
        let ours = dict.text(style).to_string();
        let mut sorted: Vec<&(Key, Variant)> = pairs.iter().collect();
        sorted.sort_by(|a, b| reference(&a.0, &b.0));
        let body: Vec<String> = sorted
            .iter()
            .map(|(k, v)| format!("{}: {}", k.variant().text(style), v.text(style)))
            .collect();
        let expected = if pairs.is_empty() {
            Variant::dictionary(vec![]).text(style).to_string()
        } else {
            format!("{{\n{}\n}}", body.join(",\n"))
        };
        assert!(!ours.starts_with("<invalid"), "round {round}: {ours}");
        assert_eq!(ours, expected, "round {round}, {n} keys of kind {kind}");
        checked += pairs.len();
    }
    assert!(checked > 50_000, "{checked}");
}
