//! The library's engine-backed tests, in one test binary: the real Godot engines (3.2.3,
//! 3.6.2 and 4.6.3, run by `tools/engines/`) decode what we write, write what we read,
//! open our containers, and talk to our servers.
//!
//! Every engine test is `#[ignore]`d, so plain `cargo test` lists it as ignored instead of
//! passing it unseen. Install the engines once (`tools/engines/install.sh`, as root on
//! Debian bookworm), then run them with `tools/engines/test.sh`, or this binary alone with
//! `cargo test --test engines -- --ignored` (a module path filters: `… --ignored oracle::`).
//! A test run without its engine fails, naming what is missing and the install command.
//!
//! The only test that always runs is `installed::engines_are_checked`: it checks that the
//! engine check itself works, and fails when `GDVARIANT_ORACLE=1` and an engine is missing
//! (CI's and a contributor's way to make plain `cargo test` insist on the engines).
//! The malformed-input table's own checks run in `tests/it` (`malformed.rs`).

#[path = "../common/mod.rs"]
mod common;
#[path = "../support/edit_plan.rs"]
mod edit_plan;
#[path = "../support/malformed_table/mod.rs"]
mod malformed_table;
mod support;

#[path = "../support/echo_harness.rs"]
mod echo_harness;
#[path = "../../examples/echo_server.rs"]
#[allow(dead_code)]
mod echo_server;
#[path = "../../examples/mp_echo_server.rs"]
#[allow(dead_code)]
mod mp_echo_server;
#[path = "../support/mp_harness.rs"]
mod mp_harness;

mod differential;
mod edit;
mod godot_client;
mod installed;
mod malformed;
mod mp_echo_server_clients;
mod multiplayer_ws_godot;
mod oracle;
mod oracle_containers;
mod resource_write;
mod serde_oracle;
mod text_oracle;
