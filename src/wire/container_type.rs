//! The declared element type of a typed container: one enum for the reader, the builder
//! and owned values, generic over how it holds names.

#[cfg(feature = "alloc")]
use super::header::{KIND_BUILTIN, KIND_CLASS_NAME, KIND_NONE, KIND_SCRIPT};
use super::types::VariantType;

/// The declared element (or key, or value) type of a typed Array or Dictionary (Godot 4.2+
/// arrays, 4.4+ dictionaries).
///
/// One enum serves every side of the crate, generic over the string type `S` of class
/// names and script paths:
///
/// | where | `S` |
/// |---|---|
/// | parsed views ([`ArrayRef::element_type`](crate::ArrayRef::element_type), …) | [`GdStr<'a>`](crate::GdStr), borrowed from the input |
/// | the builder ([`Builder::typed_array`](crate::Builder::typed_array), …) | `&str` |
/// | owned values ([`Variant::Array`](crate::Variant::Array), …) | `String` |
///
/// [`ContainerType::as_deref`] turns any of them into the builder's `ContainerType<&str>`.
///
/// ```
/// use gdvariant::{ContainerType, VariantType};
///
/// let owned: ContainerType<String> = ContainerType::ClassName("Node".to_string());
/// assert_eq!(owned.as_deref(), ContainerType::ClassName("Node"));
/// assert!(ContainerType::<&str>::Builtin(VariantType::Int).is_typed());
/// assert!(!ContainerType::<&str>::Untyped.is_typed());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ContainerType<S> {
    /// Untyped (`Array`, `Dictionary`, or the `Variant` side of a typed dictionary). What
    /// every Godot 3 container is.
    #[default]
    Untyped,
    /// A builtin type: `Array[int]`. A builtin `Nil` is accepted by the engine and leaves
    /// the container untyped; it is kept and written as given.
    Builtin(VariantType),
    /// A native class name: `Array[Node]`. Without full objects the engine writes the
    /// class name `EncodedObjectAsID`.
    ClassName(S),
    /// A script resource path: `Array[preload("res://enemy.gd")]`.
    Script(S),
}

impl<S> ContainerType<S> {
    /// Is this a declared type (not `Untyped` nor a builtin `Nil`)? O(1).
    pub fn is_typed(&self) -> bool {
        !matches!(
            self,
            ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil)
        )
    }

    /// The same type with its name transformed by `f`. O(1) plus `f`.
    pub fn map<T>(self, f: impl FnOnce(S) -> T) -> ContainerType<T> {
        match self {
            ContainerType::Untyped => ContainerType::Untyped,
            ContainerType::Builtin(ty) => ContainerType::Builtin(ty),
            ContainerType::ClassName(name) => ContainerType::ClassName(f(name)),
            ContainerType::Script(path) => ContainerType::Script(f(path)),
        }
    }

    /// The `ContainerTypeKind` written in header bits 16–17 / 18–19 for this type.
    #[cfg(feature = "alloc")]
    pub(crate) fn kind(&self) -> u32 {
        match self {
            ContainerType::Untyped => KIND_NONE,
            ContainerType::Builtin(_) => KIND_BUILTIN,
            ContainerType::ClassName(_) => KIND_CLASS_NAME,
            ContainerType::Script(_) => KIND_SCRIPT,
        }
    }
}

impl<S: AsRef<str>> ContainerType<S> {
    /// Borrows the name: the builder's form. O(1), except for a parsed name
    /// ([`GdStr::as_str`](crate::GdStr::as_str) reads the text).
    pub fn as_deref(&self) -> ContainerType<&str> {
        match self {
            ContainerType::Untyped => ContainerType::Untyped,
            ContainerType::Builtin(ty) => ContainerType::Builtin(*ty),
            ContainerType::ClassName(name) => ContainerType::ClassName(name.as_ref()),
            ContainerType::Script(path) => ContainerType::Script(path.as_ref()),
        }
    }
}
