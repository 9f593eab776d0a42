//! The tests of `tokio_codec.rs`, compiled with the `tokio` feature.

use super::common;

use std::time::Duration;

use bytes::BytesMut;
use futures_util::{SinkExt, StreamExt};
use gdvariant::frame::{
    self, CodecError, FrameError, FrameOptions, GodotCodec, GodotFrame, PrefixOrder,
};
use gdvariant::{Dialect, Variant, VariantRef};
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio_util::codec::{Decoder, Encoder, Framed};

/// Every test is over in seconds; a hang is a failure.
async fn within<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(30), f)
        .await
        .expect("timed out")
}

/// A loopback listener and its address.
async fn listener() -> (TcpListener, std::net::SocketAddr) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    (listener, addr)
}

/// Serves one connection: every frame is sent back as it came (its value re-encoded).
async fn echo_once(listener: TcpListener, dialect: Dialect) -> Result<usize, CodecError> {
    let (socket, _) = listener.accept().await?;
    let mut framed = Framed::new(socket, GodotCodec::new(FrameOptions::new(dialect)));
    let mut n = 0;
    while let Some(frame) = framed.next().await {
        let frame: GodotFrame = frame?;
        framed.send(&frame).await?;
        n += 1;
    }
    Ok(n)
}

#[tokio::test]
async fn every_framed_fixture_round_trips_through_framed() {
    within(async {
        for engine in ["g32", "g36", "g4"] {
            let cases: Vec<common::Case> = common::cases(engine)
                .into_iter()
                .filter(|c| c.is_prefixed())
                .collect();
            assert!(cases.len() >= 10, "{engine}");
            let dialect = cases[0].dialect();
            let (listener, addr) = listener().await;
            let server = tokio::spawn(echo_once(listener, dialect));
            let socket = TcpStream::connect(addr).await.unwrap();
            let mut client = Framed::new(socket, GodotCodec::new(FrameOptions::new(dialect)));
            for c in &cases {
                let value = VariantRef::parse(c.value_bytes(), dialect).unwrap();
                let text = c.decoded_text.as_deref().unwrap();
                // A borrowed view and an owned tree: both encoders.
                client.send(value).await.unwrap();
                let owned: Variant = value.to_owned();
                client.send(&owned).await.unwrap();
                for _ in 0..2 {
                    let back = client.next().await.unwrap().unwrap();
                    assert_eq!(back.dialect(), dialect);
                    assert_eq!(back.value().text(c.style()).to_string(), text, "{}", c.name);
                    if !(dialect == Dialect::Godot3 && c.name.contains("nodepath")) {
                        assert_eq!(&back.encoded()[..], c.value_bytes(), "{}", c.name);
                    }
                }
            }
            drop(client);
            assert_eq!(server.await.unwrap().unwrap(), 2 * cases.len());
        }
    })
    .await;
}

#[tokio::test]
async fn a_frame_split_across_writes_is_reassembled() {
    within(async {
        // {"name": "big", "bytes": 1 MB}, a frame well over one TCP segment, written in
        // pieces: inside the prefix, inside the header, and in the middle of the array.
        let mut wire = Vec::new();
        frame::write_with(&mut wire, Dialect::Godot4, PrefixOrder::Little, |b| {
            let mut d = b.dictionary()?;
            d.entry("name").string("big")?;
            let bytes: Vec<u8> = (0..1 << 20).map(|i: u32| (i * 7) as u8).collect();
            d.entry("bytes").packed_bytes(&bytes)?;
            d.finish()
        })
        .unwrap();
        // A small frame right behind it, in the same last write.
        frame::write_with(&mut wire, Dialect::Godot4, PrefixOrder::Little, |b| {
            b.int(7)
        })
        .unwrap();
        let (listener, addr) = listener().await;
        let writer = tokio::spawn(async move {
            let mut s = TcpStream::connect(addr).await.unwrap();
            for piece in [&wire[..2], &wire[2..6], &wire[6..500_000], &wire[500_000..]] {
                s.write_all(piece).await.unwrap();
                s.flush().await.unwrap();
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        });
        let (socket, _) = listener.accept().await.unwrap();
        let mut framed = Framed::new(socket, GodotCodec::new(FrameOptions::new(Dialect::Godot4)));
        let big = framed.next().await.unwrap().unwrap();
        let d = big.value().as_dictionary().unwrap();
        assert_eq!(d.get("name").and_then(|v| v.as_str()), Some("big"));
        let bytes = d.get("bytes").unwrap().as_packed().unwrap();
        assert_eq!(bytes.as_u8().map(<[u8]>::len), Some(1 << 20));
        assert_eq!(bytes.as_u8().unwrap()[12345], (12345u32 * 7) as u8);
        let small = framed.next().await.unwrap().unwrap();
        assert_eq!(small.value().as_int(), Some(7));
        writer.await.unwrap();
        assert!(framed.next().await.is_none(), "clean end between frames");
    })
    .await;
}

#[tokio::test]
async fn an_oversized_prefix_fails_at_once_without_reserving() {
    within(async {
        let (listener, addr) = listener().await;
        let writer = tokio::spawn(async move {
            let mut s = TcpStream::connect(addr).await.unwrap();
            // 2 GB claimed (Godot's own get_var allocates it: #99430), then junk.
            s.write_all(&0x7FFF_FFF0u32.to_le_bytes()).await.unwrap();
            let _ = s.write_all(&[0xAB; 4096]).await;
            // Keep the socket open: the error must come from the prefix, not from EOF.
            tokio::time::sleep(Duration::from_millis(500)).await;
        });
        let (socket, _) = listener.accept().await.unwrap();
        let mut framed = Framed::new(socket, GodotCodec::new(FrameOptions::new(Dialect::Godot4)));
        match framed.next().await {
            Some(Err(CodecError::Frame(FrameError::TooLarge { len, max }))) => {
                assert_eq!((len, max), (0x7FFF_FFF0, frame::DEFAULT_MAX_FRAME));
            }
            other => panic!("{other:?}"),
        }
        assert!(
            framed.read_buffer().capacity() < 1 << 20,
            "nothing reserved for the body: {}",
            framed.read_buffer().capacity()
        );
        assert!(
            framed.next().await.is_none(),
            "the stream ends after the error"
        );
        writer.await.unwrap();
    })
    .await;
}

#[test]
fn the_decoder_reserves_only_up_to_the_frame_and_stays_failed() {
    let mut codec = GodotCodec::new(FrameOptions::new(Dialect::Godot4));
    let mut wire = Vec::new();
    frame::write_with(&mut wire, Dialect::Godot4, PrefixOrder::Little, |b| {
        b.packed_bytes(&[1; 100_000])
    })
    .unwrap();

    // Half a prefix: nothing to do. A whole prefix: room for exactly this frame.
    let mut src = BytesMut::new();
    src.extend_from_slice(&wire[..2]);
    assert!(codec.decode(&mut src).unwrap().is_none());
    src.extend_from_slice(&wire[2..4]);
    assert!(codec.decode(&mut src).unwrap().is_none());
    assert!(src.capacity() >= wire.len() && src.capacity() < 2 * wire.len());
    src.extend_from_slice(&wire[4..]);
    let frame = codec.decode(&mut src).unwrap().unwrap();
    assert_eq!(frame.value().as_packed().unwrap().len(), 100_000);
    assert!(src.is_empty());

    // Trailing bytes inside a frame are dropped from the value, as get_var ignores them.
    let mut src = BytesMut::from(&[12, 0, 0, 0, 2, 0, 0, 0, 5, 0, 0, 0, 9, 9, 9, 9][..]);
    let frame = codec.decode(&mut src).unwrap().unwrap();
    assert_eq!(frame.value().as_int(), Some(5));
    assert_eq!(frame.encoded().len(), 8);

    assert_eq!(
        frame.offset(),
        wire.len() + 4,
        "offsets count from the stream's start"
    );

    // A malformed value consumes its frame: the next one is read. Offsets (of the error,
    // of the next value) count from the start of the stream: two frames came before.
    let base = wire.len() + 16;
    let mut src = BytesMut::from(&[8, 0, 0, 0, 99, 0, 0, 0, 0, 0, 0, 0][..]);
    src.extend_from_slice(&[8, 0, 0, 0, 2, 0, 0, 0, 6, 0, 0, 0]);
    match codec.decode(&mut src) {
        Err(CodecError::Frame(FrameError::Value(e))) => assert_eq!(e.offset(), base + 4),
        other => panic!("{other:?}"),
    }
    let six = codec.decode(&mut src).unwrap().unwrap();
    assert_eq!(six.value().as_int(), Some(6));
    assert_eq!(six.value().offset(), base + 16);

    // The stream ends inside a frame: an I/O error at EOF.
    let mut src = BytesMut::from(&wire[..10]);
    assert!(matches!(codec.decode_eof(&mut src), Err(CodecError::Io(_))));

    // An oversized prefix: an error before anything is reserved, then for good.
    let mut src = BytesMut::from(&u32::MAX.to_le_bytes()[..]);
    let before = src.capacity();
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::Frame(FrameError::TooLarge { .. }))
    ));
    assert_eq!(src.capacity(), before);
    src.clear();
    src.extend_from_slice(&[8, 0, 0, 0, 2, 0, 0, 0, 6, 0, 0, 0]);
    assert!(matches!(
        codec.decode(&mut src),
        Err(CodecError::Frame(FrameError::TooLarge { .. }))
    ));
}

#[test]
fn the_encoder_writes_the_codecs_dialect_and_prefix_order() {
    let value =
        VariantRef::parse(&[4, 0, 0, 0, 1, 0, 0, 0, b'x', 0, 0, 0], Dialect::Godot4).unwrap();
    let mut codec = GodotCodec::new(FrameOptions::new(Dialect::Godot3).order(PrefixOrder::Big));
    let mut dst = BytesMut::new();
    codec.encode(value, &mut dst).unwrap();
    assert_eq!(
        &dst[..],
        &[0, 0, 0, 12, 4, 0, 0, 0, 1, 0, 0, 0, b'x', 0, 0, 0]
    );
    // A StringName: kept by a Godot 4 codec.
    let name =
        VariantRef::parse(&[21, 0, 0, 0, 1, 0, 0, 0, b'x', 0, 0, 0], Dialect::Godot4).unwrap();
    let mut g4 = GodotCodec::new(FrameOptions::new(Dialect::Godot4));
    let mut dst = BytesMut::new();
    g4.encode(name, &mut dst).unwrap();
    assert_eq!(dst.len(), 16);
    // Godot 3 writes a StringName as a String, as the engine does.
    let mut dst = BytesMut::new();
    codec.encode(name, &mut dst).unwrap();
    assert_eq!(&dst[4..8], &[4, 0, 0, 0]);
    // An error leaves the buffer as it was.
    let signal = VariantRef::parse(
        &[
            26, 0, 0, 0, 1, 0, 0, 0, b's', 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0,
        ],
        Dialect::Godot4,
    )
    .unwrap();
    let mut dst = BytesMut::from(&b"ab"[..]);
    assert!(matches!(
        codec.encode(signal, &mut dst),
        Err(CodecError::Build(_))
    ));
    assert_eq!(&dst[..], b"ab");
    let owned = Variant::from(41i64);
    codec.encode(&owned, &mut dst).unwrap();
    assert_eq!(&dst[2..], &[0, 0, 0, 8, 2, 0, 0, 0, 41, 0, 0, 0]);
}
