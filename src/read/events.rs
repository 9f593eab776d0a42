//! [`Events`]: the one-pass reader as an iterator (pull). [`VariantRef::visit`] walks the
//! same nodes in the same order, faster (push: see `visit.rs`).

use core::iter::FusedIterator;

use crate::read::decoded::Value;
use crate::read::reader::{opens, Reader};
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::walk::{Frame, Stack, Step, Walk, STACK};

impl<'a> VariantRef<'a> {
    /// The one-pass reader over this value as an iterator: every node in document order
    /// (see [`Events`]). O(1) to create; the whole walk is O(size), allocates nothing, and
    /// never measures or re-validates anything. [`VariantRef::visit`] walks the same nodes
    /// faster, when a callback suits the caller.
    pub fn events(&self) -> Events<'a> {
        Events::new(self)
    }
}

/// What [`Events`] yields.
#[derive(Clone, Copy, Debug)]
pub enum Event<'a> {
    /// A value. For an Array, a Dictionary or a full Object, its children follow (a
    /// Dictionary's keys and values alternate; each property value of an Object comes
    /// after a [`Event::Property`]), then [`Event::End`], also when it is empty.
    Value(Value<'a>),
    /// The name of a full Object's next property; the property's value follows.
    Property(GdStr<'a>),
    /// The end of the innermost open Array, Dictionary or full Object.
    End,
}

/// The one-pass reader: every node of a validated value in document order, as
/// [`Event`]s, from [`VariantRef::events`].
///
/// It never measures a subtree (the view iterators measure the container each step
/// skips, so a full walk through them is O(nodes × depth)), never re-validates, and
/// allocates nothing: the structure is kept on a fixed stack inside the iterator (about
/// 4.2 KiB; keep one per walk, not per node). Every offset it reports is absolute.
///
/// ```
/// use gdvariant::{Dialect, Event, Value, VariantRef};
///
/// // var_to_bytes({"hp": [7, 8]}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0,
///              28, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0];
/// let mut shape = String::new();
/// for event in VariantRef::parse(&bytes, Dialect::Godot4)?.events() {
///     shape += match event {
///         Event::Value(Value::Dictionary(_)) => "{",
///         Event::Value(Value::Array(_)) => "[",
///         Event::Value(Value::String(_)) => "s",
///         Event::Value(Value::Int(_)) => "i",
///         Event::End => "}",
///         _ => "?",
///     };
/// }
/// assert_eq!(shape, "{s[ii}}");
/// # Ok::<(), gdvariant::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Events<'a> {
    reader: Reader<'a>,
    /// The innermost open container (first the walk's own frame around the top-level
    /// value), kept out of the stack: most events touch only this.
    walk: Walk,
    /// The containers around it.
    stack: Stack<STACK>,
}

impl<'a> Events<'a> {
    fn new(value: &VariantRef<'a>) -> Self {
        Events {
            reader: Reader::new(value),
            walk: Walk::new(Frame::ROOT),
            stack: Stack::new(),
        }
    }

    /// Absolute offset of the next event's bytes (for [`Event::End`], where the container
    /// ends).
    pub fn offset(&self) -> usize {
        self.reader.offset()
    }

    /// Open containers: 0 before the top-level value and after its end.
    pub fn depth(&self) -> usize {
        self.walk.saved()
    }

    /// Reads a value and opens it if it holds others (or ends the walk if the stack were
    /// full, which validated input cannot make).
    #[inline(always)]
    fn read_value(&mut self) -> Event<'a> {
        let value = self.reader.value();
        if let Some(frame) = opens(&value) {
            if !self.walk.open(frame, &mut self.stack) {
                self.reader = self.reader.seek(self.reader.bytes().len());
                self.walk = Walk::new(Frame::NONE);
            }
        }
        Event::Value(value)
    }
}

impl<'a> Iterator for Events<'a> {
    type Item = Event<'a>;

    #[inline]
    fn next(&mut self) -> Option<Event<'a>> {
        match self.walk.step() {
            // The walk's own frame has no end: after it, the walk is over.
            Step::End => self.walk.close(&self.stack).then_some(Event::End),
            Step::Name => Some(Event::Property(self.reader.name())),
            Step::Value => Some(self.read_value()),
        }
    }
}

impl FusedIterator for Events<'_> {}
