//! `NETWORK_COMMAND_SYS`: authentication, the server's peer list, and relaying
//! (`SceneMultiplayer::_process_sys`).
//!
//! ```text
//! auth:   u8 7 | u8 0 | auth bytes (none: "my side is done")
//! add:    u8 7 | u8 1 | i32 peer                (exactly 6 bytes)
//! remove: u8 7 | u8 2 | i32 peer                (exactly 6 bytes)
//! relay:  u8 7 | u8 3 | i32 peer | inner packet (at least 1 byte)
//! ```

use alloc::vec::Vec;

use super::cursor::Cursor;
use super::error::{PacketError, PacketErrorKind, WriteError};
use super::{Command, PeerId};

/// A SYS packet. `#[non_exhaustive]`: a later engine may add SYS commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Sys<'a> {
    /// Authentication data for the receiver's `auth_callback`; empty: the sender has
    /// called `complete_auth`.
    Auth(&'a [u8]),
    /// From the server: a peer joined (server relay only).
    AddPeer(PeerId),
    /// From the server: a peer left.
    RemovePeer(PeerId),
    /// A packet for another peer, through the server. From a client, `peer` is the
    /// destination (`> 0` one peer, `0` everyone, `< 0` everyone but `-peer`); from the
    /// server, it is the original sender.
    Relay {
        /// The destination (client to server) or the source (server to client).
        peer: PeerId,
        /// The packet relayed, as it would be sent directly. Never a SYS packet (see
        /// [`PacketErrorKind::NestedRelay`]).
        inner: &'a [u8],
    },
}

const AUTH: u8 = 0;
const ADD_PEER: u8 = 1;
const DEL_PEER: u8 = 2;
const RELAY: u8 = 3;

impl<'a> Sys<'a> {
    pub(crate) fn parse(packet: &'a [u8]) -> Result<Self, PacketError> {
        let mut c = Cursor::new(packet, 1);
        let sub = c.u8()?;
        match sub {
            AUTH => Ok(Sys::Auth(c.rest())),
            ADD_PEER | DEL_PEER => {
                if packet.len() != 6 {
                    return Err(PacketError::new(PacketErrorKind::BadLength, packet.len()));
                }
                let peer = c.i32()?;
                Ok(if sub == ADD_PEER {
                    Sys::AddPeer(peer)
                } else {
                    Sys::RemovePeer(peer)
                })
            }
            RELAY => {
                let peer = c.i32()?;
                let inner = c.rest();
                match inner.first() {
                    None => Err(PacketError::new(PacketErrorKind::Truncated, packet.len())),
                    Some(b) if b & 7 == Command::Sys as u8 => {
                        Err(PacketError::new(PacketErrorKind::NestedRelay, 6))
                    }
                    Some(_) => Ok(Sys::Relay { peer, inner }),
                }
            }
            other => Err(PacketError::new(
                PacketErrorKind::UnknownSysCommand(other),
                1,
            )),
        }
    }

    /// Appends the packet. Fails for a relay whose inner packet is empty or a SYS packet.
    ///
    /// ```
    /// use gdvariant::multiplayer::Sys;
    ///
    /// let mut out = Vec::new();
    /// Sys::AddPeer(1001).encode(&mut out)?;
    /// assert_eq!(out, [7, 1, 0xe9, 0x03, 0, 0]);
    /// # Ok::<(), gdvariant::multiplayer::WriteError>(())
    /// ```
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        out.push(Command::Sys as u8);
        match *self {
            Sys::Auth(data) => {
                out.push(AUTH);
                out.extend_from_slice(data);
            }
            Sys::AddPeer(peer) => {
                out.push(ADD_PEER);
                out.extend_from_slice(&peer.to_le_bytes());
            }
            Sys::RemovePeer(peer) => {
                out.push(DEL_PEER);
                out.extend_from_slice(&peer.to_le_bytes());
            }
            Sys::Relay { peer, inner } => {
                match inner.first() {
                    Some(b) if b & 7 != Command::Sys as u8 => {}
                    _ => {
                        out.pop();
                        return Err(WriteError::NestedRelay);
                    }
                }
                out.push(RELAY);
                out.extend_from_slice(&peer.to_le_bytes());
                out.extend_from_slice(inner);
            }
        }
        Ok(())
    }
}

/// Appends a relay header (`07 03 <peer>`) for an inner packet the caller appends next:
/// a server forwarding a client's packet writes this and copies the inner bytes.
pub fn write_relay_header(out: &mut Vec<u8>, peer: PeerId) {
    out.push(Command::Sys as u8);
    out.push(RELAY);
    out.extend_from_slice(&peer.to_le_bytes());
}
