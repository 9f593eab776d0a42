//! A binary-encoded value as `var_to_bytes` bytes in the document's dialect, through the
//! crate's [`Builder`]; resource references become the model's `SubResource` /
//! `ExtResource` objects.

use alloc::string::String;
use alloc::vec::Vec;

use super::error::{BinaryError, BinaryErrorKind as K};
use super::packed::BinPacked;
use super::types::BinPackedKind;
use super::value::{BinMath, BinObject, BinValue};
use crate::resource::model::{Entry, EXT_RESOURCE, SUB_RESOURCE};
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;
use crate::write::{BuildError, Builder};

/// A reference id as the text form writes it: an int (Godot 3) or a String (Godot 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RefId {
    Int(i64),
    Str(String),
}

/// What references turn into: the id of each internal resource (by table index; `None`
/// for the main resource, which the text saver writes as `null` when referenced) and of
/// each external one.
pub(crate) struct Refs<'s> {
    pub(crate) internal: &'s [Option<RefId>],
    pub(crate) external: &'s [RefId],
}

/// `value` as `var_to_bytes` bytes in `dialect`.
pub(crate) fn to_bytes(
    value: &BinValue<'_>,
    dialect: Dialect,
    refs: &Refs<'_>,
) -> Result<Vec<u8>, BuildError> {
    let mut out = Vec::new();
    write(Builder::new(&mut out, dialect), value, refs)?;
    Ok(out)
}

/// A reference object: `Object(class, "id": id)`.
pub(crate) fn reference(b: Builder<'_>, class: &str, id: &RefId) -> Result<(), BuildError> {
    let mut obj = b.object(class)?;
    let slot = obj.property("id")?;
    match id {
        RefId::Int(n) => slot.int(*n)?,
        RefId::Str(s) => slot.string(s)?,
    }
    obj.finish()
}

pub(crate) fn write(
    b: Builder<'_>,
    value: &BinValue<'_>,
    refs: &Refs<'_>,
) -> Result<(), BuildError> {
    let godot4 = b.dialect() == Dialect::Godot4;
    match value {
        BinValue::Nil => b.nil(),
        BinValue::Bool(v) => b.bool(*v),
        BinValue::Int(v) => b.int(*v),
        BinValue::Float(v) => b.float(*v),
        BinValue::String(s) => b.string(s),
        BinValue::StringName(s) => b.string_name(s),
        BinValue::Math(m) => math(b, m),
        BinValue::NodePath(p) => b.node_path(&p.names, &p.subnames, p.absolute),
        BinValue::Rid(id) => b.rid(if godot4 { u64::from(*id) } else { 0 }),
        BinValue::Object(o) => match o {
            BinObject::Null => b.object_null(),
            BinObject::Internal(i) => match refs.internal.get(*i as usize) {
                Some(Some(id)) => reference(b, SUB_RESOURCE, id),
                _ => b.object_null(),
            },
            BinObject::External(i) => match refs.external.get(*i as usize) {
                Some(id) => reference(b, EXT_RESOURCE, id),
                None => b.object_null(),
            },
            BinObject::ExternalInline { path, .. } => {
                reference(b, EXT_RESOURCE, &RefId::Str(String::from(*path)))
            }
        },
        BinValue::Callable => b.callable(),
        BinValue::Signal => b.signal("", 0),
        BinValue::Dictionary(pairs) => {
            let mut d = b.dictionary()?;
            for (k, v) in pairs {
                let slot = d.try_entry_with(|kb| write(kb, k, refs))?;
                write(slot, v, refs)?;
            }
            d.finish()
        }
        BinValue::Array(items) => {
            let mut a = b.array()?;
            for v in items {
                write(a.push(), v, refs)?;
            }
            a.finish()
        }
        BinValue::Packed(p) => packed(b, p),
    }
}

fn math(b: Builder<'_>, m: &BinMath<'_>) -> Result<(), BuildError> {
    if m.is_int() {
        let c: Vec<i32> = m.ints().collect();
        b.math_i32(m.ty(), &c)
    } else if m.is_double() {
        let c: Vec<f64> = m.components().collect();
        b.math_f64(m.ty(), &c)
    } else {
        let c: Vec<f32> = m.floats().collect();
        b.math(m.ty(), &c)
    }
}

fn packed(b: Builder<'_>, p: &BinPacked<'_>) -> Result<(), BuildError> {
    let ty = match p.kind() {
        BinPackedKind::Byte => return b.packed_bytes(p.as_bytes()),
        BinPackedKind::String => {
            let items: Vec<&str> = p.strings().map(|s| s.collect()).unwrap_or_default();
            return b.packed_strings(items);
        }
        BinPackedKind::Int32 => VariantType::PackedInt32Array,
        BinPackedKind::Int64 => VariantType::PackedInt64Array,
        BinPackedKind::Float32 => VariantType::PackedFloat32Array,
        BinPackedKind::Float64 => VariantType::PackedFloat64Array,
        BinPackedKind::Vector2 => VariantType::PackedVector2Array,
        BinPackedKind::Vector3 => VariantType::PackedVector3Array,
        BinPackedKind::Color => VariantType::PackedColorArray,
        BinPackedKind::Vector4 => VariantType::PackedVector4Array,
    };
    b.packed_le_bytes(ty, p.is_double(), &p.to_le_bytes())
}

/// A named entry of the model.
pub(crate) fn entry(name: &str, value: Vec<u8>) -> Entry {
    Entry {
        name: String::from(name),
        value,
    }
}

pub(crate) fn build(
    dialect: Dialect,
    f: impl FnOnce(Builder<'_>) -> Result<(), BuildError>,
) -> Result<Vec<u8>, BinaryError> {
    let mut out = Vec::new();
    f(Builder::new(&mut out, dialect)).map_err(|e| BinaryError::new(K::Build(e), 0))?;
    Ok(out)
}
