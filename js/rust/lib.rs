//! WebAssembly bindings of `gdvariant` for the `gdvariant` npm package (issue 24, phase 1:
//! the text and JSON forms). Every byte is read by the crate; JavaScript only maps values.

use gdvariant::frame::{self, Hints, PrefixOrder};
use gdvariant::text::{TextStyle, WriteOptions};
use gdvariant::{Dialect, ParseOptions, VariantRef};
use js_sys::Function;

mod dumps;
mod loads;
use wasm_bindgen::prelude::*;

/// A decode failure: `kind` names it, `offset` is where it is in the input.
#[wasm_bindgen]
pub struct Failure {
    kind: String,
    offset: usize,
    message: String,
}

#[wasm_bindgen]
impl Failure {
    /// The error's kind (the crate's `ErrorKind` name).
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.kind.clone()
    }
    /// The byte offset of the problem.
    #[wasm_bindgen(getter)]
    pub fn offset(&self) -> usize {
        self.offset
    }
    /// The message.
    #[wasm_bindgen(getter)]
    pub fn message(&self) -> String {
        self.message.clone()
    }
}

fn failure(kind: &str, offset: usize, message: String) -> Failure {
    Failure {
        kind: kind.to_owned(),
        offset,
        message,
    }
}

fn dialect_of(godot: &str) -> Result<Option<Dialect>, Failure> {
    Ok(match godot {
        "auto" | "" => None,
        "3" => Some(Dialect::Godot3),
        "4" => Some(Dialect::Godot4),
        "pm-a" => Some(Dialect::PandemoniumA),
        "pm-b" => Some(Dialect::PandemoniumB),
        "pm-c" => Some(Dialect::PandemoniumC),
        other => return Err(failure("BadOption", 0, format!("unknown godot {other:?}"))),
    })
}

/// `prefixed`: 0 no, 1 yes, anything else detect.
fn parse<'a>(bytes: &'a [u8], godot: &str, prefixed: u8) -> Result<VariantRef<'a>, Failure> {
    parse_with(bytes, godot, prefixed, &ParseOptions::default())
}

/// [`parse`] with the caller's limits: the whole input as one value, read by the crate's
/// `frame::read_whole` (detection, and its refusals: ambiguity, several frames, bytes left
/// over).
fn parse_with<'a>(
    bytes: &'a [u8],
    godot: &str,
    prefixed: u8,
    options: &ParseOptions,
) -> Result<VariantRef<'a>, Failure> {
    let hints = Hints {
        dialect: dialect_of(godot)?,
        prefixed: match prefixed {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        },
    };
    frame::read_whole(bytes, hints, options)
        .map(|whole| whole.value)
        .map_err(|e| failure(e.code(), e.offset(), e.to_string()))
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
pub fn to_text(bytes: &[u8], godot: &str, prefixed: u8, style: &str) -> Result<String, Failure> {
    let value = parse(bytes, godot, prefixed)?;
    let style = style_of(style, &value)?;
    let mut out = Vec::new();
    gdvariant::text::write(&mut out, value, &WriteOptions::new().style(style))
        .map_err(|e| failure("Io", 0, e.to_string()))?;
    String::from_utf8(out).map_err(|e| failure("InvalidUtf8", 0, e.to_string()))
}

/// The crate's lossless JSON of the value in `bytes`.
#[wasm_bindgen(js_name = toJSON)]
pub fn to_json(bytes: &[u8], godot: &str, prefixed: u8) -> Result<String, Failure> {
    let value = parse(bytes, godot, prefixed)?;
    let mut out = Vec::new();
    gdvariant::json::write(&mut out, value, &gdvariant::json::WriteOptions::default())
        .map_err(|e| failure("Io", 0, e.to_string()))?;
    String::from_utf8(out).map_err(|e| failure("InvalidUtf8", 0, e.to_string()))
}

/// The JavaScript value of the value in `bytes`: `make(kind, a, b, c)` makes the package's
/// classes. `max_depth` above 65535 is 65535.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn loads(
    bytes: &[u8],
    godot: &str,
    prefixed: u8,
    allow_objects: bool,
    max_depth: u32,
    bigint: bool,
    objects: bool,
    make: &Function,
) -> Result<JsValue, JsValue> {
    let depth = u16::try_from(max_depth).unwrap_or(u16::MAX);
    let options = ParseOptions::new()
        .allow_full_objects(allow_objects)
        .max_depth(depth);
    let value = parse_with(bytes, godot, prefixed, &options)?;
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
    kind_of: &Function,
) -> Result<Vec<u8>, JsValue> {
    let dialect = match godot {
        "auto" | "" => Dialect::Godot4,
        other => dialect_of(other)?.unwrap_or(Dialect::Godot4),
    };
    let mut body = Vec::new();
    let encoder = dumps::Encoder { kind_of, dialect };
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
    gdvariant::text::to_bytes(text, write_dialect(godot)?)
        .map_err(|e| failure("SyntaxError", e.offset(), e.to_string()))
}

/// The bytes of the crate's lossless JSON `json` (`kind` `"SyntaxError"`, `offset` in the JSON).
#[wasm_bindgen(js_name = fromJSON)]
pub fn from_json(json: &str, godot: &str) -> Result<Vec<u8>, Failure> {
    gdvariant::json::to_bytes(json.as_bytes(), write_dialect(godot)?)
        .map_err(|e| failure("SyntaxError", e.offset(), e.to_string()))
}
