// Hostile input: truncations, huge claimed counts and deep nesting raise DecodeError (with
// the crate's code and offset), never another error, never a wasm trap. Seeded mutations
// are mutations.test.js's: 20,000 through every reader.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, toText, DecodeError } from "../src/index.js";
import { cases } from "./common.js";

const CASES = cases();
const u32 = (n) => [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];

function raises(f, code, offset) {
  let caught;
  try {
    f();
  } catch (e) {
    caught = e;
  }
  assert.ok(caught instanceof DecodeError, `a DecodeError, not ${caught}`);
  assert.ok(caught instanceof Error);
  if (code !== undefined) assert.equal(caught.code, code, caught.message);
  if (offset !== undefined) assert.equal(caught.offset, offset, caught.message);
  return caught;
}

test("truncations raise DecodeError with the crate's code and offset", () => {
  // Godot 4 int (header 2, then 8 bytes), cut after the header: the field is missing at 4.
  raises(() => loads(new Uint8Array([2, 0, 0, 0, 1, 0]), { godot: 4, prefixed: false }), "ERR_UNEXPECTED_END", 4);
  // A String claiming 5 bytes with 2 there.
  raises(() => loads(new Uint8Array([4, 0, 0, 0, ...u32(5), 104, 105]), { godot: 4, prefixed: false }), "ERR_LENGTH_OUT_OF_BOUNDS", 4);
  // A header cut short.
  raises(() => loads(new Uint8Array([2, 0]), { godot: 4, prefixed: false }), "ERR_UNEXPECTED_END", 0);
  // An unknown type id.
  raises(() => loads(new Uint8Array([200, 0, 0, 0]), { godot: 4, prefixed: false }), "ERR_UNKNOWN_TYPE", 0);
  // Empty input.
  raises(() => loads(new Uint8Array(0), { godot: 4, prefixed: false }), "ERR_UNEXPECTED_END", 0);
});

test("every truncation of every small raw fixture is a DecodeError at a real offset", () => {
  let n = 0;
  for (const c of CASES) {
    if (c.prefixed || c.data.length > 4096) continue;
    for (let cut = 0; cut < c.data.length; cut++) {
      try {
        loads(c.data.subarray(0, cut), { godot: c.godot, prefixed: false });
      } catch (e) {
        assert.ok(e instanceof DecodeError, `${c.id} cut at ${cut}: ${e}`);
        assert.ok(e.offset >= 0 && e.offset <= cut && /^ERR_[A-Z0-9_]+$/.test(e.code), `${c.id} cut at ${cut}`);
        n++;
      }
    }
  }
  assert.ok(n > 1000, `${n} truncations`);
});

test("claimed counts of 2^31 - 1 allocate nothing and raise", () => {
  for (const header of [28, 27, 34, 36, 29]) {
    const data = new Uint8Array([...u32(header), ...u32(2 ** 31 - 1)]);
    const e = raises(() => loads(data, { godot: 4, prefixed: false }));
    assert.ok(["ERR_LENGTH_OUT_OF_BOUNDS", "ERR_UNEXPECTED_END"].includes(e.code), e.code);
    assert.equal(e.offset, 4, `${header}: ${e.message}`);
  }
});

function nested(levels) {
  const out = new Uint8Array(levels * 8 + 4);
  for (let i = 0; i < levels; i++) out.set([28, 0, 0, 0, 1, 0, 0, 0], i * 8);
  return out;
}

test("nesting is bounded like the engine", () => {
  const deep = CASES.find((c) => c.id === "g4/array_deep_1000");
  let v = loads(deep.data, { godot: 4, prefixed: deep.prefixed });
  let depth = 0;
  while (Array.isArray(v) && v.length) {
    depth++;
    v = v[0];
  }
  assert.ok(depth >= 1000, `${depth}`);
  assert.ok(loads(nested(1024), { godot: 4 }) !== undefined);
  raises(() => loads(nested(1100), { godot: 4, prefixed: false }), "ERR_TOO_DEEP", 1025 * 8);
  raises(() => loads(nested(1100)), "ERR_TOO_DEEP", 1025 * 8);
  raises(() => loads(nested(5), { godot: 4, prefixed: false, maxDepth: 3 }), "ERR_TOO_DEEP");
  raises(() => toText(nested(1100), { godot: 4, prefixed: false }), "ERR_TOO_DEEP");
});

test("full objects are refused on request", () => {
  const c = CASES.find((x) => x.id === "g4/object_image__fo");
  raises(() => loads(c.data, { godot: 4, prefixed: c.prefixed, allowObjects: false }), "ERR_FULL_OBJECT_NOT_ALLOWED");
});
