//! The WebSocket transport (`multiplayer::websocket`, feature `websocket`) without an
//! engine: our client against our server, and raw TCP clients that send exactly what
//! Godot 4.6.3's `WebSocketMultiplayerPeer` sends and check the answer by Godot's client
//! rules (`WSLPeer::_verify_server_response`, `_poll_client`).

use std::collections::{BTreeMap, HashSet};
use std::net::SocketAddr;
use std::time::Duration;

use gdvariant::multiplayer::websocket::{
    connect, BadId, Bytes, WsConfig, WsError, WsListener, WsPeer,
};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;
use tokio::time::{timeout, Instant};

/// RFC 6455's sample key and its accept value (section 1.3): an answer checked
/// independently of the server's SHA-1.
const SAMPLE_KEY: &str = "dGhlIHNhbXBsZSBub25jZQ==";
const SAMPLE_ACCEPT: &str = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=";

const LIMIT: Duration = Duration::from_secs(10);

async fn listen(config: WsConfig) -> (WsListener, SocketAddr) {
    let listener = WsListener::bind("127.0.0.1:0", config).await.unwrap();
    let addr = listener.local_addr().unwrap();
    (listener, addr)
}

fn url(addr: SocketAddr) -> String {
    format!("ws://{addr}")
}

/// `accept` in a loop, each result sent on: the peers and the errors.
fn accept_all(listener: WsListener) -> mpsc::UnboundedReceiver<Result<WsPeer, WsError>> {
    let (tx, rx) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let result = listener.accept().await;
            if tx.send(result).is_err() {
                return;
            }
        }
    });
    rx
}

async fn next<T>(rx: &mut mpsc::UnboundedReceiver<T>) -> T {
    timeout(LIMIT, rx.recv())
        .await
        .expect("timed out")
        .expect("channel closed")
}

// ---------------------------------------------------------------------------------------
// A raw client: Godot's bytes.

/// Godot 4.6.3's request (`WSLPeer::connect_to_url`), as captured from the engine, with
/// RFC 6455's sample key.
fn godot_request(addr: SocketAddr, protocols: Option<&str>) -> String {
    let mut request = format!(
        "GET / HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: {SAMPLE_KEY}\r\nSec-WebSocket-Version: 13\r\n"
    );
    if let Some(protocols) = protocols {
        request.push_str(&format!("Sec-WebSocket-Protocol: {protocols}\r\n"));
    }
    request.push_str("\r\n");
    request
}

/// Reads an HTTP head up to `\r\n\r\n`, a byte at a time (as Godot does), nothing more.
async fn read_head(tcp: &mut TcpStream) -> String {
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let byte = timeout(LIMIT, tcp.read_u8())
            .await
            .expect("timed out")
            .unwrap();
        head.push(byte);
        assert!(head.len() < 8192, "head too long");
    }
    String::from_utf8(head).unwrap()
}

/// The status line's words and the headers as Godot's client reads them: names lower-cased,
/// values trimmed, repeated headers joined with ",".
fn godot_parse(head: &str) -> (Vec<String>, BTreeMap<String, String>) {
    let lines: Vec<&str> = head
        .strip_suffix("\r\n\r\n")
        .unwrap()
        .split("\r\n")
        .collect();
    assert!(lines.len() >= 4, "Godot needs at least 4 lines: {head:?}");
    let status = lines[0].split(' ').map(String::from).collect();
    let mut headers = BTreeMap::<String, String>::new();
    for line in &lines[1..] {
        let (name, value) = line.split_once(':').expect("a header line");
        let (name, value) = (name.to_lowercase(), value.trim().to_string());
        headers
            .entry(name)
            .and_modify(|v| {
                v.push(',');
                v.push_str(&value);
            })
            .or_insert(value);
    }
    (status, headers)
}

/// Godot's `_verify_server_response` for a client that asked for no subprotocol.
fn assert_godot_accepts(head: &str) {
    let (status, headers) = godot_parse(head);
    assert_eq!(status[0], "HTTP/1.1", "{head}");
    assert_eq!(status[1], "101", "{head}");
    assert_eq!(
        headers
            .get("connection")
            .map(|v| v.to_lowercase())
            .as_deref(),
        Some("upgrade"),
        "{head}"
    );
    assert_eq!(
        headers.get("upgrade").map(|v| v.to_lowercase()).as_deref(),
        Some("websocket"),
        "{head}"
    );
    assert_eq!(
        headers.get("sec-websocket-accept").map(String::as_str),
        Some(SAMPLE_ACCEPT),
        "{head}"
    );
    assert!(!headers.contains_key("sec-websocket-protocol"), "{head}");
    assert!(!headers.contains_key("sec-websocket-extensions"), "{head}");
}

/// Writes one masked client frame.
async fn write_frame(tcp: &mut TcpStream, first_byte: u8, payload: &[u8]) {
    let mut frame = vec![first_byte];
    let len = payload.len();
    if len < 126 {
        frame.push(0x80 | len as u8);
    } else if len <= 0xFFFF {
        frame.push(0x80 | 126);
        frame.extend_from_slice(&(len as u16).to_be_bytes());
    } else {
        frame.push(0x80 | 127);
        frame.extend_from_slice(&(len as u64).to_be_bytes());
    }
    let mask = [0x37, 0xFA, 0x21, 0x3D];
    frame.extend_from_slice(&mask);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    tcp.write_all(&frame).await.unwrap();
}

/// Reads one server frame (which must not be masked): the first byte and the payload.
async fn read_frame(tcp: &mut TcpStream) -> (u8, Vec<u8>) {
    let read = async {
        let first = tcp.read_u8().await?;
        let second = tcp.read_u8().await?;
        assert_eq!(second & 0x80, 0, "a server frame is not masked");
        let len = match second & 0x7F {
            126 => usize::from(tcp.read_u16().await?),
            127 => usize::try_from(tcp.read_u64().await?).unwrap(),
            n => usize::from(n),
        };
        let mut payload = vec![0; len];
        tcp.read_exact(&mut payload).await?;
        Ok::<_, std::io::Error>((first, payload))
    };
    timeout(LIMIT, read).await.expect("timed out").unwrap()
}

/// Reads until the server closes the TCP connection.
async fn expect_eof(tcp: &mut TcpStream) {
    let mut sink = [0u8; 4096];
    loop {
        match timeout(LIMIT, tcp.read(&mut sink))
            .await
            .expect("not closed")
        {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
    }
}

/// A raw Godot-like client through the handshake: the socket and the id it was sent.
async fn raw_client(addr: SocketAddr) -> (TcpStream, i32) {
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    tcp.write_all(godot_request(addr, None).as_bytes())
        .await
        .unwrap();
    let head = read_head(&mut tcp).await;
    assert_godot_accepts(&head);
    // The first message: exactly 4 bytes, one unfragmented binary frame.
    let (first, payload) = read_frame(&mut tcp).await;
    assert_eq!(first, 0x82, "FIN + binary");
    assert_eq!(payload.len(), 4, "{payload:?}");
    let id = i32::from_le_bytes(payload.try_into().unwrap());
    assert!(id >= 2, "id {id}");
    (tcp, id)
}

// ---------------------------------------------------------------------------------------

#[tokio::test]
async fn godot_request_gets_godot_answer_and_id() {
    let (listener, addr) = listen(WsConfig::default()).await;
    let mut accepted = accept_all(listener);
    let (mut tcp, id) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    assert_eq!(peer.id(), id);
    assert_eq!(peer.remote_id(), id);
    assert_eq!(peer.protocol(), None);
    assert_eq!(peer.remote_addr(), tcp.local_addr().unwrap());

    // A binary message, a text message (a packet too), a ping (answered), an empty
    // message (skipped, as Godot drops them), then our packet back.
    write_frame(&mut tcp, 0x82, &[7, 3, 0, 0, 0, 0, 3, 0x68]).await;
    write_frame(&mut tcp, 0x81, b"text frame").await;
    write_frame(&mut tcp, 0x89, b"ping!").await;
    write_frame(&mut tcp, 0x82, b"").await;
    write_frame(&mut tcp, 0x82, &[3, 9]).await;
    // A fragmented message: binary, then a continuation.
    write_frame(&mut tcp, 0x02, &[3, 1]).await;
    write_frame(&mut tcp, 0x80, &[2, 3]).await;
    let mut got = Vec::new();
    for _ in 0..4 {
        got.push(peer.recv().await.unwrap().unwrap());
    }
    assert_eq!(
        got,
        [
            Bytes::from_static(&[7, 3, 0, 0, 0, 0, 3, 0x68]),
            Bytes::from_static(b"text frame"),
            Bytes::from_static(&[3, 9]),
            Bytes::from_static(&[3, 1, 2, 3]),
        ]
    );
    assert_eq!(read_frame(&mut tcp).await, (0x8A, b"ping!".to_vec()));
    peer.send(&[3, 0xAB, 0xCD]).await.unwrap();
    assert_eq!(read_frame(&mut tcp).await, (0x82, vec![3, 0xAB, 0xCD]));

    // A clean close from the client: answered, then `None`.
    write_frame(&mut tcp, 0x88, &1000u16.to_be_bytes()).await;
    assert_eq!(peer.recv().await.unwrap(), None);
    assert_eq!(
        read_frame(&mut tcp).await,
        (0x88, 1000u16.to_be_bytes().to_vec())
    );
    expect_eof(&mut tcp).await;
    assert_eq!(peer.recv().await.unwrap(), None);
}

#[tokio::test]
async fn our_client_and_server_round_trip_with_unique_ids() {
    let (listener, addr) = listen(WsConfig::default()).await;
    let (ids_tx, mut ids) = mpsc::unbounded_channel();
    let server = tokio::spawn(async move {
        loop {
            let peer = listener.accept().await.unwrap();
            let (mut reader, sender) = peer.spawn_writer();
            let ids_tx = ids_tx.clone();
            tokio::spawn(async move {
                ids_tx.send(reader.id()).unwrap();
                // Echo every packet, then report how the connection ended.
                let end = loop {
                    match reader.recv().await {
                        Ok(Some(packet)) => sender.send(packet).await.unwrap(),
                        other => break other,
                    }
                };
                assert!(matches!(end, Ok(None)), "{end:?}");
            });
        }
    });

    let clients: Vec<_> = (0..24u8)
        .map(|i| {
            let url = url(addr);
            tokio::spawn(async move {
                let mut peer = connect(&url, WsConfig::default()).await.unwrap();
                assert_eq!(peer.remote_id(), 1);
                let small = [3, i, 1, 2, 3];
                peer.send(&small).await.unwrap();
                assert_eq!(peer.recv().await.unwrap().unwrap(), &small[..]);
                // The largest packet Godot takes, and one byte more (refused, nothing sent).
                let big = Bytes::from(vec![i; 65535]);
                peer.send_bytes(big.clone()).await.unwrap();
                assert_eq!(peer.recv().await.unwrap().unwrap(), big);
                let too_big = peer.send(&vec![0; 65536]).await.unwrap_err();
                assert!(
                    matches!(
                        too_big,
                        WsError::MessageTooBig {
                            size: 65536,
                            max: 65535
                        }
                    ),
                    "{too_big}"
                );
                assert!(matches!(
                    peer.send(&[]).await.unwrap_err(),
                    WsError::EmptyPacket
                ));
                peer.send(&[3, 4]).await.unwrap();
                assert_eq!(peer.recv().await.unwrap().unwrap(), &[3, 4][..]);
                let id = peer.id();
                peer.close(1000, "bye").await.unwrap();
                id
            })
        })
        .collect();
    let mut client_ids = HashSet::new();
    for client in clients {
        let id = timeout(LIMIT, client).await.unwrap().unwrap();
        assert!(id >= 2);
        assert!(client_ids.insert(id), "id {id} given twice");
    }
    let mut server_ids = HashSet::new();
    for _ in 0..client_ids.len() {
        server_ids.insert(next(&mut ids).await);
    }
    assert_eq!(client_ids, server_ids);
    server.abort();
}

#[tokio::test]
async fn ids_are_freed_and_max_peers_holds() {
    let (listener, addr) = listen(WsConfig::default().max_peers(Some(2))).await;
    let listener = std::sync::Arc::new(listener);
    let accept = {
        let listener = listener.clone();
        move || {
            let listener = listener.clone();
            tokio::spawn(async move { listener.accept().await })
        }
    };
    let first = accept();
    let c1 = connect(&url(addr), WsConfig::default()).await.unwrap();
    let s1 = first.await.unwrap().unwrap();
    let second = accept();
    let c2 = connect(&url(addr), WsConfig::default()).await.unwrap();
    let s2 = second.await.unwrap().unwrap();
    assert_ne!(s1.id(), s2.id());
    assert_eq!((c1.id(), c2.id()), (s1.id(), s2.id()));
    assert_eq!(listener.peer_count(), 2);

    // A third: its TCP connection is closed at once.
    let third = accept();
    let refused = connect(&url(addr), WsConfig::default()).await.unwrap_err();
    assert!(
        matches!(refused, WsError::Handshake(_) | WsError::Io(_)),
        "{refused}"
    );
    assert!(matches!(
        third.await.unwrap().unwrap_err(),
        WsError::TooManyPeers(2)
    ));

    // Dropping a server-side peer frees its id; the split halves keep it until both go.
    drop(s1);
    assert_eq!(listener.peer_count(), 1);
    let (reader, writer) = s2.split();
    drop(reader);
    assert_eq!(listener.peer_count(), 1);
    drop(writer);
    assert_eq!(listener.peer_count(), 0);
    let fourth = accept();
    let c4 = connect(&url(addr), WsConfig::default()).await.unwrap();
    assert_eq!(fourth.await.unwrap().unwrap().id(), c4.id());
}

#[tokio::test]
async fn oversized_message_is_an_error_and_closes_with_1009() {
    let (listener, addr) = listen(WsConfig::default()).await;
    let mut accepted = accept_all(listener);

    // One frame of 65536 bytes.
    let (mut tcp, _) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    write_frame(&mut tcp, 0x82, &vec![1; 65536]).await;
    let error = peer.recv().await.unwrap_err();
    assert!(
        matches!(
            error,
            WsError::MessageTooBig {
                size: 65536,
                max: 65535
            }
        ),
        "{error}"
    );
    let (first, payload) = read_frame(&mut tcp).await;
    assert_eq!(first, 0x88, "a close frame");
    assert_eq!(payload[..2], 1009u16.to_be_bytes());
    assert_eq!(peer.recv().await.unwrap(), None);
    drop(peer);
    expect_eof(&mut tcp).await;

    // Two frames of 40000 bytes: the message is over the limit, each frame is not.
    let (mut tcp, _) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    write_frame(&mut tcp, 0x02, &vec![1; 40000]).await;
    write_frame(&mut tcp, 0x80, &vec![2; 40000]).await;
    let error = peer.recv().await.unwrap_err();
    assert!(matches!(error, WsError::MessageTooBig { .. }), "{error}");
    let (first, payload) = read_frame(&mut tcp).await;
    assert_eq!((first, &payload[..2]), (0x88, &1009u16.to_be_bytes()[..]));

    // Our client, allowed bigger packets, against a default server.
    let mut client = connect(&url(addr), WsConfig::default().max_packet(1 << 20))
        .await
        .unwrap();
    let mut peer = next(&mut accepted).await.unwrap();
    client.send(&vec![3; 70000]).await.unwrap();
    assert!(matches!(
        peer.recv().await.unwrap_err(),
        WsError::MessageTooBig { size: 70000, .. }
    ));
    assert_eq!(client.recv().await.unwrap(), None);
}

#[tokio::test]
async fn protocol_violations_close_the_connection() {
    let (listener, addr) = listen(WsConfig::default()).await;
    let mut accepted = accept_all(listener);

    // An unmasked client frame.
    let (mut tcp, _) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    tcp.write_all(&[0x82, 0x02, 3, 1]).await.unwrap();
    let error = peer.recv().await.unwrap_err();
    assert!(matches!(error, WsError::Protocol(_)), "{error}");
    let (first, payload) = read_frame(&mut tcp).await;
    assert_eq!((first, &payload[..2]), (0x88, &1002u16.to_be_bytes()[..]));

    // Invalid UTF-8 in a text message.
    let (mut tcp, _) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    write_frame(&mut tcp, 0x81, &[0xFF, 0xFE]).await;
    let error = peer.recv().await.unwrap_err();
    assert!(matches!(error, WsError::Protocol(_)), "{error}");
    let (first, payload) = read_frame(&mut tcp).await;
    assert_eq!((first, &payload[..2]), (0x88, &1007u16.to_be_bytes()[..]));

    // A connection cut without a close frame.
    let (tcp, _) = raw_client(addr).await;
    let mut peer = next(&mut accepted).await.unwrap();
    drop(tcp);
    match peer.recv().await {
        Err(WsError::Io(e)) => assert_eq!(e.kind(), std::io::ErrorKind::UnexpectedEof),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn stalled_handshakes_time_out_without_blocking_others() {
    let config = WsConfig::default().handshake_timeout(Duration::from_millis(1500));
    let (listener, addr) = listen(config.clone()).await;
    let mut accepted = accept_all(listener);

    // One client says nothing, one stops in the middle of its request.
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let mut halfway = TcpStream::connect(addr).await.unwrap();
    halfway
        .write_all(b"GET / HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let started = Instant::now();
    let client = connect(&url(addr), config).await.unwrap();
    let good = next(&mut accepted)
        .await
        .expect("the good client comes first");
    assert_eq!(good.id(), client.id());
    assert!(started.elapsed() < Duration::from_millis(1400));
    for _ in 0..2 {
        let error = next(&mut accepted).await.unwrap_err();
        assert!(
            matches!(error, WsError::Timeout(t) if t == Duration::from_millis(1500)),
            "{error}"
        );
    }
    expect_eof(&mut silent).await;
    expect_eof(&mut halfway).await;
}

#[tokio::test]
async fn subprotocols_follow_godot() {
    let (listener, addr) = listen(WsConfig::default().protocols(["gd-mp", "alt"])).await;
    let mut accepted = accept_all(listener);
    let offer = |protocols: &[&str]| WsConfig::default().protocols(protocols.iter().copied());

    // The first of the client's offers that the server supports.
    let client = connect(&url(addr), offer(&["other", "alt", "gd-mp"]))
        .await
        .unwrap();
    let server_side = next(&mut accepted).await.unwrap();
    assert_eq!(client.protocol(), Some("alt"));
    assert_eq!(server_side.protocol(), Some("alt"));

    // No offer to a server with protocols, or no supported offer: refused with a 400.
    for protocols in [&[][..], &["nope"][..]] {
        let error = connect(&url(addr), offer(protocols)).await.unwrap_err();
        assert!(
            matches!(&error, WsError::Handshake(m) if m.contains("400")),
            "{error}"
        );
        let error = next(&mut accepted).await.unwrap_err();
        assert!(matches!(error, WsError::Handshake(_)), "{error}");
    }

    // A raw request with a repeated header: offers are joined (Godot joins with ",").
    let mut tcp = TcpStream::connect(addr).await.unwrap();
    let request = godot_request(addr, Some("x, gd-mp"));
    tcp.write_all(request.as_bytes()).await.unwrap();
    let head = read_head(&mut tcp).await;
    let (status, headers) = godot_parse(&head);
    assert_eq!(status[1], "101");
    assert_eq!(headers["sec-websocket-protocol"], "gd-mp");
    assert_eq!(next(&mut accepted).await.unwrap().protocol(), Some("gd-mp"));

    // A server without protocols refuses any offer, and takes a client without one.
    let (listener, addr) = listen(WsConfig::default()).await;
    let mut accepted = accept_all(listener);
    assert!(matches!(
        connect(&url(addr), offer(&["x"])).await.unwrap_err(),
        WsError::Handshake(_)
    ));
    assert!(next(&mut accepted).await.is_err());
    let client = connect(&url(addr), WsConfig::default()).await.unwrap();
    assert_eq!(client.protocol(), None);
}

/// A server that does the handshake (tokio-tungstenite's), then sends `first` (or nothing).
async fn bad_server(first: Option<Vec<u8>>) -> SocketAddr {
    let tcp = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = tcp.local_addr().unwrap();
    tokio::spawn(async move {
        let (stream, _) = tcp.accept().await.unwrap();
        let mut ws = tokio_tungstenite::accept_async(stream).await.unwrap();
        if let Some(first) = first {
            use futures_util::SinkExt;
            ws.send(tokio_tungstenite::tungstenite::Message::Binary(
                first.into(),
            ))
            .await
            .unwrap();
        }
        tokio::time::sleep(Duration::from_secs(5)).await;
    });
    addr
}

#[tokio::test]
async fn client_requires_a_four_byte_id_of_at_least_two() {
    let cases: [(Vec<u8>, BadId); 4] = [
        (vec![5, 0, 0], BadId::Size(3)),
        (vec![5, 0, 0, 0, 0], BadId::Size(5)),
        (1i32.to_le_bytes().to_vec(), BadId::Id(1)),
        ((-7i32).to_le_bytes().to_vec(), BadId::Id(-7)),
    ];
    for (first, expected) in cases {
        let addr = bad_server(Some(first)).await;
        match connect(&url(addr), WsConfig::default()).await {
            Err(WsError::BadIdMessage(got)) => assert_eq!(got, expected),
            other => panic!("{other:?}"),
        }
    }
    let addr = bad_server(Some(2i32.to_le_bytes().to_vec())).await;
    let peer = connect(&url(addr), WsConfig::default()).await.unwrap();
    assert_eq!(peer.id(), 2);

    // No id at all: the handshake timeout.
    let addr = bad_server(None).await;
    let config = WsConfig::default().handshake_timeout(Duration::from_millis(300));
    assert!(matches!(
        connect(&url(addr), config).await.unwrap_err(),
        WsError::Timeout(_)
    ));
}

#[tokio::test]
async fn urls_and_close_codes() {
    for bad in ["wss://127.0.0.1:1", "http://127.0.0.1:1", "not a url"] {
        let error = connect(bad, WsConfig::default()).await.unwrap_err();
        assert!(matches!(error, WsError::Url(_)), "{bad}: {error}");
    }

    let (listener, addr) = listen(WsConfig::default()).await;
    let mut accepted = accept_all(listener);
    let client = connect(&format!("ws://{addr}/some/path"), WsConfig::default())
        .await
        .unwrap();
    let server_side = next(&mut accepted).await.unwrap();
    let (mut reader, mut writer) = client.split();
    for bad in [0, 999, 1005, 1006, 1015, 2000, 5000] {
        assert!(
            matches!(writer.close(bad, "").await, Err(WsError::Protocol(_))),
            "{bad}"
        );
    }
    // The writer's close: the server answers, the reader sees the end.
    let (mut server_reader, _server_writer) = server_side.split();
    let long_reason = "é".repeat(100); // cut to 123 bytes at a character boundary
    writer.close(4000, &long_reason).await.unwrap();
    assert_eq!(server_reader.recv().await.unwrap(), None);
    assert_eq!(reader.recv().await.unwrap(), None);
    assert!(matches!(writer.send(&[3]).await, Err(WsError::Closed)));
}

#[tokio::test]
async fn sender_queue_is_bounded() {
    let (listener, addr) = listen(WsConfig::default().max_queued_packets(4)).await;
    let mut accepted = accept_all(listener);
    let mut client = connect(&url(addr), WsConfig::default()).await.unwrap();
    let (mut reader, sender) = next(&mut accepted).await.unwrap().spawn_writer();
    // The writer task has not run yet on this single-threaded runtime: the queue fills.
    let packet = Bytes::from_static(&[3, 1]);
    for _ in 0..4 {
        sender.try_send(packet.clone()).unwrap();
    }
    assert!(matches!(
        sender.try_send(packet.clone()),
        Err(WsError::QueueFull(4))
    ));
    assert!(matches!(
        sender.try_send(Bytes::new()),
        Err(WsError::EmptyPacket)
    ));
    for _ in 0..4 {
        assert_eq!(client.recv().await.unwrap().unwrap(), packet);
    }
    sender.send(Bytes::from_static(&[3, 2])).await.unwrap();
    assert_eq!(client.recv().await.unwrap().unwrap(), &[3, 2][..]);
    // Dropping the last sender closes the connection normally: the client answers, the
    // server's reader sees the answer and ends the TCP connection, the client sees that.
    drop(sender);
    let (at_client, at_server) = tokio::join!(client.recv(), reader.recv());
    assert_eq!(at_client.unwrap(), None);
    assert_eq!(at_server.unwrap(), None);
}

#[tokio::test]
async fn a_peer_that_does_not_read_cannot_keep_its_writer_alive() {
    let config = WsConfig::default()
        .max_queued_packets(8)
        .handshake_timeout(Duration::from_millis(500));
    let (listener, addr) = listen(config).await;
    let listener = std::sync::Arc::new(listener);
    let accept = {
        let listener = listener.clone();
        tokio::spawn(async move { listener.accept().await })
    };
    let (mut tcp, _) = raw_client(addr).await;
    let (reader, sender) = accept.await.unwrap().unwrap().spawn_writer();

    // The client reads nothing: the socket buffers fill, then the queue stays full.
    let big = Bytes::from(vec![3; 65535]);
    let deadline = Instant::now() + LIMIT;
    let mut full_since = None;
    loop {
        assert!(Instant::now() < deadline, "the queue never stayed full");
        match sender.try_send(big.clone()) {
            Ok(()) => full_since = None,
            Err(WsError::QueueFull(8)) => {
                if full_since.get_or_insert_with(Instant::now).elapsed()
                    > Duration::from_millis(300)
                {
                    break;
                }
            }
            Err(e) => panic!("{e}"),
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    assert_eq!(listener.peer_count(), 1);

    // The server gives up on it: within the grace (500 ms) the writer task ends and the
    // id is freed, though the client still reads nothing.
    drop(reader);
    drop(sender);
    let deadline = Instant::now() + Duration::from_secs(5);
    while listener.peer_count() != 0 {
        assert!(Instant::now() < deadline, "the writer task is still alive");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    expect_eof(&mut tcp).await;
}
