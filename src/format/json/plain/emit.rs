//! The plain reader's second pass: the tape to Variant bytes, through the builder, in one
//! walk without recursion. Open containers are frames on a heap stack (at most Godot's
//! depth limit); each knows its part of the template, if there is one, and hands its
//! children theirs. The template's types are tried in `like`; everything else is the
//! plain mapping, here.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write as _;
use core::hash::BuildHasher;
use std::collections::hash_map::{Entry, RandomState};
use std::collections::HashMap;

use super::lookup::Lookup;
use super::tape::{self, Kind, Tok};
use super::write::DictForm;
use crate::format::json::reader::error::{build_fail, fail, JsonErrorKind as K, Res};
use crate::format::json::reader::lex::Lexer;
use crate::read::container::{ArrayIter, DictIter};
use crate::read::options::GODOT_MAX_DEPTH;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;
use crate::write::containers::Open;
use crate::write::{put_string, Builder};

/// What the JSON value at a place is read as: the template's value there, and the type
/// its container declares (a typed Array's elements, a typed Dictionary's keys or values).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Want<'t> {
    pub(super) like: Option<VariantRef<'t>>,
    pub(super) decl: ContainerType<GdStr<'t>>,
}

/// The type a container declares for its children: `None` for none (untyped, or a
/// builtin Nil, which the engine reads as untyped); `Object` for a class or a script.
pub(super) fn declared(decl: ContainerType<GdStr<'_>>) -> Option<VariantType> {
    match decl {
        ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil) => None,
        ContainerType::Builtin(ty) => Some(ty),
        ContainerType::ClassName(_) | ContainerType::Script(_) => Some(VariantType::Object),
    }
}

/// A value written with another type than its template's, before it is located.
#[derive(Debug)]
pub(super) struct Change {
    pub(super) at: usize,
    pub(super) path: String,
    pub(super) template: VariantType,
    pub(super) written: VariantType,
    pub(super) key: bool,
}

/// What a frame's JSON is and what it becomes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Shape {
    /// A JSON array: an Array (typed or not, or Pandemonium's typed arrays).
    Array,
    /// A JSON object: a Dictionary.
    Dict,
    /// A JSON array of `[key, value]` arrays: a Dictionary.
    Pairs,
    /// The JSON object of an Object's `"properties"`.
    Props,
}

/// A frame's part of the template.
pub(super) enum Tpl<'t> {
    None,
    /// An Array's elements, one per JSON element, and the type they are declared.
    Items {
        items: Option<ArrayIter<'t>>,
        decl: ContainerType<GdStr<'t>>,
    },
    /// A Dictionary's entries by key text (or an Object's properties by name), and the
    /// declared types of its keys and values.
    Entries {
        lookup: Option<Lookup<'t>>,
        form: DictForm,
        key: ContainerType<GdStr<'t>>,
        value: ContainerType<GdStr<'t>>,
    },
    /// A Dictionary written as pairs: entry `i` for pair `i`.
    Pairs {
        entries: DictIter<'t>,
        key: ContainerType<GdStr<'t>>,
        value: ContainerType<GdStr<'t>>,
    },
}

/// An open container.
pub(super) struct Frame<'t> {
    shape: Shape,
    open: Open,
    /// Offset of its JSON (for an error about the whole container).
    start: usize,
    /// Its next child token, and the token after its last one.
    next: usize,
    end: usize,
    /// Children (elements, entries, pairs, properties) written.
    count: u64,
    /// The current child's token (for an object: its key's).
    cur: usize,
    /// Pairs: the value of the current pair is being read (for paths).
    in_value: bool,
    /// Pairs: the value to read once the key is written, and where the key started in
    /// the output and in the JSON.
    pending: Option<(usize, Want<'t>)>,
    key_start: usize,
    key_at: usize,
    keys: KeySet,
    tpl: Tpl<'t>,
}

/// The keys written into one Dictionary (or the names of one Object), to refuse one
/// twice: by the hash of their bytes in the output, compared in full on a hash match.
#[derive(Default)]
struct KeySet {
    first: HashMap<u64, (usize, usize)>,
    /// Keys whose hash another, different key already has (rare).
    more: Vec<(usize, usize)>,
}

impl KeySet {
    /// Adds the key at `out[start..end]`; false if an equal key is there.
    fn insert(&mut self, out: &[u8], start: usize, end: usize, hasher: &RandomState) -> bool {
        let bytes = |(s, e): (usize, usize)| out.get(s..e).unwrap_or(&[]);
        let key = bytes((start, end));
        match self.first.entry(hasher.hash_one(key)) {
            Entry::Vacant(slot) => {
                slot.insert((start, end));
                true
            }
            Entry::Occupied(slot) => {
                if bytes(*slot.get()) == key || self.more.iter().any(|&r| bytes(r) == key) {
                    return false;
                }
                self.more.push((start, end));
                true
            }
        }
    }
}

/// The second pass over `tape` (of `text`), appending to `out`.
pub(super) fn run<'t>(
    text: &str,
    tape: &[Tok],
    out: &mut Vec<u8>,
    dialect: Dialect,
    root: Want<'t>,
) -> Res<Vec<Change>> {
    let mut e = Emitter {
        tape,
        lx: Lexer::new(text),
        out,
        dialect,
        stack: Vec::new(),
        changes: Vec::new(),
        scratch: Vec::new(),
        texts: String::new(),
        ranges: Vec::new(),
        hasher: RandomState::new(),
    };
    e.run(root)?;
    Ok(e.changes)
}

/// The second pass's state.
pub(super) struct Emitter<'j, 't, 'o> {
    pub(super) tape: &'o [Tok],
    pub(super) lx: Lexer<'j>,
    pub(super) out: &'o mut Vec<u8>,
    pub(super) dialect: Dialect,
    stack: Vec<Frame<'t>>,
    changes: Vec<Change>,
    /// Packed arrays' elements, as little-endian bytes, before they are written.
    pub(super) scratch: Vec<u8>,
    /// PackedStringArray items, back to back, and where each is.
    pub(super) texts: String,
    pub(super) ranges: Vec<(usize, usize)>,
    hasher: RandomState,
}

impl<'j, 't> Emitter<'j, 't, '_> {
    /// Token `i`.
    #[inline]
    pub(super) fn tok(&self, i: usize) -> Tok {
        self.tape.get(i).copied().unwrap_or(Tok::NONE)
    }

    /// The root value, then every open container's children until none is open.
    fn run(&mut self, root: Want<'t>) -> Res<()> {
        self.value(0, root)?;
        while let Some(top) = self.stack.last_mut() {
            if let Some((tok, want)) = top.pending.take() {
                top.in_value = true;
                let key_at = top.key_at;
                if !top
                    .keys
                    .insert(self.out, top.key_start, self.out.len(), &self.hasher)
                {
                    return Err(fail(K::DuplicateKey, key_at));
                }
                self.value(tok, want)?;
                continue;
            }
            if top.next >= top.end {
                if let Some(frame) = self.stack.pop() {
                    frame
                        .open
                        .close(self.out, frame.count)
                        .map_err(|e| build_fail(e, frame.start))?;
                }
                continue;
            }
            let i = top.next;
            top.count += 1;
            top.cur = i;
            top.in_value = false;
            match top.shape {
                Shape::Array => {
                    top.next = tape::next(self.tape, i);
                    let want = match &mut top.tpl {
                        Tpl::Items { items, decl } => Want {
                            like: items.as_mut().and_then(Iterator::next),
                            decl: *decl,
                        },
                        _ => Want::default(),
                    };
                    self.value(i, want)?;
                }
                Shape::Dict | Shape::Props => {
                    // A key (a string token), then its value.
                    top.next = tape::next(self.tape, i + 1);
                    self.entry(i, i + 1)?;
                }
                Shape::Pairs => {
                    top.next = tape::next(self.tape, i);
                    let key = i + 1;
                    let value = tape::next(self.tape, key);
                    let (k, v) = match &mut top.tpl {
                        Tpl::Pairs {
                            entries,
                            key: kd,
                            value: vd,
                        } => {
                            let entry = entries.next();
                            (
                                Want {
                                    like: entry.map(|e| e.0),
                                    decl: *kd,
                                },
                                Want {
                                    like: entry.map(|e| e.1),
                                    decl: *vd,
                                },
                            )
                        }
                        _ => (Want::default(), Want::default()),
                    };
                    top.pending = Some((value, v));
                    top.key_start = self.out.len();
                    top.key_at = self.tape.get(key).map_or(0, |t| t.at);
                    self.value(key, k)?;
                }
            }
        }
        Ok(())
    }

    /// The value of token `i`: as the template's type if it fits, else as the declared
    /// type if there is one (an error if it does not fit), else the plain mapping (and a
    /// change reported if there was a template).
    fn value(&mut self, i: usize, want: Want<'t>) -> Res<()> {
        let at = self.tok(i).at;
        if self.stack.len() > usize::from(GODOT_MAX_DEPTH) {
            return Err(fail(K::TooDeep, at));
        }
        if let Some(like) = want.like {
            if self.try_as(i, like.ty(), Some(like))? {
                return Ok(());
            }
        }
        if let Some(ty) = declared(want.decl) {
            if self.try_as(i, ty, None)? {
                return Ok(());
            }
            return Err(fail(K::TypedMismatch { ty }, at));
        }
        // The path is that of this value: taken before a container's frame opens.
        let depth = self.stack.len();
        let written = self.plain(i)?;
        if let Some(like) = want.like {
            self.change(at, like.ty(), written, false, depth);
        }
        Ok(())
    }

    /// The plain mapping of token `i`; returns the type written.
    fn plain(&mut self, i: usize) -> Res<VariantType> {
        use VariantType as T;
        let tok = self.tok(i);
        let b = Builder::new(&mut *self.out, self.dialect);
        let (ty, built) = match tok.kind {
            Kind::Null => (T::Nil, b.nil()),
            Kind::True => (T::Bool, b.bool(true)),
            Kind::False => (T::Bool, b.bool(false)),
            Kind::Num => {
                self.lx.set_pos(tok.at);
                let n = self.lx.number()?;
                if n.fraction {
                    (T::Float, b.float(n.f64()?))
                } else {
                    (T::Int, b.int(n.i64()?))
                }
            }
            Kind::Str => {
                self.lx.set_pos(tok.at);
                (T::String, b.string(self.lx.string()?))
            }
            Kind::Arr => {
                self.open(i, Shape::Array, T::Array, &[], None, Tpl::None)?;
                return Ok(T::Array);
            }
            Kind::Obj => {
                let tpl = Tpl::Entries {
                    lookup: None,
                    form: DictForm::Strings,
                    key: ContainerType::Untyped,
                    value: ContainerType::Untyped,
                };
                self.open(i, Shape::Dict, T::Dictionary, &[], None, tpl)?;
                return Ok(T::Dictionary);
            }
        };
        built.map_err(|e| build_fail(e, tok.at))?;
        Ok(ty)
    }

    /// Writes the header of a container of type `ty` (declared `types`, or an Object's
    /// `class`) for token `i` and opens its frame.
    pub(super) fn open(
        &mut self,
        i: usize,
        shape: Shape,
        ty: VariantType,
        types: &[ContainerType<&str>],
        class: Option<&str>,
        tpl: Tpl<'t>,
    ) -> Res<()> {
        let tok = self.tok(i);
        let open = Builder::new(&mut *self.out, self.dialect)
            .open(ty, types, class)
            .map_err(|e| build_fail(e, tok.at))?;
        self.stack.push(Frame {
            shape,
            open,
            start: tok.at,
            next: i + 1,
            end: tok.end as usize,
            count: 0,
            cur: i + 1,
            in_value: false,
            pending: None,
            key_start: 0,
            key_at: 0,
            keys: KeySet::default(),
            tpl,
        });
        Ok(())
    }

    /// An object's entry: key token `k` written as the Dictionary key (or the Object's
    /// property name) it is in the template, then value token `v`.
    fn entry(&mut self, k: usize, v: usize) -> Res<()> {
        let key_at = self.tok(k).at;
        self.lx.set_pos(key_at);
        let text: Cow<'j, str> = self.lx.string_cow()?;
        let Some(top) = self.stack.last_mut() else {
            return Ok(());
        };
        let shape = top.shape;
        let (found, form, key_decl, value_decl) = match &mut top.tpl {
            Tpl::Entries {
                lookup,
                form,
                key,
                value,
            } => {
                let found = lookup.as_mut().and_then(|l| l.find(&text));
                (found, *form, *key, *value)
            }
            _ => (
                None,
                DictForm::Strings,
                ContainerType::Untyped,
                ContainerType::Untyped,
            ),
        };
        let start = self.out.len();
        if shape == Shape::Props {
            put_string(&mut *self.out, text.as_bytes()).map_err(|e| build_fail(e, key_at))?;
        } else {
            let like_key = found.and_then(|(key, _)| key);
            self.key(&text, key_at, like_key, key_decl, form)?;
        }
        if let Some(top) = self.stack.last_mut() {
            if !top
                .keys
                .insert(self.out, start, self.out.len(), &self.hasher)
            {
                return Err(fail(K::DuplicateKey, key_at));
            }
        }
        let want = Want {
            like: found.map(|(_, value)| value),
            decl: value_decl,
        };
        // Godot 4 reads an object's `script` as a resource path: null or a String only.
        if shape == Shape::Props
            && self.dialect.script_is_path()
            && godot_view(text.as_bytes()) == b"script"
        {
            let tok = self.tok(v);
            let ty = match tok.kind {
                Kind::Null | Kind::Str => None,
                Kind::True | Kind::False => Some(VariantType::Bool),
                Kind::Num => Some(VariantType::Int),
                Kind::Arr => Some(VariantType::Array),
                Kind::Obj => Some(VariantType::Dictionary),
            };
            if let Some(ty) = ty {
                let e = crate::write::BuildError::InvalidScriptProperty(ty);
                return Err(build_fail(e, tok.at));
            }
        }
        self.value(v, want)
    }

    /// Writes a Dictionary key from its JSON text: the type of the template's key of that
    /// text, else the declared key type, else an int in a Dictionary whose keys are ints,
    /// else a String.
    fn key(
        &mut self,
        text: &str,
        at: usize,
        like: Option<VariantRef<'t>>,
        decl: ContainerType<GdStr<'t>>,
        form: DictForm,
    ) -> Res<()> {
        use VariantType as T;
        let int = int_key(text);
        let (ty, change) = match like.map(|k| k.ty()) {
            Some(T::StringName) => (T::StringName, false),
            Some(T::Int) if int.is_some() => (T::Int, false),
            Some(_) => (T::String, false),
            None => match declared(decl) {
                Some(ty @ (T::String | T::StringName | T::NodePath)) => (ty, false),
                Some(T::Int) if int.is_some() => (T::Int, false),
                Some(ty) => return Err(fail(K::TypedMismatch { ty }, at)),
                None if form == DictForm::Ints => match int {
                    Some(_) => (T::Int, false),
                    None => (T::String, true),
                },
                None => (T::String, false),
            },
        };
        let b = Builder::new(&mut *self.out, self.dialect);
        let built = match ty {
            T::StringName => b.string_name(text),
            T::NodePath => b.node_path_str(text),
            T::Int => b.int(int.unwrap_or(0)),
            _ => b.string(text),
        };
        built.map_err(|e| build_fail(e, at))?;
        if change {
            self.change(at, T::Int, T::String, true, self.stack.len());
        }
        Ok(())
    }

    /// Reports a value (or key) at `at` written as `written` where the template has
    /// `template`, with its jq path (through the first `depth` open containers).
    fn change(
        &mut self,
        at: usize,
        template: VariantType,
        written: VariantType,
        key: bool,
        depth: usize,
    ) {
        let frames = self.stack.get(..depth).unwrap_or(&self.stack);
        let path = path(frames, self.tape, &mut self.lx);
        self.changes.push(Change {
            at,
            path,
            template,
            written,
            key,
        });
    }
}

/// `text` as an int key: the decimal form the writer gives ints (`-12`, not `012`, `+12`
/// or `-0`).
fn int_key(text: &str) -> Option<i64> {
    let n: i64 = text.parse().ok()?;
    let mut canonical = String::new();
    let _ = write!(canonical, "{n}");
    (canonical == text).then_some(n)
}

/// The jq path of the current value: one step per open container.
fn path(stack: &[Frame<'_>], tape: &[Tok], lx: &mut Lexer<'_>) -> String {
    let mut path = String::new();
    for frame in stack {
        let index = frame.count.saturating_sub(1);
        match frame.shape {
            Shape::Array => {
                let _ = write!(path, "[{index}]");
            }
            Shape::Pairs => {
                let _ = write!(path, "[{index}][{}]", u8::from(frame.in_value));
            }
            Shape::Dict | Shape::Props => {
                if frame.shape == Shape::Props {
                    path.push_str(".properties");
                }
                lx.set_pos(tape.get(frame.cur).map_or(0, |t| t.at));
                match lx.string() {
                    Ok(key) => push_key(&mut path, key),
                    Err(_) => path.push_str(".?"),
                }
            }
        }
    }
    if path.is_empty() {
        path.push('.');
    }
    path
}

/// `.key` for a key jq takes bare (a letter or `_`, then letters, digits, `_`), else
/// `.["key"]` with JSON escapes.
fn push_key(path: &mut String, key: &str) {
    let bare = key
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if bare {
        path.push('.');
        path.push_str(key);
        return;
    }
    path.push_str(".[\"");
    for c in key.chars() {
        match c {
            '"' => path.push_str("\\\""),
            '\\' => path.push_str("\\\\"),
            '\n' => path.push_str("\\n"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(path, "\\u{:04x}", u32::from(c));
            }
            c => path.push(c),
        }
    }
    path.push_str("\"]");
}
