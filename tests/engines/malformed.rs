//! The real engines still do what the malformed table (`tests/malformed_table/`) says:
//! every row is decoded again by the engines of its dialect (one run per engine,
//! `support::decode_all`) and their answer must be the recorded one.
//!
//! To re-record the engine columns: `GDVARIANT_MALFORMED_RECORD=1 cargo test --test
//! engines -- --ignored --nocapture malformed::` prints every row's measured data as Rust.

use crate::malformed_table::*;
use crate::support::{self, fnv64, Case, Function, Outcome};

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// The engines' view of a row: its bytes as a case of the batch.
fn case(row: &Row, bytes: Vec<u8>) -> Case {
    Case {
        name: row.name.to_string(),
        bytes,
        function: match row.input {
            Input::Value => Function::Raw,
            Input::StoreVarGetVar => Function::GetVar,
            Input::StoreVarPayload => Function::StripPrefix,
        },
        full_objects: row.engine_objects,
    }
}

/// Rust source for a measured engine outcome (recording mode).
fn eng_source(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Accepted { text, .. } if text.len() > 200 => {
            format!("AcceptDigest({}, {:#x})", text.len(), fnv64(text))
        }
        Outcome::Accepted { text, messages, .. } if !messages.is_empty() => {
            format!("AcceptNoisy({text:?}, {:?})", outcome.message())
        }
        Outcome::Accepted { text, .. } => format!("Accept({text:?})"),
        Outcome::Rejected { .. } => format!("Reject({:?})", outcome.message()),
        Outcome::Crashed { status } => format!("Crash({status})"),
    }
}

fn eng_of(outcome: &Outcome) -> (String, Option<(usize, u64)>) {
    match outcome {
        Outcome::Accepted { text, .. } if text.len() > 200 => {
            (String::new(), Some((text.len(), fnv64(text))))
        }
        Outcome::Accepted { text, .. } => (format!("A:{text}|{}", outcome.message()), None),
        Outcome::Rejected { .. } => (format!("R:{}", outcome.message()), None),
        Outcome::Crashed { status } => (format!("C:{status}"), None),
    }
}

fn recorded_key(e: &Eng) -> (String, Option<(usize, u64)>) {
    match e {
        Accept(t) => (format!("A:{t}|"), None),
        AcceptNoisy(t, m) => (format!("A:{t}|{m}"), None),
        AcceptDigest(n, d) => (String::new(), Some((*n, *d))),
        Reject(m) => (format!("R:{m}"), None),
        Crash(s) => (format!("C:{s}"), None),
        SourceReject(m) => (format!("R:{m}"), None),
        SourceAccept(t) => (format!("A:{t}|"), None),
    }
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_still_do_what_the_table_says() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let started = Instant::now();
    let record = std::env::var("GDVARIANT_MALFORMED_RECORD").as_deref() == Ok("1");
    let rows = rows();
    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("malformed");
    let jobs = ["g32", "g36", "g4"];
    let measured: Vec<(Vec<usize>, Vec<Outcome>, usize)> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&engine| {
                let (rows, oracle, root) = (&rows, &oracle, &root);
                s.spawn(move || {
                    let picked: Vec<usize> = (0..rows.len())
                        .filter(|&i| support::engines(rows[i].dialect).contains(&engine))
                        .collect();
                    let cases: Vec<Case> = picked
                        .iter()
                        .map(|&i| case(&rows[i], (rows[i].bytes)()))
                        .collect();
                    let (outcomes, runs) =
                        support::decode_all(oracle, engine, &root.join(engine), &cases, 120);
                    (picked, outcomes, runs)
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    let mut by_row: Vec<Vec<(&str, &Outcome)>> = vec![Vec::new(); rows.len()];
    let mut runs_note = String::new();
    for (engine, (picked, outcomes, runs)) in jobs.iter().zip(&measured) {
        let _ = write!(
            runs_note,
            " {engine}: {} cases in {runs} run(s);",
            picked.len()
        );
        for (&i, outcome) in picked.iter().zip(outcomes) {
            by_row[i].push((engine, outcome));
        }
    }
    let mut source = String::new();
    for (row, measured) in rows.iter().zip(&by_row) {
        let bytes = (row.bytes)();
        let _ = write!(
            source,
            "        // {}\n        .ours({})",
            row.name,
            match row.run_ours(&bytes, None) {
                Ours::Err(k, o) => format!("Ours::Err(K::{k:?}, {o})"),
                Ours::Ok(t) => format!("Ours::Ok({t:?})"),
                Ours::OkDigest(n, d) => format!("Ours::OkDigest({n}, {d:#x})"),
                Ours::Incomplete(n) => format!("Ours::Incomplete({n})"),
            }
        );
        for (engine, outcome) in measured {
            let _ = write!(source, "\n        .{engine}({})", eng_source(outcome));
            let recorded = row
                .engines
                .iter()
                .find(|(e, _)| e == engine)
                .map(|(_, o)| o);
            match recorded {
                Some(r) if recorded_key(r) == eng_of(outcome) => {}
                Some(r) => failures.push(format!(
                    "{} ({engine}): the table says {}, the engine now does {}",
                    row.name,
                    engine_summary(r),
                    eng_source(outcome)
                )),
                None => failures.push(format!(
                    "{} ({engine}): not in the table; measured {}",
                    row.name,
                    eng_source(outcome)
                )),
            }
        }
        source.push('\n');
    }
    if record {
        let _ = std::io::stderr().write_all(source.as_bytes());
    }
    let _ = writeln!(
        std::io::stderr(),
        "malformed engines: {:.1} s;{runs_note} files in {}",
        started.elapsed().as_secs_f64(),
        root.display()
    );
    assert!(
        failures.is_empty(),
        "{} rows differ from the engines:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
