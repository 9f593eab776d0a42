//! Typed containers in the text form: Godot 4's `Array[T]([…])` and
//! `Dictionary[K, V]({…})` (their type a builtin, a class, or with resource references
//! a script by its `ExtResource` id) and Pandemonium's `TypedArray( type , … )`.

use super::*;

impl<'t, 'o> Parser<'t, 'o> {
    /// `Array[T]([` or `Dictionary[K, V]({`, after the first `[`.
    /// After Pandemonium's `TypedArray` / `PackedTypedArray`: `( )`, `( type )` or
    /// `( type , elements… )`, as the engine's `_parse_typed_array` reads them. The type is
    /// a type name of the era, `EncodedObjectAsID` (objects as ids, as printed) or a class;
    /// `()` leaves it Nil. True: the frame is open (elements follow).
    pub(super) fn pandemonium_typed(&mut self, ty: VariantType) -> Result<bool, TextError> {
        self.expect(b'(', "'('")?;
        let element = match self.lex.next()? {
            Token::Punct(b')') => None,
            Token::Ident(name) => Some(name),
            Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => {
                return Err(self
                    .lex
                    .error(TextErrorKind::Expected("a type name or ')'")))
            }
        };
        let dialect = self.dialect;
        let t = match element {
            None => ContainerType::Builtin(VariantType::Nil),
            Some("EncodedObjectAsID") => ContainerType::Builtin(VariantType::Object),
            Some(name) => VariantType::ALL
                .into_iter()
                .find(|t| t.id(dialect).is_some() && t.name(dialect) == name)
                .map_or(ContainerType::ClassName(name), ContainerType::Builtin),
        };
        self.open(Kind::Typed(ty), &[t], None)?;
        if let Some(top) = self.stack.last_mut() {
            // These take elements of their type only (see `child_done`), and their `)`
            // is their own closer, not one after it.
            top.value_type = Check::new(t);
            top.paren = false;
        }
        let Some(_) = element else {
            self.close()?;
            return Ok(false);
        };
        match self.lex.next()? {
            Token::Punct(b',') => {}
            Token::Punct(b')') => {
                self.close()?;
                return Ok(false);
            }
            Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => return Err(self.lex.error(TextErrorKind::Expected("',' or ')'"))),
        }
        // The elements (or `)` at once) follow.
        Ok(true)
    }

    pub(super) fn typed(&mut self, dictionary: bool) -> Result<(), TextError> {
        let mut names: [Option<&'t str>; 2] = [None, None];
        let mut scripts: [Option<alloc::string::String>; 2] = [None, None];
        for (i, slot) in names
            .iter_mut()
            .enumerate()
            .take(if dictionary { 2 } else { 1 })
        {
            match self.lex.next()? {
                Token::Ident("Resource") => {
                    let next = self.lex.next()?;
                    if next.is_punct(b'(') {
                        let Token::Str { raw, escaped } = self.lex.next()? else {
                            return Err(self.lex.error(TextErrorKind::BadArgument("a string")));
                        };
                        if let Some(s) = scripts.get_mut(i) {
                            *s = Some(self.lex.text(raw, escaped).into());
                        }
                        self.expect(b')', "')'")?;
                    } else {
                        self.lex.unread(next);
                        *slot = Some("Resource");
                    }
                }
                Token::Ident("ExtResource") if self.options.resource_refs => {
                    // A script of the file's `[ext_resource]`s, by id: its path.
                    let path = self.ext_script()?;
                    if let Some(s) = scripts.get_mut(i) {
                        *s = Some(path);
                    }
                }
                Token::Ident(name) => *slot = Some(name),
                Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
                _ => return Err(self.lex.error(TextErrorKind::Expected("a type name"))),
            }
            if dictionary && i == 0 {
                self.expect(b',', "',' after the key type")?;
            }
        }
        self.expect(b']', "']'")?;
        self.expect(b'(', "'('")?;
        let (kind, bracket) = if dictionary {
            (Kind::Dict, b'{')
        } else {
            (Kind::Array, b'[')
        };
        self.expect(bracket, if dictionary { "'{'" } else { "'['" })?;
        fn slot_type<'s>(name: Option<&'s str>, script: Option<&'s str>) -> ContainerType<&'s str> {
            match (name, script) {
                (_, Some(path)) => ContainerType::Script(path),
                (Some("Variant") | None, None) => ContainerType::Untyped,
                (Some(name), None) => match builtin_type(name) {
                    Some(t) => ContainerType::Builtin(t),
                    None => ContainerType::ClassName(name),
                },
            }
        }
        let s0 = scripts[0].take();
        let s1 = scripts[1].take();
        let t0 = slot_type(names[0], s0.as_deref());
        let t1 = slot_type(names[1], s1.as_deref());
        let types: &[ContainerType<&str>] = if dictionary { &[t0, t1] } else { &[t0] };
        self.open(kind, types, None)?;
        if let Some(top) = self.stack.last_mut() {
            top.paren = true;
        }
        Ok(())
    }

    /// `(id)` after `ExtResource` in a typed container's type: the path of the
    /// `[ext_resource]` of that id (a string, or an int as Godot 4 reads old files).
    fn ext_script(&mut self) -> Result<alloc::string::String, TextError> {
        self.expect(b'(', "'('")?;
        let id: alloc::string::String = match self.lex.next()? {
            Token::Str { raw, escaped } => self.lex.text(raw, escaped).into(),
            Token::Int(n) => alloc::format!("{n}"),
            Token::Eof => return Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => return Err(self.lex.error(TextErrorKind::BadArgument("a resource id"))),
        };
        let path = self
            .ext
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, p)| p.clone());
        let path = path.ok_or_else(|| {
            self.lex.error(TextErrorKind::BadArgument(
                "the id of an [ext_resource] above",
            ))
        })?;
        self.expect(b')', "')'")?;
        Ok(path)
    }
}
