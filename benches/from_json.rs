//! JSON back to Variant bytes (`json::read`), side by side with `parse`, `json::write` and
//! serde_json, in one run.
//!
//! Run: `cargo bench --bench from_json` (add `-- --test` to only check). Input: the Godot 4
//! `dict_nested_100k` blob (`{"k<i>": {"id": i, "v": i * 0.5}}`, see `blobs.rs`) and its
//! compact JSON as `json::write` writes it (`{"Dictionary":[["k0",{"Dictionary":[["id",0],
//! ["v",0.0]]}],…]}`). Every row's throughput is in bytes of its own input: the blob for
//! `parse` and `write`, the JSON text for `read`, `read_into` and `serde_json_value`. The
//! JSON is smaller than the blob, so compare times too.
//!
//! Rows (group `from_json_dict_nested_100k`):
//! - `parse`: `VariantRef::parse` of the blob (validation alone), for reference;
//! - `write`: `json::write` of the parsed blob (compact) into a kept buffer;
//! - `read`: `json::read` of the JSON (a fresh `Vec` per call, as a caller gets it);
//! - `read_into`: `json::read_into` a kept buffer (no allocation in the loop);
//! - `serde_json_value`: `serde_json::from_slice::<serde_json::Value>` of the same JSON,
//!   for reference (it builds a tree; `read` writes bytes).
//!
//! Outside the timing, `read` of the JSON is checked to give the blob's exact bytes.

#[allow(dead_code)] // the generators from_json.rs does not need
mod blobs;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gdvariant::{json, Dialect, VariantRef};

fn bench_from_json(c: &mut Criterion) {
    let blob = blobs::dict_nested_100k_g4();
    let bytes = blob.bytes();
    let value = VariantRef::parse(bytes, Dialect::Godot4).unwrap();
    let mut text = Vec::new();
    json::write(&mut text, value, &json::WriteOptions::new()).unwrap();
    // Outside the timing: the round trip is exact, and serde_json reads the same text.
    assert_eq!(json::read(&text, Dialect::Godot4).unwrap(), bytes);
    let tree: serde_json::Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(tree["Dictionary"].as_array().map(Vec::len), Some(100_000));
    eprintln!(
        "dict_nested_100k: blob {} bytes, JSON {} bytes",
        bytes.len(),
        text.len()
    );

    let mut group = c.benchmark_group("from_json_dict_nested_100k");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("parse"), |b| {
        b.iter(|| VariantRef::parse(black_box(bytes), Dialect::Godot4).unwrap())
    });
    let mut written = Vec::with_capacity(text.len());
    group.bench_function(BenchmarkId::from_parameter("write"), |b| {
        b.iter(|| {
            written.clear();
            json::write(&mut written, black_box(value), &json::WriteOptions::new()).unwrap();
            written.len()
        })
    });
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("read"), |b| {
        b.iter_with_large_drop(|| json::read(black_box(&text), Dialect::Godot4).unwrap())
    });
    let mut out = Vec::with_capacity(bytes.len());
    let options = json::ReadOptions::new();
    group.bench_function(BenchmarkId::from_parameter("read_into"), |b| {
        b.iter(|| {
            out.clear();
            json::read_into(black_box(&text), Dialect::Godot4, &options, &mut out).unwrap();
            out.len()
        })
    });
    group.bench_function(BenchmarkId::from_parameter("serde_json_value"), |b| {
        b.iter_with_large_drop(|| {
            serde_json::from_slice::<serde_json::Value>(black_box(&text)).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_from_json);
criterion_main!(benches);
