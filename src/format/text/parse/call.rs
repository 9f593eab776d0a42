//! Constructors of the text form that hold no nested values: math types, packed arrays,
//! `NodePath`, `RID`, `Callable`, `Signal`, and the names of the type table with the
//! engines' aliases.

use alloc::string::String;
use alloc::vec::Vec;

use super::lex::Token;
use super::names::keyword_float;
use super::number::Number;
use super::parser::Parser;
use super::{TextError, TextErrorKind};
use crate::format::base64;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::u64_bits;
use crate::wire::types::{Component, Element, Layout, VariantType};
use crate::write::Builder;

impl<'t> Parser<'t, '_> {
    /// After `Name`, expects `(`.
    pub(super) fn open_paren(&mut self) -> Result<(), TextError> {
        self.expect(b'(', "'('")
    }

    /// A number argument (or `inf`, `nan`, `inf_neg`, `-inf`).
    fn number_arg(&mut self, token: Token<'t>, what: &'static str) -> Result<Number, TextError> {
        match token {
            Token::Int(i) => Ok(Number::Int(i)),
            Token::Float(f) => Ok(Number::Float(f)),
            Token::Ident(word) => match keyword_float(word, self.dialect) {
                Some(f) => Ok(Number::Float(f)),
                None => Err(self.lex.error(TextErrorKind::BadArgument(what))),
            },
            Token::Eof => Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => Err(self.lex.error(TextErrorKind::BadArgument(what))),
        }
    }

    /// `n, n, … )` after the `(`: any count, no trailing comma.
    fn numbers(&mut self, into: &mut Vec<Number>) -> Result<(), TextError> {
        let first = self.lex.next()?;
        if first.is_punct(b')') {
            return Ok(());
        }
        let mut token = first;
        loop {
            into.push(self.number_arg(token, "a number")?);
            match self.lex.next()? {
                Token::Punct(b',') => token = self.lex.next()?,
                Token::Punct(b')') => return Ok(()),
                Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
                _ => return Err(self.lex.error(TextErrorKind::Expected("',' or ')'"))),
            }
        }
    }

    /// A math constructor: exactly as many numbers as the type has components.
    pub(super) fn math(&mut self, ty: VariantType, name: &'static str) -> Result<(), TextError> {
        let Layout::Math(n, component) = ty.layout() else {
            return Err(self.lex.error(TextErrorKind::BadArgument("a math type")));
        };
        let mut args = core::mem::take(&mut self.numbers_scratch);
        args.clear();
        let read = self.open_paren().and_then(|()| self.numbers(&mut args));
        let result = read.and_then(|()| {
            if args.len() != usize::from(n) {
                return Err(self.lex.error(TextErrorKind::WrongArgumentCount {
                    name,
                    expected: usize::from(n),
                }));
            }
            let b = Builder::new(&mut *self.out, self.dialect);
            let built = match component {
                Component::I32 => {
                    let c: Vec<i32> = args.iter().map(|a| a.as_i32()).collect();
                    b.math_i32(ty, &c)
                }
                Component::Real | Component::F32 => {
                    let c: Vec<f32> = args.iter().map(|a| a.as_f32()).collect();
                    b.math(ty, &c)
                }
            };
            built.map_err(|e| self.lex.error(TextErrorKind::Build(e)))
        });
        self.numbers_scratch = args;
        result
    }

    /// A packed array constructor.
    pub(super) fn packed(&mut self, ty: VariantType) -> Result<(), TextError> {
        let Layout::Packed(element) = ty.layout() else {
            return Err(self
                .lex
                .error(TextErrorKind::BadArgument("a packed array type")));
        };
        if element == Element::Str {
            return self.packed_strings();
        }
        self.open_paren()?;
        // Base64 byte arrays: Godot 4, and Pandemonium from era B.
        let base64 = matches!(
            self.dialect,
            Dialect::Godot4 | Dialect::PandemoniumB | Dialect::PandemoniumC
        );
        if element == Element::U8 && base64 {
            // Godot 4 also takes one base64 string.
            let token = self.lex.next()?;
            if let Token::Str { raw, escaped } = token {
                let bytes = base64::decode(self.lex.text(raw, escaped).as_bytes())
                    .ok_or_else(|| self.lex.error(TextErrorKind::InvalidBase64))?;
                self.expect(b')', "')'")?;
                return self.build(|b| b.packed_bytes(&bytes));
            }
            self.lex.unread(token);
        }
        let mut args = core::mem::take(&mut self.numbers_scratch);
        args.clear();
        let read = self.numbers(&mut args);
        let result = read.and_then(|()| {
            let f32s = || args.iter().map(|a| a.as_f32());
            // Vector and color arrays drop an incomplete last element, as the engine does.
            let whole = |n: usize| args.len() / n * n;
            match element {
                Element::U8 => {
                    let v: Vec<u8> = args.iter().map(|a| a.as_u8()).collect();
                    self.build(|b| b.packed_bytes(&v))
                }
                Element::I32 => {
                    let v: Vec<i32> = args.iter().map(|a| a.as_i32()).collect();
                    self.build(|b| b.packed_i32(&v))
                }
                Element::I64 => {
                    let v: Vec<i64> = args.iter().map(|a| a.as_i64()).collect();
                    self.build(|b| b.packed_i64(&v))
                }
                Element::F32 => {
                    let v: Vec<f32> = f32s().collect();
                    self.build(|b| b.packed_f32(&v))
                }
                Element::F64 => {
                    let v: Vec<f64> = args.iter().map(|a| a.as_f64()).collect();
                    self.build(|b| b.packed_f64(&v))
                }
                Element::Real(n) => {
                    let v: Vec<f32> = f32s().take(whole(usize::from(n))).collect();
                    match n {
                        2 => {
                            let e: Vec<[f32; 2]> = chunks(&v);
                            self.build(|b| b.packed_vector2(&e))
                        }
                        3 => {
                            let e: Vec<[f32; 3]> = chunks(&v);
                            self.build(|b| b.packed_vector3(&e))
                        }
                        _ => {
                            let e: Vec<[f32; 4]> = chunks(&v);
                            self.build(|b| b.packed_vector4(&e))
                        }
                    }
                }
                Element::Color => {
                    let v: Vec<f32> = f32s().take(whole(4)).collect();
                    let colors: Vec<[f32; 4]> = chunks(&v);
                    self.build(|b| b.packed_color(&colors))
                }
                Element::I32s(n) => {
                    let v: Vec<i32> = args.iter().map(|a| a.as_i32()).collect();
                    let v = v.get(..whole(usize::from(n))).unwrap_or_default();
                    match n {
                        2 => self.build(|b| b.packed_vector2i(&chunks(v))),
                        3 => self.build(|b| b.packed_vector3i(&chunks(v))),
                        _ => self.build(|b| b.packed_vector4i(&chunks(v))),
                    }
                }
                Element::Str => Ok(()),
            }
        });
        self.numbers_scratch = args;
        result
    }

    /// `PackedStringArray("a", "b",)`: strings only, a trailing comma allowed.
    fn packed_strings(&mut self) -> Result<(), TextError> {
        self.open_paren()?;
        let mut items: Vec<String> = Vec::new();
        loop {
            match self.lex.next()? {
                Token::Punct(b')') => break,
                Token::Str { raw, escaped } => items.push(self.lex.text(raw, escaped).into()),
                Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
                _ => return Err(self.lex.error(TextErrorKind::BadArgument("a string"))),
            }
            match self.lex.next()? {
                Token::Punct(b',') => {}
                Token::Punct(b')') => break,
                Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
                _ => return Err(self.lex.error(TextErrorKind::Expected("',' or ')'"))),
            }
        }
        self.build(|b| b.packed_strings(items.iter().map(String::as_str)))
    }

    /// `NodePath("…")`, `RID(n)` / `RID()`, `Callable()`, `Signal()`.
    pub(super) fn special(&mut self, name: &str) -> Result<bool, TextError> {
        match name {
            "NodePath" => {
                self.open_paren()?;
                let Token::Str { raw, escaped } = self.lex.next()? else {
                    return Err(self.lex.error(TextErrorKind::BadArgument("a string")));
                };
                let path: String = self.lex.text(raw, escaped).into();
                self.expect(b')', "')'")?;
                self.build(|b| b.node_path_str(&path))?;
            }
            "RID" => {
                self.open_paren()?;
                let id = match self.lex.next()? {
                    Token::Punct(b')') if self.dialect == Dialect::Godot4 => None,
                    token => {
                        let n = self.number_arg(token, "a number")?;
                        self.expect(b')', "')'")?;
                        Some(n)
                    }
                };
                match (self.dialect, id) {
                    // Godot 3's `RID(n)` is the number itself.
                    (Dialect::Godot3, Some(Number::Int(i))) => self.build(|b| b.int(i))?,
                    (Dialect::Godot3, Some(f)) => self.build(|b| b.float(f.as_f64()))?,
                    (_, id) => {
                        let id = u64_bits(id.map_or(0, |n| n.as_i64()));
                        self.build(|b| b.rid(id))?;
                    }
                }
            }
            "Callable" | "Signal" if self.dialect == Dialect::Godot4 => {
                self.open_paren()?;
                self.expect(b')', "')'")?;
                if name == "Callable" {
                    self.build(|b| b.callable())?;
                } else {
                    self.build(|b| b.signal("", 0))?;
                }
            }
            "ExtResource" | "SubResource" if self.options.resource_refs => {
                self.reference(name)?;
            }
            "Resource" | "ExtResource" | "SubResource" => {
                return Err(self.lex.error(TextErrorKind::Unsupported("Resource")))
            }
            "InputEvent" if self.dialect == Dialect::Godot3 => {
                return Err(self.lex.error(TextErrorKind::Unsupported("InputEvent")))
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

impl Parser<'_, '_> {
    /// `SubResource(id)` / `ExtResource(id)` after the name, with
    /// [`ReadOptions::resource_refs`](crate::text::ReadOptions::resource_refs): the
    /// Object `class` with one property `id`. The engine's token rules: a number (an int
    /// id), or in Godot 4 a string; then `)`.
    fn reference(&mut self, class: &str) -> Result<(), TextError> {
        self.open_paren()?;
        let token = self.lex.next()?;
        let id: Result<i64, String> = match token {
            Token::Int(n) => Ok(n),
            Token::Str { raw, escaped } if self.dialect == Dialect::Godot4 => {
                Err(self.lex.text(raw, escaped).into())
            }
            Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => {
                let what = if self.dialect == Dialect::Godot4 {
                    "a resource id (a string or an int)"
                } else {
                    "a resource id (an int)"
                };
                return Err(self.lex.error(TextErrorKind::BadArgument(what)));
            }
        };
        self.expect(b')', "')'")?;
        let dialect = self.dialect;
        let built = (|| {
            let open = Builder::new(&mut *self.out, dialect).open(
                crate::wire::types::VariantType::Object,
                &[],
                Some(class),
            )?;
            crate::write::put_string(&mut *self.out, b"id")?;
            match &id {
                Ok(n) => Builder::new(&mut *self.out, dialect).int(*n)?,
                Err(s) => Builder::new(&mut *self.out, dialect).string(s)?,
            }
            open.close(&mut *self.out, 1)
        })();
        built.map_err(|e| self.lex.error(TextErrorKind::Build(e)))
    }
}

/// Flat components as elements of `N`.
fn chunks<T: Copy + Default, const N: usize>(v: &[T]) -> Vec<[T; N]> {
    v.chunks_exact(N)
        .map(|c| <[T; N]>::try_from(c).unwrap_or([T::default(); N]))
        .collect()
}
