//! Where the last container a view iterator finished ends: how the iterators of a
//! recursive walk avoid measuring each container once per container around it.
//!
//! The view iterators yield a nested container without measuring it (see `values.rs`);
//! they need its end only when they step past it. A walk that reads the container through
//! its own iterator reaches that end first: the child iterator, when it runs out, notes
//! here where its container ends ([`note`]), and the parent iterator's next step finds the
//! note ([`find`]) instead of measuring the child again. A walk that skips the child gets
//! no note, and the parent measures it as before.
//!
//! A note is one entry per thread: the address of a container's payload, the address of
//! its end and the dialect. It is only believed by an iterator that took its [`Stamp`]
//! before the note was written, on the same thread: the iterator stamps itself when it
//! yields a container without its end, and it borrows the bytes for its whole life, so
//! they cannot have changed between the note and its use (a note left from other bytes
//! that once lived at the same address is never believed). Each thread has a token no
//! other thread ever gets and a clock that counts notes.
//!
//! The folds of the view iterators (what `for_each`, `fold`, … run) need no stamp: a fold
//! runs on one thread from start to end, and the bytes it walks stay borrowed all along.
//! It [`forget`]s the note when it starts, so any note it finds afterwards
//! ([`find_since_forget`]) was written during the fold, on its thread, about bytes that
//! cannot have changed since; and a note with the key of a child's payload is about that
//! child (in the same dialect: the same container, so the same end).
//!
//! Without the `std` feature there are no thread-locals: nothing is noted and every
//! container is measured.

#[cfg(not(feature = "std"))]
use crate::wire::dialect::Dialect;

/// When and where an iterator was made: its thread's token and that thread's clock.
/// A note is believed only with the same token and a later clock.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Stamp {
    #[cfg(feature = "std")]
    token: u64,
    #[cfg(feature = "std")]
    clock: u64,
}

#[cfg(feature = "std")]
mod imp {
    use core::cell::Cell;
    use core::sync::atomic::{AtomicU64, Ordering};

    use super::Stamp;
    use crate::wire::dialect::Dialect;

    /// Tokens handed out so far (0 is never one: it marks a thread without a token yet).
    static TOKENS: AtomicU64 = AtomicU64::new(0);

    /// One thread's state: its token and clock, and the last note (written when the clock
    /// last moved: the clock counts notes, and nothing else moves it).
    #[derive(Clone, Copy)]
    struct Note {
        token: u64,
        clock: u64,
        key: usize,
        end: usize,
        dialect: Option<Dialect>,
    }

    std::thread_local! {
        static NOTE: Cell<Note> = const {
            Cell::new(Note { token: 0, clock: 0, key: 0, end: 0, dialect: None })
        };
    }

    /// A stamp taken now: notes written from now on this thread are believed with it.
    #[inline]
    pub(crate) fn stamp() -> Stamp {
        NOTE.try_with(|cell| {
            let mut note = cell.get();
            if note.token == 0 {
                // 2^64 tokens: never exhausted (and a saturated count only disables notes).
                let token = TOKENS.fetch_add(1, Ordering::Relaxed).saturating_add(1);
                if token == u64::MAX {
                    return Stamp::default();
                }
                note.token = token;
                cell.set(note);
            }
            Stamp {
                token: note.token,
                clock: note.clock,
            }
        })
        .unwrap_or_default()
    }

    /// Notes that the container whose payload starts at address `key` ends at address
    /// `end`, in `dialect`. (On a thread without a token yet nobody can believe it: the
    /// first stamp reads the clock after it.)
    #[inline]
    pub(crate) fn note(key: usize, end: usize, dialect: Dialect) {
        let _ = NOTE.try_with(|cell| {
            let mut note = cell.get();
            note.clock = note.clock.saturating_add(1);
            note.key = key;
            note.end = end;
            note.dialect = Some(dialect);
            cell.set(note);
        });
    }

    /// Forgets the note (for a fold, which believes a note with [`find_since_forget`]).
    #[inline]
    pub(crate) fn forget() {
        let _ = NOTE.try_with(|cell| {
            let mut note = cell.get();
            note.key = 0;
            cell.set(note);
        });
    }

    /// The end noted for the container whose payload starts at address `key` (never 0:
    /// it is a slice's), in `dialect`, by a note written on this thread since the last
    /// [`forget`] (whatever the stamps).
    #[inline]
    pub(crate) fn find_since_forget(key: usize, dialect: Dialect) -> Option<usize> {
        NOTE.try_with(|cell| {
            let note = cell.get();
            (note.key == key && note.dialect == Some(dialect)).then_some(note.end)
        })
        .ok()
        .flatten()
    }

    /// The end noted for the container whose payload starts at address `key`, if the note
    /// was written after `stamp` on this thread, in `dialect`.
    #[inline]
    pub(crate) fn find(key: usize, dialect: Dialect, stamp: Stamp) -> Option<usize> {
        NOTE.try_with(|cell| {
            let note = cell.get();
            let fresh = stamp.token != 0
                && note.token == stamp.token
                && note.clock > stamp.clock
                && note.key == key
                && note.dialect == Some(dialect);
            fresh.then_some(note.end)
        })
        .ok()
        .flatten()
    }
}

#[cfg(feature = "std")]
pub(crate) use imp::{find, find_since_forget, forget, note, stamp};

/// The stamp of an iterator made now (none without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn stamp() -> Stamp {
    Stamp::default()
}

/// Notes a container's end (nothing without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn note(_key: usize, _end: usize, _dialect: Dialect) {}

/// Forgets the note (nothing without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn forget() {}

/// A note written since [`forget`] (never without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn find_since_forget(_key: usize, _dialect: Dialect) -> Option<usize> {
    None
}

/// A noted end (never without `std`).
#[cfg(not(feature = "std"))]
#[inline]
pub(crate) fn find(_key: usize, _dialect: Dialect, _stamp: Stamp) -> Option<usize> {
    None
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use super::*;
    use crate::wire::dialect::Dialect;

    #[test]
    fn a_note_is_believed_only_after_the_stamp_and_on_its_thread() {
        let g4 = Dialect::Godot4;
        note(100, 200, g4); // before any stamp: not believed by a later iterator
        let early = stamp();
        assert_eq!(find(100, g4, early), None);
        note(100, 200, g4);
        assert_eq!(find(100, g4, early), Some(200));
        assert_eq!(find(104, g4, early), None);
        assert_eq!(find(100, Dialect::Godot3, early), None);
        let late = stamp();
        assert_eq!(find(100, g4, late), None);
        let other = std::thread::spawn(move || find(100, g4, early))
            .join()
            .unwrap();
        assert_eq!(other, None);
    }

    #[test]
    fn a_forgotten_note_is_not_found_and_a_later_one_is() {
        let g4 = Dialect::Godot4;
        note(100, 200, g4);
        assert_eq!(find_since_forget(100, g4), Some(200));
        forget();
        assert_eq!(find_since_forget(100, g4), None);
        note(104, 300, g4);
        assert_eq!(find_since_forget(100, g4), None);
        assert_eq!(find_since_forget(104, Dialect::Godot3), None);
        assert_eq!(find_since_forget(104, g4), Some(300));
        // Another thread's notes are its own.
        let other = std::thread::spawn(move || find_since_forget(104, g4))
            .join()
            .unwrap();
        assert_eq!(other, None);
        // The stamped protocol is not disturbed: a note after a stamp is still found.
        let early = stamp();
        forget();
        note(108, 400, g4);
        assert_eq!(find(108, g4, early), Some(400));
    }
}
