//! The builder: writes Variants into a caller's `Vec<u8>`, byte for byte as the engines do.
//!
//! A [`Builder`] writes exactly one value. Containers hand out child builders that borrow
//! their parent mutably, so wrong nesting does not compile; counts are patched when a
//! container builder finishes or is dropped.
//!
//! ```
//! use gdvariant::{Builder, Dialect, VariantRef};
//!
//! let mut out = Vec::new();
//! let mut dict = Builder::new(&mut out, Dialect::Godot4).dictionary()?;
//! dict.entry("hp").int(10)?;
//! dict.entry("pos").vector2([1.0, 2.0])?;
//! dict.finish()?;
//! assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "{\n\"hp\": 10,\n\"pos\": Vector2(1, 2)\n}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The engine's choices are reproduced: an int is 32-bit unless it needs 64; a float is
//! 32-bit iff it is exactly an f32 (NaN is always 64-bit); a null object is a bare NIL
//! header; PackedStringArray items carry a counted NUL; all padding is zero; a container's
//! type descriptor comes before its count.

pub(crate) mod canonical;
pub(crate) mod containers;
mod copy;
mod packed;
pub(crate) mod sink;

use alloc::vec::Vec;
use core::fmt;

use crate::read::object::NodePathRef;
use crate::wire::dialect::Dialect;
use crate::wire::header::FLAG_64;
use crate::wire::narrow::f32_of;
use crate::wire::types::VariantType;
use sink::Sink;

/// Why a value could not be written. Nothing invalid is ever left in the output: a value
/// that fails is not written (a container slot that fails holds `null` instead).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BuildError {
    /// The dialect has no such type (for example `StringName` or `Vector2i` in Godot 3).
    #[error("{ty:?} cannot be written in {dialect}")]
    TypeNotInDialect {
        /// The type.
        ty: VariantType,
        /// The dialect asked for.
        dialect: Dialect,
    },
    /// The dialect cannot express this form of the value (double-precision math or typed
    /// containers in Godot 3, a non-zero RID in Godot 3).
    #[error("{what} cannot be written in {dialect}")]
    NotInDialect {
        /// What was asked for.
        what: &'static str,
        /// The dialect asked for.
        dialect: Dialect,
    },
    /// A count or length over `i32::MAX` (Godot reads every count as `int32`).
    #[error("count or length {0} is over i32::MAX")]
    TooLong(u64),
    /// A math value with the wrong number of components for its type.
    #[error("{ty:?} takes {expected} components, got {got}")]
    WrongComponentCount {
        /// The math type.
        ty: VariantType,
        /// Components it has.
        expected: usize,
        /// Components given.
        got: usize,
    },
    /// A packed array built from elements of another type (see
    /// [`Builder::packed_from_iter`]): `PackedInt32Array` from `f64`s, say.
    #[error("{ty:?} cannot hold elements of type {element}")]
    WrongElementType {
        /// The packed array type asked for.
        ty: VariantType,
        /// The Rust element type given.
        element: &'static str,
    },
    /// Not a fixed-size math type (see [`Builder::math`]).
    #[error("{0:?} is not a math type")]
    NotMath(VariantType),
    /// Nesting deeper than Godot's limit of 1024 while copying a value.
    #[error("nesting deeper than 1024")]
    TooDeep,
    /// A Godot 4 object's `script` property must be null or a String (a `res://` path):
    /// the engine rejects anything else, and so does [`crate::VariantRef::parse`].
    #[error("a Godot 4 object's `script` property cannot be a {0:?}")]
    InvalidScriptProperty(VariantType),
    /// [`Builder::found`] of a packed array's element past the array's end.
    #[error("element {index} of a packed array of {len}")]
    NoSuchElement {
        /// The index asked for.
        index: usize,
        /// The array's length.
        len: usize,
    },
}

/// Writes one value into a `Vec<u8>` (appending). Obtained from [`Builder::new`] for a
/// top-level value, or from a container builder for an element, key, value or property.
///
/// Every writing method consumes the builder. When a container slot's builder is dropped
/// without writing (or its write fails), the container writes `null` there, so it stays
/// valid.
pub struct Builder<'a, S: Sink = Vec<u8>> {
    out: &'a mut S,
    dialect: Dialect,
    /// The slot of a Godot 4 object's `script` property: only null or a String fit.
    script: bool,
}

impl<S: Sink> fmt::Debug for Builder<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Builder")
            .field("dialect", &self.dialect)
            .field("len", &self.out.len())
            .finish()
    }
}

/// A length or count as the u32 word Godot reads as `int32`.
#[inline]
pub(crate) fn count_word(n: usize) -> Result<u32, BuildError> {
    u32::try_from(n)
        .ok()
        .filter(|&w| w <= i32::MAX as u32)
        .ok_or(BuildError::TooLong(n as u64))
}

/// Appends a Godot string field: u32 length, UTF-8, zero padding.
#[inline]
pub(crate) fn put_string(out: &mut impl Sink, text: &[u8]) -> Result<(), BuildError> {
    let len = count_word(text.len())?;
    if text.len() <= 16 && out.spare() >= 24 {
        // A short string (most keys): one fixed-size append of the length, the text and
        // zeros, cut back to the padded length, instead of three appends of unknown size
        // (only into room the sink already has).
        let mut field = [0u8; 24];
        let (word, rest) = field.split_at_mut(4);
        word.copy_from_slice(&len.to_le_bytes());
        for (to, from) in rest.iter_mut().zip(text) {
            *to = *from;
        }
        let end = out.len() + 4 + text.len() + crate::wire::bytes::pad4(text.len());
        out.extend_from_slice(&field);
        out.truncate(end);
        return Ok(());
    }
    out.reserve(text.len() + 7);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(text);
    put_padding(out, text.len());
    Ok(())
}

/// Appends the zero bytes that pad `len` bytes to a multiple of 4 (fixed-size writes, no
/// `memset` call for 1–3 bytes).
#[inline]
pub(crate) fn put_padding(out: &mut impl Sink, len: usize) {
    match crate::wire::bytes::pad4(len) {
        1 => out.push(0),
        2 => out.extend_from_slice(&[0; 2]),
        3 => out.extend_from_slice(&[0; 3]),
        _ => {}
    }
}

impl<'a, S: Sink> Builder<'a, S> {
    /// A builder that appends one top-level value to `out` in `dialect`.
    #[inline]
    pub fn new(out: &'a mut S, dialect: Dialect) -> Self {
        Builder {
            out,
            dialect,
            script: false,
        }
    }

    /// The dialect being written.
    pub fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// The wire id of `ty`, or an error if the dialect lacks it.
    #[inline]
    fn id(&self, ty: VariantType) -> Result<u32, BuildError> {
        ty.id(self.dialect)
            .map(u32::from)
            .ok_or(BuildError::TypeNotInDialect {
                ty,
                dialect: self.dialect,
            })
    }

    /// Writes the header of `ty` with `flags` (bits 16+). Every check that can fail is
    /// made before this, so a value is either written whole or not at all.
    #[inline]
    fn header(&mut self, ty: VariantType, flags: u32) -> Result<(), BuildError> {
        if self.script && !matches!(ty, VariantType::Nil | VariantType::String) {
            return Err(BuildError::InvalidScriptProperty(ty));
        }
        let word = self.id(ty)? | flags;
        self.out.extend_from_slice(&word.to_le_bytes());
        Ok(())
    }

    /// [`Builder::header`] and a 4-byte payload, in one append.
    #[inline]
    fn header_and(
        &mut self,
        ty: VariantType,
        flags: u32,
        payload: [u8; 4],
    ) -> Result<(), BuildError> {
        if self.script && !matches!(ty, VariantType::Nil | VariantType::String) {
            return Err(BuildError::InvalidScriptProperty(ty));
        }
        let word = (self.id(ty)? | flags).to_le_bytes();
        let [a, b, c, d] = word;
        let [e, f, g, h] = payload;
        self.out.extend_from_slice(&[a, b, c, d, e, f, g, h]);
        Ok(())
    }

    /// The header of `ty`, then the string field `text` (String, StringName,
    /// PackedByteArray, Signal's name, an Object's class). The checks come first — the
    /// type in the dialect, then the length — so on error nothing is written.
    fn header_string(&mut self, ty: VariantType, text: &[u8]) -> Result<(), BuildError> {
        self.id(ty)?;
        count_word(text.len())?;
        self.header(ty, 0)?;
        put_string(self.out, text)
    }

    /// `Ok` when the dialect has the feature (`supported`), else `NotInDialect(what)`.
    pub(crate) fn require(&self, supported: bool, what: &'static str) -> Result<(), BuildError> {
        if supported {
            Ok(())
        } else {
            Err(BuildError::NotInDialect {
                what,
                dialect: self.dialect,
            })
        }
    }

    /// `null`.
    #[inline]
    pub fn nil(mut self) -> Result<(), BuildError> {
        self.header(VariantType::Nil, 0)
    }

    /// A `bool`.
    #[inline]
    pub fn bool(mut self, value: bool) -> Result<(), BuildError> {
        self.header(VariantType::Bool, 0)?;
        self.out.extend_from_slice(&u32::from(value).to_le_bytes());
        Ok(())
    }

    /// An `int`: 32-bit on the wire unless it needs 64, as the engine writes it.
    #[inline]
    pub fn int(mut self, value: i64) -> Result<(), BuildError> {
        match i32::try_from(value) {
            Ok(narrow) => self.header_and(VariantType::Int, 0, narrow.to_le_bytes())?,
            Err(_) => {
                self.header(VariantType::Int, FLAG_64)?;
                self.out.extend_from_slice(&value.to_le_bytes());
            }
        }
        Ok(())
    }

    /// A `float`: 32-bit on the wire iff the value is exactly an f32 (NaN is always 64-bit),
    /// as the engine writes it.
    #[inline]
    pub fn float(mut self, value: f64) -> Result<(), BuildError> {
        let narrow = f32_of(value);
        if f64::from(narrow) == value {
            self.header_and(VariantType::Float, 0, narrow.to_le_bytes())?;
        } else {
            self.header(VariantType::Float, FLAG_64)?;
            self.out.extend_from_slice(&value.to_le_bytes());
        }
        Ok(())
    }

    /// A `String`.
    #[inline]
    pub fn string(mut self, text: &str) -> Result<(), BuildError> {
        self.header_string(VariantType::String, text.as_bytes())
    }

    /// A `StringName` (Godot 4; Godot 3 has none: write a String there).
    pub fn string_name(mut self, text: &str) -> Result<(), BuildError> {
        self.header_string(VariantType::StringName, text.as_bytes())
    }

    /// A fixed-size math value of type `ty` from f32 components, in wire order (see
    /// [`crate::read::math::MathRef`]): vectors, Rect2, Transform2D, Plane, Quaternion, AABB, Basis,
    /// Transform3D, Projection, Color. For the `*i` types use [`Builder::math_i32`].
    pub fn math(mut self, ty: VariantType, components: &[f32]) -> Result<(), BuildError> {
        self.check_math(ty, components.len(), false)?;
        self.header(ty, 0)?;
        for c in components {
            self.out.extend_from_slice(&c.to_le_bytes());
        }
        Ok(())
    }

    /// A double-precision math value (Godot 4 only; the header's 64-bit flag, as
    /// `precision=double` builds write). Color has no double form: its components are
    /// always f32, so it is written as [`Builder::math`] would.
    pub fn math_f64(mut self, ty: VariantType, components: &[f64]) -> Result<(), BuildError> {
        if ty == VariantType::Color {
            let narrow: Vec<f32> = components.iter().map(|&c| f32_of(c)).collect();
            return self.math(ty, &narrow);
        }
        self.require(self.dialect.double_math(), "double-precision math")?;
        self.check_math(ty, components.len(), false)?;
        self.header(ty, FLAG_64)?;
        for c in components {
            self.out.extend_from_slice(&c.to_le_bytes());
        }
        Ok(())
    }

    /// An integer math value: Vector2i, Vector3i, Vector4i or Rect2i (Godot 4).
    pub fn math_i32(mut self, ty: VariantType, components: &[i32]) -> Result<(), BuildError> {
        self.check_math(ty, components.len(), true)?;
        self.header(ty, 0)?;
        for c in components {
            self.out.extend_from_slice(&c.to_le_bytes());
        }
        Ok(())
    }

    fn check_math(&self, ty: VariantType, got: usize, integer: bool) -> Result<(), BuildError> {
        use crate::wire::types::{Component, Layout};
        match ty.layout() {
            Layout::Math(n, component) if (component == Component::I32) == integer => {
                if usize::from(n) != got {
                    return Err(BuildError::WrongComponentCount {
                        ty,
                        expected: usize::from(n),
                        got,
                    });
                }
                self.id(ty).map(|_| ())
            }
            _ => Err(BuildError::NotMath(ty)),
        }
    }

    /// A `Vector2`.
    pub fn vector2(self, v: [f32; 2]) -> Result<(), BuildError> {
        self.math(VariantType::Vector2, &v)
    }

    /// A `Vector3`.
    pub fn vector3(self, v: [f32; 3]) -> Result<(), BuildError> {
        self.math(VariantType::Vector3, &v)
    }

    /// A `Color` (r, g, b, a).
    pub fn color(self, c: [f32; 4]) -> Result<(), BuildError> {
        self.math(VariantType::Color, &c)
    }

    /// A `NodePath` from its parts.
    pub fn node_path<N: AsRef<str>, M: AsRef<str>>(
        mut self,
        names: &[N],
        subnames: &[M],
        absolute: bool,
    ) -> Result<(), BuildError> {
        let name_count = count_word(names.len())?;
        let subname_count = count_word(subnames.len())?;
        for part in names
            .iter()
            .map(AsRef::as_ref)
            .chain(subnames.iter().map(AsRef::as_ref))
        {
            count_word(part.len())?;
        }
        self.header(VariantType::NodePath, 0)?;
        self.out
            .extend_from_slice(&(name_count | crate::wire::header::COUNT_SHARED_BIT).to_le_bytes());
        self.out.extend_from_slice(&subname_count.to_le_bytes());
        self.out
            .extend_from_slice(&u32::from(absolute).to_le_bytes());
        for part in names
            .iter()
            .map(AsRef::as_ref)
            .chain(subnames.iter().map(AsRef::as_ref))
        {
            put_string(self.out, part.as_bytes())?;
        }
        Ok(())
    }

    /// A `NodePath` parsed from Godot's text form: `/` starts an absolute path, names are
    /// separated by `/`, subnames follow `:` (`"Player/Sprite:position:x"`). Empty names
    /// are skipped, as Godot does.
    pub fn node_path_str(self, path: &str) -> Result<(), BuildError> {
        let absolute = path.starts_with('/');
        let (names, subnames) = match path.split_once(':') {
            Some((names, subnames)) => (names, Some(subnames)),
            None => (path, None),
        };
        let names: Vec<&str> = names.split('/').filter(|n| !n.is_empty()).collect();
        let subnames: Vec<&str> = subnames
            .map(|s| s.split(':').filter(|n| !n.is_empty()).collect())
            .unwrap_or_default();
        self.node_path(&names, &subnames, absolute)
    }

    /// Copies a parsed NodePath.
    pub(crate) fn node_path_ref(self, path: &NodePathRef<'_>) -> Result<(), BuildError> {
        let names: Vec<&str> = path.names().map(|n| n.as_str()).collect();
        let subnames: Vec<&str> = path.subnames().map(|n| n.as_str()).collect();
        self.node_path(&names, &subnames, path.is_absolute())
    }

    /// A `RID`. Godot 4 writes its id; Godot 3 does not serialize RIDs (the header alone,
    /// which reads back as an empty RID), so a non-zero id is an error there.
    pub fn rid(mut self, id: u64) -> Result<(), BuildError> {
        if !self.dialect.rid_payload() && id != 0 {
            return Err(BuildError::NotInDialect {
                what: "a RID id",
                dialect: self.dialect,
            });
        }
        self.header(VariantType::Rid, 0)?;
        if self.dialect.rid_payload() {
            self.out.extend_from_slice(&id.to_le_bytes());
        }
        Ok(())
    }

    /// A `Callable` (Godot 4): the engine writes only the header and reads it back as an
    /// empty Callable.
    pub fn callable(mut self) -> Result<(), BuildError> {
        self.header(VariantType::Callable, 0)
    }

    /// A `Signal` (Godot 4): name and owner object id.
    pub fn signal(mut self, name: &str, object_id: u64) -> Result<(), BuildError> {
        self.header_string(VariantType::Signal, name.as_bytes())?;
        self.out.extend_from_slice(&object_id.to_le_bytes());
        Ok(())
    }

    /// A null object: the engine writes a bare NIL header, so this is [`Builder::nil`].
    pub fn object_null(self) -> Result<(), BuildError> {
        self.nil()
    }

    /// A null object written whole: the Object header and an empty class name, which the
    /// engines read as null (no property count follows). Only to give such bytes back as
    /// they were; the engines themselves write [`Builder::object_null`].
    #[cfg_attr(not(feature = "std"), allow(dead_code))] // the JSON reader's (std)
    pub(crate) fn object_null_whole(mut self) -> Result<(), BuildError> {
        self.header_string(VariantType::Object, b"")
    }

    /// An object as its instance id (how the engine writes objects without full objects).
    pub fn object_id(mut self, id: u64) -> Result<(), BuildError> {
        self.header(VariantType::Object, crate::wire::header::FLAG_OBJECT_AS_ID)?;
        self.out.extend_from_slice(&id.to_le_bytes());
        Ok(())
    }
}
