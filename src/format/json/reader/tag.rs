//! The keys of the schema's objects: type keys (`"Vector3"`, `"Dictionary"`, `"float"`),
//! and the modifiers beside them (`"type"`, `"key_type"`, `"value_type"`, `"double"`),
//! which may come before or after the type key.

use alloc::string::String;

use super::error::{fail, JsonErrorKind as K, Res};
use super::lex::{Lexer, A_STRING};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::{Component, Layout, VariantType};

/// A key of a tagged object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Key {
    /// A type key (`Float` for `"float"`).
    Tag(VariantType),
    /// `"type"` (0), `"key_type"` (1), `"value_type"` (2).
    Type(usize),
    /// `"double"`.
    Double,
}

/// What a key of a tagged object means; `None` for a key of no schema object.
#[inline]
pub(crate) fn classify(key: &str) -> Option<Key> {
    use VariantType as T;
    // The frequent ones first.
    let tag = match key {
        "Dictionary" => T::Dictionary,
        "Array" => T::Array,
        "Vector2" => T::Vector2,
        "Vector3" => T::Vector3,
        "float" => T::Float,
        "StringName" => T::StringName,
        "type" => return Some(Key::Type(0)),
        "key_type" => return Some(Key::Type(1)),
        "value_type" => return Some(Key::Type(2)),
        "double" => return Some(Key::Double),
        _ => return named(key).filter(|ty| is_tag(*ty)).map(Key::Tag),
    };
    Some(Key::Tag(tag))
}

/// Types written as JSON values of their own, never as a type key.
fn is_tag(ty: VariantType) -> bool {
    !matches!(
        ty,
        VariantType::Nil
            | VariantType::Bool
            | VariantType::Int
            | VariantType::Float
            | VariantType::String
    )
}

/// The type with this Godot 4 name (`"int"`, `"Vector3"`, `"PackedByteArray"`).
pub(super) fn named(name: &str) -> Option<VariantType> {
    VariantType::named(name, Dialect::Godot4)
}

/// Is the math type's `"double"` form one the builder can write (components that are
/// `real_t`, or Color, which it narrows)? Packed vector arrays have one too.
pub(super) fn takes_double(ty: VariantType) -> bool {
    match ty.layout() {
        Layout::Math(_, component) => component != Component::I32,
        _ => matches!(
            ty,
            VariantType::PackedVector2Array
                | VariantType::PackedVector3Array
                | VariantType::PackedVector4Array
        ),
    }
}

/// Can an object of type key `tag` have `key` beside it?
pub(super) fn allowed(tag: VariantType, key: Key) -> bool {
    match key {
        Key::Tag(_) => false,
        Key::Type(0) => matches!(
            tag,
            VariantType::Array | VariantType::TypedArray | VariantType::PackedTypedArray
        ),
        Key::Type(_) => tag == VariantType::Dictionary,
        Key::Double => takes_double(tag),
    }
}

/// The modifiers of one tagged object, and an Object's class when it comes after its
/// properties.
#[derive(Debug, Default)]
pub(super) struct Mods {
    /// `"type"`, `"key_type"`, `"value_type"`, with the offset of their key.
    pub(super) types: [Option<(ContainerType<String>, usize)>; 3],
    /// `"double"`, with the offset of its key.
    pub(super) double: Option<(bool, usize)>,
    /// An Object's class, read after its properties.
    pub(super) class: Option<String>,
}

impl Mods {
    /// Container type `i` (0: an Array's, 1 and 2: a Dictionary's key and value).
    pub(super) fn ty(&self, i: usize) -> ContainerType<&str> {
        match self.types.get(i) {
            Some(Some((t, _))) => t.as_deref(),
            _ => ContainerType::Untyped,
        }
    }

    /// The `"double"` flag (false when absent).
    pub(super) fn double(&self) -> bool {
        matches!(self.double, Some((true, _)))
    }

    /// Checks that `tag` allows every modifier read before it: `UnknownKey` at the first
    /// that it does not.
    pub(super) fn check(&self, tag: VariantType) -> Res<()> {
        let keys = self
            .types
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.as_ref().map(|(_, at)| (Key::Type(i), *at)))
            .chain(self.double.map(|(_, at)| (Key::Double, at)));
        let mut first_wrong: Option<usize> = None;
        for (key, at) in keys {
            if !allowed(tag, key) {
                first_wrong = Some(first_wrong.map_or(at, |w| w.min(at)));
            }
        }
        first_wrong.map_or(Ok(()), |at| Err(fail(K::UnknownKey, at)))
    }

    /// Reads the value of modifier `key` (its key at `at`, already consumed with its `:`).
    /// `DuplicateKey` if it was given before.
    pub(super) fn read(&mut self, lx: &mut Lexer<'_>, key: Key, at: usize) -> Res<()> {
        match key {
            Key::Double => {
                if self.double.is_some() {
                    return Err(fail(K::DuplicateKey, at));
                }
                let value = match lx.peek() {
                    Some(b't') => lx.literal("true").map(|()| true)?,
                    Some(b'f') => lx.literal("false").map(|()| false)?,
                    _ => return Err(lx.wrong("true or false")),
                };
                self.double = Some((value, at));
            }
            Key::Type(i) => {
                let slot = self.types.get_mut(i).ok_or(fail(K::UnknownKey, at))?;
                if slot.is_some() {
                    return Err(fail(K::DuplicateKey, at));
                }
                *slot = Some((container_type(lx)?, at));
            }
            Key::Tag(_) => return Err(fail(K::UnknownKey, at)),
        }
        Ok(())
    }
}

/// What a container type may be.
const A_TYPE: &str = "a type name, null, {\"class\": …} or {\"script\": …}";

/// A container type: a builtin type's name, `null` (untyped), `{"class": name}` or
/// `{"script": path}`.
fn container_type(lx: &mut Lexer<'_>) -> Res<ContainerType<String>> {
    let at = lx.skip_ws();
    match lx.peek() {
        Some(b'"') => {
            let name = lx.string()?;
            named(name)
                .map(ContainerType::Builtin)
                .ok_or(fail(K::UnknownType, at))
        }
        Some(b'n') => lx.literal("null").map(|()| ContainerType::Untyped),
        Some(b'{') => {
            lx.bump();
            let (key, key_at) = lx.key()?;
            let script = match key {
                "class" => false,
                "script" => true,
                _ => return Err(fail(K::UnknownKey, key_at)),
            };
            let name = String::from(lx.string_as(A_STRING)?);
            if lx.eat(b',') {
                // One key only: a second one is wrong whatever it is.
                let (second, second_at) = lx.key()?;
                let first = if script { "script" } else { "class" };
                let kind = if second == first {
                    K::DuplicateKey
                } else {
                    K::UnknownKey
                };
                return Err(fail(kind, second_at));
            }
            lx.expect(b'}', "',' or '}'")?;
            Ok(if script {
                ContainerType::Script(name)
            } else {
                ContainerType::ClassName(name)
            })
        }
        _ => Err(lx.wrong(A_TYPE)),
    }
}
