//! Lossless JSON, streamed: [`write()`](fn@write).
//!
//! The schema is stable. JSON types are used where they are exact; everything else is an
//! object with one key naming the Godot 4 type (the same names for both dialects):
//!
//! | Variant | JSON |
//! |---|---|
//! | null, bool | `null`, `true` / `false` |
//! | int | an integer: `42` |
//! | float | a number that always has a `.` or an exponent: `1.0`, `0.1`, `1e300`, `-0.0`; NaN and infinities: `{"float": "nan"}`, `{"float": "inf"}`, `{"float": "-inf"}` |
//! | String | a string |
//! | StringName | `{"StringName": "name"}` |
//! | math types | `{"Vector3": [1.0, 2.0, 3.5]}`, `{"Vector2i": [1, 2]}`, components in wire order (see [`crate::read::math::MathRef`]); double-precision data adds `"double": true` |
//! | NodePath | `{"NodePath": "/root/Main:position:x"}` |
//! | RID | `{"RID": 94489280513}` |
//! | Object | `{"Object": null}`, `{"Object": {"id": 1234}}`, or `{"Object": {"class": "Resource", "properties": [["name", value], …]}}` |
//! | Callable, Signal | `{"Callable": null}`, `{"Signal": {"name": "ready", "object": 1234}}` |
//! | Array | an array; a typed one: `{"Array": [ … ], "type": T}` |
//! | Dictionary | `{"Dictionary": [[key, value], …]}` in wire order (keys may be any value); typed: `"key_type": T` and/or `"value_type": T` beside it |
//! | PackedByteArray | `{"PackedByteArray": "base64"}` (standard alphabet, padded) |
//! | other packed arrays | `{"PackedInt32Array": [1, 2]}`, `{"PackedVector3Array": [[1.0, 2.0, 3.0], …]}`, `{"PackedStringArray": ["a"]}`; double-precision vectors add `"double": true` |
//!
//! A container type `T` is a builtin type name (`"int"`, `"Vector2"`), `{"class": "Node"}`
//! or `{"script": "res://enemy.gd"}`. Inside math values and packed float arrays, a NaN or
//! infinite component is the string `"nan"`, `"inf"` or `"-inf"`. Floats are written with
//! the shortest digits that read back to the same f32 (f32 data) or f64, laid out as Rust's
//! `{:?}` lays them out (decimal from 1e-4 to below 1e16, exponential beyond); when two
//! shortest forms are equally near, the even digit is chosen, as JavaScript and Python
//! print it.

mod writer;

pub use writer::write;
