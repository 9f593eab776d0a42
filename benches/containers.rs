//! Compressed and encrypted saves: a 100 MB `store_var` save (twelve ~8 MB save-game
//! dictionaries, Godot 4) in a Zstd GCPF file with the engine's 4096-byte blocks, and in a
//! Godot 4 GDEC file (AES-256-CFB).
//!
//! Run: `cargo bench --bench containers`. Rows, all `Throughput::Bytes` of the plain
//! save, in one run so that their ratios are honest on a noisy machine:
//! - `gcpf_zstd/open_and_validate`: `container::open` (every block decompressed into
//!   place, on every core for a file this large, and checked) then every frame validated;
//! - `gcpf_zstd/zstd_crate_alone`: the `zstd` crate decompressing the same blocks into a
//!   preallocated buffer, one context, one thread (the yardstick);
//! - `gcpf_zstd/parse_plain`: validating the plain frames alone;
//! - `gdec_cfb/open`: `container::open` of the GDEC file (AES-256-CFB decryption and the
//!   plaintext's MD5);
//! - `gdec_cfb/md5_alone`: the `md-5` crate hashing the plain save (the engine checks the
//!   plaintext's MD5, so no reader can be faster than this);
//! - `gdec_cfb/memcpy`: copying 100 MB.

#[path = "blobs.rs"]
#[allow(dead_code)]
mod blobs;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gdvariant::container::{compress, encrypt, open, Compression, Layout, OpenOptions, Secret};
use gdvariant::frame::{self, FrameOptions};
use gdvariant::Dialect;

/// About 100 MB of store_var frames.
fn plain_save() -> Vec<u8> {
    let save = blobs::save_game();
    let mut out = Vec::with_capacity(100 << 20);
    while out.len() + save.len() + 4 <= 100_000_000 {
        out.extend_from_slice(&(save.len() as u32).to_le_bytes());
        out.extend_from_slice(&save);
    }
    out
}

/// Validates every frame; returns how many.
fn validate(plain: &[u8]) -> usize {
    let options = FrameOptions::new(Dialect::Godot4).max_frame(usize::MAX);
    let mut count = 0;
    for f in frame::frames(plain, options) {
        black_box(f.expect("valid frame"));
        count += 1;
    }
    count
}

/// The GCPF file's blocks: (compressed bytes, plain size).
fn blocks(file: &[u8]) -> Vec<(&[u8], usize)> {
    let word = |at: usize| u32::from_le_bytes(file[at..at + 4].try_into().unwrap()) as usize;
    let (block_size, total) = (word(8), word(12));
    let count = total / block_size + 1;
    let mut at = 16 + 4 * count;
    (0..count)
        .map(|i| {
            let size = word(16 + 4 * i);
            let plain = if i + 1 == count {
                total % block_size
            } else {
                block_size
            };
            let block = &file[at..at + size];
            at += size;
            (block, plain)
        })
        .collect()
}

fn bench_containers(c: &mut Criterion) {
    let plain = plain_save();
    let frames = validate(&plain);
    let gcpf = compress(&plain, Compression::Zstd, 4096).unwrap();
    let mut group = c.benchmark_group("gcpf_zstd");
    group.throughput(Throughput::Bytes(plain.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("open_and_validate", |b| {
        b.iter(|| {
            let opened = open(black_box(&gcpf), &OpenOptions::default()).unwrap();
            assert_eq!(validate(opened.bytes()), frames);
        })
    });
    let table = blocks(&gcpf);
    let mut out = vec![0u8; plain.len()];
    group.bench_function("zstd_crate_alone", |b| {
        let mut zstd = zstd::bulk::Decompressor::new().unwrap();
        b.iter(|| {
            let mut at = 0;
            for &(block, size) in &table {
                let n = zstd
                    .decompress_to_buffer(block, &mut out[at..at + size])
                    .unwrap();
                at += n;
            }
            assert_eq!(at, plain.len());
        })
    });
    group.bench_function("parse_plain", |b| {
        b.iter(|| assert_eq!(validate(black_box(&plain)), frames))
    });
    group.finish();

    let secret = Secret::Password("hunter2".into());
    let gdec = encrypt(&plain, &secret, Layout::Godot4, None).unwrap();
    let options = OpenOptions::with_secret(secret);
    let mut group = c.benchmark_group("gdec_cfb");
    group.throughput(Throughput::Bytes(plain.len() as u64));
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("open", |b| {
        b.iter(|| {
            let opened = open(black_box(&gdec), &options).unwrap();
            assert_eq!(opened.bytes().len(), plain.len());
        })
    });
    group.bench_function("md5_alone", |b| {
        use md5::Digest;
        b.iter(|| black_box(md5::Md5::digest(black_box(&plain))))
    });
    let mut copy = vec![0u8; plain.len()];
    group.bench_function("memcpy", |b| {
        b.iter(|| {
            copy.copy_from_slice(black_box(&plain));
            black_box(&copy);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_containers);
criterion_main!(benches);
