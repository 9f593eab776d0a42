//! One operation, planned: the path resolved, the new bytes staged in the arena, and the
//! patches that apply them (the changed range, the container's count).

use alloc::vec::Vec;

use super::error::EditError;
use super::packed::{self, Op as PackedOp};
use super::path::{resolve, Slot, Target};
use super::plan::Patch;
use super::plan::Piece;
use super::typed::{describe, fit, fits_script, is_script, write_key, Rewrite};
use super::value::{stage, NewValue};
use crate::read::container::{ArrayRef, DictRef};
use crate::read::lookup::Key;
use crate::read::object::FullObject;
use crate::read::options::GODOT_MAX_DEPTH;
use crate::read::strings::GdStr;
use crate::read::value::VariantRef;
use crate::wire::bytes::{le_u32, pad4};
use crate::wire::container_type::ContainerType;
use crate::wire::header::COUNT_SHARED_BIT;
use crate::write::{put_string, Builder};

/// What an operation does at its path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Replace, or append an absent key / the element at the length.
    Set,
    /// Replace only.
    Replace,
    /// Insert only.
    Insert,
    /// Delete.
    Delete,
}

impl Mode {
    fn verb(self) -> &'static str {
        match self {
            Mode::Set => "set",
            Mode::Replace => "replace",
            Mode::Insert => "insert",
            Mode::Delete => "delete",
        }
    }
}

/// The document being edited: the input and its value.
#[derive(Clone, Copy, Debug)]
pub(super) struct Doc<'a> {
    /// Everything the output is made from (a prefix, the value, bytes after it).
    pub(super) input: &'a [u8],
    /// The value, with absolute offsets.
    pub(super) root: VariantRef<'a>,
    /// Absolute offset of `input[0]`.
    pub(super) base: usize,
}

/// An operation ready to join the plan.
pub(super) struct Planned {
    pub(super) patches: Vec<Patch>,
    /// A key or property the operation adds: its container's offset and the key.
    pub(super) adds: Option<(usize, Key)>,
    /// The path, for errors.
    pub(super) path: alloc::string::String,
}

/// Is `text` what Godot reads back from its bytes (no NUL, no leading byte-order mark)?
fn reads_back(text: &str) -> bool {
    !text.contains('\0') && !text.starts_with('\u{feff}')
}

/// [`EditError::InvalidKey`] unless a new key or property name `text` reads back.
fn check_name(target: &Target<'_>, text: &str) -> Result<(), EditError> {
    if reads_back(text) {
        Ok(())
    } else {
        Err(EditError::InvalidKey {
            path: target.parent.clone(),
            name: target.name.clone(),
        })
    }
}

/// Absolute end of a value.
fn end_of(v: &VariantRef<'_>) -> usize {
    v.offset().saturating_add(v.encoded().len())
}

impl Doc<'_> {
    /// Input index of absolute offset `abs`.
    pub(super) fn index(&self, abs: usize) -> usize {
        abs.saturating_sub(self.base)
    }

    /// Zero bytes to write before an insertion at absolute `at`: a byte array at the very
    /// end of the input may lack its padding (the engine accepts that); bytes after it
    /// need the padding back.
    fn pad_before(&self, at: usize) -> usize {
        let len = self.root.encoded().len();
        if at == end_of(&self.root) {
            pad4(len)
        } else {
            0
        }
    }

    /// A patch replacing absolute `start..end` by the arena's bytes from `from` on.
    fn bytes(&self, start: usize, end: usize, arena: &[u8], from: usize) -> Patch {
        Patch {
            start: self.index(start),
            end: self.index(end),
            piece: Piece::Bytes {
                from,
                to: arena.len(),
            },
        }
    }

    /// Plans `mode` at `path` with `value` (none for a deletion), staging new bytes at the
    /// end of `arena` (the caller truncates it if this fails or the plan refuses).
    pub(super) fn plan<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        path: &str,
        mode: Mode,
        value: Option<V>,
    ) -> Result<Planned, EditError> {
        let target = resolve(self.root, path)?;
        let mut adds = None;
        let patches = match &target.slot {
            Slot::Root => match (mode, value) {
                (Mode::Insert | Mode::Delete, _) => {
                    return Err(EditError::TopLevel { op: mode.verb() })
                }
                (_, value) => {
                    let from = arena.len();
                    self.stage_value(arena, &target, value, &ContainerType::Untyped, false)?;
                    let patch = self.bytes(self.root.offset(), end_of(&self.root), arena, from);
                    alloc::vec![patch]
                }
            },
            Slot::Element { array, index, item } => {
                self.element(arena, &target, array, *index, *item, mode, value)?
            }
            Slot::Entry { dict, key, pairs } => {
                let planned = self.entry(arena, &target, dict, key, pairs, mode, value)?;
                if planned.1 {
                    adds = Some((target.container.offset(), key.clone()));
                }
                planned.0
            }
            Slot::Property {
                object,
                name,
                props,
            } => {
                let Some(name) = name else {
                    return Err(target.not_found());
                };
                let planned = self.property(arena, &target, object, name, props, mode, value)?;
                if planned.1 {
                    adds = Some((target.container.offset(), Key::Text(name.clone())));
                }
                planned.0
            }
            Slot::Packed { array, index } => {
                let op = match mode {
                    Mode::Set if *index == array.len() => PackedOp::Insert,
                    Mode::Set | Mode::Replace => PackedOp::Replace,
                    Mode::Insert => PackedOp::Insert,
                    Mode::Delete => PackedOp::Delete,
                };
                let in_range = match op {
                    PackedOp::Insert => *index <= array.len(),
                    PackedOp::Replace | PackedOp::Delete => *index < array.len(),
                };
                if !in_range {
                    return Err(target.not_found());
                }
                let element = match value {
                    Some(value) => self.stage_element(arena, &target, array, value)?,
                    None => Vec::new(),
                };
                let from = arena.len();
                let container = &target.container;
                let splice = packed::splice(arena, array, container, *index, op, &element)
                    .ok_or_else(|| target.not_found())?;
                let mut patches = alloc::vec![self.bytes(splice.start, splice.end, arena, from)];
                if let Some(word) = splice.count_word {
                    let at = container.offset().saturating_add(4);
                    let from = arena.len();
                    arena.extend_from_slice(&word.to_le_bytes());
                    patches.push(self.bytes(at, at.saturating_add(4), arena, from));
                }
                if splice.count != 0 {
                    let at = self.index(container.offset().saturating_add(4));
                    let base = u32::try_from(array.len()).unwrap_or(u32::MAX);
                    patches.push(Patch::count(at, base, splice.count, 0));
                }
                patches
            }
        };
        Ok(Planned {
            patches,
            adds,
            path: target.path(),
        })
    }

    /// Stages `value` for a slot declared `expected` (`script`: a Godot 4 object's
    /// `script` property), converting it as the engine would, and checks its depth.
    fn stage_value<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        target: &Target<'_>,
        value: Option<V>,
        expected: &ContainerType<GdStr<'_>>,
        script: bool,
    ) -> Result<(), EditError> {
        let dialect = self.root.dialect();
        let value = value.ok_or(EditError::TopLevel { op: "write" })?;
        let mismatch =
            |wanted: alloc::string::String, found: &VariantRef<'_>| EditError::TypeMismatch {
                path: target.path(),
                expected: wanted,
                found: found.ty().name(dialect),
                offset: target.container.offset(),
            };
        let (staged, rewrite) = stage(arena, dialect, value, |v| {
            if script && !fits_script(v) {
                return Err(mismatch("null or a String".into(), v));
            }
            fit(expected, v).map_err(|()| mismatch(describe(expected, dialect), v))
        })?;
        let depth = target.depth.saturating_add(staged.depth);
        if depth > usize::from(GODOT_MAX_DEPTH) {
            return Err(EditError::TooDeep { depth });
        }
        if let Some(rewrite) = rewrite {
            arena.truncate(staged.start);
            Rewrite::write(&rewrite, Builder::new(arena, dialect))?;
        }
        Ok(())
    }

    /// Stages `value` and turns it into an element of the packed `array`; the arena is left
    /// as it was.
    fn stage_element<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        target: &Target<'_>,
        array: &crate::read::packed::PackedArray<'_>,
        value: V,
    ) -> Result<Vec<u8>, EditError> {
        let dialect = self.root.dialect();
        let (staged, element) = stage(arena, dialect, value, |v| {
            packed::element(array, v).map_err(|expected| EditError::TypeMismatch {
                path: target.path(),
                expected,
                found: v.ty().name(dialect),
                offset: target.container.offset(),
            })
        })?;
        arena.truncate(staged.start);
        Ok(element)
    }

    /// The patch of an Array's or Dictionary's count word (`count_at`: absolute).
    fn container_count(&self, container: &VariantRef<'_>, count_at: usize, delta: i64) -> Patch {
        let word = le_u32(
            container.encoded(),
            count_at.saturating_sub(container.offset()),
        );
        Patch::count(
            self.index(count_at),
            word & !COUNT_SHARED_BIT,
            delta,
            word & COUNT_SHARED_BIT,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn element<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        target: &Target<'_>,
        array: &ArrayRef<'_>,
        index: usize,
        item: Option<VariantRef<'_>>,
        mode: Mode,
        value: Option<V>,
    ) -> Result<Vec<Patch>, EditError> {
        let container = &target.container;
        let count_at = container.offset().saturating_add(array.children_at());
        let expected = array.element_type();
        match (mode, item) {
            (Mode::Delete, Some(item)) => Ok(alloc::vec![
                self.bytes(item.offset(), end_of(&item), arena, arena.len()),
                self.container_count(container, count_at, -1),
            ]),
            (Mode::Set | Mode::Replace, Some(item)) => {
                let from = arena.len();
                self.stage_value(arena, target, value, &expected, false)?;
                Ok(alloc::vec![self.bytes(
                    item.offset(),
                    end_of(&item),
                    arena,
                    from
                )])
            }
            (Mode::Set | Mode::Insert, _) if index <= array.len() => {
                let at = item.map_or_else(|| end_of(container), |item| item.offset());
                let from = arena.len();
                arena.resize(from.saturating_add(self.pad_before(at)), 0);
                self.stage_value(arena, target, value, &expected, false)?;
                Ok(alloc::vec![
                    self.bytes(at, at, arena, from),
                    self.container_count(container, count_at, 1),
                ])
            }
            _ => Err(target.not_found()),
        }
    }

    /// A Dictionary entry; the flag says whether a key is added.
    #[allow(clippy::too_many_arguments)]
    fn entry<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        target: &Target<'_>,
        dict: &DictRef<'_>,
        key: &Key,
        pairs: &[(VariantRef<'_>, VariantRef<'_>)],
        mode: Mode,
        value: Option<V>,
    ) -> Result<(Vec<Patch>, bool), EditError> {
        let container = &target.container;
        let count_at = container.offset().saturating_add(dict.children_at());
        let last = pairs.last();
        match (mode, last) {
            (Mode::Delete, Some(_)) => {
                let from = arena.len();
                let mut patches: Vec<Patch> = pairs
                    .iter()
                    .map(|(k, v)| self.bytes(k.offset(), end_of(v), arena, from))
                    .collect();
                let removed = i64::try_from(pairs.len()).unwrap_or(i64::MAX);
                patches.push(self.container_count(container, count_at, -removed));
                Ok((patches, false))
            }
            (Mode::Set | Mode::Replace, Some((_, old))) => {
                let from = arena.len();
                self.stage_value(arena, target, value, &dict.value_type(), false)?;
                let patch = self.bytes(old.offset(), end_of(old), arena, from);
                Ok((alloc::vec![patch], false))
            }
            (Mode::Set | Mode::Insert, None) => {
                if let Key::Text(text) = key {
                    check_name(target, text)?;
                }
                let at = end_of(container);
                let from = arena.len();
                arena.resize(from.saturating_add(self.pad_before(at)), 0);
                let key_type = dict.key_type();
                let written = write_key(Builder::new(arena, container.dialect()), key, &key_type);
                match written {
                    Ok(result) => result?,
                    Err(found) => {
                        return Err(EditError::TypeMismatch {
                            path: target.path(),
                            expected: describe(&key_type, container.dialect()) + " keys",
                            found,
                            offset: container.offset(),
                        })
                    }
                }
                self.stage_value(arena, target, value, &dict.value_type(), false)?;
                Ok((
                    alloc::vec![
                        self.bytes(at, at, arena, from),
                        self.container_count(container, count_at, 1),
                    ],
                    true,
                ))
            }
            (Mode::Insert, Some(_)) => Err(EditError::AlreadyExists {
                path: target.parent.clone(),
                name: target.name.clone(),
                offset: container.offset(),
            }),
            (Mode::Delete | Mode::Replace, None) => Err(target.not_found()),
        }
    }

    /// A full object's property; the flag says whether a property is added.
    #[allow(clippy::too_many_arguments)]
    fn property<V: NewValue>(
        &self,
        arena: &mut Vec<u8>,
        target: &Target<'_>,
        object: &FullObject<'_>,
        name: &str,
        props: &[(usize, VariantRef<'_>)],
        mode: Mode,
        value: Option<V>,
    ) -> Result<(Vec<Patch>, bool), EditError> {
        let container = &target.container;
        let (_, offset, dialect, after_count) = object.parts();
        let count_at = offset.saturating_add(after_count).saturating_sub(4);
        let script = is_script(name, dialect);
        let count = |delta: i64| {
            let base = u32::try_from(object.len()).unwrap_or(u32::MAX);
            Patch::count(self.index(count_at), base, delta, 0)
        };
        match (mode, props.last()) {
            (Mode::Delete, Some(_)) => {
                let from = arena.len();
                let mut patches: Vec<Patch> = props
                    .iter()
                    .map(|(start, v)| self.bytes(*start, end_of(v), arena, from))
                    .collect();
                patches.push(count(-i64::try_from(props.len()).unwrap_or(i64::MAX)));
                Ok((patches, false))
            }
            (Mode::Set | Mode::Replace, Some((_, old))) => {
                let from = arena.len();
                self.stage_value(arena, target, value, &ContainerType::Untyped, script)?;
                Ok((
                    alloc::vec![self.bytes(old.offset(), end_of(old), arena, from)],
                    false,
                ))
            }
            (Mode::Insert, None) => {
                check_name(target, name)?;
                let at = end_of(container);
                let from = arena.len();
                arena.resize(from.saturating_add(self.pad_before(at)), 0);
                put_string(arena, name.as_bytes())?;
                self.stage_value(arena, target, value, &ContainerType::Untyped, script)?;
                Ok((alloc::vec![self.bytes(at, at, arena, from), count(1)], true))
            }
            (Mode::Insert, Some(_)) => Err(EditError::AlreadyExists {
                path: target.parent.clone(),
                name: target.name.clone(),
                offset: container.offset(),
            }),
            _ => Err(target.not_found()),
        }
    }
}
