//! Paths into a value: `player/inventory/3/name`.
//!
//! A path is a list of steps separated by `/`:
//!
//! | step | meaning |
//! |---|---|
//! | `name` | the Dictionary entry whose key is the String or StringName `name`; an object property `name`; or, when the value is an Array or packed array and `name` is all digits, that index |
//! | `"a/b"` | a quoted key: `"` and `\` inside are escaped with `\` |
//! | `[42]` | the Dictionary entry whose key is the int 42, or index 42 of an array |
//!
//! An empty path (or `/`) is the value itself. Lookups in dictionaries scan the pairs (O(n),
//! the last duplicate wins, like the engine); array indexing steps over the elements before
//! it (O(index)), and a container inside another is walked to its end once, to step over it
//! in the one around it. Paths are followed by one walk that editing shares
//! ([`crate::Edit`] resolves its paths the same way).

use alloc::{borrow::ToOwned, string::String, vec::Vec};
use core::fmt;

use crate::read::children::Edge;
use crate::read::decoded::Value;
use crate::read::packed::PackedArray;
use crate::read::value::VariantRef;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<'p> {
    /// A bare name: String/StringName key, property name, or (all digits) an index.
    Name(&'p str),
    /// A quoted key (escapes resolved).
    Quoted(String),
    /// `[n]`: an int key or an index.
    Int(i64),
}

/// Why a path could not be followed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum QueryError {
    /// The path text is malformed (an unterminated quote or bracket, a bad number).
    #[error("bad path at character {at}: {why}")]
    Syntax {
        /// Character offset in the path.
        at: usize,
        /// What is wrong.
        why: &'static str,
    },
    /// A step found nothing: no such key, property or index. The same fields as
    /// [`EditError::NotFound`](crate::EditError::NotFound).
    #[error("`{path}` has no `{name}`")]
    NotFound {
        /// The path up to the container that lacks the step.
        path: String,
        /// Which step of the path (0 for the first).
        step: usize,
        /// The step as written.
        name: String,
        /// Offset of the container's header.
        offset: usize,
    },
    /// A step into a value that has no parts (a number, a string, a packed array's
    /// element, …). The same fields as
    /// [`EditError::NotAContainer`](crate::EditError::NotAContainer).
    #[error("`{path}` is a {found}, which has no parts")]
    NotAContainer {
        /// The path up to that value.
        path: String,
        /// Which step of the path tried to go into it.
        step: usize,
        /// Its type name in the dialect (`int`, `String`, …), or `packed array element`.
        found: &'static str,
        /// Offset of the value's header (for a packed array's element, the array's).
        offset: usize,
    },
}

/// What a path leads to.
#[derive(Clone, Copy, Debug)]
pub enum Found<'a> {
    /// A whole value.
    Value(VariantRef<'a>),
    /// Element `index` of a packed array (elements are not values of their own on the wire).
    Element(PackedArray<'a>, usize),
}

impl<'a> Found<'a> {
    /// The value found, when the path leads to a whole value (not to a packed array's
    /// element).
    pub fn value(&self) -> Option<VariantRef<'a>> {
        match *self {
            Found::Value(v) => Some(v),
            Found::Element(..) => None,
        }
    }
}

/// Splits a path into steps.
pub fn parse_path(path: &str) -> Result<Vec<Step<'_>>, QueryError> {
    let mut steps = Vec::new();
    let mut rest = path.strip_prefix('/').unwrap_or(path);
    let mut at = path.len() - rest.len();
    while !rest.is_empty() {
        let (step, used) = if let Some(body) = rest.strip_prefix('"') {
            let mut key = String::new();
            let mut chars = body.char_indices();
            let end = loop {
                match chars.next() {
                    Some((i, '"')) => break i,
                    Some((_, '\\')) => match chars.next() {
                        Some((_, c)) => key.push(c),
                        None => {
                            return Err(QueryError::Syntax {
                                at,
                                why: "unterminated quote",
                            })
                        }
                    },
                    Some((_, c)) => key.push(c),
                    None => {
                        return Err(QueryError::Syntax {
                            at,
                            why: "unterminated quote",
                        })
                    }
                }
            };
            (Step::Quoted(key), end + 2)
        } else if let Some(body) = rest.strip_prefix('[') {
            let end = body.find(']').ok_or(QueryError::Syntax {
                at,
                why: "unterminated bracket",
            })?;
            let number = body.get(..end).unwrap_or("");
            let n = number.trim().parse().map_err(|_| QueryError::Syntax {
                at,
                why: "not an integer",
            })?;
            (Step::Int(n), end + 2)
        } else {
            let end = rest.find('/').unwrap_or(rest.len());
            (Step::Name(rest.get(..end).unwrap_or("")), end)
        };
        steps.push(step);
        rest = rest.get(used..).unwrap_or("");
        at += used;
        match rest.strip_prefix('/') {
            Some(after) => {
                rest = after;
                at += 1;
            }
            None if rest.is_empty() => {}
            None => {
                return Err(QueryError::Syntax {
                    at,
                    why: "expected `/` after a quoted or bracketed step",
                })
            }
        }
    }
    Ok(steps)
}

impl<'p> Step<'p> {
    /// The step that names the String key (or property) `key`: bare when [`parse_path`]
    /// reads it back as that key and nothing else, quoted otherwise (empty, all digits,
    /// starting with `"` or `[`, holding `/`, `"`, `\` or a control character). O(key).
    pub fn key(key: &'p str) -> Step<'p> {
        let bare = !key.is_empty()
            && !key.bytes().all(|b| b.is_ascii_digit())
            && !key.starts_with(['"', '['])
            && !key.contains(['/', '"', '\\'])
            && !key.chars().any(char::is_control);
        if bare {
            Step::Name(key)
        } else {
            Step::Quoted(key.to_owned())
        }
    }

    /// The step that names the Dictionary entry whose key is `key`: [`Step::key`] for a
    /// String or StringName, `[n]` for an int; `None` for a key a path cannot name (a
    /// float, a Vector2, a container, …). For walks with [`Events`](crate::Events), which
    /// see keys as values. O(key).
    ///
    /// ```
    /// use gdvariant::{query::Step, Value};
    ///
    /// assert_eq!(Step::for_key(&Value::Int(7)).unwrap().to_string(), "[7]");
    /// assert!(Step::for_key(&Value::Float(0.5)).is_none());
    /// ```
    pub fn for_key(key: &Value<'p>) -> Option<Step<'p>> {
        match key {
            Value::String(s) | Value::StringName(s) => Some(Step::key(s.as_str())),
            Value::Int(n) => Some(Step::Int(*n)),
            _ => None,
        }
    }
}

impl fmt::Display for Step<'_> {
    /// The step in path syntax, as [`parse_path`] reads it back.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::Name(name) => f.write_str(name),
            Step::Quoted(key) => {
                f.write_str("\"")?;
                for c in key.chars() {
                    if c == '"' || c == '\\' {
                        f.write_str("\\")?;
                    }
                    write!(f, "{c}")?;
                }
                f.write_str("\"")
            }
            Step::Int(n) => write!(f, "[{n}]"),
        }
    }
}

impl<'a> Edge<'a> {
    /// The path step that reaches the child: an index for an Array element, the key for a
    /// Dictionary entry whose key is a String, StringName or int, the name for an object
    /// property. `None` for an entry whose key a path cannot name (a float, a Vector2, …).
    pub fn step(&self) -> Option<Step<'a>> {
        match *self {
            Edge::Index(i) => Some(Step::Int(i64::try_from(i).unwrap_or(i64::MAX))),
            Edge::Key { key, .. } => Step::for_key(&key.value()),
            Edge::Property(name) => Some(Step::key(name.as_str())),
        }
    }
}

impl fmt::Display for Edge<'_> {
    /// The edge in path syntax: `3` for an element, the key for an entry (`name`, `"a/b"`,
    /// `[42]`), the property name; `<key #i>` for the `i`-th entry whose key a path cannot
    /// name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, self.step()) {
            (Edge::Index(i), _) => write!(f, "{i}"),
            (_, Some(step)) => write!(f, "{step}"),
            (Edge::Key { position, .. }, None) => write!(f, "<key #{position}>"),
            (Edge::Property(name), None) => f.write_str(name.as_str()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::{format, string::ToString, vec};

    #[test]
    fn paths_split_into_steps() {
        assert_eq!(parse_path("").unwrap(), vec![]);
        assert_eq!(parse_path("/").unwrap(), vec![]);
        assert_eq!(
            parse_path("player/inventory/3/name").unwrap(),
            vec![
                Step::Name("player"),
                Step::Name("inventory"),
                Step::Name("3"),
                Step::Name("name")
            ]
        );
        assert_eq!(
            parse_path("/\"a/b\"/[42]/[-1]").unwrap(),
            vec![Step::Quoted("a/b".into()), Step::Int(42), Step::Int(-1)]
        );
        assert_eq!(
            parse_path("\"q\\\"x\\\\\"").unwrap(),
            vec![Step::Quoted("q\"x\\".into())]
        );
        assert_eq!(
            parse_path("a/\"b").unwrap_err(),
            QueryError::Syntax {
                at: 2,
                why: "unterminated quote"
            }
        );
        assert_eq!(
            parse_path("[x]").unwrap_err(),
            QueryError::Syntax {
                at: 0,
                why: "not an integer"
            }
        );
        // Display writes a step back in path syntax.
        for key in [
            "plain",
            "a/b",
            "q\"x\\",
            "line\nbreak",
            "",
            "42",
            "[7]",
            "\"q",
        ] {
            let text = format!("/{}", Step::key(key));
            assert_eq!(parse_path(&text).unwrap(), vec![Step::key(key)], "{text}");
        }
        assert_eq!(Step::key("plain"), Step::Name("plain"));
        assert_eq!(Step::key("42"), Step::Quoted("42".into()));
        assert_eq!(Step::key("a\nb").to_string(), "\"a\nb\"");
        assert_eq!(
            parse_path("[1]x").unwrap_err(),
            QueryError::Syntax {
                at: 3,
                why: "expected `/` after a quoted or bracketed step"
            }
        );
    }
}
