//! `SceneMultiplayer` packets (`gdvariant::multiplayer`).
//!
//! Input: `[config byte][packet bytes]`. Config bits 1–3 set the value options as for every
//! target (strict, small limits, full objects refused); bit 0 and bits 4–6 are unused; bit
//! 7 leaves full objects to bit 3 instead of the multiplayer default (refused).
//!
//! Checks: `Packet::parse_with` never panics; an error's offset is inside the packet. A
//! packet that reads: every accessor and iterator walks without panicking (values are
//! walked like `parse_walk`'s), its one-line `Display` has no line break, `encode`
//! succeeds and reads back as a packet that encodes to the same bytes (idempotent), and
//! in strict mode it is the input byte for byte. The path cache takes every
//! simplify-path and confirm-path packet without panicking and within its limits.
#![no_main]

use gdvariant::multiplayer::{
    Args, CacheLimits, NodeTarget, Packet, PacketOptions, PathCache, RpcValue, Sys,
};
use gdvariant_fuzz::{walk, Config};
use libfuzzer_sys::fuzz_target;

fn values<'a>(values: impl Iterator<Item = RpcValue<'a>>, packet: &[u8]) {
    for v in values {
        if let RpcValue::Value(v) = v {
            walk(v, packet, 0);
        }
    }
}

fn visit(packet: &Packet<'_>, bytes: &[u8], cache: &mut PathCache) {
    match packet {
        Packet::RemoteCall(call) => {
            if let NodeTarget::Path(p) = call.node() {
                assert!(!p.is_empty() && !p.contains('\0'));
            }
            let _ = cache.resolve(call.node());
            match call.args() {
                Args::Values(v) => {
                    assert_eq!(v.iter().count(), v.len());
                    values(v.iter(), bytes);
                }
                Args::Bytes(b) => assert_eq!(call.args().len(), usize::from(!b.is_empty())),
            }
        }
        Packet::SimplifyPath(p) => {
            assert_eq!(p.checksum.len(), 32);
            let _ = cache.on_simplify(p);
            let (paths, held) = cache.usage();
            assert!(paths <= 4 && held <= 64);
        }
        Packet::ConfirmPath(c) => {
            let _ = cache.target(c.id, "Node");
            cache.on_confirm(c).unwrap();
        }
        Packet::Spawn(s) => {
            assert!(!s.name.is_empty());
            let _ = s.sync_ids().count();
            values(s.argument().into_iter(), bytes);
            values(s.state.iter(), bytes);
        }
        Packet::Sync(s) => {
            for e in s.entries() {
                values(e.values.iter(), bytes);
            }
        }
        Packet::Delta(d) => {
            for e in d.entries() {
                assert_eq!(e.mask.count_ones() as usize, e.values.len());
                values(e.values.iter(), bytes);
            }
        }
        Packet::Sys(Sys::Relay { inner, .. }) => {
            let (_, p) = packet
                .relayed()
                .expect("a relay's inner packet was validated");
            let at = bytes.len() - inner.len();
            // The inner views' offsets count from the inner packet.
            visit(&p, &bytes[at..], cache);
        }
        Packet::Raw(_) | Packet::Despawn(_) | Packet::Sys(_) => {}
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((config, bytes)) = Config::split(data) else {
        return;
    };
    let mut options = PacketOptions::new();
    options.values = config.options;
    if !config.extra {
        options.values.limits.allow_full_objects = false;
    }
    let packet = match Packet::parse_with(bytes, &options) {
        Ok(p) => p,
        Err(e) => {
            assert!(e.offset() <= bytes.len(), "{e} past the end");
            let _ = e.to_string();
            return;
        }
    };
    let line = packet.to_string();
    assert!(!line.contains('\n'), "{line}");
    let mut limits = CacheLimits::new();
    limits.max_paths = 4;
    limits.max_bytes = 64;
    let mut cache = PathCache::new(limits);
    visit(&packet, bytes, &mut cache);
    let again = packet.to_vec().expect("a packet read encodes");
    if options.values.strict {
        assert_eq!(again, bytes, "strict packets re-encode byte for byte");
    }
    let reread = Packet::parse_with(&again, &options).expect("an encoded packet reads");
    assert_eq!(reread.to_vec().unwrap(), again, "encoding is idempotent");
});
