//! How Godot reads a string's bytes: up to the first NUL, without a leading UTF-8 BOM,
//! and the rest must be UTF-8.

const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The part of a string's raw bytes that Godot keeps: up to the first NUL, without a
/// leading BOM.
#[inline]
pub(crate) fn godot_view(raw: &[u8]) -> &[u8] {
    let text = match memchr::memchr(0, raw) {
        Some(nul) => raw.get(..nul).unwrap_or(raw),
        None => raw,
    };
    text.strip_prefix(BOM).unwrap_or(text)
}

/// True if `raw` holds no NUL and no byte >= 0x80 (the common case): then it is its own
/// Godot view and valid UTF-8.
#[inline]
fn is_plain_ascii(raw: &[u8]) -> bool {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut chunks = raw.chunks_exact(8);
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        // A byte is flagged when it is 0 (the subtraction borrows) or has its high bit set.
        if (word.wrapping_sub(LOW) | word) & HIGH != 0 {
            return false;
        }
    }
    chunks.remainder().iter().all(|&b| b.wrapping_sub(1) < 0x7F)
}

/// Does Godot accept these raw string bytes? (Its view must be UTF-8.)
#[inline]
pub(crate) fn check_godot_utf8(raw: &[u8]) -> bool {
    is_plain_ascii(raw) || core::str::from_utf8(godot_view(raw)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn ascii_fast_path_flags_nul_and_high_bytes() {
        assert!(is_plain_ascii(b"abcdefghijk"));
        assert!(!is_plain_ascii(b"abcdefgh\0"));
        assert!(!is_plain_ascii(b"abcd\0fghijk"));
        assert!(!is_plain_ascii(b"abcd\x80fghijk"));
        assert!(is_plain_ascii(b"\x7f\x01"));
    }
}
