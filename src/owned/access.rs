//! Reading and editing an owned [`Variant`] the way `serde_json::Value` users expect:
//! `as_*`, `get` / `get_mut` by key or index, `[]`, and `from_bytes`.

use core::ops::{Index, IndexMut};

use super::{MathComponents, Object, Variant};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::wire::error::Error;
use alloc::{string::String, vec::Vec};

impl Variant {
    /// Parses `bytes` (one value, as `var_to_bytes` writes it) and copies it into an owned
    /// value: [`VariantRef::parse`] then [`VariantRef::to_owned`]. Same checks and errors
    /// as `parse`; O(size), one allocation per string, container and packed array.
    ///
    /// ```
    /// use gdvariant::{Dialect, Variant};
    ///
    /// let v = Variant::from_bytes(&[2, 0, 0, 0, 7, 0, 0, 0], Dialect::Godot4)?;
    /// assert_eq!(v, Variant::Int(7));
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn from_bytes(bytes: &[u8], dialect: Dialect) -> Result<Variant, Error> {
        Ok(VariantRef::parse(bytes, dialect)?.to_owned())
    }

    /// The `bool`, if it is one.
    pub fn as_bool(&self) -> Option<bool> {
        match *self {
            Variant::Bool(b) => Some(b),
            _ => None,
        }
    }

    /// The `int`, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match *self {
            Variant::Int(n) => Some(n),
            _ => None,
        }
    }

    /// The `float`, if it is one.
    pub fn as_float(&self) -> Option<f64> {
        match *self {
            Variant::Float(x) => Some(x),
            _ => None,
        }
    }

    /// The text of a `String` or `StringName`.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Variant::String(s) | Variant::StringName(s) => Some(s),
            _ => None,
        }
    }

    /// The components of a math value (vectors, rects, transforms, …, Color).
    pub fn as_math(&self) -> Option<&MathComponents> {
        match self {
            Variant::Math { components, .. } => Some(components),
            _ => None,
        }
    }

    /// The elements of an `Array` (typed or not; its declared type is on
    /// [`Array::element_type`](super::Array::element_type)).
    pub fn as_array(&self) -> Option<&[Variant]> {
        match self {
            Variant::Array(a) => Some(a.items()),
            _ => None,
        }
    }

    /// The elements of an `Array`, to edit.
    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Variant>> {
        match self {
            Variant::Array(a) => Some(a.items_mut()),
            _ => None,
        }
    }

    /// The pairs of a `Dictionary`, in order (typed or not; its declared types are on
    /// [`Dictionary::key_type`](super::Dictionary::key_type) and
    /// [`Dictionary::value_type`](super::Dictionary::value_type)).
    pub fn as_dictionary(&self) -> Option<&[(Variant, Variant)]> {
        match self {
            Variant::Dictionary(d) => Some(d.entries()),
            _ => None,
        }
    }

    /// The pairs of a `Dictionary`, to edit.
    pub fn as_dictionary_mut(&mut self) -> Option<&mut Vec<(Variant, Variant)>> {
        match self {
            Variant::Dictionary(d) => Some(d.entries_mut()),
            _ => None,
        }
    }

    /// The `Object`, if it is one.
    pub fn as_object(&self) -> Option<&Object> {
        match self {
            Variant::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The bytes of a `PackedByteArray`.
    pub fn as_bytes(&self) -> Option<&[u8]> {
        match self {
            Variant::PackedByteArray(b) => Some(b),
            _ => None,
        }
    }

    /// The value at `index`: an Array element or a Dictionary value under an int key for
    /// a `usize`; a Dictionary value under a String or StringName key, or a full object's
    /// property, for a `&str`. `None` when there is none or the value is not a container.
    /// Where a key appears twice, the last pair wins, as in the engine. O(n) for keys, O(1)
    /// for array indices.
    ///
    /// ```
    /// use gdvariant::Variant;
    ///
    /// let save = Variant::dictionary(vec![
    ///     ("player".into(), Variant::dictionary(vec![("hp".into(), 10.into())])),
    ///     ("items".into(), Variant::array(vec!["sword".into()])),
    /// ]);
    /// assert_eq!(save.get("player").and_then(|p| p.get("hp")), Some(&Variant::Int(10)));
    /// assert_eq!(save["items"][0].as_str(), Some("sword"));
    /// assert!(save["nothing"][3].is_nil()); // `[]` gives null where there is nothing
    /// ```
    pub fn get<I: VariantIndex>(&self, index: I) -> Option<&Variant> {
        index.index_into(self)
    }

    /// [`Variant::get`], mutably.
    ///
    /// ```
    /// use gdvariant::Variant;
    ///
    /// let mut save = Variant::dictionary(vec![("hp".into(), 10.into())]);
    /// if let Some(hp) = save.get_mut("hp") {
    ///     *hp = Variant::Int(99);
    /// }
    /// save["gold"] = 5.into(); // `[]` on a dictionary inserts a missing String key
    /// assert_eq!(save["hp"], Variant::Int(99));
    /// assert_eq!(save["gold"], Variant::Int(5));
    /// ```
    pub fn get_mut<I: VariantIndex>(&mut self, index: I) -> Option<&mut Variant> {
        index.index_into_mut(self)
    }
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for str {}
    impl Sealed for alloc::string::String {}
    impl<T: ?Sized + Sealed> Sealed for &T {}
}

/// What a [`Variant`] can be indexed with: `usize` (Array elements, Dictionary int keys)
/// and `&str` / `String` (Dictionary String or StringName keys, object properties).
/// Sealed.
pub trait VariantIndex: sealed::Sealed {
    /// The value at this index in `v`, if any.
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant>;
    /// The value at this index in `v`, mutably, if any.
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant>;
    /// The value at this index, made if it is a missing Dictionary key (a `null` value is
    /// inserted); `None` where nothing can be made.
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant>;
}

fn int_key(key: &Variant, n: usize) -> bool {
    i64::try_from(n).is_ok_and(|n| key.as_int() == Some(n))
}

fn text_key(key: &Variant, name: &str) -> bool {
    key.as_str() == Some(name)
}

impl VariantIndex for usize {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        match v {
            Variant::Array(items) => items.get(*self),
            Variant::Dictionary(entries) => entries
                .iter()
                .rev()
                .find(|(k, _)| int_key(k, *self))
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        match v {
            Variant::Array(items) => items.get_mut(*self),
            Variant::Dictionary(entries) => entries
                .iter_mut()
                .rev()
                .find(|(k, _)| int_key(k, *self))
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        self.index_into_mut(v)
    }
}

impl VariantIndex for str {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        match v {
            Variant::Dictionary(entries) => entries
                .iter()
                .rev()
                .find(|(k, _)| text_key(k, self))
                .map(|(_, value)| value),
            Variant::Object(Object::Full(o)) => o
                .properties
                .iter()
                .rev()
                .find(|(name, _)| name == self)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        match v {
            Variant::Dictionary(entries) => entries
                .iter_mut()
                .rev()
                .find(|(k, _)| text_key(k, self))
                .map(|(_, value)| value),
            Variant::Object(Object::Full(o)) => o
                .properties
                .iter_mut()
                .rev()
                .find(|(name, _)| name == self)
                .map(|(_, value)| value),
            _ => None,
        }
    }

    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        if v.is_nil() {
            *v = Variant::dictionary(Vec::new());
        }
        let found = match v {
            Variant::Dictionary(entries) => entries.iter().rposition(|(k, _)| text_key(k, self)),
            _ => return self.index_into_mut(v),
        };
        let entries = v.as_dictionary_mut()?;
        let at = match found {
            Some(at) => at,
            None => {
                entries.push((Variant::String(self.into()), Variant::Nil));
                entries.len() - 1
            }
        };
        entries.get_mut(at).map(|(_, value)| value)
    }
}

impl VariantIndex for String {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        self.as_str().index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        self.as_str().index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        self.as_str().index_or_insert(v)
    }
}

impl<T: ?Sized + VariantIndex> VariantIndex for &T {
    fn index_into<'v>(&self, v: &'v Variant) -> Option<&'v Variant> {
        (**self).index_into(v)
    }
    fn index_into_mut<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        (**self).index_into_mut(v)
    }
    fn index_or_insert<'v>(&self, v: &'v mut Variant) -> Option<&'v mut Variant> {
        (**self).index_or_insert(v)
    }
}

/// What `v[missing]` returns.
static NIL: Variant = Variant::Nil;

impl<I: VariantIndex> Index<I> for Variant {
    type Output = Variant;

    /// [`Variant::get`], with `null` where there is nothing (like `serde_json::Value`):
    /// `save["player"]["hp"]` never panics.
    fn index(&self, index: I) -> &Variant {
        index.index_into(self).unwrap_or(&NIL)
    }
}

impl<I: VariantIndex> IndexMut<I> for Variant {
    /// [`Variant::get_mut`]; a missing String key of a Dictionary (or of `null`, which
    /// becomes an empty Dictionary first) is inserted with a `null` value, like
    /// `serde_json::Value`.
    ///
    /// # Panics
    ///
    /// Where there is nothing to give: an Array index past the end, a missing int key, a
    /// missing object property, or a value that is not a container. Use
    /// [`Variant::get_mut`] to get `None` instead.
    fn index_mut(&mut self, index: I) -> &mut Variant {
        let ty = self.ty();
        match index.index_or_insert(self) {
            Some(value) => value,
            None => panic!("cannot index into this {ty:?} here (use Variant::get_mut)"),
        }
    }
}
