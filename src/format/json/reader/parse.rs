//! The reader proper: one pass over the JSON with an explicit stack of open containers,
//! writing through the builder.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use super::error::{build_fail, fail, Fail, JsonErrorKind as K, Res};
use super::leaf::{self, Scratch};
use super::lex::{Lexer, AN_INTEGER, A_STRING};
use super::splice::{splice_all, Splice};
use super::tag::{allowed, classify, Key, Mods};
use crate::read::options::GODOT_MAX_DEPTH;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;
use crate::write::{count_word, put_string, BuildError, Builder};

/// Reads the JSON `text` and appends the value's bytes to `out`; values deeper than
/// `max_depth` (at most [`GODOT_MAX_DEPTH`]) are [`K::TooDeep`].
pub(super) fn read_text(
    text: &str,
    out: &mut Vec<u8>,
    dialect: Dialect,
    max_depth: u16,
) -> Res<()> {
    let mut reader = Reader {
        lx: Lexer::new(text),
        out,
        dialect,
        max_depth: usize::from(max_depth.min(GODOT_MAX_DEPTH)),
        stack: Vec::new(),
        scratch: Scratch::default(),
        spill: Vec::new(),
        splices: Vec::new(),
        script: false,
    };
    reader.run()?;
    splice_all(reader.out, &mut reader.splices, &reader.spill);
    Ok(())
}

/// Which container a frame is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// An Array, or one of Pandemonium's TypedArray and PackedTypedArray (the type).
    Array(VariantType),
    Dictionary,
    Object,
}

impl Kind {
    fn ty(self) -> VariantType {
        match self {
            Kind::Array(ty) => ty,
            Kind::Dictionary => VariantType::Dictionary,
            Kind::Object => VariantType::Object,
        }
    }
}

/// Where a frame's list is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    /// Just after `[`.
    First,
    /// After an item.
    Next,
    /// After a Dictionary pair's key.
    Key,
    /// After a pair's or property's value (its `]` comes next).
    Value,
}

/// Where an open container is, in the JSON and in the output.
#[derive(Clone, Copy, Debug)]
struct Place {
    kind: Kind,
    /// Offset of the value in the JSON (its `[` or `{`).
    start: usize,
    /// Offset of its prefix (header, type descriptors or class) in the output.
    header_at: usize,
    /// Bytes of prefix written; the count follows them.
    prefix_len: usize,
}

/// An open Array, Dictionary or full Object.
#[derive(Debug)]
struct Frame {
    place: Place,
    step: Step,
    /// Inside `{"Array": …}`, `{"Dictionary": …}` or `{"Object": {…}}`: keys may follow.
    tagged: bool,
    /// An Object whose class comes after its properties: its prefix is written at close.
    late: bool,
    count: u64,
    /// Modifiers read before the list (types), and those read after it.
    mods: Option<Box<Mods>>,
}

struct Reader<'j, 'o> {
    lx: Lexer<'j>,
    out: &'o mut Vec<u8>,
    dialect: Dialect,
    /// The deepest value accepted (the top level is depth 0).
    max_depth: usize,
    stack: Vec<Frame>,
    scratch: Scratch,
    /// Prefixes written again at close (types or class read after the content).
    spill: Vec<u8>,
    splices: Vec<Splice>,
    /// The next value fills a Godot 4 object's `script` property: null or a String only.
    script: bool,
}

/// A Godot 4 object's `script` property given a value of type `ty`.
#[cold]
fn script_fail(ty: VariantType, at: usize) -> Fail {
    build_fail(BuildError::InvalidScriptProperty(ty), at)
}

impl Reader<'_, '_> {
    /// The whole input: one value, then nothing but whitespace. The innermost open
    /// container's items are read in a loop that keeps its state in locals; its frame is
    /// updated only when a child container opens (the loop moves on to the child) or when
    /// it closes.
    fn run(&mut self) -> Res<()> {
        self.value()?;
        'frames: while let Some(top) = self.stack.last() {
            let (i, kind) = (self.stack.len().saturating_sub(1), top.place.kind);
            let (mut step, mut count) = (top.step, top.count);
            loop {
                match step {
                    Step::First | Step::Next => {
                        let more = if step == Step::First {
                            !self.lx.eat(b']')
                        } else {
                            self.lx.comma_or(b']', "',' or ']'")?
                        };
                        if !more {
                            self.save(i, step, count);
                            self.close()?;
                            continue 'frames;
                        }
                        count += 1;
                        step = match kind {
                            Kind::Array(_) => Step::Next,
                            Kind::Dictionary => {
                                self.lx.expect(b'[', "'[' (a [key, value] pair)")?;
                                Step::Key
                            }
                            Kind::Object => {
                                self.property()?;
                                Step::Value
                            }
                        };
                        if self.value()? {
                            self.save(i, step, count);
                            continue 'frames;
                        }
                        if kind == Kind::Dictionary {
                            self.lx.expect(b',', "','")?;
                            step = Step::Value;
                            if self.value()? {
                                self.save(i, step, count);
                                continue 'frames;
                            }
                        }
                    }
                    Step::Key => {
                        self.lx.expect(b',', "','")?;
                        step = Step::Value;
                        if self.value()? {
                            self.save(i, step, count);
                            continue 'frames;
                        }
                    }
                    Step::Value => {}
                }
                if step == Step::Value {
                    self.lx.expect(b']', "']'")?;
                    step = Step::Next;
                }
            }
        }
        self.lx.end()
    }

    /// Stores the state of frame `i` (kept in locals by [`Reader::run`]).
    #[inline]
    fn save(&mut self, i: usize, step: Step, count: u64) {
        if let Some(frame) = self.stack.get_mut(i) {
            frame.step = step;
            frame.count = count;
        }
    }

    /// One value: a leaf is written whole; a container's header is written and its frame
    /// pushed (then true).
    #[inline]
    fn value(&mut self) -> Res<bool> {
        let at = self.lx.skip_ws();
        if self.stack.len() > self.max_depth {
            return Err(fail(K::TooDeep, at));
        }
        let script = core::mem::take(&mut self.script);
        let b = Builder::new(&mut *self.out, self.dialect);
        let result = match self.lx.current() {
            Some(b'"') => b.string(self.lx.string()?),
            Some(b'-' | b'0'..=b'9') => {
                let n = self.lx.number()?;
                match (n.fraction, script) {
                    (false, false) => b.int(n.i64()?),
                    (true, false) => b.float(n.f64()?),
                    (false, true) => return Err(script_fail(VariantType::Int, at)),
                    (true, true) => return Err(script_fail(VariantType::Float, at)),
                }
            }
            Some(b'{') => return self.tagged(at, script),
            Some(b'[') if !script => return self.open_array(at),
            Some(b't') if !script => self.lx.literal("true").map(|()| b.bool(true))?,
            Some(b'f') if !script => self.lx.literal("false").map(|()| b.bool(false))?,
            Some(b'n') => self.lx.literal("null").map(|()| b.nil())?,
            Some(b'[') => return Err(script_fail(VariantType::Array, at)),
            Some(b't' | b'f') => return Err(script_fail(VariantType::Bool, at)),
            _ => return Err(self.lx.unexpected("a value")),
        };
        result.map_err(|e| build_fail(e, at)).map(|()| false)
    }

    /// `[`: an untyped Array.
    fn open_array(&mut self, at: usize) -> Res<bool> {
        self.lx.bump();
        let header_at = self.out.len();
        Builder::new(&mut *self.out, self.dialect)
            .array()
            .and_then(|a| a.finish())
            .map_err(|e| build_fail(e, at))?;
        self.push(Kind::Array(VariantType::Array), at, header_at, false, None);
        Ok(true)
    }

    /// Pushes the frame of a container whose prefix and count placeholder end the output.
    fn push(
        &mut self,
        kind: Kind,
        start: usize,
        header_at: usize,
        tagged: bool,
        mods: Option<Box<Mods>>,
    ) {
        let prefix_len = self.out.len().saturating_sub(header_at + 4);
        self.stack.push(Frame {
            place: Place {
                kind,
                start,
                header_at,
                prefix_len,
            },
            step: Step::First,
            tagged,
            late: false,
            count: 0,
            mods,
        });
    }

    /// `{`: an object of the schema, named by its type key. True if it is a container.
    fn tagged(&mut self, at: usize, script: bool) -> Res<bool> {
        self.lx.bump();
        if self.lx.eat(b'}') {
            return Err(fail(
                K::MissingKey { key: "a type key" },
                self.lx.pos().saturating_sub(1),
            ));
        }
        // Modifiers are rare: their buffer is allocated when one comes.
        let mut mods: Option<Box<Mods>> = None;
        let (tag, tag_at) = loop {
            let (key, key_at) = self.lx.key()?;
            match classify(key) {
                Some(Key::Tag(tag)) => break (tag, key_at),
                Some(key) => {
                    mods.get_or_insert_with(Box::default)
                        .read(&mut self.lx, key, key_at)?
                }
                None => return Err(fail(K::UnknownType, key_at)),
            }
            if !self.lx.comma_or(b'}', "',' or '}'")? {
                return Err(fail(
                    K::MissingKey { key: "a type key" },
                    self.lx.pos().saturating_sub(1),
                ));
            }
        };
        if tag.id(self.dialect).is_none() {
            let e = BuildError::TypeNotInDialect {
                ty: tag,
                dialect: self.dialect,
            };
            return Err(build_fail(e, tag_at));
        }
        if let Some(mods) = &mods {
            mods.check(tag)?;
        }
        if script && tag != VariantType::Object {
            return Err(script_fail(tag, at));
        }
        match tag {
            VariantType::Array
            | VariantType::Dictionary
            | VariantType::TypedArray
            | VariantType::PackedTypedArray => {
                if self.lx.peek() != Some(b'[') {
                    return Err(self.lx.wrong("a list"));
                }
                self.lx.bump();
                let header_at = self.out.len();
                let b = Builder::new(&mut *self.out, self.dialect);
                let m = mods.as_deref();
                let (kind, result) = match (tag, m) {
                    (VariantType::Array, None) => {
                        (Kind::Array(tag), b.array().and_then(|a| a.finish()))
                    }
                    (VariantType::Array, Some(m)) => {
                        let r = b.typed_array(m.ty(0));
                        (Kind::Array(tag), r.and_then(|a| a.finish()))
                    }
                    // Pandemonium's typed arrays: a placeholder element type when it comes
                    // after the list (written again at close).
                    (VariantType::TypedArray | VariantType::PackedTypedArray, m) => {
                        let t = m.map_or(ContainerType::Builtin(VariantType::Nil), |m| m.ty(0));
                        (Kind::Array(tag), b.open(tag, &[t], None).map(|_| ()))
                    }
                    (_, None) => {
                        let r = b.dictionary().and_then(|d| d.finish());
                        (Kind::Dictionary, r)
                    }
                    (_, Some(m)) => {
                        let r = b.typed_dictionary(m.ty(1), m.ty(2));
                        (Kind::Dictionary, r.and_then(|d| d.finish()))
                    }
                };
                result.map_err(|e| build_fail(e, at))?;
                self.push(kind, at, header_at, true, mods);
                Ok(true)
            }
            VariantType::Object => self.object(at, script),
            _ => {
                let double = |m: &Option<Box<Mods>>| m.as_ref().is_some_and(|m| m.double());
                let leaf = leaf::read(&mut self.lx, &mut self.scratch, tag, double(&mods))?;
                self.tail(tag, &mut mods)?;
                let b = Builder::new(&mut *self.out, self.dialect);
                leaf::write(&mut self.lx, &mut self.scratch, leaf, double(&mods), b, at)?;
                Ok(false)
            }
        }
    }

    /// The keys after a type key's value, up to the object's `}`: modifiers `tag` allows.
    /// Returns whether there were any.
    #[inline]
    fn tail(&mut self, tag: VariantType, mods: &mut Option<Box<Mods>>) -> Res<bool> {
        let mut any = false;
        while self.lx.comma_or(b'}', "',' or '}'")? {
            let (key, key_at) = self.lx.key()?;
            match classify(key) {
                Some(Key::Tag(t)) if t == tag => return Err(fail(K::DuplicateKey, key_at)),
                Some(key) if allowed(tag, key) => {
                    mods.get_or_insert_with(Box::default)
                        .read(&mut self.lx, key, key_at)?
                }
                _ => return Err(fail(K::UnknownKey, key_at)),
            }
            any = true;
        }
        Ok(any)
    }

    /// `"Object": null`, `{"id": n}` or `{"class": …, "properties": […]}` (either order).
    fn object(&mut self, at: usize, script: bool) -> Res<bool> {
        let no_mods = &mut None;
        match self.lx.peek() {
            Some(b'n') => {
                self.lx.literal("null")?;
                self.tail(VariantType::Object, no_mods)?;
                let b = Builder::new(&mut *self.out, self.dialect);
                b.object_null().map_err(|e| build_fail(e, at))?;
                Ok(false)
            }
            Some(b'{') => {
                self.lx.bump();
                if self.lx.eat(b'}') {
                    return Err(fail(
                        K::MissingKey { key: "class" },
                        self.lx.pos().saturating_sub(1),
                    ));
                }
                let (key, key_at) = self.lx.key()?;
                match key {
                    "id" => {
                        let id = self.lx.number_as(AN_INTEGER)?.u64()?;
                        self.one_key_only("id")?;
                        self.tail(VariantType::Object, no_mods)?;
                        if script {
                            return Err(script_fail(VariantType::Object, at));
                        }
                        let b = Builder::new(&mut *self.out, self.dialect);
                        b.object_id(id).map_err(|e| build_fail(e, at))?;
                        Ok(false)
                    }
                    "class" | "properties" if script => Err(script_fail(VariantType::Object, at)),
                    "class" => {
                        let header_at = self.out.len();
                        let class = self.lx.string_as(A_STRING)?;
                        Builder::new(&mut *self.out, self.dialect)
                            .object(class)
                            .and_then(|o| o.finish())
                            .map_err(|e| build_fail(e, at))?;
                        if !self.lx.comma_or(b'}', "',' or '}'")? {
                            let close = self.lx.pos().saturating_sub(1);
                            return Err(fail(K::MissingKey { key: "properties" }, close));
                        }
                        let (key, key_at) = self.lx.key()?;
                        match key {
                            "properties" => {}
                            "class" => return Err(fail(K::DuplicateKey, key_at)),
                            _ => return Err(fail(K::UnknownKey, key_at)),
                        }
                        self.properties_list()?;
                        self.push(Kind::Object, at, header_at, true, None);
                        Ok(true)
                    }
                    "properties" => {
                        self.properties_list()?;
                        // The class comes later: only the count now, the prefix at close.
                        let header_at = self.out.len();
                        self.out.extend_from_slice(&[0; 4]);
                        self.push(Kind::Object, at, header_at, true, None);
                        if let Some(frame) = self.stack.last_mut() {
                            frame.late = true;
                        }
                        Ok(true)
                    }
                    _ => Err(fail(K::UnknownKey, key_at)),
                }
            }
            _ => Err(self
                .lx
                .wrong("null, {\"id\": …} or {\"class\": …, \"properties\": […]}")),
        }
    }

    /// The `[` of an Object's properties.
    fn properties_list(&mut self) -> Res<()> {
        if self.lx.peek() != Some(b'[') {
            return Err(self.lx.wrong("a list of [name, value] pairs"));
        }
        self.lx.bump();
        Ok(())
    }

    /// After the value of `key`, the only key of its object: its `}`.
    fn one_key_only(&mut self, key: &'static str) -> Res<()> {
        if self.lx.comma_or(b'}', "',' or '}'")? {
            let (second, at) = self.lx.key()?;
            let kind = if second == key {
                K::DuplicateKey
            } else {
                K::UnknownKey
            };
            return Err(fail(kind, at));
        }
        Ok(())
    }

    /// `[` and the name of an Object's property, written; its value comes next.
    fn property(&mut self) -> Res<()> {
        self.lx.expect(b'[', "'[' (a [name, value] pair)")?;
        let at = self.lx.skip_ws();
        let name = self.lx.string_as(A_STRING)?;
        // Godot 4 reads `script` as a resource path (the name as Godot reads the text).
        self.script = self.dialect.script_is_path() && godot_view(name.as_bytes()) == b"script";
        put_string(&mut *self.out, name.as_bytes()).map_err(|e| build_fail(e, at))?;
        self.lx.expect(b',', "','")
    }

    /// After a container's `]`: the rest of its object, the count, the prefix if types
    /// or the class came after the content.
    fn close(&mut self) -> Res<()> {
        let Some(mut frame) = self.stack.pop() else {
            return Ok(());
        };
        if !frame.tagged {
            return self.patch_count(frame.place, frame.count);
        }
        let mods = &mut frame.mods;
        if frame.place.kind == Kind::Object {
            // The rest of `{"class": …, "properties": […]}`.
            let mut class = None;
            while self.lx.comma_or(b'}', "',' or '}'")? {
                let (key, key_at) = self.lx.key()?;
                match key {
                    "class" if frame.late && class.is_none() => {
                        class = Some(String::from(self.lx.string_as(A_STRING)?));
                    }
                    "class" | "properties" => return Err(fail(K::DuplicateKey, key_at)),
                    _ => return Err(fail(K::UnknownKey, key_at)),
                }
            }
            if frame.late {
                let missing = fail(
                    K::MissingKey { key: "class" },
                    self.lx.pos().saturating_sub(1),
                );
                mods.get_or_insert_with(Box::default).class = Some(class.ok_or(missing)?);
            }
        }
        let late = self.tail(frame.place.kind.ty(), mods)? || frame.late;
        if let Kind::Array(VariantType::TypedArray | VariantType::PackedTypedArray) =
            frame.place.kind
        {
            // Their element type is part of the value: it must be there.
            if mods
                .as_ref()
                .is_none_or(|m| m.ty(0) == ContainerType::Untyped)
            {
                let at = self.lx.pos().saturating_sub(1);
                return Err(fail(K::MissingKey { key: "type" }, at));
            }
        }
        self.patch_count(frame.place, frame.count)?;
        if late {
            let mods = frame.mods.take().unwrap_or_default();
            self.respell(frame.place, &mods)?;
        }
        Ok(())
    }

    /// Writes a closed container's count over its placeholder.
    fn patch_count(&mut self, place: Place, count: u64) -> Res<()> {
        let word = usize::try_from(count)
            .map_err(|_| BuildError::TooLong(count))
            .and_then(count_word)
            .map_err(|e| build_fail(e, place.start))?;
        let at = place.header_at + place.prefix_len;
        if let Some(slot) = self.out.get_mut(at..at + 4) {
            slot.copy_from_slice(&word.to_le_bytes());
        }
        Ok(())
    }

    /// The prefix of a container whose types (or class) came after its content, written
    /// through the builder into the spill, to replace the one written at its start.
    fn respell(&mut self, place: Place, mods: &Mods) -> Res<()> {
        let from = self.spill.len();
        let b = Builder::new(&mut self.spill, self.dialect);
        let result = match place.kind {
            Kind::Array(VariantType::Array) => b.typed_array(mods.ty(0)).and_then(|a| a.finish()),
            Kind::Array(ty) => b.open(ty, &[mods.ty(0)], None).map(|_| ()),
            Kind::Dictionary => b
                .typed_dictionary(mods.ty(1), mods.ty(2))
                .and_then(|d| d.finish()),
            Kind::Object => b
                .object(mods.class.as_deref().unwrap_or(""))
                .and_then(|o| o.finish()),
        };
        result.map_err(|e| build_fail(e, place.start))?;
        // Without the builder's count: the patched one stays.
        let to = self.spill.len().saturating_sub(4).max(from);
        self.spill.truncate(to);
        self.splices.push(Splice {
            at: place.header_at,
            remove: place.prefix_len,
            from,
            to,
        });
        Ok(())
    }
}
