//! The readers' options, from the plain object the package's JavaScript passes (already
//! checked there for types): `{ godot, prefixed, allowObjects, maxDepth, password, key,
//! decompress }`. What the crate needs of them: detection hints, parse limits and the
//! container's secret.

use gdvariant::container::{Compression, OpenOptions, Secret, StreamMode};
use gdvariant::frame::Hints;
use gdvariant::ParseOptions;
use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::prelude::*;

use crate::{dialect_of, failure, Failure};

/// A reader's options, as the crate takes them.
pub struct Read {
    /// `"auto"`, `"3"`, `"4"`, `"pm-a"`, …
    pub godot: String,
    /// 0 one value, 1 store_var frames, 2 detect.
    pub prefixed: u8,
    /// Limits and the Object policy.
    pub parse: ParseOptions,
    /// The container's secret and stream mode.
    pub open: OpenOptions,
}

impl Read {
    /// What detection is told.
    pub fn hints(&self) -> Result<Hints, Failure> {
        Ok(Hints {
            dialect: dialect_of(&self.godot)?,
            prefixed: match self.prefixed {
                0 => Some(false),
                1 => Some(true),
                _ => None,
            },
        })
    }
}

fn field(options: &JsValue, name: &str) -> JsValue {
    if options.is_object() {
        Reflect::get(options, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
    } else {
        JsValue::UNDEFINED
    }
}

fn absent(v: &JsValue) -> bool {
    v.is_undefined() || v.is_null()
}

/// A bad option: a `DecodeError` of kind `BadOption`.
fn bad(message: String) -> Failure {
    failure("BadOption", 0, message)
}

/// Reads `options` (a plain object; anything else reads as no options).
pub fn read(options: &JsValue) -> Result<Read, Failure> {
    let godot = field(options, "godot")
        .as_string()
        .unwrap_or_else(|| "auto".into());
    // The package passes 0 (one value), 1 (frames) or 2 (detect).
    let prefixed = match field(options, "prefixed").as_f64() {
        Some(0.0) => 0,
        Some(1.0) => 1,
        _ => 2,
    };
    let allow_objects = field(options, "allowObjects").as_bool().unwrap_or(true);
    let depth = field(options, "maxDepth").as_f64().unwrap_or(1024.0);
    let depth = if depth >= 65535.0 {
        u16::MAX
    } else if depth >= 0.0 {
        // In 0..65535 and truncated toward zero.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let d = depth as u16;
        d
    } else {
        0
    };
    let parse = ParseOptions::new()
        .allow_full_objects(allow_objects)
        .max_depth(depth);
    Ok(Read {
        godot,
        prefixed,
        parse,
        open: OpenOptions::new()
            .secret(secret(options)?)
            .stream(stream(options)?),
    })
}

/// The `password` or `key` (64 hex digits, or 32 bytes), not both.
pub fn secret(options: &JsValue) -> Result<Option<Secret>, Failure> {
    let password = field(options, "password");
    let key = field(options, "key");
    match (absent(&password), absent(&key)) {
        (true, true) => Ok(None),
        (false, false) => Err(bad("pass password or key, not both".into())),
        (false, true) => password
            .as_string()
            .map(|p| Some(Secret::Password(p)))
            .ok_or_else(|| bad("password must be a string".into())),
        (true, false) => {
            if let Some(hex) = key.as_string() {
                return Secret::from_hex(hex.trim())
                    .map(Some)
                    .ok_or_else(|| bad("key must be 64 hex digits (32 bytes)".into()));
            }
            let bytes = key
                .dyn_ref::<Uint8Array>()
                .map(Uint8Array::to_vec)
                .ok_or_else(|| bad("key must be a hex string or a Uint8Array".into()))?;
            let key: [u8; 32] = bytes
                .try_into()
                .map_err(|b: Vec<u8>| bad(format!("key must be 32 bytes, not {}", b.len())))?;
            Ok(Some(Secret::Key(key)))
        }
    }
}

/// `decompress`: a mode name, `"none"` (the bytes are no stream), or absent (detect).
fn stream(options: &JsValue) -> Result<StreamMode, Failure> {
    let v = field(options, "decompress");
    if absent(&v) {
        return Ok(StreamMode::Detect);
    }
    let name = v
        .as_string()
        .ok_or_else(|| bad("decompress must be a string".into()))?;
    if name.eq_ignore_ascii_case("none") {
        return Ok(StreamMode::Plain);
    }
    mode(&name).map(StreamMode::Named)
}

/// A compression mode by the name Godot's enum gives it (`"zstd"`, `"deflate"`, …).
pub fn mode(name: &str) -> Result<Compression, Failure> {
    Compression::ALL
        .into_iter()
        .find(|m| m.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            bad(format!(
                "unknown compression {name:?}: \"fastlz\", \"deflate\", \"zstd\", \"gzip\" or \"brotli\""
            ))
        })
}
