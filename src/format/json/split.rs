//! Large Arrays and Dictionaries written as JSON on all cores (feature `parallel`).
//!
//! [`write`](super::write) hands a value here when it is an untyped Array or Dictionary of
//! at least [`SPLIT_BYTES`] encoded bytes. The caller's thread walks its children (and,
//! inside them, any untyped Array or Dictionary that is itself large), measuring each
//! child once with the reader's own measure (`read::node::measure_values`, headers only,
//! a batch of entries at a time, on a slice bounded at [`SPLIT_BYTES`], so a large child
//! costs no more than that), and cuts
//! the run of children into chunks of about [`CHUNK_BYTES`] of input. The rayon pool
//! formats the chunks with the serial writer (the one walk), and the caller's thread
//! writes them in order as they come back ([`parallel::ordered_jobs`]): at most a window
//! of chunks is in flight, so memory stays bounded whatever the value's size. A large
//! child that cannot be cut (a packed array, a typed container, an Object) is written in
//! place by the serial writer, which formats a large packed array's floats on the pool
//! itself. Every node is decoded by `read/`: this walk reads no header bits itself.
//!
//! The walk can also start before the value is validated, on another thread, and hand
//! its cuts to the writing thread later ([`Ahead`](super::Ahead), `ahead.rs`).
//!
//! A chunk is formatted as a value of its own (`split_job.rs`): the container's header
//! bytes, the chunk's count and a copy of the chunk's bytes, written by the serial
//! writer. The output is byte for byte that of the serial writer; the tests
//! (`split_tests.rs`) compare the two on every fixture, at small thresholds.

use alloc::collections::VecDeque;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use std::io::{self, Write};

use crate::format::json::tagged::write_serial;
use crate::format::parallel;
use crate::read::decoded::Value;
use crate::read::node::{measure, measure_values};
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use job::{Job, Kind, Shift};

#[path = "split_job.rs"]
mod job;

/// An untyped Array or Dictionary of at least this many encoded bytes is cut into chunks
/// (as is one met inside a cut one); any other child this large is written in place.
pub(crate) const SPLIT_BYTES: usize = 4 << 20;

/// Encoded bytes of children per chunk: about a millisecond of formatting (fewer threads
/// woken than for smaller chunks; see [`CHUNK_COMPONENTS`](crate::format::parallel)).
const CHUNK_BYTES: usize = 1 << 20;

/// The thresholds (the tests make them small).
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    split_bytes: usize,
    chunk_bytes: usize,
}

pub(super) const LIMITS: Limits = Limits {
    split_bytes: SPLIT_BYTES,
    chunk_bytes: CHUNK_BYTES,
};

/// Is `value` written here: an untyped Array or Dictionary of at least [`SPLIT_BYTES`],
/// with more than one thread in the pool? O(1) for a value from `parse`; a container
/// yielded by a view iterator is measured (O(size), headers only).
pub(crate) fn worth(value: &VariantRef<'_>) -> bool {
    rayon::current_num_threads() > 1
        && cuttable(value.encoded(), 0, value.offset(), value.dialect()).is_some()
        && value.encoded().len() >= LIMITS.split_bytes
}

/// Writes `value` (for which [`worth`] holds) as the serial writer would, its chunks
/// formatted on the pool.
pub(crate) fn write(out: &mut impl Write, value: VariantRef<'_>, pretty: bool) -> io::Result<()> {
    write_with(out, value, pretty, LIMITS)
}

fn write_with(
    out: &mut impl Write,
    value: VariantRef<'_>,
    pretty: bool,
    limits: Limits,
) -> io::Result<()> {
    match Cuts::root(
        value.encoded(),
        value.offset(),
        value.dialect(),
        pretty,
        limits,
    ) {
        Some(cuts) => write_cuts(out, cuts, pretty),
        None => write_serial(out, value, pretty),
    }
}

/// Writes the pieces of `cuts` (those it holds, then the rest of its walk): the jobs
/// formatted on the pool, a large child that cannot be cut in place.
pub(super) fn write_cuts(out: &mut impl Write, mut cuts: Cuts<'_>, pretty: bool) -> io::Result<()> {
    loop {
        let mut direct = None;
        let jobs = core::iter::from_fn(|| match cuts.next()? {
            Piece::Job(job) => Some(job),
            Piece::Direct(child, levels) => {
                direct = Some((child, levels));
                None
            }
        });
        parallel::ordered_jobs(
            jobs,
            |job, spare| job.format(pretty, spare),
            |text| out.write_all(text),
        )?;
        let Some((child, levels)) = direct else {
            return Ok(());
        };
        let mut shifted = Shift {
            out: &mut *out,
            levels: if pretty { levels } else { 0 },
        };
        write_serial(&mut shifted, child, pretty)?;
    }
}

/// The node at `at` of `bytes` (at absolute offset `base + at`), decoded by the reader,
/// when it is an untyped Array or Dictionary whose count directly follows its header (so
/// a chunk can be made from the header, a count and the chunk's bytes): its kind and
/// count.
fn cuttable(bytes: &[u8], at: usize, base: usize, dialect: Dialect) -> Option<(Kind, u64)> {
    let mut reader = Reader::at(bytes, at, base, dialect);
    let decoded = reader.value();
    if reader.pos().wrapping_sub(at) != 8 {
        return None;
    }
    match decoded {
        Value::Array(a) if a.element_type() == ContainerType::Untyped => {
            Some((Kind::Array, a.len() as u64))
        }
        Value::Dictionary(d)
            if d.key_type() == ContainerType::Untyped
                && d.value_type() == ContainerType::Untyped =>
        {
            Some((Kind::Dictionary, d.len() as u64))
        }
        _ => None,
    }
}

/// One open container being cut.
#[derive(Debug)]
struct Frame {
    kind: Kind,
    /// The container's own depth (its children are one deeper).
    depth: usize,
    /// The container's header bytes, as on the wire (copied, not decoded).
    head: [u8; 4],
    /// Position of the next child in the root's bytes.
    pos: usize,
    /// Entries (elements, or pairs) not yet handed on.
    left: u64,
    /// Entries handed on so far.
    done: u64,
    /// A Dictionary whose pair was cut between its key and its value: the value is next.
    half: bool,
    /// The run of small entries not yet made a chunk: where it starts, the index of its
    /// first entry, and how many.
    run_at: usize,
    run_first: u64,
    run_len: u32,
}

/// What the walk hands on, in output order.
enum Piece<'a> {
    /// Formatted on the pool.
    Job(Job<'a>),
    /// A large child that cannot be cut, written in place by the caller's thread, its
    /// lines moved right by the given number of levels.
    Direct(VariantRef<'a>, usize),
}

/// The walk over the containers being cut (outermost first), and the pieces made but not
/// yet handed on.
pub(super) struct Cuts<'a> {
    bytes: &'a [u8],
    base: usize,
    dialect: Dialect,
    pretty: bool,
    limits: Limits,
    frames: Vec<Frame>,
    queue: VecDeque<Piece<'a>>,
    /// Bytes and entries measured into runs so far (their average sizes a batch).
    measured: (u64, u64),
}

impl<'a> Cuts<'a> {
    /// The walk over the value at the start of `bytes` (at absolute offset `base`), if it
    /// is an untyped Array or Dictionary; its opening is the first piece. (On bytes that
    /// are not validated, the walk makes pieces of no use, without panicking.)
    pub(super) fn root(
        bytes: &'a [u8],
        base: usize,
        dialect: Dialect,
        pretty: bool,
        limits: Limits,
    ) -> Option<Self> {
        let (kind, count) = cuttable(bytes, 0, base, dialect)?;
        let mut cuts = Cuts {
            bytes,
            base,
            dialect,
            pretty,
            limits,
            frames: Vec::new(),
            queue: VecDeque::new(),
            measured: (0, 0),
        };
        cuts.open(kind, count, 0, 0, Vec::new());
        Some(cuts)
    }

    /// Walks on until `pieces` pieces wait to be handed on, the walk ends, or `stop` is
    /// set (looked at before each step; a step measures each child up to
    /// [`Limits::split_bytes`], or walks past a large one, so it ends soon after).
    pub(super) fn ahead(&mut self, pieces: usize, stop: &AtomicBool) {
        while self.queue.len() < pieces && !self.frames.is_empty() {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            self.step();
        }
    }

    /// Is this the walk of `value` (a validated value): made over its bytes (the same
    /// memory, perhaps with more after it), at its offset, in its dialect, for `pretty`
    /// output? If so, its pieces are the ones a walk of `value` with the same thresholds
    /// makes (the walk reads nothing past a validated value), and the bytes it reads on
    /// are narrowed to the value's.
    pub(super) fn adopt(&mut self, value: &VariantRef<'_>, pretty: bool) -> bool {
        let encoded = value.encoded();
        let same = core::ptr::eq(self.bytes.as_ptr(), encoded.as_ptr())
            && self.bytes.len() >= encoded.len()
            && self.base == value.offset()
            && self.dialect == value.dialect()
            && self.pretty == pretty;
        if same {
            self.bytes = self.bytes.get(..encoded.len()).unwrap_or(self.bytes);
        }
        same
    }

    /// The next piece, or `None` at the end.
    fn next(&mut self) -> Option<Piece<'a>> {
        loop {
            if let Some(piece) = self.queue.pop_front() {
                return Some(piece);
            }
            if self.frames.is_empty() {
                return None;
            }
            self.step();
        }
    }

    /// A container to cut, of `count` entries, at `at`, opened after `before` (its
    /// separator).
    fn open(&mut self, kind: Kind, count: u64, depth: usize, at: usize, mut before: Vec<u8>) {
        let mut head = [0; 4];
        if let Some(bytes) = self.bytes.get(at..at.wrapping_add(4)) {
            head.copy_from_slice(bytes);
        }
        before.extend_from_slice(match (kind, self.pretty) {
            (Kind::Array, _) => b"[",
            (Kind::Dictionary, false) => b"{\"Dictionary\":[",
            (Kind::Dictionary, true) => b"{\"Dictionary\": [",
        });
        self.queue.push_back(Piece::Job(Job::Text(before)));
        self.frames.push(Frame {
            kind,
            depth,
            head,
            pos: at.saturating_add(8),
            left: count,
            done: 0,
            half: false,
            run_at: 0,
            run_first: 0,
            run_len: 0,
        });
    }

    /// Where the `count` children from `at` end, when together they are smaller than
    /// [`Limits::split_bytes`]: the reader's measure on the bytes up to that bound (children
    /// that do not end before it measure as the whole slice).
    fn small(&self, at: usize, count: u64) -> Option<usize> {
        let limit = at.saturating_add(self.limits.split_bytes);
        let rest = self.bytes.get(at..limit.min(self.bytes.len()))?;
        let len = measure_values(rest, self.dialect, count);
        let whole = limit >= self.bytes.len() && len < self.limits.split_bytes;
        (len > 0 && (len < rest.len() || whole)).then_some(at + len)
    }

    /// One step of the innermost container: its end, a run of small entries, or one
    /// child handed on alone.
    fn step(&mut self) {
        let Some(frame) = self.frames.last() else {
            return;
        };
        let (kind, depth, pos, half) = (frame.kind, frame.depth, frame.pos, frame.half);
        // Children left at the bytes' end: bytes that are not validated, cut short (no
        // child of a validated value starts there). The walk ends, its cuts of no use.
        if (frame.left == 0 && !half) || pos >= self.bytes.len() {
            self.close();
            return;
        }
        if !half && self.fill_run(kind) {
            return;
        }
        // One child alone: its separator, then the child.
        self.end_run();
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        let mut before = Vec::new();
        let pretty = self.pretty;
        let line = |before: &mut Vec<u8>| {
            if pretty {
                before.push(b'\n');
                before.resize(before.len() + 2 * (depth + 1), b' ');
            }
        };
        match (kind, frame.half) {
            (Kind::Array, _) => {
                if frame.done > 0 {
                    before.push(b',');
                }
                line(&mut before);
                frame.done += 1;
                frame.left -= 1;
            }
            (Kind::Dictionary, false) => {
                if frame.done > 0 {
                    before.extend_from_slice(b"],");
                }
                line(&mut before);
                before.push(b'[');
                frame.half = true;
            }
            (Kind::Dictionary, true) => {
                before.extend_from_slice(if pretty { b", " } else { b"," });
                frame.half = false;
                frame.done += 1;
                frame.left -= 1;
            }
        }
        let (end, piece) = if let Some(end) = self.small(pos, 1) {
            (end, Piece::Job(Job::One(self.child(pos, end), depth + 1)))
        } else if let Some((kind, count)) = cuttable(self.bytes, pos, self.base, self.dialect) {
            return self.open(kind, count, depth + 1, pos, before);
        } else {
            let rest = self.bytes.get(pos..).unwrap_or(&[]);
            let end = pos + measure(rest, self.dialect).max(1);
            (end, Piece::Direct(self.child(pos, end), depth + 1))
        };
        self.queue.push_back(Piece::Job(Job::Text(before)));
        self.queue.push_back(piece);
        if let Some(frame) = self.frames.last_mut() {
            frame.pos = end;
        }
    }

    /// Adds the innermost container's entries from its position on to its run while they
    /// are small, until the run is handed on or no entry is left. Whether it added any.
    /// The entries are measured in batches ([`Cuts::small`] of several at once), each as
    /// many as the room left in the run holds at the average size measured so far; a batch
    /// that is not small is tried again smaller, down to one entry.
    fn fill_run(&mut self, kind: Kind) -> bool {
        let per_entry = if kind == Kind::Dictionary { 2 } else { 1 };
        let chunk_bytes = self.limits.chunk_bytes;
        let mut added = false;
        loop {
            let Some(frame) = self.frames.last() else {
                return added;
            };
            if frame.left == 0 {
                return added;
            }
            let run_at = if frame.run_len == 0 {
                frame.pos
            } else {
                frame.run_at
            };
            let room = chunk_bytes.saturating_sub(frame.pos - run_at).max(1) as u64;
            let mut batch = match self.measured {
                (0, _) | (_, 0) => 1,
                (bytes, entries) => room.saturating_mul(entries) / bytes.max(1),
            };
            batch = batch.clamp(1, frame.left.min(u64::from(u32::MAX >> 2)));
            let pos = frame.pos;
            let end = loop {
                if let Some(end) = self.small(pos, batch * per_entry) {
                    break end;
                }
                if batch == 1 {
                    return added;
                }
                batch /= 4;
                batch = batch.max(1);
            };
            added = true;
            self.measured.0 += (end - pos) as u64;
            self.measured.1 += batch;
            let Some(frame) = self.frames.last_mut() else {
                return added;
            };
            if frame.run_len == 0 {
                frame.run_at = pos;
                frame.run_first = frame.done;
            }
            frame.run_len += u32::try_from(batch).unwrap_or(u32::MAX >> 2);
            frame.pos = end;
            frame.done += batch;
            frame.left -= batch;
            if end.saturating_sub(frame.run_at) >= chunk_bytes || frame.run_len >= u32::MAX >> 2 {
                self.end_run();
                return added;
            }
        }
    }

    /// The validated child from `at` to `end`.
    fn child(&self, at: usize, end: usize) -> VariantRef<'a> {
        let encoded = self.bytes.get(at..end).unwrap_or(&[]);
        VariantRef::trusted(encoded, self.base.saturating_add(at), self.dialect)
    }

    /// Hands the innermost container's run on as a job, if it has one.
    fn end_run(&mut self) {
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        if frame.run_len == 0 {
            return;
        }
        let entries = self.bytes.get(frame.run_at..frame.pos).unwrap_or(&[]);
        self.queue.push_back(Piece::Job(Job::Run {
            kind: frame.kind,
            depth: frame.depth,
            first: frame.run_first,
            head: frame.head,
            count: frame.run_len,
            entries,
            dialect: self.dialect,
        }));
        frame.run_len = 0;
    }

    /// The end of the innermost container: its run, then its closing.
    fn close(&mut self) {
        self.end_run();
        let Some(frame) = self.frames.pop() else {
            return;
        };
        let any = frame.done > 0;
        let mut text = Vec::new();
        if any && frame.kind == Kind::Dictionary {
            text.push(b']');
        }
        if any && self.pretty {
            text.push(b'\n');
            text.resize(text.len() + 2 * frame.depth, b' ');
        }
        text.extend_from_slice(match frame.kind {
            Kind::Array => b"]",
            Kind::Dictionary => b"]}",
        });
        self.queue.push_back(Piece::Job(Job::Text(text)));
        if let Some(parent) = self.frames.last_mut() {
            parent.pos = frame.pos;
        }
    }
}

#[cfg(test)]
#[path = "split_tests.rs"]
mod tests;
