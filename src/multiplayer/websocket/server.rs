//! The server side: accepting TCP connections, ids, the handshake.

use std::collections::HashSet;
use std::format;
use std::future::poll_fn;
use std::io;
use std::net::SocketAddr;
use std::string::{String, ToString};
use std::sync::{Arc, Mutex};
use std::task::Poll;
use std::vec::Vec;

use bytes::Bytes;
use tokio::net::{TcpListener, TcpStream, ToSocketAddrs};
use tokio::sync::{mpsc, Mutex as AsyncMutex};
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tokio_tungstenite::tungstenite::http::header::SEC_WEBSOCKET_PROTOCOL;
use tokio_tungstenite::tungstenite::http::{HeaderValue, StatusCode};
use tokio_tungstenite::tungstenite::{Error as TError, Message};

use super::conn::Shared;
use super::ids::{IdGuard, IdPool};
use super::peer::WsPeer;
use super::{PeerId, WsConfig, WsError};

type Finished = Result<WsPeer, WsError>;

/// A WebSocket server speaking Godot's `WebSocketMultiplayerPeer` protocol: Godot clients
/// (`WebSocketMultiplayerPeer.create_client("ws://…")`) and [`connect`](super::connect)
/// join it.
///
/// Two ways to take clients:
/// * [`accept`](WsListener::accept) returns the next client that finished its handshake.
///   It accepts TCP connections while it waits and runs each handshake in a task of its
///   own (on the current tokio runtime), so a slow or silent client never delays the
///   others; it only waits out its own [`WsConfig::handshake_timeout`]. A failed
///   handshake comes out as an `Err` of `accept` (the listener goes on: log it and call
///   `accept` again; the error does not say which address failed: use `accept_tcp` for
///   that). Handshakes advance only while `accept` is being awaited or their task runs,
///   so call it in a loop. Cancel safe.
/// * [`accept_tcp`](WsListener::accept_tcp) accepts one TCP connection and reserves its
///   id; [`WsPending::handshake`] then does the handshake wherever the caller wants.
#[derive(Debug)]
pub struct WsListener {
    tcp: TcpListener,
    config: Arc<WsConfig>,
    pool: Arc<IdPool>,
    finished_tx: mpsc::UnboundedSender<Finished>,
    finished: AsyncMutex<mpsc::UnboundedReceiver<Finished>>,
}

impl WsListener {
    /// Binds a TCP listener on `addr` (e.g. `"0.0.0.0:9080"`, or port 0 for any free port).
    pub async fn bind(addr: impl ToSocketAddrs, config: WsConfig) -> Result<WsListener, WsError> {
        Ok(WsListener::from_tokio(
            TcpListener::bind(addr).await?,
            config,
        ))
    }

    /// Wraps a bound std listener (made non-blocking here).
    ///
    /// # Panics
    ///
    /// Outside a tokio runtime with I/O enabled, as `tokio::net::TcpListener::from_std`.
    pub fn from_std(
        listener: std::net::TcpListener,
        config: WsConfig,
    ) -> Result<WsListener, WsError> {
        listener.set_nonblocking(true)?;
        Ok(WsListener::from_tokio(
            TcpListener::from_std(listener)?,
            config,
        ))
    }

    /// Wraps a bound tokio listener.
    pub fn from_tokio(listener: TcpListener, config: WsConfig) -> WsListener {
        let (finished_tx, finished) = mpsc::unbounded_channel();
        WsListener {
            tcp: listener,
            pool: Arc::new(IdPool {
                live: Mutex::new(HashSet::new()),
                max: config.max_peers,
            }),
            config: Arc::new(config),
            finished_tx,
            finished: AsyncMutex::new(finished),
        }
    }

    /// The address the listener is bound to (with the port chosen for port 0).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.tcp.local_addr()
    }

    /// The listener's configuration.
    pub fn config(&self) -> &WsConfig {
        &self.config
    }

    /// How many peers are live: in their handshake, or connected and not yet dropped.
    pub fn peer_count(&self) -> usize {
        self.pool.len()
    }

    /// The next client that finished its handshake and was sent its id (see
    /// [`WsListener`] for how handshakes run). An `Err` is about one connection (a failed
    /// or timed-out handshake, [`WsError::TooManyPeers`]) or a failed `accept(2)`
    /// ([`WsError::Io`], e.g. too many open files): the listener stays usable.
    pub async fn accept(&self) -> Result<WsPeer, WsError> {
        let mut finished = self.finished.lock().await;
        loop {
            let event = poll_fn(|cx| {
                if let Poll::Ready(done) = finished.poll_recv(cx) {
                    return Poll::Ready(Ok(done));
                }
                self.tcp.poll_accept(cx).map(Err)
            })
            .await;
            match event {
                Ok(Some(done)) => return done,
                // Unreachable: the listener holds a sender.
                Ok(None) => return Err(WsError::Closed),
                Err(accepted) => {
                    let (tcp, addr) = accepted?;
                    let pending = self.pending(tcp, addr)?;
                    let finished_tx = self.finished_tx.clone();
                    tokio::spawn(async move {
                        let _ = finished_tx.send(pending.handshake().await);
                    });
                }
            }
        }
    }

    /// Accepts one TCP connection and reserves its id ([`WsError::TooManyPeers`] closes
    /// it at once); the handshake is [`WsPending::handshake`]'s. Its timeout counts from
    /// here. Cancel safe.
    pub async fn accept_tcp(&self) -> Result<WsPending, WsError> {
        let (tcp, addr) = self.tcp.accept().await?;
        self.pending(tcp, addr)
    }

    fn pending(&self, tcp: TcpStream, addr: SocketAddr) -> Result<WsPending, WsError> {
        let reservation = self.pool.reserve()?;
        Ok(WsPending {
            tcp,
            addr,
            reservation,
            config: Arc::clone(&self.config),
            accepted: Instant::now(),
        })
    }
}

/// An accepted TCP connection with its reserved id, before the WebSocket handshake
/// ([`WsListener::accept_tcp`]). Dropping it closes the connection and frees the id.
#[derive(Debug)]
pub struct WsPending {
    tcp: TcpStream,
    addr: SocketAddr,
    reservation: IdGuard,
    config: Arc<WsConfig>,
    accepted: Instant,
}

impl WsPending {
    /// The id the client will get.
    pub fn id(&self) -> PeerId {
        self.reservation.id
    }

    /// The client's address.
    pub fn remote_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The server's handshake, within the handshake timeout counted from the TCP accept:
    /// reads the HTTP request (at most 64 KiB), checks it (`GET`, HTTP/1.1, `Upgrade:
    /// websocket`, a `Connection` header with the `Upgrade` token,
    /// `Sec-WebSocket-Version: 13`, a `Sec-WebSocket-Key`, and the subprotocol rules of the
    /// module docs), answers `101 Switching Protocols` (or 400 with the reason), then sends
    /// the 4-byte little-endian id message. [`WsError::Handshake`] says what was refused,
    /// [`WsError::Timeout`] that the client was too slow.
    pub async fn handshake(self) -> Result<WsPeer, WsError> {
        let WsPending {
            tcp,
            addr,
            reservation,
            config,
            accepted,
        } = self;
        // As Godot does: packets are small and sent one by one.
        let _ = tcp.set_nodelay(true);
        let work = async {
            let mut protocol = None;
            // The error type is tungstenite's `Callback`'s.
            #[allow(clippy::result_large_err)]
            let choose = |request: &Request, mut response: Response| match choose_protocol(
                request,
                &config.protocols,
            ) {
                Ok(None) => Ok(response),
                Ok(Some(chosen)) => match HeaderValue::from_str(&chosen) {
                    Ok(value) => {
                        response.headers_mut().insert(SEC_WEBSOCKET_PROTOCOL, value);
                        protocol = Some(chosen);
                        Ok(response)
                    }
                    Err(_) => Err(refusal(format!(
                        "subprotocol {chosen:?} is not a header value"
                    ))),
                },
                Err(reason) => Err(refusal(reason)),
            };
            let mut ws = tokio_tungstenite::accept_hdr_async_with_config(
                tcp,
                choose,
                Some(config.tungstenite()),
            )
            .await
            .map_err(handshake_error)?;
            let id = reservation.id;
            futures_util::SinkExt::send(
                &mut ws,
                Message::Binary(Bytes::copy_from_slice(&id.to_le_bytes())),
            )
            .await
            .map_err(|e| match e {
                TError::Io(e) => WsError::Io(e),
                other => WsError::Handshake(format!("sending the id message: {other}")),
            })?;
            Ok(WsPeer::new(Shared::new(
                ws,
                id,
                addr,
                protocol,
                &config,
                Some(reservation),
            )))
        };
        let left = config.handshake_timeout.saturating_sub(accepted.elapsed());
        tokio::time::timeout(left, work)
            .await
            .unwrap_or(Err(WsError::Timeout(config.handshake_timeout)))
    }
}

/// Godot's subprotocol choice (`WSLPeer::_parse_client_request`): the first protocol the
/// client offers (in its order) that the server supports; an offer with none supported,
/// or no offer to a server that has protocols, is refused.
fn choose_protocol(request: &Request, supported: &[String]) -> Result<Option<String>, String> {
    let offered: Vec<&str> = request
        .headers()
        .get_all(SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    if !request.headers().contains_key(SEC_WEBSOCKET_PROTOCOL) {
        return if supported.is_empty() {
            Ok(None)
        } else {
            Err(format!(
                "no subprotocol requested; the server requires one of {supported:?}"
            ))
        };
    }
    offered
        .iter()
        .find(|offer| supported.iter().any(|s| s == *offer))
        .map(|chosen| Some((*chosen).to_string()))
        .ok_or_else(|| {
            format!("none of the requested subprotocols {offered:?} is supported ({supported:?})")
        })
}

/// A 400 answer with the reason as its body.
fn refusal(reason: String) -> ErrorResponse {
    let mut response = ErrorResponse::new(Some(reason));
    *response.status_mut() = StatusCode::BAD_REQUEST;
    response
}

/// A handshake error of tungstenite (either side).
pub(super) fn handshake_error(e: TError) -> WsError {
    match e {
        TError::Io(e) => WsError::Io(e),
        TError::Http(response) => {
            let status = response.status();
            match response.into_body() {
                Some(body) => {
                    WsError::Handshake(format!("HTTP {status}: {}", String::from_utf8_lossy(&body)))
                }
                None => WsError::Handshake(format!("HTTP {status}")),
            }
        }
        TError::AttackAttempt => {
            WsError::Handshake("the HTTP request is over 64 KiB or comes in too many pieces".into())
        }
        other => WsError::Handshake(other.to_string()),
    }
}
