//! `examples/mp_echo_server.rs` against real headless Godot 4.6.3 clients over WebSocket
//! (issue 26).
//!
//! `godot_clients_echo_every_type_and_relay`: two Godot clients
//! (`tests/fixtures/multiplayer/echo_client/`) connect at once. Each calls `echo(args…)`
//! on the server for 53 cases — every Variant type, nested and typed containers, every
//! packed array, an Object (sent as its instance id), no arguments, many mixed ones — and
//! checks that `echo_reply(args…)` comes back equal; then each calls `echo` on the other
//! client through the server's relay, and the other's `Echo` answers through the relay
//! too. The test asserts every line each client printed, and that the server's log has one
//! line per decoded packet.
//!
//! The server under hostile peers, without an engine: `tests/servers.rs`. Ignored in plain
//! `cargo test`; `tools/engines/test.sh` runs them.

use crate::mp_echo_server::Options;
use crate::mp_harness::Server;
use crate::support;

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::atomic::Ordering;
use std::thread;

use gdvariant::multiplayer::MethodTable;
use serde_json::Value;

/// What one Godot client printed: its JSON lines, and everything for a failure message.
struct Run {
    lines: Vec<Value>,
    log: String,
}

fn run_client(oracle: &Path, url: &str, name: &str, home: &Path) -> Run {
    let project =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiplayer/echo_client");
    let out = support::godot(oracle, "g4", home, 120)
        .arg("--path")
        .arg(&project)
        .args(["-s", "res://client.gd", "--"])
        .arg(format!("--url={url}"))
        .arg("--peers=2")
        .arg(format!("--name={name}"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run Godot: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let lines = stdout
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:.300}")))
        .collect();
    let log = format!(
        "{stdout}\n--- stderr\n{}\n(exit status {})",
        String::from_utf8_lossy(&out.stderr),
        out.status
    );
    Run { lines, log }
}

const CASES: usize = 53;
const RELAY_CASES: usize = 8;

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn godot_clients_echo_every_type_and_relay() {
    let oracle = support::require(&["g4"]);
    let server = Server::start(Options::default());
    let url = server.url();
    let homes = tempdir_pair();
    let runs: Vec<(String, Run)> = thread::scope(|s| {
        let handles: Vec<_> = ["A", "B"]
            .iter()
            .zip(&homes)
            .map(|(name, home)| {
                let (oracle, url) = (&oracle, &url);
                s.spawn(move || (name.to_string(), run_client(oracle, url, name, home)))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut ids = Vec::new();
    for (name, run) in &runs {
        let connected = run
            .lines
            .iter()
            .find(|l| l["event"] == "connected")
            .unwrap_or_else(|| panic!("client {name} never connected:\n{}", run.log));
        ids.push(connected["id"].as_i64().unwrap());
    }
    assert_ne!(ids[0], ids[1]);
    for (i, (name, run)) in runs.iter().enumerate() {
        let other = ids[1 - i];
        let summary = run
            .lines
            .iter()
            .find(|l| l["summary"] == true)
            .unwrap_or_else(|| panic!("client {name} has no summary:\n{}", run.log));
        assert_eq!(summary["reason"], "done", "client {name}:\n{}", run.log);
        assert_eq!(summary["failed"], 0, "client {name}:\n{}", run.log);
        assert_eq!(summary["peer"], other, "client {name} saw the other client");
        let cases: Vec<&Value> = run.lines.iter().filter(|l| l["case"].is_string()).collect();
        let failed: Vec<_> = cases.iter().filter(|c| c["ok"] != true).collect();
        assert!(failed.is_empty(), "client {name}: {failed:#?}");
        let names: BTreeSet<&str> = cases.iter().map(|c| c["case"].as_str().unwrap()).collect();
        assert_eq!(names.len(), CASES + RELAY_CASES, "client {name}: {names:?}");
        for case in &cases {
            let relay = case["case"].as_str().unwrap().starts_with("relay:");
            let from = if relay { other } else { 1 };
            assert_eq!(case["from"], from, "{case}");
        }
        for needed in [
            "object_as_id",
            "dictionary_typed",
            "array_typed_vector3",
            "packed_vector3_large",
            "no_args",
            "packed_byte_alone",
            "many_mixed",
            "relay:dictionary_nested",
        ] {
            assert!(names.contains(needed), "client {name} lacks {needed}");
        }
    }
    // One log line per decoded packet, each on its own line.
    let log = server.log();
    for needed in [
        "simplify_path id=",
        "confirm_path id=1 valid=true",
        "call node=",
        "relay peer=",
        "raw 646f6e65",
    ] {
        assert!(
            log.contains(needed),
            "the server log lacks {needed:?}:\n{log:.3000}"
        );
    }
    let packets = server.stats.packets.load(Ordering::Relaxed);
    assert!(packets as usize >= 2 * (CASES + RELAY_CASES), "{packets}");
    let dropped = server.stats.dropped.lock().unwrap().clone();
    assert!(dropped.is_empty(), "{dropped:?}");
}

fn tempdir_pair() -> [std::path::PathBuf; 2] {
    let base = support::scratch("mp_echo_server");
    let a = base.join("a");
    let b = base.join("b");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    [a, b]
}

/// A Godot client whose `Echo` declares one `@rpc` method more than the server
/// (`tests/fixtures/multiplayer/mismatch_client/`: `announce`, `echo`, `echo_reply`): its
/// checksum and method ids are not ours, its `echo` (id 1) is our `echo_reply`, so it gets
/// no reply, and the server's log says why, with both checksums and our methods.
#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn a_client_with_another_rpc_method_is_told_in_the_log() {
    let oracle = support::require(&["g4"]);
    let quiet = Options {
        log_packets: false,
        ..Options::default()
    };
    let server = Server::start(quiet);
    let home = support::scratch("mp_mismatch");
    let project =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiplayer/mismatch_client");
    let out = support::godot(&oracle, "g4", &home, 60)
        .arg("--path")
        .arg(&project)
        .args(["-s", "res://client.gd", "--"])
        .arg(format!("--url={}", server.url()))
        .output()
        .unwrap_or_else(|e| panic!("cannot run Godot: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let godot = format!("{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let id: i64 = stdout
        .lines()
        .find_map(|l| l.strip_prefix("MISMATCH-CLIENT connected id="))
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or_else(|| panic!("the client never connected:\n{godot}"));
    assert!(
        stdout.contains("MISMATCH-CLIENT done replies=0"),
        "the mismatched echo must get no reply:\n{godot}"
    );
    let log = server.log();
    let theirs = MethodTable::script(["announce", "echo", "echo_reply"]).checksum();
    let ours = MethodTable::script(["echo", "echo_reply"]).checksum();
    let mismatch = format!(
        "peer {id}: RPC method mismatch on Echo: the client's checksum of its Echo node is \
         {theirs}, ours is {ours}. Our Echo's @rpc methods, by id: echo=0, echo_reply=1"
    );
    assert!(
        log.lines().any(|l| l.starts_with(&mismatch)),
        "no line {mismatch:?} in the server's log:\n{log}\nGodot's output:\n{godot}"
    );
    assert!(
        log.contains(&format!(
            "peer {id}: RPC method mismatch on Echo: the client called method id 1 on Echo \
             (echo_reply here), not echo: not answered"
        )),
        "{log}"
    );
    assert!(
        log.contains("docs/multiplayer.md: the client's node"),
        "{log}"
    );
}
