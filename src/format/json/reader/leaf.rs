//! The values of type keys that hold no other values: `float`'s forms, StringName,
//! NodePath, math values, RID, Callable, Signal and the packed arrays. Each is read into
//! scratch buffers and written through the builder when its object closes, because a
//! `"double": true` may follow the data.

use alloc::string::String;
use alloc::vec::Vec;

use super::error::{build_fail, fail, JsonErrorKind as K, Res};
use super::lex::{Lexer, AN_INTEGER, A_STRING};
use crate::wire::types::{Component, Layout, VariantType};
use crate::write::{BuildError, Builder};

/// Buffers reused from value to value; they grow to the largest packed array read.
#[derive(Default)]
pub(super) struct Scratch {
    /// A StringName, NodePath or Signal name.
    text: String,
    /// PackedStringArray items, back to back, and where each is.
    texts: String,
    ranges: Vec<(usize, usize)>,
    bytes: Vec<u8>,
    i32s: Vec<i32>,
    i64s: Vec<i64>,
    f32s: Vec<f32>,
    f64s: Vec<f64>,
}

/// One component of a float-based math value, converted once its precision is known.
#[derive(Clone, Copy, Debug)]
pub(super) enum Comp<'j> {
    /// A number's text and offset.
    Num(&'j str, usize),
    Nan,
    Inf,
    NegInf,
    /// An integer vector's component.
    Int(i32),
}

impl Comp<'_> {
    fn f64(self) -> Res<f64> {
        match self {
            Comp::Num(text, at) => text.parse().map_err(|_| fail(K::InvalidNumber, at)),
            Comp::Nan => Ok(f64::NAN),
            Comp::Inf => Ok(f64::INFINITY),
            Comp::NegInf => Ok(f64::NEG_INFINITY),
            Comp::Int(n) => Ok(f64::from(n)),
        }
    }

    fn f32(self) -> Res<f32> {
        match self {
            Comp::Num(text, at) => text.parse().map_err(|_| fail(K::InvalidNumber, at)),
            Comp::Nan => Ok(f32::NAN),
            Comp::Inf => Ok(f32::INFINITY),
            Comp::NegInf => Ok(f32::NEG_INFINITY),
            Comp::Int(n) => Ok(n as f32),
        }
    }
}

/// A value read, waiting for the end of its object to be written. A short-lived local
/// (never nested, never stored), so the size of the math variant does not matter.
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub(super) enum Leaf<'j> {
    Float(f64),
    /// A StringName or NodePath, in `Scratch::text`.
    Text(VariantType),
    Math {
        ty: VariantType,
        comps: [Comp<'j>; 16],
    },
    Rid(u64),
    Callable,
    /// The object id; the name is in `Scratch::text`.
    Signal(u64),
    /// A packed array of type `ty` other than the vector arrays, in its scratch buffer.
    Packed(VariantType),
    /// A packed vector array: its list starts at `list_at`; `wide` when it was read as f64.
    Vectors {
        ty: VariantType,
        list_at: usize,
        wide: bool,
    },
}

/// What a float component may be.
const A_FLOAT: &str = "a number, \"nan\", \"inf\" or \"-inf\"";
/// The list of a math value or packed array.
const A_LIST: &str = "a list";

/// `[item, …]`: calls `item` for each element, returns their number.
#[inline]
fn list<'j>(lx: &mut Lexer<'j>, mut item: impl FnMut(&mut Lexer<'j>) -> Res<()>) -> Res<usize> {
    if lx.peek() != Some(b'[') {
        return Err(lx.wrong(A_LIST));
    }
    lx.bump();
    if lx.eat(b']') {
        return Ok(0);
    }
    let mut n = 0usize;
    loop {
        item(lx)?;
        n += 1;
        if !lx.comma_or(b']', "',' or ']'")? {
            return Ok(n);
        }
    }
}

/// A float component: a number, or `"nan"`, `"inf"`, `"-inf"`.
#[inline]
fn comp<'j>(lx: &mut Lexer<'j>) -> Res<Comp<'j>> {
    match lx.peek() {
        Some(b'-' | b'0'..=b'9') => {
            let n = lx.number()?;
            Ok(Comp::Num(n.text, n.at))
        }
        Some(b'"') => {
            let at = lx.pos();
            match lx.string()? {
                "nan" => Ok(Comp::Nan),
                "inf" => Ok(Comp::Inf),
                "-inf" => Ok(Comp::NegInf),
                _ => Err(fail(K::WrongType { expected: A_FLOAT }, at)),
            }
        }
        _ => Err(lx.wrong(A_FLOAT)),
    }
}

/// `{"float": …}`: `"nan"`, `"inf"`, `"-inf"`, or a number.
fn float(lx: &mut Lexer<'_>) -> Res<Leaf<'static>> {
    comp(lx)?.f64().map(Leaf::Float)
}

/// Reads the value of type key `ty` (a type that holds no values; its `:` consumed).
/// `wide`: a `"double": true` came before, so packed vectors are read as f64.
pub(super) fn read<'j>(
    lx: &mut Lexer<'j>,
    s: &mut Scratch,
    ty: VariantType,
    wide: bool,
) -> Res<Leaf<'j>> {
    use VariantType as T;
    let at = lx.skip_ws();
    Ok(match ty {
        T::Float => float(lx)?,
        T::StringName | T::NodePath => {
            let text = lx.string_as(A_STRING)?;
            s.text.clear();
            s.text.push_str(text);
            Leaf::Text(ty)
        }
        T::Rid => Leaf::Rid(lx.number_as(AN_INTEGER)?.u64()?),
        T::Callable => {
            lx.literal("null")?;
            Leaf::Callable
        }
        T::Signal => signal(lx, s)?,
        T::PackedByteArray => {
            base64(lx, s)?;
            Leaf::Packed(ty)
        }
        T::PackedInt32Array => {
            s.i32s.clear();
            list(lx, |lx| {
                s.i32s.push(lx.number_as(AN_INTEGER)?.i32()?);
                Ok(())
            })?;
            Leaf::Packed(ty)
        }
        T::PackedInt64Array => {
            s.i64s.clear();
            list(lx, |lx| {
                s.i64s.push(lx.number_as(AN_INTEGER)?.i64()?);
                Ok(())
            })?;
            Leaf::Packed(ty)
        }
        T::PackedFloat32Array => {
            s.f32s.clear();
            list(lx, |lx| {
                s.f32s.push(comp(lx)?.f32()?);
                Ok(())
            })?;
            Leaf::Packed(ty)
        }
        T::PackedFloat64Array => {
            s.f64s.clear();
            list(lx, |lx| {
                s.f64s.push(comp(lx)?.f64()?);
                Ok(())
            })?;
            Leaf::Packed(ty)
        }
        T::PackedStringArray => {
            s.texts.clear();
            s.ranges.clear();
            list(lx, |lx| {
                let text = lx.string_as(A_STRING)?;
                let start = s.texts.len();
                s.texts.push_str(text);
                s.ranges.push((start, s.texts.len()));
                Ok(())
            })?;
            Leaf::Packed(ty)
        }
        T::PackedColorArray => {
            vectors(lx, s, ty, false)?;
            Leaf::Packed(ty)
        }
        T::PackedVector2iArray | T::PackedVector3iArray | T::PackedVector4iArray => {
            int_vectors(lx, s, ty)?;
            Leaf::Packed(ty)
        }
        T::PackedVector2Array | T::PackedVector3Array | T::PackedVector4Array => {
            vectors(lx, s, ty, wide)?;
            Leaf::Vectors {
                ty,
                list_at: at,
                wide,
            }
        }
        _ => math(lx, ty)?,
    })
}

/// Components per element of a packed vector array (float or integer) or color array.
fn per_element(ty: VariantType) -> usize {
    match ty {
        VariantType::PackedVector2Array | VariantType::PackedVector2iArray => 2,
        VariantType::PackedVector3Array | VariantType::PackedVector3iArray => 3,
        _ => 4,
    }
}

/// `[[x, y, …], …]`: each element a list of [`per_element`] components, each read by
/// `component`; a list of another length is `ComponentCount` at its `[`.
fn elements(
    lx: &mut Lexer<'_>,
    ty: VariantType,
    mut component: impl FnMut(&mut Lexer<'_>) -> Res<()>,
) -> Res<()> {
    let per = per_element(ty);
    list(lx, |lx| {
        let at = lx.skip_ws();
        let got = list(lx, &mut component)?;
        if got != per {
            return Err(fail(
                K::ComponentCount {
                    ty,
                    expected: per,
                    got,
                },
                at,
            ));
        }
        Ok(())
    })
    .map(|_| ())
}

/// `[[x, y, …], …]` into `Scratch::f32s`, or `Scratch::f64s` when `wide`.
fn vectors(lx: &mut Lexer<'_>, s: &mut Scratch, ty: VariantType, wide: bool) -> Res<()> {
    s.f32s.clear();
    s.f64s.clear();
    elements(lx, ty, |lx| {
        let c = comp(lx)?;
        if wide {
            s.f64s.push(c.f64()?);
        } else {
            s.f32s.push(c.f32()?);
        }
        Ok(())
    })
}

/// `[[x, y, …], …]` of integers into `Scratch::i32s`: Pandemonium's integer vector pools.
fn int_vectors(lx: &mut Lexer<'_>, s: &mut Scratch, ty: VariantType) -> Res<()> {
    s.i32s.clear();
    elements(lx, ty, |lx| {
        s.i32s.push(lx.number_as(AN_INTEGER)?.i32()?);
        Ok(())
    })
}

/// A math value's list of components (any math type; the `*i` types take integers).
fn math<'j>(lx: &mut Lexer<'j>, ty: VariantType) -> Res<Leaf<'j>> {
    let at = lx.skip_ws();
    let (expected, integer) = math_shape(ty);
    let mut comps = [Comp::Nan; 16];
    let mut i = 0usize;
    let got = list(lx, |lx| {
        let c = if integer {
            Comp::Int(lx.number_as(AN_INTEGER)?.i32()?)
        } else {
            comp(lx)?
        };
        // Past 16 the count goes on, for the error.
        if let Some(slot) = comps.get_mut(i) {
            *slot = c;
        }
        i += 1;
        Ok(())
    })?;
    if got != expected {
        return Err(fail(K::ComponentCount { ty, expected, got }, at));
    }
    Ok(Leaf::Math { ty, comps })
}

/// A math type's component count and whether they are integers (0 for other types).
fn math_shape(ty: VariantType) -> (usize, bool) {
    match ty.layout() {
        Layout::Math(n, c) => (usize::from(n), c == Component::I32),
        _ => (0, false),
    }
}

/// Writes a math value: i32, f64 (`double`) or f32 components.
fn write_math(
    b: Builder<'_>,
    ty: VariantType,
    comps: &[Comp<'_>; 16],
    double: bool,
) -> Res<Result<(), BuildError>> {
    let (n, integer) = math_shape(ty);
    let comps = comps.get(..n).unwrap_or(&[]);
    if integer {
        let mut v = [0i32; 16];
        for (slot, c) in v.iter_mut().zip(comps) {
            if let Comp::Int(x) = c {
                *slot = *x;
            }
        }
        Ok(b.math_i32(ty, v.get(..n).unwrap_or(&[])))
    } else if double {
        let mut v = [0f64; 16];
        for (slot, c) in v.iter_mut().zip(comps) {
            *slot = c.f64()?;
        }
        Ok(b.math_f64(ty, v.get(..n).unwrap_or(&[])))
    } else {
        let mut v = [0f32; 16];
        for (slot, c) in v.iter_mut().zip(comps) {
            *slot = c.f32()?;
        }
        Ok(b.math(ty, v.get(..n).unwrap_or(&[])))
    }
}

/// `{"name": "…", "object": id}`, keys in any order.
fn signal(lx: &mut Lexer<'_>, s: &mut Scratch) -> Res<Leaf<'static>> {
    if lx.peek() != Some(b'{') {
        return Err(lx.wrong("{\"name\": …, \"object\": …}"));
    }
    lx.bump();
    let (mut name, mut object) = (false, None);
    if !lx.eat(b'}') {
        loop {
            let (key, at) = lx.key()?;
            match key {
                "name" if !name => {
                    let text = lx.string_as(A_STRING)?;
                    s.text.clear();
                    s.text.push_str(text);
                    name = true;
                }
                "object" if object.is_none() => {
                    object = Some(lx.number_as(AN_INTEGER)?.u64()?);
                }
                "name" | "object" => return Err(fail(K::DuplicateKey, at)),
                _ => return Err(fail(K::UnknownKey, at)),
            }
            if !lx.comma_or(b'}', "',' or '}'")? {
                break;
            }
        }
    }
    let close = lx.pos().saturating_sub(1);
    match object {
        _ if !name => Err(fail(K::MissingKey { key: "name" }, close)),
        None => Err(fail(K::MissingKey { key: "object" }, close)),
        Some(id) => Ok(Leaf::Signal(id)),
    }
}

/// Base64 symbol values; 0xFF for anything else.
const DECODE: [u8; 256] = {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut table = [0xFFu8; 256];
    let mut i: u8 = 0;
    while i < 64 {
        #[allow(clippy::indexing_slicing)] // const initializer: checked at build time
        {
            table[alphabet[i as usize] as usize] = i;
        }
        i += 1;
    }
    table
};

/// A PackedByteArray's base64 string into `Scratch::bytes`.
fn base64(lx: &mut Lexer<'_>, s: &mut Scratch) -> Res<()> {
    let at = lx.skip_ws();
    let text = lx.string_as(A_STRING)?;
    let len = text.len();
    let result = decode(text.as_bytes(), &mut s.bytes);
    // An error's offset is that of its character when the string held no escape.
    let plain = lx.pos() == at + len + 2;
    result.map_err(|i| fail(K::InvalidBase64, if plain { at + 1 + i } else { at }))
}

/// Decodes standard padded base64 into `out` (cleared first); the index of the first
/// wrong character on error.
fn decode(text: &[u8], out: &mut Vec<u8>) -> Result<(), usize> {
    out.clear();
    if text.len() % 4 != 0 {
        return Err(text.len() - text.len() % 4);
    }
    out.reserve(text.len() / 4 * 3);
    let value = |b: u8| DECODE.get(usize::from(b)).copied().unwrap_or(0xFF);
    let quads = text.len() / 4;
    for (q, quad) in text.chunks_exact(4).enumerate() {
        let &[a, b, c, d] = quad else { continue };
        let (va, vb, vc, vd) = (value(a), value(b), value(c), value(d));
        let at = q * 4;
        if (va | vb | vc | vd) < 64 {
            let n = u32::from(va) << 18 | u32::from(vb) << 12 | u32::from(vc) << 6 | u32::from(vd);
            let [_, x, y, z] = n.to_be_bytes();
            out.extend_from_slice(&[x, y, z]);
            continue;
        }
        // A symbol out of the alphabet, or padding: only in the last quad, as `xx==` or
        // `xxx=`, with zero bits after the last byte.
        let bad = [va, vb, vc, vd].iter().position(|&v| v >= 64).unwrap_or(0);
        let last = q + 1 == quads;
        let (a_ok, b_ok) = (va < 64, vb < 64);
        match (c, d) {
            (_, b'=') if last && a_ok && b_ok && vc < 64 => {
                if vc & 3 != 0 {
                    return Err(at + 2);
                }
                let n = u32::from(va) << 18 | u32::from(vb) << 12 | u32::from(vc) << 6;
                let [_, x, y, _] = n.to_be_bytes();
                out.extend_from_slice(&[x, y]);
            }
            (b'=', b'=') if last && a_ok && b_ok => {
                if vb & 15 != 0 {
                    return Err(at + 1);
                }
                // va, vb < 64: va << 2 fits a byte.
                out.push((va << 2) | (vb >> 4));
            }
            _ => return Err(at + bad),
        }
    }
    Ok(())
}

/// Writes `leaf` through `b`, with the object's final `double` flag. Packed vectors
/// read as f32 before a `"double": true` are read again, as f64, from `list_at`. A
/// builder error is reported at `at`, the start of the value.
pub(super) fn write(
    lx: &mut Lexer<'_>,
    s: &mut Scratch,
    leaf: Leaf<'_>,
    double: bool,
    b: Builder<'_>,
    at: usize,
) -> Res<()> {
    let result = match leaf {
        Leaf::Float(x) => b.float(x),
        Leaf::Text(VariantType::StringName) => b.string_name(&s.text),
        Leaf::Text(_) => b.node_path_str(&s.text),
        Leaf::Math { ty, comps } => write_math(b, ty, &comps, double)?,
        Leaf::Rid(id) => b.rid(id),
        Leaf::Callable => b.callable(),
        Leaf::Signal(id) => b.signal(&s.text, id),
        Leaf::Packed(ty) => write_packed(b, s, ty),
        Leaf::Vectors { ty, list_at, wide } => {
            if double && !wide {
                let back = lx.pos();
                lx.set_pos(list_at);
                vectors(lx, s, ty, true)?;
                lx.set_pos(back);
            }
            if double {
                match ty {
                    VariantType::PackedVector2Array => {
                        b.packed_from_iter(ty, arrays::<f64, 2>(&s.f64s))
                    }
                    VariantType::PackedVector3Array => {
                        b.packed_from_iter(ty, arrays::<f64, 3>(&s.f64s))
                    }
                    _ => b.packed_from_iter(ty, arrays::<f64, 4>(&s.f64s)),
                }
            } else {
                match ty {
                    VariantType::PackedVector2Array => {
                        b.packed_from_iter(ty, arrays::<f32, 2>(&s.f32s))
                    }
                    VariantType::PackedVector3Array => {
                        b.packed_from_iter(ty, arrays::<f32, 3>(&s.f32s))
                    }
                    _ => b.packed_from_iter(ty, arrays::<f32, 4>(&s.f32s)),
                }
            }
        }
    };
    result.map_err(|e| build_fail(e, at))
}

/// A flat list of components as `N`-component elements.
fn arrays<T: Copy + Default, const N: usize>(
    flat: &[T],
) -> impl ExactSizeIterator<Item = [T; N]> + Clone + '_ {
    flat.chunks_exact(N)
        .map(|c| core::array::from_fn(|i| c.get(i).copied().unwrap_or_default()))
}

/// A packed array other than the vector arrays, from its scratch buffer.
fn write_packed(b: Builder<'_>, s: &Scratch, ty: VariantType) -> Result<(), BuildError> {
    match ty {
        VariantType::PackedByteArray => b.packed_bytes(&s.bytes),
        VariantType::PackedInt32Array => b.packed_i32(&s.i32s),
        VariantType::PackedInt64Array => b.packed_i64(&s.i64s),
        VariantType::PackedFloat32Array => b.packed_f32(&s.f32s),
        VariantType::PackedFloat64Array => b.packed_f64(&s.f64s),
        VariantType::PackedColorArray => b.packed_from_iter(ty, arrays::<f32, 4>(&s.f32s)),
        VariantType::PackedVector2iArray => {
            b.packed_vector2i(&arrays::<i32, 2>(&s.i32s).collect::<Vec<_>>())
        }
        VariantType::PackedVector3iArray => {
            b.packed_vector3i(&arrays::<i32, 3>(&s.i32s).collect::<Vec<_>>())
        }
        VariantType::PackedVector4iArray => {
            b.packed_vector4i(&arrays::<i32, 4>(&s.i32s).collect::<Vec<_>>())
        }
        _ => b.packed_strings(
            s.ranges
                .iter()
                .map(|&(start, end)| s.texts.get(start..end).unwrap_or("")),
        ),
    }
}
