//! Finding a template's Dictionary entries (or Object properties) by the text their keys
//! have in plain JSON.

use alloc::borrow::Cow;
use alloc::string::ToString;
use std::collections::HashMap;

use crate::read::container::{DictIter, DictRef};
use crate::read::object::{FullObject, PropertyIter};
use crate::read::value::VariantRef;

/// A template Dictionary's entries (or an Object's properties), found by the text of
/// their key as plain JSON writes it: first the entry at the same position (JSON edited
/// in place keeps the order), else through an index built the first time that misses.
pub(super) struct Lookup<'t> {
    next: Entries<'t>,
    all: Entries<'t>,
    index: Option<HashMap<Cow<'t, str>, Found<'t>>>,
}

/// A template entry: its key (none for a property) and its value.
pub(super) type Found<'t> = (Option<VariantRef<'t>>, VariantRef<'t>);

#[derive(Clone)]
enum Entries<'t> {
    Dict(DictIter<'t>),
    Props(PropertyIter<'t>),
}

impl<'t> Iterator for Entries<'t> {
    type Item = (Cow<'t, str>, Found<'t>);

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Entries::Dict(entries) => {
                let (key, value) = entries.next()?;
                let text = match (key.as_str(), key.as_int()) {
                    (Some(text), _) => Cow::Borrowed(text),
                    (None, Some(n)) => Cow::Owned(n.to_string()),
                    _ => Cow::Borrowed(""),
                };
                Some((text, (Some(key), value)))
            }
            Entries::Props(props) => {
                let (name, value) = props.next()?;
                Some((Cow::Borrowed(name.as_str()), (None, value)))
            }
        }
    }
}

impl<'t> Lookup<'t> {
    pub(super) fn dict(dict: DictRef<'t>) -> Self {
        Lookup {
            next: Entries::Dict(dict.iter()),
            all: Entries::Dict(dict.iter()),
            index: None,
        }
    }

    pub(super) fn props(object: FullObject<'t>) -> Self {
        Lookup {
            next: Entries::Props(object.properties()),
            all: Entries::Props(object.properties()),
            index: None,
        }
    }

    /// The entry whose key reads `text` (the first of that text).
    pub(super) fn find(&mut self, text: &str) -> Option<Found<'t>> {
        if let Some((key, found)) = self.next.next() {
            if key == text {
                return Some(found);
            }
        }
        let all = &self.all;
        let index = self.index.get_or_insert_with(|| {
            let mut index = HashMap::new();
            for (key, found) in all.clone() {
                index.entry(key).or_insert(found);
            }
            index
        });
        index.get(text).copied()
    }
}
