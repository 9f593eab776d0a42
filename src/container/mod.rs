//! Godot's compressed and encrypted files, and `PackedByteArray.compress()` streams: the
//! saves people actually have.
//!
//! Many games write their saves through `FileAccess.open_compressed` (a GCPF file, blocks
//! of FastLZ, Deflate, Zstd or GZIP; Godot 4 also reads Brotli) or
//! `FileAccess.open_encrypted_with_pass` / `open_encrypted` (a GDEC file: AES-256-ECB in
//! Godot 3, AES-256-CFB with an IV in Godot 4, the key from a password or 32 raw bytes),
//! or put `var_to_bytes(v).compress(mode)` in a share code. Inside there are the same
//! `store_var` frames or `var_to_bytes` value as in a plain file.
//!
//! * [`open`]: the one way in. Takes a file's bytes, detects the container, its mode and
//!   layout, and returns the plain bytes, borrowed when there is no container. Everything
//!   that reads files goes through it: [`crate::VariantBuf::from_file`], the command line,
//!   the Python package. Every claimed size is checked against the input and
//!   [`crate::Limits::max_unpacked`] before any memory follows it.
//! * [`compress`], [`encrypt`], [`compress_stream`] and [`Container::wrap`]: write them
//!   back the way the engine does, so that the engine opens them.
//! * [`sniff`]: what the first bytes say, without decoding.
//!
//! Decoding and writing need the `containers` feature (it brings the compression and
//! cryptography crates); without it [`open`] still recognises a container and says so
//! ([`ContainerErrorKind::Unsupported`]).
//!
//! ```
//! # #[cfg(feature = "containers")] {
//! use gdvariant::container::{compress, open, Compression, Container, OpenOptions};
//! use gdvariant::frame::{detect, Hints};
//!
//! // store_var(42) written through FileAccess.open_compressed(path, WRITE, COMPRESSION_ZSTD)
//! let plain = [12, 0, 0, 0, 2, 0, 1, 0, 42, 0, 0, 0, 0, 0, 0, 0];
//! let file = compress(&plain, Compression::Zstd, 4096)?;
//!
//! let opened = open(&file, &OpenOptions::default())?;
//! assert_eq!(opened.container(), Container::Compressed { mode: Compression::Zstd, block_size: 4096 });
//! let found = detect(opened.bytes(), Hints::default()).unwrap();
//! assert_eq!(found.value.as_int(), Some(42));
//! # }
//! # Ok::<(), gdvariant::container::ContainerError>(())
//! ```

#[cfg(feature = "containers")]
mod codec;
mod error;
#[cfg(feature = "containers")]
mod fastlz;
mod file;
#[cfg(feature = "containers")]
mod gcpf;
#[cfg(feature = "containers")]
mod gdec;
mod mode;
mod open;
#[cfg(feature = "containers")]
mod pack;

pub use error::{ContainerError, ContainerErrorKind};
pub use file::LoadError;
pub use mode::{Compression, Container, Layout, Secret};
pub use open::{open, sniff, OpenOptions, Opened, StreamMode};
#[cfg(feature = "containers")]
pub use pack::{compress, compress_stream, encrypt, DEFAULT_BLOCK_SIZE};
