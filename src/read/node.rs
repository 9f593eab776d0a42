//! One node's own fields, read over a [`Cursor`]: [`node`], the step of the validator
//! (`CHECK = true`) and of [`measure`] (`CHECK = false`, on validated bytes: it skips the
//! checks that cannot fail there: UTF-8, strict mode, limits). Both dispatch on the header
//! with the walks' shared [`head`].

use crate::read::options::ParseOptions;
use crate::read::walk::{head, Frame, Head};
use crate::wire::cursor::Cursor;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::header::{
    fast_table, Header, COUNT_SHARED_BIT, FLAG_OBJECT_AS_ID, KIND_BUILTIN, KIND_NONE,
};
use crate::wire::types::{Element, Layout, VariantType};
use crate::wire::utf8::godot_view;

/// Reads one node's header and own fields, leaving the cursor at its first child (if any);
/// returns the steps of its children ([`Frame::NONE`] for a value that holds no others).
#[inline(always)]
pub(crate) fn node<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    dialect: Dialect,
    options: &ParseOptions,
) -> Result<Frame, Error> {
    let header_at = cur.pos();
    let word = cur.u32()?;
    match head(word, fast_table(dialect)) {
        Head::Int | Head::Float => {
            cur.skip(4)?;
            return Ok(Frame::NONE);
        }
        Head::String | Head::StringName => {
            cur.string::<CHECK>()?;
            return Ok(Frame::NONE);
        }
        Head::Dictionary => {
            return container_count::<CHECK>(cur, options, 8).map(Frame::dictionary)
        }
        Head::Array => return container_count::<CHECK>(cur, options, 4).map(Frame::array),
        Head::Fixed(size) => {
            cur.skip(usize::from(size))?;
            return Ok(Frame::NONE);
        }
        Head::General => {}
    }
    let header = Header::decode(word, dialect)
        .map_err(|id| cur.error_at(header_at, ErrorKind::UnknownType(id)))?;
    if CHECK && options.strict && header.unused_bits(dialect) != 0 {
        return Err(cur.error_at(header_at, ErrorKind::NonCanonical));
    }
    // Scalars and math types: a fixed payload, one table lookup.
    if let Some(size) = header.fixed_payload() {
        cur.skip(size)?;
        return Ok(Frame::NONE);
    }
    match header.layout {
        // Sized by `fixed_payload` above.
        Layout::Nil
        | Layout::Callable
        | Layout::Bool
        | Layout::Int
        | Layout::Float
        | Layout::Math(..)
        | Layout::Rid => {}
        Layout::Str => {
            cur.string::<CHECK>()?;
        }
        Layout::Signal => {
            cur.string::<CHECK>()?;
            cur.take(8)?;
        }
        Layout::NodePath => node_path::<CHECK>(cur)?,
        Layout::Object => return object::<CHECK>(cur, header_at, word, options),
        Layout::Array => {
            if dialect.typed_containers() {
                container_type::<CHECK>(cur, header.container_kind(16))?;
            }
            return container_count::<CHECK>(cur, options, 4).map(Frame::array);
        }
        Layout::Dictionary => {
            if dialect.typed_containers() {
                container_type::<CHECK>(cur, header.container_kind(16))?;
                container_type::<CHECK>(cur, header.container_kind(18))?;
            }
            return container_count::<CHECK>(cur, options, 8).map(Frame::dictionary);
        }
        Layout::Packed(element) => packed::<CHECK>(cur, element, header.is_double(), options)?,
        Layout::TypedArray => {
            typed_array_type::<CHECK>(cur, word, dialect, options.strict)?;
            return container_count::<CHECK>(cur, options, 4).map(Frame::array);
        }
    }
    Ok(Frame::NONE)
}

/// Pandemonium's TypedArray / PackedTypedArray element type: a u32 type number (bit 31
/// ignored, any number accepted, as the engine does), and for objects written whole (bit
/// 16 of the header clear) the class name as a complete StringName value. A number no
/// type of the era has is refused (the engine takes it, then drops every element); strict
/// mode also refuses bit 31 set and flag bits on the class name's header.
fn typed_array_type<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    word: u32,
    dialect: Dialect,
    strict: bool,
) -> Result<(), Error> {
    let at = cur.pos();
    let raw = cur.u32()?;
    let element = raw & !COUNT_SHARED_BIT;
    // The engine takes any number (and its array then drops every element); a number no
    // type of the era has is refused here, as a Godot 4 container's is.
    let known = u8::try_from(element)
        .ok()
        .and_then(|id| VariantType::from_id(id, dialect))
        .is_some();
    if CHECK && !known {
        return Err(cur.error_at(at, ErrorKind::InvalidContainerType(element)));
    }
    if CHECK && strict && raw != element {
        return Err(cur.error_at(at, ErrorKind::NonCanonical));
    }
    let object = VariantType::Object.id(dialect).map(u32::from);
    if Some(element) == object && word & FLAG_OBJECT_AS_ID == 0 {
        let at = cur.pos();
        let header = cur.u32()?;
        let name = VariantType::StringName.id(dialect).map(u32::from);
        if Some(header & 0xFF) != name {
            return Err(cur.error_at(at, ErrorKind::InvalidContainerType(header)));
        }
        if CHECK && strict && Some(header) != name {
            return Err(cur.error_at(at, ErrorKind::NonCanonical));
        }
        cur.string::<CHECK>()?;
    }
    Ok(())
}

fn node_path<const CHECK: bool>(cur: &mut Cursor<'_>) -> Result<(), Error> {
    let at = cur.pos();
    let names = cur.u32()?;
    let subnames = cur.u32()?;
    let flags = cur.u32()?;
    if names & COUNT_SHARED_BIT == 0 {
        return Err(cur.error_at(at, ErrorKind::OldNodePath));
    }
    let names = u64::from(names & !COUNT_SHARED_BIT);
    let total = names + u64::from(subnames) + u64::from(flags >> 1 & 1);
    // Each component takes at least 4 bytes; blame the count that overflows the rest.
    let remaining = cur.remaining() as u64;
    if names.saturating_mul(4) > remaining {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    if total.saturating_mul(4) > remaining {
        return Err(cur.error_at(at.saturating_add(4), ErrorKind::LengthOutOfBounds));
    }
    for _ in 0..total {
        cur.string::<CHECK>()?;
    }
    Ok(())
}

fn object<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    header_at: usize,
    word: u32,
    options: &ParseOptions,
) -> Result<Frame, Error> {
    if word & FLAG_OBJECT_AS_ID != 0 {
        cur.take(8)?;
        return Ok(Frame::NONE);
    }
    if CHECK && !options.limits.allow_full_objects {
        return Err(cur.error_at(header_at, ErrorKind::FullObjectNotAllowed));
    }
    let class = cur.string::<CHECK>()?;
    if godot_view(class).is_empty() {
        // A null object written in full: the engine reads the name as text (up to a NUL).
        return Ok(Frame::NONE);
    }
    let at = cur.pos();
    let word = cur.u32()?;
    if word > i32::MAX as u32 {
        // The engine reads the count as int32 and runs no loop for a negative one.
        if CHECK && options.strict {
            return Err(cur.error_at(at, ErrorKind::NonCanonical));
        }
        return Ok(Frame::NONE);
    }
    // Each property takes at least 8 bytes: a name string and a value header.
    if (word as usize).saturating_mul(8) > cur.remaining() {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    Ok(Frame::object(word))
}

/// Reads a Godot 4 typed-container descriptor of the given kind.
#[inline(always)]
fn container_type<const CHECK: bool>(cur: &mut Cursor<'_>, kind: u32) -> Result<(), Error> {
    match kind {
        KIND_NONE => {}
        KIND_BUILTIN => {
            let at = cur.pos();
            let id = cur.u32()?;
            if CHECK && id >= u32::from(VariantType::count(Dialect::Godot4)) {
                return Err(cur.error_at(at, ErrorKind::InvalidContainerType(id)));
            }
        }
        _ => {
            cur.string::<CHECK>()?;
        }
    }
    Ok(())
}

/// Reads an Array/Dictionary count (bit 31 masked off, as the engine does) and checks
/// that `count * min_child` bytes can follow.
#[inline(always)]
fn container_count<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    options: &ParseOptions,
    min_child: usize,
) -> Result<u32, Error> {
    let at = cur.pos();
    let word = cur.u32()?;
    if CHECK && options.strict && word & COUNT_SHARED_BIT != 0 {
        return Err(cur.error_at(at, ErrorKind::NonCanonical));
    }
    let count = word & !COUNT_SHARED_BIT;
    if (count as usize).saturating_mul(min_child) > cur.remaining() {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    Ok(count)
}

fn packed<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    element: Element,
    double: bool,
    options: &ParseOptions,
) -> Result<(), Error> {
    let Some(size) = element.size(double) else {
        // PackedStringArray: a negative count is read by the engine as an empty array.
        let at = cur.pos();
        let word = cur.u32()?;
        if word > i32::MAX as u32 {
            if CHECK && options.strict {
                return Err(cur.error_at(at, ErrorKind::NonCanonical));
            }
            return Ok(());
        }
        if (word as usize).saturating_mul(4) > cur.remaining() {
            return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
        }
        for _ in 0..word {
            cur.string::<CHECK>()?;
        }
        return Ok(());
    };
    let count = cur.count(size)?;
    cur.take(count * size)?; // cannot fail: `count` checked `count * size` against the rest
    if element == Element::U8 {
        // The engine never checks byte-array padding; it only matters when the input ends.
        let pad = crate::wire::bytes::pad4(count);
        if CHECK && options.strict && cur.remaining() < pad {
            return Err(cur.error_here(ErrorKind::NonCanonical));
        }
        cur.take_at_most(pad);
    }
    Ok(())
}

/// Measures the encoded length of the already validated value at `data[0]` (for
/// `Reader::skip`, and to split a validated value off what follows it). Unlike the
/// validator it keeps no stack of open containers (only a count of values still to read),
/// so stepping over a scalar costs a header read; it recurses only into full objects'
/// property values, whose nesting `parse` bounded. On bytes that do not parse it returns
/// `data.len()`.
pub(crate) fn measure(data: &[u8], dialect: Dialect) -> usize {
    measure_values(data, dialect, 1)
}

/// [`measure`] of `count` consecutive values (a run of siblings, for the parallel JSON
/// writer's cut): their encoded length together; `data.len()` on bytes that do not parse
/// (or end before the last of them does).
pub(crate) fn measure_values(data: &[u8], dialect: Dialect, count: u64) -> usize {
    let options = ParseOptions::default();
    let mut cur = Cursor::new(data, 0);
    let mut pending: u64 = count;
    while pending > 0 {
        pending -= 1;
        let Ok(children) = node::<false>(&mut cur, dialect, &options) else {
            return data.len();
        };
        if !children.named {
            pending += u64::from(children.steps);
            continue;
        }
        // A name and a value per property.
        for _ in 0..children.steps / 2 {
            if cur.string::<false>().is_err() {
                return data.len();
            }
            let len = measure(data.get(cur.pos()..).unwrap_or(&[]), dialect);
            cur.take_at_most(len);
        }
    }
    cur.pos()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::validate::validate;

    /// `measure` agrees with the validator on each value, whatever follows it, and gives
    /// the whole input for bytes cut short.
    #[test]
    fn measure_agrees_with_validation_at_the_edges() {
        let g4 = Dialect::Godot4;
        let values: [&[u8]; 7] = [
            &[0, 0, 0, 0],                            // nil: 4 bytes, no 8-byte load
            &[2, 0, 0, 0, 7, 0, 0, 0],                // int
            &[4, 0, 0, 0, 1, 0, 0, 0, b'a', 0, 0, 0], // "a", padded
            &[2, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0],    // 64-bit int: the slow path
            &[28, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0], // [null, true]
            &[
                27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 28, 0, 0, 0, 0, 0, 0, 0,
            ], // {"": []}
            &[5, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40], // Vector2: a fixed payload
        ];
        let options = ParseOptions::default();
        for value in values {
            let len = validate(value, 0, g4, &options).unwrap();
            assert_eq!((len, measure(value, g4)), (value.len(), value.len()));
            let mut longer = value.to_vec();
            longer.extend_from_slice(&[2, 0, 0, 0, 9, 0, 0, 0]);
            assert_eq!(measure(&longer, g4), value.len(), "{value:?}");
            for cut in 0..value.len() {
                let short = value.get(..cut).unwrap_or_default();
                assert_eq!(measure(short, g4), cut, "{value:?} cut at {cut}");
            }
        }
    }
}
