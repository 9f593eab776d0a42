//! Reading the engines' text form (`gdvariant::text`), side by side with `parse` and with
//! printing the same text, in one run.
//!
//! Run: `cargo bench --bench from_text` (add `-- --test` to only check). Input: the Godot 4
//! `dict_nested_100k` blob (`{"k<i>": {"id": i, "v": i * 0.5}}`, see `blobs.rs`), printed
//! by `Display` (what `var_to_str` prints). Throughput is in bytes of each row's input:
//! the blob for `parse` and `show`, the text for the readers.
//!
//! Rows (group `text_dict_nested_100k`):
//! - `parse`: validation of the blob, for reference;
//! - `show`: `Display` of the blob into a kept `String`;
//! - `from_text`: `text::read_into` of the text into a kept `Vec<u8>` (correctly rounded
//!   floats, the default);
//! - `from_text_engine_floats`: the same with the engine's float conversion.

#[allow(dead_code)] // the generators this bench does not need
mod blobs;

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gdvariant::text::{self, ReadOptions};
use gdvariant::{Dialect, VariantRef};

fn bench_from_text(c: &mut Criterion) {
    let blob = blobs::dict_nested_100k_g4();
    let bytes = blob.bytes();
    let value = VariantRef::parse(bytes, Dialect::Godot4).unwrap();
    let shown = value.to_string();
    // Outside the timing: the text reads back to the same text (the engine prints keys
    // sorted, so the bytes differ in order only).
    let back = text::read(&shown, Dialect::Godot4).unwrap();
    assert_eq!(back.len(), bytes.len());
    assert_eq!(
        VariantRef::parse(&back, Dialect::Godot4)
            .unwrap()
            .to_string(),
        shown
    );

    let mut group = c.benchmark_group("text_dict_nested_100k");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("parse"), |b| {
        b.iter(|| VariantRef::parse(black_box(bytes), Dialect::Godot4).unwrap())
    });
    let mut out = String::with_capacity(shown.len());
    group.bench_function(BenchmarkId::from_parameter("show"), |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{value}").unwrap();
            out.len()
        })
    });
    group.throughput(Throughput::Bytes(shown.len() as u64));
    let mut buf = Vec::with_capacity(bytes.len());
    for (name, engine_floats) in [("from_text", false), ("from_text_engine_floats", true)] {
        let options = ReadOptions::new().engine_floats(engine_floats);
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| {
                buf.clear();
                text::read_into(black_box(&shown), Dialect::Godot4, &options, &mut buf).unwrap();
                buf.len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_from_text);
criterion_main!(benches);
