//! [`Variant`]: an owned value, for callers who construct values or keep them past the
//! input buffer. Built from a parsed view with [`VariantRef::to_owned`](crate::VariantRef::to_owned),
//! written with [`Variant::encode`] (through the [`Builder`](crate::write::Builder), so the bytes
//! are the engine's).

pub(crate) mod access;
mod convert;
mod encode;
mod from;
mod packed;

use alloc::{string::String, vec::Vec};
use zerocopy::{Immutable, IntoBytes};

use crate::wire::container_type::ContainerType;
use crate::wire::types::VariantType;

/// An owned Variant of either dialect.
///
/// Each variant mirrors one wire type (math values and packed vector arrays carry their
/// precision, so every form the wire can hold is kept). Nothing is validated when a value
/// is constructed: [`Variant::encode`] reports what the dialect cannot express (a
/// `StringName` in Godot 3, a math value with the wrong number of components, …).
///
/// Strings are Rust `String`s. Godot reads a string up to its first NUL and without a
/// leading BOM (U+FEFF), so a string holding either is written as given but reads back
/// shortened.
///
/// `PartialEq` is derived and compares floats as floats: a value holding a NaN is not
/// equal to itself, and `0.0 == -0.0`. [`Variant::bitwise_eq`] compares floats bit for bit.
///
/// ```
/// use gdvariant::{Dialect, Variant, VariantRef};
///
/// let value = Variant::dictionary(vec![
///     ("hp".into(), 10.into()),
///     ("pos".into(), Variant::vector2([1.0, 2.0])),
///     ("tags".into(), vec!["a", "b"].into()),
/// ]);
/// let bytes = value.to_bytes(Dialect::Godot4)?;
/// assert_eq!(bytes.len(), value.encoded_len(Dialect::Godot4)?);
/// let back = VariantRef::parse(&bytes, Dialect::Godot4)?.to_owned();
/// assert_eq!(back, value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// Size: 88 bytes on 64-bit targets (the largest variant is a typed `Dictionary`); strings,
/// lists and math components are on the heap.
///
/// Stack: encoding, measuring, copying from a view, comparing, cloning and dropping
/// recurse once per nesting level. Encoding refuses more than Godot's 1024 levels; at that
/// depth a debug build needs about 1.2 MiB of stack to encode, 1.4 MiB to measure, 0.7 MiB
/// to copy from a view or compare, 2 MiB to clone (release builds need much less). Deeper
/// values can be built by hand; cloning or dropping one tens of thousands of levels deep
/// can exhaust a thread's stack.
#[derive(Clone, Debug, PartialEq, Default)]
pub enum Variant {
    /// `null`.
    #[default]
    Nil,
    /// `bool`.
    Bool(bool),
    /// `int`: 32-bit on the wire when it fits, else 64-bit (as the engine writes it).
    Int(i64),
    /// `float` (`REAL` in Godot 3): 32-bit on the wire iff the value is exactly an f32
    /// (NaN is always 64-bit); either way it reads back bit for bit.
    Float(f64),
    /// `String`.
    String(String),
    /// `StringName` (Godot 4 only: an error in Godot 3, where the engine has only Strings;
    /// [`crate::Builder::value`] converts a parsed one to a String there, `encode` does not).
    StringName(String),
    /// A fixed-size math value: vectors, Rect2, Transform2D, Plane, Quaternion, AABB,
    /// Basis, Transform3D, Projection, Color and the integer vector types. Components are
    /// in wire order (see [`crate::read::math::MathRef`]).
    Math {
        /// Which math type.
        ty: VariantType,
        /// The components; their kind must suit `ty`: `I32` for the `*i` types, `F32` or
        /// `F64` (double precision, Godot 4 only) for the others. A `Color` is always f32
        /// on the wire: `F64` components are rounded to f32.
        components: MathComponents,
    },
    /// `NodePath`: `/names…:subnames…`.
    NodePath {
        /// The node names (`a`, `b` of `a/b:x`).
        names: Vec<String>,
        /// The subnames (`x` of `a/b:x`).
        subnames: Vec<String>,
        /// Does the path start at the root?
        absolute: bool,
    },
    /// `RID`: its id. Godot 3 writes no id (it reads back as 0), so a non-zero id is an
    /// error there.
    Rid(u64),
    /// `Object`: null, an instance id, or full (class name and properties).
    Object(Object),
    /// `Callable` (Godot 4 only). The engine writes no payload.
    Callable,
    /// `Signal` (Godot 4 only).
    Signal {
        /// The signal's name.
        name: String,
        /// The owning object's instance id.
        object_id: u64,
    },
    /// `Dictionary`: pairs in wire order. Duplicate keys are kept and written as given
    /// (the engine keeps the last value).
    Dictionary {
        /// Declared key type (Godot 4.4+ typed dictionaries).
        key_type: ContainerType<String>,
        /// Declared value type (Godot 4.4+ typed dictionaries).
        value_type: ContainerType<String>,
        /// The pairs.
        entries: Vec<(Variant, Variant)>,
    },
    /// `Array`.
    Array {
        /// Declared element type (Godot 4.2+ typed arrays).
        element_type: ContainerType<String>,
        /// The elements.
        items: Vec<Variant>,
    },
    /// `PackedByteArray` / `PoolByteArray`.
    PackedByteArray(Vec<u8>),
    /// `PackedInt32Array` / `PoolIntArray`.
    PackedInt32Array(Vec<i32>),
    /// `PackedInt64Array` (Godot 4 only).
    PackedInt64Array(Vec<i64>),
    /// `PackedFloat32Array` / `PoolRealArray`.
    PackedFloat32Array(Vec<f32>),
    /// `PackedFloat64Array` (Godot 4 only).
    PackedFloat64Array(Vec<f64>),
    /// `PackedStringArray` / `PoolStringArray`.
    PackedStringArray(Vec<String>),
    /// `PackedVector2Array` / `PoolVector2Array` (f64 form: Godot 4 only).
    PackedVector2Array(PackedVectors<2>),
    /// `PackedVector3Array` / `PoolVector3Array` (f64 form: Godot 4 only).
    PackedVector3Array(PackedVectors<3>),
    /// `PackedColorArray` / `PoolColorArray`: r, g, b, a, always f32.
    PackedColorArray(Vec<[f32; 4]>),
    /// `PackedVector4Array` (Godot 4.3+ only; Pandemonium's `PoolVector4Array`).
    PackedVector4Array(PackedVectors<4>),
    /// Pandemonium's `PoolVector2iArray`.
    PackedVector2iArray(Vec<[i32; 2]>),
    /// Pandemonium's `PoolVector3iArray`.
    PackedVector3iArray(Vec<[i32; 3]>),
    /// Pandemonium's `PoolVector4iArray` (eras B and C).
    PackedVector4iArray(Vec<[i32; 4]>),
    /// Pandemonium's `TypedArray` (era C). `Builtin(Object)` declares objects written as
    /// ids, `ClassName` objects of that class written whole.
    TypedArray {
        /// The declared element type.
        element_type: ContainerType<String>,
        /// The elements.
        items: Vec<Variant>,
    },
    /// Pandemonium's `PackedTypedArray` (era C): a `TypedArray`'s bytes under its own id.
    PackedTypedArray {
        /// The declared element type.
        element_type: ContainerType<String>,
        /// The elements.
        items: Vec<Variant>,
    },
}

/// The components of a [`Variant::Math`] value, in wire order.
#[derive(Clone, Debug, PartialEq)]
pub enum MathComponents {
    /// Single precision (what every standard build writes). Written bit for bit, NaN
    /// payloads included.
    F32(Vec<f32>),
    /// Double precision: Godot 4 `precision=double` builds (the header's 64-bit flag).
    F64(Vec<f64>),
    /// The integer types: Vector2i, Vector3i, Vector4i, Rect2i.
    I32(Vec<i32>),
}

impl MathComponents {
    /// Number of components. O(1).
    pub fn len(&self) -> usize {
        match self {
            MathComponents::F32(c) => c.len(),
            MathComponents::F64(c) => c.len(),
            MathComponents::I32(c) => c.len(),
        }
    }

    /// Are there no components? (Never so in a valid value.)
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Component `i` as f64 (exact for every kind), `None` past the end. O(1).
    pub fn get(&self, i: usize) -> Option<f64> {
        match self {
            MathComponents::F32(c) => c.get(i).map(|&x| f64::from(x)),
            MathComponents::F64(c) => c.get(i).copied(),
            MathComponents::I32(c) => c.get(i).map(|&x| f64::from(x)),
        }
    }

    fn bitwise_eq(&self, other: &MathComponents) -> bool {
        match (self, other) {
            (MathComponents::F32(a), MathComponents::F32(b)) => bits_eq(a, b),
            (MathComponents::F64(a), MathComponents::F64(b)) => bits_eq(a, b),
            (a, b) => a == b,
        }
    }
}

/// The elements of a packed vector array: single precision, or double precision (Godot 4
/// `precision=double` builds, the header's 64-bit flag).
#[derive(Clone, Debug, PartialEq)]
pub enum PackedVectors<const N: usize> {
    /// f32 components (every standard build).
    F32(Vec<[f32; N]>),
    /// f64 components (Godot 4 only).
    F64(Vec<[f64; N]>),
}

impl<const N: usize> PackedVectors<N> {
    /// Number of vectors. O(1).
    pub fn len(&self) -> usize {
        match self {
            PackedVectors::F32(v) => v.len(),
            PackedVectors::F64(v) => v.len(),
        }
    }

    /// Is it empty? O(1).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Are the components f64?
    pub fn is_double(&self) -> bool {
        matches!(self, PackedVectors::F64(_))
    }

    fn bitwise_eq(&self, other: &Self) -> bool {
        match (self, other) {
            (PackedVectors::F32(a), PackedVectors::F32(b)) => bits_eq(a, b),
            (PackedVectors::F64(a), PackedVectors::F64(b)) => bits_eq(a, b),
            _ => false,
        }
    }
}

/// An owned `Object`. Never instantiated: a full object is only a class name and a list of
/// `(property name, value)` pairs.
#[derive(Clone, Debug, PartialEq)]
pub enum Object {
    /// A null object. The engine writes it as a bare NIL header, so it is written that way
    /// and reads back as [`Variant::Nil`]. [`crate::VariantRef::to_owned`] gives it for a
    /// full object with an empty class name, which the engine reads as null.
    Null,
    /// An instance id: how the engine writes objects without full objects. It decodes id 0
    /// as null, any other id as an `EncodedObjectAsID`.
    Id(u64),
    /// A full object (what the engine writes with full objects). A class name that Godot
    /// reads as empty (empty, a lone BOM, or a NUL before any other character) is the
    /// engine's null object: it is written as a NIL header, without its properties.
    ///
    /// Godot 4 reads the property `script` as a resource path: its value must be `Nil` or
    /// a `String` (`res://…`), otherwise the engine, and [`crate::VariantRef::parse`],
    /// reject the bytes. [`Variant::encode`] does not check this.
    Full {
        /// The class name, e.g. `Resource`. Nothing is checked against a class database.
        class: String,
        /// The properties, in wire order.
        properties: Vec<(String, Variant)>,
    },
}

impl Variant {
    /// The value's type. For [`Variant::Math`], the stored `ty` (whatever it is). O(1).
    pub fn ty(&self) -> VariantType {
        use VariantType as T;
        match self {
            Variant::Nil => T::Nil,
            Variant::Bool(_) => T::Bool,
            Variant::Int(_) => T::Int,
            Variant::Float(_) => T::Float,
            Variant::String(_) => T::String,
            Variant::StringName(_) => T::StringName,
            Variant::Math { ty, .. } => *ty,
            Variant::NodePath { .. } => T::NodePath,
            Variant::Rid(_) => T::Rid,
            Variant::Object(_) => T::Object,
            Variant::Callable => T::Callable,
            Variant::Signal { .. } => T::Signal,
            Variant::Dictionary { .. } => T::Dictionary,
            Variant::Array { .. } => T::Array,
            Variant::TypedArray { .. } => T::TypedArray,
            Variant::PackedTypedArray { .. } => T::PackedTypedArray,
            packed @ packed::packed_variant_pattern!() => packed.packed_ty().unwrap_or(T::Nil),
        }
    }

    /// Is it `null`?
    pub fn is_nil(&self) -> bool {
        matches!(self, Variant::Nil)
    }

    /// An untyped `Array`. O(1) (takes the vector).
    pub fn array(items: Vec<Variant>) -> Variant {
        Variant::Array {
            element_type: ContainerType::Untyped,
            items,
        }
    }

    /// An untyped `Dictionary`, pairs in the given order. O(1) (takes the vector).
    pub fn dictionary(entries: Vec<(Variant, Variant)>) -> Variant {
        Variant::Dictionary {
            key_type: ContainerType::Untyped,
            value_type: ContainerType::Untyped,
            entries,
        }
    }

    /// A single-precision math value of type `ty` (no check until it is encoded). One
    /// allocation.
    pub fn math(ty: VariantType, components: &[f32]) -> Variant {
        Variant::Math {
            ty,
            components: MathComponents::F32(components.to_vec()),
        }
    }

    /// A `Vector2`. One allocation.
    pub fn vector2(v: [f32; 2]) -> Variant {
        Variant::math(VariantType::Vector2, &v)
    }

    /// A `Vector3`. One allocation.
    pub fn vector3(v: [f32; 3]) -> Variant {
        Variant::math(VariantType::Vector3, &v)
    }

    /// A `Color` (r, g, b, a). One allocation.
    pub fn color(c: [f32; 4]) -> Variant {
        Variant::math(VariantType::Color, &c)
    }

    /// Are the two values the same bit for bit? Like `==`, except that floats are compared
    /// by their bits: NaNs with the same payload are equal, `0.0` and `-0.0` are not.
    /// This is what survives a round trip through the wire. O(size), recursive.
    pub fn bitwise_eq(&self, other: &Variant) -> bool {
        use Variant as V;
        // Containers are compared by separate functions, to keep the recursive frame small.
        match (self, other) {
            (V::Object(a), V::Object(b)) => objects_bitwise_eq(a, b),
            (
                V::Dictionary {
                    key_type: ka,
                    value_type: va,
                    entries: a,
                },
                V::Dictionary {
                    key_type: kb,
                    value_type: vb,
                    entries: b,
                },
            ) => ka == kb && va == vb && entries_bitwise_eq(a, b),
            (
                V::Array {
                    element_type: ta,
                    items: a,
                },
                V::Array {
                    element_type: tb,
                    items: b,
                },
            )
            | (
                V::TypedArray {
                    element_type: ta,
                    items: a,
                },
                V::TypedArray {
                    element_type: tb,
                    items: b,
                },
            )
            | (
                V::PackedTypedArray {
                    element_type: ta,
                    items: a,
                },
                V::PackedTypedArray {
                    element_type: tb,
                    items: b,
                },
            ) => ta == tb && items_bitwise_eq(a, b),
            (a, b) => leaves_bitwise_eq(a, b),
        }
    }
}

#[inline(never)]
fn leaves_bitwise_eq(a: &Variant, b: &Variant) -> bool {
    use Variant as V;
    match (a, b) {
        (V::Float(a), V::Float(b)) => a.to_bits() == b.to_bits(),
        (
            V::Math {
                ty: ta,
                components: a,
            },
            V::Math {
                ty: tb,
                components: b,
            },
        ) => ta == tb && a.bitwise_eq(b),
        (V::PackedFloat32Array(a), V::PackedFloat32Array(b)) => bits_eq(a, b),
        (V::PackedFloat64Array(a), V::PackedFloat64Array(b)) => bits_eq(a, b),
        (V::PackedVector2Array(a), V::PackedVector2Array(b)) => a.bitwise_eq(b),
        (V::PackedVector3Array(a), V::PackedVector3Array(b)) => a.bitwise_eq(b),
        (V::PackedVector4Array(a), V::PackedVector4Array(b)) => a.bitwise_eq(b),
        (V::PackedColorArray(a), V::PackedColorArray(b)) => bits_eq(a, b),
        // Containers never get here (see `bitwise_eq`); the rest holds no floats, so `==`
        // is already bitwise.
        (a, b) => a == b,
    }
}

#[inline(never)]
fn objects_bitwise_eq(a: &Object, b: &Object) -> bool {
    match (a, b) {
        (
            Object::Full {
                class: ca,
                properties: a,
            },
            Object::Full {
                class: cb,
                properties: b,
            },
        ) => {
            ca == cb
                && a.len() == b.len()
                && a.iter()
                    .zip(b)
                    .all(|((na, va), (nb, vb))| na == nb && va.bitwise_eq(vb))
        }
        (a, b) => a == b,
    }
}

#[inline(never)]
fn entries_bitwise_eq(a: &[(Variant, Variant)], b: &[(Variant, Variant)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|((ka, va), (kb, vb))| ka.bitwise_eq(kb) && va.bitwise_eq(vb))
}

#[inline(never)]
fn items_bitwise_eq(a: &[Variant], b: &[Variant]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.bitwise_eq(y))
}

/// Equal bits: the same elements byte for byte (NaN payloads and the sign of zero count).
fn bits_eq<T: IntoBytes + Immutable>(a: &[T], b: &[T]) -> bool {
    a.as_bytes() == b.as_bytes()
}
