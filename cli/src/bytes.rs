//! The input's bytes: a file memory-mapped, or standard input read whole, and opened out
//! of its container (GCPF, GDEC, a `compress()` stream) when it has one. The one `unsafe`
//! block of the command line, the memory map, is here (SAFETY.md).

use std::path::Path;

use gdvariant::container::{Container, Secret};
use gdvariant::Dialect;

use crate::container::{plain_word, ReadArgs};
use crate::context::Failure;
use crate::replace::Stamp;
use crate::style::counted;

/// The input's plain bytes (what it holds, out of its container if it had one), what
/// wrapped them, and the secret that opened them.
pub struct Bytes {
    store: Store,
    container: Container,
    file_len: usize,
    secret: Option<Secret>,
    stamp: Option<Stamp>,
}

impl Bytes {
    /// Opens `file`: a file is memory-mapped (nothing is read up front, and only the pages
    /// a command touches are loaded); stdin (`-`) is read whole. A compressed or encrypted
    /// file (GCPF, GDEC) or a `compress()` stream is opened as `container` says: its plain
    /// bytes are decoded into memory, and they are what the command reads.
    pub fn open(file: &Path, container: &ReadArgs) -> Result<Bytes, Failure> {
        let (raw, stamp) = open_stamped(file).map_err(Failure::Input)?;
        let file_len = raw.len();
        Ok(match container.open(file, &raw)? {
            None => Bytes {
                store: raw,
                container: Container::Plain,
                file_len,
                secret: None,
                stamp,
            },
            Some(unwrapped) => Bytes {
                store: Store::Owned(unwrapped.plain),
                container: unwrapped.container,
                file_len,
                secret: unwrapped.secret,
                stamp,
            },
        })
    }

    /// The input file as it was read (`None` for stdin): an edit written over it checks
    /// that nobody changed it since.
    pub fn stamp(&self) -> Option<&Stamp> {
        self.stamp.as_ref()
    }

    /// What wrapped the bytes: `Container::Plain` when nothing did.
    pub fn container(&self) -> Container {
        self.container
    }

    /// The size of the file itself (of its container, if it had one).
    pub fn file_len(&self) -> usize {
        self.file_len
    }

    /// `plain` (the edited bytes) in the container these bytes came in, with the same
    /// key; for `target`, a dialect converted to, an encrypted file takes the layout of
    /// that dialect's engine. A plain file gives `plain` back.
    pub fn wrap(&self, plain: &[u8], target: Option<Dialect>) -> Result<Vec<u8>, Failure> {
        crate::container::rewrap(self.container, self.secret.as_ref(), plain, target)
    }

    /// `decompressed` or `decrypted` for a container; `None` for a plain file.
    pub fn inside(&self) -> Option<&'static str> {
        (!self.container.is_plain()).then(|| plain_word(self.container))
    }

    /// What the container was, for stderr: `opened a Zstd-compressed file (GCPF,
    /// 4096-byte blocks): 360 bytes decompressed; offsets are in the decompressed data`.
    pub fn note(&self) -> Option<String> {
        let word = self.inside()?;
        let size = counted(self.len() as u64, "byte", "bytes");
        Some(if self.is_empty() {
            format!("opened {}: 0 bytes {word}, no values", self.container)
        } else {
            format!(
                "opened {}: {size} {word}; offsets are in the {word} data",
                self.container
            )
        })
    }
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.store
    }
}

/// Bytes in memory: a memory map of a file, or what was read (stdin, a container's plain
/// data).
pub enum Store {
    /// A mapped file.
    Mapped(memmap2::Mmap),
    /// Read into memory (stdin, an empty file, which cannot be mapped, or decoded).
    Owned(Vec<u8>),
}

impl std::ops::Deref for Store {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Store::Mapped(map) => map,
            Store::Owned(data) => data,
        }
    }
}

/// Opens `path` (memory-mapped), or reads stdin for `-`.
pub fn open_file(path: &Path) -> Result<Store, String> {
    open_stamped(path).map(|(store, _)| store)
}

/// [`open_file`], with the file's [`Stamp`] as it was opened (`None` for stdin).
fn open_stamped(path: &Path) -> Result<(Store, Option<Stamp>), String> {
    if path.as_os_str() == "-" {
        let mut data = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut data)
            .map_err(|e| format!("stdin: {e}"))?;
        return Ok((Store::Owned(data), None));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let meta = file
        .metadata()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if meta.is_dir() {
        return Err(format!("{}: is a directory", path.display()));
    }
    let stamp = Some(Stamp::read(path, &meta));
    if meta.len() == 0 {
        return Ok((Store::Owned(Vec::new()), stamp));
    }
    map(&file)
        .map(|map| (Store::Mapped(map), stamp))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Maps `file` read-only.
#[allow(unsafe_code)]
fn map(file: &std::fs::File) -> std::io::Result<memmap2::Mmap> {
    // SAFETY: `Mmap::map` is unsafe because another process could truncate or modify the
    // file while it is mapped, which Rust's aliasing rules cannot account for. We rely on
    // the mapping being only ever read through `&[u8]` (never written), and on the user not
    // rewriting the input file while the command reads it; a truncation ends the process
    // with SIGBUS rather than corrupting memory. This is the only unsafe block of the crate
    // and the binary (see SAFETY.md).
    unsafe { memmap2::Mmap::map(file) }
}
