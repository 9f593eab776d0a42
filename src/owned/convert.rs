//! `VariantRef::to_owned`: a parsed view copied into a [`Variant`].

use super::{MathComponents, Object, PackedVectors, Variant};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::packed::{PackedArray, PackedElement};
use crate::read::value::VariantRef;
use crate::wire::types::{Element, Layout};
use alloc::{borrow::ToOwned, vec::Vec};

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
        // The recursive step is kept small: in debug builds a frame holds every arm's
        // locals, so leaves and each container kind are copied by separate functions.
        match self.ty().layout() {
            Layout::Object => object(self),
            Layout::Dictionary => dictionary(self),
            Layout::Array => array(self),
            _ => leaf(self),
        }
    }
}

/// Copies a value that holds no other values.
#[inline(never)]
fn leaf(v: &VariantRef<'_>) -> Variant {
    match v.ty().layout() {
        Layout::Nil => Variant::Nil,
        Layout::Bool => Variant::Bool(v.as_bool().unwrap_or(false)),
        Layout::Int => Variant::Int(v.as_int().unwrap_or(0)),
        Layout::Float => Variant::Float(v.as_float().unwrap_or(0.0)),
        Layout::Str => {
            let text = v.as_str().unwrap_or("").to_owned();
            if v.ty() == crate::wire::types::VariantType::StringName {
                Variant::StringName(text)
            } else {
                Variant::String(text)
            }
        }
        Layout::Math(..) => match v.as_math() {
            Some(m) => Variant::Math {
                ty: m.ty(),
                components: math_components(&m),
            },
            None => Variant::Nil,
        },
        Layout::NodePath => match v.as_node_path() {
            Some(path) => Variant::NodePath {
                names: path.names().map(|n| n.as_str().to_owned()).collect(),
                subnames: path.subnames().map(|n| n.as_str().to_owned()).collect(),
                absolute: path.is_absolute(),
            },
            None => Variant::Nil,
        },
        Layout::Rid => Variant::Rid(v.as_rid().unwrap_or(0)),
        Layout::Callable => Variant::Callable,
        Layout::Signal => match v.as_signal() {
            Some(signal) => Variant::Signal {
                name: signal.name().as_str().to_owned(),
                object_id: signal.object_id(),
            },
            None => Variant::Nil,
        },
        Layout::Packed(element) => match v.as_packed() {
            Some(p) => packed(&p, element),
            None => Variant::Nil,
        },
        // `to_owned` sends these to their own functions, never here.
        Layout::Object | Layout::Dictionary | Layout::Array => v.to_owned(),
    }
}

#[inline(never)]
fn object(v: &VariantRef<'_>) -> Variant {
    Variant::Object(match v.as_object() {
        None | Some(ObjectRef::Null) => Object::Null,
        Some(ObjectRef::Id(id)) => Object::Id(id),
        Some(ObjectRef::Full(object)) => {
            let mut properties = Vec::with_capacity(object.len());
            for (name, value) in object.properties() {
                properties.push((name.as_str().to_owned(), value.to_owned()));
            }
            Object::Full {
                class: object.class().as_str().to_owned(),
                properties,
            }
        }
    })
}

#[inline(never)]
fn dictionary(v: &VariantRef<'_>) -> Variant {
    let Some(dict) = v.as_dictionary() else {
        return Variant::Nil;
    };
    let mut entries = Vec::with_capacity(dict.len());
    for (key, value) in dict.iter() {
        entries.push((key.to_owned(), value.to_owned()));
    }
    Variant::Dictionary {
        key_type: dict.key_type().map(|s| s.as_str().to_owned()),
        value_type: dict.value_type().map(|s| s.as_str().to_owned()),
        entries,
    }
}

#[inline(never)]
fn array(v: &VariantRef<'_>) -> Variant {
    let Some(array) = v.as_array() else {
        return Variant::Nil;
    };
    let mut items = Vec::with_capacity(array.len());
    for item in array.iter() {
        items.push(item.to_owned());
    }
    Variant::Array {
        element_type: array.element_type().map(|s| s.as_str().to_owned()),
        items,
    }
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

/// The elements of a fixed-size packed view, by value (any alignment).
fn elements<T: PackedElement>(view: Option<crate::read::packed::Packed<'_, T>>) -> Vec<T> {
    view.map(|v| v.iter().collect()).unwrap_or_default()
}

/// Single- or double-precision vectors, as the header says.
fn vectors<const N: usize>(
    p: &PackedArray<'_>,
    narrow: impl FnOnce(&PackedArray<'_>) -> Vec<[f32; N]>,
    double: impl FnOnce(&PackedArray<'_>) -> Vec<[f64; N]>,
) -> PackedVectors<N> {
    if p.is_double() {
        PackedVectors::F64(double(p))
    } else {
        PackedVectors::F32(narrow(p))
    }
}

fn packed(p: &PackedArray<'_>, element: Element) -> Variant {
    match element {
        Element::U8 => Variant::PackedByteArray(p.as_u8().unwrap_or(&[]).to_vec()),
        Element::I32 => Variant::PackedInt32Array(elements(p.as_i32())),
        Element::I64 => Variant::PackedInt64Array(elements(p.as_i64())),
        Element::F32 => Variant::PackedFloat32Array(elements(p.as_f32())),
        Element::F64 => Variant::PackedFloat64Array(elements(p.as_f64())),
        Element::Str => Variant::PackedStringArray(
            p.strings()
                .into_iter()
                .flatten()
                .map(|s| s.as_str().to_owned())
                .collect(),
        ),
        Element::Real(2) => Variant::PackedVector2Array(vectors(
            p,
            |p| elements(p.as_vector2()),
            |p| elements(p.as_vector2_f64()),
        )),
        Element::Real(3) => Variant::PackedVector3Array(vectors(
            p,
            |p| elements(p.as_vector3()),
            |p| elements(p.as_vector3_f64()),
        )),
        Element::Real(_) => Variant::PackedVector4Array(vectors(
            p,
            |p| elements(p.as_vector4()),
            |p| elements(p.as_vector4_f64()),
        )),
        Element::Color => Variant::PackedColorArray(elements(p.as_color())),
    }
}
