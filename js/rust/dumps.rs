//! JavaScript values to the engine's bytes, through the crate's `Builder`. The package's
//! `kindOf(value)` names what a JavaScript object is (its class); this module reads its
//! fields and writes it.

use gdvariant::{BuildError, Builder, ContainerType, Dialect, VariantType, GODOT_MAX_DEPTH};
use js_sys::{Array, BigInt, Function, Map, Object, Reflect, Uint8Array};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// What goes wrong writing a value: a JavaScript value no Godot type holds (`TypeError`)
/// or one the dialect cannot hold (`EncodeError`).
pub enum Fail {
    /// The message of a `TypeError`.
    Type(String),
    /// A `BuildError`.
    Build(BuildError),
    /// An exception JavaScript raised while being read (a getter, `kindOf`).
    Js(JsValue),
}

impl From<BuildError> for Fail {
    fn from(e: BuildError) -> Self {
        Fail::Build(e)
    }
}

impl From<JsValue> for Fail {
    fn from(e: JsValue) -> Self {
        Fail::Js(e)
    }
}

/// The largest integer a `number` holds exactly.
const SAFE: f64 = 9_007_199_254_740_991.0;

pub struct Encoder<'f> {
    pub kind_of: &'f Function,
    pub dialect: Dialect,
    /// Ints are `BigInt`s and every `number` is a float (what `loads` gives with
    /// `bigint`): the exact round trip.
    pub bigint: bool,
}

fn get(obj: &JsValue, key: &str) -> Result<JsValue, Fail> {
    Ok(Reflect::get(obj, &JsValue::from_str(key))?)
}

fn text(v: &JsValue, what: &str) -> Result<String, Fail> {
    v.as_string()
        .ok_or_else(|| Fail::Type(format!("{what} must be a string")))
}

/// A 64-bit id (RID, object ids): a non-negative number or BigInt.
fn u64_of(v: &JsValue, what: &str) -> Result<u64, Fail> {
    if let Some(n) = v.as_f64() {
        if n.fract() == 0.0 && (0.0..=SAFE).contains(&n) {
            // Exact: a non-negative integer below 2^53.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            return Ok(n as u64);
        }
    } else if let Some(b) = v.dyn_ref::<BigInt>() {
        if let Some(s) = b.to_string(10).ok().and_then(|s| s.as_string()) {
            if let Ok(n) = s.parse::<u64>() {
                return Ok(n);
            }
        }
    }
    Err(Fail::Type(format!(
        "{what} must be an integer from 0 to 2^64 - 1"
    )))
}

fn i64_of_bigint(b: &BigInt) -> Result<i64, Fail> {
    b.to_string(10)
        .ok()
        .and_then(|s| s.as_string())
        .and_then(|s| s.parse::<i64>().ok())
        .ok_or_else(|| Fail::Type("a Godot int is 64-bit: this BigInt does not fit".into()))
}

/// The type whose name is `name` (the dialect's, or Godot 4's).
fn type_named(name: &str, dialect: Dialect) -> Option<VariantType> {
    VariantType::named(name, dialect).or_else(|| VariantType::named(name, Dialect::Godot4))
}

/// The kind and name of a `ContainerType` (or `null`).
fn container(v: &JsValue) -> Result<Option<(String, String)>, Fail> {
    if v.is_null() || v.is_undefined() {
        return Ok(None);
    }
    Ok(Some((
        text(&get(v, "kind")?, "a ContainerType's kind")?,
        text(&get(v, "name")?, "a ContainerType's name")?,
    )))
}

fn container_type(
    t: Option<&(String, String)>,
    dialect: Dialect,
) -> Result<ContainerType<&str>, Fail> {
    let Some((kind, name)) = t else {
        return Ok(ContainerType::Untyped);
    };
    Ok(match kind.as_str() {
        "builtin" => ContainerType::Builtin(
            type_named(name, dialect)
                .ok_or_else(|| Fail::Type(format!("no builtin type is named {name:?}")))?,
        ),
        "class" => ContainerType::ClassName(name),
        "script" => ContainerType::Script(name),
        other => {
            return Err(Fail::Type(format!(
                "a ContainerType's kind is \"builtin\", \"class\" or \"script\", not {other:?}"
            )))
        }
    })
}

/// The bytes of a typed array (its elements, little-endian on every JavaScript engine that
/// runs WebAssembly).
fn view_bytes(v: &JsValue) -> Result<Vec<u8>, Fail> {
    let buffer = get(v, "buffer")?;
    let offset = get(v, "byteOffset")?.as_f64().unwrap_or(0.0);
    let len = get(v, "byteLength")?.as_f64().unwrap_or(0.0);
    // Byte offsets and lengths of a typed array are below 2^53 and non-negative.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let view = Uint8Array::new_with_byte_offset_and_length(&buffer, offset as u32, len as u32);
    Ok(view.to_vec())
}

impl Encoder<'_> {
    pub fn write(&self, v: &JsValue, b: Builder<'_>, depth: u16) -> Result<(), Fail> {
        if v.is_null() || v.is_undefined() {
            return Ok(b.nil()?);
        }
        if let Some(x) = v.as_bool() {
            return Ok(b.bool(x)?);
        }
        if let Some(s) = v.as_string() {
            return Ok(b.string(&s)?);
        }
        if let Some(n) = v.as_f64() {
            // An integer a number holds exactly is an int; -0, fractions, NaN, the
            // infinities and integers past 2^53 are floats.
            if !self.bigint
                && n.fract() == 0.0
                && n.abs() <= SAFE
                && !(n == 0.0 && n.is_sign_negative())
            {
                // Exact: an integer of at most 53 bits.
                #[allow(clippy::cast_possible_truncation)]
                return Ok(b.int(n as i64)?);
            }
            return Ok(b.float(n)?);
        }
        if let Some(big) = v.dyn_ref::<BigInt>() {
            return Ok(b.int(i64_of_bigint(big)?)?);
        }
        if !v.is_object() {
            return Err(Fail::Type(
                "cannot write a function or a symbol as a Godot value".into(),
            ));
        }
        let kind = self
            .kind_of
            .call1(&JsValue::NULL, v)?
            .as_string()
            .unwrap_or_default();
        let nests = matches!(
            kind.as_str(),
            "Array" | "Map" | "Object" | "TypedArray" | "TypedDictionary" | "Pairs" | "GodotObject"
        );
        if nests && depth >= GODOT_MAX_DEPTH {
            return Err(Fail::Build(BuildError::TooDeep));
        }
        match kind.as_str() {
            "Array" => self.items(v, b.array()?, depth),
            "Map" => self.map(v, b.dictionary()?, depth),
            "Object" => {
                let entries = Object::entries(v.unchecked_ref());
                self.pairs(&entries, b.dictionary()?, depth)
            }
            "TypedArray" => {
                let element = container(&get(v, "elementType")?)?;
                let element = container_type(element.as_ref(), self.dialect)?;
                let array = if get(v, "packed")?.is_truthy() {
                    b.packed_typed_array(element)?
                } else {
                    b.typed_array(element)?
                };
                self.items(v, array, depth)
            }
            "TypedDictionary" | "Pairs" => {
                let k = container(&get(v, "keyType")?)?;
                let t = container(&get(v, "valueType")?)?;
                let dict = b.typed_dictionary(
                    container_type(k.as_ref(), self.dialect)?,
                    container_type(t.as_ref(), self.dialect)?,
                )?;
                if kind == "Pairs" {
                    self.pairs(&Array::from(v), dict, depth)
                } else {
                    self.map(v, dict, depth)
                }
            }
            "PackedStringArray" => {
                let strings = Array::from(v)
                    .iter()
                    .map(|s| text(&s, "a PackedStringArray's items"))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(b.packed_strings(strings.iter().map(String::as_str))?)
            }
            "StringName" => Ok(b.string_name(&text(&get(v, "name")?, "a StringName")?)?),
            "NodePath" => {
                let strings = |key| -> Result<Vec<String>, Fail> {
                    Array::from(&get(v, key)?)
                        .iter()
                        .map(|s| text(&s, "a NodePath's names"))
                        .collect()
                };
                let (names, subnames) = (strings("names")?, strings("subnames")?);
                let absolute = get(v, "absolute")?.is_truthy();
                Ok(b.node_path(&names, &subnames, absolute)?)
            }
            "RID" => Ok(b.rid(u64_of(&get(v, "id")?, "a RID's id")?)?),
            "ObjectId" => Ok(b.object_id(u64_of(&get(v, "id")?, "an object id")?)?),
            "Callable" => Ok(b.callable()?),
            "Signal" => {
                let name = text(&get(v, "name")?, "a Signal's name")?;
                let id = u64_of(&get(v, "objectId")?, "a Signal's object id")?;
                Ok(b.signal(&name, id)?)
            }
            "GodotObject" => {
                let class = text(&get(v, "className")?, "an Object's class name")?;
                let properties: Map = get(v, "properties")?
                    .dyn_into()
                    .map_err(|_| Fail::Type("an Object's properties must be a Map".into()))?;
                let mut object = b.object(&class)?;
                for entry in properties.entries() {
                    let entry = Array::from(&entry?);
                    let name = text(&entry.get(0), "an Object's property names")?;
                    self.write(&entry.get(1), object.property(&name)?, depth + 1)?;
                }
                Ok(object.finish()?)
            }
            "Uint8Array" => Ok(b.packed_bytes(&view_bytes(v)?)?),
            packed if packed.starts_with("Packed") => {
                let (name, double) = match packed.strip_suffix(":double") {
                    Some(name) => (name, true),
                    None => (packed, false),
                };
                let ty = type_named(name, Dialect::Godot4)
                    .ok_or_else(|| Fail::Type(format!("no packed array is named {name:?}")))?;
                Ok(b.packed_le_bytes(ty, double, &view_bytes(v)?)?)
            }
            math => self.math(v, math, b),
        }
    }

    fn math(&self, v: &JsValue, kind: &str, b: Builder<'_>) -> Result<(), Fail> {
        let ty = type_named(kind, Dialect::Godot4)
            .filter(|_| !kind.is_empty())
            .ok_or_else(|| Fail::Type(format!("cannot write a {kind} as a Godot value")))?;
        let components: Vec<f64> = Array::from(&get(v, "components")?)
            .iter()
            .map(|c| c.as_f64().unwrap_or(f64::NAN))
            .collect();
        let integer = kind.ends_with('i');
        if integer {
            let ints = components
                .iter()
                .map(|&c| {
                    // Checked: an integer in i32's range.
                    #[allow(clippy::cast_possible_truncation)]
                    let i = c as i32;
                    if f64::from(i) == c {
                        Ok(i)
                    } else {
                        Err(Fail::Type(format!(
                            "{kind}'s components are 32-bit integers"
                        )))
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(b.math_i32(ty, &ints)?);
        }
        if get(v, "double")?.is_truthy() {
            return Ok(b.math_f64(ty, &components)?);
        }
        // Rounded to the nearest f32, as the wire holds it.
        #[allow(clippy::cast_possible_truncation)]
        let narrow: Vec<f32> = components.iter().map(|&c| c as f32).collect();
        Ok(b.math(ty, &narrow)?)
    }

    fn items(
        &self,
        v: &JsValue,
        mut array: gdvariant::ArrayBuilder<'_>,
        depth: u16,
    ) -> Result<(), Fail> {
        for item in Array::from(v).iter() {
            self.write(&item, array.push(), depth + 1)?;
        }
        Ok(array.finish()?)
    }

    fn map(&self, v: &JsValue, dict: gdvariant::DictBuilder<'_>, depth: u16) -> Result<(), Fail> {
        let map: &Map = v.unchecked_ref();
        let entries: Array = Array::from(&map.entries().into());
        self.pairs(&entries, dict, depth)
    }

    fn pairs(
        &self,
        pairs: &Array,
        mut dict: gdvariant::DictBuilder<'_>,
        depth: u16,
    ) -> Result<(), Fail> {
        for pair in pairs.iter() {
            let pair = Array::from(&pair);
            let (k, v) = (pair.get(0), pair.get(1));
            let slot = dict.try_entry_with(|key| self.write(&k, key, depth + 1))?;
            self.write(&v, slot, depth + 1)?;
        }
        Ok(dict.finish()?)
    }
}
