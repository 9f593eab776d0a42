//! Everything that reads a whole value, side by side with `parse` in one run.
//!
//! Run: `cargo bench --bench read` (add `-- --test` to only run each routine once). Then
//! `python3 benches/table.py` prints the figures as the README's table, each row with
//! its throughput as a share of `parse` on the same blob in the same run (these machines
//! are noisy: a ratio from one run is the honest figure).
//!
//! One group per blob (the Godot 4 forms of `dict_nested_100k`, `dict_str_10k`, `pv3_1m`
//! and `save_game_8mb`; see `blobs.rs`), with the same rows, every one with the blob's
//! size as `Throughput::Bytes`:
//! - `parse`: full validation (`VariantRef::parse`);
//! - `visit`: every value through the one-pass reader's visitor
//!   (`VariantRef::for_each_value`), reading every scalar, every string as `&str`, every
//!   math value's components and every packed array's length;
//! - `events`: the same through the one-pass reader's iterator (`VariantRef::events`);
//! - `views`: the same through the view API (`value()`, `ArrayRef::iter`, `DictRef::iter`);
//! - `to_owned`: the owned `Variant` (its drop is left out of the timing:
//!   `iter_with_large_drop`);
//! - `json`: `json::write` into a `Vec<u8>` whose capacity is kept;
//! - `text`: `Display` (the Godot 4 text) into a `String` whose capacity is kept;
//! - `reencode`: `Builder::value` in the same dialect, into a kept `Vec<u8>`;
//! - `owned_encode`: `Variant::encode` of the owned copy (made once, outside the timing),
//!   into a kept `Vec<u8>`;
//! - `memcpy`: copying the blob's bytes once (the floor of any full read).
//!
//! The rows after `parse` start from a value parsed once, outside the timing: they measure
//! the work on top of validation.

#[allow(dead_code)] // the generators read.rs does not need
mod blobs;

use std::fmt::Write as _;
use std::hint::black_box;
use std::time::Duration;

use blobs::Blob;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gdvariant::{Builder, Dialect, Event, ObjectRef, Value, VariantRef};

/// What a visit read: sums, so that nothing it reads can be optimised away, and so that
/// the two visits can be checked to read the same.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    nodes: u64,
    text_bytes: u64,
    ints: i64,
    floats: f64,
    packed: u64,
}

impl Tally {
    /// Reads one value's own content (not its children). Inlined into the walk (a
    /// callback the compiler inlines lets it skip straight from the decoding of a node to
    /// the code for its type).
    #[inline(always)]
    fn read(&mut self, value: &Value<'_>) {
        self.nodes += 1;
        match value {
            Value::String(s) | Value::StringName(s) => self.text_bytes += s.as_str().len() as u64,
            Value::Int(n) => self.ints = self.ints.wrapping_add(*n),
            Value::Float(x) => self.floats += x,
            Value::Bool(b) => self.ints += i64::from(*b),
            Value::PackedVector3Array(p) => self.packed += p.len() as u64,
            Value::PackedByteArray(p) => self.packed += p.len() as u64,
            Value::PackedInt32Array(p) => self.packed += p.len() as u64,
            Value::PackedFloat32Array(p) => self.packed += p.len() as u64,
            Value::PackedStringArray(p) => self.packed += p.len() as u64,
            Value::PackedVector2Array(p) => self.packed += p.len() as u64,
            other => {
                if let Some(m) = other.as_math() {
                    self.floats += (0..m.len()).filter_map(|i| m.get(i)).sum::<f64>();
                }
            }
        }
    }
}

fn visit(value: VariantRef<'_>) -> Tally {
    let mut tally = Tally::default();
    value.for_each_value(|v| tally.read(v));
    tally
}

fn events(value: VariantRef<'_>) -> Tally {
    let mut tally = Tally::default();
    for event in value.events() {
        match event {
            Event::Value(v) => tally.read(&v),
            Event::Property(name) => tally.text_bytes += name.as_str().len() as u64,
            Event::End => {}
        }
    }
    tally
}

fn views(value: VariantRef<'_>) -> Tally {
    fn visit(value: VariantRef<'_>, tally: &mut Tally) {
        let v = value.value();
        tally.read(&v);
        match v {
            Value::Array(a) => a.iter().for_each(|item| visit(item, tally)),
            Value::Dictionary(d) => d.iter().for_each(|(k, v)| {
                visit(k, tally);
                visit(v, tally);
            }),
            Value::Object(ObjectRef::Full(o)) => o.properties().for_each(|(name, v)| {
                tally.text_bytes += name.as_str().len() as u64;
                visit(v, tally);
            }),
            _ => {}
        }
    }
    let mut tally = Tally::default();
    visit(value, &mut tally);
    tally
}

fn bench_blob(c: &mut Criterion, blob: &Blob) {
    let bytes = blob.bytes();
    let value = VariantRef::parse(bytes, Dialect::Godot4).expect(blob.name);
    // Outside the timing: the two visits read the same, and every output is right.
    assert_eq!(events(value), views(value), "{}", blob.name);
    assert_eq!(visit(value), views(value), "{}", blob.name);
    let mut out = Vec::new();
    Builder::new(&mut out, Dialect::Godot4)
        .value(value)
        .unwrap();
    assert_eq!(out, bytes, "{}: re-encode", blob.name);

    let mut group = c.benchmark_group(blob.name);
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function(BenchmarkId::from_parameter("parse"), |b| {
        b.iter(|| VariantRef::parse(black_box(bytes), Dialect::Godot4).unwrap())
    });
    group.bench_function(BenchmarkId::from_parameter("visit"), |b| {
        b.iter(|| visit(black_box(value)))
    });
    group.bench_function(BenchmarkId::from_parameter("events"), |b| {
        b.iter(|| events(black_box(value)))
    });
    group.bench_function(BenchmarkId::from_parameter("views"), |b| {
        b.iter(|| views(black_box(value)))
    });
    group.bench_function(BenchmarkId::from_parameter("to_owned"), |b| {
        b.iter_with_large_drop(|| black_box(value).to_owned())
    });
    // `json` and `text` on one core: inside a one-thread pool, where the `parallel`
    // feature (on in the dev-dependencies) formats in place; `json_par` and `text_par` on
    // the global pool (every core).
    let one = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    let mut json = Vec::with_capacity(bytes.len() * 4);
    for (row, pool) in [("json", Some(&one)), ("json_par", None)] {
        group.bench_function(BenchmarkId::from_parameter(row), |b| {
            let mut run = || {
                json.clear();
                gdvariant::json::write(
                    &mut json,
                    black_box(value),
                    &gdvariant::json::WriteOptions::new(),
                )
                .unwrap();
                json.len()
            };
            b.iter(|| match pool {
                Some(pool) => pool.install(&mut run),
                None => run(),
            })
        });
    }
    let mut text = String::with_capacity(bytes.len() * 4);
    for (row, pool) in [("text", Some(&one)), ("text_par", None)] {
        group.bench_function(BenchmarkId::from_parameter(row), |b| {
            let mut run = || {
                text.clear();
                write!(text, "{}", black_box(value)).unwrap();
                text.len()
            };
            b.iter(|| match pool {
                Some(pool) => pool.install(&mut run),
                None => run(),
            })
        });
    }
    let mut encoded = Vec::with_capacity(bytes.len());
    group.bench_function(BenchmarkId::from_parameter("reencode"), |b| {
        b.iter(|| {
            encoded.clear();
            Builder::new(&mut encoded, Dialect::Godot4)
                .value(black_box(value))
                .unwrap();
            encoded.len()
        })
    });
    let owned = value.to_owned();
    assert_eq!(
        owned.to_bytes(Dialect::Godot4).unwrap(),
        bytes,
        "{}: owned encode",
        blob.name
    );
    group.bench_function(BenchmarkId::from_parameter("owned_encode"), |b| {
        b.iter(|| {
            encoded.clear();
            black_box(&owned)
                .encode(&mut encoded, Dialect::Godot4)
                .unwrap();
            encoded.len()
        })
    });
    let mut copy = vec![0u8; bytes.len()];
    group.bench_function(BenchmarkId::from_parameter("memcpy"), |b| {
        b.iter(|| {
            copy.copy_from_slice(black_box(bytes));
            black_box(&mut copy);
        })
    });
    group.finish();
}

fn bench_read(c: &mut Criterion) {
    let g4 = blobs::standard(blobs::G4);
    for name in ["dict_nested_100k", "dict_str_10k", "pv3_1m"] {
        let (_, bytes) = g4.iter().find(|(n, _)| *n == name).expect(name);
        bench_blob(c, &Blob::new(name, bytes));
    }
    bench_blob(c, &Blob::new("save_game_8mb", &blobs::save_game()));
}

criterion_group!(benches, bench_read);
criterion_main!(benches);
