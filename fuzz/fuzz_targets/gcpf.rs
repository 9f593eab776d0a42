//! Compressed files (GCPF) and `compress()` streams.
//!
//! Input: `[config byte][bytes]`. Config bits 0–2 pick what the bytes are:
//! - 0: a whole file, opened by `container::open` with stream detection (hostile headers,
//!   lying totals and block sizes, corrupt blocks, bad end magic);
//! - 1–5: a bare stream of mode `bits - 1` (FastLZ, Deflate, Zstd, GZIP, Brotli), named;
//! - 6, 7: plain data, compressed with mode `bits 3–4` and block size `16 << bits 5–7`,
//!   opened again: must give back exactly the data, and a flipped byte (at the position
//!   the data's first two bytes name) must be an error or give some data, never a panic.
//!
//! Whatever opens must respect `Limits::max_unpacked` (1 MiB here), and what opens as a
//! container must open again, to the same bytes, after `Container::wrap`.
#![no_main]

use gdvariant::container::{compress, open, Compression, Container, OpenOptions, StreamMode};
use libfuzzer_sys::fuzz_target;

const LIMIT: u64 = 1 << 20;

fn options(stream: StreamMode) -> OpenOptions {
    OpenOptions::new().stream(stream).max_unpacked(LIMIT)
}

/// Opens `file`; if it opens, the result is within the limit and wraps back to itself.
fn check(file: &[u8], stream: StreamMode) {
    let Ok(opened) = open(file, &options(stream)) else {
        return;
    };
    let plain = opened.bytes();
    let container = opened.container();
    if container.is_plain() {
        assert_eq!(plain, file, "plain input is given back as it is");
        return;
    }
    assert!(plain.len() as u64 <= LIMIT, "max_unpacked respected");
    if let Container::Compressed { mode, .. } | Container::Stream { mode } = container {
        if !mode.can_write() {
            return;
        }
    }
    let again = container.wrap(plain, None).expect("wraps");
    let reopened = open(&again, &options(stream)).expect("our own file opens");
    if container
        == (Container::Stream {
            mode: Compression::FastLz,
        })
        && plain.len() < 16
    {
        // The encoder pads short data to 16 bytes and the stream does not say how long
        // it was (the engine's caller passes the size to `decompress`): the padding is
        // trimmed only where a shorter prefix reads as values.
        let back = reopened.bytes();
        assert!(back.starts_with(plain) || plain.starts_with(back));
        assert!(back.iter().skip(plain.len()).all(|&b| b == 0));
        return;
    }
    assert_eq!(reopened.bytes(), plain, "wrap then open is the identity");
}

fuzz_target!(|input: &[u8]| {
    let Some((&config, data)) = input.split_first() else {
        return;
    };
    match config & 7 {
        0 => check(data, StreamMode::Detect),
        kind @ 1..=5 => {
            let mode = Compression::from_id(u32::from(kind - 1)).unwrap();
            check(data, StreamMode::Named(mode));
        }
        _ => {
            let mode = Compression::from_id(u32::from(config >> 3 & 3)).unwrap();
            let block_size = 16u32 << (config >> 5);
            let file = compress(data, mode, block_size).expect("compresses");
            let opened = open(&file, &options(StreamMode::Detect)).expect("opens");
            assert_eq!(opened.bytes(), data);
            assert_eq!(
                opened.container(),
                Container::Compressed { mode, block_size }
            );
            if let [a, b, ..] = data {
                let mut damaged = file.clone();
                let at = (usize::from(*a) << 8 | usize::from(*b)) % damaged.len();
                damaged[at] ^= 0x5a;
                let _ = open(&damaged, &options(StreamMode::Detect));
            }
        }
    }
});
