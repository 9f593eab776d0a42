//! [`build`]: the walk that drives a [`HostBuilder`], over [`VariantRef::visit`] (no
//! recursion: the open containers are kept in a `Vec`).

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::{ArrayType, DictionaryType, HostBuilder, PackedData, TypeName};
use crate::read::container::ArrayRef;
use crate::read::decoded::{fixed_packed_value, math_value, Value};
use crate::read::object::ObjectRef;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Visitor};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;

/// Builds the host value of `value`, calling `host` for every node in document order (see
/// [`HostBuilder`]). Returns the host's error if a call failed; the calls made before it
/// are not undone. O(size of the value); no recursion.
pub fn build<'a, H: HostBuilder<'a>>(
    value: &VariantRef<'a>,
    host: &mut H,
) -> Result<H::Value, H::Error> {
    let mut walk = Walk {
        host,
        dialect: value.dialect(),
        open: Vec::new(),
        done: None,
    };
    if let ControlFlow::Break(e) = value.visit(&mut walk) {
        return Err(e);
    }
    match walk.done {
        Some(done) => Ok(done),
        // Unreachable: a validated value is one node at least, and its last call (a leaf,
        // or the end of the outermost container) sets `done`.
        None => walk.host.nil(),
    }
}

/// The host value of a `value` that holds no others (a packed array's element, from
/// [`PackedArray::get`](crate::PackedArray::get)), read in `dialect`; `None` for an Array,
/// a Dictionary or a full Object, whose children [`build`] walks. O(1), but for packed
/// arrays what the host's call costs.
pub fn leaf<'a, H: HostBuilder<'a>>(
    host: &mut H,
    value: &Value<'a>,
    dialect: Dialect,
) -> Result<Option<H::Value>, H::Error> {
    match node(host, value, dialect, false)? {
        Node::Leaf(leaf) => Ok(Some(leaf)),
        Node::Open(_) => Ok(None),
    }
}

/// A container being filled, and what it waits for.
enum Open<'a, H: HostBuilder<'a>> {
    Array(H::Array),
    /// The Dictionary and its entry's key once that is made.
    Dictionary(H::Dictionary, Option<H::Value>),
    /// The Object and its next property's name.
    Object(H::Object, Option<GdStr<'a>>),
}

/// A node made by the host: a finished leaf, or an opened container.
enum Node<'a, H: HostBuilder<'a>> {
    Leaf(H::Value),
    Open(Open<'a, H>),
}

/// The host's calls for one node. `key`: the node is a Dictionary's key.
#[inline(always)]
fn node<'a, H: HostBuilder<'a>>(
    host: &mut H,
    value: &Value<'a>,
    dialect: Dialect,
    key: bool,
) -> Result<Node<'a, H>, H::Error> {
    let leaf = match *value {
        Value::Nil => host.nil(),
        Value::Bool(b) => host.bool(b),
        Value::Int(n) => host.int(n),
        Value::Float(x) => host.float(x),
        Value::String(s) => host.string(s, key),
        Value::StringName(s) => host.string_name(s),
        Value::NodePath(p) => host.node_path(p),
        Value::Rid(id) => host.rid(id),
        Value::Object(ObjectRef::Null) => host.null_object(),
        Value::Object(ObjectRef::Id(id)) => host.object_id(id),
        Value::Object(ObjectRef::Full(object)) => {
            let object = host.begin_object(object.class(), object.len())?;
            return Ok(Node::Open(Open::Object(object, None)));
        }
        Value::Callable => host.callable(),
        Value::Signal(s) => host.signal(s),
        Value::Dictionary(dict) => {
            let ty = match (dict.key_type(), dict.value_type()) {
                (ContainerType::Untyped, ContainerType::Untyped) => DictionaryType::Untyped,
                (k, v) => DictionaryType::Typed {
                    key: TypeName::of(k, dialect),
                    value: TypeName::of(v, dialect),
                },
            };
            let dict = host.begin_dictionary(ty, dict.len())?;
            return Ok(Node::Open(Open::Dictionary(dict, None)));
        }
        Value::Array(array) => {
            let ty = match array.element_type() {
                ContainerType::Untyped => ArrayType::Untyped,
                element => ArrayType::Typed {
                    element: TypeName::of(element, dialect),
                    packed: false,
                },
            };
            return open_array(host, ty, array);
        }
        Value::TypedArray(array) | Value::PackedTypedArray(array) => {
            let ty = ArrayType::Typed {
                element: TypeName::of(array.element_type(), dialect),
                packed: matches!(value, Value::PackedTypedArray(_)),
            };
            return open_array(host, ty, array);
        }
        math_value!(m) => host.math(m),
        Value::PackedByteArray(bytes) => host.packed_bytes(bytes),
        Value::PackedStringArray(strings) => host.packed_strings(strings),
        fixed_packed_value!() => {
            let (double, len, bytes) = value.packed_fixed().unwrap_or((false, 0, &[]));
            host.packed(PackedData {
                ty: value.ty(),
                double,
                len,
                bytes,
            })
        }
    };
    leaf.map(Node::Leaf)
}

fn open_array<'a, H: HostBuilder<'a>>(
    host: &mut H,
    ty: ArrayType<'a>,
    array: ArrayRef<'a>,
) -> Result<Node<'a, H>, H::Error> {
    let array = host.begin_array(ty, array.len())?;
    Ok(Node::Open(Open::Array(array)))
}

/// The visitor that drives the host.
struct Walk<'a, 'h, H: HostBuilder<'a>> {
    host: &'h mut H,
    dialect: Dialect,
    /// The open containers, outermost first.
    open: Vec<Open<'a, H>>,
    /// The top-level value, once made.
    done: Option<H::Value>,
}

impl<'a, H: HostBuilder<'a>> Walk<'a, '_, H> {
    /// Puts a finished value where it belongs: into the innermost open container, or as
    /// the result.
    #[inline(always)]
    fn attach(&mut self, value: H::Value) -> Result<(), H::Error> {
        match self.open.last_mut() {
            None => self.done = Some(value),
            Some(Open::Array(array)) => self.host.push(array, value)?,
            Some(Open::Dictionary(dict, key)) => match key.take() {
                None => {
                    self.host.after_key(dict, &value)?;
                    *key = Some(value);
                }
                Some(k) => self.host.insert(dict, k, value)?,
            },
            Some(Open::Object(object, name)) => {
                let name = name.take().unwrap_or(GdStr::new(&[]));
                self.host.property(object, name, value)?;
            }
        }
        Ok(())
    }

    /// Closes the innermost container and attaches it.
    fn close(&mut self) -> Result<(), H::Error> {
        let value = match self.open.pop() {
            None => return Ok(()),
            Some(Open::Array(array)) => self.host.end_array(array)?,
            Some(Open::Dictionary(dict, _)) => self.host.end_dictionary(dict)?,
            Some(Open::Object(object, _)) => self.host.end_object(object)?,
        };
        self.attach(value)
    }
}

fn flow<E>(result: Result<(), E>) -> ControlFlow<E> {
    match result {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(e),
    }
}

impl<'a, H: HostBuilder<'a>> Visitor<'a> for Walk<'a, '_, H> {
    type Break = H::Error;

    #[inline(always)]
    fn value(&mut self, value: &Value<'a>, _place: Place) -> ControlFlow<H::Error> {
        let key = matches!(self.open.last(), Some(Open::Dictionary(_, None)));
        flow(match node(self.host, value, self.dialect, key) {
            Ok(Node::Leaf(leaf)) => self.attach(leaf),
            Ok(Node::Open(open)) => {
                self.open.push(open);
                Ok(())
            }
            Err(e) => Err(e),
        })
    }

    fn property(&mut self, name: GdStr<'a>, _place: Place) -> ControlFlow<H::Error> {
        if let Some(Open::Object(object, slot)) = self.open.last_mut() {
            *slot = Some(name);
            return flow(self.host.before_property(object, name));
        }
        ControlFlow::Continue(())
    }

    fn end(&mut self, _place: Place) -> ControlFlow<H::Error> {
        flow(self.close())
    }
}
