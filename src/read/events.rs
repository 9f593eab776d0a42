//! [`Events`]: the one-pass reader as an iterator (pull). [`VariantRef::visit`] walks the
//! same nodes in the same order, faster (push: see `visit.rs`).

use core::iter::FusedIterator;

use crate::read::decoded::Value;
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;

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

/// Open containers the stack holds: a validated value nests at most 1025 levels (values at
/// depth 0..=1024), and a container at depth 1024 is empty.
pub(crate) const STACK: usize = 1025;

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
    /// Steps left in the innermost open container (child values, and an object's
    /// property names), kept out of the stack: most events touch only this.
    top: u32,
    /// Is the innermost open container an object (names before values)?
    top_object: bool,
    /// The same for the containers around it.
    outer: Outer,
    /// Open containers.
    depth: usize,
    /// The top-level value is read.
    started: bool,
}

impl<'a> Events<'a> {
    fn new(value: &VariantRef<'a>) -> Self {
        Events {
            reader: Reader::new(value),
            top: 0,
            top_object: false,
            outer: Outer::new(),
            depth: 0,
            started: false,
        }
    }

    /// Absolute offset of the next event's bytes (for [`Event::End`], where the container
    /// ends).
    pub fn offset(&self) -> usize {
        self.reader.offset()
    }

    /// Open containers: 0 before the top-level value and after its end.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// Opens a container of `steps` steps, saving the one around it (or ends the walk if
    /// the stack were full, which validated input cannot make).
    #[inline]
    fn open(&mut self, steps: u32, object: bool) {
        if self.depth > 0 && !self.outer.save(self.depth - 1, self.top, self.top_object) {
            self.reader = self.reader.seek(self.reader.bytes().len());
            self.depth = 0;
            return;
        }
        self.top = steps;
        self.top_object = object;
        self.depth += 1;
    }

    /// Closes the innermost container, restoring the one around it.
    #[inline]
    fn close(&mut self) {
        self.depth -= 1;
        if let Some(level) = self.depth.checked_sub(1) {
            (self.top, self.top_object) = self.outer.restore(level);
        }
    }

    /// Reads a value and opens it if it holds others.
    #[inline(always)]
    fn read_value(&mut self) -> Event<'a> {
        let value = self.reader.value();
        if let Some((steps, object)) = steps(&value) {
            self.open(steps, object);
        }
        Event::Value(value)
    }
}

impl<'a> Iterator for Events<'a> {
    type Item = Event<'a>;

    #[inline]
    fn next(&mut self) -> Option<Event<'a>> {
        if self.depth == 0 {
            if self.started {
                return None;
            }
            self.started = true;
            return Some(self.read_value());
        }
        if self.top == 0 {
            self.close();
            return Some(Event::End);
        }
        self.top -= 1;
        // An object's steps alternate name, value: a name when an odd number is left.
        if self.top_object && self.top % 2 == 1 {
            return Some(Event::Property(self.reader.name()));
        }
        Some(self.read_value())
    }
}

impl FusedIterator for Events<'_> {}

/// The steps of a container (its child values, and an object's property names) and
/// whether it is an object; `None` for a value that holds no others.
#[inline(always)]
pub(crate) fn steps(value: &Value<'_>) -> Option<(u32, bool)> {
    // Validated: counts are at most i32::MAX, so twice one fits.
    match value {
        Value::Array(a) | Value::TypedArray(a) | Value::PackedTypedArray(a) => {
            Some((a.len() as u32, false))
        }
        Value::Dictionary(d) => Some(((d.len() as u32).saturating_mul(2), false)),
        Value::Object(ObjectRef::Full(o)) => Some(((o.len() as u32).saturating_mul(2), true)),
        _ => None,
    }
}

/// The containers around the innermost open one: steps left in each, and which are
/// objects, by level (outermost 0). About 4.2 KiB.
#[derive(Clone, Debug)]
pub(crate) struct Outer {
    remaining: [u32; STACK],
    /// A bit per level; the bits of levels not saved are kept clear.
    objects: [u64; STACK.div_ceil(64)],
}

impl Outer {
    pub(crate) fn new() -> Self {
        Outer {
            remaining: [0; STACK],
            objects: [0; STACK.div_ceil(64)],
        }
    }

    /// Saves the container at `level`; `false` if the stack is full (validated input
    /// nests no deeper than it holds).
    #[inline]
    pub(crate) fn save(&mut self, level: usize, steps: u32, object: bool) -> bool {
        match (
            self.remaining.get_mut(level),
            self.objects.get_mut(level / 64),
        ) {
            (Some(slot), Some(bits)) => {
                *slot = steps;
                // Only an object needs a write: `restore` leaves the bit clear.
                if object {
                    *bits |= 1u64 << (level % 64);
                }
                true
            }
            _ => false,
        }
    }

    /// The container saved at `level`: its steps left and whether it is an object.
    #[inline]
    pub(crate) fn restore(&mut self, level: usize) -> (u32, bool) {
        let steps = self.remaining.get(level).copied().unwrap_or(0);
        let object = match self.objects.get_mut(level / 64) {
            Some(bits) => {
                let bit = 1u64 << (level % 64);
                let object = *bits & bit != 0;
                *bits &= !bit;
                object
            }
            None => false,
        };
        (steps, object)
    }
}
