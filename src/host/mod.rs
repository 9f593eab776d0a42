//! A parsed value as a host language's values: the one walk the Python and JavaScript
//! bindings share. A binding implements [`HostBuilder`] (how to make each kind of value in
//! its language); [`build`] walks the value once and calls it, keeping the stack of open
//! containers, the pending Dictionary key and the pending property name itself. What the
//! walk validates and what it costs: see [`HostBuilder`].
//!
//! **Order.** Calls come in document order: `begin_…` before a container's children, each
//! child's own calls, then the call that attaches it (`push`, `insert`, `property`), then
//! `end_…`. A host may therefore build objects in memory (the bindings: each
//! [`Value`](HostBuilder::Value) a host object), or write as it goes (an output text with
//! a side table: `Value` then is a token, and [`HostBuilder::after_key`] and
//! [`HostBuilder::before_property`] are where a separator goes), as the example does.
//!
//! ```
//! use gdvariant::host::{self, ArrayType, DictionaryType, HostBuilder, PackedData};
//! use gdvariant::{Dialect, GdStr, MathRef, NodePathRef, PackedStrings, SignalRef, VariantRef};
//!
//! /// A compact text of the value, written as it goes: `Value` is `()`.
//! struct Text(String);
//!
//! impl Text {
//!     fn put(&mut self, s: &str) -> Result<(), ()> {
//!         self.0.push_str(s);
//!         Ok(())
//!     }
//!     /// Ends a container: the separator after its last child goes.
//!     fn close(&mut self, c: char) -> Result<(), ()> {
//!         if self.0.ends_with(',') {
//!             self.0.pop();
//!         }
//!         self.0.push(c);
//!         Ok(())
//!     }
//! }
//!
//! impl<'a> HostBuilder<'a> for Text {
//!     type Value = ();
//!     type Array = ();
//!     type Dictionary = ();
//!     type Object = ();
//!     type Error = ();
//!
//!     fn nil(&mut self) -> Result<(), ()> { self.put("null") }
//!     fn bool(&mut self, b: bool) -> Result<(), ()> { self.put(if b { "true" } else { "false" }) }
//!     fn int(&mut self, n: i64) -> Result<(), ()> { self.put(&n.to_string()) }
//!     fn float(&mut self, x: f64) -> Result<(), ()> { self.put(&format!("{x:?}")) }
//!     fn string(&mut self, s: GdStr<'a>, _key: bool) -> Result<(), ()> { self.put(&format!("{s:?}")) }
//!     fn string_name(&mut self, s: GdStr<'a>) -> Result<(), ()> { self.put(&format!("&{s:?}")) }
//!     fn node_path(&mut self, p: NodePathRef<'a>) -> Result<(), ()> { self.put(&format!("^\"{p}\"")) }
//!     fn rid(&mut self, id: u64) -> Result<(), ()> { self.put(&format!("RID({id})")) }
//!     fn object_id(&mut self, id: u64) -> Result<(), ()> { self.put(&format!("Object#{id}")) }
//!     fn callable(&mut self) -> Result<(), ()> { self.put("Callable()") }
//!     fn signal(&mut self, s: SignalRef<'a>) -> Result<(), ()> { self.put(&format!("Signal({})", s.name())) }
//!     fn math(&mut self, m: MathRef<'a>) -> Result<(), ()> { self.put(&format!("{:?}", m.ty())) }
//!     fn packed_bytes(&mut self, b: &'a [u8]) -> Result<(), ()> { self.put(&format!("{b:?}")) }
//!     fn packed_strings(&mut self, s: PackedStrings<'a>) -> Result<(), ()> {
//!         self.put(&format!("{} strings", s.len()))
//!     }
//!     fn packed(&mut self, p: PackedData<'a>) -> Result<(), ()> {
//!         self.put(&format!("{} {:?}", p.len(), p.ty()))
//!     }
//!     fn begin_array(&mut self, _ty: ArrayType<'a>) -> Result<(), ()> { self.put("[") }
//!     fn push(&mut self, _array: &mut (), _value: ()) -> Result<(), ()> { self.put(",") }
//!     fn end_array(&mut self, _array: ()) -> Result<(), ()> { self.close(']') }
//!     fn begin_dictionary(&mut self, _ty: DictionaryType<'a>) -> Result<(), ()> {
//!         self.put("{")
//!     }
//!     fn after_key(&mut self, _dict: &mut (), _key: &()) -> Result<(), ()> { self.put(":") }
//!     fn insert(&mut self, _dict: &mut (), _key: (), _value: ()) -> Result<(), ()> { self.put(",") }
//!     fn end_dictionary(&mut self, _dict: ()) -> Result<(), ()> { self.close('}') }
//!     fn begin_object(&mut self, class: GdStr<'a>) -> Result<(), ()> {
//!         self.put(&format!("{class}("))
//!     }
//!     fn before_property(&mut self, _object: &mut (), name: GdStr<'a>) -> Result<(), ()> {
//!         self.put(&format!("{name}="))
//!     }
//!     fn property(&mut self, _object: &mut (), _name: GdStr<'a>, _value: ()) -> Result<(), ()> {
//!         self.put(",")
//!     }
//!     fn end_object(&mut self, _object: ()) -> Result<(), ()> { self.close(')') }
//! }
//!
//! // var_to_bytes({"hp": [7, 8]}) in Godot 4
//! let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0,
//!              28, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0];
//! let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
//! let mut text = Text(String::new());
//! host::build(&value, &mut text).unwrap();
//! assert_eq!(text.0, r#"{"hp":[7,8]}"#);
//! # Ok::<(), gdvariant::Error>(())
//! ```

#[cfg(all(feature = "scan", feature = "containers"))]
pub mod file;
mod walk;

pub use walk::{build, leaf};

use crate::read::math::MathRef;
use crate::read::object::{NodePathRef, SignalRef};
use crate::read::strings::{GdStr, PackedStrings};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;

/// How a binding makes its language's values; [`build`] calls it for every node of a
/// parsed value, in document order (see the [module](self) for the order and an example).
/// Every method returns the host's [`Error`](HostBuilder::Error) to stop the walk;
/// [`build`] returns it.
///
/// The leaves (`nil` to `packed`) make a finished [`Value`](HostBuilder::Value). A
/// container is `begin_…`, its children each attached by `push`, `insert` or `property`,
/// then `end_…`, which makes its finished `Value`.
///
/// **What it validates.** Nothing more than [`VariantRef::parse`] (or the detection that
/// made the value) did: the walk trusts the validated bytes and hands the host what they
/// hold (a String's text is valid UTF-8, a packed array's bytes are whole elements). Their
/// nesting is bounded by the parse limits
/// ([`ParseOptions::max_depth`](crate::ParseOptions::max_depth), at most
/// [`GODOT_MAX_DEPTH`](crate::GODOT_MAX_DEPTH)), so the stack of open containers, which
/// lives on the heap, holds at most that many plus one. There is no recursion, and no
/// input makes the walk panic. Keys are handed over as the input has them, repeated or
/// not: what a host refuses (a key its maps cannot hold, an allocation that fails) it says
/// through its own [`Error`](HostBuilder::Error), which ends the walk.
///
/// **What it costs.** O(size of the value): every node is decoded once by
/// [`VariantRef::visit`]; one host call per node (a leaf, or a container's `begin_…`), one
/// per child (`push`, `insert` or `property`) and one per container end; nothing is
/// copied for the host (strings and packed arrays borrow the input). The walk itself
/// allocates only the stack of open containers (one `Vec` growing to the deepest
/// nesting), and holds one host value per open Dictionary (its pending key). Measured
/// against the bindings' own walks it replaced (issue 41; callgrind, instructions per
/// `loads` of an 8.3 MB save game and of 100,000 nested Dictionaries): Python -0.4 % and
/// +0.8 %, JavaScript -0.8 % and -3.8 %.
///
/// [`VariantRef::parse`]: crate::VariantRef::parse
/// [`VariantRef::visit`]: crate::VariantRef::visit
pub trait HostBuilder<'a> {
    /// A finished value: a host object, or a token for a host that writes as it goes.
    type Value;
    /// An Array being filled.
    type Array;
    /// A Dictionary being filled.
    type Dictionary;
    /// A full Object being filled.
    type Object;
    /// What stops the walk.
    type Error;

    /// `null`.
    fn nil(&mut self) -> Result<Self::Value, Self::Error>;
    /// A bool.
    fn bool(&mut self, b: bool) -> Result<Self::Value, Self::Error>;
    /// An int (32- or 64-bit on the wire).
    fn int(&mut self, n: i64) -> Result<Self::Value, Self::Error>;
    /// A float (32- or 64-bit on the wire).
    fn float(&mut self, x: f64) -> Result<Self::Value, Self::Error>;
    /// A String; `key`: it is a Dictionary's key (hosts cache those, which repeat).
    fn string(&mut self, s: GdStr<'a>, key: bool) -> Result<Self::Value, Self::Error>;
    /// A StringName.
    fn string_name(&mut self, s: GdStr<'a>) -> Result<Self::Value, Self::Error>;
    /// A NodePath.
    fn node_path(&mut self, path: NodePathRef<'a>) -> Result<Self::Value, Self::Error>;
    /// A RID's id.
    fn rid(&mut self, id: u64) -> Result<Self::Value, Self::Error>;
    /// An Object written as its instance id (without full objects).
    fn object_id(&mut self, id: u64) -> Result<Self::Value, Self::Error>;
    /// A null Object written in full (an empty class name). By default [`nil`](Self::nil).
    fn null_object(&mut self) -> Result<Self::Value, Self::Error> {
        self.nil()
    }
    /// A Callable (Godot 4 writes no payload).
    fn callable(&mut self) -> Result<Self::Value, Self::Error>;
    /// A Signal.
    fn signal(&mut self, signal: SignalRef<'a>) -> Result<Self::Value, Self::Error>;
    /// A math value: vectors, rects, transforms, Plane, Quaternion, AABB, Basis,
    /// Projection, Color ([`MathRef::ty`] tells which).
    fn math(&mut self, m: MathRef<'a>) -> Result<Self::Value, Self::Error>;
    /// A PackedByteArray: its bytes.
    fn packed_bytes(&mut self, bytes: &'a [u8]) -> Result<Self::Value, Self::Error>;
    /// A PackedStringArray.
    fn packed_strings(&mut self, strings: PackedStrings<'a>) -> Result<Self::Value, Self::Error>;
    /// Any other packed array (fixed-size elements: ints, floats, vectors, colors).
    fn packed(&mut self, array: PackedData<'a>) -> Result<Self::Value, Self::Error>;

    /// An Array opens.
    fn begin_array(&mut self, ty: ArrayType<'a>) -> Result<Self::Array, Self::Error>;
    /// The next element of `array`.
    fn push(&mut self, array: &mut Self::Array, value: Self::Value) -> Result<(), Self::Error>;
    /// `array` has had its last element.
    fn end_array(&mut self, array: Self::Array) -> Result<Self::Value, Self::Error>;

    /// A Dictionary opens.
    fn begin_dictionary(&mut self, ty: DictionaryType<'a>)
        -> Result<Self::Dictionary, Self::Error>;
    /// The key of the next entry of `dict` is made; its value comes next (the walk keeps
    /// the key and hands it to [`insert`](Self::insert)). Does nothing by default: a host
    /// that writes as it goes puts its separator here.
    fn after_key(
        &mut self,
        dict: &mut Self::Dictionary,
        key: &Self::Value,
    ) -> Result<(), Self::Error> {
        let _ = (dict, key);
        Ok(())
    }
    /// The next entry of `dict`. Keys come as the input has them: the host decides what
    /// a key its maps cannot hold, or would merge with another, becomes.
    fn insert(
        &mut self,
        dict: &mut Self::Dictionary,
        key: Self::Value,
        value: Self::Value,
    ) -> Result<(), Self::Error>;
    /// `dict` has had its last entry.
    fn end_dictionary(&mut self, dict: Self::Dictionary) -> Result<Self::Value, Self::Error>;

    /// A full Object of class `class` opens.
    fn begin_object(&mut self, class: GdStr<'a>) -> Result<Self::Object, Self::Error>;
    /// The name of `object`'s next property, before its value is made. Does nothing by
    /// default.
    fn before_property(
        &mut self,
        object: &mut Self::Object,
        name: GdStr<'a>,
    ) -> Result<(), Self::Error> {
        let _ = (object, name);
        Ok(())
    }
    /// The next property of `object`.
    fn property(
        &mut self,
        object: &mut Self::Object,
        name: GdStr<'a>,
        value: Self::Value,
    ) -> Result<(), Self::Error>;
    /// `object` has had its last property.
    fn end_object(&mut self, object: Self::Object) -> Result<Self::Value, Self::Error>;
}

/// What an Array declares of its elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArrayType<'a> {
    /// A plain Array (an Array whose element type is untyped).
    Untyped,
    /// A typed Array: Godot 4's `Array[T]` (`packed` false), or Pandemonium's
    /// `TypedArray` (`packed` false) and `PackedTypedArray` (`packed` true), whose
    /// `element` may be `None` (untyped).
    Typed {
        /// The element type; `None` for untyped.
        element: Option<TypeName<'a>>,
        /// Pandemonium's `PackedTypedArray`.
        packed: bool,
    },
}

/// What a Dictionary declares of its keys and values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DictionaryType<'a> {
    /// Keys and values untyped.
    Untyped,
    /// A typed Dictionary (Godot 4.4+): at least one side is typed; `None` for an
    /// untyped side.
    Typed {
        /// The key type.
        key: Option<TypeName<'a>>,
        /// The value type.
        value: Option<TypeName<'a>>,
    },
}

/// A declared type of a typed container, named as the bindings' `ContainerType(kind,
/// name)` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeName<'a> {
    /// `"builtin"`, `"class"` or `"script"`.
    pub kind: &'static str,
    /// The builtin type's name in the value's dialect (`"int"`, `"Vector2"`), the class
    /// name, or the script's path.
    pub name: &'a str,
}

impl<'a> TypeName<'a> {
    /// The name of `ty` (read in `dialect`); `None` for untyped.
    pub fn of(ty: ContainerType<GdStr<'a>>, dialect: Dialect) -> Option<Self> {
        let (kind, name) = match ty {
            ContainerType::Untyped => return None,
            ContainerType::Builtin(ty) => ("builtin", ty.name(dialect)),
            ContainerType::ClassName(s) => ("class", s.as_str()),
            ContainerType::Script(s) => ("script", s.as_str()),
        };
        Some(TypeName { kind, name })
    }
}

/// A packed array of fixed-size elements (all but bytes and Strings), as the input holds
/// it. `Copy`; O(1) to make.
#[derive(Clone, Copy, Debug)]
pub struct PackedData<'a> {
    ty: VariantType,
    double: bool,
    len: usize,
    bytes: &'a [u8],
}

impl<'a> PackedData<'a> {
    /// Its type (`PackedInt32Array`, `PackedVector3Array`, …).
    pub fn ty(&self) -> VariantType {
        self.ty
    }

    /// Are its components f64 (a vector array of a Godot 4 double-precision build)?
    pub fn is_double(&self) -> bool {
        self.double
    }

    /// Its elements.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Has it no elements?
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Its elements' bytes, little-endian as on the wire (at any alignment).
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}
