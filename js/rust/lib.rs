//! WebAssembly bindings of `gdvariant` for the `gdvariant` npm package: reading
//! (`loads`, `view`, `iterFrames`, `describe`), writing (`dumps`, `edit`), the text and JSON
//! forms, Godot's containers, search and diff. Every byte is read and written by the crate;
//! JavaScript only maps values. No `unsafe` of its own: `wasm-bindgen`'s generated glue is
//! the only unsafe code in this crate.
#![deny(unsafe_code)]

use gdvariant::frame::{self, PrefixOrder};
use gdvariant::text::{TextStyle, WriteOptions};
use gdvariant::{Dialect, VariantRef};
use js_sys::Function;
use options::Read;

mod container;
mod dumps;
mod edit;
mod errors;
mod file;
mod inspect;
mod loads;
mod options;
mod view;
use wasm_bindgen::prelude::*;

pub use errors::Failure;
pub(crate) use errors::{failure, undetected, whole_failure};

fn dialect_of(godot: &str) -> Result<Option<Dialect>, Failure> {
    match godot {
        "auto" | "" => Ok(None),
        code => Dialect::from_code(code)
            .map(Some)
            .ok_or_else(|| failure("BadOption", 0, format!("unknown godot {code:?}"))),
    }
}

/// The one value of `bytes` under a reader's options, read by the crate's
/// `frame::read_whole` (detection, and its refusals: ambiguity, several frames, bytes left
/// over).
fn read_one<'a>(bytes: &'a [u8], read: &Read) -> Result<VariantRef<'a>, Failure> {
    frame::read_whole(bytes, read.hints()?, &read.parse)
        .map(|whole| whole.value)
        .map_err(|e| whole_failure(&e))
}

fn style_of(style: &str, value: &VariantRef<'_>) -> Result<TextStyle, Failure> {
    Ok(match style {
        "" => TextStyle::for_dialect(value.dialect()),
        "3.2" => TextStyle::Godot32,
        "3.6" => TextStyle::Godot36,
        "4" => TextStyle::Godot4,
        "pm-a" => TextStyle::PandemoniumA,
        "pm-b" => TextStyle::PandemoniumB,
        "pm-c" => TextStyle::PandemoniumC,
        other => return Err(failure("BadOption", 0, format!("unknown style {other:?}"))),
    })
}

/// The engine's text of the value in `bytes`.
#[wasm_bindgen(js_name = toText)]
pub fn to_text(bytes: &[u8], options: &JsValue, style: &str) -> Result<String, Failure> {
    let read = options::read(options)?;
    let bytes = container::plain(bytes, &read)?;
    text_of(read_one(&bytes, &read)?, style)
}

/// The engine's text of `value` (`style` as `toText` takes it; `""`: the value's dialect).
pub(crate) fn text_of(value: VariantRef<'_>, style: &str) -> Result<String, Failure> {
    let style = style_of(style, &value)?;
    let mut out = Vec::new();
    gdvariant::text::write(&mut out, value, &WriteOptions::new().style(style))
        .map_err(|e| failure("Io", 0, e.to_string()))?;
    String::from_utf8(out).map_err(|e| failure("InvalidUtf8", 0, e.to_string()))
}

/// The crate's lossless JSON of `value`, or with `plain` its plain JSON.
pub(crate) fn json_of(value: VariantRef<'_>, plain: bool) -> Result<String, Failure> {
    let mut out = Vec::new();
    let options = gdvariant::json::WriteOptions::default();
    let written = if plain {
        gdvariant::json::plain::write(&mut out, value, &options)
    } else {
        gdvariant::json::write(&mut out, value, &options)
    };
    written.map_err(|e| failure("Io", 0, e.to_string()))?;
    String::from_utf8(out).map_err(|e| failure("InvalidUtf8", 0, e.to_string()))
}

/// The crate's lossless JSON (or plain JSON) of the value in `bytes`, after its container
/// is opened.
#[wasm_bindgen(js_name = toJSON)]
pub fn to_json(bytes: &[u8], options: &JsValue, plain: bool) -> Result<String, Failure> {
    let read = options::read(options)?;
    let bytes = container::plain(bytes, &read)?;
    let value = read_one(&bytes, &read)?;
    json_of(value, plain)
}

/// The JavaScript value of the value in `bytes` (after its container is opened):
/// `make(kind, a, b, c)` makes the package's classes.
#[wasm_bindgen]
pub fn loads(
    bytes: &[u8],
    options: &JsValue,
    bigint: bool,
    objects: bool,
    make: &Function,
) -> Result<JsValue, JsValue> {
    let read = options::read(options)?;
    let bytes = container::plain(bytes, &read)?;
    let value = read_one(&bytes, &read)?;
    loads::to_js(&value, make, loads::Mapping { bigint, objects })
}

/// The engine's bytes for `value` in `godot` (`"3"`, `"4"`, `"pm-a"`, …), with a u32
/// length first when `prefixed`. `kind_of(value)` names a JavaScript object's kind.
/// Raises a `TypeError` for a value no Godot type holds, an `EncodeError` (`kind`
/// `"EncodeError"`) for one the dialect cannot hold.
#[wasm_bindgen]
pub fn dumps(
    value: &JsValue,
    godot: &str,
    prefixed: bool,
    bigint: bool,
    kind_of: &Function,
) -> Result<Vec<u8>, JsValue> {
    let dialect = match godot {
        "auto" | "" => Dialect::Godot4,
        other => dialect_of(other)?.unwrap_or(Dialect::Godot4),
    };
    let mut body = Vec::new();
    let encoder = dumps::Encoder {
        kind_of,
        dialect,
        bigint,
    };
    let start = if prefixed { 4 } else { 0 };
    body.resize(start, 0);
    let result = encoder.write(value, gdvariant::Builder::new(&mut body, dialect), 0);
    match result {
        Ok(()) => {}
        Err(dumps::Fail::Type(m)) => return Err(js_sys::TypeError::new(&m).into()),
        Err(dumps::Fail::Build(e)) => return Err(failure("EncodeError", 0, e.to_string()).into()),
        Err(dumps::Fail::Js(e)) => return Err(e),
    }
    if prefixed {
        let len = u32::try_from(body.len() - 4)
            .map_err(|_| failure("EncodeError", 0, "the value is over 4 GiB".into()))?;
        body[..4].copy_from_slice(&PrefixOrder::Little.encode(len));
    }
    Ok(body)
}

/// The dialect to write in: `"auto"` is Godot 4.
fn write_dialect(godot: &str) -> Result<Dialect, Failure> {
    Ok(dialect_of(godot)?.unwrap_or(Dialect::Godot4))
}

/// The bytes of the engine's text form `text` (`kind` `"SyntaxError"`, `offset` in the text).
#[wasm_bindgen(js_name = fromText)]
pub fn from_text(text: &str, godot: &str) -> Result<Vec<u8>, Failure> {
    gdvariant::text::read(text, write_dialect(godot)?)
        .map_err(|e| failure("SyntaxError", e.offset(), e.to_string()))
}

/// The bytes of the crate's lossless JSON `json`, or of plain JSON (`plain`: 1 plain, 0
/// lossless, anything else: the form `json::plain::detect` reads). `kind` `"SyntaxError"`,
/// `offset` in the JSON.
#[wasm_bindgen(js_name = fromJSON)]
pub fn from_json(json: &str, godot: &str, plain: u8) -> Result<Vec<u8>, Failure> {
    use gdvariant::json::plain::{self as plain_json, JsonForm};
    let dialect = write_dialect(godot)?;
    let plain = match plain {
        0 => false,
        1 => true,
        _ => plain_json::detect(json.as_bytes()) == JsonForm::Plain,
    };
    let bytes = if plain {
        plain_json::read(json.as_bytes(), dialect)
    } else {
        gdvariant::json::read(json.as_bytes(), dialect)
    };
    bytes.map_err(|e| failure("SyntaxError", e.offset(), e.to_string()))
}
