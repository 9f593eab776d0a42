//! One value in the binary resource encoding, read once into a borrowed view: strings,
//! math components and packed arrays stay in the file's bytes.

use alloc::vec::Vec;

use super::cursor::{first_capacity, scalar, word4, Cursor};
use super::error::{BinaryError, BinaryErrorKind as K};
use super::packed::BinPacked;
use super::types::{
    row, BinKind, BinPackedKind, OBJECT_EMPTY, OBJECT_EXTERNAL_RESOURCE,
    OBJECT_EXTERNAL_RESOURCE_INDEX, OBJECT_INTERNAL_RESOURCE,
};
use crate::wire::types::VariantType;

/// A value of a binary resource's property, borrowing the file's bytes.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum BinValue<'a> {
    /// `VARIANT_NIL`.
    Nil,
    /// `VARIANT_BOOL`.
    Bool(bool),
    /// `VARIANT_INT` (i32) or `VARIANT_INT64`.
    Int(i64),
    /// `VARIANT_FLOAT` (a real: f32, or f64 in a double file) or `VARIANT_DOUBLE`, exact.
    Float(f64),
    /// `VARIANT_STRING`.
    String(&'a str),
    /// `VARIANT_STRING_NAME` (Godot 4).
    StringName(&'a str),
    /// A fixed-size math value (vectors, Rect2, transforms, Color, …).
    Math(BinMath<'a>),
    /// `VARIANT_NODE_PATH`, its names from the string table.
    NodePath(BinNodePath<'a>),
    /// `VARIANT_RID`: the id as stored.
    Rid(u32),
    /// `VARIANT_OBJECT`: a reference to a resource, or null.
    Object(BinObject<'a>),
    /// `VARIANT_CALLABLE`: the engine stores nothing and reads an empty Callable.
    Callable,
    /// `VARIANT_SIGNAL`: likewise empty.
    Signal,
    /// `VARIANT_DICTIONARY`: key–value pairs in file order.
    Dictionary(Vec<(BinValue<'a>, BinValue<'a>)>),
    /// `VARIANT_ARRAY`. The binary form has no element type: the engine types an Array
    /// from the property it is set on (a typed property's `Array[int]`), which the file
    /// does not say.
    Array(Vec<BinValue<'a>>),
    /// A packed array, in place.
    Packed(BinPacked<'a>),
}

/// A fixed-size math value's components, in place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinMath<'a> {
    pub(crate) ty: VariantType,
    pub(crate) bytes: &'a [u8],
    /// Bytes per component: 4 (f32 or i32) or 8 (f64).
    pub(crate) width: u8,
    pub(crate) int: bool,
    pub(crate) big_endian: bool,
}

impl<'a> BinMath<'a> {
    /// The math type (`Vector3`, `Transform3D`, `Color`, …).
    pub fn ty(&self) -> VariantType {
        self.ty
    }

    /// Number of components.
    pub fn len(&self) -> usize {
        self.bytes.len() / usize::from(self.width)
    }

    /// Never empty (every math type has components); for clippy's `len` rule.
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// Whether the components are f64 (a double-precision file; never for Color).
    pub fn is_double(&self) -> bool {
        self.width == 8
    }

    /// Whether the components are i32 (`Vector2i`, `Rect2i`, …).
    pub fn is_int(&self) -> bool {
        self.int
    }

    /// The components in file order, exactly, as f64 (i32 and f32 convert exactly). O(n).
    pub fn components(&self) -> impl Iterator<Item = f64> + 'a {
        let (width, int, big) = (usize::from(self.width), self.int, self.big_endian);
        self.bytes
            .chunks_exact(width)
            .map(move |c| scalar(c, int, big))
    }

    /// The components of an integer value (`Vector2i`, `Rect2i`, …) in file order;
    /// empty for a float value. O(n).
    pub fn ints(&self) -> impl Iterator<Item = i32> + 'a {
        let (big, int) = (self.big_endian, self.int);
        let bytes = if int { self.bytes } else { &[] };
        bytes
            .chunks_exact(4)
            .map(move |c| i32::from_le_bytes(word4(c, big)))
    }

    /// The components of a single-precision value in file order; empty for an integer or
    /// double value. O(n).
    pub fn floats(&self) -> impl Iterator<Item = f32> + 'a {
        let big = self.big_endian;
        let bytes = if !self.int && self.width == 4 {
            self.bytes
        } else {
            &[]
        };
        bytes
            .chunks_exact(4)
            .map(move |c| f32::from_le_bytes(word4(c, big)))
    }

    /// The bytes as stored, in the file's byte order.
    pub fn as_bytes(&self) -> &'a [u8] {
        self.bytes
    }
}

/// A NodePath's parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BinNodePath<'a> {
    /// The names (`../Enemies/Boss` → `..`, `Enemies`, `Boss`).
    pub names: Vec<&'a str>,
    /// The subnames (`:transform:origin` → `transform`, `origin`).
    pub subnames: Vec<&'a str>,
    /// Starts with `/`.
    pub absolute: bool,
}

/// What a `VARIANT_OBJECT` refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BinObject<'a> {
    /// `OBJECT_EMPTY`: null.
    Null,
    /// `OBJECT_INTERNAL_RESOURCE`: the internal resource at this index of the file's
    /// internal table (for old files without named ids: the one whose path is
    /// `local://<n>`, resolved when read).
    Internal(u32),
    /// `OBJECT_EXTERNAL_RESOURCE_INDEX`: the external resource at this index.
    External(u32),
    /// `OBJECT_EXTERNAL_RESOURCE` (old files): type and path inline.
    ExternalInline {
        /// The resource class.
        class: &'a str,
        /// Its path.
        path: &'a str,
    },
}

/// What the value reader needs of the file.
pub(crate) struct Ctx<'s, 'a> {
    pub(crate) strings: &'s [&'a str],
    pub(crate) real64: bool,
    pub(crate) godot4: bool,
    /// Format version (below 3, a NodePath has one more subname: its property).
    pub(crate) format: u32,
    /// Internal references are table indices (Godot 4's named scene ids).
    pub(crate) named_ids: bool,
    /// Internal table size.
    pub(crate) internal_count: usize,
    /// Old files: `(n, table index)` of each `local://<n>` path, sorted by `n`, to
    /// resolve a reference to `<file>::<n>` in O(log n).
    pub(crate) local_numbers: &'s [(u32, u32)],
    pub(crate) externals: usize,
    pub(crate) max_depth: u16,
}

impl<'a> Ctx<'_, 'a> {
    /// A string-table reference (`_get_string`): an index, or with bit 31 an inline
    /// string of that length.
    pub(crate) fn string_ref(&self, c: &mut Cursor<'a>) -> Result<&'a str, BinaryError> {
        let at = c.pos();
        let id = c.u32()?;
        if id & 0x8000_0000 != 0 {
            let len = id & 0x7FFF_FFFF;
            if u64::from(len) > c.remaining() as u64 {
                return Err(BinaryError::new(K::CountTooLarge(len.into()), at));
            }
            let raw_at = c.pos();
            let raw = c.take(len as usize)?;
            return super::cursor::text_of(raw, raw_at);
        }
        self.strings
            .get(id as usize)
            .copied()
            .ok_or(BinaryError::new(
                K::StringIndex {
                    index: id,
                    len: self.strings.len(),
                },
                at,
            ))
    }

    /// Reads one value (`parse_variant`) at `depth`.
    pub(crate) fn value(
        &self,
        c: &mut Cursor<'a>,
        depth: u16,
    ) -> Result<BinValue<'a>, BinaryError> {
        let at = c.pos();
        let id = c.u32()?;
        let row = row(id).ok_or(BinaryError::new(K::UnknownType(id), at))?;
        if row.godot4_only && !self.godot4 {
            return Err(BinaryError::new(K::TypeNotInVersion(id), at));
        }
        let real: u8 = if self.real64 { 8 } else { 4 };
        Ok(match row.kind {
            BinKind::Empty => match id {
                42 => BinValue::Callable,
                43 => BinValue::Signal,
                _ => BinValue::Nil,
            },
            BinKind::Bool => BinValue::Bool(c.u32()? != 0),
            BinKind::Int32 => BinValue::Int(i64::from(c.u32()? as i32)),
            BinKind::Int64 => BinValue::Int(c.u64()? as i64),
            BinKind::Real => {
                let raw = c.take(usize::from(real))?;
                BinValue::Float(scalar(raw, false, c.big_endian()))
            }
            BinKind::Double => BinValue::Float(f64::from_bits(c.u64()?)),
            BinKind::String => BinValue::String(c.string()?),
            BinKind::StringName => BinValue::StringName(c.string()?),
            BinKind::Reals(n) => self.math(c, id, n, real, false)?,
            BinKind::Floats(n) => self.math(c, id, n, 4, false)?,
            BinKind::Ints(n) => self.math(c, id, n, 4, true)?,
            BinKind::NodePath => self.node_path(c)?,
            BinKind::Rid => BinValue::Rid(c.u32()?),
            BinKind::Object => BinValue::Object(self.object(c)?),
            BinKind::Dictionary => {
                let depth = self.deeper(depth, at)?;
                let n = self.container_count(c)?;
                let mut pairs = Vec::with_capacity(first_capacity(n));
                for _ in 0..n {
                    let k = self.value(c, depth)?;
                    let v = self.value(c, depth)?;
                    pairs.push((k, v));
                }
                BinValue::Dictionary(pairs)
            }
            BinKind::Array => {
                let depth = self.deeper(depth, at)?;
                let n = self.container_count(c)?;
                let mut items = Vec::with_capacity(first_capacity(n));
                for _ in 0..n {
                    items.push(self.value(c, depth)?);
                }
                BinValue::Array(items)
            }
            BinKind::Packed(kind) => BinValue::Packed(self.packed(c, kind)?),
        })
    }

    fn deeper(&self, depth: u16, at: usize) -> Result<u16, BinaryError> {
        if depth >= self.max_depth {
            return Err(BinaryError::new(K::TooDeep, at));
        }
        Ok(depth + 1)
    }

    /// A container's count (bit 31, "shared", ignored as the engine does); every child
    /// takes at least 4 bytes (its type id).
    fn container_count(&self, c: &mut Cursor<'a>) -> Result<u32, BinaryError> {
        let at = c.pos();
        let n = c.u32()? & 0x7FFF_FFFF;
        c.check_count(u64::from(n), 4, at)?;
        Ok(n)
    }

    fn math(
        &self,
        c: &mut Cursor<'a>,
        id: u32,
        n: u8,
        width: u8,
        int: bool,
    ) -> Result<BinValue<'a>, BinaryError> {
        let ty = math_type(id);
        let bytes = c.take(usize::from(n) * usize::from(width))?;
        Ok(BinValue::Math(BinMath {
            ty,
            bytes,
            width,
            int,
            big_endian: c.big_endian(),
        }))
    }

    fn node_path(&self, c: &mut Cursor<'a>) -> Result<BinValue<'a>, BinaryError> {
        let at = c.pos();
        let names = c.u16()?;
        let sub = c.u16()?;
        let absolute = sub & 0x8000 != 0;
        let mut subs = u32::from(sub & 0x7FFF);
        if self.format < 3 {
            subs += 1; // the old property field
        }
        c.check_count(u64::from(names) + u64::from(subs), 4, at)?;
        let mut path = BinNodePath {
            names: Vec::new(),
            subnames: Vec::new(),
            absolute,
        };
        for _ in 0..names {
            path.names.push(self.string_ref(c)?);
        }
        for _ in 0..subs {
            path.subnames.push(self.string_ref(c)?);
        }
        Ok(BinValue::NodePath(path))
    }

    fn object(&self, c: &mut Cursor<'a>) -> Result<BinObject<'a>, BinaryError> {
        let at = c.pos();
        let kind = c.u32()?;
        Ok(match kind {
            OBJECT_EMPTY => BinObject::Null,
            OBJECT_INTERNAL_RESOURCE => {
                let at = c.pos();
                let index = c.u32()?;
                BinObject::Internal(self.internal(index, at)?)
            }
            OBJECT_EXTERNAL_RESOURCE => BinObject::ExternalInline {
                class: c.string()?,
                path: c.string()?,
            },
            OBJECT_EXTERNAL_RESOURCE_INDEX => {
                let at = c.pos();
                let index = c.u32()?;
                if index as usize >= self.externals {
                    return Err(BinaryError::new(K::ExternalIndex(index), at));
                }
                BinObject::External(index)
            }
            other => return Err(BinaryError::new(K::UnknownObjectKind(other), at)),
        })
    }

    /// The internal table index an internal reference means.
    fn internal(&self, index: u32, at: usize) -> Result<u32, BinaryError> {
        if self.named_ids {
            if (index as usize) < self.internal_count {
                return Ok(index);
            }
            return Err(BinaryError::new(K::InternalIndex(index), at));
        }
        // Old files: `res_path::<n>`, the resource whose path is `local://<n>`.
        match self.local_numbers.binary_search_by_key(&index, |&(n, _)| n) {
            Ok(i) => Ok(self.local_numbers.get(i).map_or(0, |&(_, t)| t)),
            Err(_) => Err(BinaryError::new(K::InternalIndex(index), at)),
        }
    }

    fn packed(
        &self,
        c: &mut Cursor<'a>,
        kind: BinPackedKind,
    ) -> Result<BinPacked<'a>, BinaryError> {
        let at = c.pos();
        let len = c.u32()?;
        let real64 = self.real64;
        match kind.element_size(real64) {
            Some(size) => {
                c.check_count(u64::from(len), size, at)?;
                let data_at = c.pos();
                let bytes = c.take(len as usize * size)?;
                if kind == BinPackedKind::Byte {
                    let pad = (4 - len as usize % 4) % 4;
                    c.take(pad)?;
                }
                Ok(BinPacked::new(
                    kind,
                    len,
                    bytes,
                    data_at,
                    c.big_endian(),
                    real64,
                ))
            }
            None => {
                c.check_count(u64::from(len), 4, at)?;
                let data_at = c.pos();
                for _ in 0..len {
                    c.string()?;
                }
                let bytes = c.data().get(data_at..c.pos()).unwrap_or(&[]);
                Ok(BinPacked::new(
                    kind,
                    len,
                    bytes,
                    data_at,
                    c.big_endian(),
                    false,
                ))
            }
        }
    }
}

/// The Variant type of a math id.
fn math_type(id: u32) -> VariantType {
    match id {
        10 => VariantType::Vector2,
        11 => VariantType::Rect2,
        12 => VariantType::Vector3,
        13 => VariantType::Plane,
        14 => VariantType::Quaternion,
        15 => VariantType::Aabb,
        16 => VariantType::Basis,
        17 => VariantType::Transform3D,
        18 => VariantType::Transform2D,
        20 => VariantType::Color,
        45 => VariantType::Vector2i,
        46 => VariantType::Rect2i,
        47 => VariantType::Vector3i,
        50 => VariantType::Vector4,
        51 => VariantType::Vector4i,
        _ => VariantType::Projection,
    }
}
