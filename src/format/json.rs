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
//! the shortest digits that read back to the same f32 (f32 data) or f64.

use alloc::{string::ToString, vec::Vec};
use std::io::{self, Write};

use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::packed::FloatComponents;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;

/// Writes `value` as JSON (schema above) to `out`, streaming; `pretty` indents with two
/// spaces. Wrap `out` in a `BufWriter`. Recurses once per nesting level (bounded by
/// `parse` to 1025). Allocates nothing per value beyond small formatting buffers.
pub fn write(out: &mut impl Write, value: VariantRef<'_>, pretty: bool) -> io::Result<()> {
    Json {
        out,
        pretty,
        depth: 0,
    }
    .value(&value)
}

struct Json<'w, W: Write> {
    out: &'w mut W,
    pretty: bool,
    depth: usize,
}

fn name(ty: VariantType) -> &'static str {
    ty.name(Dialect::Godot4)
}

impl<W: Write> Json<'_, W> {
    fn raw(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    /// Newline and indentation before an item (pretty only).
    fn line(&mut self) -> io::Result<()> {
        if self.pretty {
            self.out.write_all(b"\n")?;
            for _ in 0..self.depth {
                self.out.write_all(b"  ")?;
            }
        }
        Ok(())
    }

    fn string(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(b"\"")?;
        let mut start = 0;
        for (i, c) in text.char_indices() {
            let escape: Option<&str> = match c {
                '"' => Some("\\\""),
                '\\' => Some("\\\\"),
                '\n' => Some("\\n"),
                '\r' => Some("\\r"),
                '\t' => Some("\\t"),
                c if (c as u32) < 0x20 => None,
                _ => continue,
            };
            self.raw(text.get(start..i).unwrap_or(""))?;
            match escape {
                Some(e) => self.raw(e)?,
                None => write!(self.out, "\\u{:04x}", c as u32)?,
            }
            start = i + c.len_utf8();
        }
        self.raw(text.get(start..).unwrap_or(""))?;
        self.out.write_all(b"\"")
    }

    /// A float component: shortest digits, or a string for NaN and infinities.
    fn number(&mut self, x: f64, as_f32: bool) -> io::Result<()> {
        if x.is_nan() {
            self.raw("\"nan\"")
        } else if x.is_infinite() {
            self.raw(if x > 0.0 { "\"inf\"" } else { "\"-inf\"" })
        } else if as_f32 {
            write!(self.out, "{:?}", x as f32)
        } else {
            write!(self.out, "{x:?}")
        }
    }

    /// `[a, b, …]` with `item` writing each element; one element per line when pretty.
    fn list<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        item: impl FnMut(&mut Self, T) -> io::Result<()>,
    ) -> io::Result<()> {
        self.list_in(items, true, item)
    }

    /// `[a, b, …]` on one line even when pretty (numbers of a vector, a key-value pair).
    fn inline_list<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        item: impl FnMut(&mut Self, T) -> io::Result<()>,
    ) -> io::Result<()> {
        self.list_in(items, false, item)
    }

    fn list_in<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        broken: bool,
        mut item: impl FnMut(&mut Self, T) -> io::Result<()>,
    ) -> io::Result<()> {
        let broken = broken && self.pretty;
        self.raw("[")?;
        self.depth += 1;
        let mut empty = true;
        for (i, x) in items.enumerate() {
            if i > 0 {
                self.raw(if self.pretty && !broken { ", " } else { "," })?;
            }
            if broken {
                self.line()?;
            }
            item(self, x)?;
            empty = false;
        }
        self.depth -= 1;
        if broken && !empty {
            self.line()?;
        }
        self.raw("]")
    }

    /// `{"Tag": <body>` … the caller may add `, "extra": …` fields, then `}` with `close`.
    fn open_tag(&mut self, tag: &str) -> io::Result<()> {
        self.raw("{")?;
        self.string(tag)?;
        self.raw(if self.pretty { ": " } else { ":" })
    }

    fn field(&mut self, key: &str) -> io::Result<()> {
        self.raw(if self.pretty { ", " } else { "," })?;
        self.string(key)?;
        self.raw(if self.pretty { ": " } else { ":" })
    }

    fn close(&mut self) -> io::Result<()> {
        self.raw("}")
    }

    fn container_type(&mut self, t: ContainerType<GdStr<'_>>) -> io::Result<()> {
        match t {
            ContainerType::Untyped => self.raw("null"),
            ContainerType::Builtin(ty) => self.string(name(ty)),
            ContainerType::ClassName(class) => {
                self.open_tag("class")?;
                self.string(class.as_str())?;
                self.close()
            }
            ContainerType::Script(path) => {
                self.open_tag("script")?;
                self.string(path.as_str())?;
                self.close()
            }
        }
    }

    fn value(&mut self, v: &VariantRef<'_>) -> io::Result<()> {
        let ty = v.ty();
        match v.value() {
            Value::Nil => self.raw("null"),
            Value::Bool(b) => self.raw(if b { "true" } else { "false" }),
            Value::Int(n) => write!(self.out, "{n}"),
            Value::Float(x) if x.is_finite() => write!(self.out, "{x:?}"),
            Value::Float(x) => {
                self.open_tag("float")?;
                self.number(x, false)?;
                self.close()
            }
            Value::String(text) => self.string(text.as_str()),
            Value::StringName(text) => {
                self.open_tag(name(ty))?;
                self.string(text.as_str())?;
                self.close()
            }
            math_value!(m) => self.math(&m),
            Value::NodePath(path) => {
                self.open_tag("NodePath")?;
                self.string(&path.to_string())?;
                self.close()
            }
            Value::Rid(id) => {
                self.open_tag("RID")?;
                write!(self.out, "{id}")?;
                self.close()
            }
            Value::Callable => {
                self.open_tag("Callable")?;
                self.raw("null")?;
                self.close()
            }
            Value::Signal(signal) => {
                self.open_tag("Signal")?;
                self.raw("{")?;
                self.string("name")?;
                self.raw(":")?;
                self.string(signal.name().as_str())?;
                self.raw(",")?;
                self.string("object")?;
                write!(self.out, ":{}", signal.object_id())?;
                self.raw("}")?;
                self.close()
            }
            Value::Object(object) => self.object(object),
            Value::Array(array) => self.array(array),
            Value::Dictionary(dict) => self.dictionary(dict),
            Value::PackedByteArray(bytes) => {
                self.open_tag(name(ty))?;
                self.raw("\"")?;
                base64(self.out, bytes)?;
                self.raw("\"")?;
                self.close()
            }
            Value::PackedInt32Array(p) => self.packed(ty, p.iter(), |j, n| write!(j.out, "{n}")),
            Value::PackedInt64Array(p) => self.packed(ty, p.iter(), |j, n| write!(j.out, "{n}")),
            Value::PackedStringArray(p) => self.packed(ty, p.iter(), |j, s| j.string(s.as_str())),
            Value::PackedFloat32Array(p) => self.floats(ty, p.components(), 1, p.len()),
            Value::PackedFloat64Array(p) => self.floats(ty, p.components(), 1, p.len()),
            Value::PackedVector2Array(p) => self.floats(ty, p.components(), 2, p.len()),
            Value::PackedVector3Array(p) => self.floats(ty, p.components(), 3, p.len()),
            Value::PackedVector4Array(p) => self.floats(ty, p.components(), 4, p.len()),
            Value::PackedColorArray(p) => self.floats(ty, p.components(), 4, p.len()),
        }
    }

    fn math(&mut self, m: &MathRef<'_>) -> io::Result<()> {
        self.open_tag(name(m.ty()))?;
        self.inline_list(0..m.len(), |j, i| match m.get_i32(i) {
            Some(n) => write!(j.out, "{n}"),
            None => j.number(m.get(i).unwrap_or(0.0), !m.is_double()),
        })?;
        if m.is_double() {
            self.field("double")?;
            self.raw("true")?;
        }
        self.close()
    }

    fn array(&mut self, array: ArrayRef<'_>) -> io::Result<()> {
        let typed = array.element_type() != ContainerType::Untyped;
        if typed {
            self.open_tag("Array")?;
        }
        self.list(array.iter(), |j, item| j.value(&item))?;
        if typed {
            self.field("type")?;
            self.container_type(array.element_type())?;
            self.close()?;
        }
        Ok(())
    }

    fn dictionary(&mut self, dict: DictRef<'_>) -> io::Result<()> {
        self.open_tag("Dictionary")?;
        self.list(dict.iter(), |j, (key, value)| {
            j.raw("[")?;
            j.value(&key)?;
            j.raw(if j.pretty { ", " } else { "," })?;
            j.value(&value)?;
            j.raw("]")
        })?;
        if dict.key_type() != ContainerType::Untyped {
            self.field("key_type")?;
            self.container_type(dict.key_type())?;
        }
        if dict.value_type() != ContainerType::Untyped {
            self.field("value_type")?;
            self.container_type(dict.value_type())?;
        }
        self.close()
    }

    fn object(&mut self, object: ObjectRef<'_>) -> io::Result<()> {
        self.open_tag("Object")?;
        match object {
            ObjectRef::Null => self.raw("null")?,
            ObjectRef::Id(id) => {
                self.raw("{")?;
                self.string("id")?;
                write!(self.out, ":{id}}}")?;
            }
            ObjectRef::Full(object) => {
                self.raw("{")?;
                self.string("class")?;
                self.raw(":")?;
                self.string(object.class().as_str())?;
                self.raw(",")?;
                self.string("properties")?;
                self.raw(":")?;
                self.list(object.properties(), |j, (prop, value)| {
                    j.raw("[")?;
                    j.string(prop.as_str())?;
                    j.raw(if j.pretty { ", " } else { "," })?;
                    j.value(&value)?;
                    j.raw("]")
                })?;
                self.raw("}")?;
            }
        }
        self.close()
    }

    /// `{"Packed…": [items]}` with `item` writing each element.
    fn packed<T>(
        &mut self,
        ty: VariantType,
        items: impl Iterator<Item = T>,
        item: impl FnMut(&mut Self, T) -> io::Result<()>,
    ) -> io::Result<()> {
        self.open_tag(name(ty))?;
        self.list(items, item)?;
        self.close()
    }

    /// A float-based packed array: a flat list for Float32/Float64 arrays (`per_element`
    /// 1), a list of `per_element`-component lists for vectors and colors, plus
    /// `"double": true` for 64-bit vectors.
    fn floats(
        &mut self,
        ty: VariantType,
        mut components: FloatComponents<'_>,
        per_element: usize,
        len: usize,
    ) -> io::Result<()> {
        let double = components.is_double();
        self.open_tag(name(ty))?;
        if per_element == 1 {
            self.list(components, |j, x| j.number(x, !double))?;
        } else {
            self.list(0..len, |j, _| {
                j.inline_list(components.by_ref().take(per_element), |j, x| {
                    j.number(x, !double)
                })
            })?;
            if double {
                self.field("double")?;
                self.raw("true")?;
            }
        }
        self.close()
    }
}

/// Standard base64 with padding.
fn base64(out: &mut impl Write, bytes: &[u8]) -> io::Result<()> {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let symbol = |six: u32| ALPHABET.get((six & 63) as usize).copied().unwrap_or(b'=');
    let mut buf = Vec::with_capacity(4096);
    for chunk in bytes.chunks(3) {
        let b =
            [chunk.first(), chunk.get(1), chunk.get(2)].map(|x| u32::from(x.copied().unwrap_or(0)));
        let n = b[0] << 16 | b[1] << 8 | b[2];
        buf.push(symbol(n >> 18));
        buf.push(symbol(n >> 12));
        buf.push(if chunk.len() > 1 {
            symbol(n >> 6)
        } else {
            b'='
        });
        buf.push(if chunk.len() > 2 { symbol(n) } else { b'=' });
        if buf.len() >= 4092 {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)
}

#[cfg(test)]
mod tests {
    use std::{string::String, vec::Vec};
    #[test]
    fn base64_matches_rfc_4648_examples() {
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foobar", "Zm9vYmFy"),
        ] {
            let mut out = Vec::new();
            super::base64(&mut out, plain.as_bytes()).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), encoded);
        }
    }
}
