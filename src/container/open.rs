//! The one way in: the bytes of a file, whatever wraps them, to the plain `store_var` /
//! `var_to_bytes` bytes inside, borrowed when nothing wraps them.

use alloc::borrow::Cow;
use alloc::vec::Vec;

use super::error::{ContainerError, ContainerErrorKind as K};
use super::mode::{Compression, Container, Layout, Secret, GCPF_MAGIC, GDEC_MAGIC};
use crate::frame::{detect, Hints};
use crate::read::options::Limits;
use crate::wire::dialect::Dialect;

/// How [`open`] treats a `PackedByteArray.compress()` stream (one with no container).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum StreamMode {
    /// Detect Zstd, GZIP and Deflate streams by their own headers (the default). When the
    /// bytes also read as plain values, [`open`] refuses to guess
    /// ([`ContainerErrorKind::Ambiguous`](super::ContainerErrorKind::Ambiguous)).
    #[default]
    Detect,
    /// The bytes are not a stream: GCPF and GDEC files are still opened.
    Plain,
    /// The bytes are a stream of this mode (FastLZ and Brotli streams have no header, so
    /// they must be named).
    Named(Compression),
}

/// What [`open`] may use and how far it may go.
///
/// `#[non_exhaustive]`: build it with [`OpenOptions::new`] (or `Default`,
/// [`OpenOptions::with_secret`]) and the setters; the fields stay public to read and
/// assign.
///
/// ```
/// use gdvariant::container::{open, OpenOptions, Secret, StreamMode};
///
/// let options = OpenOptions::new()
///     .secret(Secret::Password("hunter2".into()))
///     .stream(StreamMode::Plain)
///     .max_unpacked(64 << 20);
/// // Plain bytes are given back as they are.
/// let plain = [2, 0, 0, 0, 7, 0, 0, 0];
/// assert_eq!(open(&plain, &options)?.bytes(), plain);
/// # Ok::<(), gdvariant::container::ContainerError>(())
/// ```
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct OpenOptions {
    /// The password or key of an encrypted file.
    pub secret: Option<Secret>,
    /// How to treat a stream with no container.
    pub stream: StreamMode,
    /// [`Limits::max_unpacked`] bounds the decoded size.
    pub limits: Limits,
}

impl OpenOptions {
    /// The defaults: no secret, [`StreamMode::Detect`], [`Limits::new`].
    pub const fn new() -> Self {
        OpenOptions {
            secret: None,
            stream: StreamMode::Detect,
            limits: Limits::new(),
        }
    }

    /// The defaults with `secret`.
    pub fn with_secret(secret: Secret) -> Self {
        OpenOptions::new().secret(secret)
    }

    /// Sets [`OpenOptions::secret`]: the password or key of an encrypted file (a
    /// [`Secret`], or an `Option` of one).
    pub fn secret(mut self, secret: impl Into<Option<Secret>>) -> Self {
        self.secret = secret.into();
        self
    }

    /// Sets [`OpenOptions::stream`]: how to treat a stream with no container.
    pub fn stream(mut self, stream: StreamMode) -> Self {
        self.stream = stream;
        self
    }

    /// Sets [`OpenOptions::limits`].
    pub fn limits(mut self, limits: Limits) -> Self {
        self.limits = limits;
        self
    }

    /// Sets [`Limits::max_unpacked`] in [`OpenOptions::limits`]: the most bytes a
    /// container may decode to.
    pub fn max_unpacked(mut self, max_unpacked: u64) -> Self {
        self.limits.max_unpacked = max_unpacked;
        self
    }
}

/// The plain bytes of an opened file and what wrapped them.
#[derive(Clone, Debug)]
pub struct Opened<'a> {
    data: Cow<'a, [u8]>,
    container: Container,
}

impl<'a> Opened<'a> {
    /// The plain bytes: `store_var` frames or a `var_to_bytes` value.
    pub fn bytes(&self) -> &[u8] {
        &self.data
    }

    /// What wrapped them ([`Container::Plain`] when nothing did: then the bytes are the
    /// input itself, borrowed).
    pub fn container(&self) -> Container {
        self.container
    }

    /// The plain bytes, borrowed from the input when there was no container.
    pub fn into_bytes(self) -> Cow<'a, [u8]> {
        self.data
    }
}

/// What the first bytes say the input is, without decoding anything: `Some` for GCPF,
/// GDEC and the streams whose header is known (Zstd, GZIP, zlib). O(1).
pub fn sniff(data: &[u8]) -> Option<Container> {
    let head = data.get(..4)?;
    if head == GCPF_MAGIC {
        // The mode and block size are only known once read; report the magic's meaning.
        let mode = data
            .get(4..8)
            .and_then(|w| Compression::from_id(u32::from_le_bytes(w.try_into().ok()?)))
            .unwrap_or(Compression::FastLz);
        let block_size = data
            .get(8..12)
            .map_or(0, |w| u32::from_le_bytes(w.try_into().unwrap_or_default()));
        return Some(Container::Compressed { mode, block_size });
    }
    if head == GDEC_MAGIC {
        let layout = if data.get(4..8) == Some(&[1, 0, 0, 0][..]) {
            Layout::Godot3
        } else {
            Layout::Godot4
        };
        return Some(Container::Encrypted { layout });
    }
    stream_header(data).map(|mode| Container::Stream { mode })
}

/// The mode of a stream that starts with its own header: the Zstd frame magic, the gzip
/// magic with method 8, or a zlib header (method 8, window ≤ 32 KiB, check bits right).
fn stream_header(data: &[u8]) -> Option<Compression> {
    match data {
        [0x28, 0xb5, 0x2f, 0xfd, ..] => Some(Compression::Zstd),
        [0x1f, 0x8b, 0x08, ..] => Some(Compression::Gzip),
        [cmf, flg, ..]
            if cmf & 0x0f == 8
                && cmf >> 4 <= 7
                && (u16::from(*cmf) << 8 | u16::from(*flg)) % 31 == 0 =>
        {
            Some(Compression::Deflate)
        }
        _ => None,
    }
}

/// Opens the bytes of a file: a GCPF (compressed) or GDEC (encrypted) container, a
/// `compress()` stream, or plain bytes, detected from the input, and returns the plain
/// `store_var` / `var_to_bytes` bytes inside (borrowed when there is no container).
///
/// Validates every size the container claims against the input and against
/// [`Limits::max_unpacked`] before reserving memory for it; checks GCPF's end magic, each
/// block's exact size, and an encrypted file's MD5 (a wrong key is
/// [`ContainerErrorKind::WrongKey`](super::ContainerErrorKind::WrongKey), and nothing is
/// returned from the garbage). Cost: O(1) for plain input (a look at 4 bytes, plus one
/// detection walk when the first bytes look like a zlib or gzip header); otherwise the
/// decompression or decryption, into memory of the plain size. Without the `containers`
/// feature, a container is [`ContainerErrorKind::Unsupported`](super::ContainerErrorKind::Unsupported).
///
/// ```
/// use gdvariant::container::{open, Container, OpenOptions};
///
/// let plain = [2, 0, 0, 0, 42, 0, 0, 0];
/// let opened = open(&plain, &OpenOptions::default())?;
/// assert_eq!(opened.container(), Container::Plain);
/// assert_eq!(opened.bytes(), &plain); // borrowed, not copied
/// # Ok::<(), gdvariant::container::ContainerError>(())
/// ```
pub fn open<'a>(data: &'a [u8], options: &OpenOptions) -> Result<Opened<'a>, ContainerError> {
    let plain = |data: &'a [u8]| Opened {
        data: Cow::Borrowed(data),
        container: Container::Plain,
    };
    let head = data.get(..4);
    if head == Some(GCPF_MAGIC.as_slice()) {
        return decoded::gcpf(data, options);
    }
    if head == Some(GDEC_MAGIC.as_slice()) {
        let secret = options
            .secret
            .as_ref()
            .ok_or(ContainerError::new(K::NeedsKey, 0))?;
        return decoded::gdec(data, secret, options);
    }
    match options.stream {
        StreamMode::Plain => Ok(plain(data)),
        StreamMode::Named(mode) => decoded::stream(data, mode, options),
        StreamMode::Detect => {
            let Some(mode) = stream_header(data) else {
                return Ok(plain(data));
            };
            let stream = decoded::stream(data, mode, options);
            match stream {
                Ok(opened) if mode != Compression::Zstd && reads_plain(data) => {
                    drop(opened);
                    Err(ContainerError::new(K::Ambiguous(mode), 0))
                }
                Ok(opened) => Ok(opened),
                // A zlib or gzip header that does not decode, on bytes that read as
                // values, is plain data that starts with those bytes (a store_var frame
                // of 376 bytes starts `78 01`). A Zstd magic is a 4 GB frame length or an
                // id no type has: always a stream.
                Err(e) if mode == Compression::Zstd || !reads_plain(data) => Err(e),
                Err(_) => Ok(plain(data)),
            }
        }
    }
}

/// Do the bytes read exactly as values (one, or whole store_var frames) in some dialect?
/// Detection tries Godot 3 and 4; Pandemonium's eras are tried by name, since their ids
/// collide with Godot's.
fn reads_plain(data: &[u8]) -> bool {
    let exact = |hints| detect(data, hints).is_ok_and(|d| d.is_exact());
    exact(Hints::default())
        || [
            Dialect::PandemoniumA,
            Dialect::PandemoniumB,
            Dialect::PandemoniumC,
        ]
        .into_iter()
        .any(|dialect| {
            exact(Hints {
                dialect: Some(dialect),
                prefixed: None,
            })
        })
}

/// The FastLZ encoder pads inputs under 16 bytes with zeros to 16, and the stream does not
/// say how long the input was (the engine's caller passes the size to `decompress`). Trim
/// the padding to the longest prefix that reads as exactly one value or whole frames.
fn unpad_fastlz(mut data: Vec<u8>) -> Vec<u8> {
    if data.len() == 16 && !reads_plain(&data) {
        for len in (1..16).rev() {
            let (head, tail) = data.split_at(len);
            if tail.iter().any(|&b| b != 0) {
                break;
            }
            if reads_plain(head) {
                data.truncate(len);
                break;
            }
        }
    }
    data
}

#[cfg(feature = "containers")]
mod decoded {
    use super::*;
    use crate::container::codec;
    use crate::container::gcpf;
    use crate::container::gdec;

    pub(super) fn gcpf<'a>(
        data: &[u8],
        options: &OpenOptions,
    ) -> Result<Opened<'a>, ContainerError> {
        let (plain, mode, block_size) = gcpf::read(data, options.limits.max_unpacked)?;
        Ok(Opened {
            data: Cow::Owned(plain),
            container: Container::Compressed { mode, block_size },
        })
    }

    pub(super) fn gdec<'a>(
        data: &[u8],
        secret: &Secret,
        options: &OpenOptions,
    ) -> Result<Opened<'a>, ContainerError> {
        let (plain, layout) = gdec::read(data, secret, options.limits.max_unpacked)?;
        Ok(Opened {
            data: Cow::Owned(plain),
            container: Container::Encrypted { layout },
        })
    }

    pub(super) fn stream<'a>(
        data: &[u8],
        mode: Compression,
        options: &OpenOptions,
    ) -> Result<Opened<'a>, ContainerError> {
        let limit = usize::try_from(options.limits.max_unpacked).unwrap_or(usize::MAX);
        let plain = codec::decode_stream(mode, data, limit).map_err(|e| {
            let kind = match e {
                codec::CodecError::TooLong => K::TooLarge {
                    size: limit as u64 + 1,
                    limit: limit as u64,
                },
                codec::CodecError::Trailing(n) => K::TrailingBytes(n as u64),
                codec::CodecError::Truncated => K::Corrupt {
                    block: 0,
                    mode,
                    reason: "the stream ends early".into(),
                },
                codec::CodecError::Corrupt(reason) => K::Corrupt {
                    block: 0,
                    mode,
                    reason,
                },
                codec::CodecError::CannotWrite => K::CannotWrite(mode),
            };
            ContainerError::new(kind, 0)
        })?;
        let plain = if mode == Compression::FastLz {
            unpad_fastlz(plain)
        } else {
            plain
        };
        Ok(Opened {
            data: Cow::Owned(plain),
            container: Container::Stream { mode },
        })
    }
}

#[cfg(not(feature = "containers"))]
mod decoded {
    use super::*;

    fn unsupported<'a>() -> Result<Opened<'a>, ContainerError> {
        let _ = unpad_fastlz;
        Err(ContainerError::new(K::Unsupported, 0))
    }

    pub(super) fn gcpf<'a>(_: &[u8], _: &OpenOptions) -> Result<Opened<'a>, ContainerError> {
        unsupported()
    }

    pub(super) fn gdec<'a>(
        _: &[u8],
        _: &Secret,
        _: &OpenOptions,
    ) -> Result<Opened<'a>, ContainerError> {
        unsupported()
    }

    pub(super) fn stream<'a>(
        _: &[u8],
        _: Compression,
        _: &OpenOptions,
    ) -> Result<Opened<'a>, ContainerError> {
        unsupported()
    }
}
