//! Helpers shared by the fuzz targets in `fuzz_targets/`: the configuration byte that
//! starts every input, a copy of the value bytes at a chosen alignment, [`walk`], which
//! visits every part of a parsed value, and [`one_pass`], which checks the one-pass reader
//! against the views.
//!
//! Every input is `[config byte][target-specific bytes]`. The config byte:
//!
//! | bit | meaning |
//! |---|---|
//! | 0 | dialect: 1 = Godot 4; 0 = Godot 3 or a Pandemonium era, by bits 4–5 |
//! | 1 | strict mode |
//! | 2 | small limits (`max_depth` 8, `max_nodes` 64; `frames`: also big-endian prefixes) |
//! | 3 | full objects not allowed |
//! | 4–5 | misalignment of the value bytes: 0, 1, 2 or 4 bytes past an 8-aligned address; with bit 0 clear also the dialect: 0 = Godot 3, 1 = Pandemonium A, 2 = B, 3 = C |
//! | 6 | parse with `parse_prefix_with` (trailing bytes are the caller's) |
//! | 7 | target-specific (`parse_walk`: unused; `query_json`: pretty JSON; `frames`: 256-byte frames) |

// The walker checks `is_empty()` against `len() == 0` on purpose.
#![allow(clippy::len_zero)]

use gdvariant::{Dialect, Limits, ParseOptions, VariantRef};

mod one_pass;
mod walk;

pub use one_pass::one_pass;
pub use walk::{walk, Sink};

/// The decoded configuration byte.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// Bit 0.
    pub dialect: Dialect,
    /// Bits 1–3.
    pub options: ParseOptions,
    /// Bits 4–5: bytes past an 8-aligned address where the value bytes start.
    pub misalign: usize,
    /// Bit 6.
    pub prefix: bool,
    /// Bit 7.
    pub extra: bool,
}

impl Config {
    /// Decodes the config byte (see the module documentation).
    pub fn new(byte: u8) -> Config {
        let bit = |n: u8| byte & (1 << n) != 0;
        let mut limits = Limits::default();
        if bit(2) {
            limits.max_depth = 8;
            limits.max_nodes = 64;
        }
        limits.allow_full_objects = !bit(3);
        Config {
            dialect: if bit(0) {
                Dialect::Godot4
            } else {
                [
                    Dialect::Godot3,
                    Dialect::PandemoniumA,
                    Dialect::PandemoniumB,
                    Dialect::PandemoniumC,
                ][usize::from(byte >> 4 & 3)]
            },
            options: ParseOptions::new().limits(limits).strict(bit(1)),
            misalign: [0, 1, 2, 4][usize::from(byte >> 4 & 3)],
            prefix: bit(6),
            extra: bit(7),
        }
    }

    /// Splits an input into its config and the rest; `None` for an empty input.
    pub fn split(data: &[u8]) -> Option<(Config, &[u8])> {
        let (&first, rest) = data.split_first()?;
        Some((Config::new(first), rest))
    }

    /// Parses `bytes` as configured. With bit 6 the value may be followed by bytes that are
    /// not part of it; the returned view then covers only the value.
    pub fn parse<'a>(&self, bytes: &'a [u8]) -> Result<VariantRef<'a>, gdvariant::Error> {
        if self.prefix {
            let (value, len) = VariantRef::parse_prefix_with(bytes, self.dialect, &self.options)?;
            assert!(
                len <= bytes.len(),
                "consumed {len} of {} bytes",
                bytes.len()
            );
            assert_eq!(value.encoded(), &bytes[..len]);
            Ok(value)
        } else {
            VariantRef::parse_with(bytes, self.dialect, &self.options)
        }
    }
}

/// A copy of `bytes` starting `misalign` bytes past an 8-aligned address, so that native
/// packed slices are tried both aligned and misaligned. Index the buffer with the range.
pub fn aligned_copy(bytes: &[u8], misalign: usize) -> (Vec<u8>, core::ops::Range<usize>) {
    let mut buf = vec![0u8; bytes.len() + 16];
    let start = (8 - buf.as_ptr() as usize % 8) % 8 + misalign;
    buf[start..start + bytes.len()].copy_from_slice(bytes);
    (buf, start..start + bytes.len())
}
