//! [`Packet`]: any `SceneMultiplayer` packet, read once and borrowed.

use alloc::vec::Vec;
use core::fmt;

use super::call::{Args, NodeTarget, RemoteCall};
use super::error::{PacketError, PacketErrorKind, WriteError};
use super::path::{ConfirmPath, SimplifyPath};
use super::replication::{Delta, Despawn, Spawn, Sync};
use super::sys::Sys;
use super::values::one_line;
use super::Command;
use crate::read::options::{Limits, ParseOptions};

/// One `SceneMultiplayer` packet, borrowed from its bytes: what a `MultiplayerPeer`
/// delivers (one WebSocket message, one ENet packet).
///
/// [`Packet::parse`] validates everything once (every field, every argument and
/// synchronized value, the inner packet of a relay), so the accessors and iterators are
/// infallible. [`Packet::encode`] writes it back: the same bytes for every packet the
/// engine wrote.
///
/// ```
/// use gdvariant::multiplayer::{NodeTarget, Packet};
///
/// // Godot 4.6.3: echo.rpc_id(1, "one", 7) before the path "Echo" was cached.
/// let bytes = b"\x20\x09\x00\x00\x80\x04\x01\x02\x07Echo\0";
/// let packet = Packet::parse(bytes)?;
/// let Packet::RemoteCall(call) = packet else { unreachable!() };
/// assert_eq!(call.node(), NodeTarget::Path("Echo"));
/// assert_eq!((call.method(), call.args().len()), (4, 1));
/// assert_eq!(packet.to_string(), "call node=\"Echo\" method=4 args=[7]");
/// assert_eq!(packet.to_vec()?, bytes);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Packet<'a> {
    /// `REMOTE_CALL` (0): an RPC.
    RemoteCall(RemoteCall<'a>),
    /// `SIMPLIFY_PATH` (1): the sender names a node path with an id.
    SimplifyPath(SimplifyPath<'a>),
    /// `CONFIRM_PATH` (2): the answer to a simplify-path.
    ConfirmPath(ConfirmPath),
    /// `RAW` (3): `SceneMultiplayer.send_bytes`; the bytes after the command byte.
    Raw(&'a [u8]),
    /// `SPAWN` (4).
    Spawn(Spawn<'a>),
    /// `DESPAWN` (5).
    Despawn(Despawn),
    /// `SYNC` (6), flag clear: the "always" properties.
    Sync(Sync<'a>),
    /// `SYNC` (6) with flag bit 4: the "on change" properties that changed.
    Delta(Delta<'a>),
    /// `SYS` (7): authentication, the peer list, relaying.
    Sys(Sys<'a>),
}

/// The options of [`Packet::parse_with`]: the limits on the values inside packets.
///
/// The default refuses full objects, as the engine's RPC decoding does unless
/// `allow_object_decoding` is set; objects sent as instance ids are always read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PacketOptions {
    /// How values (arguments, spawn and sync state) are validated. `strict` also refuses
    /// compressed values the engine would not write (a wider int than needed, stray bits
    /// in a bool).
    pub values: ParseOptions,
}

impl PacketOptions {
    /// The defaults: [`Limits::new`] with `allow_full_objects` off.
    pub const fn new() -> Self {
        let mut limits = Limits::new();
        limits.allow_full_objects = false;
        let mut values = ParseOptions::new();
        values.limits = limits;
        PacketOptions { values }
    }
}

impl Default for PacketOptions {
    fn default() -> Self {
        PacketOptions::new()
    }
}

impl<'a> Packet<'a> {
    /// Reads one packet with [`PacketOptions::new`].
    ///
    /// Cost: one pass over the packet, no allocation. Errors: a [`PacketError`] with the
    /// offset of the byte where reading stopped.
    pub fn parse(bytes: &'a [u8]) -> Result<Self, PacketError> {
        Self::parse_with(bytes, &PacketOptions::new())
    }

    /// Reads one packet. Everything is checked: unknown commands and flag bits, every
    /// fixed field, path offsets and terminators, that sizes match the values they hold,
    /// every value (with `options`), and that nothing follows the last field.
    pub fn parse_with(bytes: &'a [u8], options: &PacketOptions) -> Result<Self, PacketError> {
        let Some(&first) = bytes.first() else {
            return Err(PacketError::new(PacketErrorKind::Empty, 0));
        };
        let values = &options.values;
        let flags = first & !7;
        let refuse = |allowed: u8| {
            if flags & !allowed != 0 {
                Err(PacketError::new(PacketErrorKind::UnknownFlags(first), 0))
            } else {
                Ok(())
            }
        };
        Ok(match Command::of(first) {
            Command::RemoteCall => Packet::RemoteCall(RemoteCall::parse(bytes, values)?),
            Command::SimplifyPath => {
                refuse(0)?;
                Packet::SimplifyPath(SimplifyPath::parse(bytes)?)
            }
            Command::ConfirmPath => {
                refuse(0)?;
                Packet::ConfirmPath(ConfirmPath::parse(bytes)?)
            }
            Command::Raw => {
                refuse(0)?;
                match bytes.get(1..) {
                    Some(data) if !data.is_empty() => Packet::Raw(data),
                    _ => return Err(PacketError::new(PacketErrorKind::Truncated, 1)),
                }
            }
            Command::Spawn => {
                refuse(0)?;
                Packet::Spawn(Spawn::parse(bytes, values)?)
            }
            Command::Despawn => {
                refuse(0)?;
                Packet::Despawn(Despawn::parse(bytes)?)
            }
            Command::Sync => {
                refuse(0x10)?;
                if flags == 0 {
                    Packet::Sync(Sync::parse(bytes, values)?)
                } else {
                    Packet::Delta(Delta::parse(bytes, values)?)
                }
            }
            Command::Sys => {
                refuse(0)?;
                let sys = Sys::parse(bytes)?;
                if let Sys::Relay { inner, .. } = sys {
                    // The inner packet is validated now, so that a relay is one parse.
                    Packet::parse_with(inner, options).map_err(|e| e.shifted(6))?;
                }
                Packet::Sys(sys)
            }
        })
    }

    /// The packet's command.
    pub fn command(&self) -> Command {
        match self {
            Packet::RemoteCall(_) => Command::RemoteCall,
            Packet::SimplifyPath(_) => Command::SimplifyPath,
            Packet::ConfirmPath(_) => Command::ConfirmPath,
            Packet::Raw(_) => Command::Raw,
            Packet::Spawn(_) => Command::Spawn,
            Packet::Despawn(_) => Command::Despawn,
            Packet::Sync(_) | Packet::Delta(_) => Command::Sync,
            Packet::Sys(_) => Command::Sys,
        }
    }

    /// For a relay, its inner packet (validated when the relay was read).
    pub fn relayed(&self) -> Option<(super::PeerId, Packet<'a>)> {
        match self {
            Packet::Sys(Sys::Relay { peer, inner }) => Packet::parse_with(
                inner,
                &PacketOptions {
                    values: ParseOptions::new(),
                },
            )
            .ok()
            .map(|p| (*peer, p)),
            _ => None,
        }
    }

    /// Appends the packet: the same bytes as it was read from, for every packet the
    /// engine writes. (A packet read with non-canonical compressed values — a wider int
    /// than needed — is written canonically; `strict` options refuse those.) O(size).
    pub fn encode(&self, out: &mut Vec<u8>) -> Result<(), WriteError> {
        match self {
            Packet::RemoteCall(call) => call.encode(out),
            Packet::SimplifyPath(p) => p.encode(out)?,
            Packet::ConfirmPath(p) => p.encode(out),
            Packet::Raw(data) => {
                out.push(Command::Raw as u8);
                out.extend_from_slice(data);
            }
            Packet::Spawn(s) => s.encode(out)?,
            Packet::Despawn(d) => d.encode(out),
            Packet::Sync(s) => s.encode(out)?,
            Packet::Delta(d) => d.encode(out)?,
            Packet::Sys(s) => s.encode(out)?,
        }
        Ok(())
    }

    /// [`Packet::encode`] into a new vector.
    pub fn to_vec(&self) -> Result<Vec<u8>, WriteError> {
        let mut out = Vec::new();
        self.encode(&mut out)?;
        Ok(out)
    }
}

/// One line per packet, for logs: the command, its fields, and values in the engine's
/// text form (a dictionary's line breaks become spaces).
impl fmt::Display for Packet<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Packet::RemoteCall(call) => {
                f.write_str("call node=")?;
                match call.node() {
                    NodeTarget::Cached { id, .. } => write!(f, "#{id}")?,
                    NodeTarget::Path(p) => write!(f, "{p:?}")?,
                }
                write!(f, " method={}", call.method())?;
                match call.args() {
                    Args::Values(v) => write!(f, " args=[{v}]"),
                    Args::Bytes([]) => f.write_str(" args=[]"),
                    Args::Bytes(b) => write!(f, " bytes={}", Hex(b)),
                }
            }
            Packet::SimplifyPath(p) => write!(
                f,
                "simplify_path id={} path={:?} checksum={}",
                p.id, p.path, p.checksum
            ),
            Packet::ConfirmPath(p) => write!(f, "confirm_path id={} valid={}", p.id, p.valid),
            Packet::Raw(data) => write!(f, "raw {}", Hex(data)),
            Packet::Spawn(s) => {
                write!(
                    f,
                    "spawn scene={} spawner=#{} net={} name={:?} syncs=[",
                    s.scene, s.spawner, s.net_id, s.name
                )?;
                for (i, id) in s.sync_ids().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{id}")?;
                }
                f.write_str("]")?;
                if let Some(arg) = s.argument() {
                    f.write_str(" arg=")?;
                    one_line(f, arg)?;
                }
                write!(f, " state=[{}]", s.state)
            }
            Packet::Despawn(d) => write!(f, "despawn net={}", d.net_id),
            Packet::Sync(s) => {
                write!(f, "sync time={}", s.time)?;
                for e in s.entries() {
                    write!(f, " {e}")?;
                }
                Ok(())
            }
            Packet::Delta(d) => {
                f.write_str("delta")?;
                for e in d.entries() {
                    write!(f, " {e}")?;
                }
                Ok(())
            }
            Packet::Sys(Sys::Auth([])) => f.write_str("auth done"),
            Packet::Sys(Sys::Auth(data)) => write!(f, "auth {}", Hex(data)),
            Packet::Sys(Sys::AddPeer(p)) => write!(f, "add_peer {p}"),
            Packet::Sys(Sys::RemovePeer(p)) => write!(f, "remove_peer {p}"),
            Packet::Sys(Sys::Relay { peer, .. }) => {
                write!(f, "relay peer={peer}")?;
                match self.relayed() {
                    Some((_, inner)) => write!(f, " {inner}"),
                    None => Ok(()),
                }
            }
        }
    }
}

/// Bytes as lowercase hex, at most 64 of them, then `…(N bytes)`.
struct Hex<'a>(&'a [u8]);

impl fmt::Display for Hex<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0.iter().take(64) {
            write!(f, "{b:02x}")?;
        }
        if self.0.len() > 64 {
            write!(f, "…({} bytes)", self.0.len())?;
        }
        Ok(())
    }
}
