//! The stream decoder.
//!
//! Input: `[config byte][chunk byte][stream bytes]` (config: see `src/lib.rs`; its bit 7
//! picks a small frame limit of 256 bytes and bit 2 big-endian prefixes). The stream is
//! fed to a `FrameDecoder` in chunks of `chunk byte + 1` bytes, and must give exactly the
//! frames (values' bytes and errors with their stream offsets, in order) that reading the
//! whole stream with `frame::read_at` gives; the decoder never buffers more than one frame, and nothing is
//! reported after a fatal error.
#![no_main]

use gdvariant::frame::{self, Frame, FrameDecoder, FrameError, FrameOptions, PrefixOrder};
use gdvariant_fuzz::Config;
use libfuzzer_sys::fuzz_target;

/// What a frame gave: its value's bytes, or the error.
type Outcome = Result<Vec<u8>, FrameError>;

/// Every complete frame of `stream`, read with `frame::read_at` one after another (so
/// offsets in errors count from the stream's start, as the decoder's do).
fn whole(stream: &[u8], options: &FrameOptions) -> Vec<Outcome> {
    let mut out = Vec::new();
    let mut rest = stream;
    loop {
        let at = stream.len() - rest.len();
        match frame::read_at(rest, at, options) {
            Ok(Frame::Complete { value, rest: after }) => {
                assert_eq!(
                    value.offset(),
                    at + 4,
                    "a frame's value starts after its prefix"
                );
                out.push(Ok(value.encoded().to_vec()));
                rest = after;
            }
            Ok(Frame::Incomplete { .. }) => return out,
            Err(e @ FrameError::TooLarge { .. }) => {
                out.push(Err(e));
                return out;
            }
            Err(e) => {
                out.push(Err(e));
                // A bad value inside a well-framed body: skip the frame.
                let len = match options.order {
                    PrefixOrder::Little => u32::from_le_bytes(rest[..4].try_into().unwrap()),
                    PrefixOrder::Big => u32::from_be_bytes(rest[..4].try_into().unwrap()),
                } as usize;
                rest = &rest[4 + len..];
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((config, rest)) = Config::split(data) else {
        return;
    };
    let Some((&chunk, stream)) = rest.split_first() else {
        return;
    };
    let mut options = FrameOptions::new(config.dialect);
    options.parse = config.options;
    if config.extra {
        options.max_frame = 256;
    }
    if config.options.limits.max_depth < 1024 {
        options.order = PrefixOrder::Big;
    }
    let expected = whole(stream, &options);

    let mut decoder = FrameDecoder::new(options);
    let mut seen: Vec<Outcome> = Vec::new();
    for piece in stream.chunks(usize::from(chunk) + 1) {
        decoder.feed(piece, |f| seen.push(f.map(|v| v.encoded().to_vec())));
        assert!(
            decoder.buffered() <= options.max_frame + 4,
            "buffered more than one frame"
        );
    }
    assert_eq!(seen, expected);
    if decoder.failed().is_some() {
        decoder.feed(stream, |_| panic!("a frame after a fatal error"));
    }
});
