//! `examples/mp_echo_server.rs` in a thread, with its log in memory: shared by its
//! hostile-peer test (`tests/servers.rs`) and its Godot-client engine tests
//! (`tests/engines/mp_echo_server_clients.rs`). The including crate declares the example as
//! `mp_echo_server`.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;

use crate::mp_echo_server::{self, Options, Stats};
use gdvariant::multiplayer::websocket::WsListener;

pub struct Server {
    pub addr: SocketAddr,
    pub stop: Arc<AtomicBool>,
    pub stats: Arc<Stats>,
    pub log: Arc<Mutex<Vec<u8>>>,
    thread: Option<thread::JoinHandle<()>>,
}

impl Server {
    pub fn start(mut options: Options) -> Server {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let stop = Arc::new(AtomicBool::new(false));
        let stats = Arc::new(Stats::default());
        let log = Arc::new(Mutex::new(Vec::new()));
        options.log_to = Some(Arc::clone(&log));
        let thread = {
            let (stop, stats) = (Arc::clone(&stop), Arc::clone(&stats));
            thread::spawn(move || {
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                    .unwrap();
                runtime.block_on(async move {
                    let ws = options.ws.clone();
                    let listener = WsListener::from_std(listener, ws).unwrap();
                    mp_echo_server::serve(listener, options, stop, stats)
                        .await
                        .unwrap();
                });
            })
        };
        Server {
            addr,
            stop,
            stats,
            log,
            thread: Some(thread),
        }
    }

    pub fn url(&self) -> String {
        format!("ws://{}", self.addr)
    }

    pub fn log(&self) -> String {
        String::from_utf8_lossy(&self.log.lock().unwrap()).into_owned()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}
