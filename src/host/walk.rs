//! [`build`]: the walk that drives a [`HostBuilder`], over [`VariantRef::visit`] (no
//! recursion: the open containers are kept in a `Vec`).

use alloc::vec::Vec;
use core::ops::ControlFlow;

use super::{ArrayType, DictionaryType, HostBuilder, PackedData, TypeName};
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
/// [`PackedArray::get`](crate::PackedArray::get)); `None`, and no call, for an Array, a
/// Dictionary or a full Object, whose children [`build`] walks. O(1), but for a packed
/// array what the host's call costs.
pub fn leaf<'a, H: HostBuilder<'a>>(
    host: &mut H,
    value: &Value<'a>,
) -> Result<Option<H::Value>, H::Error> {
    if opens(value) {
        return Ok(None);
    }
    // Not a container: no type is named, in any dialect.
    let mut walk = Walk {
        host,
        dialect: Dialect::Godot4,
        open: Vec::new(),
        done: None,
    };
    walk.node(value)
}

/// Does `value` hold others (is it walked into)?
fn opens(value: &Value<'_>) -> bool {
    matches!(
        value,
        Value::Array(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_)
            | Value::Dictionary(_)
            | Value::Object(ObjectRef::Full(_))
    )
}

/// A container being filled, and what it waits for.
enum Open<'a, H: HostBuilder<'a>> {
    Array(H::Array),
    /// The Dictionary and its entry's key once that is made.
    Dictionary(H::Dictionary, Option<H::Value>),
    /// The Object and its next property's name.
    Object(H::Object, Option<GdStr<'a>>),
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
    /// Is the next value a Dictionary's key?
    #[inline(always)]
    fn at_key(&self) -> bool {
        matches!(self.open.last(), Some(Open::Dictionary(_, None)))
    }

    /// The host's value of `value`; `None` for a container, which is opened instead.
    #[inline(always)]
    fn node(&mut self, value: &Value<'a>) -> Result<Option<H::Value>, H::Error> {
        let host = &mut *self.host;
        let open = match *value {
            Value::Nil => return host.nil().map(Some),
            Value::Bool(b) => return host.bool(b).map(Some),
            Value::Int(n) => return host.int(n).map(Some),
            Value::Float(x) => return host.float(x).map(Some),
            Value::String(s) => {
                let key = self.at_key();
                return self.host.string(s, key).map(Some);
            }
            Value::StringName(s) => return host.string_name(s).map(Some),
            Value::NodePath(p) => return host.node_path(p).map(Some),
            Value::Rid(id) => return host.rid(id).map(Some),
            Value::Object(ObjectRef::Null) => return host.null_object().map(Some),
            Value::Object(ObjectRef::Id(id)) => return host.object_id(id).map(Some),
            Value::Callable => return host.callable().map(Some),
            Value::Signal(s) => return host.signal(s).map(Some),
            math_value!(m) => return host.math(m).map(Some),
            Value::PackedByteArray(bytes) => return host.packed_bytes(bytes).map(Some),
            Value::PackedStringArray(strings) => return host.packed_strings(strings).map(Some),
            fixed_packed_value!() => {
                let (double, len, bytes) = value.packed_fixed().unwrap_or((false, 0, &[]));
                let ty = value.ty();
                let data = PackedData {
                    ty,
                    double,
                    len,
                    bytes,
                };
                return host.packed(data).map(Some);
            }
            Value::Object(ObjectRef::Full(object)) => {
                Open::Object(host.begin_object(object.class())?, None)
            }
            Value::Dictionary(dict) => {
                let ty = match (dict.key_type(), dict.value_type()) {
                    (ContainerType::Untyped, ContainerType::Untyped) => DictionaryType::Untyped,
                    (k, v) => DictionaryType::Typed {
                        key: TypeName::of(k, self.dialect),
                        value: TypeName::of(v, self.dialect),
                    },
                };
                Open::Dictionary(host.begin_dictionary(ty)?, None)
            }
            Value::Array(array) => {
                let ty = match array.element_type() {
                    ContainerType::Untyped => ArrayType::Untyped,
                    element => ArrayType::Typed {
                        element: TypeName::of(element, self.dialect),
                        packed: false,
                    },
                };
                Open::Array(host.begin_array(ty)?)
            }
            Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let ty = ArrayType::Typed {
                    element: TypeName::of(array.element_type(), self.dialect),
                    packed: matches!(value, Value::PackedTypedArray(_)),
                };
                Open::Array(host.begin_array(ty)?)
            }
        };
        self.open.push(open);
        Ok(None)
    }

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
        flow(match self.node(value) {
            Ok(Some(leaf)) => self.attach(leaf),
            Ok(None) => Ok(()),
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
