//! Resources and scenes on the command line (`gdvariant::resource`): telling one from other
//! files by its content, and reading it into the one model, a `Document`.
//!
//! A file is a binary resource when it starts with `RSRC` (or `RSCC`, compressed), and a
//! text resource or scene when its first line that is neither blank nor a `;` comment
//! starts with `[gd_resource` or `[gd_scene`; the extension does not matter. Such a file
//! that does not read is malformed (exit code 4, with its offset, or line and column).

use gdvariant::resource::{BinaryOptions, Document, ResourceOptions, TextResource};
use gdvariant::text::TextStyle;
use gdvariant::Dialect;

use crate::context::Failure;

/// What the file was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `.tres` / `.tscn` text.
    Text,
    /// `.res` / `.scn` binary (`RSRC`).
    Binary,
    /// Compressed binary (`RSCC`).
    Compressed,
}

/// A resource or scene read from the input.
pub struct ResourceInput {
    /// The document.
    pub doc: Document,
    /// The text file as read, with where each value is (text files only: edits use it).
    pub text: Option<TextResource>,
    /// Text, binary or compressed.
    pub kind: Kind,
    /// The engine's text style for this file (Godot 3.2 for files of Godot 3.0–3.4).
    pub style: TextStyle,
    /// The input's name, for messages.
    pub name: String,
}

impl ResourceInput {
    /// `Godot 4 text scene`, `Godot 3 binary resource`, …
    pub fn describe(&self) -> String {
        let engine = match self.doc.dialect {
            Dialect::Godot3 => "Godot 3",
            _ => "Godot 4",
        };
        let kind = match self.kind {
            Kind::Text => "text",
            Kind::Binary => "binary",
            Kind::Compressed => "compressed binary",
        };
        let what = match self.doc.kind {
            gdvariant::resource::DocKind::Scene => "scene",
            gdvariant::resource::DocKind::Resource => "resource",
        };
        format!("{engine} {kind} {what}")
    }

    /// The document as a text resource (the file itself for a text file; the engine's
    /// `.tres` text of the document for a binary one), for paths.
    pub fn as_text(&self) -> Result<TextResource, Failure> {
        if let Some(text) = &self.text {
            return Ok(text.clone());
        }
        let options = ResourceOptions::new().style(Some(self.style));
        TextResource::parse_with(&self.doc.to_text_with(self.style), &options)
            .map_err(|e| Failure::Input(format!("{}: {e}", self.name)))
    }
}

/// Whether `data` starts like a resource or scene (see the module's docs).
pub fn looks_like_resource(data: &[u8]) -> Option<Kind> {
    if data.starts_with(b"RSRC") {
        return Some(Kind::Binary);
    }
    if data.starts_with(b"RSCC") {
        return Some(Kind::Compressed);
    }
    let data = data.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(data);
    let mut rest = data;
    loop {
        let start = rest.iter().position(|c| !c.is_ascii_whitespace())?;
        rest = rest.get(start..)?;
        if rest.first() == Some(&b';') {
            let end = memchr_newline(rest)?;
            rest = rest.get(end..)?;
            continue;
        }
        return (rest.starts_with(b"[gd_resource") || rest.starts_with(b"[gd_scene"))
            .then_some(Kind::Text);
    }
}

fn memchr_newline(b: &[u8]) -> Option<usize> {
    b.iter().position(|&c| c == b'\n').map(|n| n + 1)
}

/// The input as a resource or scene, when it is one; `None` otherwise. `style` (from
/// `--text-style`) overrides the file's engine style for text files.
pub fn detect(
    name: &str,
    data: &[u8],
    style: Option<TextStyle>,
) -> Result<Option<ResourceInput>, Failure> {
    let Some(kind) = looks_like_resource(data) else {
        return Ok(None);
    };
    let malformed = |what: String| Failure::Input(format!("{name}: malformed resource: {what}"));
    let input = match kind {
        Kind::Text => {
            let options = ResourceOptions::new().style(style);
            let text =
                TextResource::from_bytes(data, &options).map_err(|e| malformed(e.to_string()))?;
            let doc = text.document().clone();
            ResourceInput {
                style: text.style(),
                doc,
                text: Some(text),
                kind,
                name: name.to_string(),
            }
        }
        Kind::Binary | Kind::Compressed => {
            let options = BinaryOptions::new();
            let unpacked = gdvariant::resource::decompress(data, &options)
                .map_err(|e| malformed(e.to_string()))?;
            let res = unpacked
                .parse(&options)
                .map_err(|e| malformed(e.to_string()))?;
            let doc = res.to_document().map_err(|e| malformed(e.to_string()))?;
            let header = res.header;
            let engine_style = match (header.engine_major, header.engine_minor) {
                (0..=3, 0..=4) => TextStyle::Godot32,
                (0..=3, _) => TextStyle::Godot36,
                _ => TextStyle::Godot4,
            };
            ResourceInput {
                doc,
                text: None,
                kind,
                style: style.unwrap_or(engine_style),
                name: name.to_string(),
            }
        }
    };
    Ok(Some(input))
}
