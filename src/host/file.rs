//! A ConfigFile, resource or scene opened from a file's bytes, for the bindings: what
//! kind it is (found from its content), its values by path, its engine text, JSON of it,
//! edits, its bytes back, and what a [`scan`] finds in it. One
//! implementation behind Python's `open_file` and JavaScript's `openFile`.
//!
//! ```
//! use gdvariant::host::file::{FileKind, OpenedFile};
//!
//! let mut file = OpenedFile::open(b"[display]\nwidth=1920 ; px\n", None, None)?;
//! assert_eq!(file.kind(), FileKind::Config);
//! assert_eq!(file.get("display/width")?.as_int(), Some(1920));
//! file.set_text("display/width", "1280")?;
//! assert_eq!(file.to_bytes(None)?, b"[display]\nwidth=1280 ; px\n");
//! # Ok::<(), gdvariant::host::file::FileError>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use crate::config::{looks_like_config, ConfigError, ConfigFile, ConfigOptions};
use crate::container::{self, Container, Layout, OpenOptions, Secret, StreamMode};
use crate::format::json;
use crate::format::text::TextStyle;
use crate::frame::{self, Hints};
use crate::read::value::VariantRef;
use crate::resource::{
    read_document, BinaryError, BinaryOptions, Document, ResourceError, Section, TextResource,
};
use crate::scan::{self, Report};
use crate::wire::dialect::Dialect;

/// What kind of file an [`OpenedFile`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A ConfigFile (`.cfg`, `project.godot`, `.import`), plain or encrypted.
    Config,
    /// A text resource or scene (`.tres`, `.tscn`).
    TextResource,
    /// A binary resource or scene (`.res`, `.scn`, `.mesh`; `RSCC` compressed too).
    BinaryResource,
}

impl FileKind {
    /// `config`, `text_resource`, `binary_resource`.
    pub fn name(self) -> &'static str {
        match self {
            FileKind::Config => "config",
            FileKind::TextResource => "text_resource",
            FileKind::BinaryResource => "binary_resource",
        }
    }
}

/// Why a file does not open, a path names nothing, or an edit cannot be made.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum FileError {
    /// The bytes are no ConfigFile, text resource or binary resource.
    Unknown,
    /// A ConfigFile that does not read, or an edit of one that cannot be made.
    Config(ConfigError),
    /// A text resource that does not read, or an edit of one that cannot be made.
    Resource(ResourceError),
    /// A binary resource that does not read.
    Binary(BinaryError),
    /// An encrypted or compressed container that does not open (no or a wrong secret).
    Container(container::ContainerError),
    /// The path names no value (or, for a ConfigFile, is not `section/key`).
    NoSuchPath(String),
    /// Editing or writing back what this version cannot: binary resources are read-only
    /// (the binary writer is not in this version: write [`OpenedFile::engine_text`], a
    /// `.tres`, instead).
    ReadOnly,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileError::Unknown => f.write_str(
                "not a ConfigFile, a text resource or scene, or a binary resource or scene",
            ),
            FileError::Config(e) => write!(f, "ConfigFile: {e}"),
            FileError::Resource(e) => write!(f, "resource: {e}"),
            FileError::Binary(e) => write!(f, "binary resource: {e}"),
            FileError::Container(e) => write!(f, "{e}"),
            FileError::NoSuchPath(p) => write!(f, "nothing at the path {p:?}"),
            FileError::ReadOnly => f.write_str(
                "binary resources (.res, .scn) cannot be edited or written back in this \
                 version: write the engine text (a .tres / .tscn) instead",
            ),
        }
    }
}

impl FileError {
    /// The byte offset the error is at, when it has one.
    pub fn offset(&self) -> Option<usize> {
        match self {
            FileError::Config(e) => Some(e.offset()),
            FileError::Resource(e) => Some(e.offset()),
            FileError::Binary(e) => Some(e.offset()),
            FileError::Container(e) => Some(e.offset()),
            _ => None,
        }
    }
}

enum Inner {
    Config(ConfigFile),
    Text(TextResource),
    Binary(Document),
}

/// A ConfigFile, text resource or binary resource read from a file's bytes.
pub struct OpenedFile {
    inner: Inner,
}

impl OpenedFile {
    /// Opens a file's bytes: `RSRC`/`RSCC` is a binary resource; a GDEC (encrypted) file
    /// is opened with `secret` and read as a ConfigFile (as `load_encrypted_pass` does);
    /// UTF-8 text whose first line (past blanks and `;` comments) starts `[gd_resource`
    /// or `[gd_scene` is a text resource; text whose first such line is a `[section]`
    /// header or a `key=value` line is a ConfigFile; anything else (notes, JSON, an empty
    /// text, Variant data) is [`FileError::Unknown`]. `dialect` is a
    /// ConfigFile's engine (resources say theirs): `None` finds it (an encrypted file's
    /// layout, else the one dialect that reads the text; both: Godot 3 when the text
    /// spells values as Godot 3 writes them or says `config_version=3`/`4`, else Godot
    /// 4). Validates everything; never panics. Cost: one read of the file (two for a
    /// ConfigFile both dialects read).
    pub fn open(
        bytes: &[u8],
        secret: Option<&Secret>,
        dialect: Option<Dialect>,
    ) -> Result<OpenedFile, FileError> {
        let magic = bytes.get(..4);
        if matches!(magic, Some(b"RSRC") | Some(b"RSCC")) {
            let document =
                read_document(bytes, &BinaryOptions::new()).map_err(FileError::Binary)?;
            return Ok(OpenedFile {
                inner: Inner::Binary(document),
            });
        }
        if magic == Some(b"GDEC") {
            let open = OpenOptions::default()
                .secret(secret.cloned())
                .stream(StreamMode::Plain);
            let opened = container::open(bytes, &open).map_err(FileError::Container)?;
            let dialect = dialect.or(match opened.container() {
                Container::Encrypted {
                    layout: Layout::Godot3,
                } => Some(Dialect::Godot3),
                _ => Some(Dialect::Godot4),
            });
            let options = ConfigOptions::for_dialect(dialect.unwrap_or(Dialect::Godot4));
            let config = ConfigFile::open(bytes, secret, &options).map_err(FileError::Config)?;
            return Ok(OpenedFile {
                inner: Inner::Config(config),
            });
        }
        if bytes.contains(&0) {
            return Err(FileError::Unknown);
        }
        let text = core::str::from_utf8(bytes).map_err(|_| FileError::Unknown)?;
        let line = text
            .lines()
            .map(str::trim)
            .find(|line| !line.is_empty() && !line.starts_with(';'))
            .unwrap_or("");
        if line.starts_with("[gd_resource") || line.starts_with("[gd_scene") {
            let resource = TextResource::parse(text).map_err(FileError::Resource)?;
            return Ok(OpenedFile {
                inner: Inner::Text(resource),
            });
        }
        if !looks_like_config(text) {
            return Err(FileError::Unknown);
        }
        let config = match dialect {
            Some(d) => ConfigFile::parse_with(text, &ConfigOptions::for_dialect(d)),
            None => ConfigFile::parse_either(text).map_err(|(_, e)| e),
        };
        let config = config.map_err(FileError::Config)?;
        Ok(OpenedFile {
            inner: Inner::Config(config),
        })
    }

    /// What kind of file it is. O(1).
    pub fn kind(&self) -> FileKind {
        match self.inner {
            Inner::Config(_) => FileKind::Config,
            Inner::Text(_) => FileKind::TextResource,
            Inner::Binary(_) => FileKind::BinaryResource,
        }
    }

    /// The dialect of its values. O(1).
    pub fn dialect(&self) -> Dialect {
        match &self.inner {
            Inner::Config(c) => c.options().dialect(),
            Inner::Text(r) => r.document().dialect,
            Inner::Binary(d) => d.dialect,
        }
    }

    /// The text style its values are written in. O(1).
    pub fn style(&self) -> TextStyle {
        match &self.inner {
            Inner::Config(c) => c.options().style,
            Inner::Text(r) => r.style(),
            Inner::Binary(d) => TextStyle::for_dialect(d.dialect),
        }
    }

    /// Whether it is a ConfigFile in a GDEC (encrypted) container. O(1).
    pub fn is_encrypted(&self) -> bool {
        match &self.inner {
            Inner::Config(c) => c.container().is_encrypted(),
            _ => false,
        }
    }

    /// The resource or scene's document (`None` for a ConfigFile). O(1).
    pub fn document(&self) -> Option<&Document> {
        match &self.inner {
            Inner::Config(_) => None,
            Inner::Text(r) => Some(r.document()),
            Inner::Binary(d) => Some(d),
        }
    }

    /// The ConfigFile (`None` for a resource). O(1).
    pub fn config(&self) -> Option<&ConfigFile> {
        match &self.inner {
            Inner::Config(c) => Some(c),
            _ => None,
        }
    }

    /// The value at `path`: `section/key` for a ConfigFile (split at the first `/`; the
    /// keys before any header: `/key`), a [`Document::get`] path for a resource.
    /// [`FileError::NoSuchPath`] when it names nothing. O(entries).
    pub fn get(&self, path: &str) -> Result<VariantRef<'_>, FileError> {
        let found = match &self.inner {
            Inner::Config(c) => {
                let (section, key) = split_config_path(path)?;
                c.get(section, key)
            }
            Inner::Text(r) => r.document().get(path),
            Inner::Binary(d) => d.get(path),
        };
        found.ok_or_else(|| FileError::NoSuchPath(String::from(path)))
    }

    /// The file's text with the edits made so far, as written (comments kept); `None`
    /// for a binary resource. O(1).
    pub fn text(&self) -> Option<&str> {
        match &self.inner {
            Inner::Config(c) => Some(c.text()),
            Inner::Text(r) => Some(r.text()),
            Inner::Binary(_) => None,
        }
    }

    /// What the engine writes for it: `ConfigFile.save()`'s text, or `ResourceSaver`'s
    /// `.tres` / `.tscn` text (a binary resource's too). O(file).
    pub fn engine_text(&self) -> String {
        match &self.inner {
            Inner::Config(c) => c.to_engine_text(),
            Inner::Text(r) => r.to_engine_text(),
            Inner::Binary(d) => d.to_text(),
        }
    }

    /// Sets the value at `path` to the text-form literal `literal` (checked), keeping the
    /// rest of the text ([`ConfigFile::set_text`], [`TextResource::set_text`]); a binary
    /// resource is [`FileError::ReadOnly`]. O(file).
    pub fn set_text(&mut self, path: &str, literal: &str) -> Result<(), FileError> {
        match &mut self.inner {
            Inner::Config(c) => {
                let (section, key) = split_config_path(path)?;
                c.set_text(section, key, literal).map_err(FileError::Config)
            }
            Inner::Text(r) => r.set_text(path, literal).map_err(FileError::Resource),
            Inner::Binary(_) => Err(FileError::ReadOnly),
        }
    }

    /// `value` in the file's text form, as its saver writes it (in a resource,
    /// references as `SubResource("id")`). O(value).
    pub fn value_text(&self, value: VariantRef<'_>) -> String {
        match self.document() {
            Some(doc) => doc.value_text(value, self.style()),
            None => value.text(self.style()).to_string(),
        }
    }

    /// Sets the value at `path` to `value`, written in the file's text form
    /// ([`OpenedFile::value_text`]; a value of the other dialect, or one the text form
    /// cannot hold, is the reader's error). O(file).
    pub fn set(&mut self, path: &str, value: VariantRef<'_>) -> Result<(), FileError> {
        let literal = self.value_text(value);
        self.set_text(path, &literal)
    }

    /// Removes the entry at `path` (its line); `false` when there was none. A binary
    /// resource is [`FileError::ReadOnly`]. O(file).
    pub fn delete(&mut self, path: &str) -> Result<bool, FileError> {
        match &mut self.inner {
            Inner::Config(c) => {
                let (section, key) = split_config_path(path)?;
                c.delete(section, key).map_err(FileError::Config)
            }
            Inner::Text(r) => r.delete(path).map_err(FileError::Resource),
            Inner::Binary(_) => Err(FileError::ReadOnly),
        }
    }

    /// The file's bytes with the edits: a ConfigFile in the container it came in
    /// (encrypted again with `secret`, which an encrypted one needs), a text resource's
    /// text. A binary resource is [`FileError::ReadOnly`]. O(file).
    pub fn to_bytes(&self, secret: Option<&Secret>) -> Result<Vec<u8>, FileError> {
        match &self.inner {
            Inner::Config(c) => c.to_file(secret).map_err(FileError::Config),
            Inner::Text(r) => Ok(r.text().as_bytes().to_vec()),
            Inner::Binary(_) => Err(FileError::ReadOnly),
        }
    }

    /// The file as JSON, each value in the crate's lossless JSON ([`json::write`]): a
    /// ConfigFile as `{"section": {"key": value, …}, …}` in the engine's order; a
    /// resource as `{"kind": "resource"|"scene", "header": {attr: value, …},
    /// "sections": [{"tag": …, "attrs": {…}, "props": {…}}, …]}`. O(file).
    pub fn to_json(&self) -> String {
        let mut out = Vec::new();
        match &self.inner {
            Inner::Config(c) => {
                out.push(b'{');
                for (i, section) in c.sections().enumerate() {
                    if i > 0 {
                        out.push(b',');
                    }
                    string(&mut out, section);
                    out.extend_from_slice(b":{");
                    let mut first = true;
                    for key in c.keys(section) {
                        if let Some(value) = c.get(section, key) {
                            if !first {
                                out.push(b',');
                            }
                            first = false;
                            string(&mut out, key);
                            out.push(b':');
                            value_json(&mut out, value);
                        }
                    }
                    out.push(b'}');
                }
                out.push(b'}');
            }
            Inner::Text(r) => document_json(&mut out, r.document()),
            Inner::Binary(d) => document_json(&mut out, d),
        }
        String::from_utf8(out).unwrap_or_default()
    }

    /// What loading it could run or reach ([`scan::scan_config`],
    /// [`scan::scan_document`]). O(file).
    pub fn scan(&self) -> Report {
        match &self.inner {
            Inner::Config(c) => scan::scan_config(c),
            Inner::Text(r) => scan::scan_document(r.document()),
            Inner::Binary(d) => scan::scan_document(d),
        }
    }
}

/// A ConfigFile path: `section/key`, split at the first `/` (the key may hold more).
fn split_config_path(path: &str) -> Result<(&str, &str), FileError> {
    path.split_once('/')
        .filter(|(_, key)| !key.is_empty())
        .ok_or_else(|| FileError::NoSuchPath(String::from(path)))
}

fn string(out: &mut Vec<u8>, text: &str) {
    json::write_string(out, text);
}

fn value_json(out: &mut Vec<u8>, value: VariantRef<'_>) {
    if json::write(out, value, &json::WriteOptions::new()).is_err() {
        out.extend_from_slice(b"null");
    }
}

fn entries_json(out: &mut Vec<u8>, entries: &[crate::resource::Entry], dialect: Dialect) {
    out.push(b'{');
    let mut first = true;
    for entry in entries {
        let Some(value) = entry.get(dialect) else {
            continue;
        };
        if !first {
            out.push(b',');
        }
        first = false;
        string(out, &entry.name);
        out.push(b':');
        value_json(out, value);
    }
    out.push(b'}');
}

fn section_json(out: &mut Vec<u8>, section: &Section, dialect: Dialect) {
    out.extend_from_slice(b"{\"tag\":");
    string(out, &section.tag);
    out.extend_from_slice(b",\"attrs\":");
    entries_json(out, &section.attrs, dialect);
    out.extend_from_slice(b",\"props\":");
    entries_json(out, &section.props, dialect);
    out.push(b'}');
}

fn document_json(out: &mut Vec<u8>, doc: &Document) {
    out.extend_from_slice(match doc.kind {
        crate::resource::DocKind::Resource => b"{\"kind\":\"resource\",\"header\":",
        crate::resource::DocKind::Scene => b"{\"kind\":\"scene\",\"header\":",
    });
    entries_json(out, &doc.header.attrs, doc.dialect);
    out.extend_from_slice(b",\"sections\":[");
    for (i, section) in doc.sections.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        section_json(out, section, doc.dialect);
    }
    out.extend_from_slice(b"]}");
}

/// What loading `bytes` could run or reach, whatever they are: a ConfigFile or resource
/// ([`OpenedFile::open`], with `secret` for an encrypted one), else Variant data (one
/// value or store_var frames, a GCPF/GDEC container opened first; the dialect `dialect`,
/// or detected as [`frame::detect`] does). An input none of them reads is the error of
/// the file reading ([`FileError::Unknown`] for bytes that look like no file). O(input).
pub fn scan_bytes(
    bytes: &[u8],
    secret: Option<&Secret>,
    dialect: Option<Dialect>,
) -> Result<Report, FileError> {
    let looks_like_file = matches!(bytes.get(..4), Some(b"RSRC" | b"RSCC" | b"GDEC"))
        || (!bytes.contains(&0) && core::str::from_utf8(bytes).is_ok());
    match OpenedFile::open(bytes, secret, dialect) {
        Ok(file) => return Ok(file.scan()),
        Err(FileError::Unknown) => {}
        Err(e) if looks_like_file && !matches!(bytes.get(..4), Some(b"GDEC")) => return Err(e),
        Err(_) => {}
    }
    let open = OpenOptions::default().secret(secret.cloned());
    let opened = container::open(bytes, &open).map_err(FileError::Container)?;
    let hints = Hints {
        dialect,
        prefixed: None,
    };
    let detected = frame::detect(opened.bytes(), hints).map_err(|_| FileError::Unknown)?;
    let mut report = Report::new();
    let multi = detected.reading.prefix.is_some() && detected.values().count() > 1;
    for (i, value) in detected.values().enumerate() {
        report.add_variant(value, multi.then_some(i));
    }
    Ok(report)
}
