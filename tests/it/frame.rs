//! Framing: store_var/put_var frames read whole, in chunks, from `Read`, and written back.

use crate::common;

use gdvariant::frame::{
    self, Frame, FrameDecoder, FrameError, FrameOptions, FrameReader, PrefixOrder,
};
use gdvariant::{Dialect, VariantRef};

/// Every `w_*` fixture written with a length prefix (store_var, StreamPeer/PacketPeerStream
/// put_var), with its engine's text.
fn framed_fixtures() -> Vec<(common::Case, String)> {
    let mut out = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            if c.is_prefixed() {
                let text = c.decoded_text.clone().unwrap();
                out.push((c, text));
            }
        }
    }
    assert_eq!(out.len(), 32, "11 + 11 + 10 prefixed cases in g32, g36, g4");
    out
}

#[test]
fn read_takes_one_frame_and_reports_what_is_missing() {
    for (c, text) in framed_fixtures() {
        let options = FrameOptions::new(c.dialect());
        let mut stream = c.file.clone();
        stream.extend_from_slice(&c.file); // two frames back to back
        match frame::read(&stream, &options).unwrap() {
            Frame::Complete { value, rest } => {
                assert_eq!(value.text(c.style()).to_string(), text, "{}", c.name);
                assert_eq!(rest, &c.file[..]);
            }
            Frame::Incomplete { .. } => panic!("{}", c.name),
        }
        for cut in 0..c.file.len() {
            match frame::read(&c.file[..cut], &options).unwrap() {
                Frame::Incomplete { needed } if cut < 4 => assert_eq!(needed, 4 - cut),
                Frame::Incomplete { needed } => {
                    assert_eq!(needed, c.file.len() - cut, "{} cut at {cut}", c.name)
                }
                Frame::Complete { .. } => panic!("{} complete at {cut}", c.name),
            }
        }
    }
}

#[test]
fn decoder_yields_the_same_frames_for_every_chunk_split() {
    for (c, text) in framed_fixtures() {
        // Three frames back to back, cut into two chunks at every position, and into
        // chunks of every size.
        let stream: Vec<u8> = c
            .file
            .iter()
            .chain(&c.file)
            .chain(&c.file)
            .copied()
            .collect();
        let expected = vec![text.clone(); 3];
        let mut splits: Vec<Vec<&[u8]>> = (0..=stream.len())
            .map(|cut| vec![&stream[..cut], &stream[cut..]])
            .collect();
        splits.extend((1..=stream.len()).map(|size| stream.chunks(size).collect()));
        for chunks in splits {
            let mut decoder = FrameDecoder::new(FrameOptions::new(c.dialect()));
            let mut seen = Vec::new();
            for chunk in &chunks {
                decoder.feed(chunk, |f| seen.push(f.unwrap().text(c.style()).to_string()));
                assert!(
                    decoder.buffered() <= c.file.len(),
                    "never more than one frame is buffered"
                );
            }
            assert_eq!(
                seen,
                expected,
                "{} split {:?}",
                c.name,
                chunks.iter().map(|c| c.len()).collect::<Vec<_>>()
            );
            assert_eq!(decoder.buffered(), 0);
        }
    }
}

#[test]
fn decoder_copies_only_a_straddling_frame() {
    let c = common::case("g4", "w_dict__stream_put_var");
    let stream: Vec<u8> = c.file.iter().chain(&c.file).copied().collect();
    let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
    let mut from_chunk = 0;
    // The first frame lies inside the chunk: its value points into the chunk.
    let chunk = &stream[..c.file.len() + 10];
    let range = chunk.as_ptr_range();
    decoder.feed(chunk, |f| {
        let v = f.unwrap();
        assert!(range.contains(&v.encoded().as_ptr()));
        from_chunk += 1;
    });
    assert_eq!((from_chunk, decoder.buffered()), (1, 10));
    decoder.feed(&stream[c.file.len() + 10..], |f| assert!(f.is_ok()));
    assert_eq!(decoder.buffered(), 0);
}

#[test]
fn a_hostile_prefix_is_refused_before_its_body() {
    // A 4-byte put_var header claiming 2 GB (Godot allocates it: #99430).
    let options = FrameOptions::new(Dialect::Godot4);
    let prefix = 0x7FFF_FFF0u32.to_le_bytes();
    assert_eq!(
        frame::read(&prefix, &options).unwrap_err(),
        FrameError::TooLarge {
            len: 0x7FFF_FFF0,
            max: frame::DEFAULT_MAX_FRAME
        }
    );
    let mut decoder = FrameDecoder::new(options);
    let mut errors = Vec::new();
    decoder.feed(&prefix[..2], |f| errors.push(f.map(|_| ())));
    assert!(errors.is_empty());
    decoder.feed(&prefix[2..], |f| errors.push(f.map(|_| ())));
    assert_eq!(
        errors,
        [Err(FrameError::TooLarge {
            len: 0x7FFF_FFF0,
            max: frame::DEFAULT_MAX_FRAME
        })]
    );
    assert_eq!(decoder.buffered(), 0, "nothing of the body is buffered");
    // Whatever follows is ignored: the stream cannot be resynchronised.
    decoder.feed(&[0; 1 << 16], |_| panic!("no frame after a fatal error"));
    assert_eq!(decoder.buffered(), 0);
    assert!(decoder.failed().is_some());
    // A u32 prefix of 0xFFFFFFFF (negative for Godot's signed read) too.
    assert!(matches!(
        frame::read(&[0xFF; 8], &options),
        Err(FrameError::TooLarge { .. })
    ));
}

#[test]
fn a_bad_value_skips_only_its_frame() {
    let good = common::case("g4", "w_int64__stream_put_var").file;
    let mut bad = good.clone();
    bad[4] = 99; // unknown type id inside a well-framed body
    let stream: Vec<u8> = good.iter().chain(&bad).chain(&good).copied().collect();
    let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
    let mut seen = Vec::new();
    decoder.feed(&stream, |f| {
        seen.push(
            f.map(|v| (v.as_int(), v.offset()))
                .map_err(|e| e.to_string()),
        )
    });
    // Offsets count from the start of the stream: each frame is 16 bytes, its value
    // starts after the 4-byte prefix.
    assert_eq!(
        seen,
        [
            Ok((Some(4611686018427387904), 4)),
            Err("bad value in frame: unknown type id 0x63 at offset 0x14".to_string()),
            Ok((Some(4611686018427387904), 36))
        ]
    );
    // The same offsets whatever the chunking, and from the other readers.
    for size in [1, 3, 5, 17] {
        let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
        let mut offsets = Vec::new();
        for chunk in stream.chunks(size) {
            decoder.feed(chunk, |f| {
                offsets.push(f.map(|v| v.offset()).map_err(|e| match e {
                    FrameError::Value(e) => e.offset(),
                    other => panic!("{other}"),
                }))
            });
        }
        assert_eq!(offsets, [Ok(4), Err(20), Ok(36)], "chunks of {size}");
        assert_eq!(decoder.position(), stream.len());
    }
    let mut reader = frame::FrameReader::new(&stream[..], FrameOptions::new(Dialect::Godot4));
    assert_eq!(reader.next_frame().unwrap().unwrap().offset(), 4);
    match reader.next_frame() {
        Err(frame::ReadError::Frame(FrameError::Value(e))) => assert_eq!(e.offset(), 20),
        other => panic!("{other:?}"),
    }
    assert_eq!(reader.next_frame().unwrap().unwrap().offset(), 36);
    assert_eq!(reader.position(), stream.len());
    // `read_at` for a slice further into a stream.
    match frame::read_at(&stream[16..], 16, &FrameOptions::new(Dialect::Godot4)) {
        Err(FrameError::Value(e)) => assert_eq!(e.offset(), 20),
        other => panic!("{other:?}"),
    }
}

#[test]
fn frame_reader_reads_store_var_files_and_write_to_writes_them() {
    for (c, text) in framed_fixtures() {
        let mut file = Vec::new();
        for _ in 0..3 {
            file.extend_from_slice(&c.file);
        }
        let mut reader = FrameReader::new(&file[..], FrameOptions::new(c.dialect()));
        let mut written = Vec::new();
        let mut n = 0;
        while let Some(value) = reader.next_frame().unwrap() {
            assert_eq!(value.text(c.style()).to_string(), text, "{}", c.name);
            frame::write_to(&mut written, value, PrefixOrder::Little).unwrap();
            n += 1;
        }
        assert_eq!(n, 3);
        if !(c.dialect() == Dialect::Godot3 && c.name.contains("nodepath")) {
            assert_eq!(written, file, "{}: written back byte for byte", c.name);
        }
        // A stream that ends inside a frame is an I/O error, not a silent end.
        let mut cut = FrameReader::new(&file[..file.len() - 1], FrameOptions::new(c.dialect()));
        let mut last = None;
        for _ in 0..3 {
            last = Some(
                cut.next_frame()
                    .map(|v| v.is_some())
                    .map_err(|e| e.to_string()),
            );
        }
        assert!(last.unwrap().is_err(), "{}", c.name);
    }
}

#[test]
fn big_endian_prefixes_are_read_and_written() {
    let c = common::case("g4", "w_string__store_var");
    let value = VariantRef::parse(c.value_bytes(), Dialect::Godot4).unwrap();
    let mut out = Vec::new();
    frame::write(&mut out, value, PrefixOrder::Big).unwrap();
    assert_eq!(&out[..4], &[0, 0, 0, 12]);
    assert_eq!(&out[4..], c.value_bytes());
    let options = FrameOptions::new(Dialect::Godot4).order(PrefixOrder::Big);
    match frame::read(&out, &options).unwrap() {
        Frame::Complete { value, rest } => {
            assert_eq!(value.as_str(), Some("abc"));
            assert!(rest.is_empty());
        }
        Frame::Incomplete { .. } => panic!(),
    }
}

#[test]
fn write_with_builds_in_place_and_leaves_nothing_on_error() {
    let mut out = vec![9];
    frame::write_with(&mut out, Dialect::Godot4, PrefixOrder::Little, |b| b.int(7)).unwrap();
    assert_eq!(out, [9, 8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]);
    let err = frame::write_with(&mut out, Dialect::Godot3, PrefixOrder::Little, |b| {
        b.string_name("x")
    })
    .unwrap_err();
    assert!(matches!(
        err,
        gdvariant::BuildError::TypeNotInDialect { .. }
    ));
    assert_eq!(out.len(), 13, "the failed frame left nothing behind");
}

#[test]
fn frame_reader_memory_follows_the_bytes_received_not_the_prefix() {
    // A prefix claiming 15 MiB followed by 8 bytes: an I/O error, and the buffer only ever
    // held what arrived (read_to_end grows geometrically from what is read).
    let mut stream = (15u32 << 20).to_le_bytes().to_vec();
    stream.extend_from_slice(&[2, 0, 0, 0, 7, 0, 0, 0]);
    let mut reader = FrameReader::new(&stream[..], FrameOptions::new(Dialect::Godot4));
    let err = reader.next_frame().map(|v| v.is_some()).unwrap_err();
    assert!(
        matches!(err, frame::ReadError::Io(ref e) if e.kind() == std::io::ErrorKind::UnexpectedEof),
        "{err}"
    );
}

#[test]
fn a_big_frame_arrives_whole_through_64_kib_chunks() {
    let mut big = Vec::new();
    frame::write_with(&mut big, Dialect::Godot4, PrefixOrder::Little, |b| {
        b.packed_bytes(&vec![7u8; 1 << 20])
    })
    .unwrap();
    let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
    let mut sizes = Vec::new();
    for chunk in big.chunks(64 << 10) {
        decoder.feed(chunk, |f| sizes.push(f.unwrap().as_packed().unwrap().len()));
        assert!(decoder.buffered() <= big.len());
    }
    assert_eq!(sizes, [1 << 20]);
    assert_eq!(decoder.buffered(), 0);
}

#[test]
fn detect_finds_the_prefix_of_every_framed_fixture_and_keeps_file_offsets() {
    use gdvariant::frame::{detect, Hints, PrefixOrder, Reading};
    for engine in ["g32", "g36", "g4"] {
        for c in common::cases(engine) {
            let Ok(expected) = VariantRef::parse(c.value_bytes(), c.dialect()) else {
                continue;
            };
            let hints = Hints {
                dialect: Some(c.dialect()),
                prefixed: None,
            };
            let found = detect(&c.file, hints).unwrap();
            let want = Reading {
                dialect: c.dialect(),
                prefix: c.is_prefixed().then_some(PrefixOrder::Little),
            };
            assert_eq!(found.reading, want, "{engine}/{}", c.name);
            assert_eq!(found.value.encoded(), expected.encoded());
            assert_eq!(found.value.offset(), want.value_offset());
            assert!(found
                .candidates()
                .any(|(r, ty)| r == want && ty == expected.ty()));
        }
    }
    // An error in a prefixed file is reported at its file offset.
    let c = common::case("g4", "w_dict__stream_put_var");
    let mut file = c.file.clone();
    file.truncate(file.len() - 4);
    let hints = Hints {
        dialect: Some(Dialect::Godot4),
        prefixed: Some(true),
    };
    let e = detect(&file, hints).unwrap_err();
    let body_error = VariantRef::parse(&file[4..], Dialect::Godot4).unwrap_err();
    assert_eq!(e.error.offset(), body_error.offset() + 4);
    assert_eq!(e.error.kind(), body_error.kind());
    // A prefix cut short: the input ends inside it.
    let e = detect(&[1, 0], hints).unwrap_err();
    assert_eq!(
        (e.error.kind(), e.error.offset()),
        (gdvariant::ErrorKind::UnexpectedEnd, 0)
    );
}
