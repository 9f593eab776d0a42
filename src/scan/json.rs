//! The report as JSON, for CI: one object, written by hand with the crate's JSON string
//! escape (no serde needed).

use alloc::string::String;
use alloc::vec::Vec;

use super::finding::{Finding, Location, Part};
use super::source::Source;
use super::Report;
use crate::format::escape::json_escaped;

impl Report {
    /// The report as one line of JSON: `{"file": …, "runs_code": …, "reaches_outside": …,
    /// "findings": [ … ]}` (`"file"` only when `file` is given). Each finding is an object
    /// with `"kind"` ([`Finding::kind`]), `"runs_code"`, `"location"` and its fields:
    ///
    /// * `location`: `{"part": "value", "frame": N|null, "path": …}`, `{"part": "config",
    ///   "section": …, "key": …, "path": …}` or `{"part": "section", "index": N, "tag": …,
    ///   "id": …|null, "property": …|null, "path": …}`;
    /// * `embedded_script`: `"class"`, `"source"`: `{"bytes", "lines", "sha256", "head":
    ///   [lines]}` or null;
    /// * `script_reference`, `script_path`: `"path"`, `"path_kind"` ([`super::PathKind::name`]);
    /// * `script_attached`: `"holder"`, `"script"`;
    /// * `outside_resource`: `"type"`, `"path"`, `"path_kind"`;
    /// * `scene_instance`: `"path"`, `"path_kind"`, `"placeholder"`;
    /// * `connection`: `"from"`, `"signal"`, `"to"`, `"method"`.
    ///
    /// Cost: O(report); memory: the output.
    ///
    /// ```
    /// use gdvariant::scan::Report;
    ///
    /// assert_eq!(Report::new().to_json(Some("a.cfg")),
    ///            r#"{"file":"a.cfg","runs_code":false,"reaches_outside":false,"findings":[]}"#);
    /// ```
    pub fn to_json(&self, file: Option<&str>) -> String {
        let mut out = Json(Vec::new());
        out.raw("{");
        if let Some(file) = file {
            out.field("file", Some(file));
            out.raw(",");
        }
        out.raw(if self.runs_code() {
            "\"runs_code\":true"
        } else {
            "\"runs_code\":false"
        });
        out.raw(if self.reaches_outside() {
            ",\"reaches_outside\":true"
        } else {
            ",\"reaches_outside\":false"
        });
        out.raw(",\"findings\":[");
        for (i, finding) in self.findings().iter().enumerate() {
            if i > 0 {
                out.raw(",");
            }
            out.finding(finding);
        }
        out.raw("]}");
        // Only whole UTF-8 texts and ASCII went in.
        String::from_utf8(out.0).unwrap_or_default()
    }
}

struct Json(Vec<u8>);

impl Json {
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    fn string(&mut self, text: &str) {
        self.0.push(b'"');
        json_escaped(&mut self.0, text.as_bytes());
        self.0.push(b'"');
    }

    /// `"name":"value"` (or `null`).
    fn field(&mut self, name: &str, value: Option<&str>) {
        self.string(name);
        self.raw(":");
        match value {
            Some(v) => self.string(v),
            None => self.raw("null"),
        }
    }

    /// `,"name":"value"`.
    fn next(&mut self, name: &str, value: Option<&str>) {
        self.raw(",");
        self.field(name, value);
    }

    fn number(&mut self, name: &str, n: Option<usize>) {
        self.raw(",");
        self.string(name);
        match n {
            Some(n) => self.raw(&alloc::format!(":{n}")),
            None => self.raw(":null"),
        }
    }

    fn location(&mut self, at: &Location) {
        self.raw("{");
        match &at.part {
            Part::Value { frame } => {
                self.field("part", Some("value"));
                self.number("frame", *frame);
            }
            Part::Config { section, key } => {
                self.field("part", Some("config"));
                self.next("section", Some(section));
                self.next("key", Some(key));
            }
            Part::Section {
                index,
                tag,
                id,
                property,
            } => {
                self.field("part", Some("section"));
                self.number("index", Some(*index));
                self.next("tag", Some(tag));
                self.next("id", id.as_deref());
                self.next("property", property.as_deref());
            }
        }
        self.next("path", Some(&at.path));
        self.raw("}");
    }

    fn source(&mut self, source: &Source) {
        self.raw("{");
        self.string("bytes");
        self.raw(&alloc::format!(":{},", source.bytes));
        self.string("lines");
        self.raw(&alloc::format!(":{},", source.lines));
        self.field("sha256", Some(&source.sha256_hex()));
        self.raw(",\"head\":[");
        for (i, line) in source.head.iter().enumerate() {
            if i > 0 {
                self.raw(",");
            }
            self.string(line);
        }
        self.raw("]}");
    }

    fn finding(&mut self, finding: &Finding) {
        self.raw("{");
        self.field("kind", Some(finding.kind()));
        self.raw(if finding.runs_code() {
            ",\"runs_code\":true"
        } else {
            ",\"runs_code\":false"
        });
        self.raw(",\"location\":");
        self.location(finding.location());
        match finding {
            Finding::EmbeddedScript { class, source, .. } => {
                self.next("class", Some(class));
                self.raw(",\"source\":");
                match source {
                    Some(source) => self.source(source),
                    None => self.raw("null"),
                }
            }
            Finding::ScriptAttached { holder, script, .. } => {
                self.next("holder", Some(holder));
                self.next("script", Some(script));
            }
            Finding::OutsideResource { ty, .. } => self.next("type", Some(ty)),
            Finding::Connection {
                from,
                signal,
                to,
                method,
                ..
            } => {
                self.next("from", Some(from));
                self.next("signal", Some(signal));
                self.next("to", Some(to));
                self.next("method", Some(method));
            }
            _ => {}
        }
        if let Some((path, kind)) = finding.path() {
            self.next("path", Some(path));
            self.next("path_kind", Some(kind.name()));
        }
        if let Finding::SceneInstance { placeholder, .. } = finding {
            self.raw(if *placeholder {
                ",\"placeholder\":true"
            } else {
                ",\"placeholder\":false"
            });
        }
        self.raw("}");
    }
}
