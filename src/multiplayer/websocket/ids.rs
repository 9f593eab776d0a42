//! The ids of a listener's live peers: random, unique, freed when a peer is gone.

use std::collections::HashSet;
use std::io;
use std::string::ToString;
use std::sync::{Arc, Mutex, PoisonError};

use super::{PeerId, WsError};

/// The ids of a listener's live peers (in their handshake or connected).
#[derive(Debug)]
pub(super) struct IdPool {
    pub(super) live: Mutex<HashSet<PeerId>>,
    pub(super) max: Option<usize>,
}

impl IdPool {
    /// A random id in `2..=i32::MAX` that no live peer has.
    pub(super) fn reserve(self: &Arc<Self>) -> Result<IdGuard, WsError> {
        let mut live = self.live.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(max) = self.max {
            if live.len() >= max {
                return Err(WsError::TooManyPeers(max));
            }
        }
        loop {
            let random = getrandom::u32().map_err(|e| io::Error::other(e.to_string()))?;
            let Ok(id) = PeerId::try_from(random & 0x7FFF_FFFF) else {
                continue;
            };
            if id >= 2 && live.insert(id) {
                return Ok(IdGuard {
                    pool: Arc::clone(self),
                    id,
                });
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        self.live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }
}

/// A reserved id, freed when dropped.
#[derive(Debug)]
pub(super) struct IdGuard {
    pool: Arc<IdPool>,
    pub(super) id: PeerId,
}

impl Drop for IdGuard {
    fn drop(&mut self) {
        self.pool
            .live
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.id);
    }
}
