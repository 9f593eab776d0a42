//! The output of a plan: its [`Change`]s in input order, and the walk that copies the
//! unchanged runs of the input between them.

use core::iter::FusedIterator;
use core::ops::Range;
use core::slice;

use super::plan::{count_word, Patch, Piece};
use crate::frame::PrefixOrder;

/// One change of a plan: the input bytes [`range`](Change::range) are replaced by
/// [`bytes`](Change::bytes) (an empty range inserts, empty bytes delete). The output is
/// the input with every change applied; everything outside the ranges is copied as it is.
///
/// ```
/// use gdvariant::edit::Edit;
/// use gdvariant::Dialect;
///
/// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]; // [1]
/// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
/// edit.set("0", 2)?;
/// let change = edit.changes().next().unwrap();
/// assert_eq!((change.range(), change.bytes()), (8..16, &[2, 0, 0, 0, 2, 0, 0, 0][..]));
/// # Ok::<(), gdvariant::EditError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change<'e> {
    start: usize,
    end: usize,
    bytes: Replacement<'e>,
}

/// The bytes of a change: staged bytes, or a count word or length prefix made on the fly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Replacement<'e> {
    Staged(&'e [u8]),
    Word([u8; 4]),
}

impl<'e> Change<'e> {
    /// A changed prefix: the 4 bytes at `at`.
    pub(super) fn prefix(at: usize, word: [u8; 4]) -> Self {
        Change {
            start: at,
            end: at.saturating_add(4),
            bytes: Replacement::Word(word),
        }
    }

    /// The input bytes replaced (indices into [`Edit::input`](super::Edit::input)). O(1).
    pub fn range(&self) -> Range<usize> {
        self.start..self.end
    }

    /// What replaces them. O(1).
    pub fn bytes(&self) -> &[u8] {
        match &self.bytes {
            Replacement::Staged(bytes) => bytes,
            Replacement::Word(word) => word,
        }
    }
}

/// The [`Change`]s of a plan in input order, from [`Edit::changes`](super::Edit::changes):
/// the length prefix first if it changes, then every replaced, inserted or deleted range
/// and every count word that changes. Ranges do not overlap; insertions at one position
/// come in the order they were planned.
///
/// ```
/// use gdvariant::edit::Edit;
/// use gdvariant::frame::PrefixOrder;
/// use gdvariant::Dialect;
///
/// // store_var([1]) in Godot 4
/// let file = [16, 0, 0, 0, 28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0];
/// let mut edit = Edit::from_frame(&file, Dialect::Godot4, PrefixOrder::Little)?;
/// edit.insert("0", 0)?;
/// let ranges: Vec<_> = edit.changes().map(|c| c.range()).collect();
/// assert_eq!(ranges, [0..4, 8..12, 12..12]); // the prefix, the count, the new element
/// # Ok::<(), gdvariant::EditError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Changes<'e> {
    prefix: Option<Change<'e>>,
    patches: slice::Iter<'e, Patch>,
    arena: &'e [u8],
}

impl<'e> Changes<'e> {
    pub(super) fn new(prefix: Option<Change<'e>>, patches: &'e [Patch], arena: &'e [u8]) -> Self {
        Changes {
            prefix,
            patches: patches.iter(),
            arena,
        }
    }
}

impl<'e> Iterator for Changes<'e> {
    type Item = Change<'e>;

    fn next(&mut self) -> Option<Change<'e>> {
        if let Some(prefix) = self.prefix.take() {
            return Some(prefix);
        }
        loop {
            let patch = self.patches.next()?;
            let bytes = match patch.piece {
                Piece::Bytes { from, to } => {
                    Replacement::Staged(self.arena.get(from..to).unwrap_or(&[]))
                }
                // Counts that end where they started keep their original word.
                Piece::Count { delta: 0, .. } => continue,
                Piece::Count { base, delta, keep } => {
                    let word = count_word(base, delta, keep).unwrap_or(base | keep);
                    Replacement::Word(word.to_le_bytes())
                }
            };
            return Some(Change {
                start: patch.start,
                end: patch.end,
                bytes,
            });
        }
    }
}

impl FusedIterator for Changes<'_> {}

/// Hands `f` the output in order: the runs of `input` between the changes (each as one
/// slice) and the changes' bytes. Empty pieces are skipped.
pub(super) fn pieces<'e, E>(
    input: &'e [u8],
    changes: Changes<'e>,
    mut f: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let mut at = 0;
    for change in changes {
        let kept = input.get(at..change.start).unwrap_or(&[]);
        for piece in [kept, change.bytes()] {
            if !piece.is_empty() {
                f(piece)?;
            }
        }
        at = change.end.max(at);
    }
    match input.get(at..) {
        Some(rest) if !rest.is_empty() => f(rest),
        _ => Ok(()),
    }
}

/// The new prefix at `at` in `input` (in `order`) for an output `growth` bytes longer, if
/// it changes.
pub(super) fn prefix_change(
    input: &[u8],
    at: usize,
    order: PrefixOrder,
    growth: i64,
) -> Option<Change<'_>> {
    if growth == 0 {
        return None;
    }
    let old = order.read(input.get(at..)?)?;
    let new = u32::try_from(i64::from(old).saturating_add(growth)).ok()?;
    Some(Change::prefix(at, order.encode(new)))
}
