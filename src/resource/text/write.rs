//! What `ResourceSaver.save` writes for a document (`ResourceFormatSaverTextInstance::save`).
//!
//! * Every tag on its own line: `[tag` and ` name=value` per attribute, then `]`. Values
//!   are the text form of the document's [`TextStyle`] with references written as the
//!   saver writes them (`SubResource("id")`, Godot 3's `SubResource( 1 )`), except where
//!   the saver pastes text of its own: the strings of `[ext_resource]`, `[sub_resource]`
//!   and the header go in quotes as they are; a node's `name`, `parent` and `owner`, and
//!   (Godot 4) a connection's `signal`, `from`, `to`, `method` and an `[editable]` path are
//!   C-escaped (`\'`, `\n`, …), Godot 3's connections and editables as they are; a node's
//!   `groups` are `["a", "b"]` (Godot 3.2: `[\n"a",\n"b",\n]`); a connection's `binds`
//!   follows `binds= ` (a space after the `=`).
//! * Property lines `name = value`, the name quoted when odd (`property_name_encode`).
//! * The header is followed by a blank line; every other section too, except that
//!   consecutive `[ext_resource]`, `[connection]` and `[editable]` tags are not separated,
//!   and Godot 3.2 puts no blank line before the first `[connection]`. The file ends with
//!   the last line's `\n`.
//! * Godot 4 writes byte arrays as base64 (`PackedByteArray("AAF/")`) in a `format=4`
//!   file, as numbers in a `format=3` one.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use crate::format::text::{resource_text, ResourceMode, TextStyle};
use crate::read::value::VariantRef;
use crate::resource::model::{Document, Entry, Section};
use crate::wire::types::VariantType;

impl Document {
    /// The engine's own `.tres` / `.tscn` text for this document, as `ResourceSaver.save`
    /// writes it, in the newest style of the document's dialect
    /// ([`TextStyle::for_dialect`]: Godot 3.5+'s text for Godot 3 documents). Written
    /// from the document alone (a document read from a binary file writes as the engine
    /// would save that resource as text); a file the engine saved, read with
    /// [`TextResource`](super::TextResource), writes back to itself byte for byte. Values
    /// whose bytes do not parse are skipped. Cost: O(output).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let text = "[gd_resource type=\"Resource\"  format=3]\n; hand-written\n[resource]\nsub=SubResource( \"a\" )\n";
    /// let doc = TextResource::parse(text)?.into_document();
    /// assert_eq!(doc.to_text(), "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nsub = SubResource(\"a\")\n");
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn to_text(&self) -> String {
        self.to_text_with(TextStyle::for_dialect(self.dialect))
    }

    /// [`Document::to_text`] in a given engine's style (of the document's dialect; a
    /// style of the other dialect writes the document's type names in that style's
    /// layout, which no engine reads). Same costs.
    pub fn to_text_with(&self, style: TextStyle) -> String {
        let mut w = DocWriter {
            out: String::new(),
            style,
            mode: ResourceMode {
                refs: true,
                base64_bytes: style == TextStyle::Godot4 && format(self) >= Some(4),
            },
            doc: self,
            ext: ext_resources(self),
        };
        w.tag(&self.header);
        let mut previous = self.header.tag.as_str();
        for section in &self.sections {
            let tag = section.tag.as_str();
            let grouped =
                previous == tag && matches!(tag, "ext_resource" | "connection" | "editable");
            let g32_connections = style == TextStyle::Godot32 && tag == "connection";
            if !grouped && !g32_connections {
                w.out.push('\n');
            }
            w.tag(section);
            for prop in &section.props {
                w.prop(prop);
            }
            previous = tag;
        }
        w.out
    }
}

impl Document {
    /// One value of this document in its text form as the saver writes a property of it
    /// in `style`: references as `SubResource("id")` (Godot 3: `SubResource( 1 )`), byte
    /// arrays as the file's `format=` has them. For showing a value, or editing one with
    /// [`TextResource::set_text`](super::TextResource::set_text). Cost: O(value +
    /// `ext_resource` sections).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let res = TextResource::parse("[gd_resource format=3]\n[resource]\nsub = SubResource(\"a\")\n")?;
    /// let doc = res.document();
    /// assert_eq!(doc.value_text(doc.get("sub").unwrap(), res.style()), "SubResource(\"a\")");
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn value_text(&self, value: VariantRef<'_>, style: TextStyle) -> String {
        let mode = ResourceMode {
            refs: true,
            base64_bytes: style == TextStyle::Godot4 && format(self) >= Some(4),
        };
        let ext = ext_resources(self);
        let mut out = String::new();
        let _ = write!(out, "{}", resource_text(value, style, mode, &ext));
        out
    }
}

/// `(id as written, path)` of each `[ext_resource]` of `doc`.
fn ext_resources(doc: &Document) -> Vec<(String, String)> {
    doc.sections_tagged("ext_resource")
        .filter_map(|s| {
            let value = |name: &str| VariantRef::parse(s.attr(name)?, doc.dialect).ok();
            let id = value("id")?;
            let id = match id.as_str() {
                Some(text) => String::from(text),
                None => alloc::format!("{}", id.as_int()?),
            };
            let path = String::from(value("path")?.as_str()?);
            Some((id, path))
        })
        .collect()
}

/// The header's `format=` as an int.
fn format(doc: &Document) -> Option<i64> {
    let bytes = doc.header.attr("format")?;
    VariantRef::parse(bytes, doc.dialect).ok()?.as_int()
}

/// How a string attribute is written.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Quote {
    /// `"` + the text + `"` (the saver pastes it).
    Raw,
    /// `"` + `c_escape` + `"`.
    CEscape,
    /// The text form's own (`c_escape_multiline`).
    Value,
}

struct DocWriter<'d> {
    out: String,
    style: TextStyle,
    mode: ResourceMode,
    doc: &'d Document,
    /// `(id, path)` of each `[ext_resource]`: typed containers name scripts by id.
    ext: Vec<(String, String)>,
}

impl DocWriter<'_> {
    fn value(&mut self, value: VariantRef<'_>) {
        // Writing to a String does not fail.
        let text = resource_text(value, self.style, self.mode, &self.ext);
        let _ = write!(self.out, "{text}");
    }

    fn tag(&mut self, section: &Section) {
        self.out.push('[');
        self.out.push_str(&section.tag);
        for attr in &section.attrs {
            let Some(value) = attr.get(self.doc.dialect) else {
                continue;
            };
            self.out.push(' ');
            self.out.push_str(&attr.name);
            self.out.push('=');
            self.attr(&section.tag, &attr.name, value);
        }
        self.out.push_str("]\n");
    }

    fn attr(&mut self, tag: &str, name: &str, value: VariantRef<'_>) {
        let g4 = self.style == TextStyle::Godot4;
        if tag == "node" && name == "groups" && self.groups(value) {
            return;
        }
        if tag == "connection" && name == "binds" {
            self.out.push(' ');
        }
        let quote = match (tag, name) {
            ("node", "name" | "parent" | "owner") => Quote::CEscape,
            ("connection", "signal" | "from" | "to" | "method") | ("editable", "path") => {
                if g4 {
                    Quote::CEscape
                } else {
                    Quote::Raw
                }
            }
            ("ext_resource" | "sub_resource" | "gd_resource" | "gd_scene", _) => Quote::Raw,
            ("node", "type" | "index") => Quote::Raw,
            _ => Quote::Value,
        };
        match value.as_str().filter(|_| value.ty() == VariantType::String) {
            Some(text) if quote != Quote::Value => {
                self.out.push('"');
                if quote == Quote::CEscape {
                    c_escape(&mut self.out, text, self.style);
                } else {
                    self.out.push_str(text);
                }
                self.out.push('"');
            }
            _ => self.value(value),
        }
    }

    /// A node's `groups`, an Array of strings, as the saver writes them; false when the
    /// value is something else (then written as a value).
    fn groups(&mut self, value: VariantRef<'_>) -> bool {
        let Some(array) = value.as_array() else {
            return false;
        };
        let names: Option<alloc::vec::Vec<&str>> = array.iter().map(|v| v.as_str()).collect();
        let Some(names) = names else {
            return false;
        };
        if self.style == TextStyle::Godot32 {
            self.out.push_str("[\n");
            for name in names {
                self.out.push('"');
                c_escape(&mut self.out, name, self.style);
                self.out.push_str("\",\n");
            }
            self.out.push(']');
        } else {
            self.out.push('[');
            for (i, name) in names.into_iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.out.push('"');
                c_escape(&mut self.out, name, self.style);
                self.out.push('"');
            }
            self.out.push(']');
        }
        true
    }

    fn prop(&mut self, prop: &Entry) {
        let Some(value) = prop.get(self.doc.dialect) else {
            return;
        };
        encode_name(&mut self.out, &prop.name);
        self.out.push_str(" = ");
        self.value(value);
        self.out.push('\n');
    }
}

/// `String::property_name_encode`: the name as it is, or quoted and escaped
/// (`c_escape_multiline`) when it holds `=`, `"`, `;`, `[`, `]`, a character up to U+0020
/// or past U+007E.
pub(super) fn encode_name(out: &mut String, name: &str) {
    let odd = |c: char| matches!(c, '=' | '"' | ';' | '[' | ']') || c <= ' ' || c > '~';
    if !name.chars().any(odd) {
        out.push_str(name);
        return;
    }
    out.push('"');
    for c in name.chars() {
        if matches!(c, '\\' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// `String::c_escape`: `\ \a \b \f \n \r \t \v ' "` escaped, and `?` in Godot 3.
fn c_escape(out: &mut String, text: &str, style: TextStyle) {
    for c in text.chars() {
        let escaped = match c {
            '\\' => "\\\\",
            '\u{7}' => "\\a",
            '\u{8}' => "\\b",
            '\u{c}' => "\\f",
            '\n' => "\\n",
            '\r' => "\\r",
            '\t' => "\\t",
            '\u{b}' => "\\v",
            '\'' => "\\'",
            '"' => "\\\"",
            '?' if style != TextStyle::Godot4 => "\\?",
            _ => {
                out.push(c);
                continue;
            }
        };
        out.push_str(escaped);
    }
}
