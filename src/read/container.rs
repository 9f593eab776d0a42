//! Arrays and dictionaries: `Copy` views with lazy, exact-size iterators.

use core::iter::FusedIterator;

use crate::read::index::SpanIndex;
use crate::read::strings::{string_at, GdStr};
use crate::read::value::VariantRef;
use crate::wire::bytes::le_u32;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::header::{COUNT_SHARED_BIT, KIND_BUILTIN, KIND_CLASS_NAME, KIND_NONE};
use crate::wire::types::VariantType;

/// Reads a container type descriptor of `kind` at `at`; returns it and the offset after it.
fn container_type_at(bytes: &[u8], at: usize, kind: u32) -> (ContainerType<GdStr<'_>>, usize) {
    match kind {
        KIND_NONE => (ContainerType::Untyped, at),
        KIND_BUILTIN => {
            let id = le_u32(bytes, at);
            let ty = u8::try_from(id)
                .ok()
                .and_then(|id| VariantType::from_id(id, Dialect::Godot4))
                .unwrap_or(VariantType::Nil);
            (ContainerType::Builtin(ty), at.saturating_add(4))
        }
        KIND_CLASS_NAME => {
            let (name, next) = string_at(bytes, at);
            (ContainerType::ClassName(name), next)
        }
        _ => {
            let (path, next) = string_at(bytes, at);
            (ContainerType::Script(path), next)
        }
    }
}

/// An `Array` view. `Copy`; iterating is lazy and allocation-free.
///
/// Elements are stored back to back with no index, so [`ArrayRef::get`] is O(i) and each
/// iterator step measures the element it yields (O(1) for scalars, strings and packed
/// arrays; O(size) for a nested container, without re-validating it).
#[derive(Clone, Copy, Debug)]
pub struct ArrayRef<'a> {
    element_type: ContainerType<GdStr<'a>>,
    elements: Values<'a>,
}

impl<'a> ArrayRef<'a> {
    pub(crate) fn new(value: &VariantRef<'a>) -> Self {
        let payload = value.payload();
        let (element_type, at) = match value.dialect() {
            Dialect::Godot4 => {
                container_type_at(payload, 0, value.header_info().container_kind(16))
            }
            _ => (ContainerType::Untyped, 0),
        };
        ArrayRef {
            element_type,
            elements: Values::after_count(value, at, 1),
        }
    }

    /// Number of elements. O(1).
    pub fn len(&self) -> usize {
        self.elements.remaining as usize
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.elements.remaining == 0
    }

    /// The declared element type (`Untyped` in Godot 3).
    pub fn element_type(&self) -> ContainerType<GdStr<'a>> {
        self.element_type
    }

    /// The elements, in order.
    pub fn iter(&self) -> ArrayIter<'a> {
        ArrayIter {
            values: self.elements,
        }
    }

    /// Element `index`, or `None` past the end. O(index).
    pub fn get(&self, index: usize) -> Option<VariantRef<'a>> {
        self.iter().nth(index)
    }
}

impl<'a> IntoIterator for ArrayRef<'a> {
    type Item = VariantRef<'a>;
    type IntoIter = ArrayIter<'a>;
    fn into_iter(self) -> ArrayIter<'a> {
        self.iter()
    }
}

/// Iterator over an [`ArrayRef`]'s elements (also over a dictionary's keys and values,
/// interleaved, inside [`DictIter`]).
#[derive(Clone, Debug)]
pub struct ArrayIter<'a> {
    values: Values<'a>,
}

impl<'a> Iterator for ArrayIter<'a> {
    type Item = VariantRef<'a>;

    fn next(&mut self) -> Option<VariantRef<'a>> {
        self.values.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.values.remaining as usize;
        (n, Some(n))
    }
}

/// Child values stored back to back (validated): where the next one starts and how many
/// remain. Shared by the array, dictionary and property iterators.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values<'a> {
    rest: &'a [u8],
    /// Absolute offset of `rest[0]`.
    offset: usize,
    remaining: u32,
    dialect: Dialect,
    index: Option<&'a SpanIndex>,
}

impl<'a> Values<'a> {
    /// The values after the count word at `payload[at]` of `container`: `per_entry`
    /// values per counted entry (2 for dictionaries). The count's bit 31 is masked off.
    fn after_count(container: &VariantRef<'a>, at: usize, per_entry: u32) -> Self {
        let payload = container.payload();
        let start = at.saturating_add(4);
        Values::new(
            payload.get(start..).unwrap_or(&[]),
            container.offset() + 4 + start,
            (le_u32(payload, at) & !COUNT_SHARED_BIT).saturating_mul(per_entry),
            container,
        )
    }

    /// `count` values in `rest` (at absolute `offset`), read like `container`.
    pub(crate) fn new(
        rest: &'a [u8],
        offset: usize,
        count: u32,
        container: &VariantRef<'a>,
    ) -> Self {
        Values {
            rest,
            offset,
            remaining: count,
            dialect: container.dialect(),
            index: container.index(),
        }
    }

    /// Splits off the next value.
    pub(crate) fn next(&mut self) -> Option<VariantRef<'a>> {
        if self.remaining == 0 || self.rest.is_empty() {
            self.remaining = 0;
            return None;
        }
        self.remaining -= 1;
        let (value, rest) =
            VariantRef::split_trusted(self.rest, self.offset, self.dialect, self.index);
        self.offset += value.encoded().len();
        self.rest = rest;
        Some(value)
    }

    /// Skips a string field (an object property's name) before the next value.
    pub(crate) fn next_name(&mut self) -> GdStr<'a> {
        let (name, next) = string_at(self.rest, 0);
        self.rest = self.rest.get(next..).unwrap_or(&[]);
        self.offset += next;
        name
    }

    pub(crate) fn remaining(&self) -> u32 {
        self.remaining
    }
}

impl ExactSizeIterator for ArrayIter<'_> {}
impl FusedIterator for ArrayIter<'_> {}

/// A `Dictionary` view: pairs in wire order (insertion order). `Copy`, lazy.
///
/// Lookups ([`DictRef::get`], [`DictRef::get_int`]) scan the pairs: O(n). If the wire holds
/// a key twice, the engine keeps the last value; `get` does the same.
#[derive(Clone, Copy, Debug)]
pub struct DictRef<'a> {
    key_type: ContainerType<GdStr<'a>>,
    value_type: ContainerType<GdStr<'a>>,
    /// Keys and values, interleaved.
    entries: Values<'a>,
}

impl<'a> DictRef<'a> {
    pub(crate) fn new(value: &VariantRef<'a>) -> Self {
        let payload = value.payload();
        let (key_type, value_type, at) = match value.dialect() {
            Dialect::Godot4 => {
                let header = value.header_info();
                let (k, at) = container_type_at(payload, 0, header.container_kind(16));
                let (v, at) = container_type_at(payload, at, header.container_kind(18));
                (k, v, at)
            }
            _ => (ContainerType::Untyped, ContainerType::Untyped, 0),
        };
        DictRef {
            key_type,
            value_type,
            entries: Values::after_count(value, at, 2),
        }
    }

    /// Number of pairs on the wire. O(1).
    pub fn len(&self) -> usize {
        self.entries.remaining as usize / 2
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.entries.remaining == 0
    }

    /// Declared key type (Godot 4.4+ typed dictionaries).
    pub fn key_type(&self) -> ContainerType<GdStr<'a>> {
        self.key_type
    }

    /// Declared value type (Godot 4.4+ typed dictionaries).
    pub fn value_type(&self) -> ContainerType<GdStr<'a>> {
        self.value_type
    }

    /// The `(key, value)` pairs in wire order.
    pub fn iter(&self) -> DictIter<'a> {
        DictIter {
            entries: self.entries,
        }
    }

    /// The value for the String or StringName key `key`. O(n).
    pub fn get(&self, key: &str) -> Option<VariantRef<'a>> {
        self.find(|k| k.as_gd_str().is_some_and(|s| s == key))
    }

    /// The value for the int key `key`. O(n).
    pub fn get_int(&self, key: i64) -> Option<VariantRef<'a>> {
        self.find(|k| k.as_int() == Some(key))
    }

    /// The value of the last pair whose key satisfies `matches`. O(n).
    pub fn find(&self, mut matches: impl FnMut(&VariantRef<'a>) -> bool) -> Option<VariantRef<'a>> {
        self.iter()
            .filter(|(k, _)| matches(k))
            .last()
            .map(|(_, v)| v)
    }
}

impl<'a> IntoIterator for DictRef<'a> {
    type Item = (VariantRef<'a>, VariantRef<'a>);
    type IntoIter = DictIter<'a>;
    fn into_iter(self) -> DictIter<'a> {
        self.iter()
    }
}

/// Iterator over a [`DictRef`]'s `(key, value)` pairs.
#[derive(Clone, Debug)]
pub struct DictIter<'a> {
    entries: Values<'a>,
}

impl<'a> Iterator for DictIter<'a> {
    type Item = (VariantRef<'a>, VariantRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        let key = self.entries.next()?;
        let value = self.entries.next()?;
        Some((key, value))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.entries.remaining as usize / 2;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DictIter<'_> {}
impl FusedIterator for DictIter<'_> {}

impl<'a> VariantRef<'a> {
    /// An `Array` (typed or not).
    pub fn as_array(&self) -> Option<ArrayRef<'a>> {
        (self.ty() == VariantType::Array).then(|| ArrayRef::new(self))
    }

    /// A `Dictionary` (typed or not).
    pub fn as_dictionary(&self) -> Option<DictRef<'a>> {
        (self.ty() == VariantType::Dictionary).then(|| DictRef::new(self))
    }
}
