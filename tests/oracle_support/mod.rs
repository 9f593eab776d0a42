//! Running the real engines over many (possibly malformed) blobs: one engine run per
//! engine for a whole batch, shared by `tests/it/malformed.rs` and `tests/it/differential.rs`.
//!
//! The protocol is the one of `../shared/oracle/decode_all.sh` (a folder with the blobs and
//! a `cases.jsonl`, one `ORACLE-JSON` line per case), with this folder's scripts
//! `decode_cases3.gd` / `decode_cases4.gd`, which differ from `tools/decode_all{3,4}.gd` in
//! what malformed input needs:
//! - Godot 3's `bytes2var` raises a *script error* on malformed bytes, which ends
//!   `decode_all3.gd`'s `_init` before `quit()` (the engine then spins until its timeout).
//!   `decode_cases3.gd` decodes with `StreamPeerBuffer.get_var(allow_objects)`, which calls
//!   the same `decode_variant(buffer, len, NULL, allow_objects)` but fails with an error
//!   print and a null result.
//! - Both print `ORACLE-CASE name` before each case (decode_all.sh filters these out), so
//!   the engine's `ERROR:` lines can be attributed to a case, and a case that crashes or
//!   hangs the engine is known: it is recorded with the exit status and the run resumes
//!   after it.
//! - Both add `decoded_error`, and read `"function": "get_var"` cases (a store_var file)
//!   with `File(Access).get_var`, as `decode.sh --prefixed` does.
//!
//! [`gate`] is shared by every engine-backed test (oracle, godot_client, malformed,
//! differential): the engines run when `GDVARIANT_ORACLE=1`
//! (then missing engines are a failure) or when they are installed; otherwise a SKIPPED
//! line goes to stderr.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use gdvariant::text::TextStyle;
use gdvariant::Dialect;
use serde_json::Value;

/// Where the oracle scripts are, or `None` (after a SKIPPED line on stderr) when the
/// engines are not installed and `GDVARIANT_ORACLE` is not `1`.
pub fn gate(test: &str) -> Option<PathBuf> {
    let oracle = std::env::var_os("GDVARIANT_ORACLE_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            // From the library's tests, or from the command line's (one folder down).
            let here = Path::new(env!("CARGO_MANIFEST_DIR"));
            let beside = here.join("../shared/oracle");
            if beside.is_dir() {
                beside
            } else {
                here.join("../../shared/oracle")
            }
        });
    let forced = std::env::var("GDVARIANT_ORACLE").as_deref() == Ok("1");
    let sid_root = std::env::var_os("SID_ROOT")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/opt/godot-sid"));
    let on_path = |exe: &str| {
        std::env::var_os("PATH")
            .map(|p| std::env::split_paths(&p).any(|d| d.join(exe).is_file()))
            .unwrap_or(false)
    };
    let mut missing = Vec::new();
    if !on_path("godot3-server") {
        missing.push("godot3-server (Godot 3.2.3) is not on PATH".to_string());
    }
    for exe in ["godot", "godot3-server"] {
        let path = sid_root.join("usr/bin").join(exe);
        if !path.is_file() {
            missing.push(format!("{} does not exist", path.display()));
        }
    }
    for script in ["engines.sh", "decode_all.sh"] {
        if !oracle.join(script).is_file() {
            missing.push(format!(
                "{} has no {script} (set GDVARIANT_ORACLE_DIR)",
                oracle.display()
            ));
        }
    }
    if missing.is_empty() {
        return Some(oracle);
    }
    if forced {
        panic!(
            "GDVARIANT_ORACLE=1 but the engines are missing: {}",
            missing.join("; ")
        );
    }
    // Straight to stderr: libtest captures eprintln! of a passing test.
    let _ = writeln!(
        std::io::stderr(),
        "{test} SKIPPED: engines not installed (run ../shared/oracle/setup.sh as root; \
         GDVARIANT_ORACLE=1 makes this a failure): {}",
        missing.join("; ")
    );
    None
}

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

/// How the engine reads a case's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    /// The file is the encoded value (`bytes2var` / `bytes_to_var`).
    Raw,
    /// The file is a store_var file; the 4-byte prefix is dropped and the rest decoded as
    /// `Raw` (what `decode.sh --prefixed` does first).
    StripPrefix,
    /// The file is a store_var file read with `File(Access).get_var`, which trusts the
    /// prefix.
    GetVar,
}

/// One blob for an engine.
#[derive(Clone, Debug)]
pub struct Case {
    /// Unique, used as the file name: `[A-Za-z0-9_.-]` only.
    pub name: String,
    pub bytes: Vec<u8>,
    pub function: Function,
    /// Decode with objects allowed (`bytes2var(b, true)` / `bytes_to_var_with_objects`).
    pub full_objects: bool,
}

/// What an engine did with one case.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Decoded: the value's type id, `var2str`/`var_to_str` text, and (Godot 4) the bytes
    /// `decode_var_size` consumed.
    Accepted {
        type_id: i64,
        text: String,
        consumed: Option<i64>,
        /// What the engine printed while decoding (same form as `Rejected::messages`).
        messages: Vec<String>,
    },
    /// Refused, with the engine's own messages (`ERROR:` lines without their `at:`
    /// lines, `Unicode error:` lines), deduplicated, in order.
    Rejected { messages: Vec<String> },
    /// The engine died (or hung) on this case: the exit status of the run (`124` = the
    /// timeout, `134`/`139` = abort/segfault).
    Crashed { status: i32 },
}

impl Outcome {
    pub fn accepted(&self) -> bool {
        matches!(self, Outcome::Accepted { .. })
    }

    /// The messages joined with ` | `.
    pub fn message(&self) -> String {
        match self {
            Outcome::Rejected { messages } | Outcome::Accepted { messages, .. } => {
                messages.join(" | ")
            }
            Outcome::Crashed { .. } => String::new(),
        }
    }
}

/// A JSON line from an engine. Both engines leave control characters other than
/// `\b \f \n \r \t` unescaped inside strings (outside strings they print none), and
/// Godot 3's `to_json` also writes C escapes that JSON lacks (`\v`, `\a`, `\'`, `\?`).
pub fn lenient_json(line: &str) -> Result<Value, serde_json::Error> {
    let mut fixed = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(e @ ('"' | '\\' | '/' | 'b' | 'f' | 'n' | 'r' | 't' | 'u')) => {
                    fixed.push('\\');
                    fixed.push(e);
                }
                Some('v') => fixed.push_str("\\u000b"),
                Some('a') => fixed.push_str("\\u0007"),
                Some('0') => fixed.push_str("\\u0000"),
                Some(other) => fixed.push(other),
                None => fixed.push('\\'),
            }
        } else if u32::from(c) < 0x20 {
            let _ = write!(fixed, "\\u{:04x}", u32::from(c));
        } else {
            fixed.push(c);
        }
    }
    serde_json::from_str(&fixed)
}

/// Decodes every case with `engine`, in as few engine runs as possible (one, unless a case
/// crashes or hangs the engine: then that case is recorded as `Crashed` and a new run
/// takes the cases after it). `dir` is created and receives the blobs, `cases.jsonl` and
/// the engine's home; `timeout` bounds each run, in seconds.
/// Returns one outcome per case, in order, and the number of engine runs.
pub fn decode_all(
    oracle: &Path,
    engine: &str,
    dir: &Path,
    cases: &[Case],
    timeout: u32,
) -> (Vec<Outcome>, usize) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("bin")).unwrap();
    for case in cases {
        std::fs::write(
            dir.join("bin").join(format!("{}.bin", case.name)),
            &case.bytes,
        )
        .unwrap();
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(if engine == "g4" {
        "tests/oracle_support/decode_cases4.gd"
    } else {
        "tests/oracle_support/decode_cases3.gd"
    });
    let raw = if engine == "g4" {
        "var_to_bytes"
    } else {
        "var2bytes"
    };
    let mut outcomes: Vec<Option<Outcome>> = vec![None; cases.len()];
    let mut start = 0;
    let mut runs = 0;
    while start < cases.len() {
        runs += 1;
        let run_dir = dir.join(format!("run{runs}"));
        std::fs::create_dir_all(&run_dir).unwrap();
        let mut jsonl = String::new();
        for case in &cases[start..] {
            let function = match case.function {
                Function::Raw => raw,
                Function::StripPrefix => "store_var",
                Function::GetVar => "get_var",
            };
            let line = serde_json::json!({
                "name": case.name,
                "file": format!("../bin/{}.bin", case.name),
                "function": function,
                "full_objects": case.full_objects,
            });
            let _ = writeln!(jsonl, "{line}");
        }
        std::fs::write(run_dir.join("cases.jsonl"), jsonl).unwrap();
        let out = Command::new("bash")
            .arg("-c")
            .arg(r#"source "$0/engines.sh" && cd "$RUN_DIR" && run_godot "$1" -s "$2" 2>&1"#)
            .arg(oracle)
            .arg(engine)
            .arg(&script)
            .env("ORACLE_DIR", &run_dir)
            .env("GODOT_ORACLE_HOME", dir.join("home"))
            .env("GODOT_TIMEOUT", timeout.to_string())
            .stdin(Stdio::null())
            .stderr(Stdio::inherit())
            .output()
            .unwrap_or_else(|e| panic!("cannot run the {engine} engine: {e}"));
        let log = String::from_utf8_lossy(&out.stdout);
        let _ = std::fs::write(run_dir.join("log.txt"), log.as_bytes());
        let status = out.status.code().unwrap_or(-1);
        let index: HashMap<&str, usize> = cases
            .iter()
            .enumerate()
            .skip(start)
            .map(|(i, c)| (c.name.as_str(), i))
            .collect();
        let mut current: Option<usize> = None;
        let mut messages: Vec<String> = Vec::new();
        let mut last_done = None;
        for line in log.lines() {
            if let Some(name) = line.strip_prefix("ORACLE-CASE ") {
                current = index.get(name).copied();
                messages.clear();
            } else if let Some(json) = line.strip_prefix("ORACLE-JSON ") {
                let v = lenient_json(json).unwrap_or_else(|e| panic!("{e}: {json:?}"));
                let Some(&i) = v["name"].as_str().and_then(|n| index.get(n)) else {
                    panic!("{engine}: ORACLE-JSON for an unknown case: {json}");
                };
                let outcome = if v["decoded_error"].as_bool() == Some(true) {
                    Outcome::Rejected {
                        messages: std::mem::take(&mut messages),
                    }
                } else {
                    Outcome::Accepted {
                        type_id: v["decoded_type_id"].as_f64().unwrap_or(-1.0) as i64,
                        text: v["decoded_text"].as_str().unwrap_or_default().to_string(),
                        consumed: v["decoded_consumed"].as_f64().map(|f| f as i64),
                        messages: std::mem::take(&mut messages),
                    }
                };
                messages.clear();
                outcomes[i] = Some(outcome);
                last_done = Some(i);
                current = None;
            } else if current.is_some() {
                if let Some(m) = diagnostic(line) {
                    if !messages.contains(&m) {
                        messages.push(m);
                    }
                }
            } else if line.starts_with("ORACLE-FATAL") {
                panic!("{engine}: {line}");
            }
        }
        match current {
            // The run died inside this case.
            Some(i) => {
                outcomes[i] = Some(Outcome::Crashed {
                    status: if status == 0 { -1 } else { status },
                });
                start = i + 1;
            }
            None => {
                let next = last_done.map_or(start, |i| i + 1);
                if next == start || !log.contains("ORACLE-DONE") && next < cases.len() {
                    let tail: Vec<&str> = log.lines().rev().take(20).collect();
                    panic!(
                        "{engine}: the run (exit status {status}) stopped before case {}; \
                         its last lines:\n  {}",
                        cases[next.min(cases.len() - 1)].name,
                        tail.into_iter().rev().collect::<Vec<_>>().join("\n  ")
                    );
                }
                start = next;
            }
        }
    }
    let outcomes = outcomes
        .into_iter()
        .zip(cases)
        .map(|(o, c)| o.unwrap_or_else(|| panic!("{engine}: no outcome for {}", c.name)))
        .collect();
    (outcomes, runs)
}

/// An engine message worth keeping from one output line, normalised across the engines'
/// formats: `ERROR: func: text` (3.2), `ERROR: text` (3.6, 4.x), `Unicode error: …`. The
/// generic wrapper of `StreamPeer/File.get_var` ("Error when trying to decode Variant.")
/// is dropped: `bytes2var` has its own wrapper, the decoder's message is what counts.
fn diagnostic(line: &str) -> Option<String> {
    let line = line.trim();
    if let Some(rest) = line.strip_prefix("ERROR: ") {
        if rest.contains("Error when trying to decode Variant") {
            return None;
        }
        return Some(rest.to_string());
    }
    if line.starts_with("Unicode error:")
        || line.starts_with("Unicode parsing error")
        || line.starts_with("SCRIPT ERROR:")
        || line.starts_with("WARNING: ")
    {
        return Some(line.to_string());
    }
    None
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
