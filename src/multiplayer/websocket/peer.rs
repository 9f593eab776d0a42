//! A connected peer: receiving, sending, closing, and the two ways to split it.

use std::format;
use std::future::poll_fn;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::string::{String, ToString};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use tokio::io::AsyncWrite;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::error::{CapacityError, ProtocolError};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::{Error as TError, Message};
use tokio_tungstenite::WebSocketStream;

use super::sender::WsSender;
use super::server::IdGuard;
use super::{PeerId, WsConfig, WsError, CLOSE_MESSAGE_TOO_BIG, SERVER_ID};

pub(super) type Ws = WebSocketStream<TcpStream>;

/// Close codes sent when the other side breaks the protocol (RFC 6455 §7.4.1).
const CLOSE_PROTOCOL_ERROR: u16 = 1002;
const CLOSE_INVALID_DATA: u16 = 1007;
/// A close frame's reason: at most 123 bytes (125 with the code).
const MAX_CLOSE_REASON: usize = 123;

/// What the halves of a peer share. The stream is locked only inside a `poll` (never
/// across an `.await`), as `futures`' `split` does with its `BiLock`; the reading and the
/// writing wakers are kept apart by tokio-tungstenite.
#[derive(Debug)]
pub(super) struct Shared {
    ws: Mutex<Ws>,
    id: PeerId,
    server_side: bool,
    remote_addr: SocketAddr,
    protocol: Option<String>,
    max_packet: usize,
    max_queued: usize,
    pub(super) close_timeout: Duration,
    /// A server's reservation of `id`, given back when the last half is dropped.
    _reservation: Option<IdGuard>,
}

impl Shared {
    pub(super) fn new(
        ws: Ws,
        id: PeerId,
        remote_addr: SocketAddr,
        protocol: Option<String>,
        config: &WsConfig,
        reservation: Option<IdGuard>,
    ) -> Shared {
        Shared {
            ws: Mutex::new(ws),
            id,
            server_side: reservation.is_some(),
            remote_addr,
            protocol,
            max_packet: config.max_packet,
            max_queued: config.max_queued_packets.max(1),
            close_timeout: config.handshake_timeout,
            _reservation: reservation,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Ws> {
        self.ws.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn remote_id(&self) -> PeerId {
        if self.server_side {
            self.id
        } else {
            SERVER_ID
        }
    }

    async fn next(&self) -> Option<Result<Message, TError>> {
        poll_fn(|cx| self.lock().poll_next_unpin(cx)).await
    }

    pub(super) async fn feed(&self, message: Message) -> Result<(), TError> {
        poll_fn(|cx| self.lock().poll_ready_unpin(cx)).await?;
        self.lock().start_send_unpin(message)
    }

    pub(super) async fn flush(&self) -> Result<(), TError> {
        poll_fn(|cx| self.lock().poll_flush_unpin(cx)).await
    }

    async fn recv(&self) -> Result<Option<Bytes>, WsError> {
        loop {
            match self.next().await {
                None => {
                    // The close handshake is over (or the stream ended): the server
                    // closes the TCP connection first (RFC 6455 §7.1.1).
                    self.shutdown().await;
                    return Ok(None);
                }
                Some(Ok(Message::Binary(packet))) if !packet.is_empty() => return Ok(Some(packet)),
                Some(Ok(Message::Text(text))) if !text.is_empty() => {
                    return Ok(Some(Bytes::from(text)))
                }
                // A ping (tungstenite queues the pong, written on the next read or write),
                // a pong, an empty message (Godot drops them), or the other side's close
                // (answered; the stream ends on the next read).
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(self.read_failed(e).await),
            }
        }
    }

    /// A read error: closes the connection with the matching code when the other side
    /// broke the protocol (best effort, within the close timeout).
    async fn read_failed(&self, e: TError) -> WsError {
        let (error, code) = match e {
            TError::Capacity(CapacityError::MessageTooLong { size, max_size }) => (
                WsError::MessageTooBig {
                    size,
                    max: max_size,
                },
                Some(CLOSE_MESSAGE_TOO_BIG),
            ),
            TError::Protocol(ProtocolError::ResetWithoutClosingHandshake) => (
                WsError::Io(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the connection ended without a close frame",
                )),
                None,
            ),
            TError::Utf8(detail) => (
                WsError::Protocol(format!("invalid UTF-8 in a text message: {detail}")),
                Some(CLOSE_INVALID_DATA),
            ),
            TError::Io(e) => (WsError::Io(e), None),
            TError::ConnectionClosed | TError::AlreadyClosed => (WsError::Closed, None),
            other => (
                WsError::Protocol(other.to_string()),
                Some(CLOSE_PROTOCOL_ERROR),
            ),
        };
        if let Some(code) = code {
            let reason = error.to_string();
            if let Ok(frame) = close_frame(code, &reason) {
                let _ = self.send_close(frame).await;
            }
        }
        self.shutdown().await;
        error
    }

    /// Shuts the TCP connection's sending side (best effort): the other side reads the
    /// end of the stream even while halves of this peer are still alive.
    async fn shutdown(&self) {
        let _ = poll_fn(|cx| Pin::new(self.lock().get_mut()).poll_shutdown(cx)).await;
    }

    fn check(&self, len: usize) -> Result<(), WsError> {
        if len == 0 {
            Err(WsError::EmptyPacket)
        } else if len > self.max_packet {
            Err(WsError::MessageTooBig {
                size: len,
                max: self.max_packet,
            })
        } else {
            Ok(())
        }
    }

    async fn send(&self, packet: Bytes) -> Result<(), WsError> {
        self.check(packet.len())?;
        self.feed(Message::Binary(packet))
            .await
            .map_err(write_error)?;
        self.flush().await.map_err(write_error)
    }

    /// Sends a close frame; a connection closed already is not an error. A peer that
    /// does not read gets the close timeout ([`WsError::Timeout`]).
    pub(super) async fn send_close(&self, frame: CloseFrame) -> Result<(), WsError> {
        let send = async {
            self.feed(Message::Close(Some(frame))).await?;
            self.flush().await
        };
        match tokio::time::timeout(self.close_timeout, send).await {
            Err(_) => Err(WsError::Timeout(self.close_timeout)),
            Ok(sent) => match sent.map_err(write_error) {
                Err(WsError::Closed) => Ok(()),
                other => other,
            },
        }
    }

    /// Sends a close frame, then reads (and drops) until the other side's close frame or
    /// the close timeout.
    async fn close(&self, frame: CloseFrame) -> Result<(), WsError> {
        match self.send_close(frame).await {
            // It cannot take our close frame: dropping the connection is all there is.
            Err(WsError::Timeout(_)) => return Ok(()),
            other => other?,
        }
        let _ = tokio::time::timeout(self.close_timeout, async {
            while let Some(Ok(_)) = self.next().await {}
        })
        .await;
        Ok(())
    }
}

/// A write error: a connection closed (or closing) is [`WsError::Closed`].
fn write_error(e: TError) -> WsError {
    match e {
        TError::ConnectionClosed
        | TError::AlreadyClosed
        | TError::Protocol(ProtocolError::SendAfterClosing) => WsError::Closed,
        TError::Io(e) => WsError::Io(e),
        other => WsError::Protocol(other.to_string()),
    }
}

/// A close frame with `code` and `reason` (cut to 123 bytes at a character boundary).
/// Codes that may not be sent (below 1000, 1004-1006, 1014-2999, 5000 up) are refused.
pub(super) fn close_frame(code: u16, reason: &str) -> Result<CloseFrame, WsError> {
    let code = CloseCode::from(code);
    if !code.is_allowed() {
        return Err(WsError::Protocol(format!(
            "close code {code} cannot be sent (use 1000-1003, 1007-1013 or 3000-4999)"
        )));
    }
    let mut end = reason.len().min(MAX_CLOSE_REASON);
    while !reason.is_char_boundary(end) {
        end -= 1;
    }
    let reason = reason.get(..end).unwrap_or_default();
    Ok(CloseFrame {
        code,
        reason: reason.into(),
    })
}

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
