//! Elements of packed arrays: not values on the wire, but a path reaches them
//! (`mesh/vertices/3`). An element is replaced, inserted or deleted in place; the array's
//! count is updated by the plan. The one exception is a byte array, whose padding depends
//! on its length: inserting or deleting a byte rewrites the bytes after it.

use alloc::{string::String, vec::Vec};

use crate::read::packed::PackedArray;
use crate::read::value::VariantRef;
use crate::wire::bytes::{le_u32, pad4};
use crate::wire::narrow::f32_of;
use crate::wire::types::VariantType;

/// What to do with element `index`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Replace,
    Insert,
    Delete,
}

/// The bytes an element edit changes: absolute `start..end` of the input, replaced by
/// what was appended to the arena; and the change of the element count.
#[derive(Clone, Copy, Debug)]
pub(super) struct Splice {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) count: i64,
    /// A byte array's new count word, written as bytes (not as a count change that adds
    /// up with others): a second insertion or deletion in the same array then overlaps it
    /// and is refused, where two insertions at one place (two empty ranges) would each
    /// write their own padding.
    pub(super) count_word: Option<u32>,
}

/// The wire bytes of `value` as an element of `array`, or what the array takes instead.
/// The engine's conversions on storing apply: an int into a float array, a StringName
/// into a string array, f32 and f64 vector components into each other.
pub(super) fn element(array: &PackedArray<'_>, value: &VariantRef<'_>) -> Result<Vec<u8>, String> {
    use VariantType as T;
    let mut out = Vec::new();
    let int = value.as_int();
    let real = value.as_float().or(int.map(|n| n as f64));
    let fits = match array.ty() {
        T::PackedByteArray => int
            .and_then(|n| u8::try_from(n).ok())
            .map(|b| out.push(b))
            .ok_or("an int in 0..=255"),
        T::PackedInt32Array => int
            .and_then(|n| i32::try_from(n).ok())
            .map(|n| out.extend_from_slice(&n.to_le_bytes()))
            .ok_or("an int in the 32-bit range"),
        T::PackedInt64Array => int
            .map(|n| out.extend_from_slice(&n.to_le_bytes()))
            .ok_or("int"),
        T::PackedFloat32Array => real
            .map(|x| out.extend_from_slice(&f32_of(x).to_le_bytes()))
            .ok_or("float"),
        T::PackedFloat64Array => real
            .map(|x| out.extend_from_slice(&x.to_le_bytes()))
            .ok_or("float"),
        T::PackedStringArray => value
            .as_str()
            .map(|text| {
                // As the engine writes an item: the length counts a NUL terminator.
                let len = text.len().saturating_add(1);
                out.extend_from_slice(&u32::try_from(len).unwrap_or(u32::MAX).to_le_bytes());
                out.extend_from_slice(text.as_bytes());
                out.push(0);
                out.resize(out.len() + pad4(len), 0);
            })
            .ok_or("String"),
        T::PackedVector2Array => vector(&mut out, array, value, T::Vector2).ok_or("Vector2"),
        T::PackedVector3Array => vector(&mut out, array, value, T::Vector3).ok_or("Vector3"),
        T::PackedVector4Array => vector(&mut out, array, value, T::Vector4).ok_or("Vector4"),
        T::PackedColorArray => vector(&mut out, array, value, T::Color).ok_or("Color"),
        T::PackedVector2iArray => int_vector(&mut out, value, T::Vector2i).ok_or("Vector2i"),
        T::PackedVector3iArray => int_vector(&mut out, value, T::Vector3i).ok_or("Vector3i"),
        T::PackedVector4iArray => int_vector(&mut out, value, T::Vector4i).ok_or("Vector4i"),
        _ => Err("nothing"),
    };
    fits.map(|()| out).map_err(String::from)
}

/// Writes the components of math value `value` of type `ty` as `array` stores them.
fn vector(
    out: &mut Vec<u8>,
    array: &PackedArray<'_>,
    value: &VariantRef<'_>,
    ty: VariantType,
) -> Option<()> {
    let math = value.as_math().filter(|m| m.ty() == ty)?;
    for i in 0..math.len() {
        let c = math.get(i)?;
        if array.is_double() {
            out.extend_from_slice(&c.to_le_bytes());
        } else {
            out.extend_from_slice(&f32_of(c).to_le_bytes());
        }
    }
    Some(())
}

/// An element of Pandemonium's integer vector pools: a value of the vector type `ty`.
fn int_vector(out: &mut Vec<u8>, value: &VariantRef<'_>, ty: VariantType) -> Option<()> {
    let math = value.as_math().filter(|m| m.ty() == ty)?;
    for i in 0..math.len() {
        out.extend_from_slice(&math.get_i32(i)?.to_le_bytes());
    }
    Some(())
}

/// Where element `index` of `array` lies: its absolute start and end (for `index ==
/// len`, both are the end of the elements). `None` past that.
fn bounds(array: &PackedArray<'_>, index: usize) -> Option<(usize, usize)> {
    let data = array.as_bytes();
    let base = array.data_offset();
    if index > array.len() {
        return None;
    }
    if array.ty() != VariantType::PackedStringArray {
        let size = array.element_size()?;
        let start = base.checked_add(index.checked_mul(size)?)?;
        let end = if index == array.len() {
            start
        } else {
            start.checked_add(size)?
        };
        return Some((start, end));
    }
    // String items are fields of their own length: step over the ones before.
    let mut at = 0usize;
    for _ in 0..index {
        at = field_end(data, at)?;
    }
    let end = if index == array.len() {
        at
    } else {
        field_end(data, at)?
    };
    Some((base.checked_add(at)?, base.checked_add(end)?))
}

/// The end of the string field at `at` in validated `data`.
fn field_end(data: &[u8], at: usize) -> Option<usize> {
    let len = le_u32(data, at) as usize;
    let end = at
        .checked_add(4)?
        .checked_add(len)?
        .checked_add(pad4(len))?;
    (end <= data.len()).then_some(end)
}

/// Plans `op` on element `index` of `array` (the value `container`): appends the new bytes
/// to `arena` (`element`: the new element's wire bytes, for a replacement or an insertion)
/// and says which bytes of the input they replace. `None` when `index` is out of range for
/// `op`.
pub(super) fn splice(
    arena: &mut Vec<u8>,
    array: &PackedArray<'_>,
    container: &VariantRef<'_>,
    index: usize,
    op: Op,
    element: &[u8],
) -> Option<Splice> {
    let len = array.len();
    let in_range = match op {
        Op::Insert => index <= len,
        Op::Replace | Op::Delete => index < len,
    };
    if !in_range {
        return None;
    }
    let (start, end) = bounds(array, index)?;
    let byte_array = array.ty() == VariantType::PackedByteArray;
    match op {
        Op::Replace => {
            arena.extend_from_slice(element);
            Some(Splice {
                start,
                end,
                count: 0,
                count_word: None,
            })
        }
        Op::Insert | Op::Delete if byte_array => {
            // The padding follows the length: rewrite from the element to the value's end.
            let data = array.as_u8()?;
            let (keep, new_len) = match op {
                Op::Insert => {
                    arena.extend_from_slice(element);
                    (data.get(index..)?, len.checked_add(1)?)
                }
                _ => (data.get(index.checked_add(1)?..)?, len.checked_sub(1)?),
            };
            arena.extend_from_slice(keep);
            arena.resize(arena.len().checked_add(pad4(new_len))?, 0);
            let value_end = container.offset().checked_add(container.encoded().len())?;
            let keep_bits = le_u32(container.encoded(), 4) & 0x8000_0000;
            let word = u32::try_from(new_len)
                .ok()
                .filter(|&n| n <= i32::MAX as u32)?;
            Some(Splice {
                start,
                end: value_end,
                count: 0,
                count_word: Some(word | keep_bits),
            })
        }
        Op::Insert => {
            arena.extend_from_slice(element);
            Some(Splice {
                start,
                end: start,
                count: 1,
                count_word: None,
            })
        }
        Op::Delete => Some(Splice {
            start,
            end,
            count: -1,
            count_word: None,
        }),
    }
}
