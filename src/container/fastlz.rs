//! FastLZ, the block compressor behind Godot's `COMPRESSION_FASTLZ`: a decoder of both
//! levels and a level-1 encoder, written from the format (no header: the first byte's top
//! three bits name the level, then a sequence of literal runs and back references).
//!
//! The decoder never writes past `out`'s length and never reads past `input`: every field
//! is bounds-checked, so a hostile block is an error, not a crash.

use alloc::vec::Vec;

/// Level 2's far-distance marker adds this to a 16-bit distance.
const MAX_L2_DISTANCE: usize = 8191;
/// Level 1 reaches back at most this far.
const MAX_L1_DISTANCE: usize = 8192;
/// Longest match of one level-1 instruction.
const MAX_L1_MATCH: usize = 264;
/// Longest literal run of one instruction.
const MAX_LITERALS: usize = 32;

/// Why a FastLZ block does not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FastLzError {
    /// An instruction is cut off by the end of the block (at this input offset).
    Truncated(usize),
    /// A back reference points before the start of the output (at this input offset).
    BadReference(usize),
    /// The block decodes to more than the room given (at this input offset).
    Overflow(usize),
    /// The first byte names a level other than 1 or 2.
    BadLevel(u8),
}

/// Decodes one FastLZ block into `out` (whose length is the most the block may produce)
/// and returns the number of bytes written. O(output); no allocation.
pub(crate) fn decompress(input: &[u8], out: &mut [u8]) -> Result<usize, FastLzError> {
    let Some(&first) = input.first() else {
        return Ok(0);
    };
    let level = (first >> 5) + 1;
    if level > 2 {
        return Err(FastLzError::BadLevel(level));
    }
    let mut ip = 1usize;
    let mut op = 0usize;
    let mut ctrl = usize::from(first & 31);
    let byte = |at: usize| input.get(at).copied().ok_or(FastLzError::Truncated(at));
    loop {
        let at = ip - 1;
        if ctrl >= 32 {
            let mut len = (ctrl >> 5) - 1;
            let ofs = (ctrl & 31) << 8;
            if len == 6 {
                if level == 1 {
                    len += usize::from(byte(ip)?);
                    ip += 1;
                } else {
                    loop {
                        let code = byte(ip)?;
                        ip += 1;
                        len += usize::from(code);
                        if code != 255 {
                            break;
                        }
                    }
                }
            }
            let code = usize::from(byte(ip)?);
            ip += 1;
            let mut distance = ofs + code + 1;
            if level == 2 && code == 255 && ofs == 31 << 8 {
                let hi = usize::from(byte(ip)?);
                let lo = usize::from(byte(ip + 1)?);
                ip += 2;
                distance = (hi << 8 | lo) + MAX_L2_DISTANCE + 1;
            }
            len += 3;
            if distance > op {
                return Err(FastLzError::BadReference(at));
            }
            let end = op + len;
            if end > out.len() {
                return Err(FastLzError::Overflow(at));
            }
            let from = op - distance;
            if distance >= len {
                out.copy_within(from..from + len, op);
            } else {
                // Overlapping: a run that repeats the last `distance` bytes.
                for i in 0..len {
                    let b = out.get(from + i).copied().unwrap_or(0);
                    if let Some(slot) = out.get_mut(op + i) {
                        *slot = b;
                    }
                }
            }
            op = end;
        } else {
            let run = ctrl + 1;
            let src = input
                .get(ip..ip + run)
                .ok_or(FastLzError::Truncated(input.len()))?;
            let dst = out.get_mut(op..op + run).ok_or(FastLzError::Overflow(at))?;
            dst.copy_from_slice(src);
            ip += run;
            op += run;
        }
        if ip >= input.len() {
            return Ok(op);
        }
        ctrl = usize::from(byte(ip)?);
        ip += 1;
    }
}

/// The most bytes [`compress`] writes for `len` input bytes (the engine's own bound:
/// 6% over, at least 66).
#[cfg(test)]
pub(crate) fn max_compressed_len(len: usize) -> usize {
    (len + len * 6 / 100).max(66)
}

/// Encodes `input` at level 1 (valid for any size; the decoder reads the level from the
/// first byte), appending to `out`. Inputs under 16 bytes are padded with zeros to 16, as
/// the engine does (its decoder always decodes 16 bytes of a short block). O(input).
pub(crate) fn compress(input: &[u8], out: &mut Vec<u8>) {
    let mut padded = [0u8; 16];
    let input = if input.len() < 16 {
        if let Some(head) = padded.get_mut(..input.len()) {
            head.copy_from_slice(input);
        }
        padded.as_slice()
    } else {
        input
    };
    const HASH_BITS: u32 = 13;
    let mut table = alloc::vec![0u32; 1 << HASH_BITS];
    let hash = |key: &[u8]| -> usize {
        let v = key
            .iter()
            .take(3)
            .fold(0u32, |acc, &b| acc << 8 | u32::from(b));
        (v.wrapping_mul(2_654_435_761) >> (32 - HASH_BITS)) as usize
    };
    let mut literal_start = 0usize;
    let mut ip = 0usize;
    // Matches need 3 bytes to hash and must leave room; the tail is literals.
    let limit = input.len().saturating_sub(4);
    while ip < limit {
        let key = input.get(ip..ip + 3).unwrap_or_default();
        let Some(slot) = table.get_mut(hash(key)) else {
            break;
        };
        let candidate = *slot as usize;
        // A position past u32 is stored as 0: like the wrapped position `as` kept before,
        // it is more than 8192 bytes back from every later position, so it never matches.
        *slot = u32::try_from(ip).unwrap_or(0);
        let distance = ip - candidate.min(ip);
        if candidate < ip
            && distance <= MAX_L1_DISTANCE
            && input.get(candidate..candidate + 3) == Some(key)
        {
            let mut len = 3;
            let max = (input.len() - ip).min(MAX_L1_MATCH);
            while len < max && input.get(candidate + len) == input.get(ip + len) {
                len += 1;
            }
            emit_literals(input.get(literal_start..ip).unwrap_or_default(), out);
            emit_match(len, distance, out);
            ip += len;
            literal_start = ip;
        } else {
            ip += 1;
        }
    }
    emit_literals(input.get(literal_start..).unwrap_or_default(), out);
}

/// Literal runs of at most 32 bytes: a control byte `run - 1`, then the bytes.
fn emit_literals(mut literals: &[u8], out: &mut Vec<u8>) {
    while !literals.is_empty() {
        let (run, rest) = literals.split_at(literals.len().min(MAX_LITERALS));
        // At most 31 (the `min` above).
        out.push(u8::try_from(run.len() - 1).unwrap_or(u8::MAX));
        out.extend_from_slice(run);
        literals = rest;
    }
}

/// One level-1 back reference of `len` (3..=264) bytes, `distance` (1..=8192) back. With
/// those bounds (the caller's `min` and distance check) every field fits its byte.
fn emit_match(len: usize, distance: usize, out: &mut Vec<u8>) {
    let byte = |x: usize| u8::try_from(x).unwrap_or(u8::MAX);
    let l = len - 2;
    let d = distance - 1;
    if l < 7 {
        out.push(byte((l << 5) + (d >> 8)));
    } else {
        out.push(byte((7 << 5) + (d >> 8)));
        out.push(byte(l - 7));
    }
    out.push(byte(d & 255));
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure
    use super::*;

    fn roundtrip(data: &[u8]) {
        let mut packed = Vec::new();
        compress(data, &mut packed);
        assert!(packed.len() <= max_compressed_len(data.len()));
        let mut out = alloc::vec![0u8; data.len().max(16)];
        let n = decompress(&packed, &mut out).unwrap();
        assert_eq!(&out[..data.len()], data);
        assert_eq!(n, data.len().max(16));
    }

    #[test]
    fn roundtrips() {
        roundtrip(b"");
        roundtrip(b"abc");
        roundtrip(&[7u8; 10_000]);
        let text: Vec<u8> = (0..100_000u32)
            .flat_map(|i| (i % 977).to_le_bytes())
            .collect();
        roundtrip(&text);
        let noise: Vec<u8> = (0..70_000u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        roundtrip(&noise);
    }

    #[test]
    fn hostile_blocks_are_errors() {
        let mut out = [0u8; 64];
        // A match before any output.
        assert_eq!(
            decompress(&[0x00, b'a', 0x20, 0x05], &mut out),
            Err(FastLzError::BadReference(2))
        );
        // A literal run longer than the block.
        assert_eq!(
            decompress(&[0x1f, 1, 2], &mut out),
            Err(FastLzError::Truncated(3))
        );
        // More output than room.
        assert_eq!(
            decompress(&[0x00, b'a', 0xe0, 0xff, 0x00], &mut out[..10]),
            Err(FastLzError::Overflow(2))
        );
        // Level 3 does not exist.
        assert_eq!(decompress(&[0x40], &mut out), Err(FastLzError::BadLevel(3)));
    }
}
