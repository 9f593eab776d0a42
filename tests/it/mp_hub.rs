//! The echo server's `SceneMultiplayer` logic (`examples/mp_echo_server/hub.rs`), with no
//! sockets: the exact packets it sends for joins, path-cache traffic, echo calls and
//! relays, and the typed error that disconnects a hostile peer. The same server against
//! real Godot clients over WebSocket is `tests/engines/mp_echo_server_clients.rs`.

use crate::mp_hub_impl::{Hub, HubError, Outbound};
use gdvariant::multiplayer::{
    write_call, CacheError, CacheLimits, MethodTable, NodeTarget, Packet, PacketErrorKind,
    SimplifyPath,
};

const A: i32 = 1001;
const B: i32 = 1_234_567_890;

fn checksum() -> String {
    MethodTable::script(["echo", "echo_reply"]).checksum()
}

fn simplify(id: u32, path: &str, checksum: &str) -> Vec<u8> {
    let mut out = Vec::new();
    SimplifyPath { checksum, id, path }
        .encode(&mut out)
        .unwrap();
    out
}

fn echo_call(node: NodeTarget<'_>, value: i64) -> Vec<u8> {
    let mut out = Vec::new();
    write_call(&mut out, node, 0, |a| {
        a.int(value);
        Ok(())
    })
    .unwrap();
    out
}

fn run(hub: &mut Hub, from: i32, bytes: &[u8]) -> Vec<Outbound> {
    let mut out = Vec::new();
    let line = hub.packet(from, bytes, true, &mut out).unwrap();
    assert!(line.is_some_and(|l| !l.contains('\n')));
    out
}

fn two_peers() -> Hub {
    let mut hub = Hub::new(CacheLimits::new());
    let mut out = Vec::new();
    hub.connect(A, &mut out);
    assert!(out.is_empty());
    hub.connect(B, &mut out);
    // SceneMultiplayer's _admit_peer: ADD(new) to each old peer, ADD(old) to the new one.
    assert_eq!(
        out,
        [
            (A, vec![7, 1, 0xd2, 0x02, 0x96, 0x49]),
            (B, vec![7, 1, 0xe9, 0x03, 0, 0])
        ]
    );
    hub
}

#[test]
fn echo_is_answered_with_echo_reply_uncached_then_cached() {
    let mut hub = two_peers();
    // The client caches its Echo under its id 5: confirmed, checksum valid.
    assert_eq!(
        run(&mut hub, A, &simplify(5, "Echo", &checksum())),
        [(A, vec![2, 1, 5, 0, 0, 0])]
    );
    // echo(7) on the cached node: the reply names our Echo by path and announces our id 1.
    let out = run(&mut hub, A, &echo_call(NodeTarget::cached(5), 7));
    assert_eq!(out.len(), 2);
    assert_eq!(out[0], (A, simplify(1, "Echo", &checksum())));
    assert_eq!(out[1].1, b"\x20\x09\x00\x00\x80\x01\x01\x02\x07Echo\0");
    // Until the client confirms, replies keep the path and no second announce goes out.
    let out = run(&mut hub, A, &echo_call(NodeTarget::Path("Echo"), -200));
    assert_eq!(
        out,
        [(
            A,
            b"\x20\x0a\x00\x00\x80\x01\x01\x42\x38\xffEcho\0".to_vec()
        )]
    );
    // Confirmed: the smallest cached form, arguments copied as they came.
    assert!(run(&mut hub, A, &[2, 1, 1, 0, 0, 0]).is_empty());
    let out = run(&mut hub, A, &echo_call(NodeTarget::cached(5), 7));
    assert_eq!(out, [(A, vec![0x00, 1, 1, 1, 0x02, 7])]);
    // Every argument form: byte-only bytes and no arguments come back the same way.
    let mut call = Vec::new();
    gdvariant::multiplayer::write_call_bytes(&mut call, NodeTarget::cached(5), 0, b"\x01\x02")
        .unwrap();
    assert_eq!(run(&mut hub, A, &call), [(A, vec![0x80, 1, 1, 1, 2])]);
    call.clear();
    write_call(&mut call, NodeTarget::cached(5), 0, |_| Ok(())).unwrap();
    assert_eq!(run(&mut hub, A, &call), [(A, vec![0x80, 1, 1])]);
    assert_eq!(hub.counts.echoes, 5);
}

#[test]
fn simplify_path_checks_the_checksum_and_ignores_unknown_nodes() {
    let mut hub = two_peers();
    let wrong = "0123456789abcdef0123456789abcdef";
    assert_eq!(
        run(&mut hub, A, &simplify(3, "Echo", wrong)),
        [(A, vec![2, 0, 3, 0, 0, 0])]
    );
    // A node the server does not have: neither cached nor confirmed (as the engine).
    assert!(run(&mut hub, A, &simplify(4, "Players/P1", wrong)).is_empty());
    assert_eq!(hub.usage(A), Some((1, 4)));
    // An echo on that unknown id is refused.
    let mut out = Vec::new();
    let e = hub
        .packet(A, &echo_call(NodeTarget::cached(4), 1), false, &mut out)
        .unwrap_err();
    assert!(
        matches!(e, HubError::Cache(CacheError::UnknownId(4))),
        "{e}"
    );
}

#[test]
fn relays_go_where_the_engine_sends_them() {
    let mut hub = two_peers();
    let inner = [3u8, 0xAB];
    let relay = |dest: i32| {
        let mut p = vec![7, 3];
        p.extend_from_slice(&dest.to_le_bytes());
        p.extend_from_slice(&inner);
        p
    };
    let from_a = {
        let mut p = vec![7, 3];
        p.extend_from_slice(&A.to_le_bytes());
        p.extend_from_slice(&inner);
        p
    };
    // To one peer, with the source put in the header.
    assert_eq!(run(&mut hub, A, &relay(B)), [(B, from_a.clone())]);
    // To a peer that is not connected, or back to the sender: dropped.
    assert!(run(&mut hub, A, &relay(777)).is_empty());
    assert!(run(&mut hub, A, &relay(A)).is_empty());
    // To everyone, to everyone but B, to everyone but the server.
    assert_eq!(run(&mut hub, A, &relay(0)), [(B, from_a.clone())]);
    assert!(run(&mut hub, A, &relay(-B)).is_empty());
    assert_eq!(run(&mut hub, A, &relay(-1)), [(B, from_a)]);
    // A relayed echo to everyone also runs on the server (dest 0), but not with dest -1.
    let mut p = vec![7, 3, 0, 0, 0, 0];
    p.extend_from_slice(&echo_call(NodeTarget::Path("Echo"), 1));
    let out = run(&mut hub, A, &p);
    assert_eq!(out.len(), 3, "{out:?}"); // forwarded to B; our announce and reply to A
    assert_eq!(out[0].0, B);
    assert!(out[1..].iter().all(|(to, _)| *to == A));
    p[2..6].copy_from_slice(&(-1i32).to_le_bytes());
    assert_eq!(run(&mut hub, A, &p).len(), 1);
    assert_eq!(hub.counts.relayed, 5);
    // B leaves: A hears of it.
    let mut out = Vec::new();
    hub.disconnect(B, &mut out);
    assert_eq!(out, [(A, vec![7, 2, 0xd2, 0x02, 0x96, 0x49])]);
}

#[test]
fn hostile_packets_are_typed_errors_and_bounded() {
    let mut hub = two_peers();
    let mut out = Vec::new();
    let cases: &[(&[u8], &str)] = &[
        (b"", "Empty"),
        (b"\x00\x01", "Truncated"),
        (b"\x30\x01\x00\x00", "BadNodeIdWidth"),
        (b"\x07\x09\x00\x00\x00\x00", "UnknownSysCommand"),
        // A String claiming 2^31 - 1 bytes inside an argument.
        (
            b"\x00\x01\x00\x01\x04\x00\x00\x00\xff\xff\xff\x7f",
            "LengthOutOfBounds",
        ),
    ];
    for (bytes, code) in cases {
        match hub.packet(A, bytes, false, &mut out).unwrap_err() {
            HubError::Packet(e) => assert_eq!(e.kind().code(), *code, "{bytes:02x?}"),
            other => panic!("{other}"),
        }
    }
    // Arguments nested past the engine's depth limit.
    let mut deep = vec![0x00, 1, 0, 1];
    for _ in 0..1100 {
        deep.extend_from_slice(&[28, 0, 0, 0, 1, 0, 0, 0]);
    }
    deep.extend_from_slice(&[0, 0, 0, 0]);
    match hub.packet(A, &deep, false, &mut out).unwrap_err() {
        HubError::Packet(e) => assert!(
            matches!(e.kind(), PacketErrorKind::Value(v) if v.kind() == gdvariant::ErrorKind::TooDeep)
        ),
        other => panic!("{other}"),
    }
    // SYS commands only a server sends.
    assert!(matches!(
        hub.packet(A, &[7, 1, 5, 0, 0, 0], false, &mut out),
        Err(HubError::Protocol(_))
    ));
    // A path-cache flood: refused at the limit, the cache never past it.
    let mut limits = CacheLimits::new();
    limits.max_paths = 100;
    let mut hub = Hub::new(limits);
    hub.connect(A, &mut out);
    let sum = checksum();
    let mut refused = None;
    for id in 0..1000u32 {
        if let Err(e) = hub.packet(A, &simplify(id, "Echo", &sum), false, &mut out) {
            refused = Some((id, e));
            break;
        }
    }
    let (id, e) = refused.expect("the flood is refused");
    assert_eq!(id, 100);
    assert!(
        matches!(e, HubError::Cache(CacheError::TooManyPaths(100))),
        "{e}"
    );
    assert_eq!(hub.usage(A), Some((100, 400)));
    // A packet from a peer the hub does not know is read and ignored.
    assert!(hub
        .packet(42, &simplify(1, "Echo", &sum), false, &mut out)
        .is_ok());
    let _ = Packet::parse(&[0x03, 1]).unwrap();
}

#[test]
fn a_client_with_other_rpc_methods_is_reported_once_per_kind() {
    let mut hub = two_peers();
    assert!(hub.take_warnings().is_empty());
    // A client whose Echo also declares `announce`: its ids are announce=0, echo=1,
    // echo_reply=2, and its checksum is not ours.
    let theirs = MethodTable::script(["announce", "echo", "echo_reply"]);
    let checksum_theirs = theirs.checksum();
    assert_eq!(
        run(&mut hub, A, &simplify(5, "Echo", &checksum_theirs)),
        [(A, vec![2, 0, 5, 0, 0, 0])]
    );
    let warnings = hub.take_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    let expected = format!(
        "peer {A}: RPC method mismatch on Echo: the client's checksum of its Echo node is \
         {checksum_theirs}, ours is {}. Our Echo's @rpc methods, by id: echo=0, echo_reply=1",
        checksum()
    );
    assert!(warnings[0].starts_with(&expected), "{}", warnings[0]);
    assert!(!warnings[0].contains('\n'));
    // Its `echo` is method 1 (our echo_reply): not answered, reported once.
    let mut call = Vec::new();
    write_call(
        &mut call,
        NodeTarget::cached(5),
        theirs.id("echo").unwrap(),
        |a| {
            a.int(7);
            Ok(())
        },
    )
    .unwrap();
    assert!(run(&mut hub, A, &call).is_empty());
    assert!(run(&mut hub, A, &call).is_empty());
    let warnings = hub.take_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("the client called method id 1 on Echo (echo_reply here), not echo"),
        "{}",
        warnings[0]
    );
    // The same simplify again, and a confirmation of our path that says "mismatch".
    run(&mut hub, A, &simplify(6, "Echo", &checksum_theirs));
    assert!(hub.take_warnings().is_empty(), "reported once per peer");
    run(&mut hub, B, &echo_call(NodeTarget::Path("Echo"), 1));
    run(&mut hub, B, &[2, 0, 1, 0, 0, 0]);
    let warnings = hub.take_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].starts_with(&format!(
            "peer {B}: RPC method mismatch on Echo: the client found our checksum {} for Echo \
             not its own",
            checksum()
        )),
        "{}",
        warnings[0]
    );
    // A peer with our methods is never reported.
    let mut hub = two_peers();
    run(&mut hub, A, &simplify(5, "Echo", &checksum()));
    run(&mut hub, A, &echo_call(NodeTarget::cached(5), 7));
    run(&mut hub, A, &[2, 1, 1, 0, 0, 0]);
    assert!(hub.take_warnings().is_empty());
}
