//! The queued sending handle of [`WsPeer::spawn_writer`](super::WsPeer::spawn_writer)
//! and its writer task.

use std::net::SocketAddr;
use std::pin::pin;
use std::sync::Arc;

use bytes::Bytes;
use futures_util::future::{self, Either};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use super::conn::{check_packet, close_frame, Shared};
use super::{PeerId, WsError};

/// Packets the writer task writes before it flushes.
const WRITE_BATCH: usize = 64;
const CLOSE_NORMAL: u16 = 1000;

/// What a [`WsSender`] queues for its writer task.
#[derive(Debug)]
enum Outgoing {
    Packet(Bytes),
    Close(CloseFrame),
}

/// A cloneable handle on a peer's writer task ([`WsPeer::spawn_writer`](super::WsPeer::spawn_writer)): packets wait in
/// a bounded queue ([`WsConfig::max_queued_packets`](super::WsConfig::max_queued_packets)), so a server can send to many peers
/// without waiting on a slow one ([`try_send`](WsSender::try_send)).
#[derive(Clone, Debug)]
pub struct WsSender {
    queue: mpsc::Sender<Outgoing>,
    /// Dropped with the last clone: tells the writer task that no one sends any more,
    /// even while it waits on a peer that does not read.
    _alive: Arc<oneshot::Sender<()>>,
    id: PeerId,
    remote_addr: SocketAddr,
    max_packet: usize,
    capacity: usize,
}

impl WsSender {
    /// Spawns the writer task of `shared`.
    pub(super) fn spawn(
        shared: Arc<Shared>,
        id: PeerId,
        remote_addr: SocketAddr,
        max_packet: usize,
        capacity: usize,
    ) -> WsSender {
        let (queue, rx) = mpsc::channel(capacity);
        let (alive, gone) = oneshot::channel();
        tokio::spawn(writer(shared, rx, gone));
        WsSender {
            queue,
            _alive: Arc::new(alive),
            id,
            remote_addr,
            max_packet,
            capacity,
        }
    }

    /// [`WsPeer::id`](super::WsPeer::id).
    pub fn id(&self) -> PeerId {
        self.id
    }

    /// [`WsPeer::remote_addr`](super::WsPeer::remote_addr).
    pub fn remote_addr(&self) -> SocketAddr {
        self.remote_addr
    }

    fn check(&self, len: usize) -> Result<(), WsError> {
        check_packet(len, self.max_packet)
    }

    /// Queues a packet, waiting while the queue is full. The packet is checked here as
    /// [`WsPeer::send`](super::WsPeer::send) checks it; [`WsError::Closed`] once the writer task has ended (the
    /// connection failed or was closed).
    pub async fn send(&self, packet: Bytes) -> Result<(), WsError> {
        self.check(packet.len())?;
        self.queue
            .send(Outgoing::Packet(packet))
            .await
            .map_err(|_| WsError::Closed)
    }

    /// Queues a packet without waiting: [`WsError::QueueFull`] when
    /// [`WsConfig::max_queued_packets`](super::WsConfig::max_queued_packets) packets are waiting (Godot's `put_packet` fails
    /// then too), [`WsError::Closed`] once the writer task has ended.
    pub fn try_send(&self, packet: Bytes) -> Result<(), WsError> {
        self.check(packet.len())?;
        self.queue
            .try_send(Outgoing::Packet(packet))
            .map_err(|e| match e {
                mpsc::error::TrySendError::Full(_) => WsError::QueueFull(self.capacity),
                mpsc::error::TrySendError::Closed(_) => WsError::Closed,
            })
    }

    /// Queues a close frame after the packets already queued (see [`WsPeer::close`](super::WsPeer::close) for
    /// the code and reason); the writer task sends it and ends. Does not wait for the
    /// other side's answer (the [`WsReader`](super::WsReader) sees it).
    pub async fn close(&self, code: u16, reason: &str) -> Result<(), WsError> {
        let frame = close_frame(code, reason)?;
        self.queue
            .send(Outgoing::Close(frame))
            .await
            .map_err(|_| WsError::Closed)
    }

    /// Whether the writer task has ended: nothing more can be sent.
    pub fn is_closed(&self) -> bool {
        self.queue.is_closed()
    }
}

/// The writer task of [`WsPeer::spawn_writer`](super::WsPeer::spawn_writer). Once every
/// sender is dropped it has the close timeout to finish (the queued packets, then a close
/// frame): a peer that does not read cannot keep it, and the connection, alive.
async fn writer(shared: Arc<Shared>, queue: mpsc::Receiver<Outgoing>, gone: oneshot::Receiver<()>) {
    let grace = shared.close_timeout;
    let work = pin!(write_queue(shared, queue));
    if let Either::Right((_, work)) = future::select(work, gone).await {
        let _ = tokio::time::timeout(grace, work).await;
    }
}

async fn write_queue(shared: Arc<Shared>, mut queue: mpsc::Receiver<Outgoing>) {
    while let Some(first) = queue.recv().await {
        let mut next = Some(first);
        let mut written = 0;
        while let Some(outgoing) = next.take() {
            match outgoing {
                Outgoing::Packet(packet) => {
                    if shared.feed(Message::Binary(packet)).await.is_err() {
                        return;
                    }
                }
                Outgoing::Close(frame) => {
                    let _ = shared.send_close(frame).await;
                    return;
                }
            }
            written += 1;
            if written < WRITE_BATCH {
                next = queue.try_recv().ok();
            }
        }
        if shared.flush().await.is_err() {
            return;
        }
    }
    // Every sender is gone: a normal close.
    if let Ok(frame) = close_frame(CLOSE_NORMAL, "") {
        let _ = shared.send_close(frame).await;
    }
}
