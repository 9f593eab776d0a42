//! The library's integration tests, in one test binary: one link of the library and its
//! dependencies instead of one per file, as ripgrep lays out its tests. Each file of this
//! folder is a module; run one with `cargo test --test it edit::` (a module path is a
//! filter). Two files stay binaries of their own, because they measure the process:
//! `tests/alloc.rs` installs a counting global allocator, and `tests/servers.rs` checks
//! that the example servers' resident memory stays flat under hostile clients, which the
//! other tests' allocations would disturb. The engine-backed tests are `tests/engines/`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/edit_plan.rs"]
mod edit_plan;
#[path = "../support/malformed_table/mod.rs"]
mod malformed_table;
#[path = "../../examples/mp_echo_server/hub.rs"]
#[allow(dead_code)]
mod mp_hub_impl;

mod accessors;
mod builder;
mod config;
mod containers;
mod containers_malformed;
mod detect;
mod diff;
mod edit;
mod errors;
mod fixtures;
mod frame;
mod fuzz_regressions;
mod host;
mod interop;
mod json;
mod json_plain;
mod json_read;
mod layers;
mod malformed;
mod mp_hub;
mod multi_value;
mod multiplayer;
mod multiplayer_ws;
mod owned;
mod pandemonium;
mod reader;
#[cfg(feature = "resource")]
mod resource_binary;
#[cfg(feature = "resource")]
mod resource_binary_malformed;
#[cfg(feature = "resource")]
mod resource_binary_write;
#[cfg(feature = "resource")]
mod resource_text;
#[cfg(feature = "resource")]
mod resource_text_edit;
mod roundtrip;
#[cfg(feature = "scan")]
mod scan;
#[cfg(feature = "scan")]
mod scan_document;
mod serde;
mod serde_props;
mod text_parse;
mod tokio_codec;
mod views_lazy;
mod whole;
mod writers_golden;
