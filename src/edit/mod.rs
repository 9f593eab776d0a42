//! Splicing: change values deep inside a validated buffer, and get the new bytes in one
//! copy.
//!
//! Godot's format has no byte lengths inside a value: a container says how many elements,
//! pairs or properties it holds, and they follow back to back. So a value inside a file
//! can be replaced, inserted or deleted by cutting the bytes around it:
//!
//! - the bytes before and after the changed value are copied **as they are** (one `memcpy`
//!   each, or one `write` each to an [`io::Write`](std::io::Write));
//! - the new value is written through the [`Builder`](crate::Builder), so it is what the
//!   engine writes (and converted as the engine converts values stored into typed
//!   containers);
//! - when an element, pair or property comes or goes, the **count** in its container's
//!   header is updated (a Godot 4 typed container's type descriptors come before the
//!   count and stay as they are);
//! - a `store_var` / `put_var` file keeps its 4-byte **length prefix**, updated to the new
//!   length, in its own byte order ([`Edit::from_frame`]);
//! - nothing else in the file changes: not the prefix's byte order, not bytes after the
//!   value, not padding that Godot 3 left uninitialised elsewhere.
//!
//! An [`Edit`] is a plan: operations are checked when they are added (the path, the new
//! value, the container's type, the limits) and are only applied when the output is
//! produced, with [`Edit::to_vec`], [`Edit::append_to`] or [`Edit::write_to`] (one
//! sequential pass: a 1 GB file is rewritten without a second copy of it in memory), or
//! read as a list of [`Change`]s, which patch a file in place when the length stays the
//! same. Paths are those of [`query`](crate::query); they name places in the **original**
//! bytes, and two operations may not change the same bytes ([`EditError::Conflict`]).
//!
//! The output always parses; in strict mode ([`ParseOptions::strict`]) too when the input
//! did. Resolving a path costs what [`VariantRef::query`] costs; staging a value, its size;
//! the output, one copy of the input.
//!
//! ```
//! use gdvariant::edit::Edit;
//! use gdvariant::{Dialect, VariantRef};
//!
//! // var_to_bytes({"player": {"hp": 10, "items": ["sword"]}}) in Godot 4
//! let mut save = Vec::new();
//! let mut root = gdvariant::Builder::new(&mut save, Dialect::Godot4).dictionary()?;
//! let mut player = root.entry("player").dictionary()?;
//! player.entry("hp").int(10)?;
//! player.entry("items").array()?.push().string("sword")?;
//! player.finish()?;
//! root.finish()?;
//!
//! let mut edit = Edit::from_bytes(&save, Dialect::Godot4)?;
//! edit.set("player/hp", 999)? // replace
//!     .set("player/items/1", "shield")? // append: the index is the length
//!     .set("player/name", "Zoë")? // a new key
//!     .delete("player/items/0")?;
//! let out = edit.to_vec();
//! assert_eq!(
//!     VariantRef::parse(&out, Dialect::Godot4)?.to_string(),
//!     "{\n\"player\": {\n\"hp\": 999,\n\"items\": [\"shield\"],\n\"name\": \"Zoë\"\n}\n}"
//! );
//! // Before the first change, the bytes are the original's.
//! let first = edit.changes().next().unwrap().range().start;
//! assert_eq!(out[..first], save[..first]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`ParseOptions::strict`]: crate::ParseOptions::strict
//! [`VariantRef::query`]: crate::VariantRef::query

mod error;
mod new;
mod ops;
mod output;
mod packed;
mod path;
mod plan;
mod typed;
mod value;

pub use error::EditError;
pub use output::{Change, Changes};
pub use value::{Encoded, NewValue};

use alloc::collections::BTreeSet;
use alloc::vec::Vec;
use core::fmt;

use crate::frame::PrefixOrder;
use crate::read::lookup::Key;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use ops::{Doc, Mode};
use output::{pieces, prefix_change};
use plan::{len_i64, Plan, Refusal};

/// A plan of edits to one encoded value (see the [module docs](self)): replacements,
/// insertions and deletions at paths, checked as they are added, applied in one copy
/// when the output is produced.
///
/// Operations return `&mut Self`, so they chain with `?`. An operation that fails leaves
/// the plan as it was.
///
/// Memory: the new values' bytes and a few words per change; never a copy of the input,
/// never anything sized by a count the input claims. No recursion on the input's nesting.
///
/// ```
/// use gdvariant::edit::Edit;
/// use gdvariant::{Dialect, VariantRef};
///
/// // Save games are read from a file (or a memory map); here, var_to_bytes({"hp": 10}).
/// let save = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
/// let mut edit = Edit::from_bytes(&save, Dialect::Godot4)?; // validated once
/// edit.set("hp", 25)?.set("level", 3)?;
/// let mut file = Vec::new(); // a `File` in practice: one sequential pass
/// edit.write_to(&mut file)?;
/// let text = VariantRef::parse(&file, Dialect::Godot4)?.to_string();
/// assert_eq!(text, "{\n\"hp\": 25,\n\"level\": 3\n}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Edit<'a> {
    doc: Doc<'a>,
    /// The length prefix the output keeps up to date: its offset in `doc.input` and its
    /// byte order.
    prefix: Option<(usize, PrefixOrder)>,
    /// The staged bytes of every new value, back to back.
    arena: Vec<u8>,
    plan: Plan,
    /// Keys and properties added so far, with their container's offset.
    adds: BTreeSet<(usize, Key)>,
}

impl<'a> Edit<'a> {
    /// Sets the value at `path` to `value`: replaces what is there, or adds it where the
    /// last step names a place that does not exist yet:
    ///
    /// | last step names | present | absent |
    /// |---|---|---|
    /// | a Dictionary key (`name`, `"a/b"`, `[42]`) | its value is replaced (the last pair with that key, which the engine keeps) | the pair is appended; the count goes up by one |
    /// | an Array index | the element is replaced | index = length: appended; beyond: [`EditError::NotFound`] |
    /// | a packed array index | the element is replaced | index = length: appended |
    /// | a full Object's property | its value is replaced | [`EditError::NotFound`] (see [`Edit::insert`]) |
    /// | nothing (empty path) | the whole value is replaced | — |
    ///
    /// Every step but the last must exist, as in [`VariantRef::query`]. A new key is a
    /// String (a StringName where a typed Dictionary declares StringName keys), `[42]` an
    /// int. The new value must fit its slot: an element of a typed Array, a key or value of
    /// a typed Dictionary (Godot 4; converted as the engine converts: int to float,
    /// String and StringName into each other), an element of a packed array (an int in
    /// 0..=255 for bytes, a Vector3 for PackedVector3Array, …), a Godot 4 object's
    /// `script` property (null or a String); otherwise [`EditError::TypeMismatch`]. It must
    /// not nest deeper than Godot's 1024 levels where it lands ([`EditError::TooDeep`]).
    ///
    /// Cost: the path's lookups (dictionary steps scan the pairs, array steps step over
    /// the elements before) and O(size of the new value); nothing is copied until the
    /// output is produced.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// // var_to_bytes({"hp": 10}) in Godot 4
    /// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.set("hp", 1 << 40)?; // needs 64 bits: the value grows by 4 bytes
    /// edit.set("[7]", true)?; // an int key
    /// let out = edit.to_vec();
    /// assert_eq!(out.len(), bytes.len() + 4 + 16);
    /// assert_eq!(VariantRef::parse(&out, Dialect::Godot4)?.to_string(), "{\n7: true,\n\"hp\": 1099511627776\n}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set(&mut self, path: &str, value: impl NewValue) -> Result<&mut Self, EditError> {
        self.apply(path, Mode::Set, Some(value))
    }

    /// Replaces the value at `path`, which must exist ([`EditError::NotFound`] otherwise):
    /// [`Edit::set`] without adding anything. Same checks and costs.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::Dialect;
    ///
    /// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]; // [1]
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.replace("0", 2)?;
    /// assert!(edit.replace("1", 3).unwrap_err().is_not_found());
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn replace(&mut self, path: &str, value: impl NewValue) -> Result<&mut Self, EditError> {
        self.apply(path, Mode::Replace, Some(value))
    }

    /// Inserts `value` at `path`, whose last step names a place that is not taken: a
    /// Dictionary key that is absent ([`EditError::AlreadyExists`] otherwise; the pair is
    /// appended), a full Object's property that is absent (appended), or an index of an
    /// Array or packed array from 0 to its length (the element goes before the one at
    /// that index; the length appends). The container's count goes up by one. Same
    /// checks and costs as [`Edit::set`]; the top-level value cannot be inserted
    /// ([`EditError::TopLevel`]).
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]; // [1]
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.insert("0", "first")?;
    /// assert_eq!(VariantRef::parse(&edit.to_vec(), Dialect::Godot4)?.to_string(), "[\"first\", 1]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn insert(&mut self, path: &str, value: impl NewValue) -> Result<&mut Self, EditError> {
        self.apply(path, Mode::Insert, Some(value))
    }

    /// Deletes what `path` names: an Array or packed array element, a Dictionary entry
    /// (every pair with that key, if the input holds duplicates), a full Object's property
    /// (likewise); the container's count goes down. [`EditError::NotFound`] if it is not
    /// there; the top-level value cannot be deleted ([`EditError::TopLevel`]). Cost: the
    /// path's lookups.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::{Dialect, VariantRef};
    ///
    /// // var_to_bytes({"hp": 10}) in Godot 4
    /// let bytes = [27, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 2, 0, 0, 0, b'h', b'p', 0, 0, 2, 0, 0, 0, 10, 0, 0, 0];
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.delete("hp")?;
    /// assert_eq!(edit.to_vec(), [27, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn delete(&mut self, path: &str) -> Result<&mut Self, EditError> {
        self.apply::<bool>(path, Mode::Delete, None)
    }

    /// Plans one operation, all or nothing.
    fn apply<V: NewValue>(
        &mut self,
        path: &str,
        mode: Mode,
        value: Option<V>,
    ) -> Result<&mut Self, EditError> {
        let mark = self.arena.len();
        let result = self.try_apply(path, mode, value);
        if result.is_err() {
            self.arena.truncate(mark);
        }
        result.map(|()| self)
    }

    fn try_apply<V: NewValue>(
        &mut self,
        path: &str,
        mode: Mode,
        value: Option<V>,
    ) -> Result<(), EditError> {
        let planned = self.doc.plan(&mut self.arena, path, mode, value)?;
        if let Some(add) = &planned.adds {
            if self.adds.contains(add) {
                return Err(EditError::Conflict {
                    path: planned.path,
                    offset: add.0,
                });
            }
        }
        let growth = planned
            .patches
            .iter()
            .fold(0i64, |sum, p| sum.saturating_add(p.growth()));
        self.check_growth(self.plan.growth().saturating_add(growth))?;
        let base = self.doc.base;
        self.plan
            .add(&planned.patches)
            .map_err(|refusal| match refusal {
                Refusal::Conflict(at) => EditError::Conflict {
                    path: planned.path.clone(),
                    offset: at.saturating_add(base),
                },
                Refusal::TooLarge(len) => EditError::TooLarge {
                    what: "element count",
                    len,
                    max: i32::MAX as u64,
                },
            })?;
        self.adds.extend(planned.adds);
        Ok(())
    }

    /// Checks that an output `growth` bytes longer than the input fits memory and the
    /// length prefix.
    fn check_growth(&self, growth: i64) -> Result<(), EditError> {
        let too_large = |what, len: i64, max: u64| EditError::TooLarge {
            what,
            len: u64::try_from(len).unwrap_or(0),
            max,
        };
        let out = len_i64(self.doc.input.len()).saturating_add(growth);
        if usize::try_from(out).is_err() {
            return Err(too_large("output length", out, usize::MAX as u64));
        }
        if let Some((at, order)) = self.prefix {
            let old = self
                .doc
                .input
                .get(at..)
                .and_then(|bytes| order.read(bytes))
                .unwrap_or(0);
            let body = i64::from(old).saturating_add(growth);
            if u32::try_from(body).is_err() {
                return Err(too_large("length prefix", body, u64::from(u32::MAX)));
            }
        }
        Ok(())
    }

    /// The dialect of the value (new values are written in it). O(1).
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let edit = Edit::from_bytes(&[0, 0, 0, 0], Dialect::Godot3)?; // null
    /// assert_eq!(edit.dialect(), Dialect::Godot3);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn dialect(&self) -> Dialect {
        self.doc.root.dialect()
    }

    /// The value being edited, as it was parsed (the plan never changes it: read the output
    /// for the new value). O(1).
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let bytes = [2, 0, 0, 0, 7, 0, 0, 0]; // 7
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.set("", 8)?;
    /// assert_eq!(edit.value().as_int(), Some(7));
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn value(&self) -> VariantRef<'a> {
        self.doc.root
    }

    /// The bytes the output is made from: for [`Edit::new`] the value's encoded bytes, for
    /// the other constructors the bytes given (a prefix and bytes after the value
    /// included). [`Change`] ranges index them. O(1).
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let bytes = [2, 0, 0, 0, 7, 0, 0, 0, 0xEE]; // 7, and a byte after it
    /// let edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// assert_eq!(edit.input(), bytes);
    /// assert_eq!(edit.to_vec(), bytes); // kept
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn input(&self) -> &'a [u8] {
        self.doc.input
    }

    /// The byte order of the length prefix, for a plan made by [`Edit::from_frame`] or
    /// [`Edit::in_frame`]. O(1).
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, frame::PrefixOrder, Dialect};
    /// let file = [0, 0, 0, 8, 2, 0, 0, 0, 7, 0, 0, 0]; // big-endian store_var(7)
    /// let edit = Edit::from_frame(&file, Dialect::Godot4, PrefixOrder::Big)?;
    /// assert_eq!(edit.prefix(), Some(PrefixOrder::Big));
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn prefix(&self) -> Option<PrefixOrder> {
        self.prefix.map(|(_, order)| order)
    }

    /// The exact length of the output. O(1).
    ///
    /// ```
    /// # use gdvariant::{edit::Edit, Dialect};
    /// let bytes = [28, 0, 0, 0, 0, 0, 0, 0]; // []
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.set("0", "abc")?; // 4 header, 4 length, 3 bytes, 1 of padding
    /// assert_eq!(edit.output_len(), 8 + 12);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn output_len(&self) -> usize {
        let out = len_i64(self.doc.input.len()).saturating_add(self.plan.growth());
        usize::try_from(out).unwrap_or(0)
    }
}

impl<'a> Edit<'a> {
    /// The changes, in input order (see [`Change`]): what to write where to patch the
    /// input in place, when the output is as long as the input (every operation so far
    /// replaced a value by one of the same length). O(1) to create.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::Dialect;
    ///
    /// let mut file = vec![28, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, 0]; // [1, 2]
    /// let mut edit = Edit::from_bytes(&file, Dialect::Godot4)?;
    /// edit.set("1", 5)?;
    /// assert_eq!(edit.output_len(), file.len());
    /// let changes: Vec<_> = edit.changes().map(|c| (c.range(), c.bytes().to_vec())).collect();
    /// for (range, bytes) in changes {
    ///     file[range].copy_from_slice(&bytes); // as a positioned write into the file would
    /// }
    /// assert_eq!(file[20..], [5, 0, 0, 0]);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn changes(&self) -> Changes<'_> {
        let growth = self.plan.growth();
        let prefix = self
            .prefix
            .and_then(|(at, order)| prefix_change(self.doc.input, at, order, growth));
        Changes::new(prefix, self.plan.patches(), &self.arena)
    }

    /// Appends the output to `out` (reserving [`Edit::output_len`] bytes first): one copy
    /// of each unchanged run of the input, and the changes. O(output length).
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::Dialect;
    ///
    /// let bytes = [2, 0, 0, 0, 7, 0, 0, 0]; // 7
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.set("", "seven")?;
    /// let mut out = Vec::new(); // reused between outputs: no allocation once it is large enough
    /// edit.append_to(&mut out);
    /// assert_eq!(out, [4, 0, 0, 0, 5, 0, 0, 0, b's', b'e', b'v', b'e', b'n', 0, 0, 0]);
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn append_to(&self, out: &mut Vec<u8>) {
        out.reserve(self.output_len());
        let _ = pieces(self.doc.input, self.changes(), |piece| {
            out.extend_from_slice(piece);
            Ok::<(), core::convert::Infallible>(())
        });
    }

    /// The output in a new vector of exactly [`Edit::output_len`] bytes. O(output length):
    /// one copy of each unchanged run of the input.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::Dialect;
    ///
    /// let bytes = [2, 0, 0, 0, 7, 0, 0, 0]; // 7
    /// let edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// assert_eq!(edit.to_vec(), bytes); // no changes: a copy
    /// # Ok::<(), gdvariant::EditError>(())
    /// ```
    pub fn to_vec(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.output_len());
        self.append_to(&mut out);
        out
    }

    /// Writes the output to `out` in order, in one sequential pass: each unchanged run of
    /// the input is one `write_all` of a slice of it (hand a `File` over directly; wrap
    /// it in a `BufWriter` only if you plan many small changes). Nothing is buffered here
    /// and nothing is allocated. Stops at the first I/O error.
    ///
    /// ```
    /// use gdvariant::edit::Edit;
    /// use gdvariant::Dialect;
    ///
    /// let bytes = [28, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0, 0]; // [1]
    /// let mut edit = Edit::from_bytes(&bytes, Dialect::Godot4)?;
    /// edit.delete("0")?;
    /// let mut file = std::io::Cursor::new(Vec::new());
    /// edit.write_to(&mut file)?;
    /// assert_eq!(file.into_inner(), [28, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn write_to<W: std::io::Write>(&self, mut out: W) -> std::io::Result<()> {
        pieces(self.doc.input, self.changes(), |piece| out.write_all(piece))
    }
}

impl fmt::Debug for Edit<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Edit")
            .field("dialect", &self.dialect())
            .field("prefix", &self.prefix())
            .field("input_len", &self.doc.input.len())
            .field("output_len", &self.output_len())
            .field("changes", &self.changes().count())
            .finish()
    }
}
