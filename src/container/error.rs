//! Why a container could not be opened or written: a kind and the file offset.

use alloc::string::String;
use core::fmt;

use super::mode::Compression;

/// What is wrong with a container. Decide on this, not on the message text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContainerErrorKind {
    /// The file ends inside the header or the block table.
    UnexpectedEnd,
    /// The GCPF header names a compression mode the engine does not have.
    UnknownMode(u32),
    /// The GCPF header's block size is 0 (the engine refuses it too).
    ZeroBlockSize,
    /// The sizes the header and block table claim do not add up to the file's length.
    SizeMismatch {
        /// Bytes the header and table account for.
        claimed: u64,
        /// Bytes the file has.
        actual: u64,
    },
    /// A block claims more plain bytes than its compressed bytes can hold.
    BlockTooLarge {
        /// The block's number.
        block: u32,
        /// The plain bytes it must give.
        claimed: u64,
        /// Its compressed bytes.
        compressed: u64,
    },
    /// A block (or stream) does not decode: the codec's message.
    Corrupt {
        /// The block's number (0 for a stream).
        block: u32,
        /// The compression mode.
        mode: Compression,
        /// What the codec said.
        reason: String,
    },
    /// A block decodes to more bytes than the header gives it.
    BlockOverflow {
        /// The block's number.
        block: u32,
    },
    /// A block decodes to fewer bytes than the header gives it.
    BlockShort {
        /// The block's number.
        block: u32,
    },
    /// The GCPF magic at the end of the file is missing.
    BadEndMagic,
    /// The decoded size is over [`crate::Limits::max_unpacked`].
    TooLarge {
        /// The size the file claims.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// The file is encrypted and no password or key was given.
    NeedsKey,
    /// The MD5 of the decrypted data is not the one stored: the password or key is wrong
    /// (or the file is damaged). Nothing is decoded from the garbage.
    WrongKey,
    /// The GDEC plaintext length does not match the ciphertext that follows.
    CiphertextLength {
        /// Plain bytes the header claims.
        claimed: u64,
        /// Ciphertext bytes present.
        available: u64,
    },
    /// The GDEC header is neither Godot 3's (mode word 1) nor Godot 4's layout.
    UnknownLayout,
    /// Bytes follow the end of a compressed stream.
    TrailingBytes(u64),
    /// The bytes read both as a compressed stream and as plain values: name which.
    Ambiguous(Compression),
    /// The mode cannot be written (Brotli).
    CannotWrite(Compression),
    /// A GCPF block size of 0, or plain data over 4 GiB (the header's sizes are 32-bit).
    CannotFit,
    /// The crate was built without the `containers` feature.
    Unsupported,
    /// The system's random source failed (a fresh IV could not be made).
    NoRandom,
}

impl fmt::Display for ContainerErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ContainerErrorKind as K;
        match self {
            K::UnexpectedEnd => f.write_str("the file ends inside the container's header"),
            K::UnknownMode(m) => write!(f, "unknown compression mode {m}"),
            K::ZeroBlockSize => f.write_str("block size 0"),
            K::SizeMismatch { claimed, actual } => write!(
                f,
                "the header and block table account for {claimed} bytes, the file has {actual}"
            ),
            K::BlockTooLarge {
                block,
                claimed,
                compressed,
            } => write!(
                f,
                "block {block} claims {claimed} plain bytes from {compressed} compressed bytes, \
                 more than its mode can give"
            ),
            K::Corrupt {
                block,
                mode,
                reason,
            } => write!(f, "{mode} block {block} does not decompress: {reason}"),
            K::BlockOverflow { block } => {
                write!(f, "block {block} decompresses to more than the block size")
            }
            K::BlockShort { block } => {
                write!(f, "block {block} decompresses to fewer bytes than the header says")
            }
            K::BadEndMagic => f.write_str("the GCPF magic at the end of the file is missing"),
            K::TooLarge { size, limit } => write!(
                f,
                "the container holds {size} bytes, over the limit of {limit} (Limits::max_unpacked)"
            ),
            K::NeedsKey => f.write_str("the file is encrypted (GDEC): a password or key is needed"),
            K::WrongKey => f.write_str(
                "wrong password or key (the MD5 of the decrypted data does not match; \
                 or the file is damaged)",
            ),
            K::CiphertextLength { claimed, available } => write!(
                f,
                "the header claims {claimed} plain bytes, but {available} bytes of ciphertext follow"
            ),
            K::UnknownLayout => f.write_str("GDEC header in neither Godot 3's nor Godot 4's layout"),
            K::TrailingBytes(n) => write!(f, "{n} bytes follow the end of the compressed stream"),
            K::Ambiguous(mode) => write!(
                f,
                "the bytes read both as a {mode} stream and as plain values: name which \
                 (decompress {mode}, or none)"
            ),
            K::CannotWrite(mode) => write!(f, "{mode} can be read but not written"),
            K::CannotFit => f.write_str(
                "cannot write this container: a GCPF block size must be over 0 and its data \
                 under 4 GiB",
            ),
            K::Unsupported => f.write_str(
                "gdvariant was built without the `containers` feature: compressed and \
                 encrypted files cannot be read",
            ),
            K::NoRandom => f.write_str("the system's random source failed"),
        }
    }
}

/// A container error: what is wrong and the file offset of the field that says so.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (at file offset {offset:#x})")]
pub struct ContainerError {
    kind: ContainerErrorKind,
    offset: usize,
}

impl ContainerError {
    /// An error of `kind` at file `offset`.
    #[cold]
    pub fn new(kind: ContainerErrorKind, offset: usize) -> Self {
        ContainerError { kind, offset }
    }

    /// What is wrong.
    pub fn kind(&self) -> &ContainerErrorKind {
        &self.kind
    }

    /// The file offset of the field (or block) that is wrong.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// A short stable name of the kind (`wrong_key`, `size_mismatch`, …), for other
    /// languages' bindings and scripts.
    pub fn code(&self) -> &'static str {
        use ContainerErrorKind as K;
        match self.kind {
            K::UnexpectedEnd => "unexpected_end",
            K::UnknownMode(_) => "unknown_mode",
            K::ZeroBlockSize => "zero_block_size",
            K::SizeMismatch { .. } => "size_mismatch",
            K::BlockTooLarge { .. } => "block_too_large",
            K::Corrupt { .. } => "corrupt_block",
            K::BlockOverflow { .. } => "block_overflow",
            K::BlockShort { .. } => "block_short",
            K::BadEndMagic => "bad_end_magic",
            K::TooLarge { .. } => "too_large",
            K::NeedsKey => "needs_key",
            K::WrongKey => "wrong_key",
            K::CiphertextLength { .. } => "ciphertext_length",
            K::UnknownLayout => "unknown_layout",
            K::TrailingBytes(_) => "trailing_bytes",
            K::Ambiguous(_) => "ambiguous",
            K::CannotWrite(_) => "cannot_write",
            K::CannotFit => "cannot_fit",
            K::Unsupported => "unsupported",
            K::NoRandom => "no_random",
        }
    }
}
