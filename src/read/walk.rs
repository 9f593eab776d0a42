//! The walker skeleton every one-pass walk over a value's nodes shares: the validator
//! (`validate.rs`), the copy of a parsed value (`write/copy.rs`), the [`Events`] iterator
//! and [`VariantRef::visit`].
//!
//! - [`head`]: the fast dispatch on a header word, before any decoding: the most frequent
//!   headers (ids 2–4 in every dialect: a 32-bit int or float, a String) compared
//!   directly, then one table load for the other frequent ones.
//! - [`Frame`], [`Walk`] and [`Stack`]: the explicit stack of open containers and the
//!   steps left in each (a child value, or a full object's property name before each
//!   property value). The innermost container is [`Walk`], small enough to stay in
//!   registers; the ones around it are saved on a [`Stack`].
//! - [`STACK`]: the depth a validated value can reach, so the walks over one never run out
//!   of stack.
//!
//! The walks that decode values (events, visit, copy) learn a container's steps from
//! `reader::opens`; the validator and `measure` from `node::node`.
//!
//! [`Events`]: crate::read::events::Events
//! [`VariantRef::visit`]: crate::read::value::VariantRef::visit

use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::header::{FAST_ARRAY, FAST_DICTIONARY, FAST_GENERAL, FAST_STRING};
use crate::wire::types::VariantType;

/// What a header word says before it is decoded, from [`head`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Head {
    /// A 32-bit int (id 2, no flags): one payload word.
    Int,
    /// A 32-bit float (id 3, no flags): one payload word.
    Float,
    /// A String (id 4, no flags): a length word, the text, its padding.
    String,
    /// A StringName without flag bits: the layout of a String.
    StringName,
    /// An untyped Dictionary: its count follows the header, then the keys and values.
    Dictionary,
    /// An untyped Array: its count follows the header, then the elements.
    Array,
    /// Any other header without flag bits whose payload has a fixed size (scalars, math
    /// types, RID, Callable): that many bytes.
    Fixed(u8),
    /// Anything else (flag bits, other layouts, an unknown id): decode the header.
    General,
}

/// The fast dispatch on a header `word`, with `table` the dialect's
/// [`fast_table`](crate::wire::header::fast_table): ids 2–4 compared directly (the
/// same in every dialect), then one table load. Inlined into each walk, whose `match`
/// on the result then jumps straight to its code for the header.
#[inline(always)]
pub(crate) fn head(word: u32, table: &[u8; 256]) -> Head {
    const INT: u32 = VariantType::Int as u32;
    const FLOAT: u32 = VariantType::Float as u32;
    const STRING: u32 = VariantType::String as u32;
    match word {
        INT => Head::Int,
        FLOAT => Head::Float,
        STRING => Head::String,
        _ => match table.get(word as usize).copied().unwrap_or(FAST_GENERAL) {
            // Not a String (above): a StringName, which shares its layout.
            FAST_STRING => Head::StringName,
            FAST_DICTIONARY => Head::Dictionary,
            FAST_ARRAY => Head::Array,
            FAST_GENERAL => Head::General,
            size => Head::Fixed(size),
        },
    }
}

/// Open containers a validated value can need: values at depth 0..=[`GODOT_MAX_DEPTH`],
/// so 1025 containers at most (the one at depth 1024 empty), or 1024 and the walk's own
/// frame around the top-level value ([`Frame::ROOT`]).
pub(crate) const STACK: usize = GODOT_MAX_DEPTH as usize + 1;

/// Words of the named bits of a [`Stack`]: one bit per level, for up to [`STACK`] levels.
const NAMED_WORDS: usize = STACK.div_ceil(64);

/// One open container: the steps left in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Frame {
    /// Steps left: each child value (a Dictionary's keys and values alike), and for a
    /// full Object each property's name before its value.
    pub(crate) steps: u32,
    /// A full Object: its steps alternate name, value (a name when an odd number is
    /// left after taking the step).
    pub(crate) named: bool,
}

impl Frame {
    /// No steps: a value that holds no others, or a finished walk.
    pub(crate) const NONE: Frame = Frame {
        steps: 0,
        named: false,
    };

    /// The walk's own frame around the top-level value: one step, the value itself. It
    /// has no end of its own ([`Walk::close`] says `false` when it is the innermost).
    pub(crate) const ROOT: Frame = Frame {
        steps: 1,
        named: false,
    };

    /// An Array of `len` elements.
    #[inline(always)]
    pub(crate) fn array(len: u32) -> Frame {
        Frame {
            steps: len,
            named: false,
        }
    }

    /// A Dictionary of `len` entries: a key and a value each. `len` is at most
    /// `i32::MAX` in validated bytes, so the steps fit.
    #[inline(always)]
    pub(crate) fn dictionary(len: u32) -> Frame {
        Frame {
            steps: len.saturating_mul(2),
            named: false,
        }
    }

    /// A full Object of `len` properties: a name and a value each (`len` is at most
    /// `i32::MAX` in validated bytes).
    #[inline(always)]
    pub(crate) fn object(len: u32) -> Frame {
        Frame {
            steps: len.saturating_mul(2),
            named: true,
        }
    }
}

/// What the next step of a walk is, from [`Walk::step`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The innermost open container has no steps left: [`Walk::close`] it.
    End,
    /// A full Object's property name (a string field), then its value.
    Name,
    /// A value (a node).
    Value,
}

/// The containers saved around the innermost open one, by level (outermost 0): the steps
/// left in each, and a bit per level for the named ones (a `u32` and a bit, not a
/// [`Frame`] per level: half the bytes to zero-fill when a walk starts). Holds `N` levels
/// (at most [`STACK`]); a walk whose stack is full continues in a fresh one (the
/// validator and the copy, which recurse once per `N` levels) or stops (the iterators,
/// whose `N` is [`STACK`]: validated input never fills it).
#[derive(Clone, Debug)]
pub(crate) struct Stack<const N: usize> {
    steps: [u32; N],
    /// Bit `level % 64` of word `level / 64`: the container saved at `level` is named.
    named: [u64; NAMED_WORDS],
}

impl<const N: usize> Stack<N> {
    /// An empty stack.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        const { assert!(N <= STACK) };
        Stack {
            steps: [0; N],
            named: [0; NAMED_WORDS],
        }
    }

    /// Saves `frame` at `level`; `false` if the stack has no such level.
    #[inline(always)]
    fn save(&mut self, level: usize, frame: Frame) -> bool {
        let (Some(slot), Some(bits)) = (self.steps.get_mut(level), self.named.get_mut(level / 64))
        else {
            return false;
        };
        *slot = frame.steps;
        let bit = 1u64 << (level % 64);
        *bits = if frame.named {
            *bits | bit
        } else {
            *bits & !bit
        };
        true
    }

    /// The frame saved at `level` (an empty one for a level never saved).
    #[inline(always)]
    fn get(&self, level: usize) -> Frame {
        Frame {
            steps: self.steps.get(level).copied().unwrap_or(0),
            named: self
                .named
                .get(level / 64)
                .is_some_and(|bits| bits & (1u64 << (level % 64)) != 0),
        }
    }
}

/// The innermost open container of a walk and how many are saved around it on its
/// [`Stack`]. `Copy` and small: a walk keeps it in locals, apart from the stack, so that
/// it stays in registers (most nodes touch only it).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// The innermost open container.
    top: Frame,
    /// Containers saved on the stack (levels `0..saved`).
    saved: usize,
}

impl Walk {
    /// A walk through the steps of `first` (for a walk over a whole value:
    /// [`Frame::ROOT`]).
    #[inline(always)]
    pub(crate) fn new(first: Frame) -> Self {
        Walk {
            top: first,
            saved: 0,
        }
    }

    /// Containers saved around the innermost one. With [`Frame::ROOT`] first, the depth of
    /// the innermost one's children (the top-level value has depth 0).
    #[inline(always)]
    pub(crate) fn saved(&self) -> usize {
        self.saved
    }

    /// Takes the next step of the innermost container.
    #[inline(always)]
    pub(crate) fn step(&mut self) -> Step {
        if self.top.steps == 0 {
            return Step::End;
        }
        self.top.steps -= 1;
        if self.top.named && self.top.steps % 2 == 1 {
            Step::Name
        } else {
            Step::Value
        }
    }

    /// Opens `frame` inside the innermost container, saving that one on `stack`; `false`
    /// (and nothing changed) if `stack` is full.
    #[inline(always)]
    pub(crate) fn open<const N: usize>(&mut self, frame: Frame, stack: &mut Stack<N>) -> bool {
        if !stack.save(self.saved, self.top) {
            return false;
        }
        self.saved += 1;
        self.top = frame;
        true
    }

    /// Closes the innermost container, back to the one saved around it; `false` (and
    /// nothing changed) if none is: the walk (or this stack's part of it) is over.
    #[inline(always)]
    pub(crate) fn close<const N: usize>(&mut self, stack: &Stack<N>) -> bool {
        let Some(level) = self.saved.checked_sub(1) else {
            return false;
        };
        self.saved = level;
        self.top = stack.get(level);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_object_alternates_names_and_values() {
        let mut walk = Walk::new(Frame::object(2));
        let steps: [Step; 5] = core::array::from_fn(|_| walk.step());
        assert_eq!(
            steps,
            [Step::Name, Step::Value, Step::Name, Step::Value, Step::End]
        );
    }

    #[test]
    fn frames_come_back_in_order_and_a_full_stack_says_so() {
        let mut stack = Stack::<2>::new();
        let mut walk = Walk::new(Frame::ROOT);
        assert_eq!(walk.step(), Step::Value);
        assert!(walk.open(Frame::object(1), &mut stack));
        assert_eq!(walk.step(), Step::Name);
        assert!(walk.open(Frame::dictionary(3), &mut stack));
        assert!(!walk.open(Frame::array(1), &mut stack));
        assert_eq!(walk.saved(), 2);
        assert!(walk.close(&stack));
        assert_eq!(walk.step(), Step::Value);
        assert_eq!(walk.step(), Step::End);
        assert!(walk.close(&stack));
        assert_eq!(walk.step(), Step::End);
        assert!(!walk.close(&stack));
        assert_eq!(walk.saved(), 0);
    }

    #[test]
    fn the_frequent_headers_skip_the_table() {
        let table = [FAST_GENERAL; 256];
        assert_eq!(head(2, &table), Head::Int);
        assert_eq!(head(3, &table), Head::Float);
        assert_eq!(head(4, &table), Head::String);
        assert_eq!(head(5, &table), Head::General);
        assert_eq!(head(1 << 16 | 2, &table), Head::General);
    }
}
