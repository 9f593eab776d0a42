//! Running the real engines (`tools/engines/`) for the engine-backed tests: the check that
//! fails a test when an engine is missing ([`require`]), a command for one engine run
//! ([`godot`]), and one engine run per engine for a whole batch of (possibly malformed)
//! blobs ([`decode_all`], shared by `malformed.rs`, `differential.rs` and `edit.rs`).
//!
//! The batch protocol is `tools/engines/decode_all.sh`'s (a folder with the blobs and a
//! `cases.jsonl`; per case an `ORACLE-CASE name` line, the engine's `ERROR:` lines for it,
//! and one `ORACLE-JSON` line): a case that crashes or hangs the engine is known by its
//! `ORACLE-CASE` line without an `ORACLE-JSON`; it is recorded with the exit status and a
//! new run resumes after it.
//!
//! Every engine-backed test is `#[ignore]`d, so plain `cargo test` lists it as ignored;
//! `tools/engines/test.sh` (or `cargo test --test engines -- --ignored`) runs them, and then
//! a missing engine fails the test with what is missing and how to install it.
#![allow(dead_code)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

/// How to install the engines, for failure messages.
pub const INSTALL: &str =
    "install them as root on Debian bookworm with `tools/engines/install.sh` \
    (tools/engines/README.md), then run the engine tests with `tools/engines/test.sh`";

/// The repository's `tools/engines` folder (from the library's tests, or from the command
/// line's, one folder down).
pub fn tools() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let repo = if here.join("tools/engines").is_dir() {
        here.to_path_buf()
    } else {
        here.join("..")
    };
    repo.join("tools/engines")
}

/// What is missing to run `engines` (`tools/engines/engines.sh check`), one line each;
/// empty when they all can run.
pub fn missing(engines: &[&str]) -> Vec<String> {
    missing_in(engines, None)
}

/// [`missing`], with the sid engines looked for in `sid_root` instead of `$SID_ROOT`.
pub fn missing_in(engines: &[&str], sid_root: Option<&str>) -> Vec<String> {
    let script = tools().join("engines.sh");
    let mut check = Command::new("bash");
    check
        .arg(&script)
        .arg("check")
        .args(engines)
        .stdin(Stdio::null());
    if let Some(root) = sid_root {
        check.env("SID_ROOT", root);
    }
    match check.output() {
        Ok(out) if out.status.success() => Vec::new(),
        Ok(out) => {
            let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .filter(|l| !l.ends_with(": ok"))
                .map(str::to_string)
                .collect();
            if lines.is_empty() {
                vec![format!(
                    "{} check failed ({}): {}",
                    script.display(),
                    out.status,
                    String::from_utf8_lossy(&out.stderr).trim()
                )]
            } else {
                lines
            }
        }
        Err(e) => vec![format!("cannot run bash {}: {e}", script.display())],
    }
}

/// The failure message of a test that needs `engines` when `missing` is what is missing.
pub fn failure(engines: &[&str], missing: &[String]) -> String {
    format!(
        "this engine test needs {}, and cannot run it:\n  {}\n{INSTALL}",
        engines.join(", "),
        missing.join("\n  ")
    )
}

/// The `tools/engines` folder, once every engine of `engines` (`g32`, `g36`, `g4`) is
/// known to run. Panics, and so fails the test, naming what is missing and how to install
/// it: an engine test never passes without its engine.
pub fn require(engines: &[&str]) -> PathBuf {
    let missing = missing(engines);
    assert!(missing.is_empty(), "{}", failure(engines, &missing));
    tools()
}

/// A command that runs `engine` through `tools/engines/engines.sh` (headless, under
/// `timeout`, in a fresh scratch working directory); add the engine's arguments. Its user
/// data goes to `home` (`GODOT_HOME`), each run is killed after `timeout` seconds.
pub fn godot(tools: &Path, engine: &str, home: &Path, timeout: u32) -> Command {
    let mut cmd = Command::new("bash");
    cmd.arg(tools.join("engines.sh"))
        .arg(engine)
        .env("GODOT_HOME", home)
        .env("GODOT_TIMEOUT", timeout.to_string())
        .stdin(Stdio::null());
    cmd
}

/// The test files' scratch folder for `what`, emptied.
pub fn scratch(what: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(what);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

#[allow(unused_imports)] // the command line's engine tests use none of them
pub use crate::common::{engines, fnv64, report, style};

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
/// takes the cases after it), through `tools/engines/decode_all.sh`. `dir` is created and
/// receives the blobs, `cases.jsonl` and the engine's home; `timeout` bounds each run, in
/// seconds.
/// Returns one outcome per case, in order, and the number of engine runs.
pub fn decode_all(
    tools: &Path,
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
            .arg(tools.join("decode_all.sh"))
            .arg(engine)
            .arg(&run_dir)
            .env("GODOT_HOME", dir.join("home"))
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
