//! The children of a value, each with the edge that leads to it: for outlines, statistics
//! and anything else that walks a tree and needs to say where it is.

use core::iter::{Enumerate, FusedIterator};

use crate::read::container::{ArrayIter, DictIter};
use crate::read::decoded::Value;
use crate::read::object::{ObjectRef, PropertyIter};
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;

/// How a child value is reached from its container.
#[derive(Clone, Copy, Debug)]
pub enum Edge<'a> {
    /// Element `i` of an Array.
    Index(usize),
    /// The value of a Dictionary entry: the entry's key, and the entry's position among the
    /// pairs in wire order.
    Key {
        /// The key (any value).
        key: VariantRef<'a>,
        /// Position of the pair in wire order.
        position: usize,
    },
    /// A property of a full Object.
    Property(GdStr<'a>),
}

/// Iterator over a value's children with their [`Edge`]s: an Array's elements, a
/// Dictionary's values (keys are in the edges), a full Object's property values. Scalars,
/// strings, math values and packed arrays have none (packed elements are not values on the
/// wire: see [`PackedArray::get`](crate::PackedArray::get)). From
/// [`VariantRef::children`]; it steps like the view iterators do (see [`ArrayRef`](crate::ArrayRef)).
///
/// ```
/// use gdvariant::{Dialect, Edge, VariantRef};
///
/// // var_to_bytes({"hp": [7]}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0,
///              28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let root = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// let (edge, list) = root.children().next().unwrap();
/// assert!(matches!(edge, Edge::Key { position: 0, .. }));
/// let (edge, seven) = list.children().next().unwrap();
/// assert!(matches!(edge, Edge::Index(0)));
/// assert_eq!(seven.as_int(), Some(7));
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Children<'a> {
    inner: Inner<'a>,
}

#[derive(Clone, Debug)]
enum Inner<'a> {
    Array(Enumerate<ArrayIter<'a>>),
    Dictionary(Enumerate<DictIter<'a>>),
    Object(PropertyIter<'a>),
    None,
}

impl<'a> VariantRef<'a> {
    /// The children with the edges that lead to them (see [`Children`]). O(1) to create.
    pub fn children(&self) -> Children<'a> {
        let inner = match self.value() {
            Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                Inner::Array(array.iter().enumerate())
            }
            Value::Dictionary(dict) => Inner::Dictionary(dict.iter().enumerate()),
            Value::Object(ObjectRef::Full(object)) => Inner::Object(object.properties()),
            _ => Inner::None,
        };
        Children { inner }
    }
}

impl<'a> Iterator for Children<'a> {
    type Item = (Edge<'a>, VariantRef<'a>);

    fn next(&mut self) -> Option<Self::Item> {
        match &mut self.inner {
            Inner::Array(items) => items.next().map(|(i, item)| (Edge::Index(i), item)),
            Inner::Dictionary(pairs) => pairs
                .next()
                .map(|(position, (key, value))| (Edge::Key { key, position }, value)),
            Inner::Object(properties) => properties
                .next()
                .map(|(name, value)| (Edge::Property(name), value)),
            Inner::None => None,
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.inner {
            Inner::Array(items) => items.size_hint(),
            Inner::Dictionary(pairs) => pairs.size_hint(),
            Inner::Object(properties) => properties.size_hint(),
            Inner::None => (0, Some(0)),
        }
    }
}

impl ExactSizeIterator for Children<'_> {}
impl FusedIterator for Children<'_> {}
