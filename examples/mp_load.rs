//! A load generator for `mp_echo_server`: N WebSocket clients, each calling `echo` R times a
//! second the way a Godot client does (its path announced, then the cached id once the
//! server confirms it; the server's own path confirmed back), with five typical arguments:
//! `echo(sent_at_us, Vector3, 0.75, "player_<i>", true)`. It reports the calls sent and
//! answered per second, the reply latency, and — given the server's pid — the CPU the
//! server used, from `/proc/PID/stat`.
//!
//! ```text
//! ulimit -n 8192
//! cargo run --release --example mp_echo_server --features websocket -- --port 9080 --quiet &
//! cargo run --release --example mp_load --features websocket -- \
//!     --url ws://127.0.0.1:9080 --clients 1000 --rate 100 --seconds 20 --server-pid $!
//! ```

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use gdvariant::frame::rpc::RpcValue;
use gdvariant::multiplayer::websocket::{connect, Bytes, WsConfig};
use gdvariant::multiplayer::{
    write_call, ConfirmPath, MethodTable, NodeTarget, Packet, SimplifyPath,
};

#[derive(Default)]
struct Counts {
    sent: AtomicU64,
    answered: AtomicU64,
    failed: AtomicU64,
    /// Reply latency histogram: bucket i counts latencies in [2^i, 2^(i+1)) µs.
    latency: [AtomicU64; 32],
}

fn cpu_ticks(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may hold spaces) start after the last ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    // utime and stime are fields 14 and 15 of the whole line: 11 and 12 after the name.
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()
}

fn percentile(hist: &[u64; 32], p: f64) -> u64 {
    let total: u64 = hist.iter().sum();
    let mut seen = 0;
    for (i, n) in hist.iter().enumerate() {
        seen += n;
        if total > 0 && seen as f64 >= p * total as f64 {
            return 1 << (i + 1);
        }
    }
    0
}

async fn client(
    i: usize,
    url: String,
    rate: u32,
    start: Instant,
    stop: Instant,
    counts: Arc<Counts>,
) {
    let peer = match connect(&url, WsConfig::default()).await {
        Ok(peer) => peer,
        Err(e) => {
            eprintln!("client {i}: {e}");
            counts.failed.fetch_add(1, Ordering::Relaxed);
            return;
        }
    };
    let (mut reader, sender) = peer.spawn_writer();
    let methods = MethodTable::script(["echo", "echo_reply"]);
    let checksum = methods.checksum();
    let mut announce = Vec::new();
    SimplifyPath {
        checksum: &checksum,
        id: 1,
        path: "Echo",
    }
    .encode(&mut announce)
    .unwrap();
    let _ = sender.try_send(Bytes::from(announce));
    let confirmed = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let name = format!("player_{i}");
    let ticker = {
        let (sender, confirmed, counts) =
            (sender.clone(), Arc::clone(&confirmed), Arc::clone(&counts));
        tokio::spawn(async move {
            let period = Duration::from_secs_f64(1.0 / f64::from(rate));
            // Spread the clients over one period.
            let phase = period.mul_f64((i % 997) as f64 / 997.0);
            let mut tick = tokio::time::interval_at(tokio::time::Instant::now() + phase, period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut packet = Vec::with_capacity(64);
            while Instant::now() < stop {
                tick.tick().await;
                packet.clear();
                let node = if confirmed.load(Ordering::Relaxed) {
                    NodeTarget::cached(1)
                } else {
                    NodeTarget::Path("Echo")
                };
                let sent_at = start.elapsed().as_micros() as i64;
                write_call(&mut packet, node, 0, |a| {
                    a.int(sent_at);
                    a.build(|b| b.vector3([1.5, 0.0, -3.25]))?;
                    a.build(|b| b.float(0.75))?;
                    a.build(|b| b.string(&name))?;
                    a.bool(true);
                    Ok(())
                })
                .unwrap();
                if sender.try_send(Bytes::copy_from_slice(&packet)).is_err() {
                    break;
                }
                counts.sent.fetch_add(1, Ordering::Relaxed);
            }
        })
    };
    while let Ok(Some(packet)) = reader.recv().await {
        match Packet::parse(&packet) {
            Ok(Packet::ConfirmPath(c)) if c.id == 1 => confirmed.store(true, Ordering::Relaxed),
            Ok(Packet::SimplifyPath(p)) => {
                let mut out = Vec::new();
                ConfirmPath {
                    valid: p.checksum == checksum,
                    id: p.id,
                }
                .encode(&mut out);
                let _ = sender.try_send(Bytes::from(out));
            }
            Ok(Packet::RemoteCall(call)) => {
                if let Some(RpcValue::Int(sent_at)) =
                    call.args().values().and_then(|v| v.iter().next())
                {
                    let now = start.elapsed().as_micros() as i64;
                    let us = (now - sent_at).max(1) as u64;
                    let bucket = (63 - us.leading_zeros()).min(31) as usize;
                    counts.latency[bucket].fetch_add(1, Ordering::Relaxed);
                    counts.answered.fetch_add(1, Ordering::Relaxed);
                }
            }
            _ => {}
        }
        if Instant::now() > stop + Duration::from_secs(2) {
            break;
        }
    }
    ticker.abort();
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut url = "ws://127.0.0.1:9080".to_string();
    let (mut clients, mut rate, mut seconds, mut server_pid) = (1000usize, 100u32, 20u64, None);
    let usage = "usage: mp_load [--url URL] [--clients N] [--rate CALLS_PER_S] [--seconds S] [--server-pid PID]";
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().ok_or(usage);
        match arg.as_str() {
            "--url" => url = value()?,
            "--clients" => clients = value()?.parse()?,
            "--rate" => rate = value()?.parse()?,
            "--seconds" => seconds = value()?.parse()?,
            "--server-pid" => server_pid = Some(value()?.parse::<u32>()?),
            _ => return Err(usage.into()),
        }
    }
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async move {
        let counts = Arc::new(Counts::default());
        let start = Instant::now();
        // Connect in batches, so the handshakes do not all time out together.
        let warmup = Duration::from_secs(5);
        let stop = start + warmup + Duration::from_secs(seconds);
        let mut tasks = Vec::with_capacity(clients);
        for i in 0..clients {
            tasks.push(tokio::spawn(client(i, url.clone(), rate, start, stop, Arc::clone(&counts))));
            if i % 50 == 49 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        tokio::time::sleep_until((start + warmup).into()).await;
        // The measured window.
        let ticks_per_s = 100.0; // USER_HZ on Linux
        let (sent0, answered0) = (counts.sent.load(Ordering::Relaxed), counts.answered.load(Ordering::Relaxed));
        let server0 = server_pid.and_then(cpu_ticks);
        let me0 = cpu_ticks(std::process::id());
        let hist0: Vec<u64> = counts.latency.iter().map(|a| a.load(Ordering::Relaxed)).collect();
        let t0 = Instant::now();
        tokio::time::sleep_until(stop.into()).await;
        let wall = t0.elapsed().as_secs_f64();
        let sent = counts.sent.load(Ordering::Relaxed) - sent0;
        let answered = counts.answered.load(Ordering::Relaxed) - answered0;
        let mut hist = [0u64; 32];
        for (i, h) in hist.iter_mut().enumerate() {
            *h = counts.latency[i].load(Ordering::Relaxed) - hist0[i];
        }
        println!(
            "clients {clients} (failed to connect: {}), rate {rate}/s each, window {wall:.1} s",
            counts.failed.load(Ordering::Relaxed)
        );
        println!(
            "calls sent {:.0}/s, replies {:.0}/s; reply latency p50 < {} µs, p99 < {} µs, p99.9 < {} µs",
            sent as f64 / wall,
            answered as f64 / wall,
            percentile(&hist, 0.5),
            percentile(&hist, 0.99),
            percentile(&hist, 0.999)
        );
        if let (Some(pid), Some(a)) = (server_pid, server0) {
            if let Some(b) = cpu_ticks(pid) {
                println!(
                    "server pid {pid}: {:.1}% of one core, RSS {} KiB",
                    (b - a) as f64 / ticks_per_s / wall * 100.0,
                    rss_kib(pid).unwrap_or(0)
                );
            }
        }
        if let (Some(a), Some(b)) = (me0, cpu_ticks(std::process::id())) {
            println!("this generator: {:.1}% of one core", (b - a) as f64 / ticks_per_s / wall * 100.0);
        }
        for t in tasks {
            t.abort();
        }
    });
    Ok(())
}
