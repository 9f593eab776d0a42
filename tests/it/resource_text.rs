//! `gdvariant::resource` text files: `.tres` / `.tscn` read, written back and edited,
//! against what Godot 3.2.3, 3.6.2 and 4.6.3 wrote and read back
//! (`tests/fixtures/resources/*/text_cases.jsonl`: the text cases of the fixture folders'
//! `cases.jsonl`).

use std::path::PathBuf;

use gdvariant::resource::{
    DocKind, Document, ResourceErrorKind as K, ResourceOptions, TextResource, EXT_RESOURCE,
    SUB_RESOURCE,
};
use gdvariant::text::{self, ReadOptions, TextErrorKind as T, TextStyle};
use gdvariant::{Dialect, VariantRef};

const ENGINES: [&str; 3] = ["g32", "g36", "g4"];
const FILES: [&str; 6] = [
    "custom_full.tres",
    "ext_target.tres",
    "gradient.tres",
    "mesh_quad.tres",
    "scene_2d.tscn",
    "canary.tres",
];

fn dir(engine: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
}

fn read(engine: &str, file: &str) -> String {
    std::fs::read_to_string(dir(engine).join(file)).unwrap()
}

fn options(engine: &str) -> ResourceOptions {
    match engine {
        "g32" => ResourceOptions::new().style(Some(TextStyle::Godot32)),
        _ => ResourceOptions::new(),
    }
}

fn parse(engine: &str, file: &str) -> TextResource {
    TextResource::parse_with(&read(engine, file), &options(engine))
        .unwrap_or_else(|e| panic!("{engine}/{file}: {e}"))
}

#[test]
fn every_fixture_writes_back_byte_for_byte() {
    for engine in ENGINES {
        for file in FILES {
            let text = read(engine, file);
            let res = parse(engine, file);
            assert_eq!(res.to_engine_text(), text, "{engine}/{file}");
            if engine != "g32" {
                // From the document alone, in the dialect's newest style.
                assert_eq!(res.document().to_text(), text, "{engine}/{file}");
            }
        }
    }
}
