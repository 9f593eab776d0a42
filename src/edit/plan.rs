//! The changes of a plan: sorted, non-overlapping patches of the input, each replacing a
//! range of it by staged bytes or by an updated count word; added one operation at a
//! time, all of its patches or none.

use alloc::vec::Vec;

/// What replaces a patch's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Piece {
    /// Bytes `from..to` of the plan's arena (empty: a deletion).
    Bytes { from: usize, to: usize },
    /// A count word (4 bytes): the count `base` as read, changed by `delta`; the bits of
    /// `keep` are kept from the original word (bit 31 of an Array or Dictionary count,
    /// which the engine masks off).
    Count { base: u32, delta: i64, keep: u32 },
}

/// Input bytes `start..end` (indices into the plan's input) replaced by `piece`. An empty
/// range inserts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Patch {
    pub(super) start: usize,
    pub(super) end: usize,
    pub(super) piece: Piece,
}

impl Patch {
    /// A count word at input index `at`.
    pub(super) fn count(at: usize, base: u32, delta: i64, keep: u32) -> Patch {
        Patch {
            start: at,
            end: at.saturating_add(4),
            piece: Piece::Count { base, delta, keep },
        }
    }

    fn is_insertion(&self) -> bool {
        self.start == self.end
    }

    fn count_at(&self) -> Option<usize> {
        matches!(self.piece, Piece::Count { .. }).then_some(self.start)
    }

    /// How much longer the output gets.
    pub(super) fn growth(&self) -> i64 {
        let new = match self.piece {
            Piece::Bytes { from, to } => to.saturating_sub(from),
            Piece::Count { .. } => 4,
        };
        len_i64(new).saturating_sub(len_i64(self.end.saturating_sub(self.start)))
    }
}

/// A length as an i64 (lengths of slices in memory always fit).
pub(super) fn len_i64(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// The count word a [`Piece::Count`] writes, or `None` if the new count is out of
/// `0..=i32::MAX`.
pub(super) fn count_word(base: u32, delta: i64, keep: u32) -> Option<u32> {
    let count = i64::from(base).checked_add(delta)?;
    let count = u32::try_from(count)
        .ok()
        .filter(|&c| c <= i32::MAX as u32)?;
    Some(count | keep)
}

/// Do `a` and `b` touch the same bytes? Two patches of the same count word do not (their
/// changes add up); an insertion conflicts only with a range strictly around its position.
fn overlap(a: &Patch, b: &Patch) -> bool {
    if a.count_at().is_some() && a.count_at() == b.count_at() {
        return false;
    }
    match (a.is_insertion(), b.is_insertion()) {
        (false, false) => a.start < b.end && b.start < a.end,
        (true, false) => b.start < a.start && a.start < b.end,
        (false, true) => a.start < b.start && b.start < a.end,
        (true, true) => false,
    }
}

/// Why an operation's patches were refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// They touch bytes another patch changes, at this input index.
    Conflict(usize),
    /// A count would become this (over `i32::MAX`).
    TooLarge(u64),
}

/// The patches so far, sorted by `(start, end)`, insertions at one position in the order
/// they were made; and how much longer the output is than the input.
#[derive(Clone, Debug, Default)]
pub(super) struct Plan {
    patches: Vec<Patch>,
    growth: i64,
}

impl Plan {
    /// The patches, sorted.
    pub(super) fn patches(&self) -> &[Patch] {
        &self.patches
    }

    /// Output length minus input length.
    pub(super) fn growth(&self) -> i64 {
        self.growth
    }

    /// Where an existing patch conflicts with `p`, if one does. Non-insertions never
    /// overlap each other, so sorted by start they are sorted by end too: of those that
    /// start before `p`, only the last can reach into it.
    fn clash(&self, p: &Patch) -> Option<usize> {
        let split = self.patches.partition_point(|x| x.start < p.start);
        let before = self.patches.get(..split).unwrap_or(&[]);
        let after = self.patches.get(split..).unwrap_or(&[]);
        let last_range = before.iter().rev().find(|x| !x.is_insertion());
        last_range
            .into_iter()
            .chain(after.iter().take_while(|x| x.start < p.end))
            .find(|x| overlap(x, p))
            .map(|x| x.start.max(p.start))
    }

    /// The count change already planned for the count word at `at`.
    fn planned_delta(&self, at: usize) -> i64 {
        let from = self.patches.partition_point(|x| x.start < at);
        self.patches
            .get(from..)
            .unwrap_or(&[])
            .iter()
            .take_while(|x| x.start == at)
            .find_map(|x| match x.piece {
                Piece::Count { delta, .. } if x.count_at() == Some(at) => Some(delta),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Adds the patches of one operation, or refuses them all (the plan is then
    /// unchanged). O(patches in the plan) at worst, O(log) typically.
    pub(super) fn add(&mut self, new: &[Patch]) -> Result<(), Refusal> {
        for (i, p) in new.iter().enumerate() {
            if let Some(at) = self.clash(p) {
                return Err(Refusal::Conflict(at));
            }
            let earlier = new.get(..i).unwrap_or(&[]);
            if let Some(q) = earlier.iter().find(|q| overlap(q, p)) {
                return Err(Refusal::Conflict(q.start.max(p.start)));
            }
            if let Piece::Count { base, delta, keep } = p.piece {
                let total = self.planned_delta(p.start).saturating_add(delta);
                if count_word(base, total, keep).is_none() {
                    let count = i64::from(base).saturating_add(total);
                    return Err(match u64::try_from(count) {
                        Ok(count) => Refusal::TooLarge(count),
                        Err(_) => Refusal::Conflict(p.start),
                    });
                }
            }
        }
        for p in new {
            self.growth = self.growth.saturating_add(p.growth());
            if let Piece::Count { delta, .. } = p.piece {
                let from = self.patches.partition_point(|x| x.start < p.start);
                let same = self
                    .patches
                    .get_mut(from..)
                    .unwrap_or(&mut [])
                    .iter_mut()
                    .take_while(|x| x.start == p.start)
                    .find(|x| x.count_at() == Some(p.start));
                if let Some(Patch {
                    piece: Piece::Count { delta: planned, .. },
                    ..
                }) = same
                {
                    *planned = planned.saturating_add(delta);
                    continue;
                }
            }
            let at = self
                .patches
                .partition_point(|x| (x.start, x.end) <= (p.start, p.end));
            self.patches.insert(at, *p);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(start: usize, end: usize) -> Patch {
        Patch {
            start,
            end,
            piece: Piece::Bytes { from: 0, to: 0 },
        }
    }

    #[test]
    fn patches_conflict_only_where_they_share_bytes() {
        let mut plan = Plan::default();
        plan.add(&[bytes(8, 16), Patch::count(4, 2, 1, 0)]).unwrap();
        // Inside, around, across a boundary: refused, and the plan is unchanged.
        assert_eq!(plan.add(&[bytes(10, 12)]), Err(Refusal::Conflict(10)));
        assert_eq!(plan.add(&[bytes(0, 32)]), Err(Refusal::Conflict(4)));
        assert_eq!(plan.add(&[bytes(12, 20)]), Err(Refusal::Conflict(12)));
        assert_eq!(plan.add(&[bytes(9, 9)]), Err(Refusal::Conflict(9)));
        assert_eq!(plan.patches().len(), 2);
        // Touching ends and insertions at the ends are fine; the same count adds up.
        plan.add(&[bytes(16, 20), bytes(8, 8), bytes(16, 16)])
            .unwrap();
        plan.add(&[Patch::count(4, 2, 1, 0)]).unwrap();
        assert_eq!(plan.patches().len(), 5);
        assert!(plan.patches().contains(&Patch::count(4, 2, 2, 0)));
        // A count may not leave 0..=i32::MAX.
        assert_eq!(
            plan.add(&[Patch::count(4, 2, i64::from(i32::MAX), 0)]),
            Err(Refusal::TooLarge(i32::MAX as u64 + 4))
        );
        let starts: Vec<(usize, usize)> = plan.patches().iter().map(|p| (p.start, p.end)).collect();
        assert_eq!(starts, [(4, 8), (8, 8), (8, 16), (16, 16), (16, 20)]);
    }
}
