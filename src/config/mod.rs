//! Godot's ConfigFile (`core/io/config_file.cpp`): `[section]`s of `key=value` lines,
//! each value in the engine's text form. Settings, `export_presets.cfg`, `.import` files
//! and many saves are ConfigFiles; `save_encrypted_pass` / `save_encrypted` wrap one in
//! the GDEC container.
//!
//! * [`ConfigFile::parse`] reads the text exactly as the engine's `ConfigFile.parse` /
//!   `load` does: the same sections, keys and values in the same order, and an error (a
//!   [`ConfigError`] with its line and column) where the engine fails.
//! * [`ConfigFile::get`], [`ConfigFile::sections`], [`ConfigFile::keys`] and
//!   [`ConfigFile::iter`] look values up as `get_value`, `get_sections` and
//!   `get_section_keys` do; each value is a [`VariantRef`] over its `var_to_bytes` bytes.
//! * [`ConfigFile::to_engine_text`] is what `ConfigFile.save()` writes for those
//!   sections, keys and values, in the file's [`TextStyle`](crate::text::TextStyle).
//! * [`ConfigFile::set`] and [`ConfigFile::delete`] edit the text the way a person
//!   would: only that value's text (or line) changes; comments, blank lines, spacing and
//!   order stay. [`ConfigFile::text`] is the edited file.
//! * With the `containers` feature, [`ConfigFile::open`] opens encrypted files and
//!   [`ConfigFile::save_encrypted_pass`] / [`ConfigFile::save_encrypted`] write them.
//!
//! ```
//! use gdvariant::config::ConfigFile;
//! use gdvariant::Dialect;
//!
//! let text = "; my settings\n[display]\n\nwidth = 1920   ; pixels\nvsync=true\n";
//! let mut config = ConfigFile::parse(text, Dialect::Godot4)?;
//! assert_eq!(config.get("display", "width").and_then(|v| v.as_int()), Some(1920));
//! assert_eq!(config.to_engine_text(), "[display]\n\nwidth=1920\nvsync=true\n");
//!
//! config.set_text("display", "width", "1280")?;
//! assert_eq!(config.text(), "; my settings\n[display]\n\nwidth = 1280   ; pixels\nvsync=true\n");
//! # Ok::<(), gdvariant::config::ConfigError>(())
//! ```
//!
//! What the engine does that a reader might not expect, and this module does too:
//! only `;` starts a comment (a `#` line is part of the next key: `# note` then `a=1` is
//! the key `#notea`); whitespace inside an unquoted key is dropped (`key with spaces=1`
//! is `keywithspaces`); a key with no `=` at the end of the file is ignored; `=1` with no
//! key is dropped; a `null` value erases its key; a header with no keys makes no section.
//! [`ConfigOptions::strict`] refuses the first three instead.

mod edit;
mod error;
#[cfg(feature = "containers")]
mod file;
mod guess;
mod model;
mod options;
mod scan;
mod write;

use alloc::string::String;
use alloc::vec::Vec;

pub use error::{ConfigError, ConfigErrorKind};
pub use guess::looks_like_config;
pub use options::ConfigOptions;

use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use model::Model;
use scan::Item;

/// A ConfigFile: its text as written (with any edits), and what the engine reads from it.
///
/// Memory: the text, each value's bytes (about the size of its text, more for packed
/// arrays of small numbers: 4 bytes per `0,` of a `PackedByteArray`), and a few words per
/// key. Nothing is sized by a count the file claims: a ConfigFile has none.
#[derive(Clone, Debug)]
pub struct ConfigFile {
    text: String,
    options: ConfigOptions,
    items: Vec<Item>,
    model: Model,
    #[cfg(feature = "containers")]
    container: crate::container::Container,
}

impl ConfigFile {
    /// Reads a ConfigFile's text as `dialect`'s newest engine does
    /// ([`ConfigOptions::for_dialect`]: Godot 3.5+'s rules for Godot 3). Validates every
    /// value; never panics. Cost: one pass over the text, each value read once by the
    /// text reader ([`crate::text::read`]); an error is a [`ConfigError`] at its line and
    /// column.
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("top=1\n[a]\n\"key with spaces\"=Vector2( 1, 2 )\n", Dialect::Godot3)?;
    /// let keys: Vec<(&str, &str)> = config.iter().map(|(s, k, _)| (s, k)).collect();
    /// assert_eq!(keys, [("", "top"), ("a", "key with spaces")]);
    /// assert_eq!(config.get("a", "key with spaces").unwrap().to_string(), "Vector2( 1, 2 )");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn parse(text: &str, dialect: Dialect) -> Result<ConfigFile, ConfigError> {
        ConfigFile::parse_with(text, &ConfigOptions::for_dialect(dialect))
    }

    /// [`ConfigFile::parse`] with options: an engine version ([`TextStyle`](crate::text::TextStyle)), value
    /// limits, strict reading. Same checks and costs.
    ///
    /// ```
    /// use gdvariant::config::{ConfigErrorKind, ConfigFile, ConfigOptions};
    /// use gdvariant::text::TextErrorKind;
    ///
    /// let shallow = ConfigOptions::new().read(gdvariant::text::ReadOptions::new().max_depth(2));
    /// let error = ConfigFile::parse_with("a=[[[1]]]", &shallow).unwrap_err();
    /// assert_eq!(*error.kind(), ConfigErrorKind::BadValue(TextErrorKind::TooDeep));
    /// ```
    pub fn parse_with(text: &str, options: &ConfigOptions) -> Result<ConfigFile, ConfigError> {
        let items = scan::scan(text, options)?;
        let model = Model::build(&items);
        Ok(ConfigFile {
            text: String::from(text),
            options: *options,
            items,
            model,
            #[cfg(feature = "containers")]
            container: crate::container::Container::Plain,
        })
    }

    /// [`ConfigFile::parse`] on bytes: [`ConfigErrorKind::NotUtf8`] at the first byte
    /// that is not UTF-8. Same costs, plus one UTF-8 check.
    ///
    /// ```
    /// use gdvariant::config::{ConfigErrorKind, ConfigFile, ConfigOptions};
    ///
    /// let error = ConfigFile::from_bytes(b"a=\"\xff\"", &ConfigOptions::new()).unwrap_err();
    /// assert_eq!((error.kind(), error.offset()), (&ConfigErrorKind::NotUtf8, 3));
    /// ```
    pub fn from_bytes(bytes: &[u8], options: &ConfigOptions) -> Result<ConfigFile, ConfigError> {
        let text = core::str::from_utf8(bytes)
            .map_err(|e| ConfigError::locate(bytes, e.valid_up_to(), ConfigErrorKind::NotUtf8))?;
        ConfigFile::parse_with(text, options)
    }

    /// The file's text, with the edits made so far. O(1).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The options it was read with (its engine's [`TextStyle`](crate::text::TextStyle)). O(1).
    pub fn options(&self) -> &ConfigOptions {
        &self.options
    }

    /// The sections, in the engine's order (`get_sections`): each once, in the order its
    /// first key was read, and only those with keys. Keys before any header are in the
    /// section `""`. O(1) per section.
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("[b]\nx=1\n[empty]\n[a]\ny=2\n[b]\nz=3\n", Dialect::Godot4)?;
    /// assert_eq!(config.sections().collect::<Vec<_>>(), ["b", "a"]);
    /// assert_eq!(config.keys("b").collect::<Vec<_>>(), ["x", "z"]);
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn sections(&self) -> impl Iterator<Item = &str> {
        self.model.live().map(|s| s.name.as_str())
    }

    /// The keys of `section` in the engine's order (`get_section_keys`): the order each
    /// was first read; none for a section that does not exist. O(log sections) to find it,
    /// then O(1) per key. Example: [`ConfigFile::sections`].
    pub fn keys<'s>(&'s self, section: &str) -> impl Iterator<Item = &'s str> {
        self.model
            .section(section)
            .into_iter()
            .flat_map(|s| s.live().map(|(k, _)| k.as_str()))
    }

    /// Does `section` exist (`has_section`): does it hold a key? O(log sections).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    ///
    /// let config = ConfigFile::parse("[a]\nx=1\n[b]\n", gdvariant::Dialect::Godot4)?;
    /// assert!(config.has_section("a") && !config.has_section("b"));
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn has_section(&self, section: &str) -> bool {
        self.model.section(section).is_some()
    }

    /// The value of `key` in `section` (`get_value`): the last one the file gives, as a
    /// view of its `var_to_bytes` bytes in the file's dialect. O(log sections + log keys).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("[p]\nname=\"Zoë\"\nname=\"Ann\"\n", Dialect::Godot4)?;
    /// assert_eq!(config.get("p", "name").and_then(|v| v.as_str()), Some("Ann"));
    /// assert!(config.get("p", "age").is_none());
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn get(&self, section: &str, key: &str) -> Option<VariantRef<'_>> {
        let bytes = self.get_bytes(section, key)?;
        VariantRef::parse(bytes, self.options.dialect()).ok()
    }

    /// The `var_to_bytes` bytes of a value (see [`ConfigFile::get`]). O(log sections +
    /// log keys).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("[a]\nx=7\n", Dialect::Godot3)?;
    /// assert_eq!(config.get_bytes("a", "x"), Some(&[2, 0, 0, 0, 7, 0, 0, 0][..]));
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn get_bytes(&self, section: &str, key: &str) -> Option<&[u8]> {
        match self.items.get(self.model.entry(section, key)?)? {
            Item::Entry(e) => Some(&e.bytes),
            Item::Header(_) => None,
        }
    }

    /// The text of a value as the file has it (`1920`, `Vector2( 1, 2 )`, a dictionary
    /// over several lines). O(log sections + log keys).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("[a]\nv = Vector2( 1,2 ) ; here\n", Dialect::Godot3)?;
    /// assert_eq!(config.get_text("a", "v"), Some("Vector2( 1,2 )"));
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn get_text(&self, section: &str, key: &str) -> Option<&str> {
        match self.items.get(self.model.entry(section, key)?)? {
            Item::Entry(e) => self.text.get(e.value.clone()),
            Item::Header(_) => None,
        }
    }

    /// Every value in the engine's order: `(section, key, value)`. O(1) per value.
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let config = ConfigFile::parse("[a]\nx=1\n[b]\ny=[2]\n", Dialect::Godot4)?;
    /// let all: Vec<String> = config.iter().map(|(s, k, v)| format!("{s}/{k}={v}")).collect();
    /// assert_eq!(all, ["a/x=1", "b/y=[2]"]);
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str, VariantRef<'_>)> {
        let dialect = self.options.dialect();
        self.model.live().flat_map(move |s| {
            s.live()
                .filter_map(move |(k, at)| match self.items.get(*at)? {
                    Item::Entry(e) => {
                        let v = VariantRef::parse(&e.bytes, dialect).ok()?;
                        Some((s.name.as_str(), k.as_str(), v))
                    }
                    Item::Header(_) => None,
                })
        })
    }

    /// Reads the text again after an edit (the items and the model follow the text).
    fn reread(&mut self, text: String) -> Result<(), ConfigError> {
        let items = scan::scan(&text, &self.options)?;
        self.model = Model::build(&items);
        self.items = items;
        self.text = text;
        Ok(())
    }
}
