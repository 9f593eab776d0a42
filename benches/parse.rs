//! Parse benchmarks.
//!
//! Run: `cargo bench --bench parse`. Inputs are built in memory (see `blobs.rs`); to
//! re-check them against `/work/shared/bench/make_blobs.py`, run the script into a folder
//! and set `GDVARIANT_CHECK_BLOBS=<folder>` (add `-- --test` to skip the measurements).
//!
//! Groups:
//! - `parse`: full validation (`VariantRef::parse`) of each blob, both dialects.
//! - `packed_vector3_o1`: parsing a PackedVector3Array costs the same for 1, 1,000 and
//!   1,000,000 elements; getting the native `&[[f32; 3]]` slice is O(1) too.
//! - `walk`: parse, then visit every key and value (iteration cost on top of `parse`).
//! - `baseline`: `memcpy` of the 12 MB pv3 blob into a preallocated buffer.

mod blobs;

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

use blobs::Blob;
use criterion::measurement::WallTime;
use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, BenchmarkId, Criterion, SamplingMode,
    Throughput,
};
use gdvariant::{Dialect, VariantRef};

struct Inputs {
    /// The four `make_blobs.py` blobs, each with its Godot 3 and Godot 4 form.
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

/// Sums over the nested dict `{"k<i>": {"id": i, "v": i * 0.5}}`.
#[derive(Debug, Default, PartialEq)]
struct NestedSums {
    key_bytes: usize,
    ints: i64,
    floats: f64,
}

fn walk_nested(bytes: &[u8], dialect: Dialect) -> NestedSums {
    let mut sums = NestedSums::default();
    let outer = parse(bytes, dialect).as_dictionary().unwrap();
    for (key, value) in outer.iter() {
        sums.key_bytes += key.as_str().unwrap().len();
        for (k, v) in value.as_dictionary().unwrap().iter() {
            sums.key_bytes += k.as_str().unwrap().len();
            if let Some(i) = v.as_int() {
                sums.ints += i;
            } else {
                sums.floats += v.as_float().unwrap();
            }
        }
    }
    sums
}

/// What a generic visit of a value tree saw.
#[derive(Debug, Default)]
struct Tally {
    nodes: usize,
    str_bytes: usize,
    ints: i64,
    floats: f64,
    math: f64,
    packed_elements: usize,
}

fn visit(value: VariantRef<'_>, tally: &mut Tally) {
    tally.nodes += 1;
    if let Some(s) = value.as_str() {
        tally.str_bytes += s.len();
    } else if let Some(i) = value.as_int() {
        tally.ints = tally.ints.wrapping_add(i);
    } else if let Some(f) = value.as_float() {
        tally.floats += f;
    } else if let Some(b) = value.as_bool() {
        tally.ints += i64::from(b);
    } else if let Some(m) = value.as_math() {
        tally.math += (0..m.len()).filter_map(|i| m.get(i)).sum::<f64>();
    } else if let Some(p) = value.as_packed() {
        tally.packed_elements += p.len();
    } else if let Some(a) = value.as_array() {
        a.iter().for_each(|v| visit(v, tally));
    } else if let Some(d) = value.as_dictionary() {
        for (k, v) in d.iter() {
            visit(k, tally);
            visit(v, tally);
        }
    }
}

/// Parse, then iterate everything.
fn bench_walk(c: &mut Criterion) {
    let inputs = inputs();
    let (n3, n4) = &inputs.standard[1];
    assert!(n3.name.starts_with("dict_nested"));
    let expected = NestedSums {
        key_bytes: (0..100_000).map(|i: u32| 1 + i.to_string().len() + 3).sum(),
        ints: (0..100_000i64).sum(),
        floats: (0..100_000).map(|i| f64::from(i) * 0.5).sum(),
    };
    assert_eq!(walk_nested(n3.bytes(), Dialect::Godot3), expected);
    assert_eq!(walk_nested(n4.bytes(), Dialect::Godot4), expected);

    let mut group = configure(c, "walk");
    // Each iteration takes 15-40 ms: flat sampling fits 20 samples in the time budget.
    group.sampling_mode(SamplingMode::Flat);
    for (blob, dialect, tag) in [(n3, Dialect::Godot3, "g3"), (n4, Dialect::Godot4, "g4")] {
        let bytes = blob.bytes();
        group.throughput(Throughput::Bytes(bytes.len() as u64));
        group.bench_with_input(BenchmarkId::new(blob.name, tag), bytes, |b, bytes| {
            b.iter(|| walk_nested(bytes, dialect))
        });
    }
    let save = &inputs.save_game;
    let bytes = save.bytes();
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_with_input(BenchmarkId::new(save.name, "g4"), bytes, |b, bytes| {
        b.iter(|| {
            let mut tally = Tally::default();
            visit(parse(bytes, Dialect::Godot4), &mut tally);
            tally
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

criterion_group!(benches, bench_parse, bench_packed, bench_walk, bench_memcpy);
criterion_main!(benches);
