//! How Godot reads a string's bytes: up to the first NUL, without a leading UTF-8 BOM,
//! and the rest must be UTF-8.

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The part of a string's raw bytes that Godot keeps: up to the first NUL, without a
/// leading BOM.
#[inline]
pub(crate) fn godot_view(raw: &[u8]) -> &[u8] {
    // Most strings are plain ASCII without a NUL: their view is the whole of them, and a
    // word-at-a-time check costs less than a call to memchr.
    if raw.len() <= 32 && is_plain_ascii(raw) {
        return raw;
    }
    let text = match memchr::memchr(0, raw) {
        Some(nul) => raw.get(..nul).unwrap_or(raw),
        None => raw,
    };
    text.strip_prefix(BOM).unwrap_or(text)
}

/// A byte of `word` is flagged (its high bit set in the result) when it is 0 (the
/// subtraction borrows) or has its high bit set. Borrows only move upwards, so a flagged
/// byte is never missed; a byte above a flagged one may be flagged too, which only makes
/// the fast path fall back.
#[inline(always)]
fn flags(word: u64) -> u64 {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    (word.wrapping_sub(LOW) | word) & HIGH
}

/// True if `raw` holds no NUL and no byte >= 0x80 (the common case): then it is its own
/// Godot view and valid UTF-8. Strings up to 16 bytes (most keys) take two loads of
/// overlapping words and no loop.
#[inline(always)]
pub(crate) fn is_plain_ascii(raw: &[u8]) -> bool {
    let word8 = |at: usize| {
        raw.get(at..at + 8)
            .and_then(|b| b.try_into().ok())
            .map(u64::from_le_bytes)
    };
    let word4 = |at: usize| {
        raw.get(at..at + 4)
            .and_then(|b| b.try_into().ok())
            .map(|b| u64::from(u32::from_le_bytes(b)) | 0x0101_0101_0000_0000)
    };
    let n = raw.len();
    match n {
        0 => true,
        // The first, middle and last bytes are every byte; one word, no loop.
        1..=3 => match (raw.first(), raw.get(n / 2), raw.last()) {
            (Some(&a), Some(&b), Some(&c)) => {
                let word = u64::from(a) | u64::from(b) << 8 | u64::from(c) << 16;
                flags(word | 0x0101_0101_0100_0000) == 0
            }
            _ => false,
        },
        4..=7 => match (word4(0), word4(n - 4)) {
            (Some(a), Some(b)) => flags(a) | flags(b) == 0,
            _ => false,
        },
        8..=16 => match (word8(0), word8(n - 8)) {
            (Some(a), Some(b)) => flags(a) | flags(b) == 0,
            _ => false,
        },
        _ => is_plain_ascii_long(raw),
    }
}

/// True when the first `len` bytes of `block` (a string and its zero padding, a multiple
/// of 4 bytes long) hold no NUL and no byte >= 0x80: then they are valid UTF-8 and Godot
/// reads them whole. Works a word at a time (blocks up to 16 bytes, most keys, in one or
/// two loads); may say `false` for some valid ASCII (the caller then runs the full check).
#[inline(always)]
pub(crate) fn padded_ascii(block: &[u8], len: usize) -> bool {
    // A byte is flagged when it is 0 (the subtraction borrows) or has its high bit set.
    // Borrows only move upwards, so zero padding never flags the string bytes below it.
    let word8 = |at: usize| {
        block
            .get(at..at.wrapping_add(8))
            .and_then(|b| b.try_into().ok())
            .map_or(0, u64::from_le_bytes)
    };
    let n = block.len();
    match n {
        0 => true,
        4 => {
            let word = block.try_into().map_or(0, u32::from_le_bytes);
            flags(u64::from(word) | 0x0101_0101_0000_0000) & keep_mask(len) == 0
        }
        8 => flags(word8(0)) & keep_mask(len) == 0,
        12 | 16 => {
            // The last word overlaps the first; its bytes start at n - 8.
            let tail_keep = len.saturating_sub(n - 8);
            (flags(word8(0)) & keep_mask(len.min(8))) | (flags(word8(n - 8)) & keep_mask(tail_keep))
                == 0
        }
        _ => padded_ascii_long(block, len),
    }
}

/// For a string field's text of `len` bytes (at most 8) and its padding, loaded with
/// whatever follows into `word` (little-endian): is the text plain ASCII (no NUL, no byte
/// of 0x80 or more) and the padding zero? No branches: the common short keys are checked
/// without a jump on their length.
#[inline(always)]
#[cfg_attr(not(feature = "alloc"), allow(dead_code))] // for the writer
pub(crate) fn short_field_clean(word: u64, len: usize) -> bool {
    let padded = (len + 3) & !3;
    let bytes = |n: usize| (keep_mask(n.min(8)) >> 7) * 0xFF;
    let pad_ok = word & (bytes(padded) ^ bytes(len)) == 0;
    short_ascii(word, len) && pad_ok
}

/// Are the low `len` bytes of `word` (at most 8: a short string's text, loaded with
/// whatever follows) plain ASCII, with no NUL and no byte >= 0x80? No branch on `len`.
#[inline(always)]
pub(crate) fn short_ascii(word: u64, len: usize) -> bool {
    len <= 8 && flags(word) & keep_mask(len) == 0
}

/// Are the low `len` bytes of `lo` then `hi` (at most 16: a string's text, loaded with
/// whatever follows) plain ASCII, with no NUL and no byte >= 0x80? No branch on `len`.
#[inline(always)]
pub(crate) fn short_ascii16(lo: u64, hi: u64, len: usize) -> bool {
    len <= 16
        && (flags(lo) & keep_mask(len.min(8))) | (flags(hi) & keep_mask(len.saturating_sub(8))) == 0
}

/// [`padded_ascii`] of a block over 16 bytes, a word at a time.
#[inline]
fn padded_ascii_long(block: &[u8], len: usize) -> bool {
    let mut chunks = block.chunks_exact(8);
    let mut seen = 0u64;
    let mut checked = 0usize;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let keep = len.saturating_sub(checked).min(8);
        seen |= flags(word) & keep_mask(keep);
        checked += 8;
    }
    // `block` is a multiple of 4 bytes long, so the tail is empty or one 4-byte word.
    if let Ok(tail) = <[u8; 4]>::try_from(chunks.remainder()) {
        let keep = len.saturating_sub(checked).min(4);
        seen |=
            flags(u64::from(u32::from_le_bytes(tail)) | 0x0101_0101_0000_0000) & keep_mask(keep);
    }
    seen == 0
}

/// The high bits of the low `n` bytes, for `n` from 0 to 8 (a const initializer: an
/// index out of bounds is a build error).
#[allow(clippy::indexing_slicing)]
const KEEP: [u64; 9] = {
    let mut out = [0u64; 9];
    let mut n = 1;
    while n <= 8 {
        out[n] = 0x8080_8080_8080_8080 >> (64 - 8 * n);
        n += 1;
    }
    out
};

/// A mask selecting the high bits of the low `n` bytes (at most 8).
#[inline(always)]
fn keep_mask(n: usize) -> u64 {
    KEEP.get(n).copied().unwrap_or(u64::MAX)
}

/// [`is_plain_ascii`] of a string over 16 bytes: a word at a time, the last word
/// overlapping the one before.
#[inline]
fn is_plain_ascii_long(raw: &[u8]) -> bool {
    let mut seen = 0;
    let mut chunks = raw.chunks_exact(8);
    for chunk in &mut chunks {
        seen |= flags(u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8])));
    }
    let tail = raw.len().saturating_sub(8);
    let last = raw
        .get(tail..)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u64::from_le_bytes);
    seen | flags(last) == 0
}

/// Does Godot accept these raw string bytes? (Its view must be UTF-8.)
#[inline]
pub(crate) fn check_godot_utf8(raw: &[u8]) -> bool {
    is_plain_ascii(raw) || core::str::from_utf8(godot_view(raw)).is_ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::indexing_slicing)] // tests: a panic is a failure
    use super::*;
    use std::vec;

    #[test]
    fn view_stops_at_nul_and_skips_bom() {
        assert_eq!(godot_view(b"ab\0cd"), b"ab");
        assert_eq!(godot_view(b"\xEF\xBB\xBFab"), b"ab");
        assert_eq!(godot_view(b"\0\xff"), b"");
        assert!(check_godot_utf8(b"abc\0\xff"));
        assert!(!check_godot_utf8(b"abc\xff"));
        assert!(!check_godot_utf8(b"\xed\xa0\x80")); // surrogate
        assert!(!check_godot_utf8(b"\xc0\x80")); // overlong NUL
    }

    /// The invariant the `unsafe` block of `cast::ascii_str` (in every build) relies on:
    /// `is_plain_ascii` is true only when every byte is in 0x01..=0x7F. Every length up to
    /// 40 (every branch: short, overlapping loads, the word loop and its overlapping last
    /// word), with each bad byte at each position, among good bytes of every value.
    #[test]
    fn ascii_fast_path_never_passes_a_nul_or_a_high_byte() {
        for len in 0..=40usize {
            for fill in [0x01u8, 0x20, 0x41, 0x7F] {
                let good = vec![fill; len];
                assert!(is_plain_ascii(&good), "{len} × {fill:#x}");
                for at in 0..len {
                    for bad in [0x00u8, 0x80, 0xC3, 0xFF] {
                        let mut s = good.clone();
                        if let Some(b) = s.get_mut(at) {
                            *b = bad;
                        }
                        assert!(!is_plain_ascii(&s), "len {len}, {bad:#x} at {at}");
                    }
                }
            }
        }
        // A pass gives a &str equal to the bytes, without validation.
        assert_eq!(crate::wire::cast::ascii_str(b"key_123"), Some("key_123"));
        assert_eq!(crate::wire::cast::ascii_str(b"caf\xc3\xa9"), None);
    }

    #[test]
    fn ascii_fast_path_flags_nul_and_high_bytes() {
        assert!(is_plain_ascii(b"abcdefghijk"));
        assert!(!is_plain_ascii(b"abcdefgh\0"));
        assert!(!is_plain_ascii(b"abcd\0fghijk"));
        assert!(!is_plain_ascii(b"abcd\x80fghijk"));
        assert!(is_plain_ascii(b"\x7f\x01"));
    }

    /// `short_ascii` and `short_field_clean` against a byte-by-byte reference: every text
    /// length up to 8, each bad byte at each text position, each nonzero byte at each
    /// padding position, and arbitrary bytes after the field (which must not matter).
    #[test]
    fn short_field_checks_match_a_byte_by_byte_reference() {
        let reference = |bytes: &[u8; 8], len: usize| {
            let text_ok = bytes[..len].iter().all(|&b| (1..0x80).contains(&b));
            let padded = (len + 3) & !3;
            (
                text_ok,
                text_ok && bytes[len..padded].iter().all(|&b| b == 0),
            )
        };
        let check = |bytes: [u8; 8], len: usize| {
            let word = u64::from_le_bytes(bytes);
            let (ascii, clean) = reference(&bytes, len);
            assert_eq!(short_ascii(word, len), ascii, "{bytes:02x?} len {len}");
            assert_eq!(
                short_field_clean(word, len),
                clean,
                "{bytes:02x?} len {len}"
            );
        };
        for len in 0..=8usize {
            let padded = (len + 3) & !3;
            for after in [0x00u8, 0x80, 0xFF, 0x41] {
                let mut good = [after; 8];
                good[..len].fill(b'k');
                good[len..padded].fill(0);
                check(good, len);
                for at in 0..padded {
                    for bad in [0x00u8, 0x01, 0x7F, 0x80, 0xC3, 0xFF] {
                        let mut bytes = good;
                        bytes[at] = bad;
                        check(bytes, len);
                    }
                }
            }
        }
        // Over 8 bytes is never "short".
        assert!(!short_ascii(u64::from_le_bytes(*b"abcdefgh"), 9));
        assert!(!short_field_clean(u64::from_le_bytes(*b"abcdefgh"), 9));
    }

    /// `short_ascii16` against a byte-by-byte reference: every length up to 16, each bad
    /// byte at each text position, whatever follows the text (which must not matter).
    #[test]
    fn ascii16_matches_a_byte_by_byte_reference() {
        let check = |bytes: [u8; 16], len: usize| {
            let lo = u64::from_le_bytes(bytes[..8].try_into().unwrap());
            let hi = u64::from_le_bytes(bytes[8..].try_into().unwrap());
            let ascii = bytes[..len].iter().all(|&b| (1..0x80).contains(&b));
            assert_eq!(short_ascii16(lo, hi, len), ascii, "{bytes:02x?} len {len}");
        };
        for len in 0..=16usize {
            for after in [0x00u8, 0x80, 0xFF, 0x41] {
                let mut good = [after; 16];
                good[..len].fill(b'k');
                check(good, len);
                for at in 0..16 {
                    for bad in [0x00u8, 0x01, 0x7F, 0x80, 0xC3, 0xFF] {
                        let mut bytes = good;
                        bytes[at] = bad;
                        check(bytes, len);
                    }
                }
            }
        }
        assert!(!short_ascii16(
            0x4141_4141_4141_4141,
            0x4141_4141_4141_4141,
            17
        ));
    }
}
