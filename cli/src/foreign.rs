//! Files that are not Variant data but say what they are: a Godot resource or scene (binary
//! or text), a PCK, a ConfigFile, JSON. When no reading of the input works, `input` names
//! such a file and what to do with it instead of reporting where the Variant reading broke
//! ("frame #0 is truncated: it needs 1,179,665,227 bytes" says nothing useful about a
//! `.res` file).

/// What gdvariant reads, for the end of each message.
const READS: &str = "gdvariant reads the bytes that var_to_bytes, store_var and put_var write";

/// What the input is, and what to do with it, when its first bytes say so; `None` when
/// they do not (then the Variant reading's error is the message).
pub fn recognize(data: &[u8]) -> Option<String> {
    let what = if data.starts_with(b"RSRC") {
        format!(
            "this is a Godot binary resource or scene (RSRC: .res, .scn), not Variant data: \
             {READS}; open the resource in Godot (or save it as a text resource, .tres)"
        )
    } else if data.starts_with(b"RSCC") {
        format!(
            "this is a compressed Godot binary resource or scene (RSCC), not Variant data: \
             {READS}; open the resource in Godot"
        )
    } else if data.starts_with(b"GDPC") {
        format!(
            "this is a Godot PCK (GDPC), a pack of a project's files, not Variant data: \
             {READS}; take the file you want out of the pack first (with a PCK tool, or \
             from the project)"
        )
    } else {
        return text(data);
    };
    Some(what)
}

/// A text file: a text resource or scene, a ConfigFile, JSON.
fn text(data: &[u8]) -> Option<String> {
    let head = &data[..data.len().min(4096)];
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    // Text: UTF-8 (a character cut at the end of the head aside), no NUL.
    let valid = match std::str::from_utf8(head) {
        Ok(text) => text,
        Err(e) if e.error_len().is_none() => std::str::from_utf8(&head[..e.valid_up_to()]).ok()?,
        Err(_) => return None,
    };
    if valid.contains('\0') {
        return None;
    }
    let start = valid.trim_start();
    if start.starts_with("[gd_resource") {
        return Some(format!(
            "this is a Godot text resource (.tres), not Variant data: {READS}; it is text \
             already: open it in a text editor, or in Godot"
        ));
    }
    if start.starts_with("[gd_scene") {
        return Some(format!(
            "this is a Godot text scene (.tscn), not Variant data: {READS}; it is text \
             already: open it in a text editor, or in Godot"
        ));
    }
    if is_config_section(start) {
        return Some(format!(
            "this looks like a Godot ConfigFile (`[section]` and `key=value` lines, as \
             ConfigFile.save writes them), not Variant data: {READS}; `show`, `get`, `json`, \
             `check`, `set`, `delete` and `scan` read ConfigFiles (`get FILE section/key`)"
        ));
    }
    if looks_like_json(start) {
        return Some(format!(
            "this looks like JSON, not Variant data: {READS}; `gdvariant from-json IN OUT` \
             writes JSON as Variant bytes (and `gdvariant json FILE` writes Variant data as \
             JSON)"
        ));
    }
    None
}

/// `[section]` at the end of its line, a name of letters, digits, `_`, `.`, `/`, `-` or
/// spaces: the start of a ConfigFile (a JSON array starts with a value instead).
fn is_config_section(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('[') else {
        return false;
    };
    let line = rest.lines().next().unwrap_or("");
    let Some(name) = line.trim_end().strip_suffix(']') else {
        return false;
    };
    !name.is_empty()
        && name.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '-' | ' '))
}

/// `{` then a key or `}`; `[` then a value or `]`.
fn looks_like_json(text: &str) -> bool {
    let mut chars = text.chars();
    let open = chars.next();
    let next = chars.as_str().trim_start().chars().next();
    match (open, next) {
        (Some('{'), Some(c)) => matches!(c, '"' | '}'),
        (Some('['), Some(c)) => {
            matches!(c, '{' | '[' | '"' | ']' | '-' | 't' | 'f' | 'n') || c.is_ascii_digit()
        }
        // Cut short after the bracket: still JSON's start.
        (Some('{' | '['), None) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::recognize;

    #[test]
    fn magics_and_text_are_named() {
        let said = |bytes: &[u8]| recognize(bytes).unwrap_or_default();
        assert!(said(b"RSRC\0\0\0\0").contains("binary resource"));
        assert!(said(b"RSCC\0\0\0\0").contains("compressed Godot binary resource"));
        assert!(said(b"GDPC\x02\0\0\0").contains("PCK (GDPC)"));
        assert!(said(b"\xef\xbb\xbf[gd_resource type=\"Resource\"]").contains("text resource"));
        assert!(said(b"[gd_scene load_steps=2 format=3]\n").contains("text scene"));
        assert!(said(b"[player]\nhp=10\n").contains("ConfigFile"));
        assert!(said(b"  \n{\"hp\": 10}").contains("JSON"));
        assert!(said(b"[1, 2, 3]").contains("JSON"));
        assert!(said(b"[]").contains("JSON"));
        assert_eq!(recognize(b"\x1b\0\0\0\x01\0\0\0"), None);
        assert_eq!(recognize(b"{\0\0\0"), None);
        assert_eq!(recognize(b"hello"), None);
    }
}
