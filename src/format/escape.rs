//! String escaping by table: a 256-entry table says which bytes need an escape; the runs
//! of bytes between them are copied with one `extend_from_slice` each.

use alloc::vec::Vec;

/// A table that marks `special` bytes and every byte below `below`.
#[allow(clippy::indexing_slicing)] // const evaluation: an index out of range fails the build
pub(crate) const fn table(special: &[u8], below: u8) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < below as usize {
        t[i] = true;
        i += 1;
    }
    let mut j = 0;
    while j < special.len() {
        t[special[j] as usize] = true;
        j += 1;
    }
    t
}

/// Appends `bytes` to `out`: runs of bytes not marked in `table` are copied whole, each
/// marked byte goes through `escape`.
#[inline]
pub(crate) fn escape_runs(
    out: &mut Vec<u8>,
    bytes: &[u8],
    table: &[bool; 256],
    mut escape: impl FnMut(&mut Vec<u8>, u8),
) {
    let mut rest = bytes;
    loop {
        let next = rest
            .iter()
            .position(|&b| table.get(usize::from(b)).copied().unwrap_or(false));
        let Some(i) = next else {
            out.extend_from_slice(rest);
            return;
        };
        let (run, tail) = rest.split_at(i);
        out.extend_from_slice(run);
        let Some((&b, tail)) = tail.split_first() else {
            return;
        };
        escape(out, b);
        rest = tail;
    }
}

/// Appends `bytes` (the bytes of a UTF-8 text, or a piece of one: escapes never fall
/// inside a multi-byte character) to `out` as the inside of a JSON string: `"`, `\` and
/// control characters escaped (`\n`, `\r`, `\t`, else `\u00XX`). The one JSON string
/// escape of the crate (the JSON writer's, and `scan`'s report).
#[cfg(any(feature = "std", feature = "scan"))]
#[inline]
pub(crate) fn json_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    const SPECIAL: [bool; 256] = table(b"\"\\", 0x20);
    escape_runs(out, bytes, &SPECIAL, |buf, b| {
        let short: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            _ => b"",
        };
        if short.is_empty() {
            const HEX: &[u8; 16] = b"0123456789abcdef";
            let digit = |n: u8| HEX.get(usize::from(n & 15)).copied().unwrap_or(b'0');
            buf.extend_from_slice(&[b'\\', b'u', b'0', b'0', digit(b >> 4), digit(b)]);
        } else {
            buf.extend_from_slice(short);
        }
    });
}

/// The 16 bytes at `at` of `bytes`, when the first `len` of them (at most 16) are plain
/// ASCII that no writer escapes: no control character, `"`, `\\` or byte above 0x7F. For a
/// short string field read in place: `len` is its length, and the bytes after it (its
/// padding, the next node) are in the window but not checked. The caller appends the
/// window whole and cuts it to `len`: two fixed-size moves instead of a scan and a copy
/// of variable length.
///
/// Eight bytes per step: a byte below 0x20 borrows in `x - 0x20…`, a `"` or `\\` becomes a
/// zero byte that borrows in `y - 0x01…`. A borrow can only flag the byte after a flagged
/// one, so the bytes before the first flagged one are told exactly.
#[inline(always)]
pub(crate) fn plain16(bytes: &[u8], at: usize, len: usize) -> Option<&[u8; 16]> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    if len > 16 {
        return None;
    }
    let window: &[u8; 16] = bytes.get(at..)?.first_chunk::<16>()?;
    let (lo, hi) = window.split_at(8);
    let word = |half: &[u8]| half.try_into().map_or(u64::MAX, u64::from_le_bytes);
    let flagged = |x: u64| {
        let zero = |y: u64| y.wrapping_sub(ONES) & !y;
        let control = x.wrapping_sub(ONES * 0x20) & !x;
        (control | zero(x ^ (ONES * u64::from(b'"'))) | zero(x ^ (ONES * u64::from(b'\\'))) | x)
            & HIGH
    };
    // The high bit of each of the first `len` bytes, in the low and the high word.
    let bits = u32::try_from(8 * len).unwrap_or(u32::MAX);
    let below = |bits: u32| 1u64.checked_shl(bits).map_or(u64::MAX, |b| b - 1);
    let (first_lo, first_hi) = (below(bits), below(bits.saturating_sub(64)));
    let bad = (flagged(word(lo)) & first_lo) | (flagged(word(hi)) & first_hi);
    (bad == 0).then_some(window)
}

/// Appends `"`, the `len` raw bytes at `at` of `bytes`, and `"`, when they need no escape
/// (by [`plain16`]: `len` at most 16): the window stored whole and cut to length, straight
/// into `buf` (a block assembled first and copied would be read back before its byte
/// stores reach it). Whether it did; nothing is appended otherwise.
#[inline(always)]
pub(crate) fn push_plain_quoted(buf: &mut Vec<u8>, bytes: &[u8], at: usize, len: usize) -> bool {
    let Some(window) = plain16(bytes, at, len) else {
        return false;
    };
    buf.push(b'"');
    let start = buf.len();
    buf.extend_from_slice(window);
    buf.truncate(start + len);
    buf.push(b'"');
    true
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure

    use super::*;

    #[test]
    fn runs_and_escapes() {
        const T: [bool; 256] = table(b"\"\\", 0x20);
        let mut out = Vec::new();
        escape_runs(&mut out, b"ab\"c\\\n\xc3\xa9", &T, |o, b| {
            o.push(b'!');
            o.push(b);
        });
        assert_eq!(out, b"ab!\"c!\\!\n\xc3\xa9");
    }

    #[test]
    fn plain16_tells_every_byte_at_every_length() {
        // Every byte value at every place of every length, after plain bytes and before
        // special ones (which must not matter past `len`).
        for len in 0..=16 {
            for place in 0..len {
                for b in 0..=255u8 {
                    let mut bytes = [b'\0'; 20];
                    bytes[..16].fill(b'a');
                    bytes[place] = b;
                    // A special byte right after the string.
                    if len < 16 {
                        bytes[len] = b'"';
                    }
                    let plain = !(b < 0x20 || b == b'"' || b == b'\\' || b > 0x7F);
                    assert_eq!(
                        plain16(&bytes, 0, len).is_some(),
                        plain,
                        "len {len}, byte {b:#x} at {place}"
                    );
                }
            }
            let mut bytes = [0u8; 16];
            bytes[..len].fill(b'z');
            assert!(plain16(&bytes, 0, len).is_some(), "len {len}");
        }
        assert!(plain16(&[b'a'; 15], 0, 3).is_none(), "short window");
        assert!(plain16(&[b'a'; 32], 0, 17).is_none(), "too long");
        assert!(plain16(&[b'a'; 32], 16, 16).is_some());
        assert!(plain16(&[b'a'; 32], 17, 1).is_none());
    }
}
