//! What issue 40's fixes write, read back by the real engines: every small math value
//! Godot 4 stored with `store_var` (`tests/fixtures/store_math`), edited with `set` (the
//! ambiguous ones once told the dialect), reads in Godot 4 as the new value; and the
//! README's jq recipe (`json --plain | jq | from-json --like`) on a compressed and an
//! encrypted save writes a file the engine opens through the same container.

use crate::common;
use crate::containers_oracle::engine_reads;
use crate::engines::{self, Case, Function, Outcome};
use crate::support::containers::{fixture, ok, stdout, Scratch};
use crate::support::{gdvariant, other_value};

use std::io::Write;
use std::process::{Command, Stdio};

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn godot_4_reads_every_edited_small_math_value() {
    let tools = engines::require(&["g4"]);
    let dir = Scratch::new("engines-store-math");
    let fixtures = common::fixtures_dir().join("store_math");
    let rows = std::fs::read_to_string(fixtures.join("cases.jsonl")).unwrap();
    let mut cases = Vec::new();
    let mut wanted = Vec::new();
    for row in rows.lines() {
        let row: serde_json::Value = serde_json::from_str(row).unwrap();
        let name = row["name"].as_str().unwrap();
        let new = other_value(row["type_name"].as_str().unwrap());
        let path = dir.path(&format!("{name}.sav"));
        std::fs::copy(fixtures.join(row["file"].as_str().unwrap()), &path).unwrap();
        // Ambiguous or not, with the dialect named the edit is written.
        ok(gdvariant(&["-q", "set", "--dialect", "4", &path, "", new]));
        cases.push(Case {
            name: name.to_string(),
            bytes: std::fs::read(&path).unwrap(),
            function: Function::GetVar,
            full_objects: false,
        });
        wanted.push(new);
    }
    assert_eq!(cases.len(), 21);
    let (outcomes, _) = engines::decode_all(
        &tools,
        "g4",
        &engines::scratch("store_math_g4"),
        &cases,
        120,
    );
    for ((case, want), outcome) in cases.iter().zip(&wanted).zip(&outcomes) {
        match outcome {
            Outcome::Accepted { text, .. } => assert_eq!(text, want, "{}", case.name),
            other => panic!("{}: {other:?}", case.name),
        }
    }
}

/// `json --plain SAVE | jq '.player.hp = 120' | from-json --like SAVE - OUT`, in Rust.
fn heal(save: &str, out: &str, secret: &[&str]) {
    let mut args = vec!["-q", "json", "--plain", save];
    args.extend_from_slice(secret);
    let json = stdout(&ok(gdvariant(&args)));
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    value["player"]["hp"] = 120.into();
    let mut args = vec!["-q", "from-json", "--like", save, "-", out];
    args.extend_from_slice(secret);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gdvariant"))
        .args(&args)
        .env_remove("GDVARIANT_PASSWORD")
        .env_remove("GDVARIANT_KEY")
        .env_remove("GDVARIANT_GODOT")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let mut stdin = stdin;
    stdin
        .write_all(&serde_json::to_vec(&value).unwrap())
        .unwrap();
    drop(stdin);
    ok(child.wait_with_output().unwrap());
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_open_the_save_the_readme_recipe_heals() {
    let tools = engines::require(&["g32", "g36", "g4"]);
    let dir = Scratch::new("engines-heal");
    // An ASCII password: Godot 3's OS.get_environment, which the read script uses, does
    // not decode UTF-8.
    let password = "hunter2-plain";
    for engine in ["g32", "g36", "g4"] {
        let style = match engine {
            "g32" => "3.2",
            "g36" => "3.6",
            _ => "4",
        };
        let save = fixture(engine, "save__gcpf_zstd.bin");
        let healed = dir.path(&format!("{engine}_healed.sav"));
        heal(&save, &healed, &[]);
        let shown = stdout(&ok(gdvariant(&[
            "-q",
            "show",
            "--text-style",
            style,
            &healed,
        ])));
        assert!(shown.contains("\"hp\": 120"), "{engine}: {shown}");
        let read = engine_reads(&tools, engine, "compressed:zstd", &healed).unwrap();
        assert_eq!(read, [shown.trim_end().to_string()], "{engine}: zstd");
        // The same through an encrypted save of the engine's layout.
        let plain = dir.path(&format!("{engine}_plain.sav"));
        ok(gdvariant(&["-q", "unpack", &save, &plain]));
        let locked = dir.path(&format!("{engine}_locked.sav"));
        let dialect = if engine == "g4" { "4" } else { "3" };
        ok(gdvariant(&[
            "-q",
            "pack",
            "--dialect",
            dialect,
            "--password",
            password,
            &plain,
            &locked,
        ]));
        let healed = dir.path(&format!("{engine}_healed_locked.sav"));
        heal(&locked, &healed, &["--password", password]);
        let read = engine_reads(&tools, engine, &format!("pass:{password}"), &healed).unwrap();
        assert_eq!(read, [shown.trim_end().to_string()], "{engine}: encrypted");
    }
}
