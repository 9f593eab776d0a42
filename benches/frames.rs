//! Framing benchmark: a stream of 1,000,000 small `put_var` frames, each
//! `{"id": i, "name": "p<i>", "pos": Vector2(…)}` (Godot 4, 80–84 bytes with the prefix,
//! 84 MB in all), arriving in 64 KiB chunks through `FrameDecoder::feed`. Chunk boundaries
//! fall inside frames, so straddling frames take the copying path as they would from a
//! socket.
//!
//! Run: `cargo bench --bench frames`. Two reports of the same work: `frames_per_s`
//! (`Throughput::Elements`, 1,000,000 frames per iteration) and `bytes_per_s`
//! (`Throughput::Bytes`, the stream's length). The callback checks each frame is a
//! 3-entry dictionary, so every frame is fully validated and looked at.

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use gdvariant::frame::{self, FrameDecoder, FrameOptions, PrefixOrder};
use gdvariant::Dialect;

const FRAMES: usize = 1_000_000;
const CHUNK: usize = 64 << 10;

/// The whole stream, frames back to back.
fn stream() -> Vec<u8> {
    let mut out = Vec::with_capacity(FRAMES * 88);
    let mut name = String::new();
    for i in 0..FRAMES {
        use std::fmt::Write as _;
        name.clear();
        write!(name, "p{i}").unwrap();
        frame::write_with(&mut out, Dialect::Godot4, PrefixOrder::Little, |b| {
            let mut d = b.dictionary()?;
            d.entry("id").int(i as i64)?;
            d.entry("name").string(&name)?;
            d.entry("pos").vector2([i as f32 * 0.5, -(i as f32)])?;
            d.finish()
        })
        .unwrap();
    }
    out
}

/// Feeds `stream` in 64 KiB chunks; returns the number of good frames.
fn decode(stream: &[u8]) -> usize {
    let mut decoder = FrameDecoder::new(FrameOptions::new(Dialect::Godot4));
    let mut frames = 0;
    for chunk in stream.chunks(CHUNK) {
        decoder.feed(chunk, |f| {
            if let Ok(v) = f {
                if v.as_dictionary().map(|d| d.len()) == Some(3) {
                    frames += 1;
                }
            }
        });
    }
    frames
}

fn bench_frames(c: &mut Criterion) {
    let stream = stream();
    assert_eq!(decode(&stream), FRAMES, "every frame decodes");
    let mut group = c.benchmark_group("frame_decoder_1m_frames_64k_chunks");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    group.throughput(Throughput::Elements(FRAMES as u64));
    group.bench_function("frames_per_s", |b| b.iter(|| decode(black_box(&stream))));
    group.throughput(Throughput::Bytes(stream.len() as u64));
    group.bench_function("bytes_per_s", |b| b.iter(|| decode(black_box(&stream))));
    group.finish();
}

criterion_group!(benches, bench_frames);
criterion_main!(benches);
