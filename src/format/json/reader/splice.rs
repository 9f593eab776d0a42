//! Prefixes written again: a typed container whose types came after its elements (or an
//! Object whose class came after its properties) gets its final header at close, and the
//! bytes are put in place once, at the end, in one pass over the output from the first.

use alloc::vec::Vec;

/// A prefix to put in place of `remove` bytes at `at`: `spill[from..to]`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Splice {
    pub(super) at: usize,
    pub(super) remove: usize,
    pub(super) from: usize,
    pub(super) to: usize,
}

/// Puts every respelled prefix in place: one pass over the output from the first.
pub(super) fn splice_all(out: &mut Vec<u8>, splices: &mut [Splice], spill: &[u8]) {
    if splices.is_empty() {
        return;
    }
    splices.sort_unstable_by_key(|s| s.at);
    let first = splices.first().map_or(0, |s| s.at);
    let extra: usize = splices.iter().map(|s| s.to.saturating_sub(s.from)).sum();
    let mut tail = Vec::with_capacity(out.len().saturating_sub(first).saturating_add(extra));
    let mut at = first;
    for s in splices.iter() {
        tail.extend_from_slice(out.get(at..s.at).unwrap_or(&[]));
        tail.extend_from_slice(spill.get(s.from..s.to).unwrap_or(&[]));
        at = s.at.saturating_add(s.remove);
    }
    tail.extend_from_slice(out.get(at..).unwrap_or(&[]));
    out.truncate(first);
    out.extend_from_slice(&tail);
}
