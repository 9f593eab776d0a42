//! Writing containers: plain bytes into GCPF, GDEC or a `compress()` stream, the way the
//! engine writes them, so that the engine opens them.

use alloc::vec::Vec;

use super::codec;
use super::error::{ContainerError, ContainerErrorKind as K};
use super::gcpf;
use super::gdec;
use super::mode::{Compression, Container, Layout, Secret};

/// The block size the engine writes GCPF files with.
pub const DEFAULT_BLOCK_SIZE: u32 = 4096;

/// Writes `plain` as a GCPF file (what `FileAccess.open_compressed` writes): blocks of
/// `block_size` bytes ([`DEFAULT_BLOCK_SIZE`] is the engine's), each compressed alone with
/// the engine's default level. Brotli is [`K::CannotWrite`]; data of 4 GiB or more, or a
/// block size of 0, is [`K::CannotFit`]. Memory: about the output.
///
/// ```
/// use gdvariant::container::{compress, open, Compression, OpenOptions, DEFAULT_BLOCK_SIZE};
///
/// let plain = [8, 0, 0, 0, 2, 0, 0, 0, 42, 0, 0, 0]; // store_var(42)
/// let file = compress(&plain, Compression::Zstd, DEFAULT_BLOCK_SIZE)?;
/// assert_eq!(&file[..4], b"GCPF");
/// assert_eq!(open(&file, &OpenOptions::default())?.bytes(), &plain);
/// # Ok::<(), gdvariant::container::ContainerError>(())
/// ```
pub fn compress(
    plain: &[u8],
    mode: Compression,
    block_size: u32,
) -> Result<Vec<u8>, ContainerError> {
    gcpf::write(plain, mode, block_size)
}

/// Writes `plain` as a GDEC file (what `FileAccess.open_encrypted` and
/// `open_encrypted_with_pass` write) in `layout`. Godot 4's layout takes a caller's `iv`
/// (as Godot 4.4+ does) or, with `None`, a fresh random one; Godot 3's has none (passing
/// one is ignored). Memory: the output.
///
/// ```
/// use gdvariant::container::{encrypt, open, Layout, OpenOptions, Secret};
///
/// let plain = [8, 0, 0, 0, 2, 0, 0, 0, 42, 0, 0, 0];
/// let secret = Secret::Password("hunter2".into());
/// let file = encrypt(&plain, &secret, Layout::Godot4, None)?;
/// assert_eq!(open(&file, &OpenOptions::with_secret(secret))?.bytes(), &plain);
///
/// let wrong = OpenOptions::with_secret(Secret::Password("hunter3".into()));
/// assert_eq!(open(&file, &wrong).unwrap_err().code(), "wrong_key");
/// # Ok::<(), gdvariant::container::ContainerError>(())
/// ```
pub fn encrypt(
    plain: &[u8],
    secret: &Secret,
    layout: Layout,
    iv: Option<[u8; 16]>,
) -> Result<Vec<u8>, ContainerError> {
    gdec::write(plain, secret, layout, iv)
}

/// Writes `plain` as a bare stream, as `PackedByteArray.compress(mode)` returns it.
/// Brotli is [`K::CannotWrite`].
pub fn compress_stream(plain: &[u8], mode: Compression) -> Result<Vec<u8>, ContainerError> {
    let mut out = Vec::new();
    codec::encode(mode, plain, &mut out)
        .map_err(|_| ContainerError::new(K::CannotWrite(mode), 0))?;
    Ok(out)
}

impl Container {
    /// Wraps `plain` in this container again, as an edit writes a file back: the same
    /// mode and block size, the same layout and key (`secret`), and for Godot 4's layout
    /// a fresh random IV. [`Container::Plain`] copies the bytes. An encrypted container
    /// without `secret` is [`K::NeedsKey`]: nothing is ever silently decrypted.
    pub fn wrap(&self, plain: &[u8], secret: Option<&Secret>) -> Result<Vec<u8>, ContainerError> {
        match *self {
            Container::Plain => Ok(plain.to_vec()),
            Container::Compressed { mode, block_size } => compress(plain, mode, block_size),
            Container::Encrypted { layout } => {
                let secret = secret.ok_or(ContainerError::new(K::NeedsKey, 0))?;
                encrypt(plain, secret, layout, None)
            }
            Container::Stream { mode } => compress_stream(plain, mode),
        }
    }
}
