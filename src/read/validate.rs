//! The one-pass validator, [`validate`]: the walk of `walk.rs` over untrusted bytes.
//!
//! The frequent nodes (a 32-bit int or float, a plain ASCII string, a fixed payload, an
//! untyped Array or Dictionary whose count fits) are read inline, over locals the
//! compiler keeps in registers: the position, the nodes left in the budget and the walk.
//! Anything else (another header, a count or length out of bounds, text that is not plain
//! ASCII, fewer than 8 bytes left) goes to `node.rs`'s [`node`], from the header, which
//! then finds the same errors at the same offsets as it always did. The depth is checked
//! when a container opens, not at every node: its first child is the first node that can
//! be too deep.

use crate::read::node::node;
use crate::read::options::{ParseOptions, GODOT_MAX_DEPTH};
use crate::read::walk::{head, Frame, Head, Stack, Step, Walk};
use crate::wire::cursor::{plain_string, Cursor};
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::header::fast_table;
use crate::wire::narrow::halves;
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;

/// Open containers per stack segment. The validator keeps the ones around the innermost on
/// a small [`Stack`] on the thread's stack (under 1 KiB); deeper nesting continues in a
/// nested call with a fresh segment, so a small value pays for one segment and 1025 levels
/// take at most 9. Measured: a release build validates 1025 levels on a 16 KiB thread
/// stack, a debug build on 128 KiB.
const SEGMENT: usize = 128;

/// What one validation reads only off its hot path.
struct Ctx<'o> {
    dialect: Dialect,
    options: &'o ParseOptions,
    /// Absolute offset of the input's first byte, for errors.
    base: usize,
    /// Deepest depth accepted: the limit asked for, at most [`GODOT_MAX_DEPTH`] (so a
    /// validated value fits the walks' stacks).
    max_depth: usize,
}

/// Validates the value starting at `data[0]` and returns its encoded length.
/// `base` is the absolute offset of `data[0]`, used in errors.
pub(crate) fn validate(
    data: &[u8],
    base: usize,
    dialect: Dialect,
    options: &ParseOptions,
) -> Result<usize, Error> {
    let ctx = Ctx {
        dialect,
        options,
        base,
        max_depth: usize::from(options.limits.max_depth.min(GODOT_MAX_DEPTH)),
    };
    // The top-level value is the one step of the walk's own frame, at depth 0.
    let (end, _) = children(data, 0, options.limits.max_nodes, Frame::ROOT, 0, &ctx)?;
    Ok(end)
}

/// Validates the children of a container (`first`) whose children sit at `depth`, and all
/// their descendants, from `data[pos]`, with `left` nodes left in the budget: one pass, an
/// explicit stack segment, no recursion per level. Returns the position after the last
/// child and the nodes left.
fn children(
    data: &[u8],
    pos: usize,
    mut left: u64,
    first: Frame,
    depth: usize,
    ctx: &Ctx<'_>,
) -> Result<(usize, u64), Error> {
    let table = fast_table(ctx.dialect);
    // `depth <= max_depth`: the caller checked it when it opened `first`. A container
    // opened with `room` containers saved around it has children too deep.
    let room = ctx.max_depth.saturating_sub(depth);
    let mut stack = Stack::<SEGMENT>::new();
    let mut walk = Walk::new(first);
    // The bytes from the next node on; its position is `data.len() - rest.len()`.
    let mut rest = data.get(pos..).unwrap_or_default();
    let at = |rest: &[u8]| data.len() - rest.len();
    'walk: loop {
        match walk.step() {
            Step::End => {
                if !walk.close(&stack) {
                    return Ok((at(rest), left));
                }
                continue;
            }
            Step::Name => {
                rest = data.get(name(data, at(rest), ctx)?..).unwrap_or_default();
                continue;
            }
            Step::Value => {}
        }
        // The node budget, counted down.
        let Some(fewer) = left.checked_sub(1) else {
            return Err(error(ctx, at(rest), ErrorKind::TooManyNodes));
        };
        left = fewer;
        // The header and the payload's first word in one load; the frequent nodes end
        // here (`continue`), containers fall through with the steps of their children.
        let (next, frame) = 'node: {
            let Some((&words, after)) = rest.split_first_chunk::<8>() else {
                break 'node node_slow(data, at(rest), ctx)?;
            };
            let (word, first) = halves(u64::from_le_bytes(words));
            match head(word, table) {
                Head::Int | Head::Float => {
                    rest = after;
                    continue 'walk;
                }
                Head::String | Head::StringName => {
                    if let Some(next) = plain_string(after, first) {
                        rest = next;
                        continue 'walk;
                    }
                }
                Head::Fixed(size) => {
                    if let Some(next) = rest.get(4 + usize::from(size)..) {
                        rest = next;
                        continue 'walk;
                    }
                }
                Head::Dictionary => {
                    if fits(after, first, 8) {
                        break 'node (at(after), Frame::dictionary(first));
                    }
                }
                Head::Array => {
                    if fits(after, first, 4) {
                        break 'node (at(after), Frame::array(first));
                    }
                }
                Head::General => {}
            }
            node_slow(data, at(rest), ctx)?
        };
        rest = data.get(next..).unwrap_or_default();
        // An empty container has nothing to walk: it is not opened.
        if frame.steps == 0 {
            continue;
        }
        if walk.saved() >= room {
            return Err(too_deep(data, at(rest), frame, ctx));
        }
        if !walk.open(frame, &mut stack) {
            // This segment is full: continue one level down in a fresh one.
            let child_depth = depth + walk.saved() + 1;
            let (end, fewer) = children(data, at(rest), left, frame, child_depth, ctx)?;
            rest = data.get(end..).unwrap_or_default();
            left = fewer;
        }
    }
}

/// Can an untyped container's `count` (the word after its header), with `after` the bytes
/// after the count, be read inline: bit 31 clear (strict mode refuses it) and
/// `count * min_child` bytes left? Otherwise [`node`] reads it and reports what is wrong.
#[inline(always)]
fn fits(after: &[u8], count: u32, min_child: usize) -> bool {
    count <= i32::MAX as u32 && (count as usize).saturating_mul(min_child) <= after.len()
}

/// The node at `data[pos]` read by [`node`], from its header: the position after its own
/// fields and the steps of its children.
#[inline(never)]
fn node_slow(data: &[u8], pos: usize, ctx: &Ctx<'_>) -> Result<(usize, Frame), Error> {
    let mut cur = Cursor::at(data, pos, ctx.base);
    let frame = node::<true>(&mut cur, ctx.dialect, ctx.options)?;
    Ok((cur.pos(), frame))
}

/// A full Object's property name at `data[pos]`: the position after it.
#[inline(never)]
fn name(data: &[u8], pos: usize, ctx: &Ctx<'_>) -> Result<usize, Error> {
    let mut cur = Cursor::at(data, pos, ctx.base);
    let name = cur.string::<true>()?;
    if ctx.dialect.script_is_path() && godot_view(name) == b"script" {
        check_script_property(&cur)?;
    }
    Ok(cur.pos())
}

/// The error for a container (`frame`) whose children at `data[pos]` are deeper than the
/// limit: `TooDeep` at its first child, after the name before it for an Object (whose
/// errors come first, as they would in a walk that checked every node).
#[cold]
#[inline(never)]
fn too_deep(data: &[u8], pos: usize, frame: Frame, ctx: &Ctx<'_>) -> Error {
    let at = if frame.named {
        match name(data, pos, ctx) {
            Ok(at) => at,
            Err(error) => return error,
        }
    } else {
        pos
    };
    error(ctx, at, ErrorKind::TooDeep)
}

/// `kind` at `data[pos]`.
#[cold]
#[inline(never)]
fn error(ctx: &Ctx<'_>, pos: usize, kind: ErrorKind) -> Error {
    Error::new(kind, ctx.base.saturating_add(pos))
}

/// Godot 4 loads an object's `script` property as a resource path: the value must be
/// null or a String, otherwise the engine fails with `ERR_INVALID_DATA`.
fn check_script_property(cur: &Cursor<'_>) -> Result<(), Error> {
    let mut peek = *cur;
    let id = peek.u32()? & 0xFF;
    if id == VariantType::Nil as u32 || id == VariantType::String as u32 {
        Ok(())
    } else {
        Err(cur.error_here(ErrorKind::InvalidScriptProperty))
    }
}
