//! The writers' exact output, pinned: every engine fixture and a set of generated nested
//! values go through `json::write` (compact and pretty), `json::plain::write` (compact and
//! pretty), `text::write` and `Display` in every text style of the value's dialect, and
//! each output's length and 64-bit FNV-1a digest must match the committed manifest
//! `tests/fixtures/writers.digest`, which the recursive writers (before the one-pass ones)
//! wrote. A differential test against those writers, without keeping their code.
//!
//! To rewrite the manifest after a deliberate change of output:
//! `GDVARIANT_BLESS_WRITERS=1 cargo test --test it writers_golden`.

use crate::common;

use std::fmt::Write as _;

use common::{cases, fixtures_dir};
use gdvariant::json::{self, plain};
use gdvariant::text::{self, TextStyle};
use gdvariant::{Dialect, VariantRef};

const STYLES: [TextStyle; 6] = [
    TextStyle::Godot32,
    TextStyle::Godot36,
    TextStyle::Godot4,
    TextStyle::PandemoniumA,
    TextStyle::PandemoniumB,
    TextStyle::PandemoniumC,
];

/// 64-bit FNV-1a.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn style_dialect(style: TextStyle) -> Dialect {
    match style {
        TextStyle::Godot32 | TextStyle::Godot36 => Dialect::Godot3,
        TextStyle::Godot4 => Dialect::Godot4,
        TextStyle::PandemoniumA => Dialect::PandemoniumA,
        TextStyle::PandemoniumB => Dialect::PandemoniumB,
        _ => Dialect::PandemoniumC,
    }
}

/// Every output of `value`, one manifest line each.
fn outputs(name: &str, value: VariantRef<'_>, lines: &mut String) {
    let mut line = |mode: &str, out: &[u8]| {
        writeln!(lines, "{name}\t{mode}\t{}\t{:016x}", out.len(), fnv(out)).unwrap();
    };
    for pretty in [false, true] {
        let options = json::WriteOptions::new().pretty(pretty);
        let mut out = Vec::new();
        json::write(&mut out, value, &options).unwrap();
        line(if pretty { "json-pretty" } else { "json" }, &out);
        out.clear();
        plain::write(&mut out, value, &options).unwrap();
        line(if pretty { "plain-pretty" } else { "plain" }, &out);
    }
    let shown = value.to_string();
    line("display", shown.as_bytes());
    for style in STYLES {
        if style_dialect(style) != value.dialect() {
            continue;
        }
        let mut out = Vec::new();
        text::write(&mut out, value, &text::WriteOptions::new().style(style)).unwrap();
        assert_eq!(
            value.text(style).to_string().as_bytes(),
            out,
            "{name}: text::write is Display"
        );
        line(&format!("text-{style:?}"), &out);
    }
}

/// A small deterministic generator (xorshift).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn string(&mut self) -> String {
        const PIECES: [&str; 12] = [
            "a", "key", "k1", "é", "\\\"", "\\n", "\\t", "'", "?", " ", "Z", "\\\\",
        ];
        let n = self.below(5);
        (0..n)
            .map(|_| PIECES[self.below(PIECES.len() as u64) as usize])
            .collect()
    }

    /// A Godot 4 (`g4`) or Godot 3 text literal, nesting at most `depth` more levels.
    fn value(&mut self, depth: usize, g4: bool, out: &mut String) {
        let pick = if depth == 0 {
            self.below(8)
        } else {
            self.below(14)
        };
        match pick {
            0 => out.push_str("null"),
            1 => out.push_str(if self.below(2) == 0 { "true" } else { "false" }),
            2 => write!(out, "{}", self.next() as i64 >> self.below(64)).unwrap(),
            3 => write!(out, "{}.5", self.below(2000) as i64 - 1000).unwrap(),
            4 => write!(out, "\"{}\"", self.string()).unwrap(),
            5 if g4 => write!(out, "&\"{}\"", self.string()).unwrap(),
            5 => write!(out, "NodePath(\"a/b:c\")").unwrap(),
            6 => write!(
                out,
                "Vector3({}, 0.25, {})",
                self.below(100),
                self.below(7) as f64 / 3.0
            )
            .unwrap(),
            7 if g4 => out.push_str("PackedInt32Array(1, -2, 3)"),
            7 => out.push_str("PoolStringArray(\"x\", \"y\")"),
            8 | 9 => {
                let typed = g4 && self.below(4) == 0;
                if typed {
                    out.push_str("Array[int](");
                }
                out.push('[');
                for i in 0..self.below(5) {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    if typed {
                        write!(out, "{}", self.below(50)).unwrap();
                    } else {
                        self.value(depth - 1, g4, out);
                    }
                }
                out.push(']');
                if typed {
                    out.push(')');
                }
            }
            _ => {
                let typed = g4 && self.below(4) == 0;
                if typed {
                    out.push_str("Dictionary[String, Variant](");
                }
                out.push('{');
                for i in 0..self.below(6) {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    match self.below(3) {
                        _ if typed => write!(out, "\"{}{i}\"", self.string()).unwrap(),
                        0 => write!(out, "{}", self.below(1000) as i64 - 500).unwrap(),
                        1 => write!(out, "\"{}{i}\"", self.string()).unwrap(),
                        _ => self.value(depth - 1, g4, out),
                    }
                    out.push_str(": ");
                    self.value(depth - 1, g4, out);
                }
                out.push('}');
                if typed {
                    out.push(')');
                }
            }
        }
    }
}

/// Arrays nested `levels` deep around a dictionary (past the text form's cut-off at 100).
fn deep(levels: usize) -> String {
    format!(
        "{}{{\"a\": [1, {{\"b\": 2}}]}}{}",
        "[".repeat(levels),
        "]".repeat(levels)
    )
}

fn all_outputs() -> String {
    let mut lines = String::new();
    for engine in [
        "g32",
        "g36",
        "g4",
        "g4-large",
        "pandemonium/pma",
        "pandemonium/pmb",
        "pandemonium/pmc",
    ] {
        for c in cases(engine) {
            let dialect = if engine == "g4-large" {
                Dialect::Godot4
            } else {
                c.dialect()
            };
            let Ok((value, _)) = VariantRef::parse_prefix(c.value_bytes(), dialect) else {
                continue;
            };
            outputs(&format!("{engine}/{}", c.name), value, &mut lines);
        }
    }
    for (dialect, g4) in [(Dialect::Godot4, true), (Dialect::Godot3, false)] {
        let mut gen = Gen(0x9e37_79b9_7f4a_7c15 ^ u64::from(g4));
        for i in 0..300 {
            let mut literal = String::new();
            gen.value(1 + i % 7, g4, &mut literal);
            let bytes = text::read(&literal, dialect)
                .unwrap_or_else(|e| panic!("generated {literal:?}: {e}"));
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            outputs(&format!("gen-{dialect:?}/{i}"), value, &mut lines);
        }
        for levels in [99, 100, 101, 150] {
            let bytes = text::read(&deep(levels), dialect).unwrap();
            let value = VariantRef::parse(&bytes, dialect).unwrap();
            outputs(&format!("deep-{dialect:?}/{levels}"), value, &mut lines);
        }
    }
    lines
}

#[test]
fn every_writer_writes_what_the_manifest_says() {
    let path = fixtures_dir().join("writers.digest");
    let ours = all_outputs();
    if std::env::var_os("GDVARIANT_BLESS_WRITERS").is_some() {
        std::fs::write(&path, &ours).unwrap();
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap();
    let differ: Vec<String> = ours
        .lines()
        .zip(expected.lines())
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("ours {a}\nwant {b}"))
        .collect();
    assert!(
        differ.is_empty(),
        "{} outputs differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
    assert_eq!(ours.lines().count(), expected.lines().count());
    assert!(ours.lines().count() > 5000, "{}", ours.lines().count());
}
