//! Objects, NodePaths and Signals.

use core::fmt;
use core::iter::FusedIterator;

use crate::read::strings::{string_at, GdStr, StringIter};
use crate::read::value::VariantRef;
use crate::read::values::Values;
use crate::wire::bytes::{le_u32, le_u64};
use crate::wire::dialect::Dialect;
use crate::wire::header::{COUNT_SHARED_BIT, FLAG_OBJECT_AS_ID};
use crate::wire::types::VariantType;

/// An encoded `Object`. Never instantiated: a full object is only a class name and a list
/// of `(property name, value)` pairs.
#[derive(Clone, Copy, Debug)]
pub enum ObjectRef<'a> {
    /// A null object written in full (empty class name). Engines write a null object as a
    /// bare NIL header instead, which parses as [`crate::VariantType::Nil`].
    Null,
    /// Written without full objects: the instance id. The engine decodes id 0 as null and
    /// any other id as an `EncodedObjectAsID`.
    Id(u64),
    /// Written with full objects.
    Full(FullObject<'a>),
}

impl<'a> ObjectRef<'a> {
    /// The object whose header is `word` and whose payload starts at `payload[0]`, at
    /// absolute `offset`. `payload` holds validated bytes.
    #[inline]
    pub(crate) fn new(payload: &'a [u8], offset: usize, word: u32, dialect: Dialect) -> Self {
        if word & FLAG_OBJECT_AS_ID != 0 {
            return ObjectRef::Id(le_u64(payload, 0));
        }
        let object = FullObject {
            payload,
            offset,
            dialect,
        };
        if object.class().is_empty() {
            return ObjectRef::Null;
        }
        ObjectRef::Full(object)
    }

    /// Is it null (a full null, or id 0)?
    pub fn is_null(&self) -> bool {
        matches!(self, ObjectRef::Null | ObjectRef::Id(0))
    }
}

/// A full object: class name and properties. `Copy`, 32 bytes; the class name and the
/// count are read from the bytes on demand.
#[derive(Clone, Copy, Debug)]
pub struct FullObject<'a> {
    /// The class name string, the count and the properties (may run past the object).
    payload: &'a [u8],
    /// Absolute offset of `payload[0]`.
    offset: usize,
    dialect: Dialect,
}

impl<'a> FullObject<'a> {
    /// The class name, e.g. `Resource`. O(1).
    pub fn class(&self) -> GdStr<'a> {
        string_at(self.payload, 0).0
    }

    /// The payload, its absolute offset, the dialect, and where the first property's name
    /// starts in the payload (for a reader of the properties).
    #[cfg(feature = "alloc")]
    #[inline]
    pub(crate) fn parts(&self) -> (&'a [u8], usize, Dialect, usize) {
        let at = string_at(self.payload, 0).1.saturating_add(4);
        (self.payload, self.offset, self.dialect, at)
    }

    /// The properties' values, each preceded by its name.
    #[inline]
    fn values(&self) -> Values<'a> {
        let at = string_at(self.payload, 0).1;
        let word = le_u32(self.payload, at);
        // The engine reads the count as int32 and runs no loop for a negative one.
        let count = if word > i32::MAX as u32 { 0 } else { word };
        let start = at.saturating_add(4);
        Values::new(
            self.payload,
            self.payload.get(start..).unwrap_or(&[]),
            self.offset.saturating_add(start),
            count,
            self.dialect,
        )
    }

    /// Number of properties. O(1).
    pub fn len(&self) -> usize {
        self.values().remaining() as usize
    }

    /// Has it no properties?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The properties in wire order.
    pub fn properties(&self) -> PropertyIter<'a> {
        PropertyIter {
            values: self.values(),
        }
    }
}

/// Iterator over a full object's `(name, value)` properties.
#[derive(Clone, Debug)]
pub struct PropertyIter<'a> {
    values: Values<'a>,
}

impl<'a> PropertyIter<'a> {
    /// [`Iterator::fold`] with the position in locals (what `fold` runs in release builds).
    #[cfg_attr(all(debug_assertions, not(test)), allow(dead_code))]
    #[inline]
    pub(crate) fn fast_fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, (GdStr<'a>, VariantRef<'a>)) -> B,
    {
        self.values.fold_named(init, f)
    }
}

impl<'a> Iterator for PropertyIter<'a> {
    type Item = (GdStr<'a>, VariantRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        self.values.next_property()
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
        let n = self.values.remaining() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PropertyIter<'_> {}
impl FusedIterator for PropertyIter<'_> {}

/// A `NodePath`: names (`a/b/c`), subnames (`:prop:sub`) and whether it is absolute.
#[derive(Clone, Copy, Debug)]
pub struct NodePathRef<'a> {
    names: u32,
    subnames: u32,
    absolute: bool,
    strings: &'a [u8],
}

impl<'a> NodePathRef<'a> {
    pub(crate) fn new(payload: &'a [u8]) -> Self {
        let flags = le_u32(payload, 8);
        NodePathRef {
            names: le_u32(payload, 0) & !COUNT_SHARED_BIT,
            // Flag bit 1 is the legacy "property" flag: one more subname follows.
            subnames: le_u32(payload, 4).saturating_add(flags >> 1 & 1),
            absolute: flags & 1 != 0,
            strings: payload.get(12..).unwrap_or(&[]),
        }
    }

    /// Does the path start at the root (`/root/…`)?
    pub fn is_absolute(&self) -> bool {
        self.absolute
    }

    /// The node names (`a`, `b`, `c` of `a/b/c:x`).
    pub fn names(&self) -> StringIter<'a> {
        StringIter::new(self.strings, self.names)
    }

    /// The subnames (`x` of `a/b/c:x`). O(number of names) to find the first.
    pub fn subnames(&self) -> StringIter<'a> {
        let mut names = self.names();
        for _ in names.by_ref() {}
        StringIter::new(names.rest(), self.subnames)
    }

    /// Bytes of all the component strings (names, subnames), which follow the three count
    /// words on the wire.
    pub(crate) fn components_len(&self) -> usize {
        let mut names = self.names();
        for _ in names.by_ref() {}
        let mut subnames = StringIter::new(names.rest(), self.subnames);
        for _ in subnames.by_ref() {}
        self.strings.len().saturating_sub(subnames.rest().len())
    }

    /// Is it the empty path?
    pub fn is_empty(&self) -> bool {
        self.names == 0 && self.subnames == 0 && !self.absolute
    }
}

impl NodePathRef<'_> {
    /// The path as Godot 3 writes it (`NodePath::operator String` in 3.x): empty for a
    /// path with no names and no subnames even if it is absolute; otherwise `/` before an
    /// absolute path, names joined by `/`, each subname after a `:`.
    pub fn write_godot3(&self, f: &mut impl fmt::Write) -> fmt::Result {
        if self.names == 0 && self.subnames == 0 {
            return Ok(());
        }
        let subnames = self.write_names(f)?;
        write_subnames(f, subnames)
    }

    /// Writes `/` for an absolute path and the names joined by `/`; returns the subnames,
    /// which follow the names on the wire (so they are found without a second walk).
    fn write_names(&self, f: &mut impl fmt::Write) -> Result<StringIter<'_>, fmt::Error> {
        if self.absolute {
            f.write_str("/")?;
        }
        let mut names = self.names();
        for (i, name) in names.by_ref().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            f.write_str(name.as_str())?;
        }
        Ok(StringIter::new(names.rest(), self.subnames))
    }
}

/// Each subname after a `:`.
fn write_subnames(f: &mut impl fmt::Write, subnames: StringIter<'_>) -> fmt::Result {
    for name in subnames {
        f.write_str(":")?;
        f.write_str(name.as_str())?;
    }
    Ok(())
}

impl fmt::Display for NodePathRef<'_> {
    /// The path as Godot 4 writes it: `/` before an absolute path, names joined by `/`,
    /// then `:` and the subnames joined by `:`, unless that join is empty (a lone empty
    /// subname prints nothing). See [`NodePathRef::write_godot3`] for Godot 3's rules.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let subnames = self.write_names(f)?;
        let joined_is_empty = self.subnames < 2 && subnames.clone().all(|s| s.is_empty());
        if joined_is_empty {
            return Ok(());
        }
        write_subnames(f, subnames)
    }
}

/// A Godot 4 `Signal`: a name and the id of the object that owns it.
#[derive(Clone, Copy, Debug)]
pub struct SignalRef<'a> {
    name: GdStr<'a>,
    object_id: u64,
}

impl<'a> SignalRef<'a> {
    pub(crate) fn new(payload: &'a [u8]) -> Self {
        let (name, at) = string_at(payload, 0);
        SignalRef {
            name,
            object_id: le_u64(payload, at),
        }
    }

    /// The signal's name.
    pub fn name(&self) -> GdStr<'a> {
        self.name
    }

    /// The owning object's instance id.
    pub fn object_id(&self) -> u64 {
        self.object_id
    }
}

impl<'a> VariantRef<'a> {
    /// A `NodePath`.
    pub fn as_node_path(&self) -> Option<NodePathRef<'a>> {
        (self.ty() == VariantType::NodePath).then(|| NodePathRef::new(self.payload()))
    }

    /// An `Object`: null, an instance id, or full (class name and properties, as inert data).
    pub fn as_object(&self) -> Option<ObjectRef<'a>> {
        (self.ty() == VariantType::Object).then(|| {
            ObjectRef::new(
                self.payload(),
                self.offset().saturating_add(4),
                self.header(),
                self.dialect(),
            )
        })
    }

    /// A `Signal`: name and object id.
    pub fn as_signal(&self) -> Option<SignalRef<'a>> {
        (self.ty() == VariantType::Signal).then(|| SignalRef::new(self.payload()))
    }
}
