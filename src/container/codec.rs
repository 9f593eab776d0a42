//! One compressed block or stream, in each of the engine's modes: decoding into a buffer
//! of known size (the GCPF blocks) or of bounded, growing size (`compress()` streams), and
//! encoding.

use alloc::vec::Vec;
use std::io::Read;

use super::fastlz::{self, FastLzError};
use super::mode::Compression;

/// Why one block or stream does not decode: the codec's own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum CodecError {
    /// The codec refused the data (the message says why).
    Corrupt(alloc::string::String),
    /// The data decodes to more bytes than allowed.
    TooLong,
    /// The compressed data ends before its stream does.
    Truncated,
    /// Bytes follow the end of the compressed stream inside its block (how many).
    Trailing(usize),
    /// The engine cannot write this mode.
    CannotWrite,
}

impl From<FastLzError> for CodecError {
    fn from(e: FastLzError) -> Self {
        match e {
            FastLzError::Truncated(_) => CodecError::Truncated,
            FastLzError::Overflow(_) => CodecError::TooLong,
            FastLzError::BadReference(at) => CodecError::Corrupt(alloc::format!(
                "FastLZ back reference before the start of the block (block byte {at})"
            )),
            FastLzError::BadLevel(level) => {
                CodecError::Corrupt(alloc::format!("FastLZ level {level} does not exist"))
            }
        }
    }
}

/// Decodes blocks one after another, keeping the codec's state between them (a Zstd
/// context is made once, not once per block).
pub(crate) struct BlockDecoder {
    mode: Compression,
    zstd: Option<zstd::bulk::Decompressor<'static>>,
}

impl BlockDecoder {
    pub(crate) fn new(mode: Compression) -> Self {
        BlockDecoder { mode, zstd: None }
    }

    /// Decodes one block into `out`, whose length is exactly what the block must give,
    /// and checks that it gives exactly that (see [`decode_block`]).
    pub(crate) fn block(&mut self, src: &[u8], out: &mut [u8]) -> Result<(), CodecError> {
        if self.mode != Compression::Zstd {
            return decode_block(self.mode, src, out);
        }
        if self.zstd.is_none() {
            self.zstd = Some(zstd::bulk::Decompressor::new().map_err(zstd_error)?);
        }
        let Some(zstd) = self.zstd.as_mut() else {
            return Err(CodecError::Truncated);
        };
        let written = zstd.decompress_to_buffer(src, out).map_err(zstd_error)?;
        if written == out.len() {
            Ok(())
        } else {
            Err(CodecError::Truncated)
        }
    }
}

/// Encodes blocks one after another, keeping a Zstd context between them.
pub(crate) struct BlockEncoder {
    mode: Compression,
    zstd: Option<zstd::bulk::Compressor<'static>>,
}

impl BlockEncoder {
    pub(crate) fn new(mode: Compression) -> Self {
        BlockEncoder { mode, zstd: None }
    }

    /// Encodes one block, appending to `out`.
    pub(crate) fn block(&mut self, src: &[u8], out: &mut Vec<u8>) -> Result<(), CodecError> {
        if self.mode != Compression::Zstd {
            return encode(self.mode, src, out);
        }
        let io = |e: std::io::Error| CodecError::Corrupt(alloc::format!("{e}"));
        if self.zstd.is_none() {
            self.zstd = Some(zstd::bulk::Compressor::new(ZSTD_LEVEL).map_err(io)?);
        }
        let Some(zstd) = self.zstd.as_mut() else {
            return Err(CodecError::CannotWrite);
        };
        let start = out.len();
        out.resize(start + zstd::zstd_safe::compress_bound(src.len()), 0);
        let written = zstd
            .compress_to_buffer(src, out.get_mut(start..).unwrap_or_default())
            .map_err(io)?;
        out.truncate(start + written);
        Ok(())
    }
}

/// The engine's default Zstd level (`compression/zstd_compression_level`).
const ZSTD_LEVEL: i32 = 3;

/// Decodes one block into `out`, whose length is exactly what the block must give, and
/// checks that it gives exactly that: no less, no more. A FastLZ block of under 16 bytes
/// was padded to 16 by the engine's encoder, so 16 decoded bytes are accepted for it (the
/// padding is dropped), as the engine's decoder does.
fn decode_block(mode: Compression, src: &[u8], out: &mut [u8]) -> Result<(), CodecError> {
    let written = match mode {
        Compression::FastLz if out.len() < 16 => {
            let mut small = [0u8; 16];
            let n = fastlz::decompress(src, &mut small)?;
            if n == 16 || n == out.len() {
                let take = out.len();
                out.copy_from_slice(small.get(..take).unwrap_or_default());
                take
            } else {
                n
            }
        }
        _ => decode_into(mode, src, out)?,
    };
    if written == out.len() {
        Ok(())
    } else {
        Err(CodecError::Truncated)
    }
}

/// Decodes `src` into `out`, failing if it would give more than `out.len()` bytes or
/// leaves bytes after the end of its stream; returns the bytes written.
fn decode_into(mode: Compression, src: &[u8], out: &mut [u8]) -> Result<usize, CodecError> {
    match mode {
        Compression::FastLz => Ok(fastlz::decompress(src, out)?),
        Compression::Zstd => zstd::bulk::decompress_to_buffer(src, out).map_err(zstd_error),
        Compression::Deflate => {
            let mut decoder = flate2::bufread::ZlibDecoder::new(src);
            let n = fill(&mut decoder, out)?;
            finished(decoder.into_inner())?;
            Ok(n)
        }
        Compression::Gzip => {
            let mut decoder = flate2::bufread::GzDecoder::new(src);
            let n = fill(&mut decoder, out)?;
            finished(decoder.into_inner())?;
            Ok(n)
        }
        Compression::Brotli => {
            let mut decoder = brotli_decompressor::Decompressor::new(src, 4096);
            fill(&mut decoder, out)
        }
    }
}

/// Decodes a whole stream whose size is not known, growing the output with what is
/// actually decoded, up to `limit` bytes (more is [`CodecError::TooLong`]). FastLZ
/// streams have no end marker: they end with the input.
pub(crate) fn decode_stream(
    mode: Compression,
    src: &[u8],
    limit: usize,
) -> Result<Vec<u8>, CodecError> {
    let mut out = Vec::new();
    match mode {
        Compression::FastLz => {
            // No size anywhere: grow until the input is used up.
            let mut room = src.len().saturating_mul(4).clamp(16, limit.max(16));
            loop {
                out.resize(room, 0);
                match fastlz::decompress(src, &mut out) {
                    Ok(n) => {
                        out.truncate(n);
                        break;
                    }
                    Err(FastLzError::Overflow(_)) if room < limit => {
                        room = room.saturating_mul(2).min(limit);
                    }
                    Err(FastLzError::Overflow(_)) => return Err(CodecError::TooLong),
                    Err(e) => return Err(e.into()),
                }
            }
        }
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::with_buffer(src).map_err(zstd_error)?;
            let mut decoder = decoder.single_frame();
            read_bounded(&mut decoder, &mut out, limit)?;
        }
        Compression::Deflate => {
            let mut decoder = flate2::bufread::ZlibDecoder::new(src);
            read_bounded(&mut decoder, &mut out, limit)?;
            finished(decoder.into_inner())?;
        }
        Compression::Gzip => {
            let mut decoder = flate2::bufread::GzDecoder::new(src);
            read_bounded(&mut decoder, &mut out, limit)?;
            finished(decoder.into_inner())?;
        }
        Compression::Brotli => {
            let mut decoder = brotli_decompressor::Decompressor::new(src, 4096);
            read_bounded(&mut decoder, &mut out, limit)?;
        }
    }
    Ok(out)
}

/// Encodes `src` as one block or stream, appending to `out`, with the engine's default
/// levels (Zstd 3, zlib's default 6 for Deflate and GZIP; FastLZ level 1).
pub(crate) fn encode(mode: Compression, src: &[u8], out: &mut Vec<u8>) -> Result<(), CodecError> {
    use std::io::Write;
    let io = |e: std::io::Error| CodecError::Corrupt(alloc::format!("{e}"));
    match mode {
        Compression::FastLz => fastlz::compress(src, out),
        Compression::Zstd => {
            let packed = zstd::bulk::compress(src, ZSTD_LEVEL).map_err(io)?;
            out.extend_from_slice(&packed);
        }
        Compression::Deflate => {
            let mut encoder = flate2::write::ZlibEncoder::new(out, flate2::Compression::default());
            encoder.write_all(src).map_err(io)?;
            encoder.finish().map_err(io)?;
        }
        Compression::Gzip => {
            let mut encoder = flate2::GzBuilder::new()
                .operating_system(3)
                .write(out, flate2::Compression::default());
            encoder.write_all(src).map_err(io)?;
            encoder.finish().map_err(io)?;
        }
        Compression::Brotli => return Err(CodecError::CannotWrite),
    }
    Ok(())
}

/// Reads `reader` into `out` until it is full or the stream ends; then checks the stream
/// has nothing more to give.
fn fill(reader: &mut impl Read, out: &mut [u8]) -> Result<usize, CodecError> {
    let mut n = 0;
    while let Some(rest) = out.get_mut(n..).filter(|r| !r.is_empty()) {
        match reader.read(rest) {
            Ok(0) => return Ok(n),
            Ok(k) => n += k,
            Err(e) => return Err(io_error(e)),
        }
    }
    let mut probe = [0u8; 1];
    match reader.read(&mut probe) {
        Ok(0) => Ok(n),
        Ok(_) => Err(CodecError::TooLong),
        Err(e) => Err(io_error(e)),
    }
}

/// Reads `reader` to its end into `out`, failing past `limit` bytes; grows in chunks, so
/// memory follows what is decoded.
fn read_bounded(reader: &mut impl Read, out: &mut Vec<u8>, limit: usize) -> Result<(), CodecError> {
    let mut taken = reader.take(limit as u64);
    taken.read_to_end(out).map_err(io_error)?;
    let mut probe = [0u8; 1];
    match taken.into_inner().read(&mut probe) {
        Ok(0) => Ok(()),
        Ok(_) => Err(CodecError::TooLong),
        Err(e) => Err(io_error(e)),
    }
}

/// The bytes a decoder left unread after its stream's end must be none.
fn finished(rest: &[u8]) -> Result<(), CodecError> {
    if rest.is_empty() {
        Ok(())
    } else {
        Err(CodecError::Trailing(rest.len()))
    }
}

fn io_error(e: std::io::Error) -> CodecError {
    if e.kind() == std::io::ErrorKind::UnexpectedEof {
        CodecError::Truncated
    } else {
        CodecError::Corrupt(alloc::format!("{e}"))
    }
}

fn zstd_error(e: std::io::Error) -> CodecError {
    let text = alloc::format!("{e}");
    if text.contains("too small") {
        CodecError::TooLong
    } else if text.contains("Src size is incorrect") || text.contains("truncated") {
        CodecError::Truncated
    } else {
        CodecError::Corrupt(text)
    }
}
