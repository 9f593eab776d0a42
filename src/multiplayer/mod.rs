//! Godot 4's high-level multiplayer packets (`SceneMultiplayer`, Godot 4.1+; verified
//! against 4.6.3), with no I/O of their own.
//!
//! A `MultiplayerPeer` (WebSocket, ENet, WebRTC) delivers packets; `SceneMultiplayer`
//! puts a command in the low three bits of each packet's first byte:
//!
//! | command | packet | what |
//! |---|---|---|
//! | 0 | [`RemoteCall`] | an RPC: a node (cached id or path), a method id, arguments |
//! | 1, 2 | [`SimplifyPath`], [`ConfirmPath`] | the path cache ([`PathCache`]) |
//! | 3 | [`Packet::Raw`] | `send_bytes` |
//! | 4, 5 | [`Spawn`], [`Despawn`] | `MultiplayerSpawner` |
//! | 6 | [`Sync`], [`Delta`] | `MultiplayerSynchronizer` |
//! | 7 | [`Sys`] | authentication, the peer list, relaying through the server |
//!
//! [`Packet::parse`] reads any of them in one pass without allocating, borrowing the
//! bytes; arguments and synchronized values are [`RpcValue`]s whose non-scalar values are
//! [`VariantRef`](crate::VariantRef)s into the packet. [`Packet::encode`] writes back the
//! same bytes for every packet the engine writes (checked on every packet of the captures
//! in `tests/fixtures/multiplayer/`). [`write_call`] and the packets' `encode` write new
//! ones; [`MethodTable`] numbers a node's RPC methods as the engine does.
//!
//! ```
//! use gdvariant::multiplayer::{write_call, MethodTable, NodeTarget, Packet};
//!
//! let methods = MethodTable::script(["echo", "echo_reply"]);
//! let mut out = Vec::new();
//! write_call(&mut out, NodeTarget::cached(1), methods.id("echo_reply").unwrap(), |args| {
//!     args.int(42).bool(true);
//!     args.build(|b| b.vector3([1.0, 2.0, 3.0]))?;
//!     Ok(())
//! })?;
//! let packet = Packet::parse(&out)?;
//! assert_eq!(
//!     packet.to_string(),
//!     "call node=#1 method=1 args=[42, true, Vector3(1, 2, 3)]"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! What the engine does with these packets (who relays, when a path is confirmed, how
//! auth gates a peer) is described on each type; `examples/mp_echo_server.rs` puts it
//! together into a server that real Godot clients play against.

mod cache;
mod call;
mod cursor;
mod error;
mod methods;
mod packet;
mod path;
mod replication;
mod sys;
mod values;
#[cfg(feature = "websocket")]
pub mod websocket;

pub use self::cache::{CacheError, CacheLimits, Outgoing, PathCache};
pub use self::call::{
    write_call, write_call_bytes, write_call_with_args_of, Args, IdWidth, NodeTarget, RemoteCall,
};
pub use self::error::{PacketError, PacketErrorKind, WriteError};
pub use self::methods::{MethodTable, NODE_LEVEL};
pub use self::packet::{Packet, PacketOptions};
pub use self::path::{ConfirmPath, SimplifyPath};
pub use self::replication::{
    Delta, Despawn, Entries, Spawn, Sync, SyncEntry, CUSTOM_SPAWN, SYNC_BY_PATH,
};
pub use self::sys::{write_relay_header, Sys};
pub use self::values::{ValueWriter, Values, ValuesIter};
pub use crate::frame::rpc::RpcValue;

/// A peer's id in a Godot multiplayer session: 1 is the server, a client's id is in
/// `2..=i32::MAX`. SYS relay packets carry 0 ("everyone") and negative ids ("everyone
/// but").
pub type PeerId = i32;

/// The command in the low three bits of a packet's first byte (`SceneMultiplayer`'s
/// `NetworkCommands`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Command {
    /// `NETWORK_COMMAND_REMOTE_CALL`.
    RemoteCall = 0,
    /// `NETWORK_COMMAND_SIMPLIFY_PATH`.
    SimplifyPath = 1,
    /// `NETWORK_COMMAND_CONFIRM_PATH`.
    ConfirmPath = 2,
    /// `NETWORK_COMMAND_RAW`.
    Raw = 3,
    /// `NETWORK_COMMAND_SPAWN`.
    Spawn = 4,
    /// `NETWORK_COMMAND_DESPAWN`.
    Despawn = 5,
    /// `NETWORK_COMMAND_SYNC`.
    Sync = 6,
    /// `NETWORK_COMMAND_SYS`.
    Sys = 7,
}

impl Command {
    /// The command of a packet whose first byte is `byte` (its low three bits).
    pub const fn of(byte: u8) -> Command {
        match byte & 7 {
            0 => Command::RemoteCall,
            1 => Command::SimplifyPath,
            2 => Command::ConfirmPath,
            3 => Command::Raw,
            4 => Command::Spawn,
            5 => Command::Despawn,
            6 => Command::Sync,
            _ => Command::Sys,
        }
    }
}
