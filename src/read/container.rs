//! Arrays and dictionaries: `Copy` views with lazy, exact-size iterators.

use core::fmt;
use core::iter::FusedIterator;

use crate::read::meta::{Meta, Shape};
use crate::read::strings::{string_at, GdStr};
use crate::read::value::VariantRef;
use crate::read::values::Values;
use crate::wire::bytes::le_u32;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::header::{
    COUNT_SHARED_BIT, FLAG_OBJECT_AS_ID, KIND_BUILTIN, KIND_CLASS_NAME, KIND_NONE,
};
use crate::wire::types::{Layout, VariantType};

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

/// What an Array or Dictionary view holds: its payload (the bytes after the header; they
/// may run past the container's end, which is never needed), where that payload starts,
/// and the header word and dialect (in a [`Meta`], whose shape says when the view iterator
/// that yielded the container found an untyped one: its count is then the payload's first
/// word). Everything else is read from the payload on demand.
#[derive(Clone, Copy)]
struct Body<'a> {
    payload: &'a [u8],
    /// Absolute offset of `payload[0]`.
    offset: usize,
    meta: Meta,
}

impl fmt::Debug for Body<'_> {
    /// The fields as they were before the header and dialect were packed (the shape is a
    /// hint, not part of the value).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Body")
            .field("payload", &self.payload)
            .field("offset", &self.offset)
            .field("word", &self.word())
            .field("dialect", &self.dialect())
            .finish()
    }
}

impl<'a> Body<'a> {
    #[inline]
    fn new(payload: &'a [u8], offset: usize, word: u32, dialect: Dialect) -> Self {
        Body {
            payload,
            offset,
            meta: Meta::new(word, VariantType::Nil, dialect, Shape::Sized),
        }
    }

    /// The header word.
    #[inline(always)]
    fn word(&self) -> u32 {
        self.meta.word()
    }

    /// The dialect.
    #[inline(always)]
    fn dialect(&self) -> Dialect {
        self.meta.dialect()
    }

    /// The declared types (`descriptors` of them: 1 for arrays, 2 for dictionaries) and
    /// the offset of the count after them.
    #[inline]
    fn types<const N: usize>(&self) -> ([ContainerType<GdStr<'a>>; N], usize) {
        let mut types = [ContainerType::Untyped; N];
        if let Some((t, at)) = self.pandemonium_type() {
            if let Some(slot) = types.first_mut() {
                *slot = t;
            }
            return (types, at);
        }
        let mut at = 0;
        if self.dialect().typed_containers() {
            for (i, slot) in types.iter_mut().enumerate() {
                let kind = (self.word() >> (16 + 2 * i)) & 0b11;
                if kind != KIND_NONE {
                    let (t, next) = container_type_at(self.payload, at, kind);
                    *slot = t;
                    at = next;
                }
            }
        }
        (types, at)
    }

    /// Does the header announce declared types (Godot 4's header bits 16 and up, `mask`
    /// picking the Array's or the Dictionary's)? O(1): the types are not read.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // for the JSON writer
    #[inline]
    fn announces_types(&self, mask: u32) -> bool {
        self.dialect().typed_containers() && (self.word() >> 16) & mask != 0
    }

    /// The offset of the count word (after the type descriptors).
    #[inline]
    fn count_at<const N: usize>(&self) -> usize {
        if self.dialect().is_pandemonium() {
            return self.pandemonium_type().map_or(0, |(_, at)| at);
        }
        // Untyped containers (every Godot 3 one, most Godot 4 ones) start with the count.
        if !self.dialect().typed_containers() || (self.word() >> 16) & 0b1111 == 0 {
            return 0;
        }
        self.types::<N>().1
    }

    /// The raw element type number of a Pandemonium TypedArray / PackedTypedArray (bit 31
    /// masked off, as the engine does), `None` for any other container.
    #[inline]
    fn pandemonium_element_id(&self) -> Option<u32> {
        let ty = u8::try_from(self.word() & 0xFF)
            .ok()
            .and_then(|id| VariantType::from_id(id, self.dialect()))?;
        (ty.layout() == Layout::TypedArray).then(|| le_u32(self.payload, 0) & !COUNT_SHARED_BIT)
    }

    /// A Pandemonium typed array's declared element type, and the offset of its count: an
    /// object type carries its class name (a StringName value) unless the header says the
    /// objects are ids (then the engine names the class `EncodedObjectAsID`; here it is
    /// `Builtin(Object)`). (Validation refuses a number no type has; it would read as
    /// `Untyped`.)
    fn pandemonium_type(&self) -> Option<(ContainerType<GdStr<'a>>, usize)> {
        let id = self.pandemonium_element_id()?;
        let ty = u8::try_from(id)
            .ok()
            .and_then(|id| VariantType::from_id(id, self.dialect()));
        Some(match ty {
            Some(VariantType::Object) if self.word() & FLAG_OBJECT_AS_ID == 0 => {
                // The class name: a StringName header, then the string.
                let (name, next) = string_at(self.payload, 8);
                (ContainerType::ClassName(name), next)
            }
            Some(ty) => (ContainerType::Builtin(ty), 4),
            None => (ContainerType::Untyped, 4),
        })
    }

    /// The count word with bit 31 masked off (as the engine does).
    #[inline]
    fn count<const N: usize>(&self) -> u32 {
        le_u32(self.payload, self.count_at::<N>()) & !COUNT_SHARED_BIT
    }

    /// The children: `per_entry` values per counted entry.
    #[inline(always)]
    fn values<const N: usize>(&self, per_entry: u32) -> Values<'a> {
        // Untyped Godot 3 and 4 containers (the most frequent) start with the count; the
        // view iterators note the untyped ones they yield in the shape.
        let plain = self.meta.is_untyped_container() || {
            let dialect = self.dialect();
            !dialect.is_pandemonium()
                && (!dialect.typed_containers() || (self.word() >> 16) & 0b1111 == 0)
        };
        let at = if plain { 0 } else { self.count_at::<N>() };
        let (count, children) = match self.payload.get(at..).and_then(<[u8]>::split_first_chunk) {
            Some((count, children)) => (u32::from_le_bytes(*count), children),
            None => (0, &[][..]),
        };
        Values::new(
            self.payload,
            children,
            self.offset.saturating_add(at).saturating_add(4),
            (count & !COUNT_SHARED_BIT).saturating_mul(per_entry),
            self.dialect(),
        )
    }
}

/// An `Array` view. `Copy`, 32 bytes; iterating is lazy and allocation-free.
///
/// Elements are stored back to back with no index, so [`ArrayRef::get`] is O(i). Each
/// iterator step is O(1) for scalars, strings and packed arrays; a nested container is
/// yielded without measuring it, and the step after it finds its end where the
/// container's own iterator left it when the caller read it through (so a recursive walk
/// reads each header about once), or else measures it (O(size), without re-validating).
/// To read a whole value once, one pass over the bytes is still the fastest (see the crate
/// docs).
#[derive(Clone, Copy, Debug)]
pub struct ArrayRef<'a> {
    body: Body<'a>,
}

impl<'a> ArrayRef<'a> {
    /// The array whose header is `word` and whose payload starts at `payload[0]`, at
    /// absolute `offset`. `payload` holds validated bytes.
    #[inline]
    pub(crate) fn new(payload: &'a [u8], offset: usize, word: u32, dialect: Dialect) -> Self {
        ArrayRef {
            body: Body::new(payload, offset, word, dialect),
        }
    }

    /// The container a view iterator yielded as an untyped one (`meta`, of shape
    /// [`Shape::Dictionary`] or [`Shape::Array`], holds its header and dialect): its count is
    /// the payload's first word.
    #[inline(always)]
    pub(crate) fn hinted(payload: &'a [u8], offset: usize, meta: Meta) -> Self {
        ArrayRef {
            body: Body {
                payload,
                offset,
                meta,
            },
        }
    }

    /// Number of elements. O(1) (O(descriptor) for a typed array).
    #[inline]
    pub fn len(&self) -> usize {
        self.body.count::<1>() as usize
    }

    /// Is it empty? O(1).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where the elements start in the payload (after the type and the count).
    #[inline]
    pub(crate) fn children_at(&self) -> usize {
        self.body.count_at::<1>().saturating_add(4)
    }

    /// The payload, its absolute offset and the dialect (for a reader of the elements).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn parts(&self) -> (&'a [u8], usize, Dialect) {
        (self.body.payload, self.body.offset, self.body.dialect())
    }

    /// Does a Godot 4 header announce an element type? O(1), the type not read.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // for the JSON writer
    #[inline]
    pub(crate) fn godot4_typed(&self) -> bool {
        self.body.announces_types(0b11)
    }

    /// The declared element type (`Untyped` in Godot 3). O(1).
    pub fn element_type(&self) -> ContainerType<GdStr<'a>> {
        let [t] = self.body.types::<1>().0;
        t
    }

    /// A Pandemonium TypedArray's or PackedTypedArray's element type number as written
    /// (bit 31 masked off, as the engine does), `None` for any other array. O(1).
    pub fn pandemonium_element_id(&self) -> Option<u32> {
        self.body.pandemonium_element_id()
    }

    /// The elements, in order.
    #[inline]
    pub fn iter(&self) -> ArrayIter<'a> {
        ArrayIter {
            values: self.body.values::<1>(1),
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

/// Iterator over an [`ArrayRef`]'s elements.
#[derive(Clone, Debug)]
pub struct ArrayIter<'a> {
    values: Values<'a>,
}

impl<'a> ArrayIter<'a> {
    /// [`Iterator::fold`] with the position in locals (what `fold` runs in release builds).
    #[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))]
    #[inline]
    pub(crate) fn fast_fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, VariantRef<'a>) -> B,
    {
        self.values.fold_values(init, f)
    }
}

impl<'a> Iterator for ArrayIter<'a> {
    type Item = VariantRef<'a>;

    #[inline]
    fn next(&mut self) -> Option<VariantRef<'a>> {
        self.values.next()
    }

    /// The loop of `for_each`, `fold`, `count`, …: the position stays in locals (see
    /// `fast_fold`). Debug builds keep the default loop over `next`, whose frame is several
    /// times smaller there, so that recursive walks through 1025 levels (the engine's
    /// limit) fit a test thread's stack; the unit tests compare the two.
    #[cfg(not(debug_assertions))]
    #[inline]
    fn fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, VariantRef<'a>) -> B,
    {
        self.fast_fold(init, f)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.values.remaining() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ArrayIter<'_> {}
impl FusedIterator for ArrayIter<'_> {}

/// A `Dictionary` view: pairs in wire order (insertion order). `Copy`, 32 bytes, lazy.
///
/// Lookups ([`DictRef::get`], [`DictRef::get_int`]) scan the pairs: O(n). If the wire holds
/// a key twice, the engine keeps the last value; `get` does the same.
#[derive(Clone, Copy, Debug)]
pub struct DictRef<'a> {
    body: Body<'a>,
}

impl<'a> DictRef<'a> {
    /// The dictionary whose header is `word` and whose payload starts at `payload[0]`, at
    /// absolute `offset`. `payload` holds validated bytes.
    #[inline]
    pub(crate) fn new(payload: &'a [u8], offset: usize, word: u32, dialect: Dialect) -> Self {
        DictRef {
            body: Body::new(payload, offset, word, dialect),
        }
    }

    /// The container a view iterator yielded as an untyped one (`meta`, of shape
    /// [`Shape::Dictionary`] or [`Shape::Array`], holds its header and dialect): its count is
    /// the payload's first word.
    #[inline(always)]
    pub(crate) fn hinted(payload: &'a [u8], offset: usize, meta: Meta) -> Self {
        DictRef {
            body: Body {
                payload,
                offset,
                meta,
            },
        }
    }

    /// Number of pairs on the wire. O(1) (O(descriptors) when typed).
    #[inline]
    pub fn len(&self) -> usize {
        self.body.count::<2>() as usize
    }

    /// Is it empty? O(1).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where the pairs start in the payload (after the types and the count).
    #[inline]
    pub(crate) fn children_at(&self) -> usize {
        self.body.count_at::<2>().saturating_add(4)
    }

    /// The payload, its absolute offset and the dialect (for a reader of the pairs).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn parts(&self) -> (&'a [u8], usize, Dialect) {
        (self.body.payload, self.body.offset, self.body.dialect())
    }

    /// Does a Godot 4 header announce a key or value type? O(1), the types not read.
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // for the JSON writer
    #[inline]
    pub(crate) fn godot4_typed(&self) -> bool {
        self.body.announces_types(0b1111)
    }

    /// Declared key type (Godot 4.4+ typed dictionaries). O(1).
    pub fn key_type(&self) -> ContainerType<GdStr<'a>> {
        self.body.types::<2>().0[0]
    }

    /// Declared value type (Godot 4.4+ typed dictionaries). O(1).
    pub fn value_type(&self) -> ContainerType<GdStr<'a>> {
        self.body.types::<2>().0[1]
    }

    /// The `(key, value)` pairs in wire order.
    #[inline]
    pub fn iter(&self) -> DictIter<'a> {
        DictIter {
            entries: self.body.values::<2>(2),
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

impl<'a> DictIter<'a> {
    /// [`Iterator::fold`] with the position in locals (what `fold` runs in release builds).
    #[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))]
    #[inline]
    pub(crate) fn fast_fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, (VariantRef<'a>, VariantRef<'a>)) -> B,
    {
        self.entries.fold_pairs(init, f)
    }
}

impl<'a> Iterator for DictIter<'a> {
    type Item = (VariantRef<'a>, VariantRef<'a>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.entries.next_pair()
    }

    /// The loop of `for_each`, `fold`, `count`, …: the position stays in locals (see
    /// `fast_fold`). Debug builds keep the default loop over `next`, whose frame is several
    /// times smaller there, so that recursive walks through 1025 levels (the engine's
    /// limit) fit a test thread's stack; the unit tests compare the two.
    #[cfg(not(debug_assertions))]
    #[inline]
    fn fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, Self::Item) -> B,
    {
        self.fast_fold(init, f)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.entries.remaining() as usize / 2;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DictIter<'_> {}
impl FusedIterator for DictIter<'_> {}

impl<'a> VariantRef<'a> {
    /// An `Array` (typed or not), or one of Pandemonium's TypedArray and PackedTypedArray
    /// (see [`ArrayRef::element_type`]).
    pub fn as_array(&self) -> Option<ArrayRef<'a>> {
        matches!(self.ty().layout(), Layout::Array | Layout::TypedArray).then(|| {
            ArrayRef::new(
                self.payload(),
                self.offset().saturating_add(4),
                self.header(),
                self.dialect(),
            )
        })
    }

    /// A `Dictionary` (typed or not).
    pub fn as_dictionary(&self) -> Option<DictRef<'a>> {
        (self.ty() == VariantType::Dictionary).then(|| {
            DictRef::new(
                self.payload(),
                self.offset().saturating_add(4),
                self.header(),
                self.dialect(),
            )
        })
    }
}
