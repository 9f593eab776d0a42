//! Child values stored back to back in validated bytes: what the array, dictionary and
//! property iterators step through.

use crate::read::strings::{string_at, GdStr};
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// `remaining` validated values starting at `rest[0]` (absolute offset `offset`). `rest`
/// may run past the last of them (to the end of the enclosing value or buffer): nothing
/// after the last child is read.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Values<'a> {
    rest: &'a [u8],
    offset: usize,
    remaining: u32,
    dialect: Dialect,
}

impl<'a> Values<'a> {
    pub(crate) fn new(rest: &'a [u8], offset: usize, remaining: u32, dialect: Dialect) -> Self {
        Values {
            rest,
            offset,
            remaining,
            dialect,
        }
    }

    /// Splits off the next value, measuring it (headers only, no re-validation).
    #[inline]
    pub(crate) fn next(&mut self) -> Option<VariantRef<'a>> {
        if self.remaining == 0 || self.rest.is_empty() {
            self.remaining = 0;
            return None;
        }
        self.remaining -= 1;
        let (value, rest) = VariantRef::split_trusted(self.rest, self.offset, self.dialect);
        self.offset += value.encoded().len();
        self.rest = rest;
        Some(value)
    }

    /// Reads a string field (an object property's name) before the next value.
    #[inline]
    pub(crate) fn next_name(&mut self) -> GdStr<'a> {
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
