//! The TCP echo server of `examples/echo_server.rs` in a thread, and the hostile clients
//! that hit it: shared by its hostile-client test (`tests/servers.rs`) and its Godot-client
//! engine test (`tests/engines/godot_client.rs`). The including crate declares the example
//! as `echo_server`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::echo_server::{self, ServerOptions, Stats};
use gdvariant::frame::{self, FrameOptions, FrameReader, PrefixOrder};
use gdvariant::Dialect;

/// A 4-byte `put_var` header claiming 2 GB (Godot's own `get_var` allocates it: #99430).
pub const HOSTILE_PREFIX: [u8; 4] = 0x7FFF_FFF0u32.to_le_bytes();

pub struct Server {
    pub addr: SocketAddr,
    pub stop: Arc<AtomicBool>,
    pub stats: Arc<Stats>,
    thread: Option<thread::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    pub fn start(options: ServerOptions) -> Server {
        let listener = echo_server::bind(0).unwrap();
        let addr = listener.local_addr().unwrap();
        assert!(addr.ip().is_loopback());
        let stop = Arc::new(AtomicBool::new(false));
        let stats = Arc::new(Stats::default());
        let thread = {
            let (stop, stats) = (Arc::clone(&stop), Arc::clone(&stats));
            thread::spawn(move || echo_server::serve(listener, options, stop, stats))
        };
        Server {
            addr,
            stop,
            stats,
            thread: Some(thread),
        }
    }

    pub fn drops(&self) -> Vec<String> {
        self.stats.drops.lock().unwrap().clone()
    }

    /// Stops the server and waits for it and its client threads.
    pub fn stop(mut self) -> Arc<Stats> {
        self.stop.store(true, Ordering::Relaxed);
        let started = Instant::now();
        self.thread.take().unwrap().join().unwrap().unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the server stops promptly"
        );
        Arc::clone(&self.stats)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
    }
}

pub fn options(dialect: Dialect) -> ServerOptions {
    ServerOptions {
        idle_timeout: Duration::from_secs(2),
        max_clients: 16,
        ..ServerOptions::new(dialect)
    }
}

/// Waits until `cond` holds (at most 10 s).
pub fn wait_for(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        thread::sleep(Duration::from_millis(10));
    }
}

/// Reads until the server closes the connection; panics if it stays open for 10 s.
pub fn expect_closed(stream: &mut TcpStream, what: &str) {
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut sink = [0u8; 4096];
    loop {
        match stream.read(&mut sink) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return,
            Err(e) => panic!("{what}: the server did not close the connection: {e}"),
        }
    }
}

/// A client sending a 2 GB prefix (and junk after it): it must be dropped at once.
pub fn hostile_client(addr: SocketAddr) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(&HOSTILE_PREFIX).unwrap();
    let _ = s.write_all(&[0xAB; 1024]);
    expect_closed(&mut s, "2 GB prefix");
}

/// A client sending one good frame, then a well-framed value of unknown type 99.
pub fn bad_value_client(addr: SocketAddr, dialect: Dialect) {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut out = Vec::new();
    frame::write_with(&mut out, dialect, PrefixOrder::Little, |b| b.int(1)).unwrap();
    out.extend_from_slice(&[8, 0, 0, 0, 99, 0, 0, 0, 0, 0, 0, 0]);
    s.write_all(&out).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut reader = FrameReader::new(s.try_clone().unwrap(), FrameOptions::new(dialect));
    let reply = reader.next_frame().unwrap().unwrap();
    assert_eq!(reply.as_int(), Some(2), "the good frame before is answered");
    drop(reader);
    expect_closed(&mut s, "bad value");
}
