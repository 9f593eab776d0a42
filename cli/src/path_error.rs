//! A path that fails, in the same words and with the same exit code for `get`, `set` and
//! `delete`: a malformed path is a usage error (exit code 2); a path that leads nowhere (a
//! missing key, index or property, or a step into a value that has no parts) is exit code
//! 3. Paths in the messages start with the value's label (`#1/a`) when the input holds
//! several values.

use gdvariant::query::{Found, QueryError};
use gdvariant::{EditError, VariantRef, VariantType};

use crate::context::Failure;
use crate::style::article;

/// Where the path inside a value starts in the address the user wrote (`#1/player/hp`):
/// the value's label (`#1`, or nothing for a single value) and the characters before it.
#[derive(Clone, Copy, Debug)]
pub struct Start<'a> {
    label: &'a str,
    shift: usize,
}

impl<'a> Start<'a> {
    /// `address` as written; `label` and `rest` as `Input::address` split it.
    pub fn new(label: &'a str, address: &str, rest: &str) -> Start<'a> {
        Start {
            label,
            shift: address.chars().count().saturating_sub(rest.chars().count()),
        }
    }
}

/// Why `get` found nothing at the path; `root` is the value the path starts in.
pub fn query_failure(e: QueryError, start: Start<'_>, root: VariantRef<'_>) -> Failure {
    match e {
        QueryError::Syntax { at, why } => malformed(start, at, why),
        QueryError::NotFound { path, name, .. } => {
            no_such(start.label, &path, &name, int_key(root, &path, &name))
        }
        QueryError::NotAContainer { path, found, .. } => no_parts(start.label, &path, found),
        other => Failure::Usage(other.to_string()),
    }
}

/// Why `set` or `delete` refused the path (or the edit: a type that does not fit, a value
/// that cannot be written, …, malformed input, exit code 4); `root` is the value the path
/// starts in.
pub fn edit_failure(e: EditError, start: Start<'_>, root: VariantRef<'_>) -> Failure {
    match e {
        EditError::Syntax { at, why } => malformed(start, at, why),
        EditError::NotFound { path, name, .. } => {
            no_such(start.label, &path, &name, int_key(root, &path, &name))
        }
        EditError::NotAContainer { path, found, .. } => no_parts(start.label, &path, found),
        other => Failure::Input(other.to_string()),
    }
}

/// `bad path at character 4: unterminated quote` (exit code 2), counted in the address as
/// written (from 0).
fn malformed(start: Start<'_>, at: usize, why: &str) -> Failure {
    Failure::Usage(format!("bad path at character {}: {why}", at + start.shift))
}

/// A missing key, index or property: `/player has no mp` (exit code 3), and the hint of
/// [`int_key`].
fn no_such(label: &str, prefix: &str, step: &str, hint: Option<String>) -> Failure {
    let hint = hint.unwrap_or_default();
    Failure::NotFound(format!("`{}` has no `{step}`{hint}", place(label, prefix)))
}

/// A step written as a number (`flags/1`) names the String key "1" of a Dictionary; when
/// the Dictionary at `prefix` has the int key 1 instead, `; its key 1 is an int: write
/// it [1] (`flags/[1]`)`. O(entries) of that Dictionary.
pub fn int_key(root: VariantRef<'_>, prefix: &str, step: &str) -> Option<String> {
    step.parse::<i64>().ok()?;
    let Ok(Found::Value(container)) = root.query(prefix) else {
        return None;
    };
    if container.ty() != VariantType::Dictionary {
        return None;
    }
    container.query(&format!("[{step}]")).ok()?;
    let path = match prefix.trim_start_matches('/') {
        "" => format!("[{step}]"),
        inner => format!("{inner}/[{step}]"),
    };
    Some(format!(
        "; its key {step} is an int, not a String: write it [{step}] (`{path}`)"
    ))
}

/// A step into a value without parts: `/player/hp is an int, which has no parts` (exit
/// code 3).
fn no_parts(label: &str, prefix: &str, ty: &str) -> Failure {
    Failure::NotFound(format!(
        "`{}` is {} {ty}, which has no parts",
        place(label, prefix),
        article(ty)
    ))
}

/// The library names the value itself `/`; in a file of several values, the value is its
/// label (`#1`), and paths inside it follow the label (`#1/player`).
fn place(label: &str, prefix: &str) -> String {
    match (label, prefix) {
        ("", _) => prefix.to_string(),
        (_, "/") => label.to_string(),
        _ => format!("{label}{prefix}"),
    }
}
