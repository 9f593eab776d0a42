//! "Would loading this run code?": what loading a file could run or reach, found without
//! loading anything.
//!
//! Godot runs code while it loads a file in more ways than one: a resource or scene can
//! embed a script's source (a `GDScript` sub-resource, a `script/source` property), name a
//! script file to load (an `ext_resource` of type `Script`, a `script` property), and a
//! Variant decoded with objects allowed (`bytes_to_var_with_objects`, `get_var(true)`)
//! builds Objects with their `script` set: Godot 3 writes the script's source inside the
//! bytes, Godot 4 writes its `res://` path and loads it when it decodes. A scene also
//! instances other scenes and connects signals to methods.
//!
//! [`scan_variant`], [`scan_config`] and [`scan_document`] read the value, ConfigFile or
//! [`Document`] once and list each of these as a [`Finding`]
//! with its [`Location`]; [`Report::runs_code`] says whether anything would run or load a
//! script, and [`Report::to_json`] writes the report for CI. Nothing is loaded, resolved
//! on disk or executed.
//!
//! ```
//! use gdvariant::scan::{self, Finding};
//! use gdvariant::{text, Dialect, VariantRef};
//!
//! // A Godot 4 Object with a script attached, as var_to_bytes_with_objects writes it.
//! let bytes = text::read(r#"[1, Object(RefCounted,"script":"res://mods/evil.gd")]"#, Dialect::Godot4).unwrap();
//! let report = scan::scan_variant(VariantRef::parse(&bytes, Dialect::Godot4)?);
//! assert!(report.runs_code());
//! assert_eq!(report.findings()[0].to_string(),
//!            r#"1/script: a RefCounted with a script attached: "res://mods/evil.gd""#);
//! # Ok::<(), gdvariant::Error>(())
//! ```
//!
//! Costs: one pass over every value (each node decoded once, by the reader's one walk),
//! plus a SHA-256 of each embedded source. Memory: the findings, the value path being
//! walked (a few words per level of nesting, which the reader bounds), and for a
//! [`Document`] a table of its `ext_resource` ids; nothing is
//! sized by a count the input claims.

mod document;
mod finding;
mod json;
mod path;
mod source;
mod walk;

use alloc::string::String;
use alloc::vec::Vec;

pub use finding::{Finding, Location, Part};
pub use path::{PathKind, SCRIPT_CLASSES, SCRIPT_EXTENSIONS};
pub use source::{Source, HEAD_LINES, HEAD_LINE_CHARS};

use crate::config::ConfigFile;
use crate::read::value::VariantRef;
use crate::resource::Document;

/// What a scan found, in the order found (file order; a value's nodes in document order).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    findings: Vec<Finding>,
}

impl Report {
    /// An empty report, to [`Report::add_variant`] several values to.
    pub fn new() -> Report {
        Report::default()
    }

    /// The findings, in order.
    pub fn findings(&self) -> &[Finding] {
        &self.findings
    }

    /// Would loading the input run code or load a script? True when a finding does
    /// ([`Finding::runs_code`]: an embedded script, a script reference, a script attached
    /// to a resource, node or Object). A scene's instances, its connections, resources
    /// outside `res://` and script paths in a ConfigFile's values are listed but do not
    /// count: each runs code only through a script that is a finding of its own file (or
    /// of the program that reads the ConfigFile). O(findings).
    pub fn runs_code(&self) -> bool {
        self.findings.iter().any(Finding::runs_code)
    }

    /// Does the input reach outside the project: a path that is not in `res://`
    /// ([`PathKind::is_outside`]: `user://`, absolute, escaping with `..`)? O(findings).
    pub fn reaches_outside(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.path().is_some_and(|(_, kind)| kind.is_outside()))
    }

    /// Adds the findings of one more Variant value (`frame`: its number in a file of
    /// several store_var frames, which locations then start with, `#1/…`). Cost as
    /// [`scan_variant`].
    pub fn add_variant(&mut self, value: VariantRef<'_>, frame: Option<usize>) {
        walk::walk(value, &Part::Value { frame }, false, &mut self.findings);
    }
}

/// The findings of a Variant value (what `bytes_to_var_with_objects` /
/// `get_var(true)` would decode): every full Object with a `script` (Godot 4: the
/// script's path, loaded as the value decodes; Godot 3: the script itself, with its
/// source), and every Object holding a `script/source`, at any depth of Arrays,
/// Dictionaries (keys too) and Objects. One pass (the reader's walk); no allocation but
/// the findings and the path being walked.
pub fn scan_variant(value: VariantRef<'_>) -> Report {
    let mut report = Report::new();
    report.add_variant(value, None);
    report
}

/// The findings of a ConfigFile: each value is scanned as [`scan_variant`] scans one, and
/// a String in it that names a script file (`res://global.gd`, or `*res://global.gd` as
/// an `[autoload]` entry of `project.godot` has it) is a [`Finding::ScriptPath`]: loading
/// the ConfigFile runs nothing, but a program that uses the path loads the script. One
/// pass over the values.
pub fn scan_config(config: &ConfigFile) -> Report {
    let mut report = Report::new();
    for (section, key, value) in config.iter() {
        let part = Part::Config {
            section: String::from(section),
            key: String::from(key),
        };
        walk::walk(value, &part, true, &mut report.findings);
    }
    report
}

/// The findings of a resource or scene file's [`Document`]: embedded scripts
/// (`sub_resource`s of a [`SCRIPT_CLASSES`] type, any section with `script/source`),
/// script references (`ext_resource`s of a script type or path), other `ext_resource`s
/// outside `res://`, `script` properties (of `[resource]`, `sub_resource`s and nodes),
/// scripted Objects inside property values, a scene's `instance=` and
/// `instance_placeholder=` and its `[connection]`s. One pass over the sections and each
/// value, after one over the `ext_resource`s to name their paths.
pub fn scan_document(document: &Document) -> Report {
    let mut report = Report::new();
    document::scan(document, &mut report.findings);
    report
}
