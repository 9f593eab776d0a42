//! The text writer's output and leaves: a buffer handed to the formatter in large pieces,
//! and every value that holds no others. The walk over a value, without recursion, is in
//! `walk.rs`; a dictionary's pairs are sorted there (as the engines print them) one
//! dictionary at a time, so memory is bounded by the dictionaries being printed, never by
//! the file.

use alloc::vec::Vec;
use core::fmt;

use super::number::batch::{godot4_components_f32, godot4_f32};
use super::number::{write_real, Role};
use super::order::{FlatPair, Pair, Scratch};
use super::style::TextStyle;
use crate::format::escape;
use crate::format::number::{push_i64, push_u64};

use crate::read::decoded::{math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::packed::FloatComponents;
use crate::read::strings::GdStr;
use crate::wire::container_type::ContainerType;
use crate::wire::types::VariantType;

/// The engines' `MAX_RECURSION` in `VariantWriter`: deeper containers print empty.
const MAX_TEXT_RECURSION: usize = 100;

/// Components formatted per call of [`godot4_components_f32`].
const F32_RUN: usize = 4096;

/// Bytes gathered before they are handed to the formatter.
pub(super) const CHUNK: usize = 16 << 10;

pub(super) struct Writer<'w, 'f> {
    out: &'w mut fmt::Formatter<'f>,
    pub(super) buf: Vec<u8>,
    pub(super) style: TextStyle,
    /// The pairs of the dictionaries being printed, innermost last (a stack of ranges),
    /// and their printing orders (a stack too); buffers the sorts reuse.
    pub(super) pairs: Vec<Pair>,
    pub(super) orders: Vec<u32>,
    pub(super) scratch: Scratch,
    /// The rendered text of the noted pairs (a stack, like `pairs`), and the decoded pairs
    /// pieces of a small flat dictionary (`dict.rs`).
    pub(super) side: Vec<u8>,
    pub(super) small: Vec<FlatPair>,
    /// Inside a resource file: references and base64 byte arrays (see `ResourceMode`).
    pub(super) mode: super::style::ResourceMode,
    /// With `mode.refs`: the file's external resources, `(id, path)`.
    pub(super) ext: &'w [(alloc::string::String, alloc::string::String)],
}

impl<'w, 'f> Writer<'w, 'f> {
    pub(super) fn new(out: &'w mut fmt::Formatter<'f>, style: TextStyle) -> Self {
        Writer {
            out,
            buf: Vec::with_capacity(CHUNK + 256),
            style,
            pairs: Vec::new(),
            orders: Vec::new(),
            scratch: Scratch::default(),
            side: Vec::new(),
            small: Vec::new(),
            mode: super::style::ResourceMode::default(),
            ext: &[],
        }
    }

    pub(super) fn flush(&mut self) -> fmt::Result {
        // Only whole tokens are ever appended, so the buffer is always valid UTF-8.
        let text = core::str::from_utf8(&self.buf).map_err(|_| fmt::Error)?;
        self.out.write_str(text)?;
        self.buf.clear();
        Ok(())
    }

    #[inline(always)]
    pub(super) fn s(&mut self, text: &str) {
        self.buf.extend_from_slice(text.as_bytes());
    }

    pub(super) fn type_name(&self, ty: VariantType) -> &'static str {
        ty.name(self.style.dialect())
    }

    /// `value` as the engine prints it: one that is exactly an f32 in Godot 4 (what f32
    /// data always holds) through the layout of [`godot4_f32`], the others (and what that
    /// layout leaves) through `write_real`.
    #[inline(always)]
    fn real(&mut self, value: f64, role: Role) {
        if self.style == TextStyle::Godot4 {
            let narrow = crate::wire::narrow::f32_of(value);
            if f64::from(narrow) == value && godot4_f32(&mut self.buf, narrow, role == Role::Float)
            {
                return;
            }
        }
        write_real(&mut self.buf, value, role, self.style);
    }

    /// A `float` value.
    #[inline(always)]
    pub(super) fn float(&mut self, x: f64) {
        self.real(x, Role::Float);
    }

    /// `Name( ` / `Name(`.
    fn open_call(&mut self, name: &str) {
        self.s(name);
        self.s("(");
        let pad = self.style.pad();
        self.s(pad);
    }

    /// ` )` / `)`.
    fn close_call(&mut self) {
        let pad = self.style.pad();
        self.s(pad);
        self.s(")");
    }

    /// Hands the buffer on once it holds [`CHUNK`] bytes.
    #[inline]
    fn maybe_flush(&mut self) -> fmt::Result {
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    /// A value that holds no others (the walk writes Arrays, Dictionaries, full Objects and
    /// typed arrays, and never gives them here).
    #[inline(never)]
    pub(super) fn leaf(&mut self, value: Value<'w>, depth: usize) -> fmt::Result {
        let ty = value.ty();
        match value {
            Value::Nil => self.s("null"),
            Value::Bool(b) => self.s(if b { "true" } else { "false" }),
            Value::Int(n) => push_i64(&mut self.buf, n),
            Value::Float(x) => self.float(x),
            Value::String(text) => {
                self.s("\"");
                self.long_text(text.as_str(), Self::escaped_multiline)?;
                self.s("\"");
            }
            Value::StringName(text) => {
                self.s(if self.style.is_pandemonium() {
                    "@\""
                } else {
                    "&\""
                });
                self.long_text(text.as_str(), Self::escaped)?;
                self.s("\"");
            }
            math_value!(m) => self.math(&m),
            Value::NodePath(p) => {
                let mut path = alloc::string::String::new();
                let written = if self.style.is_godot3() {
                    p.write_godot3(&mut path)
                } else {
                    fmt::Write::write_fmt(&mut path, format_args!("{p}"))
                };
                debug_assert!(written.is_ok(), "writing to a String cannot fail");
                self.s("NodePath(\"");
                self.escaped(&path);
                self.s("\")");
            }
            Value::Rid(id) => match self.style {
                TextStyle::Godot4 if id != 0 => {
                    self.s("RID(");
                    push_i64(&mut self.buf, id as i64);
                    self.s(")");
                }
                TextStyle::Godot4 => self.s("RID()"),
                _ => {} // Godot 3 prints RIDs as nothing at all
            },
            Value::Callable => self.s("Callable()"),
            Value::Signal(_) => self.s("Signal()"),
            Value::Object(ObjectRef::Null | ObjectRef::Id(0)) => self.s("null"),
            Value::Object(ObjectRef::Id(id)) => {
                if self.cut(depth) {
                    self.s("null");
                    return Ok(());
                }
                self.s("Object(EncodedObjectAsID,\"object_id\":");
                push_i64(&mut self.buf, id as i64);
                self.s(",\"script\":null)\n");
            }
            // Written by the walk (`walk.rs`).
            Value::Object(ObjectRef::Full(_))
            | Value::Array(_)
            | Value::Dictionary(_)
            | Value::TypedArray(_)
            | Value::PackedTypedArray(_) => {}
            Value::PackedByteArray(bytes) => self.bytes(ty, bytes)?,
            Value::PackedInt32Array(p) => {
                self.list(ty, p.iter(), |w, n| push_i64(&mut w.buf, i64::from(n)))?
            }
            Value::PackedInt64Array(p) => {
                self.list(ty, p.iter(), |w, n| push_i64(&mut w.buf, n))?
            }
            Value::PackedStringArray(p) => self.list(ty, p.iter(), |w, item| {
                w.s("\"");
                w.escaped(item.as_str());
                w.s("\"");
            })?,
            Value::PackedFloat32Array(p) => self.floats(ty, p.components())?,
            Value::PackedFloat64Array(p) => self.floats(ty, p.components())?,
            Value::PackedVector2Array(p) => self.floats(ty, p.components())?,
            Value::PackedVector3Array(p) => self.floats(ty, p.components())?,
            Value::PackedVector4Array(p) => self.floats(ty, p.components())?,
            Value::PackedColorArray(p) => self.floats(ty, p.components())?,
            // Pandemonium prints integer components through its float format.
            Value::PackedVector2iArray(p) => self.int_components(ty, p.iter().flatten())?,
            Value::PackedVector3iArray(p) => self.int_components(ty, p.iter().flatten())?,
            Value::PackedVector4iArray(p) => self.int_components(ty, p.iter().flatten())?,
        }
        Ok(())
    }

    /// A Pandemonium integer vector pool: every component, printed as a float component.
    fn int_components(
        &mut self,
        ty: VariantType,
        components: impl Iterator<Item = i32>,
    ) -> fmt::Result {
        self.list(ty, components, |w, n| {
            w.real(f64::from(n), Role::IntComponent)
        })
    }

    /// Is a container at `depth` past the engine's text recursion limit?
    pub(super) fn cut(&self, depth: usize) -> bool {
        self.style.has_depth_cutoff() && depth > MAX_TEXT_RECURSION
    }

    fn math(&mut self, m: &MathRef<'_>) {
        // Pandemonium prints a Projection without the inner spaces.
        let tight = m.ty() == VariantType::Projection && self.style.is_pandemonium();
        self.s(self.type_name(m.ty()));
        self.s("(");
        if !tight {
            self.s(self.style.pad());
        }
        let pandemonium = self.style.is_pandemonium();
        for i in 0..m.len() {
            if i > 0 {
                self.s(", ");
            }
            match m.get_i32(i) {
                // Pandemonium's integer components go through its float format.
                Some(n) if pandemonium => self.real(f64::from(n), Role::IntComponent),
                Some(n) => push_i64(&mut self.buf, i64::from(n)),
                None => self.real(m.get(i).unwrap_or(0.0), Role::Component),
            }
        }
        if !tight {
            self.s(self.style.pad());
        }
        self.s(")");
    }

    pub(super) fn container_type(&mut self, t: ContainerType<GdStr<'_>>) {
        match t {
            ContainerType::Untyped | ContainerType::Builtin(VariantType::Nil) => self.s("Variant"),
            ContainerType::Builtin(ty) => self.s(self.type_name(ty)),
            ContainerType::ClassName(name) => self.s(name.as_str()),
            ContainerType::Script(path) => {
                let ext = self.ext;
                let declared = ext.iter().find(|(_, p)| p.as_str() == path.as_str());
                if let Some((id, _)) = declared.filter(|_| self.mode.refs) {
                    self.s("ExtResource(\"");
                    self.escaped_multiline(id);
                    self.s("\")");
                    return;
                }
                self.s("Resource(\"");
                self.escaped_multiline(path.as_str());
                self.s("\")");
            }
        }
    }

    /// `Name( a, b )` / `Name(a, b)` with `item` writing each element; the buffer is
    /// handed on whenever it fills, so a packed array of any size streams.
    fn list<T>(
        &mut self,
        ty: VariantType,
        items: impl Iterator<Item = T>,
        mut item: impl FnMut(&mut Self, T),
    ) -> fmt::Result {
        self.open_call(self.type_name(ty));
        for (i, x) in items.enumerate() {
            if i > 0 {
                self.s(", ");
            }
            item(self, x);
            self.maybe_flush()?;
        }
        self.close_call();
        Ok(())
    }

    /// A byte array: every byte as a number.
    fn bytes(&mut self, ty: VariantType, bytes: &[u8]) -> fmt::Result {
        // A Godot 4 resource file of `format=4`: `PackedByteArray("…")`.
        if self.mode.base64_bytes && self.style == TextStyle::Godot4 {
            self.s("PackedByteArray(");
            if !bytes.is_empty() {
                self.s("\"");
                for chunk in bytes.chunks(CHUNK / 4 * 3) {
                    crate::format::base64::encode(&mut self.buf, chunk);
                    self.maybe_flush()?;
                }
                self.s("\"");
            }
            self.s(")");
            return Ok(());
        }
        // Pandemonium from era B prints the bytes as one base64 string.
        if matches!(
            self.style,
            TextStyle::PandemoniumB | TextStyle::PandemoniumC
        ) {
            self.s(self.type_name(ty));
            if bytes.is_empty() {
                self.s("(  )");
                return Ok(());
            }
            self.s("( \"");
            for chunk in bytes.chunks(CHUNK / 4 * 3) {
                crate::format::base64::encode(&mut self.buf, chunk);
                self.maybe_flush()?;
            }
            self.s("\" )");
            return Ok(());
        }
        self.list(ty, bytes.iter(), |w, &b| push_u64(&mut w.buf, u64::from(b)))
    }

    /// A float-based packed array: every component as the engine prints a real.
    fn floats(&mut self, ty: VariantType, components: FloatComponents<'_>) -> fmt::Result {
        #[cfg(feature = "parallel")]
        if components.len() >= crate::format::parallel::MIN_COMPONENTS
            && rayon::current_num_threads() > 1
        {
            return self.floats_parallel(ty, components);
        }
        if self.style == TextStyle::Godot4 && !components.is_double() {
            return self.f32_components(ty, components);
        }
        self.list(ty, components, |w, x| w.real(x, Role::Component))
    }

    /// [`Writer::floats`] for f32 data in Godot 4: runs of [`F32_RUN`] components at a
    /// time through [`godot4_components_f32`] (the same text as the list).
    fn f32_components(
        &mut self,
        ty: VariantType,
        mut components: FloatComponents<'_>,
    ) -> fmt::Result {
        self.open_call(self.type_name(ty));
        let mut run = [0f32; F32_RUN];
        let mut lead = false;
        loop {
            let mut n = 0;
            for (slot, x) in run.iter_mut().zip(components.by_ref()) {
                // f32 data widened to f64: narrowing it back is exact.
                *slot = crate::wire::narrow::f32_of(x);
                n += 1;
            }
            let Some(xs) = run.get(..n).filter(|xs| !xs.is_empty()) else {
                break;
            };
            godot4_components_f32(&mut self.buf, xs, lead);
            lead = true;
            self.maybe_flush()?;
        }
        self.close_call();
        Ok(())
    }

    /// [`Writer::floats`] with its chunks formatted on the rayon pool
    /// ([`crate::format::parallel::ordered_into`]): the same text as the list written in place.
    #[cfg(feature = "parallel")]
    fn floats_parallel(&mut self, ty: VariantType, components: FloatComponents<'_>) -> fmt::Result {
        use crate::format::parallel;
        let double = components.is_double();
        let width = if double { 8 } else { 4 };
        let data = components.data();
        let len = components.len();
        let style = self.style;
        let per_chunk = parallel::CHUNK_COMPONENTS;
        self.open_call(self.type_name(ty));
        self.flush()?;
        let format = |c: usize, buf: &mut Vec<u8>| {
            let first = c * per_chunk;
            let end = first.saturating_add(per_chunk).min(len);
            let bytes = data.get(first * width..end * width).unwrap_or(&[]);
            buf.reserve((end - first) * 16);
            if style == TextStyle::Godot4 && !double {
                let xs: Vec<f32> = FloatComponents::new(bytes, false)
                    .map(crate::wire::narrow::f32_of)
                    .collect();
                godot4_components_f32(buf, &xs, first > 0);
                return;
            }
            for (i, x) in FloatComponents::new(bytes, double).enumerate() {
                if first + i > 0 {
                    buf.extend_from_slice(b", ");
                }
                write_real(buf, x, Role::Component, style);
            }
        };
        let out = &mut *self.out;
        parallel::ordered_into(len.div_ceil(per_chunk), format, |bytes| {
            // Whole numbers and separators: always UTF-8.
            out.write_str(core::str::from_utf8(bytes).map_err(|_| fmt::Error)?)
        })?;
        self.close_call();
        Ok(())
    }

    /// `text` through `escape`, in pieces of about [`CHUNK`] bytes cut between characters
    /// (the buffer stays valid UTF-8), handing the buffer on after each.
    fn long_text(&mut self, text: &str, escape: fn(&mut Self, &str)) -> fmt::Result {
        let mut rest = text;
        while !rest.is_empty() {
            let mut cut = rest.len().min(CHUNK);
            while !rest.is_char_boundary(cut) {
                cut -= 1;
            }
            let (piece, tail) = rest.split_at(cut);
            escape(self, piece);
            self.maybe_flush()?;
            rest = tail;
        }
        Ok(())
    }

    /// `String::c_escape_multiline`: only `\` and `"` are escaped.
    pub(super) fn escaped_multiline(&mut self, text: &str) {
        const SPECIAL: [bool; 256] = escape::table(b"\\\"", 0);
        escape::escape_runs(&mut self.buf, text.as_bytes(), &SPECIAL, |buf, b| {
            buf.push(b'\\');
            buf.push(b);
        });
    }

    /// `String::c_escape`: C escapes for `\ \a \b \f \n \r \t \v ' "`, and (Godot 3) `?`.
    pub(super) fn escaped(&mut self, text: &str) {
        const GODOT4: [bool; 256] = escape::table(b"\\\x07\x08\x0C\n\r\t\x0B'\"", 0);
        const GODOT3: [bool; 256] = escape::table(b"\\\x07\x08\x0C\n\r\t\x0B'\"?", 0);
        let table = if self.style.is_godot3() {
            &GODOT3
        } else {
            &GODOT4
        };
        escape::escape_runs(&mut self.buf, text.as_bytes(), table, |buf, b| {
            let letter = match b {
                0x07 => b'a',
                0x08 => b'b',
                0x0C => b'f',
                b'\n' => b'n',
                b'\r' => b'r',
                b'\t' => b't',
                0x0B => b'v',
                other => other,
            };
            buf.push(b'\\');
            buf.push(letter);
        });
    }
}
