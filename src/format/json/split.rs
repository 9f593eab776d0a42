//! Large Arrays and Dictionaries written as JSON on all cores (feature `parallel`).
//!
//! [`write`](super::write) hands a value here when it is an untyped Array or Dictionary of
//! at least [`SPLIT_BYTES`] encoded bytes. The caller's thread walks its children (and,
//! inside them, any untyped Array or Dictionary that is itself large), measuring each
//! child once, headers only, and cuts the run of children into chunks of about
//! [`CHUNK_BYTES`] of input. The rayon pool formats the chunks with the serial writer,
//! and the caller's thread writes them in order as they come back
//! ([`parallel::ordered_jobs`]): at most a window of chunks is in flight, so memory stays
//! bounded whatever the value's size. A large child that cannot be cut (a packed array,
//! a typed container, an Object) is written in place by the serial writer, which formats
//! a large packed array's floats on the pool itself.
//!
//! The walk can also start before the value is validated, on another thread, and hand
//! its cuts to the writing thread later ([`Ahead`](super::Ahead), `ahead.rs`).
//!
//! A chunk is formatted as a value of its own (`split_job.rs`): the container's header,
//! the chunk's count and a copy of the chunk's bytes, written by the serial writer. The
//! output is byte for byte that of the serial writer; the tests (`split_tests.rs`)
//! compare the two on every fixture, at small thresholds.

use alloc::collections::VecDeque;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use std::io::{self, Write};

use crate::format::json::tagged::write_serial;
use crate::format::parallel;
use crate::read::decoded::Value;
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use crate::wire::bytes::le_u32;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::header::COUNT_SHARED_BIT;
use job::{Job, Kind, Shift};
use span::{span, Size, Sizer};

#[path = "split_job.rs"]
mod job;
#[path = "split_span.rs"]
mod span;

/// An untyped Array or Dictionary of at least this many encoded bytes is cut into chunks
/// (as is one met inside a cut one); any other child this large is written in place.
pub(crate) const SPLIT_BYTES: usize = 4 << 20;

/// An untyped Array or Dictionary with at least this many children, met inside a cut
/// one, is cut too, without measuring it first (measuring a large container would read
/// all of it once more, on the caller's thread, before its first chunk starts).
const SPLIT_COUNT: usize = 4096;

/// Encoded bytes of children per chunk: about a millisecond of formatting (fewer threads
/// woken than for smaller chunks; see [`CHUNK_COMPONENTS`](crate::format::parallel)).
const CHUNK_BYTES: usize = 1 << 20;

/// The thresholds (the tests make them small).
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    split_bytes: usize,
    split_count: usize,
    chunk_bytes: usize,
}

pub(super) const LIMITS: Limits = Limits {
    split_bytes: SPLIT_BYTES,
    split_count: SPLIT_COUNT,
    chunk_bytes: CHUNK_BYTES,
};

/// Is `value` written here: an untyped Array or Dictionary of at least [`SPLIT_BYTES`],
/// with more than one thread in the pool? O(1) for a value from `parse`; a container
/// yielded by a view iterator is measured (O(size), headers only).
pub(crate) fn worth(value: &VariantRef<'_>) -> bool {
    rayon::current_num_threads() > 1
        && cuttable(value).is_some()
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

/// Is `value` an untyped Array or Dictionary whose count directly follows its header (so
/// a chunk can be made from the header, a count and the chunk's bytes)?
fn cuttable(value: &VariantRef<'_>) -> Option<Kind> {
    let mut reader = Reader::new(value);
    let decoded = reader.value();
    let at_children = reader.pos();
    kind_of(&decoded, at_children)
}

/// [`cuttable`] for a decoded node whose children start `at_children` bytes after its
/// header.
fn kind_of(decoded: &Value<'_>, at_children: usize) -> Option<Kind> {
    if at_children != 8 {
        return None;
    }
    match decoded {
        Value::Array(a) if a.element_type() == ContainerType::Untyped => Some(Kind::Array),
        Value::Dictionary(d)
            if d.key_type() == ContainerType::Untyped
                && d.value_type() == ContainerType::Untyped =>
        {
            Some(Kind::Dictionary)
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
    /// The container's header word and count word, as on the wire.
    head: [u32; 2],
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
}

/// What a child is, for the walk.
enum Child<'a> {
    /// Small: it ends at the given position.
    Small(usize),
    /// An untyped container to cut.
    Cut(Kind),
    /// Large, and cannot be cut.
    Whole(VariantRef<'a>),
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
        let kind = cuttable(&VariantRef::trusted(bytes, base, dialect))?;
        let mut cuts = Cuts {
            bytes,
            base,
            dialect,
            pretty,
            limits,
            frames: Vec::new(),
            queue: VecDeque::new(),
        };
        cuts.open(kind, 0, 0, Vec::new());
        Some(cuts)
    }

    /// Walks on until `pieces` pieces wait to be handed on, the walk ends, or `stop` is
    /// set (looked at before each step; a step sizes each child up to
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

    /// A container to cut, opened after `before` (its separator).
    fn open(&mut self, kind: Kind, depth: usize, at: usize, mut before: Vec<u8>) {
        let mut reader = Reader::at(self.bytes, at, self.base, self.dialect);
        let decoded = reader.value();
        let count = match decoded {
            Value::Array(a) => a.len(),
            Value::Dictionary(d) => d.len(),
            _ => 0,
        };
        let head = [
            le_u32(self.bytes, at),
            le_u32(self.bytes, at.wrapping_add(4)),
        ];
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
            pos: reader.pos(),
            left: count as u64,
            done: 0,
            half: false,
            run_at: 0,
            run_first: 0,
            run_len: 0,
        });
    }

    /// What the child at `at` is. A child that is not an Array or Dictionary with
    /// [`Limits::split_count`] children or more (read off its count word, without
    /// decoding it) is sized first ([`Sizer::size`], [`span`]); only a large one is
    /// decoded.
    fn classify(&self, at: usize) -> Child<'a> {
        let sizer = self.sizer();
        let (container, mut large) = match sizer.size(at) {
            Size::Small(end) => return Child::Small(end),
            Size::Container(large) => (true, large),
            Size::Other => (false, false),
        };
        // An untyped container's count follows its header (a typed one's count is read
        // from what may be its type word: then it is decoded below, which is exact).
        let many = container
            && (le_u32(self.bytes, at.wrapping_add(4)) & !COUNT_SHARED_BIT) as usize
                >= self.limits.split_count;
        if !large && !many {
            match sizer.small_span(at) {
                Some(end) => return Child::Small(end),
                None => large = true,
            }
        }
        let mut reader = Reader::at(self.bytes, at, self.base, self.dialect);
        let decoded = reader.value();
        let kind = kind_of(&decoded, reader.pos().wrapping_sub(at));
        let count = match decoded {
            Value::Array(a) => a.len(),
            Value::Dictionary(d) => d.len(),
            _ => 0,
        };
        if let Some(kind) = kind {
            if count >= self.limits.split_count {
                return Child::Cut(kind);
            }
        }
        if !large {
            if let Some(end) = sizer.small_span(at) {
                return Child::Small(end);
            }
        }
        match kind {
            Some(kind) => Child::Cut(kind),
            None => {
                let len = span(self.bytes, at, self.dialect, usize::MAX);
                let rest = self.bytes.get(at..).unwrap_or(&[]);
                let encoded = rest.get(..len).unwrap_or(rest);
                Child::Whole(VariantRef::trusted(
                    encoded,
                    self.base.saturating_add(at),
                    self.dialect,
                ))
            }
        }
    }

    /// One step of the innermost container: its end, a small entry added to the run, or
    /// one child handed on alone.
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
        if !half && self.fill_run(kind, pos) {
            return;
        }
        if !half {
            // A whole entry that is small joins the run.
            let end = match self.classify(pos) {
                Child::Small(end) if kind == Kind::Dictionary => match self.classify(end) {
                    Child::Small(end) => Some(end),
                    _ => None,
                },
                Child::Small(end) => Some(end),
                _ => None,
            };
            if let Some(end) = end {
                self.add_to_run(end);
                return;
            }
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
        match self.classify(pos) {
            Child::Small(end) => {
                let child = self.child(pos, end);
                self.queue.push_back(Piece::Job(Job::Text(before)));
                self.queue.push_back(Piece::Job(Job::One(child, depth + 1)));
                if let Some(frame) = self.frames.last_mut() {
                    frame.pos = end;
                }
            }
            Child::Whole(child) => {
                let end = pos.saturating_add(child.encoded().len());
                self.queue.push_back(Piece::Job(Job::Text(before)));
                self.queue.push_back(Piece::Direct(child, depth + 1));
                if let Some(frame) = self.frames.last_mut() {
                    frame.pos = end;
                }
            }
            Child::Cut(kind) => self.open(kind, depth + 1, pos, before),
        }
    }

    /// The walk's bytes and thresholds, for sizing children.
    fn sizer(&self) -> Sizer<'a> {
        Sizer {
            bytes: self.bytes,
            dialect: self.dialect,
            split_bytes: self.limits.split_bytes,
            split_count: self.limits.split_count,
        }
    }

    /// Adds the innermost container's entries from `pos` on to its run while they are
    /// small by [`Sizer::size`] (those [`Cuts::classify`] finds small too, with the same
    /// ends), until the run is handed on or no entry is left: the entries `step` would
    /// add one by one with [`Cuts::add_to_run`], sized in one loop
    /// ([`Sizer::entries`]). Whether it added any.
    fn fill_run(&mut self, kind: Kind, pos: usize) -> bool {
        let sizer = self.sizer();
        let chunk_bytes = self.limits.chunk_bytes;
        let Some(frame) = self.frames.last_mut() else {
            return false;
        };
        let run_at = if frame.run_len == 0 {
            pos
        } else {
            frame.run_at
        };
        let room = (u32::MAX >> 1).saturating_sub(frame.run_len);
        let room = u32::try_from(frame.left).map_or(room, |left| left.min(room));
        let (end, added) = sizer.entries(pos, kind == Kind::Dictionary, room, run_at, chunk_bytes);
        if added == 0 {
            return false;
        }
        if frame.run_len == 0 {
            frame.run_at = pos;
            frame.run_first = frame.done;
        }
        frame.run_len += added;
        frame.pos = end;
        frame.done += u64::from(added);
        frame.left -= u64::from(added);
        if end.saturating_sub(run_at) >= chunk_bytes || frame.run_len == u32::MAX >> 1 {
            self.end_run();
        }
        true
    }

    /// The validated child from `at` to `end`.
    fn child(&self, at: usize, end: usize) -> VariantRef<'a> {
        let encoded = self.bytes.get(at..end).unwrap_or(&[]);
        VariantRef::trusted(encoded, self.base.saturating_add(at), self.dialect)
    }

    /// Adds the entry from the innermost container's position to `end` to its run, and
    /// hands the run on once it is large enough.
    fn add_to_run(&mut self, end: usize) {
        let chunk_bytes = self.limits.chunk_bytes;
        let Some(frame) = self.frames.last_mut() else {
            return;
        };
        if frame.run_len == 0 {
            frame.run_at = frame.pos;
            frame.run_first = frame.done;
        }
        frame.run_len += 1;
        frame.pos = end;
        frame.done += 1;
        frame.left -= 1;
        if end.saturating_sub(frame.run_at) >= chunk_bytes || frame.run_len == u32::MAX >> 1 {
            self.end_run();
        }
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
            head: [frame.head[0], frame.head[1] & COUNT_SHARED_BIT],
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
