//! The plain writer: one pass over the bytes with the reader, through the tagged writer's
//! buffered output ([`Json`]), with its own methods (`plain_*`).

use std::collections::HashSet;
use std::io::{self, Write};

use crate::format::json::options::WriteOptions;
use crate::format::json::writer::Json;
use crate::format::number::push_i64;
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::{FullObject, ObjectRef};
use crate::read::packed::FloatComponents;
use crate::read::reader::Reader;
use crate::read::value::VariantRef;

/// Writes `value` as plain JSON (see [the module](super) for the mapping and what it
/// loses) to `out`, streaming; [`WriteOptions::pretty`] indents with two spaces. Always
/// valid JSON: NaN and infinities are strings, no object has a key twice.
///
/// One pass over the bytes, except that a Dictionary's keys are looked at first, to choose
/// its form (an object, or `[key, value]` pairs): O(size × depth of nested Dictionaries)
/// at worst, one hash set of a Dictionary's keys at a time. Output goes to `out` in 64 KiB
/// writes (no `BufWriter` needed). Recurses once per nesting level (at most 1025, as
/// `parse` allows).
///
/// ```
/// use gdvariant::json::{plain, WriteOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = gdvariant::text::read(
///     r#"{"name": &"hero", "pos": Vector3(1, 2, 3.5), "slots": {0: "sword"}, "speed": 1.5}"#,
///     Dialect::Godot4,
/// )?;
/// let mut out = Vec::new();
/// plain::write(&mut out, VariantRef::parse(&bytes, Dialect::Godot4)?, &WriteOptions::new())?;
/// assert_eq!(
///     String::from_utf8(out)?,
///     r#"{"name":"hero","pos":[1.0,2.0,3.5],"slots":{"0":"sword"},"speed":1.5}"#
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(
    out: &mut impl Write,
    value: VariantRef<'_>,
    options: &WriteOptions,
) -> io::Result<()> {
    let mut json = Json::new(out, options.pretty);
    json.plain_value(&mut Reader::new(&value))?;
    json.flush()
}

/// How a Dictionary is written in plain JSON (and so how a template Dictionary's keys are
/// found by their text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DictForm {
    /// An object: every key a String or StringName, no two of the same text (or none).
    Strings,
    /// An object with the keys in decimal: every key an int, no two equal.
    Ints,
    /// An array of `[key, value]` pairs: anything else.
    Pairs,
}

/// The form of `dict`: one pass over its keys (skipping the values), a hash set of them.
pub(super) fn dict_form(dict: &DictRef<'_>) -> DictForm {
    let (mut texts, mut ints) = (HashSet::new(), HashSet::new());
    for (key, _) in dict.iter() {
        let new = match (key.as_str(), key.as_int()) {
            (Some(text), _) if ints.is_empty() => texts.insert(text),
            (_, Some(n)) if texts.is_empty() => ints.insert(n),
            _ => false,
        };
        if !new {
            return DictForm::Pairs;
        }
    }
    if ints.is_empty() {
        DictForm::Strings
    } else {
        DictForm::Ints
    }
}

/// Are an Object's property names all different (so they can be an object's keys)?
fn unique_names(object: &FullObject<'_>) -> bool {
    let mut names = HashSet::new();
    object
        .properties()
        .all(|(name, _)| names.insert(name.as_str()))
}

impl<W: Write> Json<'_, W> {
    /// `:` after a key, with a space when pretty.
    fn plain_colon(&mut self) {
        self.raw(if self.pretty { ": " } else { ":" });
    }

    /// `{` … `}` around `n` entries written by `entry`; one per line when pretty.
    fn plain_entries(
        &mut self,
        n: usize,
        mut entry: impl FnMut(&mut Self) -> io::Result<()>,
    ) -> io::Result<()> {
        self.raw("{");
        self.depth += 1;
        for i in 0..n {
            if i > 0 {
                self.raw(",");
            }
            self.line();
            entry(self)?;
        }
        self.depth -= 1;
        if n > 0 {
            self.line();
        }
        self.raw("}");
        Ok(())
    }

    /// `"key": ` before a value.
    fn plain_key(&mut self, key: &str) -> io::Result<()> {
        self.string(key)?;
        self.plain_colon();
        Ok(())
    }

    /// The next value of `r`, with everything inside it.
    fn plain_value(&mut self, r: &mut Reader<'_>) -> io::Result<()> {
        self.maybe_flush()?;
        match r.value() {
            Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                self.plain_array(r, a)
            }
            Value::Dictionary(d) => self.plain_dictionary(r, d),
            Value::Object(ObjectRef::Full(o)) => self.plain_object(r, o),
            leaf => self.plain_leaf(leaf),
        }
    }

    fn plain_array(&mut self, r: &mut Reader<'_>, array: ArrayRef<'_>) -> io::Result<()> {
        self.list(array.len(), true, |j, _| j.plain_value(r))
    }

    fn plain_dictionary(&mut self, r: &mut Reader<'_>, dict: DictRef<'_>) -> io::Result<()> {
        match dict_form(&dict) {
            DictForm::Strings => self.plain_entries(dict.len(), |j| {
                let text = match r.value() {
                    Value::String(s) | Value::StringName(s) => s.as_str(),
                    _ => "",
                };
                j.plain_key(text)?;
                j.plain_value(r)
            }),
            DictForm::Ints => self.plain_entries(dict.len(), |j| {
                j.raw("\"");
                push_i64(
                    &mut j.buf,
                    if let Value::Int(n) = r.value() { n } else { 0 },
                );
                j.raw("\"");
                j.plain_colon();
                j.plain_value(r)
            }),
            DictForm::Pairs => self.list(dict.len(), true, |j, _| {
                j.raw("[");
                j.plain_value(r)?;
                j.comma(false);
                j.plain_value(r)?;
                j.raw("]");
                Ok(())
            }),
        }
    }

    /// `{"class": …, "properties": {name: value, …}}` (properties as `[name, value]`
    /// pairs if a name repeats).
    fn plain_object(&mut self, r: &mut Reader<'_>, object: FullObject<'_>) -> io::Result<()> {
        let unique = unique_names(&object);
        let mut part = 0;
        self.plain_entries(2, |j| {
            part += 1;
            if part == 1 {
                j.plain_key("class")?;
                return j.string(object.class().as_str());
            }
            j.plain_key("properties")?;
            if unique {
                j.plain_entries(object.len(), |j| {
                    j.plain_key(r.name().as_str())?;
                    j.plain_value(r)
                })
            } else {
                j.list(object.len(), true, |j, _| {
                    j.raw("[");
                    j.string(r.name().as_str())?;
                    j.comma(false);
                    j.plain_value(r)?;
                    j.raw("]");
                    Ok(())
                })
            }
        })
    }

    /// A value whose children (if any) are not in the reader: every leaf, and containers
    /// through their own readers.
    fn plain_leaf(&mut self, value: Value<'_>) -> io::Result<()> {
        match value {
            Value::Nil | Value::Callable | Value::Object(ObjectRef::Null) => self.raw("null"),
            Value::Bool(b) => self.raw(if b { "true" } else { "false" }),
            Value::Int(n) => push_i64(&mut self.buf, n),
            Value::Float(x) => self.number(x, false),
            Value::String(text) | Value::StringName(text) => self.string(text.as_str())?,
            math_value!(m) => self.plain_math(&m),
            Value::NodePath(path) => self.string(&alloc::format!("{path}"))?,
            Value::Rid(id) => push_i64(&mut self.buf, id as i64),
            Value::Signal(signal) => {
                let mut part = 0;
                self.plain_entries(2, |j| {
                    part += 1;
                    if part == 1 {
                        j.plain_key("name")?;
                        j.string(signal.name().as_str())
                    } else {
                        j.plain_key("object")?;
                        push_i64(&mut j.buf, signal.object_id() as i64);
                        Ok(())
                    }
                })?;
            }
            Value::Object(ObjectRef::Id(id)) => {
                self.plain_entries(1, |j| {
                    j.plain_key("id")?;
                    push_i64(&mut j.buf, id as i64);
                    Ok(())
                })?;
            }
            Value::Object(ObjectRef::Full(o)) => self.plain_object(&mut o.reader(), o)?,
            Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                self.plain_array(&mut a.reader(), a)?
            }
            Value::Dictionary(d) => self.plain_dictionary(&mut d.reader(), d)?,
            Value::PackedByteArray(bytes) => {
                self.plain_ints(bytes.len(), bytes.iter().map(|&b| i64::from(b)))?
            }
            Value::PackedInt32Array(p) => self.plain_ints(p.len(), p.iter().map(i64::from))?,
            Value::PackedInt64Array(p) => self.plain_ints(p.len(), p.iter())?,
            Value::PackedStringArray(p) => {
                let mut items = p.iter();
                self.list(p.len(), true, |j, _| {
                    if let Some(s) = items.next() {
                        j.string(s.as_str())?;
                    }
                    j.maybe_flush()
                })?
            }
            Value::PackedFloat32Array(p) => self.plain_floats(p.components(), 1, p.len())?,
            Value::PackedFloat64Array(p) => self.plain_floats(p.components(), 1, p.len())?,
            Value::PackedVector2Array(p) => self.plain_floats(p.components(), 2, p.len())?,
            Value::PackedVector3Array(p) => self.plain_floats(p.components(), 3, p.len())?,
            Value::PackedVector4Array(p) => self.plain_floats(p.components(), 4, p.len())?,
            Value::PackedColorArray(p) => self.plain_floats(p.components(), 4, p.len())?,
            Value::PackedVector2iArray(p) => self.plain_int_vectors(p.len(), p.iter())?,
            Value::PackedVector3iArray(p) => self.plain_int_vectors(p.len(), p.iter())?,
            Value::PackedVector4iArray(p) => self.plain_int_vectors(p.len(), p.iter())?,
        }
        Ok(())
    }

    /// A math value: its components, integers or floats (f32 digits unless double).
    fn plain_math(&mut self, m: &MathRef<'_>) {
        let _ = self.list(m.len(), false, |j, i| {
            match m.get_i32(i) {
                Some(n) => push_i64(&mut j.buf, i64::from(n)),
                None => j.number(m.get(i).unwrap_or(0.0), !m.is_double()),
            }
            Ok(())
        });
    }

    /// A list of `n` integers, streamed.
    fn plain_ints(&mut self, n: usize, mut items: impl Iterator<Item = i64>) -> io::Result<()> {
        self.list(n, true, |j, _| {
            if let Some(x) = items.next() {
                push_i64(&mut j.buf, x);
            }
            j.maybe_flush()
        })
    }

    /// A list of `n` integer vectors (Pandemonium's pools), streamed.
    fn plain_int_vectors<const N: usize>(
        &mut self,
        n: usize,
        mut items: impl Iterator<Item = [i32; N]>,
    ) -> io::Result<()> {
        self.list(n, true, |j, _| {
            let v = items.next().unwrap_or([0; N]);
            j.list(N, false, |j, i| {
                push_i64(&mut j.buf, i64::from(v.get(i).copied().unwrap_or(0)));
                Ok(())
            })?;
            j.maybe_flush()
        })
    }

    /// A float-based packed array: a flat list (`per_element` 1), or a list of
    /// `per_element`-component lists; f32 digits unless the data is f64. Streamed.
    fn plain_floats(
        &mut self,
        mut components: FloatComponents<'_>,
        per_element: usize,
        len: usize,
    ) -> io::Result<()> {
        let f32_digits = !components.is_double();
        self.list(len, true, |j, _| {
            if per_element == 1 {
                if let Some(x) = components.next() {
                    j.number(x, f32_digits);
                }
            } else {
                j.list(per_element, false, |j, _| {
                    if let Some(x) = components.next() {
                        j.number(x, f32_digits);
                    }
                    Ok(())
                })?;
            }
            j.maybe_flush()
        })
    }
}
