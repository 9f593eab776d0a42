//! The engines agree with our text parser: each engine reads a table of text literals with
//! its own `str2var` / `str_to_var`, and `gdvariant::text` (with the engine's float
//! conversion and trailing text ignored, as the engine does) writes the same bytes.
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::common;
use crate::support;

use std::fmt::Write as _;
use std::path::Path;
use std::process::Stdio;

use common::zero_node_path_padding;
use gdvariant::text::{self, ReadOptions};
use gdvariant::Dialect;

/// Literals every engine reads the same way as the others, up to its dialect.
const COMMON: &[&str] = &[
    "null",
    "true",
    "false",
    "nil",
    "42",
    "-7",
    "007",
    "-0",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775809",
    "18446744073709551616",
    "2147483648",
    "1.5",
    "-0.0",
    "1e300",
    "0.1",
    "1.",
    "00.5",
    "1e",
    "1.5e",
    "12.5e",
    "99.9e+",
    "100250739757989.17",
    "-3.089900467300506e65",
    "0.30000000000000004",
    "1.7976931348623157e308",
    "1e309",
    "5e-324",
    "2.2250738585072014e-308",
    "1e-308",
    "123456789012345678901234567890",
    "inf",
    "nan",
    "\"a\\nb\\t\\u00e9\\q\\\\\\\"\"",
    "\"raw\nnewline\"",
    "\"\\u0041\\b\\f\\r\"",
    "Vector2(1, 2)",
    "Vector2 ( 1 ,\n 2 )",
    "Vector2(16777217, 0.1)",
    "Vector3(1.5, -2, 3)",
    "Rect2(1, 2, 3, 4)",
    "Transform2D(1, 0, 0, 1, 5, 6)",
    "Matrix32(1, 2, 3, 4, 5, 6)",
    "Plane(0, 1, 0, 2)",
    "Quat(0, 0, 0, 1)",
    "AABB(1, 2, 3, 4, 5, 6)",
    "Rect3(1, 2, 3, 4, 5, 6)",
    "Basis(1, 0, 0, 0, 1, 0, 0, 0, 1)",
    "Matrix3(1, 2, 3, 4, 5, 6, 7, 8, 9)",
    "Transform(1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9)",
    "Color(1, 0.5, 0.25, 1)",
    "Color(2, -1, 1e40, 0)",
    "[#ff000080]",
    "[#f00a]",
    "[#abc]",
    "[#123456]",
    "[#12345]",
    "NodePath(\"/root/Main:position:x\")",
    "NodePath(\"a/b\")",
    "NodePath(\"\")",
    "[1, 2, ]",
    "[]",
    "{}",
    "[[], {}, [[1]]]",
    "{\"a\": 1, \"b\": [1, 2]}",
    "{\"a\": 1, \"a\": 2, \"b\": 3}",
    "{1: 2, 1.0: 3, true: 4}",
    "{nan: 1, nan: 2}",
    "{0.0: 1, -0.0: 2}",
    "{[1]: 1, [1]: 2}",
    "{Vector2(0, 1): 1, Vector2(-0.0, 1): 2}",
    "{Vector2(1, 2): \"v\"}",
    "PoolIntArray(1, 2, 3)",
    "IntArray(2147483648, 1.9, -1.9)",
    "PoolRealArray(1.5, 2, 1e40)",
    "FloatArray()",
    "PoolStringArray(\"a\", \"b\",)",
    "StringArray()",
    "PoolVector2Array(1, 2, 3, 4, 5)",
    "Vector3Array(1, 2, 3)",
    "PoolColorArray(1, 0, 0, 1, 0.5)",
    "PoolByteArray(1, 255, 256, -1, -300, 1.9, -1.9, 300.5)",
    "ByteArray()",
    "; comment\n[1;c\n,2]",
    "[1, 2] trailing",
    "1 2",
    "Vector2(1,2)Vector2(3,4)",
    "\t\r\n 5",
    "\u{1}7",
];

/// Godot 3 only (both 3.2 and 3.6).
const G3_ONLY: &[&str] = &["1E5", "-2.5E-3", "-.5", "-.", "RID(5)", "RID(1.5)"];

/// Godot 3.6 and Godot 4, not 3.2.
const G36_G4: &[&str] = &[
    // Godot 3.2 reads no nan or inf in a constructor.
    "{Vector2(nan, 0): 1, Vector2(nan, 0): 2}",
    "{Vector3(1, -0.0, 2): 1, Vector3(1, 0, 2): 2, Color(nan, 0, 0, 1): 3, Color(nan, 0, 0, 1): 4}",
    "inf_neg",
    "Vector2(inf, nan)",
    "Vector2(0.1, inf_neg)",
    "PackedInt32Array(1, 2)",
    "PackedFloat32Array(0.5)",
    "PackedStringArray(\"x\")",
    "PackedVector2Array(1, 2)",
    "PackedVector3Array(1, 2, 3)",
    "PackedColorArray(1, 1, 1, 1)",
    "PackedByteArray(1, 2)",
];

/// Godot 4 only.
const G4_ONLY: &[&str] = &[
    "1E5",
    "-inf",
    "Vector2i(1.7, -1.7)",
    "Vector2i(2147483648, -2147483649)",
    "Vector2i(inf, nan)",
    "Rect2i(1.5, 2.5, -3.5, 4e9)",
    "Vector3i(1, 2, 3)",
    "Vector4(1, 2, 3, 4)",
    "Vector4i(1, 2, 3, 4)",
    "Quaternion(0, 0, 0, 1)",
    "Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 7, 8, 9)",
    "Projection(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)",
    "&\"name\"",
    "@\"legacy\"",
    "{&\"a\": 1, \"a\": 2}",
    "{{}: 1, {}: 2}",
    "\"\\U01F600\"",
    "\"\\ud83d\\ude00\"",
    "\"\\u0000\"",
    "Array[int]([1, 2.5])",
    "Array[int]([\"a\"])",
    "Array[float]([1, true])",
    "Array[bool]([1, 0, 2])",
    "Array[String]([&\"a\"])",
    "Array[StringName]([\"a\"])",
    "Array[NodePath]([\"a\"])",
    "Array [ int ] ( [ 1 , 2 , ] )",
    "Array[Variant]([1])",
    "Array[Array]([Array[int]([1])])",
    "Dictionary[String, int]({\"a\": 1})",
    "Dictionary[StringName, int]({\"a\": 1})",
    "Dictionary[int, float]({1: 2})",
    "Dictionary[String, int]({1: 1})",
    "Dictionary[Variant, int]({\"k\": 1})",
    "PackedByteArray(\"AQID\")",
    "PackedByteArray(\"\")",
    "PackedByteArray(inf, 1)",
    "PackedInt64Array(1, 2, 9223372036854775807, 1e19)",
    "PackedFloat64Array(0.1, 1e300)",
    "PackedVector4Array(1, 2, 3, 4)",
    "PackedIntArray(1)",
    "PackedRealArray(2)",
    "Vector4Array(1, 2, 3, 4)",
    "RID(5)",
    "RID()",
    "RID(1.5)",
    "Callable()",
    "Signal()",
];

fn table(engine: &str) -> Vec<&'static str> {
    let mut t: Vec<&str> = COMMON.to_vec();
    match engine {
        "g32" => t.extend(G3_ONLY),
        "g36" => t.extend(G3_ONLY.iter().chain(G36_G4)),
        _ => t.extend(G36_G4.iter().chain(G4_ONLY)),
    }
    t
}

/// The engine's bytes for each literal, in order.
fn engine_bytes(oracle: &Path, engine: &str, literals: &[&str]) -> Vec<Vec<u8>> {
    let dir = std::env::temp_dir().join(format!("gdvariant-text-oracle-{engine}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut lines = String::new();
    for l in literals {
        let _ = writeln!(lines, "{}", serde_json::to_string(l).unwrap());
    }
    std::fs::write(dir.join("texts.jsonl"), lines).unwrap();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(if engine == "g4" {
        "tests/oracle/text4.gd"
    } else {
        "tests/oracle/text3.gd"
    });
    let out = support::godot(oracle, engine, &dir.join("home"), 120)
        .arg("-s")
        .arg(&script)
        .env("ORACLE_TEXTS", dir.join("texts.jsonl"))
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {engine}: {e}"));
    let log = String::from_utf8_lossy(&out.stdout);
    let mut bytes = vec![None; literals.len()];
    for line in log.lines() {
        let Some(rest) = line.strip_prefix("ORACLE-TEXT ") else {
            continue;
        };
        let (i, hex) = rest.split_once(' ').unwrap_or((rest, ""));
        let i: usize = i.parse().unwrap();
        let b: Vec<u8> = (0..hex.len() / 2)
            .map(|k| u8::from_str_radix(&hex[2 * k..2 * k + 2], 16).unwrap())
            .collect();
        bytes[i] = Some(b);
    }
    bytes
        .into_iter()
        .enumerate()
        .map(|(i, b)| {
            b.unwrap_or_else(|| panic!("{engine}: no output for {:?}\n{log}", literals[i]))
        })
        .collect()
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn the_engines_read_text_as_we_do() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let options = ReadOptions::new().engine_floats(true).allow_trailing(true);
    let mut failures = Vec::new();
    let mut report = String::new();
    for engine in ["g32", "g36", "g4"] {
        let dialect = if engine == "g4" {
            Dialect::Godot4
        } else {
            Dialect::Godot3
        };
        let literals = table(engine);
        let theirs = engine_bytes(&oracle, engine, &literals);
        let mut same = 0;
        for (literal, mut engine_bytes) in literals.iter().zip(theirs) {
            let mut ours = Vec::new();
            let read = text::read_into(literal, dialect, &options, &mut ours);
            zero_node_path_padding(&mut engine_bytes, dialect);
            match read {
                Ok(()) if ours == engine_bytes => same += 1,
                Ok(()) => failures.push(format!(
                    "{engine} {literal:?}: engine {engine_bytes:02x?}, ours {ours:02x?}"
                )),
                Err(e) => failures.push(format!("{engine} {literal:?}: we fail: {e}")),
            }
        }
        let _ = writeln!(
            report,
            "{engine}: {same} of {} literals read to the engine's bytes",
            literals.len()
        );
    }
    support::report("text oracle", &report);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
