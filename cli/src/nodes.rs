//! Children of a value with their path segments, as the `get` path syntax writes them.

use gdvariant::query::Step;
use gdvariant::{ObjectRef, VariantRef};

/// How a child is reached from its container.
#[derive(Clone, Copy, Debug)]
pub enum Segment<'a> {
    /// Array element.
    Index(usize),
    /// Dictionary value under this key.
    Key(VariantRef<'a>, usize),
    /// Object property.
    Property(&'a str),
}

impl Segment<'_> {
    /// The segment in path syntax: `3`, `name`, `"a/b"`, `[42]`; a key that a path cannot
    /// name (not a String, StringName or int) is shown as `<key #i>`.
    pub fn text(&self) -> String {
        match self {
            Segment::Index(i) => i.to_string(),
            Segment::Property(name) => name_text(name),
            Segment::Key(key, i) => {
                if let Some(text) = key.as_str() {
                    name_text(text)
                } else if let Some(n) = key.as_int() {
                    format!("[{n}]")
                } else {
                    format!("<key #{i}>")
                }
            }
        }
    }
}

/// A name as a path step: bare when it can be, quoted otherwise.
fn name_text(name: &str) -> String {
    Step::key(name).to_string()
}

/// The number of children and a word for them.
pub fn count(v: &VariantRef<'_>) -> Option<(usize, &'static str)> {
    if let Some(a) = v.as_array() {
        Some((a.len(), "items"))
    } else if let Some(d) = v.as_dictionary() {
        Some((d.len(), "pairs"))
    } else if let Some(p) = v.as_packed() {
        Some((p.len(), "elements"))
    } else if let Some(ObjectRef::Full(o)) = v.as_object() {
        Some((o.len(), "properties"))
    } else {
        v.as_gd_str().map(|s| (s.raw_bytes().len(), "bytes"))
    }
}

/// Visits the children of `v` (array elements, dictionary values, object property values)
/// in wire order until `visit` returns false. Dictionary keys are given with the segment.
pub fn for_each_child<'a>(
    v: &VariantRef<'a>,
    mut visit: impl FnMut(Segment<'a>, VariantRef<'a>) -> bool,
) {
    if let Some(a) = v.as_array() {
        for (i, item) in a.iter().enumerate() {
            if !visit(Segment::Index(i), item) {
                return;
            }
        }
    } else if let Some(d) = v.as_dictionary() {
        for (i, (key, value)) in d.iter().enumerate() {
            if !visit(Segment::Key(key, i), value) {
                return;
            }
        }
    } else if let Some(ObjectRef::Full(o)) = v.as_object() {
        for (name, value) in o.properties() {
            if !visit(Segment::Property(name.as_str()), value) {
                return;
            }
        }
    }
}
