//! [`write`]: the tagged JSON writer's entry, which picks the serial walk (`tagged.rs`)
//! or, for a large container with the `parallel` feature, the cut one (`split.rs`).

use std::io::{self, Write};

use crate::format::json::options::WriteOptions;
#[cfg(feature = "parallel")]
use crate::format::json::split;
use crate::format::json::tagged;
use crate::read::value::VariantRef;

/// Writes `value` as JSON (the schema in [`crate::json`]) to `out`, streaming;
/// [`WriteOptions::pretty`] indents with two spaces. One pass over the bytes, without
/// recursion: nothing is measured or re-validated, and the output goes to `out` in 64 KiB
/// writes (no `BufWriter` needed). Allocates the one 64 KiB buffer, and keeps it at about
/// that size (long strings and packed arrays are handed on in pieces), plus a stack of
/// the open containers (a few bytes per nesting level).
///
/// With the `parallel` feature and more than one thread in the rayon pool, an untyped
/// Array or Dictionary of at least 4 MiB is written on all cores: the calling thread
/// measures its children (headers only) and cuts them into chunks of about 1 MiB of
/// input, the pool formats the chunks, and they are written in order as they finish,
/// with a bounded number in flight. The output is the same bytes.
///
/// ```
/// use gdvariant::json::WriteOptions;
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = [5, 0, 0, 0, 0, 0, 0x80, 0x3f, 0, 0, 0, 0x40]; // Vector2(1, 2)
/// let mut out = Vec::new();
/// gdvariant::json::write(&mut out, VariantRef::parse(&bytes, Dialect::Godot4)?, &WriteOptions::new())?;
/// assert_eq!(out, br#"{"Vector2":[1.0,2.0]}"#);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write(
    out: &mut impl Write,
    value: VariantRef<'_>,
    options: &WriteOptions,
) -> io::Result<()> {
    #[cfg(feature = "parallel")]
    if split::worth(&value) {
        return split::write(out, value, options.pretty);
    }
    tagged::write_serial(out, value, options.pretty)
}
