//! The path cache of one peer, as a small state machine with limits
//! (`SceneCacheInterface`'s `PeerInfo` and `NodeCache`).
//!
//! Ids are per direction: the ids a peer gives its nodes (in its simplify-path packets)
//! are its own, and the ids we give ours are ours. A [`PathCache`] holds both for one
//! peer: the peer's paths, bounded by [`CacheLimits`], and the confirmation state of each
//! of our ids.

use alloc::boxed::Box;
use alloc::collections::BTreeMap;

use super::call::NodeTarget;
use super::path::{ConfirmPath, SimplifyPath};

/// What one peer may make us hold. The engine has no limits; these defaults are far above
/// what a scene needs (a scene with 300 networked nodes caches 300 paths of a few dozen
/// bytes) and keep a hostile peer to about 1 MiB.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct CacheLimits {
    /// Most paths a peer may cache with us. Default 16,384.
    pub max_paths: usize,
    /// Longest path, in bytes. Default 4,096.
    pub max_path_len: usize,
    /// Most bytes of paths, all together. Default 1 MiB.
    pub max_bytes: usize,
}

impl CacheLimits {
    /// The defaults.
    pub const fn new() -> Self {
        CacheLimits {
            max_paths: 16_384,
            max_path_len: 4_096,
            max_bytes: 1 << 20,
        }
    }
}

impl Default for CacheLimits {
    fn default() -> Self {
        CacheLimits::new()
    }
}

/// Why the path cache refused a packet or a lookup.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CacheError {
    /// The peer named a second path with an id it already used (the engine refuses it and
    /// sends no confirmation).
    #[error("path id {0} is already cached for this peer")]
    DuplicateId(u32),
    /// The peer would cache more paths than [`CacheLimits::max_paths`].
    #[error("the peer would cache more than {0} paths")]
    TooManyPaths(usize),
    /// A path longer than [`CacheLimits::max_path_len`].
    #[error("path of {0} bytes is over the limit")]
    PathTooLong(usize),
    /// The peer's paths would take more than [`CacheLimits::max_bytes`].
    #[error("the peer's paths would take more than {0} bytes")]
    TooManyBytes(usize),
    /// A packet names a cached id the peer never sent.
    #[error("path id {0} was never cached by this peer")]
    UnknownId(u32),
    /// The peer confirmed an id of ours we never sent it.
    #[error("path id {0} was confirmed but never sent")]
    NotSent(u32),
}

/// How to name one of our nodes to this peer, from [`PathCache::target`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outgoing<'p> {
    /// Send a [`SimplifyPath`] for the node first (the first time only).
    pub simplify: bool,
    /// The node target to put in the packet: the path until the peer confirms, then the
    /// id in its smallest width.
    pub node: NodeTarget<'p>,
}

/// One peer's path cache: its paths (bounded) and the state of ours.
///
/// ```
/// use gdvariant::multiplayer::{ConfirmPath, NodeTarget, PathCache, SimplifyPath};
///
/// let mut cache = PathCache::default();
/// // The peer names its node "Echo" with its id 1 ...
/// let checksum = "0123456789abcdef0123456789abcdef";
/// cache.on_simplify(&SimplifyPath { checksum, id: 1, path: "Echo" })?;
/// assert_eq!(cache.resolve(NodeTarget::cached(1))?, "Echo");
/// // ... and we name ours with our id 7: path first, the id once confirmed.
/// let first = cache.target(7, "Echo");
/// assert!(first.simplify && first.node == NodeTarget::Path("Echo"));
/// assert!(!cache.target(7, "Echo").simplify);
/// cache.on_confirm(&ConfirmPath { valid: true, id: 7 })?;
/// assert_eq!(cache.target(7, "Echo").node, NodeTarget::cached(7));
/// # Ok::<(), gdvariant::multiplayer::CacheError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct PathCache {
    limits: CacheLimits,
    received: BTreeMap<u32, Box<str>>,
    bytes: usize,
    /// Our ids sent to the peer: `true` once confirmed.
    sent: BTreeMap<u32, bool>,
}

impl PathCache {
    /// An empty cache with `limits`.
    pub fn new(limits: CacheLimits) -> Self {
        PathCache {
            limits,
            ..PathCache::default()
        }
    }

    /// Takes the peer's simplify-path: remembers its path under its id. Refused (and
    /// nothing held) over the limits or for an id the peer already used. O(log n) and
    /// one allocation of the path's size.
    pub fn on_simplify(&mut self, packet: &SimplifyPath<'_>) -> Result<(), CacheError> {
        let len = packet.path.len();
        if len > self.limits.max_path_len {
            return Err(CacheError::PathTooLong(len));
        }
        if self.received.contains_key(&packet.id) {
            return Err(CacheError::DuplicateId(packet.id));
        }
        if self.received.len() >= self.limits.max_paths {
            return Err(CacheError::TooManyPaths(self.limits.max_paths));
        }
        if self.bytes.saturating_add(len) > self.limits.max_bytes {
            return Err(CacheError::TooManyBytes(self.limits.max_bytes));
        }
        self.received.insert(packet.id, packet.path.into());
        self.bytes += len;
        Ok(())
    }

    /// The path the peer cached under `id`.
    pub fn path(&self, id: u32) -> Option<&str> {
        self.received.get(&id).map(|p| &**p)
    }

    /// The path a packet's node target names: a cached id looked up, or the path
    /// itself.
    pub fn resolve<'s>(&'s self, node: NodeTarget<'s>) -> Result<&'s str, CacheError> {
        match node {
            NodeTarget::Path(path) => Ok(path),
            NodeTarget::Cached { id, .. } => self.path(id).ok_or(CacheError::UnknownId(id)),
        }
    }

    /// How many paths the peer cached, and their bytes.
    pub fn usage(&self) -> (usize, usize) {
        (self.received.len(), self.bytes)
    }

    /// How to name our node `path`, whose id (ours, shared by all peers) is `id`, in a
    /// packet to this peer. The first call says to send a [`SimplifyPath`] first and marks
    /// it sent; until the peer confirms, the node goes by its path; then by its id.
    pub fn target<'p>(&mut self, id: u32, path: &'p str) -> Outgoing<'p> {
        match self.sent.get(&id) {
            Some(true) => Outgoing {
                simplify: false,
                node: NodeTarget::cached(id),
            },
            Some(false) => Outgoing {
                simplify: false,
                node: NodeTarget::Path(path),
            },
            None => {
                self.sent.insert(id, false);
                Outgoing {
                    simplify: true,
                    node: NodeTarget::Path(path),
                }
            }
        }
    }

    /// Takes the peer's confirmation of one of our ids. Refused for an id we never sent
    /// it (the engine's `ERR_FAIL`).
    pub fn on_confirm(&mut self, packet: &ConfirmPath) -> Result<(), CacheError> {
        match self.sent.get_mut(&packet.id) {
            Some(confirmed) => {
                *confirmed = true;
                Ok(())
            }
            None => Err(CacheError::NotSent(packet.id)),
        }
    }
}
