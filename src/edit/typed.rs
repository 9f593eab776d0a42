//! What a slot takes: the element type of a typed Array, the key and value types of a
//! typed Dictionary (Godot 4), the `script` property of a Godot 4 object.
//!
//! The engine's rule (`ContainerTypeValidate` in Godot 4): a value of the declared
//! builtin type fits; so does `null` where objects are declared; a String and a StringName
//! are turned into each other, and an int into a float (exactly, as a double: Godot 4.6.3
//! decodes the int 16777217 in an `Array[float]` as `16777217.0`), when stored. Anything
//! else is refused (the engine drops such an array element with an error when it decodes
//! it). Objects of a declared class or script are only checked for being objects (or
//! null): there is no class database here.

use alloc::{
    format,
    string::{String, ToString},
};

use crate::read::lookup::Key;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;
use crate::write::{BuildError, Builder};

/// A value to write instead of the one given, as the engine converts it on storing.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Rewrite {
    /// An int stored into a float slot.
    Float(f64),
    /// A StringName stored into a String slot.
    String(String),
    /// A String stored into a StringName slot.
    StringName(String),
}

impl Rewrite {
    /// Writes the converted value.
    pub(super) fn write(&self, b: Builder<'_>) -> Result<(), BuildError> {
        match self {
            Rewrite::Float(x) => b.float(*x),
            Rewrite::String(text) => b.string(text),
            Rewrite::StringName(text) => b.string_name(text),
        }
    }
}

/// What a slot declared `expected` takes, in words: `int`, `an Object of class Node`, ….
pub(super) fn describe(expected: &ContainerType<GdStr<'_>>, dialect: Dialect) -> String {
    match expected {
        ContainerType::Untyped => "any value".to_string(),
        ContainerType::Builtin(ty) => ty.name(dialect).to_string(),
        ContainerType::ClassName(class) => format!("an Object of class {class}"),
        ContainerType::Script(path) => format!("an Object with the script {path}"),
    }
}

/// Does `value` fit a slot declared `expected`? `Ok(None)`: as it is; `Ok(Some)`: after
/// the engine's conversion; `Err(())`: it does not.
pub(super) fn fit(
    expected: &ContainerType<GdStr<'_>>,
    value: &VariantRef<'_>,
) -> Result<Option<Rewrite>, ()> {
    let ty = value.ty();
    let object_slot = match expected {
        ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil) => return Ok(None),
        ContainerType::Builtin(VariantType::Object) => true,
        ContainerType::ClassName(_) | ContainerType::Script(_) => true,
        ContainerType::Builtin(want) if *want == ty => return Ok(None),
        ContainerType::Builtin(VariantType::String) if ty == VariantType::StringName => {
            let text = value.as_str().unwrap_or_default().to_string();
            return Ok(Some(Rewrite::String(text)));
        }
        ContainerType::Builtin(VariantType::StringName) if ty == VariantType::String => {
            let text = value.as_str().unwrap_or_default().to_string();
            return Ok(Some(Rewrite::StringName(text)));
        }
        ContainerType::Builtin(VariantType::Float) if ty == VariantType::Int => {
            // As a double, exactly where it can be (Godot 4.6.3: 16777217 stays 16777217.0).
            let n = value.as_int().unwrap_or_default();
            return Ok(Some(Rewrite::Float(n as f64)));
        }
        ContainerType::Builtin(_) => false,
    };
    if object_slot && matches!(ty, VariantType::Object | VariantType::Nil) {
        Ok(None)
    } else {
        Err(())
    }
}

/// Writes the key a path step names, for a new entry of a dictionary whose keys are
/// declared `key_type`: a String (a StringName where StringNames are declared) or an int.
/// `Err` with the key's type name when the declared type takes neither.
pub(super) fn write_key(
    b: Builder<'_>,
    key: &Key,
    key_type: &ContainerType<GdStr<'_>>,
) -> Result<Result<(), BuildError>, &'static str> {
    let dialect = b.dialect();
    match (key, key_type) {
        (Key::Text(text), ContainerType::Builtin(VariantType::StringName)) => {
            Ok(b.string_name(text))
        }
        (
            Key::Text(text),
            ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil | VariantType::String),
        ) => Ok(b.string(text)),
        (
            Key::Int(n),
            ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil | VariantType::Int),
        ) => Ok(b.int(*n)),
        (Key::Text(_), _) => Err(VariantType::String.name(dialect)),
        (Key::Int(_), _) => Err(VariantType::Int.name(dialect)),
    }
}

/// Is `name` (as Godot reads it) a Godot 4 object's `script` property, whose value must
/// be null or a String?
pub(super) fn is_script(name: &str, dialect: Dialect) -> bool {
    dialect.script_is_path() && name == "script"
}

/// Does `value` fit a Godot 4 `script` property?
pub(super) fn fits_script(value: &VariantRef<'_>) -> bool {
    matches!(value.ty(), VariantType::Nil | VariantType::String)
}
