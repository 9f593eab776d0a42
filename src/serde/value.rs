//! `Serialize` and `Deserialize` for [`Variant`] and [`VariantRef`].
//!
//! Both serialize every Godot type: the ones serde has (bool, int, float, String, Array,
//! Dictionary) as themselves, the others as reserved newtype structs around their payload
//! (`godot.rs`), which gdvariant's serializer writes back as the same Godot type (so
//! `to_vec(&variant)` gives `variant.encode()`'s bytes) and other formats see as the
//! payload alone (a Vector3 is `[x, y, z]` in JSON).
//!
//! Both deserialize from gdvariant's deserializer exactly, through the raw protocol: the
//! value's own bytes are handed over and parsed (a `VariantRef` keeps them borrowed). From
//! another format, a `Variant` is built from serde's data model (null, bool, int, float,
//! String, bytes as a PackedByteArray, Array, Dictionary), like `serde_json::Value`.

use core::cell::Cell;
use core::fmt;

use ::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use ::serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::godot::{
    descriptor_text, type_name, OBJECT, OBJECT_ID, PACKED_TYPED_ARRAY, RAW_BYTES, RAW_DIALECT,
    RAW_OFFSET, RAW_TOKEN, TYPED_ARRAY, TYPED_DICTIONARY,
};
use crate::owned::{MathComponents, Object, PackedVectors, Variant};
use crate::read::decoded::{math_value, Value};
use crate::read::object::ObjectRef;
use crate::read::options::ParseOptions;
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::f32_of;
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;

/// `value` inside the reserved newtype of `ty`.
fn godot<S: Serializer, T: Serialize + ?Sized>(
    s: S,
    ty: VariantType,
    value: &T,
) -> Result<S::Ok, S::Error> {
    s.serialize_newtype_struct(type_name(ty).unwrap_or(OBJECT), value)
}

/// Serializes the items of a slice as a sequence.
struct Items<'a, T>(&'a [T]);

impl<T: Serialize> Serialize for Items<'_, T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0)
    }
}

/// Bytes as serde bytes.
struct Bytes<'a>(&'a [u8]);

impl Serialize for Bytes<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bytes(self.0)
    }
}

/// Pairs as a map.
struct Pairs<'a, K, V>(&'a [(K, V)]);

impl<K: Serialize, V: Serialize> Serialize for Pairs<'_, K, V> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(k, v)| (k, v)))
    }
}

/// Godot's text form of a NodePath: `/a/b:x:y`.
fn node_path_text(names: &[String], subnames: &[String], absolute: bool) -> String {
    let mut text = String::new();
    if absolute {
        text.push('/');
    }
    text.push_str(&names.join("/"));
    for sub in subnames {
        text.push(':');
        text.push_str(sub);
    }
    text
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use VariantType as T;
        match self {
            Variant::Nil => s.serialize_unit(),
            Variant::Bool(b) => s.serialize_bool(*b),
            Variant::Int(n) => s.serialize_i64(*n),
            Variant::Float(x) => s.serialize_f64(*x),
            Variant::String(text) => s.serialize_str(text),
            Variant::StringName(text) => godot(s, T::StringName, text),
            Variant::Math { ty, components } => match components {
                // A Color is f32 on the wire whatever its components.
                MathComponents::F64(c) if *ty == T::Color => {
                    let narrow: Vec<f32> = c.iter().map(|&x| f32_of(x)).collect();
                    godot(s, *ty, &Items(&narrow))
                }
                MathComponents::F32(c) => godot(s, *ty, &Items(c)),
                MathComponents::F64(c) => godot(s, *ty, &Items(c)),
                MathComponents::I32(c) => godot(s, *ty, &Items(c)),
            },
            Variant::NodePath(p) => godot(
                s,
                T::NodePath,
                &node_path_text(&p.names, &p.subnames, p.absolute),
            ),
            Variant::Rid(id) => godot(s, T::Rid, id),
            Variant::Object(Object::Null) => s.serialize_unit(),
            Variant::Object(Object::Id(id)) => s.serialize_newtype_struct(OBJECT_ID, id),
            Variant::Object(Object::Full(o)) if godot_view(o.class.as_bytes()).is_empty() => {
                s.serialize_unit()
            }
            Variant::Object(Object::Full(o)) => {
                s.serialize_newtype_struct(OBJECT, &(&o.class, Pairs(&o.properties)))
            }
            Variant::Callable => godot(s, T::Callable, &()),
            Variant::Signal { name, object_id } => godot(s, T::Signal, &(name, object_id)),
            Variant::Dictionary(d)
                if *d.key_type() == ContainerType::Untyped
                    && *d.value_type() == ContainerType::Untyped =>
            {
                Pairs(d.entries()).serialize(s)
            }
            Variant::Dictionary(d) => s.serialize_newtype_struct(
                TYPED_DICTIONARY,
                &(
                    descriptor_text(d.key_type()),
                    descriptor_text(d.value_type()),
                    Pairs(d.entries()),
                ),
            ),
            Variant::Array(a) if *a.element_type() == ContainerType::Untyped => {
                Items(a.items()).serialize(s)
            }
            Variant::Array(a) => s.serialize_newtype_struct(
                TYPED_ARRAY,
                &(descriptor_text(a.element_type()), Items(a.items())),
            ),
            Variant::PackedByteArray(b) => godot(s, T::PackedByteArray, &Bytes(b)),
            Variant::PackedInt32Array(v) => godot(s, T::PackedInt32Array, &Items(v)),
            Variant::PackedInt64Array(v) => godot(s, T::PackedInt64Array, &Items(v)),
            Variant::PackedFloat32Array(v) => godot(s, T::PackedFloat32Array, &Items(v)),
            Variant::PackedFloat64Array(v) => godot(s, T::PackedFloat64Array, &Items(v)),
            Variant::PackedStringArray(v) => godot(s, T::PackedStringArray, &Items(v)),
            Variant::PackedColorArray(v) => godot(s, T::PackedColorArray, &Items(v)),
            Variant::PackedVector2Array(v) => vectors(s, T::PackedVector2Array, v),
            Variant::PackedVector3Array(v) => vectors(s, T::PackedVector3Array, v),
            Variant::PackedVector4Array(v) => vectors(s, T::PackedVector4Array, v),
            Variant::PackedVector2iArray(v) => godot(s, T::PackedVector2iArray, &Items(v)),
            Variant::PackedVector3iArray(v) => godot(s, T::PackedVector3iArray, &Items(v)),
            Variant::PackedVector4iArray(v) => godot(s, T::PackedVector4iArray, &Items(v)),
            Variant::TypedArray(a) => s.serialize_newtype_struct(
                TYPED_ARRAY,
                &(descriptor_text(a.element_type()), Items(a.items())),
            ),
            Variant::PackedTypedArray(a) => s.serialize_newtype_struct(
                PACKED_TYPED_ARRAY,
                &(descriptor_text(a.element_type()), Items(a.items())),
            ),
        }
    }
}

fn vectors<S: Serializer, const N: usize>(
    s: S,
    ty: VariantType,
    v: &PackedVectors<N>,
) -> Result<S::Ok, S::Error>
where
    [f32; N]: Serialize,
    [f64; N]: Serialize,
{
    match v {
        PackedVectors::F32(v) => godot(s, ty, &Items(v)),
        PackedVectors::F64(v) => godot(s, ty, &Items(v)),
    }
}

/// A node of a parsed value, serialized from a shared reader: every node is read once.
struct Node<'c, 'a> {
    r: &'c Cell<Reader<'a>>,
}

impl Node<'_, '_> {
    /// The next `n` nodes as a sequence, or `n` pairs of nodes as a map.
    fn seq<S: Serializer>(&self, s: S, n: usize) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(n))?;
        for _ in 0..n {
            seq.serialize_element(&Node { r: self.r })?;
        }
        seq.end()
    }

    fn map<S: Serializer>(&self, s: S, n: usize) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(n))?;
        for _ in 0..n {
            map.serialize_key(&Node { r: self.r })?;
            map.serialize_value(&Node { r: self.r })?;
        }
        map.end()
    }
}

/// The rest of a container, as the last element of a reserved newtype's payload.
struct Rest<'c, 'a> {
    r: &'c Cell<Reader<'a>>,
    len: usize,
    kind: RestKind,
}

#[derive(Clone, Copy)]
enum RestKind {
    Seq,
    Map,
    Properties,
}

impl Serialize for Rest<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let node = Node { r: self.r };
        match self.kind {
            RestKind::Seq => node.seq(s, self.len),
            RestKind::Map => node.map(s, self.len),
            RestKind::Properties => {
                let mut map = s.serialize_map(Some(self.len))?;
                for _ in 0..self.len {
                    let mut r = self.r.get();
                    let name = r.name();
                    self.r.set(r);
                    map.serialize_key(name.as_str())?;
                    map.serialize_value(&Node { r: self.r })?;
                }
                map.end()
            }
        }
    }
}

impl Serialize for Node<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use VariantType as T;
        let mut r = self.r.get();
        let value = r.value();
        self.r.set(r);
        let rest = |len: usize, kind: RestKind| Rest {
            r: self.r,
            len,
            kind,
        };
        match value {
            Value::Nil | Value::Object(ObjectRef::Null) => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(b),
            Value::Int(n) => s.serialize_i64(n),
            Value::Float(x) => s.serialize_f64(x),
            Value::String(text) => s.serialize_str(text.as_str()),
            Value::StringName(text) => godot(s, T::StringName, text.as_str()),
            math_value!(m) => match (m.is_integer(), m.is_double()) {
                (true, _) => {
                    let c: Vec<i32> = (0..m.len()).filter_map(|i| m.get_i32(i)).collect();
                    godot(s, m.ty(), &Items(&c))
                }
                (false, true) => {
                    let c: Vec<f64> = (0..m.len()).filter_map(|i| m.get(i)).collect();
                    godot(s, m.ty(), &Items(&c))
                }
                (false, false) => {
                    let c: Vec<f32> = (0..m.len()).filter_map(|i| m.get(i)).map(f32_of).collect();
                    godot(s, m.ty(), &Items(&c))
                }
            },
            Value::NodePath(p) => godot(s, T::NodePath, &p.to_string()),
            Value::Rid(id) => godot(s, T::Rid, &id),
            Value::Object(ObjectRef::Id(id)) => s.serialize_newtype_struct(OBJECT_ID, &id),
            Value::Object(ObjectRef::Full(o)) => {
                let properties = rest(o.len(), RestKind::Properties);
                s.serialize_newtype_struct(OBJECT, &(o.class().as_str(), properties))
            }
            Value::Callable => godot(s, T::Callable, &()),
            Value::Signal(sig) => godot(s, T::Signal, &(sig.name().as_str(), sig.object_id())),
            Value::Array(a) => match a.element_type() {
                ContainerType::Untyped => Node { r: self.r }.seq(s, a.len()),
                t => s.serialize_newtype_struct(
                    TYPED_ARRAY,
                    &(
                        descriptor_text(&t.map(|n| n.as_str())),
                        rest(a.len(), RestKind::Seq),
                    ),
                ),
            },
            Value::Dictionary(d) => match (d.key_type(), d.value_type()) {
                (ContainerType::Untyped, ContainerType::Untyped) => {
                    Node { r: self.r }.map(s, d.len())
                }
                (k, v) => s.serialize_newtype_struct(
                    TYPED_DICTIONARY,
                    &(
                        descriptor_text(&k.map(|n| n.as_str())),
                        descriptor_text(&v.map(|n| n.as_str())),
                        rest(d.len(), RestKind::Map),
                    ),
                ),
            },
            Value::PackedByteArray(b) => godot(s, T::PackedByteArray, &Bytes(b)),
            Value::PackedInt32Array(p) => godot(s, T::PackedInt32Array, &Iter(p.iter())),
            Value::PackedInt64Array(p) => godot(s, T::PackedInt64Array, &Iter(p.iter())),
            Value::PackedFloat32Array(p) => godot(s, T::PackedFloat32Array, &Iter(p.iter())),
            Value::PackedFloat64Array(p) => godot(s, T::PackedFloat64Array, &Iter(p.iter())),
            Value::PackedStringArray(p) => {
                godot(s, T::PackedStringArray, &Iter(p.iter().map(|t| t.as_str())))
            }
            Value::PackedColorArray(p) => godot(s, T::PackedColorArray, &Iter(p.iter())),
            Value::PackedVector2Array(p) => packed_vectors(s, T::PackedVector2Array, p),
            Value::PackedVector3Array(p) => packed_vectors(s, T::PackedVector3Array, p),
            Value::PackedVector4Array(p) => packed_vectors(s, T::PackedVector4Array, p),
            Value::PackedVector2iArray(p) => godot(s, T::PackedVector2iArray, &Iter(p.iter())),
            Value::PackedVector3iArray(p) => godot(s, T::PackedVector3iArray, &Iter(p.iter())),
            Value::PackedVector4iArray(p) => godot(s, T::PackedVector4iArray, &Iter(p.iter())),
            v @ (Value::TypedArray(a) | Value::PackedTypedArray(a)) => {
                let name = if v.ty() == T::PackedTypedArray {
                    PACKED_TYPED_ARRAY
                } else {
                    TYPED_ARRAY
                };
                s.serialize_newtype_struct(
                    name,
                    &(
                        descriptor_text(&a.element_type().map(|n| n.as_str())),
                        rest(a.len(), RestKind::Seq),
                    ),
                )
            }
        }
    }
}

fn packed_vectors<S: Serializer, const N: usize>(
    s: S,
    ty: VariantType,
    p: crate::read::packed::PackedVectorsRef<'_, N>,
) -> Result<S::Ok, S::Error>
where
    [f32; N]: crate::read::packed::PackedElement + Serialize,
    [f64; N]: crate::read::packed::PackedElement + Serialize,
{
    let items = (0..p.len()).filter_map(move |i| p.get(i));
    if p.is_double() {
        godot(s, ty, &Iter(items))
    } else {
        godot(s, ty, &Iter(items.map(|v| v.map(f32_of))))
    }
}

/// A cloneable iterator as a sequence.
struct Iter<I>(I);

impl<I: Iterator + Clone> Serialize for Iter<I>
where
    I::Item: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.clone())
    }
}

impl Serialize for VariantRef<'_> {
    /// The same mapping as [`Variant`]'s `Serialize`, read in one pass from the bytes.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let r = Cell::new(Reader::new(self));
        Node { r: &r }.serialize(s)
    }
}

/// The raw protocol's answer: the dialect, the absolute offset and the bytes of a value.
fn raw<'de, A: MapAccess<'de>>(mut map: A) -> Result<(Dialect, usize, &'de [u8]), A::Error> {
    let mut dialect = None;
    let mut offset = 0u64;
    let mut bytes: Option<&'de [u8]> = None;
    while let Some(key) = map.next_key::<&str>()? {
        match key {
            RAW_DIALECT => {
                dialect = Some(match map.next_value::<u64>()? {
                    3 => Dialect::Godot3,
                    5 => Dialect::PandemoniumA,
                    6 => Dialect::PandemoniumB,
                    7 => Dialect::PandemoniumC,
                    _ => Dialect::Godot4,
                })
            }
            RAW_OFFSET => offset = map.next_value()?,
            RAW_BYTES => bytes = Some(map.next_value()?),
            _ => return Err(de::Error::custom("not a gdvariant raw value")),
        }
    }
    match (dialect, bytes) {
        // An offset into the input, which fits a usize wherever our deserializer gave it.
        (Some(d), Some(b)) => {
            let offset = usize::try_from(offset)
                .map_err(|_| de::Error::custom("not a gdvariant raw value"))?;
            Ok((d, offset, b))
        }
        _ => Err(de::Error::custom("not a gdvariant raw value")),
    }
}

impl<'de: 'a, 'a> Deserialize<'de> for VariantRef<'a> {
    /// A part of the input kept as it is, validated again (borrowed; only gdvariant's
    /// deserializer can give one).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct RawRef;
        impl<'de> Visitor<'de> for RawRef {
            type Value = VariantRef<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a value from gdvariant's deserializer")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<VariantRef<'de>, A::Error> {
                let (dialect, offset, bytes) = raw(map)?;
                let (value, len) =
                    VariantRef::parse_prefix_at(bytes, offset, dialect, &ParseOptions::default())
                        .map_err(de::Error::custom)?;
                if len != bytes.len() {
                    return Err(de::Error::custom("trailing bytes after a raw value"));
                }
                Ok(value)
            }
        }
        d.deserialize_newtype_struct(RAW_TOKEN, RawRef)
    }
}

impl<'de> Deserialize<'de> for Variant {
    /// Exact from gdvariant's deserializer (the raw protocol); from another format, built
    /// from serde's data model.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_newtype_struct(RAW_TOKEN, RawOrModel)
    }
}

/// The raw protocol (gdvariant's deserializer), or serde's data model (the others, which
/// hand a newtype struct to `visit_newtype_struct`).
struct RawOrModel;

impl<'de> Visitor<'de> for RawOrModel {
    type Value = Variant;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Godot value")
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        d.deserialize_any(Model)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Variant, A::Error> {
        let (dialect, offset, bytes) = raw(map)?;
        let (value, _) =
            VariantRef::parse_prefix_at(bytes, offset, dialect, &ParseOptions::default())
                .map_err(de::Error::custom)?;
        Ok(value.to_owned())
    }
}

/// A `Variant` from serde's data model.
struct Model;

impl<'de> Visitor<'de> for Model {
    type Value = Variant;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Variant, E> {
        Ok(Variant::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Variant, E> {
        Ok(Variant::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Variant, E> {
        i64::try_from(v)
            .map(Variant::Int)
            .map_err(|_| E::custom("an integer over i64::MAX"))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Variant, E> {
        Ok(Variant::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Variant, E> {
        Ok(Variant::String(v.into()))
    }
    fn visit_string<E>(self, v: String) -> Result<Variant, E> {
        Ok(Variant::String(v.into()))
    }
    fn visit_bytes<E>(self, v: &[u8]) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v.to_vec()))
    }
    fn visit_byte_buf<E>(self, v: Vec<u8>) -> Result<Variant, E> {
        Ok(Variant::PackedByteArray(v))
    }
    fn visit_none<E>(self) -> Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_unit<E>(self) -> Result<Variant, E> {
        Ok(Variant::Nil)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        Variant::deserialize(d)
    }
    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<Variant, D::Error> {
        Variant::deserialize(d)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Variant, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Variant::array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Variant, A::Error> {
        let mut entries = Vec::with_capacity(map.size_hint().unwrap_or(0).min(4096));
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Variant::dictionary(entries))
    }
}
