//! The JSON writers' output ([`Json`]): a buffer flushed in large writes, and the pieces
//! both writers share; the tagged writer's leaves ([`Json::leaf`]). The walk over a value
//! is the tagged writer's (`tagged.rs`) or the plain writer's (`plain/write.rs`).

use alloc::vec::Vec;
use std::io::{self, Write};

use crate::format::number::{push_f32, push_f64, push_i64, push_u64};
#[cfg(feature = "parallel")]
use crate::format::parallel;
use crate::format::{base64, escape};
use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::packed::FloatComponents;
use crate::read::strings::GdStr;
use crate::wire::container_type::ContainerType;
use crate::wire::dialect::Dialect;
use crate::wire::narrow::f32_of;
use crate::wire::types::VariantType;

/// Bytes gathered before they are handed to the writer in one call.
pub(super) const CHUNK: usize = 64 << 10;

/// The output of a JSON writer: a buffer handed on in [`CHUNK`]-byte writes, and the
/// layout state. The tagged writer's methods are here; the plain writer
/// (`plain::write`) adds its own, on the same primitives.
pub(super) struct Json<'w, W: Write> {
    out: &'w mut W,
    pub(super) buf: Vec<u8>,
    pub(super) pretty: bool,
    pub(super) depth: usize,
    /// The buffer is handed to `out` once it holds this many bytes: [`CHUNK`], or never
    /// ([`IN_PLACE`]) when the buffer is the output itself.
    limit: usize,
}

/// [`Json::limit`] of a writer whose buffer is its output.
const IN_PLACE: usize = usize::MAX;

fn name(ty: VariantType) -> &'static str {
    ty.name(Dialect::Godot4)
}

impl<'w, W: Write> Json<'w, W> {
    /// A writer to `out`, with its one 64 KiB buffer.
    pub(super) fn new(out: &'w mut W, pretty: bool) -> Self {
        Json {
            out,
            buf: Vec::with_capacity(CHUNK + 256),
            pretty,
            depth: 0,
            limit: CHUNK,
        }
    }

    /// A writer whose output is `buf` itself, appended to and never handed on (`out` is
    /// not written): no copy of the text from a buffer to the output. Take the text back
    /// from [`Json::buf`].
    #[cfg(feature = "parallel")]
    pub(super) fn in_place(out: &'w mut W, buf: Vec<u8>, pretty: bool) -> Self {
        Json {
            out,
            buf,
            pretty,
            depth: 0,
            limit: IN_PLACE,
        }
    }

    pub(super) fn flush(&mut self) -> io::Result<()> {
        if self.limit == IN_PLACE {
            return Ok(());
        }
        self.out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }

    /// Hands a full buffer to the writer (between values).
    #[inline]
    pub(super) fn maybe_flush(&mut self) -> io::Result<()> {
        if self.buf.len() >= self.limit {
            self.flush()?;
        }
        Ok(())
    }

    /// Appends `N` bytes known at compile time: a fixed-size copy, no call.
    #[inline(always)]
    pub(super) fn put<const N: usize>(&mut self, bytes: &[u8; N]) {
        self.buf.extend_from_slice(bytes);
    }

    #[inline]
    pub(super) fn raw(&mut self, text: &str) {
        self.buf.extend_from_slice(text.as_bytes());
    }

    /// `", "` between items on one line when pretty, `","` otherwise.
    #[inline]
    pub(super) fn comma(&mut self, broken: bool) {
        self.raw(if self.pretty && !broken { ", " } else { "," });
    }

    /// Newline and indentation before an item (pretty only).
    pub(super) fn line(&mut self) {
        if self.pretty {
            self.line_at(self.depth);
        }
    }

    /// A newline and `depth` levels of indentation.
    #[inline]
    pub(super) fn line_at(&mut self, depth: usize) {
        const SPACES: &[u8; 64] = &[b' '; 64];
        self.buf.push(b'\n');
        let mut left = depth.saturating_mul(2);
        while left > 0 {
            let n = left.min(SPACES.len());
            self.buf.extend_from_slice(SPACES.get(..n).unwrap_or(&[]));
            left -= n;
        }
    }

    /// A JSON string: `"`, `\` and control characters escaped. A long text goes out in
    /// pieces of [`CHUNK`] bytes, so the buffer stays small.
    #[inline]
    pub(super) fn string(&mut self, text: &str) -> io::Result<()> {
        if text.len() <= 256 {
            // The frequent case: one piece, room made once.
            self.buf.reserve(text.len() + 2);
            self.buf.push(b'"');
            self.escaped(text.as_bytes());
            self.buf.push(b'"');
            return Ok(());
        }
        self.long_string(text)
    }

    /// [`Json::string`] of a String node's text read in place: `text`, whose raw bytes
    /// start at `at` of `bytes`. A short one that needs no escape is stored straight into
    /// the buffer as one 16-byte window cut to length ([`escape::push_plain_quoted`]).
    #[inline(always)]
    pub(super) fn string_in(&mut self, bytes: &[u8], at: usize, text: GdStr<'_>) -> io::Result<()> {
        if escape::push_plain_quoted(&mut self.buf, bytes, at, text.raw_bytes().len()) {
            return Ok(());
        }
        self.string(text.as_str())
    }

    /// [`Json::string`] of a long text, in pieces.
    #[inline(never)]
    fn long_string(&mut self, text: &str) -> io::Result<()> {
        self.buf.push(b'"');
        for piece in text.as_bytes().chunks(CHUNK) {
            self.escaped(piece);
            self.maybe_flush()?;
        }
        self.buf.push(b'"');
        Ok(())
    }

    /// A short JSON string known to need no escapes (a type tag, a field name).
    pub(super) fn tag(&mut self, text: &str) {
        self.buf.push(b'"');
        self.raw(text);
        self.buf.push(b'"');
    }

    /// `bytes` with `"`, `\` and control characters escaped (the bytes of a UTF-8 text, or
    /// a piece of one: escapes never fall inside a multi-byte character).
    fn escaped(&mut self, bytes: &[u8]) {
        escape::json_escaped(&mut self.buf, bytes);
    }

    /// A float component: shortest digits, or a string for NaN and infinities.
    pub(super) fn number(&mut self, x: f64, as_f32: bool) {
        if x.is_nan() {
            self.raw("\"nan\"");
        } else if x.is_infinite() {
            self.raw(if x > 0.0 { "\"inf\"" } else { "\"-inf\"" });
        } else if as_f32 {
            push_f32(&mut self.buf, f32_of(x));
        } else {
            push_f64(&mut self.buf, x);
        }
    }

    /// `[` … `]` around `n` items written by `item`; one item per line when `broken` and
    /// pretty.
    pub(super) fn list(
        &mut self,
        n: usize,
        broken: bool,
        mut item: impl FnMut(&mut Self, usize) -> io::Result<()>,
    ) -> io::Result<()> {
        let broken = broken && self.pretty;
        self.raw("[");
        self.depth += 1;
        for i in 0..n {
            if i > 0 {
                self.comma(broken);
            }
            if broken {
                self.line();
            }
            item(self, i)?;
        }
        self.depth -= 1;
        if broken && n > 0 {
            self.line();
        }
        self.raw("]");
        Ok(())
    }

    /// `{"Tag": <body>` … the caller may add `, "extra": …` fields, then `}`.
    pub(super) fn open_tag(&mut self, tag: &str) {
        self.raw("{");
        self.tag(tag);
        self.raw(if self.pretty { ": " } else { ":" });
    }

    pub(super) fn field(&mut self, key: &str) {
        self.comma(false);
        self.tag(key);
        self.raw(if self.pretty { ": " } else { ":" });
    }

    pub(super) fn container_type(&mut self, t: ContainerType<GdStr<'_>>) -> io::Result<()> {
        match t {
            ContainerType::Untyped => self.raw("null"),
            ContainerType::Builtin(ty) => self.tag(name(ty)),
            ContainerType::ClassName(class) => {
                self.open_tag("class");
                self.string(class.as_str())?;
                self.raw("}");
            }
            ContainerType::Script(path) => {
                self.open_tag("script");
                self.string(path.as_str())?;
                self.raw("}");
            }
        }
        Ok(())
    }

    /// A value that holds no others, at depth `self.depth` (the walk writes Arrays,
    /// Dictionaries, full Objects and typed arrays, and never gives them here).
    #[inline(never)]
    pub(super) fn leaf(&mut self, value: Value<'_>) -> io::Result<()> {
        let ty = value.ty();
        match value {
            Value::Nil => self.raw("null"),
            Value::Bool(b) => self.raw(if b { "true" } else { "false" }),
            Value::Int(n) => push_i64(&mut self.buf, n),
            Value::Float(x) if x.is_finite() => push_f64(&mut self.buf, x),
            Value::Float(x) => {
                self.open_tag("float");
                self.number(x, false);
                self.raw("}");
            }
            Value::String(text) => self.string(text.as_str())?,
            Value::StringName(text) => {
                self.open_tag(name(ty));
                self.string(text.as_str())?;
                self.raw("}");
            }
            math_value!(m) => self.math(&m),
            Value::NodePath(path) => {
                self.open_tag("NodePath");
                self.string(&alloc::format!("{path}"))?;
                self.raw("}");
            }
            Value::Rid(id) => {
                self.open_tag("RID");
                push_u64(&mut self.buf, id);
                self.raw("}");
            }
            Value::Callable => {
                self.open_tag("Callable");
                self.raw("null}");
            }
            Value::Signal(signal) => {
                self.open_tag("Signal");
                self.raw("{");
                self.tag("name");
                self.raw(":");
                self.string(signal.name().as_str())?;
                self.raw(",");
                self.tag("object");
                self.raw(":");
                push_u64(&mut self.buf, signal.object_id());
                self.raw("}}");
            }
            Value::Object(ObjectRef::Null) => self.raw("{\"Object\":null}"),
            Value::Object(ObjectRef::Id(id)) => {
                self.open_tag("Object");
                self.raw("{");
                self.tag("id");
                self.raw(":");
                push_u64(&mut self.buf, id);
                self.raw("}}");
            }
            // Written by the walk (`tagged.rs`).
            Value::Object(ObjectRef::Full(_))
            | Value::Array(_)
            | Value::Dictionary(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_) => {}
            Value::PackedByteArray(bytes) => {
                self.open_tag(name(ty));
                self.buf.push(b'"');
                // Whole groups of 3 bytes per piece: the pieces' encodings concatenate.
                for piece in bytes.chunks(CHUNK / 4 * 3) {
                    base64::encode(&mut self.buf, piece);
                    self.maybe_flush()?;
                }
                self.raw("\"}");
            }
            Value::PackedInt32Array(p) => self.packed(ty, p.len(), p.iter(), |j, n| {
                push_i64(&mut j.buf, i64::from(n));
                Ok(())
            })?,
            Value::PackedInt64Array(p) => self.packed(ty, p.len(), p.iter(), |j, n| {
                push_i64(&mut j.buf, n);
                Ok(())
            })?,
            Value::PackedStringArray(p) => {
                self.packed(ty, p.len(), p.iter(), |j, s| j.string(s.as_str()))?
            }
            Value::PackedFloat32Array(p) => self.floats(ty, p.components(), 1, p.len())?,
            Value::PackedFloat64Array(p) => self.floats(ty, p.components(), 1, p.len())?,
            Value::PackedVector2Array(p) => self.floats(ty, p.components(), 2, p.len())?,
            Value::PackedVector3Array(p) => self.floats(ty, p.components(), 3, p.len())?,
            Value::PackedVector4Array(p) => self.floats(ty, p.components(), 4, p.len())?,
            Value::PackedColorArray(p) => self.floats(ty, p.components(), 4, p.len())?,
            Value::PackedVector2iArray(p) => self.int_vectors(ty, p.len(), p.iter())?,
            Value::PackedVector3iArray(p) => self.int_vectors(ty, p.len(), p.iter())?,
            Value::PackedVector4iArray(p) => self.int_vectors(ty, p.len(), p.iter())?,
        }
        Ok(())
    }

    /// A Pandemonium integer vector pool: a list of component lists.
    fn int_vectors<const N: usize>(
        &mut self,
        ty: VariantType,
        n: usize,
        items: impl Iterator<Item = [i32; N]>,
    ) -> io::Result<()> {
        self.packed(ty, n, items, |j, v| {
            j.list(N, false, |j, i| {
                push_i64(&mut j.buf, i64::from(v.get(i).copied().unwrap_or(0)));
                Ok(())
            })
        })
    }

    fn math(&mut self, m: &MathRef<'_>) {
        self.open_tag(name(m.ty()));
        let _ = self.list(m.len(), false, |j, i| {
            match m.get_i32(i) {
                Some(n) => push_i64(&mut j.buf, i64::from(n)),
                None => j.number(m.get(i).unwrap_or(0.0), !m.is_double()),
            }
            Ok(())
        });
        if m.is_double() {
            self.field("double");
            self.raw("true");
        }
        self.raw("}");
    }

    /// `{"Packed…": [items]}` with `item` writing each element; the buffer is handed on
    /// whenever it fills, so a packed array of any size streams.
    fn packed<T>(
        &mut self,
        ty: VariantType,
        n: usize,
        mut items: impl Iterator<Item = T>,
        mut item: impl FnMut(&mut Self, T) -> io::Result<()>,
    ) -> io::Result<()> {
        self.open_tag(name(ty));
        self.list(n, true, |j, _| {
            if let Some(x) = items.next() {
                item(j, x)?;
            }
            j.maybe_flush()
        })?;
        self.raw("}");
        Ok(())
    }

    /// A float-based packed array: a flat list for Float32/Float64 arrays (`per_element`
    /// 1), a list of `per_element`-component lists for vectors and colors, plus
    /// `"double": true` for 64-bit vectors. Streams like [`Json::packed`].
    fn floats(
        &mut self,
        ty: VariantType,
        mut components: FloatComponents<'_>,
        per_element: usize,
        len: usize,
    ) -> io::Result<()> {
        let double = components.is_double();
        self.open_tag(name(ty));
        #[cfg(feature = "parallel")]
        if len.saturating_mul(per_element) >= parallel::MIN_COMPONENTS
            && rayon::current_num_threads() > 1
        {
            self.floats_parallel(components.data(), double, per_element, len)?;
            if double && per_element > 1 {
                self.field("double");
                self.raw("true");
            }
            self.raw("}");
            return Ok(());
        }
        /// Elements formatted in one run (`float32::push_f32_list`) between checks for a
        /// full buffer.
        const FLOAT_GROUP: usize = 512;
        let data = components.data();
        if !double && !self.pretty && data.len() / 4 == len.saturating_mul(per_element) {
            // f32 components, compact: whole runs of elements at a time.
            self.raw("[");
            let group = 4 * per_element * FLOAT_GROUP;
            for (i, run) in data.chunks(group.max(1)).enumerate() {
                if i > 0 {
                    self.raw(",");
                }
                crate::format::float32::push_f32_list(&mut self.buf, run, per_element);
                self.maybe_flush()?;
            }
            self.raw("]}");
            return Ok(());
        }
        self.list(len, true, |j, _| {
            if per_element == 1 {
                if let Some(x) = components.next() {
                    j.number(x, !double);
                }
            } else {
                j.list(per_element, false, |j, _| {
                    if let Some(x) = components.next() {
                        j.number(x, !double);
                    }
                    Ok(())
                })?;
            }
            j.maybe_flush()
        })?;
        if double && per_element > 1 {
            self.field("double");
            self.raw("true");
        }
        self.raw("}");
        Ok(())
    }

    /// The list of [`Json::floats`], its chunks formatted on the rayon pool
    /// ([`parallel::ordered_into`]): the same bytes as the list written in place.
    #[cfg(feature = "parallel")]
    fn floats_parallel(
        &mut self,
        data: &[u8],
        double: bool,
        per_element: usize,
        len: usize,
    ) -> io::Result<()> {
        let broken = self.pretty;
        let pretty = self.pretty;
        let depth = self.depth + 1;
        let width = if double { 8 } else { 4 } * per_element;
        let per_chunk = (parallel::CHUNK_COMPONENTS / per_element).max(1);
        self.raw("[");
        self.flush()?;
        let format = |c: usize, buf: &mut Vec<u8>| {
            let first = c * per_chunk;
            let end = first.saturating_add(per_chunk).min(len);
            let bytes = data.get(first * width..end * width).unwrap_or(&[]);
            if !double && !pretty {
                buf.reserve((end - first) * per_element * 12 + 1);
                if first > 0 {
                    buf.push(b',');
                }
                crate::format::float32::push_f32_list(buf, bytes, per_element);
                return;
            }
            let mut components = FloatComponents::new(bytes, double);
            let mut sink = io::sink();
            let mut j = Json {
                out: &mut sink,
                buf: core::mem::take(buf),
                pretty,
                depth,
                limit: IN_PLACE,
            };
            for e in first..end {
                if e > 0 {
                    j.comma(broken);
                }
                if broken {
                    j.line();
                }
                if per_element == 1 {
                    if let Some(x) = components.next() {
                        j.number(x, !double);
                    }
                } else {
                    let _ = j.list(per_element, false, |j, _| {
                        if let Some(x) = components.next() {
                            j.number(x, !double);
                        }
                        Ok(())
                    });
                }
            }
            *buf = j.buf;
        };
        let (out, buf) = (&mut *self.out, &mut self.buf);
        let in_place = self.limit == IN_PLACE;
        parallel::ordered_into(len.div_ceil(per_chunk), format, |bytes| {
            if in_place {
                buf.extend_from_slice(bytes);
                Ok(())
            } else {
                out.write_all(bytes)
            }
        })?;
        if broken && len > 0 {
            self.line();
        }
        self.raw("]");
        Ok(())
    }
}
