//! Our `WsListener` (feature `websocket`) against a real Godot 4.6.3 client: the
//! GDScript in `tests/fixtures/multiplayer/ws_client/` joins with
//! `WebSocketMultiplayerPeer.create_client` under a `SceneMultiplayer`, must report the id
//! we gave it, sends `send_bytes("hello")` (which reaches us as a relayed broadcast,
//! `07 03 00000000 03 68656c6c6f`), and must print the RAW packet we send back
//! (`03 737276`, "srv", from peer 1).
//!
//! Ignored in plain `cargo test`; `tools/engines/test.sh` runs it.

use crate::support;

use std::fmt::Write as _;
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use gdvariant::multiplayer::websocket::{WsConfig, WsListener};

/// What the client sends first: SYS RELAY to everyone (0) of RAW "hello".
const RELAYED_HELLO: &[u8] = &[7, 3, 0, 0, 0, 0, 3, b'h', b'e', b'l', b'l', b'o'];
/// What we send: RAW "srv".
const OUR_RAW: &[u8] = &[3, b's', b'r', b'v'];

/// What the server side saw.
#[derive(Debug)]
struct Served {
    id: i32,
    packets: Vec<Vec<u8>>,
    /// How the connection ended after our packet.
    end: String,
}

/// Accepts one client, reads until the relayed RAW packet, answers with ours, then reads
/// until the connection ends.
async fn serve(listener: WsListener) -> Result<Served, String> {
    let limit = Duration::from_secs(60);
    let mut peer = tokio::time::timeout(limit, listener.accept())
        .await
        .map_err(|_| "no client within 60 s".to_string())?
        .map_err(|e| format!("accept: {e}"))?;
    let id = peer.id();
    let mut packets = Vec::new();
    loop {
        let packet = tokio::time::timeout(limit, peer.recv())
            .await
            .map_err(|_| format!("no packet within 60 s; got {packets:02x?}"))?
            .map_err(|e| format!("recv: {e}; got {packets:02x?}"))?
            .ok_or_else(|| format!("closed before the RAW packet; got {packets:02x?}"))?;
        packets.push(packet.to_vec());
        if packet.starts_with(&[7, 3]) {
            break;
        }
    }
    peer.send(OUR_RAW).await.map_err(|e| format!("send: {e}"))?;
    let end = loop {
        match tokio::time::timeout(limit, peer.recv()).await {
            Ok(Ok(Some(packet))) => packets.push(packet.to_vec()),
            Ok(Ok(None)) => break "closed with a close frame".to_string(),
            Ok(Err(e)) => break format!("error: {e}"),
            Err(_) => break "still open after 60 s".to_string(),
        }
    };
    Ok(Served { id, packets, end })
}

fn run_client(oracle: &Path, project: &Path, url: &str, home: &Path) -> (String, String) {
    let out = support::godot(oracle, "g4", home, 90)
        .arg("--path")
        .arg(project)
        .args(["-s", "res://client.gd", "--"])
        .arg(format!("--url={url}"))
        .output()
        .unwrap_or_else(|e| panic!("cannot run g4: {e}"));
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut log = stdout.clone();
    let _ = write!(
        log,
        "{}(exit status {})",
        String::from_utf8_lossy(&out.stderr),
        out.status
    );
    (stdout, log)
}

#[test]
#[ignore = "needs the Godot engines: tools/engines/install.sh, then tools/engines/test.sh"]
fn godot_client_joins_our_listener() {
    let oracle = support::require(&["g4"]);
    let started = Instant::now();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("multiplayer_ws_godot");
    let _ = std::fs::remove_dir_all(&dir);
    let project = dir.join("project");
    std::fs::create_dir_all(&project).unwrap();
    let fixtures =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/multiplayer/ws_client");
    for file in ["project.godot", "client.gd"] {
        std::fs::copy(fixtures.join(file), project.join(file)).unwrap();
    }

    let std_listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}", std_listener.local_addr().unwrap());
    let server = thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let listener = WsListener::from_std(std_listener, WsConfig::default())
                .map_err(|e| format!("listen: {e}"))?;
            serve(listener).await
        })
    });
    let (stdout, log) = run_client(&oracle, &project, &url, &dir.join("home"));
    let served = server
        .join()
        .unwrap()
        .unwrap_or_else(|e| panic!("server: {e}\nGodot's output:\n{log}"));

    let lines: Vec<&str> = stdout
        .lines()
        .filter(|l| l.starts_with("WS-CLIENT"))
        .collect();
    assert!(served.id >= 2, "{served:?}");
    assert!(
        lines.contains(&format!("WS-CLIENT connected, my id = {}", served.id).as_str()),
        "the client must report our id {}:\n{log}",
        served.id
    );
    assert_eq!(
        served.packets.first().map(Vec::as_slice),
        Some(RELAYED_HELLO),
        "{served:02x?}\n{log}"
    );
    assert!(
        lines.contains(&"WS-CLIENT raw from 1: 737276"),
        "the client must print our RAW packet:\n{log}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("WS-CLIENT done raw=true")),
        "{log}"
    );
    eprintln!(
        "multiplayer_ws_godot: Godot 4.6.3 joined as {}, {} packet(s) from it, then {} ({:.1} s)",
        served.id,
        served.packets.len(),
        served.end,
        started.elapsed().as_secs_f64()
    );
}
