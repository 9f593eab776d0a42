//! `gdvariant scan` on the real binary: Objects with a script attached as Godot 3 and 4
//! wrote them (`tests/fixtures/scan/`), in a file of frames too, the engines' ConfigFiles
//! (nothing runs), exit codes 0, 1 and 4, and `--json`.

use crate::common;
use crate::support;

use support::run;

const PASSWORD: &str = "pässwörd-🔑-Ключ";

fn path(rest: &str) -> String {
    common::fixtures_dir().join(rest).display().to_string()
}

#[test]
fn scripted_objects_exit_1() {
    let g4 = path("scan/g4_script_object__fo.bin");
    let g36 = path("scan/g36_script_object__fo.bin");
    let (code, out, err) = run(&["-q", "scan", &g4, &g36]);
    assert_eq!((code, err.as_str()), (1, ""));
    assert_eq!(
        out,
        format!(
            "{g4}: loading it would run code (2 findings)\n\
             \x20 ! player/items/1/script: a RefCounted with a script attached: \"res://mods/evil.gd\"\n\
             \x20 ! player/items/1/script: loads the script res://mods/evil.gd (in res://)\n\
             {g36}: loading it would run code (2 findings)\n\
             \x20 ! player/items/1/script: a Reference with a script attached: Object(GDScript)\n\
             \x20 ! player/items/1/script/\"script/source\": an embedded GDScript (2 lines, \
             sha256 c71f3964cae4e7b3aff0a2b806f562bb03427fff90693e104bc86f3bd93f8e47)\n"
        )
    );
}

#[test]
fn config_files_and_plain_saves_exit_0() {
    let files = [
        path("resources/g4/settings.cfg"),
        path("resources/g36/settings.cfg"),
        path("resources/g4/settings_pass.cfg"),
        path("resources/g4/empty.cfg"),
        path("g32/object_in_array__fo.bin"),
    ];
    let mut args = vec!["-q", "scan", "--password", PASSWORD];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!((code, err.as_str()), (0, ""));
    let expected: String = files
        .iter()
        .map(|f| format!("{f}: nothing would run\n"))
        .collect();
    assert_eq!(out, expected);
}

#[test]
fn frames_are_numbered() {
    let dir = std::env::temp_dir().join(format!("gdvariant-scan-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut save = std::fs::read(path("g4/w_int64__store_var.bin")).unwrap();
    let scripted = std::fs::read(path("scan/g4_script_object__fo.bin")).unwrap();
    save.extend_from_slice(&(scripted.len() as u32).to_le_bytes());
    save.extend_from_slice(&scripted);
    let file = dir.join("save.dat");
    std::fs::write(&file, &save).unwrap();
    let (code, out, _) = run(&["-q", "scan", file.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(
        out.contains("\n  ! #1/player/items/1/script: a RefCounted with a script attached"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_reports_one_line_per_file_and_errors_exit_4() {
    let g4 = path("scan/g4_script_object__fo.bin");
    let cfg = path("resources/g4/settings.cfg");
    let missing = path("scan/no_such_file.bin");
    let (code, out, err) = run(&["-q", "scan", "--json", &g4, &cfg, &missing]);
    assert_eq!(code, 4);
    assert!(err.starts_with(&format!("gdvariant: {missing}: ")), "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["file"], g4.as_str());
    assert_eq!(lines[0]["runs_code"], true);
    assert_eq!(
        lines[0]["findings"][1],
        serde_json::json!({
            "kind": "script_reference",
            "runs_code": true,
            "location": {"part": "value", "frame": null, "path": "player/items/1/script"},
            "path": "res://mods/evil.gd",
            "path_kind": "res"
        })
    );
    assert_eq!(
        lines[1],
        serde_json::json!({"file": cfg, "runs_code": false, "reaches_outside": false, "findings": []})
    );
    assert_eq!(lines[2]["file"], missing.as_str());
    assert!(lines[2]["error"].as_str().unwrap().starts_with(&missing));
}

#[test]
fn encrypted_without_a_key_is_a_usage_error() {
    let (code, _, err) = run(&["-q", "scan", &path("resources/g4/settings_pass.cfg")]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn a_malformed_text_resource_is_exit_4() {
    let dir = std::env::temp_dir().join(format!("gdvariant-scan-tres-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("broken.tres");
    std::fs::write(
        &file,
        "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nx = [\n",
    )
    .unwrap();
    let (code, _, err) = run(&["-q", "scan", file.to_str().unwrap()]);
    assert_eq!(code, 4);
    assert!(err.contains("malformed resource"), "{err}");
}

#[test]
fn saves_in_containers_are_scanned_inside() {
    let dir = std::env::temp_dir().join(format!("gdvariant-scan-gdec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let packed = dir.join("save.gdec");
    let (code, _, err) = run(&[
        "-q",
        "pack",
        &path("scan/g36_script_object__fo.bin"),
        packed.to_str().unwrap(),
        "--password",
        "hunter2",
        "--dialect",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = run(&[
        "-q",
        "scan",
        packed.to_str().unwrap(),
        "--password",
        "hunter2",
    ]);
    assert_eq!((code, err.as_str()), (1, ""));
    assert!(
        out.ends_with("  ! player/items/1/script: a Reference with a script attached: Object(GDScript)\n  ! player/items/1/script/\"script/source\": an embedded GDScript (2 lines, sha256 c71f3964cae4e7b3aff0a2b806f562bb03427fff90693e104bc86f3bd93f8e47)\n"),
        "{out}"
    );
    let (code, _, _) = run(&[
        "-q",
        "scan",
        packed.to_str().unwrap(),
        "--password",
        "wrong",
    ]);
    assert_eq!(code, 4);
    let _ = std::fs::remove_dir_all(&dir);
}
