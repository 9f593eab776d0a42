// The README's JavaScript examples, run: the relay forwards valid put_var frames and drops
// malformed ones; the Worker answers saves with JSON and errors with their offset.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import WebSocket from "ws";
import { dumps, loads, pack, equal } from "gdvariant";
import { startRelay } from "./relay.mjs";

const here = fileURLToPath(new URL(".", import.meta.url));

function opened(ws) {
  return new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
}

test("the relay forwards valid put_var frames and drops malformed ones", async () => {
  const log = [];
  const server = startRelay({ log: (line) => log.push(line) });
  await new Promise((resolve) => server.once("listening", resolve));
  const url = `ws://127.0.0.1:${server.address().port}`;
  const a = new WebSocket(url);
  const b = new WebSocket(url);
  await Promise.all([opened(a), opened(b)]);
  const received = [];
  b.on("message", (data) => received.push(new Uint8Array(data)));
  const frames = new Uint8Array([...dumps(new Map([["x", 1.5]]), { prefixed: true }), ...dumps("hi", { prefixed: true })]);
  a.send(frames);
  const broken = dumps("cut short", { prefixed: true }).subarray(0, 10);
  a.send(broken);
  a.send(frames);
  while (received.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.deepEqual(received[0], frames);
  assert.deepEqual(received[1], frames);
  assert.equal(log[0], 'relayed 2 frame(s): {\n"x": 1.5\n} | "hi"');
  assert.match(log[1], /^dropped 10 bytes: ERR_UNEXPECTED_END at byte 0$/);
  const closed = new Promise((resolve) => a.once("close", (code) => resolve(code)));
  a.send("text");
  assert.equal(await closed, 1003);
  b.close();
  server.close();
});

test("the Worker answers a save with its JSON, and a damaged one with 422 and the offset", () => {
  const save = pack(dumps(new Map([["hp", 10]]), { prefixed: true }), { password: "hunter2" });
  const script = `
    import worker from "./worker.mjs";
    const call = async (body, query = "", headers = {}) => {
      const r = await worker.fetch(new Request("https://worker.example/" + query, { method: "POST", body, headers }));
      return [r.status, await r.text()];
    };
    const save = Buffer.from(${JSON.stringify(Buffer.from(save).toString("base64"))}, "base64");
    console.log(JSON.stringify([
      await call(save, "", { "x-godot-password": "hunter2" }),
      await call(save, "?plain", { "x-godot-password": "hunter2" }),
      await call(save, "?text", { "x-godot-password": "hunter2" }),
      await call(save),
      await call(Buffer.from(${JSON.stringify(Buffer.from(dumps(new Map([["hp", 10]]), { prefixed: true }).subarray(0, 20)).toString("base64"))}, "base64")),
      [(await worker.fetch(new Request("https://worker.example/"))).status, ""],
    ]));
  `;
  const out = execFileSync(process.execPath, ["--import", "./wasm-module-hooks.mjs", "--input-type=module", "-e", script], { cwd: here, encoding: "utf8" });
  const [lossless, plain, text, locked, damaged, get] = JSON.parse(out);
  assert.deepEqual(lossless, [200, '{"Dictionary":[["hp",10]]}']);
  assert.deepEqual(plain, [200, '{"hp":10}']);
  assert.deepEqual(text, [200, '{\n"hp": 10\n}\n']);
  assert.equal(locked[0], 422);
  assert.equal(JSON.parse(locked[1]).code, "ERR_NEEDS_KEY");
  assert.equal(damaged[0], 422);
  assert.deepEqual([JSON.parse(damaged[1]).code, JSON.parse(damaged[1]).offset], ["ERR_UNEXPECTED_END", 0]);
  assert.equal(get[0], 405);
  assert.ok(equal(loads(dumps(1)), 1));
});
