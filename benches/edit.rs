//! Splicing one int deep inside the 8.3 MB save game Godot 4.6.3 wrote
//! (`tests/fixtures/g4-large/large_savegame_10mb.bin`), side by side with `parse` and a
//! plain copy of the same bytes, in one run.
//!
//! Run: `cargo bench --bench edit` (add `-- --test` to run each routine once). Every row
//! has the file's size as `Throughput::Bytes`:
//! - `parse`: full validation (`VariantRef::parse`), the floor of any edit that starts
//!   from untrusted bytes;
//! - `memcpy`: `to_vec()` of the bytes, the floor of any edit that produces a new file;
//! - `plan`: `Edit::from_bytes` (the validation) and `set("chunks/1234/entities/7/hp",
//!   999)` (the path: 1,234 chunks stepped over, then a few lookups), no output;
//! - `output`: `to_vec()` of that plan, made once outside the timing (the copy alone);
//! - `to_vec`: the whole edit from bytes: validate, set, `to_vec()`;
//! - `write_to`: the same, writing into a `Vec` that is cleared and reused (no allocation
//!   once it is large enough: what writing to a file costs on top of the copy).

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gdvariant::edit::Edit;
use gdvariant::{Dialect, VariantRef};

const PATH: &str = "chunks/1234/entities/7/hp";

fn save_game() -> Vec<u8> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/g4-large/large_savegame_10mb.bin");
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn bench(c: &mut Criterion) {
    let bytes = save_game();
    let g4 = Dialect::Godot4;
    // The edit does what it says: only the int's 4 bytes differ.
    let mut edit = Edit::from_bytes(&bytes, g4).unwrap();
    edit.set(PATH, 999).unwrap();
    let out = edit.to_vec();
    assert_eq!(out.len(), bytes.len());
    assert_eq!(out.iter().zip(&bytes).filter(|(a, b)| a != b).count(), 2); // 70 → 999
    let hp = VariantRef::parse(&out, g4).unwrap().query(PATH).unwrap();
    assert_eq!(hp.value().and_then(|v| v.as_int()), Some(999));

    let mut group = c.benchmark_group("edit_save_game_8mb");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.measurement_time(Duration::from_secs(8));
    group.bench_function("parse", |b| {
        b.iter(|| VariantRef::parse(black_box(&bytes), g4).unwrap())
    });
    group.bench_function("memcpy", |b| b.iter(|| black_box(&bytes).to_vec()));
    group.bench_function("plan", |b| {
        b.iter(|| {
            let mut edit = Edit::from_bytes(black_box(&bytes), g4).unwrap();
            edit.set(PATH, 999).unwrap();
            edit
        })
    });
    group.bench_function("output", |b| b.iter(|| black_box(&edit).to_vec()));
    group.bench_function("to_vec", |b| {
        b.iter(|| {
            let mut edit = Edit::from_bytes(black_box(&bytes), g4).unwrap();
            edit.set(PATH, 999).unwrap();
            edit.to_vec()
        })
    });
    let mut reused = Vec::with_capacity(bytes.len());
    group.bench_function("write_to", |b| {
        b.iter(|| {
            let mut edit = Edit::from_bytes(black_box(&bytes), g4).unwrap();
            edit.set(PATH, 999).unwrap();
            reused.clear();
            edit.write_to(&mut reused).unwrap();
            black_box(reused.len())
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
