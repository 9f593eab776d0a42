// 20,000 seeded mutations of the engine fixtures (bit flips, bytes set to extremes, cuts,
// insertions), each read by every entry point: only DecodeError (or, for a view's walk,
// nothing), never a wasm trap (`RuntimeError: unreachable`), never another error.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, toText, toJSON, view, iterFrames, edit, DecodeError } from "../src/index.js";
import { cases } from "./common.js";

const CASES = cases().filter((c) => c.data.length <= 16384);
const COUNT = 20000;

/** xorshift32, seeded: the same mutations on every run and in every browser. */
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

function mutate(data, rand) {
  let out = data.slice();
  const kind = rand(5);
  if (kind === 0) {
    for (let k = 1 + rand(4); k > 0; k--) out[rand(out.length)] ^= 1 << rand(8);
  } else if (kind === 1) {
    // A count or length set to something huge.
    const at = rand(Math.max(1, out.length - 3)) & ~3;
    out.set([0xff, 0xff, 0xff, rand(2) ? 0x7f : 0xff].slice(0, out.length - at), at);
  } else if (kind === 2) {
    out = out.subarray(0, rand(out.length));
  } else if (kind === 3) {
    const at = rand(out.length + 1);
    const extra = Uint8Array.from({ length: 1 + rand(8) }, () => rand(256));
    out = new Uint8Array([...out.subarray(0, at), ...extra, ...out.subarray(at)]);
  } else {
    out[rand(out.length)] = [0, 0xff, 0x80, 0x7f][rand(4)];
  }
  return out;
}

/** Walks a view: every child's key, type and value. */
function walk(v, budget) {
  const n = v.isContainer ? v.length : 0;
  for (let i = 0; i < n && budget.n > 0; i++, budget.n--) {
    v.key(i);
    const child = v.child(i);
    if (child.isContainer) walk(child, budget);
    else child.value();
  }
}

const READERS = [
  ["loads", (d, g) => loads(d, { godot: g })],
  ["toText", (d, g) => toText(d, { godot: g })],
  ["toJSON", (d, g) => toJSON(d, { godot: g, plain: true })],
  ["view", (d, g) => walk(view(d, { godot: g }), { n: 200 })],
  ["iterFrames", (d, g) => [...iterFrames(d, { godot: g })]],
  ["edit", (d, g) => edit(d, { godot: g }).toBytes()],
];

test(`${COUNT} seeded mutations raise only DecodeError from every reader`, () => {
  const rand = random(0x9e3779b9);
  const seen = Object.fromEntries(READERS.map(([name]) => [name, { ok: 0, errors: 0 }]));
  const kinds = new Set();
  for (let i = 0; i < COUNT; i++) {
    const c = CASES[rand(CASES.length)];
    const data = mutate(c.data, rand);
    const [name, read] = READERS[i % READERS.length];
    try {
      read(data, c.godot);
      seen[name].ok++;
    } catch (e) {
      assert.ok(e instanceof DecodeError, `${c.id} mutation ${i} (${name}): ${e?.stack ?? e}`);
      assert.ok(Number.isInteger(e.offset) && e.offset >= 0 && e.offset <= data.length, `${c.id} mutation ${i}: offset ${e.offset}`);
      assert.match(e.code, /^ERR_[A-Z0-9_]+$/);
      kinds.add(e.code);
      seen[name].errors++;
    }
  }
  for (const [name, { ok, errors }] of Object.entries(seen)) assert.ok(ok > 0 && errors > 0, `${name}: ${ok} ok, ${errors} errors`);
  assert.ok(kinds.size >= 5, [...kinds].join(", "));
});
