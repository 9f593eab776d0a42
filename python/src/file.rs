//! ConfigFiles, text resources and binary resources (`gdvariant.open_file`) and
//! `gdvariant.scan`: the crate's `host::file`, with Python values in and out.

use gdvariant::container::Secret;
use gdvariant::host::file::{self, FileError, OpenedFile};
use gdvariant::VariantRef;
use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

use crate::container::{container_error, secret};
use crate::context::{decode_error, dialect};
use crate::input::Input;
use crate::packed::Source;
use crate::{decode, encode};

/// The crate's error as a Python exception: a path that names nothing is a `KeyError`,
/// writing back a binary resource a `ValueError`, the rest `DecodeError` (`.offset`;
/// `.kind` "unknown_file", "bad_config", "bad_resource", "bad_binary", or a container's
/// code: "wrong_key", "needs_key", …).
fn error(py: Python<'_>, e: FileError) -> PyErr {
    let message = e.to_string();
    match &e {
        FileError::NoSuchPath(_) => PyKeyError::new_err(message),
        FileError::ReadOnly => PyValueError::new_err(message),
        FileError::Unknown => decode_error(py, "unknown_file", 0, message),
        FileError::Config(_) => decode_error(py, "bad_config", e.offset().unwrap_or(0), message),
        FileError::Resource(_) => {
            decode_error(py, "bad_resource", e.offset().unwrap_or(0), message)
        }
        FileError::Binary(_) => decode_error(py, "bad_binary", e.offset().unwrap_or(0), message),
        FileError::Container(c) => container_error(py, c),
        _ => decode_error(py, "error", e.offset().unwrap_or(0), message),
    }
}

/// The Python value of `value` (as `loads` gives it): its bytes are copied into a `bytes`
/// object first, which packed arrays then view.
fn to_python<'py>(py: Python<'py>, value: VariantRef<'_>) -> PyResult<Bound<'py, PyAny>> {
    let object = PyBytes::new(py, value.encoded());
    let bytes = object.as_bytes();
    let value = VariantRef::parse(bytes, value.dialect())
        .map_err(|e| decode_error(py, "bad_value", e.offset(), e.to_string()))?;
    decode::to_python(&value, &mut Source::new(object.clone().into_any(), bytes))
}

/// A ConfigFile (`.cfg`, plain or encrypted), a text resource or scene (`.tres`,
/// `.tscn`) or a binary one (`.res`, `.scn`, `RSCC` compressed too), opened by
/// `gdvariant.open_file`. Paths: `section/key` for a ConfigFile (`/key` before any
/// header); `name`, `sub:ID/name`, `node:PATH/name`, `ext:ID/attr`, `header/attr` for a
/// resource.
#[pyclass(module = "gdvariant", name = "File")]
pub struct File {
    inner: OpenedFile,
    secret: Option<Secret>,
}

#[pymethods]
impl File {
    /// "config", "text_resource" or "binary_resource".
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind().name()
    }

    /// The engine of its values: 3 or 4.
    #[getter]
    fn godot(&self) -> u8 {
        match self.inner.dialect() {
            gdvariant::Dialect::Godot3 => 3,
            _ => 4,
        }
    }

    /// Whether it is an encrypted ConfigFile (written back encrypted by `to_bytes`).
    #[getter]
    fn encrypted(&self) -> bool {
        self.inner.is_encrypted()
    }

    /// The file's text as written, with the edits made so far (comments kept); None for a
    /// binary resource.
    #[getter]
    fn text(&self) -> Option<&str> {
        self.inner.text()
    }

    /// The value at `path`, as `loads` gives it. KeyError when the path names nothing.
    fn get<'py>(&self, py: Python<'py>, path: &str) -> PyResult<Bound<'py, PyAny>> {
        let value = self.inner.get(path).map_err(|e| error(py, e))?;
        to_python(py, value)
    }

    /// The value at `path` in the engine's text form (`Vector2(1, 2)`).
    /// (`get_text` would clash with the `text` property in pyo3: this is its name.)
    fn literal(&self, py: Python<'_>, path: &str) -> PyResult<String> {
        let value = self.inner.get(path).map_err(|e| error(py, e))?;
        Ok(self.inner.value_text(value))
    }

    /// What the engine writes for it: `ConfigFile.save()`'s text, or `ResourceSaver`'s
    /// `.tres` / `.tscn` text (for a binary resource too: the file as text).
    fn show(&self) -> String {
        self.inner.engine_text()
    }

    /// The file as JSON, each value in the crate's lossless JSON: a ConfigFile as
    /// `{"section": {"key": value}}`, a resource as `{"kind", "header", "sections":
    /// [{"tag", "attrs", "props"}]}`.
    fn to_json(&self) -> String {
        self.inner.to_json()
    }

    /// Sets the value at `path` to the Python value `value` (written in the file's text
    /// form); the rest of the text stays as it was. A binary resource raises ValueError.
    fn set(&mut self, value_path: &str, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let py = value.py();
        let dialect = self.inner.dialect();
        let bytes = encode::to_bytes(value, dialect, false)?;
        let value = VariantRef::parse(&bytes, dialect)
            .map_err(|e| decode_error(py, "bad_value", e.offset(), e.to_string()))?;
        self.inner.set(value_path, value).map_err(|e| error(py, e))
    }

    /// Sets the value at `path` to the text-form literal `text` (`"Vector2(1, 2)"`,
    /// `"SubResource(\"id\")"`), checked and written as it is.
    fn set_text(&mut self, py: Python<'_>, path: &str, text: &str) -> PyResult<()> {
        self.inner.set_text(path, text).map_err(|e| error(py, e))
    }

    /// Removes the entry at `path`; False when there was none.
    fn delete(&mut self, py: Python<'_>, path: &str) -> PyResult<bool> {
        self.inner.delete(path).map_err(|e| error(py, e))
    }

    /// The file's bytes with the edits: a ConfigFile in the container it came in
    /// (encrypted again with the password or key it was opened with), a text resource's
    /// text. A binary resource raises ValueError (writing .res is not in this version:
    /// `show()` gives it as a .tres).
    fn to_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let bytes = self
            .inner
            .to_bytes(self.secret.as_ref())
            .map_err(|e| error(py, e))?;
        Ok(PyBytes::new(py, &bytes))
    }

    /// What loading the file could run or reach: a `gdvariant.ScanReport` (`.runs_code`,
    /// `.findings`: dicts as `gdvariant scan --json` writes them, each with its
    /// `"message"`).
    fn scan<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        scan_report(py, report_parts(&self.inner.scan()))
    }

    fn __repr__(&self) -> String {
        format!("<gdvariant.File {} (Godot {})>", self.kind(), self.godot())
    }
}

/// A `gdvariant._report.ScanReport` of the report's JSON and messages.
fn scan_report<'py>(py: Python<'py>, parts: (String, Vec<String>)) -> PyResult<Bound<'py, PyAny>> {
    py.import("gdvariant._report")?
        .getattr("ScanReport")?
        .call_method1("_from_native", parts)
}

fn report_parts(report: &gdvariant::scan::Report) -> (String, Vec<String>) {
    let messages = report.findings().iter().map(|f| f.to_string()).collect();
    (report.to_json(None), messages)
}

/// Opens bytes-like `data` as a ConfigFile or resource (`gdvariant.open_file` reads a path
/// first). `password=` / `key=` open an encrypted ConfigFile; `godot=` names a
/// ConfigFile's engine (3 or 4; else found from the text).
#[pyfunction]
#[pyo3(signature = (data, *, godot = None, password = None, key = None))]
pub fn _open_file(
    data: &Bound<'_, PyAny>,
    godot: Option<&Bound<'_, PyAny>>,
    password: Option<String>,
    key: Option<&Bound<'_, PyAny>>,
) -> PyResult<File> {
    let py = data.py();
    let godot = godot.map(dialect).transpose()?;
    let secret = secret(password, key)?;
    let input = Input::new(data)?;
    let inner =
        OpenedFile::open(input.bytes(), secret.as_ref(), godot).map_err(|e| error(py, e))?;
    Ok(File { inner, secret })
}

/// What loading bytes-like `data` could run or reach (a ConfigFile, resource or Variant
/// data): a `gdvariant.ScanReport` (`gdvariant.scan` reads a path first).
#[pyfunction]
#[pyo3(signature = (data, *, godot = None, password = None, key = None))]
pub fn _scan<'py>(
    data: &Bound<'py, PyAny>,
    godot: Option<&Bound<'py, PyAny>>,
    password: Option<String>,
    key: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = data.py();
    let godot = godot.map(dialect).transpose()?;
    let secret = secret(password, key)?;
    let input = Input::new(data)?;
    let report =
        file::scan_bytes(input.bytes(), secret.as_ref(), godot).map_err(|e| error(py, e))?;
    scan_report(py, report_parts(&report))
}
