//! `NETWORK_COMMAND_SIMPLIFY_PATH` and `NETWORK_COMMAND_CONFIRM_PATH`: the path cache's
//! two packets (`SceneCacheInterface`).
//!
//! ```text
//! simplify: u8 1 | 32 hex digits NUL (md5 of the node's RPC names) | u32 id | path NUL
//! confirm:  u8 2 | u8 checksum matched (0/1) | u32 id          (exactly 6 bytes)
//! ```

use alloc::vec::Vec;

use super::cursor::{c_string, Cursor};
use super::error::{PacketError, PacketErrorKind, WriteError};
use super::Command;

/// `SIMPLIFY_PATH`: the sender gives a node's path an id of its own, to be used in later
/// packets instead of the path.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SimplifyPath<'a> {
    /// The md5 of the node's RPC method names as the sender knows them, 32 lowercase hex
    /// digits ([`MethodTable::checksum`](super::MethodTable::checksum)).
    pub checksum: &'a str,
    /// The sender's id for the node (its counter starts at 1, shared by all peers).
    pub id: u32,
    /// The node's path relative to the multiplayer root.
    pub path: &'a str,
}

impl<'a> SimplifyPath<'a> {
    /// The engine reads at least 38 bytes: the command, 33 of checksum, 4 of id.
    const MIN: usize = 38;

    pub(crate) fn parse(packet: &'a [u8]) -> Result<Self, PacketError> {
        if packet.len() < Self::MIN {
            return Err(PacketError::new(PacketErrorKind::Truncated, packet.len()));
        }
        let mut c = Cursor::new(packet, 1);
        let hex = c.take(33)?;
        let checksum = match hex.split_last() {
            Some((0, digits))
                if digits
                    .iter()
                    .all(|d| d.is_ascii_digit() || (b'a'..=b'f').contains(d)) =>
            {
                core::str::from_utf8(digits)
                    .map_err(|_| PacketError::new(PacketErrorKind::BadChecksum, 1))?
            }
            _ => return Err(PacketError::new(PacketErrorKind::BadChecksum, 1)),
        };
        let id = c.u32()?;
        let path = c_string(c.rest(), c.pos(), false)?;
        Ok(SimplifyPath { checksum, id, path })
    }

    /// Appends the packet. Fails when the checksum is not 32 lowercase hex digits or the
    /// path is empty or holds a NUL.
    ///
    /// ```
    /// use gdvariant::multiplayer::{MethodTable, Packet, SimplifyPath};
    ///
    /// let methods = MethodTable::script(["echo", "echo_reply"]);
    /// let checksum = methods.checksum();
    /// let mut out = Vec::new();
    /// SimplifyPath { checksum: &checksum, id: 1, path: "Echo" }.encode(&mut out)?;
    /// assert_eq!(out.len(), 1 + 33 + 4 + 5);
    /// assert!(matches!(Packet::parse(&out)?, Packet::SimplifyPath(p) if p.path == "Echo"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        let hex = self.checksum.as_bytes();
        if hex.len() != 32
            || !hex
                .iter()
                .all(|d| d.is_ascii_digit() || (b'a'..=b'f').contains(d))
        {
            return Err(WriteError::BadChecksum);
        }
        if self.path.is_empty() || self.path.contains('\0') {
            return Err(WriteError::BadPath);
        }
        out.push(Command::SimplifyPath as u8);
        out.extend_from_slice(hex);
        out.push(0);
        out.extend_from_slice(&self.id.to_le_bytes());
        out.extend_from_slice(self.path.as_bytes());
        out.push(0);
        Ok(())
    }
}

/// `CONFIRM_PATH`: the answer to a [`SimplifyPath`]. Exactly 6 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConfirmPath {
    /// Whether the checksum matched the receiver's own for that node. A mismatch is only
    /// logged by the engine: the id is confirmed either way.
    pub valid: bool,
    /// The id being confirmed (the id of the [`SimplifyPath`] answered).
    pub id: u32,
}

impl ConfirmPath {
    pub(crate) fn parse(packet: &[u8]) -> Result<Self, PacketError> {
        if packet.len() != 6 {
            return Err(PacketError::new(PacketErrorKind::BadLength, packet.len()));
        }
        let mut c = Cursor::new(packet, 1);
        let valid = match c.u8()? {
            0 => false,
            1 => true,
            _ => return Err(PacketError::new(PacketErrorKind::BadFlagByte, 1)),
        };
        Ok(ConfirmPath {
            valid,
            id: c.u32()?,
        })
    }

    /// Appends the packet (6 bytes).
    pub fn encode(&self, out: &mut Vec<u8>) {
        out.push(Command::ConfirmPath as u8);
        out.push(u8::from(self.valid));
        out.extend_from_slice(&self.id.to_le_bytes());
    }
}
