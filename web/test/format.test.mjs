// The page's pure helpers, in Node: the undo stack's byte deltas, path steps, check's line.
import { test } from "node:test";
import assert from "node:assert/strict";
import { delta, patch, deltaSize, stepKey, stepOf, describeLine, float32, summary, readingLabel } from "../src/format.js";
import { dumps, edit, describe, view, StringName } from "../../js/src/index.js";

test("an undo step keeps only the bytes that changed, and puts them back exactly", () => {
  const save = new Map();
  for (let i = 0; i < 20000; i++) save.set(`k${i}`, `value ${i}`);
  const a = dumps(save, { prefixed: true });
  for (const [path, value] of [["k5000", "a much longer value than before"], ["k19999", "x"], ["k0", "y"], ["k7", "value 7"]]) {
    const e = edit(a);
    e.set(path, value);
    const b = e.toPlainBytes();
    const d = delta(a, b);
    assert.ok(deltaSize(d) < 100, `${path}: ${deltaSize(d)} bytes kept`);
    assert.deepEqual(patch(a, d, false), b);
    assert.deepEqual(patch(b, d, true), a);
  }
  let seed = 7;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) % n);
  for (let t = 0; t < 3000; t++) {
    const a = Uint8Array.from({ length: rand(120) }, () => rand(3));
    const c = Array.from(a);
    for (let k = rand(4); k > 0; k--) {
      const p = rand(c.length + 1);
      [() => c.splice(p, 1), () => c.splice(p, 0, 7), () => (c[p] = 9)][rand(3)]();
    }
    const b = Uint8Array.from(c.filter((x) => x !== undefined));
    const d = delta(a, b);
    assert.deepEqual(patch(a, d, false), b);
    assert.deepEqual(patch(b, d, true), a);
  }
});

test("path steps are the crate's: what the crate's path lookup finds", () => {
  const keys = ["plain", "with space", "a/b", '"quoted"', "back\\slash", "123", "", "[x", "ünï"];
  const m = new Map(keys.map((k, i) => [k, i]));
  m.set(42n, "int key");
  m.set(new StringName("sn"), "a StringName");
  const v = view(dumps(m, { bigint: true }), { bigint: true });
  for (let i = 0; i < v.length; i++) {
    const step = stepOf("dict", v.key(i), i);
    assert.equal(v.at(step).offset, v.child(i).offset, step);
  }
  assert.equal(stepKey("plain"), "plain");
  assert.equal(stepKey("a/b"), '"a/b"');
  assert.equal(stepOf("dict", 1.5, 0), null);
});

test("the status line says what check says", () => {
  const bytes = dumps(new Map([["a", 1]]), { prefixed: true });
  assert.equal(describeLine(describe(bytes), bytes.length, false, 1, bytes.length), "OK: Godot 4 Dictionary in a store_var frame, 32 bytes");
  assert.equal(float32(Math.fround(0.1)), "0.1");
});

test("an Array's summary counts with separators; readings are named as the page's buttons name them", () => {
  const array = (length) => ({ isContainer: true, type: "Array", length });
  assert.equal(summary(array(3_000_000)), "[3,000,000 elements]");
  assert.equal(summary(array(1)), "[1 element]");
  assert.equal(summary(view(dumps([1, 2, 3]))), "[3 elements]");
  assert.equal(readingLabel({ godot: 4, prefix: "little", type: "Vector4i" }), "Godot 4 Vector4i in a store_var frame");
  assert.equal(readingLabel({ godot: 3, prefix: null, type: "PoolByteArray" }), "Godot 3 PoolByteArray");
  assert.equal(readingLabel({ godot: "pm-b", prefix: "big", type: "Color" }), "Pandemonium B Color in a big-endian store_var frame");
});
