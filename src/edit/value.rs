//! New values: [`NewValue`], what an operation writes, and the staging of its bytes (built
//! through the [`Builder`], so canonical; then validated, measured for depth).

use core::convert::Infallible;
use core::ops::ControlFlow;

use alloc::string::String;
use alloc::vec::Vec;

use super::error::EditError;
use crate::owned::Variant;
use crate::read::buf::VariantBuf;
use crate::read::decoded::Value;
use crate::read::options::ParseOptions;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Visitor};
use crate::wire::dialect::Dialect;
use crate::write::Builder;

/// A value that an [`Edit`](super::Edit) can write: it writes itself with the
/// [`Builder`] it is given, in the plan's dialect, so what lands in the file is what the
/// engine writes (narrowest int and float forms, zero padding, …).
///
/// Implemented for parsed views ([`VariantRef`], in either dialect: types are mapped by
/// name, and a type the plan's dialect lacks is [`EditError::Unrepresentable`]), owned
/// values ([`Variant`], `&Variant`), `&VariantBuf`, raw encoded bytes ([`Encoded`]),
/// and the plain Rust values `bool`, `i64`, `f64`, `&str`, `String` and `&String`. The
/// one integer and the one float type let literals need no suffix (`edit.set("hp", 1 <<
/// 40)` is an `i64`); convert other numbers with `i64::from` / `f64::from`.
/// Implement it for your own types by writing through the builder; whatever an
/// implementation writes is validated again before it is used (it must be exactly one
/// value).
///
/// ```
/// use gdvariant::edit::{Edit, NewValue};
/// use gdvariant::{Builder, Dialect, EditError};
///
/// struct Position(f32, f32);
///
/// impl NewValue for Position {
///     fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
///         Ok(builder.vector2([self.0, self.1])?)
///     }
/// }
///
/// // var_to_bytes({"hp": 10}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
/// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
/// edit.set("pos", Position(1.0, 2.5))?;
/// let out = edit.to_vec();
/// let text = gdvariant::VariantRef::parse(&out, Dialect::Godot4)?.to_string();
/// assert_eq!(text, "{\n\"hp\": 10,\n\"pos\": Vector2(1, 2.5)\n}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait NewValue {
    /// Writes the value with `builder` (see the trait's example). Cost: the builder's,
    /// O(size of the value). A [`BuildError`](crate::BuildError) converts with `?` (to
    /// [`EditError::Unrepresentable`]).
    fn build(self, builder: Builder<'_>) -> Result<(), EditError>;
}

/// Encoded bytes of one value in the plan's dialect (the layout of `var_to_bytes`, no
/// length prefix), as a [`NewValue`]: they are parsed (a failure is
/// [`EditError::InvalidValue`], offsets counting from the start of these bytes; bytes
/// after the value are refused too) and re-encoded through the builder, so a
/// non-canonical encoding is written canonically. O(length).
///
/// ```
/// use gdvariant::edit::{Edit, Encoded};
/// use gdvariant::{Dialect, EditError, ErrorKind};
///
/// // var_to_bytes([1]) in Godot 4
/// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
/// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
/// edit.set("0", Encoded(&[4, 0, 0, 0, 1, 0, 0, 0, b'x', 0, 0, 0]))?; // "x"
/// assert_eq!(gdvariant::VariantRef::parse(&edit.to_vec(), Dialect::Godot4)?.to_string(), "[\"x\"]");
/// let error = edit.insert("1", Encoded(&[2, 0, 0, 0, 7])).unwrap_err(); // cut short
/// assert!(matches!(error, EditError::InvalidValue(e) if e.kind() == ErrorKind::UnexpectedEnd));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoded<'b>(pub &'b [u8]);

impl NewValue for Encoded<'_> {
    fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
        let value =
            VariantRef::parse(self.0, builder.dialect()).map_err(EditError::InvalidValue)?;
        Ok(builder.value(value)?)
    }
}

impl NewValue for VariantRef<'_> {
    /// [`Builder::value`]: canonical parts copied whole.
    fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
        Ok(builder.value(self)?)
    }
}

impl<B: AsRef<[u8]>> NewValue for &VariantBuf<B> {
    fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
        Ok(builder.value(self.view())?)
    }
}

impl NewValue for &Variant {
    /// [`Variant::write`].
    fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
        Ok(self.write(builder)?)
    }
}

impl NewValue for Variant {
    fn build(self, builder: Builder<'_>) -> Result<(), EditError> {
        Ok(self.write(builder)?)
    }
}

macro_rules! scalar {
    ($($t:ty => |$b:ident, $v:ident| $write:expr),* $(,)?) => {$(
        impl NewValue for $t {
            fn build(self, $b: Builder<'_>) -> Result<(), EditError> {
                let $v = self;
                Ok($write?)
            }
        }
    )*};
}

scalar! {
    bool => |b, v| b.bool(v),
    i64 => |b, v| b.int(v),
    f64 => |b, v| b.float(v),
    &str => |b, v| b.string(v),
    String => |b, v| b.string(&v),
    &String => |b, v| b.string(v),
}

/// A new value's bytes in the plan's arena.
#[derive(Clone, Copy, Debug)]
pub(super) struct Staged {
    /// Where they start in the arena (they run to its end).
    pub(super) start: usize,
    /// Deepest nesting inside the value (0 for a leaf).
    pub(super) depth: usize,
}

/// Appends `value` to `arena` in `dialect`, checks that the bytes are exactly one value,
/// valid in strict mode, and hands the parsed value to `check` (the slot's type rules).
/// On error the arena may hold a partial write: the caller truncates it. O(size of the
/// value): one build, one validation, one walk for the depth.
pub(super) fn stage<T>(
    arena: &mut Vec<u8>,
    dialect: Dialect,
    value: impl NewValue,
    check: impl FnOnce(&VariantRef<'_>) -> Result<T, EditError>,
) -> Result<(Staged, T), EditError> {
    let start = arena.len();
    value.build(Builder::new(arena, dialect))?;
    let bytes = arena.get(start..).unwrap_or(&[]);
    let view = VariantRef::parse_with(bytes, dialect, &ParseOptions::new().strict(true))
        .map_err(EditError::InvalidValue)?;
    let mut deepest = Deepest(0);
    let _ = view.visit(&mut deepest);
    let checked = check(&view)?;
    let staged = Staged {
        start,
        depth: deepest.0,
    };
    Ok((staged, checked))
}

/// Records the deepest nesting of a walk.
struct Deepest(usize);

impl<'a> Visitor<'a> for Deepest {
    type Break = Infallible;
    fn value(&mut self, _: &Value<'a>, place: Place) -> ControlFlow<Infallible> {
        self.0 = self.0.max(place.depth);
        ControlFlow::Continue(())
    }
}
