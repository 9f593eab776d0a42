//! What kind of path a resource or script is named by, and the names that are scripts.

/// The class names of Godot's script resources in every engine: a `sub_resource` of one
/// of these types is an embedded script, an `ext_resource` of one a script reference.
pub const SCRIPT_CLASSES: [&str; 8] = [
    "Script",
    "GDScript",
    "CSharpScript",
    "VisualScript",
    "NativeScript",
    "PluginScript",
    "GDScriptNativeClass",
    "ScriptExtension",
];

/// The file extensions of script files (`.gd`, compiled `.gdc`, encrypted `.gde`, C#'s
/// `.cs`, VisualScript's `.vs`): a path with one names a script, whatever type is given.
pub const SCRIPT_EXTENSIONS: [&str; 5] = ["gd", "gdc", "gde", "cs", "vs"];

/// Where a path points, as written (nothing is looked up on disk).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum PathKind {
    /// `res://…`, inside the project.
    Res,
    /// `res://…` whose `..` go above the project's root (`res://../../etc/x`).
    ResEscaping,
    /// `user://…`: the user's data folder, which the game (or another program) writes.
    User,
    /// `uid://…`: a resource of the project named by its UID (Godot 4).
    Uid,
    /// An absolute path: `/…`, `\…`, `C:\…`, `C:/…`.
    Absolute,
    /// Relative to the file's folder, without `..` (Godot 3 text resources write some
    /// paths so).
    Relative,
    /// Relative with `..`: it may leave the project.
    RelativeUp,
    /// Another scheme (`http://…`, `gdext://…`).
    Other,
}

impl PathKind {
    /// The kind of `path`. O(path).
    ///
    /// ```
    /// use gdvariant::scan::PathKind;
    ///
    /// assert_eq!(PathKind::of("res://custom_res.gd"), PathKind::Res);
    /// assert_eq!(PathKind::of("res://a/../../x.gd"), PathKind::ResEscaping);
    /// assert_eq!(PathKind::of("user://mods/evil.gd"), PathKind::User);
    /// assert_eq!(PathKind::of("C:\\mods\\evil.gd"), PathKind::Absolute);
    /// assert_eq!(PathKind::of("../evil.gd"), PathKind::RelativeUp);
    /// ```
    pub fn of(path: &str) -> PathKind {
        if let Some(rest) = path.strip_prefix("res://") {
            return if escapes(rest) {
                PathKind::ResEscaping
            } else {
                PathKind::Res
            };
        }
        if path.starts_with("user://") {
            return PathKind::User;
        }
        if path.starts_with("uid://") {
            return PathKind::Uid;
        }
        let b = path.as_bytes();
        let drive = b.len() >= 3
            && b.first().is_some_and(u8::is_ascii_alphabetic)
            && b.get(1) == Some(&b':')
            && matches!(b.get(2), Some(b'/' | b'\\'));
        if path.starts_with(['/', '\\']) || drive {
            return PathKind::Absolute;
        }
        if path.contains("://") {
            return PathKind::Other;
        }
        if path.split(['/', '\\']).any(|c| c == "..") {
            PathKind::RelativeUp
        } else {
            PathKind::Relative
        }
    }

    /// Does it point (or may it point) outside the project: everything but
    /// [`PathKind::Res`], [`PathKind::Uid`] and [`PathKind::Relative`]. O(1).
    pub fn is_outside(self) -> bool {
        !matches!(self, PathKind::Res | PathKind::Uid | PathKind::Relative)
    }

    /// Its name in the JSON report: `res`, `res_escaping`, `user`, `uid`, `absolute`,
    /// `relative`, `relative_up`, `other`. O(1).
    pub fn name(self) -> &'static str {
        match self {
            PathKind::Res => "res",
            PathKind::ResEscaping => "res_escaping",
            PathKind::User => "user",
            PathKind::Uid => "uid",
            PathKind::Absolute => "absolute",
            PathKind::Relative => "relative",
            PathKind::RelativeUp => "relative_up",
            PathKind::Other => "other",
        }
    }

    /// In words, for a line of text: `in res://`, `in user://, outside the project`, ….
    pub fn describe(self) -> &'static str {
        match self {
            PathKind::Res => "in res://",
            PathKind::ResEscaping => "res:// with `..` above the project's root",
            PathKind::User => "in user://, outside the project",
            PathKind::Uid => "a uid:// of the project",
            PathKind::Absolute => "an absolute path, outside the project",
            PathKind::Relative => "relative to the file's folder",
            PathKind::RelativeUp => "relative with `..`, may leave the project",
            PathKind::Other => "another scheme, outside the project",
        }
    }
}

/// Do the `..` of `rest` (a path after `res://`) go above its root?
fn escapes(rest: &str) -> bool {
    let mut depth = 0usize;
    for component in rest.split(['/', '\\']) {
        match component {
            "" | "." => {}
            ".." => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return true,
            },
            _ => depth = depth.saturating_add(1),
        }
    }
    false
}

/// Does `path` name a script file by its extension ([`SCRIPT_EXTENSIONS`],
/// any case)?
pub(super) fn is_script_file(path: &str) -> bool {
    let name = path.rsplit(['/', '\\']).next().unwrap_or(path);
    let Some((stem, ext)) = name.rsplit_once('.') else {
        return false;
    };
    !stem.is_empty()
        && SCRIPT_EXTENSIONS
            .iter()
            .any(|e| e.eq_ignore_ascii_case(ext))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds() {
        assert_eq!(PathKind::of("res://a/../b.gd"), PathKind::Res);
        assert_eq!(PathKind::of("res://../b.gd"), PathKind::ResEscaping);
        assert_eq!(PathKind::of("uid://b4d"), PathKind::Uid);
        assert_eq!(PathKind::of("/etc/x.gd"), PathKind::Absolute);
        assert_eq!(PathKind::of("\\\\server\\x"), PathKind::Absolute);
        assert_eq!(PathKind::of("http://x/y.gd"), PathKind::Other);
        assert_eq!(PathKind::of("sub/x.gd"), PathKind::Relative);
        assert_eq!(PathKind::of(""), PathKind::Relative);
        assert!(is_script_file("res://a.GD") && is_script_file("x.gdc"));
        assert!(!is_script_file("res://.gd") && !is_script_file("res://a.gdshader"));
    }
}
