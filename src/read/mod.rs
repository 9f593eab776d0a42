//! The reader: one validation pass ([`value::VariantRef::parse`]), then `Copy` views over
//! the validated bytes: scalars, strings, math values, packed arrays, containers, objects,
//! and paths into them.

#[cfg(feature = "alloc")]
pub(crate) mod buf;
pub(crate) mod children;
pub(crate) mod container;
pub(crate) mod decoded;
pub(crate) mod ends;
pub(crate) mod events;
#[cfg(feature = "alloc")]
pub(crate) mod lookup;
pub(crate) mod math;
pub(crate) mod meta;
pub(crate) mod native;
pub(crate) mod node;
pub(crate) mod object;
pub(crate) mod options;
pub(crate) mod packed;
#[cfg(feature = "alloc")]
pub mod query;
pub(crate) mod reader;
pub(crate) mod strings;
pub(crate) mod validate;
#[cfg(all(test, feature = "std"))]
mod validate_reference;
pub(crate) mod value;
pub(crate) mod values;
#[cfg(all(test, feature = "std"))]
mod views_end_tests;
#[cfg(all(test, feature = "std"))]
mod views_fold_tests;
#[cfg(all(test, feature = "std"))]
mod views_hint_tests;
pub(crate) mod visit;
pub(crate) mod walk;
