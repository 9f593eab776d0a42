//! Child values stored back to back in validated bytes: what the array, dictionary and
//! property iterators step through.
//!
//! A child whose size the header gives (scalars, strings, math values, and in one more
//! step packed arrays) is split off exactly. A nested container is yielded without
//! measuring it (its view runs to the end of the bytes around it, see
//! [`VariantRef::encoded`]); the next step needs its end, and takes it from the note its
//! own iterator left when the caller read it through (`ends.rs`), or else measures it.
//! So a recursive walk reads each header about once, not once per container around it.

use crate::read::ends::{self, Stamp};
use crate::read::node::measure;
use crate::read::strings::{string_at, GdStr};
use crate::read::value::{Shape, VariantRef};
use crate::read::walk::{head, Head};
use crate::wire::bytes::{le_u32, pad4};
use crate::wire::dialect::Dialect;
use crate::wire::header::fast_table;
use crate::wire::types::{Layout, VariantType};

/// `remaining` validated values starting at `rest[0]` (absolute offset `offset`). `rest`
/// may run past the last of them (to the end of the enclosing value or buffer): nothing
/// after the last child is read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values<'a> {
    /// From the next child on, or from the last child yielded when `open` is set.
    rest: &'a [u8],
    offset: usize,
    remaining: u32,
    dialect: Dialect,
    /// `rest` starts at a container already yielded, whose end is not known yet.
    open: bool,
    /// Address of the payload of the container these values are in (the key of its note).
    key: usize,
    stamp: Stamp,
}

impl<'a> Values<'a> {
    /// The `remaining` children at the start of `rest` (absolute offset `offset`) of the
    /// container whose payload starts at `payload`.
    pub(crate) fn new(
        payload: &'a [u8],
        rest: &'a [u8],
        offset: usize,
        remaining: u32,
        dialect: Dialect,
    ) -> Self {
        Values {
            rest,
            offset,
            remaining,
            dialect,
            open: false,
            key: payload.as_ptr() as usize,
            stamp: ends::stamp(),
        }
    }

    /// Steps past the container yielded last, if its end is still unknown: from its note,
    /// or measured.
    #[inline(always)]
    fn close(&mut self) {
        if self.open {
            self.step_over_open();
        }
    }

    /// [`Values::close`] of a container yielded last.
    #[inline(always)]
    fn step_over_open(&mut self) {
        self.open = false;
        let start = self.rest.as_ptr() as usize;
        let noted = ends::find(start.wrapping_add(4), self.dialect, self.stamp)
            .and_then(|end| end.checked_sub(start))
            .filter(|&len| len <= self.rest.len());
        let len = match noted {
            Some(len) => len,
            None => measure(self.rest, self.dialect),
        };
        self.rest = self.rest.get(len..).unwrap_or(&[]);
        self.offset = self.offset.saturating_add(len);
    }

    /// Splits off the next value: exactly for a value whose header gives its size, without
    /// its end for a container (measured when the next step needs it).
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<VariantRef<'a>> {
        self.close();
        if self.remaining == 0 || self.rest.is_empty() {
            self.finish();
            return None;
        }
        self.remaining -= 1;
        let rest = self.rest;
        let word = le_u32(rest, 0);
        // The type, where the header alone says it, and the length.
        let (ty, len, shape) = match head(word, fast_table(self.dialect)) {
            Head::Int => (Some(VariantType::Int), 8, Shape::Int),
            Head::Float => (Some(VariantType::Float), 8, Shape::Float),
            Head::String => (Some(VariantType::String), string_len(rest), Shape::String),
            Head::StringName => (
                Some(VariantType::StringName),
                string_len(rest),
                Shape::StringName,
            ),
            Head::Fixed(size) => (None, usize::from(size) + 4, Shape::Sized),
            Head::Dictionary => {
                return Some(self.open_container(word, VariantType::Dictionary, Shape::Dictionary))
            }
            Head::Array => {
                return Some(self.open_container(word, VariantType::Array, Shape::Array))
            }
            Head::General => match general_len(rest, word, self.dialect) {
                Some(len) => (None, len, Shape::Sized),
                None => return Some(self.open_general()),
            },
        };
        let len = len.min(rest.len());
        let (encoded, after) = rest.split_at(len);
        let value = match ty {
            Some(ty) => VariantRef::known(encoded, self.offset, word, ty, self.dialect, shape),
            None => VariantRef::trusted(encoded, self.offset, self.dialect),
        };
        self.offset = self.offset.saturating_add(len);
        self.rest = after;
        Some(value)
    }

    /// No values left (or the bytes ended): notes where the container ends when every
    /// child was read.
    #[inline(always)]
    fn finish(&mut self) {
        if self.remaining == 0 {
            // Every child read: the container ends here.
            ends::note(self.key, self.rest.as_ptr() as usize, self.dialect);
        }
        self.remaining = 0;
    }

    /// Yields the container at the start of `rest`, with header `word` of type `ty`,
    /// without measuring it.
    #[inline(always)]
    fn open_container(&mut self, word: u32, ty: VariantType, shape: Shape) -> VariantRef<'a> {
        self.open = true;
        VariantRef::known(self.rest, self.offset, word, ty, self.dialect, shape)
    }

    /// [`Values::open_container`] for a header without a fast path.
    #[inline(never)]
    fn open_general(&mut self) -> VariantRef<'a> {
        self.open = true;
        VariantRef::open_ended(self.rest, self.offset, self.dialect)
    }

    /// Reads a string field (an object property's name) before the next value.
    #[inline]
    pub(crate) fn next_name(&mut self) -> GdStr<'a> {
        self.close();
        let (name, next) = string_at(self.rest, 0);
        self.rest = self.rest.get(next..).unwrap_or(&[]);
        self.offset += next;
        name
    }

    /// Values still to come.
    #[inline]
    pub(crate) fn remaining(&self) -> u32 {
        self.remaining
    }
}

/// The length of the String or StringName at `rest[0]`: header, length word, text, padding.
#[inline(always)]
fn string_len(rest: &[u8]) -> usize {
    let n = le_u32(rest, 4) as usize;
    n.saturating_add(pad4(n)).saturating_add(8)
}

/// The length of the value at `rest[0]` whose header `word` has no fast path, or `None`
/// for a container (yielded without measuring).
#[inline(never)]
fn general_len(rest: &[u8], word: u32, dialect: Dialect) -> Option<usize> {
    let ty = VariantType::from_id((word & 0xFF) as u8, dialect);
    match ty.map(VariantType::layout) {
        Some(Layout::Array | Layout::Dictionary | Layout::TypedArray | Layout::Object) => None,
        _ => Some(measure(rest, dialect)),
    }
}
