//! Godot's compressed (GCPF) and encrypted (GDEC) files and `PackedByteArray.compress()`
//! streams: the `password=`, `key=` and `decompress=` keywords of the readers, and
//! `gdvariant.pack`, `unpack` and `container_of`. Every byte is read and written by the
//! crate's `container` module; this one turns the keywords into its options and its
//! errors into `DecodeError`s.

use std::borrow::Cow;

use gdvariant::container::{
    self, Compression, Container, ContainerError, ContainerErrorKind, Layout, OpenOptions, Secret,
    StreamMode,
};
use gdvariant::frame::{detect, Hints};
use gdvariant::Dialect;
use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use crate::context::{decode_error, dialect, write_dialect, EncodeError};
use crate::input::{type_name, Input};

/// The mode names `compress=` and `decompress=` take.
const MODES: &str = "\"fastlz\", \"deflate\", \"zstd\", \"gzip\" or \"brotli\"";

/// The container keywords every reader takes, as the crate's options.
pub fn open_options(
    password: Option<String>,
    key: Option<&Bound<'_, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<OpenOptions> {
    let stream = match decompress {
        None => StreamMode::Detect,
        Some(name) if name.eq_ignore_ascii_case("none") => StreamMode::Plain,
        Some(name) => StreamMode::Named(mode(name, "decompress")?),
    };
    Ok(OpenOptions::new()
        .secret(secret(password, key)?)
        .stream(stream))
}

/// The plain bytes of `data` and the Python object that holds them: `data` itself
/// (borrowed, no copy) when nothing wraps it; otherwise the decoded bytes, in a new
/// `bytes` object that packed arrays and views then share. `plain` is what the reader
/// knows of plain bytes (its dialect, whether they are frames).
pub fn open_input<'py>(
    data: &Bound<'py, PyAny>,
    options: &OpenOptions,
    plain: Hints,
) -> PyResult<(Input, Bound<'py, PyAny>)> {
    let py = data.py();
    let input = Input::new(data)?;
    let decoded = match unwrap(py, input.bytes(), options, Some(plain))? {
        (_, Cow::Borrowed(_)) => None,
        (_, Cow::Owned(plain)) => Some(plain),
    };
    match decoded {
        None => Ok((input, data.clone())),
        Some(plain) => {
            drop(input); // the file's bytes (a mapping, a copy) are no longer needed
            let bytes = PyBytes::new(py, &plain).into_any();
            drop(plain);
            Ok((Input::new(&bytes)?, bytes))
        }
    }
}

/// `container::open` on `bytes`, without the GIL while something is decoded (a plain
/// input is only looked at: O(1)), its error as a `DecodeError`.
fn unwrap<'a>(
    py: Python<'_>,
    bytes: &'a [u8],
    options: &OpenOptions,
    plain: Option<Hints>,
) -> PyResult<(Container, Cow<'a, [u8]>)> {
    let open = || container::open(bytes, options).map(|o| (o.container(), o.into_bytes()));
    let wrapped =
        matches!(options.stream, StreamMode::Named(_)) || container::sniff(bytes).is_some();
    let opened = if wrapped { py.detach(open) } else { open() };
    match opened {
        Ok(opened) => Ok(opened),
        // Bytes that decode as a stream and read as plain values are refused, never
        // guessed: `decompress=` chooses.
        Err(e) if matches!(e.kind(), ContainerErrorKind::Ambiguous(_)) => {
            Err(container_error(py, &e))
        }
        Err(_) if plain.is_some_and(|hints| plain_after_all(bytes, options, hints)) => {
            Ok((Container::Plain, Cow::Borrowed(bytes)))
        }
        Err(e) => Err(container_error(py, &e)),
    }
}

/// Are `bytes`, which start like a zlib or gzip header but do not decode, exactly plain
/// values of the reader's dialect (no bytes left over)? `container::open` takes them as
/// plain when they read so as Godot 3 or 4 values; a Pandemonium file is only known as
/// one by the reader's `godot=` (a store_var frame of 376 bytes starts with `78 01`, a
/// zlib header).
fn plain_after_all(bytes: &[u8], options: &OpenOptions, hints: Hints) -> bool {
    options.stream == StreamMode::Detect
        && matches!(
            container::sniff(bytes),
            Some(Container::Stream { mode }) if mode != Compression::Zstd
        )
        && detect(bytes, hints).is_ok_and(|d| d.is_exact())
}

/// A container error as a `DecodeError`: `.kind` is the crate's stable code
/// (`"wrong_key"`, `"needs_key"`, `"size_mismatch"`, …; `"ambiguous_stream"` for bytes
/// that read as a stream and as plain values), `.offset` the file offset.
pub fn container_error(py: Python<'_>, e: &ContainerError) -> PyErr {
    let message = match e.kind() {
        ContainerErrorKind::NeedsKey => format!(
            "the file is encrypted (GDEC): pass password= or key= (at file offset {:#x})",
            e.offset()
        ),
        ContainerErrorKind::Ambiguous(mode) => format!(
            "the bytes read both as a {mode} stream and as plain values: pass \
             decompress=\"{}\" or decompress=\"none\"",
            mode_name(*mode)
        ),
        _ => e.to_string(),
    };
    let code = match e.kind() {
        // Apart from an input two dialects read ("ambiguous"): decompress= chooses here.
        ContainerErrorKind::Ambiguous(_) => "ambiguous_stream",
        _ => e.code(),
    };
    decode_error(py, code, e.offset(), message)
}

/// The secret of `password=` or `key=` (not both).
pub fn secret(
    password: Option<String>,
    key: Option<&Bound<'_, PyAny>>,
) -> PyResult<Option<Secret>> {
    match (password, key) {
        (Some(_), Some(_)) => Err(PyTypeError::new_err("pass password= or key=, not both")),
        (Some(password), None) => Ok(Some(Secret::Password(password))),
        (None, Some(key)) => Ok(Some(Secret::Key(fixed_bytes(key, "key")?))),
        (None, None) => Ok(None),
    }
}

/// `N` bytes from `bytes` (or another bytes-like object) of that length, or from a `str` of
/// `2 × N` hex digits (spaces and colons ignored, as the command line takes keys).
fn fixed_bytes<const N: usize>(obj: &Bound<'_, PyAny>, name: &str) -> PyResult<[u8; N]> {
    let wrong = |got: String| {
        PyValueError::new_err(format!(
            "{name} must be {N} bytes or {} hex digits, got {got}",
            2 * N
        ))
    };
    if let Ok(text) = obj.cast::<PyString>() {
        let text = text.to_str()?;
        return hex(text)
            .ok_or_else(|| wrong(format!("a str of {} characters", text.chars().count())));
    }
    let buffer = PyBuffer::<u8>::get(obj).map_err(|_| {
        PyTypeError::new_err(format!(
            "{name} must be bytes ({N}) or a str ({} hex digits), got {}",
            2 * N,
            type_name(obj)
        ))
    })?;
    let bytes = buffer.to_vec(obj.py())?;
    let len = bytes.len();
    bytes.try_into().map_err(|_| wrong(format!("{len} bytes")))
}

/// The bytes of `2 × N` hex digits; spaces and colons between them are ignored.
fn hex<const N: usize>(text: &str) -> Option<[u8; N]> {
    let digits = text
        .chars()
        .filter(|c| !matches!(c, ' ' | ':'))
        .map(|c| c.to_digit(16).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<Vec<u8>>>()?;
    if digits.len() != 2 * N {
        return None;
    }
    let mut out = [0u8; N];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = pair.iter().fold(0, |acc, d| acc << 4 | d);
    }
    Some(out)
}

/// The mode `name` names (`argument` is the keyword, for the message).
fn mode(name: &str, argument: &str) -> PyResult<Compression> {
    Compression::ALL
        .into_iter()
        .find(|m| m.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| PyValueError::new_err(format!("{argument} must be {MODES}, got {name:?}")))
}

/// The name `compress=` takes for `mode`: `"fastlz"`, `"deflate"`, `"zstd"`, …
fn mode_name(mode: Compression) -> String {
    mode.name().to_ascii_lowercase()
}

/// Wraps bytes-like `data` (the plain bytes: store_var frames or a var_to_bytes value) in
/// the container the engine writes, and returns the container's bytes. Exactly one of:
///
/// - `compress=` a mode ("fastlz", "deflate", "zstd", "gzip"): a GCPF file, what
///   `FileAccess.open_compressed` writes, in blocks of `block_size` bytes (the engine's
///   4096); with `stream=True` a bare stream instead, what `PackedByteArray.compress()`
///   returns. Brotli can be read but not written (like the engine).
/// - `password=` (a str) or `key=` (32 bytes, or 64 hex digits): a GDEC file, what
///   `open_encrypted_with_pass` / `open_encrypted` write; `godot=4` in Godot 4's layout
///   (AES-256-CFB, with the 16-byte `iv` given, as Godot 4.4+ takes one, or a fresh
///   random one), `godot=3` (or a Pandemonium era) in Godot 3's (AES-256-ECB, no IV).
///   None (the default) is the dialect GDVARIANT_GODOT names, else 4.
///
/// Cost: O(len(data)), without the GIL. Raises TypeError for a wrong set of keywords,
/// ValueError for a bad mode, key, IV or block size.
///
/// >>> file = gdvariant.pack(gdvariant.dumps(42, prefixed=True), compress="zstd")
/// >>> file[:4]
/// b'GCPF'
/// >>> gdvariant.loads(file)
/// 42
#[pyfunction]
#[pyo3(signature = (data, *, compress = None, password = None, key = None, godot = None, block_size = container::DEFAULT_BLOCK_SIZE, iv = None, stream = false), text_signature = "(data, *, compress=None, password=None, key=None, godot=None, block_size=4096, iv=None, stream=False)")]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub fn pack<'py>(
    data: &Bound<'py, PyAny>,
    compress: Option<&str>,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
    godot: Option<&Bound<'py, PyAny>>,
    block_size: u32,
    iv: Option<&Bound<'py, PyAny>>,
    stream: bool,
) -> PyResult<Bound<'py, PyBytes>> {
    let py = data.py();
    let named = godot.filter(|g| !g.is_none()).map(dialect).transpose()?;
    let secret = secret(password, key)?;
    // The layout of an encrypted file: the dialect named, else GDVARIANT_GODOT's, else 4
    // (the variable is read only for an encrypted file).
    let layout = || -> PyResult<Layout> {
        let dialect = match named {
            Some(d) => d,
            None => write_dialect(py, None)?,
        };
        Ok(match dialect {
            Dialect::Godot4 => Layout::Godot4,
            _ => Layout::Godot3,
        })
    };
    let input = Input::new(data)?;
    let plain = input.bytes();
    let packed = match (compress, secret) {
        (Some(_), Some(_)) => {
            return Err(PyTypeError::new_err(
                "pack takes one of compress=, password= or key= (Godot compresses or \
                 encrypts a file, not both)",
            ))
        }
        (None, None) => {
            return Err(PyTypeError::new_err(
                "pack needs compress=, password= or key=",
            ))
        }
        (Some(name), None) => {
            if iv.is_some() {
                return Err(PyTypeError::new_err(
                    "iv= is for encryption (password= or key=)",
                ));
            }
            let mode = mode(name, "compress")?;
            if !mode.can_write() {
                return Err(PyValueError::new_err(format!(
                    "{mode} can be read but not written (as in the engine)"
                )));
            }
            if stream {
                py.detach(|| container::compress_stream(plain, mode))
            } else {
                if block_size == 0 {
                    return Err(PyValueError::new_err("block_size must be over 0"));
                }
                py.detach(|| container::compress(plain, mode, block_size))
            }
        }
        (None, Some(secret)) => {
            if stream {
                return Err(PyTypeError::new_err(
                    "stream=True is for compress= (an encrypted file is always GDEC)",
                ));
            }
            let layout = layout()?;
            let iv = iv.map(|iv| fixed_bytes::<16>(iv, "iv")).transpose()?;
            if iv.is_some() && layout == Layout::Godot3 {
                return Err(PyValueError::new_err(
                    "Godot 3's layout (godot=3) has no IV: leave iv= out",
                ));
            }
            py.detach(|| container::encrypt(plain, &secret, layout, iv))
        }
    };
    let packed = packed.map_err(|e| match e.kind() {
        ContainerErrorKind::NoRandom => PyOSError::new_err(e.to_string()),
        _ => EncodeError::new_err(e.to_string()),
    })?;
    Ok(PyBytes::new(py, &packed))
}

/// The plain bytes inside bytes-like `data` (store_var frames or a var_to_bytes value):
/// a GCPF (compressed) or GDEC (encrypted) file is opened, a `compress()` stream
/// decompressed (Zstd, GZIP and Deflate streams are recognised by their headers; name a
/// FastLZ or Brotli one with `decompress=`, or pass `decompress="none"` for bytes that are
/// no stream), and anything else given back as it is (`bytes` itself, not a copy).
/// An encrypted file needs `password=` or `key=` (32 bytes or 64 hex digits). Every size
/// the container claims is checked before memory follows it, and an encrypted file's MD5
/// after decryption. Raises DecodeError: `.kind` "needs_key", "wrong_key",
/// "size_mismatch", "unexpected_end", "corrupt_block", … and `.offset` in the file.
/// Cost: the decompression or decryption, without the GIL.
///
/// >>> gdvariant.unpack(gdvariant.pack(b"\x02\x00\x00\x00\x07\x00\x00\x00", password="hunter2"), password="hunter2")
/// b'\x02\x00\x00\x00\x07\x00\x00\x00'
#[pyfunction]
#[pyo3(signature = (data, *, password = None, key = None, decompress = None), text_signature = "(data, *, password=None, key=None, decompress=None)")]
pub fn unpack<'py>(
    data: &Bound<'py, PyAny>,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
    decompress: Option<&str>,
) -> PyResult<Bound<'py, PyBytes>> {
    let py = data.py();
    let options = open_options(password, key, decompress)?;
    let input = Input::new(data)?;
    let (_, plain) = unwrap(py, input.bytes(), &options, None)?;
    if let (Cow::Borrowed(_), Ok(bytes)) = (&plain, data.cast_exact::<PyBytes>()) {
        return Ok(bytes.clone());
    }
    Ok(PyBytes::new(py, &plain))
}

/// What wraps bytes-like `data`, as a dict: `{"container": "plain"}`,
/// `{"container": "compressed", "compress": "zstd", "block_size": 4096}` (a GCPF file),
/// `{"container": "encrypted", "godot": 4}` (a GDEC file in Godot 4's or 3's layout), or
/// `{"container": "stream", "compress": "deflate"}` (a `compress()` stream). An encrypted
/// file's layout is read from its header (no key is needed, nothing is decrypted); any
/// other container is opened as `unpack` opens it (so a damaged one raises DecodeError,
/// and `decompress=` names a FastLZ or Brotli stream). The modes and block size are
/// named as `pack` takes them, to write the file back the same way.
///
/// >>> gdvariant.container_of(gdvariant.pack(b"\x02\x00\x00\x00\x07\x00\x00\x00", compress="deflate"))
/// {'container': 'compressed', 'compress': 'deflate', 'block_size': 4096}
#[pyfunction]
#[pyo3(signature = (data, *, decompress = None), text_signature = "(data, *, decompress=None)")]
pub fn container_of<'py>(
    data: &Bound<'py, PyAny>,
    decompress: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let py = data.py();
    let options = open_options(None, None, decompress)?;
    let input = Input::new(data)?;
    let bytes = input.bytes();
    let found = match container::sniff(bytes) {
        Some(encrypted @ Container::Encrypted { .. }) => encrypted,
        _ => unwrap(py, bytes, &options, None)?.0,
    };
    let out = PyDict::new(py);
    match found {
        Container::Compressed { mode, block_size } => {
            out.set_item("container", "compressed")?;
            out.set_item("compress", mode_name(mode))?;
            out.set_item("block_size", block_size)?;
        }
        Container::Encrypted { layout } => {
            out.set_item("container", "encrypted")?;
            out.set_item("godot", if layout == Layout::Godot3 { 3 } else { 4 })?;
        }
        Container::Stream { mode } => {
            out.set_item("container", "stream")?;
            out.set_item("compress", mode_name(mode))?;
        }
        _ => out.set_item("container", "plain")?,
    }
    Ok(out)
}
