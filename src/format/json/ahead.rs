//! [`Ahead`]: the parallel JSON writer's walk (`split.rs`) started on another thread while
//! the value's bytes are still being validated, so that the cutting, which runs on the
//! writing thread otherwise, overlaps the validation instead of the formatting.

use core::sync::atomic::AtomicBool;
use std::io::{self, Write};

use crate::format::json::options::WriteOptions;
use crate::format::json::split::{self, Cuts, LIMITS};
use crate::format::json::tagged::write_serial;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;

/// Pieces cut ahead at most: about 16 GB of input in chunks of 1 MiB, in 768 KiB of
/// memory (48 bytes a piece).
const PIECES: usize = 16384;

/// The cutting of a large Array or Dictionary for [`write`](crate::json::write), done
/// ahead (feature `parallel`): [`Ahead::cut`] walks the value's children on bytes that are
/// not validated yet, on a thread that would otherwise wait for the validation, and
/// [`Ahead::write`] writes the value once it is validated, taking the cuts made so far
/// instead of making them again on the writing thread. The output is what `write` writes,
/// byte for byte, whatever was cut ahead (the cuts are only taken for the very bytes they
/// were made on: see [`Ahead::write`]). Holds a bounded number of cuts (under 1 MiB).
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use gdvariant::json::{Ahead, WriteOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]; // [7]
/// let options = WriteOptions::new();
/// let stop = AtomicBool::new(false);
/// let (value, ahead) = std::thread::scope(|s| {
///     let cutting = s.spawn(|| Ahead::cut(&bytes, Dialect::Godot4, &options, &stop));
///     let value = VariantRef::parse(&bytes, Dialect::Godot4);
///     stop.store(true, Ordering::Relaxed);
///     (value, cutting.join().unwrap())
/// });
/// let mut out = Vec::new();
/// ahead.write(&mut out, value?, &options)?;
/// assert_eq!(out, b"[7]");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Ahead<'a> {
    cuts: Option<Cuts<'a>>,
}

impl<'a> Ahead<'a> {
    /// Cuts the value at the start of `bytes` (read in `dialect`, not validated yet) for
    /// writing with `options`, until the cuts held reach their bound, the value's
    /// children are all cut, or `stop` is set (looked at every few hundred children).
    /// Cuts nothing for a value [`write`](crate::json::write) would not cut (under 4 MiB,
    /// not an untyped Array or Dictionary, a rayon pool of one thread). Any bytes are
    /// safe: invalid ones give cuts of no use, which [`Ahead::write`] does not take.
    pub fn cut(
        bytes: &'a [u8],
        dialect: Dialect,
        options: &WriteOptions,
        stop: &AtomicBool,
    ) -> Self {
        if rayon::current_num_threads() <= 1 || bytes.len() < split::SPLIT_BYTES {
            return Ahead { cuts: None };
        }
        let cuts = Cuts::root(bytes, 0, dialect, options.pretty, LIMITS).map(|mut cuts| {
            cuts.ahead(PIECES, stop);
            cuts
        });
        Ahead { cuts }
    }

    /// Writes `value` as [`write`](crate::json::write) does (the same bytes), taking the
    /// cuts made ahead when they were made for it: on the bytes `value` starts at (the
    /// same memory, so `value` must have been parsed from the very slice given to
    /// [`Ahead::cut`], from its start, at offset 0), in its dialect, for the same
    /// `options`. Otherwise they are dropped, and `value` is written as `write` writes it.
    pub fn write(
        self,
        out: &mut impl Write,
        value: VariantRef<'_>,
        options: &WriteOptions,
    ) -> io::Result<()> {
        if let Some(mut cuts) = self.cuts {
            if split::worth(&value) && cuts.adopt(&value, options.pretty) {
                return split::write_cuts(out, cuts, options.pretty);
            }
        }
        if split::worth(&value) {
            return split::write(out, value, options.pretty);
        }
        write_serial(out, value, options.pretty)
    }
}
