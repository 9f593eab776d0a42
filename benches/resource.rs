//! Binary resources (`.res`, `.scn`, `.mesh`): `BinaryResource::parse`, which validates the
//! whole file once (header, tables, every property; packed arrays checked in O(1) and kept
//! in place), on the engine-written fixtures and on a 100 000-vertex `ArrayMesh` saved by
//! Godot 4.6.3 (`tests/fixtures/resources/g4/mesh_100k.res`, 1.2 MB, made by
//! `tools/engines/gd/mesh_100k4.gd`).
//!
//! Run: `cargo bench --bench resource`. Rows, all `Throughput::Bytes` of the file, in one
//! run so that their ratios are honest on a noisy machine:
//! - `mesh_100k/parse`: validating the big mesh;
//! - `mesh_100k/to_document`: validation and the conversion to the `Document` (one
//!   `var_to_bytes` copy of every value, the 1.2 MB vertex buffer included);
//! - `mesh_100k/memcpy`: copying the same bytes (the yardstick: a reader that looks at
//!   every byte cannot beat it; ours does not look at the vertex bytes);
//! - `fixtures/parse`: validating the 15 plain fixtures of g32, g36 and g4, one after
//!   another (small files: per-file costs dominate), and `fixtures/memcpy`;
//! - `text_fixtures/parse`: `TextResource::parse` (every value read into its
//!   `var_to_bytes` bytes, spans kept for edits) of the 18 `.tres`/`.tscn` files the
//!   engines wrote, and `text_fixtures/memcpy`;
//! - `mesh_100k_tres/parse`: the same on the big mesh's `.tres` (the engine's text of it,
//!   written by `Document::to_text`, which gives the engine's own `.tres` byte for byte on
//!   the fixtures: 1.7 MB, its vertex arrays in base64), and `mesh_100k_tres/memcpy`.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gdvariant::resource::{BinaryResource, TextResource};

fn fixture(engine: &str, file: &str) -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/resources")
        .join(engine)
        .join(file);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench_resource(c: &mut Criterion) {
    let mesh = fixture("g4", "mesh_100k.res");
    let mut group = c.benchmark_group("mesh_100k");
    group.throughput(Throughput::Bytes(mesh.len() as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("parse", |b| {
        b.iter(|| black_box(BinaryResource::parse(black_box(&mesh)).unwrap()))
    });
    group.bench_function("to_document", |b| {
        b.iter(|| {
            let res = BinaryResource::parse(black_box(&mesh)).unwrap();
            black_box(res.to_document().unwrap())
        })
    });
    let mut copy = vec![0u8; mesh.len()];
    group.bench_function("memcpy", |b| {
        b.iter(|| {
            copy.copy_from_slice(black_box(&mesh));
            black_box(&copy);
        })
    });
    group.finish();

    let mut files = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        for file in [
            "custom_full.res",
            "gradient.res",
            "mesh_quad.res",
            "mesh_quad.mesh",
            "scene_2d.scn",
        ] {
            files.push(fixture(engine, file));
        }
    }
    let total: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("fixtures");
    group.throughput(Throughput::Bytes(total as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("parse", |b| {
        b.iter(|| {
            for f in &files {
                black_box(BinaryResource::parse(black_box(f)).unwrap());
            }
        })
    });
    let mut copies: Vec<Vec<u8>> = files.iter().map(|f| vec![0u8; f.len()]).collect();
    group.bench_function("memcpy", |b| {
        b.iter(|| {
            for (f, c) in files.iter().zip(copies.iter_mut()) {
                c.copy_from_slice(black_box(f));
                black_box(&c);
            }
        })
    });
    group.finish();

    let mut texts = Vec::new();
    for engine in ["g32", "g36", "g4"] {
        for file in [
            "custom_full.tres",
            "gradient.tres",
            "mesh_quad.tres",
            "scene_2d.tscn",
            "ext_target.tres",
            "canary.tres",
        ] {
            texts.push(String::from_utf8(fixture(engine, file)).unwrap());
        }
    }
    text_group(c, "text_fixtures", &texts);
    let big = BinaryResource::parse(&mesh)
        .unwrap()
        .to_document()
        .unwrap()
        .to_text();
    text_group(c, "mesh_100k_tres", &[big]);
}

/// `TextResource::parse` of `texts`, one after another, beside a memcpy of their bytes.
fn text_group(c: &mut Criterion, name: &str, texts: &[String]) {
    let total: usize = texts.iter().map(String::len).sum();
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Bytes(total as u64));
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("parse", |b| {
        b.iter(|| {
            for t in texts {
                black_box(TextResource::parse(black_box(t)).unwrap());
            }
        })
    });
    let mut copies: Vec<Vec<u8>> = texts.iter().map(|t| vec![0u8; t.len()]).collect();
    group.bench_function("memcpy", |b| {
        b.iter(|| {
            for (t, c) in texts.iter().zip(copies.iter_mut()) {
                c.copy_from_slice(black_box(t.as_bytes()));
                black_box(&c);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_resource);
criterion_main!(benches);
