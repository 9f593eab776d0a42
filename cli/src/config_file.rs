//! ConfigFiles on the command line (`gdvariant::config`): telling one from Variant data by
//! its content, choosing its engine, and the `section/key` paths of `get`, `set` and
//! `delete`. The verbs are in `config_verbs` (reading) and `config_edit` (writing).
//!
//! A file is a ConfigFile when its (plain or decrypted) bytes are UTF-8 text without NUL
//! whose first line that is neither blank nor a `;` comment is a `[section]` header or a
//! `key=value` line, that is not a text resource or scene (`[gd_resource`, `[gd_scene`),
//! and that reads as a ConfigFile. Variant data always holds NUL bytes in its headers, so
//! the two never meet. A file without any key is a ConfigFile only by its name (`[true]` is
//! JSON too); one with no such line (empty, or only comments: what
//! `ConfigFile.save()` writes for an empty ConfigFile) is an empty ConfigFile when its
//! name ends in `.cfg`, `.godot` or `.import`.

use gdvariant::config::{ConfigError, ConfigFile, ConfigOptions};
use gdvariant::container::{Container, Layout};
use gdvariant::text::TextStyle;
use gdvariant::Dialect;

use crate::bytes::Bytes;
use crate::context::{Ctx, Failure};
use crate::input::InputArgs;

/// A ConfigFile read from the input, and how.
pub struct ConfigInput {
    /// The file, as read.
    pub config: ConfigFile,
    /// The input's name, for messages.
    pub name: String,
}

impl ConfigInput {
    /// The text style of the file's engine (its values are read and written in it).
    pub fn style(&self) -> TextStyle {
        self.config.options().style
    }

    /// `Godot 4`, `Godot 3`: the engine the file was read as.
    pub fn dialect(&self) -> Dialect {
        self.config.options().dialect()
    }
}

/// The input as a ConfigFile, when it is one (see the module's docs); `None` when it is
/// not, for the Variant reading to go on. A file that starts as a ConfigFile but does not
/// read as one is malformed (exit code 4, with its line and column).
///
/// The engine: `--dialect` (or GDVARIANT_GODOT), else an encrypted file's GDEC layout,
/// else the one dialect whose text form reads the file; when both do, Godot 3 if the file
/// says `config_version=3` or `4` (a Godot 3 `project.godot`) or writes Godot 3's spaced
/// constructors (`Vector2( 1, 2 )`, `[ 1 ]`), else Godot 4.
pub fn detect(input: &InputArgs, data: &Bytes, ctx: &Ctx) -> Result<Option<ConfigInput>, Failure> {
    let by_name = input
        .file
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| {
            ["cfg", "godot", "import"]
                .iter()
                .any(|c| c.eq_ignore_ascii_case(e))
        });
    let Some(text) = looks_like_config(data, by_name) else {
        return Ok(None);
    };
    let name = input.file.display().to_string();
    let named = input.dialect.named()?.map(|n| n.dialect());
    let from_layout = match data.container() {
        Container::Encrypted {
            layout: Layout::Godot3,
        } => Some(Dialect::Godot3),
        Container::Encrypted {
            layout: Layout::Godot4,
        } => Some(Dialect::Godot4),
        _ => None,
    };
    let config = match named.or(from_layout) {
        Some(dialect) => ConfigFile::parse_with(text, &ConfigOptions::for_dialect(dialect))
            .map_err(|e| malformed(&name, dialect, &e))?,
        None => ConfigFile::parse_either(text).map_err(|(d, e)| malformed(&name, d, &e))?,
    };
    // `[true]` is JSON too: a file without keys is a ConfigFile by its name only.
    if config.sections().next().is_none() && !by_name {
        return Ok(None);
    }
    let dialect = config.options().dialect();
    ctx.note(&format!("detected a {dialect} ConfigFile"));
    Ok(Some(ConfigInput { config, name }))
}

/// The message of a ConfigFile that does not read.
fn malformed(name: &str, dialect: Dialect, e: &ConfigError) -> Failure {
    Failure::Input(format!("{name}: not a valid {dialect} ConfigFile: {e}"))
}

/// The text, when `data` starts as a ConfigFile does (see the module's docs); `by_name`:
/// the file's name says ConfigFile, and a text without a key or header is an empty one.
pub fn looks_like_config(data: &[u8], by_name: bool) -> Option<&str> {
    if data.contains(&0) {
        return None;
    }
    let text = std::str::from_utf8(data).ok()?;
    let blank = text
        .lines()
        .map(str::trim)
        .all(|line| line.is_empty() || line.starts_with(';'));
    match blank {
        true => by_name.then_some(text),
        false => gdvariant::config::looks_like_config(text).then_some(text),
    }
}

/// A path of a ConfigFile: `section/key`, split at the first `/` (a key may hold `/`:
/// `application/config/name` is the key `config/name` of `[application]`). A section
/// whose name holds `/` is quoted: `"a/b"/key` (`\"` and `\\` inside the quotes); the
/// keys before any header are in the section `""`: `/key` or `""/key`. `key` is `None`
/// for a path that names a section alone (`display`).
pub fn split_path(path: &str) -> Result<(String, Option<&str>), Failure> {
    let Some(quoted) = path.strip_prefix('"') else {
        return Ok(match path.split_once('/') {
            Some((section, key)) => (section.to_string(), Some(key)),
            None => (path.to_string(), None),
        });
    };
    let mut section = String::new();
    let mut chars = quoted.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some((_, c @ ('"' | '\\'))) => section.push(c),
                _ => break,
            },
            '"' => {
                let rest = quoted.get(i + 1..).unwrap_or("");
                return match rest.strip_prefix('/') {
                    Some(key) => Ok((section, Some(key))),
                    None if rest.is_empty() => Ok((section, None)),
                    None => Err(bad_path(path, "a quoted section is followed by `/key`")),
                };
            }
            c => section.push(c),
        }
    }
    Err(bad_path(
        path,
        "a quoted section ends with `\"` (and `\\\"`, `\\\\` stand for `\"` and `\\` in it)",
    ))
}

fn bad_path(path: &str, why: &str) -> Failure {
    Failure::Usage(format!("bad ConfigFile path `{path}`: {why}"))
}

/// `[section]` as written in messages (`[""]` for the keys before any header).
pub fn section_label(section: &str) -> String {
    match section {
        "" => "the keys before any section (\"\")".to_string(),
        s => format!("[{s}]"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_split_at_the_first_slash() {
        let split = |p| split_path(p).ok().map(|(s, k)| (s, k.map(str::to_string)));
        let pair = |s: &str, k: Option<&str>| Some((s.to_string(), k.map(str::to_string)));
        assert_eq!(
            split("application/config/name"),
            pair("application", Some("config/name"))
        );
        assert_eq!(split("display"), pair("display", None));
        assert_eq!(split("/top"), pair("", Some("top")));
        assert_eq!(split("\"\"/top"), pair("", Some("top")));
        assert_eq!(split("\"a/b\"/k/x"), pair("a/b", Some("k/x")));
        assert_eq!(split("\"q\\\"\\\\\"/k"), pair("q\"\\", Some("k")));
        assert_eq!(split("\"a/b\""), pair("a/b", None));
        assert!(split("\"a/b").is_none() && split("\"a\"b/k").is_none());
    }

    #[test]
    fn what_looks_like_a_config() {
        assert!(looks_like_config(b"; c\n\n[display]\nw=1\n", false).is_some());
        assert!(looks_like_config(b"config_version=5\n", false).is_some());
        // The library reads no byte-order mark, nor (as far as we know) does the engine.
        assert!(looks_like_config(b"\xef\xbb\xbf[a]\n", false).is_none());
        assert!(looks_like_config(b"[gd_resource type=\"Resource\"]\n", false).is_none());
        assert!(looks_like_config(b"[gd_scene format=3]\n", false).is_none());
        assert!(looks_like_config(b"[1, 2]", false).is_none());
        assert!(looks_like_config(b"{\"a\": 1}", false).is_none());
        assert!(looks_like_config(b"hello", false).is_none());
        assert!(looks_like_config(b"", false).is_none() && looks_like_config(b"", true).is_some());
        assert!(looks_like_config(b"; only\n", true).is_some());
        assert!(looks_like_config(b"hello", true).is_none());
        assert!(looks_like_config(b"[a]\0", false).is_none());
    }
}
