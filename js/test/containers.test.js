// Compressed and encrypted saves the engines wrote (tests/fixtures/containers): every
// value reads as the engine's text, containerOf names the container, a wrong password
// and a missing one are DecodeErrors with the crate's code, and an edit is written back
// in the same container with the same secret.
import { test } from "node:test";
import assert from "node:assert/strict";
import { iterFrames, loads, containerOf, unpack, pack, edit, toText, dumps, DecodeError } from "../src/index.js";
import { readFixture, readFixtureText } from "./common.js";

const ENGINES = { g32: [3, "3.2"], g36: [3, "3.6"], g4: [4, "4"] };

async function containerCases() {
  const out = [];
  for (const [engine, [godot, style]] of Object.entries(ENGINES)) {
    const lines = (await readFixtureText(`containers/${engine}/cases.jsonl`)).split("\n").filter((l) => l.trim());
    for (const line of lines) {
      const c = JSON.parse(line);
      const data = await readFixture(`containers/${engine}/${c.file}`);
      out.push({ ...c, engine, godot, style, data, id: `${engine}/${c.file}` });
    }
  }
  return out;
}

/** The reader options that open case `c`. */
function secretOf(c) {
  if (c.mode === "pass") return { password: c.secret };
  if (c.mode === "key" || c.mode === "key_iv") return { key: c.secret.split(":")[0] };
  if (c.container === "raw_compress" && c.mode === "fastlz") return { decompress: "fastlz" };
  return {};
}

const CASES = await containerCases();

test("every container the engines wrote reads as the engine's text", () => {
  assert.ok(CASES.length >= 100, `${CASES.length} files`);
  for (const c of CASES) {
    const texts = [...iterFrames(c.data, { godot: c.godot, ...secretOf(c), view: true })].map((v) => v.toText({ style: c.style }));
    assert.deepEqual(texts, c.texts, c.id);
  }
});

test("containerOf names what wraps each file, without a key", () => {
  for (const c of CASES) {
    const found = containerOf(c.data, c.mode === "fastlz" && c.container === "raw_compress" ? { decompress: "fastlz" } : {});
    if (c.container === "compressed") assert.deepEqual([found.container, found.compress], ["compressed", c.mode], c.id);
    else if (c.container === "encrypted") assert.deepEqual(found, { container: "encrypted", godot: c.godot }, c.id);
    else assert.deepEqual([found.container, found.compress], ["stream", c.mode], c.id);
  }
});

test("an encrypted file without its secret, or with a wrong one, is a DecodeError with the crate's code", () => {
  const c = CASES.find((c) => c.engine === "g4" && c.mode === "pass" && c.name === "one_int");
  let e;
  try { loads(c.data); } catch (x) { e = x; }
  assert.ok(e instanceof DecodeError);
  assert.equal(e.code, "ERR_NEEDS_KEY");
  assert.equal(e.offset, 0);
  try { loads(c.data, { password: c.secret + "x" }); } catch (x) { e = x; }
  assert.ok(e instanceof DecodeError);
  assert.equal(e.code, "ERR_WRONG_KEY");
  assert.equal(loads(c.data, { password: c.secret }), 42);
  const k = CASES.find((c) => c.engine === "g4" && c.mode === "key" && c.name === "one_int");
  assert.throws(() => loads(k.data, { key: "00".repeat(31) }), (x) => x instanceof DecodeError && x.code === "ERR_BAD_OPTION");
  assert.throws(() => loads(k.data, { key: "00".repeat(32) }), (x) => x instanceof DecodeError && x.code === "ERR_WRONG_KEY");
});

test("an edit of an encrypted or compressed file keeps its container and secret", () => {
  for (const c of CASES.filter((c) => c.name === "one_int" && c.container !== "raw_compress")) {
    const opts = { godot: c.godot, ...secretOf(c) };
    const file = edit(c.data, opts).set("", "changed").toBytes();
    const before = containerOf(c.data);
    const after = containerOf(file);
    assert.deepEqual(after, before, c.id);
    assert.equal(loads(file, opts), "changed", c.id);
    if (c.container === "encrypted" && c.godot === 4) {
      // A fresh IV: the same plain bytes give another file.
      const again = edit(c.data, opts).set("", "changed").toBytes();
      assert.notDeepEqual(again, file, c.id);
    }
  }
});

test("pack and unpack: the crate's containers both ways", () => {
  const plain = dumps(new Map([["hp", 10]]), { prefixed: true });
  for (const compress of ["fastlz", "deflate", "zstd", "gzip"]) {
    const file = pack(plain, { compress });
    assert.deepEqual([...file.subarray(0, 4)], [...new TextEncoder().encode("GCPF")], compress);
    assert.deepEqual(unpack(file), plain, compress);
    assert.equal(toText(file), '{\n"hp": 10\n}');
  }
  for (const godot of [3, 4]) {
    const file = pack(plain, { password: "hunter2", godot });
    assert.deepEqual(containerOf(file), { container: "encrypted", godot });
    assert.deepEqual(unpack(file, { password: "hunter2" }), plain);
  }
  assert.throws(() => pack(plain, {}), /pack needs compress, password or key/);
  assert.throws(() => pack(plain, { compress: "brotli" }), /Brotli/);
});
