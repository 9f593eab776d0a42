//! Large packed arrays formatted on all cores (feature `parallel`): the array is cut into
//! chunks, the rayon pool formats them, and the caller's thread writes them in order as
//! they come back. At most [`window`] chunks are in flight (formatting, or formatted and
//! waiting for an earlier one), so memory stays bounded whatever the array's size.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;
use std::sync::{mpsc, Mutex};

/// Components (floats) per chunk: about a millisecond of formatting, about a megabyte of
/// JSON. Smaller chunks cost more in waking threads: at 2^15 the 3.7 GB `make_huge` blob's
/// `json` spent 0.4–0.5 s of system time in the scheduler, at 2^17 0.25–0.35 s.
pub(crate) const CHUNK_COMPONENTS: usize = 1 << 17;

/// Arrays of fewer components than this are formatted in place, on the calling thread.
pub(crate) const MIN_COMPONENTS: usize = 4 * CHUNK_COMPONENTS;

/// Chunks in flight at most: enough to keep every thread of the pool busy while the
/// caller writes.
fn window() -> usize {
    2 * rayon::current_num_threads() + 2
}

/// Formats chunks `0..n` with `format` on the rayon pool and hands each one's bytes to
/// `sink`, in order. `format` appends chunk `i`'s text to an empty buffer it is given:
/// the buffers are handed back once written and filled again, so a long run of chunks
/// allocates (and faults in) a window's worth of memory once. Stops at the first error of
/// `sink` (the chunks in flight finish and are dropped). Safe to call from inside the
/// pool: the caller's thread helps with the pool's work while it waits.
pub(crate) fn ordered_into<E: Send>(
    n: usize,
    format: impl Fn(usize, &mut Vec<u8>) + Sync,
    sink: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    ordered_jobs(
        0..n,
        |i, mut buf| {
            format(i, &mut buf);
            Ok(Made { buf, start: 0 })
        },
        sink,
    )
}

/// The text a job made: `buf[start..]` (a job may leave bytes before its text, to avoid a
/// copy).
pub(crate) struct Made {
    pub(crate) buf: Vec<u8>,
    pub(crate) start: usize,
}

impl From<Vec<u8>> for Made {
    fn from(buf: Vec<u8>) -> Self {
        Made { buf, start: 0 }
    }
}

/// Buffers written and emptied, for the next jobs to fill: at most a window of them.
struct Spares {
    free: Mutex<Vec<Vec<u8>>>,
    keep: usize,
}

impl Spares {
    fn take(&self) -> Vec<u8> {
        self.free
            .lock()
            .ok()
            .and_then(|mut free| free.pop())
            .unwrap_or_default()
    }

    fn give(&self, mut buf: Vec<u8>) {
        buf.clear();
        if let Ok(mut free) = self.free.lock() {
            if free.len() < self.keep {
                free.push(buf);
            }
        }
    }
}

/// Formats each job of `jobs` with `format` on the rayon pool and hands each one's bytes
/// to `sink`, in the jobs' order. `format` is given an empty buffer to fill (one that an
/// earlier job's text was written from, when there is one). The caller's thread takes
/// the next job from `jobs` only when the window has room (so `jobs` may do real work,
/// such as finding where the next job starts, while earlier ones are formatted). Stops at
/// the first error of `format` or `sink` (jobs in flight finish and are dropped).
pub(crate) fn ordered_jobs<T: Send, E: Send>(
    mut jobs: impl Iterator<Item = T>,
    format: impl Fn(T, Vec<u8>) -> Result<Made, E> + Sync,
    mut sink: impl FnMut(&[u8]) -> Result<(), E>,
) -> Result<(), E> {
    let window = window();
    let spares = Spares {
        free: Mutex::new(Vec::new()),
        keep: window,
    };
    let (tx, rx) = mpsc::channel::<(usize, Result<Made, E>)>();
    let format = &format;
    let spares = &spares;
    rayon::in_place_scope(|scope| {
        let mut spawned = 0;
        let mut written = 0;
        let mut more = true;
        let mut done: BTreeMap<usize, Result<Made, E>> = BTreeMap::new();
        loop {
            while more && spawned < written + window {
                let Some(job) = jobs.next() else {
                    more = false;
                    break;
                };
                let tx = tx.clone();
                let i = spawned;
                scope.spawn(move |_| {
                    // The receiver outlives the scope: the send cannot fail.
                    let _ = tx.send((i, format(job, spares.take())));
                });
                spawned += 1;
            }
            if written == spawned && !more {
                return Ok(());
            }
            if let Some(made) = done.remove(&written) {
                let made = made?;
                sink(made.buf.get(made.start..).unwrap_or(&[]))?;
                spares.give(made.buf);
                written += 1;
                continue;
            }
            let (i, made) = match rx.try_recv() {
                Ok(got) => got,
                Err(_) => match rayon::yield_now() {
                    // A pool thread: run the pool's work (perhaps our own chunks) meanwhile.
                    Some(rayon::Yield::Executed) => continue,
                    Some(rayon::Yield::Idle) => {
                        std::thread::yield_now();
                        continue;
                    }
                    None => match rx.recv() {
                        Ok(got) => got,
                        // Every sender is alive while chunks are owed: not reached.
                        Err(_) => return Ok(()),
                    },
                },
            };
            done.insert(i, made);
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_and_stops_at_an_error() {
        let mut out = Vec::new();
        let r: Result<(), ()> = ordered_into(
            100,
            |i, buf| buf.extend_from_slice(alloc::format!("{i},").as_bytes()),
            |b| {
                out.extend_from_slice(b);
                Ok(())
            },
        );
        assert!(r.is_ok());
        let want: alloc::string::String = (0..100).map(|i| alloc::format!("{i},")).collect();
        assert_eq!(out, want.as_bytes());
        let mut seen = 0;
        let r = ordered_into(
            100,
            |_, _| {},
            |_| {
                seen += 1;
                if seen == 3 {
                    Err(seen)
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(r, Err(3));
        // From inside the pool too.
        let n = rayon::scope(|_| {
            let mut n = 0;
            let _: Result<(), ()> = ordered_into(
                50,
                |i, buf| buf.resize(i, 0),
                |b| {
                    n += b.len();
                    Ok(())
                },
            );
            n
        });
        assert_eq!(n, (0..50).sum::<usize>());
    }

    /// The parallel path writes the same bytes as the list written in place (a one-thread
    /// pool takes the in-place path), for JSON (compact, pretty) and the text forms.
    #[test]
    fn same_bytes_as_in_place() {
        use crate::text::TextStyle;
        use crate::{Builder, Dialect, VariantRef};
        let n = MIN_COMPONENTS + 12_345;
        let mut x = 0x1234_5678u32;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            f32::from_bits(x & 0xBFFF_FFFF) // some NaNs and infinities too
        };
        let v3: Vec<[f32; 3]> = (0..n / 3).map(|_| [next(), next(), next()]).collect();
        let f32s: Vec<f32> = (0..n).map(|_| next()).collect();
        let f64s: Vec<f64> = (0..n).map(|_| f64::from(next()) * 1.000_000_1).collect();
        let mut blobs = Vec::new();
        for dialect in [Dialect::Godot4, Dialect::Godot3] {
            for kind in 0..4 {
                let mut out = Vec::new();
                let b = Builder::new(&mut out, dialect);
                let built = match kind {
                    0 => b.packed_vector3(&v3),
                    1 => b.packed_f32(&f32s),
                    2 => b.packed_f64(&f64s),
                    _ => b.packed_vector3_f64(&[[1.5, 2.0, 1e300]; 50_000]),
                };
                if built.is_ok() {
                    blobs.push((out, dialect));
                }
            }
        }
        assert!(blobs.len() >= 6);
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap();
        let four = rayon::ThreadPoolBuilder::new()
            .num_threads(4)
            .build()
            .unwrap();
        for (bytes, dialect) in &blobs {
            let value = VariantRef::parse(bytes, *dialect).unwrap();
            let outputs = |pool: &rayon::ThreadPool| {
                pool.install(|| {
                    let mut all = Vec::new();
                    for pretty in [false, true] {
                        let mut out = Vec::new();
                        let options = crate::json::WriteOptions::new().pretty(pretty);
                        crate::json::write(&mut out, value, &options).unwrap();
                        all.push(out);
                    }
                    for style in [TextStyle::Godot4, TextStyle::Godot36] {
                        let mut out = Vec::new();
                        let options = crate::text::WriteOptions::new().style(style);
                        crate::text::write(&mut out, value, &options).unwrap();
                        all.push(out);
                        all.push(alloc::format!("{}", value.text(style)).into_bytes());
                    }
                    all
                })
            };
            let (a, b) = (outputs(&one), outputs(&four));
            assert_eq!(a.len(), b.len());
            for (a, b) in a.iter().zip(&b) {
                assert!(a == b, "{} bytes against {}", a.len(), b.len());
            }
        }
    }
}
