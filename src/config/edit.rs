//! Edits that keep the user's file: `set` and `delete` change the text of one value (or
//! remove its line, or add one), and nothing else.

use alloc::string::{String, ToString};

use super::error::{ConfigError, ConfigErrorKind as K};
use super::scan::Item;
use super::write::{encode_header, encode_key};
use super::ConfigFile;
use crate::format::text::blank::{insert_line_after, line_end};
use crate::format::text::{self, TextStyle};
use crate::read::value::VariantRef;

impl ConfigFile {
    /// Sets `key` in `section` to `value`, written in the file's text form
    /// ([`VariantRef::text`] in its [`TextStyle`]); see [`ConfigFile::set_text`] for where
    /// it goes. A value of the other dialect, or one the text form cannot hold in this
    /// one, is [`K::BadEdit`]. Setting `null` writes `null`, which the engine reads as
    /// "no such key" (use [`ConfigFile::delete`] to remove the line). Cost: the value's
    /// text, then the file is read again (O(file)).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::{text, Dialect, VariantRef};
    ///
    /// let mut config = ConfigFile::parse("[a]\nx=1 ; keep me\n", Dialect::Godot4)?;
    /// let bytes = text::read("Vector2(0.5, 2)", Dialect::Godot4).unwrap();
    /// config.set("a", "x", VariantRef::parse(&bytes, Dialect::Godot4).unwrap())?;
    /// assert_eq!(config.text(), "[a]\nx=Vector2(0.5, 2) ; keep me\n");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn set(
        &mut self,
        section: &str,
        key: &str,
        value: VariantRef<'_>,
    ) -> Result<(), ConfigError> {
        let literal = value.text(self.options.style).to_string();
        self.set_text(section, key, &literal)
    }

    /// Sets `key` in `section` to the value of the text-form literal `value` (checked: it
    /// must read as one value in the file's dialect, else [`K::BadEdit`] with its line
    /// and column in `value`), and writes the literal as it is.
    ///
    /// * A key the file has: the text of its value (the last one, which the engine uses)
    ///   is replaced; the rest of the file stays byte for byte.
    /// * A new key: a line `key=value` after the section's last key (or its header), the
    ///   key quoted when odd (as Godot 3.5+ and 4 write keys, which every engine reads).
    /// * A new section: a blank line, its header and the key at the end of the file; keys
    ///   of the section `""` go at the start of the file, before any header.
    ///
    /// A section name the engine could not read back (a `]` before Godot 4) is
    /// [`K::Unrepresentable`]. Cost: O(file): the edit, then the file is read again.
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let mut config = ConfigFile::parse("[a]\n\nx=1\n\n; end\n", Dialect::Godot4)?;
    /// config.set_text("a", "y y", "[1, 2]")?;
    /// config.set_text("b", "z", "true")?;
    /// assert_eq!(config.text(), "[a]\n\nx=1\n\"y y\"=[1, 2]\n\n; end\n\n[b]\n\nz=true\n");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn set_text(&mut self, section: &str, key: &str, value: &str) -> Result<(), ConfigError> {
        text::read_with(value, self.options.dialect(), &self.options.read).map_err(|e| {
            ConfigError::locate(value.as_bytes(), e.offset(), K::BadEdit(e.kind().clone()))
        })?;
        let mut new = self.text.clone();
        match self
            .model
            .entry(section, key)
            .and_then(|at| self.items.get(at))
        {
            Some(Item::Entry(entry)) => new.replace_range(entry.value.clone(), value),
            _ => self.insert(&mut new, section, key, value),
        }
        let old = core::mem::take(&mut self.text);
        if let Err(e) = self.reread(new) {
            self.text = old;
            return Err(e);
        }
        if self.get_text(section, key) != Some(value) {
            self.reread(old)?;
            return Err(ConfigError::locate(b"", 0, K::Unrepresentable));
        }
        Ok(())
    }

    /// Writes a new `key=value` line into `new` (the text) where it belongs.
    fn insert(&self, new: &mut String, section: &str, key: &str, value: &str) {
        let mut line = String::new();
        // Godot 3.5+'s quoting: every engine reads it, where 3.2's raw keys lose spaces.
        let key_style = if self.options.style == TextStyle::Godot32 {
            TextStyle::Godot36
        } else {
            self.options.style
        };
        encode_key(&mut line, key, key_style);
        line.push('=');
        line.push_str(value);
        line.push('\n');
        // After the section's last key or header, by position in the text.
        let last = self
            .items
            .iter()
            .filter_map(|item| match item {
                Item::Entry(e) if e.section == section => Some((e.value.end, true)),
                Item::Header(h) if h.name == section && !section.is_empty() => {
                    Some((h.span.end, false))
                }
                _ => None,
            })
            .max_by_key(|&(end, _)| end);
        match last {
            Some((end, _)) => insert_line_after(new, end, line),
            None if section.is_empty() => {
                if !new.is_empty() {
                    line.push('\n');
                }
                new.insert_str(0, &line);
            }
            None => {
                if !new.is_empty() && !new.ends_with('\n') {
                    new.push('\n');
                }
                if !new.is_empty() {
                    new.push('\n');
                }
                encode_header(new, section, self.options.style);
                new.push_str(&line);
            }
        }
    }

    /// Removes `key` from `section`: every `key=value` of it in the file (a key may be
    /// given twice). A line that holds only that key (and spaces, or a `;` comment after
    /// it) goes whole; otherwise only `key=value` goes. The section's header stays, as do
    /// all other lines. Returns whether the file had the key. Cost: O(file).
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let mut config = ConfigFile::parse("[a]\n; width\nw=1\nh=2 ; height\n", Dialect::Godot4)?;
    /// assert!(config.delete("a", "h")?);
    /// assert_eq!(config.text(), "[a]\n; width\nw=1\n");
    /// assert!(!config.delete("a", "h")?);
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn delete(&mut self, section: &str, key: &str) -> Result<bool, ConfigError> {
        let mut new = self.text.clone();
        let mut found = false;
        for item in self.items.iter().rev() {
            let Item::Entry(e) = item else { continue };
            if e.section != section || e.key != key {
                continue;
            }
            found = true;
            let b = new.as_bytes();
            let line_start = b
                .get(..e.key_start)
                .and_then(|before| memchr::memrchr(b'\n', before))
                .map_or(0, |n| n + 1);
            let end = line_end(b, e.value.end);
            let before = new.get(line_start..e.key_start).unwrap_or_default();
            let after = new.get(e.value.end..end).unwrap_or_default();
            let after = after.trim_start_matches([' ', '\t', '\r']);
            let alone = before.bytes().all(|c| c == b' ' || c == b'\t')
                && (after.is_empty() || after.starts_with('\n') || after.starts_with(';'));
            if alone {
                new.replace_range(line_start..end, "");
            } else {
                new.replace_range(e.key_start..e.value.end, "");
            }
        }
        if found {
            self.reread(new)?;
        }
        Ok(found)
    }
}
