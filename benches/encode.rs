//! Encode benchmarks: the `Builder` writing the shared benchmark blobs.
//!
//! Run: `cargo bench --bench encode` (add `-- --test` to only check the outputs). Every
//! output is checked once, outside the timed loop, to be byte-identical to the standard
//! blob that `blobs.rs` generates (the files of `cargo run --release --example bench_blobs
//! -- DIR`, which the Python and npm benchmarks read). Throughput is output bytes / time,
//! as in the decode benchmarks.
//!
//! Every timed iteration clears and refills one `Vec<u8>` whose capacity is kept, so the
//! loop measures encoding, not allocation or page faults. The source data (key and value
//! strings, vector slices) is prepared before the loop, as it would already be in memory
//! when a program encodes a value it holds.
//!
//! Groups:
//! - `encode`: a value built with the `Builder` API: `dict_nested_100k` and `pv3_1m` (Godot 3
//!   and 4), `dict_str_10k` (Godot 4).
//! - `reencode`: `Builder::value` of a parsed blob (`dict_nested_100k`, `save_game_8mb`,
//!   Godot 4); the parse is done once, outside the loop.
//! - `baseline`: `memcpy` of the 12,000,008-byte pv3 blob into a preallocated buffer, the
//!   ceiling for `encode/pv3_1m`.

#[allow(dead_code)] // the generators parse.rs needs and this file does not
mod blobs;

use std::hint::black_box;
use std::time::Duration;

use blobs::Blob;
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use gdvariant::{BuildError, Builder, Dialect, VariantRef};

const NESTED: usize = 100_000;
const STR_PAIRS: usize = 10_000;
const PV3: usize = 1_000_000;

const DIALECTS: [(Dialect, blobs::Ids, &str); 2] = [
    (Dialect::Godot3, blobs::G3, "g3"),
    (Dialect::Godot4, blobs::G4, "g4"),
];

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    group
}

/// Panics with the first differing offset if `ours` is not `expected`.
fn assert_identical(what: &str, ours: &[u8], expected: &[u8]) {
    let first = ours.iter().zip(expected).position(|(a, b)| a != b);
    assert_eq!(first, None, "{what}: first differing byte");
    assert_eq!(ours.len(), expected.len(), "{what}: length");
}

/// `{"k<i>": {"id": i, "v": i * 0.5}}`, `keys[i]` being `"k<i>"`.
fn nested_dict(out: &mut Vec<u8>, dialect: Dialect, keys: &[String]) -> Result<(), BuildError> {
    let mut dict = Builder::new(out, dialect).dictionary()?;
    for (i, key) in keys.iter().enumerate() {
        let mut inner = dict.entry(key).dictionary()?;
        inner.entry("id").int(i as i64)?;
        inner.entry("v").float(i as f64 * 0.5)?;
        inner.finish()?;
    }
    dict.finish()
}

/// `{"key_<i:05>": "value string number <i> with some text"}`.
fn str_dict(
    out: &mut Vec<u8>,
    dialect: Dialect,
    pairs: &[(String, String)],
) -> Result<(), BuildError> {
    let mut dict = Builder::new(out, dialect).dictionary()?;
    for (key, value) in pairs {
        dict.entry(key).string(value)?;
    }
    dict.finish()
}

/// Runs `encode` into `out` (cleared first) and returns the output length.
fn encode_into(
    out: &mut Vec<u8>,
    encode: impl FnOnce(&mut Vec<u8>) -> Result<(), BuildError>,
) -> usize {
    out.clear();
    encode(out).unwrap();
    out.len()
}

/// Benchmarks `encode` filling a reused buffer, after checking its output is `expected`.
fn bench_encode(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    tag: &str,
    expected: &[u8],
    mut encode: impl FnMut(&mut Vec<u8>) -> Result<(), BuildError>,
) {
    let mut out = Vec::new();
    encode_into(&mut out, &mut encode);
    assert_identical(&format!("{name}/{tag}"), &out, expected);
    group.throughput(Throughput::Bytes(out.len() as u64));
    group.bench_function(BenchmarkId::new(name, tag), |b| {
        b.iter(|| {
            encode_into(&mut out, &mut encode);
            black_box(&mut out);
        })
    });
}

/// The Builder writing `dict_nested_100k` and `dict_str_10k`.
fn bench_dicts(c: &mut Criterion) {
    let keys: Vec<String> = (0..NESTED).map(|i| format!("k{i}")).collect();
    let pairs: Vec<(String, String)> = (0..STR_PAIRS)
        .map(|i| {
            (
                format!("key_{i:05}"),
                format!("value string number {i} with some text"),
            )
        })
        .collect();
    let mut group = configure(c, "encode");
    for (dialect, ids, tag) in DIALECTS {
        let expected = blobs::nested_dict(ids, NESTED);
        bench_encode(&mut group, "dict_nested_100k", tag, &expected, |out| {
            nested_dict(out, dialect, black_box(&keys))
        });
    }
    let expected = blobs::str_dict(blobs::G4, STR_PAIRS);
    bench_encode(&mut group, "dict_str_10k", "g4", &expected, |out| {
        str_dict(out, Dialect::Godot4, black_box(&pairs))
    });
    group.finish();
}

/// The vectors of a generated pv3 blob (8-byte header, then 12 bytes per element).
fn pv3_values(blob: &[u8]) -> Vec<[f32; 3]> {
    let f = |b: &[u8]| f32::from_le_bytes(b.try_into().unwrap());
    blob[8..]
        .chunks_exact(12)
        .map(|e| [f(&e[0..4]), f(&e[4..8]), f(&e[8..12])])
        .collect()
}

/// `Builder::packed_vector3` of 1,000,000 vectors, and the memcpy of the same bytes.
fn bench_pv3(c: &mut Criterion) {
    let blob_g4 = blobs::pv3(blobs::G4, PV3);
    let values = pv3_values(&blob_g4);
    assert_eq!(values.len(), PV3);

    let mut group = configure(c, "encode");
    for (dialect, ids, tag) in DIALECTS {
        let expected = blobs::pv3(ids, PV3);
        bench_encode(&mut group, "pv3_1m", tag, &expected, |out| {
            Builder::new(out, dialect).packed_vector3(black_box(&values))
        });
    }
    group.finish();

    // The ceiling: touching every output byte once (the same bytes, 12,000,008 of them).
    let src = &blob_g4[..];
    let mut dst = vec![0u8; src.len()];
    let mut group = configure(c, "baseline");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.bench_function(BenchmarkId::new("memcpy", "pv3_1m"), |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(src));
            black_box(&mut dst);
        })
    });
    group.finish();
}

/// `Builder::value` of a parsed blob, in its own dialect.
fn bench_reencode(c: &mut Criterion) {
    let inputs = [
        Blob::new("dict_nested_100k", &blobs::nested_dict(blobs::G4, NESTED)),
        Blob::new("save_game_8mb", &blobs::save_game()),
    ];
    let mut group = configure(c, "reencode");
    for blob in &inputs {
        let value = VariantRef::parse(blob.bytes(), Dialect::Godot4).expect(blob.name);
        bench_encode(&mut group, blob.name, "g4", blob.bytes(), |out| {
            Builder::new(out, Dialect::Godot4).value(black_box(value))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_dicts, bench_pv3, bench_reencode);
criterion_main!(benches);
