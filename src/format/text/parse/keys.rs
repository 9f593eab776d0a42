//! What the engine does to a dictionary or typed container as the text form builds it:
//! equal keys fold into one pair (the first key's place and form, the last value), and
//! elements of a typed container convert to the declared type or leave it empty.

use alloc::vec::Vec;

use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::{f32_of, i64_of};
use crate::wire::types::VariantType;
use crate::write::Builder;

/// One pair of an open dictionary in the output: where its key starts, where its value
/// starts, where it ends.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pair {
    key: usize,
    pub(super) value: usize,
    pub(super) end: usize,
}

impl Pair {
    pub(super) fn new(key: usize, value: usize) -> Self {
        Pair {
            key,
            value,
            end: value,
        }
    }
}

/// How a key compares with the others, as the engine's dictionary compares it.
#[derive(PartialEq)]
enum Norm<'a> {
    /// Type (String and StringName alike) and payload bytes.
    Bytes(u8, &'a [u8]),
    /// A float's value (−0.0 as 0.0, every NaN alike).
    Float(u64),
    /// A math value's type and components, floats as for `Float` (the engine compares
    /// components with `==`, NaN alike).
    Math(u8, Vec<u64>),
    /// An object (each is a new instance), or a Godot 3 dictionary: equal to nothing.
    Never,
}

fn norm(key: &[u8], dialect: Dialect) -> Norm<'_> {
    let Some((&ty, rest)) = key.split_first() else {
        return Norm::Never;
    };
    // A String (id 4 in both dialects), by far the most common key: its bytes.
    if ty == 4 {
        return Norm::Bytes(4, rest);
    }
    let id = |t: VariantType| t.id(dialect).unwrap_or(u8::MAX);
    if ty == id(VariantType::Float) {
        let value = VariantRef::parse(key, dialect)
            .ok()
            .and_then(|v| v.as_float())
            .unwrap_or(0.0);
        return Norm::Float(float_bits(value));
    }
    if let Some(math) = VariantRef::parse(key, dialect)
        .ok()
        .and_then(|v| v.as_math())
    {
        let parts = (0..math.len())
            .map(|i| match math.get_i32(i) {
                Some(n) => u64::from(u32::from_ne_bytes(n.to_ne_bytes())),
                None => float_bits(math.get(i).unwrap_or(0.0)),
            })
            .collect();
        return Norm::Math(ty, parts);
    }
    if ty == id(VariantType::Object)
        || (dialect == Dialect::Godot3 && ty == id(VariantType::Dictionary))
    {
        return Norm::Never;
    }
    let ty = if ty == id(VariantType::StringName) {
        id(VariantType::String)
    } else {
        ty
    };
    // The header's upper bytes (flags) are part of the value.
    Norm::Bytes(ty, rest)
}

/// A float as dictionary keys compare: −0.0 as 0.0, every NaN alike.
fn float_bits(value: f64) -> u64 {
    if value.is_nan() {
        f64::NAN.to_bits()
    } else {
        (value + 0.0).to_bits()
    }
}

fn key_of<'o>(out: &'o [u8], p: &Pair, dialect: Dialect) -> Norm<'o> {
    norm(out.get(p.key..p.value).unwrap_or_default(), dialect)
}

fn hash(n: &Norm<'_>) -> u64 {
    let mut h: u64 = 0x243F_6A88_85A3_08D3;
    let mut mix = |w: u64| h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29);
    match n {
        Norm::Bytes(ty, bytes) => {
            mix(u64::from(*ty));
            let mut chunks = bytes.chunks_exact(8);
            for c in &mut chunks {
                mix(u64::from_le_bytes(c.try_into().unwrap_or([0; 8])));
            }
            for &b in chunks.remainder() {
                mix(u64::from(b) | 0x100);
            }
        }
        Norm::Float(bits) => mix(*bits ^ 0xF10A7),
        Norm::Math(ty, parts) => {
            mix(u64::from(*ty) | 0x3A7F00);
            parts.iter().for_each(|&p| mix(p));
        }
        Norm::Never => {}
    }
    h
}

/// Folds pairs with equal keys: the first key keeps its place and form, the last value
/// wins. `out[body..]` holds exactly `pairs`; returns the number of pairs left.
pub(super) fn fold_duplicates(
    out: &mut Vec<u8>,
    body: usize,
    pairs: &[Pair],
    dialect: Dialect,
) -> u64 {
    let n = pairs.len();
    // Pair indexes are u32s below; a dictionary of more pairs than that (gigabytes of
    // text) is left as it is, and the builder refuses its count.
    let Ok(n32) = u32::try_from(n) else {
        return n as u64;
    };
    if n < 2 {
        return n as u64;
    }
    if strings_in_order(out, pairs) || (n <= 16 && !small_has_duplicates(out, pairs, dialect)) {
        return n as u64;
    }
    // first[i]: the index of the first pair with pair i's key.
    // Two passes keep the memory touched at random small (large dictionaries have unique
    // keys, and a table of all of them misses the cache on every key): a bitset of hashes
    // marks the hashes seen twice, then only keys with such a hash go into a table.
    let hashes: Vec<Option<u64>> = pairs
        .iter()
        .map(|p| {
            let k = key_of(out, p, dialect);
            (k != Norm::Never).then(|| hash(&k))
        })
        .collect();
    let bits = (n * 16).next_power_of_two().clamp(64, 1 << 21);
    let mut seen = alloc::vec![0u64; bits / 64];
    let mut twice = alloc::vec![0u64; bits / 64];
    let bit = |h: u64| ((h >> 7) as usize & (bits - 1), 1u64 << (h & 63));
    for h in hashes.iter().flatten() {
        let (b, mask) = bit(*h);
        let (Some(s), Some(t)) = (seen.get_mut(b / 64), twice.get_mut(b / 64)) else {
            continue;
        };
        if *s & mask != 0 {
            *t |= mask;
        }
        *s |= mask;
    }
    let suspects: Vec<u32> = hashes
        .iter()
        .enumerate()
        .filter_map(|(i, h)| {
            let (b, mask) = bit((*h)?);
            (twice.get(b / 64)? & mask != 0).then(|| u32::try_from(i).ok())?
        })
        .collect();
    if suspects.is_empty() {
        return n as u64;
    }
    let mut first: Vec<u32> = (0..n32).collect();
    let mut any = false;
    let size = (2 * suspects.len()).next_power_of_two().max(2);
    // (hash tag, pair index); u32::MAX: empty. Keys are compared only when tags match.
    let mut table: Vec<(u32, u32)> = alloc::vec![(0, u32::MAX); size];
    for &i in &suspects {
        let (Some(p), Some(Some(h))) = (pairs.get(i as usize), hashes.get(i as usize)) else {
            continue;
        };
        let k = key_of(out, p, dialect);
        let tag = (h >> 32) as u32;
        // The low bits of the hash: below `size`, so the conversion never fails.
        let mut slot = usize::try_from(*h & (size as u64 - 1)).unwrap_or(0);
        loop {
            match table.get(slot).copied() {
                Some((_, u32::MAX)) | None => {
                    if let Some(s) = table.get_mut(slot) {
                        *s = (tag, i);
                    }
                    break;
                }
                Some((t, j)) => {
                    if t == tag
                        && pairs
                            .get(j as usize)
                            .is_some_and(|q| key_of(out, q, dialect) == k)
                    {
                        if let Some(f) = first.get_mut(i as usize) {
                            *f = j;
                        }
                        any = true;
                        break;
                    }
                    slot = (slot + 1) & (size - 1);
                }
            }
        }
    }
    if !any {
        return n as u64;
    }
    // The last value of each key.
    let mut last: Vec<u32> = (0..n32).collect();
    for (i, &f) in first.iter().enumerate() {
        if let (Some(l), Ok(i)) = (last.get_mut(f as usize), u32::try_from(i)) {
            *l = i;
        }
    }
    let mut folded = Vec::with_capacity(out.len().saturating_sub(body));
    let mut count = 0u64;
    for (i, p) in pairs.iter().enumerate() {
        if first.get(i).copied() != u32::try_from(i).ok() {
            continue;
        }
        let winner = last
            .get(i)
            .and_then(|&l| pairs.get(l as usize))
            .unwrap_or(p);
        folded.extend_from_slice(out.get(p.key..p.value).unwrap_or_default());
        folded.extend_from_slice(out.get(winner.value..winner.end).unwrap_or_default());
        count += 1;
    }
    out.truncate(body);
    out.extend_from_slice(&folded);
    count
}

/// Whether a few pairs hold equal keys, without allocating: each key against the ones
/// before it.
/// Are all keys plain Strings, each greater than the one before (by bytes, which is the
/// engines' String order)? Then no two are equal. The engines print a dictionary's keys
/// sorted, so their own text takes this path: one comparison per key, in order, instead of
/// hashing every key.
fn strings_in_order(out: &[u8], pairs: &[Pair]) -> bool {
    // A String key's encoding: header 4 (no flags), the length, the bytes, the padding.
    let text = |p: &Pair| {
        let key = out.get(p.key..p.value)?;
        let (header, rest) = key.split_first_chunk::<4>()?;
        let (len, rest) = rest.split_first_chunk::<4>()?;
        (*header == [4, 0, 0, 0]).then_some(())?;
        rest.get(..u32::from_le_bytes(*len) as usize)
    };
    let mut previous: Option<&[u8]> = None;
    for p in pairs {
        let Some(key) = text(p) else {
            return false;
        };
        if previous.is_some_and(|before| !less(before, key)) {
            return false;
        }
        previous = Some(key);
    }
    true
}

/// `a < b` by bytes, inline: keys are short, where a call to `memcmp` costs more than
/// the comparison.
#[inline]
fn less(a: &[u8], b: &[u8]) -> bool {
    for (x, y) in a.iter().zip(b) {
        if x != y {
            return x < y;
        }
    }
    a.len() < b.len()
}

fn small_has_duplicates(out: &[u8], pairs: &[Pair], dialect: Dialect) -> bool {
    pairs.iter().enumerate().any(|(i, p)| {
        let k = key_of(out, p, dialect);
        k != Norm::Never
            && pairs
                .get(..i)
                .unwrap_or_default()
                .iter()
                .any(|q| key_of(out, q, dialect) == k)
    })
}

/// The declared type of a typed container's elements (or keys, or values).
#[derive(Clone, Copy, Debug)]
pub(super) enum Check {
    Builtin(VariantType),
    /// A class or script: objects and null.
    Object,
}

impl Check {
    pub(super) fn new(t: ContainerType<&str>) -> Option<Check> {
        match t {
            ContainerType::Untyped => None,
            ContainerType::Builtin(VariantType::Object) => Some(Check::Object),
            ContainerType::Builtin(ty) => Some(Check::Builtin(ty)),
            ContainerType::ClassName(_) | ContainerType::Script(_) => Some(Check::Object),
        }
    }
}

/// The value the parser wrote at `out[at..]` (a child of the container being checked).
fn written(out: &[u8], at: usize, dialect: Dialect) -> Option<VariantRef<'_>> {
    out.get(at..)
        .and_then(|b| VariantRef::parse(b, dialect).ok())
}

/// Does Pandemonium's typed array take the value at `out[at..]` (`push_back`, which the
/// text parser turns into an error when it refuses)? Only its own type (objects and null
/// for an object type). A PackedTypedArray stores floats as `real_t`: a float element is
/// narrowed to f32 in place.
pub(super) fn take_typed(
    out: &mut Vec<u8>,
    at: usize,
    check: Check,
    packed: bool,
    dialect: Dialect,
) -> bool {
    let Some(value) = written(out, at, dialect) else {
        return false;
    };
    let have = value.ty();
    match check {
        Check::Object => matches!(have, VariantType::Object | VariantType::Nil),
        Check::Builtin(want) if want != have => false,
        Check::Builtin(VariantType::Float) if packed => {
            let narrow = f64::from(f32_of(value.as_float().unwrap_or(0.0)));
            out.truncate(at);
            Builder::new(out, dialect).float(narrow).is_ok()
        }
        Check::Builtin(_) => true,
    }
}

/// Converts the value at `out[at..]` to `check`'s type as the engine's typed `assign` does
/// (strict conversions: int and float, bool to number, int to bool, String and
/// StringName, String to NodePath); false when it cannot (the container ends empty).
pub(super) fn coerce(out: &mut Vec<u8>, at: usize, check: Check, dialect: Dialect) -> bool {
    let Some(value) = written(out, at, dialect) else {
        return false;
    };
    let have = value.ty();
    let want = match check {
        Check::Object => return matches!(have, VariantType::Object | VariantType::Nil),
        Check::Builtin(want) if want == have => return true,
        Check::Builtin(want) => want,
    };
    use VariantType as T;
    let text: Option<alloc::string::String> = value.as_str().map(alloc::string::String::from);
    let int = value.as_int();
    let float = value.as_float();
    let boolean = value.as_bool();
    out.truncate(at);
    let b = Builder::new(out, dialect);
    let written = match (want, have) {
        (T::Int, T::Float) => b.int(i64_of(float.unwrap_or(0.0))),
        (T::Int, T::Bool) => b.int(i64::from(boolean.unwrap_or(false))),
        (T::Float, T::Int) => b.float(int.unwrap_or(0) as f64),
        (T::Float, T::Bool) => b.float(f64::from(u8::from(boolean.unwrap_or(false)))),
        (T::Bool, T::Int) => b.bool(int.unwrap_or(0) != 0),
        (T::String, T::StringName) => b.string(text.as_deref().unwrap_or_default()),
        (T::StringName, T::String) => b.string_name(text.as_deref().unwrap_or_default()),
        (T::NodePath, T::String) => b.node_path_str(text.as_deref().unwrap_or_default()),
        _ => return false,
    };
    written.is_ok()
}
