//! serde support (feature `serde`): derive your types to and from Godot's bytes.
//!
//! - [`from_bytes`] / [`from_value`]: any `T: Deserialize<'de>`, **borrowed**: a `&'de str`
//!   comes straight from a String or StringName, a `&'de [u8]` from a PackedByteArray. The
//!   bytes are validated once ([`VariantRef::parse`](crate::VariantRef::parse)), then read in one pass.
//! - [`to_vec`] / [`to_writer`]: any `T: Serialize`, written through the
//!   [`Builder`](crate::Builder): the output is what the engine writes.
//! - [`Variant`](crate::Variant) and [`VariantRef`](crate::VariantRef) implement `Serialize` and
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
//! let save = gdvariant::text::read("{\"pos\": Vector3(1, 2, 3)}", Dialect::Godot4)?;
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
//! let save = gdvariant::text::read("{\"hp\": 7, \"pos\": Vector2(1, 2)}", Dialect::Godot4)?;
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

mod api;
mod de;
mod error;
mod godot;
mod keep;
mod ser;
mod value;
pub mod with;

pub use api::{from_bytes, from_value, to_vec, to_writer};
pub use error::{DeError, SerError};
pub use keep::Keep;
