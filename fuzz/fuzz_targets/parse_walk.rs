//! Parse, then walk everything.
//!
//! Input: `[config byte][value bytes]` (config: see `src/lib.rs`: dialect, strict mode,
//! small limits, full objects off, alignment, `parse_prefix`).
//! The value bytes are copied to the chosen alignment and parsed. An error must point
//! inside the input. A success must also parse with the default (most lenient) options,
//! to the same value, and is then walked by `gdvariant_fuzz::walk`: `Display` in every
//! `TextStyle`, every accessor and iterator, every packed view, each child's `encoded()`
//! bytes, recursively, dispatching on the exhaustive `Value` enum. Then the one-pass
//! reader (`visit` and `events`) must walk the same nodes as the views, in the same order,
//! at the same offsets and depths (`gdvariant_fuzz::one_pass`), and stop where told.
#![no_main]

use gdvariant::{ParseOptions, VariantRef};
use gdvariant_fuzz::{aligned_copy, one_pass, walk, Config};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((config, bytes)) = Config::split(data) else {
        return;
    };
    let (buf, range) = aligned_copy(bytes, config.misalign);
    let bytes = &buf[range];
    match config.parse(bytes) {
        Err(e) => {
            assert!(
                e.offset() <= bytes.len(),
                "{e} past the end ({})",
                bytes.len()
            );
            let _ = (e.to_string(), e.kind());
        }
        Ok(value) => {
            let lenient =
                VariantRef::parse_prefix_with(bytes, config.dialect, &ParseOptions::default())
                    .expect("what parses with options parses with the defaults");
            assert!(lenient.0 == value);
            walk(value, bytes, 0);
            one_pass(value);
        }
    }
});
