// The exact round trip: with `bigint`, ints are BigInts and every number is a float, so
// dumps(loads(b, {bigint}), {bigint}) is b for every engine fixture, integral floats
// included. And plain JSON both ways.
import { test } from "node:test";
import assert from "node:assert/strict";
import { loads, dumps, toJSON, fromJSON, toText, fromText } from "../src/index.js";
import { cases, sameBytes } from "./common.js";

const CASES = cases();


test("dumps(loads(b, {bigint}), {bigint}) is b byte for byte, for every engine fixture", () => {
  let exact = 0;
  let padding = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed, bigint: true };
    const again = dumps(loads(c.data, opts), opts);
    if (sameBytes(again, c.data)) {
      exact++;
      continue;
    }
    // Godot 3 and Pandemonium leave a NodePath's padding uninitialised: the same value,
    // other padding bytes. Anything else must be byte for byte.
    const json = toJSON(c.data, opts);
    assert.ok(c.godot !== 4 && json.includes("NodePath"), `${c.id} differs`);
    assert.equal(toJSON(again, opts), json, c.id);
    padding++;
  }
  assert.ok(exact > CASES.length - 15, `${exact} exact of ${CASES.length}, ${padding} NodePath padding`);
});

test("with bigint, 1.0 is a float and 1n an int; without it, a number with an integral value is an int", () => {
  assert.deepEqual([...dumps(1, { bigint: true })], [3, 0, 0, 0, 0, 0, 0x80, 0x3f]);
  assert.deepEqual([...dumps(1n, { bigint: true })], [2, 0, 0, 0, 1, 0, 0, 0]);
  assert.deepEqual([...dumps(1)], [2, 0, 0, 0, 1, 0, 0, 0]);
  assert.deepEqual([...dumps(1.5)], [3, 0, 0, 0, 0, 0, 0xc0, 0x3f]);
  assert.equal(loads(dumps(7), { bigint: true }), 7n);
});

test("plain JSON: toJSON({plain}) and fromJSON read back JSON-native values, and the form is detected", () => {
  let checked = 0;
  for (const c of CASES) {
    const opts = { godot: c.godot, prefixed: c.prefixed };
    const plain = toJSON(c.data, { ...opts, plain: true });
    JSON.parse(plain);
    const text = toText(c.data, opts);
    // Values made only of what JSON holds (no math types, no typed containers).
    if (c.godot !== 4 || /[A-Z][A-Za-z0-9]*[[(]/.test(text) || /&"|\^"/.test(text) || /\b(nan|inf)\b/.test(text)) continue;
    const back = fromJSON(plain, { godot: 4, plain: true });
    assert.equal(toText(back, { godot: 4 }), text, c.id);
    assert.deepEqual(fromJSON(plain, { godot: 4 }), back, `${c.id}: detected as plain`);
    checked++;
  }
  assert.ok(checked > 30, `${checked} fixtures`);
  assert.equal(toText(fromJSON('{"a": [1, 2.5, "x", null, true]}')), '{\n"a": [1, 2.5, "x", null, true]\n}');
  assert.equal(toText(fromJSON('{"Vector2": [3, 4]}')), "Vector2(3, 4)");
  assert.equal(toText(fromJSON('{"Vector2": [3, 4]}', { plain: true })), '{\n"Vector2": [3, 4]\n}');
});

test("keys a Map would merge (int 1 and float 1.0) give Pairs, however deep, and nothing is lost", () => {
  const top = loads(fromText('{1: "a", 1.0: "b", "k": {"x": 1}}'));
  assert.equal(top.constructor.name, "Pairs");
  assert.deepEqual(top.map(([k]) => k), [1, 1, "k"]);
  assert.deepEqual(top.map(([, v]) => (v instanceof Map ? [...v] : v)), ["a", "b", [["x", 1]]]);
  const nested = loads(fromText('[{"id": 1}, {2: "a", 2.0: "b"}, {"id": 2}]'));
  assert.deepEqual(nested.map((d) => d.constructor.name), ["Map", "Pairs", "Map"]);
  const exact = fromText('[{"id": 1}, {2: "a", 2.0: "b"}, {"id": 2}]');
  assert.deepEqual(dumps(loads(exact, { bigint: true }), { bigint: true }), exact);
  // The same short strings many times (the string cache): every one right.
  const keys = loads(fromText(`[${Array.from({ length: 300 }, (_, i) => `{"id": ${i}, "k${i % 70}": "v${i % 90}"}`).join(", ")}]`));
  keys.forEach((m, i) => assert.deepEqual([...m], [["id", i], [`k${i % 70}`, `v${i % 90}`]]));
});
