//! [`Keep`]: a struct read from a Dictionary, plus the entries it does not name, kept
//! whole so that writing it back changes only the struct's fields.

use alloc::collections::BTreeMap;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::ops::{Deref, DerefMut};

use serde::de::{DeserializeOwned, Error as _};
use serde::ser::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::owned::Variant;
use crate::read::container::DictRef;
use crate::read::value::VariantRef;
use crate::wire::dialect::Dialect;
use crate::write::{BuildError, Builder};

/// The dialect the kept Dictionary is held in: Godot 4 holds every Godot 3 value.
const HELD: Dialect = Dialect::Godot4;

/// A `T` read from a Dictionary, plus the Dictionary it came from, so that writing it
/// back keeps what `T` does not name: every other entry, with its Godot type (a
/// `Vector2` stays a `Vector2`, a `StringName` key stays one), in the stored order.
///
/// This is the fix for serde's two ways of losing a save's data: unknown fields are
/// ignored on reading, and `#[serde(flatten)]` buffers the rest untyped (see the
/// [module docs](crate::serde#pitfalls-and-the-fix-for-each)). Derive `T` as usual and
/// read a `Keep<T>` where you would read a `T`; it derefs to `T`.
///
/// Writing: `T` is serialized, then merged into the kept Dictionary: an entry `T` writes
/// replaces the kept one of the same key (String and StringName keys match by text, other
/// keys by value) and keeps the kept key; entries `T` writes that were not there are
/// appended; every other kept entry is written as it was read. An entry `T` skips (a
/// `skip_serializing_if`) keeps its old value: to delete entries, use
/// [`Edit`](crate::edit::Edit). A `Keep` made with [`Keep::new`], or whose `T` is not a
/// map, writes `T` alone.
///
/// Validates: what `Variant`'s `Deserialize` does, then `T`'s own. Costs: the Dictionary
/// is held encoded (its size in bytes) and decoded twice on reading (once into
/// [`Variant`], once into `T`); writing serializes `T`, then copies the Dictionary with a
/// map of `T`'s keys, O(entries · log entries). A value Godot 4 cannot hold (a
/// Pandemonium-only type) is an error on reading.
///
/// ```
/// use serde::{Deserialize, Serialize};
/// use gdvariant::serde::Keep;
/// use gdvariant::{Dialect, VariantRef};
///
/// #[derive(Serialize, Deserialize)]
/// struct Player {
///     hp: i64,
/// }
///
/// let save = gdvariant::text::read(
///     "{\"hp\": 7, \"pos\": Vector2(1, 2), &\"tag\": &\"boss\"}",
///     Dialect::Godot4,
/// )?;
/// let mut player: Keep<Player> = gdvariant::from_bytes(&save, Dialect::Godot4)?;
/// player.hp = 100; // through Deref
/// let bytes = gdvariant::to_vec(&player, Dialect::Godot4)?;
/// let text = VariantRef::parse(&bytes, Dialect::Godot4)?.to_string();
/// assert_eq!(text, "{\n\"hp\": 100,\n\"pos\": Vector2(1, 2),\n&\"tag\": &\"boss\"\n}");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Keep<T> {
    /// The struct.
    pub value: T,
    /// The Dictionary it was read from, encoded in [`HELD`].
    kept: Option<Vec<u8>>,
}

impl<T> Keep<T> {
    /// A `Keep` with nothing kept: it writes `value` alone.
    pub fn new(value: T) -> Self {
        Keep { value, kept: None }
    }

    /// The struct, without what was kept.
    pub fn into_inner(self) -> T {
        self.value
    }

    /// The value it was read from (a Dictionary, or whatever `T` was read from), in
    /// Godot 4's encoding; `None` for [`Keep::new`]. O(1).
    pub fn kept(&self) -> Option<VariantRef<'_>> {
        let kept = self.kept.as_deref()?;
        VariantRef::parse(kept, HELD).ok()
    }
}

impl<T> Deref for Keep<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.value
    }
}

impl<T> DerefMut for Keep<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.value
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Keep<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let read = Variant::deserialize(deserializer)?;
        let kept = read.to_bytes(HELD).map_err(D::Error::custom)?;
        let value = super::api::from_bytes(&kept, HELD).map_err(D::Error::custom)?;
        Ok(Keep {
            value,
            kept: Some(kept),
        })
    }
}

impl<T: Serialize> Serialize for Keep<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let Some(kept) = self.kept.as_deref() else {
            return self.value.serialize(serializer);
        };
        let fields = super::api::to_vec(&self.value, HELD).map_err(S::Error::custom)?;
        let merged = merge(kept, &fields).map_err(|e| S::Error::custom(e.to_string()))?;
        let Some(merged) = merged else {
            return self.value.serialize(serializer);
        };
        VariantRef::parse(&merged, HELD)
            .map_err(S::Error::custom)?
            .serialize(serializer)
    }
}

/// A Dictionary key as `Keep` matches it: String and StringName by text, others by
/// their encoded bytes.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
enum Key<'a> {
    Text(&'a str),
    Other(&'a [u8]),
}

fn key<'a>(value: &VariantRef<'a>) -> Key<'a> {
    match value.as_str() {
        Some(text) => Key::Text(text),
        None => Key::Other(value.encoded()),
    }
}

/// `fields` (what `T` wrote) merged into `kept`, both in [`HELD`]; `None` when either is
/// not a Dictionary (then `T` is written alone).
fn merge(kept: &[u8], fields: &[u8]) -> Result<Option<Vec<u8>>, MergeError> {
    let kept = VariantRef::parse(kept, HELD)?;
    let fields = VariantRef::parse(fields, HELD)?;
    let (Some(kept), Some(fields)) = (kept.as_dictionary(), fields.as_dictionary()) else {
        return Ok(None);
    };
    let written: BTreeMap<Key<'_>, VariantRef<'_>> =
        fields.iter().map(|(k, v)| (key(&k), v)).collect();
    let known: BTreeMap<Key<'_>, ()> = kept.iter().map(|(k, _)| (key(&k), ())).collect();
    let mut out = Vec::new();
    let mut dict = Builder::new(&mut out, HELD).dictionary()?;
    for (k, v) in kept.iter() {
        let value = written.get(&key(&k)).copied().unwrap_or(v);
        dict.try_entry_with(|b| b.value(k))?.value(value)?;
    }
    for (k, v) in added(&fields, &known) {
        dict.try_entry_with(|b| b.value(k))?.value(v)?;
    }
    dict.finish()?;
    Ok(Some(out))
}

/// The entries of `fields` whose keys are not in `known`, in order.
fn added<'a>(
    fields: &DictRef<'a>,
    known: &'a BTreeMap<Key<'a>, ()>,
) -> impl Iterator<Item = (VariantRef<'a>, VariantRef<'a>)> + 'a {
    fields.iter().filter(|(k, _)| !known.contains_key(&key(k)))
}

/// Why a merge failed: only on bytes this module wrote itself.
#[derive(Debug)]
enum MergeError {
    Parse(crate::wire::error::Error),
    Build(BuildError),
}

impl From<crate::wire::error::Error> for MergeError {
    fn from(e: crate::wire::error::Error) -> Self {
        MergeError::Parse(e)
    }
}

impl From<BuildError> for MergeError {
    fn from(e: BuildError) -> Self {
        MergeError::Build(e)
    }
}

impl core::fmt::Display for MergeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            MergeError::Parse(e) => write!(f, "keeping the unread entries: {e}"),
            MergeError::Build(e) => write!(f, "keeping the unread entries: {e}"),
        }
    }
}
