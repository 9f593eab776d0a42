//! Telling a ConfigFile from other text, and reading one whose engine is not known: the
//! one rule the command line and the bindings share.

use super::{ConfigError, ConfigFile, ConfigOptions};
use crate::wire::dialect::Dialect;

/// The first line of `text` that is neither blank nor a `;` comment, trimmed.
fn first_line(text: &str) -> Option<&str> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty() && !line.starts_with(';'))
}

/// Whether `text` starts as a ConfigFile does: its first line that is neither blank nor
/// a `;` comment is a `[section]` header (a name starting with a letter or `_`) or a
/// `key=value` line, and is not a text resource's or scene's header (`[gd_resource`,
/// `[gd_scene`). Notes, JSON (`[1, 2]`, `{"a": 1}`) and empty texts are not. It does not
/// read the file: [`ConfigFile::parse_either`] does. O(first line).
///
/// ```
/// use gdvariant::config::looks_like_config;
///
/// assert!(looks_like_config("; settings\n[display]\nwidth=1920\n"));
/// assert!(looks_like_config("config_version=5\n"));
/// assert!(!looks_like_config("[gd_resource type=\"Resource\" format=3]\n"));
/// assert!(!looks_like_config("[1, 2]") && !looks_like_config("{\"a\": 1}") && !looks_like_config(""));
/// ```
pub fn looks_like_config(text: &str) -> bool {
    let Some(line) = first_line(text) else {
        return false;
    };
    if line.starts_with("[gd_resource") || line.starts_with("[gd_scene") {
        return false;
    }
    let header = line
        .strip_prefix('[')
        .and_then(|rest| rest.strip_suffix(']'))
        .is_some_and(|name| name.starts_with(|c: char| c.is_alphabetic() || c == '_'));
    let entry = line
        .split_once('=')
        .is_some_and(|(key, _)| !key.trim().is_empty() && !key.starts_with(['{', '[']));
    header || entry
}

/// Does the text spell values as Godot 3 writes them (`config_version=3` or `4`, a Godot
/// 3 `project.godot`; else spaced constructors, `Vector2( 1, 2 )`, `=[ 1 ]`)?
fn godot3_spelling(text: &str) -> bool {
    if let Some(version) = text
        .lines()
        .find_map(|line| line.trim().strip_prefix("config_version="))
    {
        return matches!(version.trim(), "3" | "4");
    }
    let b = text.as_bytes();
    b.windows(2)
        .enumerate()
        .any(|(i, w)| w == b"( " && i > 0 && b.get(i - 1).is_some_and(u8::is_ascii_alphanumeric))
        || text.contains("=[ ")
}

impl ConfigFile {
    /// Reads a ConfigFile whose engine is not known: in the one dialect that reads it
    /// (Godot 3 with Godot 3.5+'s rules); when both do, Godot 3 if the text says
    /// `config_version=3`/`4` (a Godot 3 `project.godot`) or spells values as Godot 3
    /// writes them (`Vector2( 1, 2 )`, `[ 1 ]`), else Godot 4. When neither does, the
    /// error of the reading that got further (Godot 3's on a tie when the text spells
    /// values as it does), with its dialect. The file's [`ConfigFile::options`] say which
    /// was chosen. Cost: up to two readings.
    ///
    /// ```
    /// use gdvariant::config::ConfigFile;
    /// use gdvariant::Dialect;
    ///
    /// let g3 = ConfigFile::parse_either("[a]\np=Vector2( 1, 2 )\n").unwrap();
    /// assert_eq!(g3.options().dialect(), Dialect::Godot3);
    /// let g4 = ConfigFile::parse_either("[a]\np=Vector2i(1, 2)\n").unwrap();
    /// assert_eq!(g4.options().dialect(), Dialect::Godot4);
    /// let (dialect, _) = ConfigFile::parse_either("[a]\np=Vector2(1\n").unwrap_err();
    /// assert_eq!(dialect, Dialect::Godot4);
    /// ```
    pub fn parse_either(text: &str) -> Result<ConfigFile, (Dialect, ConfigError)> {
        let read = |d: Dialect| ConfigFile::parse_with(text, &ConfigOptions::for_dialect(d));
        match (read(Dialect::Godot4), read(Dialect::Godot3)) {
            (Ok(g4), Ok(g3)) => Ok(if godot3_spelling(text) { g3 } else { g4 }),
            (Ok(g4), Err(_)) => Ok(g4),
            (Err(_), Ok(g3)) => Ok(g3),
            (Err(g4), Err(g3)) => {
                let godot3 = g3.offset() > g4.offset()
                    || g3.offset() == g4.offset() && godot3_spelling(text);
                Err(match godot3 {
                    true => (Dialect::Godot3, g3),
                    false => (Dialect::Godot4, g4),
                })
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn godot3_spelling_and_versions() {
        assert!(godot3_spelling("p=Vector2( 1, 2 )\n") && !godot3_spelling("p=Vector2(1, 2)\n"));
        assert!(godot3_spelling("config_version=4\n") && !godot3_spelling("config_version=5\n"));
        assert!(godot3_spelling("a=[ 1 ]\n") && !godot3_spelling("a=[1]\n"));
    }
}
