//! What the engine holds after reading the items: sections and keys in the order the
//! engine keeps them (`ConfigFile::set_value` on each `key=value`, in file order).
//!
//! * A section exists once it has a key: a header alone (`[empty]`) makes none.
//! * A key read again keeps its place and takes the new value.
//! * A `null` value erases the key, and the section with it when that was its last key;
//!   a later value puts them back at the end.

use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;

use super::scan::Item;

/// One live section: its name and its keys in order (erased ones are `None`).
#[derive(Clone, Debug, Default)]
pub(super) struct Section {
    pub name: String,
    /// (key, index of its entry in the items), in order; `None` once erased.
    pub keys: Vec<Option<(String, usize)>>,
    /// Key → position in `keys`.
    pub index: BTreeMap<String, usize>,
}

impl Section {
    pub fn live(&self) -> impl Iterator<Item = &(String, usize)> {
        self.keys.iter().flatten()
    }
}

/// The sections in order (erased ones are `None`) and their index.
#[derive(Clone, Debug, Default)]
pub(super) struct Model {
    pub sections: Vec<Option<Section>>,
    pub index: BTreeMap<String, usize>,
}

/// Is `bytes` a `null` (type 0, in either dialect)?
fn is_nil(bytes: &[u8]) -> bool {
    bytes.get(..4) == Some(&[0u8; 4][..])
}

impl Model {
    /// Applies the entries of `items` as `set_value` does. Cost: O(items · log keys).
    pub fn build(items: &[Item]) -> Model {
        let mut model = Model::default();
        for (at, item) in items.iter().enumerate() {
            let Item::Entry(entry) = item else { continue };
            if is_nil(&entry.bytes) {
                model.erase(&entry.section, &entry.key);
            } else {
                model.set(&entry.section, &entry.key, at);
            }
        }
        model
    }

    fn set(&mut self, section: &str, key: &str, at: usize) {
        let s = match self.index.get(section) {
            Some(&s) => s,
            None => {
                self.sections.push(Some(Section {
                    name: String::from(section),
                    ..Section::default()
                }));
                let s = self.sections.len() - 1;
                self.index.insert(String::from(section), s);
                s
            }
        };
        let Some(Some(sec)) = self.sections.get_mut(s) else {
            return;
        };
        match sec.index.get(key) {
            Some(&k) => {
                if let Some(Some(slot)) = sec.keys.get_mut(k) {
                    slot.1 = at;
                }
            }
            None => {
                sec.keys.push(Some((String::from(key), at)));
                sec.index.insert(String::from(key), sec.keys.len() - 1);
            }
        }
    }

    fn erase(&mut self, section: &str, key: &str) {
        let Some(&s) = self.index.get(section) else {
            return;
        };
        let Some(Some(sec)) = self.sections.get_mut(s) else {
            return;
        };
        if let Some(k) = sec.index.remove(key) {
            if let Some(slot) = sec.keys.get_mut(k) {
                *slot = None;
            }
        }
        if sec.index.is_empty() {
            self.index.remove(section);
            if let Some(slot) = self.sections.get_mut(s) {
                *slot = None;
            }
        }
    }

    /// The live sections, in order.
    pub fn live(&self) -> impl Iterator<Item = &Section> {
        self.sections.iter().flatten()
    }

    /// The section named `name`, if it is live.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.get(*self.index.get(name)?)?.as_ref()
    }

    /// The item index of the entry the engine holds for `section`/`key`.
    pub fn entry(&self, section: &str, key: &str) -> Option<usize> {
        let sec = self.section(section)?;
        let (_, at) = sec.keys.get(*sec.index.get(key)?)?.as_ref()?;
        Some(*at)
    }
}
