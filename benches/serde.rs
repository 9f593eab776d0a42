//! serde, side by side with `parse` and with serde_json in one run.
//!
//! Run: `cargo bench --bench serde` (add `-- --test` to only check). Input: the Godot 4
//! `dict_nested_100k` blob (`{"k<i>": {"id": i, "v": i * 0.5}}`, see `blobs.rs`) and the
//! same data as JSON (written by serde_json from the deserialized value, so both hold the
//! same). Every row's throughput is in bytes of its own input (the Godot blob, or the JSON
//! text for serde_json); the JSON is smaller (3.6 MB against 6.4 MB), so compare times too.
//!
//! Rows (group `serde_dict_nested_100k`):
//! - `parse`: validation alone, for reference;
//! - `from_bytes_vec`: `from_bytes` into `Vec<(&str, Entry)>` (a Dictionary read as pairs);
//! - `from_bytes_map`: into `HashMap<&str, Entry>`;
//! - `serde_json_vec`: `serde_json::from_slice` of the same pairs as a JSON array
//!   `[["k0", {"id": 0, "v": 0.0}], …]` into `Vec<(&str, Entry)>`;
//! - `serde_json_map`: `serde_json::from_slice` of the JSON object into `HashMap<&str, Entry>`;
//! - `to_vec`: `to_vec` of the pairs as a map (output: the blob's exact bytes) into a kept
//!   buffer (`to_writer`);
//! - `serde_json_to_vec`: `serde_json::to_writer` of the same map into a kept buffer.

#[allow(dead_code)] // the generators serde.rs does not need
mod blobs;

use std::collections::HashMap;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gdvariant::{Dialect, VariantRef};
use serde::{Deserialize, Serialize, Serializer};

#[derive(Deserialize, Serialize, Debug, PartialEq, Clone, Copy)]
struct Entry {
    id: i64,
    v: f32,
}

/// The pairs written as a map (the blob's shape).
struct AsMap<'a>(&'a [(&'a str, Entry)]);

impl Serialize for AsMap<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

fn bench_serde(c: &mut Criterion) {
    let blob = blobs::dict_nested_100k_g4();
    let bytes = blob.bytes();
    let pairs: Vec<(&str, Entry)> = gdvariant::from_bytes(bytes, Dialect::Godot4).unwrap();
    assert_eq!(pairs.len(), 100_000);
    assert_eq!(pairs[7], ("k7", Entry { id: 7, v: 3.5 }));
    let json_pairs = serde_json::to_vec(&pairs).unwrap();
    let json_map = serde_json::to_vec(&AsMap(&pairs)).unwrap();
    // Outside the timing: every row reads or writes the same data.
    let map: HashMap<&str, Entry> = gdvariant::from_bytes(bytes, Dialect::Godot4).unwrap();
    assert_eq!(map.len(), 100_000);
    let from_json: Vec<(&str, Entry)> = serde_json::from_slice(&json_pairs).unwrap();
    assert_eq!(from_json, pairs);
    let json_as_map: HashMap<&str, Entry> = serde_json::from_slice(&json_map).unwrap();
    assert_eq!(json_as_map, map);
    assert_eq!(
        gdvariant::to_vec(&AsMap(&pairs), Dialect::Godot4).unwrap(),
        bytes
    );

    let mut group = c.benchmark_group("serde_dict_nested_100k");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    let blob_len = Throughput::Bytes(bytes.len() as u64);
    group.throughput(blob_len.clone());
    group.bench_function(BenchmarkId::from_parameter("parse"), |b| {
        b.iter(|| VariantRef::parse(black_box(bytes), Dialect::Godot4).unwrap())
    });
    group.bench_function(BenchmarkId::from_parameter("from_bytes_vec"), |b| {
        b.iter_with_large_drop(|| {
            gdvariant::from_bytes::<Vec<(&str, Entry)>>(black_box(bytes), Dialect::Godot4).unwrap()
        })
    });
    group.bench_function(BenchmarkId::from_parameter("from_bytes_map"), |b| {
        b.iter_with_large_drop(|| {
            gdvariant::from_bytes::<HashMap<&str, Entry>>(black_box(bytes), Dialect::Godot4)
                .unwrap()
        })
    });
    let mut out = Vec::with_capacity(bytes.len());
    group.bench_function(BenchmarkId::from_parameter("to_vec"), |b| {
        b.iter(|| {
            out.clear();
            gdvariant::to_writer(&mut out, &AsMap(black_box(&pairs)), Dialect::Godot4).unwrap();
            out.len()
        })
    });
    group.throughput(Throughput::Bytes(json_pairs.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("serde_json_vec"), |b| {
        b.iter_with_large_drop(|| {
            serde_json::from_slice::<Vec<(&str, Entry)>>(black_box(&json_pairs)).unwrap()
        })
    });
    group.throughput(Throughput::Bytes(json_map.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("serde_json_map"), |b| {
        b.iter_with_large_drop(|| {
            serde_json::from_slice::<HashMap<&str, Entry>>(black_box(&json_map)).unwrap()
        })
    });
    let mut json_out = Vec::with_capacity(json_map.len());
    group.bench_function(BenchmarkId::from_parameter("serde_json_to_vec"), |b| {
        b.iter(|| {
            json_out.clear();
            serde_json::to_writer(&mut json_out, &AsMap(black_box(&pairs))).unwrap();
            json_out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_serde);
criterion_main!(benches);
