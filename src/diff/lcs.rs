//! A longest common subsequence of two sequences, with a bounded cost: the common prefix
//! and suffix are matched first (linear), then Myers' O((n + m)·d) greedy algorithm runs on
//! the middle, for at most [`MAX_EDITS`] edits and [`MAX_STEPS`] steps. Past either bound
//! the middle is left unmatched and the alignment says so ([`Alignment::exact`]).
//!
//! Memory: the runs found, plus Myers' trace, one `u32` per diagonal visited: at most
//! (`MAX_EDITS` + 1)² of them (4 MB). Nothing is allocated from a count: the trace grows
//! with the steps taken.

use alloc::vec::Vec;

/// Edits (elements removed plus elements added) beyond which the middle is not aligned.
pub(crate) const MAX_EDITS: usize = 1000;

/// Steps of Myers' search (diagonals visited plus matched elements) beyond which the middle
/// is not aligned.
pub(crate) const MAX_STEPS: usize = 1 << 25;

/// A run of matched elements: `a[a..a + len]` equals `b[b..b + len]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Run {
    pub(crate) a: usize,
    pub(crate) b: usize,
    pub(crate) len: usize,
}

/// The matched runs, in increasing order of both indices.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct Alignment {
    pub(crate) runs: Vec<Run>,
    /// Is it a longest common subsequence? `false`: only the common prefix and suffix are
    /// matched (the bounds were reached, or `align` was asked for no more).
    pub(crate) exact: bool,
}

/// Aligns `n` elements with `m` elements, `eq(i, j)` telling whether element `i` of the
/// first equals element `j` of the second. With `search` false, only the common prefix and
/// suffix are matched.
pub(crate) fn align(
    n: usize,
    m: usize,
    search: bool,
    mut eq: impl FnMut(usize, usize) -> bool,
) -> Alignment {
    let mut prefix = 0;
    while prefix < n && prefix < m && eq(prefix, prefix) {
        prefix += 1;
    }
    let mut suffix = 0;
    while prefix + suffix < n && prefix + suffix < m && eq(n - 1 - suffix, m - 1 - suffix) {
        suffix += 1;
    }
    let mut runs = Vec::new();
    if prefix > 0 {
        runs.push(Run {
            a: 0,
            b: 0,
            len: prefix,
        });
    }
    let (rest_a, rest_b) = (n - prefix - suffix, m - prefix - suffix);
    let middle = if search {
        myers(rest_a, rest_b, |i, j| eq(prefix + i, prefix + j))
    } else {
        None
    };
    let exact = middle.is_some() || rest_a == 0 || rest_b == 0;
    runs.extend(middle.into_iter().flatten().map(|run| Run {
        a: run.a + prefix,
        b: run.b + prefix,
        len: run.len,
    }));
    if suffix > 0 {
        runs.push(Run {
            a: n - suffix,
            b: m - suffix,
            len: suffix,
        });
    }
    Alignment { runs, exact }
}

/// Myers' greedy search for a shortest edit script of `n` against `m` elements, as the
/// matched runs; `None` past the bounds.
fn myers(n: usize, m: usize, mut eq: impl FnMut(usize, usize) -> bool) -> Option<Vec<Run>> {
    if n == 0 || m == 0 {
        return Some(Vec::new());
    }
    let max_d = MAX_EDITS.min(n + m);
    // Diagonal k = x - y is stored at k + off.
    let off = max_d + 1;
    let mut v = alloc::vec![0u32; 2 * max_d + 3];
    // Row d (the furthest x on diagonals -d..=d after d edits) starts at d².
    let mut trace: Vec<u32> = Vec::new();
    let mut steps = 0usize;
    for d in 0..=max_d {
        let (lo, hi) = (off - d, off + d);
        let mut idx = lo;
        while idx <= hi {
            let left = *v.get(idx - 1)?;
            let right = *v.get(idx + 1)?;
            let mut x = if idx == lo || (idx != hi && left < right) {
                usize::try_from(right).ok()?
            } else {
                usize::try_from(left).ok()?.checked_add(1)?
            };
            let mut y = (x + off).checked_sub(idx)?;
            while x < n && y < m && eq(x, y) {
                x += 1;
                y += 1;
                steps += 1;
            }
            *v.get_mut(idx)? = u32::try_from(x).ok()?;
            if x >= n && y >= m {
                return backtrack(&trace, n, m, d, off);
            }
            steps += 1;
            if steps > MAX_STEPS {
                return None;
            }
            idx += 2;
        }
        trace.extend_from_slice(v.get(lo..=hi)?);
    }
    None
}

/// The runs of the path that reached (`n`, `m`) after `d` edits, read back from `trace`.
fn backtrack(trace: &[u32], n: usize, m: usize, d: usize, off: usize) -> Option<Vec<Run>> {
    let mut runs = Vec::new();
    let (mut x, mut y) = (n, m);
    for d in (1..=d).rev() {
        let idx = (x + off).checked_sub(y)?;
        // Row d - 1 covers diagonals off - (d - 1) ..= off + (d - 1).
        let row = trace.get((d - 1) * (d - 1)..d * d)?;
        let at = |i: usize| -> Option<usize> {
            let v = *row.get(i.checked_sub(off + 1 - d)?)?;
            usize::try_from(v).ok()
        };
        let (lo, hi) = (off - d, off + d);
        let down = idx == lo || (idx != hi && at(idx.checked_sub(1)?)? < at(idx + 1)?);
        let prev = if down { idx + 1 } else { idx.checked_sub(1)? };
        let px = at(prev)?;
        let py = (px + off).checked_sub(prev)?;
        let (sx, sy) = if down { (px, py + 1) } else { (px + 1, py) };
        if x > sx {
            runs.push(Run {
                a: sx,
                b: sy,
                len: x - sx,
            });
        }
        (x, y) = (px, py);
    }
    if x > 0 {
        runs.push(Run { a: 0, b: 0, len: x });
    }
    runs.reverse();
    Some(runs)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure

    use super::*;
    use std::vec;

    fn lcs(a: &[u8], b: &[u8]) -> Alignment {
        align(a.len(), b.len(), true, |i, j| a[i] == b[j])
    }

    fn matched(a: &[u8], b: &[u8]) -> usize {
        let alignment = lcs(a, b);
        for run in &alignment.runs {
            assert_eq!(a[run.a..run.a + run.len], b[run.b..run.b + run.len]);
        }
        for pair in alignment.runs.windows(2) {
            assert!(pair[0].a + pair[0].len <= pair[1].a && pair[0].b + pair[0].len <= pair[1].b);
        }
        alignment.runs.iter().map(|r| r.len).sum()
    }

    #[test]
    fn one_deletion_or_insertion_is_one_gap() {
        let a = b"abcdefgh";
        assert_eq!(
            lcs(a, b"abcefgh").runs,
            vec![Run { a: 0, b: 0, len: 3 }, Run { a: 4, b: 3, len: 4 }]
        );
        assert_eq!(
            lcs(a, b"abcdXefgh").runs,
            vec![Run { a: 0, b: 0, len: 4 }, Run { a: 4, b: 5, len: 4 }]
        );
        assert!(lcs(b"", b"abc").exact && lcs(b"abc", b"").runs.is_empty());
    }

    #[test]
    fn the_subsequences_found_are_longest() {
        // Against a quadratic reference on small inputs.
        fn reference(a: &[u8], b: &[u8]) -> usize {
            let mut t = vec![vec![0usize; b.len() + 1]; a.len() + 1];
            for i in (0..a.len()).rev() {
                for j in (0..b.len()).rev() {
                    t[i][j] = if a[i] == b[j] {
                        t[i + 1][j + 1] + 1
                    } else {
                        t[i + 1][j].max(t[i][j + 1])
                    };
                }
            }
            t[0][0]
        }
        let mut seed = 7u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) as u8 % 3
        };
        for round in 0..300 {
            let a: Vec<u8> = (0..round % 23).map(|_| next()).collect();
            let b: Vec<u8> = (0..round % 19).map(|_| next()).collect();
            assert_eq!(matched(&a, &b), reference(&a, &b), "{a:?} {b:?}");
        }
    }

    #[test]
    fn past_the_bound_only_prefix_and_suffix_match() {
        // No element in common: 10,000 edits.
        let a: Vec<u8> = (0..5000u32).map(|i| (i % 100) as u8).collect();
        let b: Vec<u8> = a.iter().map(|x| x + 100).collect();
        let mut with_ends = vec![9u8];
        with_ends.extend(&a);
        with_ends.push(9);
        let mut other = vec![9u8];
        other.extend(&b);
        other.push(9);
        let alignment = lcs(&with_ends, &other);
        assert!(!alignment.exact);
        assert_eq!(
            alignment.runs,
            vec![
                Run { a: 0, b: 0, len: 1 },
                Run {
                    a: 5001,
                    b: 5001,
                    len: 1
                }
            ]
        );
    }
}
