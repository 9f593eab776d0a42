//! What `ConfigFile.save()` writes (`_internal_save` / `encode_to_text`).
//!
//! Each section: a blank line before every section but the first, `[name]` and a blank
//! line, then `key=value` lines in order. The engines differ in the details:
//!
//! | | Godot 3.2 | Godot 3.5+ | Godot 4 |
//! |---|---|---|---|
//! | key | as it is | quoted and escaped when odd (`property_name_encode`) | same |
//! | section `""` | `[]` header | `[]` header | no header |
//! | `]` in a section name | as it is | as it is | `\]` |
//!
//! A key is odd when it holds `=`, `"`, `;`, `[`, `]`, a character up to U+0020 or past
//! U+007E; it is then written `"…"` with `\` and `"` escaped. Values are the text form of
//! the file's [`TextStyle`].

use alloc::string::String;
use core::fmt::Write;

use super::ConfigFile;
use crate::format::text::TextStyle;

/// `key` as `style`'s engine writes it before the `=`.
pub(super) fn encode_key(out: &mut String, key: &str, style: TextStyle) {
    let odd = |c: char| matches!(c, '=' | '"' | ';' | '[' | ']') || c <= ' ' || c > '~';
    if style == TextStyle::Godot32 || !key.chars().any(odd) {
        out.push_str(key);
        return;
    }
    out.push('"');
    for c in key.chars() {
        if matches!(c, '\\' | '"') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
}

/// `[name]` as `style`'s engine writes it (nothing for Godot 4's section `""`).
pub(super) fn encode_header(out: &mut String, name: &str, style: TextStyle) {
    if style == TextStyle::Godot4 {
        if name.is_empty() {
            return;
        }
        out.push('[');
        out.push_str(&name.replace(']', "\\]"));
    } else {
        out.push('[');
        out.push_str(name);
    }
    out.push_str("]\n\n");
}

impl ConfigFile {
    /// The text `ConfigFile.save()` writes for these sections, keys and values, in the
    /// file's [`TextStyle`]: comments, spacing and the file's own number spellings go;
    /// sections and keys keep the engine's order. A file the engine saved reads and
    /// writes back to itself, byte for byte. Cost: O(text); memory: the output.
    ///
    /// One engine fact to know: Godot 4 writes the keys of the section `""` with no
    /// header, so when that section is not the first, the engine's own file puts them in
    /// the section before it when read again (we write what the engine writes).
    ///
    /// ```
    /// use gdvariant::config::{ConfigFile, ConfigOptions};
    /// use gdvariant::text::TextStyle;
    ///
    /// let text = "[a]\n\"x y\" = Vector2(1,2) ; where\n";
    /// let g36 = ConfigFile::parse_with(text, &ConfigOptions::new().style(TextStyle::Godot36))?;
    /// assert_eq!(g36.to_engine_text(), "[a]\n\n\"x y\"=Vector2( 1, 2 )\n");
    /// let g32 = ConfigFile::parse_with(text, &ConfigOptions::new().style(TextStyle::Godot32))?;
    /// assert_eq!(g32.to_engine_text(), "[a]\n\nx y=Vector2( 1, 2 )\n");
    /// # Ok::<(), gdvariant::config::ConfigError>(())
    /// ```
    pub fn to_engine_text(&self) -> String {
        let style = self.options.style;
        let mut out = String::with_capacity(self.text.len());
        for (i, section) in self.model.live().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            encode_header(&mut out, &section.name, style);
            for (key, at) in section.live() {
                let Some(super::scan::Item::Entry(entry)) = self.items.get(*at) else {
                    continue;
                };
                let Ok(value) =
                    crate::read::value::VariantRef::parse(&entry.bytes, style.dialect())
                else {
                    continue;
                };
                encode_key(&mut out, key, style);
                out.push('=');
                // Writing to a String does not fail.
                let _ = write!(out, "{}", value.text(style));
                out.push('\n');
            }
        }
        out
    }
}
