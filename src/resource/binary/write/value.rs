//! One value: a `var_to_bytes` view ([`VariantRef`]) in the binary encoding, as
//! `ResourceFormatSaverBinaryInstance::write_variant` writes it (Godot 3 and Godot 4).

use alloc::string::String;
use alloc::vec::Vec;

use super::error::BinaryWriteErrorKind as K;
use super::Tables;
use crate::read::value::VariantRef;
use crate::resource::binary::types::{
    id_for, id_named, OBJECT_EMPTY, OBJECT_EXTERNAL_RESOURCE_INDEX, OBJECT_INTERNAL_RESOURCE,
};
use crate::resource::model::{EXT_RESOURCE, SUB_RESOURCE};
use crate::wire::types::VariantType as T;

/// Deepest Array/Dictionary nesting written (as the reader's default limit).
const MAX_DEPTH: usize = 256;

/// The output: little-endian words, as the engine writes (it writes big-endian only on
/// request, which we do not offer).
pub(crate) struct Out {
    pub(crate) buf: Vec<u8>,
}

impl Out {
    pub(crate) fn u32(&mut self, v: u32) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn u64(&mut self, v: u64) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
    pub(crate) fn f32(&mut self, v: f32) {
        self.buf.extend_from_slice(&v.to_le_bytes());
    }
    /// A length as the u32 the format stores.
    pub(crate) fn len(&mut self, n: usize) -> Result<(), K> {
        self.u32(u32::try_from(n).map_err(|_| K::TooLarge)?);
        Ok(())
    }
    /// `save_unicode_string`: the UTF-8 length plus one, the bytes, a NUL; no padding.
    pub(crate) fn string(&mut self, s: &str) -> Result<(), K> {
        self.len(s.len().checked_add(1).ok_or(K::TooLarge)?)?;
        self.buf.extend_from_slice(s.as_bytes());
        self.buf.push(0);
        Ok(())
    }
}

/// Where a reference object points, or `None` when `v` is no reference object.
pub(crate) fn reference_id(v: &VariantRef<'_>) -> Option<(bool, String)> {
    let crate::read::object::ObjectRef::Full(o) = v.as_object()? else {
        return None;
    };
    let class = o.class();
    let internal = match class.as_str() {
        SUB_RESOURCE => true,
        EXT_RESOURCE => false,
        _ => return None,
    };
    let (_, id) = o.properties().find(|(k, _)| k.as_str() == "id")?;
    Some((internal, ref_key(&id)?))
}

/// A reference id (an int in Godot 3, a String in Godot 4) as the key the tables use.
pub(crate) fn ref_key(id: &VariantRef<'_>) -> Option<String> {
    if let Some(n) = id.as_int() {
        return Some(alloc::format!("{n}"));
    }
    id.as_str().map(String::from)
}

/// Writes `v` (its id, then its payload).
pub(crate) fn write(
    out: &mut Out,
    v: &VariantRef<'_>,
    t: &mut Tables,
    depth: usize,
) -> Result<(), K> {
    let ty = v.ty();
    let id = |ty| id_for(ty).ok_or(K::Unsupported(ty));
    match ty {
        T::Nil => out.u32(id(ty)?),
        T::Bool => {
            out.u32(id(ty)?);
            out.u32(u32::from(v.as_bool().unwrap_or(false)));
        }
        T::Int => {
            let n = v.as_int().unwrap_or(0);
            match i32::try_from(n) {
                Ok(small) => {
                    out.u32(id_named("VARIANT_INT").ok_or(K::Unsupported(ty))?);
                    out.buf.extend_from_slice(&small.to_le_bytes());
                }
                Err(_) => {
                    out.u32(id_named("VARIANT_INT64").ok_or(K::Unsupported(ty))?);
                    out.buf.extend_from_slice(&n.to_le_bytes());
                }
            }
        }
        T::Float => {
            // `float fl = d; if (double(fl) != d)`: a double unless an f32 holds it exactly.
            let d = v.as_float().unwrap_or(0.0);
            #[allow(clippy::cast_possible_truncation)] // the point: f32 when exact
            let fl = d as f32;
            if f64::from(fl) == d {
                out.u32(id_named("VARIANT_FLOAT").ok_or(K::Unsupported(ty))?);
                out.f32(fl);
            } else {
                out.u32(id_named("VARIANT_DOUBLE").ok_or(K::Unsupported(ty))?);
                out.buf.extend_from_slice(&d.to_le_bytes());
            }
        }
        T::String | T::StringName => {
            out.u32(id(ty)?);
            out.string(v.as_str().unwrap_or(""))?;
        }
        T::NodePath => {
            let p = v.as_node_path().ok_or(K::Unsupported(ty))?;
            out.u32(id(ty)?);
            let names: Vec<_> = p.names().collect();
            let subs: Vec<_> = p.subnames().collect();
            let n = u16::try_from(names.len())
                .ok()
                .filter(|&n| n < 0x8000)
                .ok_or(K::TooLarge)?;
            let s = u16::try_from(subs.len())
                .ok()
                .filter(|&n| n < 0x8000)
                .ok_or(K::TooLarge)?;
            out.buf.extend_from_slice(&n.to_le_bytes());
            let s = s | if p.is_absolute() { 0x8000 } else { 0 };
            out.buf.extend_from_slice(&s.to_le_bytes());
            for part in names.iter().chain(subs.iter()) {
                let index = t.string_index(part.as_str())?;
                out.u32(index);
            }
        }
        T::Rid => {
            out.u32(id(ty)?);
            let rid = u32::try_from(v.as_rid().unwrap_or(0)).map_err(|_| K::TooLarge)?;
            out.u32(rid);
        }
        T::Object => {
            out.u32(id(ty)?);
            match v.as_object() {
                Some(o) if !o.is_null() => {
                    let (internal, key) = reference_id(v).ok_or(K::Object)?;
                    if internal {
                        out.u32(OBJECT_INTERNAL_RESOURCE);
                        out.u32(t.internal_ref(&key)?);
                    } else {
                        out.u32(OBJECT_EXTERNAL_RESOURCE_INDEX);
                        out.u32(t.external_ref(&key)?);
                    }
                }
                _ => out.u32(OBJECT_EMPTY),
            }
        }
        T::Callable | T::Signal => {
            if !t.godot4 {
                return Err(K::Unsupported(ty));
            }
            out.u32(id(ty)?);
        }
        T::Dictionary => {
            let d = v.as_dictionary().ok_or(K::Unsupported(ty))?;
            let depth = deeper(depth)?;
            out.u32(id(ty)?);
            out.len(d.len())?;
            for (k, val) in d.iter() {
                write(out, &k, t, depth)?;
                write(out, &val, t, depth)?;
            }
        }
        T::Array => {
            let a = v.as_array().ok_or(K::Unsupported(ty))?;
            let depth = deeper(depth)?;
            out.u32(id(ty)?);
            out.len(a.len())?;
            for item in a.iter() {
                write(out, &item, t, depth)?;
            }
        }
        _ => {
            if let Some(m) = v.as_math() {
                if (!t.godot4) && id_for(ty).is_some_and(|i| i >= 42) {
                    return Err(K::Unsupported(ty));
                }
                out.u32(id(ty)?);
                for i in 0..m.len() {
                    if m.is_integer() {
                        out.buf
                            .extend_from_slice(&m.get_i32(i).unwrap_or(0).to_le_bytes());
                    } else {
                        // Single-precision reals (`store_real` in a float build; Color is
                        // `store_float`): a Godot 4 double value is rounded.
                        #[allow(clippy::cast_possible_truncation)]
                        out.f32(m.get(i).unwrap_or(0.0) as f32);
                    }
                }
            } else if let Some(p) = v.as_packed() {
                packed(out, &p, t.godot4)?;
            } else {
                return Err(K::Unsupported(ty));
            }
        }
    }
    Ok(())
}

fn deeper(depth: usize) -> Result<usize, K> {
    if depth >= MAX_DEPTH {
        return Err(K::TooDeep);
    }
    Ok(depth + 1)
}

/// A packed array: its id, a u32 count, the elements; bytes padded to 4.
fn packed(out: &mut Out, p: &crate::read::packed::PackedArray<'_>, godot4: bool) -> Result<(), K> {
    let ty = p.ty();
    let id = id_for(ty).ok_or(K::Unsupported(ty))?;
    if !godot4 && id >= 42 {
        return Err(K::Unsupported(ty));
    }
    out.u32(id);
    out.len(p.len())?;
    match ty {
        T::PackedStringArray => {
            for s in p.strings().into_iter().flat_map(|s| s.iter()) {
                out.string(s.as_str())?;
            }
        }
        T::PackedByteArray => {
            let bytes = p.as_bytes();
            out.buf.extend_from_slice(bytes);
            let pad = (4 - bytes.len() % 4) % 4;
            out.buf.extend(core::iter::repeat_n(0, pad));
        }
        T::PackedVector2Array | T::PackedVector3Array | T::PackedVector4Array if p.is_double() => {
            // `store_real` in a float build: the f64 components rounded.
            for c in p.float_components().into_iter().flatten() {
                #[allow(clippy::cast_possible_truncation)]
                out.f32(c as f32);
            }
        }
        _ => out.buf.extend_from_slice(p.as_bytes()),
    }
    Ok(())
}
