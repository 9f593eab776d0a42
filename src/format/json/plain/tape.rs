//! The plain reader's first pass: the JSON's structure as a flat list of tokens in
//! document order (a "tape"), each container knowing its number of children and where it
//! ends, so that the second pass can look at a whole array or object (its length, its
//! keys) before it writes a byte. Built in one pass without recursion; JSON syntax is
//! checked here, values are decoded in the second pass.

use alloc::vec::Vec;

use crate::format::json::reader::error::{build_fail, fail, JsonErrorKind as K, Res};
use crate::format::json::reader::lex::Lexer;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::write::BuildError;

/// JSON nesting the first pass accepts. An Object's properties and a Dictionary written as
/// pairs sit one JSON level deeper than their Variant depth, so the JSON may nest up to
/// twice as deep as the Variant; the second pass holds the Variant to Godot's limit.
const MAX_JSON_DEPTH: usize = 2 * GODOT_MAX_DEPTH as usize + 2;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Null,
    True,
    False,
    Num,
    Str,
    Arr,
    /// An object: its children are a key (a `Str` token) and a value, per entry.
    Obj,
}

/// One JSON value (or object key).
#[derive(Clone, Copy, Debug)]
pub(super) struct Tok {
    /// Offset of its first byte in the input.
    pub(super) at: usize,
    /// For a container: the index of the token after its last descendant.
    pub(super) end: u32,
    /// For a container: its elements, or its entries (key and value count as one).
    pub(super) len: u32,
    pub(super) kind: Kind,
}

impl Tok {
    /// What a missing token reads as (never used: indices come from the tape).
    pub(super) const NONE: Tok = Tok {
        at: 0,
        end: 0,
        len: 0,
        kind: Kind::Null,
    };
}

/// The index of the token after token `i` and everything inside it.
#[inline]
pub(super) fn next(tape: &[Tok], i: usize) -> usize {
    match tape.get(i) {
        Some(t) if matches!(t.kind, Kind::Arr | Kind::Obj) => (t.end as usize).max(i + 1),
        _ => i + 1,
    }
}

/// Reads the whole of `text`: one JSON value, then only whitespace.
pub(super) fn build(text: &str) -> Res<Vec<Tok>> {
    let mut lx = Lexer::new(text);
    let mut tape: Vec<Tok> = Vec::new();
    // Open containers: their index, and whether no item has been read yet.
    let mut open: Vec<(usize, bool)> = Vec::new();
    // Where the JSON first nests deeper than a Variant may: the error to give if it goes
    // on past the JSON limit (as deep as a Variant could be, as the other readers say).
    let mut too_deep = None;
    value(&mut lx, &mut tape, &mut open, &mut too_deep)?;
    while let Some(&(top, first)) = open.last() {
        let kind = tape.get(top).map_or(Kind::Arr, |t| t.kind);
        let (close, expected) = match kind {
            Kind::Obj => (b'}', "',' or '}'"),
            _ => (b']', "',' or ']'"),
        };
        let more = if first {
            !lx.eat(close)
        } else {
            lx.comma_or(close, expected)?
        };
        if let Some(last) = open.last_mut() {
            last.1 = false;
        }
        if !more {
            open.pop();
            let end = u32::try_from(tape.len())
                .map_err(|_| build_fail(BuildError::TooLong(tape.len() as u64), 0))?;
            if let Some(t) = tape.get_mut(top) {
                t.end = end;
            }
            continue;
        }
        if let Some(t) = tape.get_mut(top) {
            t.len = t
                .len
                .checked_add(1)
                .ok_or(build_fail(BuildError::TooLong(u64::from(t.len) + 1), t.at))?;
        }
        if kind == Kind::Obj {
            let (_, at) = lx.key()?;
            tape.push(Tok {
                at,
                end: 0,
                len: 0,
                kind: Kind::Str,
            });
        }
        value(&mut lx, &mut tape, &mut open, &mut too_deep)?;
    }
    lx.end()?;
    Ok(tape)
}

/// The value at the lexer: a token, and for a container its entry in `open`.
fn value(
    lx: &mut Lexer<'_>,
    tape: &mut Vec<Tok>,
    open: &mut Vec<(usize, bool)>,
    too_deep: &mut Option<usize>,
) -> Res<()> {
    let at = lx.skip_ws();
    if open.len() > usize::from(GODOT_MAX_DEPTH) && too_deep.is_none() {
        *too_deep = Some(at);
    }
    if open.len() > MAX_JSON_DEPTH {
        return Err(fail(K::TooDeep, too_deep.unwrap_or(at)));
    }
    let kind = match lx.current() {
        Some(b'"') => {
            lx.string()?;
            Kind::Str
        }
        Some(b'-' | b'0'..=b'9') => {
            lx.number()?;
            Kind::Num
        }
        Some(b'{') => {
            lx.bump();
            Kind::Obj
        }
        Some(b'[') => {
            lx.bump();
            Kind::Arr
        }
        Some(b't') => {
            lx.literal("true")?;
            Kind::True
        }
        Some(b'f') => {
            lx.literal("false")?;
            Kind::False
        }
        Some(b'n') => {
            lx.literal("null")?;
            Kind::Null
        }
        _ => return Err(lx.unexpected("a value")),
    };
    if matches!(kind, Kind::Arr | Kind::Obj) {
        open.push((tape.len(), true));
    }
    tape.push(Tok {
        at,
        end: 0,
        len: 0,
        kind,
    });
    Ok(())
}
