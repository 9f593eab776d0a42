//! Godot 4's `WebSocketMultiplayerPeer` transport on tokio (feature `websocket`): a
//! server ([`WsListener`]) that Godot clients (`WebSocketMultiplayerPeer.create_client`)
//! join, and a client ([`connect`]) for Godot servers and for tests.
//!
//! What goes over the wire, as Godot 4.6.3 does it (`modules/websocket`):
//!
//! * One multiplayer packet is one WebSocket message, with no header of its own: the
//!   payload is the `SceneMultiplayer` packet. Packets here are opaque bytes ([`Bytes`]).
//!   Binary messages are sent; binary and text messages are both received as packets.
//!   Empty messages are skipped, as Godot drops them.
//! * The server (peer [`SERVER_ID`] = 1) gives each client a random id in
//!   `2..=i32::MAX`, unique among the listener's live peers, and its **first message**
//!   after the handshake is that id as 4 bytes, little-endian. A Godot client stays
//!   "connecting" until it gets exactly that (4 bytes, id >= 2), and closes otherwise;
//!   [`connect`] requires the same.
//! * The handshake is plain RFC 6455 with no extensions. The server answers exactly
//!   `Connection: Upgrade` (Godot's client compares the whole value), and a
//!   `Sec-WebSocket-Protocol` header only when one was negotiated. Subprotocols follow
//!   Godot: when the client offers some, the first of them (in the client's order) that the
//!   server supports is chosen, and none supported is a refusal; when the client offers
//!   none, a server with [`WsConfig::protocols`] refuses it. A refused request gets an
//!   HTTP 400 answer (Godot's server just closes; its client fails either way).
//! * Limits default to Godot's ([`WsConfig::default`]): a message over 65535 bytes is
//!   refused and the connection closed with code 1009, the handshake has 3 s (counted
//!   from the TCP accept, or for a client from the start of [`connect`] to the id
//!   message), and at most 4096 packets wait in a [`WsSender`]'s queue.
//! * `wss://` (TLS) is not offered: put a TLS terminator in front of the server.
//!
//! What it costs: each peer has an 8 KiB read buffer that grows to the message being
//! read (at most [`WsConfig::max_packet`] plus a frame header), and a write buffer of
//! 8 KiB plus the packet being written. A received packet is handed out without another
//! copy. [`WsListener::accept`] runs every handshake in its own task, so a slow or
//! silent client holds only its own task, for at most the handshake timeout; the HTTP
//! request is limited to 64 KiB. [`WsPeer::spawn_writer`] adds one task and a queue of
//! [`Bytes`] handles per peer (sending one [`Bytes`] to many peers does not copy it).
//!
//! ```no_run
//! use gdvariant::multiplayer::websocket::{Bytes, WsConfig, WsListener};
//!
//! # async fn run() -> Result<(), gdvariant::multiplayer::websocket::WsError> {
//! let listener = WsListener::bind("0.0.0.0:9080", WsConfig::default()).await?;
//! loop {
//!     // One failed handshake is an `Err` here; the listener goes on.
//!     let peer = match listener.accept().await {
//!         Ok(peer) => peer,
//!         Err(e) => {
//!             eprintln!("refused a client: {e}");
//!             continue;
//!         }
//!     };
//!     let (mut reader, sender) = peer.spawn_writer();
//!     tokio::spawn(async move {
//!         // Each packet is one SceneMultiplayer packet from peer `reader.id()`.
//!         while let Ok(Some(packet)) = reader.recv().await {
//!             if packet.first() == Some(&3) {
//!                 // RAW (`send_bytes`): answer with a RAW packet of our own.
//!                 let _ = sender.try_send(Bytes::from_static(b"\x03pong"));
//!             }
//!         }
//!     });
//! }
//! # }
//! ```
//!
//! A client:
//!
//! ```no_run
//! # async fn run() -> Result<(), gdvariant::multiplayer::websocket::WsError> {
//! use gdvariant::multiplayer::websocket::{connect, WsConfig};
//!
//! let mut peer = connect("ws://127.0.0.1:9080", WsConfig::default()).await?;
//! println!("connected as peer {}", peer.id());
//! peer.send(b"\x03hello").await?; // a RAW packet to the server
//! while let Some(packet) = peer.recv().await? {
//!     println!("{} bytes from the server", packet.len());
//! }
//! # Ok(())
//! # }
//! ```

mod client;
mod conn;
mod ids;
mod peer;
mod sender;
mod server;

use std::string::String;
use std::time::Duration;
use std::vec::Vec;
use std::{fmt, io};

pub use bytes::Bytes;

pub use client::connect;
pub use peer::{WsPeer, WsReader, WsWriter};
pub use sender::WsSender;
pub use server::{WsListener, WsPending};

use super::PeerId;

/// The server's peer id, 1, in every Godot multiplayer session.
pub const SERVER_ID: PeerId = 1;

/// Godot's `inbound_buffer_size`/`outbound_buffer_size` default: the largest message, in
/// bytes.
pub const DEFAULT_MAX_PACKET: usize = 65535;

/// Godot's `handshake_timeout` default.
pub const DEFAULT_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(3);

/// Godot's `max_queued_packets` default.
pub const DEFAULT_MAX_QUEUED_PACKETS: usize = 4096;

/// The close code sent when a message is over [`WsConfig::max_packet`] (RFC 6455
/// "message too big", as Godot's wslay sends).
pub const CLOSE_MESSAGE_TOO_BIG: u16 = 1009;

/// Limits and subprotocols of a server or a client. [`WsConfig::default`] is Godot's
/// `WebSocketMultiplayerPeer` defaults.
///
/// ```
/// use gdvariant::multiplayer::websocket::WsConfig;
/// use std::time::Duration;
///
/// let config = WsConfig::default()
///     .handshake_timeout(Duration::from_secs(5))
///     .max_peers(Some(64));
/// assert_eq!(config.max_packet, 65535);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WsConfig {
    /// The largest message received or sent, in bytes ([`DEFAULT_MAX_PACKET`]). A larger
    /// received message is [`WsError::MessageTooBig`] and closes the connection (code
    /// [`CLOSE_MESSAGE_TOO_BIG`]); a larger packet is refused by `send` and the connection
    /// stays open (Godot's `put_packet` fails the same way).
    pub max_packet: usize,
    /// How long the handshake may take ([`DEFAULT_HANDSHAKE_TIMEOUT`]): on a server from
    /// the TCP accept to the id message sent, on a client from the start of [`connect`] to
    /// the id message received. It also bounds how long a `close` waits for the other
    /// side's close frame.
    pub handshake_timeout: Duration,
    /// Subprotocols (`Sec-WebSocket-Protocol`). A server's are the ones it supports: when
    /// there are some, a client must offer one of them. A client's are the ones it offers:
    /// the server must choose one of them. Empty by default.
    pub protocols: Vec<String>,
    /// How many packets may wait in a [`WsSender`]'s queue ([`DEFAULT_MAX_QUEUED_PACKETS`];
    /// 0 counts as 1). [`WsSender::try_send`] on a full queue is [`WsError::QueueFull`].
    pub max_queued_packets: usize,
    /// A server's limit on live peers, the ones still in their handshake included; a TCP
    /// connection over it is closed at once and [`WsListener::accept`] returns
    /// [`WsError::TooManyPeers`]. `None` (the default): no limit.
    pub max_peers: Option<usize>,
}

impl Default for WsConfig {
    fn default() -> Self {
        WsConfig::new()
    }
}

impl WsConfig {
    /// Godot's defaults: 65535-byte messages, a 3 s handshake, no subprotocol, 4096 queued
    /// packets, no peer limit.
    pub const fn new() -> Self {
        WsConfig {
            max_packet: DEFAULT_MAX_PACKET,
            handshake_timeout: DEFAULT_HANDSHAKE_TIMEOUT,
            protocols: Vec::new(),
            max_queued_packets: DEFAULT_MAX_QUEUED_PACKETS,
            max_peers: None,
        }
    }

    /// Sets [`WsConfig::max_packet`].
    pub fn max_packet(mut self, bytes: usize) -> Self {
        self.max_packet = bytes;
        self
    }

    /// Sets [`WsConfig::handshake_timeout`].
    pub fn handshake_timeout(mut self, timeout: Duration) -> Self {
        self.handshake_timeout = timeout;
        self
    }

    /// Sets [`WsConfig::protocols`].
    pub fn protocols<I, S>(mut self, protocols: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.protocols = protocols.into_iter().map(Into::into).collect();
        self
    }

    /// Sets [`WsConfig::max_queued_packets`].
    pub fn max_queued_packets(mut self, packets: usize) -> Self {
        self.max_queued_packets = packets;
        self
    }

    /// Sets [`WsConfig::max_peers`].
    pub fn max_peers(mut self, peers: Option<usize>) -> Self {
        self.max_peers = peers;
        self
    }

    /// The tungstenite settings for a peer: the message and frame limits, small buffers.
    fn tungstenite(&self) -> tokio_tungstenite::tungstenite::protocol::WebSocketConfig {
        tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(BUFFER_SIZE)
            .write_buffer_size(BUFFER_SIZE)
            .max_message_size(Some(self.max_packet))
            .max_frame_size(Some(self.max_packet))
    }
}

/// A peer's read buffer, and how much is written at once.
const BUFFER_SIZE: usize = 8 * 1024;

/// What went wrong with a connection (or, from [`WsListener::accept`], with one incoming
/// connection: the listener itself goes on).
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WsError {
    /// Reading, writing, connecting or accepting failed, or the connection ended without
    /// a close frame.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The WebSocket handshake was refused or malformed (the reason says which rule).
    #[error("WebSocket handshake failed: {0}")]
    Handshake(String),
    /// The handshake (with the id message) did not finish within
    /// [`WsConfig::handshake_timeout`].
    #[error("the WebSocket handshake did not finish within {0:?}")]
    Timeout(Duration),
    /// The server's first message is not a peer id: it must be exactly 4 bytes holding a
    /// little-endian id >= 2.
    #[error("the server's first message is not a peer id: {0}")]
    BadIdMessage(BadId),
    /// A message over [`WsConfig::max_packet`]: received (the connection is then closed
    /// with code 1009) or refused by `send` (nothing is sent).
    #[error("a message of {size} bytes is over the limit of {max} bytes")]
    MessageTooBig {
        /// The message's size (for a received message split into frames, the size
        /// reached when the limit was passed).
        size: usize,
        /// [`WsConfig::max_packet`].
        max: usize,
    },
    /// `send` of an empty packet (Godot drops them, and `SceneMultiplayer` never sends one).
    #[error("an empty packet cannot be sent")]
    EmptyPacket,
    /// The other side broke the WebSocket protocol (an unmasked client frame, a bad
    /// opcode, invalid UTF-8 in a text message, ...); the connection is closed with code
    /// 1002.
    #[error("WebSocket protocol error: {0}")]
    Protocol(String),
    /// [`WsConfig::max_peers`] peers are live: the new TCP connection was closed.
    #[error("{0} peers are connected already (max_peers)")]
    TooManyPeers(usize),
    /// [`WsSender::try_send`]: [`WsConfig::max_queued_packets`] packets are waiting.
    #[error("{0} packets are queued already (max_queued_packets)")]
    QueueFull(usize),
    /// The connection is closed (or closing): nothing more can be sent.
    #[error("the connection is closed")]
    Closed,
    /// [`connect`]'s URL is malformed or not `ws://` (the reason says which).
    #[error("bad WebSocket URL: {0}")]
    Url(String),
}

/// What the server sent instead of a peer id ([`WsError::BadIdMessage`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BadId {
    /// A first message that is not 4 bytes long.
    Size(usize),
    /// 4 bytes, but an id below 2.
    Id(PeerId),
}

impl fmt::Display for BadId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadId::Size(size) => write!(f, "{size} bytes, not 4"),
            BadId::Id(id) => write!(f, "id {id} is below 2"),
        }
    }
}
