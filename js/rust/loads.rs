//! A parsed value to JavaScript values: the JavaScript side of the crate's one walk
//! ([`gdvariant::host`]), which keeps the open containers on the heap (no recursion) and
//! decodes every node once. This file says only what each Godot value is in JavaScript;
//! classes the package defines in JavaScript are made by its `make(kind, a, b, c)`
//! factory.

use gdvariant::host::{self, ArrayType, DictionaryType, HostBuilder, PackedData, TypeName};
use gdvariant::{Dialect, GdStr, MathRef, NodePathRef, PackedStrings, SignalRef, Value};
use gdvariant::{VariantRef, VariantType};
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

/// An Array being filled: a typed array's element type and whether it is Pandemonium's
/// PackedTypedArray.
pub struct List {
    list: Array,
    typed: Option<(JsValue, bool)>,
}

/// A Dictionary being filled.
pub struct Dict {
    map: Map,
    /// Set once a key would merge with another in `map`: the pairs so far.
    pairs: Option<Array>,
    typed: Option<(JsValue, JsValue)>,
    /// Entries set into `map` by the fast walk.
    entries: u32,
}

/// A full Object being filled.
pub struct Properties {
    class: String,
    properties: Map,
}

/// The builder of JavaScript values.
struct Js<'f> {
    make: &'f Function,
    mapping: Mapping,
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
    let mut js = Js::new(make, mapping, false);
    let made = host::build(value, &mut js)?;
    if js.merged {
        // A Dictionary with keys a Map merges (int 1 and float 1.0): walk again, checking
        // each key, so that it gives Pairs. Rare: only such inputs pay twice.
        return host::build(value, &mut Js::new(make, mapping, true));
    }
    Ok(made)
}

/// The JavaScript value of a leaf `value` (not a container): a packed array's element.
pub fn leaf_to_js(
    value: &Value<'_>,
    make: &Function,
    mapping: Mapping,
) -> Result<JsValue, JsValue> {
    let made = host::leaf(&mut Js::new(make, mapping, true), value)?;
    Ok(made.unwrap_or(JsValue::UNDEFINED))
}

fn string(s: &GdStr<'_>) -> JsValue {
    JsValue::from_str(s.as_str())
}

impl<'f> Js<'f> {
    fn new(make: &'f Function, mapping: Mapping, careful: bool) -> Self {
        Js {
            make,
            mapping,
            careful,
            merged: false,
            strings: Strings::new(),
        }
    }

    fn call(&self, kind: &str, a: &JsValue, b: &JsValue, c: &JsValue) -> Made {
        let args = Array::of4(&JsValue::from_str(kind), a, b, c);
        self.make.apply(&JsValue::NULL, &args)
    }

    /// `ContainerType(kind, name)`, or `null` for untyped.
    fn container_type(&self, t: Option<TypeName<'_>>) -> Made {
        let Some(t) = t else {
            return Ok(JsValue::NULL);
        };
        let (kind, name) = (JsValue::from_str(t.kind), JsValue::from_str(t.name));
        self.call("ContainerType", &kind, &name, &JsValue::UNDEFINED)
    }
}

type Made = Result<JsValue, JsValue>;

const U: JsValue = JsValue::UNDEFINED;

impl<'a> HostBuilder<'a> for Js<'_> {
    type Value = JsValue;
    type Array = List;
    type Dictionary = Dict;
    type Object = Properties;
    type Error = JsValue;

    fn nil(&mut self) -> Made {
        Ok(JsValue::NULL)
    }

    fn bool(&mut self, b: bool) -> Made {
        Ok(JsValue::from_bool(b))
    }

    fn int(&mut self, n: i64) -> Made {
        Ok(int(n, self.mapping.bigint))
    }

    fn float(&mut self, x: f64) -> Made {
        Ok(JsValue::from_f64(x))
    }

    fn string(&mut self, s: GdStr<'a>, _key: bool) -> Made {
        Ok(self.strings.get(s.as_str()))
    }

    fn string_name(&mut self, s: GdStr<'a>) -> Made {
        self.call("StringName", &string(&s), &U, &U)
    }

    fn node_path(&mut self, p: NodePathRef<'a>) -> Made {
        let names: Array = p.names().map(|s| string(&s)).collect();
        let subnames: Array = p.subnames().map(|s| string(&s)).collect();
        let absolute = JsValue::from_bool(p.is_absolute());
        self.call("NodePath", &names, &subnames, &absolute)
    }

    fn rid(&mut self, n: u64) -> Made {
        self.call("RID", &id(n, self.mapping.bigint), &U, &U)
    }

    fn object_id(&mut self, n: u64) -> Made {
        self.call("ObjectId", &id(n, self.mapping.bigint), &U, &U)
    }

    fn callable(&mut self) -> Made {
        self.call("Callable", &U, &U, &U)
    }

    fn signal(&mut self, s: SignalRef<'a>) -> Made {
        let object = id(s.object_id(), self.mapping.bigint);
        self.call("Signal", &string(&s.name()), &object, &U)
    }

    fn math(&mut self, m: MathRef<'a>) -> Made {
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
        self.call(name, &components, &JsValue::from_bool(m.is_double()), &U)
    }

    fn packed_bytes(&mut self, bytes: &'a [u8]) -> Made {
        Ok(Uint8Array::from(bytes).into())
    }

    fn packed_strings(&mut self, strings: PackedStrings<'a>) -> Made {
        let list = Array::new();
        for s in strings.iter() {
            list.push(&string(&s));
        }
        self.call("PackedStringArray", &list, &U, &U)
    }

    fn packed(&mut self, array: PackedData<'a>) -> Made {
        let name = packed_name(array.ty(), array.is_double());
        // A fresh copy of the little-endian elements; JavaScript views it with its type.
        let data = Uint8Array::from(array.as_bytes());
        self.call("Packed", &JsValue::from_str(name), &data, &U)
    }

    fn begin_array(&mut self, ty: ArrayType<'a>) -> Result<List, JsValue> {
        let typed = match ty {
            ArrayType::Untyped => None,
            ArrayType::Typed { element, packed } => Some((self.container_type(element)?, packed)),
        };
        Ok(List {
            list: Array::new(),
            typed,
        })
    }

    fn push(&mut self, array: &mut List, value: JsValue) -> Result<(), JsValue> {
        array.list.push(&value);
        Ok(())
    }

    fn end_array(&mut self, array: List) -> Made {
        match array.typed {
            None => Ok(array.list.into()),
            Some((element, packed)) => {
                let packed = JsValue::from_bool(packed);
                self.call("TypedArray", &array.list, &element, &packed)
            }
        }
    }

    fn begin_dictionary(&mut self, ty: DictionaryType<'a>) -> Result<Dict, JsValue> {
        let typed = match ty {
            DictionaryType::Untyped => None,
            DictionaryType::Typed { key, value } => {
                Some((self.container_type(key)?, self.container_type(value)?))
            }
        };
        Ok(Dict {
            map: Map::new(),
            pairs: None,
            typed,
            entries: 0,
        })
    }

    fn insert(&mut self, dict: &mut Dict, key: JsValue, value: JsValue) -> Result<(), JsValue> {
        if let Some(pairs) = &dict.pairs {
            pairs.push(&Array::of2(&key, &value));
            return Ok(());
        }
        if !self.careful {
            dict.map.set(&key, &value);
            dict.entries = dict.entries.saturating_add(1);
            return Ok(());
        }
        if !dict.map.has(&key) {
            dict.map.set(&key, &value);
            return Ok(());
        }
        // A key a Map would merge with another (int 1 and float 1.0): pairs.
        let list = Array::new();
        dict.map.for_each(&mut |v, k| {
            list.push(&Array::of2(&k, &v));
        });
        list.push(&Array::of2(&key, &value));
        dict.pairs = Some(list);
        Ok(())
    }

    fn end_dictionary(&mut self, dict: Dict) -> Made {
        if !self.careful && dict.map.size() != dict.entries {
            self.merged = true;
        }
        match (dict.pairs, dict.typed) {
            (Some(pairs), typed) => {
                let (k, v) = typed.unwrap_or((JsValue::NULL, JsValue::NULL));
                self.call("Pairs", &pairs, &k, &v)
            }
            (None, None) => {
                if self.mapping.objects && all_string_keys(&dict.map) {
                    Ok(Object::from_entries(&dict.map)?.into())
                } else {
                    Ok(dict.map.into())
                }
            }
            (None, Some((k, v))) => self.call("TypedDictionary", &dict.map, &k, &v),
        }
    }

    fn begin_object(&mut self, class: GdStr<'a>) -> Result<Properties, JsValue> {
        Ok(Properties {
            class: class.as_str().to_owned(),
            properties: Map::new(),
        })
    }

    fn property(
        &mut self,
        object: &mut Properties,
        name: GdStr<'a>,
        value: JsValue,
    ) -> Result<(), JsValue> {
        object.properties.set(&string(&name), &value);
        Ok(())
    }

    fn end_object(&mut self, object: Properties) -> Made {
        let class = JsValue::from_str(&object.class);
        self.call("Object", &class, &object.properties, &U)
    }
}

/// The name `make` knows a packed array of fixed-size elements by: its Godot 4 name, and
/// `:double` for vectors of f64.
fn packed_name(ty: VariantType, double: bool) -> &'static str {
    match (ty, double) {
        (VariantType::PackedVector2Array, true) => "PackedVector2Array:double",
        (VariantType::PackedVector3Array, true) => "PackedVector3Array:double",
        (VariantType::PackedVector4Array, true) => "PackedVector4Array:double",
        (ty, _) => ty.name(Dialect::Godot4),
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
