//! Writing a [`Variant`] (through the [`Builder`]) and measuring it without writing.

use super::{MathComponents, Object, Variant};
use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::utf8::godot_view;
use crate::write::sink::{ByteCount, Sink};
use crate::write::{BuildError, Builder};
use alloc::{string::String, vec::Vec};

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
    pub fn write<S: Sink>(&self, builder: Builder<'_, S>) -> Result<(), BuildError> {
        self.write_at(builder, 0)
    }

    /// The recursive step. Kept small: in debug builds a frame holds every arm's locals,
    /// so leaves and each container kind are written by separate functions.
    fn write_at<S: Sink>(&self, b: Builder<'_, S>, depth: usize) -> Result<(), BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        match self {
            Variant::Object(Object::Full(o)) => write_object(b, &o.class, &o.properties, depth),
            Variant::Dictionary(d) => {
                write_dictionary(b, d.key_type(), d.value_type(), d.entries(), depth)
            }
            Variant::Array(a) | Variant::TypedArray(a) => {
                write_array(b, a.element_type(), a.items(), depth)
            }
            Variant::PackedTypedArray(a) => {
                let mut array = b.packed_typed_array(a.element_type().as_deref())?;
                for item in a.items() {
                    item.write_at(array.push(), depth + 1)?;
                }
                array.finish()
            }
            leaf => leaf.write_leaf(b, depth),
        }
    }

    /// Writes a value that holds no other values.
    #[inline(never)]
    fn write_leaf<S: Sink>(&self, b: Builder<'_, S>, depth: usize) -> Result<(), BuildError> {
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
            Variant::NodePath(p) => b.node_path(&p.names, &p.subnames, p.absolute),
            Variant::Rid(id) => b.rid(*id),
            Variant::Object(Object::Null) => b.object_null(),
            Variant::Object(Object::Id(id)) => b.object_id(*id),
            // `write_at` sends these to their own functions, never here.
            Variant::Object(Object::Full(_))
            | Variant::Dictionary(_)
            | Variant::Array(_)
            | Variant::TypedArray(_)
            | Variant::PackedTypedArray(_) => self.write_at(b, depth),
            Variant::Callable => b.callable(),
            Variant::Signal { name, object_id } => b.signal(name, *object_id),
            packed @ super::packed::packed_variant_pattern!() => packed.write_packed(b),
        }
    }

    /// The exact number of bytes [`Variant::encode`] writes in `dialect`, or the error it
    /// returns: the same builder code runs into a [`ByteCount`] instead of a vector, so the
    /// checks are the builder's own. Allocates nothing (except what `encode` itself would
    /// allocate for a double-precision `Color`). O(number of nodes and strings): packed
    /// arrays of fixed-size elements are O(1).
    pub fn encoded_len(&self, dialect: Dialect) -> Result<usize, BuildError> {
        let mut count = ByteCount::new();
        self.write_at(Builder::new(&mut count, dialect), 0)?;
        Ok(count.len())
    }
}

#[inline(never)]
fn write_object<S: Sink>(
    b: Builder<'_, S>,
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
fn write_dictionary<S: Sink>(
    b: Builder<'_, S>,
    key_type: &ContainerType<String>,
    value_type: &ContainerType<String>,
    entries: &[(Variant, Variant)],
    depth: usize,
) -> Result<(), BuildError> {
    let mut dict = b.typed_dictionary(key_type.as_deref(), value_type.as_deref())?;
    for (key, value) in entries {
        let slot = dict.try_entry_with(|kb| key.write_at(kb, depth + 1))?;
        value.write_at(slot, depth + 1)?;
    }
    dict.finish()
}

#[inline(never)]
fn write_array<S: Sink>(
    b: Builder<'_, S>,
    element_type: &ContainerType<String>,
    items: &[Variant],
    depth: usize,
) -> Result<(), BuildError> {
    let mut array = b.typed_array(element_type.as_deref())?;
    for item in items {
        item.write_at(array.push(), depth + 1)?;
    }
    array.finish()
}

/// Does Godot read this class name as empty (the engine's null object)?
fn is_null_class(class: &str) -> bool {
    godot_view(class.as_bytes()).is_empty()
}
