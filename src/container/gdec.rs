//! GDEC, the engine's `FileAccessEncrypted`, in both layouts (see [`Layout`]). The key is
//! 32 bytes; a password's key is its MD5 written as 32 lowercase hex characters. The
//! plaintext is zero-padded to whole 16-byte blocks; its MD5 and true length are stored in
//! the header, and the MD5 is checked on reading, which is how a wrong key is told apart
//! from a right one.

use alloc::vec::Vec;

use aes::cipher::generic_array::GenericArray;
use aes::cipher::{BlockDecrypt, BlockEncrypt, KeyInit};
use aes::Aes256;
use md5::{Digest, Md5};

use super::error::{ContainerError, ContainerErrorKind as K};
use super::mode::{Layout, Secret};

/// The magic at the start.
pub(crate) const MAGIC: &[u8; 4] = super::mode::GDEC_MAGIC;
/// Godot 3's only mode word (`MODE_READ` is 1... the engine writes `MODE_WRITE_AES256`).
const G3_MODE: u32 = 1;
/// Header bytes before the ciphertext.
const G3_HEADER: usize = 4 + 4 + 16 + 8;
const G4_HEADER: usize = 4 + 16 + 8 + 16;
/// AES blocks decrypted per batch (lets the cipher pipeline them).
const BATCH: usize = 64;

type Block = GenericArray<u8, aes::cipher::consts::U16>;

/// The AES-256 key of a secret: the raw key, or the password's MD5 as lowercase hex text.
pub(crate) fn key_of(secret: &Secret) -> [u8; 32] {
    match secret {
        Secret::Key(key) => *key,
        Secret::Password(password) => {
            let digest = Md5::digest(password.as_bytes());
            let mut key = [0u8; 32];
            let hex = |nibble: u8| match nibble {
                0..=9 => b'0' + nibble,
                _ => b'a' + nibble - 10,
            };
            for (pair, byte) in key.chunks_exact_mut(2).zip(digest.iter()) {
                pair.copy_from_slice(&[hex(byte >> 4), hex(byte & 15)]);
            }
            key
        }
    }
}

/// `len` rounded up to whole AES blocks (`None` past `u64::MAX`).
fn padded(len: u64) -> Option<u64> {
    len.div_ceil(16).checked_mul(16)
}

fn u64_at(data: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(data.get(at..at + 8)?.try_into().ok()?))
}

/// The layout whose claimed length matches the ciphertext that follows, with its header
/// size and plaintext length; or the error that says why neither does.
fn layout(data: &[u8]) -> Result<(Layout, usize, u64), ContainerError> {
    let fits = |header: usize, len_at: usize| {
        let len = u64_at(data, len_at)?;
        let body = (data.len() as u64).checked_sub(header as u64)?;
        (padded(len)? == body).then_some(len)
    };
    let mode = data
        .get(4..8)
        .and_then(|w| w.try_into().ok())
        .map(u32::from_le_bytes);
    if mode == Some(G3_MODE) {
        if let Some(len) = fits(G3_HEADER, 24) {
            return Ok((Layout::Godot3, G3_HEADER, len));
        }
    }
    if let Some(len) = fits(G4_HEADER, 20) {
        return Ok((Layout::Godot4, G4_HEADER, len));
    }
    // Neither fits: say what the likelier layout claims.
    let (header, len_at) = if mode == Some(G3_MODE) {
        (G3_HEADER, 24)
    } else {
        (G4_HEADER, 20)
    };
    match u64_at(data, len_at) {
        Some(claimed) if data.len() >= header => Err(ContainerError::new(
            K::CiphertextLength {
                claimed,
                available: (data.len() - header) as u64,
            },
            len_at,
        )),
        _ => Err(ContainerError::new(K::UnexpectedEnd, data.len())),
    }
}

/// Reads a GDEC file: the layout from the header, the lengths checked against the file
/// and `limit`, then decrypted and the MD5 checked. Memory: the ciphertext's size.
pub(crate) fn read(
    data: &[u8],
    secret: &Secret,
    limit: u64,
) -> Result<(Vec<u8>, Layout), ContainerError> {
    let (layout, header, len) = layout(data)?;
    if len > limit {
        return Err(ContainerError::new(
            K::TooLarge { size: len, limit },
            header - 8,
        ));
    }
    let key = key_of(secret);
    let cipher = Aes256::new(GenericArray::from_slice(&key));
    let mut plain = data.get(header..).unwrap_or_default().to_vec();
    let (md5_at, mut mode) = match layout {
        Layout::Godot3 => (8, Mode::Ecb),
        Layout::Godot4 => {
            let mut iv = [0u8; 16];
            iv.copy_from_slice(data.get(header - 16..header).unwrap_or(&[0; 16]));
            (4, Mode::Cfb(Block::clone_from_slice(&iv)))
        }
    };
    // `layout` checked `len` against the ciphertext in the file: it fits.
    let len = usize::try_from(len).unwrap_or(usize::MAX);
    let digest = decrypt_and_hash(&cipher, &mut mode, &mut plain, len);
    plain.truncate(len);
    let stored = data.get(md5_at..md5_at + 16).unwrap_or_default();
    if digest.as_slice() != stored {
        return Err(ContainerError::new(K::WrongKey, md5_at));
    }
    Ok((plain, layout))
}

/// How the blocks are chained.
enum Mode {
    /// Godot 3: each block alone.
    Ecb,
    /// Godot 4: CFB-128; the previous ciphertext block (the IV first).
    Cfb(Block),
}

/// Below this much ciphertext, decryption and hashing run one after the other.
const PIPELINE_FROM: usize = 1 << 20;
/// Bytes decrypted before they are handed to the hashing thread.
const PIPELINE_CHUNK: usize = 256 << 10;

/// Decrypts `data` in place and returns the MD5 of its first `len` bytes. For large
/// files the hashing runs on a second thread, one chunk behind the decryption, so the
/// whole costs about the slower of the two rather than their sum.
fn decrypt_and_hash(
    cipher: &Aes256,
    mode: &mut Mode,
    data: &mut [u8],
    len: usize,
) -> md5::digest::Output<Md5> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if data.len() < PIPELINE_FROM || threads < 2 {
        decrypt(cipher, mode, data);
        return Md5::digest(data.get(..len).unwrap_or(data));
    }
    std::thread::scope(|scope| {
        let (send, receive) = std::sync::mpsc::sync_channel::<&[u8]>(4);
        let hasher = scope.spawn(move || {
            let mut md5 = Md5::new();
            let mut left = len;
            for chunk in receive {
                let take = chunk.len().min(left);
                md5.update(chunk.get(..take).unwrap_or_default());
                left -= take;
            }
            md5.finalize()
        });
        for chunk in data.chunks_mut(PIPELINE_CHUNK) {
            decrypt(cipher, mode, chunk);
            if send.send(chunk).is_err() {
                break;
            }
        }
        drop(send);
        // The hashing thread cannot panic (no indexing, no unwrap); if it did, hash here.
        hasher.join().unwrap_or_else(|_| Md5::new().finalize())
    })
}

/// Decrypts whole blocks of `data` in place, continuing the chain in `mode`. The block
/// encryptions are independent (ECB's by design, CFB's because they only take ciphertext),
/// so they run in batches that the cipher pipelines.
fn decrypt(cipher: &Aes256, mode: &mut Mode, data: &mut [u8]) {
    let mut batch = [Block::default(); BATCH];
    for chunk in data.chunks_mut(16 * BATCH) {
        let blocks = chunk.len() / 16;
        let Some(batch) = batch.get_mut(..blocks) else {
            return;
        };
        match mode {
            Mode::Ecb => {
                for (slot, block) in batch.iter_mut().zip(chunk.chunks_exact(16)) {
                    slot.copy_from_slice(block);
                }
                cipher.decrypt_blocks(batch);
                for (block, plain) in chunk.chunks_exact_mut(16).zip(batch.iter()) {
                    block.copy_from_slice(plain);
                }
            }
            Mode::Cfb(previous) => {
                if let Some(first) = batch.first_mut() {
                    *first = *previous;
                }
                for (slot, block) in batch.iter_mut().skip(1).zip(chunk.chunks_exact(16)) {
                    slot.copy_from_slice(block);
                }
                if let Some(last) = chunk.chunks_exact(16).last() {
                    previous.copy_from_slice(last);
                }
                cipher.encrypt_blocks(batch);
                for (block, key) in chunk.chunks_exact_mut(16).zip(batch.iter()) {
                    for (b, k) in block.iter_mut().zip(key.iter()) {
                        *b ^= k;
                    }
                }
            }
        }
    }
}

/// Writes `plain` as a GDEC file in `layout` with `secret`; Godot 4's layout takes `iv`
/// (a fresh random one when `None`).
pub(crate) fn write(
    plain: &[u8],
    secret: &Secret,
    layout: Layout,
    iv: Option<[u8; 16]>,
) -> Result<Vec<u8>, ContainerError> {
    let key = key_of(secret);
    let cipher = Aes256::new(GenericArray::from_slice(&key));
    let digest = Md5::digest(plain);
    let mut body = plain.to_vec();
    body.resize(plain.len().div_ceil(16) * 16, 0);
    let mut out = Vec::with_capacity(G4_HEADER + body.len());
    out.extend_from_slice(MAGIC);
    match layout {
        Layout::Godot3 => {
            out.extend_from_slice(&G3_MODE.to_le_bytes());
            out.extend_from_slice(&digest);
            out.extend_from_slice(&(plain.len() as u64).to_le_bytes());
            for block in body.chunks_exact_mut(16) {
                cipher.encrypt_block(Block::from_mut_slice(block));
            }
        }
        Layout::Godot4 => {
            let iv = match iv {
                Some(iv) => iv,
                None => {
                    let mut iv = [0u8; 16];
                    getrandom::fill(&mut iv).map_err(|_| ContainerError::new(K::NoRandom, 0))?;
                    iv
                }
            };
            out.extend_from_slice(&digest);
            out.extend_from_slice(&(plain.len() as u64).to_le_bytes());
            out.extend_from_slice(&iv);
            let mut previous = Block::clone_from_slice(&iv);
            for block in body.chunks_exact_mut(16) {
                cipher.encrypt_block(&mut previous);
                for (b, k) in block.iter_mut().zip(previous.iter()) {
                    *b ^= k;
                }
                previous.copy_from_slice(block);
            }
        }
    }
    out.extend_from_slice(&body);
    Ok(out)
}
