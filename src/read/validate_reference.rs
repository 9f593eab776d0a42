//! Tests of the validator against the walk it replaced (kept here as the reference): the
//! same result, error kind and offset on every fixture and on mutants of them, under
//! every limit and mode.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure

use std::path::Path;
use std::vec::Vec;

use crate::read::node::node;
use crate::read::options::{Limits, ParseOptions, GODOT_MAX_DEPTH};
use crate::read::validate::validate;
use crate::read::walk::{Frame, Stack, Step, Walk};
use crate::wire::cursor::Cursor;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;

/// The reference: the validator before it read the frequent nodes inline and checked the
/// depth only when a container opens (every node counted and depth-checked as entered).
mod old {
    use super::*;

    const SEGMENT: usize = 128;

    struct Shared<'o> {
        dialect: Dialect,
        options: &'o ParseOptions,
        budget: Budget,
    }

    #[derive(Clone, Copy)]
    struct Budget {
        max_depth: usize,
        max_nodes: u64,
        nodes: u64,
    }

    impl Budget {
        fn enter(&mut self, cur: &Cursor<'_>, depth: usize) -> Result<(), Error> {
            if depth > self.max_depth {
                return Err(cur.error_here(ErrorKind::TooDeep));
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes {
                return Err(cur.error_here(ErrorKind::TooManyNodes));
            }
            Ok(())
        }
    }

    pub(super) fn validate(
        data: &[u8],
        base: usize,
        dialect: Dialect,
        options: &ParseOptions,
    ) -> Result<usize, Error> {
        let mut cur = Cursor::new(data, base);
        let mut shared = Shared {
            dialect,
            options,
            budget: Budget {
                max_depth: usize::from(options.limits.max_depth.min(GODOT_MAX_DEPTH)),
                max_nodes: options.limits.max_nodes,
                nodes: 0,
            },
        };
        shared.budget.enter(&cur, 0)?;
        let root = node::<true>(&mut cur, dialect, options)?;
        if root.steps > 0 {
            children(&mut cur, &mut shared, root, 1)?;
        }
        Ok(cur.pos())
    }

    fn children(
        outer: &mut Cursor<'_>,
        shared: &mut Shared<'_>,
        first: Frame,
        depth: usize,
    ) -> Result<(), Error> {
        let mut cur = *outer;
        let (dialect, options) = (shared.dialect, shared.options);
        let mut budget = shared.budget;
        let mut stack = Stack::<SEGMENT>::new();
        let mut walk = Walk::new(first);
        loop {
            match walk.step() {
                Step::End => {
                    if !walk.close(&stack) {
                        *outer = cur;
                        shared.budget = budget;
                        return Ok(());
                    }
                }
                Step::Name => {
                    let name = cur.string::<true>()?;
                    if dialect.script_is_path() && godot_view(name) == b"script" {
                        let mut peek = cur;
                        let id = peek.u32()? & 0xFF;
                        if id != VariantType::Nil as u32 && id != VariantType::String as u32 {
                            return Err(cur.error_here(ErrorKind::InvalidScriptProperty));
                        }
                    }
                }
                Step::Value => {
                    let node_depth = depth + walk.saved();
                    budget.enter(&cur, node_depth)?;
                    let grandchildren = node::<true>(&mut cur, dialect, options)?;
                    if grandchildren.steps > 0 && !walk.open(grandchildren, &mut stack) {
                        shared.budget = budget;
                        children(&mut cur, shared, grandchildren, node_depth + 1)?;
                        budget = shared.budget;
                    }
                }
            }
        }
    }
}

/// SplitMix64: the same mutants every run.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// Runs `test` on a thread with room for the tests' recursive walks through deep nesting
/// (1,025 levels and more) in a debug build, whose frames are large.
pub(crate) fn with_stack(test: fn()) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(test)
        .unwrap()
        .join()
        .unwrap();
}

/// Every `.bin` fixture up to 64 KiB with its dialect (by directory).
pub(crate) fn fixtures() -> Vec<(Vec<u8>, Dialect)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let dirs: [(&str, Dialect); 9] = [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
        ("containers/g32", Dialect::Godot3),
        ("containers/g36", Dialect::Godot3),
        ("containers/g4", Dialect::Godot4),
        ("pandemonium/pma", Dialect::PandemoniumA),
        ("pandemonium/pmb", Dialect::PandemoniumB),
        ("pandemonium/pmc", Dialect::PandemoniumC),
    ];
    let mut out = Vec::new();
    for (dir, dialect) in dirs {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut paths: Vec<_> = entries.map(|e| e.unwrap().path()).collect();
        paths.sort();
        for path in paths {
            if path.extension().is_some_and(|e| e == "bin") {
                let bytes = std::fs::read(&path).unwrap();
                if bytes.len() <= 64 << 10 {
                    out.push((bytes, dialect));
                }
            }
        }
    }
    out
}

/// Values nested `n` deep: Arrays, Dictionaries (under a key) and full Objects (under a
/// property) in turn, an int at the bottom; Godot 4.
fn nested(n: usize, script: bool) -> Vec<u8> {
    let word = |out: &mut Vec<u8>, w: u32| out.extend_from_slice(&w.to_le_bytes());
    let mut out = Vec::new();
    for level in 0..n {
        match level % 3 {
            0 => {
                word(&mut out, 28);
                word(&mut out, 1);
            }
            1 => {
                word(&mut out, 27);
                word(&mut out, 1);
                word(&mut out, 2); // the key: an int
                word(&mut out, level as u32);
            }
            _ => {
                word(&mut out, 24); // Object, class "N", one property
                word(&mut out, 1);
                out.extend_from_slice(b"N\0\0\0");
                word(&mut out, 1);
                let name: &[u8] = if script { b"script\0\0" } else { b"p\0\0\0" };
                word(&mut out, if script { 6 } else { 1 });
                out.extend_from_slice(name);
            }
        }
    }
    word(&mut out, 2);
    word(&mut out, 7);
    out
}

/// The options compared: defaults, strict, objects refused, and small depth and node
/// limits.
fn options() -> Vec<ParseOptions> {
    let mut out = Vec::new();
    for strict in [false, true] {
        for allow in [true, false] {
            let limits = Limits::new().allow_full_objects(allow);
            out.push(ParseOptions::new().limits(limits).strict(strict));
        }
    }
    let allow = Limits::new().allow_full_objects(true);
    for depth in [0u16, 1, 2, 3, 5, 128, 129, 300] {
        out.push(ParseOptions::new().limits(allow.max_depth(depth)));
    }
    for nodes in [0u64, 1, 2, 3, 7, 50, 1000] {
        out.push(ParseOptions::new().limits(allow.max_nodes(nodes)));
    }
    out.push(ParseOptions::new().limits(allow.max_nodes(40).max_depth(2)));
    out
}

/// A mutant of `bytes`: a bit flip, a byte or word set to an edge value, a truncation.
pub(crate) fn mutate(bytes: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut out = bytes.to_vec();
    if out.is_empty() {
        return out;
    }
    let at = rng.below(out.len());
    match rng.below(6) {
        0 => out[at] ^= 1 << rng.below(8),
        1 => out[at] = [0, 1, 2, 3, 4, 0x7f, 0x80, 0xc3, 0xff][rng.below(9)],
        2 => out.truncate(at),
        3 => {
            let at = at & !3;
            let edge: [u32; 9] = [0, 1, 2, 3, 8, 0x7fff_ffff, 0x8000_0000, 0x8000_0001, !0];
            let w = edge[rng.below(edge.len())];
            for (i, b) in w.to_le_bytes().iter().enumerate() {
                if let Some(slot) = out.get_mut(at + i) {
                    *slot = *b;
                }
            }
        }
        4 => {
            let at = at & !3;
            let w = out
                .get(at..at + 4)
                .map(|b| u32::from_le_bytes(b.try_into().unwrap()));
            if let Some(w) = w {
                let w = w.wrapping_add([1, !0, 4, !3][rng.below(4)]);
                out[at..at + 4].copy_from_slice(&w.to_le_bytes());
            }
        }
        _ => {
            let at = at & !3;
            if at + 4 <= out.len() {
                out.drain(at..at + 4);
            }
        }
    }
    out
}

fn same(bytes: &[u8], dialect: Dialect, options: &ParseOptions) -> usize {
    let base = 1000;
    let new = validate(bytes, base, dialect, options);
    let old = old::validate(bytes, base, dialect, options);
    assert_eq!(new, old, "{dialect:?} {options:?} {bytes:02x?}");
    usize::from(new.is_err())
}

#[test]
fn fixtures_and_mutants_validate_as_before() {
    let fixtures = fixtures();
    assert!(fixtures.len() > 300, "{} fixtures", fixtures.len());
    let options = options();
    let mut rng = Rng(0x5eed);
    let (mut cases, mut errors) = (0usize, 0usize);
    for (bytes, dialect) in &fixtures {
        for options in &options {
            errors += same(bytes, *dialect, options);
            cases += 1;
        }
        for _ in 0..40 {
            let mut mutant = mutate(bytes, &mut rng);
            if rng.below(3) == 0 {
                mutant = mutate(&mutant, &mut rng);
            }
            let options = &options[rng.below(options.len())];
            errors += same(&mutant, *dialect, options);
            cases += 1;
        }
        // Every cut of the small ones.
        if bytes.len() <= 256 {
            for cut in 0..bytes.len() {
                errors += same(&bytes[..cut], *dialect, &options[0]);
                cases += 1;
            }
        }
    }
    // Both kinds of result are compared in numbers.
    assert!(
        errors > cases / 10 && errors < cases * 9 / 10,
        "{errors} of {cases}"
    );
}

#[test]
fn deep_values_validate_as_before() {
    for n in [
        0, 1, 2, 3, 4, 126, 127, 128, 129, 130, 255, 256, 257, 1023, 1024, 1025, 1026,
    ] {
        for script in [false, true] {
            let bytes = nested(n, script);
            for options in options() {
                same(&bytes, Dialect::Godot4, &options);
                same(&bytes[..bytes.len() - 4], Dialect::Godot4, &options);
            }
        }
    }
    // Parsed with the defaults, 1024 levels are accepted and 1025 are not.
    let ok = validate(
        &nested(1024, false),
        0,
        Dialect::Godot4,
        &ParseOptions::new(),
    );
    assert_eq!(ok.map(|_| ()), Ok(()));
    let deep = validate(
        &nested(1025, false),
        0,
        Dialect::Godot4,
        &ParseOptions::new(),
    );
    assert_eq!(deep.map_err(|e| e.kind()), Err(ErrorKind::TooDeep));
}
