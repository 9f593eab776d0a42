//! Compressed binary resources (`RSCC`): the `RSRC` stream without its leading magic,
//! in the engine's `FileAccessCompressed` block container (zstd, 4096-byte blocks, as
//! `FLAG_COMPRESS` configures it), `RSCC` at both ends.

use alloc::vec::Vec;

use super::error::{BinaryWriteError, BinaryWriteErrorKind as K};
use super::{write_document, BinaryWriteOptions};
use crate::container::{compress, Compression};
use crate::resource::model::Document;

impl Document {
    /// This document as a compressed binary resource (`RSCC`), as the engine writes it
    /// with `ResourceSaver.FLAG_COMPRESS`: [`Document::to_binary_with`]'s bytes without
    /// the leading `RSRC` (its offsets counted from there, as the engine's are), in
    /// zstd blocks of 4096 bytes. Feature `containers`.
    ///
    /// Cost: [`Document::to_binary_with`] plus the compression.
    pub fn to_binary_compressed(
        &self,
        options: &BinaryWriteOptions,
    ) -> Result<Vec<u8>, BinaryWriteError> {
        let plain = write_document(self, options, 4)?;
        let stream = plain.get(4..).unwrap_or_default();
        let mut out = compress(stream, Compression::Zstd, 4096)
            .map_err(|_| BinaryWriteError::new(K::TooLarge, None, ""))?;
        // The container's magic at both ends is `RSCC` here, `GCPF` in a `.gd`/`.pck`.
        let n = out.len();
        for range in [0..4, n.saturating_sub(4)..n] {
            if let Some(m) = out.get_mut(range) {
                m.copy_from_slice(b"RSCC");
            }
        }
        Ok(out)
    }
}
