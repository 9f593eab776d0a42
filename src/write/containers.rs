//! Array, Dictionary and Object builders: they write a placeholder count, hand out child
//! builders that borrow them, and patch the count when finished or dropped.

use alloc::vec::Vec;
use core::fmt;

use super::sink::Sink;
use super::{count_word, put_string, BuildError, Builder};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::header::FLAG_OBJECT_AS_ID;
use crate::wire::types::VariantType;

/// Writes a typed container's type descriptor (after the header, before the count).
fn write_type(out: &mut impl Sink, t: ContainerType<&str>) -> Result<(), BuildError> {
    match t {
        ContainerType::Untyped => Ok(()),
        ContainerType::Builtin(ty) => {
            out.extend_from_slice(&u32::from(ty as u8).to_le_bytes());
            Ok(())
        }
        ContainerType::ClassName(text) | ContainerType::Script(text) => {
            put_string(out, text.as_bytes())
        }
    }
}

/// The checks of [`write_type`], made before anything is written: a builtin type must be
/// one of the dialect's (Godot 4 has no `TypedArray`, Pandemonium's), a name must fit.
fn check_type(t: ContainerType<&str>, dialect: Dialect) -> Result<(), BuildError> {
    match t {
        ContainerType::Builtin(ty) if ty.id(dialect).is_none() => {
            Err(BuildError::TypeNotInDialect { ty, dialect })
        }
        ContainerType::Untyped | ContainerType::Builtin(_) => Ok(()),
        ContainerType::ClassName(text) | ContainerType::Script(text) => {
            count_word(text.len()).map(|_| ())
        }
    }
}

/// The part every container builder shares: where its count word is, how many children
/// it has so far, and where the last child slot started (to fill it with `null` if the
/// slot's builder wrote nothing: every value takes at least 4 bytes).
struct Counted<'a, S: Sink> {
    out: &'a mut S,
    dialect: Dialect,
    count_at: usize,
    count: u64,
    open_slot: Option<usize>,
    finished: bool,
}

impl<'a, S: Sink> Counted<'a, S> {
    #[inline]
    fn new(out: &'a mut S, dialect: Dialect) -> Self {
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
    fn slot(&mut self) -> Builder<'_, S> {
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
        self.out.patch_word(self.count_at, bytes);
        word.map(|_| ()).ok_or(BuildError::TooLong(self.count))
    }
}

impl<S: Sink> Drop for Counted<'_, S> {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.patch();
        }
    }
}

/// Builds an `Array`: [`ArrayBuilder::push`] returns a builder for the next element.
pub struct ArrayBuilder<'a, S: Sink = Vec<u8>> {
    inner: Counted<'a, S>,
}

impl<S: Sink> ArrayBuilder<'_, S> {
    /// A builder for the next element. Dropped unused, it writes `null`.
    #[inline]
    pub fn push(&mut self) -> Builder<'_, S> {
        self.inner.count += 1;
        self.inner.slot()
    }
}

/// Builds a `Dictionary`: each entry method writes a key and returns a builder for its value.
pub struct DictBuilder<'a, S: Sink = Vec<u8>> {
    inner: Counted<'a, S>,
}

impl<S: Sink> DictBuilder<'_, S> {
    /// Writes the String key `key` and returns a builder for its value.
    #[inline]
    pub fn entry(&mut self, key: &str) -> Builder<'_, S> {
        self.entry_with(|k| k.string(key))
    }

    /// Writes the int key `key` and returns a builder for its value.
    #[inline]
    pub fn entry_int(&mut self, key: i64) -> Builder<'_, S> {
        self.entry_with(|k| k.int(key))
    }

    /// Writes a key with `key` (any value) and returns a builder for its value. If `key`
    /// fails or writes nothing, the key is `null` (the error is not reported here: use
    /// [`DictBuilder::try_entry_with`] to see it).
    #[inline]
    pub fn entry_with(
        &mut self,
        key: impl FnOnce(Builder<'_, S>) -> Result<(), BuildError>,
    ) -> Builder<'_, S> {
        self.entry_slots(key).1
    }

    /// Like [`DictBuilder::entry_with`], but returns the key's error (the pair is then
    /// written as `null: null` so the dictionary stays valid). The error is the closure's
    /// own type: a caller whose key writer fails with its own errors (a Python or
    /// JavaScript value that cannot be a key) gets them back as they are.
    pub fn try_entry_with<E>(
        &mut self,
        key: impl FnOnce(Builder<'_, S>) -> Result<(), E>,
    ) -> Result<Builder<'_, S>, E> {
        let (result, value) = self.entry_slots(key);
        result.map(|()| value)
    }

    /// Writes a key with `key`; returns its result and the value's slot.
    #[inline]
    fn entry_slots<E>(
        &mut self,
        key: impl FnOnce(Builder<'_, S>) -> Result<(), E>,
    ) -> (Result<(), E>, Builder<'_, S>) {
        self.inner.count += 1;
        let result = key(self.inner.slot());
        (result, self.inner.slot())
    }
}

/// Builds a full `Object`: a class name and properties.
pub struct ObjectBuilder<'a, S: Sink = Vec<u8>> {
    inner: Counted<'a, S>,
}

impl<S: Sink> ObjectBuilder<'_, S> {
    /// Writes the property name `name` and returns a builder for its value. In Godot 4
    /// the engine only accepts `null` or a `res://` String for the property `script`.
    pub fn property(&mut self, name: &str) -> Result<Builder<'_, S>, BuildError> {
        count_word(name.len())?;
        self.inner.settle();
        self.inner.count += 1;
        put_string(self.inner.out, name.as_bytes())?;
        // Godot 4 reads `script` as a resource path (the name as Godot reads the text).
        let script = self.inner.dialect.script_is_path()
            && crate::wire::utf8::godot_view(name.as_bytes()) == b"script";
        let mut slot = self.inner.slot();
        slot.script = script;
        Ok(slot)
    }
}

/// What every container builder has: its child count, `finish`, and `Debug`.
macro_rules! counted_builder {
    ($($name:ident: $children:literal),*) => {$(
        impl<S: Sink> $name<'_, S> {
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

        impl<S: Sink> fmt::Debug for $name<'_, S> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.debug_struct(stringify!($name)).field("count", &self.inner.count).finish()
            }
        }
    )*};
}
counted_builder!(ArrayBuilder: "elements", DictBuilder: "pairs", ObjectBuilder: "properties");

impl<'a, S: Sink> Builder<'a, S> {
    /// Starts an untyped `Array`.
    #[inline]
    pub fn array(mut self) -> Result<ArrayBuilder<'a, S>, BuildError> {
        self.header(VariantType::Array, 0)?;
        Ok(ArrayBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts an `Array` whose elements are declared `element` (Godot 4.2+): `Array[int]`,
    /// `Array[Node]`. [`ContainerType::Untyped`] starts a plain Array, in any dialect; any
    /// other type needs Godot 4, or Pandemonium era C, where it starts a `TypedArray`
    /// (`Builtin(Object)` there means objects written as ids, `ClassName` objects written
    /// whole); elsewhere it is [`BuildError::NotInDialect`].
    pub fn typed_array(
        mut self,
        element: ContainerType<&str>,
    ) -> Result<ArrayBuilder<'a, S>, BuildError> {
        self.container_header(VariantType::Array, &[element])?;
        Ok(ArrayBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// The header and type descriptors of an Array (`types`: its element type) or a
    /// Dictionary (key and value types); the count follows. Every check comes first: a
    /// typed container needs a dialect that has them, and names must fit; on error nothing
    /// is written.
    pub(crate) fn container_header(
        &mut self,
        ty: VariantType,
        types: &[ContainerType<&str>],
    ) -> Result<(), BuildError> {
        // Pandemonium's typed arrays are their own types (era C).
        let pm_typed = matches!(ty, VariantType::TypedArray | VariantType::PackedTypedArray);
        if let ([element], true) = (types, pm_typed || self.dialect.is_pandemonium()) {
            if pm_typed || *element != ContainerType::Untyped {
                let ty = if pm_typed {
                    ty
                } else {
                    VariantType::TypedArray
                };
                return self.pandemonium_typed_header(ty, *element);
            }
        }
        if types.iter().any(|t| *t != ContainerType::Untyped) {
            let what = if ty == VariantType::Array {
                "a typed Array"
            } else {
                "a typed Dictionary"
            };
            self.require(self.dialect.typed_containers(), what)?;
        }
        for &t in types {
            check_type(t, self.dialect)?;
        }
        let kinds = types
            .iter()
            .enumerate()
            .fold(0, |kinds, (i, t)| kinds | t.kind() << (16 + 2 * i));
        self.header(ty, kinds)?;
        for &t in types {
            write_type(self.out, t)?;
        }
        Ok(())
    }

    /// The header and element type of a Pandemonium TypedArray or PackedTypedArray (era
    /// C): the element's type number; for `ClassName(class)` the Object number and the
    /// class as a StringName value (objects written whole); `Builtin(Object)` sets the
    /// header's object-as-id flag instead (objects written as ids). The count follows.
    fn pandemonium_typed_header(
        &mut self,
        ty: VariantType,
        element: ContainerType<&str>,
    ) -> Result<(), BuildError> {
        let what = if ty == VariantType::PackedTypedArray {
            "a PackedTypedArray"
        } else {
            "a TypedArray"
        };
        self.require(ty.id(self.dialect).is_some(), what)?;
        let id = |t: VariantType| t.id(self.dialect).map(u32::from);
        let not_in = |ty| BuildError::TypeNotInDialect {
            ty,
            dialect: self.dialect,
        };
        let (element_id, flags, class) = match element {
            ContainerType::Builtin(VariantType::Object) => (
                id(VariantType::Object).ok_or(not_in(VariantType::Object))?,
                FLAG_OBJECT_AS_ID,
                None,
            ),
            ContainerType::Builtin(t) => (id(t).ok_or(not_in(t))?, 0, None),
            ContainerType::ClassName(class) => {
                count_word(class.len())?;
                let name = id(VariantType::StringName).ok_or(not_in(VariantType::StringName))?;
                let object = id(VariantType::Object).ok_or(not_in(VariantType::Object))?;
                (object, 0, Some((name, class)))
            }
            ContainerType::Untyped | ContainerType::Script(_) => {
                return Err(BuildError::NotInDialect {
                    what: "a typed array without a builtin type or class",
                    dialect: self.dialect,
                })
            }
        };
        self.header(ty, flags)?;
        self.out.extend_from_slice(&element_id.to_le_bytes());
        if let Some((name, class)) = class {
            self.out.extend_from_slice(&name.to_le_bytes());
            put_string(self.out, class.as_bytes())?;
        }
        Ok(())
    }

    /// Starts a Pandemonium `PackedTypedArray` (era C) of `element`s (see
    /// [`Builder::typed_array`], which starts a `TypedArray` there).
    pub fn packed_typed_array(
        mut self,
        element: ContainerType<&str>,
    ) -> Result<ArrayBuilder<'a, S>, BuildError> {
        self.container_header(VariantType::PackedTypedArray, &[element])?;
        Ok(ArrayBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts an untyped `Dictionary`.
    #[inline]
    pub fn dictionary(mut self) -> Result<DictBuilder<'a, S>, BuildError> {
        self.header(VariantType::Dictionary, 0)?;
        Ok(DictBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts a `Dictionary` whose keys and values are declared `key` and `value` (Godot
    /// 4.4+): `Dictionary[String, int]`; [`ContainerType::Untyped`] leaves a side as
    /// `Variant`. Both untyped starts a plain Dictionary, in any dialect; anything else
    /// needs Godot 4 ([`BuildError::NotInDialect`]).
    pub fn typed_dictionary(
        mut self,
        key: ContainerType<&str>,
        value: ContainerType<&str>,
    ) -> Result<DictBuilder<'a, S>, BuildError> {
        self.container_header(VariantType::Dictionary, &[key, value])?;
        Ok(DictBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }

    /// Starts a full `Object` of class `class` (what the engine writes with full objects).
    /// Nothing is checked against a class database.
    pub fn object(mut self, class: &str) -> Result<ObjectBuilder<'a, S>, BuildError> {
        self.header_string(VariantType::Object, class.as_bytes())?;
        Ok(ObjectBuilder {
            inner: Counted::new(self.out, self.dialect),
        })
    }
}

/// An Array, Dictionary or Object opened with [`Builder::open`]: its children are written
/// after it by the caller (the serde serializer and the text and JSON readers, which cannot
/// hold a borrowing builder between calls), then [`Open::close`] patches the count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Open {
    count_at: usize,
}

impl Open {
    /// Patches the count: `count` children (pairs for a Dictionary, properties for an
    /// Object) were written. An error over i32::MAX.
    pub(crate) fn close(self, out: &mut impl Sink, count: u64) -> Result<(), BuildError> {
        let word = u32::try_from(count)
            .ok()
            .filter(|&w| w <= i32::MAX as u32)
            .ok_or(BuildError::TooLong(count))?;
        out.patch_word(self.count_at, word.to_le_bytes());
        Ok(())
    }
}

impl<S: Sink> Builder<'_, S> {
    /// Writes the header (and type descriptors) of an Array or Dictionary, or an Object's
    /// header and class (`class`), and a placeholder count. On error nothing is written.
    pub(crate) fn open(
        mut self,
        ty: VariantType,
        types: &[ContainerType<&str>],
        class: Option<&str>,
    ) -> Result<Open, BuildError> {
        match class {
            Some(class) => self.header_string(VariantType::Object, class.as_bytes())?,
            None => self.container_header(ty, types)?,
        }
        let count_at = self.out.len();
        self.out.extend_from_slice(&0u32.to_le_bytes());
        Ok(Open { count_at })
    }
}
