//! `examples/mp_echo_server.rs` against real headless Godot 4.6.3 clients over WebSocket,
//! and against hostile peers (issue 26).
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
//! `hostile_peers_are_disconnected_and_the_others_served` needs no engine: peers that send
//! truncated packets, lying lengths, unknown commands, a path-cache flood and deep
//! arguments each get a typed error and are disconnected, while a well-behaved peer's
//! echoes keep coming back; the server's memory (`RssAnon`, this process) stays flat.
//!
//! The engine test runs when `GDVARIANT_ORACLE=1` (then a missing engine is a failure) or
//! when the engines are installed; otherwise it prints a SKIPPED line and passes.

#[path = "../examples/mp_echo_server.rs"]
#[allow(dead_code)]
mod mp_echo_server;

#[path = "support/memory.rs"]
mod memory;
mod oracle_support;
use memory::rss_anon;

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use gdvariant::multiplayer::websocket::{connect, WsConfig, WsListener, WsPeer};
use gdvariant::multiplayer::{write_call, MethodTable, NodeTarget, Packet, SimplifyPath};
use mp_echo_server::{Options, Stats};
use serde_json::Value;

/// The two tests measure this process's memory: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
    log: Arc<Mutex<Vec<u8>>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Server {
    fn start(mut options: Options) -> Server {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stats = Arc::new(Stats::default());
        let log = Arc::new(Mutex::new(Vec::new()));
        options.log_to = Some(Arc::clone(&log));
        let thread = {
            let (stop, stats) = (Arc::clone(&stop), Arc::clone(&stats));
            thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async move {
                    let ws = options.ws.clone();
                    let listener = WsListener::from_std(listener, ws).unwrap();
                    mp_echo_server::serve(listener, options, stop, stats)
                        .await
                        .unwrap();
                });
            })
        };
        Server {
            addr,
            stop,
            stats,
            log,
            thread: Some(thread),
        }
    }

    fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    fn log(&self) -> String {
        String::from_utf8_lossy(&self.log.lock().unwrap()).into_owned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

// ---------------------------------------------------------------------------------------
// Real Godot clients.

/// What one Godot client printed: its JSON lines, and everything for a failure message.
struct Run {
    lines: Vec<Value>,
    log: String,
}

fn run_client(oracle: &Path, url: &str, name: &str, home: &Path) -> Run {
    let project =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiplayer/echo_client");
    let out = Command::new("bash")
        .arg("-c")
        .arg(r#"source "$0/engines.sh" && run_godot g4 --path "$1" -s res://client.gd -- --url="$2" --peers=2 --name="$3""#)
        .arg(oracle)
        .arg(&project)
        .arg(url)
        .arg(name)
        .env("GODOT_ORACLE_HOME", home)
        .env("GODOT_TIMEOUT", "120")
        .stdin(Stdio::null())
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
fn godot_clients_echo_every_type_and_relay() {
    let Some(oracle) = oracle_support::gate("godot_clients_echo_every_type_and_relay") else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
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
    let base = std::env::temp_dir().join(format!("gdvariant-mp-{}", std::process::id()));
    let a = base.join("a");
    let b = base.join("b");
    std::fs::create_dir_all(&a).unwrap();
    std::fs::create_dir_all(&b).unwrap();
    [a, b]
}

// ---------------------------------------------------------------------------------------
// Hostile peers, without an engine.

fn checksum() -> String {
    MethodTable::script(["echo", "echo_reply"]).checksum()
}

fn echo_packet(value: i64) -> Vec<u8> {
    let mut out = Vec::new();
    write_call(&mut out, NodeTarget::Path("Echo"), 0, |a| {
        a.int(value);
        Ok(())
    })
    .unwrap();
    out
}

/// Reads until an echo_reply with `value` arrives.
async fn expect_echo(peer: &mut WsPeer, value: i64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let packet = tokio::time::timeout_at(deadline, peer.recv())
            .await
            .expect("a reply in time")
            .expect("no transport error")
            .expect("still connected");
        if let Ok(Packet::RemoteCall(call)) = Packet::parse(&packet) {
            assert_eq!(call.method(), 1, "echo_reply");
            let text = call.args().values().unwrap().to_string();
            if text == value.to_string() {
                return;
            }
        }
    }
}

/// Sends `packets` and expects the server to close the connection.
async fn expect_disconnect(url: &str, packets: &[Vec<u8>]) {
    let mut peer = connect(url, WsConfig::default()).await.unwrap();
    for p in packets {
        if peer.send(p).await.is_err() {
            break;
        }
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, peer.recv()).await {
            Err(_) => panic!("the server did not disconnect the hostile peer"),
            Ok(Ok(Some(_))) => continue, // what it queued before the error (an ADD_PEER)
            Ok(Ok(None)) | Ok(Err(_)) => return,
        }
    }
}

#[test]
fn hostile_peers_are_disconnected_and_the_others_served() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut cache = gdvariant::multiplayer::CacheLimits::new();
    cache.max_paths = 256;
    let options = Options {
        log_packets: false,
        cache,
        ..Options::default()
    };
    let server = Server::start(options);
    let url = server.url();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut good = connect(&url, WsConfig::default()).await.unwrap();
        good.send(&echo_packet(1)).await.unwrap();
        expect_echo(&mut good, 1).await;
        let sum = checksum();
        let simplify = |id: u32| {
            let mut out = Vec::new();
            SimplifyPath {
                checksum: &sum,
                id,
                path: "Echo",
            }
            .encode(&mut out)
            .unwrap();
            out
        };
        let mut deep = vec![0x00, 1, 0, 1];
        deep.extend(std::iter::repeat_n([28u8, 0, 0, 0, 1, 0, 0, 0], 2000).flatten());
        deep.extend_from_slice(&[0, 0, 0, 0]);
        let hostile: Vec<(&str, Vec<Vec<u8>>)> = vec![
            ("Truncated", vec![vec![0x00, 0x01]]),
            // A String argument claiming 2^31 - 1 bytes.
            (
                "LengthOutOfBounds",
                vec![b"\x00\x01\x00\x01\x04\x00\x00\x00\xff\xff\xff\x7f".to_vec()],
            ),
            // A PackedVector3Array claiming a billion vectors, in a relay.
            (
                "LengthOutOfBounds",
                vec![
                    b"\x07\x03\x00\x00\x00\x00\x00\x01\x00\x01\x24\x00\x00\x00\x00\xca\x9a\x3b"
                        .to_vec(),
                ],
            ),
            ("UnknownSysCommand", vec![vec![0x07, 0x09, 0, 0, 0, 0]]),
            ("UnknownFlags", vec![vec![0x0b, 1, 2]]),
            ("PathCache", (1..=300).map(simplify).collect()),
            ("TooDeep", vec![deep]),
            ("Protocol", vec![vec![0x07, 0x01, 5, 0, 0, 0]]),
        ];
        let rss_before = rss_anon();
        for round in 0..25 {
            for (_, packets) in &hostile {
                expect_disconnect(&url, packets).await;
            }
            // The good peer is still served.
            good.send(&echo_packet(1000 + round)).await.unwrap();
            expect_echo(&mut good, 1000 + round).await;
        }
        let grown = rss_anon().saturating_sub(rss_before);
        assert!(
            grown < 8 << 20,
            "the server grew by {grown} bytes over 200 hostile peers"
        );
        let dropped = server.stats.dropped.lock().unwrap().clone();
        assert_eq!(dropped.len(), 25 * hostile.len(), "{dropped:#?}");
        for (code, _) in &hostile {
            assert!(
                dropped.iter().any(|d| d.contains(&format!(": {code}:"))),
                "no drop for {code}: {dropped:#?}"
            );
        }
    });
}
