//! [`VariantRef::visit`]: the one-pass reader as a walk that calls a [`Visitor`] (push).
//! The fastest way to read a whole value: every node is decoded once, in place, and handed
//! over by reference; the walk's state stays in registers.

use core::ops::ControlFlow;

use crate::read::decoded::Value;
use crate::read::reader::{opens, Reader};
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::read::walk::{Frame, Stack, Step, Walk, STACK};

/// Where a node is: its absolute byte offset, and how many containers are open around it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// Absolute offset of the node's first byte (for [`Visitor::end`]: where the
    /// container ends, one past its last byte).
    pub offset: usize,
    /// Containers around the node: 0 for the top-level value. A container's
    /// [`Visitor::end`] has the depth of the container itself; its children one more.
    pub depth: usize,
}

/// What [`VariantRef::visit`] calls, for every node in document order: [`value`] for each
/// value (an Array, Dictionary or full Object is followed by its children, then [`end`]),
/// [`property`] before each property value of a full Object. A Dictionary's children
/// alternate key, value. Every method returns [`ControlFlow`]: `Break` stops the walk, and
/// `visit` returns it.
///
/// [`value`]: Visitor::value
/// [`end`]: Visitor::end
/// [`property`]: Visitor::property
///
/// ```
/// use std::ops::ControlFlow;
/// use gdvariant::{Dialect, Place, Value, VariantRef, Visitor};
///
/// /// The first int deeper than one level.
/// struct DeepInt;
///
/// impl<'a> Visitor<'a> for DeepInt {
///     type Break = i64;
///     fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<i64> {
///         match value {
///             Value::Int(n) if place.depth > 1 => ControlFlow::Break(*n),
///             _ => ControlFlow::Continue(()),
///         }
///     }
/// }
///
/// // var_to_bytes({"hp": [7, 8]}) in Godot 4
/// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0,
///              28, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0];
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// assert_eq!(value.visit(&mut DeepInt), ControlFlow::Break(7));
/// # Ok::<(), gdvariant::Error>(())
/// ```
pub trait Visitor<'a> {
    /// What stops a walk early (use `()` for a plain stop, or
    /// [`Infallible`](core::convert::Infallible) for a walk that never stops).
    type Break;

    /// A value. Borrowed: it lives only for the call (copy what you keep; `Value` is
    /// `Copy`, and its views borrow the input, not the walk).
    fn value(&mut self, value: &Value<'a>, place: Place) -> ControlFlow<Self::Break>;

    /// The name of a full Object's property, before its value. Does nothing by default.
    fn property(&mut self, name: GdStr<'a>, place: Place) -> ControlFlow<Self::Break> {
        let _ = (name, place);
        ControlFlow::Continue(())
    }

    /// The end of the innermost open Array, Dictionary or full Object, after its last
    /// child. Does nothing by default.
    fn end(&mut self, place: Place) -> ControlFlow<Self::Break> {
        let _ = place;
        ControlFlow::Continue(())
    }
}

/// What [`VariantRef::visit_with`]'s `take` made of a value: `None`, nothing (the walk
/// decodes it and hands it to the visitor); `Some((next, frame))`, written: the walk goes
/// on at position `next`, inside `frame` when the value is a container written only up
/// to a child (the frame of the children left).
pub(crate) type Taken = Option<(usize, Option<Frame>)>;

impl<'a> VariantRef<'a> {
    /// Walks every node of this value in document order, calling `visitor` (see
    /// [`Visitor`]); the same nodes, in the same order, as [`VariantRef::events`] yields.
    /// O(size): every node is decoded once and nothing is measured or re-validated. No
    /// allocation; the open containers are kept on a fixed stack of about 4.2 KiB.
    /// Returns the visitor's `Break`, if it stopped the walk.
    pub fn visit<V: Visitor<'a>>(&self, visitor: &mut V) -> ControlFlow<V::Break> {
        self.visit_with(visitor, |_, _, _| ControlFlow::Continue(None))
    }

    /// [`VariantRef::visit`], offering each value to `take` first (with the reader at its
    /// header and its depth): a writer that lays out some nodes faster than from their
    /// decoded values writes them there and says where the walk goes on ([`Taken`]);
    /// anything it leaves (`None`) is decoded and handed to `visitor` as `visit` does.
    #[inline(always)]
    pub(crate) fn visit_with<V: Visitor<'a>>(
        &self,
        visitor: &mut V,
        mut take: impl FnMut(&mut V, &Reader<'a>, usize) -> ControlFlow<V::Break, Taken>,
    ) -> ControlFlow<V::Break> {
        let mut r = Reader::new(self);
        let mut stack = Stack::<STACK>::new();
        // The top-level value is the one step of the walk's own frame around everything
        // (which has no end of its own): one call site for `visitor.value`, which is then
        // inlined more readily. Its children have depth `walk.saved()`.
        let mut walk = Walk::new(Frame::ROOT);
        loop {
            match walk.step() {
                Step::End => {
                    // The innermost container's depth; none when the walk's own frame ends.
                    let Some(depth) = walk.saved().checked_sub(1) else {
                        return ControlFlow::Continue(());
                    };
                    end(visitor, r.offset(), depth)?;
                    walk.close(&stack);
                }
                Step::Name => {
                    let place = Place {
                        offset: r.offset(),
                        depth: walk.saved(),
                    };
                    visitor.property(r.name(), place)?;
                }
                Step::Value => {
                    let place = Place {
                        offset: r.offset(),
                        depth: walk.saved(),
                    };
                    let frame = if let Some((next, frame)) = take(visitor, &r, place.depth)? {
                        r = r.seek(next);
                        frame
                    } else {
                        let value = r.value();
                        visitor.value(&value, place)?;
                        opens(&value)
                    };
                    if let Some(frame) = frame {
                        // Validated input nests no deeper than the stack holds.
                        if !walk.open(frame, &mut stack) {
                            return ControlFlow::Continue(());
                        }
                    }
                }
            }
        }
    }

    /// Calls `f` with every value of this value (itself, then everything inside it) in
    /// document order: [`VariantRef::visit`] for a caller that needs neither property
    /// names nor container ends. Same costs.
    ///
    /// ```
    /// use gdvariant::{Dialect, Value, VariantRef};
    ///
    /// // var_to_bytes([7, "hp", [8]]) in Godot 4
    /// let bytes = [28, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0,
    ///              b'h', b'p', 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 8, 0, 0, 0];
    /// let mut sum = 0;
    /// VariantRef::parse(&bytes, Dialect::Godot4)?.for_each_value(|value| {
    ///     if let Value::Int(n) = value {
    ///         sum += n;
    ///     }
    /// });
    /// assert_eq!(sum, 15);
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn for_each_value(&self, f: impl FnMut(&Value<'a>)) {
        struct Each<F>(F);
        impl<'a, F: FnMut(&Value<'a>)> Visitor<'a> for Each<F> {
            type Break = core::convert::Infallible;
            #[inline(always)]
            fn value(&mut self, value: &Value<'a>, _: Place) -> ControlFlow<Self::Break> {
                (self.0)(value);
                ControlFlow::Continue(())
            }
        }
        let _ = self.visit(&mut Each(f));
    }
}

/// Tells the visitor of the end of a container at `depth` (ending at `offset`). Out of
/// line: it runs once per container, and keeping it out of the loop leaves room for the
/// visitor's `value` to be inlined.
#[inline(never)]
fn end<'a, V: Visitor<'a>>(visitor: &mut V, offset: usize, depth: usize) -> ControlFlow<V::Break> {
    visitor.end(Place { offset, depth })
}
