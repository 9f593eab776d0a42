//! The malformed-input table (`tests/malformed_table/`) holds for us: every row's recorded
//! answer is what we do, every disagreement with an engine's recorded answer has its `why`,
//! and no `why` is stale. The engine columns are data in the rows, so this runs anywhere;
//! `tests/engines/malformed.rs` re-measures them with the real engines. The disagreements
//! are listed on stderr (`GDVARIANT_TABLES=1`).

use crate::common;
use crate::malformed_table::*;

use std::fmt::Write as _;

use gdvariant::Dialect;

#[test]
fn the_table_holds_without_the_engines() {
    let rows = rows();
    let mut names = std::collections::HashSet::new();
    let mut failures = Vec::new();
    let mut table = String::new();
    let mut disagreements = String::new();
    let mut classes = std::collections::BTreeSet::new();
    let _ = writeln!(
        table,
        "{:<28} {:<52} {:<38} {:<5} engine",
        "class", "row", "ours", "agree"
    );
    for row in &rows {
        assert!(names.insert(row.name), "two rows named {}", row.name);
        classes.insert(row.class);
        let bytes = (row.bytes)();
        let ours = row.run_ours(&bytes, None);
        match &row.ours {
            None => failures.push(format!("{}: no recorded ours (we do {ours:?})", row.name)),
            Some(recorded) if *recorded != ours => failures.push(format!(
                "{}: the table says we do {recorded:?}, we do {ours:?}",
                row.name
            )),
            Some(_) => {}
        }
        let wanted: Vec<&str> = common::engines(row.dialect).to_vec();
        let have: Vec<&str> = row.engines.iter().map(|(e, _)| *e).collect();
        if have != wanted {
            failures.push(format!(
                "{}: engine columns {have:?}, expected {wanted:?}",
                row.name
            ));
        }
        let mut any_disagreement = false;
        for (engine, outcome) in &row.engines {
            let ours_here = row.run_ours(&bytes, Some(common::style(engine)));
            let agree = agrees(&ours_here, outcome);
            any_disagreement |= !agree;
            let _ = writeln!(
                table,
                "{:<28} {:<52} {:<38} {:<5} {engine}: {}",
                row.class,
                row.name,
                ours_summary(&ours_here),
                if agree { "yes" } else { "NO" },
                engine_summary(outcome)
            );
            if !agree {
                let _ = writeln!(
                    disagreements,
                    "  {} ({engine}): ours {}, engine {}\n    why: {}",
                    row.name,
                    ours_summary(&ours_here),
                    engine_summary(outcome),
                    row.why.unwrap_or("MISSING")
                );
            }
        }
        match (any_disagreement, row.why) {
            (true, None) => failures.push(format!(
                "{}: we and the engine disagree, but the row has no `why`",
                row.name
            )),
            (false, Some(_)) => failures.push(format!(
                "{}: everyone agrees now: remove the stale `why`",
                row.name
            )),
            _ => {}
        }
    }
    if classes.len() < 25 {
        failures.push(format!("only {} classes of bad input", classes.len()));
    }
    common::report(
        "malformed",
        &format!(
            "{table}\nmalformed: {} rows, {} classes\ndisagreements with the engines:\n{disagreements}\n",
            rows.len(),
            classes.len()
        ),
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Writes the table as the Python and JavaScript packages' tests read it, to the file named
/// by `GDVARIANT_MALFORMED_EXPORT`: one JSON object per row, with the bytes in hex and what
/// we do. Not a check (so ignored by default): `python/tests/conftest.py` and
/// `js/scripts/export-malformed.mjs` run it, `cargo test --test it -- --ignored
/// malformed::export_table`, and the packages' tests assert that they do what the table
/// says.
#[test]
#[ignore = "an exporter for the Python and JavaScript tests (python/tests/conftest.py, js/scripts/export-malformed.mjs)"]
fn export_table() {
    let godot = |d: Dialect| match d {
        Dialect::Godot3 => serde_json::json!(3),
        Dialect::Godot4 => serde_json::json!(4),
        Dialect::PandemoniumA => serde_json::json!("pm-a"),
        Dialect::PandemoniumB => serde_json::json!("pm-b"),
        _ => serde_json::json!("pm-c"),
    };
    let mut lines = String::new();
    for row in rows() {
        let bytes = (row.bytes)();
        let ours = match row.run_ours(&bytes, None) {
            Ours::Err(kind, offset) => {
                let kind = format!("{kind:?}");
                let kind = kind.split('(').next().unwrap_or("").to_owned();
                serde_json::json!({"error": kind, "offset": offset})
            }
            Ours::Ok(text) => serde_json::json!({"text": text}),
            Ours::OkDigest(len, _) => serde_json::json!({"text_len": len}),
            Ours::Incomplete(needed) => serde_json::json!({"incomplete": needed}),
        };
        let input = match row.input {
            Input::Value => "value",
            Input::StoreVarGetVar => "store_var",
            Input::StoreVarPayload => "store_var_payload",
        };
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let line = serde_json::json!({
            "name": row.name,
            "class": row.class,
            "godot": godot(row.dialect),
            "input": input,
            "allow_objects": !row.refuse_objects,
            "bytes": hex,
            "ours": ours,
        });
        lines.push_str(&line.to_string());
        lines.push('\n');
    }
    let path = std::env::var_os("GDVARIANT_MALFORMED_EXPORT")
        .expect("set GDVARIANT_MALFORMED_EXPORT to the file to write");
    std::fs::write(&path, &lines).expect("write the exported table");
}
