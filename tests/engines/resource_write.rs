//! The engines read the resources we write as they read their own (issue 42): for each
//! engine (Godot 3.2.3, 3.6.2, 4.6.3) and each fixture resource, the `.res` that
//! `Document::to_binary` writes from the engine's `.tres`, and the `.tres` that
//! `Document::to_text` writes from the engine's `.res`, are loaded by the real engine
//! (`tools/engines/read_resource.sh`), which must print exactly what it prints for its own
//! file of the same resource. Each file is written under the original's name, beside
//! copies of the script and external resource it refers to, so the paths printed agree.
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::common;
use crate::support;

use std::path::Path;
use std::process::Command;

use gdvariant::resource::{BinaryResource, BinaryWriteOptions, TextResource};
use gdvariant::text::TextStyle;
use gdvariant::Dialect;

/// The fixtures each engine wrote in both forms (the embedded-script canary is left out:
/// loading it runs its code). Scenes are read from binary to text only.
const RESOURCES: [(&str, &str); 4] = [
    ("custom_full", "res"),
    ("gradient", "res"),
    ("mesh_quad", "res"),
    ("scene_2d", "scn"),
];

/// What the engine printed for `file` (its ORACLE lines), or its error output.
fn engine_reads(tools: &Path, engine: &str, file: &Path) -> Vec<String> {
    let out = Command::new("bash")
        .arg(tools.join("read_resource.sh"))
        .arg(engine)
        .arg(file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<String> = stdout
        .lines()
        .filter(|l| l.starts_with("ORACLE-"))
        .map(|l| zero_padding(l, engine))
        .collect();
    assert!(
        lines.last().map(String::as_str) == Some("ORACLE-END")
            && !lines.iter().any(|l| l.starts_with("ORACLE-ERROR")),
        "{engine} {}: {stdout}\n{}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    lines
}

/// The line with the NodePath padding in its `bytes:` field zeroed: Godot 3 leaves it
/// uninitialised, so two readings of the same NodePath differ there.
fn zero_padding(line: &str, engine: &str) -> String {
    let Some((tag, json)) = line.split_once(' ') else {
        return String::from(line);
    };
    let Ok(serde_json::Value::Array(mut fields)) = serde_json::from_str(json) else {
        return String::from(line);
    };
    if let Some(serde_json::Value::String(last)) = fields.last_mut() {
        if let Some(hex) = last.strip_prefix("bytes:") {
            let mut bytes: Vec<u8> = (0..hex.len() / 2)
                .map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).unwrap())
                .collect();
            let dialect = if engine == "g4" {
                Dialect::Godot4
            } else {
                Dialect::Godot3
            };
            common::zero_node_path_padding(&mut bytes, dialect);
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            *last = format!("bytes:{hex}");
        }
    }
    format!("{tag} {}", serde_json::Value::Array(fields))
}

/// A scratch folder holding the files `name` refers to, and `bytes` as `name`.
fn beside_references(dir: &Path, engine: &str, name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let fixtures = common::fixtures_dir().join("resources").join(engine);
    std::fs::create_dir_all(dir).unwrap();
    for f in ["custom_res.gd", "ext_target.tres"] {
        std::fs::copy(fixtures.join(f), dir.join(f)).unwrap();
    }
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// Equal line lists, or a failure naming the first line that differs.
fn same(ours: &[String], theirs: &[String], what: &str) {
    for (o, t) in ours.iter().zip(theirs) {
        assert_eq!(o, t, "{what}: first differing line");
    }
    assert_eq!(ours.len(), theirs.len(), "{what}: line count");
}

fn style(engine: &str) -> TextStyle {
    match engine {
        "g32" => TextStyle::Godot32,
        "g36" => TextStyle::Godot36,
        _ => TextStyle::Godot4,
    }
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_read_our_res_and_tres_as_their_own() {
    let tools = support::require(&["g32", "g36", "g4"]);
    let root = support::scratch("resource_write");
    for engine in ["g32", "g36", "g4"] {
        let fixtures = common::fixtures_dir().join("resources").join(engine);
        for (name, ext) in RESOURCES {
            // .tres → our .res (.tscn → our .scn)
            let t = if ext == "scn" { "tscn" } else { "tres" };
            let text = std::fs::read_to_string(fixtures.join(format!("{name}.{t}"))).unwrap();
            let doc = TextResource::parse(&text).unwrap().document().clone();
            let minor = if engine == "g32" { 2 } else { 6 };
            let ours = doc
                .to_binary_with(&BinaryWriteOptions::new().engine_minor(minor))
                .unwrap();
            let file = format!("{name}.{ext}");
            let path = beside_references(&root.join(engine).join("res"), engine, &file, &ours);
            same(
                &engine_reads(&tools, engine, &path),
                &engine_reads(&tools, engine, &fixtures.join(format!("{name}.{t}"))),
                &format!("{engine}: our {file} from {name}.{t}"),
            );
            // Godot 4's text keeps every digit: its own .res reads the same too. (Godot 3's
            // text writes 6 significant digits, so its .tres and .res differ in floats.)
            if engine == "g4" {
                same(
                    &engine_reads(&tools, engine, &path),
                    &engine_reads(&tools, engine, &fixtures.join(&file)),
                    &format!("{engine}: our {file} against the engine's"),
                );
            }
        }
        for file in [
            "custom_full.res",
            "gradient.res",
            "mesh_quad.res",
            "scene_2d.scn",
        ] {
            // .res → our .tres
            let bytes = std::fs::read(fixtures.join(file)).unwrap();
            let doc = BinaryResource::parse(&bytes)
                .unwrap()
                .to_document()
                .unwrap();
            let text = doc.to_text_with(style(engine));
            let tres = file.replace(".res", ".tres").replace(".scn", ".tscn");
            let path = beside_references(
                &root.join(engine).join("tres"),
                engine,
                &tres,
                text.as_bytes(),
            );
            same(
                &engine_reads(&tools, engine, &path),
                &engine_reads(&tools, engine, &fixtures.join(&tres)),
                &format!("{engine}: our {tres} from {file}"),
            );
        }
    }
}
