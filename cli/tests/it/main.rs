//! The command line's integration tests, in one test binary: one link instead of one per
//! file. Each file of this folder is a module; run one with `cargo test -p gdvariant-cli
//! --test it edit::` (a module path is a filter).

#[path = "../../../tests/common/mod.rs"]
mod common;
#[path = "../support/mod.rs"]
mod support;

mod cli;
mod config;
mod containers;
mod containers_edit;
mod dialect_warning;
mod diff;
mod edit;
mod file_safety;
mod from_json;
mod from_text;
mod guesses;
mod json_plain;
mod like;
mod modules;
mod multi;
mod newcomer;
mod pandemonium;
mod paths;
mod readme_transcript;
mod resource;
mod salvage;
mod scan;
