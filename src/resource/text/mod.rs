//! Text resources and scenes (`.tres`, `.tscn`; `scene/resources/resource_format_text.cpp`):
//! [`TextResource`] reads one into the [`Document`] model and knows where every part of
//! it is in the text, so that [`TextResource::set_text`] and [`TextResource::delete`]
//! change one value and nothing else; [`Document::to_text`] writes any document (read
//! from text or binary) as the engine's `ResourceSaver.save` writes it.

mod edit;
mod error;
mod options;
mod scan;
mod write;

use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

pub use error::{ResourceError, ResourceErrorKind};
pub use options::ResourceOptions;

use super::model::{DocKind, Document, Entry, Section};
use crate::format::text::TextStyle;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use error::ResourceErrorKind as K;
use scan::{Item, Scanner, Tag};

/// Where one section is in the text: its `[tag …]`, and each attribute and property of
/// it, in the order of the section's [`Section::attrs`] and [`Section::props`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SectionSpan {
    /// From the `[` to after the `]`.
    pub tag: Range<usize>,
    /// Each attribute's name.
    pub attr_names: Vec<Range<usize>>,
    /// Each attribute's value, from its first character to after its last.
    pub attrs: Vec<Range<usize>>,
    /// Where each property's name starts (its `"` when quoted).
    pub prop_names: Vec<usize>,
    /// Each property's value, from its first character to after its last.
    pub props: Vec<Range<usize>>,
}

/// A `.tres` or `.tscn`: its text as written (with any edits), the [`Document`] the
/// engine reads from it, and where each section, attribute and property value is.
///
/// Memory: the text, each value's bytes (about the size of its text), and a few words
/// per attribute and property. Nothing is sized by a count the file claims
/// (`load_steps` is only an attribute).
///
/// ```
/// use gdvariant::resource::{DocKind, TextResource};
/// use gdvariant::Dialect;
///
/// let text = "[gd_resource type=\"Gradient\" format=3]\n\n[resource]\noffsets = PackedFloat32Array(0, 1)\n";
/// let res = TextResource::parse(text)?;
/// assert_eq!((res.document().dialect, res.document().kind), (Dialect::Godot4, DocKind::Resource));
/// assert_eq!(res.document().to_text(), text);
/// # Ok::<(), gdvariant::resource::ResourceError>(())
/// ```
#[derive(Clone, Debug)]
pub struct TextResource {
    text: String,
    options: ResourceOptions,
    style: TextStyle,
    doc: Document,
    header: SectionSpan,
    spans: Vec<SectionSpan>,
}

impl TextResource {
    /// Reads a `.tres` / `.tscn` as the engine does, its dialect from the header's
    /// `format=` (1 or 2: Godot 3's values, which Godot 4 also reads; 3 and 4: Godot 4's),
    /// written back in that engine's newest style ([`TextStyle::for_dialect`]). Validates
    /// every value; never panics. Cost: one pass over the text, each value read once by
    /// the text reader (the header twice); an error is a [`ResourceError`] at its line
    /// and column.
    ///
    /// Read as the engine reads: `;` comments and blank lines anywhere, spaces around
    /// `=`, attributes over several lines, property names with `/` (`metadata/note`) or
    /// quoted (`"odd name" = 1`), `SubResource(…)` / `ExtResource(…)` references (as
    /// reference objects: see [`crate::resource`]). What the engine refuses is an error
    /// here too: a property line before the first section or after an `[ext_resource]`,
    /// `[connection]` or `[editable]` tag, a `format` past 4. What the engine checks only
    /// when it loads (that an `ExtResource` id is declared, that a `uid` points to a
    /// file) is not checked.
    pub fn parse(text: &str) -> Result<TextResource, ResourceError> {
        TextResource::parse_with(text, &ResourceOptions::new())
    }

    /// [`TextResource::parse`] with options: an engine version ([`TextStyle`]: Godot 3.2's
    /// files differ from 3.5+'s), value limits. Same checks and costs.
    ///
    /// ```
    /// use gdvariant::resource::{ResourceErrorKind, ResourceOptions, TextResource};
    /// use gdvariant::text::{ReadOptions, TextErrorKind};
    ///
    /// let shallow = ResourceOptions::new().read(ReadOptions::new().max_depth(2));
    /// let error = TextResource::parse_with("[gd_resource format=3]\n[resource]\na = [[[1]]]\n", &shallow)
    ///     .unwrap_err();
    /// assert_eq!(*error.kind(), ResourceErrorKind::BadValue(TextErrorKind::TooDeep));
    /// ```
    pub fn parse_with(
        text: &str,
        options: &ResourceOptions,
    ) -> Result<TextResource, ResourceError> {
        let style = match options.style {
            Some(style) => style,
            None => TextStyle::for_dialect(header_dialect(text, options)?),
        };
        let mut scanner = Scanner::new(text, style.dialect(), &options.read);
        let at = |offset: usize, kind: K| ResourceError::locate(text.as_bytes(), offset, kind);
        let header_tag = match scanner.next_item()? {
            Some(Item::Tag(tag)) => tag,
            Some(Item::Prop(prop)) => return Err(at(prop.name_start, K::UnexpectedProperty)),
            None => return Err(at(text.len(), K::MissingHeader)),
        };
        let kind = match header_tag.name.as_str() {
            "gd_resource" => DocKind::Resource,
            "gd_scene" => DocKind::Scene,
            _ => return Err(at(header_tag.span.start, K::UnknownFileType)),
        };
        check_format(text, &header_tag, style.dialect())?;
        let (header, header_span) = section(header_tag);
        let mut sections: Vec<Section> = Vec::new();
        let mut spans: Vec<SectionSpan> = Vec::new();
        while let Some(item) = scanner.next_item()? {
            match item {
                Item::Tag(tag) => {
                    let (s, span) = section(tag);
                    sections.push(s);
                    spans.push(span);
                }
                Item::Prop(prop) => {
                    let (Some(s), Some(span)) = (sections.last_mut(), spans.last_mut()) else {
                        return Err(at(prop.name_start, K::UnexpectedProperty));
                    };
                    if matches!(s.tag.as_str(), "ext_resource" | "connection" | "editable") {
                        return Err(at(prop.name_start, K::UnexpectedProperty));
                    }
                    // The engine drops a value with no name (`= 1`).
                    if prop.name.is_empty() {
                        continue;
                    }
                    s.props.push(Entry {
                        name: prop.name,
                        value: prop.bytes,
                    });
                    span.prop_names.push(prop.name_start);
                    span.props.push(prop.value);
                }
            }
        }
        Ok(TextResource {
            text: String::from(text),
            options: *options,
            style,
            doc: Document {
                dialect: style.dialect(),
                kind,
                header,
                sections,
            },
            header: header_span,
            spans,
        })
    }

    /// [`TextResource::parse_with`] on bytes: [`ResourceErrorKind::NotUtf8`] at the first
    /// byte that is not UTF-8. Same costs, plus one UTF-8 check.
    pub fn from_bytes(
        bytes: &[u8],
        options: &ResourceOptions,
    ) -> Result<TextResource, ResourceError> {
        let text = core::str::from_utf8(bytes)
            .map_err(|e| ResourceError::locate(bytes, e.valid_up_to(), K::NotUtf8))?;
        TextResource::parse_with(text, options)
    }

    /// The text, with every edit made so far. O(1).
    pub fn text(&self) -> &str {
        &self.text
    }

    /// What the engine reads from the text. O(1).
    pub fn document(&self) -> &Document {
        &self.doc
    }

    /// Gives the document up (to convert it, or write it with [`Document::to_text`]).
    pub fn into_document(self) -> Document {
        self.doc
    }

    /// The engine version whose text form the values are read in and written back in.
    pub fn style(&self) -> TextStyle {
        self.style
    }

    /// Where the header (`[gd_resource …]` / `[gd_scene …]`) is. O(1).
    pub fn header_span(&self) -> &SectionSpan {
        &self.header
    }

    /// Where each of [`Document::sections`] is, in the same order. O(1).
    pub fn section_spans(&self) -> &[SectionSpan] {
        &self.spans
    }

    /// What `ResourceSaver.save` writes for this document in the file's style: comments,
    /// spacing and the file's own number spellings go ([`Document::to_text_with`]). A
    /// file the engine saved reads and writes back to itself, byte for byte. Cost:
    /// O(text).
    pub fn to_engine_text(&self) -> String {
        self.doc.to_text_with(self.style)
    }

    /// The value named by `path` (see [`TextResource::set_text`] for the syntax) as a
    /// view, and where its text is. O(sections + entries).
    ///
    /// ```
    /// use gdvariant::resource::TextResource;
    ///
    /// let res = TextResource::parse("[gd_resource format=3]\n[resource]\nmetadata/note = \"hi\"\n")?;
    /// let (value, span) = res.get("metadata/note").unwrap();
    /// assert_eq!(value.as_str(), Some("hi"));
    /// assert_eq!(&res.text()[span], "\"hi\"");
    /// # Ok::<(), gdvariant::resource::ResourceError>(())
    /// ```
    pub fn get(&self, path: &str) -> Option<(VariantRef<'_>, Range<usize>)> {
        let target = edit::resolve(&self.doc, path).ok()?;
        let (entry, span) = match target.place {
            edit::Place::Attr => {
                let i = target
                    .section_attrs(self)
                    .iter()
                    .rposition(|e| e.name == target.name)?;
                let span = target.span(self).attrs.get(i)?.clone();
                (target.section_attrs(self).get(i)?, span)
            }
            edit::Place::Prop => {
                let i = target
                    .section_props(self)
                    .iter()
                    .rposition(|e| e.name == target.name)?;
                let span = target.span(self).props.get(i)?.clone();
                (target.section_props(self).get(i)?, span)
            }
        };
        Some((entry.get(self.doc.dialect)?, span))
    }
}

/// A tag read into a section with no properties yet, and its span.
fn section(tag: Tag) -> (Section, SectionSpan) {
    let mut span = SectionSpan {
        tag: tag.span,
        attr_names: Vec::with_capacity(tag.attrs.len()),
        attrs: Vec::with_capacity(tag.attrs.len()),
        prop_names: Vec::new(),
        props: Vec::new(),
    };
    let attrs = tag
        .attrs
        .into_iter()
        .map(|a| {
            span.attr_names.push(a.name_span);
            span.attrs.push(a.value);
            Entry {
                name: a.name,
                value: a.bytes,
            }
        })
        .collect();
    let section = Section {
        tag: tag.name,
        attrs,
        props: Vec::new(),
    };
    (section, span)
}

/// The dialect the header's `format=` calls for: the first tag read in Godot 4's text
/// form (header values are strings and ints, the same in both).
fn header_dialect(text: &str, options: &ResourceOptions) -> Result<Dialect, ResourceError> {
    let mut scanner = Scanner::new(text, Dialect::Godot4, &options.read);
    let at = |offset: usize, kind: K| ResourceError::locate(text.as_bytes(), offset, kind);
    let tag = match scanner.next_item()? {
        Some(Item::Tag(tag)) => tag,
        Some(Item::Prop(prop)) => return Err(at(prop.name_start, K::UnexpectedProperty)),
        None => return Err(at(text.len(), K::MissingHeader)),
    };
    let format = tag.attrs.iter().find(|a| a.name == "format");
    let Some(format) = format else {
        return Ok(Dialect::Godot4);
    };
    match VariantRef::parse(&format.bytes, Dialect::Godot4)
        .ok()
        .and_then(|v| v.as_int())
    {
        Some(1 | 2) => Ok(Dialect::Godot3),
        Some(3 | 4) => Ok(Dialect::Godot4),
        _ => Err(at(format.value.start, K::UnsupportedFormat)),
    }
}

/// `format=` must be an int the engines read (1 to 4).
fn check_format(text: &str, tag: &Tag, dialect: Dialect) -> Result<(), ResourceError> {
    let Some(format) = tag.attrs.iter().find(|a| a.name == "format") else {
        return Ok(());
    };
    let n = VariantRef::parse(&format.bytes, dialect)
        .ok()
        .and_then(|v| v.as_int());
    if matches!(n, Some(1..=4)) {
        return Ok(());
    }
    Err(ResourceError::locate(
        text.as_bytes(),
        format.value.start,
        K::UnsupportedFormat,
    ))
}
