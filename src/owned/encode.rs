//! Writing a [`Variant`] (through the [`Builder`]) and measuring it without writing.

use super::{MathComponents, Object, OwnedContainerType, PackedVectors, Variant};
use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::bytes::pad4;
use crate::wire::dialect::Dialect;
use crate::wire::types::{Component, Layout, VariantType};
use crate::wire::utf8::godot_view;
use crate::write::{count_word, BuildError, Builder};
use alloc::{string::String, vec::Vec};

/// Bytes of a value header.
const HEADER: usize = 4;

impl Variant {
    /// Appends the value to `out` in `dialect`, byte for byte as the engine writes it (the
    /// [`Builder`]'s choices: narrowest int and float forms, zero padding, a null object as
    /// a NIL header, …).
    ///
    /// Errors: a type or form the dialect lacks (`StringName`, `Callable`, `Signal`,
    /// `Vector2i`…, `PackedInt64Array`… in Godot 3: [`BuildError::TypeNotInDialect`];
    /// double-precision math or vectors, typed containers, a non-zero RID in Godot 3:
    /// [`BuildError::NotInDialect`]), math components that do not suit the type
    /// ([`BuildError::NotMath`], [`BuildError::WrongComponentCount`]), a length over
    /// `i32::MAX` ([`BuildError::TooLong`]), nesting deeper than 1024
    /// ([`BuildError::TooDeep`]). On error `out` is left as it was.
    ///
    /// Cost: O(encoded size); recursion one frame per nesting level. Math components are
    /// written from their stored bits: f32 NaN payloads survive.
    pub fn encode(&self, out: &mut Vec<u8>, dialect: Dialect) -> Result<(), BuildError> {
        let start = out.len();
        let result = self.write_at(Builder::new(out, dialect), 0);
        if result.is_err() {
            out.truncate(start);
        }
        result
    }

    /// The encoding in a new vector of exactly [`Variant::encoded_len`] bytes (allocated
    /// once; the value is walked twice). Same errors as [`Variant::encode`].
    pub fn to_bytes(&self, dialect: Dialect) -> Result<Vec<u8>, BuildError> {
        let mut out = Vec::with_capacity(self.encoded_len(dialect)?);
        self.encode(&mut out, dialect)?;
        Ok(out)
    }

    /// Writes the value with `builder`, for example into a slot of a container being
    /// built. Same bytes and errors as [`Variant::encode`] (nesting is counted from this
    /// value), but on error the bytes written so far stay (a failed container slot holds
    /// `null`, so they remain a valid value).
    pub fn write(&self, builder: Builder<'_>) -> Result<(), BuildError> {
        self.write_at(builder, 0)
    }

    /// The recursive step. Kept small: in debug builds a frame holds every arm's locals,
    /// so leaves and each container kind are written by separate functions.
    fn write_at(&self, b: Builder<'_>, depth: usize) -> Result<(), BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        match self {
            Variant::Object(Object::Full { class, properties }) => {
                write_object(b, class, properties, depth)
            }
            Variant::Dictionary {
                key_type,
                value_type,
                entries,
            } => write_dictionary(b, key_type, value_type, entries, depth),
            Variant::Array {
                element_type,
                items,
            } => write_array(b, element_type, items, depth),
            leaf => leaf.write_leaf(b, depth),
        }
    }

    /// Writes a value that holds no other values.
    #[inline(never)]
    fn write_leaf(&self, b: Builder<'_>, depth: usize) -> Result<(), BuildError> {
        match self {
            Variant::Nil => b.nil(),
            Variant::Bool(v) => b.bool(*v),
            Variant::Int(v) => b.int(*v),
            Variant::Float(v) => b.float(*v),
            Variant::String(s) => b.string(s),
            Variant::StringName(s) => b.string_name(s),
            Variant::Math { ty, components } => match components {
                MathComponents::F32(c) => b.math(*ty, c),
                MathComponents::F64(c) => b.math_f64(*ty, c),
                MathComponents::I32(c) => b.math_i32(*ty, c),
            },
            Variant::NodePath {
                names,
                subnames,
                absolute,
            } => b.node_path(names, subnames, *absolute),
            Variant::Rid(id) => b.rid(*id),
            Variant::Object(Object::Null) => b.object_null(),
            Variant::Object(Object::Id(id)) => b.object_id(*id),
            // `write_at` sends these to their own functions, never here.
            Variant::Object(Object::Full { .. })
            | Variant::Dictionary { .. }
            | Variant::Array { .. } => self.write_at(b, depth),
            Variant::Callable => b.callable(),
            Variant::Signal { name, object_id } => b.signal(name, *object_id),
            Variant::PackedByteArray(v) => b.packed_bytes(v),
            Variant::PackedInt32Array(v) => b.packed_i32(v),
            Variant::PackedInt64Array(v) => b.packed_i64(v),
            Variant::PackedFloat32Array(v) => b.packed_f32(v),
            Variant::PackedFloat64Array(v) => b.packed_f64(v),
            Variant::PackedStringArray(v) => b.packed_strings(v.iter()),
            Variant::PackedVector2Array(PackedVectors::F32(v)) => b.packed_vector2(v),
            Variant::PackedVector2Array(PackedVectors::F64(v)) => b.packed_vector2_f64(v),
            Variant::PackedVector3Array(PackedVectors::F32(v)) => b.packed_vector3(v),
            Variant::PackedVector3Array(PackedVectors::F64(v)) => b.packed_vector3_f64(v),
            Variant::PackedVector4Array(PackedVectors::F32(v)) => b.packed_vector4(v),
            Variant::PackedVector4Array(PackedVectors::F64(v)) => b.packed_vector4_f64(v),
            Variant::PackedColorArray(v) => b.packed_color(v),
        }
    }

    /// The exact number of bytes [`Variant::encode`] writes in `dialect`, or the error it
    /// returns, computed without writing or allocating. O(number of nodes and strings):
    /// packed arrays of fixed-size elements are O(1).
    pub fn encoded_len(&self, dialect: Dialect) -> Result<usize, BuildError> {
        self.len_at(dialect, 0, false)
    }

    /// Mirrors the checks of the builder methods `write_at` calls, in the same order.
    /// Containers are measured by separate functions (see `write_at`). `script`: the value
    /// is a Godot 4 object's `script` property, whose type the builder checks where it
    /// writes the header — after a leaf's own checks, before a container's contents.
    fn len_at(&self, dialect: Dialect, depth: usize, script: bool) -> Result<usize, BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        let payload = match self {
            Variant::Object(Object::Full { class, properties }) => {
                object_len(class, properties, dialect, depth, script)?
            }
            Variant::Dictionary {
                key_type,
                value_type,
                entries,
            } => {
                check_script_header(VariantType::Dictionary, script)?;
                dictionary_len(key_type, value_type, entries, dialect, depth)?
            }
            Variant::Array {
                element_type,
                items,
            } => {
                check_script_header(VariantType::Array, script)?;
                array_len(element_type, items, dialect, depth)?
            }
            leaf => {
                let len = leaf.leaf_len(dialect, depth)?;
                let header = match leaf {
                    // A null object is written as a NIL header.
                    Variant::Object(Object::Null) => VariantType::Nil,
                    other => other.ty(),
                };
                check_script_header(header, script)?;
                len
            }
        };
        Ok(HEADER.saturating_add(payload))
    }

    /// The payload size of a value that holds no other values.
    #[inline(never)]
    fn leaf_len(&self, dialect: Dialect, depth: usize) -> Result<usize, BuildError> {
        let ty = self.ty();
        Ok(match self {
            Variant::Nil | Variant::Object(Object::Null) => 0,
            Variant::Callable => {
                in_dialect(ty, dialect)?;
                0
            }
            Variant::Bool(_) => 4,
            Variant::Int(v) => {
                if i32::try_from(*v).is_ok() {
                    4
                } else {
                    8
                }
            }
            Variant::Float(v) => {
                if f64::from(*v as f32) == *v {
                    4
                } else {
                    8
                }
            }
            Variant::String(s) => string_len(s.as_bytes())?,
            Variant::StringName(s) => {
                in_dialect(ty, dialect)?;
                string_len(s.as_bytes())?
            }
            Variant::Math { ty, components } => math_len(*ty, components, dialect)?,
            Variant::NodePath {
                names, subnames, ..
            } => {
                count_word(names.len())?;
                count_word(subnames.len())?;
                let mut len = 12usize;
                for part in names.iter().chain(subnames) {
                    len = len.saturating_add(string_len(part.as_bytes())?);
                }
                len
            }
            Variant::Rid(id) => match dialect {
                Dialect::Godot4 => 8,
                _ if *id != 0 => return Err(not_in(dialect, "a RID id")),
                _ => 0,
            },
            Variant::Object(Object::Id(_)) => 8,
            // `len_at` sends these to their own functions, never here.
            Variant::Object(Object::Full { .. })
            | Variant::Dictionary { .. }
            | Variant::Array { .. } => {
                return self
                    .len_at(dialect, depth, false)
                    .map(|len| len.saturating_sub(HEADER))
            }
            Variant::Signal { name, .. } => {
                in_dialect(ty, dialect)?;
                string_len(name.as_bytes())?.saturating_add(8)
            }
            Variant::PackedByteArray(v) => string_len(v)?,
            Variant::PackedInt32Array(v) => packed_len(ty, v.len(), false, dialect)?,
            Variant::PackedInt64Array(v) => packed_len(ty, v.len(), false, dialect)?,
            Variant::PackedFloat32Array(v) => packed_len(ty, v.len(), false, dialect)?,
            Variant::PackedFloat64Array(v) => packed_len(ty, v.len(), false, dialect)?,
            Variant::PackedColorArray(v) => packed_len(ty, v.len(), false, dialect)?,
            Variant::PackedVector2Array(v) => vectors_len(ty, v, dialect)?,
            Variant::PackedVector3Array(v) => vectors_len(ty, v, dialect)?,
            Variant::PackedVector4Array(v) => vectors_len(ty, v, dialect)?,
            Variant::PackedStringArray(items) => {
                let mut len = 4usize;
                for item in items {
                    // Each item carries a NUL terminator counted in its length.
                    let n = item.len().saturating_add(1);
                    count_word(n)?;
                    len = len.saturating_add(4 + n + pad4(n));
                }
                count_word(items.len())?;
                in_dialect(ty, dialect)?;
                len
            }
        })
    }
}

#[inline(never)]
fn write_object(
    b: Builder<'_>,
    class: &str,
    properties: &[(String, Variant)],
    depth: usize,
) -> Result<(), BuildError> {
    if is_null_class(class) {
        return b.object_null();
    }
    let mut object = b.object(class)?;
    for (name, value) in properties {
        value.write_at(object.property(name)?, depth + 1)?;
    }
    object.finish()
}

#[inline(never)]
fn write_dictionary(
    b: Builder<'_>,
    key_type: &OwnedContainerType,
    value_type: &OwnedContainerType,
    entries: &[(Variant, Variant)],
    depth: usize,
) -> Result<(), BuildError> {
    let mut dict = b.dictionary_of(key_type.to_spec(), value_type.to_spec())?;
    for (key, value) in entries {
        let slot = dict.try_entry_with(|kb| key.write_at(kb, depth + 1))?;
        value.write_at(slot, depth + 1)?;
    }
    dict.finish()
}

#[inline(never)]
fn write_array(
    b: Builder<'_>,
    element_type: &OwnedContainerType,
    items: &[Variant],
    depth: usize,
) -> Result<(), BuildError> {
    let mut array = b.array_of(element_type.to_spec())?;
    for item in items {
        item.write_at(array.push(), depth + 1)?;
    }
    array.finish()
}

/// What the builder refuses where it writes the header of a Godot 4 object's `script`
/// property (see `BuildError::InvalidScriptProperty`): any type but Nil and String.
fn check_script_header(header: VariantType, script: bool) -> Result<(), BuildError> {
    if script && !matches!(header, VariantType::Nil | VariantType::String) {
        return Err(BuildError::InvalidScriptProperty(header));
    }
    Ok(())
}

#[inline(never)]
fn object_len(
    class: &str,
    properties: &[(String, Variant)],
    dialect: Dialect,
    depth: usize,
    script: bool,
) -> Result<usize, BuildError> {
    if is_null_class(class) {
        // Written as a NIL header, which a `script` property may hold.
        return Ok(0);
    }
    let mut len = string_len(class.as_bytes())?.saturating_add(4);
    check_script_header(VariantType::Object, script)?;
    for (name, value) in properties {
        len = len.saturating_add(string_len(name.as_bytes())?);
        // Godot 4 reads `script` as a resource path (the name as Godot reads the text).
        let is_script = dialect == Dialect::Godot4 && godot_view(name.as_bytes()) == b"script";
        len = len.saturating_add(value.len_at(dialect, depth + 1, is_script)?);
    }
    count_word(properties.len())?;
    Ok(len)
}

#[inline(never)]
fn dictionary_len(
    key_type: &OwnedContainerType,
    value_type: &OwnedContainerType,
    entries: &[(Variant, Variant)],
    dialect: Dialect,
    depth: usize,
) -> Result<usize, BuildError> {
    let mut len = 4usize;
    if key_type.to_spec().is_some() || value_type.to_spec().is_some() {
        require_godot4(dialect, "a typed Dictionary")?;
        len = len
            .saturating_add(type_len(key_type)?)
            .saturating_add(type_len(value_type)?);
    }
    for (key, value) in entries {
        len = len
            .saturating_add(key.len_at(dialect, depth + 1, false)?)
            .saturating_add(value.len_at(dialect, depth + 1, false)?);
    }
    count_word(entries.len())?;
    Ok(len)
}

#[inline(never)]
fn array_len(
    element_type: &OwnedContainerType,
    items: &[Variant],
    dialect: Dialect,
    depth: usize,
) -> Result<usize, BuildError> {
    let mut len = 4usize;
    if element_type.to_spec().is_some() {
        require_godot4(dialect, "a typed Array")?;
        len = len.saturating_add(type_len(element_type)?);
    }
    for item in items {
        len = len.saturating_add(item.len_at(dialect, depth + 1, false)?);
    }
    count_word(items.len())?;
    Ok(len)
}

/// Does Godot read this class name as empty (the engine's null object)?
fn is_null_class(class: &str) -> bool {
    godot_view(class.as_bytes()).is_empty()
}

fn not_in(dialect: Dialect, what: &'static str) -> BuildError {
    BuildError::NotInDialect { what, dialect }
}

fn require_godot4(dialect: Dialect, what: &'static str) -> Result<(), BuildError> {
    match dialect {
        Dialect::Godot4 => Ok(()),
        _ => Err(not_in(dialect, what)),
    }
}

fn in_dialect(ty: VariantType, dialect: Dialect) -> Result<(), BuildError> {
    ty.id(dialect)
        .map(|_| ())
        .ok_or(BuildError::TypeNotInDialect { ty, dialect })
}

/// A string field: length word, bytes, padding.
fn string_len(bytes: &[u8]) -> Result<usize, BuildError> {
    count_word(bytes.len())?;
    Ok(4 + bytes.len() + pad4(bytes.len()))
}

fn type_len(t: &OwnedContainerType) -> Result<usize, BuildError> {
    match t {
        OwnedContainerType::Untyped => Ok(0),
        OwnedContainerType::Builtin(_) => Ok(4),
        OwnedContainerType::ClassName(s) | OwnedContainerType::Script(s) => {
            string_len(s.as_bytes())
        }
    }
}

/// Count word and `count` elements of the type table's element size (the count is
/// checked before the type, as the builder does).
fn packed_len(
    ty: VariantType,
    count: usize,
    double: bool,
    dialect: Dialect,
) -> Result<usize, BuildError> {
    count_word(count)?;
    in_dialect(ty, dialect)?;
    let size = match ty.layout() {
        Layout::Packed(element) => element.size(double).unwrap_or(0),
        _ => 0,
    };
    Ok(count.saturating_mul(size).saturating_add(4))
}

fn vectors_len<const N: usize>(
    ty: VariantType,
    v: &PackedVectors<N>,
    dialect: Dialect,
) -> Result<usize, BuildError> {
    if v.is_double() {
        require_godot4(dialect, "a double-precision packed vector array")?;
    }
    packed_len(ty, v.len(), v.is_double(), dialect)
}

/// Checks as `Builder::math`, `math_f64` and `math_i32` do, then the payload size from
/// the type table's layout.
fn math_len(
    ty: VariantType,
    components: &MathComponents,
    dialect: Dialect,
) -> Result<usize, BuildError> {
    let (integer, size) = match components {
        MathComponents::F32(_) => (false, 4),
        // Color has no double form: its components are written as f32.
        MathComponents::F64(_) if ty == VariantType::Color => (false, 4),
        MathComponents::F64(_) => {
            require_godot4(dialect, "double-precision math")?;
            (false, 8)
        }
        MathComponents::I32(_) => (true, 4),
    };
    let got = components.len();
    match ty.layout() {
        Layout::Math(n, component) if (component == Component::I32) == integer => {
            let expected = usize::from(n);
            if expected != got {
                return Err(BuildError::WrongComponentCount { ty, expected, got });
            }
            in_dialect(ty, dialect)?;
            Ok(expected * size)
        }
        _ => Err(BuildError::NotMath(ty)),
    }
}
