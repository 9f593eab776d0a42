//! The tagged writer's fast path (compact mode): an untyped Dictionary or Array written
//! in one loop over its children, as far as they are leaves or small containers of
//! leaves (a game's records: `{"p3": {"id": 3, "hp": 1.5, "name": "player 3", "pos":
//! Vector2(3, -3)}, …}`), with none of the walk's per-node work (a step, a decoded value,
//! a separator chosen by the parent's kind, a level opened and closed). The same bytes as
//! the walk writes.
//!
//! The frequent leaves are read straight from their header word and laid out by
//! fixed-size stores in a [`Tail`] (a run of children in one window): a plain String of
//! at most 64 bytes (16-byte copies), an int below 10^8 in magnitude (one word of
//! digits), a finite float whose text is decimal (zero, the short binary fractions and
//! integers of [`digits::dyadic`] by words of digits, any other from 1e-4 to 1e15 by its
//! shortest digits' text in one block), a bool, a 32-bit Vector2 or Vector3 (the
//! components by the f32 routes of [`float32`]); so is a child container of at most
//! [`MAX_CHILDREN`] such leaves whose text fits in the window. Any other leaf is decoded
//! and written as the walk writes it, any other container of at most [`MAX_CHILDREN`]
//! leaves too (whole or not at all: its text is cut off). At the first child that is
//! neither (a larger or deeper container, a packed array, a string longer than
//! [`Json::string`] writes in one piece) the container is handed back ([`Reach`]): the
//! walk goes on inside it from that child.

use std::io::{self, Write};

use crate::format::json::tagged::tail::Tail;
use crate::format::json::writer::Json;
use crate::format::number::push_f64;
use crate::format::{digits, escape, float32};
use crate::read::decoded::{math_value, Value};
use crate::read::object::ObjectRef;
use crate::read::reader::Reader;
use crate::wire::bytes::{le_u32, le_u64, pad4};
use crate::wire::dialect::Dialect;
use crate::wire::header::{COUNT_SHARED_BIT, FLAG_64};
use crate::wire::narrow::halves;
use crate::wire::types::VariantType;

/// Children (a Dictionary's keys and values alike) of the largest container written here.
pub(super) const MAX_CHILDREN: usize = 64;

/// The longest string written here, in bytes: [`Json::string`] writes it in one piece.
const MAX_STRING: usize = 256;

/// The longest String laid out in a run's window, in bytes.
const LONG_STRING: usize = 64;

/// Bytes of a run's window: stores start at offsets below 1024.
const WINDOW: usize = 1024 + 32;

/// A run is cut before a child that would start past this offset: a leaf laid out here
/// (a Vector3 of the longest f32 texts, 21 bytes each, is the longest) with its separator,
/// and then a closing text, end before offset 1000, and their stores reach at most 32
/// bytes past a start below 1024.
const FLUSH_AT: usize = 1024 - 128;

/// The header words the small containers are read from, in one dialect (the ids of ints,
/// floats and Strings are the same in every dialect; the others are not).
#[derive(Clone, Copy, Debug)]
pub(super) struct Words {
    /// An untyped Dictionary's and Array's (their count follows the header).
    dictionary: u32,
    array: u32,
    /// 32-bit vectors'.
    vector2: u32,
    vector3: u32,
    /// A bool's.
    bool: u32,
}

impl Words {
    /// The words of `dialect`.
    pub(super) fn new(dialect: Dialect) -> Words {
        let word = |ty: VariantType| ty.id(dialect).map_or(u32::MAX, u32::from);
        Words {
            dictionary: word(VariantType::Dictionary),
            array: word(VariantType::Array),
            vector2: word(VariantType::Vector2),
            vector3: word(VariantType::Vector3),
            bool: word(VariantType::Bool),
        }
    }
}

const INT: u32 = VariantType::Int as u32;
const FLOAT: u32 = VariantType::Float as u32;
const STRING: u32 = VariantType::String as u32;
const INT_64: u32 = INT | FLAG_64;
const FLOAT_64: u32 = FLOAT | FLAG_64;

/// An untyped Dictionary or Array: what [`write`] takes.
#[derive(Clone, Copy, Debug)]
pub(super) struct Small {
    pub(super) dictionary: bool,
    /// Entries of a Dictionary, elements of an Array.
    pub(super) len: usize,
}

impl Small {
    /// Its children: a Dictionary's keys and values alike.
    pub(super) fn children(self) -> usize {
        if self.dictionary {
            self.len.saturating_mul(2)
        } else {
            self.len
        }
    }
}

/// The next node of `r` as a [`Small`] container, if it is an untyped Dictionary or Array
/// (of any size).
#[inline(always)]
pub(super) fn container(r: &Reader<'_>, words: Words) -> Option<Small> {
    let (word, count) = halves(le_u64(r.bytes(), r.pos()));
    let dictionary = word == words.dictionary;
    if !dictionary && word != words.array {
        return None;
    }
    let len = (count & !COUNT_SHARED_BIT) as usize;
    Some(Small { dictionary, len })
}

/// How much of a container [`write`] wrote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Reach {
    /// All of it: the position after it.
    Whole(usize),
    /// Its opening and its first `children` children (keys and values alike), up to the
    /// separator before the next one, which is at `next`.
    Stopped { children: usize, next: usize },
}

/// Appends the compact text of `container`, the next node of `r`, as far as its children
/// are leaves (and, for an `OUTER` one, small containers of leaves, each written whole or
/// not at all): see [`Reach`]. An `OUTER` container hands its text on as the buffer fills
/// (it is never cut back); any other stays in the buffer, to be cut back when stopped.
pub(super) fn write<W: Write, const OUTER: bool>(
    j: &mut Json<'_, W>,
    r: Reader<'_>,
    container: Small,
    words: Words,
) -> io::Result<Reach> {
    let (bytes, pos) = (r.bytes(), r.pos());
    let Small { dictionary, len } = container;
    let children = container.children();
    let mut pos = pos + 8;
    if dictionary {
        j.put(b"{\"Dictionary\":[");
    } else {
        j.buf.push(b'[');
    }
    let mut i = 0;
    loop {
        // A run of children laid out in one window.
        let Some((mut tail, start)) = Tail::<WINDOW>::open(&mut j.buf) else {
            return Ok(Reach::Stopped {
                children: i,
                next: pos,
            });
        };
        let mut at = 0;
        let mut stopped = None;
        while i < children && at <= FLUSH_AT {
            let (separator, n) = separator(dictionary, i);
            tail.put(at, separator);
            match laid_out::<OUTER>(&mut tail, at + n, bytes, pos, words) {
                Some((end, next)) => (at, pos) = (end, next),
                None => {
                    stopped = Some(at);
                    at += n;
                    break;
                }
            }
            i += 1;
        }
        if i == children && stopped.is_none() {
            let (closing, n) = closing(dictionary, len);
            tail.put(at, closing);
            j.buf.truncate(start + at + n);
            return Ok(Reach::Whole(pos));
        }
        j.buf.truncate(start + at);
        if let Some(separator) = stopped {
            // Any other leaf, decoded, or a small container of leaves (its separator is
            // written); anything else is left to the caller, without its separator.
            match other::<W, OUTER>(j, r.seek(pos), words) {
                Some(next) => pos = next,
                None => {
                    j.buf.truncate(start + separator);
                    return Ok(Reach::Stopped {
                        children: i,
                        next: pos,
                    });
                }
            }
            i += 1;
        }
        if OUTER {
            j.maybe_flush()?;
        }
    }
}

/// Appends the next node of `r` when it is a leaf (as the walk writes it) or, for an
/// `OUTER` container's child, a container of at most [`MAX_CHILDREN`] leaves: where it
/// ends. `None` otherwise, with nothing appended.
#[inline(never)]
fn other<W: Write, const OUTER: bool>(
    j: &mut Json<'_, W>,
    r: Reader<'_>,
    words: Words,
) -> Option<usize> {
    let mark = j.buf.len();
    if OUTER {
        if let Some(inner) = container(&r, words) {
            if inner.children() <= MAX_CHILDREN {
                if let Ok(Reach::Whole(end)) = write::<W, false>(j, r, inner, words) {
                    return Some(end);
                }
            }
            j.buf.truncate(mark);
            return None;
        }
    }
    let mut r = r;
    if leaf(j, &mut r).is_none() {
        j.buf.truncate(mark);
        return None;
    }
    Some(r.pos())
}

/// What goes before child `i` (and how many bytes of it): in a Dictionary `[` before the
/// first key, `],[` before the others, `,` before a value; in an Array `,` between
/// elements.
#[inline(always)]
fn separator(dictionary: bool, i: usize) -> ([u8; 4], usize) {
    match (dictionary, i) {
        (_, 0) if !dictionary => ([0; 4], 0),
        (true, 0) => (*b"[\0\0\0", 1),
        (true, i) if i % 2 == 0 => (*b"],[\0", 3),
        _ => (*b",\0\0\0", 1),
    }
}

/// Lays out the text of a String of 17 to [`LONG_STRING`] bytes at `text` of `bytes`
/// when it is plain ASCII that needs no escape: 16-byte windows ([`escape::plain16`]).
#[inline(never)]
fn long_string(
    tail: &mut Tail<'_, WINDOW>,
    at: usize,
    bytes: &[u8],
    text: usize,
    len: usize,
) -> Option<()> {
    if len > LONG_STRING {
        return None;
    }
    let mut done = 0;
    while done < len {
        let window = escape::plain16(bytes, text + done, (len - done).min(16))?;
        tail.put(at + done, *window);
        done += 16;
    }
    Some(())
}

/// What closes a container (and how many bytes of it): `]` an Array, `]}` an empty
/// Dictionary, `]]}` the last pair and the Dictionary.
#[inline(always)]
fn closing(dictionary: bool, len: usize) -> ([u8; 3], usize) {
    match (dictionary, len) {
        (false, _) => (*b"]\0\0", 1),
        (true, 0) => (*b"]}\0", 2),
        (true, _) => (*b"]]}", 3),
    }
}

/// Lays out the node at `pos` of `bytes` at `at` of `tail` when it is one of the leaves
/// read from their header word alone or, for an `OUTER` container's child, a container
/// of at most [`MAX_CHILDREN`] such leaves whose text fits in the window: where its text
/// ends and where the node does.
#[inline(always)]
fn laid_out<const OUTER: bool>(
    tail: &mut Tail<'_, WINDOW>,
    at: usize,
    bytes: &[u8],
    pos: usize,
    words: Words,
) -> Option<(usize, usize)> {
    let payload = pos.wrapping_add(4);
    // The header word and the payload's first word.
    let (word, first) = halves(le_u64(bytes, pos));
    match word {
        STRING => {
            let len = first as usize;
            let text = payload.wrapping_add(4);
            tail.put1(at, b'"');
            if len <= 16 {
                let window = escape::plain16(bytes, text, len)?;
                tail.put(at + 1, *window);
            } else {
                long_string(tail, at + 1, bytes, text, len)?;
            }
            tail.put1(at + 1 + len, b'"');
            Some((at + len + 2, text + len + pad4(len)))
        }
        INT => {
            let n = i64::from(first as i32);
            Some((int(tail, at, n)?, payload + 4))
        }
        INT_64 => {
            let n = le_u64(bytes, payload) as i64;
            Some((int(tail, at, n)?, payload + 8))
        }
        FLOAT => {
            let x = f64::from(f32::from_bits(first));
            Some((float(tail, at, x)?, payload + 4))
        }
        FLOAT_64 => {
            let x = f64::from_bits(le_u64(bytes, payload));
            Some((float(tail, at, x)?, payload + 8))
        }
        word if word == words.bool => {
            // `true` for any payload but 0, as the walk decodes it.
            let text = if first != 0 {
                *b"true\0\0\0\0"
            } else {
                *b"false\0\0\0"
            };
            tail.put8(at, u64::from_le_bytes(text));
            Some((at + 4 + usize::from(first == 0), payload + 4))
        }
        word if word == words.vector2 => {
            tail.put(at, *b"{\"Vector2\":[");
            Some((vector::<2>(tail, at + 12, bytes, payload), payload + 8))
        }
        word if word == words.vector3 => {
            tail.put(at, *b"{\"Vector3\":[");
            Some((vector::<3>(tail, at + 12, bytes, payload), payload + 12))
        }
        word if OUTER && (word == words.dictionary || word == words.array) => {
            let dictionary = word == words.dictionary;
            let inner = Small {
                dictionary,
                len: (first & !COUNT_SHARED_BIT) as usize,
            };
            nested(tail, at, bytes, payload + 4, words, inner)
        }
        _ => None,
    }
}

/// Lays out the container `inner` whose children start at `pos`, when they are all
/// leaves laid out from their header word and its text fits in the window: where its
/// text ends and where the container does.
#[inline(always)]
fn nested(
    tail: &mut Tail<'_, WINDOW>,
    mut at: usize,
    bytes: &[u8],
    mut pos: usize,
    words: Words,
    inner: Small,
) -> Option<(usize, usize)> {
    let children = inner.children();
    if children > MAX_CHILDREN {
        return None;
    }
    if inner.dictionary {
        tail.put(at, *b"{\"Dictionary\":[");
        at += 15;
    } else {
        tail.put1(at, b'[');
        at += 1;
    }
    for i in 0..children {
        if at > FLUSH_AT {
            return None;
        }
        let (separator, n) = separator(inner.dictionary, i);
        tail.put(at, separator);
        (at, pos) = laid_out::<false>(tail, at + n, bytes, pos, words)?;
    }
    let (closing, n) = closing(inner.dictionary, inner.len);
    tail.put(at, closing);
    Some((at + n, pos))
}

/// `n` when its magnitude is below 10^8: the sign and one word of digits.
#[inline(always)]
fn int(tail: &mut Tail<'_, WINDOW>, at: usize, n: i64) -> Option<usize> {
    // A '-' that the digits overwrite when `n` is not negative.
    tail.put1(at, b'-');
    let at = at + usize::from(n < 0);
    let magnitude = n.unsigned_abs();
    if magnitude >= 100_000_000 {
        return None;
    }
    #[allow(clippy::cast_possible_truncation)] // below 10^8
    let (digits, len) = digits::short(magnitude as u32);
    tail.put8(at, digits);
    Some(at + len)
}

/// The digits of `n` at or above 10^8 (as `push_u64` writes them): the leading ones
/// without zeros, then one or two words of exactly eight ([`digits::long_parts`]).
#[inline(never)]
fn long_digits(tail: &mut Tail<'_, WINDOW>, at: usize, n: u64) -> usize {
    let (lead, [first, second], count) = digits::long_parts(n);
    let (lead, len) = digits::short(lead);
    tail.put8(at, lead);
    tail.put8(at + len, digits::full(first));
    tail.put8(at + len + 8, digits::full(second));
    at + len + 8 * count
}

/// Finite `x` as the walk writes it (`push_f64`) when its text is decimal: zero, a short
/// binary fraction whose integer part is below 10^8 ([`digits::dyadic`]: one word of
/// digits, then the point and one word of fraction digits), or the rest ([`decimal`]).
/// `None` for exponents, NaN and infinities.
#[inline(always)]
fn float(tail: &mut Tail<'_, WINDOW>, at: usize, x: f64) -> Option<usize> {
    tail.put1(at, b'-');
    if x == 0.0 {
        let at = at + usize::from(x.is_sign_negative());
        tail.put(at, *b"0.0");
        return Some(at + 3);
    }
    let Some(d) = digits::dyadic(x).filter(|d| d.int < 100_000_000) else {
        return decimal(tail, at, x);
    };
    let at = at + usize::from(d.negative);
    #[allow(clippy::cast_possible_truncation)] // below 10^8
    let (int, len) = digits::short(d.int as u32);
    tail.put8(at, int);
    tail.put1(at + len, b'.');
    tail.put8(at + len + 1, d.fraction);
    Some(at + len + 1 + d.fraction_len)
}

/// Nonzero `x` that [`float`] does not lay out itself, as `push_f64` writes it when that
/// is a decimal: an integer from 10^8 to 2^53 (its digits and `.0`), or any other from
/// 1e-4 to 1e15 in magnitude ([`shortest`]). `None` otherwise (exponents, NaN,
/// infinities).
#[inline(never)]
fn decimal(tail: &mut Tail<'_, WINDOW>, at: usize, x: f64) -> Option<usize> {
    // Made again here, out of the callers' way (passing `float`'s costs the small path
    // more than the rare path saves).
    let Some(d) = digits::dyadic(x).filter(|d| d.int >= 100_000_000) else {
        return shortest(tail, at, x);
    };
    // An integer (a fraction needs an integer part below 10^7): its digits past one
    // word, then `.0` (after the '-' that `float` wrote).
    let at = at + usize::from(d.negative);
    let end = long_digits(tail, at, d.int);
    tail.put(end, *b".0");
    Some(end + 2)
}

/// `x`, nonzero and no short binary fraction, from 1e-4 to 1e15 in magnitude: the
/// shortest digits' text (at most 24 bytes), gathered in one block and stored whole.
/// This is what `push_f64` writes there: zmij's text itself, or, for an exact short
/// decimal, its digits laid out by `push_exact`, which are the same (an exact decimal
/// of at most 15 digits is the only one of its length or shorter that reads back to
/// `x`, so the shortest digits are it, and both lay out a decimal from 1e-4 to 1e15
/// with `0.` before a fraction and no exponent).
#[inline(always)]
fn shortest(tail: &mut Tail<'_, WINDOW>, at: usize, x: f64) -> Option<usize> {
    if !(1e-4..1e15).contains(&x.abs()) {
        return None;
    }
    let mut buf = zmij::Buffer::new();
    let text = buf.format_finite(x).as_bytes();
    // Byte by byte into a fixed block (see `number::extend_short`), stored whole.
    let mut block = [0u8; 32];
    for (slot, &b) in block.iter_mut().zip(text) {
        *slot = b;
    }
    tail.put(at, block);
    Some(at + text.len().min(32))
}

/// The `N` f32 components at `payload` (after the tag's `[`), then `]}`.
#[inline(always)]
fn vector<const N: usize>(
    tail: &mut Tail<'_, WINDOW>,
    mut at: usize,
    bytes: &[u8],
    payload: usize,
) -> usize {
    for i in 0..N {
        if i > 0 {
            tail.put1(at, b',');
            at += 1;
        }
        at = float32::put_f32_at(tail.bytes, at, le_u32(bytes, payload + 4 * i));
    }
    tail.put(at, *b"]}");
    at + 2
}

/// Appends the next node of `r` when it is a leaf (as the walk writes it) and moves past
/// it; `None` otherwise.
#[inline(always)]
fn leaf<W: Write>(j: &mut Json<'_, W>, r: &mut Reader<'_>) -> Option<()> {
    let at = r.pos();
    let value = r.value();
    match value {
        Value::String(text) if text.raw_bytes().len() <= MAX_STRING => {
            // The text follows the header and the length word.
            j.string_in(r.bytes(), at.wrapping_add(8), text).ok()
        }
        Value::Int(n) => {
            if n < 0 {
                j.buf.push(b'-');
            }
            digits::push_u64_inline(&mut j.buf, n.unsigned_abs());
            Some(())
        }
        Value::Float(x) if x.is_finite() => {
            push_f64(&mut j.buf, x);
            Some(())
        }
        Value::StringName(text) if text.raw_bytes().len() <= MAX_STRING => j.leaf(value).ok(),
        Value::Nil
        | Value::Bool(_)
        | Value::Float(_)
        | Value::Rid(_)
        | Value::Callable
        | Value::Object(ObjectRef::Null | ObjectRef::Id(_))
        | math_value!(_) => j.leaf(value).ok(),
        _ => None,
    }
}

#[cfg(test)]
#[path = "small_tests.rs"]
mod tests;
