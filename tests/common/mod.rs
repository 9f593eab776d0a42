//! Loads the engine-written fixtures in `tests/fixtures/{g32,g36,g4}`; names the engines and
//! their text styles.
#![allow(dead_code)]

use gdvariant::text::TextStyle;
use gdvariant::{Dialect, VariantRef};
use std::io::Write as _;
use std::path::PathBuf;

/// One case of `cases.jsonl`.
pub struct Case {
    pub engine: &'static str,
    pub name: String,
    pub function: String,
    /// The whole file, including a store_var/put_var length prefix.
    pub file: Vec<u8>,
    pub decoded_text: Option<String>,
    /// The engine's text of the value it encoded (Pandemonium fixtures).
    pub text: Option<String>,
    /// `same`, `DIFFERENT` or `FAILED`: what the engine's own decoder made of its bytes.
    pub godot_roundtrip: String,
}

impl Case {
    pub fn dialect(&self) -> Dialect {
        match self.engine {
            "g4" => Dialect::Godot4,
            "pandemonium/pma" => Dialect::PandemoniumA,
            "pandemonium/pmb" => Dialect::PandemoniumB,
            "pandemonium/pmc" => Dialect::PandemoniumC,
            _ => Dialect::Godot3,
        }
    }

    pub fn style(&self) -> TextStyle {
        match self.engine {
            "g32" => TextStyle::Godot32,
            "g36" => TextStyle::Godot36,
            "g4" => TextStyle::Godot4,
            _ => TextStyle::for_dialect(self.dialect()),
        }
    }

    pub fn is_prefixed(&self) -> bool {
        !matches!(self.function.as_str(), "var2bytes" | "var_to_bytes")
    }

    /// The encoded value: the file without its length prefix.
    pub fn value_bytes(&self) -> &[u8] {
        if self.is_prefixed() {
            &self.file[4..]
        } else {
            &self.file
        }
    }
}

/// `tests/fixtures` of the repository (this module is shared by the library's tests and
/// the command line's, one directory down).
pub fn fixtures_dir() -> PathBuf {
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = if here.join("tests/fixtures").is_dir() {
        here
    } else {
        here.parent()
            .expect("the cli crate sits in the repository")
            .to_path_buf()
    };
    root.join("tests/fixtures")
}

pub fn cases(engine: &'static str) -> Vec<Case> {
    let dir = fixtures_dir().join(engine);
    let text = std::fs::read_to_string(dir.join("cases.jsonl")).expect("cases.jsonl");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("json line");
            let file = v["file"].as_str().expect("file").to_string();
            Case {
                engine,
                name: v["name"].as_str().expect("name").to_string(),
                function: v["function"].as_str().expect("function").to_string(),
                file: std::fs::read(dir.join(&file)).expect("bin"),
                decoded_text: v["decoded_text"].as_str().map(str::to_string),
                text: v["text"].as_str().map(str::to_string),
                godot_roundtrip: v["godot_roundtrip"].as_str().unwrap_or("").to_string(),
            }
        })
        .collect()
}

pub fn case(engine: &'static str, name: &str) -> Case {
    cases(engine)
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no case {engine}/{name}"))
}

/// Zeroes the padding after every NodePath component (anywhere in the value), which Godot 3
/// leaves uninitialised: the bytes a writer that zeroes all padding produces.
pub fn zero_node_path_padding(bytes: &mut [u8], dialect: Dialect) {
    fn visit(v: VariantRef<'_>, spans: &mut Vec<(usize, usize)>) {
        if let Some(path) = v.as_node_path() {
            // Components start 16 bytes after the header; each is len + bytes + pad.
            let mut at = v.offset() + 16;
            for name in path.names().chain(path.subnames()) {
                let len = name.raw_bytes().len();
                let pad = (4 - len % 4) % 4;
                spans.push((at + 4 + len, pad));
                at += 4 + len + pad;
            }
        }
        if let Some(a) = v.as_array() {
            a.iter().for_each(|x| visit(x, spans));
        }
        if let Some(d) = v.as_dictionary() {
            d.iter().for_each(|(k, x)| {
                visit(k, spans);
                visit(x, spans)
            });
        }
        if let Some(gdvariant::ObjectRef::Full(o)) = v.as_object() {
            o.properties().for_each(|(_, x)| visit(x, spans));
        }
    }
    let mut spans = Vec::new();
    visit(VariantRef::parse(bytes, dialect).unwrap(), &mut spans);
    for (at, pad) in spans {
        bytes[at..at + pad].fill(0);
    }
}

// ---------------------------------------------------------------------------------------
// The engines' names and text styles (the engine tests, and the malformed table's columns).

/// Writes a test's report table to stderr when `GDVARIANT_TABLES` is set (to anything
/// but empty or `0`); otherwise one line that says how to see it. Straight to stderr:
/// libtest captures `eprintln!` of a passing test.
pub fn report(what: &str, table: &str) {
    let wanted = std::env::var("GDVARIANT_TABLES").is_ok_and(|v| !v.is_empty() && v != "0");
    let mut err = std::io::stderr();
    let _ = if wanted {
        err.write_all(table.as_bytes())
    } else {
        writeln!(err, "{what}: set GDVARIANT_TABLES=1 to print its table")
    };
}

/// The engines of a dialect: both Godot 3 engines for Godot 3 bytes, Godot 4 for Godot 4.
pub fn engines(dialect: Dialect) -> &'static [&'static str] {
    match dialect {
        Dialect::Godot3 => &["g32", "g36"],
        // No Pandemonium engine runs here: their columns are recorded (see the rows).
        Dialect::PandemoniumA => &["pma"],
        Dialect::PandemoniumB => &["pmb"],
        Dialect::PandemoniumC => &["pmc"],
        _ => &["g4"],
    }
}

/// Our text style matching an engine's `var2str` / `var_to_str`.
pub fn style(engine: &str) -> TextStyle {
    match engine {
        "g32" => TextStyle::Godot32,
        "g36" => TextStyle::Godot36,
        "pma" => TextStyle::PandemoniumA,
        "pmb" => TextStyle::PandemoniumB,
        "pmc" => TextStyle::PandemoniumC,
        _ => TextStyle::Godot4,
    }
}

/// FNV-1a, 64 bits: a stable digest of long texts stored in tables.
pub fn fnv64(text: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
