//! Godot 4's high-level multiplayer packets (`SceneMultiplayer`), with no I/O of their own.
//!
//! (Work in progress: the packet views and encoders land next.)

#[cfg(feature = "websocket")]
pub mod websocket;

/// A peer's id in a Godot multiplayer session: 1 is the server, a client's id is in
/// `2..=i32::MAX`. SYS relay packets carry 0 ("everyone") and negative ids ("everyone
/// but").
pub type PeerId = i32;
