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
        1..=3 => raw.iter().all(|&b| b.wrapping_sub(1) < 0x7F),
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

    /// The invariant the crate's one `unsafe` block (`cast::ascii_str`) relies on:
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
}
