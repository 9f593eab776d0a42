//! Parse benchmarks.
//!
//! Run: `cargo bench --bench parse`. Inputs are built in memory (see `blobs.rs`; the same
//! blobs as files: `cargo run --release --example bench_blobs -- DIR`). Optional: set
//! `GDVARIANT_CHECK_BLOBS=<folder>` to compare them, byte for byte, with the files of the
//! original Python script in `<folder>` (only if you have it; see `blobs.rs`; add
//! `-- --test` to skip the measurements).
//!
//! Groups:
//! - `parse`: full validation (`VariantRef::parse`) of each blob, both dialects.
//! - `packed_vector3_o1`: parsing a PackedVector3Array costs the same for 1, 1,000 and
//!   1,000,000 elements; getting the native `&[[f32; 3]]` slice is O(1) too.
//! - (reading everything after `parse`, side by side with it: `benches/read.rs`)
//! - `baseline`: `memcpy` of the 12 MB pv3 blob into a preallocated buffer.

mod blobs;

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use blobs::Blob;
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, Throughput,
};
use gdvariant::{Dialect, VariantRef};

struct Inputs {
    /// The four standard blobs, each with its Godot 3 and Godot 4 form.
    standard: Vec<(Blob, Blob)>,
    save_game: Blob,
}

fn inputs() -> &'static Inputs {
    static INPUTS: OnceLock<Inputs> = OnceLock::new();
    INPUTS.get_or_init(|| {
        if let Ok(dir) = std::env::var("GDVARIANT_CHECK_BLOBS") {
            blobs::check_against_python(&dir);
        }
        let g3 = blobs::standard(blobs::G3);
        let g4 = blobs::standard(blobs::G4);
        let standard = g3
            .into_iter()
            .zip(g4)
            .map(|((name, b3), (_, b4))| (Blob::new(name, &b3), Blob::new(name, &b4)))
            .collect::<Vec<_>>();
        let save_game = Blob::new("save_game_8mb", &blobs::save_game());
        // Every input must be valid, so the timed loops never take an error path.
        for (b3, b4) in &standard {
            VariantRef::parse(b3.bytes(), Dialect::Godot3).expect(b3.name);
            VariantRef::parse(b4.bytes(), Dialect::Godot4).expect(b4.name);
        }
        VariantRef::parse(save_game.bytes(), Dialect::Godot4).expect(save_game.name);
        Inputs {
            standard,
            save_game,
        }
    })
}

fn configure<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(2));
    group
}

fn parse(bytes: &[u8], dialect: Dialect) -> VariantRef<'_> {
    VariantRef::parse(black_box(bytes), dialect).unwrap()
}

/// Full validation of every blob.
fn bench_parse(c: &mut Criterion) {
    let inputs = inputs();
    let mut group = configure(c, "parse");
    let runs = inputs
        .standard
        .iter()
        .flat_map(|(b3, b4)| [(b3, Dialect::Godot3, "g3"), (b4, Dialect::Godot4, "g4")])
        .chain([(&inputs.save_game, Dialect::Godot4, "g4")]);
    for (blob, dialect, tag) in runs {
        let bytes = blob.bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new(blob.name, tag), bytes, |b, bytes| {
            b.iter(|| parse(bytes, dialect))
        });
    }
    group.finish();
}

/// Parses a packed Vector3 array and views it as a native slice.
fn native(bytes: &[u8]) -> Option<&[[f32; 3]]> {
    parse(bytes, Dialect::Godot4)
        .as_packed()?
        .as_vector3()?
        .as_native()
}

/// Packed arrays are O(1) to parse and to view natively.
fn bench_packed(c: &mut Criterion) {
    let sizes = [1usize, 1_000, 1_000_000];
    let blobs = sizes.map(blobs::pv3_g4);
    for (n, blob) in sizes.iter().zip(&blobs) {
        // The storage is 4-byte aligned, so the native view must be available.
        let slice = native(blob.bytes()).expect("4-aligned pv3 has a native view");
        assert_eq!(slice.len(), *n);
    }

    let mut group = configure(c, "packed_vector3_o1");
    for (n, blob) in sizes.iter().zip(&blobs) {
        let bytes = blob.bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", n), bytes, |b, bytes| {
            b.iter(|| parse(bytes, Dialect::Godot4))
        });
    }
    for (n, blob) in sizes.iter().zip(&blobs) {
        let bytes = blob.bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse_as_native", n), bytes, |b, bytes| {
            b.iter(|| native(bytes).unwrap())
        });
    }
    // The accessor chain alone, on an already parsed value.
    let (n, blob) = (sizes[2], &blobs[2]);
    let value = parse(blob.bytes(), Dialect::Godot4);
    group.throughput(Throughput::Bytes(blob.bytes().len() as u64));
    group.bench_with_input(BenchmarkId::new("as_native", n), &value, |b, value| {
        b.iter(|| {
            let slice: &[[f32; 3]] = black_box(value)
                .as_packed()
                .unwrap()
                .as_vector3()
                .unwrap()
                .as_native()
                .unwrap();
            slice
        })
    });
    group.finish();
}

/// Copying the 12 MB pv3 blob: the cost of touching every byte once.
fn bench_memcpy(c: &mut Criterion) {
    let blob = &inputs().standard[0].1;
    assert!(blob.name.starts_with("pv3_1m"));
    let src = blob.bytes();
    let mut dst = vec![0u8; src.len()];
    let mut group = configure(c, "baseline");
    group.throughput(Throughput::Bytes(src.len() as u64));
    group.bench_function(BenchmarkId::new("memcpy", blob.name), |b| {
        b.iter(|| {
            dst.copy_from_slice(black_box(src));
            black_box(&mut dst);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_parse, bench_packed, bench_memcpy);
criterion_main!(benches);
