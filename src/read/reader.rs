//! The one-pass reader's engine: [`Reader`] (crate-internal), a position in validated
//! bytes that decodes one node at a time without measuring, re-validating or allocating,
//! and leaves the structure to its caller, which must read a container's children itself
//! (the recursive writers of this crate do). The public walks on top of it keep the
//! structure themselves, so their callers cannot get out of step: [`VariantRef::visit`]
//! (`visit.rs`) and the [`Events`](crate::Events) iterator (`events.rs`).

use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{math_to_value, packed_to_value, Value};
use crate::read::math::MathRef;
use crate::read::node::measure;
#[cfg(feature = "alloc")]
use crate::read::object::FullObject;
use crate::read::object::{NodePathRef, ObjectRef, SignalRef};
use crate::read::packed::PackedArray;
use crate::read::strings::{string_at, string_of, GdStr};
use crate::read::value::{Shape, VariantRef};
use crate::read::walk::{head, Frame, Head};
use crate::wire::bytes::{le_u32, le_u64, pad4};
use crate::wire::dialect::Dialect;
use crate::wire::header::{fast_table, Header, FLAG_OBJECT_AS_ID};
use crate::wire::narrow::halves;
use crate::wire::types::{Element, Layout, VariantType};

/// A position in validated bytes that decodes one node at a time: its header and own
/// fields, leaving the cursor at its first child. The caller follows the structure (a
/// container's `len` children; a name before each property value). A caller that does not
/// gets meaningless values, never a read outside `bytes` or a panic.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reader<'a> {
    /// Validated bytes, from the first node to (at least) the end of the last.
    bytes: &'a [u8],
    /// Position of the next node in `bytes`.
    pos: usize,
    /// Absolute offset of `bytes[0]`.
    base: usize,
    dialect: Dialect,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `value`.
    #[inline]
    pub(crate) fn new(value: &VariantRef<'a>) -> Self {
        Reader::at(
            value.bytes_from_header(),
            0,
            value.offset(),
            value.dialect(),
        )
    }

    /// A reader at `pos` of validated `bytes`, whose first byte is at absolute `base`.
    #[inline]
    pub(crate) fn at(bytes: &'a [u8], pos: usize, base: usize, dialect: Dialect) -> Self {
        Reader {
            bytes,
            pos,
            base,
            dialect,
        }
    }

    /// Position of the next node in the bytes the reader was made with.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the writers
    #[inline]
    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    /// The bytes the reader was made with.
    #[inline]
    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    /// Absolute offset of the next node.
    #[inline]
    pub(crate) fn offset(&self) -> usize {
        self.base.saturating_add(self.pos)
    }

    /// The dialect.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the writers
    #[inline]
    pub(crate) fn dialect(&self) -> Dialect {
        self.dialect
    }

    /// Does the header at `at` announce declared types (Godot 4's typed Array and
    /// Dictionary, header bits 16–19)? When it does not, the container is untyped, and its
    /// types need not be read. O(1).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the writers
    #[inline]
    pub(crate) fn announces_types(&self, at: usize) -> bool {
        self.dialect.typed_containers() && (le_u32(self.bytes, at) >> 16) & 0b1111 != 0
    }

    /// A reader for the same bytes at `pos` (for a node whose position was noted).
    #[inline]
    pub(crate) fn seek(&self, pos: usize) -> Self {
        Reader { pos, ..*self }
    }

    /// The bytes from `pos` on.
    #[inline]
    fn rest(&self, pos: usize) -> &'a [u8] {
        self.bytes.get(pos..).unwrap_or(&[])
    }

    /// Reads an object property's name (a string field).
    #[inline]
    pub(crate) fn name(&mut self) -> GdStr<'a> {
        let (name, next) = string_at(self.bytes, self.pos);
        self.pos = next;
        name
    }

    /// Skips the next node and everything inside it (measuring it: headers only).
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the writers
    #[inline]
    pub(crate) fn skip(&mut self) {
        let len = measure(self.rest(self.pos), self.dialect);
        self.pos = self.pos.saturating_add(len);
    }

    /// Decodes the next node and moves past its own fields. For an Array, a Dictionary and
    /// a full Object the cursor then stands at the first child. The frequent headers are
    /// decoded inline; the others by [`Reader::value_slow`].
    #[inline(always)]
    pub(crate) fn value(&mut self) -> Value<'a> {
        let at = self.pos;
        // The header and the payload's first word in one load where 8 bytes remain.
        let (word, first) = match self.bytes.get(at..at.wrapping_add(8)) {
            Some(head) => halves(head.try_into().map_or(0, u64::from_le_bytes)),
            None => (le_u32(self.bytes, at), 0),
        };
        // The most frequent headers first (see `head`): a String, a 32-bit int or float;
        // then an untyped Dictionary or Array or a StringName.
        let payload_at = at.saturating_add(4);
        match head(word, fast_table(self.dialect)) {
            Head::String => {
                let (text, next) = string_of(self.bytes, payload_at + 4, first);
                self.pos = next;
                Value::String(text)
            }
            Head::Int => {
                self.pos = at.saturating_add(8);
                Value::Int(i64::from(first as i32))
            }
            Head::Float => {
                self.pos = at.saturating_add(8);
                Value::Float(f64::from(f32::from_bits(first)))
            }
            Head::Dictionary => {
                self.pos = at.saturating_add(8);
                Value::Dictionary(DictRef::new(
                    self.rest(payload_at),
                    self.base.saturating_add(payload_at),
                    word,
                    self.dialect,
                ))
            }
            Head::Array => {
                self.pos = at.saturating_add(8);
                Value::Array(ArrayRef::new(
                    self.rest(payload_at),
                    self.base.saturating_add(payload_at),
                    word,
                    self.dialect,
                ))
            }
            Head::StringName => {
                let (text, next) = string_at(self.bytes, payload_at);
                self.pos = next;
                Value::StringName(text)
            }
            Head::Fixed(_) | Head::General => self.value_slow(word),
        }
    }

    /// [`Reader::value`] of a node whose header `word` has no fast path.
    #[inline(never)]
    fn value_slow(&mut self, word: u32) -> Value<'a> {
        let at = self.pos;
        let Ok(header) = Header::decode(word, self.dialect) else {
            self.pos = self.bytes.len();
            return Value::Nil;
        };
        let payload_at = at.saturating_add(4);
        let payload = self.rest(payload_at);
        if let Some(size) = header.fixed_payload() {
            self.pos = payload_at.saturating_add(size);
            return fixed(header, payload.get(..size).unwrap_or(payload));
        }
        let offset = self.base.saturating_add(payload_at);
        let (value, end) = match header.layout {
            Layout::Str => {
                let (text, next) = string_at(self.bytes, payload_at);
                let value = if header.ty == VariantType::StringName {
                    Value::StringName(text)
                } else {
                    Value::String(text)
                };
                (value, next)
            }
            Layout::NodePath => {
                let path = NodePathRef::new(payload);
                // The components follow the three count words.
                let strings = 12 + path.components_len();
                (Value::NodePath(path), payload_at.saturating_add(strings))
            }
            Layout::Signal => {
                let (_, next) = string_at(self.bytes, payload_at);
                (
                    Value::Signal(SignalRef::new(payload)),
                    next.saturating_add(8),
                )
            }
            Layout::Object => object(payload, payload_at, offset, word, self.dialect),
            Layout::Array => {
                let array = ArrayRef::new(payload, offset, word, self.dialect);
                let children = array.children_at();
                (Value::Array(array), payload_at.saturating_add(children))
            }
            Layout::TypedArray => {
                let array = ArrayRef::new(payload, offset, word, self.dialect);
                let children = array.children_at();
                let value = if header.ty == VariantType::PackedTypedArray {
                    Value::PackedTypedArray(array)
                } else {
                    Value::TypedArray(array)
                };
                (value, payload_at.saturating_add(children))
            }
            Layout::Dictionary => {
                let dict = DictRef::new(payload, offset, word, self.dialect);
                let children = dict.children_at();
                (Value::Dictionary(dict), payload_at.saturating_add(children))
            }
            Layout::Packed(element) => {
                let p = PackedArray::new(header.ty, element, header.is_double(), payload, offset);
                let data_at = payload_at.saturating_add(4);
                let end = match element {
                    Element::Str => {
                        let mut items = p.strings().map(|s| s.iter());
                        for _ in items.iter_mut().flatten() {}
                        let rest = items.map_or(0, |i| i.rest().len());
                        self.bytes.len().saturating_sub(rest)
                    }
                    // The padding may be cut off by the end of the input (accepted).
                    Element::U8 => data_at
                        .saturating_add(p.len() + pad4(p.len()))
                        .min(self.bytes.len()),
                    _ => data_at.saturating_add(p.as_bytes().len()),
                };
                (packed_to_value(&p), end)
            }
            // Fixed-size payloads returned above.
            Layout::Nil
            | Layout::Bool
            | Layout::Int
            | Layout::Float
            | Layout::Math(..)
            | Layout::Rid
            | Layout::Callable => (Value::Nil, payload_at),
        };
        self.pos = end;
        value
    }
}

/// A node with a fixed-size payload (exactly `payload`): scalars and math values.
#[inline]
fn fixed<'a>(header: Header, payload: &'a [u8]) -> Value<'a> {
    let double = header.is_double();
    match header.layout {
        Layout::Nil => return Value::Nil,
        Layout::Bool => return Value::Bool(le_u32(payload, 0) != 0),
        Layout::Int => {
            return Value::Int(if double {
                le_u64(payload, 0) as i64
            } else {
                i64::from(le_u32(payload, 0) as i32)
            })
        }
        Layout::Float => {
            return Value::Float(if double {
                f64::from_bits(le_u64(payload, 0))
            } else {
                f64::from(f32::from_bits(le_u32(payload, 0)))
            })
        }
        // Godot 3 writes no id: an empty payload reads as 0.
        Layout::Rid => return Value::Rid(le_u64(payload, 0)),
        Layout::Callable => return Value::Callable,
        _ => {}
    }
    let Layout::Math(n, component) = header.layout else {
        return Value::Nil;
    };
    math_to_value(MathRef::new(header.ty, n, component, double, payload))
}

/// An object node: its value and where its own fields end (at the first property's name
/// for a full object).
#[inline]
fn object<'a>(
    payload: &'a [u8],
    payload_at: usize,
    offset: usize,
    word: u32,
    dialect: Dialect,
) -> (Value<'a>, usize) {
    let object = ObjectRef::new(payload, offset, word, dialect);
    let own = match object {
        _ if word & FLAG_OBJECT_AS_ID != 0 => 8,
        // A full null object: the class string alone (Godot's reading of it is empty).
        ObjectRef::Null | ObjectRef::Id(_) => string_at(payload, 0).1,
        // The class string and the count.
        ObjectRef::Full(_) => string_at(payload, 0).1.saturating_add(4),
    };
    (Value::Object(object), payload_at.saturating_add(own))
}

#[cfg(feature = "alloc")]
impl<'a> ArrayRef<'a> {
    /// A reader at the first element.
    pub(crate) fn reader(&self) -> Reader<'a> {
        let (payload, offset, dialect) = self.parts();
        Reader::at(payload, self.children_at(), offset, dialect)
    }
}

#[cfg(feature = "alloc")]
impl<'a> DictRef<'a> {
    /// A reader at the first key.
    pub(crate) fn reader(&self) -> Reader<'a> {
        let (payload, offset, dialect) = self.parts();
        Reader::at(payload, self.children_at(), offset, dialect)
    }
}

#[cfg(feature = "alloc")]
impl<'a> FullObject<'a> {
    /// A reader at the first property's name.
    pub(crate) fn reader(&self) -> Reader<'a> {
        let (payload, offset, dialect, at) = self.parts();
        Reader::at(payload, at, offset, dialect)
    }
}

impl<'a> VariantRef<'a> {
    /// The value decoded into its [`Value`] variant. O(1) (O(items) for a NodePath or a
    /// PackedStringArray, whose end is found by reading its items).
    // Always inlined in release builds: the match on the shape then joins the caller's
    // match on the value (a walk's usual `match value.value() { … }`), and the value is
    // not returned through memory. (Not in debug builds, where it would add its locals to
    // the frame of every level of a recursive walk.)
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub fn value(&self) -> Value<'a> {
        // A view iterator that yielded this value already read its header.
        const INT: u8 = Shape::Int as u8;
        const FLOAT: u8 = Shape::Float as u8;
        const STRING: u8 = Shape::String as u8;
        const STRING_NAME: u8 = Shape::StringName as u8;
        const FIXED: u8 = Shape::Fixed as u8;
        const DICTIONARY: u8 = Shape::Dictionary as u8;
        const ARRAY: u8 = Shape::Array as u8;
        let bytes = self.bytes_from_header();
        match self.meta().shape_byte() {
            INT => Value::Int(i64::from(le_u32(bytes, 4) as i32)),
            FLOAT => Value::Float(f64::from(f32::from_bits(le_u32(bytes, 4)))),
            STRING => Value::String(hinted_string(bytes)),
            STRING_NAME => Value::StringName(hinted_string(bytes)),
            DICTIONARY => Value::Dictionary(DictRef::hinted(
                container_payload(bytes),
                self.offset().saturating_add(4),
                self.meta(),
            )),
            ARRAY => Value::Array(ArrayRef::hinted(
                container_payload(bytes),
                self.offset().saturating_add(4),
                self.meta(),
            )),
            FIXED => self.value_fixed(),
            _ => self.value_unhinted(),
        }
    }

    /// [`VariantRef::value`] of a view of shape [`Shape::Fixed`] (exactly its bytes, a
    /// payload of fixed size).
    #[inline(never)]
    fn value_fixed(&self) -> Value<'a> {
        match Header::decode(self.header(), self.dialect()) {
            Ok(header) => fixed(header, self.payload()),
            Err(_) => Value::Nil,
        }
    }

    /// [`VariantRef::value`] from the header.
    #[inline(never)]
    fn value_unhinted(&self) -> Value<'a> {
        Reader::new(self).value()
    }
}

/// The payload of a container whose bytes from its header are `bytes`: a branch, not a
/// select (its children's addresses wait for it), to an out-of-line empty payload.
#[inline(always)]
fn container_payload(bytes: &[u8]) -> &[u8] {
    match bytes.get(4..) {
        Some(payload) => payload,
        None => no_payload(),
    }
}

/// The payload of a container cut off in its header (never in validated bytes).
#[cold]
#[inline(never)]
fn no_payload() -> &'static [u8] {
    &[]
}

/// The text of the String or StringName whose exact bytes (header, length, text, padding)
/// are `bytes`.
#[inline(always)]
fn hinted_string(bytes: &[u8]) -> GdStr<'_> {
    let Some((head, rest)) = bytes.split_first_chunk::<8>() else {
        return GdStr::new(&[]);
    };
    let len = halves(u64::from_le_bytes(*head)).1 as usize;
    GdStr::new(rest.get(..len).unwrap_or(rest))
}

/// The steps of the children `value` opens, for the walks that decode every node (the
/// [`Events`](crate::read::events::Events) iterator, `VariantRef::visit`, the copy of
/// `Builder::value`); `None` for a value that holds no others.
#[inline(always)]
pub(crate) fn opens(value: &Value<'_>) -> Option<Frame> {
    // Validated: counts are at most i32::MAX.
    let len = |len: usize| u32::try_from(len).unwrap_or(u32::MAX);
    match value {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            Some(Frame::array(len(a.len())))
        }
        Value::Dictionary(d) => Some(Frame::dictionary(len(d.len()))),
        Value::Object(ObjectRef::Full(o)) => Some(Frame::object(len(o.len()))),
        _ => None,
    }
}
