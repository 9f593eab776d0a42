//! The two example servers under hostile clients, without an engine (issues 6 and 26). A
//! binary of its own: both tests measure this process's resident memory (`RssAnon`), which
//! the other tests' allocations would disturb; they take `SERIAL` to run one at a time.
//!
//! `echo_server_survives_hostile_clients` (`examples/echo_server.rs`): round trips from
//! Rust, the client cap, and memory that stays flat under a hundred 2 GB prefixes.
//!
//! `hostile_peers_are_disconnected_and_the_others_served` (`examples/mp_echo_server.rs`):
//! peers that send truncated packets, lying lengths, unknown commands, a path-cache flood
//! and deep arguments each get a typed error and are disconnected, while a well-behaved
//! peer's echoes keep coming back; the server's memory stays flat.
//!
//! The same servers against real Godot clients: `tests/engines/godot_client.rs` and
//! `tests/engines/mp_echo_server_clients.rs`.

#[path = "../examples/echo_server.rs"]
#[allow(dead_code)]
mod echo_server;
#[path = "../examples/mp_echo_server.rs"]
#[allow(dead_code)]
mod mp_echo_server;

#[path = "support/echo_harness.rs"]
mod echo_harness;
#[path = "support/memory.rs"]
mod memory;
#[path = "support/mp_harness.rs"]
mod mp_harness;

use std::io::Write as _;
use std::net::TcpStream;
use std::sync::atomic::Ordering;
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

use echo_harness::{bad_value_client, expect_closed, hostile_client, options, wait_for};
use echo_server::ServerOptions;
use gdvariant::frame::{self, FrameOptions, FrameReader, PrefixOrder};
use gdvariant::multiplayer::websocket::{connect, WsConfig, WsPeer};
use gdvariant::multiplayer::{write_call, MethodTable, NodeTarget, Packet, SimplifyPath};
use gdvariant::{ContainerType, Dialect, VariantType};
use memory::rss_anon;
use mp_echo_server::Options;

/// The tests measure this process's memory: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

// ---------------------------------------------------------------------------------------
// The TCP echo server.

#[test]
fn echo_server_survives_hostile_clients() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let server = echo_harness::Server::start(ServerOptions {
        max_clients: 4,
        ..options(Dialect::Godot4)
    });

    // A hundred 2 GB prefixes: each dropped at once, nothing buffered, memory flat.
    hostile_client(server.addr); // warm up the thread and allocator machinery
    wait_for("the first drop", || server.drops().len() == 1);
    let before = rss_anon();
    for _ in 0..100 {
        hostile_client(server.addr);
    }
    wait_for("100 drops", || server.drops().len() == 101);
    let after = rss_anon();
    assert!(
        after.saturating_sub(before) < 4 << 20,
        "RssAnon grew from {before} to {after} bytes"
    );
    let _ = writeln!(
        std::io::stderr(),
        "echo_server: 100 clients with a 2 GB prefix dropped, RssAnon {} -> {} KiB",
        before >> 10,
        after >> 10
    );
    assert_eq!(server.stats.peak_buffered.load(Ordering::Relaxed), 0);
    for reason in server.drops() {
        assert!(
            reason.ends_with("frame of 2147483632 bytes is over the limit of 16777216"),
            "{reason}"
        );
    }

    // A malformed value drops its client after the good frames before it are answered.
    bad_value_client(server.addr, Dialect::Godot4);
    wait_for("the bad value drop", || server.drops().len() == 102);
    assert!(server.drops()[101].contains("bad value in frame: unknown type id 0x63"));

    // A half prefix, then silence: dropped after the idle timeout.
    let mut stalled = TcpStream::connect(server.addr).unwrap();
    stalled.write_all(&[1, 0]).unwrap();
    let started = Instant::now();
    expect_closed(&mut stalled, "stalled");
    assert!(started.elapsed() >= Duration::from_millis(1500));
    wait_for("the idle drop", || server.drops().len() == 103);
    assert!(server.drops()[102].contains("idle"), "{:?}", server.drops());

    // The cap: four silent clients are served, a fifth is refused; they do not block a
    // sixth once they leave.
    let silent: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    wait_for("4 active clients", || {
        server.stats.active.load(Ordering::SeqCst) == 4
    });
    let mut fifth = TcpStream::connect(server.addr).unwrap();
    expect_closed(&mut fifth, "over the cap");
    assert_eq!(server.stats.refused.load(Ordering::Relaxed), 1);
    drop(silent);
    wait_for("0 active clients", || {
        server.stats.active.load(Ordering::SeqCst) == 0
    });

    // A round trip of a value with every kind of transformed leaf, the frame written in
    // three pieces and a 200 KB packed array straddling the server's reads.
    let mut out = Vec::new();
    frame::write_with(&mut out, Dialect::Godot4, PrefixOrder::Little, |b| {
        let mut d = b.dictionary()?;
        d.entry("id").int(41)?;
        d.entry("name").string("abc é")?;
        d.entry_int(7).string_name("sn")?;
        let mut tags = d
            .entry("tags")
            .typed_array(ContainerType::Builtin(VariantType::String))?;
        tags.push().string("x")?;
        tags.finish()?;
        d.entry("pos").vector2([1.5, 2.5])?;
        d.entry("bytes").packed_bytes(&vec![7u8; 200_000])?;
        let mut o = d.entry("res").object("Resource")?;
        o.property("resource_name")?.string("r")?;
        o.property("count")?.int(-1)?;
        o.finish()?;
        d.finish()
    })
    .unwrap();
    let mut client = TcpStream::connect(server.addr).unwrap();
    for piece in [&out[..3], &out[3..100_000], &out[100_000..]] {
        client.write_all(piece).unwrap();
        client.flush().unwrap();
        thread::sleep(Duration::from_millis(20));
    }
    client
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reader = FrameReader::new(&client, FrameOptions::new(Dialect::Godot4));
    let reply = reader.next_frame().unwrap().unwrap();
    let d = reply.as_dictionary().unwrap();
    assert_eq!(d.get("ID").and_then(|v| v.as_int()), Some(42));
    assert_eq!(d.get("NAME").and_then(|v| v.as_str()), Some("ABC É"));
    let sn = d.get_int(8).unwrap();
    assert_eq!(
        (sn.ty(), sn.as_str()),
        (VariantType::StringName, Some("SN"))
    );
    let tags = d.get("TAGS").unwrap().as_array().unwrap();
    assert!(tags.element_type().is_typed());
    assert_eq!(tags.get(0).and_then(|v| v.as_str()), Some("X"));
    assert_eq!(d.get("POS").unwrap().to_string(), "Vector2(1.5, 2.5)");
    let bytes = d.get("BYTES").unwrap().as_packed().unwrap();
    assert_eq!(bytes.as_u8().map(<[u8]>::len), Some(200_000));
    assert_eq!(
        d.get("RES").unwrap().to_string(),
        "Object(Resource,\"resource_name\":\"R\",\"count\":0)\n"
    );
    drop(reader);
    drop(client);

    let stats = server.stop();
    assert_eq!(stats.frames.load(Ordering::Relaxed), 2);
    let peak = stats.peak_buffered.load(Ordering::Relaxed);
    assert!((1..=out.len()).contains(&peak), "peak buffered {peak}");
}

// ---------------------------------------------------------------------------------------
// The multiplayer echo server.

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
    let server = mp_harness::Server::start(options);
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
