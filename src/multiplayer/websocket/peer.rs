//! A connected peer: receiving, sending, closing, and the two ways to split it.

use std::net::SocketAddr;
use std::sync::Arc;

use bytes::Bytes;

use super::sender::WsSender;
use super::{PeerId, WsError};
#[cfg(doc)]
use super::{WsConfig, SERVER_ID};

use super::conn::{close_frame, Shared};

/// A connected peer: on a server, a client that finished its handshake and was sent its
/// id; on a client, the connection to the server.
///
/// [`recv`](WsPeer::recv) and [`send`](WsPeer::send) take `&mut self`: to read in one
/// task and write from another, [`split`](WsPeer::split) it, or give it a writer task and
/// a queue with [`spawn_writer`](WsPeer::spawn_writer). Dropping it (or its last half)
/// closes the TCP connection without a close frame and, on a server, frees its id.
#[derive(Debug)]
pub struct WsPeer {
    shared: Arc<Shared>,
}

impl WsPeer {
    pub(super) fn new(shared: Shared) -> WsPeer {
        WsPeer {
            shared: Arc::new(shared),
        }
    }

    /// The client's id: on a server the remote client's, on a client our own (the one the
    /// server sent). Always in `2..=i32::MAX`.
    pub fn id(&self) -> PeerId {
        self.shared.id
    }

    /// The id of the other side: the client's on a server ([`id`](WsPeer::id)),
    /// [`SERVER_ID`] on a client. Godot reports every packet as coming from it.
    pub fn remote_id(&self) -> PeerId {
        self.shared.remote_id()
    }

    /// The other side's address.
    pub fn remote_addr(&self) -> SocketAddr {
        self.shared.remote_addr
    }

    /// The subprotocol the handshake chose, if any.
    pub fn protocol(&self) -> Option<&str> {
        self.shared.protocol.as_deref()
    }

    /// The next packet: `Ok(None)` once the close handshake is over (whichever side began
    /// it; the TCP connection's sending side is then shut), and after any error. Text messages are packets too; pings are answered,
    /// pongs and empty messages skipped. A message over [`WsConfig::max_packet`] is
    /// [`WsError::MessageTooBig`] and closes the connection (code 1009); a protocol
    /// violation is [`WsError::Protocol`] and closes it (code 1002, or 1007 for invalid
    /// UTF-8); a connection that ends without a close frame is an [`WsError::Io`] of kind
    /// `UnexpectedEof`.
    ///
    /// Cancel safe: a packet is never lost when the future is dropped.
    pub async fn recv(&mut self) -> Result<Option<Bytes>, WsError> {
        self.shared.recv().await
    }

    /// Sends one packet as one binary message, and flushes it. A packet over
    /// [`WsConfig::max_packet`] ([`WsError::MessageTooBig`]) or empty
    /// ([`WsError::EmptyPacket`]) is refused and nothing is sent. Copies `packet` once;
    /// [`send_bytes`](WsPeer::send_bytes) does not. Waits while the socket's buffer is
    /// full, for as long as the other side does not read: bound it with a timeout, or use
    /// [`spawn_writer`](WsPeer::spawn_writer) and [`WsSender::try_send`].
    pub async fn send(&mut self, packet: &[u8]) -> Result<(), WsError> {
        self.shared.send(Bytes::copy_from_slice(packet)).await
    }

    /// [`send`](WsPeer::send) without copying the packet.
    pub async fn send_bytes(&mut self, packet: Bytes) -> Result<(), WsError> {
        self.shared.send(packet).await
    }

    /// Closes the connection: sends a close frame with `code` (1000 is a normal close,
    /// 3000-4999 are the application's; Godot's default is 1000) and `reason` (cut to 123
    /// bytes), waits for the other side's close frame (at most
    /// [`WsConfig::handshake_timeout`], dropping packets that arrive meanwhile), then drops
    /// the connection. A connection closed already is not an error; a code RFC 6455 does
    /// not allow on the wire is [`WsError::Protocol`] (nothing is sent).
    pub async fn close(self, code: u16, reason: &str) -> Result<(), WsError> {
        let frame = close_frame(code, reason)?;
        self.shared.close(frame).await
    }

    /// A receiving half and a sending half, for two tasks. The connection (and a server's
    /// id) lives until both are dropped.
    pub fn split(self) -> (WsReader, WsWriter) {
        (
            WsReader {
                shared: Arc::clone(&self.shared),
            },
            WsWriter {
                shared: self.shared,
            },
        )
    }

    /// A receiving half, and a [`WsSender`] feeding a writer task spawned here (on the
    /// current tokio runtime: call it from within one) through a queue of
    /// [`WsConfig::max_queued_packets`] packets. The task writes queued packets in batches
    /// and flushes after each batch. It ends after a [`WsSender::close`], on a write error,
    /// or once every [`WsSender`] clone is dropped (then it writes what is queued and a
    /// normal close frame, 1000, within [`WsConfig::handshake_timeout`], so that a peer
    /// that does not read cannot keep it alive). The connection lives until the reader is
    /// dropped and the task has ended.
    ///
    /// # Panics
    ///
    /// Outside a tokio runtime, as `tokio::spawn`.
    pub fn spawn_writer(self) -> (WsReader, WsSender) {
        let sender = WsSender::spawn(
            Arc::clone(&self.shared),
            self.shared.id,
            self.shared.remote_addr,
            self.shared.max_packet,
            self.shared.max_queued,
        );
        (
            WsReader {
                shared: self.shared,
            },
            sender,
        )
    }
}

/// The receiving half of a [`WsPeer`] ([`WsPeer::split`], [`WsPeer::spawn_writer`]).
#[derive(Debug)]
pub struct WsReader {
    shared: Arc<Shared>,
}

impl WsReader {
    /// [`WsPeer::id`].
    pub fn id(&self) -> PeerId {
        self.shared.id
    }

    /// [`WsPeer::remote_id`]: every packet read here comes from this peer.
    pub fn remote_id(&self) -> PeerId {
        self.shared.remote_id()
    }

    /// [`WsPeer::remote_addr`].
    pub fn remote_addr(&self) -> SocketAddr {
        self.shared.remote_addr
    }

    /// [`WsPeer::protocol`].
    pub fn protocol(&self) -> Option<&str> {
        self.shared.protocol.as_deref()
    }

    /// [`WsPeer::recv`]. When the other side closes, the close frame is answered here.
    pub async fn recv(&mut self) -> Result<Option<Bytes>, WsError> {
        self.shared.recv().await
    }
}

/// The sending half of a [`WsPeer`] ([`WsPeer::split`]).
#[derive(Debug)]
pub struct WsWriter {
    shared: Arc<Shared>,
}

impl WsWriter {
    /// [`WsPeer::id`].
    pub fn id(&self) -> PeerId {
        self.shared.id
    }

    /// [`WsPeer::remote_addr`].
    pub fn remote_addr(&self) -> SocketAddr {
        self.shared.remote_addr
    }

    /// [`WsPeer::send`].
    pub async fn send(&mut self, packet: &[u8]) -> Result<(), WsError> {
        self.shared.send(Bytes::copy_from_slice(packet)).await
    }

    /// [`WsPeer::send_bytes`].
    pub async fn send_bytes(&mut self, packet: Bytes) -> Result<(), WsError> {
        self.shared.send(packet).await
    }

    /// Sends a close frame (see [`WsPeer::close`]) without waiting for the answer: the
    /// [`WsReader`] sees the other side's close frame and then `Ok(None)`. A peer that
    /// does not read makes it [`WsError::Timeout`] after [`WsConfig::handshake_timeout`].
    pub async fn close(&mut self, code: u16, reason: &str) -> Result<(), WsError> {
        let frame = close_frame(code, reason)?;
        self.shared.send_close(frame).await
    }
}
