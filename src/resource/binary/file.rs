//! The `RSRC` file: header, string table, external and internal tables, then each internal
//! resource's class and properties, all read and validated by one pass.

use alloc::vec::Vec;

use super::cursor::Cursor;
use super::error::{BinaryError, BinaryErrorKind as K};
use super::value::{BinValue, Ctx};

/// Godot 4's header flag: internal references are table indices, paths are named ids.
pub const FLAG_NAMED_SCENE_IDS: u32 = 1;
/// Godot 4's header flag: a UID follows the flags, and each external resource has one.
pub const FLAG_UIDS: u32 = 2;
/// Godot 4's header flag: `real_t` is double (reals are f64).
pub const FLAG_REAL_T_IS_DOUBLE: u32 = 4;
/// Godot 4's header flag: the script class name follows the UID.
pub const FLAG_HAS_SCRIPT_CLASS: u32 = 8;

/// The default nesting limit for Arrays and Dictionaries.
pub const DEFAULT_MAX_DEPTH: u16 = 256;

/// How to read a binary resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BinaryOptions {
    /// Deepest nesting of Arrays and Dictionaries accepted (the top-level value is depth
    /// 0); deeper is [`BinaryErrorKind::TooDeep`](super::BinaryErrorKind::TooDeep). The
    /// reader recurses, so this bounds its stack. Default [`DEFAULT_MAX_DEPTH`].
    pub max_depth: u16,
    /// Most bytes an `RSCC` file may decompress to. Default 256 MiB.
    pub max_unpacked: u64,
}

impl Default for BinaryOptions {
    fn default() -> Self {
        BinaryOptions {
            max_depth: DEFAULT_MAX_DEPTH,
            max_unpacked: 256 << 20,
        }
    }
}

impl BinaryOptions {
    /// The defaults.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets [`BinaryOptions::max_depth`].
    pub fn max_depth(mut self, max_depth: u16) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Sets [`BinaryOptions::max_unpacked`].
    pub fn max_unpacked(mut self, max_unpacked: u64) -> Self {
        self.max_unpacked = max_unpacked;
        self
    }
}

/// The header fields, as the engine reads them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BinaryHeader<'a> {
    /// The file's numbers are big-endian (written on request only).
    pub big_endian: bool,
    /// The header's `use_real64` word.
    pub use_real64: bool,
    /// Engine major version that wrote it (3 or 4 in practice).
    pub engine_major: u32,
    /// Engine minor version.
    pub engine_minor: u32,
    /// Binary format version: 3 for Godot 3.x, up to 6 for Godot 4.3+.
    pub format_version: u32,
    /// The main resource's class.
    pub class: &'a str,
    /// Offset of the import metadata (0: none).
    pub import_metadata_offset: u64,
    /// Godot 4's flags (`FLAG_*`); 0 in Godot 3 files.
    pub flags: u32,
    /// Godot 4's UID field as stored (`u64::MAX`, the engine's -1, when it has none);
    /// `None` in Godot 3 files.
    pub uid: Option<u64>,
    /// The script class name (Godot 4 with [`FLAG_HAS_SCRIPT_CLASS`]).
    pub script_class: Option<&'a str>,
}

impl BinaryHeader<'_> {
    /// Reals are f64: Godot 4's flag [`FLAG_REAL_T_IS_DOUBLE`], Godot 3's `use_real64`.
    pub fn real64(&self) -> bool {
        if self.engine_major >= 4 {
            self.flags & FLAG_REAL_T_IS_DOUBLE != 0
        } else {
            self.use_real64
        }
    }

    /// A Godot 4 file (engine major 4 or more).
    pub fn is_godot4(&self) -> bool {
        self.engine_major >= 4
    }

    /// The UID when the file has a valid one.
    pub fn valid_uid(&self) -> Option<u64> {
        self.uid
            .filter(|&u| u <= i64::MAX as u64 && self.flags & FLAG_UIDS != 0)
    }
}

/// An external resource the file refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExternalResource<'a> {
    /// Its class (`Script`, `Texture2D`, …).
    pub class: &'a str,
    /// Its path (`res://…`).
    pub path: &'a str,
    /// Its UID as stored (Godot 4 with UIDs; `u64::MAX` is none).
    pub uid: Option<u64>,
}

/// An internal resource: a sub-resource, or the main resource (the last one).
#[derive(Clone, Debug, PartialEq)]
pub struct InternalResource<'a> {
    /// `local://<id>` (Godot 4: `local://Gradient_d2l51`; Godot 3: `local://1`), or an
    /// older `res://…::<n>`.
    pub path: &'a str,
    /// Where its class and properties start.
    pub offset: u64,
    /// Its class.
    pub class: &'a str,
    /// Its properties in file order.
    pub properties: Vec<Property<'a>>,
}

impl<'a> InternalResource<'a> {
    /// The id after `local://` (the text form's sub-resource id), if the path has one.
    pub fn local_id(&self) -> Option<&'a str> {
        self.path.strip_prefix("local://")
    }

    /// The property `name`'s value (the last of that name). O(properties).
    pub fn get(&self, name: &str) -> Option<&BinValue<'a>> {
        self.properties
            .iter()
            .rev()
            .find(|p| p.name == name)
            .map(|p| &p.value)
    }
}

/// A property: its name (from the string table) and value.
#[derive(Clone, Debug, PartialEq)]
pub struct Property<'a> {
    /// The name.
    pub name: &'a str,
    /// The value.
    pub value: BinValue<'a>,
    /// File offset of the name's reference.
    pub offset: usize,
}

/// A parsed binary resource (`.res`, `.scn`, `.mesh`): every table and property
/// validated, every string and packed array borrowed from the input.
#[derive(Clone, Debug, PartialEq)]
pub struct BinaryResource<'a> {
    /// The header.
    pub header: BinaryHeader<'a>,
    /// The string table (property names, NodePath parts).
    pub strings: Vec<&'a str>,
    /// The external resources, in file order (their index is what references name).
    pub externals: Vec<ExternalResource<'a>>,
    /// The internal resources in file order; the last is the main resource.
    pub internals: Vec<InternalResource<'a>>,
    /// The input's length (bounds what the conversion to a Document may make).
    pub(crate) input_len: usize,
}

impl<'a> BinaryResource<'a> {
    /// Reads a plain (`RSRC`) binary resource with the default options. See
    /// [`BinaryResource::parse_with`].
    pub fn parse(data: &'a [u8]) -> Result<Self, BinaryError> {
        Self::parse_with(data, &BinaryOptions::default())
    }

    /// Reads a plain (`RSRC`) binary resource: the header (format versions 1 to 6, engine
    /// major 1 to 4, either byte order, either real size), the tables and every internal
    /// resource's properties, as the engine's loader does. Every count is checked against
    /// the bytes left before anything follows it, every offset against the input, every
    /// string for UTF-8, every string-table and resource reference against its table,
    /// nesting against [`BinaryOptions::max_depth`]. Compressed files (`RSCC`) give
    /// [`BinaryErrorKind::Compressed`](super::BinaryErrorKind::Compressed): use
    /// [`decompress`](super::decompress) or [`read_document`](super::read_document).
    ///
    /// Cost: one pass, O(input) for strings and containers, O(1) per packed array (its
    /// count is checked, its bytes borrowed; a string array's items are checked). Memory:
    /// the tables and one small node per value outside packed arrays.
    pub fn parse_with(data: &'a [u8], options: &BinaryOptions) -> Result<Self, BinaryError> {
        Self::parse_based(data, options, 0)
    }

    /// [`BinaryResource::parse_with`], for bytes whose internal offsets count from `base`
    /// bytes in: a compressed file's stream starts after its magic, so its offsets are 4
    /// less than the positions in our `RSRC` + stream buffer.
    pub(crate) fn parse_based(
        data: &'a [u8],
        options: &BinaryOptions,
        base: u64,
    ) -> Result<Self, BinaryError> {
        let mut c = Cursor::new(data, 0, false);
        match c.take(4) {
            Ok(b"RSRC") => {}
            Ok(b"RSCC") => return Err(BinaryError::new(K::Compressed, 0)),
            _ => return Err(BinaryError::new(K::BadMagic, 0)),
        }
        let big_endian = c.u32()? != 0;
        c.set_big_endian(big_endian);
        let use_real64 = c.u32()? != 0;
        let major_at = c.pos();
        let engine_major = c.u32()?;
        let engine_minor = c.u32()?;
        let format_at = c.pos();
        let format_version = c.u32()?;
        if !(1..=6).contains(&format_version) {
            return Err(BinaryError::new(
                K::UnsupportedVersion(format_version),
                format_at,
            ));
        }
        if !(1..=4).contains(&engine_major) {
            return Err(BinaryError::new(
                K::UnsupportedEngine(engine_major),
                major_at,
            ));
        }
        let class = c.string()?;
        let import_metadata_offset = c.u64()?;
        let godot4 = engine_major >= 4;
        let (mut flags, mut uid, mut script_class) = (0, None, None);
        if godot4 {
            flags = c.u32()?;
            uid = Some(c.u64()?);
            if flags & FLAG_HAS_SCRIPT_CLASS != 0 {
                script_class = Some(c.string()?);
            }
            c.take(11 * 4)?;
        } else {
            c.take(14 * 4)?;
        }
        let header = BinaryHeader {
            big_endian,
            use_real64,
            engine_major,
            engine_minor,
            format_version,
            class,
            import_metadata_offset,
            flags,
            uid,
            script_class,
        };

        let n = c.count(4)?;
        // Counts checked against the bytes left: these follow the input.
        let mut strings = Vec::with_capacity(n as usize);
        for _ in 0..n {
            strings.push(c.string()?);
        }
        let uids = godot4 && flags & FLAG_UIDS != 0;
        let n = c.count(if uids { 16 } else { 8 })?;
        let mut externals = Vec::new();
        for _ in 0..n {
            let class = c.string()?;
            let path = c.string()?;
            let uid = if uids { Some(c.u64()?) } else { None };
            externals.push(ExternalResource { class, path, uid });
        }
        let n = c.count(12)?;
        let mut table = Vec::new();
        for _ in 0..n {
            let path = c.string()?;
            let at = c.pos();
            let offset = c.u64()?;
            table.push((path, offset, at));
        }
        if table.is_empty() {
            return Err(BinaryError::new(K::NoMainResource, c.pos()));
        }
        // Old files name internal resources `local://<n>` and refer to them by `n`.
        let mut local_numbers: Vec<(u32, u32)> = Vec::new();
        for (i, &(path, _, _)) in table.iter().enumerate() {
            let number = path.strip_prefix("local://").and_then(|n| {
                let v: u32 = n.parse().ok()?;
                // The engine compares the text `itos(n)`: only the canonical spelling.
                (alloc::format!("{v}") == n).then_some(v)
            });
            if let (Some(n), Ok(i)) = (number, u32::try_from(i)) {
                local_numbers.push((n, i));
            }
        }
        local_numbers.sort_unstable();
        let ctx = Ctx {
            strings: &strings,
            real64: header.real64(),
            godot4,
            format: format_version,
            named_ids: godot4 && flags & FLAG_NAMED_SCENE_IDS != 0,
            internal_count: table.len(),
            local_numbers: &local_numbers,
            externals: externals.len(),
            max_depth: options.max_depth,
        };
        let mut internals = Vec::with_capacity(table.len());
        // The bytes read for resource bodies so far: a saver writes each body once, one
        // after the other, so their total cannot pass the file's size. Offsets that point
        // resources at the same bytes again would otherwise make the work (and memory)
        // grow with the square of the input.
        let mut read = 0usize;
        for &(path, offset, at) in &table {
            let start = offset
                .checked_add(base)
                .and_then(|o| usize::try_from(o).ok())
                .filter(|&o| o < data.len())
                .ok_or(BinaryError::new(K::BadOffset(offset), at))?;
            let mut rc = Cursor::new(data, start, big_endian);
            let overlap = BinaryError::new(K::Overlap(offset), at);
            let class = rc.string()?;
            let n = rc.count(8)?;
            let left = data.len().saturating_sub(read);
            if u64::from(n) * 8 > left as u64 {
                return Err(overlap);
            }
            let mut properties = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let name_at = rc.pos();
                let name = ctx.string_ref(&mut rc)?;
                if name.is_empty() {
                    return Err(BinaryError::new(K::EmptyName, name_at));
                }
                let value = ctx.value(&mut rc, 0)?;
                properties.push(Property {
                    name,
                    value,
                    offset: name_at,
                });
            }
            read = read.saturating_add(rc.pos() - start);
            if read > data.len() {
                return Err(overlap);
            }
            internals.push(InternalResource {
                path,
                offset,
                class,
                properties,
            });
        }
        Ok(BinaryResource {
            header,
            strings,
            externals,
            internals,
            input_len: data.len(),
        })
    }

    /// The main resource: the last internal one (`parse` refuses a file without one, so
    /// this is `None` only for a value built by hand).
    pub fn main(&self) -> Option<&InternalResource<'a>> {
        self.internals.last()
    }

    /// The internal resource whose `local://` id is `id`.
    pub fn internal_by_id(&self, id: &str) -> Option<&InternalResource<'a>> {
        self.internals.iter().find(|r| r.local_id() == Some(id))
    }
}
