//! Copying a file into another in the kernel (`std::io::copy` between files uses
//! `copy_file_range`, as `cp` does), and [`HeadCopy`]: that copy started on a second thread
//! while the edit is still being validated and planned, so that `set` on a large file costs
//! about one copy rather than a copy after two passes over memory.

use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;

use crate::output::AtomicFile;
use crate::replace::Stamp;

/// Bytes the copying thread copies between two looks at its limit.
const CHUNK: u64 = 64 << 20;

/// Copies bytes `from..to` of `source` to `file` at its current position (in the kernel
/// where it can). A source shorter than `to` is an error: the file changed under us.
pub fn copy_range(source: &File, file: &mut File, from: u64, to: u64) -> io::Result<()> {
    let len = to.saturating_sub(from);
    let mut reader = source;
    reader.seek(SeekFrom::Start(from))?;
    let copied = io::copy(&mut reader.take(len), file)?;
    if copied != len {
        return Err(io::Error::new(
            io::ErrorKind::UnexpectedEof,
            "the file changed while it was being edited",
        ));
    }
    Ok(())
}

/// The first bytes of the input, copied into the temporary output file by another thread
/// while this one plans the edit. Everything before the first change that moves bytes is
/// the input as it was (a change of the same size is written over it afterwards), so the
/// copy runs to the end of the file until [`HeadCopy::finish`] says where to stop.
/// Dropped unfinished, it stops the thread and removes the temporary file.
pub struct HeadCopy {
    atomic: Option<AtomicFile>,
    limit: Arc<AtomicU64>,
    thread: Option<JoinHandle<io::Result<u64>>>,
}

impl HeadCopy {
    /// Creates the temporary file for `dest` and starts copying the `total` bytes of
    /// `source` into it. `read`: `source`'s stamp when it was read (a `dest` that is the
    /// same file must not change before the rename).
    pub fn start(
        source: &Path,
        dest: &Path,
        total: u64,
        read: Option<&Stamp>,
    ) -> io::Result<HeadCopy> {
        let mut atomic = AtomicFile::create(dest, read)?;
        // A second handle to the same open file (it shares the position).
        let mut out = atomic.file()?.try_clone()?;
        let input = File::open(source)?;
        // Tests make the chunks tiny, so that small files take many of them.
        let chunk = std::env::var("GDVARIANT_TEST_COPY_CHUNK")
            .ok()
            .and_then(|c| c.parse().ok())
            .filter(|&c| c > 0)
            .unwrap_or(CHUNK);
        let limit = Arc::new(AtomicU64::new(total));
        let seen = Arc::clone(&limit);
        let thread = std::thread::spawn(move || {
            let mut at = 0u64;
            loop {
                let end = seen.load(Ordering::Acquire).min(total);
                if at >= end {
                    return Ok(at);
                }
                let next = end.min(at.saturating_add(chunk));
                copy_range(&input, &mut out, at, next)?;
                at = next;
            }
        });
        Ok(HeadCopy {
            atomic: Some(atomic),
            limit,
            thread: Some(thread),
        })
    }

    /// Lets the copy run to `limit` (at least; a copy already past it stops at its chunk's
    /// end) and waits for it. Returns the temporary file, whose first `limit` bytes are the
    /// input's, and where the copy stopped.
    pub fn finish(mut self, limit: u64) -> io::Result<(AtomicFile, u64)> {
        self.limit.store(limit, Ordering::Release);
        let copied = match self.thread.take() {
            Some(thread) => thread
                .join()
                .map_err(|_| io::Error::other("the copying thread failed"))??,
            None => 0,
        };
        let atomic = self
            .atomic
            .take()
            .ok_or_else(|| io::Error::other("the temporary file is gone"))?;
        Ok((atomic, copied))
    }
}

impl Drop for HeadCopy {
    fn drop(&mut self) {
        if let Some(thread) = self.thread.take() {
            self.limit.store(0, Ordering::Release);
            let _ = thread.join();
        }
        // `atomic`, if still here, removes the temporary file as it drops.
    }
}
