//! Array, Dictionary and Object builders: they write a placeholder count, hand out child
//! builders that borrow them, and patch the count when finished or dropped.

use alloc::vec::Vec;
use core::fmt;

use super::{count_word, put_string, BuildError, Builder};
use crate::wire::dialect::Dialect;
use crate::wire::header::{KIND_BUILTIN, KIND_CLASS_NAME, KIND_SCRIPT};
use crate::wire::types::VariantType;

/// The declared type of a Godot 4 typed container's elements, keys or values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeSpec<'s> {
    /// A builtin type: `Array[int]`.
    Builtin(VariantType),
    /// A native class: `Array[Node]`. Without full objects the engine writes
    /// `"EncodedObjectAsID"` here.
    ClassName(&'s str),
    /// A script resource path: `res://enemy.gd`.
    Script(&'s str),
}

impl TypeSpec<'_> {
    fn kind(&self) -> u32 {
        match self {
            TypeSpec::Builtin(_) => KIND_BUILTIN,
            TypeSpec::ClassName(_) => KIND_CLASS_NAME,
            TypeSpec::Script(_) => KIND_SCRIPT,
        }
    }

    fn write(&self, out: &mut Vec<u8>) -> Result<(), BuildError> {
        match self {
            TypeSpec::Builtin(ty) => {
                out.extend_from_slice(&u32::from(*ty as u8).to_le_bytes());
                Ok(())
            }
            TypeSpec::ClassName(text) | TypeSpec::Script(text) => put_string(out, text.as_bytes()),
        }
    }

    fn check(&self) -> Result<(), BuildError> {
        match self {
            TypeSpec::Builtin(_) => Ok(()),
            TypeSpec::ClassName(text) | TypeSpec::Script(text) => {
                count_word(text.len()).map(|_| ())
            }
        }
    }
}

/// The part every container builder shares: where its count word is, how many children
/// it has so far, and where the last child slot started (to fill it with `null` if the
/// slot's builder wrote nothing: every value takes at least 4 bytes).
struct Counted<'a> {
    out: &'a mut Vec<u8>,
    dialect: Dialect,
    count_at: usize,
    count: u64,
    open_slot: Option<usize>,
    finished: bool,
}

impl<'a> Counted<'a> {
    #[inline]
    fn new(out: &'a mut Vec<u8>, dialect: Dialect) -> Self {
        let count_at = out.len();
        out.extend_from_slice(&0u32.to_le_bytes());
        Counted {
            out,
            dialect,
            count_at,
            count: 0,
            open_slot: None,
            finished: false,
        }
    }

    /// Writes `null` into the last slot if its builder wrote nothing.
    #[inline]
    fn settle(&mut self) {
        if self.open_slot.take() == Some(self.out.len()) {
            self.out.extend_from_slice(&0u32.to_le_bytes());
        }
    }

    /// A builder for a value slot.
    #[inline]
    fn slot(&mut self) -> Builder<'_> {
        self.settle();
        self.open_slot = Some(self.out.len());
        Builder::new(self.out, self.dialect)
    }

    /// Writes the count; an error if it is over i32::MAX (the saturated count is written
    /// anyway so that the bytes stay readable up to there).
    #[inline]
    fn patch(&mut self) -> Result<(), BuildError> {
        self.settle();
        self.finished = true;
        let word = u32::try_from(self.count)
            .ok()
            .filter(|&w| w <= i32::MAX as u32);
        let bytes = word.unwrap_or(i32::MAX as u32).to_le_bytes();
        if let Some(slot) = self.out.get_mut(self.count_at..self.count_at + 4) {
            slot.copy_from_slice(&bytes);
        }
        word.map(|_| ()).ok_or(BuildError::TooLong(self.count))
    }
}

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.patch();
        }
    }
}

/// Builds an `Array`: [`ArrayBuilder::push`] returns a builder for the next element.
pub struct ArrayBuilder<'a> {
    inner: Counted<'a>,
}

impl ArrayBuilder<'_> {
    /// A builder for the next element. Dropped unused, it writes `null`.
    #[inline]
    pub fn push(&mut self) -> Builder<'_> {
        self.inner.count += 1;
        self.inner.slot()
    }
}

/// Builds a `Dictionary`: each entry method writes a key and returns a builder for its value.
pub struct DictBuilder<'a> {
    inner: Counted<'a>,
}

impl DictBuilder<'_> {
    /// Writes the String key `key` and returns a builder for its value.
    #[inline]
    pub fn entry(&mut self, key: &str) -> Builder<'_> {
        self.entry_with(|k| k.string(key))
    }

    /// Writes the int key `key` and returns a builder for its value.
    #[inline]
    pub fn entry_int(&mut self, key: i64) -> Builder<'_> {
        self.entry_with(|k| k.int(key))
    }

    /// Writes a key with `key` (any value) and returns a builder for its value. If `key`
    /// fails or writes nothing, the key is `null` (the error is not reported here: use
    /// [`DictBuilder::try_entry_with`] to see it).
    #[inline]
    pub fn entry_with(
        &mut self,
        key: impl FnOnce(Builder<'_>) -> Result<(), BuildError>,
    ) -> Builder<'_> {
        self.entry_slots(key).1
    }

    /// Like [`DictBuilder::entry_with`], but returns the key's error (the pair is then
    /// written as `null: null` so the dictionary stays valid).
    pub fn try_entry_with(
        &mut self,
        key: impl FnOnce(Builder<'_>) -> Result<(), BuildError>,
    ) -> Result<Builder<'_>, BuildError> {
        let (result, value) = self.entry_slots(key);
        result.map(|()| value)
    }

    /// Writes a key with `key`; returns its result and the value's slot.
    #[inline]
    fn entry_slots(
        &mut self,
        key: impl FnOnce(Builder<'_>) -> Result<(), BuildError>,
    ) -> (Result<(), BuildError>, Builder<'_>) {
        self.inner.count += 1;
        let result = key(self.inner.slot());
        (result, self.inner.slot())
    }
}

/// Builds a full `Object`: a class name and properties.
pub struct ObjectBuilder<'a> {
    inner: Counted<'a>,
}

impl ObjectBuilder<'_> {
    /// Writes the property name `name` and returns a builder for its value. In Godot 4
    /// the engine only accepts `null` or a `res://` String for the property `script`.
    pub fn property(&mut self, name: &str) -> Result<Builder<'_>, BuildError> {
        count_word(name.len())?;
        self.inner.settle();
        self.inner.count += 1;
        put_string(self.inner.out, name.as_bytes())?;
        // Godot 4 reads `script` as a resource path (the name as Godot reads the text).
        let script = self.inner.dialect == Dialect::Godot4
            && crate::wire::utf8::godot_view(name.as_bytes()) == b"script";
        let mut slot = self.inner.slot();
        slot.script = script;
        Ok(slot)
    }
}

/// What every container builder has: its child count, `finish`, and `Debug`.
macro_rules! counted_builder {
    ($($name:ident: $children:literal),*) => {$(
        impl $name<'_> {
            #[doc = concat!("Number of ", $children, " written so far.")]
            pub fn len(&self) -> u64 {
                self.inner.count
            }

            #[doc = concat!("No ", $children, " written so far?")]
            pub fn is_empty(&self) -> bool {
                self.inner.count == 0
            }

            /// Patches the count. Dropping the builder does the same but cannot report a
            /// count over `i32::MAX`.
            #[inline]
            pub fn finish(mut self) -> Result<(), BuildError> {
                self.inner.patch()
            }
        }

        impl fmt::Debug for $name<'_> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("count", &self.inner.count).finish()
            }
        }
    )*};
}
counted_builder!(ArrayBuilder: "elements", DictBuilder: "pairs", ObjectBuilder: "properties");

impl<'a> Builder<'a> {
    /// Starts an untyped `Array`.
    #[inline]
    pub fn array(mut self) -> Result<ArrayBuilder<'a>, BuildError> {
        self.header(VariantType::Array, 0)?;
        Ok(ArrayBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts a typed `Array[T]` (Godot 4.2+).
    pub fn typed_array(mut self, element: TypeSpec<'_>) -> Result<ArrayBuilder<'a>, BuildError> {
        self.require_godot4("a typed Array")?;
        element.check()?;
        self.header(VariantType::Array, element.kind() << 16)?;
        element.write(self.out)?;
        Ok(ArrayBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts an untyped `Dictionary`.
    #[inline]
    pub fn dictionary(mut self) -> Result<DictBuilder<'a>, BuildError> {
        self.header(VariantType::Dictionary, 0)?;
        Ok(DictBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// An `Array` typed with `element`, or untyped for `None` (which any dialect has).
    pub(crate) fn array_of(
        self,
        element: Option<TypeSpec<'_>>,
    ) -> Result<ArrayBuilder<'a>, BuildError> {
        match element {
            Some(element) => self.typed_array(element),
            None => self.array(),
        }
    }

    /// A `Dictionary` typed with `key` and `value`, or untyped when both are `None`.
    pub(crate) fn dictionary_of(
        self,
        key: Option<TypeSpec<'_>>,
        value: Option<TypeSpec<'_>>,
    ) -> Result<DictBuilder<'a>, BuildError> {
        if key.is_some() || value.is_some() {
            self.typed_dictionary(key, value)
        } else {
            self.dictionary()
        }
    }

    /// Starts a typed `Dictionary[K, V]` (Godot 4.4+); `None` leaves a side as `Variant`.
    pub fn typed_dictionary(
        mut self,
        key: Option<TypeSpec<'_>>,
        value: Option<TypeSpec<'_>>,
    ) -> Result<DictBuilder<'a>, BuildError> {
        self.require_godot4("a typed Dictionary")?;
        for spec in key.iter().chain(value.iter()) {
            spec.check()?;
        }
        let kinds = key.map_or(0, |k| k.kind()) << 16 | value.map_or(0, |v| v.kind()) << 18;
        self.header(VariantType::Dictionary, kinds)?;
        for spec in key.iter().chain(value.iter()) {
            spec.write(self.out)?;
        }
        Ok(DictBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts a full `Object` of class `class` (what the engine writes with full objects).
    /// Nothing is checked against a class database.
    pub fn object(mut self, class: &str) -> Result<ObjectBuilder<'a>, BuildError> {
        self.header_string(VariantType::Object, class.as_bytes())?;
        Ok(ObjectBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }
}
