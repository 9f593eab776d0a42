//! Encrypted ConfigFiles: `load_encrypted_pass` / `load_encrypted` and
//! `save_encrypted_pass` / `save_encrypted`, through the GDEC container.

use alloc::string::String;
use alloc::vec::Vec;

use super::error::{ConfigError, ConfigErrorKind as K};
use super::options::ConfigOptions;
use super::ConfigFile;
use crate::container::{self, Container, ContainerError, Layout, OpenOptions, Secret, StreamMode};
use crate::format::text::TextStyle;

fn container_error(file: &[u8], e: &ContainerError) -> ConfigError {
    ConfigError::locate(file, e.offset(), K::Container(e.kind().clone()))
}

impl ConfigFile {
    /// Reads a ConfigFile from a file's bytes: plain text, or a GDEC file (what
    /// `save_encrypted_pass` / `save_encrypted` write, in either engine's layout) opened
    /// with `secret`, as `load_encrypted_pass` / `load_encrypted` do. The container is
    /// kept for [`ConfigFile::to_file`]. A GDEC file with no or the wrong secret, or one
    /// whose claimed length is over [`crate::Limits::max_unpacked`] of
    /// `options.read.limits`, is [`K::Container`] before any memory follows the claim; the
    /// text is then read as [`ConfigFile::from_bytes`] reads it. Cost: one AES pass and an
    /// MD5 over the file, then the parse.
    ///
    /// ```
    /// use gdvariant::config::{ConfigFile, ConfigOptions};
    /// use gdvariant::container::Secret;
    ///
    /// let config = ConfigFile::parse("[a]\nx=1\n", gdvariant::Dialect::Godot4)?;
    /// let file = config.save_encrypted_pass("hunter2")?;
    /// assert_eq!(&file[..4], b"GDEC");
    /// let secret = Secret::Password("hunter2".into());
    /// let opened = ConfigFile::open(&file, Some(&secret), &ConfigOptions::new())?;
    /// assert_eq!(opened.text(), "[a]\n\nx=1\n");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn open(
        file: &[u8],
        secret: Option<&Secret>,
        options: &ConfigOptions,
    ) -> Result<ConfigFile, ConfigError> {
        let open = OpenOptions::default()
            .secret(secret.cloned())
            .stream(StreamMode::Plain)
            .limits(options.read.limits);
        let opened = container::open(file, &open).map_err(|e| container_error(file, &e))?;
        let mut config = ConfigFile::from_bytes(opened.bytes(), options)?;
        config.container = opened.container();
        Ok(config)
    }

    /// The container the file came in ([`Container::Plain`] for text and for
    /// [`ConfigFile::parse`]). O(1).
    pub fn container(&self) -> Container {
        self.container
    }

    /// The file's text (with the edits) in the container it came in, as an edit writes
    /// it back: the same layout and `secret` for a GDEC file (a fresh random IV in Godot
    /// 4's layout, so the bytes differ from the engine's, which draws its own; both
    /// decrypt to the same text). Cost: O(text); memory: the output.
    ///
    /// ```
    /// use gdvariant::config::{ConfigFile, ConfigOptions};
    /// use gdvariant::container::Secret;
    ///
    /// let key = Secret::Key([7; 32]);
    /// let file = ConfigFile::parse("[a]\nx=1\n", gdvariant::Dialect::Godot4)?.save_encrypted(&[7; 32])?;
    /// let mut config = ConfigFile::open(&file, Some(&key), &ConfigOptions::new())?;
    /// config.set_text("a", "x", "2")?;
    /// let edited = config.to_file(Some(&key))?;
    /// let again = ConfigFile::open(&edited, Some(&key), &ConfigOptions::new())?;
    /// assert_eq!(again.text(), "[a]\n\nx=2\n");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn to_file(&self, secret: Option<&Secret>) -> Result<Vec<u8>, ConfigError> {
        self.container
            .wrap(self.text.as_bytes(), secret)
            .map_err(|e| container_error(b"", &e))
    }

    /// What `save_encrypted_pass(path, password)` writes: [`ConfigFile::to_engine_text`]
    /// encrypted with the password, in the GDEC layout of the file's engine (Godot 3's
    /// AES-256-ECB, Godot 4's AES-256-CFB with a random IV). The engine's own file of the
    /// same text differs only where its IV does (Godot 4); Godot 3's layout has no IV, so
    /// there the bytes are the engine's (the fixtures of 3.2.3 and 3.6.2 check it). Cost:
    /// O(text). Example: [`ConfigFile::open`].
    pub fn save_encrypted_pass(&self, password: &str) -> Result<Vec<u8>, ConfigError> {
        self.encrypt(&Secret::Password(String::from(password)))
    }

    /// What `save_encrypted(path, key)` writes: as [`ConfigFile::save_encrypted_pass`],
    /// with a raw 32-byte key. Example: [`ConfigFile::to_file`].
    pub fn save_encrypted(&self, key: &[u8; 32]) -> Result<Vec<u8>, ConfigError> {
        self.encrypt(&Secret::Key(*key))
    }

    fn encrypt(&self, secret: &Secret) -> Result<Vec<u8>, ConfigError> {
        let layout = if self.options.style == TextStyle::Godot4 {
            Layout::Godot4
        } else {
            Layout::Godot3
        };
        let text = self.to_engine_text();
        container::encrypt(text.as_bytes(), secret, layout, None)
            .map_err(|e| container_error(b"", &e))
    }
}
