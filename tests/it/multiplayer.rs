//! Godot 4.6.3's `SceneMultiplayer` packets, as the engine wrote them (issue 26).
//!
//! `tests/fixtures/multiplayer/captures/*.jsonl` were recorded by the harness in
//! `tests/fixtures/multiplayer/harness/` (`run.sh`): a headless Godot 4.6.3 server and two
//! clients in one process, linked by a GDScript `MultiplayerPeerExtension` that writes
//! every packet, and the receivers' own reports (`event` lines) of what they ran.
//! `ws_client.jsonl` is a real Godot WebSocket client talking to a foreign server.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;

use gdvariant::multiplayer::{
    Args, MethodTable, NodeTarget, Packet, PacketErrorKind, PacketOptions, RpcValue, Sys,
    NODE_LEVEL,
};
use gdvariant::{Builder, Dialect, ErrorKind, VariantRef};
use serde_json::Value;

const CAPTURES: [&str; 3] = ["basic", "wide300", "edge"];

fn capture(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/multiplayer/captures")
        .join(format!("{name}.jsonl"));
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// The recorded packets of a capture: (sequence number, line, bytes).
fn packets(rows: &[Value]) -> Vec<(u64, &Value, Vec<u8>)> {
    rows.iter()
        .filter(|r| r["kind"] == "packet")
        .map(|r| {
            (
                r["seq"].as_u64().unwrap(),
                r,
                hex(r["hex"].as_str().unwrap()),
            )
        })
        .collect()
}

/// echo.gd's script RPCs and the harness's one node-level RPC.
fn echo_methods() -> MethodTable {
    MethodTable::new(
        ["node_level"],
        [
            "Zeta",
            "_private",
            "bytes_only",
            "many",
            "one",
            "ping",
            "two",
        ],
    )
}

/// What kind of packet, finely: the coverage the captures must have.
fn kind(p: &Packet<'_>) -> String {
    match p {
        Packet::RemoteCall(c) => {
            let node = match c.node() {
                NodeTarget::Cached { width, .. } => format!("cached-{width:?}"),
                NodeTarget::Path(_) => "path".into(),
            };
            let args = match c.args() {
                Args::Bytes([]) => "no-args",
                Args::Bytes(_) => "byte-only",
                Args::Values(_) => "values",
            };
            format!("call/{node}/method-{:?}/{args}", c.method_width())
        }
        Packet::Spawn(s) if s.argument().is_some() => "spawn/custom".into(),
        Packet::Sys(Sys::Auth([])) => "auth/done".into(),
        Packet::Sys(Sys::Relay { .. }) => {
            let (_, inner) = p.relayed().unwrap();
            format!("relay/{}", kind(&inner))
        }
        other => {
            format!("{:?}", other.command()).to_lowercase()
                + match other {
                    Packet::Delta(_) => "/delta",
                    Packet::Sys(Sys::Auth(_)) => "/auth",
                    Packet::Sys(Sys::AddPeer(_)) => "/add",
                    Packet::Sys(Sys::RemovePeer(_)) => "/remove",
                    _ => "",
                }
        }
    }
}

#[test]
fn every_captured_packet_decodes_and_reencodes_to_the_same_bytes() {
    let strict = {
        let mut o = PacketOptions::new();
        o.values.strict = true;
        o
    };
    let mut kinds = BTreeMap::<String, usize>::new();
    let mut total = 0;
    for name in CAPTURES.iter().chain(&["ws_client"]) {
        let rows = capture(name);
        let list: Vec<(u64, Vec<u8>)> = if *name == "ws_client" {
            // Our server's log of a real Godot client: binary messages after the id.
            rows.iter()
                .filter(|r| r["kind"] == "ws" && r["note"].is_null())
                .map(|r| (r["seq"].as_u64().unwrap(), hex(r["hex"].as_str().unwrap())))
                .collect()
        } else {
            packets(&rows).into_iter().map(|(s, _, b)| (s, b)).collect()
        };
        assert!(!list.is_empty(), "{name}");
        for (seq, bytes) in list {
            let packet = Packet::parse_with(&bytes, &strict)
                .unwrap_or_else(|e| panic!("{name} seq {seq}: {e} ({bytes:02x?})"));
            assert_eq!(
                packet.to_vec().unwrap(),
                bytes,
                "{name} seq {seq}: {packet}"
            );
            // One line per packet, for logs.
            assert!(!packet.to_string().contains('\n'), "{packet}");
            *kinds.entry(kind(&packet)).or_default() += 1;
            total += 1;
        }
    }
    let expected = [
        "auth/done",
        "call/cached-U16/method-U8/values",
        "call/cached-U32/method-U8/values",
        "call/cached-U8/method-U16/values",
        "call/cached-U8/method-U8/byte-only",
        "call/cached-U8/method-U8/no-args",
        "call/cached-U8/method-U8/values",
        "call/path/method-U8/values",
        "confirmpath",
        "despawn",
        "raw",
        "relay/call/cached-U8/method-U8/values",
        "relay/call/path/method-U8/values",
        "relay/confirmpath",
        "relay/raw",
        "relay/simplifypath",
        "simplifypath",
        "spawn",
        "spawn/custom",
        "sync",
        "sync/delta",
        "sys/add",
        "sys/auth",
        "sys/remove",
    ];
    let missing: Vec<_> = expected
        .iter()
        .filter(|k| !kinds.contains_key(**k))
        .collect();
    assert!(
        missing.is_empty(),
        "not covered: {missing:?}; seen {kinds:#?}"
    );
    assert!(total > 2700, "{total}");
}

/// `args` as the engine's `var_to_str` of the Array of them (how the harness logs a call).
fn args_text(args: Args<'_>) -> String {
    let mut out = Vec::new();
    let mut array = Builder::new(&mut out, Dialect::Godot4).array().unwrap();
    match args {
        Args::Bytes([]) => {}
        Args::Bytes(b) => array.push().packed_bytes(b).unwrap(),
        Args::Values(values) => {
            for v in values.iter() {
                match v {
                    RpcValue::Bool(b) => array.push().bool(b).unwrap(),
                    RpcValue::Int(n) => array.push().int(n).unwrap(),
                    RpcValue::Value(v) => array.push().value(v).unwrap(),
                }
            }
        }
    }
    array.finish().unwrap();
    VariantRef::parse(&out, Dialect::Godot4)
        .unwrap()
        .to_string()
}

/// Every call a receiver ran matches the packet it came in: the method named by its id
/// in echo.gd's table, and its arguments, printed as the engine printed them.
#[test]
fn captured_calls_decode_to_what_the_engine_ran() {
    let methods = echo_methods();
    for name in CAPTURES {
        let rows = capture(name);
        let names: BTreeMap<i64, String> = rows
            .iter()
            .filter(|r| r["kind"] == "packet")
            .map(|r| {
                (
                    r["from"].as_i64().unwrap(),
                    r["from_name"].as_str().unwrap().into(),
                )
            })
            .collect();
        // The calls each receiver got, in order (relayed ones unwrapped).
        let mut queues: BTreeMap<String, VecDeque<(u64, Vec<u8>)>> = BTreeMap::new();
        for (seq, row, bytes) in packets(&rows) {
            let packet = Packet::parse(&bytes).unwrap();
            let inner = match packet {
                Packet::RemoteCall(_) => Some(bytes.clone()),
                Packet::Sys(Sys::Relay { peer, inner }) => {
                    let is_call = matches!(Packet::parse(inner).unwrap(), Packet::RemoteCall(_));
                    let from_server = row["from"] == 1;
                    // A client's relay to everyone (but one) also runs on the server.
                    if is_call && !from_server && peer <= 0 && peer != -1 {
                        queues
                            .entry("Server".into())
                            .or_default()
                            .push_back((seq, inner.to_vec()));
                    }
                    (is_call && from_server).then(|| inner.to_vec())
                }
                _ => None,
            };
            if let Some(call) = inner {
                for to in row["to"].as_array().unwrap() {
                    let to = names.get(&to.as_i64().unwrap()).unwrap().clone();
                    queues.entry(to).or_default().push_back((seq, call.clone()));
                }
            }
        }
        let mut matched = 0;
        let mut rejected = 0;
        for event in rows
            .iter()
            .filter(|r| r["kind"] == "event" && r["what"] == "rpc")
        {
            let at = event["at"].as_str().unwrap();
            let ran = event["data"]["method"].as_str().unwrap();
            let queue = queues.get_mut(at).unwrap();
            loop {
                let (seq, bytes) = queue.pop_front().expect("a packet for every call");
                let Packet::RemoteCall(call) = Packet::parse(&bytes).unwrap() else {
                    unreachable!()
                };
                let method = methods.name(call.method()).unwrap();
                let text = args_text(call.args());
                if method != ran || text != event["data"]["args"] {
                    // The engine refuses a call whose argument count is wrong (the empty
                    // PackedByteArray sent as no arguments): no event for that packet.
                    assert_eq!(
                        (method, call.args().len()),
                        ("bytes_only", 0),
                        "{name} seq {seq}: {method}({text}) but the engine ran {ran}({})",
                        event["data"]["args"]
                    );
                    rejected += 1;
                    continue;
                }
                matched += 1;
                break;
            }
        }
        assert!(matched >= 50, "{name}: {matched}");
        assert!(rejected <= 1, "{name}: {rejected}");
        if name == "edge" {
            assert_eq!(rejected, 1, "the empty PackedByteArray call");
        }
    }
}

/// The checksum in each simplify-path is the md5 of the node's RPC names, as
/// `MethodTable` computes it; Echo's cached ids follow the engine's counter.
#[test]
fn simplify_path_checksums_match_the_method_table() {
    let echo = echo_methods().checksum();
    // The extra nodes of `--wide` have echo.gd's methods but no node-level one.
    let wide = MethodTable::script([
        "Zeta",
        "_private",
        "bytes_only",
        "many",
        "one",
        "ping",
        "two",
    ])
    .checksum();
    let none = MethodTable::script::<&str>([]).checksum();
    assert_eq!(none, "d41d8cd98f00b204e9800998ecf8427e");
    let mut seen = BTreeSet::new();
    for name in CAPTURES {
        for (seq, _, bytes) in packets(&capture(name)) {
            let packet = Packet::parse(&bytes).unwrap();
            let inner = packet.relayed().map(|(_, p)| p).unwrap_or(packet);
            if let Packet::SimplifyPath(p) = inner {
                let want = if p.path == "Echo" {
                    &echo
                } else if p.path.starts_with('E') && p.path[1..].parse::<u32>().is_ok() {
                    &wide
                } else {
                    &none
                };
                assert_eq!(p.checksum, want, "{name} seq {seq}: {}", p.path);
                seen.insert(p.path.to_string());
            }
        }
    }
    assert!(
        seen.contains("Echo") && seen.contains("Spawner"),
        "{seen:?}"
    );
    assert_eq!(echo_methods().id("node_level"), Some(NODE_LEVEL));
}

/// Each spawn and delta carries what the receiver reported.
#[test]
fn spawns_and_deltas_carry_what_the_receivers_reported() {
    let rows = capture("basic");
    let mut spawns = Vec::new();
    let mut deltas = Vec::new();
    for (_, _, bytes) in packets(&rows) {
        match Packet::parse(&bytes).unwrap() {
            Packet::Spawn(s) => spawns.push((s.name.to_string(), s.state.to_string())),
            Packet::Delta(d) => {
                for e in d.entries() {
                    deltas.push((e.mask, e.values.to_string()))
                }
            }
            _ => {}
        }
    }
    for event in rows.iter().filter(|r| r["what"] == "spawned") {
        let d = &event["data"];
        let state = format!("{}, {}", d["position"].as_str().unwrap(), d["hp"]);
        assert!(
            spawns
                .iter()
                .any(|(n, s)| n == d["name"].as_str().unwrap() && *s == state),
            "{d} in {spawns:?}"
        );
    }
    // The first delta to a peer carries both watched properties (hp, label).
    assert!(
        deltas
            .iter()
            .any(|(m, s)| *m == 0b11 && s == "100, \"new\""),
        "{deltas:?}"
    );
}

#[test]
fn every_truncation_of_every_captured_packet_is_an_error_at_an_offset_inside_it() {
    for name in CAPTURES {
        for (seq, _, bytes) in packets(&capture(name)) {
            for cut in 0..bytes.len() {
                let part = &bytes[..cut];
                if let Err(e) = Packet::parse(part) {
                    assert!(e.offset() <= cut, "{name} seq {seq} cut {cut}: {e}");
                    assert!(!e.kind().code().is_empty());
                }
                // Some prefixes are whole packets (a RAW packet's first bytes, a call's
                // byte-only payload cut short): those must re-encode to themselves.
                else {
                    let p = Packet::parse(part).unwrap();
                    assert_eq!(p.to_vec().unwrap(), part, "{name} seq {seq} cut {cut}");
                }
            }
        }
    }
}

#[test]
fn malformed_packets_get_their_kind_and_offset() {
    let cases: &[(&[u8], PacketErrorKind, usize)] = &[
        (b"", PacketErrorKind::Empty, 0),
        (b"\x08\x01\x02\x00", PacketErrorKind::UnknownFlags(0x08), 0),
        (b"\x30\x01\x02\x00", PacketErrorKind::BadNodeIdWidth, 0),
        (b"\x00\x01", PacketErrorKind::Truncated, 2),
        (b"\x00\x01\x02", PacketErrorKind::Truncated, 3),
        // argc 2, one value.
        (
            b"\x00\x01\x02\x02\x02\x07",
            PacketErrorKind::Value(gdvariant::Error::new(ErrorKind::UnexpectedEnd, 6)),
            6,
        ),
        // argc 1 and a byte after the value.
        (
            b"\x00\x01\x02\x01\x02\x07\x09",
            PacketErrorKind::TrailingBytes,
            6,
        ),
        // path offset inside the header, past the end.
        (
            b"\x20\x02\x00\x00\x80\x04\x00Echo\0",
            PacketErrorKind::BadPathOffset,
            1,
        ),
        (
            b"\x20\x40\x00\x00\x80\x04Echo\0",
            PacketErrorKind::BadPathOffset,
            1,
        ),
        // path without its NUL, path with a NUL inside.
        (
            b"\x20\x09\x00\x00\x80\x04\x01\x02\x07Echo",
            PacketErrorKind::BadString,
            9,
        ),
        (
            b"\x20\x09\x00\x00\x80\x04\x01\x02\x07Ec\0o\0",
            PacketErrorKind::BadString,
            9,
        ),
        (
            b"\x20\x09\x00\x00\x80\x04\x01\x02\x07Ec\xffo\0",
            PacketErrorKind::InvalidUtf8,
            11,
        ),
        (b"\x02\x01\x01\x00\x00", PacketErrorKind::BadLength, 5),
        (b"\x02\x02\x01\x00\x00\x00", PacketErrorKind::BadFlagByte, 1),
        (b"\x03", PacketErrorKind::Truncated, 1),
        (b"\x13\x01", PacketErrorKind::UnknownFlags(0x13), 0),
        (b"\x05\x01\x00\x00", PacketErrorKind::BadLength, 4),
        (
            b"\x07\x04\x01\x00\x00\x00",
            PacketErrorKind::UnknownSysCommand(4),
            1,
        ),
        (b"\x07\x01\x01\x00\x00", PacketErrorKind::BadLength, 5),
        (b"\x07\x03\x01\x00\x00\x00", PacketErrorKind::Truncated, 6),
        (
            b"\x07\x03\x01\x00\x00\x00\x07\x00",
            PacketErrorKind::NestedRelay,
            6,
        ),
        // A relayed call cut short: the offset is the outer packet's.
        (
            b"\x07\x03\x02\x00\x00\x00\x00\x01",
            PacketErrorKind::Truncated,
            8,
        ),
        // Delta: empty mask; mask names 2 values, size holds 1.
        (
            b"\x16\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x02\x05",
            PacketErrorKind::BadIndexMask,
            5,
        ),
        (
            b"\x16\x01\x00\x00\x00\x03\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x02\x05",
            PacketErrorKind::SizeMismatch,
            1,
        ),
        // Sync: an entry's size past the end.
        (
            b"\x06\x01\x00\x01\x00\x00\x00\x09\x00\x00\x00\x02\x05",
            PacketErrorKind::Truncated,
            7,
        ),
    ];
    for (bytes, kind, offset) in cases {
        let e = Packet::parse(bytes).unwrap_err();
        assert_eq!(
            (e.kind(), e.offset()),
            (*kind, *offset),
            "{bytes:02x?}: {e}"
        );
    }
    // A value error keeps the value reader's kind, at the packet's offset: a full object
    // is refused by default (the engine's allow_object_decoding = false).
    let object = b"\x00\x01\x02\x01\x18\x00\x00\x00\x04\x00\x00\x00Node\x00\x00\x00\x00";
    let e = Packet::parse(object).unwrap_err();
    assert_eq!(e.offset(), 4, "{e}");
    assert_eq!(e.kind().code(), "FullObjectNotAllowed");
    let mut allow = PacketOptions::new();
    allow.values.limits.allow_full_objects = true;
    assert!(Packet::parse_with(object, &allow).is_ok());
}
