//! The standard traits of the owned containers [`Array`] and [`Dictionary`]: `Default`,
//! `PartialEq`, conversions from and into their `Vec`, `Deref` to their slice, iteration.

use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

use super::{Array, ArrayRepr, DictRepr, Dictionary, Variant};

impl Default for Array {
    fn default() -> Array {
        Array::new()
    }
}

impl PartialEq for Array {
    fn eq(&self, other: &Array) -> bool {
        self.element_type() == other.element_type() && self.items() == other.items()
    }
}

impl From<Vec<Variant>> for Array {
    /// An untyped array. O(1).
    fn from(items: Vec<Variant>) -> Array {
        Array(ArrayRepr::Untyped(items))
    }
}

impl From<Array> for Vec<Variant> {
    fn from(a: Array) -> Vec<Variant> {
        a.into_items()
    }
}

impl FromIterator<Variant> for Array {
    fn from_iter<I: IntoIterator<Item = Variant>>(iter: I) -> Array {
        Array::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Deref for Array {
    type Target = [Variant];
    fn deref(&self) -> &[Variant] {
        self.items()
    }
}

impl DerefMut for Array {
    fn deref_mut(&mut self) -> &mut [Variant] {
        self.items_mut()
    }
}

impl<'a> IntoIterator for &'a Array {
    type Item = &'a Variant;
    type IntoIter = core::slice::Iter<'a, Variant>;
    fn into_iter(self) -> Self::IntoIter {
        self.items().iter()
    }
}

impl IntoIterator for Array {
    type Item = Variant;
    type IntoIter = alloc::vec::IntoIter<Variant>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_items().into_iter()
    }
}

impl Default for Dictionary {
    fn default() -> Dictionary {
        Dictionary::new()
    }
}

impl PartialEq for Dictionary {
    fn eq(&self, other: &Dictionary) -> bool {
        self.key_type() == other.key_type()
            && self.value_type() == other.value_type()
            && self.entries() == other.entries()
    }
}

impl From<Vec<(Variant, Variant)>> for Dictionary {
    /// An untyped dictionary. O(1).
    fn from(entries: Vec<(Variant, Variant)>) -> Dictionary {
        Dictionary(DictRepr::Untyped(entries))
    }
}

impl From<Dictionary> for Vec<(Variant, Variant)> {
    fn from(d: Dictionary) -> Vec<(Variant, Variant)> {
        d.into_entries()
    }
}

impl FromIterator<(Variant, Variant)> for Dictionary {
    fn from_iter<I: IntoIterator<Item = (Variant, Variant)>>(iter: I) -> Dictionary {
        Dictionary::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Deref for Dictionary {
    type Target = [(Variant, Variant)];
    fn deref(&self) -> &[(Variant, Variant)] {
        self.entries()
    }
}

impl DerefMut for Dictionary {
    fn deref_mut(&mut self) -> &mut [(Variant, Variant)] {
        self.entries_mut()
    }
}

impl<'a> IntoIterator for &'a Dictionary {
    type Item = &'a (Variant, Variant);
    type IntoIter = core::slice::Iter<'a, (Variant, Variant)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries().iter()
    }
}

impl IntoIterator for Dictionary {
    type Item = (Variant, Variant);
    type IntoIter = alloc::vec::IntoIter<(Variant, Variant)>;
    fn into_iter(self) -> Self::IntoIter {
        self.into_entries().into_iter()
    }
}
