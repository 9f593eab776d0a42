//! ConfigFiles, resources and scenes that `gdvariant set` and `convert` wrote, loaded by the
//! real engines (`tools/engines/read_resource.sh`): each reads our file exactly as it
//! reads its own, but for the value we changed.

use crate::common;
use crate::engines;
use crate::support;

use std::path::{Path, PathBuf};
use std::process::Command;

const PASSWORD: &str = "pässwörd-🔑-Ключ";
const KEY: &str = "0b30557a9fc4e90e33587da2c7ec11365b80a5caef14395e83a8cdf2173c6186";

fn fixture(engine: &str, file: &str) -> PathBuf {
    common::fixtures_dir()
        .join("resources")
        .join(engine)
        .join(file)
}

/// The engine's reading of `file` (`ORACLE-…` lines), `secret` for an encrypted ConfigFile.
fn reading(tools: &Path, engine: &str, file: &Path, secret: Option<&str>) -> Vec<String> {
    let mut command = Command::new("bash");
    command
        .arg(tools.join("read_resource.sh"))
        .arg(engine)
        .arg(file);
    if let Some(secret) = secret {
        command.arg(secret);
    }
    let out = command.env("GODOT_TIMEOUT", "120").output().unwrap();
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(
        lines.last().map(String::as_str),
        Some("ORACLE-END"),
        "{engine} {file:?}: {lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("ORACLE-ERROR")),
        "{engine} {file:?}: {lines:?}"
    );
    lines
}

/// A scratch folder holding copies of every fixture of `engine` (scripts and external
/// resources resolve beside the file the engine loads).
fn folder(engine: &str, name: &str) -> PathBuf {
    let dir = engines::scratch(&format!("cli_res_{engine}_{name}"));
    for entry in std::fs::read_dir(fixture(engine, "")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
    }
    dir
}

fn gdvariant(args: &[&str]) {
    let out = support::gdvariant(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Godot 3 leaves a NodePath's padding bytes uninitialised in `var2bytes`: the `bytes:`
/// field of a value holding a NodePath is dropped before lines are compared.
fn stable(line: &str) -> String {
    match (line.contains("NodePath("), line.rfind(",\"bytes:")) {
        (true, Some(at)) => format!("{}]", &line[..at]),
        _ => line.to_string(),
    }
}

fn changed(before: &[String], after: &[String]) -> Vec<(String, String)> {
    assert_eq!(before.len(), after.len(), "{before:?}\n{after:?}");
    let before: Vec<String> = before.iter().map(|l| stable(l)).collect();
    let after: Vec<String> = after.iter().map(|l| stable(l)).collect();
    before
        .into_iter()
        .zip(after)
        .filter(|(a, b)| a != b)
        .collect()
}

/// `set` in a ConfigFile, plain, with a password and with a key: the engine reads the new
/// value and every other key as before. (Godot 3.2.3 cannot read its own settings.cfg:
/// its writer leaves the key `quote"key` unquoted.)
#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_read_edited_config_files() {
    let tools = engines::require(&["g36", "g4"]);
    for engine in ["g36", "g4"] {
        let dir = folder(engine, "cfg");
        for (file, secret, flag) in [
            ("settings.cfg", None, None),
            (
                "settings_pass.cfg",
                Some(format!("pass:{PASSWORD}")),
                Some(["--password", PASSWORD]),
            ),
            (
                "settings_key.cfg",
                Some(format!("key:{KEY}")),
                Some(["--key", KEY]),
            ),
        ] {
            let path = dir.join(file);
            let before = reading(&tools, engine, &path, secret.as_deref());
            let mut args = vec!["-q", "set", path.to_str().unwrap(), "display/width", "1280"];
            if let Some(flag) = &flag {
                args.extend_from_slice(flag);
            }
            gdvariant(&args);
            let after = reading(&tools, engine, &path, secret.as_deref());
            let want = |v: &str| match engine {
                "g4" => format!("ORACLE-KEY [\"display\",\"width\",\"{v}\"]"),
                _ => format!(
                    "ORACLE-KEY [\"display\",\"width\",\"{v}\",\"bytes:02000000{}\"]",
                    if v == "1920" { "80070000" } else { "00050000" }
                ),
            };
            assert_eq!(
                changed(&before, &after),
                [(want("1920"), want("1280"))],
                "{engine} {file}"
            );
        }
    }
}

/// `set` in a `.tres` and a `.tscn`: the engine reads the new value and nothing else
/// changed.
#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_read_edited_text_resources() {
    let tools = engines::require(&["g32", "g36", "g4"]);
    for engine in ["g32", "g36", "g4"] {
        let dir = folder(engine, "tres");
        let path = dir.join("custom_full.tres");
        let before = reading(&tools, engine, &path, None);
        gdvariant(&["-q", "set", path.to_str().unwrap(), "i", "7"]);
        let after = reading(&tools, engine, &path, None);
        let diff = changed(&before, &after);
        assert_eq!(diff.len(), 1, "{engine}: {diff:?}");
        assert!(
            diff[0].0.starts_with("ORACLE-PROP [\"\",\"i\",\"-42\""),
            "{diff:?}"
        );
        assert!(
            diff[0].1.starts_with("ORACLE-PROP [\"\",\"i\",\"7\""),
            "{diff:?}"
        );
        let scene = dir.join("scene_2d.tscn");
        let before = reading(&tools, engine, &scene, None);
        gdvariant(&[
            "-q",
            "set",
            scene.to_str().unwrap(),
            "node:SpawnTimer/wait_time",
            "4.0",
        ]);
        let after = reading(&tools, engine, &scene, None);
        let diff = changed(&before, &after);
        assert_eq!(diff.len(), 1, "{engine}: {diff:?}");
        assert!(diff[0].1.contains("\"wait_time\",\"4"), "{diff:?}");
    }
}

/// `convert` of every binary fixture to text: the engine reads our `.tres`/`.tscn` as it
/// reads its own text file of the same resource, and in Godot 4 also as it reads the
/// binary original. (Godot 3's text form is lossy in the engine itself: reals with 6
/// significant digits, dictionaries in sorted key order; its own `.tres` reads back so.)
#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_read_converted_text_as_their_own() {
    let tools = engines::require(&["g32", "g36", "g4"]);
    for engine in ["g32", "g36", "g4"] {
        let dir = folder(engine, "convert");
        for (binary, text) in [
            ("custom_full.res", "custom_full.tres"),
            ("custom_full_z.res", "custom_full.tres"),
            ("gradient.res", "gradient.tres"),
            ("mesh_quad.mesh", "mesh_quad.tres"),
            ("scene_2d.scn", "scene_2d.tscn"),
        ] {
            let from = dir.join(binary);
            let to = dir.join(format!("ours_{binary}.{}", &text[text.len() - 4..]));
            gdvariant(&[
                "-q",
                "convert",
                from.to_str().unwrap(),
                to.to_str().unwrap(),
            ]);
            let ours = reading(&tools, engine, &to, None);
            let theirs = reading(&tools, engine, &dir.join(text), None);
            assert_eq!(changed(&theirs, &ours), [], "{engine} {binary}");
            if engine == "g4" {
                let binary_reading = reading(&tools, engine, &from, None);
                assert_eq!(changed(&binary_reading, &ours), [], "{engine} {binary}");
            }
        }
    }
}

/// `convert` of every text fixture to binary and to compressed binary (`RSCC`), and `set`
/// in a binary file: the engine reads ours as it reads its own text file (and the edit).
#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_read_converted_and_edited_binary_files() {
    let tools = engines::require(&["g32", "g36", "g4"]);
    for engine in ["g32", "g36", "g4"] {
        let dir = folder(engine, "tobinary");
        for (text, ext) in [
            ("custom_full.tres", "res"),
            ("gradient.tres", "res"),
            ("mesh_quad.tres", "res"),
            ("scene_2d.tscn", "scn"),
        ] {
            let from = dir.join(text);
            let theirs = reading(&tools, engine, &from, None);
            for form in ["binary", "compressed"] {
                let to = dir.join(format!("ours_{form}_{text}.{ext}"));
                let (from_s, to_s) = (from.to_str().unwrap(), to.to_str().unwrap());
                gdvariant(&["-q", "convert", "--to", form, from_s, to_s]);
                let ours = reading(&tools, engine, &to, None);
                assert_eq!(changed(&theirs, &ours), [], "{engine} {text} {form}");
            }
        }
        let binary = dir.join("custom_full.res");
        let before = reading(&tools, engine, &binary, None);
        gdvariant(&["-q", "set", binary.to_str().unwrap(), "i", "7"]);
        let after = reading(&tools, engine, &binary, None);
        let diff = changed(&before, &after);
        assert_eq!(diff.len(), 1, "{engine}: {diff:?}");
        assert!(
            diff[0].1.starts_with("ORACLE-PROP [\"\",\"i\",\"7\""),
            "{diff:?}"
        );
    }
}
