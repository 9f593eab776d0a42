//! A Godot 4 multiplayer server over WebSocket, speaking `SceneMultiplayer` to real Godot
//! clients (`WebSocketMultiplayerPeer.create_client`). It knows one node, `/root/Echo`,
//! whose RPC methods are `echo` and `echo_reply` (any arity):
//!
//! - each `echo(args…)` from a peer is answered with `echo_reply(args…)` to that peer,
//!   with the same arguments, whatever their number and types (copied as they came);
//! - a call (or anything else) addressed to another peer is relayed, as
//!   `SceneMultiplayer`'s server relay does; peers hear of each other (`ADD_PEER`,
//!   `DEL_PEER`);
//! - each decoded packet is logged on one line on stdout (`--quiet`: only joins, leaves,
//!   errors, method mismatches and the `--stats` lines);
//! - a client whose `Echo` declares other `@rpc` methods than `echo` and `echo_reply` has
//!   other method ids and another checksum: the server logs `peer N: RPC method mismatch
//!   on Echo: …` with both checksums and our methods, once per kind and peer, and keeps
//!   serving it (the engine, too, only reports a checksum mismatch).
//!
//! ```text
//! cargo run --release --example mp_echo_server --features websocket -- --port 9080
//! ```
//!
//! In a Godot 4 client, with a node `Echo` directly under the root, declaring these two
//! `@rpc` methods and no other (the modes shown are what the relay between clients needs):
//!
//! ```gdscript
//! @rpc("any_peer", "call_remote", "reliable")
//! func echo(...args: Array) -> void: pass
//! @rpc("any_peer", "call_remote", "reliable")
//! func echo_reply(...args: Array) -> void: print("server says ", args)
//! # after connected_to_server: $Echo.rpc_id(1, "echo", 1, "two", Vector3(3, 3, 3))
//! ```
//!
//! A peer that sends a packet that does not decode, floods its path cache, or sends SYS
//! commands only a server sends is disconnected with the reason (close code 1008 and a log
//! line), and the others are not affected. Its memory is bounded: one message (at most
//! 64 KiB, Godot's own limit), its path cache (`CacheLimits`), and its queue of replies
//! (4,096 packets; a peer that does not read them is disconnected).
//!
//! The `SceneMultiplayer` logic is `mp_echo_server/hub.rs`, without I/O.

#[path = "mp_echo_server/hub.rs"]
pub mod hub;

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gdvariant::multiplayer::websocket::{Bytes, WsConfig, WsError, WsListener, WsSender};
use gdvariant::multiplayer::{CacheLimits, PeerId};
use hub::{Hub, Outbound};

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Options {
    /// The transport's limits (Godot's by default).
    pub ws: WsConfig,
    /// Each peer's path-cache limits.
    pub cache: CacheLimits,
    /// Log each decoded packet on one line.
    pub log_packets: bool,
    /// Where the log goes: stdout when `None` (buffered, flushed ten times a second).
    pub log_to: Option<Arc<Mutex<Vec<u8>>>>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            ws: WsConfig::default(),
            cache: CacheLimits::new(),
            log_packets: true,
            log_to: None,
        }
    }
}

/// What a running server counts (for `--stats` and the tests).
#[derive(Debug, Default)]
pub struct Stats {
    /// Peers that completed the handshake.
    pub joined: AtomicU64,
    /// Peers disconnected for an error, with the reason's code (`"peer 123: Truncated …"`).
    pub dropped: Mutex<Vec<String>>,
    /// Packets read.
    pub packets: AtomicU64,
    /// Packets sent.
    pub sent: AtomicU64,
    /// Failed handshakes.
    pub refused: AtomicU64,
}

/// The server's shared state: the hub, each peer's sending handle, the log.
struct Shared {
    hub: Hub,
    senders: BTreeMap<PeerId, WsSender>,
    out: Vec<Outbound>,
    log: Box<dyn Write + Send>,
}

/// Lines written into a shared buffer (`Options::log_to`).
struct Memory(Arc<Mutex<Vec<u8>>>);

impl Write for Memory {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if let Ok(mut v) = self.0.lock() {
            v.extend_from_slice(buf);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Shared {
    /// Queues every packet in `self.out` to its peer. A peer whose queue is full (it does
    /// not read its replies) is returned, to be disconnected.
    fn dispatch(&mut self, stats: &Stats) -> Vec<PeerId> {
        let mut slow = Vec::new();
        for (to, packet) in self.out.drain(..) {
            if let Some(sender) = self.senders.get(&to) {
                match sender.try_send(Bytes::from(packet)) {
                    Ok(()) => {
                        stats.sent.fetch_add(1, Ordering::Relaxed);
                    }
                    Err(_) => slow.push(to),
                }
            }
        }
        slow
    }

    fn line(&mut self, line: std::fmt::Arguments<'_>) {
        let _ = self.log.write_fmt(line);
        let _ = self.log.write_all(b"\n");
    }
}

/// Serves `listener` until `stop` is set (checked between accepts and once a second).
pub async fn serve(
    listener: WsListener,
    options: Options,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
) -> io::Result<()> {
    let shared = Arc::new(Mutex::new(Shared {
        hub: Hub::new(options.cache),
        senders: BTreeMap::new(),
        out: Vec::new(),
        log: match &options.log_to {
            Some(buffer) => Box::new(Memory(Arc::clone(buffer))),
            None => Box::new(io::BufWriter::with_capacity(1 << 16, io::stdout())),
        },
    }));
    // The log is flushed ten times a second, not once a line.
    let flusher = {
        let shared = Arc::clone(&shared);
        let stop = Arc::clone(&stop);
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                tokio::time::sleep(Duration::from_millis(100)).await;
                if let Ok(mut s) = shared.lock() {
                    let _ = s.log.flush();
                }
            }
        })
    };
    while !stop.load(Ordering::Relaxed) {
        let pending =
            match tokio::time::timeout(Duration::from_secs(1), listener.accept_tcp()).await {
                Err(_) => continue,
                Ok(Err(e)) => {
                    stats.refused.fetch_add(1, Ordering::Relaxed);
                    eprintln!("accept: {e}");
                    continue;
                }
                Ok(Ok(pending)) => pending,
            };
        let shared = Arc::clone(&shared);
        let stats = Arc::clone(&stats);
        let log_packets = options.log_packets;
        tokio::spawn(async move {
            let addr = pending.remote_addr();
            match pending.handshake().await {
                Ok(peer) => {
                    stats.joined.fetch_add(1, Ordering::Relaxed);
                    let (reader, sender) = peer.spawn_writer();
                    serve_peer(reader, sender, addr, shared, stats, log_packets).await;
                }
                Err(e) => {
                    stats.refused.fetch_add(1, Ordering::Relaxed);
                    if let Ok(mut s) = shared.lock() {
                        s.line(format_args!("refused {addr}: {e}"));
                    }
                }
            }
        });
    }
    flusher.abort();
    if let Ok(mut s) = shared.lock() {
        s.log.flush()?;
    }
    Ok(())
}

/// One peer's life: join, packets until it leaves or errs, leave.
async fn serve_peer(
    mut reader: gdvariant::multiplayer::websocket::WsReader,
    sender: WsSender,
    addr: SocketAddr,
    shared: Arc<Mutex<Shared>>,
    stats: Arc<Stats>,
    log_packets: bool,
) {
    let id = reader.id();
    let mut slow = {
        let Ok(mut s) = shared.lock() else { return };
        s.line(format_args!("peer {id} joined from {addr}"));
        s.senders.insert(id, sender.clone());
        let Shared { hub, out, .. } = &mut *s;
        hub.connect(id, out);
        s.dispatch(&stats)
    };
    let mut how = String::new();
    let reason = loop {
        if slow.contains(&id) {
            break Some(format!("peer {id}: does not read its packets (queue full)"));
        }
        // Other slow peers are closed; their own tasks then see the end of their stream.
        for other in slow.drain(..) {
            if let Some(s) = shared
                .lock()
                .ok()
                .and_then(|s| s.senders.get(&other).cloned())
            {
                tokio::spawn(async move {
                    let _ = s.close(1008, "does not read its packets").await;
                });
            }
        }
        let packet = match reader.recv().await {
            Ok(Some(packet)) => packet,
            Ok(None) => break None,
            // A client that quits without a close frame (a Godot process exiting) has
            // left; it did nothing wrong.
            Err(WsError::Io(e)) => {
                how = format!(" ({e})");
                break None;
            }
            Err(e) => break Some(format!("peer {id}: Transport: {e}")),
        };
        stats.packets.fetch_add(1, Ordering::Relaxed);
        let Ok(mut s) = shared.lock() else { break None };
        let Shared { hub, out, .. } = &mut *s;
        match hub.packet(id, &packet, log_packets, out) {
            Ok(line) => {
                let warnings = s.hub.take_warnings();
                if let Some(line) = line {
                    s.line(format_args!("{line}"));
                }
                // Logged with --quiet too: the client cannot be served as it expects.
                for warning in warnings {
                    s.line(format_args!("{warning}"));
                }
                slow = s.dispatch(&stats);
            }
            Err(e) => {
                let code = match &e {
                    hub::HubError::Packet(p) => p.kind().code(),
                    hub::HubError::Cache(_) => "PathCache",
                    hub::HubError::Protocol(_) => "Protocol",
                    hub::HubError::Write(_) => "Write",
                };
                break Some(format!("peer {id}: {code}: {e}"));
            }
        }
    };
    if let Ok(mut s) = shared.lock() {
        match &reason {
            Some(r) => {
                s.line(format_args!("disconnected {r}"));
                if let Ok(mut d) = stats.dropped.lock() {
                    d.push(r.clone());
                }
            }
            None => s.line(format_args!("peer {id} left{how}")),
        }
        s.senders.remove(&id);
        let Shared { hub, out, .. } = &mut *s;
        hub.disconnect(id, out);
        let _ = s.dispatch(&stats);
        let _ = s.log.flush();
    }
    if reason.is_some() {
        // 1008: policy violation. The writer task sends it after what is queued.
        let _ = sender.close(1008, "malformed or hostile packet").await;
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut port = 9080u16;
    let mut host = "127.0.0.1".to_string();
    let mut options = Options::default();
    let mut stats_every = 0u64;
    let usage = "usage: mp_echo_server [--port N] [--host ADDR] [--quiet] [--stats SECONDS] [--max-paths N]";
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(usage);
        match arg.as_str() {
            "--port" => port = value()?.parse()?,
            "--host" => host = value()?,
            "--quiet" => options.log_packets = false,
            "--stats" => stats_every = value()?.parse()?,
            "--max-paths" => options.cache.max_paths = value()?.parse()?,
            _ => return Err(usage.into()),
        }
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let listener = WsListener::bind((host.as_str(), port), options.ws.clone()).await?;
        println!("listening on ws://{}", listener.local_addr()?);
        io::stdout().flush()?;
        let stats = Arc::new(Stats::default());
        if stats_every > 0 {
            let stats = Arc::clone(&stats);
            tokio::spawn(async move {
                let mut last = 0;
                loop {
                    tokio::time::sleep(Duration::from_secs(stats_every)).await;
                    let packets = stats.packets.load(Ordering::Relaxed);
                    eprintln!(
                        "stats: {} joined, {} packets ({}/s), {} sent, {} dropped",
                        stats.joined.load(Ordering::Relaxed),
                        packets,
                        (packets - last) / stats_every,
                        stats.sent.load(Ordering::Relaxed),
                        stats.dropped.lock().map(|d| d.len()).unwrap_or(0)
                    );
                    last = packets;
                }
            });
        }
        serve(listener, options, Arc::new(AtomicBool::new(false)), stats).await?;
        Ok::<_, Box<dyn std::error::Error>>(())
    })
}
