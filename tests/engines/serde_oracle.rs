//! The engines read what serde writes: derived structs (and glam values) go through
//! `to_vec` in both dialects, the real engines decode the bytes (`decode_all.sh`), and the
//! decoded value's text must equal the text the same engine prints for the same value
//! written in GDScript (`tests/oracle/intended{3,4}.gd`).
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::support;

use std::collections::{BTreeMap, HashMap};
use std::path::Path;
use std::process::Command;

use gdvariant::serde::with;
use gdvariant::Dialect;
use serde::Serialize;
use support::{engines, lenient_json};

#[derive(Serialize)]
enum Order {
    Hold,
    Move(i32),
    Attack { target: String, power: f32 },
}

#[derive(Serialize)]
struct Unit {
    name: String,
    hp: i64,
    big: i64,
    speed: f32,
    precise: f64,
    alive: bool,
    orders: Vec<Order>,
    scores: BTreeMap<i32, String>,
    nothing: Option<u8>,
    #[serde(with = "with::vector3")]
    pos: [f32; 3],
    #[serde(with = "with::color")]
    tint: [f32; 4],
    #[serde(with = "with::packed_vector2_array")]
    path: Vec<[f32; 2]>,
    #[serde(with = "with::packed_string_array")]
    tags: Vec<String>,
    #[serde(with = "with::packed_byte_array")]
    blob: Vec<u8>,
}

fn unit() -> Unit {
    Unit {
        name: "Ada".into(),
        hp: 7,
        big: 1 << 40,
        speed: 2.5,
        precise: 0.1,
        alive: true,
        orders: vec![
            Order::Hold,
            Order::Move(-3),
            Order::Attack {
                target: "orc".into(),
                power: 1.5,
            },
        ],
        scores: BTreeMap::from([(1, "one".into()), (-2, "minus two".into())]),
        nothing: None,
        pos: [1.0, -2.0, 3.5],
        tint: [1.0, 0.5, 0.25, 1.0],
        path: vec![[0.0, 1.0], [2.0, 3.0]],
        tags: vec!["a".into(), "bc".into()],
        blob: vec![0, 255, 7],
    }
}

/// The same unit in GDScript (keys in the struct's order, as serde writes them).
const UNIT_GD: &str = r#"{"name": "Ada", "hp": 7, "big": 1099511627776, "speed": 2.5, "precise": 0.1, "alive": true, "orders": ["Hold", {"Move": -3}, {"Attack": {"target": "orc", "power": 1.5}}], "scores": {-2: "minus two", 1: "one"}, "nothing": null, "pos": Vector3(1, -2, 3.5), "tint": Color(1, 0.5, 0.25, 1), "path": PackedVector2Array([Vector2(0, 1), Vector2(2, 3)]), "tags": PackedStringArray(["a", "bc"]), "blob": PackedByteArray([0, 255, 7])}"#;

#[derive(Serialize)]
struct Godot4Only {
    #[serde(with = "with::string_name")]
    kind: String,
    #[serde(with = "with::vector2i")]
    cell: [i32; 2],
    #[serde(with = "with::node_path")]
    node: String,
    #[serde(with = "with::packed_int64_array")]
    ids: Vec<i64>,
    #[serde(with = "with::vector3_f64")]
    exact: [f64; 3],
}

const GODOT4_ONLY_GD: &str = r#"{"kind": &"boss", "cell": Vector2i(3, -4), "node": NodePath("Player/Sprite:position"), "ids": PackedInt64Array([1, 1099511627776]), "exact": Vector3(0.1, 0.2, 0.3)}"#;

/// glam's types as Godot math types (columns of glam's matrices are Godot's axes).
#[derive(Serialize)]
struct Placed {
    pos: glam::Vec3,
    dir: glam::Vec2,
    rot: glam::Quat,
    xform: glam::Affine3A,
    flat: glam::Affine2,
    basis: glam::Mat3,
    cell: glam::IVec3,
}

fn placed() -> Placed {
    use glam::{Affine2, Affine3A, IVec3, Mat2, Mat3, Quat, Vec2, Vec3};
    let basis = Mat3::from_cols(
        Vec3::new(0.0, 1.0, 0.0),
        Vec3::new(-1.0, 0.0, 0.0),
        Vec3::new(0.0, 0.0, 2.0),
    );
    Placed {
        pos: Vec3::new(1.0, 2.0, 3.0),
        dir: Vec2::new(0.5, -0.5),
        rot: Quat::from_xyzw(0.0, 0.0, 0.6, 0.8),
        xform: Affine3A::from_mat3_translation(basis, Vec3::new(4.0, 5.0, 6.0)),
        flat: Affine2::from_mat2_translation(
            Mat2::from_cols(Vec2::new(0.0, 1.0), Vec2::new(-1.0, 0.0)),
            Vec2::new(7.0, 8.0),
        ),
        basis,
        cell: IVec3::new(1, -2, 3),
    }
}

const PLACED_GD: &str = r#"{"pos": Vector3(1, 2, 3), "dir": Vector2(0.5, -0.5), "rot": Quaternion(0, 0, 0.6, 0.8), "xform": Transform3D(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 2), Vector3(4, 5, 6)), "flat": Transform2D(Vector2(0, 1), Vector2(-1, 0), Vector2(7, 8)), "basis": Basis(Vector3(0, 1, 0), Vector3(-1, 0, 0), Vector3(0, 0, 2)), "cell": Vector3i(1, -2, 3)}"#;

/// Runs `cmd` (an engine run with `ORACLE_DIR=dir`), returning `name -> text` from its
/// `ORACLE-JSON` lines.
fn run(mut cmd: Command, dir: &Path) -> HashMap<String, String> {
    let out = cmd
        .env("ORACLE_DIR", dir)
        .env("GODOT_HOME", dir.join("home"))
        .env("GODOT_TIMEOUT", "120")
        .output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut texts = HashMap::new();
    for line in stdout.lines() {
        if let Some(json) = line.strip_prefix("ORACLE-JSON ") {
            let v = lenient_json(json).unwrap();
            let text = v["decoded_text"]
                .as_str()
                .or(v["text"].as_str())
                .map_or_else(|| format!("<{v}>"), str::to_string);
            texts.insert(v["name"].as_str().unwrap().to_string(), text);
        }
    }
    assert!(
        !texts.is_empty(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    texts
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn engines_read_what_serde_writes() {
    let oracle = support::require(&["g32", "g36", "g4"]);
    let root = std::env::temp_dir().join(format!("gdvariant-serde-oracle-{}", std::process::id()));
    let mut checked = 0;
    for dialect in [Dialect::Godot3, Dialect::Godot4] {
        let mut cases: Vec<(&str, Vec<u8>, &str)> = vec![(
            "unit",
            gdvariant::to_vec(&unit(), dialect).unwrap(),
            UNIT_GD,
        )];
        if dialect == Dialect::Godot4 {
            cases.push((
                "godot4_only",
                gdvariant::to_vec(
                    &Godot4Only {
                        kind: "boss".into(),
                        cell: [3, -4],
                        node: "Player/Sprite:position".into(),
                        ids: vec![1, 1 << 40],
                        exact: [0.1, 0.2, 0.3],
                    },
                    dialect,
                )
                .unwrap(),
                GODOT4_ONLY_GD,
            ));
            cases.push((
                "glam",
                gdvariant::to_vec(&placed(), dialect).unwrap(),
                PLACED_GD,
            ));
        }
        let dir = root.join(format!("{dialect:?}"));
        std::fs::create_dir_all(&dir).unwrap();
        let function = if dialect == Dialect::Godot4 {
            "var_to_bytes"
        } else {
            "var2bytes"
        };
        let (mut jsonl, mut intended) = (String::new(), String::new());
        for (name, bytes, gd) in &cases {
            std::fs::write(dir.join(format!("{name}.bin")), bytes).unwrap();
            jsonl += &format!(
                "{}\n",
                serde_json::json!({"name": name, "file": format!("{name}.bin"), "function": function, "full_objects": false})
            );
            // Godot 3 spells a few things differently.
            let gd = if dialect == Dialect::Godot3 {
                gd.replace("PackedVector2Array", "PoolVector2Array")
                    .replace("PackedStringArray", "PoolStringArray")
                    .replace("PackedByteArray", "PoolByteArray")
            } else {
                gd.to_string()
            };
            intended += &format!("{}\n", serde_json::json!({"name": name, "code": gd}));
        }
        std::fs::write(dir.join("cases.jsonl"), jsonl).unwrap();
        std::fs::write(dir.join("intended.jsonl"), intended).unwrap();
        for engine in engines(dialect) {
            let mut decode_all = Command::new("bash");
            decode_all
                .arg(oracle.join("decode_all.sh"))
                .arg(engine)
                .arg(&dir);
            let decoded = run(decode_all, &dir);
            let script = Path::new(env!("CARGO_MANIFEST_DIR")).join(if *engine == "g4" {
                "tests/oracle/intended4.gd"
            } else {
                "tests/oracle/intended3.gd"
            });
            let mut intended = support::godot(&oracle, engine, &dir.join("home"), 120);
            intended.arg("-s").arg(&script);
            let wanted = run(intended, &dir);
            for (name, bytes, _) in &cases {
                assert_eq!(decoded.get(*name), wanted.get(*name), "{engine} {name}");
                // And our own text of our bytes is the engine's.
                let ours = gdvariant::VariantRef::parse(bytes, dialect)
                    .unwrap()
                    .text(support::style(engine))
                    .to_string();
                assert_eq!(Some(&ours), decoded.get(*name), "{engine} {name}: our text");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 2 + 3);
    let _ = std::fs::remove_dir_all(&root);
}
