//! serde support (feature `serde`): derive your types to and from Godot's bytes.
//!
//! - [`from_bytes`] / [`from_value`]: any `T: Deserialize<'de>`, **borrowed**: a `&'de str`
//!   comes straight from a String or StringName, a `&'de [u8]` from a PackedByteArray. The
//!   bytes are validated once ([`VariantRef::parse`]), then read in one pass.
//! - [`to_vec`] / [`to_writer`]: any `T: Serialize`, written through the
//!   [`Builder`](crate::Builder): the output is what the engine writes.
//! - [`Variant`](crate::Variant) and [`VariantRef`] implement `Serialize` and
//!   `Deserialize`: a field of type `VariantRef<'de>` keeps a part of the input as it is,
//!   validated, without decoding it (like serde_json's `RawValue`).
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use gdvariant::Dialect;
//!
//! #[derive(Serialize, Deserialize, Debug, PartialEq)]
//! struct Player<'a> {
//!     name: &'a str, // borrowed from the bytes
//!     hp: i64,
//!     speed: f32,
//!     tags: Vec<String>,
//! }
//!
//! let player = Player { name: "Ada", hp: 7, speed: 2.5, tags: vec!["boss".into()] };
//! let bytes = gdvariant::to_vec(&player, Dialect::Godot4)?;
//! // The engine text of those bytes: a Dictionary with String keys.
//! let text = gdvariant::VariantRef::parse(&bytes, Dialect::Godot4)?.to_string();
//! assert_eq!(text, "{\n\"hp\": 7,\n\"name\": \"Ada\",\n\"speed\": 2.5,\n\"tags\": [\"boss\"]\n}");
//! let back: Player = gdvariant::from_bytes(&bytes, Dialect::Godot4)?;
//! assert_eq!(back, player);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Pitfalls, and the fix for each
//!
//! **A `[f32; 3]` field reads a Vector3 but writes an Array.** Reading accepts a math
//! value's components for an array, but serde gives the writer no way to know that an
//! array was a Vector3, so it writes an Array of three floats, which the game then reads
//! as an Array. Name the Godot type with a [`with`] helper (or use `glam::Vec3` with the
//! `glam` feature):
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use gdvariant::{Dialect, VariantRef};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Lossy { pos: [f32; 3] }
//! #[derive(Serialize, Deserialize)]
//! struct Kept { #[serde(with = "gdvariant::serde::with::vector3")] pos: [f32; 3] }
//!
//! let save = gdvariant::text::parse("{\"pos\": Vector3(1, 2, 3)}", Dialect::Godot4)?;
//! let lossy: Lossy = gdvariant::from_bytes(&save, Dialect::Godot4)?;
//! let kept: Kept = gdvariant::from_bytes(&save, Dialect::Godot4)?;
//! let text = |b: &[u8]| VariantRef::parse(b, Dialect::Godot4).map(|v| v.to_string());
//! assert_eq!(text(&gdvariant::to_vec(&lossy, Dialect::Godot4)?)?, "{\n\"pos\": [1.0, 2.0, 3.0]\n}");
//! assert_eq!(text(&gdvariant::to_vec(&kept, Dialect::Godot4)?)?, "{\n\"pos\": Vector3(1, 2, 3)\n}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! **Entries the struct does not name are dropped when it is written back.** serde ignores
//! unknown fields on reading, so a save edited through a struct loses them; and
//! `#[serde(flatten)]` into a map of [`Variant`](crate::Variant)s does not keep them whole
//! either: serde buffers flattened entries in a form that has no Godot types, so a Vector2
//! comes back as an Array. Read a [`Keep<T>`](Keep) instead of a `T`: it keeps the
//! Dictionary the struct came from and writes back only the struct's fields, every other
//! entry as it was (types, keys and order). Or reject unknown entries with
//! `#[serde(deny_unknown_fields)]`, or write the fields you changed with
//! [`Edit`](crate::edit::Edit), which copies everything else byte for byte:
//!
//! ```
//! use std::collections::BTreeMap;
//! use serde::{Deserialize, Serialize};
//! use gdvariant::{Dialect, Variant, VariantRef};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Player {
//!     hp: i64,
//!     #[serde(flatten)]
//!     rest: BTreeMap<String, Variant>,
//! }
//!
//! let save = gdvariant::text::parse("{\"hp\": 7, \"pos\": Vector2(1, 2)}", Dialect::Godot4)?;
//! let mut player: Player = gdvariant::from_bytes(&save, Dialect::Godot4)?;
//! player.hp = 100;
//! let text = |b: &[u8]| VariantRef::parse(b, Dialect::Godot4).map(|v| v.to_string());
//! // Through flatten, the Vector2 lost its type:
//! let flattened = gdvariant::to_vec(&player, Dialect::Godot4)?;
//! assert_eq!(text(&flattened)?, "{\n\"hp\": 100,\n\"pos\": [1.0, 2.0]\n}");
//! // Through Keep, only `hp` changes:
//! #[derive(Serialize, Deserialize)]
//! struct Hp { hp: i64 }
//! let mut kept: gdvariant::serde::Keep<Hp> = gdvariant::from_bytes(&save, Dialect::Godot4)?;
//! kept.hp = 100;
//! let bytes = gdvariant::to_vec(&kept, Dialect::Godot4)?;
//! assert_eq!(text(&bytes)?, "{\n\"hp\": 100,\n\"pos\": Vector2(1, 2)\n}");
//! // Through Edit, too:
//! let mut edit = gdvariant::edit::Edit::from_bytes(&save, Dialect::Godot4)?;
//! edit.set("hp", player.hp)?;
//! assert_eq!(text(&edit.to_vec())?, "{\n\"hp\": 100,\n\"pos\": Vector2(1, 2)\n}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The mapping
//!
//! | Rust (serde) | Godot | reading also accepts |
//! |---|---|---|
//! | `bool` | bool | |
//! | `i8`–`i64`, `u8`–`u64` | int: 32-bit unless the value needs 64; a `u64` over `i64::MAX` is an error | |
//! | `f32`, `f64` | float: 32-bit iff the value is exactly an f32 | an int (converted, as GDScript does when an int is assigned to a float) |
//! | `char`, `&str`, `String` | String | StringName; a NodePath (its text) |
//! | `&[u8]`, `serde_bytes` | PackedByteArray | |
//! | `Option<T>` | `None`: null; `Some(x)`: `x` | |
//! | `()`, unit struct | null | |
//! | `Vec<T>`, tuples, arrays | Array | a packed array whose elements convert (`Vec<f32>` from PackedFloat32Array, `Vec<String>` from PackedStringArray, `Vec<[f32; 3]>` from PackedVector3Array); a math value's components (`[f32; 3]` from a Vector3); a Dictionary as `(key, value)` pairs (`Vec<(K, V)>`) |
//! | struct | Dictionary with String keys, in field order | StringName keys; a full Object (`{class, properties}`) |
//! | map (`HashMap`, `BTreeMap`, …) | Dictionary; keys of any type | |
//! | enum, unit variant | String: the variant's name | StringName |
//! | enum, other variants | a one-entry Dictionary `{variant: content}` (serde's external tagging) | |
//! | newtype struct | its content | |
//!
//! **Godot-only types** have [`with`] helpers for `#[serde(with = "…")]`: every math type
//! (`Vector2` … `Projection`, `Color`; f32, f64 and the integer forms), every packed
//! array, `StringName`, `NodePath` and `RID`. With the `glam` feature, glam's types
//! serialize as the matching math type by themselves (`glam::Vec3` as a Vector3,
//! `glam::Quat` as a Quaternion, `glam::Affine3A` as a Transform3D, `glam::DVec3` as a
//! double-precision Vector3), and deserialize from it. mint's serde impls carry no type
//! name, so mint types take the helpers (`#[serde(with = "gdvariant::serde::with::vector3")]`).
//!
//! **Full objects** deserialize as data, `{class: String, properties: {name: value}}`: they
//! are never instantiated. **Godot 3** has no StringName, typed containers, integer vectors
//! or double-precision math: writing them there is a [`SerError`] and nothing is written.

mod de;
mod error;
mod godot;
mod keep;
mod ser;
mod value;
pub mod with;

use ::serde::{Deserialize, Serialize};
use alloc::vec::Vec;

pub use error::{DeError, SerError};
pub use keep::Keep;

use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// Deserializes a `T` from `bytes`, one value of `dialect` (the whole slice). Validates the
/// bytes first ([`VariantRef::parse`]; a failure is a [`DeError`] with
/// [`parse_error`](DeError::parse_error)), then reads them in one pass. Borrowed: `&'de str`
/// and `&'de [u8]` fields point into `bytes`. Allocates only what `T` itself holds.
///
/// ```
/// # use gdvariant::Dialect;
/// // var_to_bytes({"hp": 7}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 7, 0, 0, 0];
/// let map: std::collections::HashMap<&str, i64> = gdvariant::from_bytes(&bytes, Dialect::Godot4)?;
/// assert_eq!(map["hp"], 7);
/// # Ok::<(), gdvariant::serde::DeError>(())
/// ```
pub fn from_bytes<'de, T: Deserialize<'de>>(
    bytes: &'de [u8],
    dialect: Dialect,
) -> Result<T, DeError> {
    from_value(VariantRef::parse(bytes, dialect)?)
}

/// Deserializes a `T` from a parsed value (or any part of one). Same costs as
/// [`from_bytes`], without the validation.
pub fn from_value<'de, T: Deserialize<'de>>(value: VariantRef<'de>) -> Result<T, DeError> {
    let mut walk = de::Walk::new(Reader::new(&value));
    T::deserialize(de::ValueDe { w: &mut walk })
}

/// Serializes `value` as one value of `dialect` into a new `Vec<u8>`: the bytes
/// `var_to_bytes` gives for the same data. O(size of the output).
///
/// ```
/// # use gdvariant::Dialect;
/// let bytes = gdvariant::to_vec(&(7, "hp"), Dialect::Godot4)?;
/// assert_eq!(gdvariant::VariantRef::parse(&bytes, Dialect::Godot4)?.to_string(), "[7, \"hp\"]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn to_vec<T: Serialize + ?Sized>(value: &T, dialect: Dialect) -> Result<Vec<u8>, SerError> {
    let mut out = Vec::new();
    to_writer(&mut out, value, dialect)?;
    Ok(out)
}

/// Appends `value`, serialized as one value of `dialect`, to `out`. On error `out` is left
/// as it was: nothing of the value is written.
pub fn to_writer<T: Serialize + ?Sized>(
    out: &mut Vec<u8>,
    value: &T,
    dialect: Dialect,
) -> Result<(), SerError> {
    let start = out.len();
    let result = value.serialize(ser::core::Ser {
        out,
        dialect,
        depth: 0,
    });
    if result.is_err() {
        out.truncate(start);
    }
    result
}
