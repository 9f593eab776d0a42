//! The malformed-container table: each way a compressed or encrypted file can lie or be
//! damaged, built from an engine-written file, and the exact error kind and file offset
//! `container::open` gives for it (SECURITY.md lists the same table). Nothing here may
//! panic, and nothing is reserved from a size the file merely claims.

use crate::common;

use gdvariant::container::{
    compress, open, Compression, ContainerErrorKind as K, OpenOptions, Secret, StreamMode,
};
use gdvariant::frame::{detect, Hints};
use gdvariant::{ErrorKind, Limits};

fn fixture(engine: &str, name: &str) -> Vec<u8> {
    std::fs::read(
        common::fixtures_dir()
            .join("containers")
            .join(engine)
            .join(name),
    )
    .unwrap()
}

fn password() -> OpenOptions {
    OpenOptions::with_secret(Secret::Password("hunter2-Ünïcode".into()))
}

fn set_u32(data: &mut [u8], at: usize, value: u32) {
    data[at..at + 4].copy_from_slice(&value.to_le_bytes());
}

/// `GCPF`, mode, block size, total, then `rest`.
fn gcpf(mode: u32, block_size: u32, total: u32, rest: &[u8]) -> Vec<u8> {
    let mut out = b"GCPF".to_vec();
    for w in [mode, block_size, total] {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out.extend_from_slice(rest);
    out
}

struct Row {
    name: &'static str,
    file: Vec<u8>,
    options: OpenOptions,
    kind: K,
    offset: usize,
}

fn rows() -> Vec<Row> {
    let zstd = fixture("g4", "save__gcpf_zstd.bin");
    let g4_pass = fixture("g4", "save__gdec_pass.bin");
    let g3_pass = fixture("g32", "save__gdec_pass.bin");
    let big = fixture("g4", "big_vectors__gcpf_deflate.bin");
    let mut rows = vec![
        Row {
            name: "GCPF header cut after the magic",
            file: b"GCPF\x02\x00".to_vec(),
            options: OpenOptions::default(),
            kind: K::UnexpectedEnd,
            offset: 6,
        },
        Row {
            name: "GCPF mode 9",
            file: gcpf(9, 4096, 0, &[0; 8]),
            options: OpenOptions::default(),
            kind: K::UnknownMode(9),
            offset: 4,
        },
        Row {
            name: "GCPF block size 0",
            file: gcpf(2, 0, 12, &[0; 8]),
            options: OpenOptions::default(),
            kind: K::ZeroBlockSize,
            offset: 8,
        },
        Row {
            name: "a 40-byte file that claims 4 GiB in 4 KiB blocks: the table is not there",
            file: gcpf(2, 4096, u32::MAX, &[0; 24]),
            options: OpenOptions::default(),
            kind: K::UnexpectedEnd,
            offset: 40,
        },
        Row {
            name: "a 40-byte file that claims 4 GiB in one block of 8 bytes",
            file: gcpf(
                2,
                u32::MAX,
                u32::MAX,
                &[
                    8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, b'G', b'C', b'P', b'F', 0, 0,
                    0, 0,
                ],
            ),
            options: OpenOptions::default(),
            kind: K::BlockTooLarge {
                block: 0,
                claimed: u64::from(u32::MAX),
                compressed: 8,
            },
            offset: 16,
        },
        Row {
            name: "a total over Limits::max_unpacked",
            file: zstd.clone(),
            options: OpenOptions::new().limits(Limits::new().max_unpacked(100)),
            kind: K::TooLarge {
                size: 360,
                limit: 100,
            },
            offset: 12,
        },
        Row {
            name: "GCPF end magic missing (the file cut by 4 bytes)",
            file: zstd[..zstd.len() - 4].to_vec(),
            options: OpenOptions::default(),
            kind: K::SizeMismatch {
                claimed: zstd.len() as u64,
                actual: zstd.len() as u64 - 4,
            },
            offset: 16,
        },
        Row {
            name: "GCPF end magic wrong",
            file: {
                let mut f = zstd.clone();
                let n = f.len();
                f[n - 1] = b'X';
                f
            },
            options: OpenOptions::default(),
            kind: K::BadEndMagic,
            offset: zstd.len() - 4,
        },
        Row {
            name: "a lying block size in the table",
            file: {
                let mut f = zstd.clone();
                set_u32(&mut f, 16, 1000);
                f
            },
            options: OpenOptions::default(),
            kind: K::SizeMismatch {
                claimed: zstd.len() as u64 + 1000 - 236,
                actual: zstd.len() as u64,
            },
            offset: 16,
        },
        Row {
            name: "a lying total (more blocks than the table holds)",
            file: {
                let mut f = big.clone();
                set_u32(&mut f, 12, 4096 * 40);
                f
            },
            options: OpenOptions::default(),
            // The 41-entry table runs into the blocks, whose bytes read as sizes that add
            // up to 66 GB: refused before anything is reserved.
            kind: K::SizeMismatch {
                claimed: 66_345_264_707,
                actual: big.len() as u64,
            },
            offset: 16,
        },
        Row {
            name: "a flipped byte inside a Zstd block",
            file: {
                let mut f = zstd.clone();
                f[30] ^= 0xff;
                f
            },
            options: OpenOptions::default(),
            kind: K::Corrupt {
                block: 0,
                mode: Compression::Zstd,
                reason: String::new(),
            },
            offset: 20,
        },
        Row {
            name: "a block that decompresses to more than the block size",
            file: {
                let data = zstd::bulk::compress(&[7u8; 20], 3).unwrap();
                let mut rest = (data.len() as u32).to_le_bytes().to_vec();
                rest.extend_from_slice(&data);
                rest.extend_from_slice(b"GCPF");
                gcpf(2, 4096, 10, &rest)
            },
            options: OpenOptions::default(),
            kind: K::BlockOverflow { block: 0 },
            offset: 20,
        },
        Row {
            name: "a block that decompresses to less than the block size",
            file: {
                let data = zstd::bulk::compress(&[7u8; 5], 3).unwrap();
                let mut rest = (data.len() as u32).to_le_bytes().to_vec();
                rest.extend_from_slice(&data);
                rest.extend_from_slice(b"GCPF");
                gcpf(2, 4096, 10, &rest)
            },
            options: OpenOptions::default(),
            kind: K::BlockShort { block: 0 },
            offset: 20,
        },
        Row {
            name: "GDEC header cut short",
            file: b"GDEC\x01\x00\x00\x00abcd".to_vec(),
            options: password(),
            kind: K::UnexpectedEnd,
            offset: 12,
        },
        Row {
            name: "GDEC (Godot 4) ciphertext one block short",
            file: g4_pass[..g4_pass.len() - 16].to_vec(),
            options: password(),
            kind: K::CiphertextLength {
                claimed: 360,
                available: 352,
            },
            offset: 20,
        },
        Row {
            name: "GDEC (Godot 3) ciphertext one byte short",
            file: g3_pass[..g3_pass.len() - 1].to_vec(),
            options: password(),
            kind: K::CiphertextLength {
                claimed: 360,
                available: 367,
            },
            offset: 24,
        },
        Row {
            name: "GDEC (Godot 4) plaintext length lies (u64::MAX)",
            file: {
                let mut f = g4_pass.clone();
                f[20..28].copy_from_slice(&u64::MAX.to_le_bytes());
                f
            },
            options: password(),
            kind: K::CiphertextLength {
                claimed: u64::MAX,
                available: 368,
            },
            offset: 20,
        },
        Row {
            name: "GDEC (Godot 4) a flipped ciphertext byte",
            file: {
                let mut f = g4_pass.clone();
                f[100] ^= 1;
                f
            },
            options: password(),
            kind: K::WrongKey,
            offset: 4,
        },
        Row {
            name: "GDEC (Godot 3) a flipped MD5 byte",
            file: {
                let mut f = g3_pass.clone();
                f[8] ^= 1;
                f
            },
            options: password(),
            kind: K::WrongKey,
            offset: 8,
        },
        Row {
            name: "GDEC a wrong password",
            file: g4_pass.clone(),
            options: OpenOptions::with_secret(Secret::Password("hunter2".into())),
            kind: K::WrongKey,
            offset: 4,
        },
        Row {
            name: "GDEC without a key",
            file: g4_pass.clone(),
            options: OpenOptions::default(),
            kind: K::NeedsKey,
            offset: 0,
        },
        Row {
            name: "a Zstd stream cut short",
            file: {
                let f = fixture("g4", "save__raw_zstd.bin");
                f[..f.len() - 10].to_vec()
            },
            options: OpenOptions::default(),
            kind: K::Corrupt {
                block: 0,
                mode: Compression::Zstd,
                reason: String::new(),
            },
            offset: 0,
        },
        Row {
            name: "bytes after a GZIP stream",
            file: {
                let mut f = fixture("g4", "save__raw_gzip.bin");
                f.extend_from_slice(b"junk");
                f
            },
            options: OpenOptions::default(),
            kind: K::TrailingBytes(4),
            offset: 0,
        },
        Row {
            name: "a named FastLZ stream that is not one",
            file: vec![0x1f, 1, 2],
            options: OpenOptions::new().stream(StreamMode::Named(Compression::FastLz)),
            kind: K::Corrupt {
                block: 0,
                mode: Compression::FastLz,
                reason: String::new(),
            },
            offset: 0,
        },
    ];
    // Brotli can only be read: writing it is refused before anything is written.
    let e = compress(b"x", Compression::Brotli, 4096).unwrap_err();
    assert_eq!(e.kind(), &K::CannotWrite(Compression::Brotli));
    rows.retain(|r| !r.name.is_empty());
    rows
}

/// The kinds compared without a codec's own message (it is the codec's words).
fn same_kind(a: &K, b: &K) -> bool {
    match (a, b) {
        (
            K::Corrupt { block, mode, .. },
            K::Corrupt {
                block: b2,
                mode: m2,
                ..
            },
        ) => block == b2 && mode == m2,
        _ => a == b,
    }
}

#[test]
fn every_malformed_container_is_a_typed_error_at_its_offset() {
    let mut failures = Vec::new();
    for row in rows() {
        match open(&row.file, &row.options) {
            Ok(o) => failures.push(format!("{}: opened as {}", row.name, o.container())),
            Err(e) => {
                if !same_kind(e.kind(), &row.kind) || e.offset() != row.offset {
                    failures.push(format!(
                        "{}: got {:?} at {}, want {:?} at {}",
                        row.name,
                        e.kind(),
                        e.offset(),
                        row.kind,
                        row.offset
                    ));
                }
                // Every message says where.
                assert!(e.to_string().contains("offset"), "{}", row.name);
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn an_empty_file_is_no_container_and_no_value() {
    let opened = open(&[], &OpenOptions::default()).unwrap();
    assert!(opened.container().is_plain());
    let e = detect(opened.bytes(), Hints::default()).unwrap_err();
    assert_eq!(
        (e.error.kind(), e.error.offset()),
        (ErrorKind::UnexpectedEnd, 0)
    );
}

#[test]
fn a_container_holding_no_values_opens_to_no_bytes() {
    for mode in [
        Compression::FastLz,
        Compression::Deflate,
        Compression::Zstd,
        Compression::Gzip,
    ] {
        let file = compress(&[], mode, 4096).unwrap();
        let opened = open(&file, &OpenOptions::default()).unwrap();
        assert_eq!(opened.bytes(), &[] as &[u8], "{mode}");
    }
}

#[test]
fn plain_frames_that_start_like_a_zlib_header_stay_plain_in_every_dialect() {
    use gdvariant::frame::{write_with, PrefixOrder};
    use gdvariant::Dialect;
    for dialect in Dialect::ALL {
        // A store_var frame of 376 bytes starts 78 01 00 00: a zlib header.
        let data = (300..400)
            .map(|n| {
                let mut out = Vec::new();
                write_with(&mut out, dialect, PrefixOrder::Little, |b| {
                    let mut d = b.dictionary()?;
                    d.entry("s").string(&"x".repeat(n))?;
                    d.finish()
                })
                .unwrap();
                out
            })
            .find(|f| f.len() == 380)
            .unwrap();
        assert_eq!(&data[..2], &[0x78, 0x01]);
        let opened = open(&data, &OpenOptions::default()).unwrap();
        assert!(opened.container().is_plain(), "{dialect}");
        assert_eq!(opened.bytes(), &data[..]);
    }
}

#[test]
fn a_gzip_stream_that_also_reads_as_plain_values_is_refused_as_ambiguous() {
    // A gzip member that is also a var_to_bytes value: `1f 8b 08 00` is the header of a
    // Godot 4 PackedInt64Array (id 31; bit 19 is a flag the type does not use), the MTIME
    // field its count (10,000), and the rest of the file its 80,000 bytes. The deflate
    // data is stored blocks of whatever fills the file.
    const COUNT: usize = 10_000;
    const TOTAL: usize = 8 + 8 * COUNT;
    let mut file = vec![0x1f, 0x8b, 0x08, 0x00];
    file.extend_from_slice(&(COUNT as u32).to_le_bytes());
    file.extend_from_slice(&[0x00, 0x03]);
    let mut plain = Vec::new();
    let mut remaining = TOTAL - file.len() - 8;
    while remaining > 0 {
        let len = (remaining - 5).min(0xffff);
        let last = remaining == len + 5;
        file.push(u8::from(last));
        file.extend_from_slice(&(len as u16).to_le_bytes());
        file.extend_from_slice(&(!(len as u16)).to_le_bytes());
        let data: Vec<u8> = (0..len).map(|i| (i * 7) as u8).collect();
        file.extend_from_slice(&data);
        plain.extend_from_slice(&data);
        remaining -= len + 5;
    }
    let mut crc = flate2::Crc::new();
    crc.update(&plain);
    file.extend_from_slice(&crc.sum().to_le_bytes());
    file.extend_from_slice(&(plain.len() as u32).to_le_bytes());
    assert_eq!(file.len(), TOTAL);
    // Both readings work…
    let as_stream = OpenOptions::new().stream(StreamMode::Named(Compression::Gzip));
    assert_eq!(open(&file, &as_stream).unwrap().bytes(), &plain[..]);
    let found = detect(&file, Hints::default()).unwrap();
    assert!(found.is_exact());
    assert_eq!(found.value.ty(), gdvariant::VariantType::PackedInt64Array);
    // …so detection refuses to choose, and each is had by naming it.
    let e = open(&file, &OpenOptions::default()).unwrap_err();
    assert_eq!(
        (e.kind(), e.offset()),
        (&K::Ambiguous(Compression::Gzip), 0)
    );
    let as_plain = OpenOptions::new().stream(StreamMode::Plain);
    assert!(open(&file, &as_plain).unwrap().container().is_plain());
}
