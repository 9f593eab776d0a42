//! Files into [`VariantBuf`]s through [`open`]: a save is read the same way whether the
//! game wrote it plain, compressed or encrypted.

use alloc::vec::Vec;
use std::borrow::Cow;

use super::error::ContainerError;
use super::open::{open, OpenOptions};
use crate::frame::AutoError;
use crate::read::buf::VariantBuf;
use crate::wire::dialect::Dialect;
use crate::wire::error::Error;

/// Why [`VariantBuf::from_file`] or [`VariantBuf::read_from`] failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// Reading failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
    /// The container (compressed or encrypted file) could not be opened.
    #[error("{0}")]
    Container(#[from] ContainerError),
    /// The bytes are not a valid value; the offset counts from the start of the plain
    /// bytes (inside the container, if there is one).
    #[error("invalid value: {0}")]
    Invalid(#[from] Error),
    /// [`VariantBuf::load`]: the bytes are not one value that only one reading fits
    /// (invalid in every reading, several `store_var` frames, or ambiguous).
    #[error("{0}")]
    Detect(#[from] AutoError),
}

impl VariantBuf<Vec<u8>> {
    /// Reads the save at `path`, whatever wrote it: opens a compressed file or stream
    /// ([`open`]; needs the `containers` feature for the codecs), then detects the
    /// dialect and whether the value sits in a `store_var` frame, as
    /// [`VariantBuf::detect`] does. The loader to reach for first; name the dialect with
    /// [`VariantBuf::from_file`] when you know it, and read a file of several
    /// `store_var` values with [`crate::frame::detect`] (here it is
    /// [`LoadError::Detect`] with [`AutoError::Frames`]).
    ///
    /// Memory: the file's size, plus the plain size for a container. Cost: that of
    /// [`VariantBuf::detect`] after the read.
    ///
    /// ```no_run
    /// use gdvariant::VariantBuf;
    ///
    /// let save = VariantBuf::load("savegame.dat")?;
    /// println!("{} ({})", save.view(), save.dialect());
    /// # Ok::<(), gdvariant::LoadError>(())
    /// ```
    pub fn load(path: impl AsRef<std::path::Path>) -> Result<Self, LoadError> {
        Self::load_with(path, &OpenOptions::default())
    }

    /// [`VariantBuf::load`] with a password or key (an encrypted save), a named stream
    /// mode and limits.
    pub fn load_with(
        path: impl AsRef<std::path::Path>,
        options: &OpenOptions,
    ) -> Result<Self, LoadError> {
        let bytes = std::fs::read(path)?;
        let plain = match open(&bytes, options)?.into_bytes() {
            Cow::Borrowed(_) => bytes,
            Cow::Owned(plain) => plain,
        };
        Ok(VariantBuf::detect(plain)?)
    }

    /// Reads the whole file at `path` and validates it as one value in `dialect`, as
    /// written by `var_to_bytes` / `var2bytes` (no length prefix: a `store_var` file is
    /// refused with [`ErrorKind::TrailingBytes`](crate::ErrorKind::TrailingBytes) or
    /// another error, never misread; [`VariantBuf::load`] reads one, and
    /// [`crate::frame`] several). A compressed file (GCPF) or a `compress()` stream is opened
    /// first ([`open`]; needs the `containers` feature); an encrypted one needs
    /// [`VariantBuf::from_file_with`] and its key. Memory: the file's size, plus the
    /// plain size for a container. The file is read, not mapped (mapping needs `unsafe`,
    /// which this crate keeps to the one module SAFETY.md audits): to avoid reading a huge
    /// file into memory, map it yourself and give the map to [`VariantBuf::new`].
    pub fn from_file(
        path: impl AsRef<std::path::Path>,
        dialect: Dialect,
    ) -> Result<Self, LoadError> {
        Self::from_file_with(path, dialect, &OpenOptions::default())
    }

    /// [`VariantBuf::from_file`] with a password or key, a named stream mode and limits.
    ///
    /// ```no_run
    /// use gdvariant::container::{OpenOptions, Secret};
    /// use gdvariant::{Dialect, VariantBuf};
    ///
    /// let options = OpenOptions::with_secret(Secret::Password("hunter2".into()));
    /// let save = VariantBuf::from_file_with("user://save.dat", Dialect::Godot4, &options)?;
    /// # Ok::<(), gdvariant::LoadError>(())
    /// ```
    pub fn from_file_with(
        path: impl AsRef<std::path::Path>,
        dialect: Dialect,
        options: &OpenOptions,
    ) -> Result<Self, LoadError> {
        Self::from_bytes_with(std::fs::read(path)?, dialect, options)
    }

    /// Reads `reader` to its end and validates what it gave as one value, opening a
    /// container as [`VariantBuf::from_file`] does. The buffer grows with the bytes
    /// actually read (nothing is reserved from what the data claims).
    pub fn read_from(mut reader: impl std::io::Read, dialect: Dialect) -> Result<Self, LoadError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes)?;
        Self::from_bytes_with(bytes, dialect, &OpenOptions::default())
    }

    fn from_bytes_with(
        bytes: Vec<u8>,
        dialect: Dialect,
        options: &OpenOptions,
    ) -> Result<Self, LoadError> {
        let decoded = match open(&bytes, options)?.into_bytes() {
            Cow::Borrowed(_) => None,
            Cow::Owned(plain) => Some(plain),
        };
        Ok(VariantBuf::new(decoded.unwrap_or(bytes), dialect)?)
    }
}
