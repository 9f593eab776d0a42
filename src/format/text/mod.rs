//! The engines' own text form (`var2str` in Godot 3, `var_to_str` in Godot 4), written
//! exactly: spacing, newlines, float formatting, key order, escapes and the recursion
//! cut-off.

mod grisu;
mod number;
mod order;
pub(crate) mod owned;
mod powers;
pub(crate) mod style;

use alloc::{string::String, vec::Vec};
use core::fmt;

use crate::read::buf::VariantBuf;
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::packed::FloatComponents;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::types::VariantType;
use number::{write_real, Role};
use style::TextStyle;

/// The engines' `MAX_RECURSION` in `VariantWriter`: deeper containers print empty.
const MAX_TEXT_RECURSION: usize = 100;

/// A value paired with a [`TextStyle`]; its `Display` is the engine's text form.
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    value: VariantRef<'a>,
    style: TextStyle,
}

impl<'a> VariantRef<'a> {
    /// The engine's text form in `style`. `Display` on `VariantRef` itself uses
    /// [`TextStyle::for_dialect`].
    ///
    /// Cost: O(output). Dictionaries are printed with sorted keys, as the engines do,
    /// which allocates one vector of pairs per dictionary while it is printed.
    pub fn text(self, style: TextStyle) -> Text<'a> {
        Text { value: self, style }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Writer {
            out: f,
            style: self.style,
        }
        .value(&self.value, 0)
    }
}

impl fmt::Display for VariantRef<'_> {
    /// The engine's text form (`var2str` / `var_to_str`), in the newest verified style of
    /// the value's dialect; see [`VariantRef::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(TextStyle::for_dialect(self.dialect())), f)
    }
}

impl<B: AsRef<[u8]>> fmt::Display for VariantBuf<B> {
    /// The engine's text form of the value (see [`VariantRef`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}

struct Writer<'w, 'f> {
    out: &'w mut fmt::Formatter<'f>,
    style: TextStyle,
}

impl Writer<'_, '_> {
    fn s(&mut self, text: &str) -> fmt::Result {
        self.out.write_str(text)
    }

    fn type_name(&self, ty: VariantType) -> &'static str {
        ty.name(self.style.dialect())
    }

    fn real(&mut self, value: f64, role: Role) -> fmt::Result {
        write_real(self.out, value, role, self.style)
    }

    /// `Name( a, b )` / `Name(a, b)` around `body`.
    fn call(&mut self, name: &str, body: impl FnOnce(&mut Self) -> fmt::Result) -> fmt::Result {
        let pad = self.style.pad();
        self.s(name)?;
        self.s("(")?;
        self.s(pad)?;
        body(self)?;
        self.s(pad)?;
        self.s(")")
    }

    fn value(&mut self, v: &VariantRef<'_>, depth: usize) -> fmt::Result {
        match v.value() {
            Value::Nil => self.s("null"),
            Value::Bool(b) => self.s(if b { "true" } else { "false" }),
            Value::Int(n) => write!(self.out, "{n}"),
            Value::Float(x) => self.real(x, Role::Float),
            Value::String(text) => {
                self.s("\"")?;
                self.escaped_multiline(text.as_str())?;
                self.s("\"")
            }
            Value::StringName(text) => {
                self.s("&\"")?;
                self.escaped(text.as_str())?;
                self.s("\"")
            }
            math_value!(m) => self.math(&m),
            Value::NodePath(p) => {
                let mut path = String::new();
                if self.style.is_godot3() {
                    p.write_godot3(&mut path)?;
                } else {
                    fmt::Write::write_fmt(&mut path, format_args!("{p}"))?;
                }
                self.s("NodePath(\"")?;
                self.escaped(&path)?;
                self.s("\")")
            }
            Value::Rid(id) => match self.style {
                TextStyle::Godot4 if id != 0 => write!(self.out, "RID({})", id as i64),
                TextStyle::Godot4 => self.s("RID()"),
                _ => Ok(()), // Godot 3 prints RIDs as nothing at all
            },
            Value::Callable => self.s("Callable()"),
            Value::Signal(_) => self.s("Signal()"),
            Value::Object(o) => self.object(o, depth),
            Value::Array(a) => self.array(a, depth),
            Value::Dictionary(d) => self.dictionary(d, depth),
            Value::PackedByteArray(bytes) => {
                self.packed(v.ty(), bytes.iter(), |w, b| write!(w.out, "{b}"))
            }
            Value::PackedInt32Array(p) => {
                self.packed(v.ty(), p.iter(), |w, n| write!(w.out, "{n}"))
            }
            Value::PackedInt64Array(p) => {
                self.packed(v.ty(), p.iter(), |w, n| write!(w.out, "{n}"))
            }
            Value::PackedStringArray(p) => self.packed(v.ty(), p.iter(), |w, item| {
                w.s("\"")?;
                w.escaped(item.as_str())?;
                w.s("\"")
            }),
            Value::PackedFloat32Array(p) => self.floats(v.ty(), p.components()),
            Value::PackedFloat64Array(p) => self.floats(v.ty(), p.components()),
            Value::PackedVector2Array(p) => self.floats(v.ty(), p.components()),
            Value::PackedVector3Array(p) => self.floats(v.ty(), p.components()),
            Value::PackedVector4Array(p) => self.floats(v.ty(), p.components()),
            Value::PackedColorArray(p) => self.floats(v.ty(), p.components()),
        }
    }

    fn math(&mut self, m: &MathRef<'_>) -> fmt::Result {
        self.call(self.type_name(m.ty()), |w| {
            for i in 0..m.len() {
                if i > 0 {
                    w.s(", ")?;
                }
                match m.get_i32(i) {
                    Some(n) => write!(w.out, "{n}")?,
                    None => w.real(m.get(i).unwrap_or(0.0), Role::Component)?,
                }
            }
            Ok(())
        })
    }

    fn object(&mut self, object: ObjectRef<'_>, depth: usize) -> fmt::Result {
        if self.style.has_depth_cutoff() && depth > MAX_TEXT_RECURSION {
            return self.s("null");
        }
        match object {
            ObjectRef::Null | ObjectRef::Id(0) => self.s("null"),
            ObjectRef::Id(id) => {
                writeln!(
                    self.out,
                    "Object(EncodedObjectAsID,\"object_id\":{},\"script\":null)",
                    id as i64
                )
            }
            ObjectRef::Full(object) => {
                self.s("Object(")?;
                self.s(object.class().as_str())?;
                self.s(",")?;
                for (i, (name, value)) in object.properties().enumerate() {
                    if i > 0 {
                        self.s(",")?;
                    }
                    self.s("\"")?;
                    self.s(name.as_str())?;
                    self.s("\":")?;
                    self.value(&value, depth + 1)?;
                }
                self.s(")\n")
            }
        }
    }

    fn container_type(&mut self, t: ContainerType<GdStr<'_>>) -> fmt::Result {
        match t {
            ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil) => self.s("Variant"),
            ContainerType::Builtin(ty) => self.s(self.type_name(ty)),
            ContainerType::ClassName(name) => self.s(name.as_str()),
            ContainerType::Script(path) => {
                self.s("Resource(\"")?;
                self.escaped_multiline(path.as_str())?;
                self.s("\")")
            }
        }
    }

    fn array(&mut self, array: ArrayRef<'_>, depth: usize) -> fmt::Result {
        let typed = array.element_type().is_typed();
        if typed {
            self.s("Array[")?;
            self.container_type(array.element_type())?;
            self.s("](")?;
        }
        if self.style.has_depth_cutoff() && depth > MAX_TEXT_RECURSION {
            self.s("[]")?;
        } else {
            let pad = self.style.pad();
            self.s("[")?;
            self.s(pad)?;
            for (i, item) in array.iter().enumerate() {
                if i > 0 {
                    self.s(", ")?;
                }
                self.value(&item, depth + 1)?;
            }
            self.s(pad)?;
            self.s("]")?;
        }
        if typed {
            self.s(")")?;
        }
        Ok(())
    }

    fn dictionary(&mut self, dict: DictRef<'_>, depth: usize) -> fmt::Result {
        let typed = dict.key_type().is_typed() || dict.value_type().is_typed();
        if typed {
            self.s("Dictionary[")?;
            self.container_type(dict.key_type())?;
            self.s(", ")?;
            self.container_type(dict.value_type())?;
            self.s("](")?;
        }
        if self.style.has_depth_cutoff() && depth > MAX_TEXT_RECURSION {
            self.s("{}")?;
        } else if dict.is_empty() {
            self.s(match self.style {
                TextStyle::Godot32 => "{\n\n}",
                TextStyle::Godot36 => "{\n}",
                TextStyle::Godot4 => "{}",
            })?;
        } else {
            let mut pairs: Vec<_> = dict.iter().collect();
            order::sort_pairs(&mut pairs);
            self.s("{\n")?;
            for (i, (key, value)) in pairs.iter().enumerate() {
                if i > 0 {
                    self.s(",\n")?;
                }
                self.value(key, depth + 1)?;
                self.s(": ")?;
                self.value(value, depth + 1)?;
            }
            self.s("\n}")?;
        }
        if typed {
            self.s(")")?;
        }
        Ok(())
    }

    /// A float-based packed array: every component as the engine prints a real.
    fn floats(&mut self, ty: VariantType, components: FloatComponents<'_>) -> fmt::Result {
        self.packed(ty, components, |w, x| w.real(x, Role::Component))
    }

    /// `Name( a, b )` / `Name(a, b)` with `item` writing each element.
    fn packed<T>(
        &mut self,
        ty: VariantType,
        items: impl Iterator<Item = T>,
        mut item: impl FnMut(&mut Self, T) -> fmt::Result,
    ) -> fmt::Result {
        self.call(self.type_name(ty), |w| {
            for (i, x) in items.enumerate() {
                if i > 0 {
                    w.s(", ")?;
                }
                item(w, x)?;
            }
            Ok(())
        })
    }

    /// `String::c_escape_multiline`: only `\` and `"` are escaped.
    fn escaped_multiline(&mut self, text: &str) -> fmt::Result {
        let mut rest = text;
        while let Some(i) = rest.find(['\\', '"']) {
            let (head, tail) = rest.split_at(i);
            self.s(head)?;
            self.s(if tail.starts_with('\\') {
                "\\\\"
            } else {
                "\\\""
            })?;
            rest = tail.get(1..).unwrap_or("");
        }
        self.s(rest)
    }

    /// `String::c_escape`: C escapes for `\ \a \b \f \n \r \t \v ' "`, and (Godot 3) `?`.
    fn escaped(&mut self, text: &str) -> fmt::Result {
        let godot3 = self.style.is_godot3();
        let mut start = 0;
        for (i, c) in text.char_indices() {
            let escape = match c {
                '\\' => "\\\\",
                '\u{7}' => "\\a",
                '\u{8}' => "\\b",
                '\u{c}' => "\\f",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                '\u{b}' => "\\v",
                '\'' => "\\'",
                '"' => "\\\"",
                '?' if godot3 => "\\?",
                _ => continue,
            };
            self.s(text.get(start..i).unwrap_or(""))?;
            self.s(escape)?;
            start = i + c.len_utf8();
        }
        self.s(text.get(start..).unwrap_or(""))
    }
}
