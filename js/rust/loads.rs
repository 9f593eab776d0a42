//! A parsed value to JavaScript values, in one walk of the crate's visitor (no recursion:
//! the stack of open containers lives on the heap). Classes the package defines in
//! JavaScript are made by its `make(kind, a, b, c)` factory.

use std::ops::ControlFlow;

use gdvariant::{ContainerType, Dialect, GdStr, ObjectRef, Place, Value, VariantRef, Visitor};
use js_sys::{Array, BigInt, Function, Map, Object, Uint8Array};
use wasm_bindgen::prelude::*;

/// How ints and dictionaries are given.
#[derive(Clone, Copy)]
pub struct Mapping {
    /// Every int as a `BigInt`.
    pub bigint: bool,
    /// A Dictionary whose keys are all strings as a plain object.
    pub objects: bool,
}

/// The largest integer a `number` holds exactly.
const SAFE: i64 = (1 << 53) - 1;

/// An int as a `number` when it is safe (or always a `BigInt` with `bigint`).
pub fn int(n: i64, bigint: bool) -> JsValue {
    if !bigint && (-SAFE..=SAFE).contains(&n) {
        // Exact: |n| <= 2^53 - 1.
        #[allow(clippy::cast_precision_loss)]
        JsValue::from_f64(n as f64)
    } else {
        BigInt::from(n).into()
    }
}

/// An unsigned id (RID, object ids) as an int.
fn id(n: u64, bigint: bool) -> JsValue {
    match i64::try_from(n) {
        Ok(n) => int(n, bigint),
        Err(_) => BigInt::from(n).into(),
    }
}

enum Open {
    List {
        list: Array,
        typed: Option<(JsValue, bool)>,
    },
    Dict {
        map: Map,
        key: Option<JsValue>,
        pairs: Option<Array>,
        typed: Option<(JsValue, JsValue)>,
        /// Entries set into `map` by the fast walk.
        entries: u32,
    },
    Object {
        class: String,
        properties: Map,
        name: Option<JsValue>,
    },
}

struct Walk<'f> {
    make: &'f Function,
    mapping: Mapping,
    dialect: Dialect,
    open: Vec<Open>,
    done: Option<JsValue>,
    /// Check every Dictionary key against the keys before it (`Map.has`), to give `Pairs`
    /// for keys a `Map` would merge. The fast walk only counts entries; a Dictionary whose
    /// `Map` ends up smaller than its count sets `merged`, and the value is walked again
    /// carefully.
    careful: bool,
    merged: bool,
    /// Short strings already made, by a hash of their bytes: repeated keys (`"id"`, `"v"`,
    /// a save's field names) cross into JavaScript once.
    strings: Strings,
}

/// A direct-mapped cache of short strings' JavaScript values.
struct Strings {
    slots: Vec<Option<(Vec<u8>, JsValue)>>,
}

/// Strings up to this many bytes are cached.
const CACHED_LEN: usize = 16;
/// Slots in the cache (a power of two).
const SLOTS: usize = 64;

impl Strings {
    fn new() -> Self {
        Strings {
            slots: (0..SLOTS).map(|_| None).collect(),
        }
    }

    /// The JavaScript string of `text`: from the cache when its bytes are there.
    fn get(&mut self, text: &str) -> JsValue {
        let bytes = text.as_bytes();
        if bytes.len() > CACHED_LEN {
            return JsValue::from_str(text);
        }
        // FNV-1a over the bytes.
        let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let slot = usize::try_from(hash % SLOTS as u64).unwrap_or(0);
        let Some(entry) = self.slots.get_mut(slot) else {
            return JsValue::from_str(text);
        };
        if let Some((key, value)) = entry {
            if key.as_slice() == bytes {
                return value.clone();
            }
        }
        let value = JsValue::from_str(text);
        *entry = Some((bytes.to_vec(), value.clone()));
        value
    }
}

/// The JavaScript value of `value`.
pub fn to_js(
    value: &VariantRef<'_>,
    make: &Function,
    mapping: Mapping,
) -> Result<JsValue, JsValue> {
    let mut walk = Walk::new(make, mapping, value.dialect(), false);
    if let ControlFlow::Break(e) = value.visit(&mut walk) {
        return Err(e);
    }
    if walk.merged {
        // A Dictionary with keys a Map merges (int 1 and float 1.0): walk again, checking
        // each key, so that it gives Pairs. Rare: only such inputs pay twice.
        walk = Walk::new(make, mapping, value.dialect(), true);
        if let ControlFlow::Break(e) = value.visit(&mut walk) {
            return Err(e);
        }
    }
    walk.done
        .ok_or_else(|| JsValue::from_str("internal: the walk ended without a value"))
}

/// The JavaScript value of a leaf `value` (not a container): a packed array's element.
pub fn leaf_to_js(
    value: &Value<'_>,
    dialect: Dialect,
    make: &Function,
    mapping: Mapping,
) -> Result<JsValue, JsValue> {
    let mut walk = Walk::new(make, mapping, dialect, true);
    Ok(walk.leaf(value)?.unwrap_or(JsValue::UNDEFINED))
}

fn string(s: &GdStr<'_>) -> JsValue {
    JsValue::from_str(s.as_str())
}

impl<'f> Walk<'f> {
    fn new(make: &'f Function, mapping: Mapping, dialect: Dialect, careful: bool) -> Self {
        Walk {
            make,
            mapping,
            dialect,
            open: Vec::new(),
            done: None,
            careful,
            merged: false,
            strings: Strings::new(),
        }
    }

    fn call(&self, kind: &str, a: &JsValue, b: &JsValue, c: &JsValue) -> Result<JsValue, JsValue> {
        let args = Array::of4(&JsValue::from_str(kind), a, b, c);
        self.make.apply(&JsValue::NULL, &args)
    }

    fn container_type(&self, t: ContainerType<GdStr<'_>>) -> Result<JsValue, JsValue> {
        let (kind, name) = match t {
            ContainerType::Untyped => return Ok(JsValue::NULL),
            ContainerType::Builtin(ty) => ("builtin", ty.name(self.dialect).to_owned()),
            ContainerType::ClassName(s) => ("class", s.as_str().to_owned()),
            ContainerType::Script(s) => ("script", s.as_str().to_owned()),
        };
        self.call(
            "ContainerType",
            &JsValue::from_str(kind),
            &JsValue::from_str(&name),
            &JsValue::UNDEFINED,
        )
    }

    fn packed(&self, value: &Value<'_>) -> Result<Option<JsValue>, JsValue> {
        let u = JsValue::UNDEFINED;
        let (bytes, ty): (&[u8], &str) = match value {
            Value::PackedByteArray(b) => return Ok(Some(Uint8Array::from(&b[..]).into())),
            Value::PackedStringArray(strings) => {
                let list = Array::new();
                for s in strings.iter() {
                    list.push(&string(&s));
                }
                return self.call("PackedStringArray", &list, &u, &u).map(Some);
            }
            Value::PackedInt32Array(p) => (p.as_bytes(), "PackedInt32Array"),
            Value::PackedInt64Array(p) => (p.as_bytes(), "PackedInt64Array"),
            Value::PackedFloat32Array(p) => (p.as_bytes(), "PackedFloat32Array"),
            Value::PackedFloat64Array(p) => (p.as_bytes(), "PackedFloat64Array"),
            Value::PackedVector2Array(p) => {
                (p.as_bytes(), double(p.is_double(), "PackedVector2Array"))
            }
            Value::PackedVector3Array(p) => {
                (p.as_bytes(), double(p.is_double(), "PackedVector3Array"))
            }
            Value::PackedVector4Array(p) => {
                (p.as_bytes(), double(p.is_double(), "PackedVector4Array"))
            }
            Value::PackedColorArray(p) => (p.as_bytes(), "PackedColorArray"),
            Value::PackedVector2iArray(p) => (p.as_bytes(), "PackedVector2iArray"),
            Value::PackedVector3iArray(p) => (p.as_bytes(), "PackedVector3iArray"),
            Value::PackedVector4iArray(p) => (p.as_bytes(), "PackedVector4iArray"),
            _ => return Ok(None),
        };
        // A fresh copy of the little-endian elements; JavaScript views it with its type.
        let data = Uint8Array::from(bytes);
        self.call("Packed", &JsValue::from_str(ty), &data, &u)
            .map(Some)
    }

    fn leaf(&mut self, value: &Value<'_>) -> Result<Option<JsValue>, JsValue> {
        let u = JsValue::UNDEFINED;
        let big = self.mapping.bigint;
        Ok(Some(match value {
            Value::Nil => JsValue::NULL,
            Value::Bool(b) => JsValue::from_bool(*b),
            Value::Int(n) => int(*n, big),
            Value::Float(f) => JsValue::from_f64(*f),
            Value::String(s) => self.strings.get(s.as_str()),
            Value::StringName(s) => self.call("StringName", &string(s), &u, &u)?,
            Value::NodePath(p) => {
                let names: Array = p.names().map(|s| string(&s)).collect();
                let subnames: Array = p.subnames().map(|s| string(&s)).collect();
                self.call(
                    "NodePath",
                    &names,
                    &subnames,
                    &JsValue::from_bool(p.is_absolute()),
                )?
            }
            Value::Rid(n) => self.call("RID", &id(*n, big), &u, &u)?,
            Value::Callable => self.call("Callable", &u, &u, &u)?,
            Value::Signal(s) => {
                self.call("Signal", &string(&s.name()), &id(s.object_id(), big), &u)?
            }
            Value::Object(ObjectRef::Null) => JsValue::NULL,
            Value::Object(ObjectRef::Id(n)) => self.call("ObjectId", &id(*n, big), &u, &u)?,
            Value::Object(ObjectRef::Full(object)) => {
                self.open.push(Open::Object {
                    class: object.class().as_str().to_owned(),
                    properties: Map::new(),
                    name: None,
                });
                return Ok(None);
            }
            Value::Array(array) => {
                let typed = match array.element_type() {
                    ContainerType::Untyped => None,
                    t => Some((self.container_type(t)?, false)),
                };
                self.open.push(Open::List {
                    list: Array::new(),
                    typed,
                });
                return Ok(None);
            }
            Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let packed = matches!(value, Value::PackedTypedArray(_));
                let element = self.container_type(array.element_type())?;
                self.open.push(Open::List {
                    list: Array::new(),
                    typed: Some((element, packed)),
                });
                return Ok(None);
            }
            Value::Dictionary(dict) => {
                let typed = match (dict.key_type(), dict.value_type()) {
                    (ContainerType::Untyped, ContainerType::Untyped) => None,
                    (k, v) => Some((self.container_type(k)?, self.container_type(v)?)),
                };
                self.open.push(Open::Dict {
                    map: Map::new(),
                    key: None,
                    pairs: None,
                    typed,
                    entries: 0,
                });
                return Ok(None);
            }
            other => match other.as_math() {
                Some(m) => {
                    let name = m.ty().name(Dialect::Godot4);
                    let components = Array::new();
                    for i in 0..m.len() {
                        let c = if m.is_integer() {
                            JsValue::from_f64(f64::from(m.get_i32(i).unwrap_or(0)))
                        } else {
                            JsValue::from_f64(m.get(i).unwrap_or(0.0))
                        };
                        components.push(&c);
                    }
                    self.call(name, &components, &JsValue::from_bool(m.is_double()), &u)?
                }
                None => match self.packed(other)? {
                    Some(array) => array,
                    None => {
                        return Err(JsValue::from_str(&format!(
                            "unsupported type {:?}",
                            other.ty()
                        )))
                    }
                },
            },
        }))
    }

    fn attach(&mut self, value: JsValue) -> Result<(), JsValue> {
        match self.open.last_mut() {
            None => self.done = Some(value),
            Some(Open::List { list, .. }) => {
                list.push(&value);
            }
            Some(Open::Object {
                properties, name, ..
            }) => {
                let name = name.take().unwrap_or_else(|| JsValue::from_str(""));
                properties.set(&name, &value);
            }
            Some(Open::Dict {
                map,
                key,
                pairs,
                entries,
                ..
            }) => {
                let Some(k) = key.take() else {
                    *key = Some(value);
                    return Ok(());
                };
                if let Some(pairs) = pairs {
                    pairs.push(&Array::of2(&k, &value));
                    return Ok(());
                }
                if !self.careful {
                    map.set(&k, &value);
                    *entries = entries.saturating_add(1);
                    return Ok(());
                }
                if !map.has(&k) {
                    map.set(&k, &value);
                    return Ok(());
                }
                // A key a Map would merge with another (int 1 and float 1.0): pairs.
                let list = Array::new();
                map.for_each(&mut |v, k| {
                    list.push(&Array::of2(&k, &v));
                });
                list.push(&Array::of2(&k, &value));
                *pairs = Some(list);
            }
        }
        Ok(())
    }

    fn close(&mut self) -> Result<(), JsValue> {
        if let Some(Open::Dict { map, entries, .. }) = self.open.last() {
            if !self.careful && map.size() != *entries {
                self.merged = true;
            }
        }
        let u = JsValue::UNDEFINED;
        let value = match self.open.pop() {
            None => return Ok(()),
            Some(Open::List { list, typed: None }) => list.into(),
            Some(Open::List {
                list,
                typed: Some((element, packed)),
            }) => self.call("TypedArray", &list, &element, &JsValue::from_bool(packed))?,
            Some(Open::Dict {
                pairs: Some(pairs),
                typed,
                ..
            }) => {
                let (k, v) = typed.unwrap_or((JsValue::NULL, JsValue::NULL));
                self.call("Pairs", &pairs, &k, &v)?
            }
            Some(Open::Dict {
                map, typed: None, ..
            }) => {
                if self.mapping.objects && all_string_keys(&map) {
                    Object::from_entries(&map)?.into()
                } else {
                    map.into()
                }
            }
            Some(Open::Dict {
                map,
                typed: Some((k, v)),
                ..
            }) => self.call("TypedDictionary", &map, &k, &v)?,
            Some(Open::Object {
                class, properties, ..
            }) => self.call("Object", &JsValue::from_str(&class), &properties, &u)?,
        };
        self.attach(value)
    }
}

fn double(double: bool, name: &'static str) -> &'static str {
    if !double {
        return name;
    }
    match name {
        "PackedVector2Array" => "PackedVector2Array:double",
        "PackedVector3Array" => "PackedVector3Array:double",
        _ => "PackedVector4Array:double",
    }
}

fn all_string_keys(map: &Map) -> bool {
    let mut all = true;
    map.for_each(&mut |_, k| all &= k.as_string().is_some_and(|k| !array_index(&k)));
    // A plain object's "__proto__" key would set its prototype: keep a Map.
    all && !map.has(&JsValue::from_str("__proto__"))
}

/// Is `key` an array index ("0", "42"), which a plain object lists before its other keys?
/// Such a Dictionary stays a Map, so that its order (and the bytes `dumps` writes back) is
/// the engine's.
fn array_index(key: &str) -> bool {
    key.parse::<u32>()
        .is_ok_and(|n| n != u32::MAX && n.to_string() == key)
}

impl<'a> Visitor<'a> for Walk<'_> {
    type Break = JsValue;

    fn value(&mut self, value: &Value<'a>, _place: Place) -> ControlFlow<JsValue> {
        let result = match self.leaf(value) {
            Ok(Some(leaf)) => self.attach(leaf),
            Ok(None) => Ok(()),
            Err(e) => Err(e),
        };
        result.map_or_else(ControlFlow::Break, ControlFlow::Continue)
    }

    fn property(&mut self, name: GdStr<'a>, _place: Place) -> ControlFlow<JsValue> {
        if let Some(Open::Object { name: slot, .. }) = self.open.last_mut() {
            *slot = Some(string(&name));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, _place: Place) -> ControlFlow<JsValue> {
        self.close()
            .map_or_else(ControlFlow::Break, ControlFlow::Continue)
    }
}
