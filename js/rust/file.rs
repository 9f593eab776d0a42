//! `openFile(bytes)`: a ConfigFile, text resource or binary resource (the crate's
//! `host::file`), and `scan(bytes)`. Values cross as `var_to_bytes` bytes: the package
//! turns them into JavaScript values with `loads` and back with `dumps`.

use gdvariant::container::Secret;
use gdvariant::host::file::{self, FileError, OpenedFile};
use gdvariant::scan::Report;
use gdvariant::VariantRef;
use wasm_bindgen::prelude::*;

use crate::{container, dialect_of, failure, options, Failure};

/// The crate's error as a failure: `NotFound` (a PathError) for a path that names
/// nothing, `ReadOnly` for an edit of a binary resource, `NotAFile`, `BadConfig`,
/// `BadResource`, `BadBinary` for what does not read (offset in the file), a container's
/// own kinds (`WrongKey`, `NeedsKey`, …).
fn file_failure(e: FileError) -> Failure {
    let offset = e.offset().unwrap_or(0);
    let message = e.to_string();
    match &e {
        FileError::NoSuchPath(_) => failure("NotFound", 0, message),
        FileError::ReadOnly => failure("ReadOnly", 0, message),
        FileError::Unknown => failure("NotAFile", 0, message),
        FileError::Config(_) => failure("BadConfig", offset, message),
        FileError::Resource(_) => failure("BadResource", offset, message),
        FileError::Binary(_) => failure("BadBinary", offset, message),
        FileError::Container(c) => container::error(c),
        _ => failure("BadFile", offset, message),
    }
}

/// A ConfigFile, text resource or binary resource opened from a file's bytes.
#[wasm_bindgen]
pub struct OpenFile {
    inner: OpenedFile,
    secret: Option<Secret>,
}

#[wasm_bindgen]
impl OpenFile {
    /// `"config"`, `"text_resource"` or `"binary_resource"`.
    #[wasm_bindgen(getter)]
    pub fn kind(&self) -> String {
        self.inner.kind().name().into()
    }

    /// The dialect's code: `"3"` or `"4"`.
    #[wasm_bindgen(getter)]
    pub fn godot(&self) -> String {
        self.inner.dialect().code().into()
    }

    /// Whether it is an encrypted ConfigFile.
    #[wasm_bindgen(getter)]
    pub fn encrypted(&self) -> bool {
        self.inner.is_encrypted()
    }

    /// The text as written, with the edits (`undefined` for a binary resource).
    #[wasm_bindgen(getter)]
    pub fn text(&self) -> Option<String> {
        self.inner.text().map(String::from)
    }

    /// The `var_to_bytes` bytes of the value at `path`.
    #[wasm_bindgen(js_name = getBytes)]
    pub fn get_bytes(&self, path: &str) -> Result<Vec<u8>, Failure> {
        Ok(self
            .inner
            .get(path)
            .map_err(file_failure)?
            .encoded()
            .to_vec())
    }

    /// The value at `path` in the file's text form.
    #[wasm_bindgen(js_name = getText)]
    pub fn get_text(&self, path: &str) -> Result<String, Failure> {
        let value = self.inner.get(path).map_err(file_failure)?;
        Ok(self.inner.value_text(value))
    }

    /// What the engine writes for the file (a binary resource: as `.tres` text).
    pub fn show(&self) -> String {
        self.inner.engine_text()
    }

    /// The file as JSON (values in the crate's lossless JSON).
    #[wasm_bindgen(js_name = toJSON)]
    pub fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// Sets `path` to the value whose `var_to_bytes` bytes (in the file's dialect) are
    /// `value`.
    pub fn set(&mut self, path: &str, value: &[u8]) -> Result<(), Failure> {
        let dialect = self.inner.dialect();
        let value = VariantRef::parse(value, dialect)
            .map_err(|e| failure(e.kind().code(), e.offset(), e.to_string()))?;
        self.inner.set(path, value).map_err(file_failure)
    }

    /// Sets `path` to the text-form literal `text`.
    #[wasm_bindgen(js_name = setText)]
    pub fn set_text(&mut self, path: &str, text: &str) -> Result<(), Failure> {
        self.inner.set_text(path, text).map_err(file_failure)
    }

    /// Removes the entry at `path`; false when there was none.
    pub fn delete(&mut self, path: &str) -> Result<bool, Failure> {
        self.inner.delete(path).map_err(file_failure)
    }

    /// The file's bytes with the edits (an encrypted ConfigFile encrypted again).
    #[wasm_bindgen(js_name = toBytes)]
    pub fn to_bytes(&self) -> Result<Vec<u8>, Failure> {
        self.inner
            .to_bytes(self.secret.as_ref())
            .map_err(file_failure)
    }

    /// The scan report's JSON (`scanMessages` gives each finding's line).
    #[wasm_bindgen(js_name = scanJSON)]
    pub fn scan_json(&self) -> String {
        self.inner.scan().to_json(None)
    }

    /// Each finding's message, in the report's order.
    #[wasm_bindgen(js_name = scanMessages)]
    pub fn scan_messages(&self) -> Vec<String> {
        messages(&self.inner.scan())
    }
}

fn messages(report: &Report) -> Vec<String> {
    report.findings().iter().map(|f| f.to_string()).collect()
}

/// Opens `bytes` (`options`: `password` or `key`, `godot` for a ConfigFile's engine).
#[wasm_bindgen(js_name = openFile)]
pub fn open_file(bytes: &[u8], options: &JsValue) -> Result<OpenFile, Failure> {
    let secret = options::secret(options)?;
    let godot = options::read(options)?.godot;
    let inner =
        OpenedFile::open(bytes, secret.as_ref(), dialect_of(&godot)?).map_err(file_failure)?;
    Ok(OpenFile { inner, secret })
}

/// The scan report of `bytes` as `[json, messages]`.
#[wasm_bindgen(js_name = scanFile)]
pub fn scan_file(bytes: &[u8], options: &JsValue) -> Result<js_sys::Array, Failure> {
    let secret = options::secret(options)?;
    let godot = options::read(options)?.godot;
    let report =
        file::scan_bytes(bytes, secret.as_ref(), dialect_of(&godot)?).map_err(file_failure)?;
    let out = js_sys::Array::new();
    out.push(&JsValue::from_str(&report.to_json(None)));
    let list = js_sys::Array::new();
    for m in messages(&report) {
        list.push(&JsValue::from_str(&m));
    }
    out.push(&list);
    Ok(out)
}
