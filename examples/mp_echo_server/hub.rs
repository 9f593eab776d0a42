//! The server side of `SceneMultiplayer` for `mp_echo_server`, with no I/O: peers join and
//! leave, packets come in, packets go out. What Godot's server does with
//! `server_relay` on (the default), for a scene with one node, `/root/Echo`, whose RPC
//! methods are `echo` and `echo_reply`:
//!
//! - a joining peer gets `ADD_PEER` for everyone already there, and they get one for it;
//!   a leaving peer's `DEL_PEER` goes to everyone left;
//! - a simplify-path naming `Echo` is cached (within the [`CacheLimits`]) and confirmed,
//!   with the checksum compared to ours; a path to a node we do not have is neither,
//!   as in the engine. A checksum that differs from ours means the client's `Echo`
//!   declares other `@rpc` methods, so its method ids are not ours: that, a confirmation
//!   of our path that reports the mismatch, and a call of a method id that is not `echo`
//!   are each reported once per peer ([`Hub::take_warnings`]), with both checksums and
//!   our method list;
//! - `echo(args…)` on `Echo` is answered with `echo_reply(args…)` to the caller, the
//!   arguments copied as they came (our own path announced first, then our cached id once
//!   the caller confirms it);
//! - a relay is forwarded as the engine forwards it: to one peer (dropped if it is not
//!   connected), or to everyone but the sender and one excluded peer, and then also run
//!   here unless the server was the one excluded.
//!
//! Anything malformed (a packet that does not decode, a cache flood, a confirmation of
//! nothing, SYS commands only a server sends) is an error for that peer, which the caller
//! disconnects; the others are not affected.

use std::collections::{BTreeMap, BTreeSet};

use gdvariant::multiplayer::{
    write_call_with_args_of, write_relay_header, CacheError, CacheLimits, ConfirmPath, MethodTable,
    Packet, PacketError, PacketOptions, PathCache, PeerId, RemoteCall, SimplifyPath, Sys,
    WriteError,
};

/// The one node: its path under the multiplayer root, and our path-cache id for it.
pub const ECHO_PATH: &str = "Echo";
const ECHO_ID: u32 = 1;

/// Why a peer is disconnected.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// A packet that does not decode.
    #[error("malformed packet: {0}")]
    Packet(#[from] PacketError),
    /// The path cache refused it (a flood, an unknown id, a confirmation of nothing).
    #[error("path cache: {0}")]
    Cache(#[from] CacheError),
    /// A SYS packet a client never sends (add or remove peer, authentication data: this
    /// server asks for none).
    #[error("a client sent {0}")]
    Protocol(&'static str),
    /// A reply could not be written (cannot happen with a cached or plain path).
    #[error("reply: {0}")]
    Write(#[from] WriteError),
}

/// One packet to send: to whom, and its bytes.
pub type Outbound = (PeerId, Vec<u8>);

/// Counters, for the log and the tests.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Packets read.
    pub packets: u64,
    /// `echo` calls answered.
    pub echoes: u64,
    /// Packets relayed (once per destination).
    pub relayed: u64,
}

/// The server's state: the connected peers and their path caches.
pub struct Hub {
    peers: BTreeMap<PeerId, PathCache>,
    limits: CacheLimits,
    options: PacketOptions,
    methods: MethodTable,
    checksum: String,
    echo: u16,
    echo_reply: u16,
    /// What was reported about each peer's methods (the kinds of [`Warning`]).
    warned: BTreeSet<(PeerId, Warning)>,
    /// Reports not yet taken ([`Hub::take_warnings`]).
    warnings: Vec<String>,
    /// Counters.
    pub counts: Counts,
}

/// What a peer's packets tell about its `Echo` node's methods, each reported once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Warning {
    /// Its SIMPLIFY_PATH for `Echo` carried another checksum than ours.
    Checksum,
    /// It confirmed our path to `Echo` with `valid = false`.
    Confirm,
    /// It called a method id on `Echo` that is not `echo`.
    Method,
}

impl Hub {
    /// A server with no peers; each peer's path cache gets `limits`.
    pub fn new(limits: CacheLimits) -> Hub {
        let methods = MethodTable::script(["echo", "echo_reply"]);
        Hub {
            peers: BTreeMap::new(),
            limits,
            options: PacketOptions::new(),
            checksum: methods.checksum(),
            echo: methods.id("echo").unwrap_or(0),
            echo_reply: methods.id("echo_reply").unwrap_or(1),
            methods,
            warned: BTreeSet::new(),
            warnings: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// How many peers are connected.
    pub fn peers(&self) -> usize {
        self.peers.len()
    }

    /// Paths and bytes held for `peer`'s cache.
    pub fn usage(&self, peer: PeerId) -> Option<(usize, usize)> {
        self.peers.get(&peer).map(PathCache::usage)
    }

    /// `peer` joined: the peer-list packets to send.
    pub fn connect(&mut self, peer: PeerId, out: &mut Vec<Outbound>) {
        for &other in self.peers.keys() {
            out.push((other, sys(Sys::AddPeer(peer))));
            out.push((peer, sys(Sys::AddPeer(other))));
        }
        self.peers.insert(peer, PathCache::new(self.limits));
    }

    /// `peer` left (or was disconnected): the peer-list packets to send.
    pub fn disconnect(&mut self, peer: PeerId, out: &mut Vec<Outbound>) {
        self.warned.retain(|&(p, _)| p != peer);
        if self.peers.remove(&peer).is_some() {
            for &other in self.peers.keys() {
                out.push((other, sys(Sys::RemovePeer(peer))));
            }
        }
    }

    /// A packet from `from`: what to send, and the packet's one-line log (`None` when
    /// `log` is false). An error means: disconnect `from`.
    pub fn packet(
        &mut self,
        from: PeerId,
        bytes: &[u8],
        log: bool,
        out: &mut Vec<Outbound>,
    ) -> Result<Option<String>, HubError> {
        let packet = Packet::parse_with(bytes, &self.options)?;
        self.counts.packets += 1;
        let line = log.then(|| format!("from {from}: {packet}"));
        match packet {
            Packet::Sys(Sys::Relay { peer, inner }) => self.relay(from, peer, inner, out)?,
            Packet::Sys(Sys::Auth([])) => {}
            Packet::Sys(Sys::Auth(_)) => return Err(HubError::Protocol("authentication data")),
            Packet::Sys(Sys::AddPeer(_)) => return Err(HubError::Protocol("ADD_PEER")),
            Packet::Sys(Sys::RemovePeer(_)) => return Err(HubError::Protocol("DEL_PEER")),
            Packet::Sys(_) => return Err(HubError::Protocol("an unknown SYS command")),
            direct => self.run(from, &direct, out)?,
        }
        Ok(line)
    }

    /// Runs a packet addressed to the server (directly or relayed to everyone).
    fn run(
        &mut self,
        from: PeerId,
        packet: &Packet<'_>,
        out: &mut Vec<Outbound>,
    ) -> Result<(), HubError> {
        let Some(cache) = self.peers.get_mut(&from) else {
            return Ok(());
        };
        match packet {
            // The engine caches and confirms paths to nodes it has, and only those.
            Packet::SimplifyPath(p) if p.path == ECHO_PATH => {
                cache.on_simplify(p)?;
                let valid = p.checksum == self.checksum;
                let mut reply = Vec::with_capacity(6);
                ConfirmPath { valid, id: p.id }.encode(&mut reply);
                out.push((from, reply));
                if !valid {
                    let theirs = p.checksum.to_string();
                    self.warn(from, Warning::Checksum, |ours| {
                        format!(
                            "the client's checksum of its Echo node is {theirs}, ours is {ours}"
                        )
                    });
                }
            }
            Packet::ConfirmPath(c) => {
                cache.on_confirm(c)?;
                if !c.valid {
                    self.warn(from, Warning::Confirm, |ours| {
                        format!("the client found our checksum {ours} for Echo not its own")
                    });
                }
            }
            Packet::RemoteCall(call) => {
                let path = cache.resolve(call.node())?;
                if path == ECHO_PATH && call.method() == self.echo {
                    self.reply(from, call, out)?;
                } else if path == ECHO_PATH {
                    let id = call.method();
                    let name = self.methods.name(id).unwrap_or("none of ours").to_string();
                    self.warn(from, Warning::Method, |_| {
                        format!(
                            "the client called method id {id} on Echo ({name} here), not \
                             echo: not answered"
                        )
                    });
                }
            }
            // Raw bytes, spawns and syncs from a client: this scene has no spawner or
            // synchronizer; they are logged only.
            _ => {}
        }
        Ok(())
    }

    /// Answers `echo(args…)` with `echo_reply(args…)`.
    fn reply(
        &mut self,
        to: PeerId,
        call: &RemoteCall<'_>,
        out: &mut Vec<Outbound>,
    ) -> Result<(), HubError> {
        let Some(cache) = self.peers.get_mut(&to) else {
            return Ok(());
        };
        let target = cache.target(ECHO_ID, ECHO_PATH);
        if target.simplify {
            let mut announce = Vec::with_capacity(48);
            SimplifyPath {
                checksum: &self.checksum,
                id: ECHO_ID,
                path: ECHO_PATH,
            }
            .encode(&mut announce)?;
            out.push((to, announce));
        }
        let mut reply = Vec::with_capacity(call_len(call) + 16);
        write_call_with_args_of(&mut reply, call, target.node, self.echo_reply)?;
        out.push((to, reply));
        self.counts.echoes += 1;
        Ok(())
    }

    /// A client's relay: `dest > 0` one peer; otherwise everyone but the sender and
    /// `-dest`, and the server itself unless `dest == -1`.
    fn relay(
        &mut self,
        from: PeerId,
        dest: PeerId,
        inner: &[u8],
        out: &mut Vec<Outbound>,
    ) -> Result<(), HubError> {
        let forward = |to: PeerId, out: &mut Vec<Outbound>| {
            let mut packet = Vec::with_capacity(6 + inner.len());
            write_relay_header(&mut packet, from);
            packet.extend_from_slice(inner);
            out.push((to, packet));
        };
        if dest > 0 {
            if dest != from && self.peers.contains_key(&dest) {
                forward(dest, out);
                self.counts.relayed += 1;
            }
            return Ok(());
        }
        let excluded = dest.checked_neg().unwrap_or(0);
        for &to in self.peers.keys() {
            if to != from && to != excluded {
                forward(to, out);
                self.counts.relayed += 1;
            }
        }
        if dest != -1 {
            // Validated with the relay: this parse does not fail.
            let packet = Packet::parse_with(inner, &self.options)?;
            self.run(from, &packet, out)?;
        }
        Ok(())
    }

    /// The method table of `Echo`, for logs.
    pub fn methods(&self) -> &MethodTable {
        &self.methods
    }

    /// What the peers' packets told about their `Echo` nodes since the last call, one line
    /// each (`peer 2: RPC method mismatch on Echo: …`), for the log. Each kind is reported
    /// once per peer.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// Reports `what` (given our checksum) about `peer`, unless it was reported already.
    fn warn(&mut self, peer: PeerId, kind: Warning, what: impl FnOnce(&str) -> String) {
        if !self.warned.insert((peer, kind)) {
            return;
        }
        let ours: Vec<String> = self
            .methods
            .iter()
            .map(|(name, id)| format!("{name}={id}"))
            .collect();
        self.warnings.push(format!(
            "peer {peer}: RPC method mismatch on Echo: {}. Our Echo's @rpc methods, by id: \
             {} (the checksum is the md5 of their names in id order). The client's Echo must \
             declare exactly these @rpc methods and no other: the ids are indexes in the \
             sorted list of names, so another method makes its calls and our replies name \
             different methods (docs/multiplayer.md: the client's node)",
            what(&self.checksum),
            ours.join(", ")
        ));
    }
}

fn call_len(call: &RemoteCall<'_>) -> usize {
    match call.args() {
        gdvariant::multiplayer::Args::Bytes(b) => b.len(),
        gdvariant::multiplayer::Args::Values(v) => v.bytes().len(),
    }
}

fn sys(packet: Sys<'_>) -> Vec<u8> {
    let mut out = Vec::with_capacity(6);
    // Add and remove peer always encode.
    let _ = packet.encode(&mut out);
    out
}
