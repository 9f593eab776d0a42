//! Reading a `.tres` / `.tscn` as the engine does (`ResourceLoaderText`, with
//! `VariantParser::parse_tag` and `parse_tag_assign_eof`), one item at a time: a tag or a
//! property line, and where each part of it is.
//!
//! Between items the engine reads a character at a time: `;` starts a comment to the end
//! of the line; `[` with no name begun starts a tag; `"` starts a quoted name (a string
//! token that replaces whatever name was begun); `=` ends the name and one value of the
//! text form follows; any other character above U+0020 is part of the name, and the rest
//! (whitespace, line breaks) is skipped. Inside a tag the engine reads tokens: the tag's
//! name (an identifier, joined with `.` or `:` to more), then `name = value` attributes
//! up to `]`, whitespace and `;` comments anywhere between them.

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use super::error::{ResourceError, ResourceErrorKind as K};
use crate::format::text::blank::{line_end, skip_blank};
use crate::format::text::{self, ReadOptions};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// A `[tag …]`, read.
#[derive(Clone, Debug)]
pub(super) struct Tag {
    pub name: String,
    /// From the `[` to after the `]`.
    pub span: Range<usize>,
    /// Each attribute: its name, where the name is, where its value is, its bytes.
    pub attrs: Vec<Attr>,
}

/// One `name=value` of a tag.
#[derive(Clone, Debug)]
pub(super) struct Attr {
    pub name: String,
    pub name_span: Range<usize>,
    pub value: Range<usize>,
    pub bytes: Vec<u8>,
}

/// A `name = value` line.
#[derive(Clone, Debug)]
pub(super) struct Prop {
    pub name: String,
    /// The name's first character (its `"` when quoted).
    pub name_start: usize,
    pub value: Range<usize>,
    pub bytes: Vec<u8>,
}

/// What the text holds next.
#[derive(Clone, Debug)]
pub(super) enum Item {
    Tag(Tag),
    Prop(Prop),
}

/// A position in the text and how values are read.
pub(super) struct Scanner<'t> {
    text: &'t str,
    pos: usize,
    dialect: Dialect,
    options: ReadOptions,
    /// The `[ext_resource]`s read so far: (id as written, path), for typed containers
    /// whose type is `ExtResource("id")`.
    ext: Vec<(String, String)>,
    /// Where each value is read before it is copied out at its size: one buffer that
    /// grows to the largest value, instead of each value's own growing by doubling.
    scratch: Vec<u8>,
    /// The property name being read (kept between items: no allocation per line).
    name: Vec<u8>,
    /// The text reader's working memory, reused from value to value.
    parse: text::Scratch,
}

fn error(text: &str, offset: usize, kind: K) -> ResourceError {
    ResourceError::locate(text.as_bytes(), offset, kind)
}

impl<'t> Scanner<'t> {
    /// Reads `text` from its start; values in `dialect` (references read as objects).
    pub(super) fn new(text: &'t str, dialect: Dialect, options: &ReadOptions) -> Self {
        Scanner {
            text,
            pos: 0,
            dialect,
            options: options.resource_refs(true),
            ext: Vec::new(),
            scratch: Vec::new(),
            name: Vec::new(),
            parse: text::Scratch::default(),
        }
    }

    /// Reads the value at `at` into the scratch buffer; its bytes, exactly sized, and where
    /// it ends.
    fn read_value(&mut self, at: usize) -> Result<(Vec<u8>, usize), text::TextError> {
        self.scratch.clear();
        let end = text::read_at(
            self.text,
            at,
            self.dialect,
            &self.options,
            &self.ext,
            &mut self.scratch,
            &mut self.parse,
        )?;
        Ok((self.scratch.as_slice().to_vec(), end))
    }

    /// The next tag or property line, or `None` at the end (a name begun and not ended
    /// by `=` before the end is dropped, as the engine does).
    pub(super) fn next_item(&mut self) -> Result<Option<Item>, ResourceError> {
        let text = self.text;
        let b = text.as_bytes();
        let mut name = core::mem::take(&mut self.name);
        name.clear();
        let mut name_start: Option<usize> = None;
        loop {
            let Some(&c) = b.get(self.pos) else {
                return Ok(None);
            };
            match c {
                b';' => self.pos = line_end(b, self.pos),
                b'[' if name.is_empty() => return self.tag().map(|t| Some(Item::Tag(t))),
                b'"' => {
                    let at = self.pos;
                    let (bytes, end) = self
                        .read_value(at)
                        .map_err(|e| error(text, e.offset(), K::BadName(e.kind().clone())))?;
                    let quoted = VariantRef::parse(&bytes, self.dialect)
                        .ok()
                        .and_then(|v| v.as_str().map(String::from))
                        .unwrap_or_default();
                    name.clear();
                    name.extend_from_slice(quoted.as_bytes());
                    name_start.get_or_insert(at);
                    self.pos = end;
                }
                b'=' => {
                    let at = name_start.unwrap_or(self.pos);
                    let start = skip_blank(b, self.pos + 1);
                    let (bytes, end) = self
                        .read_value(start)
                        .map_err(|e| error(text, e.offset(), K::BadValue(e.kind().clone())))?;
                    self.pos = end;
                    let owned = String::from_utf8_lossy(&name).into_owned();
                    self.name = name;
                    return Ok(Some(Item::Prop(Prop {
                        name: owned,
                        name_start: at,
                        value: start..end,
                        bytes,
                    })));
                }
                c if c > b' ' => {
                    // The run of name characters up to a space, `;`, `"` or `=`, at once.
                    let rest = b.get(self.pos..).unwrap_or_default();
                    let run = rest
                        .iter()
                        .position(|&c| c <= b' ' || matches!(c, b';' | b'"' | b'='))
                        .unwrap_or(rest.len())
                        .max(1);
                    name.extend_from_slice(rest.get(..run).unwrap_or_default());
                    name_start.get_or_insert(self.pos);
                    self.pos += run;
                }
                _ => self.pos += 1,
            }
        }
    }

    /// The tag whose `[` is at `self.pos`.
    fn tag(&mut self) -> Result<Tag, ResourceError> {
        let text = self.text;
        let b = text.as_bytes();
        let open = self.pos;
        let bad = |at: usize, what: &'static str| error(text, at, K::BadTag(what));
        let mut p = skip_blank(b, open + 1);
        let Some(first) = ident(b, p) else {
            return Err(bad(p, "expected an identifier (the tag name)"));
        };
        let mut name = String::from(text.get(first.clone()).unwrap_or_default());
        p = first.end;
        let mut parsing_tag = true;
        let mut attrs: Vec<Attr> = Vec::new();
        loop {
            p = skip_blank(b, p);
            let Some(&c) = b.get(p) else {
                return Err(bad(open, "unexpected end of file inside the tag"));
            };
            if c == b']' {
                self.pos = p + 1;
                if name == "ext_resource" {
                    self.note_ext(&attrs);
                }
                return Ok(Tag {
                    name,
                    span: open..p + 1,
                    attrs,
                });
            }
            if parsing_tag && (c == b'.' || c == b':') {
                name.push(char::from(c));
                p = skip_blank(b, p + 1);
                let Some(more) = ident(b, p) else {
                    return Err(bad(p, "expected an identifier"));
                };
                name.push_str(text.get(more.clone()).unwrap_or_default());
                p = more.end;
                continue;
            }
            parsing_tag = false;
            let Some(key) = ident(b, p) else {
                return Err(bad(p, "expected an identifier"));
            };
            p = skip_blank(b, key.end);
            if b.get(p) != Some(&b'=') {
                return Err(bad(p, "expected '=' after the attribute's name"));
            }
            let start = skip_blank(b, p + 1);
            let (bytes, end) = self
                .read_value(start)
                .map_err(|e| error(text, e.offset(), K::BadAttribute(e.kind().clone())))?;
            p = end;
            let attr = Attr {
                name: String::from(text.get(key.clone()).unwrap_or_default()),
                name_span: key,
                value: start..end,
                bytes,
            };
            // The engine keeps the last of equal names (a map); in the first one's place.
            match attrs.iter_mut().find(|a| a.name == attr.name) {
                Some(old) => *old = attr,
                None => attrs.push(attr),
            }
        }
    }
}

impl Scanner<'_> {
    /// Notes an `[ext_resource]`'s id and path.
    fn note_ext(&mut self, attrs: &[Attr]) {
        let value = |name: &str| {
            let a = attrs.iter().find(|a| a.name == name)?;
            VariantRef::parse(&a.bytes, self.dialect).ok()
        };
        let id = value("id").and_then(|v| match v.as_str() {
            Some(s) => Some(String::from(s)),
            None => v.as_int().map(|n| alloc::format!("{n}")),
        });
        let path = value("path").and_then(|v| v.as_str().map(String::from));
        if let (Some(id), Some(path)) = (id, path) {
            self.ext.push((id, path));
        }
    }
}

/// An identifier at `p` (`[A-Za-z_][A-Za-z0-9_]*`), as the engine's tokenizer reads one.
fn ident(b: &[u8], p: usize) -> Option<Range<usize>> {
    let first = *b.get(p)?;
    if !(first.is_ascii_alphabetic() || first == b'_') {
        return None;
    }
    let len = b
        .get(p..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&c| c.is_ascii_alphanumeric() || c == b'_')
        .count();
    Some(p..p + len)
}
