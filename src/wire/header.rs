//! The 4-byte value header: the type id tables of each dialect (built from the type table)
//! and the flag bits.

use super::dialect::Dialect;
use super::types::{Component, Element, Layout, VariantType, TYPE_TABLE};

/// Bit 16: 64-bit INT/FLOAT (both), 64-bit math and packed vectors (Godot 4),
/// object-as-id (OBJECT).
pub(crate) const FLAG_64: u32 = 1 << 16;
/// Bit 16 on OBJECT: the payload is a u64 instance id.
pub(crate) const FLAG_OBJECT_AS_ID: u32 = 1 << 16;
/// Bit 31 of an Array/Dictionary count: Godot 2's "shared" bit, masked off by decoders.
pub(crate) const COUNT_SHARED_BIT: u32 = 1 << 31;

/// What a type id means in one dialect, precomputed so that decoding a header is one
/// table load (this is the validator's hottest path).
#[derive(Clone, Copy, Debug)]
struct TypeCode {
    ty: VariantType,
    layout: Layout,
    flag_64: bool,
    /// Payload bytes when the payload has a fixed size (narrow, double): every scalar and
    /// math type. `None` for strings, containers and the rest.
    fixed: Option<(u8, u8)>,
}

/// The fixed payload size of `layout` in `dialect` (narrow, with the 64-bit flag).
const fn fixed_size(layout: Layout, dialect: Dialect) -> Option<(u8, u8)> {
    match layout {
        Layout::Nil | Layout::Callable => Some((0, 0)),
        Layout::Bool => Some((4, 4)),
        Layout::Int | Layout::Float => Some((4, 8)),
        Layout::Math(n, Component::Real) => Some((n * 4, n * 8)),
        Layout::Math(n, _) => Some((n * 4, n * 4)),
        Layout::Rid if dialect.rid_payload() => Some((8, 8)),
        Layout::Rid => Some((0, 0)),
        _ => None,
    }
}

/// Builds the 256-entry id table of `dialect` from the type table. Only evaluated in the
/// `static` initializers below, at compile time, where an out-of-bounds index is a build
/// error rather than a run-time panic.
#[allow(clippy::indexing_slicing)]
const fn codes(dialect: Dialect) -> [Option<TypeCode>; 256] {
    let mut out = [None; 256];
    // A u8 (the table has 44 rows; past 255 the increment would fail the build): Godot 4's
    // ids are the row numbers.
    let mut i: u8 = 0;
    while (i as usize) < TYPE_TABLE.len() {
        let info = &TYPE_TABLE[i as usize];
        let id = match dialect {
            Dialect::Godot3 => info.g3_id,
            Dialect::Godot4 if i < 39 => Some(i),
            Dialect::Godot4 => None,
            Dialect::PandemoniumA => info.pm_ids[0],
            Dialect::PandemoniumB => info.pm_ids[1],
            Dialect::PandemoniumC => info.pm_ids[2],
        };
        if let Some(id) = id {
            let flag_64 = uses_flag_64(info.layout, dialect);
            out[id as usize] = Some(TypeCode {
                ty: info.ty,
                layout: info.layout,
                flag_64,
                fixed: fixed_size(info.layout, dialect),
            });
        }
        i += 1;
    }
    out
}

static GODOT3_CODES: [Option<TypeCode>; 256] = codes(Dialect::Godot3);
static GODOT4_CODES: [Option<TypeCode>; 256] = codes(Dialect::Godot4);
static PM_A_CODES: [Option<TypeCode>; 256] = codes(Dialect::PandemoniumA);
static PM_B_CODES: [Option<TypeCode>; 256] = codes(Dialect::PandemoniumB);
static PM_C_CODES: [Option<TypeCode>; 256] = codes(Dialect::PandemoniumC);

/// How the walks handle a header word with no flag bits (the word is the id), in one
/// table load: [`fast_table`] gives one of these, or the size of a fixed payload (scalars, math types, RID, Callable: every size is below these codes).
pub(crate) const FAST_STRING: u8 = 253;
/// An untyped Dictionary: the count follows the header.
pub(crate) const FAST_DICTIONARY: u8 = 254;
/// An untyped Array: the count follows the header.
pub(crate) const FAST_ARRAY: u8 = 252;
/// Anything else (flag bits, other layouts, an unknown id): decode the header.
pub(crate) const FAST_GENERAL: u8 = 255;

/// The [`fast_table`] of one dialect, built from [`codes`] at compile time.
#[allow(clippy::indexing_slicing)]
const fn fast_paths(codes: &[Option<TypeCode>; 256]) -> [u8; 256] {
    let mut out = [FAST_GENERAL; 256];
    let mut i = 0;
    while i < 256 {
        if let Some(code) = codes[i] {
            out[i] = match (code.fixed, code.layout) {
                (Some((narrow, _)), _) => narrow,
                (None, Layout::Str) => FAST_STRING,
                (None, Layout::Dictionary) => FAST_DICTIONARY,
                (None, Layout::Array) => FAST_ARRAY,
                _ => FAST_GENERAL,
            };
        }
        i += 1;
    }
    out
}

static GODOT3_FAST: [u8; 256] = fast_paths(&GODOT3_CODES);
static GODOT4_FAST: [u8; 256] = fast_paths(&GODOT4_CODES);
static PM_A_FAST: [u8; 256] = fast_paths(&PM_A_CODES);
static PM_B_FAST: [u8; 256] = fast_paths(&PM_B_CODES);
static PM_C_FAST: [u8; 256] = fast_paths(&PM_C_CODES);

/// The table of one dialect, indexed by header word (`FAST_GENERAL` past its end): a
/// fixed payload size or one of the `FAST_*` codes. Read by `read::walk::head`.
#[inline(always)]
pub(crate) fn fast_table(dialect: Dialect) -> &'static [u8; 256] {
    match dialect {
        Dialect::Godot3 => &GODOT3_FAST,
        Dialect::Godot4 => &GODOT4_FAST,
        Dialect::PandemoniumA => &PM_A_FAST,
        Dialect::PandemoniumB => &PM_B_FAST,
        Dialect::PandemoniumC => &PM_C_FAST,
    }
}

/// Godot 4's `ContainerTypeKind`, in header bits 16–17 (Array elements, Dictionary keys)
/// and 18–19 (Dictionary values).
pub(crate) const KIND_NONE: u32 = 0;
/// A builtin type id follows.
pub(crate) const KIND_BUILTIN: u32 = 1;
/// A class name string follows.
pub(crate) const KIND_CLASS_NAME: u32 = 2;
/// A script path string follows.
#[cfg(feature = "alloc")] // the reader takes every other kind for a script
pub(crate) const KIND_SCRIPT: u32 = 3;

/// A decoded 4-byte header: the type, its payload layout, and the raw word.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Header {
    pub(crate) ty: VariantType,
    pub(crate) layout: Layout,
    pub(crate) word: u32,
    flag_64: bool,
    fixed: Option<(u8, u8)>,
}

impl Header {
    /// Decodes `word` in `dialect`: the type is the low byte, bits 8–15 are ignored.
    /// Returns the unknown id on failure.
    #[inline]
    pub(crate) fn decode(word: u32, dialect: Dialect) -> Result<Header, u8> {
        let id = (word & 0xFF) as u8;
        let codes = match dialect {
            Dialect::Godot3 => &GODOT3_CODES,
            Dialect::Godot4 => &GODOT4_CODES,
            Dialect::PandemoniumA => &PM_A_CODES,
            Dialect::PandemoniumB => &PM_B_CODES,
            Dialect::PandemoniumC => &PM_C_CODES,
        };
        match codes.get(usize::from(id)).copied().flatten() {
            Some(code) => Ok(Header {
                ty: code.ty,
                layout: code.layout,
                word,
                flag_64: code.flag_64,
                fixed: code.fixed,
            }),
            None => Err(id),
        }
    }

    /// The payload size when the type's payload is fixed (scalars and math types), taking
    /// the 64-bit flag into account.
    #[inline]
    pub(crate) fn fixed_payload(self) -> Option<usize> {
        self.fixed
            .map(|(narrow, double)| usize::from(if self.is_double() { double } else { narrow }))
    }

    /// Is the 64-bit flag honoured and set for this value's numbers?
    #[inline]
    pub(crate) fn is_double(self) -> bool {
        self.flag_64 && self.word & FLAG_64 != 0
    }

    /// Typed-container kind bits at `shift` (Godot 4 Array: 16; Dictionary: 16 keys, 18 values).
    #[inline]
    pub(crate) fn container_kind(self, shift: u32) -> u32 {
        (self.word >> shift) & 0b11
    }

    /// Header bits that this type does not use in `dialect` (strict mode rejects them).
    pub(crate) fn unused_bits(self, dialect: Dialect) -> u32 {
        let used = match (self.layout, dialect) {
            // Pandemonium's typed arrays: objects written as ids.
            (Layout::Object | Layout::TypedArray, _) => FLAG_OBJECT_AS_ID,
            (Layout::Array, d) if d.typed_containers() => 0b11 << 16,
            (Layout::Dictionary, d) if d.typed_containers() => 0b1111 << 16,
            _ if self.flag_64 => FLAG_64,
            _ => 0,
        };
        self.word & !(0xFF | used)
    }
}

/// Does a value of type `ty` read the 64-bit flag in `dialect`?
#[inline]
pub(crate) fn reads_flag_64(ty: VariantType, dialect: Dialect) -> bool {
    uses_flag_64(ty.layout(), dialect)
}

/// Does this layout read the 64-bit flag in `dialect`?
const fn uses_flag_64(layout: Layout, dialect: Dialect) -> bool {
    match layout {
        Layout::Int | Layout::Float => true,
        Layout::Math(_, Component::Real) | Layout::Packed(Element::Real(_)) => {
            dialect.double_math()
        }
        _ => false,
    }
}

impl VariantType {
    /// The type with wire id `id` in `dialect`, or `None` if the dialect has no such id.
    #[inline]
    pub fn from_id(id: u8, dialect: Dialect) -> Option<VariantType> {
        // The header decoder's id tables, built from the type table.
        Header::decode(u32::from(id), dialect)
            .ok()
            .map(|header| header.ty)
    }
}
