//! The names of what a container can be: compression modes, encryption layouts, keys, and
//! the description of an opened file. None of this needs the `containers` feature.

use alloc::string::String;
use core::fmt;

/// The GCPF magic, at both ends of a compressed file.
pub(crate) const GCPF_MAGIC: &[u8; 4] = b"GCPF";
/// The GDEC magic, at the start of an encrypted file.
pub(crate) const GDEC_MAGIC: &[u8; 4] = b"GDEC";

/// A compression mode, numbered as the engine's `Compression::Mode` (the GCPF header's
/// mode word, and the argument of `PackedByteArray.compress()`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Compression {
    /// `COMPRESSION_FASTLZ` (0): LZ77 without a header; the fastest, the default of
    /// `compress()`.
    FastLz,
    /// `COMPRESSION_DEFLATE` (1): a zlib stream (RFC 1950).
    Deflate,
    /// `COMPRESSION_ZSTD` (2): a Zstandard frame.
    Zstd,
    /// `COMPRESSION_GZIP` (3): a gzip member (RFC 1952).
    Gzip,
    /// `COMPRESSION_BROTLI` (4): Godot 4 reads it but cannot write it; so do we.
    Brotli,
}

impl Compression {
    /// Every mode, in id order.
    pub const ALL: [Compression; 5] = [
        Compression::FastLz,
        Compression::Deflate,
        Compression::Zstd,
        Compression::Gzip,
        Compression::Brotli,
    ];

    /// The mode with the engine's id `id`, if there is one.
    pub fn from_id(id: u32) -> Option<Self> {
        Compression::ALL.get(usize::try_from(id).ok()?).copied()
    }

    /// The engine's id of the mode.
    pub fn id(self) -> u32 {
        match self {
            Compression::FastLz => 0,
            Compression::Deflate => 1,
            Compression::Zstd => 2,
            Compression::Gzip => 3,
            Compression::Brotli => 4,
        }
    }

    /// The mode's name as the engine's docs write it: `FastLZ`, `Deflate`, `Zstd`, `GZIP`,
    /// `Brotli`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::FastLz => "FastLZ",
            Compression::Deflate => "Deflate",
            Compression::Zstd => "Zstd",
            Compression::Gzip => "GZIP",
            Compression::Brotli => "Brotli",
        }
    }

    /// Can the engine (and this crate) write it? Everything but Brotli.
    pub fn can_write(self) -> bool {
        self != Compression::Brotli
    }

    /// The most bytes one compressed byte can decode to, rounded up: a block that claims
    /// more than `compressed × this + 64` bytes is a lie, refused before any memory is
    /// reserved for it. Deflate tops out at 1032:1; a Zstd RLE block gives 128 KiB from 4
    /// bytes; FastLZ level 2 adds 255 bytes of match per extra byte. Brotli has no useful
    /// bound: its blocks are decoded into memory that grows with what they give.
    #[cfg_attr(not(feature = "containers"), allow(dead_code))]
    pub(crate) fn expansion(self) -> Option<u64> {
        match self {
            Compression::FastLz => Some(264),
            Compression::Deflate | Compression::Gzip => Some(1032),
            Compression::Zstd => Some(32_768),
            Compression::Brotli => None,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Which of the engine's two GDEC (`FileAccessEncrypted`) layouts a file has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// Godot 3 (and Pandemonium): `GDEC`, a mode word (1), the plaintext's MD5, its length
    /// (u64), then AES-256-ECB blocks.
    Godot3,
    /// Godot 4: `GDEC`, the plaintext's MD5, its length (u64), a 16-byte IV, then
    /// AES-256-CFB (128-bit feedback).
    Godot4,
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Layout::Godot3 => "Godot 3 layout, AES-256-ECB",
            Layout::Godot4 => "Godot 4 layout, AES-256-CFB",
        })
    }
}

/// The secret of an encrypted file: what the game passed to `open_encrypted_with_pass`,
/// or the 32 bytes it passed to `open_encrypted`.
#[derive(Clone, PartialEq, Eq)]
pub enum Secret {
    /// A password. The engine's key is the password's MD5 *as 32 lowercase hex
    /// characters* (`String.md5_text()`), not the 16 binary bytes of the digest.
    Password(String),
    /// A raw 32-byte AES-256 key.
    Key([u8; 32]),
}

impl Secret {
    /// A key from 64 hex digits (upper or lower case; spaces and colons ignored), as
    /// `--key` and `GDVARIANT_KEY` take it. `None` unless it is exactly 32 bytes.
    pub fn from_hex(text: &str) -> Option<Secret> {
        let mut key = [0u8; 32];
        let mut digits = text
            .bytes()
            .filter(|b| !matches!(b, b' ' | b':' | b'\t'))
            .map(|b| char::from(b).to_digit(16));
        for byte in &mut key {
            let hi = digits.next()??;
            let lo = digits.next()??;
            // Two hex digits (each below 16): always a byte.
            *byte = u8::try_from(hi << 4 | lo).ok()?;
        }
        match digits.next() {
            None => Some(Secret::Key(key)),
            Some(_) => None,
        }
    }
}

impl fmt::Debug for Secret {
    /// Never prints the secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Secret::Password(_) => "Secret::Password(..)",
            Secret::Key(_) => "Secret::Key(..)",
        })
    }
}

/// What a file was wrapped in, as [`crate::container::open`] found it: enough to wrap an
/// edited value the same way ([`Container::wrap`](crate::container::Container::wrap)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Container {
    /// No container: the bytes are the values themselves.
    Plain,
    /// A GCPF file (`FileAccess.open_compressed`).
    Compressed {
        /// The compression mode of its blocks.
        mode: Compression,
        /// Bytes of plain data per block (the engine writes 4096).
        block_size: u32,
    },
    /// A GDEC file (`FileAccess.open_encrypted` / `open_encrypted_with_pass`).
    Encrypted {
        /// Godot 3's or Godot 4's layout.
        layout: Layout,
    },
    /// A `PackedByteArray.compress()` stream with no container around it.
    Stream {
        /// Its mode: detected from the stream's own header (Zstd, GZIP, Deflate), or named
        /// by the caller (FastLZ and Brotli have none).
        mode: Compression,
    },
}

impl Container {
    /// Is it [`Container::Plain`]?
    pub fn is_plain(&self) -> bool {
        *self == Container::Plain
    }

    /// Does reading or writing it need a [`Secret`]?
    pub fn is_encrypted(&self) -> bool {
        matches!(self, Container::Encrypted { .. })
    }
}

impl fmt::Display for Container {
    /// `a plain file`, `a Zstd-compressed file (GCPF, 4096-byte blocks)`, `an encrypted
    /// file (GDEC, Godot 4 layout, AES-256-CFB)`, `a Zstd stream (PackedByteArray.compress,
    /// no container)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Container::Plain => f.write_str("a plain file"),
            Container::Compressed { mode, block_size } => {
                write!(
                    f,
                    "a {mode}-compressed file (GCPF, {block_size}-byte blocks)"
                )
            }
            Container::Encrypted { layout } => write!(f, "an encrypted file (GDEC, {layout})"),
            Container::Stream { mode } => {
                write!(
                    f,
                    "a {mode} stream (PackedByteArray.compress, no container)"
                )
            }
        }
    }
}
