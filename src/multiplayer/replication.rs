//! The replication packets (`SceneReplicationInterface`): spawn, despawn, sync and delta.
//!
//! ```text
//! spawn:   u8 4 | u8 scene | u32 spawner id | u32 net id | u32 sync count | u32 name size
//!          | u32 sync net id × count | name NUL | [u32 size, arg: custom spawn, scene 0xFF]
//!          | spawn state: compressed values to the end
//! despawn: u8 5 | u32 net id                              (exactly 5 bytes)
//! sync:    u8 6 | u16 time | (u32 net id | u32 size | compressed values) …
//! delta:   u8 0x16 | (u32 net id | u64 index mask | u32 size | compressed values) …
//! ```

use alloc::vec::Vec;
use core::fmt;

use super::cursor::{c_string, Cursor};
use super::error::{PacketError, PacketErrorKind, WriteError};
use super::values::Values;
use super::Command;
use crate::frame::rpc::RpcValue;
use crate::read::options::ParseOptions;

/// `scene_id` of a spawn made by the spawner's `spawn_function` (`MultiplayerSpawner::spawn`
/// with an argument) rather than from its scene list.
pub const CUSTOM_SPAWN: u8 = 0xFF;

/// `SPAWN`: a node created on the sender, to be created on the receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spawn<'a> {
    /// The index of the scene in the spawner's list, or [`CUSTOM_SPAWN`].
    pub scene: u8,
    /// The sender's path-cache id of the `MultiplayerSpawner`.
    pub spawner: u32,
    /// The node's net id (the sender's counter, shared with synchronizer ids).
    pub net_id: u32,
    sync_ids: &'a [u8],
    /// The node's name.
    pub name: &'a str,
    argument: Option<Values<'a>>,
    /// The spawn properties of the node's synchronizers, in order.
    pub state: Values<'a>,
}

impl<'a> Spawn<'a> {
    pub(crate) fn parse(packet: &'a [u8], options: &ParseOptions) -> Result<Self, PacketError> {
        if packet.len() < 18 {
            return Err(PacketError::new(PacketErrorKind::Truncated, packet.len()));
        }
        let mut c = Cursor::new(packet, 1);
        let scene = c.u8()?;
        let spawner = c.u32()?;
        let net_id = c.u32()?;
        let count_at = c.pos();
        let count = usize::try_from(c.u32()?)
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, count_at))?;
        let name_at = c.pos();
        let name_len = usize::try_from(c.u32()?)
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, name_at))?;
        let sync_ids = c
            .take(count.saturating_mul(4))
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, count_at))?;
        let at = c.pos();
        let name = c
            .take(name_len)
            .map_err(|_| PacketError::new(PacketErrorKind::Truncated, name_at))?;
        let name = c_string(name, at, false)?;
        let argument = if scene == CUSTOM_SPAWN {
            let (start, body) = c.sized()?;
            Some(Values::parse_exact(body, start, Some(1), options)?)
        } else {
            None
        };
        let state = Values::parse_exact(c.rest(), c.pos(), None, options)?;
        Ok(Spawn {
            scene,
            spawner,
            net_id,
            sync_ids,
            name,
            argument,
            state,
        })
    }

    /// The spawn function's argument (custom spawns only).
    pub fn argument(&self) -> Option<RpcValue<'a>> {
        self.argument.and_then(|v| v.iter().next())
    }

    /// The net ids of the node's synchronizers, in the order their state follows.
    pub fn sync_ids(&self) -> impl ExactSizeIterator<Item = u32> + 'a {
        self.sync_ids
            .chunks_exact(4)
            .map(|w| u32::from_le_bytes(w.try_into().unwrap_or([0; 4])))
    }

    /// Appends the packet: the same bytes for anything the engine wrote.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        write_spawn(out, self)
    }
}

/// Appends a spawn packet for `spawn` (its sync ids copied as they were read).
fn write_spawn(out: &mut Vec<u8>, spawn: &Spawn<'_>) -> Result<(), WriteError> {
    if spawn.name.is_empty() || spawn.name.contains('\0') {
        return Err(WriteError::BadPath);
    }
    let too_large = |n: usize| WriteError::TooLarge(n);
    out.push(Command::Spawn as u8);
    out.push(spawn.scene);
    out.extend_from_slice(&spawn.spawner.to_le_bytes());
    out.extend_from_slice(&spawn.net_id.to_le_bytes());
    let ids = spawn.sync_ids;
    let count = u32::try_from(ids.len() / 4).map_err(|_| too_large(ids.len() / 4))?;
    out.extend_from_slice(&count.to_le_bytes());
    let name_len = spawn.name.len() + 1;
    out.extend_from_slice(
        &u32::try_from(name_len)
            .map_err(|_| too_large(name_len))?
            .to_le_bytes(),
    );
    out.extend_from_slice(ids);
    out.extend_from_slice(spawn.name.as_bytes());
    out.push(0);
    if let Some(arg) = spawn.argument {
        sized(out, |out| arg.encode(out))?;
    }
    spawn.state.encode(out);
    Ok(())
}

/// `DESPAWN`: the node with this net id is gone. Exactly 5 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Despawn {
    /// The node's net id.
    pub net_id: u32,
}

impl Despawn {
    pub(crate) fn parse(packet: &[u8]) -> Result<Self, PacketError> {
        if packet.len() != 5 {
            return Err(PacketError::new(PacketErrorKind::BadLength, packet.len()));
        }
        Ok(Despawn {
            net_id: Cursor::new(packet, 1).u32()?,
        })
    }

    /// Appends the packet (5 bytes).
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.push(Command::Despawn as u8);
        out.extend_from_slice(&self.net_id.to_le_bytes());
    }
}

/// Bit 31 of a synchronizer's net id: the id is the sender's path-cache id of a
/// synchronizer placed in the scene (not spawned).
pub const SYNC_BY_PATH: u32 = 0x8000_0000;

/// `SYNC`: the "always" properties of some synchronizers, sent unreliably each
/// replication interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sync<'a> {
    /// The sender's sync counter for this peer (starts at 1, wraps).
    pub time: u16,
    entries: &'a [u8],
    offset: usize,
}

/// `SYNC` with flag bit 4 (`0x16`): the "on change" properties that changed, sent
/// reliably.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delta<'a> {
    entries: &'a [u8],
    offset: usize,
}

/// One synchronizer's values in a [`Sync`] or [`Delta`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SyncEntry<'a> {
    /// The synchronizer's net id ([`SYNC_BY_PATH`] set: a path-cache id).
    pub net_id: u32,
    /// For a delta: bit `i` set = watched property `i` is among the values, which are in
    /// ascending bit order. For a sync: 0.
    pub mask: u64,
    /// The values.
    pub values: Values<'a>,
}

const DELTA_FLAG: u8 = 0x10;

impl<'a> Sync<'a> {
    pub(crate) fn parse(packet: &'a [u8], options: &ParseOptions) -> Result<Self, PacketError> {
        if packet.len() < 11 {
            return Err(PacketError::new(PacketErrorKind::Truncated, packet.len()));
        }
        let time = Cursor::new(packet, 1).u16()?;
        let entries = packet.get(3..).unwrap_or(&[]);
        check_entries(entries, 3, false, options)?;
        Ok(Sync {
            time,
            entries,
            offset: 3,
        })
    }

    /// The synchronizers' entries, in order.
    pub fn entries(&self) -> Entries<'a> {
        Entries {
            rest: self.entries,
            offset: self.offset,
            delta: false,
        }
    }

    /// Appends the packet: the same bytes for anything the engine wrote.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        out.push(Command::Sync as u8);
        out.extend_from_slice(&self.time.to_le_bytes());
        for entry in self.entries() {
            write_entry(out, &entry, false)?;
        }
        Ok(())
    }
}

impl<'a> Delta<'a> {
    pub(crate) fn parse(packet: &'a [u8], options: &ParseOptions) -> Result<Self, PacketError> {
        let entries = packet.get(1..).unwrap_or(&[]);
        if entries.len() <= 16 {
            return Err(PacketError::new(PacketErrorKind::Truncated, packet.len()));
        }
        check_entries(entries, 1, true, options)?;
        Ok(Delta { entries, offset: 1 })
    }

    /// The synchronizers' entries, in order.
    pub fn entries(&self) -> Entries<'a> {
        Entries {
            rest: self.entries,
            offset: self.offset,
            delta: true,
        }
    }

    /// Appends the packet: the same bytes for anything the engine wrote.
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        out.push(Command::Sync as u8 | DELTA_FLAG);
        for entry in self.entries() {
            write_entry(out, &entry, true)?;
        }
        Ok(())
    }
}

/// Validates the entries of a sync (header 8 bytes) or delta (16): the engine reads an
/// entry while more than its header remains, so the entries must fill the packet.
fn check_entries(
    entries: &[u8],
    offset: usize,
    delta: bool,
    options: &ParseOptions,
) -> Result<(), PacketError> {
    let header = if delta { 16 } else { 8 };
    let mut c = Cursor::new(entries, 0);
    while c.pos() < entries.len() {
        let at = c.pos();
        if entries.len() - at <= header {
            // The engine stops reading here: what is left is never looked at.
            return Err(PacketError::new(
                PacketErrorKind::TrailingBytes,
                offset + at,
            ));
        }
        let shift = |e: PacketError| e.shifted(offset);
        c.u32().map_err(shift)?;
        let mask_at = c.pos();
        let mask = if delta { c.u64().map_err(shift)? } else { 0 };
        let (start, body) = c.sized().map_err(shift)?;
        let expected = if delta {
            if mask == 0 {
                return Err(PacketError::new(
                    PacketErrorKind::BadIndexMask,
                    offset + mask_at,
                ));
            }
            Some(mask.count_ones() as usize)
        } else {
            None
        };
        Values::parse_exact(body, offset + start, expected, options).map_err(|e| {
            if e.kind() == PacketErrorKind::SizeMismatch
                || e.offset() >= offset + start + body.len()
            {
                PacketError::new(PacketErrorKind::SizeMismatch, offset + at)
            } else {
                e
            }
        })?;
    }
    Ok(())
}

fn write_entry(out: &mut Vec<u8>, entry: &SyncEntry<'_>, delta: bool) -> Result<(), WriteError> {
    out.extend_from_slice(&entry.net_id.to_le_bytes());
    if delta {
        out.extend_from_slice(&entry.mask.to_le_bytes());
    }
    sized(out, |out| entry.values.encode(out))
}

/// A u32 size field, then what `body` writes: the size is filled in afterwards.
fn sized(out: &mut Vec<u8>, body: impl FnOnce(&mut Vec<u8>)) -> Result<(), WriteError> {
    let size_at = out.len();
    out.extend_from_slice(&[0; 4]);
    body(out);
    let size = out.len() - size_at - 4;
    let size = u32::try_from(size).map_err(|_| WriteError::TooLarge(size))?;
    if let Some(field) = out.get_mut(size_at..size_at + 4) {
        field.copy_from_slice(&size.to_le_bytes());
    }
    Ok(())
}

/// The entries of a [`Sync`] or [`Delta`]: validated when the packet was read, so the
/// iteration is infallible.
#[derive(Clone, Debug)]
pub struct Entries<'a> {
    rest: &'a [u8],
    offset: usize,
    delta: bool,
}

impl<'a> Iterator for Entries<'a> {
    type Item = SyncEntry<'a>;

    fn next(&mut self) -> Option<SyncEntry<'a>> {
        let mut c = Cursor::new(self.rest, 0);
        let net_id = c.u32().ok()?;
        let mask = if self.delta { c.u64().ok()? } else { 0 };
        let (start, body) = c.sized().ok()?;
        let count = self.delta.then(|| mask.count_ones() as usize);
        // Validated already: this measures the values again, it does not fail.
        let values = Values::trusted(body, self.offset + start, count);
        self.offset += c.pos();
        self.rest = c.rest();
        Some(SyncEntry {
            net_id,
            mask,
            values,
        })
    }
}

impl fmt::Display for SyncEntry<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.net_id & SYNC_BY_PATH != 0 {
            write!(f, "path#{}", self.net_id & !SYNC_BY_PATH)?;
        } else {
            write!(f, "net#{}", self.net_id)?;
        }
        if self.mask != 0 {
            write!(f, " mask={:#b}", self.mask)?;
        }
        write!(f, " [{}]", self.values)
    }
}
