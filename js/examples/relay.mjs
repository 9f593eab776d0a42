// A relay for Godot clients that send `put_var` frames in binary WebSocket messages
// (`WebSocketPeer.put_var`, or `StreamPeer.put_var` over a WebSocket bridge). Every message
// is read by gdvariant before it is forwarded: a malformed one is dropped and logged with
// the byte where it breaks, and Objects (which a client could use to make a peer build
// one) are refused. Run: node examples/relay.mjs [PORT]
import { WebSocketServer } from "ws";
import { iterFrames, toText, DecodeError } from "gdvariant";

/** What the relay accepts: Godot 4 frames, no full Objects, shallow nesting. */
const READ = { godot: 4, prefixed: true, allowObjects: false, maxDepth: 64 };

/** Starts a relay on `port` (0: any free port); `log` gets one line per message. */
export function startRelay({ port = 0, log = console.log } = {}) {
  const server = new WebSocketServer({ port });
  server.on("connection", (socket) => {
    socket.on("message", (data, isBinary) => {
      if (!isBinary) {
        socket.close(1003, "binary put_var frames only");
        return;
      }
      const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
      let texts;
      try {
        texts = [...iterFrames(bytes, { ...READ, view: true })].map((v) => v.toText());
      } catch (e) {
        if (!(e instanceof DecodeError)) throw e;
        log(`dropped ${bytes.length} bytes: ${e.code} at byte ${e.offset}`);
        return;
      }
      log(`relayed ${texts.length} frame(s): ${texts.join(" | ")}`);
      for (const peer of server.clients) {
        if (peer !== socket && peer.readyState === peer.OPEN) peer.send(bytes, { binary: true });
      }
    });
  });
  return server;
}

if (import.meta.url === new URL(process.argv[1] ?? "", "file://").href) {
  const server = startRelay({ port: Number(process.argv[2] ?? 8910) });
  server.on("listening", () => console.log(`relaying put_var frames on ws://127.0.0.1:${server.address().port}`));
}
