//! The engines' own text form (`var2str` / `str2var` in Godot 3, `var_to_str` /
//! `str_to_var` in Godot 4) both ways: [`write()`](fn@write) (and `Display`) prints a
//! parsed value exactly as the engine does (spacing, newlines, float formatting, key order,
//! escapes and the recursion cut-off), and [`read()`](fn@read) reads that text
//! back into the Variant bytes, as the engine writes them.
//!
//! ```
//! use gdvariant::{text, Dialect, VariantRef};
//!
//! // var_to_bytes({"hp": 10}) in Godot 4
//! let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
//! let mut out = Vec::new();
//! text::write(&mut out, VariantRef::parse(&bytes, Dialect::Godot4)?, &text::WriteOptions::new())?;
//! assert_eq!(out, b"{\n\"hp\": 10\n}");
//! // Edit the text, or write it by hand, and read it back.
//! assert_eq!(text::read(core::str::from_utf8(&out)?, Dialect::Godot4)?, bytes);
//! let edited = text::read("{\"hp\": 11}", Dialect::Godot4)?;
//! assert_eq!(edited[24], 11);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module and [`crate::json`] have the same shape:
//!
//! | Verb | `text` | `json` |
//! |---|---|---|
//! | input → Variant bytes | [`read(text, dialect)`](fn@read) | [`json::read(json, dialect)`](crate::json::read) |
//! | … with options | [`read_with(text, dialect, &ReadOptions)`](read_with) | [`json::read_with`](crate::json::read_with) |
//! | … appending to a buffer | [`read_into(text, dialect, &ReadOptions, out)`](read_into) | [`json::read_into`](crate::json::read_into) |
//! | value → output | [`write(out, value, &WriteOptions)`](fn@write) | [`json::write`](crate::json::write()) |
//! | the error | [`TextError`] = [`SyntaxError`]`<`[`TextErrorKind`]`>` | [`json::JsonError`](crate::json::JsonError) = `SyntaxError<JsonErrorKind>` |
//!
//! Both readers validate everything in one pass without recursion, take the shared
//! [`Limits`](crate::Limits) in their `ReadOptions` (and enforce its `max_depth`), and
//! leave `out` as it was on error. Besides, [`VariantRef::text`] and [`Variant::text`]
//! pair a value with a [`TextStyle`] for `format!` ([`Text`], [`VariantText`]), and
//! [`read_sequence`] reads several values as `gdvariant show` prints a file of
//! `store_var` frames.
//!
//! [`Variant::text`]: crate::Variant::text

#[cfg(any(feature = "config", feature = "resource"))]
pub(crate) mod blank;
mod dict;
mod number;
pub(crate) mod options;
mod order;
#[cfg(test)]
mod order_check;
pub(crate) mod owned;
mod parse;
mod single;
pub(crate) mod style;
mod walk;
mod writer;

use core::fmt;

pub use crate::format::syntax::SyntaxError;
pub use options::{ReadOptions, WriteOptions};
pub use owned::VariantText;
pub use parse::{read, read_into, read_sequence, read_with, Sequence, TextError, TextErrorKind};
#[cfg(feature = "resource")]
pub(crate) use parse::{read_at, Scratch};
pub(crate) use style::ResourceMode;
pub use style::TextStyle;

use crate::wire::dialect::Dialect as D;
use alloc::vec::Vec;
renamed! {
    to_bytes => read "renamed to `text::read`" (text: &str, dialect: D) -> Result<Vec<u8>, TextError>;
    to_bytes_with => read_with "renamed to `text::read_with`" (text: &str, dialect: D, options: &ReadOptions) -> Result<Vec<u8>, TextError>;
    to_bytes_into => read_into "renamed to `text::read_into`" (text: &str, dialect: D, options: &ReadOptions, out: &mut Vec<u8>) -> Result<(), TextError>;
    sequence_to_bytes => read_sequence "renamed to `text::read_sequence`" (text: &str, dialect: D, options: &ReadOptions) -> Result<Sequence, TextError>;
}

use crate::read::buf::VariantBuf;
use crate::read::reader::Reader;
use crate::read::value::VariantRef;
use writer::Writer;

/// A value paired with a [`TextStyle`]; its `Display` is the engine's text form. From
/// [`VariantRef::text`].
#[derive(Clone, Copy, Debug)]
pub struct Text<'a> {
    value: VariantRef<'a>,
    style: TextStyle,
    mode: ResourceMode,
    /// With `mode.refs`: the file's external resources, `(id, path)`.
    ext: &'a [(alloc::string::String, alloc::string::String)],
}

/// `value` in `style`'s text form as the engine's resource saver writes it in `mode`;
/// `ext`, the file's external resources `(id, path)`, names a typed container's script
/// `ExtResource("id")` when its path is one of them (else `Resource("path")`).
#[cfg_attr(not(feature = "resource"), allow(dead_code))]
pub(crate) fn resource_text<'a>(
    value: VariantRef<'a>,
    style: TextStyle,
    mode: ResourceMode,
    ext: &'a [(alloc::string::String, alloc::string::String)],
) -> Text<'a> {
    Text {
        value,
        style,
        mode,
        ext,
    }
}

impl<'a> VariantRef<'a> {
    /// The engine's text form in `style`. `Display` on `VariantRef` itself uses
    /// [`TextStyle::for_dialect`].
    ///
    /// Cost: one pass over the bytes, O(output), except that the engines print a
    /// dictionary's keys sorted: each dictionary's pairs are noted (about 90 bytes each),
    /// sorted and printed, so memory is bounded by the dictionaries being printed (the
    /// largest one and those around it), never by the file. A pair whose key and value are
    /// short leaves (strings of at most 256 bytes, no packed arrays), or whose value is a
    /// small dictionary of such pairs, is rendered when noted and its text kept until it is
    /// printed; any other pair is printed from where it is, its value stepped over once
    /// more (headers only) when the pairs are noted.
    ///
    /// ```
    /// use gdvariant::text::TextStyle;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// let bytes = [18, 0, 0, 0, 0, 0, 0, 0]; // {}, Godot 3
    /// let value = VariantRef::parse(&bytes, Dialect::Godot3)?;
    /// assert_eq!(value.to_string(), "{\n}"); // Godot 3.5+
    /// assert_eq!(value.text(TextStyle::Godot32).to_string(), "{\n\n}"); // Godot 3.0–3.4
    /// # Ok::<(), gdvariant::Error>(())
    /// ```
    pub fn text(self, style: TextStyle) -> Text<'a> {
        Text {
            value: self,
            style,
            mode: ResourceMode::default(),
            ext: &[],
        }
    }
}

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut writer = Writer::new(f, self.style);
        writer.mode = self.mode;
        writer.ext = self.ext;
        writer.write(Reader::new(&self.value))
    }
}

impl fmt::Display for VariantRef<'_> {
    /// The engine's text form (`var2str` / `var_to_str`), in the newest verified style of
    /// the value's dialect; see [`VariantRef::text`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.text(TextStyle::for_dialect(self.dialect())), f)
    }
}

impl<B: AsRef<[u8]>> fmt::Display for VariantBuf<B> {
    /// The engine's text form of the value (see [`VariantRef`]'s `Display`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view(), f)
    }
}

/// Writes `value` in the engine's text form to `out`: exactly what `Display` prints
/// ([`VariantRef::text`] with `options.style`, or the style of the value's dialect when it
/// is `None`). Nothing is re-validated (the value was, when it was parsed); the text goes
/// to `out` in 64 KiB writes (no `BufWriter` needed). Cost: as [`VariantRef::text`]: one
/// pass, O(output), plus the pairs of the dictionaries being printed (their keys are
/// sorted); memory: one 64 KiB buffer besides.
///
/// ```
/// use gdvariant::text::{self, TextStyle, WriteOptions};
/// use gdvariant::{Dialect, VariantRef};
///
/// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 7, 0, 0, 0]; // [7], Godot 4
/// let value = VariantRef::parse(&bytes, Dialect::Godot4)?;
/// let mut out = Vec::new();
/// text::write(&mut out, value, &WriteOptions::new())?;
/// assert_eq!(out, b"[7]");
/// out.clear();
/// text::write(&mut out, value, &WriteOptions::new().style(TextStyle::PandemoniumC))?;
/// assert_eq!(out, value.text(TextStyle::PandemoniumC).to_string().as_bytes());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[cfg(feature = "std")]
pub fn write(
    out: &mut impl std::io::Write,
    value: VariantRef<'_>,
    options: &WriteOptions,
) -> std::io::Result<()> {
    let style = options
        .style
        .unwrap_or_else(|| TextStyle::for_dialect(value.dialect()));
    let mut sink = Chunked {
        out,
        buf: alloc::vec::Vec::with_capacity(CHUNK),
        error: None,
    };
    let result = fmt::Write::write_fmt(&mut sink, format_args!("{}", value.text(style)));
    if let Some(error) = sink.error.take() {
        return Err(error);
    }
    result.map_err(|_| std::io::Error::other("the text form could not be formatted"))?;
    sink.out.write_all(&sink.buf)
}

/// Bytes gathered before they are handed to the writer in one call.
#[cfg(feature = "std")]
const CHUNK: usize = 64 << 10;

/// A `fmt::Write` over an `io::Write`: pieces gathered into writes of up to [`CHUNK`]
/// bytes (a longer piece is handed on alone), so the buffer never grows past `CHUNK`; the
/// first I/O error is kept (`fmt::Error` carries none).
#[cfg(feature = "std")]
struct Chunked<'w, W: std::io::Write> {
    out: &'w mut W,
    buf: alloc::vec::Vec<u8>,
    error: Option<std::io::Error>,
}

#[cfg(feature = "std")]
impl<W: std::io::Write> fmt::Write for Chunked<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.buf.len() + s.len() > CHUNK {
            let written = self.out.write_all(&self.buf).and_then(|()| {
                self.buf.clear();
                if s.len() >= CHUNK {
                    self.out.write_all(s.as_bytes())
                } else {
                    self.buf.extend_from_slice(s.as_bytes());
                    Ok(())
                }
            });
            return written.map_err(|e| {
                self.error = Some(e);
                fmt::Error
            });
        }
        self.buf.extend_from_slice(s.as_bytes());
        Ok(())
    }
}

#[cfg(all(test, feature = "std"))]
mod tests {
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use std::io;

    use super::{read, write, TextStyle, WriteOptions, CHUNK};
    use crate::read::value::VariantRef;
    use crate::wire::dialect::Dialect;

    /// Records the length of every write; fails once it has taken `fail_after` bytes.
    struct Recorder {
        data: Vec<u8>,
        writes: Vec<usize>,
        fail_after: usize,
    }

    impl io::Write for Recorder {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            if self.data.len() >= self.fail_after {
                return Err(io::Error::other("full"));
            }
            self.data.extend_from_slice(buf);
            self.writes.push(buf.len());
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn write_is_display_in_chunks_and_reports_the_writers_error() {
        let long = "é".repeat(3 * CHUNK / 4);
        let text = alloc::format!("[\"{long}\", 1, {{\"k\": \"{long}\"}}, \"tail\"]");
        let bytes = read(&text, Dialect::Godot4).unwrap();
        let value = VariantRef::parse(&bytes, Dialect::Godot4).unwrap();
        for style in [
            None,
            Some(TextStyle::Godot36),
            Some(TextStyle::PandemoniumC),
        ] {
            let mut out = Recorder {
                data: Vec::new(),
                writes: Vec::new(),
                fail_after: usize::MAX,
            };
            write(&mut out, value, &WriteOptions::new().style(style)).unwrap();
            let shown = match style {
                Some(style) => value.text(style).to_string(),
                None => value.to_string(),
            };
            assert_eq!(String::from_utf8(out.data).unwrap(), shown);
            assert!(out.writes.len() > 2, "{:?}", out.writes);
        }
        let mut out = Recorder {
            data: Vec::new(),
            writes: Vec::new(),
            fail_after: 1,
        };
        let error = write(&mut out, value, &WriteOptions::new()).unwrap_err();
        assert_eq!(error.to_string(), "full");
    }
}
