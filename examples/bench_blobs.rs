//! Writes the standard benchmark blobs into a folder, for the benchmarks outside Rust.
//!
//! ```text
//! cargo run --release --example bench_blobs -- DIR
//! ```
//!
//! Writes eight files into `DIR` (created if missing), one line `path bytes` each on
//! stdout: `pv3_1m`, `dict_nested_100k`, `bytes_10mb` and `dict_str_10k`, each as
//! `<name>_g3.bin` (Godot 3 type ids) and `<name>_g4.bin` (Godot 4 type ids), Variant binary
//! as `var_to_bytes` writes it (no `store_var` length prefix):
//!
//! - `pv3_1m_g?.bin`, 12,000,008 bytes: a PackedVector3Array of 1,000,000 elements (the
//!   f32-rounded draws of Python's `random.Random(1).random()`);
//! - `dict_nested_100k_g?.bin`, 6,396,008 bytes: `{"k<i>": {"id": i, "v": i * 0.5}}`,
//!   100,000 entries;
//! - `bytes_10mb_g?.bin`, 10,485,768 bytes: a PackedByteArray of 10 MiB, byte `i` being
//!   `(i * 131 + 7) & 0xFF`;
//! - `dict_str_10k_g?.bin`, 679,968 bytes: `{"key_<i:05>": "value string number <i> with
//!   some text"}`, 10,000 entries.
//!
//! 59,123,504 bytes in all. The generators are those of the Rust benches (`benches/blobs.rs`,
//! included here), so every benchmark reads the same inputs; the files are byte for byte
//! those of the Python script the blobs were first defined by (see `benches/blobs.rs`).
//! Python's and the npm package's benchmarks (`python/bench/bench.py`, `js/bench/run.mjs`)
//! run this example to get them.
//!
//! Cost: generating and writing takes well under a second in a release build. The first
//! `cargo run --example` compiles the dev-dependencies (the crate with all its features,
//! criterion, tokio, ...), as every example does: a few minutes on a small machine; later
//! runs reuse that build.

#[allow(dead_code)] // the save game and the aligned `Blob`s are for the benches
#[path = "../benches/blobs.rs"]
mod blobs;

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let (Some(dir), None) = (args.next(), args.next()) else {
        eprintln!("usage: cargo run --release --example bench_blobs -- DIR");
        return ExitCode::from(2);
    };
    if dir == "-h" || dir == "--help" {
        println!("usage: cargo run --release --example bench_blobs -- DIR");
        println!(
            "writes the eight standard benchmark blobs (<name>_g3.bin, <name>_g4.bin) into DIR"
        );
        return ExitCode::SUCCESS;
    }
    let dir = PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("{}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    for (tag, ids) in [("g3", blobs::G3), ("g4", blobs::G4)] {
        for (name, data) in blobs::standard(ids) {
            let path = dir.join(format!("{name}_{tag}.bin"));
            if let Err(e) = std::fs::write(&path, &data) {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
            println!("{} {}", path.display(), data.len());
        }
    }
    ExitCode::SUCCESS
}
