//! The value grammar, without recursion: open containers and objects are frames on a
//! stack, each written in place (header, placeholder count, children) and its count patched
//! when it closes.

use alloc::vec::Vec;

use super::keys::{self, Check};
use super::lex::{Lexer, Token};
use super::names::{builtin_type, constructor_type, keyword_float};
use super::number::Number;
use super::{TextError, TextErrorKind};
use crate::format::text::options::ReadOptions;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::u64_bits;
use crate::wire::types::{Layout, VariantType};
use crate::write::containers::Open;
use crate::write::{put_string, BuildError, Builder};

mod typed;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Array,
    Dict,
    Object,
    /// Pandemonium's `TypedArray( type , … )` / `PackedTypedArray( … )`: elements must be
    /// of the type (the engine refuses the text otherwise), closed by `)`.
    Typed(VariantType),
}

/// An open container.
struct Frame {
    kind: Kind,
    open: Open,
    /// Where the children start.
    body: usize,
    count: u64,
    /// Dictionary: a key was read, its value comes next.
    want_value: bool,
    /// Where the current child (or key) started.
    child: usize,
    /// Where the current pair's key started (dictionaries), in `keys`.
    pairs_from: usize,
    /// Typed containers: the element (or value) and key types, and `)` after the close.
    value_type: Option<Check>,
    key_type: Option<Check>,
    paren: bool,
    /// An element did not convert to the declared type: the container ends empty.
    failed: bool,
    /// A Godot 4 object's `script` property is being read.
    script: bool,
}

/// A parser's working memory, kept by a caller that reads many values
/// ([`super::read_at`]): its vectors keep their capacity from one value to the next.
#[derive(Default)]
pub(crate) struct Scratch {
    numbers: Vec<Number>,
    stack: Vec<Frame>,
    pairs: Vec<keys::Pair>,
}

pub(crate) struct Parser<'t, 'o> {
    pub(super) lex: Lexer<'t>,
    pub(super) dialect: Dialect,
    pub(super) options: ReadOptions,
    pub(super) out: &'o mut Vec<u8>,
    pub(super) numbers_scratch: Vec<Number>,
    stack: Vec<Frame>,
    /// The pairs of the open dictionaries: (key start, value start, value end).
    pairs: Vec<keys::Pair>,
    /// A resource file's external resources, `(id, path)`: `Array[ExtResource("id")]`
    /// names the script at that path (with `ReadOptions::resource_refs`).
    pub(super) ext: &'o [(alloc::string::String, alloc::string::String)],
}

impl<'t, 'o> Parser<'t, 'o> {
    pub(super) fn new(
        text: &'t str,
        dialect: Dialect,
        options: &ReadOptions,
        out: &'o mut Vec<u8>,
    ) -> Self {
        Parser {
            lex: Lexer::new(text, dialect, options.engine_floats),
            dialect,
            options: *options,
            out,
            numbers_scratch: Vec::new(),
            stack: Vec::new(),
            pairs: Vec::new(),
            ext: &[],
        }
    }

    /// Takes over `scratch`'s vectors (emptied, their capacity kept).
    pub(super) fn with_scratch(mut self, scratch: &mut Scratch) -> Self {
        self.numbers_scratch = core::mem::take(&mut scratch.numbers);
        self.stack = core::mem::take(&mut scratch.stack);
        self.pairs = core::mem::take(&mut scratch.pairs);
        self.numbers_scratch.clear();
        self.stack.clear();
        self.pairs.clear();
        self
    }

    /// Gives the vectors back to `scratch`.
    pub(super) fn into_scratch(self, scratch: &mut Scratch) {
        scratch.numbers = self.numbers_scratch;
        scratch.stack = self.stack;
        scratch.pairs = self.pairs;
    }

    pub(super) fn run(mut self) -> Result<(), TextError> {
        self.value()?;
        if !self.options.allow_trailing && !matches!(self.lex.next()?, Token::Eof) {
            return Err(self.lex.error(TextErrorKind::TrailingText));
        }
        Ok(())
    }

    /// Reads one value starting at byte `pos` of the text and returns where it ends;
    /// whatever follows is the caller's.
    pub(super) fn run_at(&mut self, pos: usize) -> Result<usize, TextError> {
        self.lex.seek(pos);
        self.value()?;
        Ok(self.lex.consumed())
    }

    /// Writes with a fresh builder; a build error is a text error at the current token.
    pub(super) fn build(
        &mut self,
        f: impl FnOnce(Builder<'_, Vec<u8>>) -> Result<(), BuildError>,
    ) -> Result<(), TextError> {
        f(Builder::new(&mut *self.out, self.dialect))
            .map_err(|e| self.lex.error(TextErrorKind::Build(e)))
    }

    /// The next token must be `punct`.
    pub(super) fn expect(&mut self, punct: u8, what: &'static str) -> Result<(), TextError> {
        match self.lex.next()? {
            Token::Punct(p) if p == punct => Ok(()),
            Token::Eof => Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => Err(self.lex.error(TextErrorKind::Expected(what))),
        }
    }

    fn open(
        &mut self,
        kind: Kind,
        types: &[ContainerType<&str>],
        class: Option<&str>,
    ) -> Result<(), TextError> {
        let max_depth = self.options.limits.max_depth.min(GODOT_MAX_DEPTH);
        if self.stack.len() >= usize::from(max_depth) {
            return Err(self.lex.error(TextErrorKind::TooDeep));
        }
        let ty = match kind {
            Kind::Array => VariantType::Array,
            Kind::Dict => VariantType::Dictionary,
            Kind::Object => VariantType::Object,
            Kind::Typed(ty) => ty,
        };
        let open = Builder::new(&mut *self.out, self.dialect)
            .open(ty, types, class)
            .map_err(|e| self.lex.error(TextErrorKind::Build(e)))?;
        let check = |t: Option<&ContainerType<&str>>| t.and_then(|t| Check::new(*t));
        self.stack.push(Frame {
            kind,
            open,
            body: self.out.len(),
            count: 0,
            want_value: false,
            child: self.out.len(),
            pairs_from: self.pairs.len(),
            value_type: check(types.last()),
            key_type: if kind == Kind::Dict {
                check(types.first())
            } else {
                None
            },
            paren: !types.is_empty(),
            failed: false,
            script: false,
        });
        Ok(())
    }

    /// Reads one value, with everything inside it.
    fn value(&mut self) -> Result<(), TextError> {
        'value: loop {
            if let Some(top) = self.stack.last_mut() {
                top.child = self.out.len();
            }
            let token = self.lex.next()?;
            if self.begin(token)? {
                // Just opened: it may close at once.
                if !self.eat_closer()? {
                    let object = self.stack.last().is_some_and(|f| f.kind == Kind::Object);
                    if !object || self.property()? {
                        continue 'value;
                    }
                }
            }
            // A value is complete: climb until a container wants another child.
            loop {
                let Some(top) = self.stack.last_mut() else {
                    return Ok(());
                };
                if top.kind == Kind::Dict && !top.want_value {
                    // That was a key: its value follows the colon.
                    let key_at = top.child;
                    if let Some(check) = top.key_type {
                        top.failed |= !keys::coerce(self.out, key_at, check, self.dialect);
                    }
                    top.want_value = true;
                    // The colon, looked at as a byte first (the token path for errors).
                    if !self.lex.eat(b':') {
                        self.expect(b':', "':'")?;
                    }
                    self.pairs.push(keys::Pair::new(key_at, self.out.len()));
                    continue 'value;
                }
                self.child_done()?;
                if self.lex.eat(b',') {
                    if self.eat_closer()? {
                        continue; // a trailing comma
                    }
                    let object = self.stack.last().is_some_and(|f| f.kind == Kind::Object);
                    if !object || self.property()? {
                        continue 'value;
                    }
                    continue; // `, )` closed the object
                }
                let token = self.lex.next()?;
                if !self.closes(token)? {
                    return Err(self.lex.error(match token {
                        Token::Eof => TextErrorKind::UnexpectedEnd,
                        _ => TextErrorKind::Expected("',' or a closing bracket"),
                    }));
                }
            }
        }
    }

    /// Bookkeeping after a child of the top frame: counts, typed checks, pairs.
    fn child_done(&mut self) -> Result<(), TextError> {
        let Some(top) = self.stack.last_mut() else {
            return Ok(());
        };
        match top.kind {
            Kind::Array => {
                if let Some(check) = top.value_type {
                    top.failed |= !keys::coerce(self.out, top.child, check, self.dialect);
                }
            }
            Kind::Dict => {
                top.want_value = false;
                if let Some(pair) = self.pairs.last_mut() {
                    if let Some(check) = top.value_type {
                        top.failed |= !keys::coerce(self.out, pair.value, check, self.dialect);
                    }
                    pair.end = self.out.len();
                }
            }
            Kind::Typed(ty) => {
                if let Some(check) = top.value_type {
                    let packed = ty == VariantType::PackedTypedArray;
                    if !keys::take_typed(self.out, top.child, check, packed, self.dialect) {
                        let e = TextErrorKind::BadArgument("an element of the array's type");
                        return Err(self.lex.error(e));
                    }
                }
            }
            Kind::Object => {
                if top.script {
                    let ty = self.out.get(top.child).copied();
                    // Godot 4 reads `script` as a path: only null or a String.
                    if !matches!(ty, Some(0) | Some(4)) {
                        let e = BuildError::InvalidScriptProperty(VariantType::Nil);
                        return Err(self.lex.error(TextErrorKind::Build(e)));
                    }
                    top.script = false;
                }
            }
        }
        if let Some(top) = self.stack.last_mut() {
            top.count += 1;
        }
        Ok(())
    }

    /// After `Object(Class,` or a property's `,`: a `"name":` starts a property (true), or
    /// `)` ends the object (it is closed; false).
    fn property(&mut self) -> Result<bool, TextError> {
        match self.lex.next()? {
            Token::Str { raw, escaped } => {
                let name = self.lex.text(raw, escaped);
                let script = self.dialect == Dialect::Godot4 && name == "script";
                put_string(&mut *self.out, name.as_bytes())
                    .map_err(|e| self.lex.error(TextErrorKind::Build(e)))?;
                self.expect(b':', "':'")?;
                if let Some(top) = self.stack.last_mut() {
                    top.script = script;
                    top.child = self.out.len();
                }
                Ok(true)
            }
            Token::Punct(b')') => {
                self.close()?;
                Ok(false)
            }
            Token::Eof => Err(self.lex.error(TextErrorKind::UnexpectedEnd)),
            _ => Err(self
                .lex
                .error(TextErrorKind::BadArgument("a property name string"))),
        }
    }

    /// Is the next token the closing bracket of the top frame? Then reads and closes it.
    /// (Looks at the next byte instead of making a token: most of the time it is not.)
    fn eat_closer(&mut self) -> Result<bool, TextError> {
        let closer = match self.stack.last().map(|f| f.kind) {
            Some(Kind::Array) => b']',
            Some(Kind::Dict) => b'}',
            Some(Kind::Object | Kind::Typed(_)) => b')',
            None => return Ok(false),
        };
        if !self.lex.eat(closer) {
            return Ok(false);
        }
        self.close()?;
        Ok(true)
    }

    /// Is `token` the closing bracket of the top frame? Then closes it.
    fn closes(&mut self, token: Token<'t>) -> Result<bool, TextError> {
        let closer = match self.stack.last().map(|f| f.kind) {
            Some(Kind::Array) => b']',
            Some(Kind::Dict) => b'}',
            Some(Kind::Object | Kind::Typed(_)) => b')',
            None => return Ok(false),
        };
        if !token.is_punct(closer) {
            return Ok(false);
        }
        self.close()?;
        Ok(true)
    }

    /// Closes the top frame: duplicate keys folded, a failed typed container emptied, the
    /// count patched, a typed container's `)` read.
    fn close(&mut self) -> Result<(), TextError> {
        let Some(mut frame) = self.stack.pop() else {
            return Ok(());
        };
        if frame.failed {
            self.out.truncate(frame.body);
            frame.count = 0;
        } else if frame.kind == Kind::Dict {
            let pairs = self.pairs.get(frame.pairs_from..).unwrap_or_default();
            frame.count = keys::fold_duplicates(self.out, frame.body, pairs, self.dialect);
        }
        if frame.kind == Kind::Dict {
            self.pairs.truncate(frame.pairs_from);
        }
        frame
            .open
            .close(&mut *self.out, frame.count)
            .map_err(|e| self.lex.error(TextErrorKind::Build(e)))?;
        if frame.paren {
            self.expect(b')', "')'")?;
        }
        Ok(())
    }

    /// Starts a value at `token`: writes a leaf (false) or opens a frame (true).
    fn begin(&mut self, token: Token<'t>) -> Result<bool, TextError> {
        match token {
            Token::Punct(b'[') => self.open(Kind::Array, &[], None).map(|()| true),
            Token::Punct(b'{') => self.open(Kind::Dict, &[], None).map(|()| true),
            Token::Str { raw, escaped } => {
                let text = self.lex.text(raw, escaped);
                put_header_string(self.out, self.dialect, VariantType::String, text)
                    .map_err(|e| self.lex.error(TextErrorKind::Build(e)))
                    .map(|()| false)
            }
            Token::Name { raw, escaped } => {
                let text = self.lex.text(raw, escaped);
                put_header_string(self.out, self.dialect, VariantType::StringName, text)
                    .map_err(|e| self.lex.error(TextErrorKind::Build(e)))
                    .map(|()| false)
            }
            Token::Color(c) => self.build(|b| b.color(c)).map(|()| false),
            Token::Int(i) => self.build(|b| b.int(i)).map(|()| false),
            Token::Float(f) => self.build(|b| b.float(f)).map(|()| false),
            Token::Ident(word) => self.identifier(word),
            Token::Eof => Err(self.lex.error(if self.stack.is_empty() {
                TextErrorKind::ExpectedValue
            } else {
                TextErrorKind::UnexpectedEnd
            })),
            Token::Punct(_) => Err(self.lex.error(TextErrorKind::ExpectedValue)),
        }
    }

    fn identifier(&mut self, word: &'t str) -> Result<bool, TextError> {
        match word {
            "true" | "false" => return self.build(|b| b.bool(word == "true")).map(|()| false),
            "null" | "nil" => return self.build(|b| b.nil()).map(|()| false),
            _ => {}
        }
        if let Some(f) = keyword_float(word, self.dialect) {
            return self.build(|b| b.float(f)).map(|()| false);
        }
        let g4 = self.dialect == Dialect::Godot4;
        match word {
            "Object" => return self.object(),
            "TypedArray" | "PackedTypedArray" if self.dialect.is_pandemonium() => {
                let ty = if word == "TypedArray" {
                    VariantType::TypedArray
                } else {
                    VariantType::PackedTypedArray
                };
                if ty.id(self.dialect).is_some() {
                    return self.pandemonium_typed(ty);
                }
            }
            "Array" | "Dictionary" if g4 => {
                let next = self.lex.next()?;
                if next.is_punct(b'[') {
                    self.typed(word == "Dictionary")?;
                    return Ok(true);
                }
                return Err(self.lex.error(TextErrorKind::Expected("'['")));
            }
            _ => {}
        }
        if self.special(word)? {
            return Ok(false);
        }
        match constructor_type(word, self.dialect) {
            Some(ty) if matches!(ty.layout(), Layout::Math(..)) => {
                self.math(ty, ty.name(self.dialect))?;
                Ok(false)
            }
            Some(ty) if ty.is_packed_array() => {
                self.packed(ty)?;
                Ok(false)
            }
            _ => Err(self
                .lex
                .error(TextErrorKind::UnexpectedIdentifier(word.into()))),
        }
    }

    /// `Object(Class, "prop": value, …)`: opens a full object (true), or writes an object
    /// sent as an id, `Object(EncodedObjectAsID, "object_id": N, …)` (false).
    fn object(&mut self) -> Result<bool, TextError> {
        self.expect(b'(', "'('")?;
        let Token::Ident(class) = self.lex.next()? else {
            return Err(self.lex.error(TextErrorKind::BadArgument("a class name")));
        };
        self.expect(b',', "',' after the object's class")?;
        if class == "EncodedObjectAsID" {
            return self.object_id().map(|()| false);
        }
        self.open(Kind::Object, &[], Some(class))?;
        Ok(true)
    }

    /// The properties of an `EncodedObjectAsID`: `"object_id": N` and an optional
    /// `"script": null`, then `)`.
    fn object_id(&mut self) -> Result<(), TextError> {
        let mut id: Option<i64> = None;
        loop {
            match self.lex.next()? {
                Token::Punct(b')') => break,
                Token::Str { raw, escaped } => {
                    let is_id = self.lex.text(raw, escaped) == "object_id";
                    self.expect(b':', "':'")?;
                    match (is_id, self.lex.next()?) {
                        (true, Token::Int(n)) => id = Some(n),
                        (false, Token::Ident("null")) => {}
                        _ => {
                            return Err(self.lex.error(TextErrorKind::BadArgument("an object id")))
                        }
                    }
                }
                _ => {
                    return Err(self
                        .lex
                        .error(TextErrorKind::BadArgument("a property name string")))
                }
            }
            match self.lex.next()? {
                Token::Punct(b',') => {}
                Token::Punct(b')') => break,
                _ => return Err(self.lex.error(TextErrorKind::Expected("',' or ')'"))),
            }
        }
        let id = id.ok_or_else(|| self.lex.error(TextErrorKind::BadArgument("an object id")))?;
        self.build(|b| b.object_id(u64_bits(id)))
    }
}

/// A String or StringName: header and string field.
fn put_header_string(
    out: &mut Vec<u8>,
    dialect: Dialect,
    ty: VariantType,
    text: &str,
) -> Result<(), BuildError> {
    let b = Builder::new(out, dialect);
    if ty == VariantType::StringName {
        b.string_name(text)
    } else {
        b.string(text)
    }
}
