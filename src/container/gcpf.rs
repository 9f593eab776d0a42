//! GCPF, the engine's `FileAccessCompressed`: `GCPF`, the mode, the block size, the plain
//! total (all u32), one compressed size per block (`total / block_size + 1` of them, so the
//! last block is empty when the total is a multiple of the block size), the blocks, and
//! `GCPF` again at the end. Each block is compressed on its own.

use alloc::vec::Vec;

use super::codec::{self, CodecError};
use super::error::{ContainerError, ContainerErrorKind as K};
use super::mode::Compression;

/// The magic at both ends.
pub(crate) const MAGIC: &[u8; 4] = super::mode::GCPF_MAGIC;
/// The header: magic, mode, block size, total.
const HEADER: usize = 16;
/// Below this much plain data, blocks are decoded on the calling thread.
const PARALLEL_FROM: u64 = 4 << 20;

/// One block: where its compressed bytes are, and where its plain bytes go.
#[derive(Clone, Copy)]
struct Block {
    index: u32,
    /// File offset of its compressed bytes.
    at: usize,
    compressed: usize,
    plain: usize,
}

fn u32_at(data: &[u8], at: usize) -> Result<u32, ContainerError> {
    data.get(at..at + 4)
        .and_then(|b| b.try_into().ok())
        .map(u32::from_le_bytes)
        .ok_or(ContainerError::new(K::UnexpectedEnd, data.len()))
}

/// Reads a GCPF file: every size checked against the file and `limit` before anything is
/// reserved, then each block decoded into its place (on several threads for large files)
/// and checked to give exactly its size. Returns the plain data, the mode and the block
/// size. Memory: the plain data.
pub(crate) fn read(data: &[u8], limit: u64) -> Result<(Vec<u8>, Compression, u32), ContainerError> {
    let mode_id = u32_at(data, 4)?;
    let mode =
        Compression::from_id(mode_id).ok_or(ContainerError::new(K::UnknownMode(mode_id), 4))?;
    let block_size = u32_at(data, 8)?;
    if block_size == 0 {
        return Err(ContainerError::new(K::ZeroBlockSize, 8));
    }
    let total = u32_at(data, 12)?;
    if u64::from(total) > limit {
        return Err(ContainerError::new(
            K::TooLarge {
                size: total.into(),
                limit,
            },
            12,
        ));
    }
    let count = total / block_size + 1;
    let table_end = HEADER as u64 + 4 * u64::from(count);
    if table_end > data.len() as u64 {
        return Err(ContainerError::new(K::UnexpectedEnd, data.len()));
    }
    // The table fits in the file, so `count` is bounded by the input.
    let mut blocks = Vec::with_capacity(count as usize);
    let mut at = table_end;
    for index in 0..count {
        let entry = HEADER + 4 * index as usize;
        let compressed = u32_at(data, entry)?;
        let plain = if index + 1 == count {
            total % block_size
        } else {
            block_size
        };
        if let Some(expansion) = mode.expansion() {
            if u64::from(plain) > u64::from(compressed) * expansion + 64 {
                return Err(ContainerError::new(
                    K::BlockTooLarge {
                        block: index,
                        claimed: plain.into(),
                        compressed: compressed.into(),
                    },
                    entry,
                ));
            }
        }
        blocks.push(Block {
            index,
            // Past the address space only on a 32-bit target, for a file whose sizes add
            // up to more than it holds: the size check after the loop refuses it.
            at: usize::try_from(at).unwrap_or(usize::MAX),
            compressed: compressed as usize,
            plain: plain as usize,
        });
        at += u64::from(compressed);
    }
    let claimed = at + MAGIC.len() as u64;
    if claimed != data.len() as u64 {
        return Err(ContainerError::new(
            K::SizeMismatch {
                claimed,
                actual: data.len() as u64,
            },
            HEADER,
        ));
    }
    if data.get(data.len() - 4..) != Some(MAGIC.as_slice()) {
        return Err(ContainerError::new(K::BadEndMagic, data.len() - 4));
    }
    // Every block's size is now bounded by its compressed bytes, all of which are in the
    // file: this allocation follows the input, not a claim.
    let mut out = alloc::vec![0u8; total as usize];
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if u64::from(total) < PARALLEL_FROM || threads < 2 || blocks.len() < 2 {
        decode_all(data, mode, &blocks, &mut out)?;
    } else {
        decode_parallel(data, mode, &blocks, &mut out, threads)?;
    }
    Ok((out, mode, block_size))
}

/// Decodes `blocks` in order into `out` (exactly their plain bytes, back to back).
fn decode_all(
    data: &[u8],
    mode: Compression,
    blocks: &[Block],
    out: &mut [u8],
) -> Result<(), ContainerError> {
    let mut rest = out;
    let mut decoder = codec::BlockDecoder::new(mode);
    for block in blocks {
        let (place, tail) = rest.split_at_mut(block.plain.min(rest.len()));
        rest = tail;
        let src = data
            .get(block.at..block.at + block.compressed)
            .unwrap_or_default();
        decoder
            .block(src, place)
            .map_err(|e| block_error(e, mode, block))?;
    }
    Ok(())
}

/// Splits the blocks into one contiguous run per thread; the first error in block order
/// wins.
fn decode_parallel(
    data: &[u8],
    mode: Compression,
    blocks: &[Block],
    out: &mut [u8],
    threads: usize,
) -> Result<(), ContainerError> {
    let per = blocks.len().div_ceil(threads);
    std::thread::scope(|scope| {
        let mut rest = out;
        let mut handles = Vec::new();
        for run in blocks.chunks(per) {
            let bytes: usize = run.iter().map(|b| b.plain).sum();
            let (place, tail) = rest.split_at_mut(bytes.min(rest.len()));
            rest = tail;
            handles.push(scope.spawn(move || decode_all(data, mode, run, place)));
        }
        // A decoding thread never panics (no indexing, no unwrap); if one did, its run
        // is reported as not decoded rather than taking the caller down.
        handles.into_iter().try_for_each(|h| {
            h.join()
                .unwrap_or(Err(ContainerError::new(K::UnexpectedEnd, 0)))
        })
    })
}

fn block_error(e: CodecError, mode: Compression, block: &Block) -> ContainerError {
    let kind = match e {
        CodecError::TooLong => K::BlockOverflow { block: block.index },
        CodecError::Truncated => K::BlockShort { block: block.index },
        CodecError::Trailing(n) => K::TrailingBytes(n as u64),
        CodecError::CannotWrite => K::CannotWrite(mode),
        CodecError::Corrupt(reason) => K::Corrupt {
            block: block.index,
            mode,
            reason,
        },
    };
    ContainerError::new(kind, block.at)
}

/// Writes `plain` as a GCPF file the way the engine does: blocks of `block_size`, the
/// last one holding the remainder (empty when it divides evenly), each compressed alone.
pub(crate) fn write(
    plain: &[u8],
    mode: Compression,
    block_size: u32,
) -> Result<Vec<u8>, ContainerError> {
    if !mode.can_write() {
        return Err(ContainerError::new(K::CannotWrite(mode), 0));
    }
    let total = u32::try_from(plain.len()).map_err(|_| ContainerError::new(K::CannotFit, 0))?;
    if block_size == 0 {
        return Err(ContainerError::new(K::CannotFit, 0));
    }
    let count = total / block_size + 1;
    let mut out = Vec::with_capacity(plain.len() / 2 + HEADER + 4 * count as usize + 4);
    out.extend_from_slice(MAGIC);
    for word in [mode.id(), block_size, total] {
        out.extend_from_slice(&word.to_le_bytes());
    }
    let table = out.len();
    out.resize(table + 4 * count as usize, 0);
    let mut chunks = plain.chunks(block_size as usize);
    let mut encoder = codec::BlockEncoder::new(mode);
    for index in 0..count as usize {
        let chunk = chunks.next().unwrap_or_default();
        let start = out.len();
        encoder
            .block(chunk, &mut out)
            .map_err(|_| ContainerError::new(K::CannotWrite(mode), start))?;
        let size = u32::try_from(out.len() - start)
            .map_err(|_| ContainerError::new(K::CannotFit, start))?;
        if let Some(slot) = out.get_mut(table + 4 * index..table + 4 * index + 4) {
            slot.copy_from_slice(&size.to_le_bytes());
        }
    }
    out.extend_from_slice(MAGIC);
    Ok(out)
}
