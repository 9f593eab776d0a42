//! The pieces of the parallel JSON writer's walk (`split.rs`) that the rayon pool formats
//! ([`Job`]), and the indentation of a piece written at a depth ([`shifted`], [`Shift`]).
//!
//! A run of entries is formatted as a value of its own: the container's header, the
//! run's count, and a copy of its bytes make an Array or Dictionary that the serial
//! writer writes; the text between its opening and its closing is the run's text, with
//! the separator that goes before it. Pretty output moves every line of a piece right by
//! the depth it sits at (JSON strings hold no raw newline, so every newline in a piece is
//! the writer's own).

use alloc::vec::Vec;
use std::io::{self, Write};

use crate::format::json::tagged::write_serial_into;
use crate::format::parallel::Made;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// An untyped Array or Dictionary: what is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    Array,
    Dictionary,
}

std::thread_local! {
    /// A pool thread's copy of the run it formats (kept for its next run).
    static RUN: core::cell::RefCell<Vec<u8>> = const { core::cell::RefCell::new(Vec::new()) };
}

/// Text to format on the pool.
pub(super) enum Job<'a> {
    /// Text already made (separators, a container's opening or closing).
    Text(Vec<u8>),
    /// One child alone, moved right by the given number of levels.
    One(VariantRef<'a>, usize),
    /// A run of `count` entries of a container at `depth`: `head` (the container's header
    /// bytes), the count and `entries` make a value of their own.
    Run {
        kind: Kind,
        depth: usize,
        first: u64,
        head: [u8; 4],
        count: u32,
        entries: &'a [u8],
        dialect: Dialect,
    },
}

impl Job<'_> {
    /// The job's text, in `spare` (an empty buffer) or another buffer: compact text is
    /// left where the serial writer put it, with the separator written over the end of the
    /// chunk's opening, so no byte of it is copied.
    pub(super) fn format(self, pretty: bool, spare: Vec<u8>) -> io::Result<Made> {
        match self {
            Job::Text(text) => Ok(Made::from(text)),
            Job::One(value, levels) => {
                let mut text = spare;
                write_serial_into(&mut text, value, pretty)?;
                if pretty && levels > 0 {
                    return Ok(Made::from(shifted(&text, levels)));
                }
                Ok(Made::from(text))
            }
            Job::Run {
                kind,
                depth,
                first,
                head,
                count,
                entries,
                dialect,
            } => {
                // The run as a value of its own: the header, the count, a copy of the
                // entries (in a buffer the thread keeps for its next run).
                let mut text = spare;
                RUN.with(|run| {
                    let mut bytes = run.take();
                    bytes.clear();
                    bytes.extend_from_slice(&head);
                    bytes.extend_from_slice(&count.to_le_bytes());
                    bytes.extend_from_slice(entries);
                    let value = VariantRef::trusted(&bytes, 0, dialect);
                    text.reserve(bytes.len().saturating_mul(2));
                    let written = write_serial_into(&mut text, value, pretty);
                    run.replace(bytes);
                    written
                })?;
                // The text between the opening and the closing; for a Dictionary, without
                // the last pair's `]` (the next separator, or the closing, writes it).
                let (open, close): (&[u8], &[u8]) = match (kind, pretty) {
                    (Kind::Array, false) => (b"[", b"]"),
                    (Kind::Array, true) => (b"[", b"\n]"),
                    (Kind::Dictionary, false) => (b"{\"Dictionary\":[", b"]]}"),
                    (Kind::Dictionary, true) => (b"{\"Dictionary\": [", b"]\n]}"),
                };
                if !text.starts_with(open)
                    || !text.ends_with(close)
                    || text.len() < open.len() + close.len()
                {
                    return Err(io::Error::other("gdvariant: a chunk's JSON is not framed"));
                }
                let separator: &[u8] = match (first > 0, kind) {
                    (false, _) => b"",
                    (true, Kind::Array) => b",",
                    (true, Kind::Dictionary) => b"],",
                };
                text.truncate(text.len() - close.len());
                if pretty && depth > 0 {
                    let inner = text.get(open.len()..).unwrap_or(&[]);
                    let mut piece = Vec::with_capacity(inner.len() + inner.len() / 8 + 2);
                    piece.extend_from_slice(separator);
                    extend_shifted(&mut piece, inner, depth);
                    return Ok(Made::from(piece));
                }
                // The separator is no longer than the opening: it goes over its end.
                let start = open.len() - separator.len();
                if let Some(slot) = text.get_mut(start..open.len()) {
                    slot.copy_from_slice(separator);
                }
                Ok(Made { buf: text, start })
            }
        }
    }
}

/// `text` with `levels` levels of indentation (two spaces each) after every newline.
pub(super) fn shifted(text: &[u8], levels: usize) -> Vec<u8> {
    if levels == 0 {
        return text.to_vec();
    }
    let mut out = Vec::with_capacity(text.len() + text.len() / 8);
    extend_shifted(&mut out, text, levels);
    out
}

/// Appends `text` to `out` with `levels` levels of indentation after every newline.
pub(super) fn extend_shifted(out: &mut Vec<u8>, text: &[u8], levels: usize) {
    if levels == 0 {
        out.extend_from_slice(text);
        return;
    }
    let mut rest = text;
    while let Some(at) = memchr::memchr(b'\n', rest) {
        let (line, tail) = rest.split_at(at + 1);
        out.extend_from_slice(line);
        out.resize(out.len() + 2 * levels, b' ');
        rest = tail;
    }
    out.extend_from_slice(rest);
}

/// A writer that indents by `levels` levels after every newline written through it.
pub(super) struct Shift<'w, W: Write> {
    pub(super) out: &'w mut W,
    pub(super) levels: usize,
}

impl<W: Write> Write for Shift<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.levels == 0 {
            return self.out.write_all(buf);
        }
        self.out.write_all(&shifted(buf, self.levels))
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}
