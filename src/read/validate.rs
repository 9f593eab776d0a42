//! The one-pass validator ([`validate`]) and the trusted measuring of an already
//! validated value ([`measure`], used by the iterators to step over an element). Both
//! read nodes with [`node`]; `CHECK = false` skips the checks that cannot fail on
//! validated bytes (UTF-8, strict mode, limits).

use crate::read::options::{ParseOptions, GODOT_MAX_DEPTH};
use crate::wire::cursor::Cursor;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::header::{
    fast_path, Header, COUNT_SHARED_BIT, FAST_ARRAY, FAST_DICTIONARY, FAST_GENERAL, FAST_STRING,
    FLAG_OBJECT_AS_ID, KIND_BUILTIN, KIND_NONE,
};
use crate::wire::types::{Element, Layout, VariantType};
use crate::wire::utf8::godot_view;

/// One open container on the explicit stack.
#[derive(Clone, Copy)]
struct Frame {
    /// Child values still to read (a dictionary counts keys and values).
    remaining: u32,
    /// Non-zero when each child is preceded by a property-name string (objects). A `u32`,
    /// not a `bool`, so that the segment array is plain words that zero-fill with one
    /// `memset` (a `bool` field made the compiler write it slot by slot: half the time
    /// of a small parse).
    named: u32,
}

impl Frame {
    const EMPTY: Frame = Frame {
        remaining: 0,
        named: 0,
    };

    fn of(children: &Children) -> Frame {
        Frame {
            remaining: children.count,
            named: u32::from(children.named),
        }
    }
}

/// What follows a node's own fields.
struct Children {
    count: u32,
    named: bool,
}

const NO_CHILDREN: Children = Children {
    count: 0,
    named: false,
};
/// Frames per stack segment. The validator keeps open containers on a small array on the
/// stack (1 KiB); deeper nesting continues in a nested call with a fresh segment, so a
/// small value pays for one segment and 1025 levels take at most 9. Measured: a
/// release build validates 1025 levels on a 16 KiB thread stack, a debug build on 128 KiB.
const SEGMENT: usize = 128;

/// Shared state of one validation.
struct Walk<'o> {
    dialect: Dialect,
    options: &'o ParseOptions,
    max_depth: usize,
    nodes: u64,
}

impl Walk<'_> {
    /// Counts a node at `depth` against the limits.
    #[inline(always)]
    fn enter(&mut self, cur: &Cursor<'_>, depth: usize) -> Result<(), Error> {
        if depth > self.max_depth {
            return Err(cur.error_here(ErrorKind::TooDeep));
        }
        self.nodes += 1;
        if self.nodes > self.options.limits.max_nodes {
            return Err(cur.error_here(ErrorKind::TooManyNodes));
        }
        Ok(())
    }
}

/// Validates the value starting at `data[0]` and returns its encoded length.
/// `base` is the absolute offset of `data[0]`, used in errors.
pub(crate) fn validate(
    data: &[u8],
    base: usize,
    dialect: Dialect,
    options: &ParseOptions,
) -> Result<usize, Error> {
    let mut cur = Cursor::new(data, base);
    let mut walk = Walk {
        dialect,
        options,
        max_depth: usize::from(options.limits.max_depth.min(GODOT_MAX_DEPTH)),
        nodes: 0,
    };
    walk.enter(&cur, 0)?;
    let root = node::<true>(&mut cur, dialect, options)?;
    if root.count > 0 {
        children(&mut cur, &mut walk, root, 1)?;
    }
    Ok(cur.pos())
}

/// Validates the children of a container whose children sit at `depth`, and all their
/// descendants: one pass, an explicit stack segment, no recursion per level. The innermost
/// open container lives in locals (most nodes touch only it); the stack holds the ones
/// around it.
fn children(
    outer: &mut Cursor<'_>,
    walk: &mut Walk<'_>,
    first: Children,
    depth: usize,
) -> Result<(), Error> {
    // Work on local copies of the cursor and the node count so that they can live in
    // registers; they are written back before a nested segment and at the end.
    let mut cur = *outer;
    let (dialect, options, max_depth) = (walk.dialect, walk.options, walk.max_depth);
    let max_nodes = options.limits.max_nodes;
    let mut nodes = walk.nodes;
    let mut stack = [Frame::EMPTY; SEGMENT];
    // Containers saved on `stack`, and the innermost one with the depth of its children.
    let mut saved = 0usize;
    let mut top = Frame::of(&first);
    let mut node_depth = depth;
    loop {
        // Find the next child to read, closing finished containers.
        if top.remaining == 0 {
            let Some(below) = saved.checked_sub(1) else {
                *outer = cur;
                walk.nodes = nodes;
                return Ok(());
            };
            saved = below;
            top = stack.get(below).copied().unwrap_or(Frame::EMPTY);
            node_depth -= 1;
            continue;
        }
        top.remaining -= 1;
        if top.named != 0 {
            let name = cur.string::<true>()?;
            if dialect.script_is_path() && godot_view(name) == b"script" {
                check_script_property(&cur)?;
            }
        }
        if node_depth > max_depth {
            return Err(cur.error_here(ErrorKind::TooDeep));
        }
        nodes += 1;
        if nodes > max_nodes {
            return Err(cur.error_here(ErrorKind::TooManyNodes));
        }
        let grandchildren = node::<true>(&mut cur, dialect, options)?;
        if grandchildren.count == 0 {
            continue;
        }
        match stack.get_mut(saved) {
            Some(slot) => {
                *slot = top;
                saved += 1;
                top = Frame::of(&grandchildren);
                node_depth += 1;
            }
            // This segment is full: continue one level down in a fresh one.
            None => {
                walk.nodes = nodes;
                children(&mut cur, walk, grandchildren, node_depth + 1)?;
                nodes = walk.nodes;
            }
        }
    }
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

/// Reads one node's header and own fields, leaving the cursor at its first child (if any).
#[inline(always)]
fn node<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    dialect: Dialect,
    options: &ParseOptions,
) -> Result<Children, Error> {
    let header_at = cur.pos();
    let word = cur.u32()?;
    // The most frequent headers first, compared directly (ids 2–4 in every dialect): a
    // 32-bit int or float, a String. Then one table load decides for the other frequent
    // headers (no flag bits): a StringName, an untyped Dictionary or Array, a fixed-size
    // payload.
    const INT: u32 = VariantType::Int as u32;
    const FLOAT: u32 = VariantType::Float as u32;
    const STRING: u32 = VariantType::String as u32;
    match word {
        INT | FLOAT => {
            cur.skip(4)?;
            return Ok(NO_CHILDREN);
        }
        STRING => {
            cur.string::<CHECK>()?;
            return Ok(NO_CHILDREN);
        }
        _ => {}
    }
    match fast_path(word, dialect) {
        FAST_STRING => {
            cur.string::<CHECK>()?;
            return Ok(NO_CHILDREN);
        }
        FAST_DICTIONARY => {
            return container_count::<CHECK>(cur, options, 8).map(|count| Children {
                // count <= i32::MAX, so twice it fits in u32.
                count: (count as u32).saturating_mul(2),
                named: false,
            });
        }
        FAST_ARRAY => {
            return container_count::<CHECK>(cur, options, 4).map(|count| Children {
                count: count as u32,
                named: false,
            });
        }
        FAST_GENERAL => {}
        size => {
            cur.skip(usize::from(size))?;
            return Ok(NO_CHILDREN);
        }
    }
    let header = Header::decode(word, dialect)
        .map_err(|id| cur.error_at(header_at, ErrorKind::UnknownType(id)))?;
    if CHECK && options.strict && header.unused_bits(dialect) != 0 {
        return Err(cur.error_at(header_at, ErrorKind::NonCanonical));
    }
    // Scalars and math types: a fixed payload, one table lookup.
    if let Some(size) = header.fixed_payload() {
        cur.skip(size)?;
        return Ok(NO_CHILDREN);
    }
    match header.layout {
        // Sized by `fixed_payload` above.
        Layout::Nil
        | Layout::Callable
        | Layout::Bool
        | Layout::Int
        | Layout::Float
        | Layout::Math(..)
        | Layout::Rid => {}
        Layout::Str => {
            cur.string::<CHECK>()?;
        }
        Layout::Signal => {
            cur.string::<CHECK>()?;
            cur.take(8)?;
        }
        Layout::NodePath => node_path::<CHECK>(cur)?,
        Layout::Object => return object::<CHECK>(cur, header_at, word, options),
        Layout::Array => {
            if dialect.typed_containers() {
                container_type::<CHECK>(cur, header.container_kind(16))?;
            }
            return container_count::<CHECK>(cur, options, 4).map(|count| Children {
                count: count as u32,
                named: false,
            });
        }
        Layout::Dictionary => {
            if dialect.typed_containers() {
                container_type::<CHECK>(cur, header.container_kind(16))?;
                container_type::<CHECK>(cur, header.container_kind(18))?;
            }
            return container_count::<CHECK>(cur, options, 8).map(|count| Children {
                // count <= i32::MAX, so twice it fits in u32.
                count: (count as u32).saturating_mul(2),
                named: false,
            });
        }
        Layout::Packed(element) => packed::<CHECK>(cur, element, header.is_double(), options)?,
        Layout::TypedArray => {
            typed_array_type::<CHECK>(cur, word, dialect, options.strict)?;
            return container_count::<CHECK>(cur, options, 4).map(|count| Children {
                count: count as u32,
                named: false,
            });
        }
    }
    Ok(NO_CHILDREN)
}

/// Pandemonium's TypedArray / PackedTypedArray element type: a u32 type number (bit 31
/// ignored, any number accepted, as the engine does), and for objects written whole (bit
/// 16 of the header clear) the class name as a complete StringName value. A number no
/// type of the era has is refused (the engine takes it, then drops every element); strict
/// mode also refuses bit 31 set and flag bits on the class name's header.
fn typed_array_type<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    word: u32,
    dialect: Dialect,
    strict: bool,
) -> Result<(), Error> {
    let at = cur.pos();
    let raw = cur.u32()?;
    let element = raw & !COUNT_SHARED_BIT;
    // The engine takes any number (and its array then drops every element); a number no
    // type of the era has is refused here, as a Godot 4 container's is.
    let known = u8::try_from(element)
        .ok()
        .and_then(|id| VariantType::from_id(id, dialect))
        .is_some();
    if CHECK && !known {
        return Err(cur.error_at(at, ErrorKind::InvalidContainerType(element)));
    }
    if CHECK && strict && raw != element {
        return Err(cur.error_at(at, ErrorKind::NonCanonical));
    }
    let object = VariantType::Object.id(dialect).map(u32::from);
    if Some(element) == object && word & FLAG_OBJECT_AS_ID == 0 {
        let at = cur.pos();
        let header = cur.u32()?;
        let name = VariantType::StringName.id(dialect).map(u32::from);
        if Some(header & 0xFF) != name {
            return Err(cur.error_at(at, ErrorKind::InvalidContainerType(header)));
        }
        if CHECK && strict && Some(header) != name {
            return Err(cur.error_at(at, ErrorKind::NonCanonical));
        }
        cur.string::<CHECK>()?;
    }
    Ok(())
}

fn node_path<const CHECK: bool>(cur: &mut Cursor<'_>) -> Result<(), Error> {
    let at = cur.pos();
    let names = cur.u32()?;
    let subnames = cur.u32()?;
    let flags = cur.u32()?;
    if names & COUNT_SHARED_BIT == 0 {
        return Err(cur.error_at(at, ErrorKind::OldNodePath));
    }
    let names = u64::from(names & !COUNT_SHARED_BIT);
    let total = names + u64::from(subnames) + u64::from(flags >> 1 & 1);
    // Each component takes at least 4 bytes; blame the count that overflows the rest.
    let remaining = cur.remaining() as u64;
    if names.saturating_mul(4) > remaining {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    if total.saturating_mul(4) > remaining {
        return Err(cur.error_at(at.saturating_add(4), ErrorKind::LengthOutOfBounds));
    }
    for _ in 0..total {
        cur.string::<CHECK>()?;
    }
    Ok(())
}

fn object<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    header_at: usize,
    word: u32,
    options: &ParseOptions,
) -> Result<Children, Error> {
    if word & FLAG_OBJECT_AS_ID != 0 {
        cur.take(8)?;
        return Ok(NO_CHILDREN);
    }
    if CHECK && !options.limits.allow_full_objects {
        return Err(cur.error_at(header_at, ErrorKind::FullObjectNotAllowed));
    }
    let class = cur.string::<CHECK>()?;
    if godot_view(class).is_empty() {
        // A null object written in full: the engine reads the name as text (up to a NUL).
        return Ok(NO_CHILDREN);
    }
    let at = cur.pos();
    let word = cur.u32()?;
    if word > i32::MAX as u32 {
        // The engine reads the count as int32 and runs no loop for a negative one.
        if CHECK && options.strict {
            return Err(cur.error_at(at, ErrorKind::NonCanonical));
        }
        return Ok(NO_CHILDREN);
    }
    // Each property takes at least 8 bytes: a name string and a value header.
    if (word as usize).saturating_mul(8) > cur.remaining() {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    Ok(Children {
        count: word,
        named: true,
    })
}

/// Reads a Godot 4 typed-container descriptor of the given kind.
#[inline(always)]
fn container_type<const CHECK: bool>(cur: &mut Cursor<'_>, kind: u32) -> Result<(), Error> {
    match kind {
        KIND_NONE => {}
        KIND_BUILTIN => {
            let at = cur.pos();
            let id = cur.u32()?;
            if CHECK && id >= u32::from(VariantType::count(Dialect::Godot4)) {
                return Err(cur.error_at(at, ErrorKind::InvalidContainerType(id)));
            }
        }
        _ => {
            cur.string::<CHECK>()?;
        }
    }
    Ok(())
}

/// Reads an Array/Dictionary count (bit 31 masked off, as the engine does) and checks
/// that `count * min_child` bytes can follow.
#[inline(always)]
fn container_count<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    options: &ParseOptions,
    min_child: usize,
) -> Result<usize, Error> {
    let at = cur.pos();
    let word = cur.u32()?;
    if CHECK && options.strict && word & COUNT_SHARED_BIT != 0 {
        return Err(cur.error_at(at, ErrorKind::NonCanonical));
    }
    let count = (word & !COUNT_SHARED_BIT) as usize;
    if count.saturating_mul(min_child) > cur.remaining() {
        return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
    }
    Ok(count)
}

fn packed<const CHECK: bool>(
    cur: &mut Cursor<'_>,
    element: Element,
    double: bool,
    options: &ParseOptions,
) -> Result<(), Error> {
    let Some(size) = element.size(double) else {
        // PackedStringArray: a negative count is read by the engine as an empty array.
        let at = cur.pos();
        let word = cur.u32()?;
        if word > i32::MAX as u32 {
            if CHECK && options.strict {
                return Err(cur.error_at(at, ErrorKind::NonCanonical));
            }
            return Ok(());
        }
        if (word as usize).saturating_mul(4) > cur.remaining() {
            return Err(cur.error_at(at, ErrorKind::LengthOutOfBounds));
        }
        for _ in 0..word {
            cur.string::<CHECK>()?;
        }
        return Ok(());
    };
    let count = cur.count(size)?;
    cur.take(count * size)?; // cannot fail: `count` checked `count * size` against the rest
    if element == Element::U8 {
        // The engine never checks byte-array padding; it only matters when the input ends.
        let pad = crate::wire::bytes::pad4(count);
        if CHECK && options.strict && cur.remaining() < pad {
            return Err(cur.error_here(ErrorKind::NonCanonical));
        }
        cur.take_at_most(pad);
    }
    Ok(())
}

/// Measures the encoded length of the already validated value at `data[0]`. Unlike
/// [`validate`] it keeps no depth stack (only a count of values still to read), so stepping
/// over a scalar costs a header read; it recurses only into full objects' property values,
/// whose nesting `parse` bounded. On bytes that do not parse it returns `data.len()`.
pub(crate) fn measure(data: &[u8], dialect: Dialect) -> usize {
    let options = ParseOptions::default();
    let mut cur = Cursor::new(data, 0);
    let mut pending: u64 = 1;
    while pending > 0 {
        pending -= 1;
        let Ok(children) = node::<false>(&mut cur, dialect, &options) else {
            return data.len();
        };
        if !children.named {
            pending += u64::from(children.count);
            continue;
        }
        for _ in 0..children.count {
            if cur.string::<false>().is_err() {
                return data.len();
            }
            let len = measure(data.get(cur.pos()..).unwrap_or(&[]), dialect);
            cur.take_at_most(len);
        }
    }
    cur.pos()
}
