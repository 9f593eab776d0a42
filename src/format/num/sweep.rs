//! Test support: a check run on every f32 bit pattern of a range, split across the
//! machine's threads. The exhaustive proofs of the float formatters (JSON's f32 digits, the
//! text form's Grisu2 digits and its f32 text) all sweep this way.

use std::ops::Range;
use std::string::String;
use std::vec::Vec;

/// What a check found for one bit pattern.
pub(crate) enum Verdict {
    /// Not compared (outside what the check covers: a NaN, an infinity, a zero…).
    Skip,
    /// Both sides agree.
    Same,
    /// They differ; the two sides, for the message.
    Differ(String),
}

impl Verdict {
    /// [`Verdict::Same`] when the two texts are equal, else [`Verdict::Differ`] showing both.
    pub(crate) fn texts(a: &[u8], b: &[u8]) -> Verdict {
        if a == b {
            Verdict::Same
        } else {
            Verdict::Differ(std::format!(
                "{} != {}",
                String::from_utf8_lossy(a),
                String::from_utf8_lossy(b)
            ))
        }
    }
}

/// Runs `check` on every `step`-th bit pattern of `bits` (a range of `u32` values, as u64
/// so that it can end at 2^32), each thread with its own scratch state `S`. Prints the
/// first 10 differences of each thread; returns (compared, differing).
pub(crate) fn sweep<S: Default>(
    bits: Range<u64>,
    step: usize,
    check: impl Fn(u32, &mut S) -> Verdict + Sync,
) -> (u64, u64) {
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let per = (bits.end.saturating_sub(bits.start)).div_ceil(threads);
    let check = &check;
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let lo = bits.start + t * per;
                let hi = (lo + per).min(bits.end);
                scope.spawn(move || {
                    let mut state = S::default();
                    let (mut same, mut differ) = (0u64, 0u64);
                    for pattern in (lo..hi).step_by(step) {
                        let Ok(pattern) = u32::try_from(pattern) else {
                            break;
                        };
                        match check(pattern, &mut state) {
                            Verdict::Skip => {}
                            Verdict::Same => same += 1,
                            Verdict::Differ(what) => {
                                if differ < 10 {
                                    std::eprintln!("{pattern:#010x}: {what}");
                                }
                                differ += 1;
                            }
                        }
                    }
                    (same, differ)
                })
            })
            .collect();
        handles
            .into_iter()
            .fold((0, 0), |(compared, differing), h| {
                let (same, differ) = h.join().unwrap_or((0, u64::MAX / 4));
                (compared + same + differ, differing + differ)
            })
    })
}
