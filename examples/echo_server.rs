//! A TCP echo server speaking Godot's `StreamPeer` framing (`put_var` / `get_var`: a u32
//! little-endian length, then one encoded value). Each frame is answered with a
//! transformed copy of its value: every `int` plus one, every `String` and `StringName`
//! upper-cased, recursively through arrays, dictionaries (keys and values) and full
//! objects' property values; everything else (floats, math types, NodePaths, RIDs,
//! objects sent as ids, Callables, Signals, packed arrays, …) is copied unchanged.
//!
//! The reply is written straight from the parsed view with the [`Builder`]: no owned tree
//! is made, untouched leaves (a 1 MB packed array, say) are one `memcpy` each.
//!
//! `cargo run --example echo_server -- --port 0 --godot 4` prints
//! `listening on 127.0.0.1:PORT` and serves until killed. It binds to 127.0.0.1 only.
//!
//! Robustness: one thread per client, at most `max_clients` at once (more are refused);
//! a prefix over the frame limit or a malformed value drops that client (reason on
//! stderr) and nothing else; a client that sends nothing for `idle_timeout`, or that does
//! not read its replies for `write_timeout`, or takes over `frame_timeout` to send one
//! frame, is dropped. Memory per client is bounded by one frame (the decoder's buffer, at
//! most `max_frame` + 4 bytes) plus the replies to one read (about the frame's size: upper
//! case can lengthen a few characters' UTF-8) plus the 64 KiB read buffer. Upper-casing
//! two dictionary keys to the same key leaves both pairs on the wire; Godot keeps the
//! last.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use gdvariant::frame::{self, FrameDecoder, FrameOptions};
use gdvariant::{BuildError, Builder, Dialect, ObjectRef, VariantRef, VariantType};

/// How the server runs.
#[derive(Clone, Copy, Debug)]
pub struct ServerOptions {
    /// Dialect, prefix byte order, frame size limit and parse limits.
    pub frame: FrameOptions,
    /// Most clients served at once; a connection beyond that is closed at once.
    pub max_clients: usize,
    /// A client that sends nothing for this long is dropped.
    pub idle_timeout: Duration,
    /// A client that does not take a reply within this long is dropped.
    pub write_timeout: Duration,
    /// A frame must arrive whole within this long of its first byte (a client trickling
    /// one byte at a time is dropped).
    pub frame_timeout: Duration,
}

impl ServerOptions {
    /// 64 clients, frames up to [`frame::DEFAULT_MAX_FRAME`] (16 MiB), 30 s idle timeout,
    /// 10 s write timeout, 60 s per frame.
    pub fn new(dialect: Dialect) -> Self {
        ServerOptions {
            frame: FrameOptions::new(dialect),
            max_clients: 64,
            idle_timeout: Duration::from_secs(30),
            write_timeout: Duration::from_secs(10),
            frame_timeout: Duration::from_secs(60),
        }
    }
}

/// Counters a running server updates (for logs and tests).
#[derive(Debug, Default)]
pub struct Stats {
    /// Connections accepted and served.
    pub accepted: AtomicU64,
    /// Connections refused because `max_clients` were being served.
    pub refused: AtomicU64,
    /// Clients being served now.
    pub active: AtomicUsize,
    /// Frames answered.
    pub frames: AtomicU64,
    /// Clients dropped for a bad frame, a timeout or an I/O error.
    pub dropped: AtomicU64,
    /// The most bytes any client's decoder ever held for an incomplete frame.
    pub peak_buffered: AtomicUsize,
    /// Why each dropped client was dropped (`"ADDR: reason"`), oldest first.
    pub drops: Mutex<Vec<String>>,
}

/// How often blocked reads and the accept loop look at the stop flag.
const TICK: Duration = Duration::from_millis(50);
/// Size of each read from a client.
const CHUNK: usize = 64 << 10;

/// Writes the transformed copy of `v`: ints plus one, Strings and StringNames upper-cased,
/// recursing into arrays, dictionaries and full objects; other values copied as they are.
pub fn transform(v: VariantRef<'_>, b: Builder<'_>) -> Result<(), BuildError> {
    match v.ty() {
        VariantType::Int => b.int(v.as_int().unwrap_or(0).wrapping_add(1)),
        VariantType::String => b.string(&upper(v.as_str().unwrap_or(""))),
        VariantType::StringName => b.string_name(&upper(v.as_str().unwrap_or(""))),
        VariantType::Array => match v.as_array() {
            Some(array) => {
                let mut out = b.typed_array(array.element_type().as_deref())?;
                for item in array.iter() {
                    transform(item, out.push())?;
                }
                out.finish()
            }
            None => b.value(v),
        },
        VariantType::Dictionary => match v.as_dictionary() {
            Some(dict) => {
                let mut out =
                    b.typed_dictionary(dict.key_type().as_deref(), dict.value_type().as_deref())?;
                for (key, value) in dict.iter() {
                    transform(value, out.try_entry_with(|k| transform(key, k))?)?;
                }
                out.finish()
            }
            None => b.value(v),
        },
        VariantType::Object => match v.as_object() {
            Some(ObjectRef::Full(object)) => {
                let mut out = b.object(object.class().as_str())?;
                for (name, value) in object.properties() {
                    transform(value, out.property(name.as_str())?)?;
                }
                out.finish()
            }
            _ => b.value(v),
        },
        _ => b.value(v),
    }
}

/// Upper-cases `text` character by character, as Godot's `String.to_upper` does (the
/// simple case mapping: a character whose upper case is several characters, such as `ß`,
/// is kept).
pub fn upper(text: &str) -> String {
    text.chars()
        .map(|c| {
            let mut up = c.to_uppercase();
            match (up.next(), up.next()) {
                (Some(u), None) => u,
                _ => c,
            }
        })
        .collect()
}

/// Serves clients from `listener` until `stop` is set, then waits for the client threads
/// to finish (each notices `stop` within [`TICK`]).
pub fn serve(
    listener: TcpListener,
    options: ServerOptions,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
) -> io::Result<()> {
    listener.set_nonblocking(true)?;
    let mut clients: Vec<thread::JoinHandle<()>> = Vec::new();
    while !stop.load(Ordering::Relaxed) {
        match listener.accept() {
            Ok((stream, peer)) => {
                clients.retain(|c| !c.is_finished());
                if stats.active.load(Ordering::SeqCst) >= options.max_clients {
                    stats.refused.fetch_add(1, Ordering::Relaxed);
                    eprintln!(
                        "echo_server: {peer}: refused, {} clients",
                        options.max_clients
                    );
                    let _ = stream.shutdown(Shutdown::Both);
                    continue;
                }
                stats.accepted.fetch_add(1, Ordering::Relaxed);
                stats.active.fetch_add(1, Ordering::SeqCst);
                let (client_stop, client_stats) = (Arc::clone(&stop), Arc::clone(&stats));
                let spawned = thread::Builder::new()
                    .name(format!("client {peer}"))
                    .stack_size(8 << 20) // transform recurses up to Godot's 1024 levels
                    .spawn(move || {
                        let stats = client_stats;
                        if let Err(reason) = client(stream, options, &client_stop, &stats) {
                            stats.dropped.fetch_add(1, Ordering::Relaxed);
                            eprintln!("echo_server: {peer}: dropped: {reason}");
                            if let Ok(mut drops) = stats.drops.lock() {
                                drops.push(format!("{peer}: {reason}"));
                            }
                        }
                        stats.active.fetch_sub(1, Ordering::SeqCst);
                    });
                match spawned {
                    Ok(handle) => clients.push(handle),
                    Err(e) => {
                        stats.active.fetch_sub(1, Ordering::SeqCst);
                        eprintln!("echo_server: {peer}: no thread: {e}");
                    }
                }
            }
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => thread::sleep(TICK / 5),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            // A connection reset before it was accepted, out of descriptors, …: keep going.
            Err(e) => {
                eprintln!("echo_server: accept: {e}");
                thread::sleep(TICK);
            }
        }
    }
    for c in clients {
        let _ = c.join();
    }
    Ok(())
}

/// Serves one client until it disconnects (`Ok`) or must be dropped (`Err(reason)`).
fn client(
    mut stream: TcpStream,
    options: ServerOptions,
    stop: &AtomicBool,
    stats: &Stats,
) -> Result<(), String> {
    stream.set_nonblocking(false).map_err(|e| e.to_string())?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(TICK))
        .map_err(|e| e.to_string())?;
    stream
        .set_write_timeout(Some(options.write_timeout))
        .map_err(|e| e.to_string())?;
    let dialect = options.frame.dialect;
    let order = options.frame.order;
    let mut decoder = FrameDecoder::new(options.frame);
    let mut chunk = vec![0u8; CHUNK];
    let mut replies = Vec::new();
    let mut last_data = Instant::now();
    // When the frame now buffered in the decoder began.
    let mut partial_since: Option<Instant> = None;
    loop {
        if stop.load(Ordering::Relaxed) {
            return Ok(());
        }
        if partial_since.is_some_and(|t| t.elapsed() >= options.frame_timeout) {
            return Err(format!(
                "a frame took over {:?} ({} bytes buffered)",
                options.frame_timeout,
                decoder.buffered()
            ));
        }
        let n = match stream.read(&mut chunk) {
            Ok(0) if decoder.buffered() == 0 => return Ok(()),
            Ok(0) => {
                return Err(format!(
                    "disconnected inside a frame ({} bytes buffered)",
                    decoder.buffered()
                ))
            }
            Ok(n) => n,
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                if last_data.elapsed() >= options.idle_timeout {
                    return Err(format!("idle for {:?}", options.idle_timeout));
                }
                continue;
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("read: {e}")),
        };
        last_data = Instant::now();
        let mut failure: Option<String> = None;
        let mut completed = false;
        replies.clear();
        decoder.feed(chunk.get(..n).unwrap_or(&[]), |f| {
            completed = true;
            if failure.is_some() {
                return;
            }
            match f {
                Ok(value) => {
                    match frame::write_with(&mut replies, dialect, order, |b| transform(value, b)) {
                        Ok(()) => {
                            stats.frames.fetch_add(1, Ordering::Relaxed);
                        }
                        Err(e) => failure = Some(format!("cannot answer a frame: {e}")),
                    }
                }
                Err(e) => failure = Some(e.to_string()),
            }
        });
        stats
            .peak_buffered
            .fetch_max(decoder.buffered(), Ordering::Relaxed);
        partial_since = match (decoder.buffered(), completed) {
            (0, _) => None,
            (_, true) => Some(last_data), // a new frame began in this chunk
            (_, false) => partial_since.or(Some(last_data)),
        };
        // Replies to the good frames before a bad one are still sent.
        if !replies.is_empty() {
            stream
                .write_all(&replies)
                .map_err(|e| format!("write: {e}"))?;
        }
        if replies.capacity() > 4 * CHUNK {
            replies = Vec::new(); // give back a big reply's memory
        }
        if let Some(reason) = failure {
            let _ = stream.shutdown(Shutdown::Both);
            return Err(reason);
        }
    }
}

/// Binds 127.0.0.1:`port` (0: any free port).
pub fn bind(port: u16) -> io::Result<TcpListener> {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], port)))
}

#[allow(dead_code)] // not called when a test includes this file as a module
fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut port = 0u16;
    let mut dialect = Dialect::Godot4;
    let mut max_frame = frame::DEFAULT_MAX_FRAME;
    let mut max_clients = 64usize;
    let mut args = std::env::args().skip(1);
    let usage = "usage: echo_server [--port N] [--godot 3|4] [--max-frame BYTES] [--max-clients N]";
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(usage);
        match arg.as_str() {
            "--port" => port = value()?.parse()?,
            "--godot" => {
                dialect = match value()?.as_str() {
                    "3" => Dialect::Godot3,
                    "4" => Dialect::Godot4,
                    _ => return Err(usage.into()),
                }
            }
            "--max-frame" => max_frame = value()?.parse()?,
            "--max-clients" => max_clients = value()?.parse()?,
            _ => return Err(usage.into()),
        }
    }
    let mut options = ServerOptions::new(dialect);
    options.frame.max_frame = max_frame;
    options.max_clients = max_clients;
    let listener = bind(port)?;
    println!("listening on {}", listener.local_addr()?);
    io::stdout().flush()?;
    serve(
        listener,
        options,
        Arc::new(AtomicBool::new(false)),
        Arc::new(Stats::default()),
    )?;
    Ok(())
}
