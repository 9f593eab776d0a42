//! Compressed (GCPF), encrypted (GDEC) and `compress()`-stream files that Godot 3.2.3,
//! 3.6.2 and 4.6.3 wrote (`tests/fixtures/containers`): each opens to the values the engine
//! stored, printed exactly as the engine printed them; what we write opens again; and every
//! lie a hostile file can tell is refused with its kind and offset.

use crate::common;

use gdvariant::container::{
    compress, compress_stream, encrypt, open, Compression, Container, ContainerErrorKind, Layout,
    OpenOptions, Secret, StreamMode,
};
use gdvariant::frame::{detect, Hints};
use gdvariant::text::TextStyle;
use gdvariant::{Dialect, VariantBuf};

struct Case {
    engine: String,
    file: String,
    container: String,
    mode: String,
    secret: String,
    texts: Vec<String>,
    bytes: Vec<u8>,
}

fn cases() -> Vec<Case> {
    let root = common::fixtures_dir().join("containers");
    let mut out = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        let dir = root.join(engine);
        let lines = std::fs::read_to_string(dir.join("cases.jsonl")).unwrap();
        for line in lines.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let s = |k: &str| v[k].as_str().unwrap().to_string();
            let texts = v["texts"]
                .as_array()
                .unwrap()
                .iter()
                .map(|t| t.as_str().unwrap().to_string())
                .collect();
            out.push(Case {
                engine: engine.into(),
                bytes: std::fs::read(dir.join(s("file"))).unwrap(),
                file: s("file"),
                container: s("container"),
                mode: s("mode"),
                secret: s("secret"),
                texts,
            });
        }
    }
    out
}

fn mode(name: &str) -> Compression {
    match name {
        "fastlz" => Compression::FastLz,
        "deflate" => Compression::Deflate,
        "zstd" => Compression::Zstd,
        "gzip" => Compression::Gzip,
        other => panic!("mode {other}"),
    }
}

impl Case {
    fn dialect(&self) -> Dialect {
        if self.engine == "g4" {
            Dialect::Godot4
        } else {
            Dialect::Godot3
        }
    }

    fn style(&self) -> TextStyle {
        match self.engine.as_str() {
            "g32" => TextStyle::Godot32,
            "g36" => TextStyle::Godot36,
            _ => TextStyle::Godot4,
        }
    }

    fn secret(&self) -> Option<Secret> {
        match self.mode.as_str() {
            "pass" => Some(Secret::Password(self.secret.clone())),
            "key" => Secret::from_hex(&self.secret),
            "key_iv" => Secret::from_hex(self.secret.split(':').next().unwrap()),
            _ => None,
        }
    }

    fn options(&self) -> OpenOptions {
        OpenOptions::new().secret(self.secret()).stream(
            if self.container == "raw_compress" && self.mode == "fastlz" {
                StreamMode::Named(Compression::FastLz)
            } else {
                StreamMode::Detect
            },
        )
    }

    /// The texts of the values in the plain bytes: store_var frames in a file, one
    /// var_to_bytes value in a stream.
    fn texts_of(&self, plain: &[u8]) -> Vec<String> {
        let hints = Hints {
            dialect: Some(self.dialect()),
            prefixed: Some(self.container != "raw_compress"),
        };
        let found = detect(plain, hints).unwrap_or_else(|e| panic!("{}: {e:?}", self.file));
        assert!(found.is_exact(), "{}/{}: not exact", self.engine, self.file);
        found
            .values()
            .map(|v| v.text(self.style()).to_string())
            .collect()
    }
}

#[test]
fn every_engine_file_opens_to_the_engines_texts() {
    let cases = cases();
    assert_eq!(cases.len(), 112);
    for case in &cases {
        let opened = open(&case.bytes, &case.options())
            .unwrap_or_else(|e| panic!("{}/{}: {e}", case.engine, case.file));
        let expected = match case.container.as_str() {
            "compressed" => Container::Compressed {
                mode: mode(&case.mode),
                block_size: 4096,
            },
            "encrypted" => Container::Encrypted {
                layout: if case.engine == "g4" {
                    Layout::Godot4
                } else {
                    Layout::Godot3
                },
            },
            _ => Container::Stream {
                mode: mode(&case.mode),
            },
        };
        assert_eq!(
            opened.container(),
            expected,
            "{}/{}",
            case.engine,
            case.file
        );
        assert_eq!(
            case.texts_of(opened.bytes()),
            case.texts,
            "{}/{}",
            case.engine,
            case.file
        );
    }
}

#[test]
fn what_we_write_opens_to_the_same_bytes() {
    for case in cases() {
        let opened = open(&case.bytes, &case.options()).unwrap();
        let plain = opened.bytes();
        let secret = case.secret();
        let rewritten = opened.container().wrap(plain, secret.as_ref()).unwrap();
        let again = open(&rewritten, &case.options()).unwrap();
        assert_eq!(again.bytes(), plain, "{}/{}", case.engine, case.file);
        assert_eq!(again.container(), opened.container());
    }
}

#[test]
fn zstd_files_are_written_byte_for_byte_like_godot_3_6_and_4_6() {
    // Zstd at level 3 is the same library as Godot 3.6's and 4.6's (Godot 3.2 ships an
    // older zstd whose level 3 picks other matches in two of its four files). FastLZ is our own encoder, Deflate and GZIP come
    // from another zlib implementation: their bytes differ, and what must hold for every
    // mode is that the engine reads ours (tests/engines/oracle_containers.rs).
    for case in cases()
        .iter()
        .filter(|c| c.container == "compressed" && c.mode == "zstd" && c.engine != "g32")
    {
        let plain = open(&case.bytes, &case.options()).unwrap().into_bytes();
        let ours = compress(&plain, Compression::Zstd, 4096).unwrap();
        assert_eq!(ours, case.bytes, "{}/{}", case.engine, case.file);
    }
}

#[test]
fn godot4_files_with_a_callers_iv_are_written_byte_for_byte() {
    for case in cases().iter().filter(|c| c.mode == "key_iv") {
        let plain = open(&case.bytes, &case.options()).unwrap().into_bytes();
        let iv_hex = case.secret.split(':').nth(1).unwrap();
        let iv: Vec<u8> = (0..16)
            .map(|i| u8::from_str_radix(&iv_hex[2 * i..2 * i + 2], 16).unwrap())
            .collect();
        let ours = encrypt(
            &plain,
            &case.secret().unwrap(),
            Layout::Godot4,
            Some(iv.try_into().unwrap()),
        )
        .unwrap();
        assert_eq!(ours, case.bytes, "{}", case.file);
    }
    // Godot 3's layout has no IV: ECB is deterministic, so those are byte for byte too.
    for case in cases()
        .iter()
        .filter(|c| c.engine != "g4" && c.container == "encrypted")
    {
        let plain = open(&case.bytes, &case.options()).unwrap().into_bytes();
        let ours = encrypt(&plain, &case.secret().unwrap(), Layout::Godot3, None).unwrap();
        assert_eq!(ours, case.bytes, "{}/{}", case.engine, case.file);
    }
}

#[test]
fn a_wrong_key_is_an_error_that_says_so_and_gives_nothing() {
    for case in cases().iter().filter(|c| c.container == "encrypted") {
        for wrong in [Secret::Password("hunter3".into()), Secret::Key([7; 32])] {
            let e = open(&case.bytes, &OpenOptions::with_secret(wrong)).unwrap_err();
            assert_eq!(e.kind(), &ContainerErrorKind::WrongKey, "{}", case.file);
            assert_eq!(e.offset(), if case.engine == "g4" { 4 } else { 8 });
            assert!(e.to_string().contains("wrong password or key"));
        }
        let e = open(&case.bytes, &OpenOptions::default()).unwrap_err();
        assert_eq!((e.kind(), e.offset()), (&ContainerErrorKind::NeedsKey, 0));
    }
}

#[test]
fn the_password_key_is_the_md5_as_hex_text_not_the_binary_digest() {
    // md5("hunter2-Ünïcode") = f9072b4c0fa5a10cbc0a75114f94cbe4: its 32 ASCII characters
    // are the AES-256 key (Godot 3's ECB layout is deterministic, so compare bytes).
    let plain = [8, 0, 0, 0, 2, 0, 0, 0, 42, 0, 0, 0];
    let password = Secret::Password("hunter2-Ünïcode".into());
    let text_key = Secret::Key(*b"f9072b4c0fa5a10cbc0a75114f94cbe4");
    let a = encrypt(&plain, &password, Layout::Godot3, None).unwrap();
    let b = encrypt(&plain, &text_key, Layout::Godot3, None).unwrap();
    assert_eq!(a, b);
    let mut binary = [0u8; 32];
    binary[..16].copy_from_slice(&[
        0xf9, 0x07, 0x2b, 0x4c, 0x0f, 0xa5, 0xa1, 0x0c, 0xbc, 0x0a, 0x75, 0x11, 0x4f, 0x94, 0xcb,
        0xe4,
    ]);
    assert_ne!(
        a,
        encrypt(&plain, &Secret::Key(binary), Layout::Godot3, None).unwrap()
    );
}

#[test]
fn variant_buf_from_file_opens_containers() {
    let dir = common::fixtures_dir().join("containers/g4");
    let zstd = VariantBuf::from_file(dir.join("one_int__raw_zstd.bin"), Dialect::Godot4).unwrap();
    assert_eq!(zstd.view().as_int(), Some(42));
    let err =
        VariantBuf::from_file(dir.join("one_int__gdec_pass.bin"), Dialect::Godot4).unwrap_err();
    assert!(
        matches!(err, gdvariant::LoadError::Container(ref e) if e.code() == "needs_key"),
        "{err}"
    );
}

/// `VariantBuf::load`, the loader a newcomer reaches for: a compressed file holding one
/// store_var frame opens, in whichever dialect wrote it; a save of several frames is
/// refused with the frame count (never read as its first bytes); an encrypted one needs
/// its key.
#[test]
fn variant_buf_load_detects_the_dialect_and_refuses_several_frames() {
    for (engine, dialect) in [("g32", Dialect::Godot3), ("g4", Dialect::Godot4)] {
        let dir = common::fixtures_dir().join("containers").join(engine);
        let case = |file: &str| {
            cases()
                .into_iter()
                .find(|c| c.engine == engine && c.file == file)
                .unwrap()
        };
        for mode in ["gcpf_zstd", "gcpf_fastlz", "gcpf_deflate"] {
            let one = VariantBuf::load(dir.join(format!("one_int__{mode}.bin"))).unwrap();
            assert_eq!(
                (one.view().as_int(), one.view().offset()),
                (Some(42), 4),
                "{engine} {mode}"
            );
            // The save's Dictionary holds types whose ids differ: its dialect is found.
            let file = format!("save__{mode}.bin");
            let save = VariantBuf::load(dir.join(&file)).unwrap();
            assert_eq!(save.dialect(), dialect, "{engine} {mode}");
            let text = save.view().text(case(&file).style()).to_string();
            assert_eq!(text, case(&file).texts[0], "{engine} {mode}");
            // Two store_var calls: refused with the count, never read as the first bytes.
            let file = format!("big_vectors__{mode}.bin");
            assert_eq!(case(&file).texts.len(), 2);
            match VariantBuf::load(dir.join(&file)) {
                Err(gdvariant::LoadError::Detect(gdvariant::frame::AutoError::Frames {
                    count,
                    reading,
                })) => assert_eq!((count, reading.dialect), (2, dialect), "{engine} {mode}"),
                other => panic!("{engine} {mode}: {other:?}"),
            }
        }
        let err = VariantBuf::load(dir.join("one_int__gdec_pass.bin")).unwrap_err();
        assert!(
            matches!(err, gdvariant::LoadError::Container(ref e) if e.code() == "needs_key"),
            "{err}"
        );
    }
}

#[test]
fn streams_round_trip_in_every_writable_mode() {
    let plain: Vec<u8> = (0..50_000u32)
        .flat_map(|i| (i % 251).to_le_bytes())
        .collect();
    for mode in [
        Compression::FastLz,
        Compression::Deflate,
        Compression::Zstd,
        Compression::Gzip,
    ] {
        let packed = compress_stream(&plain, mode).unwrap();
        let options = OpenOptions::new().stream(StreamMode::Named(mode));
        assert_eq!(
            open(&packed, &options).unwrap().bytes(),
            &plain[..],
            "{mode}"
        );
    }
    assert_eq!(
        compress_stream(&plain, Compression::Brotli)
            .unwrap_err()
            .kind(),
        &ContainerErrorKind::CannotWrite(Compression::Brotli)
    );
}

#[test]
fn large_files_take_the_threaded_paths_and_give_the_same_bytes() {
    // Over 4 MiB of GCPF blocks are decoded on several threads; over 1 MiB of GDEC
    // ciphertext is hashed on a second thread behind the decryption. A length that is not
    // a multiple of 16 or of the chunk checks the edges.
    let plain: Vec<u8> = (0..5_000_003u32)
        .map(|i| ((i % 251) ^ (i >> 9)) as u8)
        .collect();
    for mode in [
        Compression::FastLz,
        Compression::Deflate,
        Compression::Zstd,
        Compression::Gzip,
    ] {
        let file = compress(&plain, mode, 4096).unwrap();
        assert_eq!(
            open(&file, &OpenOptions::default()).unwrap().bytes(),
            &plain[..],
            "{mode}"
        );
        // A corrupt block deep inside, in the second thread's half, is still reported.
        // Only Deflate and GZIP blocks carry a checksum: a FastLZ or Zstd block (the
        // engine writes Zstd frames without their optional checksum) can decode a damaged
        // literal to other bytes, which no reader, the engine's included, can tell.
        if matches!(mode, Compression::Deflate | Compression::Gzip) {
            let mut damaged = file.clone();
            let at = damaged.len() * 3 / 4;
            damaged[at] ^= 0xff;
            damaged[at + 1] ^= 0xff;
            let e = open(&damaged, &OpenOptions::default()).unwrap_err();
            assert!(e.offset() > damaged.len() / 2, "{mode}: {e}");
        }
    }
    let secret = Secret::Password("hunter2".into());
    for layout in [Layout::Godot3, Layout::Godot4] {
        let file = encrypt(&plain, &secret, layout, None).unwrap();
        let options = OpenOptions::with_secret(secret.clone());
        assert_eq!(
            open(&file, &options).unwrap().bytes(),
            &plain[..],
            "{layout}"
        );
        let mut damaged = file.clone();
        let n = damaged.len();
        damaged[n - 20] ^= 1;
        assert_eq!(
            open(&damaged, &options).unwrap_err().kind(),
            &ContainerErrorKind::WrongKey
        );
    }
}

#[test]
fn brotli_blocks_and_streams_are_read() {
    // Godot 4 reads COMPRESSION_BROTLI but cannot write it; another tool's file, made here
    // with the brotli crate: a GCPF file of three blocks (the last one short) and a stream.
    use std::io::Write;
    let brotli = |data: &[u8]| {
        let mut out = Vec::new();
        let mut w = brotli::CompressorWriter::new(&mut out, 4096, 9, 22);
        w.write_all(data).unwrap();
        drop(w);
        out
    };
    let plain: Vec<u8> = (0..10_000u32).map(|i| (i % 97) as u8).collect();
    let blocks: Vec<Vec<u8>> = plain.chunks(4096).map(brotli).collect();
    let mut file = b"GCPF".to_vec();
    for word in [4u32, 4096, plain.len() as u32] {
        file.extend_from_slice(&word.to_le_bytes());
    }
    for block in &blocks {
        file.extend_from_slice(&(block.len() as u32).to_le_bytes());
    }
    for block in &blocks {
        file.extend_from_slice(block);
    }
    file.extend_from_slice(b"GCPF");
    let opened = open(&file, &OpenOptions::default()).unwrap();
    assert_eq!(
        opened.container(),
        Container::Compressed {
            mode: Compression::Brotli,
            block_size: 4096
        }
    );
    assert!(opened.bytes() == &plain[..]);
    // Writing it back in Brotli is refused: nothing is written.
    let e = opened.container().wrap(&plain, None).unwrap_err();
    assert_eq!(
        e.kind(),
        &ContainerErrorKind::CannotWrite(Compression::Brotli)
    );
    // A bare stream, named (Brotli has no header).
    let stream = brotli(&plain);
    let options = OpenOptions::new().stream(StreamMode::Named(Compression::Brotli));
    assert!(open(&stream, &options).unwrap().bytes() == &plain[..]);
    // A block that claims more than it gives is short.
    let mut short = file.clone();
    short[12..16].copy_from_slice(&(plain.len() as u32 + 100).to_le_bytes());
    let e = open(&short, &OpenOptions::default()).unwrap_err();
    assert_eq!(e.kind(), &ContainerErrorKind::BlockShort { block: 2 });
}
