//! The text writer's walk over a value, without recursion: a stack of the open containers
//! (what each is, its children left, where its sorted pairs are), and the reader moved
//! along the bytes. Arrays and Objects are printed in document order; a Dictionary's
//! pairs are noted and put in the engine's key order first (`order.rs`), then printed from
//! where they are, the reader moved to each key and value in turn and, after the last
//! pair, to the Dictionary's end.

use alloc::vec::Vec;
use core::fmt;

use super::writer::{Writer, CHUNK};
use crate::format::escape;
use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::wire::container_type::ContainerType;
use crate::wire::types::VariantType;

/// What an open container is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// An Array: `[a, b]`, `Array[T]([a, b])` when typed.
    Array { typed: bool },
    /// Pandemonium's TypedArray / PackedTypedArray: `TypedArray( int , a, b )`.
    Pandemonium,
    /// A full Object: `Object(Class,"name":value,…)` and a newline.
    Object,
    /// A Dictionary with pairs: `{\n k: v,\n k: v\n}`, `Dictionary[K, V](…)` when typed.
    Dictionary { typed: bool },
}

/// One open container.
#[derive(Clone, Copy, Debug)]
pub(super) struct Open {
    pub(super) kind: Kind,
    /// Steps left: children (a Dictionary's keys and values alike).
    pub(super) left: u32,
    /// Steps taken.
    pub(super) done: u32,
    /// The depth of the children.
    pub(super) depth: usize,
    /// A Dictionary: where its pairs, their order and their rendered text start in the
    /// writer's stacks, and where the reader goes after it.
    pub(super) pairs: usize,
    pub(super) orders: usize,
    pub(super) side: usize,
    pub(super) end: usize,
}

impl<'w> Writer<'w, '_> {
    /// Writes the value at `r` and everything inside it, then hands the rest to the
    /// formatter.
    pub(super) fn write(mut self, mut r: Reader<'w>) -> fmt::Result {
        let mut stack: Vec<Open> = Vec::new();
        self.node(&mut r, 0, &mut stack)?;
        while let Some(top) = stack.last_mut() {
            if top.left == 0 {
                let open = *top;
                stack.pop();
                self.close(&open, &mut r);
                continue;
            }
            let step = top.done;
            top.left -= 1;
            top.done += 1;
            let open = *top;
            match open.kind {
                Kind::Array { .. } | Kind::Pandemonium => {
                    if step > 0 {
                        self.s(", ");
                    }
                }
                Kind::Object => {
                    if step > 0 {
                        self.buf.push(b',');
                    }
                    self.buf.push(b'"');
                    let name = r.name();
                    self.s(name.as_str());
                    self.s("\":");
                }
                Kind::Dictionary { .. } => {
                    let i = (step / 2) as usize;
                    let index = self.orders.get(open.orders + i).copied().unwrap_or(0);
                    let pair = self.pairs.get(open.pairs + index as usize).copied();
                    let Some(pair) = pair else {
                        continue;
                    };
                    if step % 2 == 0 {
                        if step > 0 {
                            self.s(",\n");
                        }
                        if pair.rendered() {
                            // Rendered when noted: its text, and the value's step taken.
                            let text = self.side.get(pair.text()).unwrap_or(&[]);
                            self.buf.extend_from_slice(text);
                            if let Some(top) = stack.last_mut() {
                                top.left = top.left.saturating_sub(1);
                                top.done += 1;
                            }
                            if self.buf.len() >= CHUNK {
                                self.flush()?;
                            }
                            continue;
                        }
                        r = r.seek(pair.key_pos);
                    } else {
                        self.s(": ");
                        // The value follows the key.
                        r = r.seek(pair.key_pos);
                        r.skip();
                    }
                }
            }
            self.node(&mut r, open.depth, &mut stack)?;
        }
        self.flush()
    }

    /// The closing text of `open`, now that its children are written.
    fn close(&mut self, open: &Open, r: &mut Reader<'w>) {
        match open.kind {
            Kind::Array { typed } => {
                if self.style.is_godot3() {
                    self.buf.push(b' ');
                }
                if typed {
                    self.s("])");
                } else {
                    self.buf.push(b']');
                }
            }
            Kind::Pandemonium => self.s(" )"),
            Kind::Object => self.s(")\n"),
            Kind::Dictionary { typed } => {
                if typed {
                    self.s("\n})");
                } else {
                    self.s("\n}");
                }
                self.pairs.truncate(open.pairs);
                self.orders.truncate(open.orders);
                self.side.truncate(open.side);
                *r = r.seek(open.end);
            }
        }
    }

    /// The next node of `r`, at `depth`: a leaf whole, a container's opening (its frame
    /// pushed on `stack`), or a container past the cut-off, stepped over.
    #[inline]
    fn node(&mut self, r: &mut Reader<'w>, depth: usize, stack: &mut Vec<Open>) -> fmt::Result {
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        let at = r.pos();
        let value = r.value();
        let (kind, left) = match value {
            Value::Int(_) | Value::String(_) => return self.decoded(value, at, r.bytes(), depth),
            Value::Object(ObjectRef::Full(o)) => {
                if self.mode.refs && self.reference(&o) {
                    // The one property: its name, then its value (written above).
                    r.name();
                    r.skip();
                    return Ok(());
                }
                if self.cut(depth) {
                    for _ in 0..o.len() {
                        r.name();
                        r.skip();
                    }
                    self.s("null");
                    return Ok(());
                }
                self.s("Object(");
                self.s(o.class().as_str());
                self.buf.push(b',');
                (Kind::Object, o.len())
            }
            Value::Array(a) => {
                let typed = r.announces_types(at) && a.element_type().is_typed();
                if typed {
                    self.s("Array[");
                    self.container_type(a.element_type());
                    self.s("](");
                }
                if self.cut(depth) {
                    for _ in 0..a.len() {
                        r.skip();
                    }
                    self.s(if typed { "[])" } else { "[]" });
                    return Ok(());
                }
                self.buf.push(b'[');
                if self.style.is_godot3() {
                    self.buf.push(b' ');
                }
                (Kind::Array { typed }, a.len())
            }
            Value::TypedArray(a) | Value::PackedTypedArray(a) => {
                let name = self.type_name(value.ty());
                if self.cut(depth) {
                    for _ in 0..a.len() {
                        r.skip();
                    }
                    self.s(name);
                    self.s("()");
                    return Ok(());
                }
                self.s(name);
                self.s("( ");
                match a.element_type() {
                    ContainerType::Builtin(VariantType::Object) => self.s("EncodedObjectAsID"),
                    ContainerType::Builtin(t) => self.s(self.type_name(t)),
                    ContainerType::ClassName(name) => self.s(name.as_str()),
                    ContainerType::Untyped | ContainerType::Script(_) => {}
                }
                self.s(" , ");
                (Kind::Pandemonium, a.len())
            }
            Value::Dictionary(d) => return self.dictionary(r, d, at, depth, stack),
            leaf => return self.decoded(leaf, at, r.bytes(), depth),
        };
        stack.push(Open {
            kind,
            left: u32::try_from(left).unwrap_or(u32::MAX),
            done: 0,
            depth: depth + 1,
            pairs: 0,
            orders: 0,
            side: 0,
            end: 0,
        });
        Ok(())
    }

    /// A resource reference (`ResourceMode::refs`): an Object of class `SubResource` or
    /// `ExtResource` whose one property is `id`, an int or a String, written as the
    /// engine's saver writes it (true); anything else is left alone (false).
    fn reference(&mut self, o: &crate::read::object::FullObject<'_>) -> bool {
        let class = o.class();
        let class = class.as_str();
        if !matches!(class, "SubResource" | "ExtResource") || o.len() != 1 {
            return false;
        }
        let Some((name, value)) = o.properties().next() else {
            return false;
        };
        if name.as_str() != "id" {
            return false;
        }
        let pad = self.style.pad();
        if let Some(n) = value.as_int().filter(|_| value.ty() == VariantType::Int) {
            self.s(class);
            self.s("(");
            self.s(pad);
            crate::format::number::push_i64(&mut self.buf, n);
            self.s(pad);
            self.s(")");
            return true;
        }
        let Some(id) = value.as_str().filter(|_| value.ty() == VariantType::String) else {
            return false;
        };
        self.s(class);
        self.s("(");
        self.s(pad);
        self.buf.push(b'"');
        self.escaped_multiline(id);
        self.buf.push(b'"');
        self.s(pad);
        self.s(")");
        true
    }

    /// A value that holds no others, decoded from `bytes` at `at`, at `depth`: ints and
    /// strings here (a short plain string copied as a window of the input), the rest by
    /// [`Writer::leaf`].
    #[inline(always)]
    pub(super) fn decoded(
        &mut self,
        value: Value<'w>,
        at: usize,
        bytes: &[u8],
        depth: usize,
    ) -> fmt::Result {
        match value {
            Value::Int(n) => {
                super::single::push_int(&mut self.buf, n);
                Ok(())
            }
            Value::String(text) => {
                // The text follows the header and the length word.
                let raw = text.raw_bytes().len();
                if escape::push_plain_quoted(&mut self.buf, bytes, at.wrapping_add(8), raw) {
                    return Ok(());
                }
                if text.as_str().len() > CHUNK {
                    return self.leaf(value, depth);
                }
                self.buf.push(b'"');
                self.escaped_multiline(text.as_str());
                self.buf.push(b'"');
                Ok(())
            }
            Value::Float(x) => {
                self.float(x);
                Ok(())
            }
            leaf => self.leaf(leaf, depth),
        }
    }
}
