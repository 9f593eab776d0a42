//! The crate's one `unsafe` block (see SAFETY.md).
#![allow(unsafe_code)]

use super::utf8::is_plain_ascii;

/// `raw` as a `&str` when it is plain ASCII without a NUL (then it is also its own Godot
/// view), without a second UTF-8 validation pass.
#[inline(always)]
pub(crate) fn ascii_str(raw: &[u8]) -> Option<&str> {
    if !is_plain_ascii(raw) {
        return None;
    }
    // SAFETY: `is_plain_ascii(raw)` just returned true, which it does only when every byte
    // of `raw` is in 0x01..=0x7F (see `flags` in `utf8.rs`: a byte that is 0 or has its
    // high bit set is always flagged). Every byte below 0x80 is a complete UTF-8 sequence
    // on its own, so `raw` is valid UTF-8, which is what `from_utf8_unchecked` requires.
    Some(unsafe { core::str::from_utf8_unchecked(raw) })
}
