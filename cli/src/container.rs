//! Compressed and encrypted files on the command line (`gdvariant::container`).
//!
//! Reading: the options every reading command shares (`--password`, `--key`,
//! `--decompress`, and the variables `GDVARIANT_PASSWORD` / `GDVARIANT_KEY`), [`ReadArgs::open`]
//! (the one call that opens a container, from `input`), and what a failure means: a missing
//! key is a usage error (exit code 2), a wrong one malformed input (4).
//!
//! Writing: [`rewrap`], edited plain bytes back in the container they came in, and
//! [`WriteArgs`], the options that choose a container for a new file (`pack`, `from-text`,
//! `from-json`).

use std::borrow::Cow;
use std::path::Path;

use gdvariant::container::{
    self, Compression, Container, ContainerError, ContainerErrorKind, Layout, OpenOptions, Secret,
    StreamMode, DEFAULT_BLOCK_SIZE,
};
use gdvariant::Dialect;

use crate::context::Failure;

/// The variable a password can be given in instead of `--password`.
pub const PASSWORD_VAR: &str = "GDVARIANT_PASSWORD";
/// The variable a key can be given in instead of `--key`.
pub const KEY_VAR: &str = "GDVARIANT_KEY";

/// The `--help` heading of these options.
const HEADING: &str = "Compressed and encrypted files";

/// How to open a compressed or encrypted input (the options every reading command shares).
#[derive(clap::Args, Debug, Clone, Default)]
pub struct ReadArgs {
    /// The password of an encrypted file (GDEC, written by `open_encrypted_with_pass`). The
    /// variable GDVARIANT_PASSWORD does the same out of sight of `ps`; the option wins.
    #[arg(long, value_name = "PW", conflicts_with = "key", help_heading = HEADING)]
    pub password: Option<String>,
    /// The key of an encrypted file (written by `open_encrypted`): 32 bytes as 64 hex
    /// digits. Or the variable GDVARIANT_KEY; the option wins.
    #[arg(long, value_name = "HEX", value_parser = parse_key, help_heading = HEADING)]
    pub key: Option<Secret>,
    /// The input is a bare `PackedByteArray.compress()` stream of this mode. Zstd, GZIP and
    /// Deflate streams are detected by their headers; FastLZ and Brotli have none and must
    /// be named. `none`: the input is not a stream (GCPF and GDEC files are still opened).
    #[arg(long, value_enum, value_name = "MODE", help_heading = HEADING)]
    pub decompress: Option<DecompressArg>,
}

/// `--decompress MODE`.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecompressArg {
    /// COMPRESSION_FASTLZ (no header).
    Fastlz,
    /// COMPRESSION_DEFLATE (a zlib stream).
    Deflate,
    /// COMPRESSION_ZSTD.
    Zstd,
    /// COMPRESSION_GZIP.
    Gzip,
    /// COMPRESSION_BROTLI (no header; read only).
    Brotli,
    /// Not a stream: plain values (or a GCPF or GDEC file).
    None,
}

/// A mode that can be written (`--compress`, `--stream`): Brotli cannot.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompressArg {
    /// COMPRESSION_FASTLZ, the fastest (the default of `compress()`).
    Fastlz,
    /// COMPRESSION_DEFLATE.
    Deflate,
    /// COMPRESSION_ZSTD.
    Zstd,
    /// COMPRESSION_GZIP.
    Gzip,
}

impl CompressArg {
    /// The library's mode.
    pub fn mode(self) -> Compression {
        match self {
            CompressArg::Fastlz => Compression::FastLz,
            CompressArg::Deflate => Compression::Deflate,
            CompressArg::Zstd => Compression::Zstd,
            CompressArg::Gzip => Compression::Gzip,
        }
    }
}

/// Where the secret came from, for the message of a wrong one.
#[derive(Clone, Copy, Debug)]
enum Source {
    PasswordOption,
    KeyOption,
    PasswordVar,
    KeyVar,
}

impl Source {
    fn describe(self) -> String {
        match self {
            Source::PasswordOption => "the password of --password".into(),
            Source::KeyOption => "the key of --key".into(),
            Source::PasswordVar => format!("the password in {PASSWORD_VAR}"),
            Source::KeyVar => format!("the key in {KEY_VAR}"),
        }
    }
}

/// A container's plain bytes, what wrapped them, and the secret that opened them (kept to
/// write an edit back: nothing is ever silently decrypted).
pub struct Unwrapped {
    /// The plain `store_var` / `var_to_bytes` bytes.
    pub plain: Vec<u8>,
    /// What wrapped them.
    pub container: Container,
    /// The password or key of an encrypted file.
    pub secret: Option<Secret>,
}

impl ReadArgs {
    /// Opens `raw`, the bytes of `name`, through `container::open`: `None` when they are
    /// plain (then they are the values; nothing was copied), else the plain bytes inside.
    /// The key is looked for (options, then the environment) only for an encrypted file.
    pub fn open(&self, name: &Path, raw: &[u8]) -> Result<Option<Unwrapped>, Failure> {
        let sniffed = container::sniff(raw);
        let mut options = OpenOptions::new().stream(match self.decompress {
            None => StreamMode::Detect,
            Some(DecompressArg::None) => StreamMode::Plain,
            Some(DecompressArg::Fastlz) => StreamMode::Named(Compression::FastLz),
            Some(DecompressArg::Deflate) => StreamMode::Named(Compression::Deflate),
            Some(DecompressArg::Zstd) => StreamMode::Named(Compression::Zstd),
            Some(DecompressArg::Gzip) => StreamMode::Named(Compression::Gzip),
            Some(DecompressArg::Brotli) => StreamMode::Named(Compression::Brotli),
        });
        let mut source = None;
        if let Some(encrypted @ Container::Encrypted { .. }) = sniffed {
            let (secret, from) = self
                .secret()?
                .ok_or_else(|| Failure::Usage(needs_key(name, encrypted)))?;
            options.secret = Some(secret);
            source = Some(from);
        }
        // What to call the file in an error: its magic says, or the mode named.
        let what = match (sniffed, options.stream) {
            (Some(Container::Compressed { .. }), _) => Some("a compressed file (GCPF)".into()),
            (Some(c @ Container::Encrypted { .. }), _) => Some(c.to_string()),
            (_, StreamMode::Named(mode)) => Some(Container::Stream { mode }.to_string()),
            (Some(c), StreamMode::Detect) => Some(c.to_string()),
            _ => None,
        };
        let opened = container::open(raw, &options)
            .map_err(|e| open_failure(name, what.as_deref(), &e, source))?;
        let wrapped = opened.container();
        Ok(match opened.into_bytes() {
            Cow::Borrowed(_) => None,
            Cow::Owned(plain) => Some(Unwrapped {
                plain,
                container: wrapped,
                secret: options.secret,
            }),
        })
    }

    /// The password or key: `--password` or `--key`, else GDVARIANT_PASSWORD or
    /// GDVARIANT_KEY (an empty variable counts as unset).
    fn secret(&self) -> Result<Option<(Secret, Source)>, Failure> {
        if let Some(password) = &self.password {
            return Ok(Some((
                Secret::Password(password.clone()),
                Source::PasswordOption,
            )));
        }
        if let Some(key) = &self.key {
            return Ok(Some((key.clone(), Source::KeyOption)));
        }
        match (variable(PASSWORD_VAR)?, variable(KEY_VAR)?) {
            (Some(_), Some(_)) => Err(Failure::Usage(format!(
                "both {PASSWORD_VAR} and {KEY_VAR} are set: unset one, or pass --password or --key"
            ))),
            (Some(password), None) => Ok(Some((Secret::Password(password), Source::PasswordVar))),
            (None, Some(key)) => match Secret::from_hex(&key) {
                Some(secret) => Ok(Some((secret, Source::KeyVar))),
                None => Err(Failure::Usage(format!(
                    "{KEY_VAR} is not a key: it takes 64 hex digits (32 bytes)"
                ))),
            },
            (None, None) => Ok(None),
        }
    }
}

/// The value of the environment variable `name`; unset or empty: `None`.
fn variable(name: &str) -> Result<Option<String>, Failure> {
    match std::env::var(name) {
        Ok(value) if value.is_empty() => Ok(None),
        Ok(value) => Ok(Some(value)),
        Err(std::env::VarError::NotPresent) => Ok(None),
        Err(std::env::VarError::NotUnicode(_)) => {
            Err(Failure::Usage(format!("{name} is not valid UTF-8")))
        }
    }
}

/// The message of an encrypted input without a key: which options (or variables) give one.
fn needs_key(name: &Path, encrypted: Container) -> String {
    format!(
        "{} is {encrypted}: give its password with --password PW (or {PASSWORD_VAR}) or its \
         key with --key HEX (or {KEY_VAR})",
        name.display()
    )
}

/// Why `name` could not be opened: malformed input (exit code 4), except what the command
/// line must settle: a missing key, or a stream that also reads as plain values (2).
fn open_failure(
    name: &Path,
    what: Option<&str>,
    e: &ContainerError,
    source: Option<Source>,
) -> Failure {
    let file = name.display();
    let what = what.unwrap_or("the file");
    match e.kind() {
        ContainerErrorKind::NeedsKey => Failure::Usage(format!(
            "{file} is encrypted (GDEC): give its password with --password PW (or \
             {PASSWORD_VAR}) or its key with --key HEX (or {KEY_VAR})"
        )),
        ContainerErrorKind::WrongKey => {
            let with = source.map_or(String::new(), |s| format!(" with {}", s.describe()));
            Failure::Input(format!("{file}: cannot open {what}{with}: {e}"))
        }
        ContainerErrorKind::Ambiguous(mode) => Failure::Usage(format!(
            "{file}: the bytes read both as a {mode} stream and as plain values: say which \
             with --decompress {} or --decompress none",
            mode.name().to_ascii_lowercase()
        )),
        _ => Failure::Input(format!("{file}: cannot open {what}: {e}")),
    }
}

/// `--key HEX`: 64 hex digits.
pub fn parse_key(text: &str) -> Result<Secret, String> {
    Secret::from_hex(text).ok_or_else(|| "a key is 64 hex digits (32 bytes)".to_string())
}

/// `--iv HEX`: 32 hex digits.
fn parse_iv(text: &str) -> Result<[u8; 16], String> {
    let digits: Vec<u32> = text
        .chars()
        .filter(|c| !matches!(c, ' ' | ':'))
        .map(|c| c.to_digit(16))
        .collect::<Option<_>>()
        .ok_or("an IV is 32 hex digits (16 bytes)")?;
    let mut iv = [0u8; 16];
    if digits.len() != 32 {
        return Err("an IV is 32 hex digits (16 bytes)".into());
    }
    for (byte, pair) in iv.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = pair.iter().fold(0, |acc, d| acc << 4 | *d as u8);
    }
    Ok(iv)
}

/// The GDEC layout the engine of `dialect` reads: Godot 4's, or Godot 3's (Pandemonium
/// kept Godot 3's).
pub fn layout_for(dialect: Dialect) -> Layout {
    match dialect {
        Dialect::Godot4 => Layout::Godot4,
        _ => Layout::Godot3,
    }
}

/// `decompressed` or `decrypted`: what was done to a container's bytes.
pub fn plain_word(wrapped: Container) -> &'static str {
    if wrapped.is_encrypted() {
        "decrypted"
    } else {
        "decompressed"
    }
}

/// Edited plain bytes in the container they came in (`Container::wrap`: the same mode and
/// block size, the same key, a fresh IV for Godot 4's layout). A conversion to another
/// dialect (`target`) moves an encrypted file to the layout that dialect's engine reads.
pub fn rewrap(
    wrapped: Container,
    secret: Option<&Secret>,
    plain: &[u8],
    target: Option<Dialect>,
) -> Result<Vec<u8>, Failure> {
    let wrapped = match (wrapped, target) {
        (Container::Encrypted { .. }, Some(dialect)) => Container::Encrypted {
            layout: layout_for(dialect),
        },
        (same, _) => same,
    };
    wrapped
        .wrap(plain, secret)
        .map_err(|e| write_failure(wrapped, &e))
}

/// A container that cannot be written (Brotli; 4 GiB or more in a GCPF file).
fn write_failure(wrapped: Container, e: &ContainerError) -> Failure {
    let message = e.kind().to_string();
    match e.kind() {
        ContainerErrorKind::NeedsKey => Failure::Usage(format!(
            "writing {wrapped} needs its password or key (--password or --key)"
        )),
        _ => Failure::Input(format!("cannot write {wrapped}: {message}")),
    }
}

/// The container to write a new file in (`pack`, `from-text`, `from-json`): none of these
/// options, a plain file.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct WriteArgs {
    /// Write a compressed file (GCPF, as `FileAccess.open_compressed` writes it) in this
    /// mode.
    #[arg(long, value_enum, value_name = "MODE", help_heading = HEADING,
          conflicts_with_all = ["stream", "password", "key"])]
    pub compress: Option<CompressArg>,
    /// Bytes of plain data per GCPF block (with --compress; the engine writes 4096).
    #[arg(long, value_name = "N", requires = "compress", help_heading = HEADING,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub block_size: Option<u32>,
    /// Write a bare stream, as `PackedByteArray.compress(MODE)` returns it (no container).
    #[arg(long, value_enum, value_name = "MODE", help_heading = HEADING,
          conflicts_with_all = ["password", "key"])]
    pub stream: Option<CompressArg>,
    /// Write an encrypted file (GDEC, as `open_encrypted_with_pass` writes it) with this
    /// password, in the layout of the dialect's engine (Godot 3's for 3 and Pandemonium).
    #[arg(long, value_name = "PW", conflicts_with = "key", help_heading = HEADING)]
    pub password: Option<String>,
    /// Write an encrypted file (as `open_encrypted` writes it) with this key, 64 hex digits.
    #[arg(long, value_name = "HEX", value_parser = parse_key, help_heading = HEADING)]
    pub key: Option<Secret>,
    /// The IV of Godot 4's layout, 32 hex digits (as `open_encrypted` takes one since 4.4;
    /// default: a fresh random IV, as the engine makes).
    #[arg(long, value_name = "HEX", value_parser = parse_iv, help_heading = HEADING)]
    pub iv: Option<[u8; 16]>,
}

impl WriteArgs {
    /// Was a container asked for?
    pub fn is_plain(&self) -> bool {
        self.compress.is_none()
            && self.stream.is_none()
            && self.password.is_none()
            && self.key.is_none()
    }

    /// The container asked for (`None`: a plain file); an encrypted file has the layout of
    /// `dialect`'s engine.
    pub fn container(&self, dialect: Dialect) -> Option<Container> {
        if let Some(mode) = self.compress {
            Some(Container::Compressed {
                mode: mode.mode(),
                block_size: self.block_size.unwrap_or(DEFAULT_BLOCK_SIZE),
            })
        } else if let Some(mode) = self.stream {
            Some(Container::Stream { mode: mode.mode() })
        } else if self.password.is_some() || self.key.is_some() {
            Some(Container::Encrypted {
                layout: layout_for(dialect),
            })
        } else {
            None
        }
    }

    /// `plain` in the container asked for (itself, borrowed, when none was).
    pub fn write<'a>(&self, plain: &'a [u8], dialect: Dialect) -> Result<Cow<'a, [u8]>, Failure> {
        let secret = match (&self.password, &self.key) {
            (Some(password), _) => Some(Secret::Password(password.clone())),
            (None, Some(key)) => Some(key.clone()),
            (None, None) => None,
        };
        if self.iv.is_some() && secret.is_none() {
            return Err(Failure::Usage(
                "--iv goes with --password or --key (Godot 4's GDEC layout)".into(),
            ));
        }
        let Some(wrapped) = self.container(dialect) else {
            return Ok(Cow::Borrowed(plain));
        };
        match (wrapped, &secret) {
            (Container::Encrypted { layout }, Some(secret)) => {
                if layout == Layout::Godot3 && self.iv.is_some() {
                    return Err(Failure::Usage(format!(
                        "--iv is for Godot 4's GDEC layout; {dialect}'s has no IV"
                    )));
                }
                container::encrypt(plain, secret, layout, self.iv)
                    .map(Cow::Owned)
                    .map_err(|e| write_failure(wrapped, &e))
            }
            _ => rewrap(wrapped, secret.as_ref(), plain, None).map(Cow::Owned),
        }
    }
}
