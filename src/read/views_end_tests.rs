//! Tests of the ends the view iterators learn for the containers they yield without
//! measuring them (`ends.rs`): every view a walk yields has the offset and the exact bytes
//! of the value parsed afresh at that offset, and a container the children count of that
//! value, whether the walk steps by `next` or by the folds (`fast_fold`, what `for_each`
//! runs in release builds), and whatever the walk does with each container it is given:
//! reads it through, skips it, reads part of it, reads it on another thread, measures it
//! first, or reads other bytes that once lived at the same address.
#![allow(clippy::unwrap_used, clippy::indexing_slicing)] // tests: a panic is a failure

use std::collections::HashMap;
use std::format;
use std::vec::Vec;

use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::validate_reference::{fixtures, with_stack, Rng};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::types::Layout;

/// What a walk does with a container it is given.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Read {
    /// Reads every child (recursing).
    All,
    /// Does not look inside.
    Skip,
    /// Reads the first child only, through `next`.
    First,
    /// Reads it through on another thread.
    Thread,
    /// Calls `encoded()` (which measures an open view), then reads it through.
    Measured,
}

/// How a container's children are stepped through.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Next,
    Fold,
}

/// A walk's choices, drawn from `rng` for each container (or always `All`).
struct Walk<'r> {
    rng: Option<&'r mut Rng>,
    step: Step,
}

impl Walk<'_> {
    fn read(&mut self) -> Read {
        let Some(rng) = self.rng.as_deref_mut() else {
            return Read::All;
        };
        match rng.below(8) {
            0 => Read::Skip,
            1 => Read::First,
            2 => Read::Thread,
            3 => Read::Measured,
            _ => Read::All,
        }
    }
}

/// A view a walk was given: where its container is, and its position among the container's
/// values (a Dictionary's keys and values counted alike; `None` for an Object's property
/// values, which have names between them, and for the root).
struct Seen<'a> {
    parent: usize,
    index: Option<usize>,
    view: VariantRef<'a>,
}

/// The views `walk` yields under `value` (itself first, as `seen`), in order.
fn walk<'a>(seen: Seen<'a>, w: &mut Walk<'_>, out: &mut Vec<Seen<'a>>) {
    let value = seen.view;
    out.push(seen);
    let read = w.read();
    if read == Read::Measured {
        let _ = value.encoded();
    }
    if read == Read::Skip {
        return;
    }
    if read == Read::Thread {
        // The whole subtree on another thread (its notes stay there); its views are
        // collected there and checked with the rest.
        let seen = std::thread::scope(|s| {
            let thread = std::thread::Builder::new().stack_size(256 << 20);
            thread
                .spawn_scoped(s, || {
                    let mut seen = Vec::new();
                    let mut all = Walk {
                        rng: None,
                        step: w.step,
                    };
                    children(value, &mut all, &mut seen, usize::MAX);
                    seen
                })
                .unwrap()
                .join()
                .unwrap()
        });
        out.extend(seen);
        return;
    }
    let limit = if read == Read::First { 1 } else { usize::MAX };
    children(value, w, out, limit);
}

/// The children of `value` (up to `limit` of them, by `next` when limited) through `walk`.
fn children<'a>(value: VariantRef<'a>, w: &mut Walk<'_>, out: &mut Vec<Seen<'a>>, limit: usize) {
    let step = if limit == usize::MAX {
        w.step
    } else {
        Step::Next
    };
    let parent = value.offset();
    let mut i = 0;
    let mut each =
        |view: VariantRef<'a>, indexed: bool, w: &mut Walk<'_>, out: &mut Vec<Seen<'a>>| {
            let index = indexed.then_some(i);
            i += 1;
            walk(
                Seen {
                    parent,
                    index,
                    view,
                },
                w,
                out,
            );
        };
    match value.value() {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => match step {
            Step::Next => a
                .iter()
                .take(limit)
                .for_each_by_next(|v| each(v, true, w, out)),
            Step::Fold => a.iter().fast_fold((), |(), v| each(v, true, w, out)),
        },
        Value::Dictionary(d) => match step {
            Step::Next => d.iter().take(limit).for_each_by_next(|(k, v)| {
                each(k, true, w, out);
                each(v, true, w, out);
            }),
            Step::Fold => d.iter().fast_fold((), |(), (k, v)| {
                each(k, true, w, out);
                each(v, true, w, out);
            }),
        },
        Value::Object(ObjectRef::Full(o)) => match step {
            Step::Next => o
                .properties()
                .take(limit)
                .for_each_by_next(|(_, v)| each(v, false, w, out)),
            Step::Fold => o
                .properties()
                .fast_fold((), |(), (_, v)| each(v, false, w, out)),
        },
        _ => {}
    }
}

/// `for_each` through `next` (a `for` loop calls `next`; in release builds `for_each`
/// would run the fold).
trait ByNext: Iterator + Sized {
    fn for_each_by_next(self, mut f: impl FnMut(Self::Item)) {
        for item in self {
            f(item);
        }
    }
}

impl<I: Iterator> ByNext for I {}

/// Each view has the offset, bytes, type, header and children count of the value parsed
/// afresh at its offset in `bytes`, and each value of a container starts where the one
/// before it (parsed afresh) ends. Returns how many containers were checked.
fn check(seen: &[Seen<'_>], bytes: &[u8], dialect: Dialect) -> usize {
    let mut containers = 0;
    let mut ends = HashMap::new();
    for Seen {
        parent,
        index,
        view,
    } in seen
    {
        let at = view.offset();
        let (alone, len) = VariantRef::parse_prefix(&bytes[at..], dialect).unwrap();
        assert_eq!(view.encoded(), &bytes[at..at + len], "at {at}");
        assert_eq!((view.ty(), view.header()), (alone.ty(), alone.header()));
        assert_eq!(view.children().len(), alone.children().len(), "at {at}");
        // A value that holds no others decodes as the fresh one (from its header).
        if !matches!(
            alone.ty().layout(),
            Layout::Array | Layout::Dictionary | Layout::TypedArray | Layout::Object
        ) {
            assert_eq!(
                format!("{:?}", view.value()),
                format!("{:?}", alone.value())
            );
        }
        containers += usize::from(alone.children().len() > 0);
        if let Some(index) = index {
            assert_eq!(ends.insert((*parent, *index), at + len), None);
        }
    }
    for Seen {
        parent,
        index,
        view,
    } in seen
    {
        if let Some(before) = index.and_then(|i| i.checked_sub(1)) {
            assert_eq!(
                ends.get(&(*parent, before)),
                Some(&view.offset()),
                "in {parent}"
            );
        }
    }
    containers
}

/// Walks `bytes` every way (plain, and with choices drawn from `rng`) and checks every
/// view; returns how many containers were checked, `None` if it does not parse.
fn walks(bytes: &[u8], dialect: Dialect, rng: &mut Rng) -> Option<usize> {
    let root = VariantRef::parse(bytes, dialect).ok()?;
    let mut containers = 0;
    for step in [Step::Next, Step::Fold] {
        for random in [false, true] {
            let mut w = Walk {
                rng: random.then_some(&mut *rng),
                step,
            };
            let mut seen = Vec::new();
            walk(
                Seen {
                    parent: usize::MAX,
                    index: None,
                    view: root,
                },
                &mut w,
                &mut seen,
            );
            containers += check(&seen, bytes, dialect);
        }
    }
    Some(containers)
}

#[test]
fn every_fixture_every_way() {
    with_stack(|| {
        let mut rng = Rng(0xe4d5);
        let mut containers = 0;
        for (bytes, dialect) in fixtures() {
            containers += walks(&bytes, dialect, &mut rng).unwrap_or(0);
        }
        assert!(containers > 1000, "{containers}");
    });
}

/// Appends a random Godot 4 value nested up to `depth` more levels: nil, bools, 32- and
/// 64-bit ints and floats, strings, a Vector2, typed and untyped arrays and dictionaries
/// (keys of any kind, containers too), from empty to a few dozen children.
fn generate(rng: &mut Rng, depth: u32, out: &mut Vec<u8>) {
    let word = |out: &mut Vec<u8>, w: u32| out.extend_from_slice(&w.to_le_bytes());
    let kinds = if depth == 0 { 6 } else { 9 };
    match rng.below(kinds) {
        0 => word(out, 0),
        1 => {
            word(out, 2);
            word(out, rng.next() as u32);
        }
        2 => {
            word(out, 2 | 1 << 16);
            out.extend_from_slice(&rng.next().to_le_bytes());
        }
        3 => {
            word(out, 3);
            word(out, 0x3f80_0000);
        }
        4 => {
            let n = rng.below(10);
            word(out, 4);
            word(out, n as u32);
            out.extend((0..n).map(|i| b'a' + (i % 26) as u8));
            out.resize(out.len() + (4 - n % 4) % 4, 0);
        }
        5 => match rng.below(3) {
            0 => {
                // Vector2
                word(out, 5);
                out.extend_from_slice(&[0; 8]);
            }
            1 => {
                // A 64-bit float
                word(out, 3 | 1 << 16);
                out.extend_from_slice(&(rng.next() as f64).to_le_bytes());
            }
            _ => {
                // bool
                word(out, 1);
                word(out, rng.below(2) as u32);
            }
        },
        kind => {
            let n = match rng.below(4) {
                0 => 0,
                1 => rng.below(3),
                2 => rng.below(8),
                _ => rng.below(40),
            };
            match kind {
                6 => {
                    word(out, 27);
                    word(out, n as u32);
                    for _ in 0..2 * n {
                        generate(rng, depth - 1, out);
                    }
                }
                7 => {
                    word(out, 28);
                    word(out, n as u32);
                    for _ in 0..n {
                        generate(rng, depth - 1, out);
                    }
                }
                _ => {
                    // Array[int]: a builtin element type, then the count.
                    word(out, 28 | 1 << 16);
                    word(out, 2);
                    word(out, n as u32);
                    for _ in 0..n {
                        word(out, 2);
                        word(out, rng.next() as u32);
                    }
                }
            }
        }
    }
}

#[test]
fn generated_nesting_every_way() {
    with_stack(|| {
        let mut rng = Rng(0x5eed);
        let mut containers = 0;
        for i in 0..300 {
            let mut bytes = Vec::new();
            generate(&mut rng, 1 + i % 6, &mut bytes);
            containers += walks(&bytes, Dialect::Godot4, &mut rng).unwrap();
        }
        assert!(containers > 2000, "{containers}");
    });
}

/// A note left by a walk over other bytes that lived at the same address (the same
/// buffer, rewritten) is not believed: a fold that skips a container measures it.
#[test]
fn a_note_about_earlier_bytes_at_the_same_address_is_not_believed() {
    let word = |out: &mut Vec<u8>, w: u32| out.extend_from_slice(&w.to_le_bytes());
    // [[1, 2], 7] and [[1], 7, 8]: the inner array at offset 8 in both, 8 bytes shorter
    // in the second.
    let mut first = Vec::new();
    for w in [28, 2, 28, 2, 2, 1, 2, 2, 2, 7] {
        word(&mut first, w);
    }
    let mut second = Vec::new();
    for w in [28, 3, 28, 1, 2, 1, 2, 7, 2, 8] {
        word(&mut second, w);
    }
    assert_eq!(first.len(), second.len());
    let mut buf = first.clone();
    for step in [Step::Next, Step::Fold] {
        buf.copy_from_slice(&first);
        {
            // The inner array read through on its own: the last note is its end (offset 24).
            let (inner, _) = VariantRef::parse_prefix(&buf[8..], Dialect::Godot4).unwrap();
            let Value::Array(a) = inner.value() else {
                panic!()
            };
            assert_eq!(a.iter().fast_fold(0, |n, _| n + 1), 2);
        }
        // The same allocation, other bytes.
        buf.copy_from_slice(&second);
        let root = VariantRef::parse(&buf, Dialect::Godot4).unwrap();
        let mut views = Vec::new();
        // The root's children stepped through without reading the inner array.
        let Value::Array(a) = root.value() else {
            panic!()
        };
        match step {
            Step::Next => a.iter().for_each_by_next(|v| views.push(v)),
            Step::Fold => a.iter().fast_fold((), |(), v| views.push(v)),
        }
        let offsets: Vec<usize> = views.iter().map(VariantRef::offset).collect();
        assert_eq!(offsets, [8, 24, 32], "{step:?}");
        assert_eq!(views[1].as_int(), Some(7));
        assert_eq!(views[2].as_int(), Some(8));
        let mut seen = Vec::new();
        let mut w = Walk { rng: None, step };
        let root = Seen {
            parent: usize::MAX,
            index: None,
            view: root,
        };
        walk(root, &mut w, &mut seen);
        check(&seen, &buf, Dialect::Godot4);
    }
}
