//! The client side: connecting to a `WebSocketMultiplayerPeer` server.

use std::format;
use std::string::{String, ToString};

use futures_util::StreamExt;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::header::SEC_WEBSOCKET_PROTOCOL;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

use super::conn::{Shared, Ws};
use super::peer::WsPeer;
use super::server::handshake_error;
use super::{BadId, PeerId, WsConfig, WsError};

/// Connects to a `WebSocketMultiplayerPeer` server (Godot's `create_server`, or a
/// [`WsListener`](super::WsListener)) at a `ws://host[:port][/path]` URL (port 80 when
/// none is given), and waits for the server's id message. [`WsPeer::id`] is then the id
/// the server gave us; packets come from [`SERVER_ID`](super::SERVER_ID).
///
/// The request is Godot's: `GET`, `Host`, `Connection: Upgrade`, `Upgrade: websocket`,
/// `Sec-WebSocket-Version: 13`, a random `Sec-WebSocket-Key`, and
/// `Sec-WebSocket-Protocol` with [`WsConfig::protocols`] when there are some. The answer
/// must be `101` with `Upgrade: websocket`, `Connection: Upgrade` (the whole value), the
/// right `Sec-WebSocket-Accept`, and a subprotocol exactly when we asked for some (one of
/// ours). Then the first message must be 4 bytes holding a little-endian id >= 2
/// ([`WsError::BadIdMessage`] otherwise, and the connection is closed, as Godot's client
/// does). All of it, from the TCP connect to the id, has [`WsConfig::handshake_timeout`]
/// ([`WsError::Timeout`]). `wss://` is refused ([`WsError::Url`]).
pub async fn connect(url: &str, config: WsConfig) -> Result<WsPeer, WsError> {
    let limit = config.handshake_timeout;
    tokio::time::timeout(limit, connect_within(url, config))
        .await
        .unwrap_or(Err(WsError::Timeout(limit)))
}

async fn connect_within(url: &str, config: WsConfig) -> Result<WsPeer, WsError> {
    let mut request = url
        .into_client_request()
        .map_err(|e| WsError::Url(format!("{url:?}: {e}")))?;
    let uri = request.uri();
    match uri.scheme_str() {
        Some("ws") => {}
        Some("wss") => {
            return Err(WsError::Url(format!(
                "{url:?}: wss:// (TLS) is not supported"
            )))
        }
        _ => return Err(WsError::Url(format!("{url:?}: not a ws:// URL"))),
    }
    let host = uri
        .host()
        .ok_or_else(|| WsError::Url(format!("{url:?}: no host")))?;
    // An IPv6 literal comes in brackets.
    let host = host
        .strip_prefix('[')
        .and_then(|h| h.strip_suffix(']'))
        .unwrap_or(host)
        .to_string();
    let port = uri.port_u16().unwrap_or(80);
    if !config.protocols.is_empty() {
        let offer = HeaderValue::from_str(&config.protocols.join(","))
            .map_err(|_| WsError::Url(format!("bad subprotocols {:?}", config.protocols)))?;
        request.headers_mut().insert(SEC_WEBSOCKET_PROTOCOL, offer);
    }

    let tcp = TcpStream::connect((host.as_str(), port)).await?;
    let _ = tcp.set_nodelay(true);
    let remote_addr = tcp.peer_addr()?;
    let (mut ws, response) =
        tokio_tungstenite::client_async_with_config(request, tcp, Some(config.tungstenite()))
            .await
            .map_err(handshake_error)?;
    let protocol = response
        .headers()
        .get(SEC_WEBSOCKET_PROTOCOL)
        .and_then(|value| value.to_str().ok())
        .map(String::from);

    let id = match read_id(&mut ws).await {
        Ok(id) => id,
        Err(e) => {
            // As Godot's client: close on a bad id.
            let _ = ws.close(None).await;
            return Err(e);
        }
    };
    Ok(WsPeer::new(Shared::new(
        ws,
        id,
        remote_addr,
        protocol,
        &config,
        None,
    )))
}

/// The server's first message: exactly 4 bytes, a little-endian id >= 2.
async fn read_id(ws: &mut Ws) -> Result<PeerId, WsError> {
    loop {
        let message = match ws.next().await {
            None => return Err(WsError::Closed),
            Some(Err(e)) => return Err(handshake_error(e)),
            Some(Ok(message)) => message,
        };
        let payload = match &message {
            Message::Binary(bytes) => bytes.as_ref(),
            Message::Text(text) => text.as_bytes(),
            _ => continue,
        };
        let bytes: [u8; 4] = payload
            .try_into()
            .map_err(|_| WsError::BadIdMessage(BadId::Size(payload.len())))?;
        let id = PeerId::from_le_bytes(bytes);
        return if id >= 2 {
            Ok(id)
        } else {
            Err(WsError::BadIdMessage(BadId::Id(id)))
        };
    }
}
