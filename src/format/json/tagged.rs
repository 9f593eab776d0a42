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
use crate::format::number::push_f64;
use crate::format::{digits, float32};
use crate::read::decoded::{math_value, Value};
use crate::read::object::ObjectRef;
use crate::read::reader::{opens, Reader};
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::visit::{Place, Taken, Visitor};
use crate::read::walk::Frame;
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
    let flow = root.visit_with(&mut tagged, Tagged::take);
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

impl<'a, W: Write, const PRETTY: bool> Tagged<'a, '_, W, PRETTY> {
    /// The walk's hook, before each value (the reader at its header, its depth): the
    /// buffer handed on when full; then the value decoded once and, when it is a leaf,
    /// written here ([`Tagged::leaf`]); in compact text, an untyped Dictionary or Array is
    /// written here as far as its children are leaves ([`Tagged::small`]). Anything else
    /// is left to the walk.
    ///
    /// With the small containers, the f32 vectors of [`Tagged::leaf`] and the reader's
    /// 64-bit floats, saves on the Godot-written save game (`tests/fixtures/g4-large`,
    /// `gdvariant json` under callgrind, `RAYON_NUM_THREADS=1`, the whole run) 250.2 M →
    /// 243.4 M instructions (427751c, with the small path this replaces: 247.7 M); on
    /// 200,000 records `{id, hp, name, pos}` (`gdvariant json`, two threads) 656.7 M →
    /// 566.0 M.
    #[inline(always)]
    fn take(&mut self, r: &Reader<'a>, depth: usize) -> ControlFlow<io::Error, Taken> {
        if self.j.buf.len() >= CHUNK {
            flow(self.j.flush())?;
        }
        let mut next = *r;
        let place = Place {
            offset: r.offset(),
            depth,
        };
        let value = next.value();
        let (kind, children) = match value {
            Value::Dictionary(dict) if !PRETTY && !dict.godot4_typed() => {
                (Kind::DICTIONARY, dict.len() * 2)
            }
            Value::Array(array) if !PRETTY && !array.godot4_typed() => (Kind::ARRAY, array.len()),
            _ if opens(&value).is_none() => {
                self.before(depth);
                self.leaf(&value, place)?;
                return ControlFlow::Continue(Some((next.pos(), None)));
            }
            _ => return ControlFlow::Continue(None),
        };
        self.small(next, kind, children, depth)
    }

    /// The compact text of the untyped Dictionary or Array (`kind`) whose `children` start
    /// at `r`, as far as they are leaves or small containers of leaves ([`Tagged::nested`]):
    /// written with no step of the walk (no level opened, counted and closed, no
    /// separator chosen by a level's kind). At the first other child, the container's
    /// level is opened with the children written so far, and the walk goes on at that
    /// child with the children left (offering each of them to [`Tagged::take`]).
    #[inline(never)]
    fn small(
        &mut self,
        mut r: Reader<'a>,
        kind: u8,
        children: usize,
        depth: usize,
    ) -> ControlFlow<io::Error, Taken> {
        let dictionary = kind == Kind::DICTIONARY;
        self.before(depth);
        self.opening(dictionary);
        for i in 0..children {
            if self.j.buf.len() >= CHUNK {
                flow(self.j.flush())?;
            }
            let (at, mark) = (r.pos(), self.j.buf.len());
            self.separator(dictionary, i);
            let place = Place {
                offset: r.offset(),
                depth: depth + 1,
            };
            let value = r.value();
            let written = match value {
                Value::Dictionary(dict) if !dict.godot4_typed() && dict.len() <= 32 => {
                    self.nested(&mut r, true, dict.len() * 2)?
                }
                Value::Array(array) if !array.godot4_typed() && array.len() <= 64 => {
                    self.nested(&mut r, false, array.len())?
                }
                _ if opens(&value).is_some() => false,
                _ => {
                    self.leaf(&value, place)?;
                    true
                }
            };
            if !written {
                self.j.buf.truncate(mark);
                // Validated: counts are below 2^31.
                let left = u32::try_from(children - i).unwrap_or(u32::MAX);
                self.open(kind);
                self.top = Level(self.top.0 | i as u64);
                return ControlFlow::Continue(Some((at, Some(Frame::array(left)))));
            }
        }
        self.closing(dictionary, children);
        ControlFlow::Continue(Some((r.pos(), None)))
    }

    /// The compact text of a Dictionary or Array whose `children` (at most 64) start at
    /// `r`, when they are all leaves written without handing the buffer on (strings of at
    /// most 256 bytes, numbers, bools, nulls, math values): whether it was (`r` then past
    /// it; otherwise the caller cuts the text back).
    #[inline(always)]
    fn nested(
        &mut self,
        r: &mut Reader<'a>,
        dictionary: bool,
        children: usize,
    ) -> ControlFlow<io::Error, bool> {
        self.opening(dictionary);
        for i in 0..children {
            self.separator(dictionary, i);
            let place = Place {
                offset: r.offset(),
                depth: 0,
            };
            let value = r.value();
            match value {
                Value::String(text) | Value::StringName(text) if text.raw_bytes().len() > 256 => {
                    return ControlFlow::Continue(false)
                }
                Value::String(_)
                | Value::StringName(_)
                | Value::Nil
                | Value::Bool(_)
                | Value::Int(_)
                | Value::Float(_)
                | Value::Rid(_)
                | Value::Callable
                | Value::Object(ObjectRef::Null | ObjectRef::Id(_))
                | math_value!(_) => self.leaf(&value, place)?,
                _ => return ControlFlow::Continue(false),
            }
        }
        self.closing(dictionary, children);
        ControlFlow::Continue(true)
    }

    /// A compact Dictionary's or Array's opening.
    #[inline(always)]
    fn opening(&mut self, dictionary: bool) {
        if dictionary {
            self.j.put(b"{\"Dictionary\":[");
        } else {
            self.j.buf.push(b'[');
        }
    }

    /// What goes before child `i` of a compact Dictionary or Array: in a Dictionary `[`
    /// before the first key, `],[` before the others, `,` before a value; in an Array `,`
    /// between elements.
    #[inline(always)]
    fn separator(&mut self, dictionary: bool, i: usize) {
        match (dictionary, i) {
            (false, 0) => {}
            (true, 0) => self.j.buf.push(b'['),
            (true, i) if i % 2 == 0 => self.j.put(b"],["),
            _ => self.j.buf.push(b','),
        }
    }

    /// A compact Dictionary's or Array's closing, after its `children`.
    #[inline(always)]
    fn closing(&mut self, dictionary: bool, children: usize) {
        match (dictionary, children) {
            (false, _) => self.j.buf.push(b']'),
            (true, 0) => self.j.put(b"]}"),
            (true, _) => self.j.put(b"]]}"),
        }
    }

    /// The text of `value`, a leaf at `place`. In compact text, an f32 math value of at
    /// most four components (a Vector2, a Color) is laid out in one block
    /// ([`float32::push_f32_components`]), not through [`Json::leaf`]'s list.
    #[inline(always)]
    fn leaf(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<io::Error> {
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
            Value::Vector2(m) if !PRETTY && !m.is_double() => {
                self.j.put(b"{\"Vector2\":[");
                float32::push_f32_components(&mut self.j.buf, m.wire_bytes());
                ControlFlow::Continue(())
            }
            math_value!(m) if !PRETTY && !m.is_double() && !m.is_integer() && m.len() <= 4 => {
                self.j.put(b"{\"");
                self.j.raw(m.ty().name(Dialect::Godot4));
                self.j.put(b"\":[");
                float32::push_f32_components(&mut self.j.buf, m.wire_bytes());
                ControlFlow::Continue(())
            }
            leaf => {
                self.j.depth = place.depth;
                flow(self.j.leaf(leaf))
            }
        }
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
            _ => self.leaf(value, place),
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
