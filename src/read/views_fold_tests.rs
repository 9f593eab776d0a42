//! The view iterators' folds (`fast_fold`, what `for_each`, `fold`, … run in release
//! builds: `Values::fold_values`, `fold_pairs`, `fold_named`, with the String-key fast path
//! and offsets from addresses) against their `next` (the general path), on every fixture and on mutants that still parse: the same
//! children, with the same bytes, offsets, headers, types, shapes and decoded values, in
//! every mix of the two and at every base (up to one whose offsets saturate).
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]
// tests: a panic is a failure
// `while let … = iter.next()`: the general path, spelled out (a `for` loop over the
// iterator would be the same calls, less plainly).
#![allow(clippy::while_let_on_iterator)]

use std::collections::BTreeSet;
use std::format;
use std::string::String;
use std::vec::Vec;

use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::options::ParseOptions;
use crate::read::validate_reference::{fixtures, mutate, with_stack, Rng};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// Everything a view says about itself, as text (the open ones measured).
fn describe(view: &VariantRef<'_>) -> String {
    format!(
        "{} {:?} {:#x} {:?} {:?} {:?} {:02x?} {:?}",
        view.offset(),
        view.ty(),
        view.header(),
        view.dialect(),
        view.shape(),
        view.meta(),
        view.encoded(),
        view.value()
    )
}

/// How a walk steps through each container's children.
#[derive(Clone, Copy, PartialEq)]
enum How {
    /// `next` only (the general path).
    Next,
    /// `Iterator::fold`: the override that calls the fast fold in release builds (run by
    /// `cargo test --release --lib`, as CI does), the default loop in debug builds.
    Fold,
    /// `next` for the first `n` children (not reading them), then the fast fold for the
    /// rest.
    Mixed(usize),
}

/// The views a recursive walk yields, described, in order.
fn walk(view: VariantRef<'_>, how: How, out: &mut Vec<String>) {
    out.push(describe(&view));
    match view.value() {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            let mut items = a.iter();
            match how {
                How::Next => {
                    while let Some(item) = items.next() {
                        walk(item, how, out);
                    }
                }
                How::Fold => items.fold((), |(), item| walk(item, how, out)),
                How::Mixed(n) => {
                    // The first ones skipped unread: the fold starts after an open one.
                    for _ in 0..n {
                        if let Some(item) = items.next() {
                            out.push(describe(&item));
                        }
                    }
                    items.fast_fold((), |(), item| walk(item, how, out));
                }
            }
        }
        Value::Dictionary(d) => {
            let mut pairs = d.iter();
            let each = |(k, v): (VariantRef<'_>, VariantRef<'_>), out: &mut Vec<String>| {
                walk(k, how, out);
                walk(v, how, out);
            };
            match how {
                How::Next => {
                    while let Some(pair) = pairs.next() {
                        each(pair, out);
                    }
                }
                How::Fold => pairs.fold((), |(), pair| each(pair, out)),
                How::Mixed(n) => {
                    for _ in 0..n {
                        if let Some((k, v)) = pairs.next() {
                            out.push(describe(&k));
                            out.push(describe(&v));
                        }
                    }
                    pairs.fast_fold((), |(), pair| each(pair, out));
                }
            }
        }
        Value::Object(ObjectRef::Full(o)) => {
            let mut properties = o.properties();
            match how {
                How::Next => {
                    while let Some((name, v)) = properties.next() {
                        out.push(format!("{name:?}"));
                        walk(v, how, out);
                    }
                }
                How::Fold => properties.fold((), |(), (name, v)| {
                    out.push(format!("{name:?}"));
                    walk(v, how, out);
                }),
                How::Mixed(n) => {
                    for _ in 0..n {
                        if let Some((name, v)) = properties.next() {
                            out.push(format!("{name:?}"));
                            out.push(describe(&v));
                        }
                    }
                    properties.fast_fold((), |(), (name, v)| {
                        out.push(format!("{name:?}"));
                        walk(v, how, out);
                    });
                }
            }
        }
        _ => {}
    }
}

/// The walks of `bytes` (if it parses at `base`) by `next`, by the folds and mixed agree.
/// Returns whether it parsed.
fn same_walks(bytes: &[u8], dialect: Dialect, base: usize) -> bool {
    let Ok((root, _)) = VariantRef::parse_prefix_at(bytes, base, dialect, &ParseOptions::new())
    else {
        return false;
    };
    let mut by_next = Vec::new();
    walk(root, How::Next, &mut by_next);
    for how in [How::Fold, How::Mixed(1), How::Mixed(2)] {
        let mut other = Vec::new();
        walk(root, how, &mut other);
        if how == How::Fold {
            assert_eq!(other, by_next, "{dialect:?} base {base} {bytes:02x?}");
        } else {
            // The mixed walks describe the skipped children without their insides.
            let all: BTreeSet<&String> = by_next.iter().collect();
            assert!(other.len() <= by_next.len());
            assert!(other.iter().all(|line| all.contains(line)), "{bytes:02x?}");
        }
    }
    // The iterators' own counts and folds agree with `next`.
    if let Value::Dictionary(d) = root.value() {
        assert_eq!(d.iter().count(), d.iter().by_ref().map(|_| ()).count());
        assert_eq!(d.iter().count(), d.len());
        let folded = d.iter().fast_fold(Vec::new(), |mut seen, (k, _)| {
            seen.push(k.offset());
            seen
        });
        let stepped: Vec<_> = d.iter().by_ref().map(|(k, _)| k.offset()).collect();
        assert_eq!(folded, stepped);
    }
    true
}

/// Every fixture and 40 mutants of each: the folds yield what `next` yields.
#[test]
fn folds_agree_with_next_on_fixtures_and_mutants() {
    with_stack(fixtures_and_mutants);
}

fn fixtures_and_mutants() {
    let fixtures = fixtures();
    assert!(fixtures.len() > 300, "{} fixtures", fixtures.len());
    let mut rng = Rng(0xf01d);
    let (mut parsed, mut mutants) = (0usize, 0usize);
    for (bytes, dialect) in &fixtures {
        parsed += usize::from(same_walks(bytes, *dialect, 0));
        for _ in 0..40 {
            let mutant = mutate(bytes, &mut rng);
            mutants += usize::from(same_walks(&mutant, *dialect, 0));
        }
    }
    assert!(parsed > 300 && mutants > 1000, "{parsed} {mutants}");
}

/// At a base whose offsets pass `usize::MAX` (they saturate), the folds step by `next`:
/// the same offsets. And at bases around it.
#[test]
fn folds_agree_with_next_at_every_base() {
    with_stack(every_base);
}

fn every_base() {
    let mut seen = 0;
    for (bytes, dialect) in fixtures().iter().take(400) {
        for base in [
            1,
            4096,
            usize::MAX / 2,
            usize::MAX - bytes.len(),
            usize::MAX - bytes.len() / 2,
            usize::MAX - 3,
            usize::MAX,
        ] {
            seen += usize::from(same_walks(bytes, *dialect, base));
        }
    }
    assert!(seen > 1000, "{seen}");
}

/// Dictionaries with keys of every kind (the String fast path and the others) and
/// containers as keys and values, each cut short at every length.
#[test]
fn folds_agree_with_next_on_every_key_kind() {
    // Godot 4: {"a": 1, 2: [3], 1.5: "b", &"sn": {}, [4]: null, {}: Vector2(0, 0)}
    let mut b = Vec::new();
    let word = |b: &mut Vec<u8>, w: u32| b.extend_from_slice(&w.to_le_bytes());
    word(&mut b, 27);
    word(&mut b, 6);
    for (ty, w) in [(4u32, 1u32), (2, 1)] {
        word(&mut b, ty);
        word(&mut b, w);
        if ty == 4 {
            b.extend_from_slice(b"a\0\0\0");
        }
        // values: 1, then [3]
        if ty == 4 {
            word(&mut b, 2);
            word(&mut b, 1);
        } else {
            word(&mut b, 28);
            word(&mut b, 1);
            word(&mut b, 2);
            word(&mut b, 3);
        }
    }
    word(&mut b, 3);
    b.extend_from_slice(&1.5f32.to_le_bytes());
    word(&mut b, 4);
    word(&mut b, 1);
    b.extend_from_slice(b"b\0\0\0");
    word(&mut b, 21);
    word(&mut b, 2);
    b.extend_from_slice(b"sn\0\0");
    word(&mut b, 27);
    word(&mut b, 0);
    word(&mut b, 28);
    word(&mut b, 1);
    word(&mut b, 2);
    word(&mut b, 4);
    word(&mut b, 0);
    word(&mut b, 27);
    word(&mut b, 0);
    word(&mut b, 5);
    word(&mut b, 0);
    word(&mut b, 0);
    assert!(same_walks(&b, Dialect::Godot4, 0));
    for cut in 0..b.len() {
        same_walks(&b[..cut], Dialect::Godot4, 0);
    }
}
