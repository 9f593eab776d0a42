//! Re-encoding a parsed view: `Builder::value`. No owned detour: strings, names and packed
//! payloads are copied straight from the input bytes.

use super::canonical::{canonical, clean_string};
use super::sink::Sink;
use super::{count_word, put_string, BuildError, Builder};
use crate::read::container::{ArrayRef, DictRef};
use crate::read::decoded::{fixed_packed_value, math_value, Value};
use crate::read::math::MathRef;
use crate::read::object::ObjectRef;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::read::query::Found;
use crate::read::reader::{opens, Reader};
use crate::read::value::VariantRef;
use crate::read::walk::{head, Frame, Head, Stack, Step, Walk};
use crate::wire::bytes::pad4;
use crate::wire::header::{fast_table, COUNT_SHARED_BIT, FLAG_64};
use crate::wire::narrow::halves;
use crate::wire::types::VariantType;
use crate::wire::utf8::godot_view;
use crate::wire::utf8::{padded_ascii, short_field_clean};
use alloc::vec::Vec;

impl<S: Sink> Builder<'_, S> {
    /// Writes `value` as the engine would write the value it decodes from it: the result
    /// is canonical (narrowest int/float forms, zero padding, no stray header bits, NUL
    /// terminators on string-array items, a full null object as a NIL header) and, for
    /// bytes the engine wrote, identical to them (except Godot 3 NodePath padding, which
    /// the engine leaves uninitialised and this writes as zeros).
    ///
    /// `value` may come from the other dialect: types are mapped by name; a type the
    /// target lacks is an error (a `StringName` becomes a String where the target has
    /// none, as in the engine). Cost: O(size of `value`); packed arrays are one copy.
    pub fn value(self, value: VariantRef<'_>) -> Result<(), BuildError> {
        // The same dialect: canonical parts are copied as they are (a Godot 4 object's
        // `script` slot takes the checked path, which refuses what the engine refuses).
        if value.dialect() == self.dialect && !self.script {
            return self.copy(value);
        }
        self.value_at(value.value(), 0)
    }

    /// [`Builder::value`] in the value's own dialect: one pass with the reader, copying
    /// every run of nodes whose bytes are canonical (what the builder would write: see
    /// `canonical.rs`) in one piece, and writing the others through the builder. For
    /// canonical input, such as everything an engine writes, the result is one copy.
    fn copy(self, v: VariantRef<'_>) -> Result<(), BuildError> {
        let mut copier = Copier {
            out: self.out,
            dialect: self.dialect,
            bytes: v.encoded(),
            run: 0,
        };
        let end = copier.root(0)?;
        copier.flush(end);
        Ok(())
    }

    /// [`Builder::value`] of a decoded [`Value`]: the same bytes. Useful for a value that
    /// is not on the wire on its own, such as an element of a packed array
    /// ([`PackedArray::get`](crate::PackedArray::get)).
    ///
    /// ```
    /// use gdvariant::{Builder, Dialect, VariantRef};
    ///
    /// // PackedVector2Array([Vector2(1, 2), Vector2(3, 4)]) in Godot 4
    /// let words: [u32; 6] = [35, 2, 1f32.to_bits(), 2f32.to_bits(), 3f32.to_bits(), 4f32.to_bits()];
    /// let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    /// let array = VariantRef::parse(&bytes, Dialect::Godot4)?.as_packed().unwrap();
    /// let mut out = Vec::new();
    /// Builder::new(&mut out, Dialect::Godot4).value_of(array.get(1).unwrap())?;
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "Vector2(3, 4)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn value_of(self, value: Value<'_>) -> Result<(), BuildError> {
        self.value_at(value, 0)
    }

    /// Writes what a path led to ([`query`](crate::query)) as a value of its own: a whole
    /// value as [`Builder::value`] copies it, a packed array's element as
    /// [`Builder::value_of`] writes it (elements are not values on the wire). Cost: the
    /// value's size.
    ///
    /// ```
    /// use gdvariant::{Builder, Dialect, VariantRef};
    ///
    /// let bytes = gdvariant::text::read("{\"path\": PackedVector2Array(1, 2, 3, 4)}", Dialect::Godot4)?;
    /// let save = VariantRef::parse(&bytes, Dialect::Godot4)?;
    /// let mut out = Vec::new();
    /// Builder::new(&mut out, Dialect::Godot4).found(save.query("path/1")?)?;
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "Vector2(3, 4)");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn found(self, found: Found<'_>) -> Result<(), BuildError> {
        match found {
            Found::Value(v) => self.value(v),
            Found::Element(array, index) => match array.get(index) {
                Some(element) => self.value_of(element),
                None => Err(BuildError::NoSuchElement {
                    index,
                    len: array.len(),
                }),
            },
        }
    }

    /// The recursive step. Kept small: in debug builds a frame holds every arm's locals,
    /// so containers and leaves are written by separate functions.
    fn value_at(self, value: Value<'_>, depth: usize) -> Result<(), BuildError> {
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(BuildError::TooDeep);
        }
        match value {
            Value::Object(object) => self.object_ref(object, depth),
            Value::Array(array) => self.array_ref(array, depth),
            Value::Dictionary(dict) => self.dictionary_ref(dict, depth),
            leaf => self.leaf(leaf, depth),
        }
    }

    /// Writes any value; `value_at` sends only values that hold no others here.
    #[inline(never)]
    fn leaf(self, value: Value<'_>, depth: usize) -> Result<(), BuildError> {
        let ty = value.ty();
        match value {
            Value::Nil => self.nil(),
            Value::Bool(b) => self.bool(b),
            Value::Int(n) => self.int(n),
            Value::Float(x) => self.float(x),
            Value::String(text) => self.string(text.as_str()),
            // Godot 3 has no StringName: it becomes a String, as in the engine.
            Value::StringName(text) if ty.id(self.dialect).is_none() => self.string(text.as_str()),
            Value::StringName(text) => self.string_name(text.as_str()),
            math_value!(m) => self.math_ref(&m),
            Value::NodePath(path) => self.node_path_ref(&path),
            Value::Rid(id) => self.rid(id),
            Value::Callable => self.callable(),
            Value::Signal(signal) => self.signal(signal.name().as_str(), signal.object_id()),
            Value::Object(object) => self.object_ref(object, depth),
            Value::Array(array) => self.array_ref(array, depth),
            Value::Dictionary(dict) => self.dictionary_ref(dict, depth),
            Value::PackedByteArray(bytes) => self.packed_bytes(bytes),
            Value::PackedStringArray(items) => {
                let items: Vec<&str> = items.iter().map(|s| s.as_str()).collect();
                self.packed_strings(items)
            }
            // Fixed-size elements: the payload is already little-endian; one copy.
            packed @ fixed_packed_value!() => match packed.packed_fixed() {
                Some((double, len, bytes)) => self.packed_raw(ty, double, len, bytes),
                None => self.nil(),
            },
            Value::TypedArray(array) => self.array_ref(array, depth),
            Value::PackedTypedArray(array) => {
                let mut out = self.packed_typed_array(array.element_type().as_deref())?;
                for item in array.iter() {
                    out.push().value_at(item.value(), depth + 1)?;
                }
                out.finish()
            }
        }
    }

    /// The checks of `math`, `math_f64` and `math_i32`, then the components copied as
    /// stored (little-endian already; NaN payloads included), without a temporary.
    fn math_ref(mut self, m: &MathRef<'_>) -> Result<(), BuildError> {
        let double = m.is_double();
        if double {
            self.require(self.dialect.double_math(), "double-precision math")?;
        }
        self.check_math(m.ty(), m.len(), m.is_integer())?;
        self.header(m.ty(), if double { FLAG_64 } else { 0 })?;
        self.out.extend_from_slice(m.wire_bytes());
        Ok(())
    }

    /// A packed array of fixed-size elements from their little-endian bytes: one copy.
    fn packed_raw(
        mut self,
        ty: VariantType,
        double: bool,
        len: usize,
        bytes: &[u8],
    ) -> Result<(), BuildError> {
        self.packed_header(ty, double, len)?;
        self.out.extend_from_slice(bytes);
        Ok(())
    }

    #[inline(never)]
    fn object_ref(self, object: ObjectRef<'_>, depth: usize) -> Result<(), BuildError> {
        match object {
            ObjectRef::Null => self.nil(),
            ObjectRef::Id(id) => self.object_id(id),
            ObjectRef::Full(object) => {
                let mut out = self.object(object.class().as_str())?;
                for (name, value) in object.properties() {
                    out.property(name.as_str())?
                        .value_at(value.value(), depth + 1)?;
                }
                out.finish()
            }
        }
    }

    #[inline(never)]
    fn array_ref(self, array: ArrayRef<'_>, depth: usize) -> Result<(), BuildError> {
        let mut out = self.typed_array(array.element_type().as_deref())?;
        for item in array.iter() {
            out.push().value_at(item.value(), depth + 1)?;
        }
        out.finish()
    }

    #[inline(never)]
    fn dictionary_ref(self, dict: DictRef<'_>, depth: usize) -> Result<(), BuildError> {
        let mut out =
            self.typed_dictionary(dict.key_type().as_deref(), dict.value_type().as_deref())?;
        for (key, value) in dict.iter() {
            out.try_entry_with(|k| k.value_at(key.value(), depth + 1))?
                .value_at(value.value(), depth + 1)?;
        }
        out.finish()
    }
}

const BOOL: u32 = VariantType::Bool as u32;

/// Canonical bytes copied as soon as this many are checked: they are then still in cache
/// (copying the whole value at the end read it all from memory again).
const COPY_BLOCK: usize = 32 << 10;

/// Open containers per [`Stack`] segment; deeper nesting continues in a nested call (as in
/// the validator), so the walk needs no allocation.
const SEGMENT: usize = 64;

/// The state of [`Builder::copy`]: where the run of canonical bytes not yet copied starts.
struct Copier<'o, 'b, S: Sink> {
    out: &'o mut S,
    dialect: crate::wire::dialect::Dialect,
    /// The value's encoded bytes (validated).
    bytes: &'b [u8],
    /// Start of the canonical run not yet copied.
    run: usize,
}

impl<S: Sink> Copier<'_, '_, S> {
    /// Copies the pending run up to `to`.
    #[inline]
    fn flush(&mut self, to: usize) {
        if let Some(run) = self.bytes.get(self.run..to) {
            self.out.extend_from_slice(run);
        }
        self.run = to;
    }

    /// Walks the node at `pos` and everything inside it; returns the position after it.
    fn root(&mut self, pos: usize) -> Result<usize, BuildError> {
        let (end, children) = self.node(pos)?;
        if children.steps == 0 {
            return Ok(end);
        }
        self.children(end, children)
    }

    /// Walks the children described by `first` (and their descendants) from `pos`; returns
    /// the position after the last one. The innermost container lives in locals; the ones
    /// around it on a fixed segment.
    fn children(&mut self, mut pos: usize, first: Frame) -> Result<usize, BuildError> {
        let mut stack = Stack::<SEGMENT>::new();
        let mut walk = Walk::new(first);
        // In locals, so that writes through `self.out` do not force reloads.
        let (bytes, table) = (self.bytes, fast_table(self.dialect));
        loop {
            match walk.step() {
                Step::End => {
                    if !walk.close(&stack) {
                        return Ok(pos);
                    }
                }
                Step::Name => pos = self.name(pos)?,
                Step::Value => {
                    let (end, grandchildren) = match fast_node(bytes, pos, table) {
                        Some(next) => next,
                        None => self.general(pos)?,
                    };
                    pos = end;
                    // Copy what was just checked while it is still in cache, a block at a
                    // time.
                    if pos - self.run >= COPY_BLOCK {
                        self.flush(pos);
                    }
                    // An empty container has nothing to walk: it is not opened.
                    if grandchildren.steps > 0 && !walk.open(grandchildren, &mut stack) {
                        pos = self.children(pos, grandchildren)?;
                    }
                }
            }
        }
    }

    /// An object's property name at `pos`: copied if canonical, rewritten otherwise.
    fn name(&mut self, pos: usize) -> Result<usize, BuildError> {
        if let Some(end) = clean_string(self.bytes, pos) {
            return Ok(end);
        }
        let mut r = Reader::at(self.bytes, pos, 0, self.dialect);
        let name = r.name();
        self.flush(pos);
        put_string(self.out, name.as_str().as_bytes())?;
        self.run = r.pos();
        Ok(r.pos())
    }

    /// The node at `pos`: checks its own bytes (see `canonical.rs`), rewriting them if
    /// they are not canonical; returns where its first child (or its successor) starts and
    /// the frame of its children.
    #[inline(always)]
    fn node(&mut self, pos: usize) -> Result<(usize, Frame), BuildError> {
        match fast_node(self.bytes, pos, fast_table(self.dialect)) {
            Some(next) => Ok(next),
            None => self.general(pos),
        }
    }

    /// [`Copier::node`] for any header: decodes the node, checks it with [`canonical`] and
    /// rewrites it through the builder if it is not.
    #[inline(never)]
    fn general(&mut self, pos: usize) -> Result<(usize, Frame), BuildError> {
        let mut r = Reader::at(self.bytes, pos, 0, self.dialect);
        let value = r.value();
        let end = r.pos();
        let own = self.bytes.get(pos..end).unwrap_or(&[]);
        if !canonical(own, &value, self.dialect) {
            self.flush(pos);
            self.normalize(value)?;
            self.run = end;
        }
        Ok((end, opens(&value).unwrap_or(Frame::NONE)))
    }

    /// Writes a non-canonical node's own part the way the builder writes it: a leaf whole;
    /// a container's header, types and count (its children follow from the walk).
    fn normalize(&mut self, value: Value<'_>) -> Result<(), BuildError> {
        let mut b = Builder::new(&mut *self.out, self.dialect);
        let count = |n: usize| count_word(n).map(u32::to_le_bytes);
        match value {
            Value::Array(array) | Value::TypedArray(array) | Value::PackedTypedArray(array) => {
                let t = array.element_type();
                let ty = value.ty();
                b.container_header(ty, &[t.as_deref()])?;
                self.out.extend_from_slice(&count(array.len())?);
            }
            Value::Dictionary(dict) => {
                let (k, v) = (dict.key_type(), dict.value_type());
                b.container_header(VariantType::Dictionary, &[k.as_deref(), v.as_deref()])?;
                self.out.extend_from_slice(&count(dict.len())?);
            }
            Value::Object(ObjectRef::Full(object)) => {
                b.header_string(VariantType::Object, object.class().as_str().as_bytes())?;
                self.out.extend_from_slice(&count(object.len())?);
            }
            leaf => b.value_of(leaf)?,
        }
        Ok(())
    }
}

/// The frequent headers decided from the raw words, for [`Copier::node`]: the position
/// after the node's own bytes and the frame of its children if they are canonical, `None`
/// if they are not or if the header needs decoding. One bounds check for the header and
/// the payload's first word, one for a string's field.
#[inline(always)]
fn fast_node(bytes: &[u8], pos: usize, table: &[u8; 256]) -> Option<(usize, Frame)> {
    let words: &[u8; 8] = bytes.get(pos..pos.checked_add(8)?)?.try_into().ok()?;
    let (word, payload) = halves(u64::from_le_bytes(*words));
    let leaf = |end: usize| (end, Frame::NONE);
    // The most frequent headers first (see `head`): a 32-bit int is always canonical, a
    // 32-bit float unless it is a NaN (written as f64), a String when its text is clean
    // and its padding zero.
    match head(word, table) {
        Head::Int => Some(leaf(pos + 8)),
        Head::Float => (!f32::from_bits(payload).is_nan()).then_some(leaf(pos + 8)),
        Head::String | Head::StringName => string_field(bytes, pos + 8, payload).map(leaf),
        // An untyped container: canonical unless the count carries bit 31.
        Head::Dictionary => {
            (payload & COUNT_SHARED_BIT == 0).then_some((pos + 8, Frame::dictionary(payload)))
        }
        Head::Array => {
            (payload & COUNT_SHARED_BIT == 0).then_some((pos + 8, Frame::array(payload)))
        }
        Head::General => None,
        // Any other header without flag bits and with a fixed payload: canonical, but for
        // a bool other than 0 or 1.
        Head::Fixed(size) => {
            (word != BOOL || payload <= 1).then_some(leaf(pos + 4 + usize::from(size)))
        }
    }
}

/// A string field's text of `len` bytes at `bytes[at]`, and its padding: the end of the
/// field if the text is clean (no NUL, no leading BOM) and the padding zero.
#[inline(always)]
fn string_field(bytes: &[u8], at: usize, len: u32) -> Option<usize> {
    let len = len as usize;
    let end = at.checked_add(len)?.checked_add(pad4(len))?;
    // Most keys: one load and no branch on the length.
    if len <= 8 {
        if let Some(chunk) = bytes.get(at..at.checked_add(8)?) {
            let word = u64::from_le_bytes(chunk.try_into().ok()?);
            if short_field_clean(word, len) {
                return Some(end);
            }
        }
    }
    let field = bytes.get(at..end)?;
    let clean = padded_ascii(field, len) || {
        let raw = field.get(..len)?;
        godot_view(raw).len() == raw.len()
    };
    // The padding is the top bytes of the field's last word (a padded field is at least
    // one word long).
    let pad_zero = match pad4(len) {
        0 => true,
        pad => {
            let last: &[u8; 4] = field.get(field.len().checked_sub(4)?..)?.try_into().ok()?;
            u32::from_le_bytes(*last) >> (8 * (4 - pad)) == 0
        }
    };
    (clean && pad_zero).then_some(end)
}
