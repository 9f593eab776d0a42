//! [`Variant`]: an owned value, for callers who construct values or keep them past the
//! input buffer. Built from a parsed view with [`VariantRef::to_owned`](crate::VariantRef::to_owned),
//! written with [`Variant::encode`] (through the [`Builder`](crate::write::Builder), so the bytes
//! are the engine's).

pub(crate) mod access;
mod convert;
mod encode;
mod eq;
mod from;
mod packed;
mod sequence;
mod string;

pub use string::GdString;

use alloc::{boxed::Box, string::String, vec::Vec};

use crate::wire::container_type::ContainerType;

use crate::wire::types::VariantType;

/// An owned Variant of either dialect.
///
/// Each variant mirrors one wire type (math values and packed vector arrays carry their
/// precision, so every form the wire can hold is kept). Nothing is validated when a value
/// is constructed: [`Variant::encode`] reports what the dialect cannot express (a
/// `StringName` in Godot 3, a math value with the wrong number of components, …).
///
/// Strings are [`GdString`]s (inline up to 22 bytes). Godot reads a string up to its first NUL and without a
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
/// Size: 32 bytes on 64-bit targets. Strings of up to 22 bytes are inline; longer strings,
/// containers' elements, math components and packed arrays are on the heap, and so are
/// the rare large parts (a typed container's declared types, a node path, a full object,
/// double-precision packed vectors), each in one box.
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
    String(GdString),
    /// `StringName` (Godot 4 only: an error in Godot 3, where the engine has only Strings;
    /// [`crate::Builder::value`] converts a parsed one to a String there, `encode` does not).
    StringName(GdString),
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
    NodePath(Box<NodePath>),
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
        name: Box<str>,
        /// The owning object's instance id.
        object_id: u64,
    },
    /// `Dictionary`: pairs in wire order. Duplicate keys are kept and written as given
    /// (the engine keeps the last value). Typed dictionaries (Godot 4.4+) carry their
    /// declared key and value types.
    Dictionary(Dictionary),
    /// `Array`, typed (Godot 4.2+) or not.
    Array(Array),
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
    PackedStringArray(Vec<GdString>),
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
    /// ids, `ClassName` objects of that class written whole. The declared element type is
    /// the [`Array`]'s.
    TypedArray(Array),
    /// Pandemonium's `PackedTypedArray` (era C): a `TypedArray`'s bytes under its own id.
    PackedTypedArray(Array),
}

/// The components of a [`Variant::Math`] value, in wire order.
#[derive(Clone, Debug, PartialEq)]
pub enum MathComponents {
    /// Single precision (what every standard build writes). Written bit for bit, NaN
    /// payloads included.
    F32(Box<[f32]>),
    /// Double precision: Godot 4 `precision=double` builds (the header's 64-bit flag).
    F64(Box<[f64]>),
    /// The integer types: Vector2i, Vector3i, Vector4i, Rect2i.
    I32(Box<[i32]>),
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
}

/// The elements of a packed vector array: single precision, or double precision (Godot 4
/// `precision=double` builds, the header's 64-bit flag; boxed, which keeps this enum, and
/// so [`Variant`], small).
#[derive(Clone, Debug, PartialEq)]
pub enum PackedVectors<const N: usize> {
    /// f32 components (every standard build).
    F32(Vec<[f32; N]>),
    /// f64 components (Godot 4 only).
    F64(Box<Vec<[f64; N]>>),
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
    Full(Box<ObjectData>),
}

impl Object {
    /// A full object of class `class` with `properties` (in wire order). One allocation
    /// besides its arguments.
    pub fn full(class: impl Into<String>, properties: Vec<(String, Variant)>) -> Object {
        Object::Full(Box::new(ObjectData {
            class: class.into(),
            properties,
        }))
    }
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
            Variant::NodePath(_) => T::NodePath,
            Variant::Rid(_) => T::Rid,
            Variant::Object(_) => T::Object,
            Variant::Callable => T::Callable,
            Variant::Signal { .. } => T::Signal,
            Variant::Dictionary(_) => T::Dictionary,
            Variant::Array(_) => T::Array,
            Variant::TypedArray(_) => T::TypedArray,
            Variant::PackedTypedArray(_) => T::PackedTypedArray,
            packed @ packed::packed_variant_pattern!() => packed.packed_ty().unwrap_or(T::Nil),
        }
    }

    /// Is it `null`?
    pub fn is_nil(&self) -> bool {
        matches!(self, Variant::Nil)
    }

    /// An untyped `Array`. O(1) (takes the vector).
    pub fn array(items: Vec<Variant>) -> Variant {
        Variant::Array(Array::from(items))
    }

    /// An untyped `Dictionary`, pairs in the given order. O(1) (takes the vector).
    pub fn dictionary(entries: Vec<(Variant, Variant)>) -> Variant {
        Variant::Dictionary(Dictionary::from(entries))
    }

    /// A `NodePath` (names, subnames, absolute?). One allocation besides its vectors.
    pub fn node_path(names: Vec<String>, subnames: Vec<String>, absolute: bool) -> Variant {
        Variant::NodePath(Box::new(NodePath {
            names,
            subnames,
            absolute,
        }))
    }

    /// A single-precision math value of type `ty` (no check until it is encoded). One
    /// allocation.
    pub fn math(ty: VariantType, components: &[f32]) -> Variant {
        Variant::Math {
            ty,
            components: MathComponents::F32(Box::from(components)),
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
}

// The owned containers: each keeps its common case in 24 bytes (a `Vec`) and boxes what
// is rare (a typed container's declared types).

static UNTYPED: ContainerType<String> = ContainerType::Untyped;

/// An owned `Array` (and the item list of Pandemonium's `TypedArray` and
/// `PackedTypedArray`): the elements, and the declared element type (Godot 4.2+ typed
/// arrays). 24 bytes; an untyped array is just its `Vec`, a typed one holds its `Vec` and
/// its type in one box.
///
/// It dereferences to `[Variant]`; [`Array::items_mut`] gives the `Vec` to push to.
///
/// ```
/// use gdvariant::{Array, ContainerType, Variant, VariantType};
///
/// let mut a = Array::from(vec![Variant::Int(1)]);
/// a.push(2.into());
/// assert_eq!(a.len(), 2);
/// a.set_element_type(ContainerType::Builtin(VariantType::Int));
/// assert!(a.element_type().is_typed());
/// ```
#[derive(Clone, Debug)]
pub struct Array(ArrayRepr);

#[derive(Clone, Debug)]
enum ArrayRepr {
    Untyped(Vec<Variant>),
    Typed(Box<(ContainerType<String>, Vec<Variant>)>),
}

impl Array {
    /// An empty untyped array. O(1), no allocation.
    pub const fn new() -> Array {
        Array(ArrayRepr::Untyped(Vec::new()))
    }

    /// An empty untyped array with room for `n` elements. One allocation.
    pub fn with_capacity(n: usize) -> Array {
        Array(ArrayRepr::Untyped(Vec::with_capacity(n)))
    }

    /// An array of `items` declared as `element_type` (`Untyped` gives an untyped array).
    /// O(1); one small allocation for a typed one.
    pub fn typed(element_type: ContainerType<String>, items: Vec<Variant>) -> Array {
        match element_type {
            ContainerType::Untyped => Array(ArrayRepr::Untyped(items)),
            ty => Array(ArrayRepr::Typed(Box::new((ty, items)))),
        }
    }

    /// The declared element type (`Untyped` for a plain `Array`). O(1).
    pub fn element_type(&self) -> &ContainerType<String> {
        match &self.0 {
            ArrayRepr::Untyped(_) => &UNTYPED,
            ArrayRepr::Typed(t) => &t.0,
        }
    }

    /// Declares the element type (nothing is checked until the value is encoded). O(1).
    pub fn set_element_type(&mut self, element_type: ContainerType<String>) {
        let items = core::mem::take(self.items_mut());
        *self = Array::typed(element_type, items);
    }

    /// The elements. O(1).
    pub fn items(&self) -> &Vec<Variant> {
        match &self.0 {
            ArrayRepr::Untyped(items) => items,
            ArrayRepr::Typed(t) => &t.1,
        }
    }

    /// The elements, to edit. O(1).
    pub fn items_mut(&mut self) -> &mut Vec<Variant> {
        match &mut self.0 {
            ArrayRepr::Untyped(items) => items,
            ArrayRepr::Typed(t) => &mut t.1,
        }
    }

    /// Appends an element. Amortized O(1).
    pub fn push(&mut self, item: Variant) {
        self.items_mut().push(item);
    }

    /// The declared element type and the elements. O(1).
    pub fn into_parts(self) -> (ContainerType<String>, Vec<Variant>) {
        match self.0 {
            ArrayRepr::Untyped(items) => (ContainerType::Untyped, items),
            ArrayRepr::Typed(t) => *t,
        }
    }

    /// The elements (the declared type is dropped). O(1).
    pub fn into_items(self) -> Vec<Variant> {
        self.into_parts().1
    }
}

/// The declared key and value types of a typed dictionary, and its pairs.
type TypedEntries = (
    ContainerType<String>,
    ContainerType<String>,
    Vec<(Variant, Variant)>,
);

/// An owned `Dictionary`: pairs in wire order (duplicate keys are kept and written as
/// given; the engine keeps the last value), and the declared key and value types (Godot
/// 4.4+ typed dictionaries). 24 bytes; an untyped dictionary is just its `Vec`, a typed one
/// holds its `Vec` and its types in one box.
///
/// It dereferences to `[(Variant, Variant)]`; [`Dictionary::entries_mut`] gives the `Vec`
/// to push to. Lookups by key are on [`Variant::get`].
#[derive(Clone, Debug)]
pub struct Dictionary(DictRepr);

#[derive(Clone, Debug)]
enum DictRepr {
    Untyped(Vec<(Variant, Variant)>),
    Typed(Box<TypedEntries>),
}

impl Dictionary {
    /// An empty untyped dictionary. O(1), no allocation.
    pub const fn new() -> Dictionary {
        Dictionary(DictRepr::Untyped(Vec::new()))
    }

    /// An empty untyped dictionary with room for `n` pairs. One allocation.
    pub fn with_capacity(n: usize) -> Dictionary {
        Dictionary(DictRepr::Untyped(Vec::with_capacity(n)))
    }

    /// A dictionary of `entries` with declared key and value types (both `Untyped` give an
    /// untyped dictionary). O(1); one small allocation for a typed one.
    pub fn typed(
        key_type: ContainerType<String>,
        value_type: ContainerType<String>,
        entries: Vec<(Variant, Variant)>,
    ) -> Dictionary {
        match (key_type, value_type) {
            (ContainerType::Untyped, ContainerType::Untyped) => {
                Dictionary(DictRepr::Untyped(entries))
            }
            (k, v) => Dictionary(DictRepr::Typed(Box::new((k, v, entries)))),
        }
    }

    /// The declared key type. O(1).
    pub fn key_type(&self) -> &ContainerType<String> {
        match &self.0 {
            DictRepr::Untyped(_) => &UNTYPED,
            DictRepr::Typed(t) => &t.0,
        }
    }

    /// The declared value type. O(1).
    pub fn value_type(&self) -> &ContainerType<String> {
        match &self.0 {
            DictRepr::Untyped(_) => &UNTYPED,
            DictRepr::Typed(t) => &t.1,
        }
    }

    /// Declares the key and value types (nothing is checked until the value is encoded).
    /// O(1).
    pub fn set_types(
        &mut self,
        key_type: ContainerType<String>,
        value_type: ContainerType<String>,
    ) {
        let entries = core::mem::take(self.entries_mut());
        *self = Dictionary::typed(key_type, value_type, entries);
    }

    /// The pairs, in order. O(1).
    pub fn entries(&self) -> &Vec<(Variant, Variant)> {
        match &self.0 {
            DictRepr::Untyped(entries) => entries,
            DictRepr::Typed(t) => &t.2,
        }
    }

    /// The pairs, to edit. O(1).
    pub fn entries_mut(&mut self) -> &mut Vec<(Variant, Variant)> {
        match &mut self.0 {
            DictRepr::Untyped(entries) => entries,
            DictRepr::Typed(t) => &mut t.2,
        }
    }

    /// Appends a pair (an existing equal key is not replaced). Amortized O(1).
    pub fn push(&mut self, key: Variant, value: Variant) {
        self.entries_mut().push((key, value));
    }

    /// The key type, the value type and the pairs. O(1).
    pub fn into_parts(self) -> TypedEntries {
        match self.0 {
            DictRepr::Untyped(entries) => (ContainerType::Untyped, ContainerType::Untyped, entries),
            DictRepr::Typed(t) => *t,
        }
    }

    /// The pairs (the declared types are dropped). O(1).
    pub fn into_entries(self) -> Vec<(Variant, Variant)> {
        self.into_parts().2
    }
}

/// An owned `NodePath`: `/names…:subnames…` (boxed in [`Variant::NodePath`]).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NodePath {
    /// The node names (`a`, `b` of `a/b:x`).
    pub names: Vec<String>,
    /// The subnames (`x` of `a/b:x`).
    pub subnames: Vec<String>,
    /// Does the path start at the root?
    pub absolute: bool,
}

/// A full object's class name and properties (boxed in [`Object::Full`]).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ObjectData {
    /// The class name, e.g. `Resource`. Nothing is checked against a class database.
    pub class: String,
    /// The properties, in wire order.
    pub properties: Vec<(String, Variant)>,
}
