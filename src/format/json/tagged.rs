//! [`write`]: the tagged JSON writer on a one-pass walk, without recursion: the walk of
//! [`VariantRef::visit`], whose `visit_with` offers each value to the writer first (to
//! hand the buffer on when it is full). The writer keeps, for each open container, what it is and how many children it has written (a
//! small stack indexed by depth), so that each node's separator (`,`, `],[` between
//! dictionary pairs, the indentation when pretty) is written before it and each
//! container's closing text at its end. Leaves are written by [`Json::leaf`].
//!
//! [`VariantRef::visit`]: crate::read::value::VariantRef::visit

use alloc::vec::Vec;
use core::ops::ControlFlow;
use std::io::{self, Write};

use crate::format::json::writer::{Json, CHUNK};
use crate::format::num::digits;
use crate::format::number::push_f64;
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Taken, Visitor};
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;

/// [`write`](super::write) on the calling thread alone (but for a large packed array's
/// floats, which go to the rayon pool with the `parallel` feature).
pub(super) fn write_serial(
    out: &mut impl Write,
    value: VariantRef<'_>,
    pretty: bool,
) -> io::Result<()> {
    if pretty {
        walk::<_, true>(out, value)
    } else {
        walk::<_, false>(out, value)
    }
}

/// [`write_serial`] appending to `text` itself (no buffer copied into it): for the
/// parallel writer's chunks.
#[cfg(feature = "parallel")]
pub(super) fn write_serial_into(
    text: &mut Vec<u8>,
    value: VariantRef<'_>,
    pretty: bool,
) -> io::Result<()> {
    let mut unused = io::sink();
    let j = Json::in_place(&mut unused, core::mem::take(text), pretty);
    let (j, result) = if pretty {
        walk_with::<_, true>(j, value)
    } else {
        walk_with::<_, false>(j, value)
    };
    *text = j.buf;
    result
}

/// [`write_serial`] with the layout fixed at compile time: the compact walk has no
/// pretty-printing branch at all.
fn walk<W: Write, const PRETTY: bool>(out: &mut W, value: VariantRef<'_>) -> io::Result<()> {
    let (mut j, result) = walk_with::<W, PRETTY>(Json::new(out, PRETTY), value);
    result?;
    j.flush()
}

/// The walk of `value` through `j`; gives `j` back.
fn walk_with<'w, W: Write, const PRETTY: bool>(
    j: Json<'w, W>,
    value: VariantRef<'_>,
) -> (Json<'w, W>, io::Result<()>) {
    let mut tagged = Tagged::<W, PRETTY> {
        j,
        top: Level::ROOT,
        open: Vec::with_capacity(16),
        typed_at: Vec::new(),
        root: value,
    };
    let root = tagged.root;
    let flow = root.visit_with(&mut tagged, |t, _, _| t.take());
    let result = match flow {
        ControlFlow::Break(error) => Err(error),
        ControlFlow::Continue(()) => Ok(()),
    };
    (tagged.j, result)
}

/// What an open container is, which says what goes between its children and what closes
/// it (the high half of a [`Level`]).
struct Kind;

impl Kind {
    /// No container: the top-level value's place (nothing before it, nothing to close).
    const ROOT: u8 = 0;
    /// An untyped Array: `[a,b]`.
    const ARRAY: u8 = 1;
    /// A typed Array, Pandemonium's TypedArray / PackedTypedArray: `{"Array":[a,b],"type":T}`.
    const TYPED: u8 = 2;
    /// An untyped Dictionary: `{"Dictionary":[[k,v],[k,v]]}`.
    const DICTIONARY: u8 = 3;
    /// A typed Dictionary: `… ,"key_type":K,"value_type":V}`.
    const TYPED_DICTIONARY: u8 = 4;
    /// A full Object: `{"Object":{"class":"C","properties":[["name",v]]}}`.
    const OBJECT: u8 = 5;
}

/// One open container, in one word (read and written whole: no narrow store is ever
/// followed by a wide load of it): the children written so far in the low 32 bits (a
/// Dictionary's keys and values alike; an Object's property names), its [`Kind`] above.
/// A container has fewer than 2^31 children (a Dictionary's count of keys and values
/// stays below 2^32), so the count never carries into the kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Level(u64);

impl Level {
    /// The level around the top-level value.
    const ROOT: Level = Level::new(Kind::ROOT);

    /// A container of `kind` with no children written yet.
    const fn new(kind: u8) -> Level {
        Level((kind as u64) << 32)
    }

    /// The container's [`Kind`].
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // the kind's byte, above the count
    fn kind(self) -> u8 {
        (self.0 >> 32) as u8
    }

    /// Children written so far.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // the low half
    fn count(self) -> u32 {
        self.0 as u32
    }

    /// The level with one more child.
    #[inline(always)]
    fn next(self) -> Level {
        Level(self.0.wrapping_add(1))
    }
}

/// The walk's visitor: the output, the innermost open container (kept apart: every node
/// reads and counts it), the ones around it (outermost first), and the offsets of the
/// open typed containers (their types are read again at their ends). `PRETTY`: indent.
struct Tagged<'a, 'w, W: Write, const PRETTY: bool> {
    j: Json<'w, W>,
    top: Level,
    open: Vec<Level>,
    typed_at: Vec<usize>,
    root: VariantRef<'a>,
}

impl<'a, W: Write, const PRETTY: bool> Tagged<'a, '_, W, PRETTY> {
    /// What goes before a child of the innermost open container (none for the top-level
    /// value): the separator, and the newline and indentation when pretty.
    #[inline(always)]
    fn before(&mut self, depth: usize) {
        let parent = self.top;
        let count = parent.count();
        self.top = parent.next();
        match parent.kind() {
            Kind::DICTIONARY | Kind::TYPED_DICTIONARY => {
                if count % 2 == 1 {
                    // The value of a pair, after its key.
                    if PRETTY {
                        self.j.put(b", ");
                    } else {
                        self.j.buf.push(b',');
                    }
                } else if PRETTY {
                    if count > 0 {
                        self.j.put(b"],");
                    }
                    self.j.line_at(depth);
                    self.j.buf.push(b'[');
                } else if count > 0 {
                    self.j.put(b"],[");
                } else {
                    self.j.buf.push(b'[');
                }
            }
            Kind::ARRAY | Kind::TYPED => {
                if count > 0 {
                    self.j.buf.push(b',');
                }
                if PRETTY {
                    self.j.line_at(depth);
                }
            }
            // The property's name and its comma came before, from `property`.
            Kind::OBJECT => self.top = parent,
            // The top-level value.
            _ => {}
        }
    }

    /// The container whose header is at absolute `offset`, decoded again.
    fn container_at(&self, offset: usize) -> Value<'a> {
        let reader = Reader::new(&self.root);
        reader.seek(offset.wrapping_sub(self.root.offset())).value()
    }

    /// Opens a container: a level (its opening text is the caller's).
    #[inline(always)]
    fn open(&mut self, kind: u8) {
        self.open.push(self.top);
        self.top = Level::new(kind);
    }

    /// Opens a typed container, whose header is at absolute offset `at`.
    #[inline]
    fn open_typed(&mut self, kind: u8, at: usize) {
        self.typed_at.push(at);
        self.open(kind);
    }

    /// The end of the container at `depth`: its closing text.
    fn close(&mut self, depth: usize) -> io::Result<()> {
        let level = self.top;
        let kind = level.kind();
        if kind == Kind::ROOT {
            return Ok(());
        }
        self.top = self.open.pop().unwrap_or(Level::ROOT);
        let any = level.count() > 0;
        if !PRETTY && kind == Kind::DICTIONARY {
            // The frequent case.
            if any {
                self.j.put(b"]]}");
            } else {
                self.j.put(b"]}");
            }
            return Ok(());
        }
        if any
            && matches!(
                kind,
                Kind::DICTIONARY | Kind::TYPED_DICTIONARY | Kind::OBJECT
            )
        {
            // The last pair's end.
            self.j.buf.push(b']');
        }
        if PRETTY && any {
            self.j.line_at(depth);
        }
        match kind {
            Kind::DICTIONARY => self.j.put(b"]}"),
            Kind::OBJECT => self.j.put(b"]}}"),
            Kind::TYPED => {
                self.j.buf.push(b']');
                let at = self.typed_at.pop().unwrap_or(0);
                let element = match self.container_at(at) {
                    Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                        a.element_type()
                    }
                    _ => ContainerType::Untyped,
                };
                self.j.field("type");
                self.j.container_type(element)?;
                self.j.buf.push(b'}');
            }
            Kind::TYPED_DICTIONARY => {
                self.j.buf.push(b']');
                let at = self.typed_at.pop().unwrap_or(0);
                if let Value::Dictionary(dict) = self.container_at(at) {
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
            // An untyped Array.
            _ => self.j.buf.push(b']'),
        }
        Ok(())
    }
}

impl<W: Write, const PRETTY: bool> Tagged<'_, '_, W, PRETTY> {
    /// What goes before each value of the walk: the buffer handed on when full.
    #[inline(always)]
    fn take(&mut self) -> ControlFlow<io::Error, Taken> {
        if self.j.buf.len() >= CHUNK {
            flow(self.j.flush())?;
        }
        ControlFlow::Continue(None)
    }
}

/// A result as the walk's flow: an error stops it.
#[inline]
pub(super) fn flow(result: io::Result<()>) -> ControlFlow<io::Error> {
    match result {
        Ok(()) => ControlFlow::Continue(()),
        Err(e) => ControlFlow::Break(e),
    }
}

impl<'a, W: Write, const PRETTY: bool> Visitor<'a> for Tagged<'a, '_, W, PRETTY> {
    type Break = io::Error;

    /// A value at `place`: its separator, then its text (a leaf's whole, a container's
    /// opening; its level is opened).
    #[inline(always)]
    fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<io::Error> {
        self.before(place.depth);
        match *value {
            Value::String(text) => {
                // The text follows the header and the length word.
                let at = place
                    .offset
                    .wrapping_sub(self.root.offset())
                    .wrapping_add(8);
                flow(self.j.string_in(self.root.bytes_from_header(), at, text))
            }
            Value::Int(n) => {
                if n < 0 {
                    self.j.buf.push(b'-');
                }
                digits::push_u64_inline(&mut self.j.buf, n.unsigned_abs());
                ControlFlow::Continue(())
            }
            Value::Float(x) if x.is_finite() => {
                push_f64(&mut self.j.buf, x);
                ControlFlow::Continue(())
            }
            Value::Dictionary(dict) => {
                if PRETTY {
                    self.j.put(b"{\"Dictionary\": [");
                } else {
                    self.j.put(b"{\"Dictionary\":[");
                }
                if dict.godot4_typed() {
                    self.open_typed(Kind::TYPED_DICTIONARY, place.offset);
                } else {
                    self.open(Kind::DICTIONARY);
                }
                ControlFlow::Continue(())
            }
            Value::Array(array) => {
                if array.godot4_typed() {
                    self.j.open_tag("Array");
                    self.j.buf.push(b'[');
                    self.open_typed(Kind::TYPED, place.offset);
                } else {
                    self.j.buf.push(b'[');
                    self.open(Kind::ARRAY);
                }
                ControlFlow::Continue(())
            }
            Value::TypedArray(_) | Value::PackedTypedArray(_) => {
                self.j.open_tag(value.ty().name(Dialect::Godot4));
                self.j.buf.push(b'[');
                self.open_typed(Kind::TYPED, place.offset);
                ControlFlow::Continue(())
            }
            Value::Object(ObjectRef::Full(object)) => {
                self.j.open_tag("Object");
                self.j.put(b"{\"class\":");
                flow(self.j.string(object.class().as_str()))?;
                self.j.put(b",\"properties\":[");
                self.open(Kind::OBJECT);
                ControlFlow::Continue(())
            }
            leaf => {
                self.j.depth = place.depth;
                flow(self.j.leaf(leaf))
            }
        }
    }

    /// A full Object's property name, before its value at `place`.
    #[inline]
    fn property(&mut self, name: GdStr<'a>, place: Place) -> ControlFlow<io::Error> {
        let depth = place.depth;
        let parent = self.top;
        if parent.kind() == Kind::ROOT {
            return ControlFlow::Continue(());
        }
        self.top = parent.next();
        if parent.count() > 0 {
            self.j.put(b"],");
        }
        if PRETTY {
            self.j.line_at(depth);
        }
        self.j.buf.push(b'[');
        flow(self.j.string(name.as_str()))?;
        if PRETTY {
            self.j.put(b", ");
        } else {
            self.j.buf.push(b',');
        }
        ControlFlow::Continue(())
    }

    /// The end of the innermost open container, at `place` (out of line: once per
    /// container).
    #[inline(never)]
    fn end(&mut self, place: Place) -> ControlFlow<io::Error> {
        flow(self.close(place.depth))
    }
}

#[cfg(test)]
#[path = "tagged_tests.rs"]
mod tests;
