//! The connection both halves of a peer share: the stream, its locking, closing.

use std::format;
use std::future::poll_fn;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::string::{String, ToString};
use std::sync::{Mutex, MutexGuard, PoisonError};
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

use super::ids::IdGuard;
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
    pub(super) ws: Mutex<Ws>,
    pub(super) id: PeerId,
    pub(super) server_side: bool,
    pub(super) remote_addr: SocketAddr,
    pub(super) protocol: Option<String>,
    pub(super) max_packet: usize,
    pub(super) max_queued: usize,
    pub(super) close_timeout: Duration,
    /// A server's reservation of `id`, given back when the last half is dropped.
    pub(super) _reservation: Option<IdGuard>,
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

    pub(super) fn lock(&self) -> MutexGuard<'_, Ws> {
        self.ws.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn remote_id(&self) -> PeerId {
        if self.server_side {
            self.id
        } else {
            SERVER_ID
        }
    }

    pub(super) async fn next(&self) -> Option<Result<Message, TError>> {
        poll_fn(|cx| self.lock().poll_next_unpin(cx)).await
    }

    pub(super) async fn feed(&self, message: Message) -> Result<(), TError> {
        poll_fn(|cx| self.lock().poll_ready_unpin(cx)).await?;
        self.lock().start_send_unpin(message)
    }

    pub(super) async fn flush(&self) -> Result<(), TError> {
        poll_fn(|cx| self.lock().poll_flush_unpin(cx)).await
    }

    pub(super) async fn recv(&self) -> Result<Option<Bytes>, WsError> {
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
    pub(super) async fn read_failed(&self, e: TError) -> WsError {
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
    pub(super) async fn shutdown(&self) {
        let _ = poll_fn(|cx| Pin::new(self.lock().get_mut()).poll_shutdown(cx)).await;
    }

    pub(super) fn check(&self, len: usize) -> Result<(), WsError> {
        check_packet(len, self.max_packet)
    }

    pub(super) async fn send(&self, packet: Bytes) -> Result<(), WsError> {
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
    pub(super) async fn close(&self, frame: CloseFrame) -> Result<(), WsError> {
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

/// What every send checks first: the packet is not empty (Godot drops those) and fits
/// `max_packet`.
pub(super) fn check_packet(len: usize, max_packet: usize) -> Result<(), WsError> {
    if len == 0 {
        Err(WsError::EmptyPacket)
    } else if len > max_packet {
        Err(WsError::MessageTooBig {
            size: len,
            max: max_packet,
        })
    } else {
        Ok(())
    }
}
