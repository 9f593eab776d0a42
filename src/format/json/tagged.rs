//! [`write`]: the tagged JSON writer on the one-pass walk ([`VariantRef::visit`]), without
//! recursion. The walk hands over every node in document order; the writer keeps, for each
//! open container, what it is and how many children it has written (a small stack indexed
//! by depth), so that each node's separator (`,`, `],[` between dictionary pairs, the
//! indentation when pretty) is written before it and each container's closing text at its
//! end. Leaves are written by [`Json::leaf`].

use alloc::vec::Vec;
use core::ops::ControlFlow;
use std::io::{self, Write};

use crate::format::escape;
use crate::format::json::writer::{Json, CHUNK};
use crate::format::number::{push_f64, push_i64};
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Visitor};
use crate::wire::bytes::le_u32;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;

/// [`write`](super::write) on the calling thread alone (but for a large packed array's
/// floats, which go to the rayon pool with the `parallel` feature).
pub(super) fn write_serial(
    out: &mut impl Write,
    value: VariantRef<'_>,
    pretty: bool,
) -> io::Result<()> {
    let mut tagged = Tagged {
        j: Json::new(out, pretty),
        top: Level::ROOT,
        open: Vec::with_capacity(16),
        root: value,
    };
    if let ControlFlow::Break(error) = value.visit(&mut tagged) {
        return Err(error);
    }
    tagged.j.flush()
}

/// What an open container is, which says what goes between its children and what closes
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// No container: the top-level value's place (nothing before it, nothing to close).
    Root,
    /// An untyped Array: `[a,b]`.
    Array,
    /// A typed Array, Pandemonium's TypedArray / PackedTypedArray: `{"Array":[a,b],"type":T}`.
    Typed,
    /// An untyped Dictionary: `{"Dictionary":[[k,v],[k,v]]}`.
    Dictionary,
    /// A typed Dictionary: `… ,"key_type":K,"value_type":V}`.
    TypedDictionary,
    /// A full Object: `{"Object":{"class":"C","properties":[["name",v]]}}`.
    Object,
}

/// One open container.
#[derive(Clone, Copy, Debug)]
struct Level {
    kind: Kind,
    /// Children written so far (a Dictionary's keys and values alike; an Object's
    /// property names).
    count: u32,
    /// The container's offset, for a typed one (its types are read again at its end).
    at: usize,
}

impl Level {
    /// The level around the top-level value.
    const ROOT: Level = Level {
        kind: Kind::Root,
        count: 0,
        at: 0,
    };
}

/// The walk's visitor: the output, the innermost open container (kept apart: every node
/// reads and counts it), and the ones around it (outermost first).
struct Tagged<'a, 'w, W: Write> {
    j: Json<'w, W>,
    top: Level,
    open: Vec<Level>,
    root: VariantRef<'a>,
}

impl<'a, W: Write> Tagged<'a, '_, W> {
    /// What goes before a child of the innermost open container (none for the top-level
    /// value): the separator, and the newline and indentation when pretty.
    #[inline(always)]
    fn before(&mut self, depth: usize) {
        let pretty = self.j.pretty;
        let parent = &mut self.top;
        let count = parent.count;
        parent.count = count.wrapping_add(1);
        match parent.kind {
            Kind::Root => {}
            Kind::Array | Kind::Typed => {
                if count > 0 {
                    self.j.buf.push(b',');
                }
                if pretty {
                    self.j.line_at(depth);
                }
            }
            Kind::Dictionary | Kind::TypedDictionary => {
                if count % 2 == 1 {
                    // The value of a pair, after its key.
                    if pretty {
                        self.j.put(b", ");
                    } else {
                        self.j.buf.push(b',');
                    }
                    return;
                }
                if !pretty {
                    if count > 0 {
                        self.j.put(b"],[");
                    } else {
                        self.j.buf.push(b'[');
                    }
                    return;
                }
                if count > 0 {
                    self.j.put(b"],");
                }
                self.j.line_at(depth);
                self.j.buf.push(b'[');
            }
            // The property's name and its comma came before, from `property`.
            Kind::Object => parent.count = count,
        }
    }

    /// Is the Array or Dictionary whose header is at absolute `offset` typed (Godot 4
    /// announces element types in header bits 16–19; `mask` picks the Array's or the
    /// Dictionary's)?
    #[inline]
    fn typed_header(&self, offset: usize, mask: u32) -> bool {
        self.root.dialect() == Dialect::Godot4 && {
            let at = offset.wrapping_sub(self.root.offset());
            (le_u32(self.root.bytes_from_header(), at) >> 16) & mask != 0
        }
    }

    /// The container whose header is at absolute `offset`, decoded again.
    fn container_at(&self, offset: usize) -> Value<'a> {
        let reader = Reader::new(&self.root);
        reader.seek(offset.wrapping_sub(self.root.offset())).value()
    }

    /// Opens a container: its opening text, and a level.
    #[inline]
    fn open(&mut self, kind: Kind, at: usize) {
        self.open.push(self.top);
        self.top = Level { kind, count: 0, at };
    }

    /// The end of the container at `depth`: its closing text.
    fn close(&mut self, depth: usize) -> io::Result<()> {
        let level = self.top;
        if level.kind == Kind::Root {
            return Ok(());
        }
        self.top = self.open.pop().unwrap_or(Level::ROOT);
        let pretty = self.j.pretty;
        let any = level.count > 0;
        if any
            && matches!(
                level.kind,
                Kind::Dictionary | Kind::TypedDictionary | Kind::Object
            )
        {
            // The last pair's end.
            self.j.buf.push(b']');
        }
        if pretty && any {
            self.j.line_at(depth);
        }
        match level.kind {
            Kind::Root | Kind::Array => self.j.buf.push(b']'),
            Kind::Dictionary => self.j.put(b"]}"),
            Kind::Object => self.j.put(b"]}}"),
            Kind::Typed => {
                self.j.buf.push(b']');
                let element = match self.container_at(level.at) {
                    Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                        a.element_type()
                    }
                    _ => ContainerType::Untyped,
                };
                self.j.field("type");
                self.j.container_type(element)?;
                self.j.buf.push(b'}');
            }
            Kind::TypedDictionary => {
                self.j.buf.push(b']');
                if let Value::Dictionary(dict) = self.container_at(level.at) {
                    if dict.key_type() != ContainerType::Untyped {
                        self.j.field("key_type");
                        self.j.container_type(dict.key_type())?;
                    }
                    if dict.value_type() != ContainerType::Untyped {
                        self.j.field("value_type");
                        self.j.container_type(dict.value_type())?;
                    }
                }
                self.j.buf.push(b'}');
            }
        }
        Ok(())
    }
}

/// A result as the walk's flow: an error stops it.
#[inline]
fn flow(result: io::Result<()>) -> ControlFlow<io::Error> {
    match result {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(e),
    }
}

impl<'a, W: Write> Visitor<'a> for Tagged<'a, '_, W> {
    type Break = io::Error;

    #[inline(always)]
    fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<io::Error> {
        if self.j.buf.len() >= CHUNK {
            flow(self.j.flush())?;
        }
        self.before(place.depth);
        match *value {
            Value::String(text) => {
                // The text follows the header and the length word.
                let raw = text.raw_bytes().len();
                let at = place
                    .offset
                    .wrapping_sub(self.root.offset())
                    .wrapping_add(8);
                if let Some(window) = escape::plain16(self.root.bytes_from_header(), at, raw) {
                    let buf = &mut self.j.buf;
                    buf.push(b'"');
                    let start = buf.len();
                    buf.extend_from_slice(window);
                    buf.truncate(start + raw);
                    buf.push(b'"');
                    return ControlFlow::Continue(());
                }
                flow(self.j.string(text.as_str()))
            }
            Value::Int(n) => {
                push_i64(&mut self.j.buf, n);
                ControlFlow::Continue(())
            }
            Value::Float(x) if x.is_finite() => {
                push_f64(&mut self.j.buf, x);
                ControlFlow::Continue(())
            }
            Value::Dictionary(_) => {
                let kind = if self.typed_header(place.offset, 0b1111) {
                    Kind::TypedDictionary
                } else {
                    Kind::Dictionary
                };
                if self.j.pretty {
                    self.j.put(b"{\"Dictionary\": [");
                } else {
                    self.j.put(b"{\"Dictionary\":[");
                }
                self.open(kind, place.offset);
                ControlFlow::Continue(())
            }
            Value::Array(_) => {
                if self.typed_header(place.offset, 0b11) {
                    self.j.open_tag("Array");
                    self.j.buf.push(b'[');
                    self.open(Kind::Typed, place.offset);
                } else {
                    self.j.buf.push(b'[');
                    self.open(Kind::Array, place.offset);
                }
                ControlFlow::Continue(())
            }
            Value::TypedArray(_) | Value::PackedTypedArray(_) => {
                self.j.open_tag(value.ty().name(Dialect::Godot4));
                self.j.buf.push(b'[');
                self.open(Kind::Typed, place.offset);
                ControlFlow::Continue(())
            }
            Value::Object(ObjectRef::Full(object)) => {
                self.j.open_tag("Object");
                self.j.put(b"{\"class\":");
                flow(self.j.string(object.class().as_str()))?;
                self.j.put(b",\"properties\":[");
                self.open(Kind::Object, place.offset);
                ControlFlow::Continue(())
            }
            leaf => {
                self.j.depth = place.depth;
                flow(self.j.leaf(leaf))
            }
        }
    }

    #[inline]
    fn property(&mut self, name: GdStr<'a>, place: Place) -> ControlFlow<io::Error> {
        let pretty = self.j.pretty;
        let parent = &mut self.top;
        if parent.kind == Kind::Root {
            return ControlFlow::Continue(());
        }
        let count = parent.count;
        parent.count = count.wrapping_add(1);
        if count > 0 {
            self.j.put(b"],");
        }
        if pretty {
            self.j.line_at(place.depth);
        }
        self.j.buf.push(b'[');
        flow(self.j.string(name.as_str()))?;
        if pretty {
            self.j.put(b", ");
        } else {
            self.j.buf.push(b',');
        }
        ControlFlow::Continue(())
    }

    #[inline]
    fn end(&mut self, place: Place) -> ControlFlow<io::Error> {
        flow(self.close(place.depth))
    }
}
