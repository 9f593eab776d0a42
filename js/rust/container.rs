//! Godot's compressed (GCPF) and encrypted (GDEC) files and `compress()` streams for the
//! package: every reader's `password`, `key` and `decompress` options, and `unpack`,
//! `pack` and `containerOf`. The crate's `container` module reads and writes every byte;
//! this maps its options and errors.

use std::borrow::Cow;

use gdvariant::container::{self, Container, ContainerError, Layout, OpenOptions};
use js_sys::{Object, Reflect};
use wasm_bindgen::prelude::*;

use crate::errors::failure_coded;
use crate::options::{self, Read};
use crate::{dialect_of, failure, Failure};

/// A container error as a `DecodeError`: `code` is the crate's stable code in Node's
/// style (`"ERR_WRONG_KEY"`, `"ERR_NEEDS_KEY"`, …; a stream that may be plain bytes is
/// `"ERR_AMBIGUOUS_STREAM"`, apart from an input of two dialects), `kind` the crate's own
/// (`"wrong_key"`), `offset` is in the file.
pub fn error(e: &ContainerError) -> Failure {
    let message = match e.kind() {
        container::ContainerErrorKind::NeedsKey => format!(
            "the file is encrypted (GDEC): pass password or key (at file offset {:#x})",
            e.offset()
        ),
        container::ContainerErrorKind::Ambiguous(mode) => format!(
            "the bytes read both as a {mode} stream and as plain values: pass \
             decompress: \"{}\" or decompress: \"none\"",
            mode.name().to_ascii_lowercase()
        ),
        _ => e.to_string(),
    };
    if let container::ContainerErrorKind::Ambiguous(_) = e.kind() {
        return failure_coded(e.code(), "ERR_AMBIGUOUS_STREAM", e.offset(), message);
    }
    failure(e.code(), e.offset(), message)
}

/// The plain bytes inside `bytes` and what wrapped them (borrowed when nothing did).
/// Cost: O(1) for plain bytes; else the decompression or decryption.
pub fn open<'a>(
    bytes: &'a [u8],
    options: &OpenOptions,
) -> Result<(Container, Cow<'a, [u8]>), Failure> {
    container::open(bytes, options)
        .map(|o| (o.container(), o.into_bytes()))
        .map_err(|e| error(&e))
}

/// [`open`] of bytes the caller owns: the same `Vec` back when nothing wrapped them (no
/// copy), else the decoded bytes.
pub fn open_owned(bytes: Vec<u8>, options: &OpenOptions) -> Result<(Container, Vec<u8>), Failure> {
    let (found, plain) = open(&bytes, options)?;
    let decoded = match plain {
        Cow::Borrowed(_) => None,
        Cow::Owned(plain) => Some(plain),
    };
    Ok((found, decoded.unwrap_or(bytes)))
}

/// The plain bytes of `bytes` under a reader's options.
pub fn plain<'a>(bytes: &'a [u8], read: &Read) -> Result<Cow<'a, [u8]>, Failure> {
    open(bytes, &read.open).map(|(_, plain)| plain)
}

fn set(object: &Object, key: &str, value: impl Into<JsValue>) {
    // Setting a data property on a fresh plain object cannot fail.
    let _ = Reflect::set(object, &JsValue::from_str(key), &value.into());
}

/// What wrapped a file, as `containerOf` gives it: `{container: "plain"}`,
/// `{container: "compressed", compress: "zstd", blockSize: 4096}`, `{container:
/// "encrypted", godot: 4}`, `{container: "stream", compress: "deflate"}`. Mode names are
/// the ones `pack` takes.
pub fn describe(found: Container) -> JsValue {
    let out = Object::new();
    match found {
        Container::Compressed { mode, block_size } => {
            set(&out, "container", "compressed");
            set(&out, "compress", mode.name().to_ascii_lowercase());
            set(&out, "blockSize", block_size);
        }
        Container::Encrypted { layout } => {
            set(&out, "container", "encrypted");
            set(&out, "godot", if layout == Layout::Godot3 { 3 } else { 4 });
        }
        Container::Stream { mode } => {
            set(&out, "container", "stream");
            set(&out, "compress", mode.name().to_ascii_lowercase());
        }
        _ => set(&out, "container", "plain"),
    }
    out.into()
}

/// The plain bytes inside `bytes` (store_var frames or a var_to_bytes value).
#[wasm_bindgen]
pub fn unpack(bytes: &[u8], options: &JsValue) -> Result<Vec<u8>, Failure> {
    let read = options::read(options)?;
    plain(bytes, &read).map(Cow::into_owned)
}

/// What wraps `bytes` (see [`describe`]). An encrypted file's layout is read from its
/// header: no key is needed and nothing is decrypted. Anything else is opened.
#[wasm_bindgen(js_name = containerOf)]
pub fn container_of(bytes: &[u8], options: &JsValue) -> Result<JsValue, Failure> {
    if let Some(encrypted @ Container::Encrypted { .. }) = container::sniff(bytes) {
        return Ok(describe(encrypted));
    }
    let read = options::read(options)?;
    let (found, _) = open(bytes, &OpenOptions::new().stream(read.open.stream))?;
    Ok(describe(found))
}

/// `plain` (store_var frames or a var_to_bytes value) in a new container: `compress`
/// (GCPF blocks of `blockSize`, or a bare stream with `stream`), or `password` / `key`
/// (GDEC in the layout of `godot`, 4 by default, with a fresh random IV).
#[wasm_bindgen]
pub fn pack(plain: &[u8], options: &JsValue) -> Result<Vec<u8>, Failure> {
    let get = |name: &str| Reflect::get(options, &JsValue::from_str(name)).ok();
    let compress = get("compress").and_then(|v| v.as_string());
    let stream = get("stream").is_some_and(|v| v.is_truthy());
    let secret = options::secret(options)?;
    let bad = |m: &str| failure("BadOption", 0, m.into());
    let packed = match (compress, secret) {
        (Some(_), Some(_)) => {
            return Err(bad(
                "pack takes compress, or password or key (Godot compresses or encrypts a file, not both)",
            ))
        }
        (None, None) => return Err(bad("pack needs compress, password or key")),
        (Some(name), None) => {
            let mode = options::mode(&name)?;
            if stream {
                container::compress_stream(plain, mode)
            } else {
                let block = get("blockSize")
                    .and_then(|v| v.as_f64())
                    .unwrap_or(f64::from(container::DEFAULT_BLOCK_SIZE));
                if !(1.0..=f64::from(u32::MAX)).contains(&block) || block.fract() != 0.0 {
                    return Err(bad("blockSize must be an integer from 1 to 2^32 - 1"));
                }
                // An integer in 1..=u32::MAX.
                #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
                container::compress(plain, mode, block as u32)
            }
        }
        (None, Some(secret)) => {
            if stream {
                return Err(bad("stream is for compress (an encrypted file is always GDEC)"));
            }
            let godot = get("godot")
                .and_then(|v| v.as_f64().map(|n| n.to_string()).or(v.as_string()))
                .unwrap_or_else(|| "4".into());
            let layout = match dialect_of(&godot)? {
                None | Some(gdvariant::Dialect::Godot4) => Layout::Godot4,
                Some(_) => Layout::Godot3,
            };
            container::encrypt(plain, &secret, layout, None)
        }
    };
    packed.map_err(|e| failure("EncodeError", 0, e.to_string()))
}
