//! `VariantRef::to_owned`: a parsed view copied into a [`Variant`].

use super::packed::packed_variant;
use super::{Array, Dictionary, GdString, MathComponents, NodePath, Object, ObjectData, Variant};
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_value, packed_value, Value};
use crate::read::math::MathRef;
use crate::read::object::{FullObject, ObjectRef};
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::types::VariantType;
use alloc::{borrow::ToOwned, boxed::Box, string::String, vec::Vec};

impl VariantRef<'_> {
    /// Copies the value into an owned [`Variant`], as the engine decodes it: strings as
    /// Godot reads them (up to a NUL, without a leading BOM), ints and floats widened to
    /// 64 bits (exactly: every float keeps its bits), math components and packed elements
    /// in their wire precision (f32 bit for bit, f64 when the 64-bit flag is set), a full
    /// object with an empty class name as [`Object::Null`], Godot 3 RIDs as `Rid(0)`.
    ///
    /// [`Variant::encode`] of the result writes what [`crate::Builder::value`] writes for
    /// this view in the same dialect (the engine's bytes, for bytes the engine wrote).
    ///
    /// Cost: O(size of the value), one allocation per string, container, math value and
    /// packed array; recursion one frame per nesting level (at most 1024, the parse limit).
    pub fn to_owned(&self) -> Variant {
        // One pass over the bytes (nothing is measured or re-validated).
        owned(&mut Reader::new(self))
    }
}

/// Copies the next value of `r` and everything inside it. The recursive step is kept
/// small: in debug builds a frame holds every arm's locals, so leaves and each container
/// kind are copied by separate functions.
fn owned(r: &mut Reader<'_>) -> Variant {
    match r.value() {
        Value::Object(ObjectRef::Full(o)) => object(r, o),
        Value::Dictionary(dict) => dictionary(r, dict),
        Value::Array(array) => array_of(r, array),
        v @ (Value::TypedArray(array) | Value::PackedTypedArray(array)) => {
            typed_array_of(r, v.ty(), array)
        }
        leaf => leaf_of(leaf),
    }
}

fn text(s: crate::read::strings::GdStr<'_>) -> String {
    s.as_str().to_owned()
}

fn small(s: crate::read::strings::GdStr<'_>) -> GdString {
    GdString::from(s.as_str())
}

/// Copies a value; `to_owned` sends only values that hold no others here, so that the
/// recursive path through containers keeps small frames.
#[inline(never)]
fn leaf_of(value: Value<'_>) -> Variant {
    match value {
        Value::Nil => Variant::Nil,
        Value::Bool(b) => Variant::Bool(b),
        Value::Int(n) => Variant::Int(n),
        Value::Float(x) => Variant::Float(x),
        Value::String(s) => Variant::String(small(s)),
        Value::StringName(s) => Variant::StringName(small(s)),
        math_value!(m) => Variant::Math {
            ty: m.ty(),
            components: math_components(&m),
        },
        Value::NodePath(path) => Variant::NodePath(Box::new(NodePath {
            names: path.names().map(text).collect(),
            subnames: path.subnames().map(text).collect(),
            absolute: path.is_absolute(),
        })),
        Value::Rid(id) => Variant::Rid(id),
        Value::Object(ObjectRef::Null) => Variant::Object(Object::Null),
        Value::Object(ObjectRef::Id(id)) => Variant::Object(Object::Id(id)),
        // `owned` copies containers itself, with its reader; a container that comes here
        // alone gets a reader of its own children.
        Value::Object(ObjectRef::Full(o)) => object(&mut o.reader(), o),
        Value::Dictionary(dict) => dictionary(&mut dict.reader(), dict),
        Value::Array(array) => array_of(&mut array.reader(), array),
        Value::Callable => Variant::Callable,
        Value::Signal(signal) => Variant::Signal {
            name: Box::from(signal.name().as_str()),
            object_id: signal.object_id(),
        },
        packed @ packed_value!() => packed_variant(&packed, small),
        v @ (Value::TypedArray(array) | Value::PackedTypedArray(array)) => {
            typed_array_of(&mut array.reader(), v.ty(), array)
        }
    }
}

/// A Pandemonium TypedArray or PackedTypedArray.
#[inline(never)]
fn typed_array_of(r: &mut Reader<'_>, ty: VariantType, array: ArrayRef<'_>) -> Variant {
    let n = array.len();
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        items.push(owned(r));
    }
    let array = Array::typed(array.element_type().map(text), items);
    if ty == VariantType::PackedTypedArray {
        Variant::PackedTypedArray(array)
    } else {
        Variant::TypedArray(array)
    }
}

#[inline(never)]
fn object(r: &mut Reader<'_>, object: FullObject<'_>) -> Variant {
    let n = object.len();
    let mut properties = Vec::with_capacity(n);
    for _ in 0..n {
        let name = text(r.name());
        properties.push((name, owned(r)));
    }
    Variant::Object(Object::Full(Box::new(ObjectData {
        class: text(object.class()),
        properties,
    })))
}

#[inline(never)]
fn dictionary(r: &mut Reader<'_>, dict: DictRef<'_>) -> Variant {
    let n = dict.len();
    let mut entries = Vec::with_capacity(n);
    for _ in 0..n {
        let key = owned(r);
        entries.push((key, owned(r)));
    }
    Variant::Dictionary(Dictionary::typed(
        dict.key_type().map(text),
        dict.value_type().map(text),
        entries,
    ))
}

#[inline(never)]
fn array_of(r: &mut Reader<'_>, array: ArrayRef<'_>) -> Variant {
    let n = array.len();
    let mut items = Vec::with_capacity(n);
    for _ in 0..n {
        items.push(owned(r));
    }
    Variant::Array(Array::typed(array.element_type().map(text), items))
}

fn math_components(m: &MathRef<'_>) -> MathComponents {
    if m.is_integer() {
        MathComponents::I32((0..m.len()).map(|i| m.get_i32(i).unwrap_or(0)).collect())
    } else if m.is_double() {
        MathComponents::F64((0..m.len()).map(|i| m.get(i).unwrap_or(0.0)).collect())
    } else {
        // f32 components keep their bits (NaN payloads included).
        MathComponents::F32((0..m.len()).map(|i| m.get_f32(i).unwrap_or(0.0)).collect())
    }
}
