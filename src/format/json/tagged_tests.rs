//! The compact walk against independent references: the pretty walk with its whitespace
//! taken out, on every engine fixture (alone and gathered in an Array and a Dictionary);
//! and a reference writer of this file's own, on random Dictionaries whose keys have
//! every length from 0 to 40 (the short-key window is 16 bytes) and plain ASCII, escapes,
//! control characters and non-ASCII text, with ints, floats and strings as values.

#![allow(clippy::indexing_slicing, clippy::unwrap_used)] // tests: a panic is a failure
use super::*;
use crate::write::Builder;
use alloc::string::String;
use std::path::PathBuf;

/// `json` without the whitespace outside its strings.
fn minified(json: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(json.len());
    let (mut in_string, mut escaped) = (false, false);
    for &b in json {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b' ' || b == b'\n' {
            continue;
        }
        out.push(b);
    }
    out
}

fn write(value: VariantRef<'_>, pretty: bool) -> Vec<u8> {
    let mut out = Vec::new();
    write_serial(&mut out, value, pretty).unwrap();
    out
}

/// Every fixture value of one engine folder, re-encoded alone, and all of them gathered in
/// an Array and as the keys and values of a Dictionary.
fn fixture_values(folder: &str, dialect: Dialect) -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "bin"))
        .collect();
    names.sort();
    let mut values = Vec::new();
    for path in names {
        let bytes = std::fs::read(&path).unwrap();
        if let Ok((value, _)) = VariantRef::parse_prefix(&bytes, dialect) {
            let mut out = Vec::new();
            if Builder::new(&mut out, dialect).value(value).is_ok() {
                values.push(out);
            }
        }
    }
    assert!(values.len() > 20, "{folder}: {} values", values.len());
    let shallow: Vec<VariantRef<'_>> = values
        .iter()
        .filter(|v| v.len() < 1 << 16)
        .map(|v| VariantRef::parse(v, dialect).unwrap())
        .collect();
    let mut gathered = Vec::new();
    let mut out = Vec::new();
    let mut array = Builder::new(&mut out, dialect).array().unwrap();
    for v in &shallow {
        array.push().value(*v).unwrap();
    }
    array.finish().unwrap();
    gathered.push(out);
    let mut out = Vec::new();
    let mut dict = Builder::new(&mut out, dialect).dictionary().unwrap();
    let n = shallow.len();
    for (i, v) in shallow.iter().enumerate() {
        dict.entry_with(|k| k.value(shallow[(i * 7 + 3) % n]))
            .value(*v)
            .unwrap();
    }
    dict.finish().unwrap();
    gathered.push(out);
    values.extend(gathered);
    values
}

#[test]
fn compact_is_pretty_without_its_whitespace_on_every_fixture() {
    let mut checked = 0;
    for (folder, dialect) in [
        ("g32", Dialect::Godot3),
        ("g36", Dialect::Godot3),
        ("g4", Dialect::Godot4),
        ("pandemonium/pma", Dialect::PandemoniumA),
        ("pandemonium/pmb", Dialect::PandemoniumB),
        ("pandemonium/pmc", Dialect::PandemoniumC),
    ] {
        for bytes in fixture_values(folder, dialect) {
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            let compact = write(value, false);
            let pretty = write(value, true);
            assert_eq!(
                String::from_utf8(minified(&pretty)).unwrap(),
                String::from_utf8(compact).unwrap(),
                "{folder}"
            );
            checked += 1;
        }
    }
    assert!(checked > 120, "{checked}");
}

/// A small deterministic generator (xorshift).
pub(super) struct Rng(pub(super) u64);

impl Rng {
    pub(super) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A key or string of `len` bytes: plain ASCII, or with escapes, control characters and
/// non-ASCII characters mixed in (a multi-byte character may make it a little longer).
fn text(rng: &mut Rng, len: usize) -> String {
    const PIECES: [&str; 10] = [
        "\"", "\\", "\n", "\t", "\u{1}", "\u{1f}", "\u{7f}", "é", "€", "😀",
    ];
    let flavour = rng.below(3);
    let mut s = String::new();
    while s.len() < len {
        if flavour > 0 && rng.below(6) == 0 {
            s.push_str(PIECES[rng.below(PIECES.len() as u64) as usize]);
        } else {
            s.push(char::from(b' ' + rng.below(95) as u8));
        }
    }
    s
}

/// A value of a random Dictionary, and its JSON written by the reference writer.
enum Item {
    Int(i64),
    Float(f64),
    Str(String),
}

/// The reference string escape: `"`, `\`, `\n`, `\r`, `\t` by name, other control
/// characters as `\u00XX`, everything else as it is.
fn reference_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => out.push_str(&alloc::format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

fn reference_item(out: &mut String, item: &Item) {
    match item {
        Item::Int(n) => out.push_str(&alloc::format!("{n}")),
        Item::Float(x) if x.is_nan() => out.push_str("{\"float\":\"nan\"}"),
        Item::Float(x) if x.is_infinite() => out.push_str(if *x > 0.0 {
            "{\"float\":\"inf\"}"
        } else {
            "{\"float\":\"-inf\"}"
        }),
        Item::Float(x) => {
            // The general float path, the shortest digits read back.
            let mut digits = Vec::new();
            crate::format::number::push_f64(&mut digits, *x);
            let text = String::from_utf8(digits).unwrap();
            assert_eq!(
                text.parse::<f64>().unwrap().to_bits(),
                x.to_bits(),
                "{text}"
            );
            out.push_str(&text);
        }
        Item::Str(s) => reference_string(out, s),
    }
}

fn random_item(rng: &mut Rng) -> Item {
    match rng.below(8) {
        0 => Item::Int(rng.next() as i64),
        1 => Item::Int(rng.below(200_000_000) as i64 - 100_000_000),
        2 => Item::Int([0, -1, i64::MIN, i64::MAX, 99_999_999, 100_000_000][rng.below(6) as usize]),
        3 => Item::Float(f64::from_bits(rng.next())),
        4 => Item::Float((rng.below(1 << 24) as f64 - 8e6) / f64::from(1u32 << rng.below(10))),
        5 => Item::Float(
            [
                0.0,
                -0.0,
                0.1,
                1e16,
                9_007_199_254_740_992.0,
                1e-5,
                f64::NAN,
                f64::INFINITY,
            ][rng.below(8) as usize],
        ),
        _ => {
            let len = rng.below(41) as usize;
            Item::Str(text(rng, len))
        }
    }
}

#[test]
fn random_dictionaries_match_the_reference_writer() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for round in 0..300 {
        for dialect in [Dialect::Godot4, Dialect::Godot3] {
            // Keys of every length 0..=40, each once, in a shuffled order; nested
            // Dictionaries `{"id": int, "v": float}` beside the other values.
            let mut lengths: Vec<usize> = (0..=40).collect();
            for i in (1..lengths.len()).rev() {
                lengths.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let mut bytes = Vec::new();
            let mut want = String::from("{\"Dictionary\":[");
            let mut dict = Builder::new(&mut bytes, dialect).dictionary().unwrap();
            for (i, &len) in lengths.iter().enumerate() {
                let key = text(&mut rng, len);
                if i > 0 {
                    want.push(',');
                }
                want.push('[');
                reference_string(&mut want, &key);
                want.push(',');
                if rng.below(3) == 0 {
                    let (id, v) = (rng.below(1 << 20) as i64, rng.below(1 << 20) as f64 * 0.5);
                    let mut inner = dict.entry(&key).dictionary().unwrap();
                    inner.entry("id").int(id).unwrap();
                    inner.entry("v").float(v).unwrap();
                    inner.finish().unwrap();
                    want.push_str("{\"Dictionary\":[[\"id\",");
                    reference_item(&mut want, &Item::Int(id));
                    want.push_str("],[\"v\",");
                    reference_item(&mut want, &Item::Float(v));
                    want.push_str("]]}");
                } else {
                    let item = random_item(&mut rng);
                    let entry = dict.entry(&key);
                    match &item {
                        Item::Int(n) => entry.int(*n).unwrap(),
                        Item::Float(x) => entry.float(*x).unwrap(),
                        Item::Str(s) => entry.string(s).unwrap(),
                    }
                    reference_item(&mut want, &item);
                }
                want.push(']');
            }
            dict.finish().unwrap();
            want.push_str("]}");
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            let got = String::from_utf8(write(value, false)).unwrap();
            assert_eq!(got, want, "round {round}, {dialect:?}");
            let pretty = write(value, true);
            assert_eq!(String::from_utf8(minified(&pretty)).unwrap(), want);
        }
    }
}
