//! What a scan reports: [`Finding`]s, each at a [`Location`].

use alloc::string::String;
use core::fmt;

use super::path::PathKind;
use super::source::Source;

/// Which part of the input a finding is in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// Variant data: the value itself, or frame `#frame` of a file of store_var frames.
    Value {
        /// The frame's number, when the input holds several values.
        frame: Option<usize>,
    },
    /// The value of `key` in `section` of a ConfigFile (`""`: the keys before any
    /// section header).
    Config {
        /// The section's name.
        section: String,
        /// The key.
        key: String,
    },
    /// A section of a resource or scene file.
    Section {
        /// Its index in [`Document::sections`](crate::resource::Document::sections).
        index: usize,
        /// Its tag: `sub_resource`, `ext_resource`, `resource`, `node`, `connection`, …
        tag: String,
        /// What names it: the `id` of a `sub_resource` / `ext_resource` (as text: `1`,
        /// `"GDScript_2m2be"` unquoted), a node's path from the scene's root (`.`,
        /// `Player`, `Enemies/Boss`); `None` for other sections.
        id: Option<String>,
        /// The property (or, for `instance=` and a connection, the attribute) the
        /// finding is in; `None` for the section as a whole (an `ext_resource`, a
        /// `sub_resource` of a script type, a connection).
        property: Option<String>,
    },
}

/// Where a finding is: a part of the input and a path inside its value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// The part: a value, a ConfigFile entry, a section of a document.
    pub part: Part,
    /// The path inside the part's value, in the syntax of
    /// [`query::parse_path`](crate::query::parse_path) (`player/items/1/script`); empty
    /// for the value itself. A Dictionary key that a path cannot name (a float, a
    /// Vector2) is `<key #i>`; inside a key, the path goes on from there.
    pub path: String,
}

/// One thing that loading the input could run or reach.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Finding {
    /// A script whose code is in the input: a `sub_resource` of a script type, a section
    /// with a `script/source` property, or an Object holding `script/source` in Variant
    /// data (how Godot 3 writes an Object's script). Loading the input compiles it; an
    /// object that uses it runs it. Runs code.
    EmbeddedScript {
        /// Where: the section (its `script/source` property when it has one), or the
        /// Object's `script/source` property.
        at: Location,
        /// The script's class: `GDScript`, `CSharpScript`, … (the section's `type`, the
        /// Object's class).
        class: String,
        /// The source, when the input has it as a String.
        source: Option<Source>,
    },
    /// A script loaded by its path: an `ext_resource` of a script type (or a path with a
    /// script extension), or a String `script` property (Godot 4's Objects in Variant
    /// data). Loading the input loads the script, and whatever uses it runs its code.
    /// Runs code.
    ScriptReference {
        /// Where it is named.
        at: Location,
        /// The path as written (`res://custom_res.gd`).
        path: String,
        /// What kind of path it is.
        kind: PathKind,
    },
    /// A resource, node or Object with a `script` property that is not null: loading
    /// the input makes the object and attaches the script, which runs its `_init` and
    /// setters. Runs code.
    ScriptAttached {
        /// Where the `script` property is.
        at: Location,
        /// What holds it: the resource or node type, the Object's class (`instance` for a
        /// node that instances a scene and has no type).
        holder: String,
        /// The script, in words: `SubResource("GDScript_2m2be")`, `ExtResource("2_6uh56")
        /// = res://custom_res.gd`, `"res://mods/evil.gd"`, `Object(GDScript)`.
        script: String,
    },
    /// An `ext_resource` that is not a script, from outside `res://` (`user://`, an
    /// absolute path, `..` out of the project): loading the input loads a file that the
    /// project does not ship. Does not count as running code (the file may, as a finding
    /// of its own).
    OutsideResource {
        /// The `ext_resource` section.
        at: Location,
        /// Its `type`.
        ty: String,
        /// The path as written.
        path: String,
        /// What kind of path it is.
        kind: PathKind,
    },
    /// A node that instances another scene (`instance=ExtResource(…)`), or that will on
    /// demand (`instance_placeholder="…"`). That scene's own scripts are its findings.
    SceneInstance {
        /// The node, at its `instance` or `instance_placeholder` attribute.
        at: Location,
        /// The scene's path (the `ext_resource`'s, when the id names one; else the
        /// reference as text).
        path: String,
        /// What kind of path it is.
        kind: PathKind,
        /// Instanced only when the game asks (`instance_placeholder`).
        placeholder: bool,
    },
    /// A `[connection]`: when `signal` is emitted on `from`, `method` is called on `to`, a
    /// method that a script on `to` may define.
    Connection {
        /// The connection's section.
        at: Location,
        /// The node that emits (its path from the scene's root).
        from: String,
        /// The signal.
        signal: String,
        /// The node whose method is called.
        to: String,
        /// The method.
        method: String,
    },
    /// A String in a ConfigFile's value that names a script file (`*res://global.gd` in
    /// `project.godot`'s `[autoload]`): the program that reads the ConfigFile may load
    /// it (the engine does, for a project's autoloads and main loop), but loading the
    /// ConfigFile does not.
    ScriptPath {
        /// Where.
        at: Location,
        /// The path, without the `*` of an autoload.
        path: String,
        /// What kind of path it is.
        kind: PathKind,
    },
}

impl Finding {
    /// Would this run code, or load a script, as the input loads? True for
    /// [`Finding::EmbeddedScript`], [`Finding::ScriptReference`] and
    /// [`Finding::ScriptAttached`]. O(1).
    pub fn runs_code(&self) -> bool {
        matches!(
            self,
            Finding::EmbeddedScript { .. }
                | Finding::ScriptReference { .. }
                | Finding::ScriptAttached { .. }
        )
    }

    /// Where it is. O(1).
    pub fn location(&self) -> &Location {
        match self {
            Finding::EmbeddedScript { at, .. }
            | Finding::ScriptReference { at, .. }
            | Finding::ScriptAttached { at, .. }
            | Finding::OutsideResource { at, .. }
            | Finding::SceneInstance { at, .. }
            | Finding::Connection { at, .. }
            | Finding::ScriptPath { at, .. } => at,
        }
    }

    /// The path it names and its kind, for the findings that name one. O(1).
    pub fn path(&self) -> Option<(&str, PathKind)> {
        match self {
            Finding::ScriptReference { path, kind, .. }
            | Finding::OutsideResource { path, kind, .. }
            | Finding::SceneInstance { path, kind, .. }
            | Finding::ScriptPath { path, kind, .. } => Some((path, *kind)),
            _ => None,
        }
    }

    /// Its kind as a word, as the JSON report's `kind` has it: `embedded_script`,
    /// `script_reference`, `script_attached`, `outside_resource`, `scene_instance`,
    /// `connection`, `script_path`. O(1).
    pub fn kind(&self) -> &'static str {
        match self {
            Finding::EmbeddedScript { .. } => "embedded_script",
            Finding::ScriptReference { .. } => "script_reference",
            Finding::ScriptAttached { .. } => "script_attached",
            Finding::OutsideResource { .. } => "outside_resource",
            Finding::SceneInstance { .. } => "scene_instance",
            Finding::Connection { .. } => "connection",
            Finding::ScriptPath { .. } => "script_path",
        }
    }
}

impl fmt::Display for Location {
    /// `player/items/1/script` (Variant data; `#1/…` in a frame, `(the value)` for the
    /// value itself), `[display] width` or `[display] stats, at 3/script` (a
    /// ConfigFile), `[sub_resource id="GDScript_2m2be"] script/source`, `[node
    /// path="Enemies/Boss"] script`, `[resource] script` (a document).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.part {
            Part::Value { frame } => {
                match (frame, self.path.is_empty()) {
                    (Some(n), true) => write!(f, "#{n}")?,
                    (Some(n), false) => write!(f, "#{n}/{}", self.path)?,
                    (None, true) => f.write_str("(the value)")?,
                    (None, false) => f.write_str(&self.path)?,
                }
                return Ok(());
            }
            Part::Config { section, key } => write!(f, "[{section}] {key}")?,
            Part::Section {
                tag, id, property, ..
            } => {
                match (tag.as_str(), id) {
                    ("node", Some(id)) => write!(f, "[node path=\"{id}\"]")?,
                    (_, Some(id)) => write!(f, "[{tag} id=\"{id}\"]")?,
                    (_, None) => write!(f, "[{tag}]")?,
                }
                if let Some(property) = property {
                    write!(f, " {property}")?;
                }
            }
        }
        if !self.path.is_empty() {
            write!(f, ", at {}", self.path)?;
        }
        Ok(())
    }
}

impl fmt::Display for Finding {
    /// One line: the location, then what is there.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.location())?;
        match self {
            Finding::EmbeddedScript { class, source, .. } => {
                write!(f, "an embedded {class}")?;
                if let Some(source) = source {
                    write!(
                        f,
                        " ({} lines, sha256 {})",
                        source.lines,
                        source.sha256_hex()
                    )?;
                }
                Ok(())
            }
            Finding::ScriptReference { path, kind, .. } => {
                write!(f, "loads the script {path} ({})", kind.describe())
            }
            Finding::ScriptAttached { holder, script, .. } => {
                write!(f, "a {holder} with a script attached: {script}")
            }
            Finding::OutsideResource { ty, path, kind, .. } => {
                write!(f, "loads a {ty} from {path} ({})", kind.describe())
            }
            Finding::SceneInstance {
                path,
                kind,
                placeholder,
                ..
            } => {
                let how = if *placeholder { " on demand" } else { "" };
                write!(f, "instances the scene {path}{how} ({})", kind.describe())
            }
            Finding::Connection {
                from,
                signal,
                to,
                method,
                ..
            } => write!(f, "connects {from}.{signal} to {to}.{method}()"),
            Finding::ScriptPath { path, kind, .. } => {
                write!(f, "names the script {path} ({})", kind.describe())
            }
        }
    }
}
