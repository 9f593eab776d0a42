//! The template's side of the plain reader: does the JSON at a place fit a given type, and
//! if so, the value written as that type (a leaf, or a container's header and frame).
//! Nothing is written unless the whole value fits (a container: its shape, here; its
//! children are matched one by one later).

use alloc::string::String;

use super::emit::{Emitter, Shape, Tpl};
use super::lookup::Lookup;
use super::tape::{self, Kind, Tok};
use super::write::{dict_form, DictForm};
use crate::format::json::reader::error::{build_fail, Res};
use crate::format::json::reader::lex::{Lexer, Number};
use crate::read::object::ObjectRef;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::narrow::{f32_of, i64_of, u64_bits};
use crate::wire::types::{Component, Element, Layout, VariantType};
use crate::write::Builder;

/// `"nan"`, `"inf"`, `"-inf"`: the floats JSON has no number for.
fn special(text: &str) -> Option<f64> {
    match text {
        "nan" => Some(f64::NAN),
        "inf" => Some(f64::INFINITY),
        "-inf" => Some(f64::NEG_INFINITY),
        _ => None,
    }
}

/// The integer a number is, if it is one within i64 (`10`, also `10.0` and `1e3`).
fn integral(n: &Number<'_>) -> Option<i64> {
    if !n.fraction {
        return n.i64().ok();
    }
    let x = n.f64().ok()?;
    // 2^63 is exact: below it, and at or above -2^63, the cast is exact.
    (x.fract() == 0.0 && (-9.223_372_036_854_776e18..9.223_372_036_854_776e18).contains(&x))
        .then_some(i64_of(x))
}

/// An object or RID id: written as GDScript sees it (`get_instance_id()`, a signed int),
/// also read in the tagged form's unsigned spelling.
fn id(n: &Number<'_>) -> Option<u64> {
    n.i64().ok().map(u64_bits).or_else(|| n.u64().ok())
}

/// A float component: a number, or a special string.
enum Real<'j> {
    Num(Number<'j>),
    Special(f64),
}

impl Real<'_> {
    fn f64(&self) -> Res<f64> {
        match self {
            Real::Num(n) => n.f64(),
            Real::Special(x) => Ok(*x),
        }
    }

    /// Rounded once, from the decimal text, to f32.
    fn f32(&self) -> f32 {
        match self {
            Real::Num(n) => n.text.parse().unwrap_or(f32::NAN),
            Real::Special(x) => f32_of(*x),
        }
    }
}

/// Token `t` as a float component, if it is one.
fn real<'j>(lx: &mut Lexer<'j>, t: Tok) -> Res<Option<Real<'j>>> {
    lx.set_pos(t.at);
    Ok(match t.kind {
        Kind::Num => Some(Real::Num(lx.number()?)),
        Kind::Str => special(lx.string()?).map(Real::Special),
        _ => None,
    })
}

/// Token `t` as an integer within `range`, if it is one.
fn int_in(lx: &mut Lexer<'_>, t: Tok, range: core::ops::RangeInclusive<i64>) -> Res<Option<i64>> {
    if t.kind != Kind::Num {
        return Ok(None);
    }
    lx.set_pos(t.at);
    Ok(integral(&lx.number()?).filter(|n| range.contains(n)))
}

const I32: core::ops::RangeInclusive<i64> = i32::MIN as i64..=i32::MAX as i64;

impl<'t> Emitter<'_, 't, '_> {
    /// The child tokens of container token `i`.
    fn children(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let end = self.tok(i).end as usize;
        core::iter::successors(Some(i + 1), move |&j| Some(tape::next(self.tape, j)))
            .take_while(move |&j| j < end)
    }

    /// The entries of object token `i`: (key text, value token).
    fn entries(&mut self, i: usize) -> Res<alloc::vec::Vec<(String, usize)>> {
        let (end, mut k) = (self.tok(i).end as usize, i + 1);
        let mut entries = alloc::vec::Vec::new();
        while k < end {
            self.lx.set_pos(self.tok(k).at);
            entries.push((String::from(self.lx.string()?), k + 1));
            k = tape::next(self.tape, k + 1);
        }
        Ok(entries)
    }

    /// Writes token `i` as a value of type `ty` (with `like`'s details: double precision,
    /// container types, Dictionary keys, Object properties) if it fits; false if it does
    /// not, and then nothing was written.
    pub(super) fn try_as(
        &mut self,
        i: usize,
        ty: VariantType,
        like: Option<VariantRef<'t>>,
    ) -> Res<bool> {
        use VariantType as T;
        let t = self.tok(i);
        self.lx.set_pos(t.at);
        let b = Builder::new(&mut *self.out, self.dialect);
        let built = match (t.kind, ty) {
            (Kind::Null, T::Nil) => b.nil(),
            (Kind::True | Kind::False, T::Bool) => b.bool(t.kind == Kind::True),
            (Kind::Num, T::Int) => match integral(&self.lx.number()?) {
                Some(n) => b.int(n),
                None => return Ok(false),
            },
            (Kind::Num, T::Float) => b.float(self.lx.number()?.f64()?),
            (Kind::Num, T::Rid) => match id(&self.lx.number()?) {
                Some(id) => b.rid(id),
                None => return Ok(false),
            },
            (Kind::Str, T::Float) => match special(self.lx.string()?) {
                Some(x) => b.float(x),
                None => return Ok(false),
            },
            (Kind::Str, T::String) => b.string(self.lx.string()?),
            (Kind::Str, T::StringName) => b.string_name(self.lx.string()?),
            (Kind::Str, T::NodePath) => b.node_path_str(self.lx.string()?),
            (Kind::Null, T::Callable) => b.callable(),
            // A null object written whole (an empty class) stays so; the engine writes NIL.
            (Kind::Null, T::Object) => match like.and_then(|v| v.as_object()) {
                Some(ObjectRef::Null) => b.object_null_whole(),
                _ => b.object_null(),
            },
            (Kind::Obj, T::Object) => return self.object(i, like),
            (Kind::Obj, T::Signal) => return self.signal(i),
            (Kind::Obj, T::Dictionary) => return self.dictionary(i, like).map(|()| true),
            (Kind::Arr, T::Dictionary) => return self.pairs(i, like),
            (Kind::Arr, T::Array | T::TypedArray | T::PackedTypedArray) => {
                return self.array(i, ty, like)
            }
            (Kind::Arr, _) => match ty.layout() {
                Layout::Math(n, c) => return self.math(i, ty, n, c, like),
                Layout::Packed(e) => return self.packed(i, ty, e, like),
                _ => return Ok(false),
            },
            _ => return Ok(false),
        };
        built.map_err(|e| build_fail(e, t.at))?;
        Ok(true)
    }

    /// `{"id": n}` (an object written as its id) or `{"class": …, "properties": {…}}` (in
    /// either order): an Object.
    fn object(&mut self, i: usize, like: Option<VariantRef<'t>>) -> Res<bool> {
        let t = self.tok(i);
        if t.len == 0 || t.len > 2 {
            return Ok(false);
        }
        let entries = self.entries(i)?;
        let tape = self.tape;
        let kind = |key: &str| {
            entries
                .iter()
                .find(|(k, _)| k == key)
                .map(|&(_, v)| (v, tape.get(v).copied().unwrap_or(Tok::NONE)))
        };
        if let (1, Some((_, id))) = (t.len, kind("id")) {
            if id.kind != Kind::Num {
                return Ok(false);
            }
            self.lx.set_pos(id.at);
            let Some(id) = self::id(&self.lx.number()?) else {
                return Ok(false);
            };
            let b = Builder::new(&mut *self.out, self.dialect);
            b.object_id(id).map_err(|e| build_fail(e, t.at))?;
            return Ok(true);
        }
        let (Some((_, class)), Some((props, p))) = (kind("class"), kind("properties")) else {
            return Ok(false);
        };
        if class.kind != Kind::Str || p.kind != Kind::Obj {
            return Ok(false);
        }
        self.lx.set_pos(class.at);
        let class = String::from(self.lx.string()?);
        let tpl = Tpl::Entries {
            lookup: match like.and_then(|v| v.as_object()) {
                Some(ObjectRef::Full(object)) => Some(Lookup::props(object)),
                _ => None,
            },
            form: DictForm::Strings,
            key: ContainerType::Untyped,
            value: ContainerType::Untyped,
        };
        self.open(
            props,
            Shape::Props,
            VariantType::Object,
            &[],
            Some(&class),
            tpl,
        )?;
        Ok(true)
    }

    /// `{"name": …, "object": id}`, in either order: a Signal.
    fn signal(&mut self, i: usize) -> Res<bool> {
        let t = self.tok(i);
        if t.len != 2 {
            return Ok(false);
        }
        let entries = self.entries(i)?;
        let get = |key: &str| entries.iter().find(|(k, _)| k == key).map(|&(_, v)| v);
        let (Some(name), Some(object)) = (get("name"), get("object")) else {
            return Ok(false);
        };
        let (name, object) = (self.tok(name), self.tok(object));
        if name.kind != Kind::Str || object.kind != Kind::Num {
            return Ok(false);
        }
        self.lx.set_pos(object.at);
        let Some(id) = id(&self.lx.number()?) else {
            return Ok(false);
        };
        self.lx.set_pos(name.at);
        let b = Builder::new(&mut *self.out, self.dialect);
        b.signal(self.lx.string()?, id)
            .map_err(|e| build_fail(e, t.at))?;
        Ok(true)
    }

    /// A JSON object: a Dictionary with `like`'s types, keys found by their text.
    fn dictionary(&mut self, i: usize, like: Option<VariantRef<'t>>) -> Res<()> {
        let dict = like.and_then(|v| v.as_dictionary());
        let (key, value) = dict.map_or_else(Default::default, |d| (d.key_type(), d.value_type()));
        let form = dict.map_or(DictForm::Strings, |d| dict_form(&d));
        let lookup = dict.filter(|_| form != DictForm::Pairs).map(Lookup::dict);
        let types = [key.as_deref(), value.as_deref()];
        let tpl = Tpl::Entries {
            lookup,
            form,
            key,
            value,
        };
        self.open(i, Shape::Dict, VariantType::Dictionary, &types, None, tpl)
    }

    /// A JSON array of `[key, value]` arrays where `like` is a Dictionary written as
    /// pairs: that Dictionary, pair `i` like entry `i`.
    fn pairs(&mut self, i: usize, like: Option<VariantRef<'t>>) -> Res<bool> {
        let Some(dict) = like.and_then(|v| v.as_dictionary()) else {
            return Ok(false);
        };
        let pairs = self.children(i).all(|p| {
            matches!(
                self.tok(p),
                Tok {
                    kind: Kind::Arr,
                    len: 2,
                    ..
                }
            )
        });
        if !pairs || dict_form(&dict) != DictForm::Pairs {
            return Ok(false);
        }
        let (key, value) = (dict.key_type(), dict.value_type());
        let types = [key.as_deref(), value.as_deref()];
        let tpl = Tpl::Pairs {
            entries: dict.iter(),
            key,
            value,
        };
        self.open(i, Shape::Pairs, VariantType::Dictionary, &types, None, tpl)?;
        Ok(true)
    }

    /// A JSON array as an Array of type `ty` (typed as `like` is), elements like `like`'s.
    fn array(&mut self, i: usize, ty: VariantType, like: Option<VariantRef<'t>>) -> Res<bool> {
        let array = like.and_then(|v| v.as_array());
        if ty != VariantType::Array && array.is_none() {
            // Pandemonium's typed arrays: their element type comes from the template.
            return Ok(false);
        }
        let decl = array.map_or(ContainerType::Untyped, |a| a.element_type());
        let types = [decl.as_deref()];
        let tpl = Tpl::Items {
            items: array.map(|a| a.iter()),
            decl,
        };
        self.open(i, Shape::Array, ty, &types, None, tpl)?;
        Ok(true)
    }

    /// A JSON array of exactly `n` components: a math value (f64 if `like` is).
    fn math(
        &mut self,
        i: usize,
        ty: VariantType,
        n: u8,
        component: Component,
        like: Option<VariantRef<'t>>,
    ) -> Res<bool> {
        let t = self.tok(i);
        if t.len != u32::from(n) || n > 16 {
            return Ok(false);
        }
        let double = component == Component::Real && like.is_some_and(|v| v.is_double());
        let (mut ints, mut f32s, mut f64s) = ([0i32; 16], [0f32; 16], [0f64; 16]);
        // Components are leaves: the tokens right after the array's.
        for k in 0..usize::from(n) {
            let c = self.tok(i + 1 + k);
            if component == Component::I32 {
                match int_in(&mut self.lx, c, I32)? {
                    Some(x) => {
                        if let Some(slot) = ints.get_mut(k) {
                            // `int_in(…, I32)` gave an int within i32.
                            *slot = i32::try_from(x).unwrap_or_default();
                        }
                    }
                    None => return Ok(false),
                }
                continue;
            }
            let Some(x) = real(&mut self.lx, c)? else {
                return Ok(false);
            };
            if let (true, Some(slot)) = (double, f64s.get_mut(k)) {
                *slot = x.f64()?;
            } else if let Some(slot) = f32s.get_mut(k) {
                *slot = x.f32();
            }
        }
        let n = usize::from(n);
        let b = Builder::new(&mut *self.out, self.dialect);
        let built = match (component, double) {
            (Component::I32, _) => b.math_i32(ty, ints.get(..n).unwrap_or(&[])),
            (_, true) => b.math_f64(ty, f64s.get(..n).unwrap_or(&[])),
            (_, false) => b.math(ty, f32s.get(..n).unwrap_or(&[])),
        };
        built.map_err(|e| build_fail(e, t.at))?;
        Ok(true)
    }

    /// A JSON array whose every element fits `element`: a packed array (f64 vectors if
    /// `like` is). The elements are gathered first, as little-endian bytes.
    fn packed(
        &mut self,
        i: usize,
        ty: VariantType,
        element: Element,
        like: Option<VariantRef<'t>>,
    ) -> Res<bool> {
        let t = self.tok(i);
        let double = matches!(element, Element::Real(_)) && like.is_some_and(|v| v.is_double());
        self.scratch.clear();
        self.texts.clear();
        self.ranges.clear();
        let (end, mut ci) = (t.end as usize, i + 1);
        while ci < end {
            let c = self.tok(ci);
            let fits = match element {
                Element::U8 => self.ints(c, 0..=255, 1)?,
                Element::I32 => self.ints(c, I32, 4)?,
                Element::I64 => self.ints(c, i64::MIN..=i64::MAX, 8)?,
                Element::F32 => self.reals(c, false)?,
                Element::F64 => self.reals(c, true)?,
                Element::Str if c.kind == Kind::Str => {
                    self.lx.set_pos(c.at);
                    let text = self.lx.string()?;
                    let start = self.texts.len();
                    self.texts.push_str(text);
                    self.ranges.push((start, self.texts.len()));
                    true
                }
                Element::Str => false,
                Element::Real(n) | Element::I32s(n)
                    if c.kind != Kind::Arr || c.len != u32::from(n) =>
                {
                    false
                }
                Element::Color if c.kind != Kind::Arr || c.len != 4 => false,
                Element::Real(_) | Element::Color | Element::I32s(_) => {
                    // The element's components: leaves right after it.
                    let wide = double && element != Element::Color;
                    let mut all = true;
                    for p in ci + 1..(c.end as usize) {
                        let p = self.tok(p);
                        all = all
                            && match element {
                                Element::I32s(_) => self.ints(p, I32, 4)?,
                                _ => self.reals(p, wide)?,
                            };
                    }
                    all
                }
            };
            if !fits {
                return Ok(false);
            }
            ci = tape::next(self.tape, ci);
        }
        let b = Builder::new(&mut *self.out, self.dialect);
        let built = if element == Element::Str {
            let texts = &self.texts;
            b.packed_strings(
                self.ranges
                    .iter()
                    .map(|&(s, e)| texts.get(s..e).unwrap_or("")),
            )
        } else {
            b.packed_le_bytes(ty, double, &self.scratch)
        };
        built.map_err(|e| build_fail(e, t.at))?;
        Ok(true)
    }

    /// Appends token `c` as an integer in `range` of `size` little-endian bytes; false if
    /// it is not one.
    fn ints(&mut self, c: Tok, range: core::ops::RangeInclusive<i64>, size: usize) -> Res<bool> {
        let Some(n) = int_in(&mut self.lx, c, range)? else {
            return Ok(false);
        };
        let bytes = n.to_le_bytes();
        self.scratch
            .extend_from_slice(bytes.get(..size).unwrap_or(&bytes));
        Ok(true)
    }

    /// Appends token `c` as an f32 (or, `wide`, f64) component; false if it is not one.
    fn reals(&mut self, c: Tok, wide: bool) -> Res<bool> {
        let Some(x) = real(&mut self.lx, c)? else {
            return Ok(false);
        };
        if wide {
            self.scratch.extend_from_slice(&x.f64()?.to_le_bytes());
        } else {
            self.scratch.extend_from_slice(&x.f32().to_le_bytes());
        }
        Ok(true)
    }
}
