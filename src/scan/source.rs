//! An embedded script's source, summed up: its first lines and its SHA-256.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use sha2::{Digest, Sha256};

/// How many lines of a source [`Source::head`] keeps.
pub const HEAD_LINES: usize = 5;
/// How many characters of each line [`Source::head`] keeps (a longer one ends in `…`).
pub const HEAD_LINE_CHARS: usize = 120;

/// An embedded script's source: enough to recognise it and to compare it with a known
/// one, not the whole text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Source {
    /// Its length in bytes (UTF-8).
    pub bytes: usize,
    /// Its number of lines (a last line without `\n` counts; an empty source has 0).
    pub lines: usize,
    /// Its first [`HEAD_LINES`] lines, each cut to [`HEAD_LINE_CHARS`] characters
    /// (`…` ends a cut one), without their `\r\n` / `\n`.
    pub head: Vec<String>,
    /// The SHA-256 of its UTF-8 bytes (what `sha256sum` says of the `.gd` file it would
    /// be).
    pub sha256: [u8; 32],
}

impl Source {
    /// Sums up `text`. O(text): one hash and one count of its lines.
    ///
    /// ```
    /// use gdvariant::scan::Source;
    ///
    /// let source = Source::of("extends Node\n\nfunc _ready():\n\tpass\n");
    /// assert_eq!((source.bytes, source.lines), (35, 4));
    /// assert_eq!(source.head, ["extends Node", "", "func _ready():", "\tpass"]);
    /// assert_eq!(&source.sha256_hex()[..8], "d44fb8c3");
    /// ```
    pub fn of(text: &str) -> Source {
        let newlines = memchr::memchr_iter(b'\n', text.as_bytes()).count();
        let lines = newlines + usize::from(!text.is_empty() && !text.ends_with('\n'));
        let head = text
            .lines()
            .take(HEAD_LINES)
            .map(|line| {
                let mut cut: String = line.chars().take(HEAD_LINE_CHARS).collect();
                if cut.len() < line.len() {
                    cut.push('…');
                }
                cut
            })
            .collect();
        Source {
            bytes: text.len(),
            lines,
            head,
            sha256: Sha256::digest(text.as_bytes()).into(),
        }
    }

    /// [`Source::sha256`] as 64 lowercase hex digits.
    pub fn sha256_hex(&self) -> String {
        let mut hex = String::with_capacity(64);
        for b in self.sha256 {
            let _ = write!(hex, "{b:02x}");
        }
        hex
    }
}
