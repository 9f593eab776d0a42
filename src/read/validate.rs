//! The one-pass validator, [`validate`]: the walk of `walk.rs` over untrusted bytes, each
//! node read and checked by `node.rs`.

use crate::read::node::node;
use crate::read::options::ParseOptions;
use crate::read::walk::{Budget, Frame, Stack, Step, Walk};
use crate::wire::cursor::Cursor;
use crate::wire::dialect::Dialect;
use crate::wire::error::{Error, ErrorKind};
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;

/// Open containers per stack segment. The validator keeps the ones around the innermost on
/// a small [`Stack`] on the thread's stack (under 1 KiB); deeper nesting continues in a
/// nested call with a fresh segment, so a small value pays for one segment and 1025 levels
/// take at most 9. Measured: a release build validates 1025 levels on a 16 KiB thread
/// stack, a debug build on 128 KiB.
const SEGMENT: usize = 128;

/// Shared state of one validation.
struct Shared<'o> {
    dialect: Dialect,
    options: &'o ParseOptions,
    budget: Budget,
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
    let mut shared = Shared {
        dialect,
        options,
        budget: Budget::new(&options.limits),
    };
    shared.budget.enter(&cur, 0)?;
    let root = node::<true>(&mut cur, dialect, options)?;
    if root.steps > 0 {
        children(&mut cur, &mut shared, root, 1)?;
    }
    Ok(cur.pos())
}

/// Validates the children of a container (`first`) whose children sit at `depth`, and all
/// their descendants: one pass, an explicit stack segment, no recursion per level.
fn children(
    outer: &mut Cursor<'_>,
    shared: &mut Shared<'_>,
    first: Frame,
    depth: usize,
) -> Result<(), Error> {
    // Work on local copies of the cursor and the budget so that they can live in
    // registers; they are written back before a nested segment and at the end.
    let mut cur = *outer;
    let (dialect, options) = (shared.dialect, shared.options);
    let mut budget = shared.budget;
    let mut stack = Stack::<SEGMENT>::new();
    let mut walk = Walk::new(first);
    loop {
        match walk.step() {
            Step::End => {
                if !walk.close(&stack) {
                    *outer = cur;
                    shared.budget = budget;
                    return Ok(());
                }
            }
            Step::Name => {
                let name = cur.string::<true>()?;
                if dialect.script_is_path() && godot_view(name) == b"script" {
                    check_script_property(&cur)?;
                }
            }
            Step::Value => {
                let node_depth = depth + walk.saved();
                budget.enter(&cur, node_depth)?;
                let grandchildren = node::<true>(&mut cur, dialect, options)?;
                // An empty container has nothing to walk: it is not opened.
                if grandchildren.steps > 0 && !walk.open(grandchildren, &mut stack) {
                    // This segment is full: continue one level down in a fresh one.
                    shared.budget = budget;
                    children(&mut cur, shared, grandchildren, node_depth + 1)?;
                    budget = shared.budget;
                }
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
