//! The plain writer: a visitor of the one walk ([`VariantRef::visit`]), through the tagged
//! writer's buffered output ([`Json`]), with its own methods (`plain_*`).

use alloc::vec::Vec;
use core::ops::ControlFlow;
use std::collections::HashSet;
use std::io::{self, Write};

use crate::format::json::options::WriteOptions;
use crate::format::json::tagged::flow;
use crate::format::json::writer::Json;
use crate::format::number::push_i64;
use crate::read::container::DictRef;
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::{FullObject, ObjectRef};
use crate::read::packed::FloatComponents;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Visitor};

/// Writes `value` as plain JSON (see [the module](super) for the mapping and what it
/// loses) to `out`, streaming; [`WriteOptions::pretty`] indents with two spaces. Always
/// valid JSON: NaN and infinities are strings, no object has a key twice.
///
/// One pass over the bytes (the walk of [`VariantRef::visit`], as the tagged writer's),
/// except that a Dictionary's keys are looked at first, to choose its form (an object, or
/// `[key, value]` pairs): O(size × depth of nested Dictionaries) at worst, one hash set of
/// a Dictionary's keys at a time. Output goes to `out` in 64 KiB writes (no `BufWriter`
/// needed). No recursion: the open containers are a stack on the heap (at most 1025, as
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
    let mut plain = Plain {
        j: Json::new(out, options.pretty),
        open: Vec::new(),
    };
    if let ControlFlow::Break(error) = value.visit(&mut plain) {
        return Err(error);
    }
    plain.j.flush()
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

/// What an open container is in plain JSON, which says what goes around its children.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// `[a, b]`: an Array, typed or not.
    Array,
    /// A Dictionary as an object, or as `[key, value]` pairs ([`DictForm`]).
    Dict(DictForm),
    /// A full Object's properties: an object (`unique` names), else `[name, value]` pairs.
    Object { unique: bool },
}

/// One open container: its form, and its children so far (a Dictionary's keys and values
/// alike; an Object's property names).
#[derive(Clone, Copy)]
struct Open {
    form: Form,
    count: u32,
}

/// The plain writer as a visitor of [`VariantRef::visit`], the one walk (issue 41): the
/// output, and the open containers, innermost last. The JSON depth of indentation is
/// `j.depth`; an Object's `"properties"` lie two JSON levels below it.
struct Plain<'w, W: Write> {
    j: Json<'w, W>,
    open: Vec<Open>,
}

/// A field's value in [`Json::plain_fields`].
enum Field<'t> {
    Text(&'t str),
    Int(i64),
}

impl<W: Write> Plain<'_, W> {
    /// What goes before the next child of the innermost open container: the separator and
    /// the line of a new item, or a Dictionary pair's `,` between key and value (an
    /// Object's property names are written before their values, by `property`). Returns
    /// whether the child is a key of an object (written as its text and `:`).
    fn before(&mut self) -> bool {
        let Some(top) = self.open.last_mut() else {
            return false;
        };
        let (form, n) = (top.form, top.count);
        if let Form::Object { .. } = form {
            return false;
        }
        top.count = n.saturating_add(1);
        if let Form::Dict(dict) = form {
            if n % 2 == 1 {
                // A value after its key: `, ` inside a pair, nothing after `"key": `.
                if dict == DictForm::Pairs {
                    self.j.comma(false);
                }
                return false;
            }
        }
        self.j.plain_item(n);
        match form {
            Form::Dict(DictForm::Pairs) => {
                self.j.raw("[");
                false
            }
            Form::Dict(_) => true,
            _ => false,
        }
    }

    /// After a child (a leaf, or a container's end): a Dictionary pair's or an Object
    /// property's closing `]`.
    fn after(&mut self) {
        if let Some(top) = self.open.last() {
            let pair = match top.form {
                Form::Dict(DictForm::Pairs) => top.count % 2 == 0,
                Form::Object { unique } => !unique,
                _ => false,
            };
            if pair {
                self.j.raw("]");
            }
        }
    }

    /// Opens a container of `form` with `opening`, its children one JSON level deeper.
    fn open(&mut self, form: Form, opening: &str) {
        self.j.raw(opening);
        self.j.depth += 1;
        self.open.push(Open { form, count: 0 });
    }

    /// A key of an object: a Dictionary's String or StringName key, or its int key in
    /// decimal, in quotes; then `:`.
    fn key(&mut self, value: &Value<'_>) -> io::Result<()> {
        match value {
            Value::String(s) | Value::StringName(s) => self.j.string(s.as_str())?,
            Value::Int(n) => {
                self.j.raw("\"");
                push_i64(&mut self.j.buf, *n);
                self.j.raw("\"");
            }
            _ => self.j.raw("\"\""),
        }
        self.j.plain_colon();
        Ok(())
    }
}

impl<'a, W: Write> Visitor<'a> for Plain<'_, W> {
    type Break = io::Error;

    fn value(&mut self, value: &Value<'a>, _: Place) -> ControlFlow<io::Error> {
        flow(self.j.maybe_flush())?;
        if self.before() {
            return flow(self.key(value));
        }
        match value {
            Value::Array(_) | Value::TypedArray(_) | Value::PackedTypedArray(_) => {
                self.open(Form::Array, "[");
            }
            Value::Dictionary(d) => {
                let form = dict_form(d);
                self.open(
                    Form::Dict(form),
                    if form == DictForm::Pairs { "[" } else { "{" },
                );
            }
            Value::Object(ObjectRef::Full(o)) => {
                // `{"class": …, "properties": {name: value, …}}`.
                self.j.raw("{");
                self.j.depth += 1;
                self.j.plain_item(0);
                flow(self.j.string("class"))?;
                self.j.plain_colon();
                flow(self.j.string(o.class().as_str()))?;
                self.j.plain_item(1);
                flow(self.j.string("properties"))?;
                self.j.plain_colon();
                let unique = unique_names(o);
                self.open(Form::Object { unique }, if unique { "{" } else { "[" });
            }
            leaf => {
                flow(self.j.plain_leaf(*leaf))?;
                self.after();
            }
        }
        ControlFlow::Continue(())
    }

    /// A property name: `"name": ` in an object of unique names, else `[` `"name", `.
    fn property(&mut self, name: GdStr<'a>, _: Place) -> ControlFlow<io::Error> {
        let Some(top) = self.open.last_mut() else {
            return ControlFlow::Continue(());
        };
        let (n, unique) = (top.count, matches!(top.form, Form::Object { unique: true }));
        top.count = n.saturating_add(1);
        self.j.plain_item(n);
        if unique {
            flow(self.j.string(name.as_str()))?;
            self.j.plain_colon();
        } else {
            self.j.raw("[");
            flow(self.j.string(name.as_str()))?;
            self.j.comma(false);
        }
        ControlFlow::Continue(())
    }

    /// The end of the innermost container: its closing text (an Object's two).
    fn end(&mut self, _: Place) -> ControlFlow<io::Error> {
        if let Some(Open { form, count }) = self.open.pop() {
            self.j.depth = self.j.depth.saturating_sub(1);
            if count > 0 {
                self.j.line();
            }
            self.j.raw(match form {
                Form::Array | Form::Dict(DictForm::Pairs) | Form::Object { unique: false } => "]",
                _ => "}",
            });
            if let Form::Object { .. } = form {
                self.j.depth = self.j.depth.saturating_sub(1);
                self.j.line();
                self.j.raw("}");
            }
        }
        self.after();
        ControlFlow::Continue(())
    }
}

impl<W: Write> Json<'_, W> {
    /// `{"key": value, …}` of text and int fields, one per line when pretty.
    fn plain_fields(&mut self, fields: &[(&str, Field<'_>)]) -> io::Result<()> {
        self.raw("{");
        self.depth += 1;
        for (i, (key, value)) in (0u32..).zip(fields) {
            self.plain_item(i);
            self.string(key)?;
            self.plain_colon();
            match *value {
                Field::Text(text) => self.string(text)?,
                Field::Int(n) => push_i64(&mut self.buf, n),
            }
        }
        self.depth -= 1;
        self.line();
        self.raw("}");
        Ok(())
    }

    /// What goes before the item `n` (from 0) of an object or a list: `,` after the first,
    /// then its line when pretty.
    fn plain_item(&mut self, n: u32) {
        if n > 0 {
            self.raw(",");
        }
        self.line();
    }

    /// `:` after a key, with a space when pretty.
    fn plain_colon(&mut self) {
        self.raw(if self.pretty { ": " } else { ":" });
    }

    /// A leaf: every value but the containers the walk opens ([`Plain::value`]).
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
            Value::Signal(signal) => self.plain_fields(&[
                ("name", Field::Text(signal.name().as_str())),
                ("object", Field::Int(signal.object_id() as i64)),
            ])?,
            Value::Object(ObjectRef::Id(id)) => {
                self.plain_fields(&[("id", Field::Int(id as i64))])?
            }
            // Opened by the walk, never handed here.
            Value::Object(ObjectRef::Full(_))
            | Value::Array(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_)
            | Value::Dictionary(_) => {}
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
