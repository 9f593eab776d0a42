//! `gdvariant set` on the 8.3 MB save game Godot 4.6.3 wrote, read back by the engine
//! (`tools/engines/decode.sh`): it sees the change and nothing else.

use crate::common;
use crate::engines;
use crate::support;

use std::process::Command;

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engine_reads_the_edit_and_sees_only_the_change() {
    let oracle = engines::require(&["g4"]);
    let dir = engines::scratch("cli_edit");
    let path = common::fixtures_dir().join("g4-large/large_savegame_10mb.bin");
    let original = std::fs::read(&path).unwrap();
    let file = dir.join("save.bin");
    std::fs::write(&file, &original).unwrap();
    let r = support::gdvariant(&[
        "-q",
        "set",
        file.to_str().unwrap(),
        "chunks/1234/entities/7/hp",
        "999",
    ]);
    assert!(r.status.success());
    let out = Command::new("bash")
        .arg(oracle.join("decode.sh"))
        .arg("g4")
        .arg(&file)
        .env("GODOT_TIMEOUT", "300")
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout);
    let decoded = log
        .lines()
        .filter_map(|l| l.strip_prefix("ORACLE-JSON "))
        .map(|json| serde_json::from_str::<serde_json::Value>(json).unwrap())
        .find(|v| v["name"] == "plain")
        .unwrap_or_else(|| panic!("no text from the engine:\n{}", &log[..log.len().min(2000)]));
    assert_eq!(decoded["decoded_error"], false, "{decoded}");
    let engine_text = decoded["decoded_text"].as_str().unwrap();
    let before = std::fs::read_to_string(path.with_extension("txt")).unwrap();
    let changed: Vec<(&str, &str)> = before
        .lines()
        .zip(engine_text.lines())
        .filter(|(a, b)| a != b)
        .collect();
    assert_eq!(before.lines().count(), engine_text.lines().count());
    assert_eq!(changed, [("\"hp\": 70,", "\"hp\": 999,")]);
    std::fs::remove_dir_all(&dir).ok();
}
