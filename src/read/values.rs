//! Child values stored back to back in validated bytes: what the array, dictionary and
//! property iterators step through.
//!
//! A child whose size the header gives (scalars, strings, math values, and in one more
//! step packed arrays) is split off exactly. A nested container is yielded without
//! measuring it (its view runs to the end of the bytes around it, see
//! [`VariantRef::encoded`]); the next step needs its end, and takes it from the note its
//! own iterator left when the caller read it through (`ends.rs`), or else measures it.
//! So a recursive walk reads each header about once, not once per container around it.
//!
//! Two ways through the children share [`split`]: [`Values::next`], one child per call
//! over the iterator's fields, and the folds ([`Values::fold_values`],
//! [`Values::fold_pairs`], [`Values::fold_named`]: what `for_each`, `fold`, `count`, …
//! of the view iterators run), which keep the position in locals for the whole loop.

// The folds run in release builds and in the unit tests (see `container.rs`).
#![cfg_attr(all(debug_assertions, not(test)), allow(dead_code))]

use crate::read::ends::{self, Stamp};
use crate::read::meta::{Meta, Shape};
use crate::read::node::measure;
use crate::read::strings::{string_at, GdStr};
use crate::read::value::VariantRef;
use crate::read::walk::{head, Head};
use crate::wire::bytes::le_u32;
use crate::wire::dialect::Dialect;
use crate::wire::header::{fast_table, Header};
use crate::wire::narrow::halves;
use crate::wire::types::{Layout, VariantType, TYPE_TABLE};

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
    #[inline(always)]
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
            stamp: Stamp::default(),
        }
    }

    /// Splits off the next value: exactly for a value whose header gives its size, without
    /// its end for a container (measured when the next step needs it).
    #[inline(always)]
    pub(crate) fn next(&mut self) -> Option<VariantRef<'a>> {
        self.close();
        let Some(value) = self.take::<true>(self.offset) else {
            self.finish();
            return None;
        };
        if !self.open {
            let len = value.bytes_from_header().len();
            self.offset = self.offset.saturating_add(len);
        }
        Some(value)
    }

    /// Reads a string field (an object property's name) before the next value.
    #[inline]
    pub(crate) fn next_name(&mut self) -> GdStr<'a> {
        self.close();
        let (name, next) = string_at(self.rest, 0);
        let next = next.min(self.rest.len());
        self.rest = self.rest.get(next..).unwrap_or(&[]);
        self.offset = self.offset.saturating_add(next);
        name
    }

    /// The next two values (a Dictionary's key and value).
    #[inline(always)]
    pub(crate) fn next_pair(&mut self) -> Option<(VariantRef<'a>, VariantRef<'a>)> {
        let key = self.next()?;
        let value = self.next()?;
        Some((key, value))
    }

    /// The next property of a full Object (`remaining` counting them): its name and value.
    #[inline(always)]
    pub(crate) fn next_property(&mut self) -> Option<(GdStr<'a>, VariantRef<'a>)> {
        if self.remaining == 0 {
            // Steps past the last value and notes where the object ends.
            return self.next().and(None);
        }
        let name = self.next_name();
        let value = self.next()?;
        Some((name, value))
    }

    /// Values still to come.
    #[inline]
    pub(crate) fn remaining(&self) -> u32 {
        self.remaining
    }

    /// [`Iterator::fold`] over the values left, one at a time: [`Values::next`]'s steps,
    /// with the position in locals, each child's offset from its address, and each
    /// container's end found right after `f` returns.
    #[inline(always)]
    pub(crate) fn fold_values<B>(
        mut self,
        init: B,
        mut f: impl FnMut(B, VariantRef<'a>) -> B,
    ) -> B {
        self.close();
        let Some(origin) = self.origin() else {
            return fold_by_next(self, Values::next, init, f);
        };
        ends::forget();
        let mut acc = init;
        while let Some(value) = self.take::<false>(self.offset_at(origin)) {
            acc = f(acc, value);
            self.pass_open();
        }
        self.finish();
        acc
    }

    /// [`Iterator::fold`] over the values left two at a time (a Dictionary's keys and
    /// values): the steps of two [`Values::next`] calls, as in [`Values::fold_values`]. A
    /// String key (the usual kind) is split off before any other header is looked at.
    #[inline(always)]
    pub(crate) fn fold_pairs<B>(
        mut self,
        init: B,
        mut f: impl FnMut(B, (VariantRef<'a>, VariantRef<'a>)) -> B,
    ) -> B {
        self.close();
        let Some(origin) = self.origin() else {
            return fold_by_next(self, Values::next_pair, init, f);
        };
        ends::forget();
        let mut acc = init;
        while let Some(pair) = self.take_pair(origin) {
            acc = f(acc, pair);
            self.pass_open();
        }
        self.finish();
        acc
    }

    /// The next key and value for [`Values::fold_pairs`] (the value possibly left open).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_pair(&mut self, origin: usize) -> Option<(VariantRef<'a>, VariantRef<'a>)> {
        let key = self.take_key(self.offset_at(origin))?;
        // A container key is measured now: the pair is yielded whole, so the caller has
        // not read it through yet.
        self.pass_open();
        let value = self.take::<false>(self.offset_at(origin))?;
        Some((key, value))
    }

    /// [`Iterator::fold`] over a full Object's properties (`remaining` counting them): a
    /// name (a string field) before each value; the steps of [`Values::next_name`] and
    /// [`Values::next`], as in [`Values::fold_values`].
    #[inline(always)]
    pub(crate) fn fold_named<B>(
        mut self,
        init: B,
        mut f: impl FnMut(B, (GdStr<'a>, VariantRef<'a>)) -> B,
    ) -> B {
        self.close();
        let Some(origin) = self.origin() else {
            return fold_by_next(self, Values::next_property, init, f);
        };
        ends::forget();
        let mut acc = init;
        while let Some(property) = self.take_property(origin) {
            acc = f(acc, property);
            self.pass_open();
        }
        self.finish();
        acc
    }

    /// The next property for [`Values::fold_named`] (the value possibly left open).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_property(&mut self, origin: usize) -> Option<(GdStr<'a>, VariantRef<'a>)> {
        if self.remaining == 0 {
            return None;
        }
        let (name, next) = string_at(self.rest, 0);
        self.rest = self.rest.get(next..).unwrap_or(&[]);
        let value = self.take::<false>(self.offset_at(origin))?;
        Some((name, value))
    }

    /// Where the folds' offsets count from: the offset of address 0 (wrapping), so that a
    /// child's offset is this plus its address; `None` when some offset up to the end of
    /// the bytes would pass `usize::MAX` (where offsets saturate: only for a base given
    /// to `parse_prefix_at` within the input's length of `usize::MAX`). The folds then
    /// step with [`Values::next`].
    #[inline(always)]
    fn origin(&self) -> Option<usize> {
        self.offset.checked_add(self.rest.len())?;
        Some(self.offset.wrapping_sub(self.rest.as_ptr() as usize))
    }

    /// The offset of the next value, from the fold's [`Values::origin`].
    #[inline(always)]
    fn offset_at(&self, origin: usize) -> usize {
        origin.wrapping_add(self.rest.as_ptr() as usize)
    }

    /// Splits off the next value (at absolute `offset`) and steps over it; a container
    /// is yielded without its end and left `open` at the start of `rest` (stamped when
    /// `STAMP`: for [`Values::next`]; a fold needs no stamp, see `ends.rs`). `None` when no
    /// value is left or the bytes ended.
    // Not forced inline in debug builds, nor are the helpers below: there their locals
    // would stay on the stack of every level of a recursive walk (which must fit 1025
    // levels in a test thread's stack).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take<const STAMP: bool>(&mut self, offset: usize) -> Option<VariantRef<'a>> {
        if self.remaining == 0 {
            return None;
        }
        let (len, meta) = split(self.rest, self.dialect)?;
        self.remaining -= 1;
        Some(self.taken::<STAMP>(len, meta, offset))
    }

    /// The value at the start of `rest` (at `offset`) that [`split`] measured: steps over
    /// it, or leaves it `open` (stamped when `STAMP`).
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn taken<const STAMP: bool>(
        &mut self,
        len: usize,
        meta: Meta,
        offset: usize,
    ) -> VariantRef<'a> {
        let (encoded, after) = self.rest.split_at(len.min(self.rest.len()));
        if meta.is_open() {
            self.open = true;
            if STAMP {
                // Notes written from now on are about these bytes, which stay borrowed.
                self.stamp = ends::stamp();
            }
        } else {
            self.rest = after;
        }
        VariantRef::packed(encoded, offset, meta)
    }

    /// [`Values::take`] of a dictionary key: a String (the usual key) is tested for first,
    /// any other header is read out of line.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn take_key(&mut self, offset: usize) -> Option<VariantRef<'a>> {
        const WORD: u32 = VariantType::String as u32;
        const STRING: Meta = Meta::of_header(WORD, VariantType::String, Shape::String);
        if self.remaining == 0 {
            return None;
        }
        if let Some((first, _)) = self.rest.split_first_chunk::<8>() {
            // The length word read on its own (not split off the header's load): the next
            // value's address waits for it.
            if le_u32(first, 0) == WORD {
                // Never open: split off here, without `taken`'s test.
                if let Some((encoded, after)) =
                    self.rest.split_at_checked(string_len(le_u32(first, 4)))
                {
                    self.remaining -= 1;
                    self.rest = after;
                    return Some(VariantRef::packed(
                        encoded,
                        offset,
                        STRING.with(self.dialect),
                    ));
                }
            }
        }
        let (len, meta) = split_out_of_line(self.rest, self.dialect)?;
        self.remaining -= 1;
        Some(self.taken::<false>(len, meta, offset))
    }

    /// Steps over the container a fold's [`Values::take`] left open, if any: to its end,
    /// from the note its own iterator left since the fold began, or measured.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    fn pass_open(&mut self) {
        if self.open {
            self.open = false;
            self.rest = fold_past_open(self.rest, self.dialect);
        }
    }

    /// [`Values::pass_open`] for [`Values::next`], which keeps the offset in a field.
    #[inline(always)]
    fn close(&mut self) {
        if self.open {
            self.open = false;
            let len = open_len(self.rest, self.dialect, self.stamp);
            self.rest = self.rest.get(len..).unwrap_or(&[]);
            self.offset = self.offset.saturating_add(len);
        }
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
}

/// [`Iterator::fold`] by `step` (one of the iterators' `next`) over `values`, for a fold
/// without [`Values::origin`].
#[cold]
#[inline(never)]
fn fold_by_next<'a, T, B>(
    mut values: Values<'a>,
    step: fn(&mut Values<'a>) -> Option<T>,
    init: B,
    mut f: impl FnMut(B, T) -> B,
) -> B {
    let mut acc = init;
    while let Some(item) = step(&mut values) {
        acc = f(acc, item);
    }
    acc
}

/// The length of the container at `rest[0]` that a view iterator yielded: from the note
/// its own iterator left (read after `stamp`), or measured.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn open_len(rest: &[u8], dialect: Dialect, stamp: Stamp) -> usize {
    let start = rest.as_ptr() as usize;
    let noted = ends::find(start.wrapping_add(4), dialect, stamp)
        .and_then(|end| end.checked_sub(start))
        .filter(|&len| len <= rest.len());
    match noted {
        Some(len) => len,
        None => measure_open(rest, dialect),
    }
}

/// The bytes after the container at `rest[0]` that a fold yielded: from a note written
/// since the fold began (see `ends.rs`), or measured. (Branches, not selects: the next
/// child's address waits for this.)
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn fold_past_open(rest: &[u8], dialect: Dialect) -> &[u8] {
    let start = rest.as_ptr() as usize;
    let noted = ends::find_since_forget(start.wrapping_add(4), dialect)
        .and_then(|end| end.checked_sub(start))
        .and_then(|len| rest.get(len..));
    match noted {
        Some(after) => after,
        None => past_measured(rest, dialect),
    }
}

/// [`fold_past_open`] without a note.
#[inline(never)]
fn past_measured(rest: &[u8], dialect: Dialect) -> &[u8] {
    rest.get(measure(rest, dialect)..).unwrap_or(&[])
}

/// [`open_len`] without a note.
#[inline(never)]
fn measure_open(rest: &[u8], dialect: Dialect) -> usize {
    measure(rest, dialect).min(rest.len())
}

/// Length of an open container for [`split`]: more than any bytes hold.
const OPEN: usize = usize::MAX;

/// The length and the packed fields of the value at the start of validated `rest`, or
/// [`OPEN`] for a container yielded without its end (its view runs to the end of `rest`);
/// `None` when `rest` is empty. The frequent headers are read with the first payload word
/// in one load; anything else (or fewer than 8 bytes) by [`split_other`].
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn split(rest: &[u8], dialect: Dialect) -> Option<(usize, Meta)> {
    const INT: Meta = Meta::of_header(VariantType::Int as u32, VariantType::Int, Shape::Int);
    const FLOAT: Meta =
        Meta::of_header(VariantType::Float as u32, VariantType::Float, Shape::Float);
    const STRING: Meta = Meta::of_header(
        VariantType::String as u32,
        VariantType::String,
        Shape::String,
    );
    let Some((first, _)) = rest.split_first_chunk::<8>() else {
        // Tested only here: a value of 8 bytes or more was not at the end.
        if rest.is_empty() {
            return None;
        }
        return Some(split_other(rest, dialect));
    };
    let (word, first) = halves(u64::from_le_bytes(*first));
    // An untyped Dictionary (the usual container) by one compare, before the table.
    if word == dictionary_word(dialect) {
        let meta = Meta::of_header(word, VariantType::Dictionary, Shape::Dictionary);
        return Some((OPEN, meta.with(dialect)));
    }
    let (len, meta) = match head(word, fast_table(dialect)) {
        Head::Int => (8, INT),
        Head::Float => (8, FLOAT),
        Head::String => (string_len(first), STRING),
        Head::StringName => {
            let ty = VariantType::StringName;
            (
                string_len(first),
                Meta::of_header(word, ty, Shape::StringName),
            )
        }
        Head::Dictionary => {
            let ty = VariantType::Dictionary;
            (OPEN, Meta::of_header(word, ty, Shape::Dictionary))
        }
        Head::Array => (
            OPEN,
            Meta::of_header(word, VariantType::Array, Shape::Array),
        ),
        Head::Fixed(size) => {
            // The table sizes only the ids the dialect has.
            let ty = VariantType::from_id((word & 0xFF) as u8, dialect).unwrap_or(VariantType::Nil);
            (
                usize::from(size) + 4,
                Meta::of_header(word, ty, Shape::Fixed),
            )
        }
        Head::General => return Some(split_other(rest, dialect)),
    };
    Some((len, meta.with(dialect)))
}

/// The header word of an untyped Dictionary in `dialect` (its id).
#[inline(always)]
fn dictionary_word(dialect: Dialect) -> u32 {
    /// By dialect discriminant; `u32::MAX` (no header) for a dialect without the type.
    #[allow(clippy::indexing_slicing)] // compile time only: an out-of-bounds index fails the build
    const WORDS: [u32; 5] = {
        let info = &TYPE_TABLE[VariantType::Dictionary as usize];
        let mut out = [u32::MAX; 5];
        let mut i = 0;
        while i < Dialect::ALL.len() {
            let dialect = Dialect::ALL[i];
            let id = match dialect {
                Dialect::Godot3 => info.g3_id,
                Dialect::Godot4 => Some(VariantType::Dictionary as u8),
                Dialect::PandemoniumA => info.pm_ids[0],
                Dialect::PandemoniumB => info.pm_ids[1],
                Dialect::PandemoniumC => info.pm_ids[2],
            };
            if let Some(id) = id {
                out[dialect as usize] = id as u32;
            }
            i += 1;
        }
        out
    };
    WORDS.get(dialect as usize).copied().unwrap_or(u32::MAX)
}

/// [`split`], not inlined (for the keys that are not Strings).
#[inline(never)]
fn split_out_of_line(rest: &[u8], dialect: Dialect) -> Option<(usize, Meta)> {
    split(rest, dialect)
}

/// [`split`] of any other header, or of fewer than 8 bytes: a payload of fixed size
/// (the 64-bit flag read) is split off as [`Shape::Fixed`].
#[inline(never)]
fn split_other(rest: &[u8], dialect: Dialect) -> (usize, Meta) {
    let word = le_u32(rest, 0);
    let header = Header::decode(word, dialect).ok();
    let ty = header.map_or(VariantType::Nil, |header| header.ty);
    if let Some(size) = header.and_then(Header::fixed_payload) {
        return (size + 4, Meta::new(word, ty, dialect, Shape::Fixed));
    }
    let len = match head(word, fast_table(dialect)) {
        Head::String | Head::StringName => string_len(le_u32(rest, 4)),
        Head::Dictionary | Head::Array => OPEN,
        // Sized above (the fixed payloads).
        Head::Int | Head::Float | Head::Fixed(_) | Head::General => match ty.layout() {
            Layout::Array | Layout::Dictionary | Layout::TypedArray | Layout::Object => OPEN,
            _ => measure(rest, dialect),
        },
    };
    let shape = if len == OPEN {
        Shape::Open
    } else {
        Shape::Sized
    };
    (len, Meta::new(word, ty, dialect, shape))
}

/// The length of a String or StringName whose text is `n` bytes: header, length word,
/// text, padding.
#[inline(always)]
fn string_len(n: u32) -> usize {
    // At most 2^32 + 12: no overflow in u64, and a usize below [`OPEN`] on every target
    // that can hold the text.
    // The padded text and the 8 bytes before it in one add: 8 is a multiple of 4.
    let len = (u64::from(n) + 11) & !3;
    usize::try_from(len).unwrap_or(OPEN - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time Dictionary words are the type's ids, in every dialect.
    #[test]
    fn dictionary_words_are_the_ids() {
        for dialect in Dialect::ALL {
            let id = VariantType::Dictionary.id(dialect).map(u32::from);
            assert_eq!(Some(dictionary_word(dialect)), id, "{dialect:?}");
        }
        assert_eq!(dictionary_word(Dialect::Godot4), 27);
        assert_eq!(dictionary_word(Dialect::Godot3), 18);
    }
}
