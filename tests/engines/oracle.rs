//! Real engines reading our bytes (issue 3).
//!
//! Every row below builds one value with [`Builder`] and names the same value in GDScript.
//! The test writes each blob to `NAME.bin`, then (one engine run each, all runs in
//! parallel):
//! - the engines print the text form of every GDScript value (`tests/oracle/intended{3,4}.gd`),
//! - the engines decode every blob (`tools/engines/decode_all.sh`: `g4` for Godot 4
//!   bytes, both `g32` and `g36` for Godot 3 bytes) and print the decoded value's text.
//!
//! For every case the decoded text must equal the intended value's text (or, where the
//! engine legitimately decodes something else, the text of the row's `decoded_as` value,
//! with the reason), and our own `VariantRef::parse(..).text(style)` must equal the decoded
//! text (or the row's `ours_as` text, with the reason). Godot 4 must also consume exactly
//! the blob's length, and each dialect's cases must decode to every type id it has.
//! A summary (case counts, every explained difference, known bugs) goes to stderr.
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it (see `support.rs`).

use crate::support;

mod rows3;
mod rows4;
use rows3::godot3_rows;
use rows4::godot4_rows;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use gdvariant::text::TextStyle;
use gdvariant::{BuildError, Builder, ContainerType, Dialect, VariantRef, VariantType};
use serde_json::Value;

type Build = fn(Builder<'_>) -> Result<(), BuildError>;

/// One value: how we build it, and the same value in GDScript.
struct Row {
    name: &'static str,
    build: Build,
    /// GDScript for the intended value: an expression, or (with a newline) statements
    /// ending in `return`. Evaluated by each engine of the dialect.
    gd: &'static str,
    /// Written and decoded with full objects (`bytes_to_var_with_objects` / `bytes2var(b, true)`).
    full_objects: bool,
    /// The engine decodes our bytes to this GDScript value instead of `gd`, and why.
    decoded_as: Option<(&'static str, &'static str)>,
    /// Our text form of our bytes differs from the engine's decoded text: ours is this, and why.
    ours_as: Option<(&'static str, &'static str)>,
    /// A builder bug, reported to the builder's owner: a mismatch is listed, not failed.
    known_bug: Option<&'static str>,
}

/// A row: (name, builder closure, GDScript for the same value).
fn row(name: &'static str, build: Build, gd: &'static str) -> Row {
    Row {
        name,
        build,
        gd,
        full_objects: false,
        decoded_as: None,
        ours_as: None,
        known_bug: None,
    }
}

impl Row {
    fn full_objects(mut self) -> Self {
        self.full_objects = true;
        self
    }

    fn decoded_as(mut self, gd: &'static str, why: &'static str) -> Self {
        self.decoded_as = Some((gd, why));
        self
    }

    fn ours_as(mut self, text: &'static str, why: &'static str) -> Self {
        self.ours_as = Some((text, why));
        self
    }

    #[allow(dead_code)] // no builder bug known at the moment
    fn known_bug(mut self, note: &'static str) -> Self {
        self.known_bug = Some(note);
        self
    }
}

// ---------------------------------------------------------------------------------------
// Shared builder pieces.

/// `[[...[]...]]`, `depth` arrays deep.
fn nested_arrays(b: Builder<'_>, depth: usize) -> Result<(), BuildError> {
    let mut a = b.array()?;
    if depth > 1 {
        nested_arrays(a.push(), depth - 1)?;
    }
    a.finish()
}

/// `{"k": {"k": ... {}}}`, `depth` dictionaries deep.
fn nested_dicts(b: Builder<'_>, depth: usize) -> Result<(), BuildError> {
    let mut d = b.dictionary()?;
    if depth > 1 {
        nested_dicts(d.entry("k"), depth - 1)?;
    }
    d.finish()
}

/// A full `Resource` as both engines write it: its three storage properties.
fn resource(b: Builder<'_>, name: &str) -> Result<(), BuildError> {
    let mut o = b.object("Resource")?;
    o.property("resource_local_to_scene")?.bool(false)?;
    o.property("resource_name")?.string(name)?;
    o.property("script")?.nil()?;
    o.finish()
}

/// `[[1, [2, [3]]], {"k": [4]}, []]`.
fn arrays_in_arrays(b: Builder<'_>) -> Result<(), BuildError> {
    let mut a = b.array()?;
    {
        let mut inner = a.push().array()?;
        inner.push().int(1)?;
        let mut deeper = inner.push().array()?;
        deeper.push().int(2)?;
        let mut deepest = deeper.push().array()?;
        deepest.push().int(3)?;
        deepest.finish()?;
        deeper.finish()?;
        inner.finish()?;
    }
    {
        let mut d = a.push().dictionary()?;
        let mut list = d.entry("k").array()?;
        list.push().int(4)?;
        list.finish()?;
        d.finish()?;
    }
    a.push().array()?.finish()?;
    a.finish()
}

/// `{"player": {"name": …, "hp": 10, "pos": Vector3(1, 2, 3), "inv": ["sword", {"id": 7}]},
/// "scores": [3, 2, 1] as PackedInt32Array}`: a small save game.
fn player_save(b: Builder<'_>) -> Result<(), BuildError> {
    let mut d = b.dictionary()?;
    {
        let mut p = d.entry("player").dictionary()?;
        p.entry("name").string("Zoë \"Z\"")?;
        p.entry("hp").int(10)?;
        p.entry("pos").vector3([1.0, 2.0, 3.0])?;
        let mut inv = p.entry("inv").array()?;
        inv.push().string("sword")?;
        let mut item = inv.push().dictionary()?;
        item.entry("id").int(7)?;
        item.finish()?;
        inv.finish()?;
        p.finish()?;
    }
    d.entry("scores").packed_i32(&[3, 2, 1])?;
    d.finish()
}

/// `{"res": <Resource named NAME>, "n": 1}`.
fn dict_with_resource(b: Builder<'_>, name: &str) -> Result<(), BuildError> {
    let mut d = b.dictionary()?;
    resource(d.entry("res"), name)?;
    d.entry("n").int(1)?;
    d.finish()
}

/// `Dictionary[String, CLASS]({"n": null})`.
fn dict_str_class(b: Builder<'_>, class: &str) -> Result<(), BuildError> {
    let mut d = b.typed_dictionary(
        ContainerType::Builtin(VariantType::String),
        ContainerType::ClassName(class),
    )?;
    d.entry("n").object_null()?;
    d.finish()
}

const NO_CLASS: &str = "bytes_to_var without objects replaces the class name of an \
                        object-typed container by EncodedObjectAsID, whatever the bytes say";
const OURS_CLASS: &str = "our reader has no allow-objects mode: its text shows the class name \
                          in the bytes (as bytes_to_var_with_objects does)";
const THIRD: f64 = 1.0 / 3.0;
/// Double-precision rows: the GDScript value is narrowed to f32 just as the decoded one
/// (these engines have no double math), so the engine checks the f32 values it reads from
/// our doubles; `ours_as` keeps our text of the doubles themselves.
const NARROWED: &str = "these engines are single-precision builds: they read the doubles \
                        and narrow them to f32 (real_t); our text shows the doubles, as a \
                        double-precision build prints them";

// ---------------------------------------------------------------------------------------
// Godot 4: all 39 types.

/// A JSON line from an engine. Both engines leave control characters other than
/// `\b \f \n \r \t` unescaped inside strings; outside strings they print none.
fn lenient_json(line: &str) -> Result<Value, serde_json::Error> {
    let mut fixed = String::with_capacity(line.len());
    for c in line.chars() {
        if u32::from(c) < 0x20 {
            let _ = write!(fixed, "\\u{:04x}", u32::from(c));
        } else {
            fixed.push(c);
        }
    }
    serde_json::from_str(&fixed)
}

/// What one engine run printed: its `ORACLE-JSON` records by name, and the whole output
/// for error messages.
struct Records {
    by_name: HashMap<String, Value>,
    log: String,
}

impl Records {
    fn get(&self, name: &str) -> Result<&Value, String> {
        self.by_name.get(name).ok_or_else(|| {
            let tail: Vec<&str> = self.log.lines().rev().take(15).collect();
            format!(
                "no ORACLE-JSON line for {name}; the run's last lines:\n  {}",
                tail.into_iter().rev().collect::<Vec<_>>().join("\n  ")
            )
        })
    }
}

fn run(mut cmd: Command, home: &Path) -> Records {
    cmd.env("GODOT_HOME", home)
        .env("GODOT_TIMEOUT", "120")
        .stdin(std::process::Stdio::null());
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut by_name = HashMap::new();
    for line in stdout.lines() {
        if let Some(json) = line.strip_prefix("ORACLE-JSON ") {
            let v = lenient_json(json).unwrap_or_else(|e| panic!("{e}: {json:?}"));
            if let Some(name) = v["name"].as_str() {
                by_name.insert(name.to_string(), v);
            }
        }
    }
    Records {
        by_name,
        log: format!("{stdout}{stderr}(exit status {})", out.status),
    }
}

/// The engine's text of every intended value (and `decoded_as` value) in `dir/intended.jsonl`.
fn intended(oracle: &Path, engine: &str, dir: &Path, home: &Path) -> Records {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(if engine == "g4" {
        "tests/oracle/intended4.gd"
    } else {
        "tests/oracle/intended3.gd"
    });
    let mut cmd = support::godot(oracle, engine, home, 120);
    cmd.arg("-s").arg(script).env("ORACLE_DIR", dir);
    run(cmd, home)
}

/// The engine's decoding of every blob in `dir/cases.jsonl`.
fn decoded(oracle: &Path, engine: &str, dir: &Path, home: &Path) -> Records {
    let mut cmd = Command::new("bash");
    cmd.arg(oracle.join("decode_all.sh")).arg(engine).arg(dir);
    run(cmd, home)
}

/// A row with its bytes, written to `dir/NAME.bin`.
struct Case {
    row: Row,
    bytes: Result<Vec<u8>, BuildError>,
}

/// Builds every row, writes the blobs, `cases.jsonl` (for decode_all.sh) and
/// `intended.jsonl` (for intended{3,4}.gd).
fn prepare(dir: &Path, dialect: Dialect, rows: Vec<Row>) -> Vec<Case> {
    std::fs::create_dir_all(dir).unwrap();
    let function = match dialect {
        Dialect::Godot3 => "var2bytes",
        _ => "var_to_bytes",
    };
    let mut names = HashSet::new();
    let mut cases_jsonl = String::new();
    let mut intended_jsonl = String::new();
    let mut cases = Vec::new();
    for row in rows {
        assert!(names.insert(row.name), "two rows named {}", row.name);
        let mut out = Vec::new();
        let bytes = (row.build)(Builder::new(&mut out, dialect)).map(|()| out);
        if let Ok(bytes) = &bytes {
            std::fs::write(dir.join(format!("{}.bin", row.name)), bytes).unwrap();
            let case = serde_json::json!({
                "name": row.name,
                "file": format!("{}.bin", row.name),
                "function": function,
                "full_objects": row.full_objects,
            });
            cases_jsonl += &format!("{case}\n");
        }
        let mut code = vec![(row.name.to_string(), row.gd)];
        if let Some((gd, _)) = row.decoded_as {
            code.push((format!("{}@decoded", row.name), gd));
        }
        for (name, code) in code {
            intended_jsonl += &format!("{}\n", serde_json::json!({"name": name, "code": code}));
        }
        cases.push(Case { row, bytes });
    }
    std::fs::write(dir.join("cases.jsonl"), cases_jsonl).unwrap();
    std::fs::write(dir.join("intended.jsonl"), intended_jsonl).unwrap();
    cases
}

/// The outcome of checking one engine.
#[derive(Default)]
struct Report {
    failures: Vec<String>,
    known_bugs: Vec<String>,
    /// Explained differences: what we meant vs what the engine decoded (or our text).
    explained: Vec<String>,
    checked: usize,
}

fn text_of<'v>(v: &'v Value, what: &str) -> Result<&'v str, String> {
    if let Some(e) = v.get("error") {
        return Err(format!("{what}: the engine could not evaluate it ({e})"));
    }
    v.get("text")
        .or_else(|| v.get("decoded_text"))
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{what}: no text in {v}"))
}

fn type_id_of(v: &Value) -> Option<i64> {
    v.get("type_id")
        .or_else(|| v.get("decoded_type_id"))
        .and_then(Value::as_f64)
        .map(|f| f as i64)
}

/// One engine's runs over one dialect's cases.
struct EngineRun<'r> {
    engine: &'static str,
    dialect: Dialect,
    style: TextStyle,
    intended: &'r Records,
    decoded: &'r Records,
}

/// Checks one case against one engine's records; `Err` is a mismatch or a missing record.
fn check_case(
    run: &EngineRun<'_>,
    case: &Case,
    explained: &mut Vec<String>,
    seen_types: &mut BTreeSet<i64>,
) -> Result<(), String> {
    let (engine, row) = (run.engine, &case.row);
    let bytes = case
        .bytes
        .as_ref()
        .map_err(|e| format!("the builder failed: {e}"))?;
    let meant = run.intended.get(row.name)?;
    let meant_text = text_of(meant, "the intended GDScript value")?;
    let (expected, expected_type) = match row.decoded_as {
        Some((_, why)) => {
            let v = run.intended.get(&format!("{}@decoded", row.name))?;
            let text = text_of(v, "the decoded_as GDScript value")?;
            explained.push(format!(
                "{engine} {}: meant {meant_text:?}, decoded {text:?}: {why}",
                row.name
            ));
            (text, type_id_of(v))
        }
        None => (meant_text, type_id_of(meant)),
    };
    let got = run.decoded.get(row.name)?;
    if got.get("decoded_error").and_then(Value::as_bool) != Some(false) {
        return Err("the engine could not decode it".into());
    }
    let got_text = text_of(got, "the decoded value")?;
    let got_type = type_id_of(got);
    if let Some(t) = got_type {
        seen_types.insert(t);
    }
    let mut problems = Vec::new();
    if got_text != expected {
        problems.push(format!(
            "the engine decoded\n      {got_text:?}\n    expected\n      {expected:?}"
        ));
    }
    if got_type != expected_type {
        problems.push(format!(
            "the engine decoded type id {got_type:?}, expected {expected_type:?}"
        ));
    }
    if let Some(consumed) = got.get("decoded_consumed").and_then(Value::as_f64) {
        if consumed as usize != bytes.len() {
            problems.push(format!(
                "the engine consumed {consumed} bytes of {}",
                bytes.len()
            ));
        }
    }
    match VariantRef::parse(bytes, run.dialect) {
        Ok(v) => {
            let ours = v.text(run.style).to_string();
            let (want, why) = match row.ours_as {
                Some((text, why)) => (text, Some(why)),
                None => (got_text, None),
            };
            if ours != want {
                problems.push(format!(
                    "our text\n      {ours:?}\n    expected\n      {want:?}"
                ));
            } else if let Some(why) = why {
                explained.push(format!(
                    "{engine} {}: the engine decoded {got_text:?}, our text is {ours:?}: {why}",
                    row.name
                ));
            }
        }
        Err(e) => problems.push(format!("we cannot parse our own bytes: {e}")),
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n    "))
    }
}

fn check_engine(run: &EngineRun<'_>, cases: &[Case]) -> Report {
    let engine = run.engine;
    let mut report = Report::default();
    let mut seen_types = BTreeSet::new();
    for case in cases {
        let result = check_case(run, case, &mut report.explained, &mut seen_types);
        let name = case.row.name;
        match (result, case.row.known_bug) {
            (Ok(()), None) => {}
            (Ok(()), Some(note)) => report.failures.push(format!(
                "{engine} {name}: marked known_bug ({note}) but passes now: remove the note"
            )),
            (Err(e), None) => report.failures.push(format!("{engine} {name}: {e}")),
            (Err(e), Some(note)) => report
                .known_bugs
                .push(format!("{engine} {name}: KNOWN BUG ({note}): {e}")),
        }
        report.checked += 1;
    }
    let type_count: i64 = match run.dialect {
        Dialect::Godot3 => 27,
        _ => 39,
    };
    let missing: Vec<i64> = (0..type_count)
        .filter(|t| !seen_types.contains(t))
        .collect();
    if !missing.is_empty() {
        report.failures.push(format!(
            "{engine}: no case decodes to the type ids {missing:?}: every type must be covered"
        ));
    }
    report
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_decode_what_the_builder_writes() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let started = Instant::now();
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("oracle");
    let _ = std::fs::remove_dir_all(&root);
    let g4_dir = root.join("g4");
    let g3_dir = root.join("g3");
    let g4 = prepare(&g4_dir, Dialect::Godot4, godot4_rows());
    let g3 = prepare(&g3_dir, Dialect::Godot3, godot3_rows());

    // Six engine runs, in parallel: (intended, decoded) for g4, g32 and g36.
    let jobs: [(&str, &Path); 3] = [("g4", &g4_dir), ("g32", &g3_dir), ("g36", &g3_dir)];
    let results: Vec<(Records, Records)> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&(engine, dir)| {
                let (oracle, root) = (&oracle, &root);
                let a = s.spawn(move || {
                    intended(oracle, engine, dir, &root.join(format!("home-{engine}-i")))
                });
                let b = s.spawn(move || {
                    decoded(oracle, engine, dir, &root.join(format!("home-{engine}-d")))
                });
                (a, b)
            })
            .collect();
        handles
            .into_iter()
            .map(|(a, b)| (a.join().unwrap(), b.join().unwrap()))
            .collect()
    });

    let mut failures = Vec::new();
    let mut summary = String::new();
    for ((engine, _), (meant, got)) in jobs.iter().zip(&results) {
        let (dialect, style, cases) = match *engine {
            "g4" => (Dialect::Godot4, TextStyle::Godot4, &g4),
            "g32" => (Dialect::Godot3, TextStyle::Godot32, &g3),
            _ => (Dialect::Godot3, TextStyle::Godot36, &g3),
        };
        let run = EngineRun {
            engine,
            dialect,
            style,
            intended: meant,
            decoded: got,
        };
        let report = check_engine(&run, cases);
        let _ = writeln!(
            summary,
            "oracle {engine}: {} cases, {} failures, {} known bugs, {} explained differences",
            report.checked,
            report.failures.len(),
            report.known_bugs.len(),
            report.explained.len()
        );
        for line in report.explained.iter().chain(&report.known_bugs) {
            let _ = writeln!(summary, "  {line}");
        }
        failures.extend(report.failures);
    }
    let _ = writeln!(
        summary,
        "oracle: {:.1} s, files in {}",
        started.elapsed().as_secs_f64(),
        root.display()
    );
    support::report("oracle", &summary);
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
