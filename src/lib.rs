//! # gdvariant
//!
//! Reads Godot's Variant binary serialization — the bytes of `var2bytes`/`bytes2var`
//! (Godot 3), `var_to_bytes`/`bytes_to_var` (Godot 4), `store_var`/`get_var`,
//! `PacketPeer.put_var` and `StreamPeer.put_var` — without copying.
//!
//! [`VariantRef::parse`] validates a blob once, in one non-recursive pass, without
//! allocating; afterwards every accessor and iterator is infallible. Packed arrays are
//! exposed in place: raw bytes, little-endian element views that work at any alignment,
//! and native slices (`&[f32]`, `&[[f32; 3]]`, …) where alignment and endianness allow.
//! `Display` prints the engine's own text form (`var2str` / `var_to_str`) exactly.
//!
//! ```
//! use gdvariant::{Dialect, VariantRef};
//!
//! // var_to_bytes({"hp": 10}) in Godot 4
//! let bytes = [
//!     27, 0, 0, 0, 1, 0, 0, 0, // Dictionary, 1 pair
//!     4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, // "hp"
//!     2, 0, 0, 0, 10, 0, 0, 0, // 10
//! ];
//! let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
//! let dict = value.as_dictionary().unwrap();
//! assert_eq!(dict.get("hp").and_then(|v| v.as_int()), Some(10));
//! assert_eq!(value.to_string(), "{\n\"hp\": 10\n}");
//! # Ok::<(), gdvariant::Error>(())
//! ```
//!
//! ## Which constructor
//!
//! Type ids differ between Godot 3 and Godot 4, and `store_var` puts a 4-byte length
//! before the value where `var_to_bytes` does not. Nothing here guesses silently:
//!
//! | You have | Reach for | Refuses |
//! |---|---|---|
//! | a save of unknown origin | [`VariantBuf::load`] (a path; opens compressed files) or [`VariantRef::detect`] / [`VariantBuf::detect`] (bytes) | several frames, an ambiguous input ([`frame::AutoError`]) |
//! | bytes whose dialect you know, without a prefix | [`VariantRef::parse`] / [`VariantBuf::new`] | bytes after the value ([`ErrorKind::TrailingBytes`], which says when they look like `store_var` frames) |
//! | a file of several `store_var` values | [`frame::detect`] (dialect unknown) or [`frame::frames`] | a frame cut short |
//! | one value of unknown origin, with your limits, each refusal named by a stable code (a binding, an inspector) | [`frame::read_whole`] | an ambiguous input, several frames, bytes after the value ([`frame::WholeError`]) |
//! | a value followed by bytes of yours | [`VariantRef::parse_prefix`] (the engine's `bytes_to_var`: the rest is ignored) | — |
//!
//! ```
//! use gdvariant::{Dialect, ErrorKind, VariantRef};
//!
//! // store_var(7) then store_var("abc"), in Godot 4.
//! let file = [
//!     8, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, // 8 bytes: int 7
//!     12, 0, 0, 0, 4, 0, 0, 0, 3, 0, 0, 0, b'a', b'b', b'c', 0, // 12 bytes: "abc"
//! ];
//! // parse never reads a file of frames as its first bytes:
//! let error = VariantRef::parse(&file, Dialect::Godot4).unwrap_err();
//! assert!(matches!(error.kind(), ErrorKind::TrailingBytes { frames: 2, .. }));
//! // detection finds the frames and the dialect:
//! let found = gdvariant::frame::detect(&file, Default::default())?;
//! let texts: Vec<String> = found.values().map(|v| v.to_string()).collect();
//! assert_eq!(texts, ["7", "\"abc\""]);
//! # Ok::<(), gdvariant::frame::DetectError>(())
//! ```

#![no_std]
#![deny(unsafe_code)] // allowed in one module, `wire::cast` (SAFETY.md)
#![deny(clippy::undocumented_unsafe_blocks)]
#![deny(missing_docs)]
#![warn(clippy::indexing_slicing)]
// A length, count or value that does not fit its field must be refused or documented, never
// cut short by `as`: conversions are checked (`try_from`), and the intentional narrowings
// (an f64 rounded to an f32 as the engine does, ints wrapped into engine fields) are the
// documented helpers of `wire::narrow` (SAFETY.md). The unit tests may keep their casts,
// as the integration tests do.
#![cfg_attr(
    not(test),
    deny(clippy::cast_possible_truncation, clippy::cast_sign_loss)
)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(any(feature = "std", test))]
extern crate std;

/// By-value setters of options structs: `name: Type => field.path;` writes
/// `pub const fn name(mut self, name: Type) -> Self`, which sets `self.field.path`. Each
/// takes the doc comment written above it.
macro_rules! setters {
    ($($(#[$doc:meta])* $name:ident: $ty:ty => $($field:ident).+;)*) => {$(
        $(#[$doc])*
        pub const fn $name(mut self, $name: $ty) -> Self {
            self.$($field).+ = $name;
            self
        }
    )*};
}

/// Deprecated aliases for functions renamed in 0.2.0 (issue 41: one name per verb), kept
/// for one release. Each alias calls the new function: same checks, same cost.
#[cfg(feature = "alloc")]
macro_rules! renamed {
    ($($old:ident => $new:ident $note:literal ($($arg:ident: $ty:ty),*) -> $ret:ty;)*) => {$(
        #[doc = concat!("Renamed to [`", stringify!($new), "`]; this alias goes in 0.3.0.")]
        #[deprecated(since = "0.2.0", note = $note)]
        #[inline]
        pub fn $old($($arg: $ty),*) -> $ret {
            $new($($arg),*)
        }
    )*};
}

#[cfg(feature = "config")]
pub mod config;
#[cfg(feature = "std")]
pub mod container;
#[cfg(feature = "alloc")]
pub mod diff;
#[cfg(feature = "alloc")]
pub mod edit;
#[cfg(feature = "alloc")]
mod format;
pub mod frame;
#[cfg(feature = "alloc")]
pub mod host;
#[cfg(all(
    feature = "alloc",
    any(feature = "glam", feature = "mint", feature = "bytemuck")
))]
pub mod interop;
#[cfg(feature = "multiplayer")]
pub mod multiplayer;
#[cfg(feature = "alloc")]
mod owned;
mod read;
#[cfg(feature = "resource")]
pub mod resource;
#[cfg(feature = "scan")]
pub mod scan;
#[cfg(feature = "serde")]
pub mod serde;
mod wire;
#[cfg(feature = "alloc")]
mod write;

#[cfg(feature = "serde")]
pub use crate::serde::{from_bytes, from_value, to_vec, to_writer, DeError, SerError};
#[cfg(feature = "std")]
pub use container::LoadError;
#[cfg(feature = "alloc")]
pub use edit::{Edit, EditError};
#[cfg(feature = "std")]
pub use format::json;
#[cfg(feature = "alloc")]
pub use format::syntax::SyntaxError;
#[cfg(feature = "alloc")]
pub use format::text;
#[cfg(feature = "alloc")]
pub use owned::access::VariantIndex;
#[cfg(feature = "alloc")]
pub use owned::{
    Array, Dictionary, GdString, MathComponents, NodePath, Object, ObjectData, PackedVectors,
    Variant,
};
#[cfg(feature = "alloc")]
pub use read::buf::VariantBuf;
pub use read::children::{Children, Edge};
pub use read::container::{ArrayIter, ArrayRef, DictIter, DictRef};
pub use read::decoded::Value;
pub use read::events::{Event, Events};
pub use read::math::MathRef;
pub use read::native::NativeError;
pub use read::object::{FullObject, NodePathRef, ObjectRef, PropertyIter, SignalRef};
pub use read::options::{Limits, ParseOptions, GODOT_MAX_DEPTH};
pub use read::packed::{
    FloatComponents, Packed, PackedArray, PackedElement, PackedIter, PackedVectorsRef,
};
#[cfg(feature = "alloc")]
pub use read::query;
pub use read::strings::{GdStr, PackedStrings, StringIter};
pub use read::value::VariantRef;
pub use read::visit::{Place, Visitor};
pub use wire::container_type::ContainerType;
pub use wire::dialect::Dialect;
pub use wire::error::{Error, ErrorKind};
pub use wire::types::VariantType;
#[cfg(feature = "alloc")]
pub use write::containers::{ArrayBuilder, DictBuilder, ObjectBuilder};
#[cfg(feature = "alloc")]
pub use write::sink::{ByteCount, Sink};
#[cfg(feature = "alloc")]
pub use write::{BuildError, Builder};

/// The `bytemuck` crate (1.x) that bounds [`PackedArray::cast`], re-exported.
#[cfg(feature = "bytemuck")]
pub use bytemuck;
/// The `glam` crate (0.30) that [`interop`] converts to and from, re-exported.
#[cfg(feature = "glam")]
pub use glam;
/// The `mint` crate (0.5) that [`interop`] converts to and from, re-exported.
#[cfg(feature = "mint")]
pub use mint;
/// The `zerocopy` crate (0.8) whose traits bound [`PackedElement`] and whose little-endian
/// types are [`PackedElement::Le`], re-exported so that you can name them without
/// depending on the same version yourself.
pub use zerocopy;
/// The little-endian element types of [`Packed::as_le_slice`] (`le::F32`, `le::F64`,
/// `le::I32`, `le::I64`, and arrays of them): `zerocopy::little_endian`, re-exported.
pub use zerocopy::little_endian as le;

/// The README's examples, compiled and run as doctests.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

/// The Rust examples of the crate's guide (docs/crate.md), compiled and run as doctests.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../docs/crate.md")]
struct CrateGuideDoctests;

/// The Rust examples of the resources guide (docs/resources.md), compiled and run as
/// doctests.
#[cfg(all(doctest, feature = "resource", feature = "scan"))]
#[doc = include_str!("../docs/resources.md")]
struct ResourcesGuideDoctests;

/// The Rust examples of the ConfigFile guide (docs/config.md), compiled and run as
/// doctests.
#[cfg(all(doctest, feature = "config", feature = "containers"))]
#[doc = include_str!("../docs/config.md")]
struct ConfigGuideDoctests;

/// The Rust examples of the multiplayer guide (docs/multiplayer.md), compiled and run as
/// doctests.
#[cfg(all(doctest, feature = "std"))]
#[doc = include_str!("../docs/multiplayer.md")]
struct MultiplayerGuideDoctests;
