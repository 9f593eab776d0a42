//! The echo server (`examples/echo_server.rs`) against real Godot clients (issue 6).
//!
//! `godot_clients_get_transformed_replies` starts a Godot 4 server and a Godot 3 server on
//! 127.0.0.1:0 in threads, then runs a GDScript client in Godot 4.6.3, 3.2.3 and 3.6.2 (in
//! parallel). Each client sends values of every type of its dialect with
//! `StreamPeerTCP.put_var` (two packed arrays over 1 MB among them, so frames straddle TCP
//! segments and the server's 64 KiB reads), reads each reply with `get_var`, computes the
//! transformed expectation itself (ints + 1, Strings and StringNames upper-cased,
//! recursively through arrays, dictionaries and full objects' properties), compares it
//! with the reply, and prints both texts as a JSON line. The test asserts every line, the
//! type coverage and a few replies spelled out here. Meanwhile hostile clients (a 2 GB
//! prefix, a malformed value, a stalled half prefix) hit both servers: each is dropped
//! with its reason while the Godot clients are served.
//!
//! `echo_server_survives_hostile_clients` needs no engine: round trips from Rust, the
//! client cap, and memory that stays flat (`RssAnon`) under a hundred 2 GB prefixes.
//!
//! The engine test runs when `GDVARIANT_ORACLE=1` (then missing engines are a failure) or
//! when the engines are installed; otherwise it prints a SKIPPED line on stderr and passes.

#[path = "../examples/echo_server.rs"]
#[allow(dead_code)]
mod echo_server;

#[path = "support/memory.rs"]
mod memory;
mod oracle_support;
use memory::rss_anon;

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use echo_server::{ServerOptions, Stats};
use gdvariant::frame::{self, FrameOptions, FrameReader, PrefixOrder};
use gdvariant::{ContainerType, Dialect, VariantType};
use serde_json::Value;

/// The two tests measure this process's memory: they run one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

/// A 4-byte `put_var` header claiming 2 GB (Godot's own `get_var` allocates it: #99430).
const HOSTILE_PREFIX: [u8; 4] = 0x7FFF_FFF0u32.to_le_bytes();

// ---------------------------------------------------------------------------------------
// A server in a thread.

struct Server {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    stats: Arc<Stats>,
    thread: Option<thread::JoinHandle<std::io::Result<()>>>,
}

impl Server {
    fn start(options: ServerOptions) -> Server {
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

    fn drops(&self) -> Vec<String> {
        self.stats.drops.lock().unwrap().clone()
    }

    /// Stops the server and waits for it and its client threads.
    fn stop(mut self) -> Arc<Stats> {
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

fn options(dialect: Dialect) -> ServerOptions {
    ServerOptions {
        idle_timeout: Duration::from_secs(2),
        max_clients: 16,
        ..ServerOptions::new(dialect)
    }
}

/// Waits until `cond` holds (at most 10 s).
fn wait_for(what: &str, mut cond: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !cond() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        thread::sleep(Duration::from_millis(10));
    }
}

/// Reads until the server closes the connection; panics if it stays open for 10 s.
fn expect_closed(stream: &mut TcpStream, what: &str) {
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
fn hostile_client(addr: SocketAddr) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(&HOSTILE_PREFIX).unwrap();
    let _ = s.write_all(&[0xAB; 1024]);
    expect_closed(&mut s, "2 GB prefix");
}

/// A client sending one good frame, then a well-framed value of unknown type 99.
fn bad_value_client(addr: SocketAddr, dialect: Dialect) {
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

// ---------------------------------------------------------------------------------------
// Without engines.

#[test]
fn echo_server_survives_hostile_clients() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start(ServerOptions {
        max_clients: 4,
        ..options(Dialect::Godot4)
    });

    // A hundred 2 GB prefixes: each dropped at once, nothing buffered, memory flat.
    hostile_client(server.addr); // warm up the thread and allocator machinery
    wait_for("the first drop", || server.drops().len() == 1);
    let before = rss_anon();
    for _ in 0..100 {
        hostile_client(server.addr);
    }
    wait_for("100 drops", || server.drops().len() == 101);
    let after = rss_anon();
    assert!(
        after.saturating_sub(before) < 4 << 20,
        "RssAnon grew from {before} to {after} bytes"
    );
    let _ = writeln!(
        std::io::stderr(),
        "echo_server: 100 clients with a 2 GB prefix dropped, RssAnon {} -> {} KiB",
        before >> 10,
        after >> 10
    );
    assert_eq!(server.stats.peak_buffered.load(Ordering::Relaxed), 0);
    for reason in server.drops() {
        assert!(
            reason.ends_with("frame of 2147483632 bytes is over the limit of 16777216"),
            "{reason}"
        );
    }

    // A malformed value drops its client after the good frames before it are answered.
    bad_value_client(server.addr, Dialect::Godot4);
    wait_for("the bad value drop", || server.drops().len() == 102);
    assert!(server.drops()[101].contains("bad value in frame: unknown type id 0x63"));

    // A half prefix, then silence: dropped after the idle timeout.
    let mut stalled = TcpStream::connect(server.addr).unwrap();
    stalled.write_all(&[1, 0]).unwrap();
    let started = Instant::now();
    expect_closed(&mut stalled, "stalled");
    assert!(started.elapsed() >= Duration::from_millis(1500));
    wait_for("the idle drop", || server.drops().len() == 103);
    assert!(server.drops()[102].contains("idle"), "{:?}", server.drops());

    // The cap: four silent clients are served, a fifth is refused; they do not block a
    // sixth once they leave.
    let silent: Vec<TcpStream> = (0..4)
        .map(|_| TcpStream::connect(server.addr).unwrap())
        .collect();
    wait_for("4 active clients", || {
        server.stats.active.load(Ordering::SeqCst) == 4
    });
    let mut fifth = TcpStream::connect(server.addr).unwrap();
    expect_closed(&mut fifth, "over the cap");
    assert_eq!(server.stats.refused.load(Ordering::Relaxed), 1);
    drop(silent);
    wait_for("0 active clients", || {
        server.stats.active.load(Ordering::SeqCst) == 0
    });

    // A round trip of a value with every kind of transformed leaf, the frame written in
    // three pieces and a 200 KB packed array straddling the server's reads.
    let mut out = Vec::new();
    frame::write_with(&mut out, Dialect::Godot4, PrefixOrder::Little, |b| {
        let mut d = b.dictionary()?;
        d.entry("id").int(41)?;
        d.entry("name").string("abc é")?;
        d.entry_int(7).string_name("sn")?;
        let mut tags = d
            .entry("tags")
            .typed_array(ContainerType::Builtin(VariantType::String))?;
        tags.push().string("x")?;
        tags.finish()?;
        d.entry("pos").vector2([1.5, 2.5])?;
        d.entry("bytes").packed_bytes(&vec![7u8; 200_000])?;
        let mut o = d.entry("res").object("Resource")?;
        o.property("resource_name")?.string("r")?;
        o.property("count")?.int(-1)?;
        o.finish()?;
        d.finish()
    })
    .unwrap();
    let mut client = TcpStream::connect(server.addr).unwrap();
    for piece in [&out[..3], &out[3..100_000], &out[100_000..]] {
        client.write_all(piece).unwrap();
        client.flush().unwrap();
        thread::sleep(Duration::from_millis(20));
    }
    client
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut reader = FrameReader::new(&client, FrameOptions::new(Dialect::Godot4));
    let reply = reader.next_frame().unwrap().unwrap();
    let d = reply.as_dictionary().unwrap();
    assert_eq!(d.get("ID").and_then(|v| v.as_int()), Some(42));
    assert_eq!(d.get("NAME").and_then(|v| v.as_str()), Some("ABC É"));
    let sn = d.get_int(8).unwrap();
    assert_eq!(
        (sn.ty(), sn.as_str()),
        (VariantType::StringName, Some("SN"))
    );
    let tags = d.get("TAGS").unwrap().as_array().unwrap();
    assert!(tags.element_type().is_typed());
    assert_eq!(tags.get(0).and_then(|v| v.as_str()), Some("X"));
    assert_eq!(d.get("POS").unwrap().to_string(), "Vector2(1.5, 2.5)");
    let bytes = d.get("BYTES").unwrap().as_packed().unwrap();
    assert_eq!(bytes.as_u8().map(<[u8]>::len), Some(200_000));
    assert_eq!(
        d.get("RES").unwrap().to_string(),
        "Object(Resource,\"resource_name\":\"R\",\"count\":0)\n"
    );
    drop(reader);
    drop(client);

    let stats = server.stop();
    assert_eq!(stats.frames.load(Ordering::Relaxed), 2);
    let peak = stats.peak_buffered.load(Ordering::Relaxed);
    assert!((1..=out.len()).contains(&peak), "peak buffered {peak}");
}

// ---------------------------------------------------------------------------------------
// With engines.

/// A JSON line from an engine: control characters other than `\b \f \n \r \t` come
/// unescaped inside strings.
fn lenient_json(line: &str) -> Value {
    let mut fixed = String::with_capacity(line.len());
    for c in line.chars() {
        if u32::from(c) < 0x20 {
            let _ = write!(fixed, "\\u{:04x}", u32::from(c));
        } else {
            fixed.push(c);
        }
    }
    serde_json::from_str(&fixed).unwrap_or_else(|e| panic!("{e}: {line:.300}"))
}

/// What one client run printed.
struct Run {
    engine: &'static str,
    replies: Vec<Value>,
    done: Option<String>,
    log: String,
    seconds: f64,
}

fn run_client(oracle: &Path, engine: &'static str, script: &Path, port: u16, home: &Path) -> Run {
    let started = Instant::now();
    let out = Command::new("bash")
        .arg("-c")
        .arg(r#"source "$0/engines.sh" && cd "$RUN_DIR" && run_godot "$1" -s "$2""#)
        .arg(oracle)
        .arg(engine)
        .arg(script)
        .env("GODOT_ORACLE_HOME", home)
        .env("GODOT_TIMEOUT", "120")
        .env("ECHO_PORT", port.to_string())
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {engine}: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let mut replies = Vec::new();
    let mut done = None;
    let mut log = String::new();
    for line in stdout.lines() {
        if let Some(json) = line.strip_prefix("ECHO-JSON ") {
            replies.push(lenient_json(json));
        } else {
            if let Some(d) = line.strip_prefix("ECHO-DONE ") {
                done = Some(d.to_string());
            }
            let _ = writeln!(log, "{line:.300}");
        }
    }
    let _ = write!(
        log,
        "{}(exit status {})",
        String::from_utf8_lossy(&out.stderr),
        out.status
    );
    Run {
        engine,
        replies,
        done,
        log,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// Replies spelled out here, independently of the GDScript expectation.
fn spelled_out(engine: &str) -> Vec<(&'static str, &'static str)> {
    let mut rows = vec![
        ("int_41", "42"),
        ("int_minus_one", "0"),
        ("int_i32_max", "2147483648"),
        ("int_below_i32_min", "-2147483648"),
        ("int_i64_max_minus_one", "9223372036854775807"),
        ("int_i64_min", "-9223372036854775807"),
        ("string_ascii", "\"HELLO WORLD\""),
        (
            "string_unicode",
            "\"É Ñ Ü Ø 日本語 😀 👍🏽 ΑΒΓ ЖЩ Ǆ STRAßE I 𐍈\"",
        ),
        ("float_m1_5", "-1.5"),
        ("node_path", "NodePath(\"Player/Sprite:position:x\")"),
    ];
    if engine == "g4" {
        rows.extend([
            ("string_name", "&\"PLAYER_NAME\""),
            (
                "typed_array_int",
                "Array[int]([2, 3, 4, 9223372036854775807])",
            ),
            (
                "typed_array_string_name",
                "Array[StringName]([&\"X\", &\"YZ\"])",
            ),
            (
                "typed_dict_string_int",
                "Dictionary[String, int]({\n\"A\": 2,\n\"B\": -1\n})",
            ),
            (
                "array_nested",
                "[2, \"A\", [3, [\"B\", {\n\"K\": 4\n}]], {\n2: \"X\",\n\"Y\": [5]\n}, 2.5, null, \
                 true, Vector3i(1, 2, 3)]",
            ),
            (
                "object_full",
                "Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\
                 \"HELLO RES\",\"script\":null)\n",
            ),
            ("callable", "Callable()"),
        ]);
    } else {
        rows.extend([
            (
                "array_nested",
                "[ 2, \"A\", [ 3, [ \"B\", {\n\"K\": 4\n} ] ], {\n2: \"X\",\n\"Y\": [ 5 ]\n}, \
                 2.5, null, true, Vector3( 1, 2, 3 ) ]",
            ),
            (
                "object_full",
                "Object(Resource,\"resource_local_to_scene\":false,\"resource_name\":\
                 \"HELLO RES\",\"script\":null)\n",
            ),
        ]);
    }
    rows
}

/// Every failure of one run.
fn check_run(run: &Run, type_count: u64, failures: &mut Vec<String>) -> usize {
    let engine = run.engine;
    let mut fail = |msg: String| failures.push(format!("{engine}: {msg}"));
    let Some(done) = &run.done else {
        fail(format!("no ECHO-DONE line; the run's output:\n{}", run.log));
        return 0;
    };
    let expected_done = format!("cases={} types={type_count} failures=0", run.replies.len());
    if *done != expected_done {
        fail(format!(
            "ECHO-DONE {done}, expected {expected_done}\n{}",
            run.log
        ));
    }
    let mut types = BTreeSet::new();
    for r in &run.replies {
        let name = r["name"].as_str().unwrap_or("?");
        types.insert(r["sent_type"].as_u64().unwrap_or(u64::MAX));
        if r["ok"] != Value::Bool(true) {
            fail(format!("{name}: GDScript found the reply wrong"));
        }
        if r["reply"] != r["expected"] || !r["reply"].is_string() {
            fail(format!(
                "{name}: reply {:.300} != expected {:.300}",
                r["reply"], r["expected"]
            ));
        }
        if r["reply_type"] != r["sent_type"] {
            fail(format!(
                "{name}: reply type {} != {}",
                r["reply_type"], r["sent_type"]
            ));
        }
    }
    if types != (0..type_count).collect() {
        fail(format!(
            "sent types {types:?}, expected all of 0..{type_count}"
        ));
    }
    for (name, text) in spelled_out(engine) {
        match run.replies.iter().find(|r| r["name"] == name) {
            Some(r) if r["reply"] == text => {}
            Some(r) => fail(format!("{name}: reply {} is not {text:?}", r["reply"])),
            None => fail(format!("{name}: not sent")),
        }
    }
    // The big values really were big.
    for name in ["packed_byte_1_5mb", "pool_byte_1_5mb"] {
        if let Some(r) = run.replies.iter().find(|r| r["name"] == name) {
            let len = r["reply"].as_str().map_or(0, str::len);
            if len < 1 << 20 {
                fail(format!("{name}: reply text of only {len} bytes"));
            }
        }
    }
    run.replies.len()
}

#[test]
fn godot_clients_get_transformed_replies() {
    let Some(oracle) = oracle_support::gate("godot_client test") else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("godot_client");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let script4 = dir.join("client4.gd");
    let script3 = dir.join("client3.gd");
    std::fs::write(&script4, CLIENT4).unwrap();
    std::fs::write(&script3, CLIENT3).unwrap();

    // Godot 3 takes seconds to build the big arrays between two values: a long idle
    // timeout, and a short one for a frame to arrive whole (which drops the stalled
    // clients below).
    let engine_options = |dialect| ServerOptions {
        idle_timeout: Duration::from_secs(60),
        frame_timeout: Duration::from_secs(2),
        ..options(dialect)
    };
    let g4 = Server::start(engine_options(Dialect::Godot4));
    let g3 = Server::start(engine_options(Dialect::Godot3));
    let jobs: [(&'static str, &Path, u16); 3] = [
        ("g4", &script4, g4.addr.port()),
        ("g32", &script3, g3.addr.port()),
        ("g36", &script3, g3.addr.port()),
    ];
    let mut hostile = 0;
    let runs: Vec<Run> = thread::scope(|s| {
        let handles: Vec<_> = jobs
            .iter()
            .map(|&(engine, script, port)| {
                let (oracle, home) = (&oracle, dir.join(format!("home-{engine}")));
                s.spawn(move || run_client(oracle, engine, script, port, &home))
            })
            .collect();
        // While the engines run: a stalled client on each server (dropped when idle), a
        // malformed value, and 2 GB prefixes every 100 ms (at most 300 of them).
        let stalled = [g4.addr, g3.addr].map(|addr| {
            s.spawn(move || {
                let mut c = TcpStream::connect(addr).unwrap();
                c.write_all(&[0x10, 0]).unwrap();
                expect_closed(&mut c, "stalled client");
            })
        });
        bad_value_client(g4.addr, Dialect::Godot4);
        bad_value_client(g3.addr, Dialect::Godot3);
        while handles.iter().any(|h| !h.is_finished()) && hostile < 300 {
            hostile_client(g4.addr);
            hostile_client(g3.addr);
            hostile += 1;
            thread::sleep(Duration::from_millis(100));
        }
        for h in stalled {
            h.join().unwrap();
        }
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });

    let mut failures = Vec::new();
    let mut summary = String::new();
    let mut counts = Vec::new();
    for run in &runs {
        let types = if run.engine == "g4" { 39 } else { 27 };
        let n = check_run(run, types, &mut failures);
        counts.push(n);
        let _ = writeln!(
            summary,
            "godot_client {}: {n} values sent, {} replies checked, {types} types, {:.1} s",
            run.engine,
            run.replies.len(),
            run.seconds
        );
    }
    let (drops4, drops3) = (g4.drops(), g3.drops());
    let stats4 = g4.stop();
    let stats3 = g3.stop();
    for (dialect, drops, stats, expected_frames) in [
        ("g4", &drops4, &stats4, counts[0] + 1),
        ("g3", &drops3, &stats3, counts[1] + counts[2] + 1),
    ] {
        let too_large = drops
            .iter()
            .filter(|d| d.ends_with("frame of 2147483632 bytes is over the limit of 16777216"))
            .count();
        let bad = drops
            .iter()
            .filter(|d| d.contains("bad value in frame"))
            .count();
        let stalled = drops
            .iter()
            .filter(|d| d.contains("a frame took over"))
            .count();
        if (too_large, bad, stalled, drops.len()) != (hostile, 1, 1, hostile + 2) {
            failures.push(format!(
                "{dialect} server: {too_large} oversized, {bad} bad, {stalled} stalled drops \
                 of {} (expected {hostile}, 1, 1): {drops:?}",
                drops.len()
            ));
        }
        let frames = stats.frames.load(Ordering::Relaxed) as usize;
        if frames != expected_frames {
            failures.push(format!(
                "{dialect} server answered {frames} frames, not {expected_frames}"
            ));
        }
        let peak = stats.peak_buffered.load(Ordering::Relaxed);
        // The biggest frame (a dictionary holding the 1.5 MB array) straddled many reads;
        // nothing near the 2 GB the hostile prefixes claimed was ever buffered.
        if !(64 << 10..4 << 20).contains(&peak) {
            failures.push(format!("{dialect} server: peak buffered {peak} bytes"));
        }
        let _ = writeln!(
            summary,
            "godot_client {dialect} server: {frames} frames answered, {} clients, {} dropped \
             ({too_large} for a 2 GB prefix), peak buffered {peak} bytes",
            stats.accepted.load(Ordering::Relaxed),
            stats.dropped.load(Ordering::Relaxed),
        );
    }
    let _ = writeln!(
        summary,
        "godot_client: {:.1} s, files in {}",
        started.elapsed().as_secs_f64(),
        dir.display()
    );
    let _ = std::io::stderr().write_all(summary.as_bytes());
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

// ---------------------------------------------------------------------------------------
// The GDScript clients (written to files at run time).

/// Godot 4 client: `ECHO_PORT=N godot --headless -s client4.gd`.
const CLIENT4: &str = r#"# Echo client for Godot 4: ECHO_PORT=N godot --headless -s client4.gd
# Sends values of every type with StreamPeerTCP.put_var, reads each reply with get_var and
# checks it against the transformed expectation (ints + 1, Strings and StringNames
# upper-cased, recursively; the rest unchanged). One ECHO-JSON line per value.
extends SceneTree

var peer := StreamPeerTCP.new()
var failures := 0
var node: Node
var rid: RID

func fail(msg: String) -> void:
	failures += 1
	print("ECHO-FAIL " + msg)

# The transformed expectation of `v`, built independently of the server.
func expect(v, full: bool):
	match typeof(v):
		TYPE_INT:
			return v + 1
		TYPE_STRING:
			return v.to_upper()
		TYPE_STRING_NAME:
			return StringName(String(v).to_upper())
		TYPE_ARRAY:
			var out := Array([], v.get_typed_builtin(), v.get_typed_class_name(), v.get_typed_script())
			if v.is_typed() and v.get_typed_builtin() == TYPE_OBJECT and not full:
				# objects go as ids: the engine writes the element class as EncodedObjectAsID
				out = Array([], TYPE_OBJECT, &"EncodedObjectAsID", null)
			for x in v:
				out.append(expect(x, full))
			return out
		TYPE_DICTIONARY:
			var out := Dictionary({}, v.get_typed_key_builtin(), v.get_typed_key_class_name(), v.get_typed_key_script(), v.get_typed_value_builtin(), v.get_typed_value_class_name(), v.get_typed_value_script())
			for k in v:
				out[expect(k, full)] = expect(v[k], full)
			return out
		TYPE_OBJECT:
			if v == null:
				return null
			if not full:
				var e := EncodedObjectAsID.new()
				e.set_object_id(v.get_instance_id())
				return e
			var o = ClassDB.instantiate(v.get_class())
			for p in v.get_property_list():
				if p.usage & PROPERTY_USAGE_STORAGE:
					o.set(p.name, expect(v.get(p.name), full))
			return o
		TYPE_CALLABLE:
			return Callable() # the wire holds no more than the type of a Callable
		_:
			return v

# Deep equality that also holds for Godot 4 types `==` does not compare by value.
func same(a, b) -> bool:
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_FLOAT:
			return a == b or (is_nan(a) and is_nan(b))
		TYPE_ARRAY:
			if a.size() != b.size() or a.get_typed_builtin() != b.get_typed_builtin() or a.get_typed_class_name() != b.get_typed_class_name():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_DICTIONARY:
			if a.size() != b.size() or a.get_typed_key_builtin() != b.get_typed_key_builtin() or a.get_typed_value_builtin() != b.get_typed_value_builtin():
				return false
			var ka: Array = a.keys()
			var kb: Array = b.keys()
			for i in ka.size():
				if not same(ka[i], kb[i]) or not same(a[ka[i]], b[kb[i]]):
					return false
			return true
		TYPE_OBJECT:
			if a == null or b == null:
				return a == b
			return a.get_class() == b.get_class() and var_to_str(a) == var_to_str(b)
		TYPE_SIGNAL:
			return a.get_name() == b.get_name() and a.get_object_id() == b.get_object_id()
		TYPE_CALLABLE:
			return a.is_null() == b.is_null() and var_to_str(a) == var_to_str(b)
		TYPE_RID:
			return a.get_id() == b.get_id()
		_:
			return a == b

func cases() -> Array:
	var c := []
	# name, value, full_objects
	c.append(["nil", null, false])
	c.append(["bool_true", true, false])
	c.append(["bool_false", false, false])
	c.append(["int_zero", 0, false])
	c.append(["int_minus_one", -1, false])
	c.append(["int_41", 41, false])
	c.append(["int_i32_max", 2147483647, false])
	c.append(["int_below_i32_min", -2147483649, false])
	c.append(["int_2p40", 1 << 40, false])
	c.append(["int_i64_max_minus_one", 9223372036854775806, false])
	c.append(["int_i64_min", -9223372036854775807 - 1, false])
	c.append(["float_zero", 0.0, false])
	c.append(["float_neg_zero", -0.0, false])
	c.append(["float_m1_5", -1.5, false])
	c.append(["float_0_1", 0.1, false])
	c.append(["float_1e300", 1e300, false])
	c.append(["float_inf", INF, false])
	c.append(["float_neg_inf", -INF, false])
	c.append(["float_nan", NAN, false])
	c.append(["string_empty", "", false])
	c.append(["string_ascii", "hello world", false])
	c.append(["string_unicode", "é ñ ü ø 日本語 😀 👍🏽 αβγ жщ ǆ straße ı 𐍈", false])
	c.append(["string_escapes", "quote \" backslash \\ newline \n tab \t end", false])
	c.append(["string_name", &"player_name", false])
	c.append(["string_name_unicode", &"größe_ñ", false])
	c.append(["vector2", Vector2(1.5, -2.25), false])
	c.append(["vector2i", Vector2i(3, -4), false])
	c.append(["rect2", Rect2(1, 2, 3, 4), false])
	c.append(["rect2i", Rect2i(-1, -2, 30, 40), false])
	c.append(["vector3", Vector3(0.1, 0.2, 0.3), false])
	c.append(["vector3i", Vector3i(7, 8, 9), false])
	c.append(["transform2d", Transform2D(0.5, Vector2(3, 4)), false])
	c.append(["vector4", Vector4(1, 2, 3, 4), false])
	c.append(["vector4i", Vector4i(-1, 0, 1, 2147483647), false])
	c.append(["plane", Plane(Vector3(0, 1, 0), 5), false])
	c.append(["quaternion", Quaternion(0.1, 0.2, 0.3, 0.9), false])
	c.append(["aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), false])
	c.append(["basis", Basis(Vector3(0, 1, 0), 0.5), false])
	c.append(["transform3d", Transform3D(Basis(Vector3(1, 0, 0), 0.25), Vector3(7, 8, 9)), false])
	c.append(["projection", Projection.create_perspective(60, 1.5, 0.1, 100), false])
	c.append(["color", Color(0.1, 0.2, 0.3, 0.4), false])
	c.append(["node_path", NodePath("Player/Sprite:position:x"), false])
	c.append(["node_path_absolute", NodePath("/root/Main"), false])
	c.append(["rid", rid, false])
	c.append(["rid_empty", RID(), false])
	c.append(["object_as_id", node, false])
	c.append(["object_full", make_resource("hello res"), true])
	c.append(["callable", Callable(node, "queue_free"), false])
	c.append(["signal", Signal(node, "tree_entered"), false])
	c.append(["dict_empty", {}, false])
	c.append(["dict_mixed_keys", {"name": "bob", 7: "seven", "inner": {"deep": [1, 2, &"sn"], 3: -3}, Vector2(1, 2): "vec key", &"sname": 5}, false])
	c.append(["array_empty", [], false])
	c.append(["array_nested", [1, "a", [2, ["b", {"k": 3}]], {1: "x", "y": [4]}, 2.5, null, true, Vector3i(1, 2, 3)], false])
	c.append(["array_with_object_ids", [node, 5, "x"], false])
	c.append(["array_with_full_objects", [make_resource("in array"), make_resource("Two")], true])
	var ti: Array[int] = [1, 2, 3, 9223372036854775806]
	c.append(["typed_array_int", ti, false])
	var ts: Array[String] = ["a", "bé", ""]
	c.append(["typed_array_string", ts, false])
	var tsn: Array[StringName] = [&"x", &"yz"]
	c.append(["typed_array_string_name", tsn, false])
	var tv: Array[Vector2] = [Vector2(1, 2)]
	c.append(["typed_array_vector2", tv, false])
	var tn: Array[Node] = [node]
	c.append(["typed_array_node_as_id", tn, false])
	var td: Dictionary[String, int] = {"a": 1, "b": -2}
	c.append(["typed_dict_string_int", td, false])
	var tdv: Dictionary[int, Variant] = {1: "one", 2: [2]}
	c.append(["typed_dict_int_variant", tdv, false])
	c.append(["packed_byte", PackedByteArray([0, 1, 2, 254, 255]), false])
	c.append(["packed_int32", PackedInt32Array([1, -1, 2147483647]), false])
	c.append(["packed_int64", PackedInt64Array([1, -1, 9223372036854775807]), false])
	c.append(["packed_float32", PackedFloat32Array([0.5, -1.25, 3.0]), false])
	c.append(["packed_float64", PackedFloat64Array([0.1, 1e300, -0.0]), false])
	c.append(["packed_string", PackedStringArray(["a", "", "日本"]), false])
	c.append(["packed_vector2", PackedVector2Array([Vector2(1, 2), Vector2(3, 4)]), false])
	c.append(["packed_vector3", PackedVector3Array([Vector3(1, 2, 3)]), false])
	c.append(["packed_color", PackedColorArray([Color(1, 0, 0, 1), Color(0.1, 0.2, 0.3, 0.4)]), false])
	c.append(["packed_vector4", PackedVector4Array([Vector4(1, 2, 3, 4)]), false])
	var big := PackedByteArray()
	big.resize(1536 * 1024)
	for i in big.size():
		big[i] = (i * 7 + (i >> 10)) & 255
	c.append(["packed_byte_1_5mb", big, false])
	var bigf := PackedFloat32Array()
	bigf.resize(300000)
	for i in bigf.size():
		bigf[i] = i * 0.5 - 1000.0
	c.append(["packed_float32_1_2mb", bigf, false])
	c.append(["dict_with_big_arrays", {"bytes": big, "n": 1, "name": "big"}, false])
	return c

# The first 200 characters of a long text (the test only reads the replies in full).
func short(text: String) -> String:
	return text if text.length() <= 4096 else text.substr(0, 200) + "...(%d characters)" % text.length()

func make_resource(name: String) -> Resource:
	var r := Resource.new()
	r.resource_name = name
	return r

func _init():
	print("ECHO-ENGINE %s" % Engine.get_version_info()["string"])
	node = Node.new()
	rid = PhysicsServer3D.body_create()
	var code := run()
	PhysicsServer3D.free_rid(rid)
	node.free()
	quit(code)

func run() -> int:
	var all := cases() # built before connecting: Godot 3 takes seconds for the big arrays
	var port := int(OS.get_environment("ECHO_PORT"))
	if peer.connect_to_host("127.0.0.1", port) != OK:
		print("ECHO-FAIL connect_to_host")
		return 2
	var deadline := Time.get_ticks_msec() + 10000
	peer.poll()
	while peer.get_status() == StreamPeerTCP.STATUS_CONNECTING and Time.get_ticks_msec() < deadline:
		OS.delay_msec(5)
		peer.poll()
	if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("ECHO-FAIL not connected: status %d" % peer.get_status())
		return 3
	peer.set_no_delay(true)
	var sent_types := {}
	for c in all:
		var name: String = c[0]
		var value = c[1]
		var full: bool = c[2]
		var expected = expect(value, full)
		sent_types[typeof(value)] = true
		peer.put_var(value, full)
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			fail("%s: disconnected after put_var" % name)
			return 4
		deadline = Time.get_ticks_msec() + 20000
		peer.poll()
		while peer.get_available_bytes() < 4 and peer.get_status() == StreamPeerTCP.STATUS_CONNECTED and Time.get_ticks_msec() < deadline:
			OS.delay_msec(1)
			peer.poll()
		if peer.get_available_bytes() < 4:
			fail("%s: no reply (status %d)" % [name, peer.get_status()])
			return 5
		var reply = peer.get_var(full)
		var ok := same(reply, expected) and var_to_str(reply) == var_to_str(expected)
		if not ok:
			fail(name)
		print("ECHO-JSON " + JSON.stringify({"name": name, "sent_type": typeof(value), "reply_type": typeof(reply), "full_objects": full, "ok": ok, "sent": short(var_to_str(value)), "reply": var_to_str(reply), "expected": var_to_str(expected)}))
	print("ECHO-DONE cases=%d types=%d failures=%d" % [all.size(), sent_types.size(), failures])
	peer.disconnect_from_host()
	return 0 if failures == 0 else 1
"#;

/// Godot 3 client (3.2.3 and 3.6.2): `ECHO_PORT=N godot3-server -s client3.gd`.
const CLIENT3: &str = r#"# Echo client for Godot 3 (3.2.3 and 3.6.2): ECHO_PORT=N godot3-server -s client3.gd
# Sends values of every type with StreamPeerTCP.put_var, reads each reply with get_var and
# checks it against the transformed expectation (ints + 1, Strings upper-cased,
# recursively; the rest unchanged). One ECHO-JSON line per value.
extends SceneTree

var peer = StreamPeerTCP.new()
var failures = 0
var node
var rid

func fail(msg):
	failures += 1
	print("ECHO-FAIL " + msg)

# The transformed expectation of `v`, built independently of the server.
func expect(v, full):
	match typeof(v):
		TYPE_INT:
			return v + 1
		TYPE_STRING:
			return v.to_upper()
		TYPE_ARRAY:
			var out = []
			for x in v:
				out.append(expect(x, full))
			return out
		TYPE_DICTIONARY:
			var out = {}
			for k in v:
				out[expect(k, full)] = expect(v[k], full)
			return out
		TYPE_OBJECT:
			if v == null:
				return null
			if not full:
				var e = EncodedObjectAsID.new()
				e.set_object_id(v.get_instance_id())
				return e
			var o = ClassDB.instance(v.get_class())
			for p in v.get_property_list():
				if p.usage & PROPERTY_USAGE_STORAGE:
					o.set(p.name, expect(v.get(p.name), full))
			return o
		TYPE_RID:
			return RID() # Godot 3 writes no RID data: it reads back empty
		_:
			return v

# Deep equality (Godot 3 compares dictionaries by reference, NaN to nothing).
func same(a, b):
	if typeof(a) != typeof(b):
		return false
	match typeof(a):
		TYPE_REAL:
			return a == b or (is_nan(a) and is_nan(b))
		TYPE_ARRAY:
			if a.size() != b.size():
				return false
			for i in a.size():
				if not same(a[i], b[i]):
					return false
			return true
		TYPE_DICTIONARY:
			if a.size() != b.size():
				return false
			var ka = a.keys()
			var kb = b.keys()
			for i in ka.size():
				if not same(ka[i], kb[i]) or not same(a[ka[i]], b[kb[i]]):
					return false
			return true
		TYPE_OBJECT:
			if a == null or b == null:
				return a == b
			return a.get_class() == b.get_class() and var2str(a) == var2str(b)
		TYPE_RID:
			return a.get_id() == b.get_id()
		_:
			return a == b

func cases():
	var c = []
	# name, value, full_objects
	c.append(["nil", null, false])
	c.append(["bool_true", true, false])
	c.append(["bool_false", false, false])
	c.append(["int_zero", 0, false])
	c.append(["int_minus_one", -1, false])
	c.append(["int_41", 41, false])
	c.append(["int_i32_max", 2147483647, false])
	c.append(["int_below_i32_min", -2147483649, false])
	c.append(["int_2p40", 1 << 40, false])
	c.append(["int_i64_max_minus_one", 9223372036854775806, false])
	c.append(["int_i64_min", -9223372036854775807 - 1, false])
	c.append(["float_zero", 0.0, false])
	c.append(["float_m1_5", -1.5, false])
	c.append(["float_0_1", 0.1, false])
	c.append(["float_1e300", 1e300, false])
	c.append(["float_inf", INF, false])
	c.append(["float_neg_inf", -INF, false])
	c.append(["float_nan", NAN, false])
	c.append(["string_empty", "", false])
	c.append(["string_ascii", "hello world", false])
	c.append(["string_unicode", "é ñ ü ø 日本語 😀 👍🏽 αβγ жщ ǆ straße ı 𐍈", false])
	c.append(["string_escapes", "quote \" backslash \\ newline \n tab \t end", false])
	c.append(["vector2", Vector2(1.5, -2.25), false])
	c.append(["rect2", Rect2(1, 2, 3, 4), false])
	c.append(["vector3", Vector3(0.1, 0.2, 0.3), false])
	c.append(["transform2d", Transform2D(0.5, Vector2(3, 4)), false])
	c.append(["plane", Plane(Vector3(0, 1, 0), 5), false])
	c.append(["quat", Quat(0.1, 0.2, 0.3, 0.9), false])
	c.append(["aabb", AABB(Vector3(1, 2, 3), Vector3(4, 5, 6)), false])
	c.append(["basis", Basis(Vector3(0, 1, 0), 0.5), false])
	c.append(["transform", Transform(Basis(Vector3(1, 0, 0), 0.25), Vector3(7, 8, 9)), false])
	c.append(["color", Color(0.1, 0.2, 0.3, 0.4), false])
	c.append(["node_path", NodePath("Player/Sprite:position:x"), false])
	c.append(["node_path_absolute", NodePath("/root/Main"), false])
	c.append(["rid", rid, false])
	c.append(["object_as_id", node, false])
	c.append(["object_full", make_resource("hello res"), true])
	c.append(["dict_empty", {}, false])
	c.append(["dict_mixed_keys", {"name": "bob", 7: "seven", "inner": {"deep": [1, 2, "sn"], 3: -3}, Vector2(1, 2): "vec key"}, false])
	c.append(["array_empty", [], false])
	c.append(["array_nested", [1, "a", [2, ["b", {"k": 3}]], {1: "x", "y": [4]}, 2.5, null, true, Vector3(1, 2, 3)], false])
	c.append(["array_with_object_ids", [node, 5, "x"], false])
	c.append(["array_with_full_objects", [make_resource("in array"), make_resource("Two")], true])
	c.append(["pool_byte", PoolByteArray([0, 1, 2, 254, 255]), false])
	c.append(["pool_int", PoolIntArray([1, -1, 2147483647]), false])
	c.append(["pool_real", PoolRealArray([0.5, -1.25, 3.0]), false])
	c.append(["pool_string", PoolStringArray(["a", "", "日本"]), false])
	c.append(["pool_vector2", PoolVector2Array([Vector2(1, 2), Vector2(3, 4)]), false])
	c.append(["pool_vector3", PoolVector3Array([Vector3(1, 2, 3)]), false])
	c.append(["pool_color", PoolColorArray([Color(1, 0, 0, 1), Color(0.1, 0.2, 0.3, 0.4)]), false])
	var big = PoolByteArray()
	big.resize(1536 * 1024)
	for i in big.size():
		big[i] = (i * 7 + (i >> 10)) & 255
	c.append(["pool_byte_1_5mb", big, false])
	var bigf = PoolRealArray()
	bigf.resize(300000)
	for i in bigf.size():
		bigf[i] = i * 0.5 - 1000.0
	c.append(["pool_real_1_2mb", bigf, false])
	c.append(["dict_with_big_arrays", {"bytes": big, "n": 1, "name": "big"}, false])
	return c

# The first 200 characters of a long text (the test only reads the replies in full).
func short(text):
	return text if text.length() <= 4096 else text.substr(0, 200) + "...(%d characters)" % text.length()

func make_resource(name):
	var r = Resource.new()
	r.resource_name = name
	return r

func _init():
	print("ECHO-ENGINE %s" % Engine.get_version_info()["string"])
	node = Node.new()
	rid = PhysicsServer.body_create()
	var code = run()
	PhysicsServer.free_rid(rid)
	node.free()
	quit(code)

func run():
	var all = cases() # built before connecting: Godot 3 takes seconds for the big arrays
	var port = int(OS.get_environment("ECHO_PORT"))
	if peer.connect_to_host("127.0.0.1", port) != OK:
		print("ECHO-FAIL connect_to_host")
		return 2
	var deadline = OS.get_ticks_msec() + 10000
	while peer.get_status() == StreamPeerTCP.STATUS_CONNECTING and OS.get_ticks_msec() < deadline:
		OS.delay_msec(5)
	if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
		print("ECHO-FAIL not connected: status %d" % peer.get_status())
		return 3
	peer.set_no_delay(true)
	var sent_types = {}
	for c in all:
		var name = c[0]
		var value = c[1]
		var full = c[2]
		var expected = expect(value, full)
		sent_types[typeof(value)] = true
		peer.put_var(value, full)
		if peer.get_status() != StreamPeerTCP.STATUS_CONNECTED:
			fail("%s: disconnected after put_var" % name)
			return 4
		deadline = OS.get_ticks_msec() + 20000
		while peer.get_available_bytes() < 4 and peer.get_status() == StreamPeerTCP.STATUS_CONNECTED and OS.get_ticks_msec() < deadline:
			OS.delay_msec(1)
		if peer.get_available_bytes() < 4:
			fail("%s: no reply (status %d)" % [name, peer.get_status()])
			return 5
		var reply = peer.get_var(full)
		var ok = same(reply, expected) and var2str(reply) == var2str(expected)
		if not ok:
			fail(name)
		print("ECHO-JSON " + JSON.print({"name": name, "sent_type": typeof(value), "reply_type": typeof(reply), "full_objects": full, "ok": ok, "sent": short(var2str(value)), "reply": var2str(reply), "expected": var2str(expected)}))
	print("ECHO-DONE cases=%d types=%d failures=%d" % [all.size(), sent_types.size(), failures])
	peer.disconnect_from_host()
	return 0 if failures == 0 else 1
"#;
